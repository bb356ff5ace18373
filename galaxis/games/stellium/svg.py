"""SVG picture of the Stellium table, as one seat sees it (docs/games/stellium.md).

The universe is drawn large: six turning galaxies (their orientation arrow, decorations and
dashed starting points), the black holes between them, the marbles. Every hole and black
hole is a target (``cell-A3``...) and names itself in its tip; an empty hole shows its name.
Beside the board: the bag (``bag-y``), the drawn marble, an empty galaxy's refill marbles
(``pool-y``) and the objective display (``card-C05``). While a comet collides, the six push
directions are arrows on the board at its cell (``dir-NE``...); while a star's galaxy
rotates, five labelled buttons turn it (``turn-1``..``turn-5``); both are status-bar buttons
too. Below: each player's progress towards the target, influence tokens (``token-y``, the
viewer's), held cards and validated cards with their points.

Hovering (or focusing) an objective card rings its formation on the board: gold where it is
there now, dashed where one marble is missing (CSS ``:has`` in the board's own style; nothing
the viewer may not see: the board and the card are public). Every marble type has its own
colour *and* symbol (planet: ringed, comet: tail, star: five points, supernova: burst).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from galaxis.core.client import PALETTE, seat_ref
from galaxis.core.messages import fmt
from galaxis.core.svg import group, style, svg_open, text
from galaxis.games.stellium import patterns
from galaxis.games.stellium.client import texts
from galaxis.games.stellium.data import (
    DISC_LETTERS,
    TYPES,
    Card,
    Geometry,
    board_data,
    cards,
    geometry,
    start_cells_of,
)
from galaxis.games.stellium.scoring import colour_bonus, won_points
from galaxis.games.stellium.text import card_text, words

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.stellium.state import StelliumState

FILL = {"g": "#3fae4a", "b": "#3a72d8", "y": "#f2c31b", "p": "#ee6fb0"}
INK = {"g": "#0b2a0e", "b": "#ffffff", "y": "#3a2a00", "p": "#3b0a24"}
SEAT = tuple(colour for colour, _en, _hu in PALETTE)  # the player panels' colours
DIRS = ("E", "NE", "NW", "W", "SW", "SE")
STEP = 64.0
WIDTH = 1040
PANEL_X = 756  # the right-hand column: bag, controls, display
DIM = "#aab3d6"
SQ3 = math.sqrt(3) / 2
HOLE_R = STEP * 0.36
PLAYER_H = 176


def _b(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = texts()["hu" if lang == "hu" else "en"]["board"]
    return data


def _say(lang: str, key: str, **values: object) -> str:
    return fmt(lang, str(_b(lang)[key]), **values)


# --- marbles and cards ----------------------------------------------------------------------------


def symbol(m: str, x: float, y: float, r: float) -> str:
    """The marble's distinct symbol, drawn over its colour."""
    ink = INK[m]
    w = max(1.6, r * 0.12)
    if m == "g":  # planet: a ring around a globe
        return (
            f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{r * 0.95:.1f}" ry="{r * 0.32:.1f}" fill="none" '
            f'stroke="{ink}" stroke-width="{w:.1f}" transform="rotate(-20 {x:.1f} {y:.1f})"/>'
        )
    if m == "b":  # comet: a head with a tail
        return (
            f'<circle cx="{x + r * 0.3:.1f}" cy="{y - r * 0.3:.1f}" r="{r * 0.28:.1f}" fill="{ink}"/>'
            f'<path d="M{x + r * 0.1:.1f},{y - r * 0.1:.1f} L{x - r * 0.7:.1f},{y + r * 0.7:.1f} '
            f'M{x + r * 0.35:.1f},{y:.1f} L{x - r * 0.4:.1f},{y + r * 0.75:.1f}" stroke="{ink}" stroke-width="{w:.1f}"/>'
        )
    if m == "y":  # star: five points
        pts = []
        for k in range(10):
            rr = r * (0.7 if k % 2 == 0 else 0.3)
            a = math.pi / 2 + k * math.pi / 5
            pts.append(f"{x + rr * math.cos(a):.1f},{y - rr * math.sin(a):.1f}")
        return f'<polygon points="{" ".join(pts)}" fill="{ink}"/>'
    rays = []  # supernova: an eight-ray burst
    for k in range(8):
        a = k * math.pi / 4
        rays.append(
            f"M{x + r * 0.2 * math.cos(a):.1f},{y + r * 0.2 * math.sin(a):.1f} L{x + r * 0.75 * math.cos(a):.1f},{y + r * 0.75 * math.sin(a):.1f}"
        )
    return (
        f'<path d="{" ".join(rays)}" stroke="{ink}" stroke-width="{w * 1.1:.1f}"/>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.2:.1f}" fill="{ink}"/>'
    )


