"""A numeric encoding of one seat's Pulsar 2849 observation, for RL.

It reads only ``observation(seat)`` plus the public component data (the star
cluster maps, the tech boards, goals and transmitters), so it cannot leak: the
face-down system tiles and the order of the piles never enter it. Players are
rotated so that block 0 is always the observer, and every marker, planet,
pulsar and ship is split into "mine" and "the others'". The layout
(documented in docs/interop.md) is fixed for every player count and option set;
missing seats are all-zero blocks with their ``present`` flag 0.

The vector is made of segments, each built once per distinct content
(galaxis.interop.blocks). ``encode_match`` is the fast path for the RL
adapters: the same segment keys read straight from the fields that
``observation`` publishes (tests/interop check the equality on every position
of random matches, and that a determinized copy encodes the same).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.data import SIZES, board, components, goals, row_bonus, tech_boards, transmitters
from galaxis.interop.blocks import BlockCache, layout_offsets, layout_width, seat_layout, zeros

MAX_PLAYERS = 4
BOARDS = ("normal", "deadend")
PHASES = ("setup", "dice", "action", "production", "final", "over")
PENDING = (
    "fly", "gate", "gyro", "race", "discovery", "station", "found", "iso",
    "join", "link", "convert", "side", "teleport", "final",
)  # fmt: skip
TECH_SLOTS = (
    "1a",
    "1b",
    "1c",
    "2a",
    "2b",
    "2c",
    "3a",
    "3b",
    "4a",
    "4b",
    "5a",
    "5b",
    "6a",
    "6b",
    "7a",
    "7b",
    "8a",
)
TRACK_SPACES = 15
ORDER_SPACES = 4
ROUNDS = 8


def _maps() -> dict[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Per map side: its (nodes, systems, pulsars) in a fixed order."""
    out = {}
    for name in BOARDS:
        bd = board(name)
        out[name] = (tuple(sorted(bd.nodes)), tuple(sorted(bd.systems)), tuple(sorted(bd.pulsars)))
    return out


MAPS = _maps()
NODES = max(len(m[0]) for m in MAPS.values())
SYSTEMS = max(len(m[1]) for m in MAPS.values())
PULSARS = max(len(m[2]) for m in MAPS.values())
TECH_BOARDS = tuple(sorted(tech_boards()))
GOALS = tuple(sorted(goals()))
TRANSMITTERS = tuple(sorted(transmitters()))

# (name, width) of every field, in order, grouped into segments.
OPTIONS = (("board", len(BOARDS)), ("tech_boards", len(TECH_BOARDS)), ("goals", len(GOALS)))
MISC = (
    ("round", 1),
    ("phase", len(PHASES)),
    ("my_turn", 1),
    ("i_act", 1),
    ("queue_next_mine", 1),
    ("queue_mine", 1),
    ("median", 1),
    ("median_value", 1),
    ("pool", 6),
    ("row_bonus", 1),
    ("order_mine", ORDER_SPACES),
)
TRACKS = (
    ("initiative_mine", TRACK_SPACES),
    ("initiative_others", TRACK_SPACES),
    ("engineering_mine", TRACK_SPACES),
    ("engineering_others", TRACK_SPACES),
)
SUPPLY = (
    ("tx_stack", 3),
    ("tx_discard", 1),
    ("display", len(TRANSMITTERS)),
    ("explore_pile", 1),
    ("explore_discard", 1),
    ("gyro_supply", len(SIZES)),
    ("awards_taken", len(SIZES)),
    ("awards_mine", len(SIZES)),
    ("patents_mine", len(TECH_SLOTS)),
    ("patents_others", len(TECH_SLOTS)),
    ("locked", len(TECH_SLOTS)),
)
MAP = (
    ("system_revealed", SYSTEMS),
    ("system_mine", SYSTEMS),
    ("system_others", SYSTEMS),
    ("system_free", SYSTEMS),
    ("system_blocked", SYSTEMS),
    ("pulsar_mine", PULSARS),
    ("pulsar_others", PULSARS),
    ("gyro_size", PULSARS * len(SIZES)),
    ("gyro_spinning", PULSARS),
    ("my_ship", NODES),
    ("other_ships", NODES),
)
PENDING_STEP = (("pending_kind", len(PENDING)), ("pending_mine", 1), ("pending_left", 1))
GLOBAL = (*OPTIONS, *MISC, *TRACKS, *SUPPLY, *MAP, *PENDING_STEP)
PLAYER = (
    ("present", 1),
    ("score", 1),
    ("cubes", 1),
    ("pm", 1),
    ("p2", 1),
    ("dice", 6),
    ("red", 7),
    ("red_used", 1),
    ("red_now", 1),
    ("held", len(SIZES)),
    ("stations", 1),
    ("markers_left", 1),
    ("patents", 1),
    ("hq", 1),
    ("hq_done", 1),
    ("races", 1),
    ("races_used", 1),
    ("transmitters", 1),
    ("online", 1),
    ("arrays", 1),
    ("links", 1),
    ("awards", 1),
    ("kept", 1),
    ("ship_placed", 1),
)




