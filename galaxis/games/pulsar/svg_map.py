"""The star cluster of Pulsar 2849 as a picture (docs/games/pulsar.md §4): gates in their
colours, systems (face down, or their planets with the stations on them), pulsars with their
owners' rings and gyrodynes, the ships, the score track around the rim, and a flight being
flown: its path so far, the hops it may take next (the client highlights them) and every
place it can still end, highlighted; hovering a next hop shows the ends reachable through it.

Targets: ``n<node>`` for every location, ``ship`` for the viewer's own ship."""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from galaxis.core.messages import fmt
from galaxis.core.svg import group, text
from galaxis.games.pulsar.client import texts
from galaxis.games.pulsar.data import board, system_tiles, words
from galaxis.games.pulsar.effects import system_tip
from galaxis.games.pulsar.flight import hops

if TYPE_CHECKING:
    from galaxis.games.pulsar.data import Board
    from galaxis.games.pulsar.state import PulsarState

SEAT_FILL = ("#e0473a", "#3d74e0", "#e8c21a", "#35b04a")
GATE_FILL = {"o": "#f28c1e", "p": "#e05bb5", "g": "#3cbf4a"}
FRAME = 1684.0  # the board data's coordinate frame
SLOT = {"UL": (-0.5, -0.55), "UR": (0.5, -0.55), "L": (-0.75, 0.45), "R": (0.75, 0.45)}


def _say(lang: str, key: str, **values: object) -> str:
    return fmt(lang, str(texts()["hu" if lang == "hu" else "en"]["board"][key]), **values)


@cache
def _ends(name: str, node: int, used: frozenset[int], left: int) -> frozenset[int]:
    """Every location a walk of exactly ``left`` more segments from ``node`` can end on,
    never reusing a segment (§4.2)."""
    bd = board(name)
    if left == 0:
        return frozenset((node,))
    out: set[int] = set()
    for e, v in bd.adj[node]:
        if e not in used:
            out |= _ends(name, v, used | {e}, left - 1)
    return frozenset(out)


def flight_ends(
    s: PulsarState, data: dict[str, Any]
) -> tuple[int, frozenset[int], dict[int, frozenset[int]]]:
    """The flight's position, where it can still end, and where through each next hop."""
    at = int(data["visited"][-1]) if data["visited"] else int(data["start"])
    used = frozenset(int(e) for e in data["used"])
    left = int(data["left"])
    via = {v: _ends(s.board, v, used | {e}, left - 1) for e, v in hops(board(s.board), at, list(used), left)}
    return at, _ends(s.board, at, used, left), via


class Map:
    """Coordinates of the star cluster drawn ``size`` units wide at (x0, y0)."""

    def __init__(self, s: PulsarState, x0: float, y0: float, size: float) -> None:
        self.s = s
        self.bd: Board = board(s.board)
        self.x0, self.y0, self.k = x0, y0, size / FRAME
        self.size = size

    def at(self, node: int) -> tuple[float, float]:
        n = self.bd.nodes[node]
        return self.x0 + n.x * self.k, self.y0 + n.y * self.k


def gyro_icon(x: float, y: float, r: float, size: str, fill: str, spinning: bool) -> str:
    """A gyrodyne: a fan with 1, 2 or 3 blades (small, medium, large); solid when spinning."""
    blades = {"s": 1, "m": 2, "l": 3}[size]
    out = []
    for b in range(blades):
        a = b * 2 * math.pi / blades - math.pi / 2
        tx, ty = x + r * math.cos(a), y + r * math.sin(a)
        lx, ly = x + r * 0.55 * math.cos(a + 0.8), y + r * 0.55 * math.sin(a + 0.8)
        out.append(
            f'<path d="M{x:.1f},{y:.1f} L{tx:.1f},{ty:.1f} Q{lx:.1f},{ly:.1f} {x:.1f},{y:.1f}" fill="{fill if spinning else "none"}" '
            f'stroke="{fill}" stroke-width="1.6"/>'
        )
    out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.22:.1f}" fill="{fill}"/>')
    return "".join(out)


def _segments(m: Map) -> list[str]:
    out = []
    seen: set[tuple[int, int]] = set()
    for a, b in m.bd.edges:
        (xa, ya), (xb, yb) = m.at(a), m.at(b)
        off = 0.0
        if (a, b) in seen:  # the second line of a doubled dead-end segment
            off = 3.0
        seen.add((a, b))
        dx, dy = xb - xa, yb - ya
        length = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / length * off, dx / length * off
        out.append(
            f'<line x1="{xa + ox:.1f}" y1="{ya + oy:.1f}" x2="{xb + ox:.1f}" y2="{yb + oy:.1f}" stroke="#7284b0" stroke-width="1.6"/>'
        )
    return out