def marble(m: str, x: float, y: float, r: float) -> str:
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{FILL[m]}" stroke="#0a0a14" stroke-width="1"/>'
        + symbol(m, x, y, r)
    )


def card_svg(
    card: Card,
    x: float,
    y: float,
    size: float,
    target: bool,
    lang: str = "en",
    *,
    points: str = "",
    hover: bool = True,
) -> str:
    """A square objective card: its pattern, its value top right, its colour as the frame.
    ``points``: a validated card's score, shown as a badge; ``hover``: rings its formation
    on the board while hovered."""
    w = words(lang)
    c = w["card"]
    parts = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{size / 14:.1f}" fill="#f3efe4" '
        f'stroke="{FILL[card.colour]}" stroke-width="{max(3.0, size / 26):.1f}"/>'
    ]
    big = size >= 90
    if big:
        parts.append(text(x + 6, y + 16, card.id, 13, fill="#333344"))
    if card.kind == "shape":
        value = str(card.points)
        spots = list(card.cells) + list(card.empty)
        px = [q + r / 2 for q, r in spots]
        py = [-r * SQ3 for _, r in spots]
        cx, cy = (max(px) + min(px)) / 2, (max(py) + min(py)) / 2
        s = min(size * 0.12, size * 0.5 / max(1.0, max(px) - min(px) + 1, max(py) - min(py) + 1))
        ox, oy = x + size / 2, y + size / 2 + size * 0.05
        for i, (q, r) in enumerate(card.cells):
            mx, my = ox + (q + r / 2 - cx) * s * 1.9, oy + (-r * SQ3 - cy) * s * 1.9
            req = card.marbles[i]
            if req == "*":
                parts.append(
                    f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="{s * 0.8:.1f}" fill="#9a9aa8" stroke="#333"/>'
                )
            else:
                parts.append(marble(req, mx, my, s * 0.8))
            if i in card.centres:
                parts.append(
                    f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="{s:.1f}" fill="none" stroke="#000" stroke-width="1.5"/>'
                )
        for q, r in card.empty:
            mx, my = ox + (q + r / 2 - cx) * s * 1.9, oy + (-r * SQ3 - cy) * s * 1.9
            parts.append(
                f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="{s * 0.8:.1f}" fill="none" stroke="#333" stroke-dasharray="2,2"/>'
            )
        if card.different_galaxies and big:
            parts.append(
                text(x + size / 2, y + size - 7, c["short_different"], 13, anchor="middle", fill="#333344")
            )
    else:
        value = "/".join(str(v) for _, v in sorted(card.tiers.items()))
        label = c["short_centre"] if card.kind == "centres" else c["short_chain"]
        k = "+".join(str(t) for t in sorted(card.tiers))
        assert card.marble is not None
        parts.append(marble(card.marble, x + size / 2, y + size / 2, size * 0.12))
        if big:
            more = "+" if card.kind == "chain" else ""
            parts.append(
                text(x + size / 2, y + size - 7, f"{label} ({k}{more})", 13, anchor="middle", fill="#333344")
            )
    if points:
        parts.append(
            f'<rect x="{x + size - 40:.1f}" y="{y + size - 24:.1f}" width="44" height="26" rx="13" fill="#ffd84a" stroke="#0a0a14"/>'
        )
        parts.append(
            text(x + size - 18, y + size - 6, points, 16, anchor="middle", fill="#111", weight="bold")
        )
    else:
        parts.append(
            text(
                x + size - 6,
                y + (18 if big else 15),
                value,
                16 if big else 13,
                anchor="end",
                fill="#111",
                weight="bold",
            )
        )
    tip = card_text(card, lang) + (f". {_say(lang, 'card_hint')}" if hover else "")
    return group(
        parts, target=f"card-{card.id}" if target else None, tip=tip, data_card=card.id if hover else None
    )