G = layout_offsets(GLOBAL)
P = layout_offsets(PLAYER)
G_SIZE = layout_width(GLOBAL)
P_SIZE = layout_width(PLAYER)
SIZE = G_SIZE + MAX_PLAYERS * P_SIZE


def _span(blocks: tuple[tuple[str, int], ...]) -> tuple[int, int]:
    start = G[blocks[0][0]]
    return start, start + layout_width(blocks)


S_OPTIONS = _span(OPTIONS)
S_MISC = _span(MISC)
S_TRACKS = _span(TRACKS)
S_SUPPLY = _span(SUPPLY)
S_MAP = _span(MAP)
# Each of these two segments is cached in two parts that change at different rates:
# the stock (piles, display, awards) and the patents; the map and the ships.
_PATENTS_AT = G["patents_mine"]
_SHIPS_AT = G["my_ship"]
S_PENDING = _span(PENDING_STEP)

_PHASE = {p: i for i, p in enumerate(PHASES)}
_PENDING = {k: i for i, k in enumerate(PENDING)}
_SIZE = {s: i for i, s in enumerate(SIZES)}
_TECH = {t: i for i, t in enumerate(TECH_SLOTS)}
_ZERO = array("f", bytes(4 * SIZE))


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests."""
    return seat_layout(GLOBAL, PLAYER, MAX_PLAYERS)


class PulsarEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to about [0, 1]."""

    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self) -> None:
        self._options = BlockCache(S_OPTIONS[1] - S_OPTIONS[0], _options_block)
        self._misc = BlockCache(S_MISC[1] - S_MISC[0], _misc_block)
        self._tracks = BlockCache(S_TRACKS[1] - S_TRACKS[0], _tracks_block)
        self._stock = BlockCache(_PATENTS_AT - S_SUPPLY[0], _stock_block)
        self._patents = BlockCache(S_SUPPLY[1] - _PATENTS_AT, _patents_block)
        self._map = BlockCache(_SHIPS_AT - S_MAP[0], _systems_block)
        self._ships = BlockCache(S_MAP[1] - _SHIPS_AT, _ships_block)
        self._pending = BlockCache(S_PENDING[1] - S_PENDING[0], _pending_block)
        self._player = BlockCache(P_SIZE, _player_block)
        self._stacks: dict[tuple[str, ...], tuple[int, int, int]] = {}

    # --- the observation path ---------------------------------------------------
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        you = obs["you"]
        me = -1 if you is None else you
        name = obs["board"]
        systems = MAPS[name][1]
        sys_obs = obs["systems"]
        planets = tuple(
            sorted((n, tuple(sys_obs[str(n)]["planets"])) for n in systems if "planets" in sys_obs[str(n)])
        )
        owner = obs["pulsars"]
        gyros = obs["gyros"]
        players = obs["players"]
        pending = obs["pending"]
        pend = None
        if pending is not None:
            data = pending["data"]
            pend = (
                pending["kind"],
                pending["seat"] == you,
                _left(data),
            )
        tracks = obs["tracks"]
        awards = obs["awards"]
        patents = obs["patents"]
        return self._fill(
            me,
            (name, tuple(obs["tech_boards"]), tuple(obs["goals"])),
            (
                obs["round"],
                obs["phase"],
                you is not None and you in obs["to_move"],
                me >= 0 and obs["actor"] == me,
                tuple(obs["queue"]),
                obs["median"],
                tuple(obs["pool"]),
                tuple(obs["tech_boards"]),
                tuple(obs["order"]),
            ),
            (
                tuple(tuple(st) for st in tracks["initiative"]),
                tuple(tuple(st) for st in tracks["engineering"]),
            ),
            (
                tuple(obs["tx_stack"][k] for k in "ABC"),
                len(obs["tx_discard"]),
                tuple(obs["display"]),
                obs["explore_pile"],
                len(obs["explore_discard"]),
                tuple(obs["gyro_supply"][k] for k in SIZES),
                tuple(tuple(awards.get(k, ())) for k in SIZES),
                tuple(patents),
                tuple(map(tuple, patents.values())),
                tuple(obs["locked"]),
            ),
            (
                name,
                planets,
                tuple(sorted((int(n), o) for n, o in owner.items())),
                tuple(sorted((int(n), tuple(g)) for n, g in gyros.items())),
                tuple(p["ship"] for p in players),
            ),
            pend,
            [
                (
                    p["score"],
                    p["cubes"],
                    p["pm"],
                    p["p2"],
                    tuple(p["dice"]),
                    p["red"],
                    p["red_used"],
                    p["red_now"],
                    tuple(p["held"]),
                    p["stations"],
                    p["markers_left"],
                    len(p["patents"]),
                    bool(p["hq"]),
                    len(p["hq_done"]),
                    len(p["races"]),
                    len(p["races_used"]),
                    len(p["tx"]),
                    len(p["online"]),
                    len(p["arrays"]),
                    len(p["links"]),
                    len(p["awards"]),
                    len(p["kept"]),
                    p["ship"] >= 0,
                )
                for p in players
            ],
        )

    # --- the fast path ------------------------------------------------------------
    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state."""
        s = match.state
        me = -1 if seat is None else seat
        name = s.board
        planets_of = s.planets
        planets = tuple(sorted(zip(planets_of, map(tuple, planets_of.values()), strict=True)))
        occupied = [o for occ in planets_of.values() for o in occ if o >= 0]
        owner = s.owner
        gyros = s.gyros
        pend = None
        if s.pending:
            top = s.pending[-1]
            data = top.data
            pend = (top.kind, top.seat == seat, _left(data))
        stack = s.tx_stack
        markers = components().markers
        awards = s.award_holders
        patents = s.patents
        players = s.players
        return self._fill(
            me,
            (name, tuple(s.tech_boards), tuple(s.goals)),
            (
                s.round,
                s.phase,
                seat is not None and seat in match.to_move,
                me >= 0 and s.actor == me,
                tuple(s.queue),
                s.median,
                tuple(s.pool),
                tuple(s.tech_boards),
                tuple(s.order),
            ),
            (tuple(map(tuple, s.tracks[0])), tuple(map(tuple, s.tracks[1]))),
            (
                self._stack_counts(stack),
                len(s.tx_discard),
                tuple(s.display),
                len(s.explore_pile),
                len(s.explore_discard),
                tuple(s.gyro_supply[k] for k in SIZES),
                tuple(tuple(awards.get(k, ())) for k in SIZES),
                tuple(patents),
                tuple(map(tuple, patents.values())),
                tuple(s.locked),
            ),
            (
                name,
                planets,
                tuple(sorted(owner.items())),
                tuple(sorted(zip(gyros, map(tuple, gyros.values()), strict=True))),
                tuple(p.ship for p in players),
            ),
            pend,
            [
                (
                    p.score,
                    p.cubes,
                    p.pm,
                    p.p2,
                    tuple(p.dice),
                    p.red,
                    p.red_used,
                    p.red_now,
                    tuple(p.held),
                    occupied.count(i),
                    markers - p.markers_used,
                    len(p.patents),
                    bool(p.hq),
                    len(p.hq_done),
                    len(p.races),
                    len(p.races_used),
                    len(p.tx),
                    len(p.online),
                    len(p.arrays),
                    len(p.links_used),
                    len(p.awards),
                    len(p.kept),
                    p.ship >= 0,
                )
                for i, p in enumerate(players)
            ],
        )

    # --- shared -----------------------------------------------------------------------
    def _stack_counts(self, stack: list[str]) -> tuple[int, int, int]:
        """How many transmitters of each letter the face-down stack holds (all the
        observation shows of it), memoised by the stack's content."""
        key = tuple(stack)
        counts = self._stacks.get(key)
        if counts is None:
            if len(self._stacks) > 4096:
                self._stacks.clear()
            letters = [t[0] for t in stack]
            counts = self._stacks[key] = (letters.count("A"), letters.count("B"), letters.count("C"))
        return counts

    def _fill(
        self,
        me: int,
        options: tuple[Any, ...],
        misc: tuple[Any, ...],
        tracks: tuple[Any, ...],
        supply: tuple[Any, ...],
        board_key: tuple[Any, ...],
        pend: tuple[Any, ...] | None,
        players: list[tuple[Any, ...]],
    ) -> np.ndarray:
        v = _ZERO[:]
        v[S_OPTIONS[0] : S_OPTIONS[1]] = self._options.get(options)
        v[S_MISC[0] : S_MISC[1]] = self._misc.get((me, *misc))
        v[S_TRACKS[0] : S_TRACKS[1]] = self._tracks.get((me, *tracks))
        v[S_SUPPLY[0] : _PATENTS_AT] = self._stock.get((me, *supply[:7]))
        v[_PATENTS_AT : S_SUPPLY[1]] = self._patents.get((me, *supply[7:]))
        v[S_MAP[0] : _SHIPS_AT] = self._map.get((me, *board_key[:4]))
        v[_SHIPS_AT : S_MAP[1]] = self._ships.get((me, board_key[0], board_key[4]))
        if pend is not None:
            v[S_PENDING[0] : S_PENDING[1]] = self._pending.get(pend)
        n = len(players)
        first = 0 if me < 0 else me
        get = self._player.get
        for k in range(min(n, MAX_PLAYERS)):
            b = G_SIZE + k * P_SIZE
            v[b : b + P_SIZE] = get(players[(first + k) % n])
        return np.frombuffer(v, dtype=np.float32)


