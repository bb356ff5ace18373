"""SVG picture of the Stellium table, as one seat sees it.

Clickable elements carry ``data-target`` ids that the actions' ``targets``
refer to: ``cell-A3`` (every hole and black hole), ``card-C05`` (display and
the viewer's held cards), ``bag-y`` (draw), ``pool-y`` (refill marbles),
``token-y`` (the viewer's influence tokens), ``dir-NE`` (collision compass),
``turn-1``..``turn-5`` (rotation), and the ``none`` / ``effect`` / ``stop`` /
``pass`` buttons. Every marble type has its own colour *and* symbol (planet:
ringed, comet: tail, star: five points, supernova: burst), so the board reads
without colour vision. Each disc shows its orientation arrow, its turned
decorations and its starting points (dashed rings), so rotations are visible.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from galaxis.core.client import seat_ref
from galaxis.games.stellium.data import DISC_LETTERS, TYPES, Card, board_data, cards, geometry, start_cells_of
from galaxis.games.stellium.text import words

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.stellium.state import StelliumState

FILL = {"g": "#3fae4a", "b": "#3a72d8", "y": "#f2c31b", "p": "#ee6fb0"}
INK = {"g": "#0b2a0e", "b": "#ffffff", "y": "#3a2a00", "p": "#3b0a24"}
DIRS = ("E", "NE", "NW", "W", "SW", "SE")
STEP = 46.0
WIDTH = 1160
MIN_FONT = 14  # the board's smallest text, readable at the width a browser gives it
SQ3 = math.sqrt(3) / 2


def _text(
    x: float,
    y: float,
    s: str,
    size: int = 13,
    anchor: str = "start",
    fill: str = "#e8ecff",
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{max(size, MIN_FONT)}" text-anchor="{anchor}" fill="{fill}" '
        f'font-weight="{weight}" font-family="sans-serif">{escape(s)}</text>'
    )


def symbol(m: str, x: float, y: float, r: float) -> str:
    """The marble's distinct symbol, drawn over its colour."""
    ink = INK[m]
    if m == "g":  # planet: a ring around a globe
        return (
            f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{r * 0.95:.1f}" ry="{r * 0.32:.1f}" fill="none" '
            f'stroke="{ink}" stroke-width="1.6" transform="rotate(-20 {x:.1f} {y:.1f})"/>'
        )
    if m == "b":  # comet: a head with a tail
        return (
            f'<circle cx="{x + r * 0.3:.1f}" cy="{y - r * 0.3:.1f}" r="{r * 0.28:.1f}" fill="{ink}"/>'
            f'<path d="M{x + r * 0.1:.1f},{y - r * 0.1:.1f} L{x - r * 0.7:.1f},{y + r * 0.7:.1f} '
            f'M{x + r * 0.35:.1f},{y:.1f} L{x - r * 0.4:.1f},{y + r * 0.75:.1f}" stroke="{ink}" stroke-width="1.6"/>'
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
    return f'<path d="{" ".join(rays)}" stroke="{ink}" stroke-width="1.8"/><circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.2:.1f}" fill="{ink}"/>'


def marble(m: str, x: float, y: float, r: float) -> str:
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{FILL[m]}" stroke="#0a0a14" stroke-width="1"/>'
        + symbol(m, x, y, r)
    )


def _button(target: str, x: float, y: float, w: float, label: str, active: bool) -> str:
    stroke = "#9fe3ff" if active else "#3a4670"
    ink = "#ffffff" if active else "#7782a8"
    return (
        f'<g data-target="{target}" class="clickable"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="24" rx="5" '
        f'fill="#1d2746" stroke="{stroke}"/>' + _text(x + w / 2, y + 16, label, 12, "middle", ink) + "</g>"
    )


