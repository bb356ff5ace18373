"""Card faces as SVG (docs/games/kaosz.md §2.1 card anatomy): what a Káosz Galaktika card
shows, drawn from the card's data so that it can never disagree with the engine.

Two drawings of the same 100 × 140 card:

- ``table_face``: the card as it lies on the table, readable at its size on a 1400 × 900
  window (text at least 11 units): name, cost, race colour and emblem, subtype, the
  values its type prints (ship: speed, firepower, armour, bombard — the current ones in
  play; equipment and crew: what they add; bases: upgrade limit and armour), keywords
  and as much of the rules text as fits.
- ``full_face``: the whole card, for the enlarged view, the card browser and the
  contact sheet: type and race in words, every value with its name, keywords with
  their reminders, the full rules text (cardtext.py), rarity, and whether the
  rulebook prints the card.

Text elements that carry a card value have a ``v-<field>`` class (``v-cost``,
``v-speed``, ``v-bonus-firepower``, ``v-limit`` …) so tests can read the values off a
face. Nothing here sees the state: callers pass what the viewer may know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from html import escape
from typing import TYPE_CHECKING

from galaxis.core.svgtext import FONT, fit, text, text_width
from galaxis.games.kaosz.cards import STATS, Card, pool
from galaxis.games.kaosz.cardtext import card_text
from galaxis.games.kaosz.effects import words

if TYPE_CHECKING:
    from galaxis.core import Game

W, H = 100, 140  # a card, in drawing units (5 : 7)
INK = "#1b1b1b"
PAPER = "#f6f1e3"
MUTED = "#4a4a4a"  # secondary text on the paper (contrast > 7 : 1)
GOLD = "#ffd54f"
BACK = "#1a1f4a"
# Race colours (§1.2): dark enough for white text (contrast > 4.5 : 1); each race also has
# its own emblem, so colour is never the only cue.
RACE_COLOURS = {
    "human": "#1f5fa8",
    "xeno": "#6a3fa0",
    "insect": "#8a5200",
    "carno": "#2e7d32",
    "cerebrite": "#ad1457",
    "zarg": "#b71c1c",
    "triciplite": "#00695c",
    "shark": "#37474f",
}
# Emblems in a 12-unit box centred on (0, 0), drawn in white on the race colour.
EMBLEMS = {
    "human": '<polygon points="0,-5.5 1.6,-1.7 5.5,-1.7 2.4,0.7 3.5,4.8 0,2.4 -3.5,4.8 -2.4,0.7 -5.5,-1.7 -1.6,-1.7"/>',
    "xeno": '<path d="M-5.5,0 Q0,-5 5.5,0 Q0,5 -5.5,0 Z"/><circle r="1.8" fill="{bg}"/>',
    "insect": '<polygon points="0,-5.5 4.8,-2.75 4.8,2.75 0,5.5 -4.8,2.75 -4.8,-2.75"/>'
    '<polygon points="0,-2.5 2.2,-1.25 2.2,1.25 0,2.5 -2.2,1.25 -2.2,-1.25" fill="{bg}"/>',
    "carno": '<ellipse cx="0" cy="-2.6" rx="1.9" ry="3"/><ellipse cx="0" cy="-2.6" rx="1.9" ry="3" '
    'transform="rotate(120)"/><ellipse cx="0" cy="-2.6" rx="1.9" ry="3" transform="rotate(240)"/>',
    "cerebrite": '<circle r="5.2" fill="none" stroke="#fff" stroke-width="1.4"/>'
    '<circle r="2.6" fill="none" stroke="#fff" stroke-width="1.4"/><circle r="0.9"/>',
    "zarg": '<path d="M-4.5,4.5 L-1.5,-5 L-0.5,-1 Z M-1,4.5 L2,-5 L3,-1 Z M2.5,4.5 L5.2,-3 L5.6,1 Z"/>',
    "triciplite": '<circle cx="0" cy="-2.6" r="2.3"/><circle cx="-2.6" cy="2" r="2.3"/><circle cx="2.6" cy="2" r="2.3"/>',
    "shark": '<path d="M-5.5,4 Q-1,-1 2,-5.5 Q1.5,0 5.5,4 Z"/>',
}
# Stat and type glyphs in a 10-unit box centred on (0, 0), drawn in ``{c}``.
GLYPHS = {
    "speed": '<path d="M-4.5,-4 L-0.5,0 L-4.5,4 M0.5,-4 L4.5,0 L0.5,4" fill="none" stroke="{c}" stroke-width="1.6"/>',
    "firepower": '<polygon fill="{c}" points="0,-5 1.3,-1.6 5,-1.8 2,0.6 3.2,4.5 0,2.2 -3.2,4.5 -2,0.6 -5,-1.8 -1.3,-1.6"/>',
    "armour": '<path fill="{c}" d="M0,-5 L4.5,-3.2 L4,1 Q3,3.8 0,5.2 Q-3,3.8 -4,1 L-4.5,-3.2 Z"/>',
    "bombard": '<circle cy="1.2" r="3.6" fill="{c}"/><path d="M1.5,-2.5 L3.8,-4.8" stroke="{c}" stroke-width="1.3"/>'
    '<circle cx="4.2" cy="-5" r="0.9" fill="{c}"/>',
    "limit": '<path fill="none" stroke="{c}" stroke-width="1.6" d="M0,-5 L0,4.5 M-3.5,-1.5 L0,-5 L3.5,-1.5"/>',
    "ship": '<path fill="{c}" d="M0,-5.5 Q3,-2 2.2,3 L3.8,5 L-3.8,5 L-2.2,3 Q-3,-2 0,-5.5 Z"/>',
    "equipment": '<path fill="none" stroke="{c}" stroke-width="1.6" d="M-4.5,4.5 L2,-2 M1,-5 L5,-1 L3,1 L-1,-3 Z"/>',
    "crew": '<circle cy="-2.6" r="2.4" fill="{c}"/><path fill="{c}" d="M-4.5,5 Q-4.5,0.2 0,0.2 Q4.5,0.2 4.5,5 Z"/>',
    "base": '<path fill="{c}" d="M-5,4.5 L-5,1.5 Q-5,-4 0,-4 Q5,-4 5,1.5 L5,4.5 Z"/>',
    "event": '<polygon fill="{c}" points="1.5,-5.5 -3.5,0.8 -0.3,0.8 -1.5,5.5 3.5,-0.8 0.3,-0.8"/>',
    "interrupt": '<polygon fill="{c}" points="-2,-5 2,-5 5,-2 5,2 2,5 -2,5 -5,2 -5,-2"/>'
    '<path d="M0,-3 L0,1 M0,2.4 L0,3.2" stroke="#fff" stroke-width="1.4"/>',
}
# The seed's rarity symbols: moon, planet, sun, galaxy.
RARITY = {
    "common": '<path fill="{c}" d="M1.5,-4.5 A4.7,4.7 0 1 0 1.5,4.5 A3.6,3.6 0 1 1 1.5,-4.5 Z"/>',
    "uncommon": '<circle r="3" fill="{c}"/><ellipse rx="5" ry="1.5" fill="none" stroke="{c}" stroke-width="0.9"/>',
    "rare": '<circle r="2.6" fill="{c}"/><path stroke="{c}" stroke-width="1" d="M0,-5 V-3.5 M0,3.5 V5 M-5,0 H-3.5 '
    'M3.5,0 H5 M-3.5,-3.5 L-2.5,-2.5 M2.5,2.5 L3.5,3.5 M-3.5,3.5 L-2.5,2.5 M2.5,-2.5 L3.5,-3.5"/>',
    "ultra": '<path fill="none" stroke="{c}" stroke-width="1.1" d="M0,0 Q3,-1 3,-3.5 M0,0 Q-3,1 -3,3.5 '
    'M0,0 Q1,3 3.5,3 M0,0 Q-1,-3 -3.5,-3"/><circle r="1.1" fill="{c}"/>',
}


@dataclass(frozen=True)
class Live:
    """What the table adds to a printed card: its current values and markers (§2.2, §3)."""

    stats: dict[str, int] = field(default_factory=dict)  # a ship's current stats (armour: what is left)
    printed_armour: int = -1  # the armour the ship has when unharmed (current stats and bonuses)
    upgrades: int = 0
    harm: int = 0
    choice: str = ""  # a payment-end bonus chosen (Tüzér)


def glyph(name: str, x: float, y: float, colour: str, scale: float = 1.0) -> str:
    shape = GLYPHS[name].replace("{c}", colour)
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{shape}</g>'


def emblem(race: str, x: float, y: float, r: float = 7.0) -> str:
    """The race's emblem in a circle of its colour (radius ``r``)."""
    bg = RACE_COLOURS[race]
    shape = EMBLEMS[race].replace("{bg}", bg)
    return (
        f'<g transform="translate({x:g} {y:g})"><circle r="{r:g}" fill="{bg}" stroke="#fff" stroke-width="1"/>'
        f'<g fill="#fff" transform="scale({r / 7:g})">{shape}</g></g>'
    )