# --- formations (hover highlights) -------------------------------------------------------------


def near_misses(s: StelliumState, card_id: str, limit: int = 3) -> list[tuple[tuple[int, ...], int]]:
    """Placements of a shape card's formation missing exactly one marble on an empty galaxy
    hole, all else in place: (cells with marbles, the missing cell)."""
    card = cards()[card_id]
    if card.kind != "shape":
        return []
    geo = geometry(s.layout)
    out: list[tuple[tuple[int, ...], int]] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for need, empty in patterns.placements(card_id, s.layout, s.mirror, s.bh_galaxy):
        if any(s.board[c] for c in empty):
            continue
        missing = [c for c, req in need if not s.board[c] or (req != "*" and s.board[c] != req)]
        if len(missing) != 1 or s.board[missing[0]] or geo.disc_of[missing[0]] < 0:
            continue
        key = (tuple(c for c, _ in need if c != missing[0]), missing[0])
        if key not in seen:
            seen.add(key)
            out.append(key)
            if len(out) >= limit:
                break
    return out


def longest_chain(s: StelliumState, geo: Geometry, colour: str) -> list[int]:
    """The largest connected group of marbles of one colour (at least two)."""
    best: list[int] = []
    seen: set[int] = set()
    for start, m in enumerate(s.board):
        if m != colour or start in seen:
            continue
        group_cells, todo = [start], [start]
        seen.add(start)
        while todo:
            for n in geo.neighbours[todo.pop()]:
                if n >= 0 and n not in seen and s.board[n] == colour:
                    seen.add(n)
                    group_cells.append(n)
                    todo.append(n)
        if len(group_cells) > len(best):
            best = group_cells
    return best if len(best) >= 2 else []


def _ring(pos: Any, c: int, kind: str) -> str:
    """A formation ring: ``found`` (gold), ``part`` (a marble of a partial formation) or
    ``missing`` (a hole a marble would complete it on)."""
    x, y = pos(c)
    if kind == "found":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{HOLE_R + 6:.1f}" fill="none" stroke="#ffd84a" stroke-width="5"/>'
    if kind == "part":
        return (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{HOLE_R + 6:.1f}" fill="none" stroke="#ffd84a" '
            f'stroke-opacity=".75" stroke-width="3"/>'
        )
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{HOLE_R + 3:.1f}" fill="#ffd84a" fill-opacity=".35" '
        f'stroke="#ffd84a" stroke-width="4" stroke-dasharray="7,4"/>'
    )


def formation_cells(s: StelliumState, card_id: str) -> dict[int, str]:
    """Where a card's formation is on the board (cell -> ring kind): the marbles of every
    match; with none, how close it is: a shape one marble short (the hole that would
    complete it), the centres that hold or could take the marble, the longest chain."""
    card = cards()[card_id]
    geo = geometry(s.layout)
    found = patterns.matches(card_id, s.board, s.layout, s.mirror, s.bh_galaxy)
    rings = {c: "found" for m in found for c in m}
    if card.kind == "centres":
        for d in geo.discs:
            if s.board[d[0]] == card.marble:
                rings[d[0]] = "found"
            elif not s.board[d[0]]:
                rings[d[0]] = "missing"
    elif card.kind == "chain" and not found:
        rings.update((c, "part") for c in longest_chain(s, geo, card.marble or ""))
    elif not found:
        for have, miss in near_misses(s, card_id):
            rings.update((c, "part") for c in have)
            rings[miss] = "missing"
    return rings


