"""How each piece of Pulsar 2849's numeric observation is made from the state's fields: the same
functions serve ``encode`` and the fast path ``encode_match`` (encode.py); the layout is in
encode_layout.py."""

from __future__ import annotations

from array import array
from itertools import chain
from operator import attrgetter
from typing import Any

from galaxis.core.blocks import zeros
from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.data import SIZES, row_bonus
from galaxis.games.pulsar.encode_layout import (
    BOARDS,
    GOALS,
    MARKERS,
    MAX_PLAYERS,
    NODE_INDEX,
    NODES,
    ORDER_SPACES,
    PENDING,
    PENDING_INDEX,
    PHASE_INDEX,
    PULSAR_INDEX,
    PULSARS,
    ROUNDS,
    S_OPTIONS,
    S_PENDING,
    SIZE_INDEX,
    SYSTEMS,
    TECH_BOARDS,
    TECH_INDEX,
    TECH_SLOTS,
    TRACK_SPACES,
    TRANSMITTER_INDEX,
    TRANSMITTERS,
    G,
)

# what a player's block is made of, besides its stations: numbers (status (4), the bonus
# die (3), markers used, HQ board, ship) and lists whose content counts
PLAYER_FIELDS = attrgetter(
    "score", "cubes", "pm", "p2", "red", "red_used", "red_now", "markers_used", "hq", "ship", "dice", "held"
)  # fmt: skip
SHIP = attrgetter("ship")
# and lists (and a dict) of which only the length counts
PLAYER_LISTS = attrgetter(
    "patents", "hq_done", "races", "races_used", "tx", "online", "arrays", "links_used", "awards", "kept"
)


def left_count(data: Any) -> int:
    """The "left" count of a pending step's data (0 when it has none)."""
    left = data.get("left", 0) if isinstance(data, dict) else 0
    return left if type(left) is int else 0


def _unit(x: float, scale: float) -> float:
    """``x / scale`` clipped to [0, 1]."""
    return min(max(x / scale, 0.0), 1.0)


def _f32(values: list[float]) -> bytes:
    return array("f", values).tobytes()


def counted_bytes(values: Any, index: dict[Any, int], width: int, step: float) -> bytes:
    """Per slot, ``step`` per value found in ``index``, clipped to 1 after each step in
    float32 (so the result equals adding the steps one by one into a float32 block)."""
    v = zeros(width)
    for x in values:
        k = index.get(x)
        if k is not None:
            v[k] = min(v[k] + step, 1.0)
    return v.tobytes()


# --- pieces and parts ---------------------------------------------------------------------
def options_part(name: str, boards: list[str], goal_ids: list[int]) -> bytes:
    """Map side, tech boards and goals in play."""
    base = S_OPTIONS[0]
    v = [0.0] * (S_OPTIONS[1] - base)
    v[G["board"] - base + BOARDS.index(name)] = 1.0
    for b in boards:
        if b in TECH_BOARDS:
            v[G["tech_boards"] - base + TECH_BOARDS.index(b)] = 1.0
    for g in goal_ids:
        if g in GOALS:
            v[G["goals"] - base + GOALS.index(g)] = 1.0
    return _f32(v)


def round_phase_part(key: tuple[Any, ...]) -> bytes:
    """Round / 8; phase one-hot."""
    rnd, phase = key
    v = [0.0] * (G["my_turn"] - G["round"])
    v[0] = _unit(rnd, ROUNDS)
    if phase in PHASE_INDEX:
        v[G["phase"] - G["round"] + PHASE_INDEX[phase]] = 1.0
    return _f32(v)


def bonus_part(boards: list[str], rnd: int) -> bytes:
    """The row bonus / 10 of this round's tech row."""
    bonus = row_bonus(boards, rnd)
    return _f32([_unit(bonus, 10) if isinstance(bonus, int) else 0.0])


