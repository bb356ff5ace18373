"""The Space Empires board for one viewer (§9): the hex map and the empire sheet.

The board is one ``<svg>`` holding parts (``<svg data-part=…>``, views/draw.py) that the browser
client shows as separate blocks: the map (zoomable, ``data-panzoom``) and the sheet. Standalone (a
preview, a test) the parts sit one under the other in the root.

Everything is drawn from ``observation(viewer)`` and the public state only, so a face-down enemy
counter carries its id and owner and nothing else, in the drawing and in its tip.

The map: hexes by what the viewer knows of them (face-down marker, deep space, planets, minerals,
asteroids, nebulae, black holes, supernovae, warp points; colonies and home worlds in their owner's
colour), coordinates along the edges in the notation's ``column.row`` form (``m a9 6.1``), counters in
a small grid in their owner's colour (``3SC``: three Scouts; ``?``: face down)."""

from __future__ import annotations

import math
from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any

from galaxis.core.svg import attrs
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.text_data import lang_of, marker_name, tech_name, word
from galaxis.games.space_empires.opponents import solo
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import alien_tech, centers, empire_advantages, ground, victory
from galaxis.games.space_empires.views import draw
from galaxis.games.space_empires.views.battle import WIDTH as BATTLE_W
from galaxis.games.space_empires.views.battle import draw_battle
from galaxis.games.space_empires.views.draw import ACCENT, DIM, INK, say, text
from galaxis.games.space_empires.views.observation import observation

if TYPE_CHECKING:
    from galaxis.core import Game

R = 40.0  # hex radius (centre to corner), in board units
W = math.sqrt(3) * R  # a hex's width (pointy-top hexes, odd rows shifted right: hexes.py)
EDGE = 30.0  # room for the coordinates around the map
SHEET_W = 400.0

UNEXPLORED = "#27306b"  # a face-down marker: lighter than deep space, so the unknown stands out
DEEP = "#0b0e22"
HEX_LINE = "#4a5290"
TERRAIN = {  # the fill of a face-up system
    "home_world": DEEP,
    "planet": DEEP,
    "barren": DEEP,
    "minerals": DEEP,
    "space_wreck": DEEP,
    "nebula": "#4a2266",
    "asteroids": "#2f2f36",
    "black_hole": "#000000",
    "supernova": "#6b3a05",
    "danger": "#4d1010",
    "lost_in_space": "#102a4d",
    "warp_point": "#2a1450",
    "doomsday": "#3a0d0d",
}


# --- geometry ---------------------------------------------------------------------------------------------
class Layout:
    """Where each hex of this board size sits (odd-r rows, hexes.py), with room for the coordinates."""

    def __init__(self, hexes: list[str]) -> None:
        cells = [parse_hex_id(h) for h in hexes]
        self.col0 = min(c for c, _ in cells)
        self.row0 = min(r for _, r in cells)
        self.cols = sorted({c for c, _ in cells})
        self.rows = sorted({r for _, r in cells})
        self.row_ends = {
            r: (min(c for c, rr in cells if rr == r), max(c for c, rr in cells if rr == r)) for r in self.rows
        }
        self.width = EDGE * 2 + W * (max(self.cols) - self.col0 + 1.5)
        self.height = EDGE * 2 + R * (2 + 1.5 * (max(self.rows) - self.row0))

    def centre(self, hid: str) -> tuple[float, float]:
        c, r = parse_hex_id(hid)
        return self.at(c, r)

    def at(self, c: int, r: int) -> tuple[float, float]:
        x = EDGE + W * (c - self.col0 + 0.5 + 0.5 * (r & 1))
        y = EDGE + R + 1.5 * R * (r - self.row0)
        return x, y


def hexagon(x: float, y: float, radius: float = R) -> str:
    pts = (
        f"{x + radius * math.cos(math.radians(60 * i - 30)):.1f},{y + radius * math.sin(math.radians(60 * i - 30)):.1f}"
        for i in range(6)
    )
    return " ".join(pts)