def _left(data: Any) -> int:
    """The "left" count of a pending step's data (0 when it has none)."""
    left = data.get("left", 0) if isinstance(data, dict) else 0
    return left if type(left) is int else 0


def _unit(x: float, scale: float) -> float:
    """``x / scale`` clipped to [0, 1]."""
    return min(max(x / scale, 0.0), 1.0)


# --- segment builders (each gets the key it is cached under) ----------------------------
def _options_block(key: tuple[Any, ...]) -> array[float]:
    name, boards, goal_ids = key
    v = zeros(S_OPTIONS[1] - S_OPTIONS[0])
    base = S_OPTIONS[0]
    v[G["board"] - base + BOARDS.index(name)] = 1.0
    for b in boards:
        if b in TECH_BOARDS:
            v[G["tech_boards"] - base + TECH_BOARDS.index(b)] = 1.0
    for g in goal_ids:
        if g in GOALS:
            v[G["goals"] - base + GOALS.index(g)] = 1.0
    return v


def _misc_block(key: tuple[Any, ...]) -> array[float]:
    me, rnd, phase, my_turn, i_act, queue, median, pool, boards, order = key
    median_value = dicemod.median_value(median)
    bonus = row_bonus(list(boards), rnd)
    v = zeros(S_MISC[1] - S_MISC[0])
    base = S_MISC[0]
    v[G["round"] - base] = _unit(rnd, ROUNDS)
    if phase in _PHASE:
        v[G["phase"] - base + _PHASE[phase]] = 1.0
    v[G["my_turn"] - base] = 1.0 if my_turn else 0.0
    v[G["i_act"] - base] = 1.0 if i_act else 0.0
    v[G["queue_next_mine"] - base] = 1.0 if queue and queue[0] == me else 0.0
    v[G["queue_mine"] - base] = _unit(queue.count(me), 4)
    v[G["median"] - base] = _unit(median, 11)
    v[G["median_value"] - base] = _unit(median_value, 6)
    for d in pool:
        if 1 <= d <= 6:
            v[G["pool"] - base + d - 1] = min(v[G["pool"] - base + d - 1] + 1.0 / 9.0, 1.0)
    v[G["row_bonus"] - base] = _unit(bonus, 10) if isinstance(bonus, int) else 0.0
    for k, seat in enumerate(order[:ORDER_SPACES]):
        if seat == me:
            v[G["order_mine"] - base + k] = 1.0
    return v


