"""A Hungarian walk through every game: the texts a Hungarian player reads have no English.

Seeded random matches are played; at regular steps every text a player reads in
Hungarian is collected (the terminal board for a seat and for a spectator, the
board's SVG text, the description of every legal move, the refusal of typical
wrong inputs, the client's prompt, buttons, player panels, log and end table) and checked against the game's glossary (``data/terms.yaml``):

- no English game word (a word of the game's English templates and glossary that
  no Hungarian template uses), except the notation's own keywords;
- no Hungarian word the glossary says to avoid (a term other than the rulebook's);
- no "a(z)", no decimal point, no Python list or dict written out.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

import galaxis
from galaxis.core.client import fill_names
from galaxis.core.errors import IllegalAction
from galaxis.core.messages import CORE, Catalogue
from tests.i18n.vocabulary import text_yaml_pairs

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "galaxis" / "games"

# Every game is walked in Hungarian (issue #33).
WALKED = ["smugglers", "stellium", "pulsar", "kaosz", "space_empires"]
PLAYERS = {"smugglers": 4, "stellium": 3, "pulsar": 3, "kaosz": 2, "space_empires": 2}
JUNK = ["xyzzy", "A7", "T9", "9", "take C99", "fly 9", "pay Z", "done", "wait", "end", "pass"]
WORD = re.compile(r"[A-Za-zÁÉÍÓÖŐÚÜŰáéíóöőúüű]+")
SECTIONS = re.compile(r"\((?:§?\d+(?:\.\d+)*\.?(?:, |; )?)+\)")
SVG_TEXT = re.compile(r"<(?:text|title)[^>]*>(.*?)</(?:text|title)>", re.S)


def _leaves(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            assert isinstance(key, str), f"a YAML key read as {key!r} (quote it)"
            yield from _leaves(value)
    elif isinstance(node, list):
        for value in node:
            yield from _leaves(value)
    elif isinstance(node, str):
        yield node


def _words(texts: Iterator[str] | list[str]) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


@cache
def glossary(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(
        (GAMES_DIR / game_id / "data" / "terms.yaml").read_text(encoding="utf-8")
    )
    return data


@cache
def english_only(game_id: str) -> frozenset[str]:
    """Words of the game's English texts that no Hungarian text of it uses."""
    terms = glossary(game_id)
    catalogue = Catalogue.at(game_id, GAMES_DIR / game_id / "data")
    entries = [*catalogue.messages.values(), *CORE.messages.values()]
    english = _words([*_leaves(terms.get("en", {})), *(e["en"] for e in entries)])
    english |= _words(str(g["en"]) for g in (terms.get("glossary") or {}).values())
    hungarian = _words([*_leaves(terms.get("hu", {})), *(e["hu"] for e in entries)])
    hungarian |= _words(str(g["hu"]) for g in (terms.get("glossary") or {}).values())
    client = GAMES_DIR / game_id / "data" / "client.yaml"
    views = yaml.safe_load(client.read_text(encoding="utf-8")) if client.exists() else {}
    english |= _words(list(_leaves(views.get("en", {}))))
    hungarian |= _words(list(_leaves(views.get("hu", {}))))
    pairs = text_yaml_pairs(game_id)
    english |= _words(en for en, _ in pairs)
    hungarian |= _words(hu for _, hu in pairs)
    return frozenset(w for w in english - hungarian if len(w) >= 3)


@cache
def avoided(game_id: str) -> tuple[tuple[str, str], ...]:
    out = []
    for key, entry in (glossary(game_id).get("glossary") or {}).items():
        for word in entry.get("avoid", []):
            out.append((word, f"{key}: {entry['hu']}"))
    return tuple(out)


