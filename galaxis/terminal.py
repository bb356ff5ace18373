"""The terminal client: ``galaxis play`` and ``galaxis replay``.

Everything goes through the public API, so every registered game works here
without game-specific code: the board comes from ``render_text``, the moves
from ``legal_actions`` and ``describe``. Colour is generic too: colour words
(players and components named by colour, in English and Hungarian), the seat to
move, the reader's own seat and the notation of moves are highlighted.

After the first look a player sees only what changed since their last look
(the board's changed lines) and types ``board`` for the whole board.
"""

from __future__ import annotations

import difflib
import json
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.highlighter import RegexHighlighter
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

import galaxis
from galaxis.core import Action, GalaxisError, IllegalAction, Match, fill_names, get_game
from galaxis.core.agent import Agent
from galaxis.core.errors import BadMatchFile, BadOption
from galaxis.core.messages import Catalogue
from galaxis.i18n import BOARD_WORDS, HELP_WORDS, QUIT_WORDS, t

TOOL = Catalogue.for_package(__name__)  # galaxis/data/messages.yaml

Reader = Callable[[str], str]

# --- colour ----------------------------------------------------------------------------------

# Colour words of boards and players, English and Hungarian -> a style name.
COLOUR_WORDS: dict[str, tuple[str, ...]] = {
    "red": ("red", "piros", "vörös"),
    "yellow": ("yellow", "sárga"),
    "green": ("green", "zöld"),
    "blue": ("blue", "kék"),
    "pink": ("pink", "rózsaszín"),
    "brown": ("brown", "barna"),
    "black": ("black", "fekete"),
    "white": ("white", "fehér"),
    "purple": ("purple", "lila"),
    "orange": ("orange", "narancs", "narancssárga"),
    "grey": ("grey", "gray", "szürke"),
}

THEME = Theme(
    {
        "galaxis.red": "bold red",
        "galaxis.yellow": "bold yellow",
        "galaxis.green": "bold green",
        "galaxis.blue": "bold dodger_blue1",
        "galaxis.pink": "bold hot_pink",
        "galaxis.brown": "bold dark_orange3",
        "galaxis.black": "bold black on grey70",
        "galaxis.white": "bold white",
        "galaxis.purple": "bold medium_purple1",
        "galaxis.orange": "bold orange1",
        "galaxis.grey": "grey62",
        "galaxis.active": "bold",
        "galaxis.you": "bold underline",
        "galaxis.seat": "bold",
        "galaxis.notation": "bold cyan",
        "galaxis.changed": "bold",
        "galaxis.removed": "dim strike",
        "galaxis.error": "bold red",
        "galaxis.title": "bold",
    }
)


def _word_pattern(name: str, words: tuple[str, ...]) -> str:
    return rf"(?<![\w-])(?P<{name}>{'|'.join(words)})(?![\w-])"


class BoardHighlighter(RegexHighlighter):
    """Colours what every game's text view has in common."""

    base_style = "galaxis."
    highlights = [
        r"(?m)^(?P<active>[*>] .*)$",
        r"(?P<you>\((you|te)\)|\b(You|Your|Te|Kezed)\b)",
        *(_word_pattern(name, words) for name, words in COLOUR_WORDS.items()),
    ]


class Screen:
    """The console of one command: colours on a terminal unless ``--no-color``."""

    def __init__(self, lang: str, color: bool = True) -> None:
        self.lang = lang
        self.console = Console(
            theme=THEME,
            highlighter=BoardHighlighter(),
            color_system="auto" if color else None,  # --no-color: plain text, no styles at all
            emoji=False,
            soft_wrap=True,
        )

    def board(self, text: str, style: str = "") -> None:
        """A game's text view: no markup, colour words and markers highlighted."""
        highlight = self.console.highlighter
        self.console.print(highlight(Text(text, style=style)) if style else text, markup=False)

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""), highlight=False)

    def rich(self, markup: str) -> None:
        self.console.print(markup, highlight=False)

    def seat(self, seat: int, labels: list[str] | None) -> str:
        """The seat's label as markup (bold: a palette colour could contradict the
        colour a game gives its players, which its own text shows)."""
        return f"[galaxis.seat]{escape(seat_label(seat, labels, self.lang))}[/]"


