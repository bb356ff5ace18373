"""Generic user-interface strings of the command line, in English and Hungarian.

Only the words of the tool itself live here; everything about a particular
game (its board, its moves, its rules) comes from the game's own
``render_text``, ``describe`` and ``rules_text``, which take the same ``lang``.
"""

from __future__ import annotations

from galaxis.core.messages import fmt

LANGUAGES = ("en", "hu")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "seat": "seat {seat}",
        "seat_agent": "seat {seat} ({agent})",
        "seed": "{game}, {players} players, seed {seed}",
        "your_turn": "Seat {seat}, your decision.",
        "legal_actions": "Legal actions:",
        "prompt": "seat {seat}> ",
        "input_help": "Type a notation or the number of a listed action; 'help' lists them again, 'board' shows the whole board, 'quit' stops.",
        "changes": "Changed since your last look ('board' shows the whole board):",
        "no_changes": "Nothing you can see has changed.",
        "illegal": "Illegal: {reason}",
        "illegal_rule": "Illegal: {reason} (rule: {rule})",
        "bad_number": "There is no action number {number}; choose 1 to {count}.",
        "handover": "Hand over to seat {seat}",
        "handover_wait": "Seat {seat}: press Enter when only you can see the screen.",
        "bot_move": "{who}: {notation} ({description})",
        "bot_move_plain": "{who}: {notation}",
        "game_over": "Game over.",
        "result": "Result",
        "place": "Place",
        "score": "Score",
        "player": "Player",
        "quit": "Game stopped after {moves} actions.",
        "saved": "Match saved to {path}.",
        "help_words": "help",
        "quit_words": "quit",
        "human": "human",
        # replay
        "position": "Position {index} of {total}",
        "last_action": "Last action: {move}",
        "start": "Start of the match.",
        "replay_prompt": "[Enter] next, b back, number = jump, q quit> ",
        "replay_end": "This is the last position.",
        "replay_start": "This is the first position.",
        "replay_bad": "Type Enter, b, a number from 0 to {total}, or q.",
        # list
        "games": "Games",
        "id": "Id",
        "name": "Name",
        "players": "Players",
        "options": "Options",
        "none": "none",
        # bench
        "calibration": "CPU time; clone, determ., observe: µs per call; calibration (OpenSpiel python_tic_tac_toe)",
        "game": "Game",
        "steps": "steps/s",
        "games_s": "games/s",
        "clones": "clone",
        "observations": "observe",
        "determinizations": "determ.",
        "ratio": "ratio, range",
        "budget": "budget",
        "verdict": "verdict",
        "pass": "PASS",
        "fail": "FAIL",
        "no_budget": "-",
        "bench_fail": "FAIL {game}: {ratio:.3f}× calibration is below its budget of {budget:.2f}×",
        "bench_written": "Results written to {path}.",
    },
    "hu": {
        "seat": "{seat:es} hely",
        "seat_agent": "{seat:es} hely ({agent})",
        "seed": "{game}, {players} játékos, kezdőérték: {seed}",
        "your_turn": "Te döntesz ({seat:es} hely).",
        "legal_actions": "Szabályos lépések:",
        "prompt": "{seat:es} hely> ",
        "input_help": "Írd be a lépés jelölését vagy a sorszámát; 'súgó' újra kiírja őket, 'tábla' a teljes táblát mutatja, 'kilépés' befejezi.",
        "changes": "Ami változott, mióta utoljára láttad ('tábla' a teljes táblát mutatja):",
        "no_changes": "Semmi sem változott abból, amit látsz.",
        "illegal": "Szabálytalan: {reason}",
        "illegal_rule": "Szabálytalan: {reason} (szabály: {rule})",
        "bad_number": "Nincs {number:es} számú lépés; 1 és {count} között válassz.",
        "handover": "Add át a gépet: {seat:az es} hely következik.",
        "handover_wait": "{seat:Az es} hely: nyomj Entert, ha csak te látod a képernyőt.",
        "bot_move": "{who}: {notation} ({description})",
        "bot_move_plain": "{who}: {notation}",
        "game_over": "A játék véget ért.",
        "result": "Eredmény",
        "place": "Helyezés",
        "score": "Pont",
        "player": "Játékos",
        "quit": "A játék {moves} lépés után leállt.",
        "saved": "A játszma elmentve ide: {path}.",
        "help_words": "súgó",
        "quit_words": "kilépés",
        "human": "ember",
        "position": "{index}. állás (összesen {total})",
        "last_action": "Utolsó lépés: {move}",
        "start": "A játszma kezdete.",
        "replay_prompt": "[Enter] tovább, b vissza, szám = ugrás, q kilépés> ",
        "replay_end": "Ez az utolsó állás.",
        "replay_start": "Ez az első állás.",
        "replay_bad": "Enter, b, 0 és {total} közötti szám vagy q.",
        "games": "Játékok",
        "id": "Azonosító",
        "name": "Név",
        "players": "Játékosok",
        "options": "Beállítások",
        "none": "nincs",
        "calibration": "CPU-idő; másolás, determ., nézet: µs hívásonként; kalibráció (OpenSpiel python_tic_tac_toe)",
        "game": "Játék",
        "steps": "lépés/s",
        "games_s": "játszma/s",
        "clones": "klón",
        "observations": "nézet",
        "determinizations": "determinizálás",
        "ratio": "arány, tartomány",
        "budget": "elvárás",
        "verdict": "ítélet",
        "pass": "MEGFELEL",
        "fail": "NEM FELEL MEG",
        "no_budget": "-",
        "bench_fail": "NEM FELEL MEG – {game}: a kalibráció {ratio:.3f szorosa}, az elvárt {budget:.2f szoros} alatt",
        "bench_written": "Az eredmény ide került: {path}.",
    },
}

# Words that mean "list the moves", "show the whole board" and "stop" at a prompt, in any language:
# a Hungarian player who types "help" should not be told it is an illegal move.
HELP_WORDS = frozenset({"help", "?", "súgó", "sugo"})
QUIT_WORDS = frozenset({"quit", "exit", "kilépés", "kilepes"})
BOARD_WORDS = frozenset({"board", "tábla", "tabla"})


def t(key: str, lang: str = "en", **values: object) -> str:
    """The string ``key`` in ``lang`` (English when missing), formatted with ``values``."""
    table = STRINGS.get(lang, STRINGS["en"])
    text = table.get(key) or STRINGS["en"][key]
    if not values:
        return text
    return fmt(lang if key in table else "en", text, **values)