def flags_part(key: tuple[Any, ...]) -> bytes:
    """To move, acting, next in the queue, places in the queue / 4, median / 11, its value / 6."""
    my_turn, i_act, queue_next_mine, queue_mine, median = key
    return _f32(
        [
            1.0 if my_turn else 0.0,
            1.0 if i_act else 0.0,
            1.0 if queue_next_mine else 0.0,
            _unit(queue_mine, 4),
            _unit(median, 11),
            _unit(dicemod.median_value(median), 6),
        ]
    )


def order_piece(key: tuple[Any, ...]) -> bytes:
    """The turn-order spaces the observer holds."""
    me, order = key
    v = [0.0] * ORDER_SPACES
    for k, seat in enumerate(order[:ORDER_SPACES]):
        if seat == me:
            v[k] = 1.0
    return _f32(v)


_ZERO_TRACK = bytes(4 * 2 * TRACK_SPACES)
ZERO_SYSTEMS = bytes(4 * 5 * SYSTEMS)


def track_piece(me: int, track: list[list[int]]) -> bytes:
    """One track: per space the observer's markers x 0.5, then the others' x 0.25 (to 1)."""
    v = array("f", _ZERO_TRACK)
    for space, stack in enumerate(track):
        if stack and space < TRACK_SPACES:
            for marker in stack:
                if marker // 2 == me:
                    v[space] += 0.5
                else:
                    other = TRACK_SPACES + space
                    v[other] = min(v[other] + 0.25, 1.0)
    return v.tobytes()


def piles_part(key: tuple[int, ...]) -> tuple[bytes, bytes]:
    """(transmitter stack per letter / 8 and discard / 24, exploration pile and discard / 20):
    the fields before and after the display."""
    a, b, c, discard, pile, explore_discard = key
    return (
        _f32([_unit(a, 8), _unit(b, 8), _unit(c, 8), _unit(discard, len(TRANSMITTERS))]),
        _f32([_unit(pile, 20), _unit(explore_discard, 20)]),
    )


def display_part(display: tuple[str, ...]) -> bytes:
    v = [0.0] * len(TRANSMITTERS)
    for t in display:
        if t in TRANSMITTER_INDEX:
            v[TRANSMITTER_INDEX[t]] = 1.0
    return _f32(v)


def gyrodynes_part(me: int, supply: dict[str, int], awards: dict[str, list[int]]) -> bytes:
    """Gyrodyne supply / 10, construction awards taken / 2 and held by the observer, per size."""
    taken = [awards.get(k, ()) for k in SIZES]
    return _f32(
        [_unit(supply[k], 10) for k in SIZES]
        + [_unit(len(holders), 2) for holders in taken]
        + [1.0 if me in holders else 0.0 for holders in taken]
    )


_ZERO_PATENTS = bytes(4 * 3 * len(TECH_SLOTS))


def patents_piece(me: int, patents: dict[str, list[int]], locked: list[str]) -> bytes:
    """Per tech slot: patented by the observer, others' patents / 3; locked."""
    n = len(TECH_SLOTS)
    if tuple(patents) == TECH_SLOTS:  # the state's order: the slots with holders, in one pass
        block = array("f", _ZERO_PATENTS)
        for k, h in enumerate(patents.values()):
            if h:
                if me in h:
                    block[k] = 1.0
                block[n + k] = _unit(len(h) - h.count(me), 3)
        for slot in locked:
            k = TECH_INDEX.get(slot, -1)
            if k >= 0:
                block[2 * n + k] = 1.0
        return block.tobytes()
    n = len(TECH_SLOTS)
    v = [0.0] * (3 * n)
    for slot, h in patents.items():
        t = TECH_INDEX.get(slot)
        if t is None or not h:
            continue
        if me in h:
            v[t] = 1.0
        v[n + t] = _unit(len(h) - h.count(me), 3)
    for slot in locked:
        if slot in TECH_INDEX:
            v[2 * n + TECH_INDEX[slot]] = 1.0
    return _f32(v)