def _system(m: Map, node: int, x: float, y: float, lang: str) -> tuple[list[str], str]:
    s = m.s
    r = 17.0
    parts = [
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#1d3766" stroke="#9cc8ff" stroke-width="1.5"/>'
    ]
    if node not in s.planets:
        parts.append(text(x, y + 6, "?", 17, anchor="middle", fill="#ffffff", weight="bold"))
        return parts, _say(lang, "system_hidden", node=node)
    tile = system_tiles()[s.tiles[node]]
    for i, (slot, kind, _label) in enumerate(tile.planets):
        dx, dy = SLOT[slot]
        px, py = x + dx * r * 0.95, y + dy * r * 0.95
        occ = s.planets[node][i]
        fill = "#4aa3ff" if kind == "blue" else "#a08a6a"
        parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="6" fill="{fill}" stroke="#0b1020"/>')
        if occ == -2:  # blocked at this player count
            parts.append(
                f'<path d="M{px - 5:.1f},{py - 5:.1f} L{px + 5:.1f},{py + 5:.1f} M{px + 5:.1f},{py - 5:.1f} L{px - 5:.1f},{py + 5:.1f}" stroke="#111" stroke-width="2"/>'
            )
        elif occ >= 0:  # a station: the owner's marker on the planet
            parts.append(
                f'<rect x="{px - 3.5:.1f}" y="{py - 3.5:.1f}" width="7" height="7" fill="{SEAT_FILL[occ]}" stroke="#fff" stroke-width="1"/>'
            )
    return parts, system_tip(node, s.tiles[node], s.planets[node], lang)


def _pulsar(m: Map, node: int, x: float, y: float, lang: str) -> tuple[list[str], str]:
    s = m.s
    isolated = m.bd.kind[node] == "pulsar_isolated"
    parts = [
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="13" fill="#fff3b0" fill-opacity=".18"/>',
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="#fff6c8" stroke="{"#8a8a8a" if isolated else "#ffd84a"}" '
        f'stroke-width="2" stroke-dasharray="{"3,2" if isolated else "none"}"/>',
    ]
    owner = s.owner.get(node)
    if owner is not None:
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="13" fill="none" stroke="{SEAT_FILL[owner]}" stroke-width="4"/>'
        )
        tip = _say(lang, "pulsar_owned", node=node, seat=owner)
    else:
        tip = _say(lang, "iso_tip" if isolated else "pulsar_tip", node=node)
    if node in s.gyros:
        size, spinning = s.gyros[node]
        ink = SEAT_FILL[owner] if owner is not None else "#333"
        parts.append(gyro_icon(x, y, 8, size, ink, bool(spinning)))
        state = _say(lang, "spinning" if spinning else "building")
        tip += _say(lang, "gyro_on", size=words(lang)["sizes"][size], state=state)
    return parts, tip


def _node(m: Map, node: int, lang: str) -> str:
    x, y = m.at(node)
    kind = m.bd.kind[node]
    if kind == "gate":
        c = m.bd.colour[node]
        parts = [
            f'<rect x="{x - 7:.1f}" y="{y - 7:.1f}" width="14" height="14" transform="rotate(45 {x:.1f} {y:.1f})" '
            f'fill="{GATE_FILL[c]}" stroke="#0b1020"/>'
        ]
        tip = _say(lang, "gate_tip", node=node, colour=words(lang)["colours"][c])
    elif kind == "start_gate":
        parts = [
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="12" fill="#6b7280" stroke="#e5e7eb" stroke-width="2"/>',
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#e5e7eb"/>',
        ]
        tip = _say(lang, "start_gate_tip", node=node)
    elif kind == "system":
        parts, tip = _system(m, node, x, y, lang)
    else:
        parts, tip = _pulsar(m, node, x, y, lang)
    parts.append(text(x + 12, y - 10, node, 12, fill="#9fb0d8"))
    # an invisible disc under it all: the node takes a click (or a finger on a phone) near it,
    # not only on its small diamond or circle, and the middle of the node with its number is
    # always part of it
    hit = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="transparent"/>'
    return group([hit, *parts], target=f"n{node}", tip=tip, key=f"n{node}")


def _score_track(m: Map, lang: str) -> list[str]:
    """The score track around the rim (0 at the top, clockwise); a marker per player at
    their score (a second lap past 100 is shown by the number in the tip)."""
    cx, cy = m.x0 + m.size / 2, m.y0 + m.size / 2
    r = m.size / 2 - 6
    out = [
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="none" stroke="#2b3558" stroke-width="10"/>'
    ]
    for k in range(0, 100, 5):
        a = k / 100 * 2 * math.pi - math.pi / 2
        x1, y1 = cx + (r - 5) * math.cos(a), cy + (r - 5) * math.sin(a)
        x2, y2 = cx + (r + 5) * math.cos(a), cy + (r + 5) * math.sin(a)
        out.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#56648f" stroke-width="{2 if k % 10 == 0 else 1}"/>'
        )
    for seat, p in enumerate(m.s.players):
        a = (p.score % 100) / 100 * 2 * math.pi - math.pi / 2
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        x += 5 * (seat - 1.5) * math.sin(a)
        y -= 5 * (seat - 1.5) * math.cos(a)
        out.append(
            group(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{SEAT_FILL[seat]}" stroke="#fff" stroke-width="1.5"/>',
                tip=_say(lang, "score_tip", seat=seat, n=p.score),
            )
        )
    return out


