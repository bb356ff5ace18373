"""A numeric encoding of one seat's Space Smugglers observation, for RL.

It reads only ``observation(seat)`` plus the public component data (what is
printed on each sector card), so it cannot leak. Players are rotated so that
block 0 is always the observer: one policy can play every seat. The layout
(documented in docs/interop.md) is fixed for every player count and option
set; missing cards and seats are all-zero blocks with their ``present`` flag 0.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from functools import partial
from itertools import chain, compress
from operator import is_not
from typing import Any

import numpy as np

from galaxis.core import blocks
from galaxis.core.blocks import Memo
from galaxis.games.smugglers.data import COLOURS, sectors, sheets
from galaxis.games.smugglers.state import (
    M_BIDS,
    M_HAND,
    M_HEAD,
    M_ROW,
    M_SEAT,
    M_SUPPLY,
    MAX_ROW,
    MAX_SEATS,
)

MAX_CARDS = MAX_ROW
LETTERS = "ABCDEF"
MAX_PLAYERS = MAX_SEATS
TOKENS = (-1, 0, 1, 2, 3, 4)
SHIPS = (*COLOURS, "x")
PHASES = ("bid", "pay", "refill", "over")
PENDING = ("pay", "refill", "dump")

# (name, width) of every block, in order; the per-card and per-player blocks repeat.
GLOBAL = (
    ("round_fraction", 1),
    ("galaxies_left", 1),
    ("phase", len(PHASES)),
    ("realtime", 1),
    ("my_turn", 1),
    ("waits", 1),
    ("options", 4),
    ("free_tokens", len(TOKENS)),
    ("pool_energy", 1),
    ("pool_goods", len(COLOURS)),
    ("discarded", 1),
    ("pending_mine", 1),
    ("pending_kind", len(PENDING)),
    ("pending_left", 1),
)
CARD = (
    ("present", 1),
    ("planets", len(COLOURS)),
    ("ships", len(SHIPS)),
    ("station", 1),
    ("fav_planets_mine", 1),
    ("fav_ships_mine", 1),
    ("my_dice", 1),
    ("my_top", 1),
    ("other_dice", 1),
    ("other_top", 1),
    ("i_lead", 1),
    ("won_by_me", 1),
)
PLAYER = (
    ("present", 1),
    ("energy", 1),
    ("goods", len(COLOURS)),
    ("dice_in_hand", 1),
    ("token_count", 1),
    ("token_sum", 1),
    ("won", 1),
    ("paid", 1),
    ("unpaid", 1),
    ("fav_planets", len(COLOURS)),
    ("fav_ships", len(COLOURS)),
    ("paid_planets", len(COLOURS)),
    ("paid_ships", len(SHIPS)),
    ("paid_stations", 1),
)
G_SIZE = sum(w for _, w in GLOBAL)
C_SIZE = sum(w for _, w in CARD)
P_SIZE = sum(w for _, w in PLAYER)
SIZE = G_SIZE + MAX_CARDS * C_SIZE + MAX_PLAYERS * P_SIZE

_COLOUR = {c: i for i, c in enumerate(COLOURS)}
_SHIP = {c: i for i, c in enumerate(SHIPS)}
_TOKEN = {t: i for i, t in enumerate(TOKENS)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_PENDING = {k: i for i, k in enumerate(PENDING)}


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests."""
    out: list[tuple[str, int, int]] = []
    off = 0
    for name, width in GLOBAL:
        out.append((name, off, width))
        off += width
    for c in range(MAX_CARDS):
        for name, width in CARD:
            out.append((f"card{c}.{name}", off, width))
            off += width
    for p in range(MAX_PLAYERS):
        for name, width in PLAYER:
            out.append((f"player{p}.{name}", off, width))
            off += width
    return out