def _frame(card: Card) -> str:
    colour = RACE_COLOURS[card.race]
    return (
        f'<rect width="{W}" height="{H}" rx="7" fill="{colour}"/>'
        f'<rect x="3" y="34" width="{W - 6}" height="{H - 37}" rx="4" fill="{PAPER}"/>'
    )


def _cost(card: Card, size: float = 14) -> str:
    return f'<circle cx="86" cy="16" r="11.5" fill="{GOLD}" stroke="#5d4000" stroke-width="1.2"/>' + text(
        86,
        16 + size * 0.36,
        str(card.cost),
        size,
        fill=INK,
        bold=True,
        anchor="middle",
        extra='class="v-cost"',
    )


def _name(card: Card, lang: str, size: float, smallest: float, top: float = 4) -> str:
    """The card's name in the coloured band: one line if it fits, else two, never broken
    inside a word (a word too long even at ``smallest`` is squeezed)."""
    name = card.name if lang == "hu" else card.name_en
    got, lines = _name_lines(name, size, smallest)
    if len(lines) == 1:
        ys = [top + 13 + got * 0.35]
    else:
        ys = [top + got * 0.95, top + got * 2.1]
    return "".join(
        text(5, y, line, got, fill="#fff", bold=True, width=72, extra='class="v-name"' if k == 0 else "")
        for k, (y, line) in enumerate(zip(ys, lines, strict=False))
    )