def seat_label(seat: int, labels: list[str] | None, lang: str) -> str:
    if labels and seat < len(labels):
        agent = t("human", lang) if labels[seat] == "human" else labels[seat]
        return t("seat_agent", lang, seat=seat, agent=agent)
    return t("seat", lang, seat=seat)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def print_result(screen: Screen, match: Match, labels: list[str] | None) -> None:
    lang = screen.lang
    result = match.result
    table = Table(title=t("result", lang))
    table.add_column(t("place", lang), justify="right")
    table.add_column(t("player", lang))
    table.add_column(t("score", lang), justify="right")
    place = 1
    for group in result.ranking:
        for seat in group:
            table.add_row(str(place), screen.seat(seat, labels), _number(result.scores[seat]))
        place += len(group)
    screen.console.print(table)


# --- what changed ------------------------------------------------------------------------------


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    """The lines of ``after`` that differ from ``before`` (kind ``+``), and the lines
    of ``before`` that are gone without a replacement (kind ``-``), in board order.
    A changed line that is indented under another line is preceded by that line
    (kind ``=``, unchanged context), so that "C38 ..." shows whose card it is."""
    old, new = before.splitlines(), after.splitlines()
    out: list[tuple[str, str]] = []
    shown: set[int] = set()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            for j in range(j1, j2):
                if not new[j].strip():
                    continue
                parent = _parent(new, j)
                if parent is not None and parent not in shown and not j1 <= parent < j:
                    out.append(("=", new[parent]))
                    shown.add(parent)
                out.append(("+", new[j]))
                shown.add(j)
        elif tag == "delete":
            out.extend(("-", line) for line in old[i1:i2] if line.strip())
    return out


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _parent(lines: list[str], index: int) -> int | None:
    """The nearest line above ``index`` that is indented less (its heading), if any."""
    depth = _indent(lines[index])
    for k in range(index - 1, -1, -1):
        if lines[k].strip() and _indent(lines[k]) < depth:
            return k
    return None


class Viewer:
    """What one seat last saw of the board, so the next look shows only the changes."""

    # Beyond this share of changed lines the whole board is clearer than a list of changes.
    FULL_BOARD_SHARE = 0.6

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.seen: dict[int | None, str] = {}

    def full(self, match: Match, seat: int | None) -> None:
        text = match.render_text(seat, self.screen.lang)
        self.screen.board(text)
        self.seen[seat] = text

    def update(self, match: Match, seat: int | None) -> None:
        """The changes since this seat's last look (the whole board the first time)."""
        before = self.seen.get(seat)
        text = match.render_text(seat, self.screen.lang)
        lines = text.splitlines()
        changes = [] if before is None else changed_lines(before, text)
        changed = sum(1 for kind, _ in changes if kind != "=")
        if before is None or changed > self.FULL_BOARD_SHARE * max(1, len(lines)):
            self.full(match, seat)
            return
        self.seen[seat] = text
        lang = self.screen.lang
        self.screen.board(lines[0] if lines else "", "galaxis.title")  # the heading: round, phase, to move
        if not changes:
            self.screen.say(t("no_changes", lang), "dim")
            return
        self.screen.say(t("changes", lang), "dim")
        for kind, line in changes:
            if kind == "-":
                self.screen.say(f"  {line.strip()}", "galaxis.removed")
            elif kind == "=":
                self.screen.board(line, "dim")
            elif line != lines[0]:
                self.screen.board(line)


# --- play -------------------------------------------------------------------------------


def _read_line(prompt: str) -> str:
    """One line from stdin; echoed when stdin is not a terminal, so piped sessions read well."""
    line = input(prompt)
    if not sys.stdin.isatty():
        print(line)
    return line


def _next_seat(to_move: tuple[int, ...], last: int, players: int) -> int:
    """The first seat in ``to_move`` after ``last`` in table order, so that in a
    simultaneous phase every seat gets its turn instead of one seat acting forever."""
    for step in range(1, players + 1):
        seat = (last + step) % players
        if seat in to_move:
            return seat
    raise GalaxisError(TOOL("nobody_to_move", to_move=repr(to_move)))