# The vector is the concatenation of these float32 segments, in layout order:
#   head (19: round_fraction .. free_tokens), pool energy (1), pool goods (4), discarded (1),
#   pending (5); per card: printed (13: present .. fav_ships_mine), bids (6: my_dice .. won_by_me);
#   zeros for the missing cards; per seat: energy (2: present, energy), goods (4), hand (3:
#   dice_in_hand, token_count, token_sum), record (3: won, paid, unpaid), pile (18: fav_planets ..
#   paid_stations); zeros for the missing seats.
# Every segment is cached under a key made of exactly the observed values it depends on, chosen
# so that the keys recur (a few hundred to a few thousand distinct ones each, for the pile one per
# prefix of a paid pile): an encoding is a few small key tuples, dictionary look-ups and one join.
_F32 = np.dtype(np.float32)
_NO_CARDS = tuple(bytes(4 * C_SIZE * k) for k in range(MAX_CARDS + 1))
_NO_PLAYERS = tuple(bytes(4 * P_SIZE * k) for k in range(MAX_PLAYERS + 1))
_NO_PENDING = bytes(4 * 5)
_NO_CARD = bytes(4 * C_SIZE)
_NO_CARD_SLOTS = tuple((_NO_CARD,) * (MAX_CARDS - k) for k in range(MAX_CARDS + 1))  # by row length
# An observer's parts (encode_match): head, supply (pool and discarded), pending; per card slot printed, bids.
# Then the seats' parts, which every observer shares (in seat order, 3 per seat: energy and goods, hand,
# sectors and pile) and joins from its own seat on.
_CARD_PART = 3
_PARTS = _CARD_PART + 2 * MAX_CARDS
_BIDS_AT = tuple(_CARD_PART + 2 * ci + 1 for ci in range(MAX_CARDS))  # each card slot's bids part
_NO_BIDS_SLOTS = tuple((b"",) * (MAX_CARDS - k) for k in range(MAX_CARDS + 1))  # past a row of k cards
# The components a marks comparison may find changed: every one but the head (the last), which
# encode_match compares together with whose turn it is and the waits.
_REMADE = range(M_HEAD)


def _f32(values: list[float]) -> bytes:
    return array("f", values).tobytes()


# the bids segment of a card without dice, indexed by "won by the observer"
_NO_BIDS = (_f32([0.0] * 6), _f32([0.0] * 5 + [1.0]))
_flat = chain.from_iterable  # a card's dice [[seat, value], ...] -> seat, value, seat, value, ...


def _head_block(key: tuple[Any, ...]) -> bytes:
    """round/rounds, galaxies left, phase, real-time, to move, waits, option flags, free speed tokens.

    The key is (the match's settings, round, galaxies left, phase, to move, waits, *free tokens),
    the settings being (rounds, real-time, stacked, stations, favourite ships, favourite goods),
    which a match never changes (so the fast path makes that tuple once per observer).
    """
    (
        (rounds, realtime, stacked, stations, fav_ships, fav_goods),
        rnd,
        galaxies_left,
        phase,
        my_turn,
        waits,
        *free,
    ) = key
    v = [0.0] * (13 + len(TOKENS))
    v[0] = rnd / (rounds or 1)
    v[1] = galaxies_left / 8.0
    v[2 + _PHASE.get(phase, 3)] = 1.0
    v[6] = 1.0 if realtime else 0.0
    v[7] = 1.0 if my_turn else 0.0
    v[8] = min(waits, 8) / 8.0
    v[9] = 1.0 if stacked else 0.0
    v[10] = 1.0 if stations else 0.0
    v[11] = 1.0 if fav_ships else 0.0
    v[12] = 1.0 if fav_goods else 0.0
    for t in free:
        v[13 + _TOKEN[t]] = 1.0
    return _f32(v)


def _pending_block(key: tuple[bool, str, int]) -> bytes:
    """The next pending step: the observer's, its kind, refill amount left."""
    mine, kind, left = key
    v = [0.0] * 5
    v[0] = 1.0 if mine else 0.0
    k = _PENDING.get(kind)
    if k is not None:
        v[1 + k] = 1.0
    v[4] = left / 4.0
    return _f32(v)