def _tracks_block(key: tuple[Any, ...]) -> array[float]:
    me, initiative, engineering = key
    v = zeros(S_TRACKS[1] - S_TRACKS[0])
    base = S_TRACKS[0]
    for name, track in (("initiative", initiative), ("engineering", engineering)):
        mine, others = G[f"{name}_mine"] - base, G[f"{name}_others"] - base
        for space, stack in enumerate(track[:TRACK_SPACES]):
            for marker in stack:
                if marker // 2 == me:
                    v[mine + space] += 0.5
                else:
                    v[others + space] = min(v[others + space] + 0.25, 1.0)
    return v


def _stock_block(key: tuple[Any, ...]) -> array[float]:
    return _supply_block((*key, (), (), ()))[: _PATENTS_AT - S_SUPPLY[0]]


def _patents_block(key: tuple[Any, ...]) -> array[float]:
    me, slots, patents, locked = key
    n = len(TECH_SLOTS)
    v = zeros(3 * n)  # patents_mine, patents_others, locked
    for slot, holders in zip(slots, patents, strict=True):
        t = _TECH.get(slot)
        if t is None:
            continue
        if me in holders:
            v[t] = 1.0
        v[n + t] = _unit(sum(1 for h in holders if h != me), 3)
    for slot in locked:
        if slot in _TECH:
            v[2 * n + _TECH[slot]] = 1.0
    return v


