"""A numeric encoding of one seat's Pulsar 2849 observation, for RL.

It reads only ``observation(seat)`` plus the public component data (the star
cluster maps, the tech boards, goals and transmitters), so it cannot leak: the
face-down system tiles and the order of the piles never enter it. Players are
rotated so that block 0 is always the observer, and every marker, planet,
pulsar and ship is split into "mine" and "the others'". The layout
(documented in docs/interop.md) is fixed for every player count and option set;
missing seats are all-zero blocks with their ``present`` flag 0.

Speed (issue #10: the PettingZoo loop encodes one observation per step). The
vector is one ``bytes`` join of float32 pieces (``PIECES``, then one block per
seat); pieces and parts with few distinct values (options and round, turn
flags, leftover dice, turn order, ships, pending step, a player's status, dice
and the rest of its block, gyrodynes) are cached under a tuple of the values
they are made from.

``encode_match`` is the fast path for the RL adapters: it follows the change
marks the rules raise (``state.M_*``: the tracks, the stock, the gyrodynes,
patents, systems, pulsars, ships, round, dice pool, turn order, phase, and per
seat its fields, or only its dice). Each observer has a view (``V_*``
segments, ``galaxis.interop.blocks.Views``) tied to one state object; a call
rebuilds the segments whose marks moved, straight from the state, plus the
turn flags and the pending step, and joins. ``encode`` reads an observation,
which has no marks: it puts the observation's fields into the shape of the
state and reuses pieces while the fields still compare equal to a copy of
those they were made from (one C-level ``==`` instead of building and hashing a
key). Both paths build every piece with the same functions and caches, so they
agree; tests/interop check it on every position of random matches, for every
seat and the spectator, and that a determinized copy encodes the same.
"""

from __future__ import annotations

from array import array
from itertools import chain
from operator import attrgetter
from types import SimpleNamespace
from typing import Any

import numpy as np

from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.data import SIZES, board, components, goals, row_bonus, tech_boards, transmitters
from galaxis.games.pulsar.state import (
    M_DICE,
    M_ENGINEERING,
    M_GYRODYNES,
    M_INITIATIVE,
    M_ORDER,
    M_PATENTS,
    M_PHASE,
    M_PLAYER,
    M_POOL,
    M_PULSARS,
    M_ROUND,
    M_SHIPS,
    M_STOCK,
    M_SYSTEMS,
    MARKS,
)
from galaxis.interop.blocks import Views, layout_offsets, layout_width, seat_layout, zeros

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
S_PENDING = _span(PENDING_STEP)
_SHIPS_AT = G["my_ship"]

# The pieces of the global segment, in the order they are joined: (name, start, end).
# They tile [0, G_SIZE) (tests/interop/test_pulsar_encoder_speedpath.py); the seats follow.
PIECES = (
    ("head", S_OPTIONS[0], G["my_turn"]),  # set-up, round, phase
    ("flags", G["my_turn"], G["pool"]),  # to move, acting, queue, median and its value
    ("pool", G["pool"], G["row_bonus"]),
    ("row_bonus", G["row_bonus"], G["order_mine"]),
    ("order", G["order_mine"], S_MISC[1]),
    ("initiative", S_TRACKS[0], S_TRACKS[0] + 2 * TRACK_SPACES),
    ("engineering", S_TRACKS[0] + 2 * TRACK_SPACES, S_TRACKS[1]),
    ("supply_and_map", S_SUPPLY[0], _SHIPS_AT),  # stock, patents, systems, pulsars
    ("ships", _SHIPS_AT, S_MAP[1]),
    ("pending", S_PENDING[0], S_PENDING[1]),
)
_NO_PENDING = bytes(4 * (S_PENDING[1] - S_PENDING[0]))
_ZERO_PLAYER = bytes(4 * P_SIZE)
_MAX_ENTRIES = 16384  # per cache: observations that never repeat must not grow memory forever
_SYSTEM_INDEX = {name: {node: k for k, node in enumerate(m[1])} for name, m in MAPS.items()}
_PULSAR_INDEX = {name: {node: k for k, node in enumerate(m[2])} for name, m in MAPS.items()}
_NODE_INDEX = {name: {node: k for k, node in enumerate(m[0])} for name, m in MAPS.items()}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_PENDING = {k: i for i, k in enumerate(PENDING)}
_SIZE = {s: i for i, s in enumerate(SIZES)}
_TECH = {t: i for i, t in enumerate(TECH_SLOTS)}
_TRANSMITTER = {t: i for i, t in enumerate(TRANSMITTERS)}
_DIE = {d: d - 1 for d in range(1, 7)}
_MARKERS = components().markers
_F32 = np.dtype(np.float32)