def hungarian_texts(
    game_id: str,
    seed: int,
    steps: int = 400,
    every: int = 7,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> Iterator[tuple[str, str]]:
    """(where, text) pairs a Hungarian player reads along a seeded random match, and the
    notation keywords seen (as where == "notation")."""
    rng = random.Random(seed)
    match = galaxis.new_match(game_id, players or PLAYERS[game_id], seed, options)
    for step in range(steps):
        if match.is_over:
            break
        seat = match.to_move[0]
        legal = match.legal_actions(seat)
        for action in legal:
            yield "notation", action.notation
        if step % every == 0:
            yield "board", match.render_text(seat, "hu")
            yield "spectator board", match.render_text(None, "hu")
            for found in SVG_TEXT.findall(match.render_svg(seat, "hu")):
                yield "svg", found
            for action in legal[:60]:
                yield f"describe {action.notation}", match.describe(action, "hu")
            for junk in [*JUNK, *(a.notation + "9" for a in legal[:3])]:
                try:
                    match.find_action(seat, junk)
                except IllegalAction as exc:
                    yield f"refusal of {junk!r}", exc.localized("hu")
            yield from client_texts(match, seat)
        action = rng.choice(legal)
        if step % every == 0:
            yield "log", match.log_line(seat, action, "hu", viewer=seat)
            for line in match.log_events(match.apply(seat, action), "hu", viewer=seat):
                yield "log of events", line
        else:
            match.apply(seat, action)
    yield "final board", match.render_text(None, "hu")
    if match.is_over:
        end = match.score_breakdown(None, "hu")
        for row in end.rows:
            values = (
                f"{v:g}" if isinstance(v, float) else str(v) for v in row.values
            )  # as the client shows them
            yield "end table", " ".join([row.label, row.tip, *values])
        yield "end table", " ".join([end.tie_break, *end.notes])


def client_texts(match: Any, seat: int) -> Iterator[tuple[str, str]]:
    """What the browser client shows beside the board: the prompt (to the seat and to a
    spectator), the status-bar buttons and the player panels."""
    yield "prompt", match.prompt(seat, "hu")
    yield "spectator prompt", match.prompt(None, "hu")
    for choice in match.choices(seat, "hu"):
        yield "button", f"{choice.label} {choice.tip}"
    for panel in match.seat_panels(seat, "hu"):
        facts = [f"{f.label} {f.value} {f.tip}" for f in panel.facts]
        yield "panel", " ".join([panel.colour_name, panel.note, *facts])


@pytest.mark.parametrize("game_id", WALKED)
@pytest.mark.parametrize("seed", [1, 2])
def test_hungarian_walk_has_no_english(game_id: str, seed: int) -> None:
    check_walk(game_id, list(hungarian_texts(game_id, seed)))


# Space Empires' scenarios and optional systems bring texts of their own (solo opponents,
# amoebas, gates, ground combat, centers, Empire Advantages, victory points).
SE_WALKS = {
    "solo_dm": (1, {"scenario": "solo_dm"}),
    "solo_ap": (1, {"scenario": "solo_ap"}),
    "solo_ap_new": (1, {"scenario": "solo_ap_new_features"}),
    "solo_ap_vp": (1, {"scenario": "solo_ap_vp"}),
    "coop_ap": (2, {"scenario": "coop_ap_2p"}),
    # the seed plays the 3 v 1 game under Blood Brothers; the lenient scenario rules allow the other alliance
    "team_3v1": (4, {"scenario": "ce_4p_3v1", "alliance": "uneasy", "scenario_rules": "lenient"}),
    "amoebas": (1, {"scenario": "solo_amoeba"}),
    "coop_dm": (2, {"scenario": "coop_dm_2p"}),
    "gates": (2, {"scenario": "planetary_gates"}),
    "amoebas_2p": (2, {"scenario": "amoebas"}),
    "ce_systems": (
        2,
        {
            "ground_combat": True,
            "research_centers": True,
            "empire_advantages": "deal",
            "boarding": True,
            "experience": True,
            "reaction_movement": True,
            "alien_technology": True,
        },
    ),
    "quick_conquest": (3, {"scenario": "quick_conquest_3p"}),
    "relics": (2, {"victory_points": "relics"}),
}


@pytest.mark.parametrize("walk", sorted(SE_WALKS))
def test_space_empires_scenarios_in_hungarian(walk: str) -> None:
    players, options = SE_WALKS[walk]
    texts = hungarian_texts("space_empires", 3, steps=250, every=9, players=players, options=options)
    check_walk("space_empires", list(texts))


def check_walk(game_id: str, texts: list[tuple[str, str]]) -> None:
    english = english_only(game_id)
    title = galaxis.core.get_game(game_id).info.name
    notation = _words(text for where, text in texts if where == "notation")
    problems: list[str] = []
    for where, text in texts:
        if where == "notation":
            continue
        text = fill_names(text, None, "hu")  # as the client shows it: names, and piece references' labels
        # notation inside quotes or written as a command is language-neutral; the game's name is a name
        prose = re.sub(r"„[^”]*”|“[^”]*”|\([a-z<>|]+[^)]*\)", " ", text).replace(title, " ")
        stray = sorted({w for w in WORD.findall(prose) if w.lower() in english and w.lower() not in notation})
        if stray:
            problems.append(f"{where}: English {stray} in {text!r}")
        for word, term in avoided(game_id):
            if re.search(rf"(?<![\wáéíóöőúüű]){re.escape(word)}(?![\wáéíóöőúüű])", text, re.I):
                problems.append(f"{where}: {word!r} instead of the glossary's ({term}) in {text!r}")
        if "a(z)" in text or "(z)" in text:
            problems.append(f"{where}: a(z) in {text!r}")
        if re.search(r"\[\s*'|\{\s*'|\[\d+, \d+", text):
            problems.append(f"{where}: a Python list or dict in {text!r}")
        unnumbered = SECTIONS.sub(" ", text)  # rule sections in parentheses: „(4., 6.1)”
        if re.search(r"(?<![\w.§])\d+\.\d+(?![\w.])", unnumbered) and game_id != "space_empires":
            problems.append(f"{where}: a decimal point in {text!r}")
    unique = list(dict.fromkeys(problems))
    assert not unique, f"{len(unique)} problems:\n" + "\n".join(unique[:40])


@pytest.mark.parametrize("game_id", sorted(p.name for p in GAMES_DIR.iterdir() if (p / "data").is_dir()))
def test_glossary_shape(game_id: str) -> None:
    """Every game has a glossary; each entry names the term in every language."""
    assert (GAMES_DIR / game_id / "data" / "terms.yaml").exists(), f"{game_id} has no glossary"
    assert game_id in WALKED, f"{game_id}: the Hungarian walk does not cover it"
    terms = glossary(game_id)
    list(_leaves(terms))  # every key is a string (YAML reads on/off/yes/no as booleans)
    entries = terms.get("glossary") or {}
    assert len(entries) >= 10, f"{game_id}: the glossary lists only {len(entries)} terms"
    for key, entry in entries.items():
        assert set(entry) <= {"en", "hu", "avoid", "note"}, (key, entry)
        assert str(entry.get("en") or "").strip() and str(entry.get("hu") or "").strip(), (key, entry)
        assert entry["hu"] not in entry.get("avoid", []), (key, entry)


def test_the_checks_catch_english() -> None:
    """The walk's vocabulary would catch the issue's examples."""
    assert {"station", "planets", "energy"} <= english_only("smugglers")
    assert "marble" in english_only("stellium")
    assert ("golyó", "marble: asztráltest") in avoided("stellium")
    assert {"scout", "dreadnought", "encounters", "screen", "counter"} <= english_only("space_empires")
    assert ("Védelem", "defense: Védekezés") in avoided("space_empires")
    assert {"round", "scuttle"} <= english_only("space_empires")  # client.yaml's words count too


def test_the_walk_would_catch_an_english_description() -> None:
    match = galaxis.new_match("smugglers", 4, 1)
    action = match.legal_actions(match.to_move[0])[0]
    english = {w.lower() for w in WORD.findall(match.describe(action, "en"))}
    assert english & english_only("smugglers"), english
    texts = list(hungarian_texts("smugglers", 1, steps=30))
    assert sum(where.startswith("describe") for where, _ in texts) > 50
    assert sum(where.startswith("refusal") for where, _ in texts) > 20