def _systems_block(key: tuple[Any, ...]) -> array[float]:
    return _map_block((*key, ()))[: _SHIPS_AT - S_MAP[0]]


def _ships_block(key: tuple[Any, ...]) -> array[float]:
    me, name, ships = key
    return _map_block((me, name, (), (), (), ships))[_SHIPS_AT - S_MAP[0] :]


def _supply_block(key: tuple[Any, ...]) -> array[float]:
    me, stack, discard, display, pile, explore_discard, supply, awards, slots, patents, locked = key
    v = zeros(S_SUPPLY[1] - S_SUPPLY[0])
    base = S_SUPPLY[0]
    for k in range(3):
        v[G["tx_stack"] - base + k] = _unit(stack[k], 8)
    v[G["tx_discard"] - base] = _unit(discard, len(TRANSMITTERS))
    for t in display:
        if t in TRANSMITTERS:
            v[G["display"] - base + TRANSMITTERS.index(t)] = 1.0
    v[G["explore_pile"] - base] = _unit(pile, 20)
    v[G["explore_discard"] - base] = _unit(explore_discard, 20)
    for k in range(len(SIZES)):
        v[G["gyro_supply"] - base + k] = _unit(supply[k], 10)
        v[G["awards_taken"] - base + k] = _unit(len(awards[k]), 2)
        v[G["awards_mine"] - base + k] = 1.0 if me in awards[k] else 0.0
    for slot, holders in zip(slots, patents, strict=True):
        t = _TECH.get(slot)
        if t is None:
            continue
        if me in holders:
            v[G["patents_mine"] - base + t] = 1.0
        v[G["patents_others"] - base + t] = _unit(sum(1 for h in holders if h != me), 3)
    for t in locked:
        if t in _TECH:
            v[G["locked"] - base + _TECH[t]] = 1.0
    return v