# --- the map ----------------------------------------------------------------------------------------------
def hex_tip(hid: str, cell: dict[str, Any], lang: str) -> str:
    """What the viewer knows of a hex, in words (its coordinates first: the notation's)."""
    parts = [hid]
    marker = cell.get("marker")
    if cell.get("peeked"):
        parts.append(say(lang, "hex.peeked", kind=marker_name(cell["peeked"][0], lang)))
    elif marker == "?":
        parts.append(say(lang, "hex.unexplored"))
    elif isinstance(marker, list):
        kind, value = marker
        name = marker_name(kind, lang)
        parts.append(say(lang, "hex.value", kind=name, value=value) if value else name)
    col = cell.get("colony")
    if col:
        owner = draw.owner_name(col["owner"], lang)
        parts.append(say(lang, "hex.home" if col["home"] else "hex.colony", owner=owner, value=col["value"]))
    if not marker and not col:
        parts.append(say(lang, "hex.deep"))
    return ": ".join(parts[:2]) + "".join(f"; {p}" for p in parts[2:])


def terrain(x: float, y: float, kind: str, value: int) -> str:
    """A face-up system's picture in the upper half of its hex."""
    cy = y - 10
    if kind in ("planet", "barren", "home_world"):
        fill = {"planet": "#b0bec5", "barren": "#8d6e63", "home_world": "#b0bec5"}[
            kind
        ]  # neutral: no seat colour
        return f"<circle{attrs(cx=x, cy=cy, r=9.0, fill=fill, stroke='#eceff1', stroke_width=1.0)}/>"
    if kind in ("minerals", "space_wreck"):
        fill = "#e0b84a" if kind == "minerals" else "#9aa3b5"
        shape = (
            f'<polygon points="{x - 16:.1f},{cy:.1f} {x - 10:.1f},{cy - 7:.1f} {x - 4:.1f},{cy:.1f} {x - 10:.1f},{cy + 7:.1f}"'
            f' fill="{fill}"/>'
        )
        return shape + (
            text(x + 6, cy + 5, value, 13, fill=fill, anchor="middle", weight="700") if value else ""
        )
    if kind == "asteroids":
        dots = ((-12, -4, 4), (-2, 2, 3), (8, -6, 5), (14, 4, 3), (0, -9, 2))
        return "".join(
            f"<circle{attrs(cx=x + dx, cy=cy + dy, r=float(rr), fill='#8d8d99')}/>" for dx, dy, rr in dots
        )
    if kind == "black_hole":
        return f"<circle{attrs(cx=x, cy=cy, r=9.0, fill='#000', stroke='#b388ff', stroke_width=2.5)}/>"
    if kind == "supernova":
        return f"<circle{attrs(cx=x, cy=cy, r=10.0, fill='#ffb74d', stroke='#ff7043', stroke_width=3.0)}/>"
    if kind == "warp_point":
        return f"<circle{attrs(cx=x, cy=cy, r=9.0, fill='none', stroke='#b388ff', stroke_width=3.0, stroke_dasharray='4 2')}/>"
    if kind == "nebula":
        return f"<ellipse{attrs(cx=x, cy=cy, rx=16.0, ry=7.0, fill='#9c5bc4', opacity=0.6)}/>"
    return text(x, cy + 5, "!", 15, fill="#ff8a80", anchor="middle", weight="700")  # danger, lost in space


def colony_mark(x: float, y: float, col: dict[str, Any]) -> str:
    """A colony: a disc in its owner's colour with its value (a ring around a home world); a click
    on it is a click on its hex, whose tip names it."""
    colour = draw.owner_colour(col["owner"])
    cy = y - 10
    ring = (
        f"<circle{attrs(cx=x, cy=cy, r=15.0, fill='none', stroke=colour, stroke_width=3.0)}/>"
        if col["home"]
        else ""
    )
    return (
        f'<g pointer-events="none">{ring}'
        f"<circle{attrs(cx=x, cy=cy, r=11.0, fill=colour, stroke='#fff', stroke_width=1.0)}/>"
        + text(x, cy + 4, col["value"], 11, anchor="middle", weight="700", fill="#fff")
        + "</g>"
    )


def counter_label(view: dict[str, Any]) -> str:
    kind = view.get("kind", "?")
    if kind == "?":
        return "?"
    count = view.get("count", 1)
    return f"{count}{draw.short(kind)}" if count > 1 else draw.short(kind)