def _name_lines(name: str, size: float, smallest: float, width: float = 72) -> tuple[float, list[str]]:
    words_ = name.split()
    current = size
    while True:
        for count in (1, 2):
            lines = _greedy(words_, current, width, count)
            if lines is not None:
                return current, lines
        if current - 0.5 < smallest:
            break
        current -= 0.5
    # at the smallest size: the words split as evenly as possible into two lines, squeezed
    if len(words_) == 1:
        return current, words_
    cut = min(range(1, len(words_)), key=lambda k: abs(len(" ".join(words_[:k])) - len(" ".join(words_[k:]))))
    return current, [" ".join(words_[:cut]), " ".join(words_[cut:])]


def _greedy(words_: list[str], size: float, width: float, most: int) -> list[str] | None:
    """Words on at most ``most`` lines of ``width`` without breaking one, or None."""
    lines: list[str] = []
    for word in words_:
        if text_width(word, size, True) > width:
            return None
        if lines and text_width(f"{lines[-1]} {word}", size, True) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines if len(lines) <= most else None


def values(card: Card) -> list[tuple[str, str, str]]:
    """The values a card prints on its left side (§2.1): (glyph, class, value) for each."""
    if card.type == "ship":
        return [(st, f"v-{st}", str(card.stat(st))) for st in STATS]
    if card.type in ("equipment", "crew"):
        out = [(st, f"v-bonus-{st}", f"+{n}") for st, n in card.bonus.items()]
        for e in card.effects:  # a choice of bonuses (Tüzér): both options, chosen later
            out += [(st, f"v-option-{st}", f"+{n}") for st, n in e.options]
        return out
    if card.type == "base":
        return [("limit", "v-limit", str(card.limit)), ("armour", "v-armour", str(card.stat("armour")))]
    return []