def formation(s: StelliumState, card_id: str, pos: Any, *, shown: bool = False) -> str:
    """The rings that show a card's formation on the board (hidden until its card is hovered)."""
    rings = "".join(_ring(pos, c, kind) for c, kind in sorted(formation_cells(s, card_id).items()))
    cls = "formation shown" if shown else "formation"
    return f'<g class="{cls}" data-formation="{card_id}" pointer-events="none">{rings}</g>'


def _formation_style(ids: list[str]) -> str:
    rules = ["& .formation { display: none; }", "& .formation.shown { display: inline; }"]
    for cid in ids:
        rules.append(
            f'&:has([data-card="{cid}"]:hover) [data-formation="{cid}"], '
            f'&:has([data-card="{cid}"]:focus) [data-formation="{cid}"] {{ display: inline; }}'
        )
    rules.append("& [data-card]:hover > rect:first-child { filter: brightness(1.08); }")
    return style("stellium", rules)


# --- the universe ---------------------------------------------------------------------------------


def _cell_tip(s: StelliumState, geo: Geometry, c: int, starts: set[int], lang: str) -> str:
    w = words(lang)
    label = geo.labels[c]
    m = s.board[c]
    if m:
        return _say(lang, "cell_marble", cell=label, type=w["types"][m]) + f". {_say(lang, 'effect_' + m)}"
    d = geo.disc_of[c]
    if d < 0:
        return _say(lang, "cell_black", cell=label)
    key = "cell_centre" if geo.centre[c] else "cell_empty"
    return _say(lang, key, cell=label, disc=DISC_LETTERS[d]) + (
        _say(lang, "cell_start") if c in starts else ""
    )