def _map_block(key: tuple[Any, ...]) -> array[float]:
    me, name, planets, owners, gyros, ships = key
    nodes, systems, pulsars = MAPS[name]
    v = zeros(S_MAP[1] - S_MAP[0])
    base = S_MAP[0]
    for node, occ in planets:
        if node not in systems:
            continue
        k = systems.index(node)
        v[G["system_revealed"] - base + k] = 1.0
        v[G["system_mine"] - base + k] = _unit(occ.count(me), 3)
        v[G["system_others"] - base + k] = _unit(sum(1 for o in occ if o >= 0 and o != me), 3)
        v[G["system_free"] - base + k] = _unit(occ.count(-1), 3)
        v[G["system_blocked"] - base + k] = _unit(occ.count(-2), 3)
    for node, owner in owners:
        if owner >= 0 and node in pulsars:
            k = pulsars.index(node)
            v[G["pulsar_mine" if owner == me else "pulsar_others"] - base + k] = 1.0
    for node, gyro in gyros:
        if node in pulsars and len(gyro) >= 2:
            k = pulsars.index(node)
            size, spinning = gyro[0], gyro[1]
            if size in _SIZE:
                v[G["gyro_size"] - base + len(SIZES) * k + _SIZE[size]] = 1.0
            v[G["gyro_spinning"] - base + k] = 1.0 if spinning else 0.0
    for seat, node in enumerate(ships):
        if node in nodes:
            at = nodes.index(node)
            if seat == me:
                v[G["my_ship"] - base + at] = 1.0
            else:
                v[G["other_ships"] - base + at] = min(v[G["other_ships"] - base + at] + 1.0 / 3.0, 1.0)
    return v


def _pending_block(key: tuple[Any, ...]) -> array[float]:
    kind, mine, left = key
    v = zeros(S_PENDING[1] - S_PENDING[0])
    base = S_PENDING[0]
    if kind in _PENDING:
        v[G["pending_kind"] - base + _PENDING[kind]] = 1.0
    v[G["pending_mine"] - base] = 1.0 if mine else 0.0
    v[G["pending_left"] - base] = _unit(left, 10) if isinstance(left, int) else 0.0
    return v


# the scale of each number of a player's key after the dice, red die and held gyrodynes
_PLAYER_TAIL_SCALE = (
    1 / 12,
    1 / components().markers,
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


def _player_block(key: tuple[Any, ...]) -> array[float]:
    """A player's numbers in PLAYER order, scaled and clipped to [0, 1] (one list: this runs often)."""
    score, cubes, pm, p2, dice, red, red_used, red_now, held = key[:9]
    counts = [0.0] * 6
    for d in dice:
        if 1 <= d <= 6:
            counts[d - 1] = min(counts[d - 1] + 0.5, 1.0)
    reds = [0.0] * 7
    reds[red if 1 <= red <= 6 else 0] = 1.0
    sizes = [0.0] * len(SIZES)
    for h in held:
        if h in _SIZE:
            sizes[_SIZE[h]] = min(sizes[_SIZE[h]] + 0.2, 1.0)
    tail = [min(max(float(x) * k, 0.0), 1.0) for x, k in zip(key[9:], _PLAYER_TAIL_SCALE, strict=True)]
    return array(
        "f",
        [
            1.0,
            _unit(score, 150),
            _unit(cubes, 20),
            _unit(pm, 5),
            _unit(p2, 5),
            *counts,
            *reds,
            1.0 if red_used else 0.0,
            1.0 if red_now else 0.0,
            *sizes,
            *tail,
        ],
    )