def _visible_to(match: Match, seat: int, action: Action, viewers: list[int]) -> bool:
    """Whether every seat in ``viewers`` can tell from its own observation which action
    ``seat`` chose. A secret choice (a hidden bid) must not be printed on a screen those
    players share: a log line would leak what the game itself hides."""
    viewers = [v for v in viewers if v != seat]
    if not viewers:
        return True
    outcomes: dict[str, list[Any]] = {}
    for option in match.legal_actions(seat):
        child = match.clone()
        child.apply(seat, option)
        outcomes[option.notation] = [child.observation(v) for v in viewers]
    chosen = outcomes[action.notation]
    return all(
        any(mine != theirs for mine, theirs in zip(chosen, other, strict=True))
        for notation, other in outcomes.items()
        if notation != action.notation
    )


def _move_line(screen: Screen, match: Match, seat: int, labels: list[str], action: Action) -> str:
    """``seat 1 (heuristic): C5 (bids on sector C)`` as markup."""
    who = screen.seat(seat, labels)
    notation = f"[galaxis.notation]{escape(action.notation)}[/]"
    description = fill_names(match.describe(action, screen.lang), None, screen.lang)
    if description and description != action.notation:
        return f"{who}: {notation} ({escape(description)})"
    return f"{who}: {notation}"


def _print_actions(screen: Screen, match: Match, seat: int) -> None:
    lang = screen.lang
    legal = match.legal_actions(seat)
    screen.say(t("legal_actions", lang))
    width = max((len(a.notation) for a in legal), default=0)
    digits = len(str(len(legal)))
    for i, action in enumerate(legal, 1):
        description = fill_names(match.describe(action, lang), None, lang)
        extra = f"  {escape(description)}" if description and description != action.notation else ""
        notation = escape(f"{action.notation:<{width}}")
        screen.rich(f"  {i:>{digits}}. [galaxis.notation]{notation}[/]{extra}".rstrip())


def _ask_human(screen: Screen, viewer: Viewer, match: Match, seat: int, read: Reader) -> Action | None:
    """Shows what changed in the seat's own view and asks until it gives a legal action (None: quit)."""
    lang = screen.lang
    viewer.update(match, seat)
    screen.rich(f"[galaxis.title]{escape(t('your_turn', lang, seat=seat))}[/]")
    # What to decide, in words (the game's prompt).
    screen.say(fill_names(match.prompt(seat, lang), None, lang))
    _print_actions(screen, match, seat)
    screen.say(t("input_help", lang), "dim")
    legal = match.legal_actions(seat)
    while True:
        try:
            text = read(t("prompt", lang, seat=seat)).strip()
        except EOFError:
            return None
        if not text:
            continue
        word = text.lower()
        if word in HELP_WORDS:
            _print_actions(screen, match, seat)
            continue
        if word in BOARD_WORDS:
            viewer.full(match, seat)
            continue
        if word in QUIT_WORDS:
            return None
        if text.isascii() and text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                screen.say(t("bad_number", lang, number=number, count=len(legal)), "galaxis.error")
                continue
            return legal[number - 1]
        try:
            return match.find_action(seat, text)
        except IllegalAction as exc:
            reason, rule = exc.reason_in(lang), exc.rule_in(lang)
            if rule:
                screen.say(t("illegal_rule", lang, reason=reason, rule=rule), "galaxis.error")
            else:
                screen.say(t("illegal", lang, reason=reason), "galaxis.error")


def _hand_over(screen: Screen, viewer: Viewer, seat: int, read: Reader) -> None:
    """Between two human seats at one screen: a clear separator and, at a real
    terminal, a pause and a cleared screen so the next player never sees the last
    player's private view. The next player then sees the whole board again."""
    lang = screen.lang
    screen.console.rule(f"[bold]{escape(t('handover', lang, seat=seat))}[/bold]")
    viewer.seen.pop(seat, None)
    if sys.stdin.isatty() and sys.stdout.isatty():
        screen.console.clear()
        read(t("handover_wait", lang, seat=seat))
        screen.console.clear()