def _universe(s: StelliumState, pos: Any, geo: Geometry, pending: Any, lang: str) -> list[str]:
    out: list[str] = []
    discs = board_data().discs
    starts: set[int] = set()
    for d, cells in enumerate(geo.discs):
        cx, cy = pos(cells[0])
        rot = s.rot[d]
        parts = [
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{STEP * 1.47:.1f}" fill="#1a2452" stroke="#5b6cb8" stroke-width="2.5"/>'
        ]
        ax, ay = pos(cells[(rot % 6) + 1])
        tip_x, tip_y = cx + (ax - cx) * 1.4, cy + (ay - cy) * 1.4
        parts.append(
            f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{tip_x:.1f}" y2="{tip_y:.1f}" stroke="#8c9be0" stroke-width="2.5" stroke-dasharray="4,4"/>'
        )
        parts.append(f'<circle cx="{tip_x:.1f}" cy="{tip_y:.1f}" r="5" fill="#8c9be0"/>')
        spec = discs[s.disc_kind[d]]
        for h in range(1, 7):
            deco = spec.decoration[h]
            if deco == "none":
                continue
            hx, hy = pos(cells[(h - 1 + rot) % 6 + 1])
            if deco == "dust":
                parts.append(
                    f'<circle cx="{hx + 13:.1f}" cy="{hy - 13:.1f}" r="2.6" fill="#c9b8ff"/>'
                    f'<circle cx="{hx + 17:.1f}" cy="{hy - 6:.1f}" r="1.8" fill="#c9b8ff"/>'
                )
            else:
                parts.append(
                    f'<circle cx="{hx:.1f}" cy="{hy:.1f}" r="{STEP * 0.47:.1f}" fill="none" stroke="#6f5fb8" stroke-width="1.2"/>'
                )
        for c in start_cells_of(geo, s.disc_kind, s.rot, d):
            starts.add(c)
            hx, hy = pos(c)
            parts.append(
                f'<circle cx="{hx:.1f}" cy="{hy:.1f}" r="{STEP * 0.43:.1f}" fill="none" stroke="#e6c85a" stroke-width="2" stroke-dasharray="5,3"/>'
            )
        out.append(group(parts, tip=_say(lang, "disc_tip", disc=DISC_LETTERS[d], deg=rot * 60)))
    focus = set()
    if pending:
        focus = {pending["data"].get(k) for k in ("cell", "from", "hole")} - {None}
    names: list[str] = []  # black holes' names, drawn over the neighbouring marbles
    for c in range(geo.size):
        x, y = pos(c)
        label = geo.labels[c]
        black = geo.disc_of[c] < 0
        hole = "#000000" if black else "#0d1330"
        stroke = "#9a7cff" if black else "#3a4a8c"
        if label in focus:
            stroke = "#ff9f3f"  # the cell the pending decision is about (collision target, mover, black hole)
        parts = [
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{HOLE_R:.1f}" fill="{hole}" stroke="{stroke}" '
            f'stroke-width="{3.5 if label in focus else 1.8}"/>'
        ]
        m = s.board[c]
        if m:
            parts.append(marble(m, x, y, HOLE_R * 0.86))
        elif black:
            parts.append(
                f'<path d="M{x - 11:.1f},{y + 2:.1f} A11,11 0 0 1 {x + 11:.1f},{y + 2:.1f} M{x - 6:.1f},{y + 6:.1f} A6,6 0 0 0 {x + 6:.1f},{y + 6:.1f}" '
                f'fill="none" stroke="#5b4b99" stroke-width="1.5"/>'
            )
            names.append(text(x, y + HOLE_R + 15, label, 13, anchor="middle", fill="#9f8fe0"))
        else:
            parts.append(text(x, y + 5, label, 14, anchor="middle", fill="#8c99cc"))
        out.append(
            group(parts, target=f"cell-{label}", tip=_cell_tip(s, geo, c, starts, lang), key=f"cell-{label}")
        )
    out.append(f'<g pointer-events="none">{"".join(names)}</g>')
    out += _galaxy_letters(s, pos, geo, lang)
    return out


def _galaxy_letters(s: StelliumState, pos: Any, geo: Geometry, lang: str) -> list[str]:
    """Each galaxy's letter, large, just outside its rim where no hole is (drawn over the
    holes, so a neighbouring galaxy or black hole never covers it)."""
    out: list[str] = []
    holes = [pos(c) for c in range(geo.size)]
    for d, cells in enumerate(geo.discs):
        cx, cy = pos(cells[0])
        lx, ly = _free_spot(cx, cy, holes)
        out.append(
            group(
                [
                    f'<circle cx="{lx:.1f}" cy="{ly:.1f}" r="15" fill="#0d1330" stroke="#8c9be0"/>',
                    text(lx, ly + 7, DISC_LETTERS[d], 19, anchor="middle", fill="#dfe5ff", weight="bold"),
                ],
                tip=_say(lang, "disc_tip", disc=DISC_LETTERS[d], deg=s.rot[d] * 60),
            )
        )
    return out


def _free_spot(cx: float, cy: float, holes: list[tuple[float, float]]) -> tuple[float, float]:
    """The first place on a ring just outside a galaxy's rim (from the top left, both ways
    round) at least a hole and a letter away from every hole; the top left if none is."""
    clear = HOLE_R + 17
    for radius in (STEP * 1.62, STEP * 1.85):
        for turn in (0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90, 120, -120, 150, -150, 180):
            a = math.radians(135 + turn)
            x, y = cx + radius * math.cos(a), cy - radius * math.sin(a)
            if all(math.hypot(x - hx, y - hy) >= clear for hx, hy in holes):
                return x, y
    return cx - STEP * 1.2, cy - STEP * 1.12