def _favourites(colour: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The favourite planets and ships printed on a character sheet (none for no sheet)."""
    if colour is None:
        return (), ()
    sheet = sheets()[colour]
    return tuple(sheet.fav_planets), tuple(sheet.fav_ships)


def _printed_block(cid: str, colour: str | None) -> bytes:
    """present, planets (4), ships (5), station, planets and ships matching the observer's favourites / 3."""
    fav_p, fav_s = _favourites(colour)
    sector = sectors()[cid]
    block = array("f", bytes(4 * 13))
    block[0] = 1.0
    for c in sector.planets:
        block[1 + _COLOUR[c]] += 1.0
    for ship in sector.ships:
        block[5 + _SHIP[ship]] += 1.0
    block[10] = 1.0 if sector.station else 0.0
    block[11] = sum(1 for c in sector.planets if c in fav_p) / 3.0
    block[12] = sum(1 for ship in sector.ships if ship in fav_s) / 3.0
    return block.tobytes()


def _printed_cards(colour: str | None) -> Memo[bytes]:
    """sector id -> its printed segment, as seen by the observer of this colour."""
    return Memo(partial(_printed_block, colour=colour))


def _bids_block(key: tuple[Any, ...]) -> bytes:
    """observer's dice / 2, top die / 6, others' dice / 4, top die / 6, observer leads, won by the observer.

    The key is (observer's seat, won by the observer, seat, value, seat, value, ...): the
    card's dice flattened in placement order, which few distinct keys cover (the values of
    a handful of dice), so the summary below runs once per distinct key, not per encoding.
    """
    you, won, *flat = key
    my_n = my_top = other_n = other_top = 0
    for seat, value in zip(flat[::2], flat[1::2], strict=True):
        if seat == you:
            my_n += 1
            if value > my_top:
                my_top = value
        else:
            other_n += 1
            if value > other_top:
                other_top = value
    lead = 1.0 if my_top > other_top else 0.0
    return _f32([my_n / 2.0, my_top / 6.0, other_n / 4.0, other_top / 6.0, lead, 1.0 if won else 0.0])


def _bids_by_seat(key: tuple[Any, ...]) -> tuple[bytes, ...]:
    """(players, winning seat or -1, *dice) -> the card's bids segment seen by seat 0 .. players - 1,
    then by a spectator (whose vector is seat 0's: it has seat 0's "won" flag)."""
    n, winner, *flat = key
    seen = [_bids_block((you, you == winner, *flat)) for you in range(n)]
    return (*seen, _bids_block((None, winner == 0, *flat)))


def _hand_block(key: tuple[int, ...]) -> bytes:
    """dice in hand / 2, speed tokens count / 3 and sum / 4."""
    dice_in_hand, *tokens = key
    return _f32([dice_in_hand / 2.0, len(tokens) / 3.0, sum(tokens) / 4.0])


def _record_block(key: tuple[int, int, int]) -> bytes:
    """sectors won this round / 3, paid / 10, unpaid / 5."""
    won, paid, unpaid = key
    return _f32([won / 3.0, paid / 10.0, unpaid / 5.0])


class _Piles(dict[tuple[str, ...], bytes]):
    """(colour, *paid sectors) -> a seat's favourites (one-hot planets, ships) and the planets / 10,
    ships / 10 and stations / 5 on its paid pile; bounded.

    The pile sums are accumulated in float32, one card at a time in pile order (as the vector
    always has been), so a pile's segment is exactly its prefix's plus the last card: a newly
    paid card costs one card's work, not the whole pile's.
    """

    __slots__ = ()

    def __missing__(self, key: tuple[str, ...]) -> bytes:
        if len(key) == 1:
            fav_p, fav_s = _favourites(key[0])
            block = array("f", bytes(4 * 18))
            for c in fav_p:
                block[_COLOUR[c]] = 1.0
            for c in fav_s:
                block[4 + _COLOUR[c]] = 1.0
        else:
            block = array("f", self[key[:-1]])
            sector = sectors()[key[-1]]
            for c in sector.planets:
                block[8 + _COLOUR[c]] += 0.1
            for ship in sector.ships:
                block[12 + _SHIP[ship]] += 0.1
            block[17] += 0.2 if sector.station else 0.0
        out = block.tobytes()
        if len(self) >= blocks.MAX_ENTRIES:  # after the prefixes: the cache never holds more than the limit
            self.clear()
        self[key] = out
        return out


class SmugglersEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to about [0, 1].

    The vector is joined from cached float32 segments (listed above); both
    paths compute the same keys. The returned array is read-only (a view of
    the joined bytes).
    """

    size = SIZE
    low = -1.0  # only the speed-token sum (the -1 token) goes below zero
    high = 8.0

    def __init__(self) -> None:
        self._head = Memo(_head_block)
        self._pool_energy = Memo(lambda energy: _f32([energy / 30.0]))
        self._pool_goods = Memo(lambda goods: _f32([g / 10.0 for g in goods]))
        self._discarded = Memo(lambda count: _f32([count / 10.0]))
        self._pending = Memo(_pending_block)
        self._printed = Memo(_printed_cards)  # observer's colour -> sector id -> segment
        self._bids = Memo(_bids_block)
        self._bids_by_seat = Memo(_bids_by_seat)
        self._energy = Memo(lambda energy: _f32([1.0, energy / 10.0]))  # with the "present" flag
        self._goods = Memo(lambda goods: _f32([g / 5.0 for g in goods]))
        self._hand = Memo(_hand_block)
        self._record = Memo(_record_block)
        self._pile = _Piles()
        # encode_match only: the state last encoded, the marks its parts were made at, each
        # observer's own parts and the seats' parts they share, and the zeros of the absent seats.
        # This is blocks.Views/View.catch_up's bookkeeping, kept inline: the encoding is the
        # dearest part of this game's RL step, and the two calls it saves per step were
        # measurable (docs/interop.md, session 9).
        self._state: Any = None
        self._marks: list[int] = []
        self._observers: dict[int | None, _Observer] = {}
        self._seats: list[bytes] = []
        self._no_seats = b""

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        you = obs.get("you")
        opts = obs["options"]
        pool = obs["pool"]
        players = obs["players"]
        n = len(players)
        me = 0 if you is None else you
        blocks = [
            self._head[
                (
                    (
                        obs["rounds"],
                        obs["mode"] == "realtime",
                        opts["stacked"],
                        opts["stations"],
                        opts["favourite_ships"],
                        opts["favourite_goods"],
                    ),
                    obs["round"],
                    obs["galaxies_left"],
                    obs["phase"],
                    you is not None and you in obs["to_move"],
                    obs["waits"],
                    *obs["free_tokens"],
                )
            ],
            self._pool_energy[pool["energy"]],
            self._pool_goods[tuple(pool["goods"][c] for c in COLOURS)],
            self._discarded[len(obs["discarded"])],
        ]
        pending = obs["pending"]
        if pending:
            step = pending[0]
            data = step.get("data")
            left = data.get("left", 0) if isinstance(data, dict) else 0
            blocks.append(self._pending[(step.get("seat") == you, step.get("kind", ""), left)])
        else:
            blocks.append(_NO_PENDING)
        mine = players[me] if 0 <= me < n else None
        colour = mine["colour"] if mine else None
        won_rows = [LETTERS.index(w) for w in mine["won"]] if mine else []
        row = obs["row"][:MAX_CARDS]
        for ci, card in enumerate(row):
            blocks.append(self._printed[colour][card["sector"]])
            on_card = card["dice"]
            won = ci in won_rows
            blocks.append(self._bids[(you, won, *_flat(on_card))] if on_card else _NO_BIDS[won])
        blocks.append(_NO_CARDS[MAX_CARDS - len(row)])
        shown = min(n, MAX_PLAYERS)
        for k in range(shown):
            p = players[(me + k) % n]
            blocks.append(self._energy[p["energy"]])
            blocks.append(self._goods[tuple(p["goods"][c] for c in COLOURS)])
            blocks.append(self._hand[(p["dice_in_hand"], *p["tokens"])])
            blocks.append(self._record[(len(p["won"]), len(p["paid"]), len(p["unpaid"]))])
            blocks.append(self._pile[(p["colour"], *p["paid"])])
        blocks.append(_NO_PLAYERS[MAX_PLAYERS - shown])
        return np.frombuffer(b"".join(blocks), _F32)

    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state.

        A fast path for the RL adapters: it reads exactly the fields that
        ``observation`` publishes (the hidden galaxies only through their
        count), and tests/interop check that both paths agree on every position
        of many random matches and that a determinized copy encodes the same.

        Every observer of the state keeps its last vector as parts (``_Observer``),
        and the seats' parts, which do not depend on the observer, are kept once for
        all of them. The head and the pending step are looked up for each vector; the
        other parts change only when the rules mark their component changed
        (``state.M_*``), and each such change is made once, when the next vector of
        any observer is asked for, and put into the parts of every observer at once
        (``_remake``). So a step costs the work of its own changes, however many
        observers there are and however long ago each last looked.
        """
        s = match.state
        marks = s.marks
        observers = self._observers
        if s is not self._state:  # another match, a clone or a determinized world: start over
            self._state = s
            self._marks = marks.copy()
            observers = self._observers = {}
            n = len(s.players)
            self._seats = [b""] * (3 * n)
            self._no_seats = _NO_PLAYERS[MAX_PLAYERS - n]
            self._remake(
                s, (*range(M_HAND, M_HAND + n), *range(M_SEAT, M_SEAT + n)), ()
            )  # the shared seats' parts
        elif marks != self._marks:  # compared at C speed; then only the moved components are made
            # (a mark is only ever raised, so a component whose counter is still the same object is unchanged)
            seen, self._marks = self._marks, marks.copy()
            self._remake(s, compress(_REMADE, map(is_not, seen, marks)), observers.values())
        me = observers.get(seat)
        if me is None:
            me = observers[seat] = _Observer(s, seat)
            self._remake(s, (M_SUPPLY, M_ROW, *range(M_BIDS, M_BIDS + len(s.row))), (me,))  # its own parts
        parts = me.parts
        my_turn = seat is not None and seat in match.to_move
        head = (marks[M_HEAD], my_turn, s.waits)  # what the head depends on
        if me.head != head:
            me.head = head
            parts[0] = self._head[
                (me.settings, s.round, len(s.galaxies), s.phase, my_turn, s.waits, *s.free_tokens)
            ]
        pending = s.pending
        if pending:
            step = pending[-1]  # the observation lists the next decision first
            parts[2] = self._pending[
                (step.seat == seat, step.kind, step.data.get("left", 0))
            ]  # (data: a dict)
        else:
            parts[2] = _NO_PENDING
        seats = self._seats
        # NumPy adopts the joined bytes without a copy (read-only)
        return np.frombuffer(
            b"".join([*parts, *seats[me.mine_on], *seats[me.before_mine], self._no_seats]), _F32
        )

    def _remake(self, s: Any, changed: Iterable[int], observers: Iterable[_Observer]) -> None:
        """Makes the parts of components ``changed`` once: a seat's into the shared seats' parts, the
        others into every observer's parts (the bids as that observer sees them, the printed row in
        its colour).

        The rules mark only the seats and cards there are (tests/interop check it), so no
        component here is ever an absent seat or a slot past the row: their zeros are joined in
        ``encode_match`` and put in by the row's part.
        """
        players = s.players
        seats = self._seats
        for c in changed:  # in the order of how often each kind changes
            if c >= M_HAND:
                if c < M_SEAT:  # dice in hand and speed tokens
                    i = c - M_HAND
                    p = players[i]
                    seats[3 * i + 1] = self._hand[(p.dice_in_hand, *p.tokens)]
                else:  # energy and goods; sectors and pile
                    i = c - M_SEAT
                    p = players[i]
                    seats[3 * i] = self._energy[p.energy] + self._goods[tuple(p.goods)]
                    seats[3 * i + 2] = (
                        self._record[(len(p.won), len(p.paid), len(p.unpaid))]
                        + self._pile[(p.colour, *p.paid)]
                    )
            elif c >= M_BIDS:
                ci = c - M_BIDS
                n = len(players)
                winner = -1
                if s.phase != "bid":  # cards are won only when the bidding closes (§3.3)
                    for i in range(n):
                        for w in players[i].won:
                            if w[0] == ci:
                                winner = i
                seen_by = self._bids_by_seat[(n, winner, *_flat(s.dice[ci]))]
                at = _BIDS_AT[ci]
                for o in observers:
                    o.parts[at] = seen_by[o.pick]
            elif c == M_ROW:  # the printed cards; a slot past the row is all zeros, and has no bids part
                row = s.row
                k = len(row)
                for o in observers:
                    o.parts[_CARD_PART:_PARTS:2] = [
                        *map(self._printed[o.colour].__getitem__, row),
                        *_NO_CARD_SLOTS[k],
                    ]
                    o.parts[_CARD_PART + 1 + 2 * k : _PARTS : 2] = _NO_BIDS_SLOTS[k]
            else:  # M_SUPPLY
                supply = (
                    self._pool_energy[s.pool_energy]
                    + self._pool_goods[tuple(s.pool_goods)]
                    + self._discarded[len(s.discarded)]
                )
                for o in observers:
                    o.parts[1] = supply


class _Observer:
    """One observer's own parts of its last vector, in vector order (see ``SmugglersEncoder``):
    with the head's key and the match's settings in it, the slices of the shared seats' parts
    from its own seat on and before it (the vector lists the seats from the observer's on),
    and which of a card's ``_bids_by_seat`` and which colour's printed cards it sees."""

    __slots__ = ("before_mine", "colour", "head", "mine_on", "parts", "pick", "settings")

    def __init__(self, s: Any, seat: int | None) -> None:
        n = len(s.players)
        me = 0 if seat is None else seat  # a spectator sees the table from seat 0
        self.parts: list[bytes] = [b""] * _PARTS
        self.head: Any = None
        self.mine_on, self.before_mine = slice(3 * me, None), slice(3 * me)  # of the shared seats' parts
        self.pick = n if seat is None else seat
        self.colour = s.players[me].colour if me < n else None
        self.settings = (s.rounds, s.realtime, s.stacked, s.stations, s.fav_ships, s.fav_goods)
