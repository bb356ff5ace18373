"""SVG picture of a Pulsar 2849 table, as one seat sees it.

Clickable elements carry ``data-target`` ids that the actions' ``targets`` refer to:
``n<node>`` (every location of the star cluster), ``ship``, ``die-<v>`` (dice on the dice
board), ``track-i`` / ``track-e``, ``gyro-s|m|l``, ``tx-<tile>``, ``tech-<id>``,
``hq-<slot>`` and ``hq-side-1|2`` (the viewer's HQ), ``buy-pm`` / ``buy-p2``, ``bonus`` /
``explore`` and ``goal-<id>``. Face-down system tiles show only a "?".
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from galaxis.core.client import seat_ref
from galaxis.core.messages import fmt
from galaxis.games.pulsar.data import board, hq_boards, tech_ids, terms, transmitters
from galaxis.games.pulsar.views import goal_text

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.pulsar.state import PulsarState

SEAT_FILL = ["#d33a2c", "#2f62c9", "#e8c21a", "#2e9e3e"]
GATE_FILL = {"o": "#f28c1e", "p": "#e05bb5", "g": "#3cbf4a"}
SCALE = 700 / 1684
# The star map (700 units) is drawn 1.4 times larger on top, the boards below it 1.3 times
# larger, so that at the width a browser gives the board every text is readable.
WIDTH = 1000
MAP_SCALE, PANEL_SCALE = 1.4, 1.3
PANEL_X0 = 730  # where the boards' own coordinates start
MIN_FONT = 9  # before the scaling above: at least 11.7 units on the page


def _t(
    x: float,
    y: float,
    s: str,
    size: int = 12,
    anchor: str = "start",
    fill: str = "#eee",
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{max(size, MIN_FONT)}" text-anchor="{anchor}" fill="{fill}" '
        f'font-weight="{weight}" font-family="sans-serif">{escape(s)}</text>'
    )


def _box(
    x: float,
    y: float,
    w: float,
    h: float,
    label: str,
    target: str = "",
    fill: str = "#1c2742",
    size: int = 11,
) -> str:
    attr = f' data-target="{target}" class="clickable"' if target else ""
    return (
        f'<g{attr}><rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="4" fill="{fill}" stroke="#6b7ba0"/>'
        + _t(x + 4, y + h / 2 + 4, label, size)
        + "</g>"
    )


def _cluster(s: PulsarState, letters: dict[str, str]) -> list[str]:
    bd = board(s.board)
    out = [
        '<circle cx="350" cy="350" r="345" fill="#070b18" stroke="#334"/>',
        '<circle cx="350" cy="350" r="40" fill="#000" stroke="#445"/>',
    ]
    seen: set[tuple[int, int]] = set()
    for a, b in bd.edges:
        na, nb = bd.nodes[a], bd.nodes[b]
        double = (a, b) in seen
        seen.add((a, b))
        off = 3 if double else 0
        out.append(
            f'<line x1="{na.x * SCALE + off:.1f}" y1="{na.y * SCALE + off:.1f}" x2="{nb.x * SCALE + off:.1f}" y2="{nb.y * SCALE + off:.1f}" '
            f'stroke="#8899bb" stroke-width="1.5"/>'
        )
    for nid, node in bd.nodes.items():
        x, y = node.x * SCALE, node.y * SCALE
        kind = node.type
        parts = [f'<g data-target="n{nid}" class="clickable">']
        if kind == "gate":
            c = bd.colour[nid]
            parts.append(
                f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" transform="rotate(45 {x:.1f} {y:.1f})" fill="{GATE_FILL[c]}"/>'
            )
        elif kind == "start_gate":
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="#777" stroke="#ddd"/>')
        elif kind == "system":
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="13" fill="#23406e" stroke="#9cf"/>')
            if nid in s.planets:
                parts.append(_t(x, y - 15, f"T{s.tiles[nid]}", 9, "middle", "#9cf"))
                for i, occ in enumerate(s.planets[nid]):
                    fill = "#555" if occ == -2 else "#0b1020" if occ == -1 else SEAT_FILL[occ]
                    parts.append(
                        f'<circle cx="{x - 9 + i * 6:.1f}" cy="{y + 3:.1f}" r="3" fill="{fill}" stroke="#ccc" stroke-width="0.5"/>'
                    )
            else:
                parts.append(_t(x, y + 4, "?", 11, "middle", "#fff", "bold"))
        else:
            isolated = kind == "pulsar_isolated"
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#fff8c0" stroke="{"#666" if isolated else "#ffd84a"}" stroke-dasharray="{"2,2" if isolated else "none"}"/>'
            )
            if nid in s.owner:
                parts.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="none" stroke="{SEAT_FILL[s.owner[nid]]}" stroke-width="3"/>'
                )
            if nid in s.gyros:
                size, spin = s.gyros[nid]
                letter = letters[size]
                parts.append(_t(x, y + 4, letter.upper() if spin else letter, 9, "middle", "#000", "bold"))
        parts.append(_t(x + 9, y - 7, str(nid), 7, "start", "#778"))
        parts.append("</g>")
        out.append("".join(parts))
    for seat, p in enumerate(s.players):
        if p.ship >= 0:
            node = bd.nodes[p.ship]
            x, y = node.x * SCALE + 8 - 4 * seat, node.y * SCALE + 8
            out.append(
                f'<g data-target="ship"><polygon points="{x:.1f},{y - 7:.1f} {x + 5:.1f},{y + 5:.1f} {x - 5:.1f},{y + 5:.1f}" fill="{SEAT_FILL[seat]}" stroke="#fff"/></g>'
            )
    return out


def _dice_board(s: PulsarState, x0: float, y0: float, w: dict[str, Any], lang: str) -> list[str]:
    out = [_t(x0, y0 - 6, fmt(lang, w["board"]["dice_board"], round=s.round), 13, weight="bold")]
    for v in range(1, 7):
        bx = x0 + (v - 1) * 60
        out.append(f'<rect x="{bx:.0f}" y="{y0:.0f}" width="56" height="44" fill="#141c33" stroke="#556"/>')
        out.append(_t(bx + 3, y0 + 10, str(v), 8, fill="#889"))
        for i, d in enumerate(x for x in s.pool if x == v):
            out.append(
                _box(bx + 4 + (i % 3) * 17, y0 + 12 + (i // 3) * 16, 15, 15, str(d), f"die-{v}", "#ccc", 10)
            )
    mx = x0 + (s.median - 1) * 30 + 28
    out.append(
        f'<polygon points="{mx:.0f},{y0 + 46:.0f} {mx - 6:.0f},{y0 + 56:.0f} {mx + 6:.0f},{y0 + 56:.0f}" fill="#ff5"/>'
    )
    for t, name in enumerate(("i", "e")):
        ty = y0 + 64 + t * 34
        out.append(f'<g data-target="track-{name}" class="clickable">')
        out.append(_t(x0, ty + 12, w["initiative"] if name == "i" else w["engineering"], 10))
        for space, stack in enumerate(s.tracks[t]):
            sx = x0 + 70 + space * 20
            fill = "#3a1a1a" if space >= 13 else "#1a2236"
            out.append(
                f'<rect x="{sx:.0f}" y="{ty:.0f}" width="18" height="30" fill="{fill}" stroke="#445"/>'
            )
            for h, m in enumerate(stack):
                out.append(
                    f'<rect x="{sx + 3:.0f}" y="{ty + 24 - h * 6:.0f}" width="12" height="5" fill="{SEAT_FILL[m // 2]}"/>'
                )
        out.append("</g>")
    oy = y0 + 140
    out.append(_t(x0, oy, f"{w['order']}: " + ", ".join(str(x) for x in s.order), 11))
    return out


def render_svg(game: Game, s: PulsarState, seat: int | None, lang: str = "en") -> str:
    map_height = 700 * MAP_SCALE + 10
    panel_height = (502 + 100 * len(s.players)) * PANEL_SCALE
    height = int(map_height + panel_height + 10)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">',
        f'<rect width="{WIDTH}" height="{height}" fill="#0b0f1e"/>',
    ]
    all_terms = terms()
    w: dict[str, Any] = all_terms.get(lang, all_terms["en"])
    parts.append(f'<g transform="translate(10 0) scale({MAP_SCALE})">')
    parts += _cluster(s, w["size_letters"])
    parts.append("</g>")
    shift = 10 - PANEL_X0 * PANEL_SCALE
    parts.append(f'<g transform="translate({shift:.0f} {map_height:.0f}) scale({PANEL_SCALE})">')
    x0 = PANEL_X0
    b = w["board"]
    parts += _dice_board(s, x0, 24, w, lang)
    # gyrodyne board and modifier board
    gy = 190
    for i, size in enumerate(("s", "m", "l")):
        holders = ",".join(str(x) for x in s.award_holders[size])
        parts.append(
            _box(
                x0 + i * 110,
                gy,
                104,
                24,
                fmt(lang, b["supply"], size=w["sizes"][size], left=s.gyro_supply[size])
                + (f" [{holders}]" if holders else ""),
                f"gyro-{size}",
            )
        )
    parts.append(_box(x0 + 340, gy, 60, 24, fmt(lang, b["buy"], token="±1"), "buy-pm"))
    parts.append(_box(x0 + 404, gy, 60, 24, fmt(lang, b["buy"], token="+2"), "buy-p2"))
    # transmitter display
    ty = 224
    parts.append(_t(x0, ty + 14, f"{w['transmitters']}:", 11))
    for i, tid in enumerate(s.display):
        tile = transmitters()[tid]
        parts.append(
            _box(
                x0 + 90 + i * 125,
                ty,
                120,
                22,
                f"{tid} {b['cost']} {'/'.join(map(str, tile.costs))}, {b['link']} {','.join(map(str, tile.links))}",
                f"tx-{tid}",
                "#2a2440",
                10,
            )
        )
    # technologies
    tty = 256
    techs = tech_ids(s.tech_boards)
    parts.append(_t(x0, tty + 10, fmt(lang, b["techs"], boards="/".join(s.tech_boards), row=s.round), 11))
    for row in range(1, 9):
        ids = [tid for tid in techs if int(tid[0]) == row]
        for j, tid in enumerate(ids):
            t = techs[tid]
            who = ",".join(str(x) for x in s.patents[tid])
            fill = "#24402a" if row <= s.round else "#222"
            parts.append(
                _box(
                    x0 + (j * 150),
                    tty + 14 + (row - 1) * 24,
                    146,
                    21,
                    f"{tid} {w['tech_types'][t.type]} {t.cost}{' 🔒' if t.mode == 'lock' else ''} [{who}]",
                    f"tech-{tid}",
                    fill,
                    10,
                )
            )
    # goals
    gy2 = tty + 14 + 8 * 24 + 6
    for i, g in enumerate(s.goals):
        parts.append(
            _box(x0 + i * 150, gy2, 146, 21, goal_text(g, lang, s.goal4_any), f"goal-{g}", "#403a24", 9)
        )
    parts.append(_box(x0 + 460, gy2, 50, 21, b["bonus"], "bonus"))
    parts.append(_box(x0 + 514, gy2, 56, 21, b["explore"], "explore"))
    # players
    py = gy2 + 34
    for i, p in enumerate(s.players):
        y = py + i * 100
        parts.append(
            f'<rect x="{x0:.0f}" y="{y:.0f}" width="760" height="94" fill="#111a2e" stroke="{SEAT_FILL[i]}"/>'
        )
        parts.append(
            _t(
                x0 + 6,
                y + 15,
                fmt(
                    lang,
                    b["seat"],
                    seat=seat_ref(i),
                    score=p.score,
                    cubes=p.cubes,
                    pm=p.pm,
                    p2=p.p2,
                    dice=", ".join(map(str, p.dice)) or "-",
                )
                + (", " + fmt(lang, b["red"], value=p.red) if p.red >= 0 else "")
                + ", "
                + fmt(lang, b["held"], tiles=", ".join(w["sizes"].get(h, h) for h in p.held) or "-"),
                11,
                fill=SEAT_FILL[i],
            )
        )
        for k, tid in enumerate(sorted(p.tx)):
            state = b["online_mark"] if tid in p.online else "".join("x" if c else "." for c in p.tx[tid])
            parts.append(
                _box(
                    x0 + 6 + k * 62,
                    y + 22,
                    58,
                    18,
                    f"{tid} {state}",
                    f"tx-{tid}" if seat == i else "",
                    "#2a2440",
                    10,
                )
            )
        parts.append(
            _t(
                x0 + 6,
                y + 56,
                fmt(
                    lang,
                    b["arrays"],
                    arrays=" | ".join("-".join(e[0] for e in arr) for arr in p.arrays) or "-",
                ),
                10,
            )
        )
        if p.hq:
            side = p.hq_side or p.hq + "?"
            parts.append(_t(x0 + 6, y + 74, f"HQ {side}:", 10))
            if p.hq_side:
                projects = hq_boards()[p.hq_side].projects
                for slot in range(1, 9):
                    mark = "✓" if slot in p.hq_done else ""
                    parts.append(
                        _box(
                            x0 + 60 + (slot - 1) * 56,
                            y + 64,
                            52,
                            18,
                            f"{slot}:{projects[slot].cost}{mark}",
                            f"hq-{slot}" if seat == i else "",
                            "#2c2c44",
                            10,
                        )
                    )
            elif seat == i:
                parts.append(_box(x0 + 60, y + 64, 60, 18, fmt(lang, b["side"], v=1), "hq-side-1"))
                parts.append(_box(x0 + 124, y + 64, 60, 18, fmt(lang, b["side"], v=2), "hq-side-2"))
    parts.append("</g></svg>")
    return "".join(parts)