def _push_arrows(s: StelliumState, pos: Any, geo: Geometry, cell: int, lang: str) -> list[str]:
    """§5.2: the six directions a comet may push, as arrows from its cell."""
    w = words(lang)
    x, y = pos(cell)
    out = []
    for i, name in enumerate(DIRS):
        a = i * math.pi / 3
        dx, dy = math.cos(a), -math.sin(a)
        x1, y1 = x + dx * (HOLE_R + 4), y + dy * (HOLE_R + 4)
        x2, y2 = x + dx * STEP * 1.15, y + dy * STEP * 1.15
        px, py = -dy * 11, dx * 11
        head = (
            f"{x2 + dx * 14:.1f},{y2 + dy * 14:.1f} {x2 + px:.1f},{y2 + py:.1f} {x2 - px:.1f},{y2 - py:.1f}"
        )
        lx, ly = x + dx * STEP * 1.62, y + dy * STEP * 1.62
        out.append(
            group(
                [
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#ff9f3f" stroke-width="7"/>',
                    f'<polygon points="{head}" fill="#ff9f3f"/>',
                    f'<circle cx="{lx:.1f}" cy="{ly:.1f}" r="17" fill="#2a1a08" stroke="#ff9f3f"/>',
                    text(lx, ly + 5, w["dirs"][name], 14, anchor="middle", fill="#ffe0c0", weight="bold"),
                ],
                target=f"dir-{name}",
                tip=_say(lang, "push_tip", dir=w["dir_names"][name]),
            )
        )
    return out


# --- the right-hand column -----------------------------------------------------------------------


