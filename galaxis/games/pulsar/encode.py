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
segments, ``galaxis.core.blocks.Views``) tied to one state object; a call
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
from types import SimpleNamespace
from typing import Any

import numpy as np

from galaxis.core.blocks import Views
from galaxis.games.pulsar.data import SIZES
from galaxis.games.pulsar.encode_layout import (
    DIE_INDEX,
    F32,
    MARKERS,
    MAX_PLAYERS,
    NO_PENDING,
    SIZE,
    SIZE_INDEX,
    SYSTEM_INDEX,
    SYSTEMS,
    V_ABSENT,
    V_BONUS,
    V_FLAGS,
    V_GYRODYNES,
    V_OPTIONS,
    V_ORDER,
    V_PARTS,
    V_PATENTS,
    V_PENDING,
    V_PLAYERS,
    V_POOL,
    V_PULSARS,
    V_ROUND_PHASE,
    V_SHIPS,
    V_STOCK,
    V_SYSTEMS,
    V_TRACKS,
    ZERO_PLAYER,
    layout,
)
from galaxis.games.pulsar.encode_pieces import (
    PLAYER_FIELDS,
    PLAYER_LISTS,
    SHIP,
    ZERO_SYSTEMS,
    bonus_part,
    counted_bytes,
    counts_part,
    display_part,
    flags_part,
    gyrodynes_part,
    left_count,
    my_ship_part,
    occupancy_part,
    options_part,
    order_piece,
    other_ships_part,
    patents_piece,
    pending_piece,
    piles_part,
    pulsars_piece,
    red_part,
    round_phase_part,
    station_counts,
    status_part,
    track_piece,
)
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

__all__ = ["SIZE", "PulsarEncoder", "layout"]  # layout(): every field, from encode_layout.py