def counter_tip(view: dict[str, Any], viewer: int | None, lang: str) -> str:
    """What ``viewer`` may know of a counter (observation.counter_view already left out the rest)."""
    kind = view.get("kind", "?")
    owner = draw.owner_name(view["owner"], lang, kind)
    if kind == "?":
        return say(lang, "counter.hidden", id=view["id"], owner=owner)
    name = draw.unit_word(kind, lang)
    if view["owner"] == viewer:
        head = say(lang, "counter.own", id=view["id"], count=view.get("count", 1), kind=name)
    else:
        head = say(lang, "counter.seen", id=view["id"], kind=name, owner=owner)
    facts = []
    if "attack_tech" in view:
        facts.append(
            say(
                lang,
                "counter.tech",
                attack=view["attack_tech"],
                defense=view["defense_tech"],
                tactics=view["tactics"],
                move=view["move_tech"],
            )
        )
    elif view["owner"] >= 0:
        facts.append(say(lang, "counter.tech_unknown"))
    if view.get("damage"):
        facts.append(say(lang, "counter.damaged"))
    if view.get("moved"):
        facts.append(say(lang, "counter.moved", moved=view["moved"]))
    if view.get("screened"):
        facts.append(say(lang, "counter.screened"))
    if view.get("xp"):
        facts.append(say(lang, "counter.xp", xp=view["xp"]))
    if view.get("cargo"):
        facts.append(
            say(lang, "counter.cargo", cargo=", ".join(draw.unit_word(k, lang) for k in view["cargo"]))
        )
    return head + "".join(f"; {f}" for f in facts)


CW, CH = 22.0, 15.0  # a counter's size on the map
FAN = 3.0  # how far each counter under the top one of a stack shows