# The segments of a view (``encode_match``), in vector order, and the marks they follow.
V_OPTIONS = 0  # M_ROUND (a fresh view: all marks -1)
V_ROUND_PHASE = 1  # M_PHASE
V_FLAGS = 2  # every call
V_POOL = 3  # M_POOL
V_BONUS = 4  # M_ROUND
V_ORDER = 5  # M_ORDER
V_TRACKS = 6  # + track: M_INITIATIVE + track
V_STOCK = 8  # M_STOCK: transmitters, display, exploration
V_GYRODYNES = 9  # M_GYRODYNES
V_PATENTS = 10  # M_PATENTS
V_SYSTEMS = 11  # M_SYSTEMS
V_PULSARS = 12  # M_PULSARS
V_SHIPS = 13  # M_SHIPS
V_PENDING = 14  # every call
# + 3 k, the k-th block from the observer: its status, its dice, the rest (bonus die to
# ship placed); all three follow M_PLAYER + its seat, the dice also M_DICE + its seat
V_PLAYERS = 15
V_ABSENT = V_PLAYERS + 3 * MAX_PLAYERS  # the all-zero blocks of missing seats: M_ROUND
V_PARTS = V_ABSENT + 1


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests."""
    return seat_layout(GLOBAL, PLAYER, MAX_PLAYERS)


def _store(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    """``cache[key] = value``, first emptying a cache that reached its bound."""
    if len(cache) >= _MAX_ENTRIES:
        cache.clear()
    cache[key] = value
    return value


def _flags_key(match: Any, s: Any, seat: int | None, me: int) -> tuple[Any, ...]:
    """What the observer's turn flags are made from: to move, the actor, first in and count in
    the turn-order queue, the median."""
    queue = s.queue
    return (
        seat is not None and seat in match.to_move,
        me >= 0 and s.actor == me,
        bool(queue) and queue[0] == me,
        queue.count(me),
        s.median,
    )


class PulsarEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to about [0, 1].

    The arrays it returns are read-only views of immutable bytes (the adapters hand
    them out without a copy anyway); copy one before changing it in place.
    """

    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self) -> None:
        # the set-up: (map side, tech boards, goals) as copied, its piece and row bonuses
        self._setup: tuple[Any, ...] = (None, None, None)
        self._options = b""
        self._bonus: dict[int, bytes] = {}
        self._round_phase: dict[Any, bytes] = {}
        self._flags: dict[Any, bytes] = {}
        self._pool: dict[Any, bytes] = {}
        self._order: dict[Any, bytes] = {}
        self._ships: dict[Any, bytes] = {}
        self._pending: dict[Any, bytes] = {}
        self._my_ship: dict[Any, bytes] = {}
        self._other_ships: dict[Any, bytes] = {}
        # status, dice, bonus die, held gyrodynes, counts
        self._player_parts: tuple[dict[Any, bytes], ...] = ({}, {}, {}, {}, {})
        self._stacks: dict[tuple[str, ...], tuple[int, int, int]] = {}
        self._initiative = _Memo()
        self._engineering = _Memo()
        # the supply and the map: a copy of all their fields, and the piece per observer
        self._supply = _Memo()
        # its parts that do not depend on the observer: transmitters, display, exploration
        self._shared: tuple[bytes, bytes, bytes] = (b"", b"", b"")
        self._stock_parts: tuple[dict[Any, Any], ...] = ({}, {})  # transmitter and exploration piles, display
        self._occupancy: dict[Any, tuple[float, ...]] = {}
        self._gyrodynes = _Memo()
        self._patents = _Memo()
        self._systems = _Memo()
        self._pulsars = _Memo()
        self._stations: tuple[int, ...] = (0,) * MAX_PLAYERS
        self._players = [_Memo() for _ in range(MAX_PLAYERS)]
        # encode_match (change marks): each observer's last segments per state object
        self._views = Views(MARKS, V_PARTS)
        self._setups: dict[Any, bytes] = {}
        self._gyro_parts: dict[Any, bytes] = {}
        self._tails: dict[Any, bytes] = {}
        self._bonuses: dict[Any, bytes] = {}
        self._m_stations: tuple[int, ...] = (0,) * MAX_PLAYERS
        self._m_stations_at: tuple[Any, int] = (None, -1)  # the state and M_SYSTEMS they were counted at

    # --- the observation path ---------------------------------------------------
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict: its fields, put into the shape
        of the match state that ``encode_match`` reads, go through the same code."""
        return self._encode_fields(_observed_match(obs), obs["you"])

    # --- the fast path ------------------------------------------------------------
    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the
        state: the observer's view keeps the segments of its last vector for this state
        object and rebuilds those whose change marks moved (and the few that change
        nearly every action)."""
        s = match.state
        view = self._views.of(seat, s)
        seen, parts, m = view.marks, view.parts, s.marks
        me = -1 if seat is None else seat
        name = s.board
        rnd = s.round
        players = s.players
        n = len(players)
        if m[M_ROUND] != seen[M_ROUND]:
            seen[M_ROUND] = m[M_ROUND]
            boards = tuple(s.tech_boards)
            key: Any = (name, boards, tuple(s.goals))
            parts[V_OPTIONS] = self._setups.get(key) or _store(self._setups, key, _options_part(*key))
            key = (boards, rnd)
            parts[V_BONUS] = self._bonuses.get(key) or _store(
                self._bonuses, key, _bonus_part(list(boards), rnd)
            )
            parts[V_ABSENT] = _ZERO_PLAYER * (MAX_PLAYERS - n) if n < MAX_PLAYERS else b""

        if m[M_PHASE] != seen[M_PHASE]:  # (a new round starts with the dice phase)
            seen[M_PHASE] = m[M_PHASE]
            key = (rnd, s.phase)
            parts[V_ROUND_PHASE] = self._round_phase.get(key) or _store(
                self._round_phase, key, _round_phase_part(key)
            )
        key = _flags_key(match, s, seat, me)
        parts[V_FLAGS] = self._flags.get(key) or _store(self._flags, key, _flags_part(key))
        if m[M_POOL] != seen[M_POOL]:
            seen[M_POOL] = m[M_POOL]
            key = tuple(s.pool)
            parts[V_POOL] = self._pool.get(key) or _store(self._pool, key, _counted(key, _DIE, 6, 1.0 / 9.0))
        if m[M_ORDER] != seen[M_ORDER]:
            seen[M_ORDER] = m[M_ORDER]
            key = (me, tuple(s.order))
            parts[V_ORDER] = self._order.get(key) or _store(self._order, key, _order_piece(key))

        # the pieces that depend on the observer are made straight from the state
        if m[M_INITIATIVE] != seen[M_INITIATIVE]:
            seen[M_INITIATIVE] = m[M_INITIATIVE]
            parts[V_TRACKS] = _track_piece(me, s.tracks[0])
        if m[M_ENGINEERING] != seen[M_ENGINEERING]:
            seen[M_ENGINEERING] = m[M_ENGINEERING]
            parts[V_TRACKS + 1] = _track_piece(me, s.tracks[1])
        if m[M_STOCK] != seen[M_STOCK]:
            seen[M_STOCK] = m[M_STOCK]
            piles = (
                *self._stack_counts(s.tx_stack),
                len(s.tx_discard),
                len(s.explore_pile),
                len(s.explore_discard),
            )
            c = self._stock_parts
            transmitters, exploration = c[0].get(piles) or _store(c[0], piles, _piles_part(piles))
            shown = tuple(s.display)
            display = c[1].get(shown) or _store(c[1], shown, _display_part(shown))
            parts[V_STOCK] = transmitters + display + exploration
        if m[M_GYRODYNES] != seen[M_GYRODYNES]:
            seen[M_GYRODYNES] = m[M_GYRODYNES]
            supply, awards = s.gyro_supply, s.award_holders
            key = (me, *map(supply.get, SIZES), *[tuple(awards.get(k, ())) for k in SIZES])
            part = self._gyro_parts.get(key)
            if part is None:
                part = _store(self._gyro_parts, key, _gyrodynes_part(me, supply, awards))
            parts[V_GYRODYNES] = part
        if m[M_PATENTS] != seen[M_PATENTS]:
            seen[M_PATENTS] = m[M_PATENTS]
            parts[V_PATENTS] = _patents_piece(me, s.patents, s.locked)
        if m[M_SYSTEMS] != seen[M_SYSTEMS]:
            seen[M_SYSTEMS] = m[M_SYSTEMS]
            parts[V_SYSTEMS] = self._systems_piece(me, name, s.planets)
        if m[M_PULSARS] != seen[M_PULSARS]:
            seen[M_PULSARS] = m[M_PULSARS]
            parts[V_PULSARS] = _pulsars_piece(me, name, s.owner, s.gyros)
        if m[M_SHIPS] != seen[M_SHIPS]:
            seen[M_SHIPS] = m[M_SHIPS]
            key = (me, name, *map(_SHIP, players))
            parts[V_SHIPS] = self._ships.get(key) or _store(self._ships, key, self._ships_piece(key))

        pending = s.pending
        if pending:
            top = pending[-1]
            data = top.data
            left = data.get("left", 0) if isinstance(data, dict) else 0  # as _left()
            key = (top.kind, top.seat == seat, left if type(left) is int else 0)
            parts[V_PENDING] = self._pending.get(key) or _store(self._pending, key, _pending_piece(key))
        else:
            parts[V_PENDING] = _NO_PENDING

        first = 0 if me < 0 else me
        for k in range(min(n, MAX_PLAYERS)):
            i = (first + k) % n
            mk = M_PLAYER + i
            j = V_PLAYERS + 3 * k
            if m[mk] != seen[mk]:
                seen[mk] = m[mk]
                seen[M_DICE + i] = m[M_DICE + i]
                parts[j], parts[j + 1], parts[j + 2] = self._player_block(s, i)
            elif m[M_DICE + i] != seen[M_DICE + i]:
                seen[M_DICE + i] = m[M_DICE + i]
                key = tuple(players[i].dice)
                cache = self._player_parts[1]
                parts[j + 1] = cache.get(key) or _store(cache, key, _counted(key, _DIE, 6, 0.5))
        return np.frombuffer(b"".join(parts), _F32)

    def _player_block(self, s: Any, i: int) -> tuple[bytes, bytes, bytes]:
        """Seat ``i``'s block in three parts (status; dice; the bonus die to ship placed),
        each cached under the values it is made from; the stations are counted on this
        state's planets once per change of M_SYSTEMS."""
        p = s.players[i]
        c = self._player_parts
        key: Any = (p.score, p.cubes, p.pm, p.p2)
        head = c[0].get(key) or _store(c[0], key, _status_part(key))
        key = tuple(p.dice)
        dice = c[1].get(key) or _store(c[1], key, _counted(key, _DIE, 6, 0.5))
        mark = s.marks[M_SYSTEMS]
        at = self._m_stations_at
        if at[0] is not s or at[1] != mark:
            self._m_stations = _stations(s.planets)
            self._m_stations_at = (s, mark)
        key = (
            p.red,
            p.red_used,
            p.red_now,
            tuple(p.held),
            self._m_stations[i],
            _MARKERS - p.markers_used,
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
        tail = self._tails.get(key)
        if tail is None:  # from the parts, each cached on its own
            red, held, counts = key[:3], key[3], key[4:]
            tail = _store(
                self._tails,
                key,
                (c[2].get(red) or _store(c[2], red, _red_part(red)))
                + (c[3].get(held) or _store(c[3], held, _counted(held, _SIZE, len(SIZES), 0.2)))
                + (c[4].get(counts) or _store(c[4], counts, _counts_part(counts))),
            )
        return head, dice, tail

    # --- the observation path's reading of the fields (no marks) --------------------
    def _encode_fields(self, match: Any, seat: int | None) -> np.ndarray:
        """``encode``'s vector from a state-shaped stand-in of the observation: every
        piece is reused while the fields it was made from compare equal to a copy."""
        s = match.state
        me = -1 if seat is None else seat
        name = s.board
        rnd = s.round

        setup = self._setup
        if name != setup[0] or s.tech_boards != setup[1] or s.goals != setup[2]:
            self._renew_setup(name, s.tech_boards, s.goals)
        key: Any = (rnd, s.phase)
        round_phase = self._round_phase.get(key) or _store(self._round_phase, key, _round_phase_part(key))
        bonus = self._bonus.get(rnd) or _store(self._bonus, rnd, _bonus_part(self._setup[1], rnd))

        key = _flags_key(match, s, seat, me)
        flags = self._flags.get(key) or _store(self._flags, key, _flags_part(key))
        key = tuple(s.pool)
        pool = self._pool.get(key) or _store(self._pool, key, _counted(key, _DIE, 6, 1.0 / 9.0))
        key = (me, tuple(s.order))
        order = self._order.get(key) or _store(self._order, key, _order_piece(key))

        # the tracks: reused while each equals the copy its pieces were made from
        initiative, engineering = s.tracks
        memo = self._initiative
        if initiative != memo.fields:
            memo.renew([list(stack) for stack in initiative])
        initiative_block = memo.pieces.get(me)
        if initiative_block is None:
            initiative_block = memo.pieces[me] = _track_piece(me, initiative)
        memo = self._engineering
        if engineering != memo.fields:
            memo.renew([list(stack) for stack in engineering])
        engineering_block = memo.pieces.get(me)
        if engineering_block is None:
            engineering_block = memo.pieces[me] = _track_piece(me, engineering)

        # the supply and the map: one comparison with the copy taken when they last
        # changed (whoever observed them); the piece per observer is made once per change
        live: Any = (
            name,
            s.tx_stack,
            len(s.tx_discard),
            s.display,
            len(s.explore_pile),
            len(s.explore_discard),
            s.gyro_supply,
            s.award_holders,
            s.patents,
            s.locked,
            s.planets,
            s.owner,
            s.gyros,
        )
        supply = self._supply
        if live != supply.fields:
            self._renew_supply(live)
        supply_block = supply.pieces.get(me)
        if supply_block is None:
            supply_block = supply.pieces[me] = self._supply_piece(me)

        players = s.players
        key = (me, name, *map(_SHIP, players))
        ship_block = self._ships.get(key) or _store(self._ships, key, self._ships_piece(key))

        pending = s.pending
        if pending:
            top = pending[-1]
            key = (top.kind, top.seat == seat, _left(top.data))
            pending_block = self._pending.get(key) or _store(self._pending, key, _pending_piece(key))
        else:
            pending_block = _NO_PENDING

        out = [
            self._options,
            round_phase,
            flags,
            pool,
            bonus,
            order,
            initiative_block,
            engineering_block,
            supply_block,
            ship_block,
            pending_block,
        ]
        memos = self._players
        stations = self._stations  # per seat, counted on the planets (the supply's fields)
        n = len(players)
        first = 0 if me < 0 else me
        for k in range(min(n, MAX_PLAYERS)):
            i = (first + k) % n
            p = players[i]
            memo = memos[i]
            live = _PLAYER_FIELDS(p)
            lists = _PLAYER_LISTS(p)
            if live != memo.fields or lists != memo.extra:
                self._renew_player(memo, live, lists, stations[i])
            out.append(memo.pieces[5])
        if n < MAX_PLAYERS:
            out.append(_ZERO_PLAYER * (MAX_PLAYERS - n))
        return np.frombuffer(b"".join(out), dtype=np.float32)

    # --- pieces made when their fields change -------------------------------------------
    def _renew_setup(self, name: str, boards: list[str], goal_ids: list[int]) -> None:
        """A new set-up (a new match): its piece, and no row bonus yet."""
        self._setup = (name, list(boards), list(goal_ids))
        self._options = _options_part(name, boards, goal_ids)
        self._bonus = {}

    def _renew_supply(self, live: tuple[Any, ...]) -> None:
        """New supply or map fields: the parts that do not depend on the observer are
        made now; each observer-dependent part is renewed if its own fields changed."""
        (
            name,
            stack,
            discard,
            display,
            pile,
            explore_discard,
            supply,
            awards,
            patents,
            locked,
            planets,
            owner,
            gyros,
        ) = live
        c = self._stock_parts
        piles = (*self._stack_counts(stack), discard, pile, explore_discard)
        shown = tuple(display)
        transmitters, exploration = c[0].get(piles) or _store(c[0], piles, _piles_part(piles))
        self._shared = (
            transmitters,
            c[1].get(shown) or _store(c[1], shown, _display_part(shown)),
            exploration,
        )
        memo = self._gyrodynes
        if supply != memo.fields or awards != memo.extra:
            memo.renew(dict(supply))
            memo.extra = {k: list(v) for k, v in awards.items()}
        gyrodynes = memo
        memo = self._patents
        if patents != memo.fields or locked != memo.extra:
            memo.renew({k: list(v) for k, v in patents.items()})
            memo.extra = list(locked)
        tech = memo
        memo = self._systems
        if planets != memo.fields or name != memo.extra:
            memo.renew({k: list(v) for k, v in planets.items()})
            memo.extra = name
            stations = _stations(planets)
            if stations != self._stations:
                self._stations = stations
                for player in self._players:
                    player.fields = None  # their blocks count the stations
        systems = memo
        memo = self._pulsars
        if (name, owner, gyros) != memo.fields:
            memo.renew((name, dict(owner), {k: list(v) for k, v in gyros.items()}))
        self._supply.renew(
            (
                name,
                list(stack),
                discard,
                list(display),
                pile,
                explore_discard,
                gyrodynes.fields,
                gyrodynes.extra,
                tech.fields,
                tech.extra,
                systems.fields,
                *memo.fields[1:],
            )
        )

    def _supply_piece(self, me: int) -> bytes:
        """The supply and the map as ``me`` sees them, from the parts of the current fields."""
        transmitters, display, exploration = self._shared
        gyrodynes = self._gyrodynes
        part = gyrodynes.pieces.get(me)
        if part is None:
            part = gyrodynes.pieces[me] = _gyrodynes_part(me, gyrodynes.fields, gyrodynes.extra)
        patents = self._patents
        tech = patents.pieces.get(me)
        if tech is None:
            tech = patents.pieces[me] = _patents_piece(me, patents.fields, patents.extra)
        systems = self._systems
        system_block = systems.pieces.get(me)
        if system_block is None:
            system_block = systems.pieces[me] = self._systems_piece(me, systems.extra, systems.fields)
        pulsars = self._pulsars
        pulsar_block = pulsars.pieces.get(me)
        if pulsar_block is None:
            pulsar_block = pulsars.pieces[me] = _pulsars_piece(me, *pulsars.fields)
        return b"".join((transmitters, display, exploration, part, tech, system_block, pulsar_block))

    def _renew_player(
        self, memo: _Memo, live: tuple[Any, ...], lists: tuple[Any, ...], stations: int
    ) -> None:
        """A player's fields changed: remake the parts of its block whose fields did,
        and keep copies of the fields (``memo.fields``: ``_PLAYER_FIELDS``, ``memo.extra``:
        ``_PLAYER_LISTS``). Those lists, of which only the length counts, are copied
        shallowly: a change inside one of their items (a transmitter's covered costs,
        an array's tiles) changes nothing encoded."""
        old = memo.fields
        parts = memo.pieces  # status, dice, bonus die, held gyrodynes, counts; the block
        c = self._player_parts
        if old is None or live[:7] != old[:7]:
            key: Any = live[:4]  # score, cubes, +-1 and +2 tokens
            parts[0] = c[0].get(key) or _store(c[0], key, _status_part(key))
            key = live[4:7]  # the bonus die, used, to use now
            parts[2] = c[2].get(key) or _store(c[2], key, _red_part(key))
        if old is None or live[10] != old[10]:
            key = tuple(live[10])
            parts[1] = c[1].get(key) or _store(c[1], key, _counted(key, _DIE, 6, 0.5))
        if old is None or live[11] != old[11]:
            key = tuple(live[11])
            parts[3] = c[3].get(key) or _store(c[3], key, _counted(key, _SIZE, len(SIZES), 0.2))
        renewed = lists != memo.extra
        if renewed:
            memo.extra = tuple([x.copy() for x in lists])
            memo.lengths = tuple(map(len, lists))
        # (the stations change only with the planets, and then every player is remade)
        if old is None or renewed or live[7:10] != old[7:10]:
            markers_used, hq, ship = live[7:10]
            lengths = memo.lengths
            key = (stations, _MARKERS - markers_used, lengths[0], bool(hq), *lengths[1:], ship >= 0)
            parts[4] = c[4].get(key) or _store(c[4], key, _counts_part(key))
        memo.fields = (*live[:10], live[10].copy(), live[11].copy())
        parts[5] = b"".join((parts[0], parts[1], parts[2], parts[3], parts[4]))

    # --- pieces seen for the first time -------------------------------------------------
    def _stack_counts(self, stack: list[str]) -> tuple[int, int, int]:
        """How many transmitters of each letter the face-down stack holds (all the
        observation shows of it), memoised by the stack's content."""
        key = tuple(stack)
        counts = self._stacks.get(key)
        if counts is None:
            letters = [t[0] for t in stack]
            counts = _store(self._stacks, key, (letters.count("A"), letters.count("B"), letters.count("C")))
        return counts

    def _systems_piece(self, me: int, name: str, planets: dict[int, list[int]]) -> bytes:
        """Per system: revealed, the observer's stations / 3, others' / 3, free / 3, blocked / 3."""
        index = _SYSTEM_INDEX[name]
        cache = self._occupancy
        v = array("f", _ZERO_SYSTEMS)
        for node, occ in planets.items():
            k = index.get(node)
            if k is not None:
                key = (me, *occ)
                v[k] = 1.0
                (
                    v[SYSTEMS + k],
                    v[2 * SYSTEMS + k],
                    v[3 * SYSTEMS + k],
                    v[4 * SYSTEMS + k],
                ) = cache.get(key) or _store(cache, key, _occupancy_part(key))
        return v.tobytes()

    def _ships_piece(self, key: tuple[Any, ...]) -> bytes:
        """The observer's ship per node, then the others' ships / 3 per node."""
        me, name, *ships = key
        mine = (name, ships[me] if 0 <= me < len(ships) else None)
        others = (name, *[node for seat, node in enumerate(ships) if seat != me])
        return (self._my_ship.get(mine) or _store(self._my_ship, mine, _my_ship_part(mine))) + (
            self._other_ships.get(others) or _store(self._other_ships, others, _other_ships_part(others))
        )


class _Memo:
    """The last pieces of one part of the vector (per observer where they depend on
    it), with a copy of the fields they were made from."""

    __slots__ = ("extra", "fields", "lengths", "pieces")

    def __init__(self) -> None:
        self.fields: Any = None
        self.pieces: dict[int, bytes] = {}
        self.extra: Any = None
        self.lengths: tuple[int, ...] = ()

    def renew(self, fields: Any) -> None:
        """New fields: forget the pieces made from the old ones."""
        self.fields = fields
        self.pieces = {}


def _observed_match(obs: dict[str, Any]) -> SimpleNamespace:
    """An observation's fields in the shape of the ``Match`` and ``PulsarState``
    attributes ``encode_match`` reads. Where the observation shows less than the
    state holds, the stand-in has just that: the transmitter stack as its letters,
    the exploration pile as its size, and each player's stations are counted on the
    planets (the observation's ``stations`` is that count)."""
    n = len(obs["players"])
    pending = obs["pending"]
    systems = obs["systems"]
    state = SimpleNamespace(
        board=obs["board"],
        round=obs["round"],
        phase=obs["phase"],
        tech_boards=obs["tech_boards"],
        goals=obs["goals"],
        queue=obs["queue"],
        pool=obs["pool"],
        median=obs["median"],
        order=obs["order"],
        actor=obs["actor"],
        tracks=[obs["tracks"]["initiative"], obs["tracks"]["engineering"]],
        tx_stack=[letter for letter in "ABC" for _ in range(obs["tx_stack"][letter])],
        tx_discard=obs["tx_discard"],
        display=obs["display"],
        explore_pile=range(obs["explore_pile"]),
        explore_discard=obs["explore_discard"],
        gyro_supply=obs["gyro_supply"],
        award_holders=obs["awards"],
        patents=obs["patents"],
        locked=obs["locked"],
        planets={int(node): system["planets"] for node, system in systems.items() if "planets" in system},
        owner={int(node): seat for node, seat in obs["pulsars"].items()},
        gyros={int(node): gyro for node, gyro in obs["gyros"].items()},
        pending=[] if pending is None else [SimpleNamespace(**pending)],
        players=[
            SimpleNamespace(
                score=p["score"],
                cubes=p["cubes"],
                pm=p["pm"],
                p2=p["p2"],
                ship=p["ship"],
                dice=p["dice"],
                red=p["red"],
                red_used=p["red_used"],
                red_now=p["red_now"],
                held=p["held"],
                markers_used=_MARKERS - p["markers_left"],
                patents=p["patents"],
                hq=p["hq"],
                hq_done=p["hq_done"],
                races=p["races"],
                races_used=p["races_used"],
                tx=p["tx"],
                online=p["online"],
                arrays=p["arrays"],
                links_used=p["links"],
                awards=p["awards"],
                kept=p["kept"],
            )
            for p in obs["players"][:n]
        ],
    )
    return SimpleNamespace(state=state, to_move=obs["to_move"])


# what a player's block is made of, besides its stations: numbers (status (4), the bonus
# die (3), markers used, HQ board, ship) and lists whose content counts
_PLAYER_FIELDS = attrgetter(
    "score", "cubes", "pm", "p2", "red", "red_used", "red_now", "markers_used", "hq", "ship", "dice", "held"
)  # fmt: skip
_SHIP = attrgetter("ship")
# and lists (and a dict) of which only the length counts
_PLAYER_LISTS = attrgetter(
    "patents", "hq_done", "races", "races_used", "tx", "online", "arrays", "links_used", "awards", "kept"
)


def _left(data: Any) -> int:
    """The "left" count of a pending step's data (0 when it has none)."""
    left = data.get("left", 0) if isinstance(data, dict) else 0
    return left if type(left) is int else 0


def _unit(x: float, scale: float) -> float:
    """``x / scale`` clipped to [0, 1]."""
    return min(max(x / scale, 0.0), 1.0)


def _f32(values: list[float]) -> bytes:
    return array("f", values).tobytes()


def _counted(values: Any, index: dict[Any, int], width: int, step: float) -> bytes:
    """Per slot, ``step`` per value found in ``index``, clipped to 1 after each step in
    float32 (so the result equals adding the steps one by one into a float32 block)."""
    v = zeros(width)
    for x in values:
        k = index.get(x)
        if k is not None:
            v[k] = min(v[k] + step, 1.0)
    return v.tobytes()


# --- pieces and parts ---------------------------------------------------------------------
def _options_part(name: str, boards: list[str], goal_ids: list[int]) -> bytes:
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


def _round_phase_part(key: tuple[Any, ...]) -> bytes:
    """Round / 8; phase one-hot."""
    rnd, phase = key
    v = [0.0] * (G["my_turn"] - G["round"])
    v[0] = _unit(rnd, ROUNDS)
    if phase in _PHASE:
        v[G["phase"] - G["round"] + _PHASE[phase]] = 1.0
    return _f32(v)


def _bonus_part(boards: list[str], rnd: int) -> bytes:
    """The row bonus / 10 of this round's tech row."""
    bonus = row_bonus(boards, rnd)
    return _f32([_unit(bonus, 10) if isinstance(bonus, int) else 0.0])


def _flags_part(key: tuple[Any, ...]) -> bytes:
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


def _order_piece(key: tuple[Any, ...]) -> bytes:
    """The turn-order spaces the observer holds."""
    me, order = key
    v = [0.0] * ORDER_SPACES
    for k, seat in enumerate(order[:ORDER_SPACES]):
        if seat == me:
            v[k] = 1.0
    return _f32(v)


_ZERO_TRACK = bytes(4 * 2 * TRACK_SPACES)
_ZERO_SYSTEMS = bytes(4 * 5 * SYSTEMS)


def _track_piece(me: int, track: list[list[int]]) -> bytes:
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


def _piles_part(key: tuple[int, ...]) -> tuple[bytes, bytes]:
    """(transmitter stack per letter / 8 and discard / 24, exploration pile and discard / 20):
    the fields before and after the display."""
    a, b, c, discard, pile, explore_discard = key
    return (
        _f32([_unit(a, 8), _unit(b, 8), _unit(c, 8), _unit(discard, len(TRANSMITTERS))]),
        _f32([_unit(pile, 20), _unit(explore_discard, 20)]),
    )


def _display_part(display: tuple[str, ...]) -> bytes:
    v = [0.0] * len(TRANSMITTERS)
    for t in display:
        if t in _TRANSMITTER:
            v[_TRANSMITTER[t]] = 1.0
    return _f32(v)


def _gyrodynes_part(me: int, supply: dict[str, int], awards: dict[str, list[int]]) -> bytes:
    """Gyrodyne supply / 10, construction awards taken / 2 and held by the observer, per size."""
    taken = [awards.get(k, ()) for k in SIZES]
    return _f32(
        [_unit(supply[k], 10) for k in SIZES]
        + [_unit(len(holders), 2) for holders in taken]
        + [1.0 if me in holders else 0.0 for holders in taken]
    )


_ZERO_PATENTS = bytes(4 * 3 * len(TECH_SLOTS))


def _patents_piece(me: int, patents: dict[str, list[int]], locked: list[str]) -> bytes:
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
            k = _TECH.get(slot, -1)
            if k >= 0:
                block[2 * n + k] = 1.0
        return block.tobytes()
    n = len(TECH_SLOTS)
    v = [0.0] * (3 * n)
    for slot, h in patents.items():
        t = _TECH.get(slot)
        if t is None or not h:
            continue
        if me in h:
            v[t] = 1.0
        v[n + t] = _unit(len(h) - h.count(me), 3)
    for slot in locked:
        if slot in _TECH:
            v[2 * n + _TECH[slot]] = 1.0
    return _f32(v)


def _stations(planets: dict[int, list[int]]) -> tuple[int, ...]:
    """Each seat's markers on planets."""
    markers = list(chain.from_iterable(planets.values()))
    return tuple(map(markers.count, range(MAX_PLAYERS)))


def _occupancy_part(key: tuple[Any, ...]) -> tuple[float, ...]:
    """A revealed system's planets: the observer's / 3, others' / 3, free / 3, blocked / 3."""
    me, *occ = key
    return (
        _unit(occ.count(me), 3),
        _unit(sum(1 for o in occ if o >= 0 and o != me), 3),
        _unit(occ.count(-1), 3),
        _unit(occ.count(-2), 3),
    )


def _pulsars_piece(me: int, name: str, owners: dict[int, int], gyros: dict[int, list[Any]]) -> bytes:
    """Per pulsar: owned by the observer, by another; gyrodyne size one-hot; spinning."""
    index = _PULSAR_INDEX[name]
    v = [0.0] * ((3 + len(SIZES)) * PULSARS)
    for node, owner in owners.items():
        k = index.get(node)
        if owner >= 0 and k is not None:
            v[k if owner == me else PULSARS + k] = 1.0
    for node, gyro in gyros.items():
        k = index.get(node)
        if k is not None and len(gyro) >= 2:
            size, spinning = gyro[0], gyro[1]
            if size in _SIZE:
                v[2 * PULSARS + len(SIZES) * k + _SIZE[size]] = 1.0
            v[(2 + len(SIZES)) * PULSARS + k] = 1.0 if spinning else 0.0
    return _f32(v)


def _my_ship_part(key: tuple[Any, ...]) -> bytes:
    name, node = key
    index = _NODE_INDEX[name]
    v = [0.0] * NODES
    if node in index:
        v[index[node]] = 1.0
    return _f32(v)


def _other_ships_part(key: tuple[Any, ...]) -> bytes:
    name, *ships = key
    return _counted(ships, _NODE_INDEX[name], NODES, 1.0 / 3.0)


def _pending_piece(key: tuple[Any, ...]) -> bytes:
    """The pending step's kind one-hot, whether it is the observer's, what is left / 10."""
    kind, mine, left = key
    v = [0.0] * (S_PENDING[1] - S_PENDING[0])
    if kind in _PENDING:
        v[_PENDING[kind]] = 1.0
    v[len(PENDING)] = 1.0 if mine else 0.0
    v[len(PENDING) + 1] = _unit(left, 10) if isinstance(left, int) else 0.0
    return _f32(v)


def _status_part(key: tuple[Any, ...]) -> bytes:
    """Present, score / 150, cubes / 20, +-1 tokens / 5, +2 tokens / 5."""
    score, cubes, pm, p2 = key
    return _f32([1.0, _unit(score, 150), _unit(cubes, 20), _unit(pm, 5), _unit(p2, 5)])


def _red_part(key: tuple[Any, ...]) -> bytes:
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
    1 / _MARKERS,
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


def _counts_part(key: tuple[Any, ...]) -> bytes:
    """Each count times its scale, clipped to [0, 1]."""
    scaled = [float(x) * k for x, k in zip(key, _COUNT_SCALE, strict=True)]
    return _f32([(v if v <= 1.0 else 1.0) if v >= 0.0 else 0.0 for v in scaled])