_MAX_ENTRIES = 16384  # per cache: observations that never repeat must not grow memory forever


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
            parts[V_OPTIONS] = self._setups.get(key) or _store(self._setups, key, options_part(*key))
            key = (boards, rnd)
            parts[V_BONUS] = self._bonuses.get(key) or _store(
                self._bonuses, key, bonus_part(list(boards), rnd)
            )
            parts[V_ABSENT] = ZERO_PLAYER * (MAX_PLAYERS - n) if n < MAX_PLAYERS else b""

        if m[M_PHASE] != seen[M_PHASE]:  # (a new round starts with the dice phase)
            seen[M_PHASE] = m[M_PHASE]
            key = (rnd, s.phase)
            parts[V_ROUND_PHASE] = self._round_phase.get(key) or _store(
                self._round_phase, key, round_phase_part(key)
            )
        key = _flags_key(match, s, seat, me)
        parts[V_FLAGS] = self._flags.get(key) or _store(self._flags, key, flags_part(key))
        if m[M_POOL] != seen[M_POOL]:
            seen[M_POOL] = m[M_POOL]
            key = tuple(s.pool)
            parts[V_POOL] = self._pool.get(key) or _store(
                self._pool, key, counted_bytes(key, DIE_INDEX, 6, 1.0 / 9.0)
            )
        if m[M_ORDER] != seen[M_ORDER]:
            seen[M_ORDER] = m[M_ORDER]
            key = (me, tuple(s.order))
            parts[V_ORDER] = self._order.get(key) or _store(self._order, key, order_piece(key))

        # the pieces that depend on the observer are made straight from the state
        if m[M_INITIATIVE] != seen[M_INITIATIVE]:
            seen[M_INITIATIVE] = m[M_INITIATIVE]
            parts[V_TRACKS] = track_piece(me, s.tracks[0])
        if m[M_ENGINEERING] != seen[M_ENGINEERING]:
            seen[M_ENGINEERING] = m[M_ENGINEERING]
            parts[V_TRACKS + 1] = track_piece(me, s.tracks[1])
        if m[M_STOCK] != seen[M_STOCK]:
            seen[M_STOCK] = m[M_STOCK]
            piles = (
                *self._stack_counts(s.tx_stack),
                len(s.tx_discard),
                len(s.explore_pile),
                len(s.explore_discard),
            )
            c = self._stock_parts
            transmitters, exploration = c[0].get(piles) or _store(c[0], piles, piles_part(piles))
            shown = tuple(s.display)
            display = c[1].get(shown) or _store(c[1], shown, display_part(shown))
            parts[V_STOCK] = transmitters + display + exploration
        if m[M_GYRODYNES] != seen[M_GYRODYNES]:
            seen[M_GYRODYNES] = m[M_GYRODYNES]
            supply, awards = s.gyro_supply, s.award_holders
            key = (me, *map(supply.get, SIZES), *[tuple(awards.get(k, ())) for k in SIZES])
            part = self._gyro_parts.get(key)
            if part is None:
                part = _store(self._gyro_parts, key, gyrodynes_part(me, supply, awards))
            parts[V_GYRODYNES] = part
        if m[M_PATENTS] != seen[M_PATENTS]:
            seen[M_PATENTS] = m[M_PATENTS]
            parts[V_PATENTS] = patents_piece(me, s.patents, s.locked)
        if m[M_SYSTEMS] != seen[M_SYSTEMS]:
            seen[M_SYSTEMS] = m[M_SYSTEMS]
            parts[V_SYSTEMS] = self._systems_piece(me, name, s.planets)
        if m[M_PULSARS] != seen[M_PULSARS]:
            seen[M_PULSARS] = m[M_PULSARS]
            parts[V_PULSARS] = pulsars_piece(me, name, s.owner, s.gyros)
        if m[M_SHIPS] != seen[M_SHIPS]:
            seen[M_SHIPS] = m[M_SHIPS]
            key = (me, name, *map(SHIP, players))
            parts[V_SHIPS] = self._ships.get(key) or _store(self._ships, key, self._ships_piece(key))

        pending = s.pending
        if pending:
            top = pending[-1]
            data = top.data
            left = data.get("left", 0) if isinstance(data, dict) else 0  # as left_count()
            key = (top.kind, top.seat == seat, left if type(left) is int else 0)
            parts[V_PENDING] = self._pending.get(key) or _store(self._pending, key, pending_piece(key))
        else:
            parts[V_PENDING] = NO_PENDING

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
                parts[j + 1] = cache.get(key) or _store(cache, key, counted_bytes(key, DIE_INDEX, 6, 0.5))
        return np.frombuffer(b"".join(parts), F32)

    def _player_block(self, s: Any, i: int) -> tuple[bytes, bytes, bytes]:
        """Seat ``i``'s block in three parts (status; dice; the bonus die to ship placed),
        each cached under the values it is made from; the stations are counted on this
        state's planets once per change of M_SYSTEMS."""
        p = s.players[i]
        c = self._player_parts
        key: Any = (p.score, p.cubes, p.pm, p.p2)
        head = c[0].get(key) or _store(c[0], key, status_part(key))
        key = tuple(p.dice)
        dice = c[1].get(key) or _store(c[1], key, counted_bytes(key, DIE_INDEX, 6, 0.5))
        mark = s.marks[M_SYSTEMS]
        at = self._m_stations_at
        if at[0] is not s or at[1] != mark:
            self._m_stations = station_counts(s.planets)
            self._m_stations_at = (s, mark)
        key = (
            p.red,
            p.red_used,
            p.red_now,
            tuple(p.held),
            self._m_stations[i],
            MARKERS - p.markers_used,
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
                (c[2].get(red) or _store(c[2], red, red_part(red)))
                + (c[3].get(held) or _store(c[3], held, counted_bytes(held, SIZE_INDEX, len(SIZES), 0.2)))
                + (c[4].get(counts) or _store(c[4], counts, counts_part(counts))),
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
        round_phase = self._round_phase.get(key) or _store(self._round_phase, key, round_phase_part(key))
        bonus = self._bonus.get(rnd) or _store(self._bonus, rnd, bonus_part(self._setup[1], rnd))

        key = _flags_key(match, s, seat, me)
        flags = self._flags.get(key) or _store(self._flags, key, flags_part(key))
        key = tuple(s.pool)
        pool = self._pool.get(key) or _store(self._pool, key, counted_bytes(key, DIE_INDEX, 6, 1.0 / 9.0))
        key = (me, tuple(s.order))
        order = self._order.get(key) or _store(self._order, key, order_piece(key))

        # the tracks: reused while each equals the copy its pieces were made from
        initiative, engineering = s.tracks
        memo = self._initiative
        if initiative != memo.fields:
            memo.renew([list(stack) for stack in initiative])
        initiative_block = memo.pieces.get(me)
        if initiative_block is None:
            initiative_block = memo.pieces[me] = track_piece(me, initiative)
        memo = self._engineering
        if engineering != memo.fields:
            memo.renew([list(stack) for stack in engineering])
        engineering_block = memo.pieces.get(me)
        if engineering_block is None:
            engineering_block = memo.pieces[me] = track_piece(me, engineering)

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
        key = (me, name, *map(SHIP, players))
        ship_block = self._ships.get(key) or _store(self._ships, key, self._ships_piece(key))

        pending = s.pending
        if pending:
            top = pending[-1]
            key = (top.kind, top.seat == seat, left_count(top.data))
            pending_block = self._pending.get(key) or _store(self._pending, key, pending_piece(key))
        else:
            pending_block = NO_PENDING

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
            live = PLAYER_FIELDS(p)
            lists = PLAYER_LISTS(p)
            if live != memo.fields or lists != memo.extra:
                self._renew_player(memo, live, lists, stations[i])
            out.append(memo.pieces[5])
        if n < MAX_PLAYERS:
            out.append(ZERO_PLAYER * (MAX_PLAYERS - n))
        return np.frombuffer(b"".join(out), dtype=np.float32)

    # --- pieces made when their fields change -------------------------------------------
    def _renew_setup(self, name: str, boards: list[str], goal_ids: list[int]) -> None:
        """A new set-up (a new match): its piece, and no row bonus yet."""
        self._setup = (name, list(boards), list(goal_ids))
        self._options = options_part(name, boards, goal_ids)
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
        transmitters, exploration = c[0].get(piles) or _store(c[0], piles, piles_part(piles))
        self._shared = (
            transmitters,
            c[1].get(shown) or _store(c[1], shown, display_part(shown)),
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
            stations = station_counts(planets)
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
            part = gyrodynes.pieces[me] = gyrodynes_part(me, gyrodynes.fields, gyrodynes.extra)
        patents = self._patents
        tech = patents.pieces.get(me)
        if tech is None:
            tech = patents.pieces[me] = patents_piece(me, patents.fields, patents.extra)
        systems = self._systems
        system_block = systems.pieces.get(me)
        if system_block is None:
            system_block = systems.pieces[me] = self._systems_piece(me, systems.extra, systems.fields)
        pulsars = self._pulsars
        pulsar_block = pulsars.pieces.get(me)
        if pulsar_block is None:
            pulsar_block = pulsars.pieces[me] = pulsars_piece(me, *pulsars.fields)
        return b"".join((transmitters, display, exploration, part, tech, system_block, pulsar_block))

    def _renew_player(
        self, memo: _Memo, live: tuple[Any, ...], lists: tuple[Any, ...], stations: int
    ) -> None:
        """A player's fields changed: remake the parts of its block whose fields did,
        and keep copies of the fields (``memo.fields``: ``PLAYER_FIELDS``, ``memo.extra``:
        ``PLAYER_LISTS``). Those lists, of which only the length counts, are copied
        shallowly: a change inside one of their items (a transmitter's covered costs,
        an array's tiles) changes nothing encoded."""
        old = memo.fields
        parts = memo.pieces  # status, dice, bonus die, held gyrodynes, counts; the block
        c = self._player_parts
        if old is None or live[:7] != old[:7]:
            key: Any = live[:4]  # score, cubes, +-1 and +2 tokens
            parts[0] = c[0].get(key) or _store(c[0], key, status_part(key))
            key = live[4:7]  # the bonus die, used, to use now
            parts[2] = c[2].get(key) or _store(c[2], key, red_part(key))
        if old is None or live[10] != old[10]:
            key = tuple(live[10])
            parts[1] = c[1].get(key) or _store(c[1], key, counted_bytes(key, DIE_INDEX, 6, 0.5))
        if old is None or live[11] != old[11]:
            key = tuple(live[11])
            parts[3] = c[3].get(key) or _store(c[3], key, counted_bytes(key, SIZE_INDEX, len(SIZES), 0.2))
        renewed = lists != memo.extra
        if renewed:
            memo.extra = tuple([x.copy() for x in lists])
            memo.lengths = tuple(map(len, lists))
        # (the stations change only with the planets, and then every player is remade)
        if old is None or renewed or live[7:10] != old[7:10]:
            markers_used, hq, ship = live[7:10]
            lengths = memo.lengths
            key = (stations, MARKERS - markers_used, lengths[0], bool(hq), *lengths[1:], ship >= 0)
            parts[4] = c[4].get(key) or _store(c[4], key, counts_part(key))
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
        index = SYSTEM_INDEX[name]
        cache = self._occupancy
        v = array("f", ZERO_SYSTEMS)
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
                ) = cache.get(key) or _store(cache, key, occupancy_part(key))
        return v.tobytes()

    def _ships_piece(self, key: tuple[Any, ...]) -> bytes:
        """The observer's ship per node, then the others' ships / 3 per node."""
        me, name, *ships = key
        mine = (name, ships[me] if 0 <= me < len(ships) else None)
        others = (name, *[node for seat, node in enumerate(ships) if seat != me])
        return (self._my_ship.get(mine) or _store(self._my_ship, mine, my_ship_part(mine))) + (
            self._other_ships.get(others) or _store(self._other_ships, others, other_ships_part(others))
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
                markers_used=MARKERS - p["markers_left"],
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