def stacks_of(units: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """A hex's counters as stacks: the counters of one owner that look alike (same type and number of
    units, or face down) lie on each other, the first on top; moving it uncovers the next."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for view in units:
        groups.setdefault((view["owner"], view.get("kind", "?"), counter_label(view)), []).append(view)
    return list(groups.values())


def counter_slots(x: float, y: float, n: int) -> list[tuple[float, float]]:
    """Where a hex's ``n`` stacks sit: rows of three in the lower half (higher up when crowded)."""
    rows = max(1, math.ceil(n / 3))
    top = y + 3 if rows <= 2 else y + 3 - (CH + 1) * (rows - 2)
    out = []
    for i in range(n):
        row, col = divmod(i, 3)
        in_row = min(3, n - row * 3)
        x0 = x - (in_row * (CW + 1) - 1) / 2
        out.append((x0 + col * (CW + 1), top + row * (CH + 1)))
    return out


def counter(view: dict[str, Any], x: float, y: float, viewer: int | None, lang: str) -> str:
    kind = view.get("kind", "?")
    colour = draw.owner_colour(view["owner"], kind)
    hidden = kind == "?"
    label = counter_label(view)
    edge = "#cfd3ff" if hidden else "#ffffff"
    body = f"<rect{attrs(x=x, y=y, width=CW, height=CH, rx=3.0, fill=colour, stroke=edge, stroke_width=1.0, stroke_dasharray='3 2' if hidden else None)}/>"
    body += text(
        x + CW / 2,
        y + CH - 3.5,
        label,
        11 if len(label) < 4 else 9.5,
        anchor="middle",
        weight="700",
        fill="#fff",
    )
    if view.get("damage"):
        body += f"<circle{attrs(cx=x + CW - 2, cy=y + 2, r=3.0, fill='#ffeb3b', stroke='#000', stroke_width=0.8)}/>"
    tip = counter_tip(view, viewer, lang)
    return f"<g{attrs(data_target=view['id'], data_tip=tip, data_key=view['id'], aria_label=tip)}>{body}</g>"


def stack(views: list[dict[str, Any]], x: float, y: float, viewer: int | None, lang: str) -> str:
    """A stack: the lower counters drawn first, each a little up and to the right."""
    shown = views[:4]  # deeper counters of a tall stack hide wholly under the fourth
    out = []
    for depth in range(len(views) - 1, -1, -1):
        d = min(depth, len(shown) - 1) * FAN
        out.append(counter(views[depth], x + d, y - d, viewer, lang))
    return "".join(out)


@cache
def grid(players: int) -> tuple[Layout, tuple[tuple[str, float, float, str, str, str], ...]]:
    """The board's layout and, per hex in drawing order, its id, centre, outline points and the two
    fixed texts drawn on it (its coordinates; the "?" of a face-down marker): the same for every
    drawing of a board size, so made once."""
    hexes = sorted(board.board_hexes(players), key=lambda h: parse_hex_id(h)[::-1])
    lay = Layout(hexes)
    out = []
    for hid in hexes:
        x, y = lay.centre(hid)
        label = text(x, y - R + 15, hid, 10, fill="#9aa4e0", anchor="middle", pointer_events="none")
        unknown = text(x, y - 3, "?", 16, fill="#8f9ad8", anchor="middle", pointer_events="none")
        out.append((hid, x, y, f'points="{hexagon(x, y, R - 1)}"', label, unknown))
    return lay, tuple(out)


def draw_map(
    game: Game, state: SEState, viewer: int | None, obs: dict[str, Any], lang: str
) -> tuple[str, float, float]:
    lay, cells_drawn = grid(len(state.players))
    cells: dict[str, Any] = obs["hexes"]
    hidden = escape(say(lang, "hex.unexplored"), quote=True)
    back, tops, stacks = [], [], []
    for hid, x, y, points, label, unknown in cells_drawn:
        cell = cells.get(hid)
        if cell is None or (cell.get("marker") == "?" and len(cell) == 1):  # the common case, quickly
            fill = DEEP if cell is None else UNEXPLORED
            tip = f"{hid}: {say(lang, 'hex.deep')}" if cell is None else f"{hid}: {hidden}"
            if cell is None:
                tip = escape(tip, quote=True)
            back.append(
                f'<g data-target="{hid}" data-tip="{tip}"><polygon {points} fill="{fill}" stroke="{HEX_LINE}"'
                ' stroke-width="1"/></g>'
            )
            tops.append(label + unknown if cell is not None else label)
            continue
        marker = cell.get("marker")
        peeked = cell.get("peeked")
        col = cell.get("colony")
        fill = DEEP
        if marker == "?":
            fill = UNEXPLORED
        elif isinstance(marker, list):
            fill = TERRAIN.get(marker[0], DEEP)
        stroke, width = HEX_LINE, 1.0
        if col:
            stroke, width = draw.owner_colour(col["owner"]), 3.0
        tip = (
            hex_tip(hid, cell, lang)
            + ground.title(state, hid, viewer, lang)
            + centers.title(state, hid, lang)
        )
        back.append(
            f"<g{attrs(data_target=hid, data_tip=tip)}>"
            f'<polygon {points} fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"/>'
            "</g>"
        )
        if marker == "?" and not peeked:
            tops.append(unknown)
        if peeked:
            tops.append(
                f"<polygon{attrs(points=hexagon(x, y, R - 5), fill='none', stroke='#ffb74d', stroke_width=1.5, stroke_dasharray='5 3', pointer_events='none')}/>"
                f'<g pointer-events="none" opacity="0.75">{terrain(x, y, peeked[0], peeked[1])}</g>'
            )
        if isinstance(marker, list):
            tops.append(f'<g pointer-events="none">{terrain(x, y, marker[0], marker[1])}</g>')
        if col:
            tops.append(colony_mark(x, y, col))
        piles = stacks_of(cell.get("units", []))
        for pile, (ux, uy) in zip(piles, counter_slots(x, y, len(piles)), strict=True):
            stacks.append(stack(pile, ux, uy, viewer, lang))
        if len(piles) <= 6:  # the coordinates, as the moves write them (crowded: in the tip only)
            tops.append(label)
    coords = coordinates(lay, lang)
    marks = victory.svg_marks(state, lay.centre, lang)  # relics and the King's warp points (§12.2)
    body = (
        f"<rect{attrs(width=lay.width, height=lay.height, fill='#070a18')}/>"
        + "".join(back)
        + coords
        + "".join(tops)
        + "".join(marks)
        + "".join(stacks)
    )
    return body, lay.width, lay.height


def coordinates(lay: Layout, lang: str) -> str:
    """Column numbers above and below the map, row numbers on both sides: a hex is ``column.row``."""
    out = []
    top_row, bottom_row = lay.rows[0], lay.rows[-1]
    for c in lay.cols:
        x, _ = lay.at(c, top_row)
        out.append(text(x, EDGE - 8, c, 13, fill=DIM, anchor="middle"))
        xb, yb = lay.at(c, bottom_row)
        out.append(text(xb, yb + R + 17, c, 13, fill=DIM, anchor="middle"))
    for r in lay.rows:
        x0, y = lay.at(lay.row_ends[r][0], r)  # beside the row's first and last hex (maps need not be square)
        x1, _ = lay.at(lay.row_ends[r][1], r)
        out.append(text(x0 - W / 2 - 4, y + 5, r, 13, fill=DIM, anchor="end"))
        out.append(text(x1 + W / 2 + 4, y + 5, r, 13, fill=DIM, anchor="start"))
    out.append(text(4, lay.height - 6, say(lang, "hex.coords"), 11, fill=DIM))
    return f'<g pointer-events="none">{"".join(out)}</g>'


# --- the empire sheet ------------------------------------------------------------------------------------
def phase_word(phase: str, lang: str) -> str:
    return word("over_phase" if phase == "over" else phase, lang)


def sheet(
    game: Game, state: SEState, viewer: int | None, obs: dict[str, Any], lang: str
) -> tuple[str, float]:
    """The viewer's empire (CP, bid, income, maintenance, technology tracks, orders) and the other
    empires' public facts."""
    colours = draw.texts()[lang_of(lang)]["colours"]
    y = 56.0
    out: list[str] = []

    def line(
        words: str, size: float = 14, fill: str = INK, weight: str = "normal", indent: float = 16
    ) -> None:
        nonlocal y
        out.append(text(indent, y, words, size, fill=fill, weight=weight))
        y += size + 8

    line(
        say(
            lang,
            "sheet.when",
            cycle=obs["cycle"],
            cycles=obs["cycles"],
            turn=obs["turn"],
            phase=phase_word(obs["phase"], lang),
        ),
        15,
        DIM,
    )
    if viewer is not None:
        me = obs["players"][viewer]
        line(say(lang, "sheet.cp", cp=me["cp"]), 16, weight="700")
        if me["bid"] >= 0:
            line(say(lang, "sheet.bid", bid=me["bid"]))
        y += 4
        y = income_block(game, state, viewer, lang, out, y)
        line(say(lang, "sheet.techs"), 15, weight="700")
        y = tech_tracks(state, me["techs"], lang, out, y)
        if me["queue"]:
            items = ", ".join(f"{draw.unit_word(q[0], lang)} ({q[1]})" for q in me["queue"] if q)
            for part_line in draw.wrap(say(lang, "sheet.queue", items=items), 50):
                line(part_line, 13, DIM)
    if len(obs["players"]) > 1 or viewer is None:
        line(
            say(lang, "sheet.others") if viewer is not None else say(lang, "sheet.spectator"),
            15,
            weight="700",
        )
    for p in obs["players"]:
        if p["seat"] == viewer:
            continue
        colour = draw.owner_colour(p["seat"])
        words = f"⟨{p['seat']}⟩ ({colours[p['seat'] % len(colours)]}): " + say(
            lang, "sheet.colonies", n=p["colonies"]
        )
        if not p["alive"]:
            words += f", {say(lang, 'sheet.out')}"
        out.append(f"<rect{attrs(x=16.0, y=y - 12, width=14.0, height=14.0, rx=3.0, fill=colour)}/>")
        line(words, 14, indent=38)
    extras = [
        *solo.text_lines(state, lang),  # the scenario and its automated opponents' strength and tracks (§13)
        *amoeba.text_lines(state, lang),  # the Space Amoebas (§13.11)
        *ground.text_lines(state, viewer, lang),  # the viewer's own garrisons (§10.1)
        *empire_advantages.text_lines(
            state, viewer, lang
        ),  # the Empire Advantages the viewer may see (§10.4)
        *centers.text_lines(state, viewer, lang),  # Research and Industrial Centers (§10.7)
        *alien_tech.text_lines(state, viewer, lang),  # own and revealed Alien Technology cards (§10.5)
        *victory.text_lines(state, lang),  # the public victory-point track (§12.2)
    ]
    if extras:
        y += 6
        line(say(lang, "sheet.more"), 15, weight="700")
    for extra in extras:  # the same viewer-safe lines as the text view (views/text.py)
        for part_line in draw.wrap(extra, 54):
            line(part_line, 13)
    height = y + 10
    if viewer is not None:
        title = say(lang, "sheet.title", colour=colours[viewer % len(colours)])
        frame = draw.panel_frame(SHEET_W, height, title, colour=draw.owner_colour(viewer))
    else:
        frame = draw.panel_frame(SHEET_W, height, say(lang, "sheet.spectator"))
    return frame + "".join(out), height


def income_block(game: Game, state: SEState, seat: int, lang: str, out: list[str], y: float) -> float:
    """§7.1-7.3: the viewer's income at the next Economic Phase, part by part, less maintenance."""
    income = game.income(state, seat)  # type: ignore[attr-defined]  # phases/economy.py
    out.append(text(16, y, say(lang, "income.title"), 15, weight="700"))
    y += 22
    rows = [
        (say(lang, "income.colonies", producing=income.producing), f"+{income.colonies}"),
        (say(lang, "income.links"), f"+{income.links}"),
        (say(lang, "income.minerals"), f"+{income.minerals}"),
        (say(lang, "income.cards"), f"+{income.cards}"),
        (say(lang, "income.maintenance"), f"−{income.maintenance}"),
    ]
    for words, value in rows:
        if value in ("+0", "−0") and words != rows[0][0] and words != rows[4][0]:
            continue  # a part this empire does not have
        out.append(text(28, y, words, 13))
        out.append(text(SHEET_W - 24, y, value, 14, anchor="end", weight="700"))
        y += 20
    out.append(f'<line x1="28" y1="{y - 13:.0f}" x2="{SHEET_W - 20:.0f}" y2="{y - 13:.0f}" stroke="{DIM}"/>')
    out.append(text(28, y + 2, say(lang, "income.net"), 14, weight="700"))
    out.append(text(SHEET_W - 24, y + 2, f"{income.net} {word('cp', lang)}", 15, anchor="end", weight="700"))
    return y + 30


def tech_tracks(state: SEState, levels: dict[str, int], lang: str, out: list[str], y: float) -> float:
    """Each technology as a track: a pip per level (filled up to the level held), the next level's
    price; its tip says what the track gives (data/board.yaml) and what the next level costs."""
    tracks = data.tech_tracks(state.edition)
    for track, level in levels.items():
        tech = tracks.get(track)
        if tech is None:
            continue
        costs = tech.costs(state.edition)
        top = tech.max_level(state.edition)
        nxt = level - tech.start  # the index of the next level's price
        price = costs[nxt] if 0 <= nxt < len(costs) else None
        after = say(lang, "tech_row.next", cost=price) if price is not None else say(lang, "tech_row.top")
        gives = say(lang, f"techs.{track}") if draw.has(lang, f"techs.{track}") else ""
        name = tech_name(track, lang)
        tip = say(lang, "tech_row.tip", name=name, level=level, top=top, gives=gives, next=after)
        pips = "".join(
            f'<circle cx="{190 + 13 * i}" cy="{y - 4:.0f}" r="4.5" fill="{ACCENT if i < level else "none"}"'
            f' stroke="{ACCENT if i < level else DIM}" stroke-width="1.2"/>'
            for i in range(top)
        )
        out.append(
            f"<g{attrs(data_tip=tip)}>"
            f'<rect x="10" y="{y - 15:.0f}" width="{SHEET_W - 20:.0f}" height="20" fill="transparent"/>'
            + text(16, y, name, 13)
            + text(178, y, level, 14, anchor="end", weight="700")
            + pips
            + text(
                SHEET_W - 16,
                y,
                f"→ {price} {word('cp', lang)}" if price is not None else "—",
                13,
                anchor="end",
                fill=DIM,
            )
            + "</g>"
        )
        y += 20
    return y + 8


# --- the board ---------------------------------------------------------------------------------------------
def render_svg(game: Game, state: SEState, seat: int | None, lang: str = "en") -> str:
    obs = observation(game, state, seat)
    lang = lang_of(lang)
    map_body, map_w, map_h = draw_map(game, state, seat, obs, lang)
    sheet_body, sheet_h = sheet(game, state, seat, obs, lang)
    # (name, width, height, body, attributes), in the order shown
    parts: list[tuple[str, float, float, str, dict[str, Any]]] = [
        ("map", map_w, map_h, map_body, {"wide": True, "data_panzoom": "1"}),
        ("sheet", SHEET_W, sheet_h, sheet_body, {}),
    ]
    fight = draw_battle(state, seat, obs, lang)
    if fight is not None:  # a battle comes first: it is what the players decide now
        parts.insert(0, ("battle", BATTLE_W, fight[1], fight[0], {}))
    drawn, y = [], 0.0
    for name, w, h, body, extra in parts:
        drawn.append(draw.part(name, w, h, body, x=0, y=f"{y:.0f}", **extra))
        y += h + 10
    width, height = max(w for _, w, _, _, _ in parts), y - 10
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg"{attrs(data_game="space_empires")} viewBox="0 0 {width:.0f} {height:.0f}"'
        f' width="{width:.0f}" height="{height:.0f}">' + "".join(drawn) + "</svg>"
    )