def station_counts(planets: dict[int, list[int]]) -> tuple[int, ...]:
    """Each seat's markers on planets."""
    markers = list(chain.from_iterable(planets.values()))
    return tuple(map(markers.count, range(MAX_PLAYERS)))


def occupancy_part(key: tuple[Any, ...]) -> tuple[float, ...]:
    """A revealed system's planets: the observer's / 3, others' / 3, free / 3, blocked / 3."""
    me, *occ = key
    return (
        _unit(occ.count(me), 3),
        _unit(sum(1 for o in occ if o >= 0 and o != me), 3),
        _unit(occ.count(-1), 3),
        _unit(occ.count(-2), 3),
    )


def pulsars_piece(me: int, name: str, owners: dict[int, int], gyros: dict[int, list[Any]]) -> bytes:
    """Per pulsar: owned by the observer, by another; gyrodyne size one-hot; spinning."""
    index = PULSAR_INDEX[name]
    v = [0.0] * ((3 + len(SIZES)) * PULSARS)
    for node, owner in owners.items():
        k = index.get(node)
        if owner >= 0 and k is not None:
            v[k if owner == me else PULSARS + k] = 1.0
    for node, gyro in gyros.items():
        k = index.get(node)
        if k is not None and len(gyro) >= 2:
            size, spinning = gyro[0], gyro[1]
            if size in SIZE_INDEX:
                v[2 * PULSARS + len(SIZES) * k + SIZE_INDEX[size]] = 1.0
            v[(2 + len(SIZES)) * PULSARS + k] = 1.0 if spinning else 0.0
    return _f32(v)


def my_ship_part(key: tuple[Any, ...]) -> bytes:
    name, node = key
    index = NODE_INDEX[name]
    v = [0.0] * NODES
    if node in index:
        v[index[node]] = 1.0
    return _f32(v)


def other_ships_part(key: tuple[Any, ...]) -> bytes:
    name, *ships = key
    return counted_bytes(ships, NODE_INDEX[name], NODES, 1.0 / 3.0)


def pending_piece(key: tuple[Any, ...]) -> bytes:
    """The pending step's kind one-hot, whether it is the observer's, what is left / 10."""
    kind, mine, left = key
    v = [0.0] * (S_PENDING[1] - S_PENDING[0])
    if kind in PENDING_INDEX:
        v[PENDING_INDEX[kind]] = 1.0
    v[len(PENDING)] = 1.0 if mine else 0.0
    v[len(PENDING) + 1] = _unit(left, 10) if isinstance(left, int) else 0.0
    return _f32(v)


def status_part(key: tuple[Any, ...]) -> bytes:
    """Present, score / 150, cubes / 20, +-1 tokens / 5, +2 tokens / 5."""
    score, cubes, pm, p2 = key
    return _f32([1.0, _unit(score, 150), _unit(cubes, 20), _unit(pm, 5), _unit(p2, 5)])


def red_part(key: tuple[Any, ...]) -> bytes:
    """The bonus die one-hot (none, 1-6), used, to use now."""
    red, red_used, red_now = key
    v = [0.0] * 9
    v[red if 1 <= red <= 6 else 0] = 1.0
    v[7] = 1.0 if red_used else 0.0
    v[8] = 1.0 if red_now else 0.0
    return _f32(v)


# the scale of each count of a player's block, from stations to ship placed
_COUNT_SCALE = (
    1 / 12,
    1 / MARKERS,
    0.1,
    1.0,
    0.1,
    0.2,
    0.2,
    0.1,
    0.1,
    0.2,
    0.1,
    1 / 6,
    0.2,
    1.0,
)


def counts_part(key: tuple[Any, ...]) -> bytes:
    """Each count times its scale, clipped to [0, 1]."""
    scaled = [float(x) * k for x, k in zip(key, _COUNT_SCALE, strict=True)]
    return _f32([(v if v <= 1.0 else 1.0) if v >= 0.0 else 0.0 for v in scaled])