def table_face(card: Card, lang: str, live: Live | None = None) -> str:
    """The card on the table (origin at its top-left corner, 100 × 140)."""
    w = words(lang)
    live = live or Live()
    parts = [_frame(card), _name(card, lang, 12.5, 11), _cost(card)]
    # type line: the race emblem, the subtype in words, the type glyph
    parts.append(emblem(card.race, 12, 44, 6.5))
    sub = str(w["subtypes"][card.subtype])
    parts.append(text(21, 48.5, sub, 11.5, fill=INK, width=62))
    parts.append(glyph(card.type, 89, 44, RACE_COLOURS[card.race]))
    y = 57.0
    shown = values(card)
    if shown:
        cell = (W - 8) / max(2 if card.type != "ship" else 4, len(shown))
        for k, (g, cls, value) in enumerate(shown):
            cx = 4 + cell * k + cell / 2
            now, colour = value, INK
            if card.type == "ship" and live.stats:
                current = live.stats.get(g, card.stat(g))
                now = str(current)
                colour = _change_colour(current, card.stat(g), harmed=(g == "armour" and live.harm > 0))
            parts.append(glyph(g, cx, y + 5, RACE_COLOURS[card.race]))
            parts.append(
                text(cx, y + 24, now, 15, fill=colour, bold=True, anchor="middle", extra=f'class="{cls}"')
            )
            if g == "armour" and card.type == "ship" and live.harm:
                parts.append(_marker(cx + 9, y + 12, f"−{live.harm}", "#c62828"))
        y += 33
    words_left: list[str] = []
    text_obj = card_text(card, lang)
    if text_obj.keywords:
        kw = ", ".join(text_obj.keywords)
        size, lines = fit(kw[0].upper() + kw[1:], W - 10, 11.5, 2, bold=True, smallest=11)
        for line in lines:
            y += size + 1
            parts.append(text(5, y, line, size, fill=INK, bold=True, width=W - 10))
        y += 2
    words_left = list(text_obj.lines)
    room = int((H - 6 - y) // 12.5)
    if words_left and room > 0:
        size, lines = fit(" ".join(words_left), W - 10, 11, room, smallest=11)
        for line in lines:
            y += 12.5
            parts.append(text(5, y, line, size, fill=INK, width=W - 10))
    if live.choice:  # Tüzér's chosen bonus, shown on the card
        n = next((k for e in card.effects for st, k in e.options if st == live.choice), 0)
        parts.append(_chip(50, H - 14, f"+{n} {w['stats'][live.choice]}", "#2e7d32"))
    return "".join(parts)


def _change_colour(current: int, printed: int, harmed: bool = False) -> str:
    if harmed or current < printed:
        return "#b71c1c"
    return "#1b5e20" if current > printed else INK


def _marker(x: float, y: float, label: str, colour: str) -> str:
    return f'<circle cx="{x:g}" cy="{y:g}" r="8" fill="{colour}" stroke="#fff" stroke-width="1"/>' + text(
        x, y + 4, label, 11, fill="#fff", bold=True, anchor="middle"
    )


def _chip(cx: float, y: float, label: str, colour: str, size: float = 11) -> str:
    width = text_width(label, size, True) + 10
    return (
        f'<rect x="{cx - width / 2:g}" y="{y - size:g}" width="{width:g}" height="{size + 5:g}" rx="4" fill="{colour}"/>'
        + text(cx, y, label, size, fill="#fff", bold=True, anchor="middle")
    )


def full_face(card: Card, lang: str) -> str:
    """The whole card (origin at its top-left corner, 100 × 140), for the enlarged view."""
    return _full_face(card.id, lang)


@cache
def _full_face(card_id: str, lang: str) -> str:
    card = pool()[card_id]
    w = words(lang)
    t = card_text(card, lang)
    colour = RACE_COLOURS[card.race]
    parts = [_frame(card), _name(card, lang, 10, 7.5), _cost(card, 13)]
    kind = f"{w['types'][card.type]} — {w['subtypes'][card.subtype]}"
    parts.append(emblem(card.race, 10, 42.5, 5.5))
    parts.append(text(18, 41, kind, 6.5, fill=INK, bold=True, width=70, extra='class="v-type"'))
    parts.append(text(18, 48.5, str(w["races"][card.race]), 6, fill=MUTED, width=70, extra='class="v-race"'))
    parts.append(glyph(card.type, 91, 43, colour, 0.8))
    y = 52.0
    shown = values(card)
    if shown:
        cell = (W - 8) / max(2 if card.type != "ship" else 4, len(shown))
        for k, (g, cls, value) in enumerate(shown):
            cx = 4 + cell * k + cell / 2
            label = str(w["stats"].get(g) or w["limit"])
            parts.append(glyph(g, cx - 7, y + 5, colour, 0.8))
            parts.append(
                text(
                    cx + 4, y + 8.5, value, 9.5, fill=INK, bold=True, anchor="middle", extra=f'class="{cls}"'
                )
            )
            parts.append(text(cx, y + 15.5, label, 4.8, fill=MUTED, anchor="middle", width=cell - 1))
        y += 17
        if card.type == "ship":
            size_line = f"{w['size']} {card.size}"
            if card.room != card.size:
                size_line += f" · {w['room']} {card.room}"
            parts.append(text(50, y + 4, size_line, 5, fill=MUTED, anchor="middle", extra='class="v-size"'))
            y += 5
    y += 1
    body: list[tuple[str, float, bool, str]] = []  # (text, size, bold, colour)
    if t.keywords:
        body.append((", ".join(k[0].upper() + k[1:] for k in t.keywords), 6.5, True, INK))
    for line in t.lines:
        body.append((line, 6.5, False, INK))
    for line in t.reminders:
        body.append((line, 5.2, False, MUTED))
    parts.append(_text_box(body, y, H - 14))
    # footer: rarity, printed or designed
    rare = RARITY[card.rarity].replace("{c}", colour)
    parts.append(f'<g transform="translate(9 {H - 9})">{rare}</g>')
    footer = str(w["rarities"][card.rarity])
    footer += f" · {w['printed'] if card.named else w['designed']}"
    parts.append(text(16, H - 7, footer, 5, fill=MUTED, width=W - 22, extra='class="v-rarity"'))
    return "".join(parts)


def _text_box(body: list[tuple[str, float, bool, str]], top: float, bottom: float) -> str:
    """Paragraphs from ``top`` to ``bottom``, shrunk together until they fit."""
    scale = 1.0
    while True:
        laid: list[tuple[float, str, float, bool, str]] = []
        y = top
        for content, size, bold, colour in body:
            s = size * scale
            lines = fit(content, W - 12, s, 40, bold=bold, smallest=s)[1]
            for line in lines:
                y += s * 1.18
                laid.append((y, line, s, bold, colour))
            y += s * 0.35
        if y <= bottom or scale < 0.6:
            break
        scale -= 0.05
    out = []
    for y, line, s, bold, colour in laid:
        italic = ' font-style="italic"' if colour == MUTED else ""
        out.append(text(6, y, line, s, fill=colour, bold=bold, width=W - 12, extra=f'class="v-text"{italic}'))
    return "".join(out)


def back(lang: str, small: bool = False) -> str:
    """A card's back (origin at its top-left corner, 100 × 140): what a hidden card shows."""
    title = (
        ""
        if small
        else (
            text(50, 116, "KÁOSZ", 12, fill="#fff", bold=True, anchor="middle")
            + text(50, 129, "GALAKTIKA", 9.5, fill="#fff", bold=True, anchor="middle")
        )
    )
    return (
        f'<rect width="{W}" height="{H}" rx="7" fill="{BACK}" stroke="#8c9eff" stroke-width="2"/>'
        f'<rect x="6" y="6" width="{W - 12}" height="{H - 12}" rx="5" fill="none" stroke="#5c6bc0" stroke-width="1.2"/>'
        '<g transform="translate(50 62)"><ellipse rx="34" ry="13" fill="#3949ab" transform="rotate(-25)"/>'
        '<ellipse rx="24" ry="8" fill="#7986cb" transform="rotate(-25)"/>'
        '<ellipse rx="11" ry="5" fill="#e8eaf6" transform="rotate(-25)"/>'
        '<circle cx="-30" cy="-30" r="1.6" fill="#fff"/><circle cx="28" cy="-24" r="1.2" fill="#fff"/>'
        '<circle cx="-22" cy="26" r="1.1" fill="#fff"/><circle cx="34" cy="20" r="1.5" fill="#fff"/></g>'
        + title
    )


def standalone(card: Card, lang: str) -> str:
    """One card's whole face as an SVG document (the card browser, the log's enlargements)."""
    name = escape(card.name if lang == "hu" else card.name_en)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" font-family="{FONT}" '
        f'role="img" aria-label="{name}" data-card="{card.id}">{full_face(card, lang)}</svg>'
    )


def piece_svg(g: Game, piece: str, lang: str = "en") -> str | None:
    """``Game.piece_svg``: the whole face of the card ``piece`` (a pool id), None if there is none."""
    card = pool().get(piece)
    return standalone(card, lang) if card is not None else None
