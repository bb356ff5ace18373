"""What the drawings of Space Empires share (views/svg.py and the modules it composes): the owners'
colours, the words of the board (data/board.yaml, English and Hungarian), short names of the unit
types, and small SVG pieces (a panel with a title, lines of text, a counter).

Everything drawn is made for one viewer from what that viewer may know (§9); these helpers only
format it."""

from __future__ import annotations

import textwrap
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from galaxis.core.client import load_texts
from galaxis.core.messages import fmt
from galaxis.core.svg import attrs
from galaxis.games.space_empires.base.board import SEATS
from galaxis.games.space_empires.base.state import ALIEN_BASE, CAPITOL, DOOMSDAY
from galaxis.games.space_empires.base.text_data import lang_of, unit_name

DATA = Path(__file__).resolve().parent.parent / "data"
FONT = "system-ui, sans-serif"
INK = "#e8eaf6"  # text on the dark page
DIM = "#b4bad9"  # secondary text (contrast above 7:1 on the panels)
PANEL = "#171b33"
PANEL2 = "#1f2547"
LINE = "#3a4070"
ACCENT = "#ffb74d"
# Seat colours: counters carry white text on them (contrast at least 4.5:1), named in words beside.
SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#a84f00")
NPA_COLOUR = "#616161"  # the non-player aliens of barren planets
DOOMSDAY_COLOUR = "#212121"  # Doomsday Machines: black with a red rim
ALIEN_COLOURS = ("#6a1b9a", "#00695c", "#ad1457")  # the Alien Player empires p, q, r
AMOEBA_COLOUR = "#558b2f"
CAPITOL_COLOUR = "#8d6e00"
AMOEBA_KIND = "AM"

# Two or three letters on a counter: the unit type (its tip gives the full name).
SHORT = {"Mine": "MI", "Miner": "MR", "MSP": "MS", "Decoy": "DY", "Base": "BS", "NPA-B": "B", "NPA-C": "C"}
SHORT |= {"NPA-D": "D", "APF": "AF"}


@cache
def texts() -> dict[str, Any]:
    return load_texts(DATA / "board.yaml")


def say(lang: str, key: str, **values: object) -> str:
    """A board text (data/board.yaml, ``section.key``) in ``lang``, values filled in."""
    node: Any = texts()[lang_of(lang)]
    for part in key.split("."):
        node = node[part]
    return fmt(lang_of(lang), str(node), **values)


def has(lang: str, key: str) -> bool:
    node: Any = texts()[lang_of(lang)]
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def owner_colour(owner: int, kind: str = "") -> str:
    """The colour of an owner's counters and colonies: a seat's, or an automated opponent's."""
    if kind == AMOEBA_KIND:
        return AMOEBA_COLOUR
    if 0 <= owner < len(SEAT_COLOURS):
        return SEAT_COLOURS[owner]
    if owner == DOOMSDAY:
        return DOOMSDAY_COLOUR
    if owner == CAPITOL:
        return CAPITOL_COLOUR
    if ALIEN_BASE - len(ALIEN_COLOURS) < owner <= ALIEN_BASE:
        return ALIEN_COLOURS[ALIEN_BASE - owner]
    return NPA_COLOUR


def owner_name(owner: int, lang: str, kind: str = "") -> str:
    """Who owns a counter, in words: a seat reference (the client writes the player's name), or an
    automated opponent."""
    if kind == AMOEBA_KIND:
        return say(lang, "owners.amoeba")
    if owner >= 0:
        return f"⟨{owner}⟩"
    if owner == DOOMSDAY:
        return say(lang, "owners.doomsday")
    if owner == CAPITOL:
        return say(lang, "owners.capitol")
    if ALIEN_BASE - 3 < owner <= ALIEN_BASE:
        return say(lang, "owners.alien", letter="pqr"[ALIEN_BASE - owner])
    return say(lang, "owners.npa")


def seat_letter(seat: int) -> str:
    return SEATS[seat] if 0 <= seat < len(SEATS) else "?"


def short(kind: str) -> str:
    return SHORT.get(kind, kind)


def unit_word(kind: str, lang: str) -> str:
    """A unit type's full name in ``lang`` (the glossary's, data/text.yaml)."""
    if kind == "?":
        return say(lang, "unit.unknown")
    if has(lang, f"opponent_units.{kind}"):
        return say(lang, f"opponent_units.{kind}")
    return unit_name(kind, lang)


def text(
    x: float,
    y: float,
    words: object,
    size: float = 14,
    *,
    fill: str = INK,
    anchor: str = "start",
    weight: str = "normal",
    **extra: object,
) -> str:
    """One line of text (written directly: a map draws hundreds of them)."""
    head = f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}"'
    if weight != "normal":
        head += f' font-weight="{weight}"'
    return f'{head} font-family="{FONT}"{attrs(**extra) if extra else ""}>{escape(str(words), quote=False)}</text>'


def tip_attrs(tip: str) -> str:
    return attrs(data_tip=tip) if tip else ""


def part(name: str, width: float, height: float, body: str, *, wide: bool = False, **extra: object) -> str:
    """One part of the board (board.js shows each part in a block of its own)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg"{attrs(data_part=name, data_width=int(width), data_wide="1" if wide else None, **extra)}'
        f' viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}">{body}</svg>'
    )


def panel_frame(width: float, height: float, title: str, *, colour: str = LINE) -> str:
    """A panel's background and title bar."""
    return (
        f'<rect x="1" y="1" width="{width - 2:.0f}" height="{height - 2:.0f}" rx="8" fill="{PANEL}" stroke="{colour}" stroke-width="2"/>'
        + text(14, 26, title, 17, weight="700")
    )


def wrap(words: str, width_chars: int) -> list[str]:
    """Words broken into lines of at most ``width_chars`` characters (a longer word stays whole)."""
    return textwrap.wrap(" ".join(words.split()), width_chars, break_long_words=False, break_on_hyphens=False)