def run_match(
    match: Match,
    seats: list[str],
    agents: dict[int, Agent],
    lang: str = "en",
    quiet: bool = False,
    read: Reader = _read_line,
    screen: Screen | None = None,
) -> bool:
    """Plays ``match`` to the end with humans at the terminal and bots; False if a human quit."""
    screen = screen or Screen(lang)
    viewer = Viewer(screen)
    humans = [s for s, spec in enumerate(seats) if spec == "human"]
    last_seat = -1
    last_human: int | None = None
    while not match.is_over:
        seat = _next_seat(match.to_move, last_seat, match.num_players)
        last_seat = seat
        if seat in agents:
            action = agents[seat].act(match, seat)
            chosen = match.find_action(seat, action)
            shown = not quiet and _visible_to(match, seat, chosen, humans)
            line = _move_line(screen, match, seat, seats, chosen) if shown else ""
            match.apply(seat, chosen)
            if line:
                screen.rich(line)
            continue
        if len(humans) > 1 and seat != last_human:
            _hand_over(screen, viewer, seat, read)
        last_human = seat
        picked = _ask_human(screen, viewer, match, seat, read)
        if picked is None:
            return False
        # In hot-seat, repeating a secret choice on the shared screen would leak it.
        visible = _visible_to(match, seat, picked, humans)
        line = _move_line(screen, match, seat, seats, picked) if visible else ""
        match.apply(seat, picked)
        if line:
            screen.rich(line)
    return True


def _save(screen: Screen, match: Match, seats: list[str], path: str) -> None:
    data = match.to_json()
    data["seats"] = seats
    Path(path).write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
    screen.say(t("saved", screen.lang, path=path))


def play(
    game: str,
    seats: list[str],
    seed: int | None,
    options: dict[str, Any],
    lang: str,
    save: str | None,
    quiet: bool,
    color: bool = True,
    read: Reader = _read_line,
) -> None:
    """``galaxis play``: sets the match up, plays it, prints the result and saves it."""
    screen = Screen(lang, color)
    info = get_game(game).info
    the_seed = seed if seed is not None else secrets.randbelow(1_000_000)
    match = galaxis.new_match(game, len(seats), the_seed, options)
    agents = {
        s: galaxis.agent(spec, seed=the_seed * 1000 + s) for s, spec in enumerate(seats) if spec != "human"
    }
    name = info.name_hu if lang == "hu" and info.name_hu else info.name
    screen.say(t("seed", lang, game=name, players=len(seats), seed=the_seed), "galaxis.title")
    finished = run_match(match, seats, agents, lang, quiet, read, screen)
    if finished:
        screen.board(match.render_text(None, lang))
        screen.say(t("game_over", lang), "galaxis.title")
        print_result(screen, match, seats)
    else:
        screen.say(t("quit", lang, moves=len(match.history)))
    if save is not None:
        _save(screen, match, seats, save)


# --- replay ---------------------------------------------------------------------------------