def card_svg(
    card: Card, x: float, y: float, size: float, target: bool, note: str = "", lang: str = "en"
) -> str:
    """A square objective card: its pattern in small, its value top right, its colour as the frame."""
    c = words(lang)["card"]
    parts = [f'<g data-target="card-{card.id}" class="clickable">'] if target else ["<g>"]
    parts.append(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="6" fill="#f3efe4" '
        f'stroke="{FILL[card.colour]}" stroke-width="4"/>'
    )
    parts.append(_text(x + 5, y + 13, card.id, 10, fill="#333"))
    if card.kind == "shape":
        value = str(card.points)
        spots = list(card.cells) + list(card.empty)
        px = [q + r / 2 for q, r in spots]
        py = [-r * SQ3 for _, r in spots]
        cx, cy = (max(px) + min(px)) / 2, (max(py) + min(py)) / 2
        s = min(13.0, size * 0.5 / max(1.0, max(px) - min(px) + 1, max(py) - min(py) + 1))
        ox, oy = x + size / 2, y + size / 2 + 6
        for i, (q, r) in enumerate(card.cells):
            mx, my = ox + (q + r / 2 - cx) * s * 1.9, oy + (-r * SQ3 - cy) * s * 1.9
            req = card.marbles[i]
            if req == "*":
                parts.append(
                    f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="{s * 0.8:.1f}" fill="#999" stroke="#333"/>'
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
        if card.different_galaxies:
            parts.append(_text(x + size / 2, y + size - 5, c["short_different"], 9, "middle", "#333"))
    else:
        value = "/".join(str(v) for _, v in sorted(card.tiers.items()))
        label = c["short_centre"] if card.kind == "centres" else c["short_chain"]
        k = "+".join(str(t) for t in sorted(card.tiers))
        assert card.marble is not None
        parts.append(marble(card.marble, x + size / 2, y + size / 2, 11))
        parts.append(
            _text(
                x + size / 2,
                y + size - 6,
                f"{label} ({k}{'+' if card.kind == 'chain' else ''})",
                10,
                "middle",
                "#333",
            )
        )
    parts.append(_text(x + size - 5, y + 13, value, 12, "end", "#111", "bold"))
    if note:
        parts.append(_text(x + size / 2, y + size + 12, note, 10, "middle", "#aab"))
    parts.append("</g>")
    return "".join(parts)


def render_svg(game: Game, state: StelliumState, seat: int | None, lang: str = "en") -> str:
    w = words(lang)
    obs = game.observation(state, seat)
    geo = geometry(state.layout)
    table = cards()
    legal = (
        {a.notation for a in game.legal_actions(state, seat)}
        if seat is not None and seat in obs["to_move"]
        else set()
    )
    xs = [(q + r / 2) * STEP for q, r in geo.coords]
    ys = [-r * SQ3 * STEP for _, r in geo.coords]
    ox, oy = 40 - min(xs) + STEP, 70 - min(ys) + STEP
    board_h = max(ys) - min(ys) + 2 * STEP
    n = len(obs["players"])
    height = int(max(90 + board_h + 40, 560) + 118 * n)

    def pos(c: int) -> tuple[float, float]:
        return ox + xs[c], oy + ys[c]

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" data-game="stellium">',
        f'<rect width="{WIDTH}" height="{height}" fill="#070b1c"/>',
    ]
    title = f"{w['title']} — {w['round']} {obs['round']} — {w['target']} {obs['target']}"
    if obs["over"]:
        title += f" — {w['over']}"
    elif obs["final_turns"] >= 0:
        title += f" — {w['final']}: {obs['final_turns'] + 1}"
    out.append(_text(20, 28, title, 20, weight="bold"))
    pending = obs["pending"]
    if pending:
        who = seat_ref(pending["seat"]) + (f" ({w['you']})" if pending["seat"] == seat else "")
        out.append(
            _text(
                20,
                50,
                f"{w['to_move']}: {who} — {w['steps'].get(pending['kind'], pending['kind'])}",
                14,
                fill="#9fe3ff",
            )
        )

    # galaxy discs: body, orientation arrow, decorations and starting points turn with the disc
    discs = board_data().discs
    for d, cells in enumerate(geo.discs):
        cx, cy = pos(cells[0])
        rot = state.rot[d]
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{STEP * 1.45:.1f}" fill="#1a2452" stroke="#4d5ea8" stroke-width="2"/>'
        )
        ax, ay = pos(cells[(rot % 6) + 1])
        tip_x, tip_y = cx + (ax - cx) * 1.38, cy + (ay - cy) * 1.38
        out.append(
            f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{tip_x:.1f}" y2="{tip_y:.1f}" stroke="#8c9be0" stroke-width="2" stroke-dasharray="3,3"/>'
        )
        out.append(f'<circle cx="{tip_x:.1f}" cy="{tip_y:.1f}" r="3.5" fill="#8c9be0"/>')
        out.append(
            _text(cx - STEP * 1.35, cy - STEP * 1.1, f"{DISC_LETTERS[d]} {rot * 60}°", 11, fill="#8c9be0")
        )
        spec = discs[state.disc_kind[d]]
        for h in range(1, 7):
            deco = spec.decoration[h]
            if deco == "none":
                continue
            hx, hy = pos(cells[(h - 1 + rot) % 6 + 1])
            if deco == "dust":
                out.append(
                    f'<circle cx="{hx + 9:.1f}" cy="{hy - 9:.1f}" r="2" fill="#c9b8ff"/><circle cx="{hx + 12:.1f}" cy="{hy - 4:.1f}" r="1.4" fill="#c9b8ff"/>'
                )
            else:
                out.append(
                    f'<circle cx="{hx:.1f}" cy="{hy:.1f}" r="{STEP * 0.47:.1f}" fill="none" stroke="#6f5fb8" stroke-width="1"/>'
                )
        for c in start_cells_of(geometry(state.layout), state.disc_kind, state.rot, d):
            hx, hy = pos(c)
            out.append(
                f'<circle cx="{hx:.1f}" cy="{hy:.1f}" r="{STEP * 0.42:.1f}" fill="none" stroke="#e6c85a" stroke-width="1.5" stroke-dasharray="4,2"/>'
            )
    # holes and marbles
    for c in range(geo.size):
        x, y = pos(c)
        label = geo.labels[c]
        black = geo.disc_of[c] < 0
        hole = "#000000" if black else "#0d1330"
        stroke = "#9a7cff" if black else "#33407a"
        if label in legal:
            stroke = "#9fe3ff"
        if pending and label in (
            pending["data"].get("cell"),
            pending["data"].get("from"),
            pending["data"].get("hole"),
        ):
            stroke = "#ff9f3f"  # the cell the pending decision is about (collision target, mover, black hole)
        out.append(f'<g data-target="cell-{label}" class="clickable">')
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{STEP * 0.36:.1f}" fill="{hole}" stroke="{stroke}" stroke-width="{2.5 if label in legal else 1.5}"/>'
        )
        if black:
            out.append(
                f'<path d="M{x - 8:.1f},{y:.1f} A8,8 0 0 1 {x + 8:.1f},{y:.1f} M{x - 4:.1f},{y + 3:.1f} A4,4 0 0 0 {x + 4:.1f},{y + 3:.1f}" '
                f'fill="none" stroke="#5b4b99" stroke-width="1.2"/>'
            )
        m = state.board[c]
        if m:
            out.append(marble(m, x, y, STEP * 0.31))
        out.append(_text(x, y + STEP * 0.36 + 10, label, 9, "middle", "#7d89b8"))
        out.append("</g>")

    # right panel: bag, drawn marble, refill pool, controls, display
    px = 600
    y = 80
    out.append(_text(px, y, w["bag"], 13, fill="#aab"))
    for i, m in enumerate(TYPES):
        bx = px + i * 70
        out.append(
            f'<g data-target="bag-{m}" class="clickable">'
            + marble(m, bx + 14, y + 20, 12)
            + _text(bx + 32, y + 25, str(obs["bag"][m]), 14)
            + "</g>"
        )
    if obs["in_hand"]:
        out.append(
            _text(px + 300, y, w["in_hand"], 13, fill="#aab") + marble(obs["in_hand"], px + 314, y + 20, 12)
        )
    if obs["refill_pool"]:
        out.append(_text(px + 380, y, w["refill"], 13, fill="#aab"))
        for i, m in enumerate(obs["refill_pool"]):
            out.append(
                f'<g data-target="pool-{m}" class="clickable">'
                + marble(m, px + 394 + i * 28, y + 20, 11)
                + "</g>"
            )
    y += 50
    # collision compass and rotation buttons (lit when they are the pending choice)
    ccx, ccy = px + 40, y + 38
    for i, name in enumerate(DIRS):
        a = i * math.pi / 3
        dx, dy = ccx + 30 * math.cos(a), ccy - 30 * math.sin(a)
        lit = name in legal
        out.append(
            f'<g data-target="dir-{name}" class="clickable"><circle cx="{dx:.1f}" cy="{dy:.1f}" r="11" fill="#1d2746" '
            f'stroke="{"#9fe3ff" if lit else "#3a4670"}"/>'
            + _text(dx, dy + 4, w["dirs"][name], 9, "middle", "#fff" if lit else "#7782a8")
            + "</g>"
        )
    for k in range(1, 6):
        out.append(_button(f"turn-{k}", px + 90 + (k - 1) * 46, y + 8, 40, f"↺{k}", f"turn {k}" in legal))
    for i, name in enumerate(("none", "effect", "stop", "pass")):
        if name in legal:
            out.append(_button(name, px + 90 + i * 92, y + 42, 86, w["buttons"][name], True))
    viewer_tokens = obs["players"][seat]["tokens"] if seat is not None else []
    for i, m in enumerate(viewer_tokens):
        tx = px + 330 + i * 34
        lit = f"token {m}" in legal
        out.append(
            f'<g data-target="token-{m}" class="clickable"><rect x="{tx - 15:.1f}" y="{y - 7:.1f}" width="30" height="30" rx="4" '
            f'fill="#1d2746" stroke="{"#9fe3ff" if lit else "#3a4670"}"/>' + marble(m, tx, y + 8, 10) + "</g>"
        )
    if viewer_tokens:
        out.append(_text(px + 315, y + 38, w["tokens"], 11, fill="#aab"))
    y += 90
    out.append(_text(px, y, f"{w['display']} — {w['deck']}: {obs['deck']}", 13, fill="#aab"))
    for i, cid in enumerate(obs["display"]):
        out.append(card_svg(table[cid], px + (i % 4) * 136, y + 8 + (i // 4) * 134, 122, True, lang=lang))

    # players
    y0 = int(max(90 + board_h + 40, 560))
    for p in obs["players"]:
        i = p["seat"]
        py = y0 + 118 * i
        border = "#9fe3ff" if i in obs["to_move"] else "#2b355e"
        out.append(
            f'<rect x="10" y="{py}" width="{WIDTH - 20}" height="110" rx="6" fill="#0f1733" stroke="{border}"/>'
        )
        name = seat_ref(i) + (f" ({w['you']})" if i == seat else "")
        out.append(_text(22, py + 24, name, 16, weight="bold"))
        out.append(_text(22, py + 46, f"{w['score']}: {obs['scores'][i]:g}", 13))
        out.append(_text(22, py + 64, f"{w['points']}: {p['points']}", 12, fill="#bbc"))
        for k, m in enumerate(TYPES):  # tokens: faded once used
            used = m not in p["tokens"]
            out.append(f'<g opacity="{0.2 if used else 1}">' + marble(m, 30 + k * 26, py + 88, 9) + "</g>")
        out.append(_text(150, py + 18, w["held"], 11, fill="#aab"))
        for k, cid in enumerate(p["held"]):
            out.append(card_svg(table[cid], 150 + k * 92, py + 24, 80, i == seat, lang=lang))
        for k in range(len(p["held"]), p["held_count"]):
            out.append(
                f'<rect x="{150 + k * 92}" y="{py + 24}" width="80" height="80" rx="6" fill="#39307a" stroke="#776bd0"/>'
            )
        out.append(_text(440, py + 18, w["won"], 11, fill="#aab"))
        for k, cid in enumerate(p["won"]):
            out.append(card_svg(table[cid], 440 + k * 62, py + 24, 56, False, lang=lang))
    out.append("</svg>")
    return "".join(out)