def _flight(m: Map, lang: str) -> tuple[list[str], list[str], list[str]]:
    """A flight in progress: the path so far, its possible ends, per-hop ends (shown on hover),
    and the style rules for that hover."""
    s = m.s
    step = s.pending[-1] if s.pending else None
    if step is None or step.kind != "fly":
        return [], [], []
    seat = step.seat
    colour = SEAT_FILL[seat]
    data = step.data
    at, ends, via = flight_ends(s, data)
    path = [int(data["start"]), *(int(v) for v in data["visited"])]
    below: list[str] = []
    if len(path) > 1:
        pts = " ".join(f"{m.at(v)[0]:.1f},{m.at(v)[1]:.1f}" for v in path)
        below.append(
            f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="7" stroke-opacity=".8" '
            f'stroke-linejoin="round" stroke-linecap="round"/>'
        )
    above: list[str] = []
    for i, v in enumerate(path[1:], start=1):
        x, y = m.at(v)
        above.append(
            group(
                [
                    f'<circle cx="{x + 13:.1f}" cy="{y + 13:.1f}" r="9" fill="{colour}" stroke="#fff"/>',
                    text(x + 13, y + 17.5, i, 12, anchor="middle", fill="#111", weight="bold"),
                ],
                pointer_events="none",
            )
        )
    for v in sorted(ends):
        x, y = m.at(v)
        above.append(
            group(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="22" fill="none" stroke="{colour}" stroke-width="3" stroke-dasharray="6,4"/>',
                tip=_say(lang, "flight_end_tip"),
                pointer_events="none",
            )
        )
    rules = []
    for v, through in sorted(via.items()):
        rings = "".join(
            f'<circle cx="{m.at(e)[0]:.1f}" cy="{m.at(e)[1]:.1f}" r="24" fill="{colour}" fill-opacity=".25" stroke="#fff" stroke-width="2"/>'
            for e in sorted(through)
        )
        above.append(f'<g class="via" data-via="n{v}" pointer-events="none">{rings}</g>')
        rules.append(f'&:has([data-target="n{v}"]:hover) [data-via="n{v}"] {{ display: inline; }}')
    total = int(data["left"]) + len(data["visited"])
    x, y = m.at(at)
    label = _say(lang, "flight", done=len(data["visited"]), total=total, left=data["left"])
    half = len(label) * 3.8 + 14
    x = min(max(x, m.x0 + half), m.x0 + m.size - half)
    above.append(
        group(
            [
                f'<rect x="{x - half:.1f}" y="{y + 24:.1f}" width="{2 * half:.1f}" height="24" rx="12" fill="#0b1020" stroke="{colour}"/>',
                text(x, y + 41, label, 13, anchor="middle", fill="#ffffff", weight="bold"),
            ],
            tip=label,
            pointer_events="none",
        )
    )
    return below, above, ["& .via { display: none; }", *rules]


def draw_map(
    s: PulsarState, seat: int | None, x0: float, y0: float, size: float, lang: str
) -> tuple[list[str], list[str]]:
    """The star cluster (and the style rules of a flight's hover highlights)."""
    m = Map(s, x0, y0, size)
    cx, cy = x0 + size / 2, y0 + size / 2
    out = [
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size / 2:.1f}" fill="#070b18" stroke="#334"/>',
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.058:.1f}" fill="#000" stroke="#445" stroke-width="2"/>',
    ]
    out += _score_track(m, lang)
    out += _segments(m)
    below, above, rules = _flight(m, lang)
    out += below
    for node in sorted(m.bd.nodes):
        out.append(_node(m, node, lang))
    for i, p in enumerate(s.players):
        if p.ship < 0:
            continue
        x, y = m.at(p.ship)
        x += 12 - 7 * i
        y += 14
        rocket = (
            f'<polygon points="{x:.1f},{y - 12:.1f} {x + 6:.1f},{y + 5:.1f} {x:.1f},{y + 2:.1f} {x - 6:.1f},{y + 5:.1f}" '
            f'fill="{SEAT_FILL[i]}" stroke="#fff" stroke-width="1.5"/>'
        )
        out.append(
            group(
                rocket,
                target="ship" if i == seat else None,
                tip=_say(lang, "ship_tip", seat=i, node=p.ship),
                key=f"ship-{i}",
            )
        )
    out += above
    return out, rules