def _column(s: StelliumState, obs: dict[str, Any], lang: str) -> tuple[list[str], float]:
    w = words(lang)
    out: list[str] = []
    x0, y = PANEL_X, 30.0
    out.append(text(x0, y, _say(lang, "bag"), 15, fill=DIM, weight="bold"))
    for i, m in enumerate(TYPES):
        bx = x0 + i * 70
        n = obs["bag"][m]
        out.append(
            group(
                [
                    f'<rect x="{bx}" y="{y + 8}" width="64" height="40" rx="8" fill="#141c3c"/>',
                    marble(m, bx + 19, y + 28, 15),
                    text(bx + 40, y + 34, n, 17, weight="bold"),
                ],
                target=f"bag-{m}",
                tip=_say(lang, "bag_tip", n=n, types=w["types_pl"][m]),
            )
        )
    y += 62
    if obs["in_hand"]:
        out.append(text(x0, y + 14, _say(lang, "drawn"), 15, fill=DIM, weight="bold"))
        out.append(group(marble(obs["in_hand"], x0 + 22, y + 42, 19), tip=_say(lang, "drawn_tip")))
    if obs["refill_pool"]:
        rx = x0 + 80
        out.append(text(rx, y + 14, _say(lang, "refill"), 15, fill=DIM, weight="bold"))
        for i, m in enumerate(obs["refill_pool"]):
            out.append(
                group(
                    marble(m, rx + 18 + i * 38, y + 42, 16), target=f"pool-{m}", tip=_say(lang, "refill_tip")
                )
            )
    if obs["in_hand"] or obs["refill_pool"]:
        y += 70
    pending = obs["pending"]
    if pending and pending["kind"] == "rotate":
        disc = pending["data"]["disc"]
        out.append(text(x0, y + 14, _say(lang, "rotate", disc=disc), 15, fill="#ffd84a", weight="bold"))
        for k in range(1, 6):
            bx = x0 + (k - 1) * 55
            out.append(
                group(
                    [
                        f'<rect x="{bx}" y="{y + 24}" width="51" height="38" rx="8" fill="#2a2008" stroke="#ffd84a" stroke-width="2"/>',
                        text(
                            bx + 25.5,
                            y + 48,
                            f"{60 * k}°",
                            15,
                            anchor="middle",
                            fill="#ffe9a8",
                            weight="bold",
                        ),
                    ],
                    target=f"turn-{k}",
                    tip=_say(lang, "rotate_tip", disc=disc, deg=60 * k),
                )
            )
        y += 72
    out.append(
        group(
            text(x0, y + 16, _say(lang, "display", n=obs["deck"]), 15, fill=DIM, weight="bold"),
            tip=_say(lang, "display_tip"),
        )
    )
    size, gap = 128.0, 10.0
    table = cards()
    for i, cid in enumerate(obs["display"]):
        out.append(
            card_svg(
                table[cid], x0 + (i % 2) * (size + gap), y + 26 + (i // 2) * (size + gap), size, True, lang
            )
        )
    rows = (len(obs["display"]) + 1) // 2
    return out, y + 26 + rows * (size + gap)


# --- the players ---------------------------------------------------------------------------------


def _player(
    s: StelliumState, obs: dict[str, Any], i: int, seat: int | None, y: float, lang: str
) -> list[str]:
    w = words(lang)
    p = obs["players"][i]
    colour = SEAT[i % len(SEAT)]
    mine = i == seat
    out = [
        f'<rect x="10" y="{y:.0f}" width="{WIDTH - 20}" height="{PLAYER_H - 10}" rx="8" fill="#0f1733" '
        f'stroke="{colour}" stroke-width="{3 if mine else 1.5}"/>',
        f'<rect x="10" y="{y:.0f}" width="10" height="{PLAYER_H - 10}" rx="4" fill="{colour}"/>',
    ]
    name = seat_ref(i) + (f" ({_say(lang, 'you')})" if mine else "")
    out.append(text(32, y + 28, name, 18, weight="bold"))
    total = f"{obs['scores'][i]:g}"
    out.append(
        group(
            text(32, y + 54, _say(lang, "score", total=total), 16, fill="#ffffff", weight="bold"),
            tip=_say(
                lang,
                "score_tip",
                total=total,
                cards=p["points"],
                tokens=len(p["tokens"]),
                bonus=colour_bonus(s.players[i]),
            ),
        )
    )
    # progress towards the target (card points only count for it, §8)
    frac = min(1.0, p["points"] / max(1, s.target))
    out.append(
        group(
            [
                f'<rect x="32" y="{y + 64}" width="180" height="12" rx="6" fill="#1d2746"/>',
                f'<rect x="32" y="{y + 64}" width="{180 * frac:.1f}" height="12" rx="6" fill="{colour}"/>',
                text(32, y + 94, _say(lang, "progress", points=p["points"], target=s.target), 14, fill=DIM),
            ],
            tip=_say(lang, "progress", points=p["points"], target=s.target)
            + (f" — {_say(lang, 'reached')}" if p["reached"] >= 0 else ""),
        )
    )
    # influence tokens: faded once used; the viewer's are targets while they may be used
    out.append(text(32, y + 122, _say(lang, "tokens"), 13, fill=DIM))
    for k, m in enumerate(TYPES):
        tx = 46 + k * 44
        have = m in p["tokens"]
        effect = w["effects"][m]
        parts = [
            f'<rect x="{tx - 19}" y="{y + 130}" width="38" height="38" rx="7" fill="#1d2746" stroke="{"#8c9be0" if have else "#2b355e"}"/>',
            f'<g opacity="{1 if have else 0.22}">{marble(m, tx, y + 149, 14)}</g>',
        ]
        tip = _say(lang, "token_tip" if have else "token_used", effect=effect)
        out.append(group(parts, target=f"token-{m}" if mine and have else None, tip=tip))
    # held objective cards (targets for their owner: validate, discard)
    hx = 250
    out.append(text(hx, y + 22, _say(lang, "held"), 13, fill=DIM))
    table = cards()
    for k, cid in enumerate(p["held"]):
        out.append(card_svg(table[cid], hx + k * 118, y + 30, 108, mine, lang))
    for k in range(len(p["held"]), p["held_count"]):
        out.append(
            group(
                f'<rect x="{hx + k * 118}" y="{y + 30}" width="108" height="108" rx="8" fill="#39307a" stroke="#776bd0"/>',
                tip=_say(lang, "hidden_card"),
            )
        )
    # validated cards with their points, and the colour bonus they make
    vx = 630
    out.append(text(vx, y + 22, _say(lang, "won"), 13, fill=DIM))
    pts = won_points(s, i)
    step = min(84.0, (WIDTH - 40 - vx) / max(1, len(p["won"])))
    for k, cid in enumerate(p["won"]):
        card = table[cid]
        value = pts.get(cid)
        badge = f"+{value}" if value is not None else "?"
        tip_tiers = ", ".join(f"{n}→{v}" for n, v in sorted(card.tiers.items()))
        label = (
            _say(lang, "won_tip", card=cid, points=value)
            if value is not None
            else _say(lang, "won_tip_tiers", card=cid, tiers=tip_tiers)
        )
        out.append(
            group(
                card_svg(card, vx + k * step, y + 30, 76, False, lang, points=badge, hover=False), tip=label
            )
        )
    bonus = colour_bonus(s.players[i])
    if p["won"]:
        kinds = len({table[c].colour for c in p["won"]})
        out.append(
            group(
                text(vx, y + 138, _say(lang, "colour_bonus", n=bonus, k=kinds), 14, fill="#ffd84a"),
                tip=_say(lang, "colour_bonus", n=bonus, k=kinds),
            )
        )
    return out


def render_svg(game: Game, state: StelliumState, seat: int | None, lang: str = "en") -> str:
    s = state
    w = words(lang)
    obs = game.observation(s, seat)
    geo = geometry(s.layout)
    xs = [(q + r / 2) * STEP for q, r in geo.coords]
    ys = [-r * SQ3 * STEP for _, r in geo.coords]
    ox, oy = 20 - min(xs) + STEP * 1.55, 64 - min(ys) + STEP * 1.55
    board_h = max(ys) - min(ys) + 3.1 * STEP

    def pos(c: int) -> tuple[float, float]:
        return ox + xs[c], oy + ys[c]

    column, column_bottom = _column(s, obs, lang)
    y0 = max(74 + board_h, column_bottom + 16)
    n = len(s.players)
    height = y0 + PLAYER_H * n + 4
    out = [svg_open(WIDTH, height, "stellium", background="#070b1c")]
    visible = list(obs["display"]) + [c for p in obs["players"] for c in p["held"]]
    out.append(_formation_style(visible))
    head = _say(lang, "head", round=obs["round"], target=obs["target"])
    if obs["over"]:
        head += f" · {_say(lang, 'over')}"
    elif obs["final_turns"] >= 0:
        head += f" · {_say(lang, 'last_turns', n=obs['final_turns'] + 1)}"
    out.append(text(20, 32, head, 22, weight="bold"))
    pending = obs["pending"]
    if pending:
        step = w["steps"].get(pending["kind"], pending["kind"])
        out.append(text(20, 56, _say(lang, "doing", seat=pending["seat"], step=step), 15, fill="#9fe3ff"))
    out += _universe(s, pos, geo, pending, lang)
    for cid in visible:
        shown = bool(pending and pending["kind"] in ("match", "keep") and pending["data"].get("card") == cid)
        out.append(formation(s, cid, pos, shown=shown))
    top = s.pending[-1] if s.pending else None
    if top is not None and top.kind == "collide":
        out += _push_arrows(s, pos, geo, top.data["cell"], lang)
    out += column
    for i in range(n):
        out += _player(s, obs, i, seat, y0 + PLAYER_H * i, lang)
    out.append("</svg>")
    return "".join(out)