class Recording:
    """A saved match: a ``Match.to_json()`` file (``galaxis play --save``, the web
    page's download) or one line of ``galaxis simulate`` output."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise BadMatchFile(TOOL("saved_type"))
        game = data.get("game", data.get("game_id"))
        seats = data.get("seats", data.get("agents"))
        self.labels = [str(s) for s in seats] if isinstance(seats, list) else None
        players = data.get("players", len(seats) if isinstance(seats, list) else None)
        history = data.get("history")
        if not isinstance(game, str) or not isinstance(players, int) or "seed" not in data:
            raise BadMatchFile(TOOL("saved_needs"))
        if data.get("redacted"):
            raise BadMatchFile(TOOL("saved_redacted"))
        if not isinstance(history, list):
            raise BadMatchFile(TOOL("saved_no_history"))
        from galaxis.core import check_seed

        self.game, self.players, self.seed = game, players, check_seed(data["seed"])
        # the options it was played with: every one (a results line's match_options), so an
        # option added since takes the value that plays the rules of then (recorded=True below)
        self.options = data.get("match_options") or data.get("options") or {}
        self.saved_state = data.get("state")
        self.history: list[tuple[int, str]] = []
        for i, entry in enumerate(history):
            if not (
                isinstance(entry, list | tuple)
                and len(entry) == 2
                and isinstance(entry[0], int)
                and isinstance(entry[1], str)
            ):
                raise BadMatchFile(TOOL("history_entry", index=i))
            self.history.append((entry[0], entry[1]))
        self._check()

    def _check(self) -> None:
        """Replays the whole history once, so a damaged file fails with the first bad action."""
        match = galaxis.new_match(self.game, self.players, self.seed, self.options, recorded=True)
        for i, (seat, notation) in enumerate(self.history):
            try:
                match.apply(seat, notation)
            except IllegalAction as exc:
                raise BadMatchFile(
                    TOOL(
                        "history_illegal", index=i + 1, seat=seat, notation=repr(notation), reason=exc.message
                    )
                ) from None
        self.final = match

    def position(self, index: int, lang: str = "en") -> tuple[Match, tuple[int, str, str] | None]:
        """The match after ``index`` actions, and the last action (seat, notation, words)."""
        if index == 0:
            return galaxis.replay(self.game, self.seed, self.players, self.options, [], recorded=True), None
        before = galaxis.replay(
            self.game, self.seed, self.players, self.options, self.history[: index - 1], recorded=True
        )
        seat, notation = self.history[index - 1]
        # The legal Action (not the bare notation) carries what describe() needs.
        action = before.find_action(seat, notation)
        words = fill_names(before.describe(action, lang), None, lang)
        before.apply(seat, action)
        return before, (seat, notation, words)


def load_recording(path: str, line: int) -> Recording:
    from galaxis.cli import parse_json

    text = Path(path).read_text(encoding="utf-8")
    try:
        return Recording(parse_json(text, path))
    except json.JSONDecodeError:
        rows = [row for row in text.splitlines() if row.strip()]
        if len(rows) < 2:
            raise
    if not 1 <= line <= len(rows):
        raise BadMatchFile(TOOL("line_range", path=str(path), count=len(rows)))
    return Recording(parse_json(rows[line - 1], f"line {line} of {path}"))


def _show_position(screen: Screen, recording: Recording, index: int, seat: int | None) -> Match:
    lang = screen.lang
    match, last = recording.position(index, lang)
    total = len(recording.history)
    screen.console.rule(escape(t("position", lang, index=index, total=total)))
    if last is None:
        screen.say(t("start", lang))
    else:
        words = f" ({escape(last[2])})" if last[2] and last[2] != last[1] else ""
        move = f"{screen.seat(last[0], recording.labels)}: [galaxis.notation]{escape(last[1])}[/]{words}"
        screen.rich(t("last_action", lang, move=move))  # the template itself has no markup
    screen.board(match.render_text(seat, lang))
    if match.is_over:
        print_result(screen, match, recording.labels)
    return match


def _replay_interactive(screen: Screen, recording: Recording, seat: int | None, read: Reader) -> None:
    lang = screen.lang
    total = len(recording.history)
    index = 0
    _show_position(screen, recording, index, seat)
    while True:
        try:
            text = read(t("replay_prompt", lang)).strip().lower()
        except EOFError:
            return
        if text in ("q", *QUIT_WORDS):
            return
        if text == "":
            if index == total:
                screen.say(t("replay_end", lang))
                continue
            index += 1
        elif text == "b":
            if index == 0:
                screen.say(t("replay_start", lang))
                continue
            index -= 1
        elif text.isascii() and text.isdigit() and int(text) <= total:
            index = int(text)
        else:
            screen.say(t("replay_bad", lang, total=total), "galaxis.error")
            continue
        _show_position(screen, recording, index, seat)


def replay(
    file: str,
    to: int | None,
    final: bool,
    seat: int | None,
    line: int,
    lang: str,
    color: bool = True,
    read: Reader = _read_line,
) -> None:
    """``galaxis replay``: one position (``--to``, ``--final``) or stepping through."""
    screen = Screen(lang, color)
    recording = load_recording(file, line)
    if seat is not None and not 0 <= seat < recording.players:
        raise BadOption(TOOL("seat_range", last=recording.players - 1, seat=seat))
    total = len(recording.history)
    if to is not None and not 0 <= to <= total:
        raise BadOption(TOOL("to_range", total=total, to=to))
    if (
        final
        and recording.saved_state is not None
        and recording.final.state.to_json() != recording.saved_state
    ):
        print("galaxis: warning: the saved state differs from the replayed history", file=sys.stderr)
    if final or to is not None:
        _show_position(screen, recording, total if final else int(to or 0), seat)
        return
    _replay_interactive(screen, recording, seat, read)
