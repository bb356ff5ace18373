"""SVG view: the hex map with terrain, face-down markers, colonies and unit counters, plus the seat's
ledger and technology sheet. Hexes and counters carry ``data-target`` ids for clicking."""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from galaxis.games.space_empires.base.board import SEATS
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.text_data import lang_of, marker_name, tech_name, unit_name, word
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import centers, ground, victory
from galaxis.games.space_empires.views.observation import observation

if TYPE_CHECKING:
    from galaxis.core import Game

    pass

SIZE = 26  # hex radius in pixels
COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#d68910")
TERRAIN = {
    "planet": "#5d6d7e",
    "barren": "#7b6d5d",
    "nebula": "#6c3483",
    "asteroids": "#4d4d4d",
    "black_hole": "#000000",
    "supernova": "#f5b041",
    "minerals": "#1f618d",
    "space_wreck": "#566573",
}


def _centre(hid: str) -> tuple[float, float]:
    c, r = parse_hex_id(hid)
    w = math.sqrt(3) * SIZE
    return 40 + w * (c + 0.5 * (r & 1)), 40 + 1.5 * SIZE * r


def _polygon(x: float, y: float) -> str:
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{x + SIZE * math.cos(a):.1f},{y + SIZE * math.sin(a):.1f}")
    return " ".join(pts)


def render_svg(game: Game, state: SEState, seat: int | None, lang: str = "en") -> str:
    hu = lang_of(lang) == "hu"
    obs = observation(game, state, seat)
    parts: list[str] = []
    max_x = max_y = 0.0
    for hid, cell in obs["hexes"].items():
        x, y = _centre(hid)
        max_x, max_y = max(max_x, x), max(max_y, y)
        marker = cell.get("marker")
        fill = "#fdfefe" if marker == "?" else "#0b0c2a"
        if isinstance(marker, list):
            fill = TERRAIN.get(marker[0], "#0b0c2a")
        peeked = cell.get("peeked")  # a face-down marker this seat looked at (§6.2)
        if peeked:
            kind = marker_name(peeked[0], lang) if hu else peeked[0]
            title = f"{hid}: {kind} ({word('face_down', lang)})"
        elif isinstance(marker, list) and hu:
            title = f"{hid}: {marker_name(marker[0], lang)}"
        else:
            title = hid
        parts.append(
            f'<polygon points="{_polygon(x, y)}" fill="{fill}" stroke="{"#c0392b" if peeked else "#888"}" '
            f'data-target="{hid}"><title>{escape(title)}</title></polygon>'
        )
        col = cell.get("colony")
        if col:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y - 12:.1f}" r="7" fill="{"#999" if col["owner"] < 0 else COLOURS[col["owner"]]}">'
                f"<title>{word('colony', lang)} {col['value']}{escape(ground.title(state, hid, seat, lang) + centers.title(state, hid, lang))}</title></circle>"
            )
        for i, u in enumerate(cell.get("units", [])):
            ux, uy = x - 22 + 9 * (i % 5), y + 1 + 10 * (i // 5)
            colour = "#999" if u["owner"] < 0 else COLOURS[u["owner"]]
            parts.append(
                f'<rect x="{ux:.1f}" y="{uy:.1f}" width="9" height="10" fill="{colour}" '
                f'data-target="{escape(u["id"])}"><title>{escape(u["id"])} {escape(unit_name(u["kind"], lang) if hu else u["kind"])} '
                f"x{escape(str(u.get('count', '?')))}</title></rect>"
                f'<text x="{ux + 4.5:.1f}" y="{uy + 8:.1f}" font-size="8" text-anchor="middle" fill="#fff" '
                f'pointer-events="none">'
                f"{escape(str(u.get('count', '?')))}</text>"
            )
    parts += victory.svg_marks(state, _centre, lang)  # relics and the King's warp points (§12.2)
    # Hexes with nothing on them still need a clickable outline.
    from galaxis.games.space_empires.base import board

    for hid in sorted(board.board_hexes(len(state.players)) - set(obs["hexes"])):
        x, y = _centre(hid)
        max_x, max_y = max(max_x, x), max(max_y, y)
        parts.append(f'<polygon points="{_polygon(x, y)}" fill="#0b0c2a" stroke="#888" data-target="{hid}"/>')
    y0 = max_y + 50
    phase = word("over_phase" if obs["phase"] == "over" else obs["phase"], lang) if hu else obs["phase"]
    lines = [
        f"{word('cycle', lang)} {obs['cycle']}/{obs['cycles']} {word('turn', lang)} {obs['turn']} {phase}"
    ]
    if seat is not None:
        me = obs["players"][seat]
        lines.append(
            f"{word('player', lang)} {SEATS[seat]}: {me['cp']} {word('cp', lang)}, {word('bid', lang)} {me['bid']}"
        )
        techs = [f"{tech_name(k, lang) if hu else k} {v}" for k, v in me["techs"].items()]
        lines += [
            ", ".join(techs[i : i + 5]) for i in range(0, len(techs), 5)
        ]  # short lines: nothing cut off
    lines += victory.text_lines(state, lang)  # the public victory-point track (§12.2)
    for i, line in enumerate(lines):
        # light text on the dark page; the map is scaled up by the viewBox, the ledger with it
        parts.append(
            f'<text x="20" y="{y0 + 16 * i:.0f}" font-size="12" fill="#e8eaf6">{escape(line)}</text>'
        )
    width, height = max_x + 80, y0 + 16 * len(lines) + 20
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}">'
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#0b0f1e"/>' + "".join(parts) + "</svg>"
    )
