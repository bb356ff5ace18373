"""A numeric encoding of one seat's Káosz Galaktika observation, for RL.

It reads only ``observation(seat)`` plus the public card list (what is printed
on each card: type, cost, stats), so it cannot leak: a face-down card the seat
cannot identify counts only as "hidden". Players are rotated so that block 0
is always the observer; only the observer's block has its hand and wreck
filled in, as in the observation. Each zone is summarised (counts by card
type and turn state, upgrades, damage, printed stats of the ships), so the
layout (documented in docs/interop.md) is fixed for every player count, deck
and option set; missing seats are all-zero blocks with their ``present`` flag 0.

The vector is the ``bytes.join`` of small float32 blocks, each built once per
distinct key of observed values and cached (every cache is bounded by
``galaxis.core.blocks.MAX_ENTRIES``). ``encode_match`` is the fast path for
the RL adapters: the same keys read straight from the fields that
``observation`` publishes (tests/interop check the equality on every position
of random matches, and that a determinized copy encodes the same; the name of
a card the seat cannot identify never enters a key). It keeps, per observer and
state object (``core.blocks.Views``), the parts of its last vector and
rebuilds only those whose change marks (``state.MARKS``: per seat its counts,
each zone list, the upgrades on its surface; and which cards are public) the
rules raised since.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from galaxis.core.blocks import MAX_ENTRIES, Views, layout_offsets, zeros
from galaxis.games.kaosz.cards import pool
from galaxis.games.kaosz.state import (
    CANTEEN,
    HAND,
    HANGAR,
    MARKS,
    PER_SEAT,
    PUBLIC,
    SURFACE,
    TRASH,
    UPS,
    WRECK,
)
from galaxis.games.kaosz.views import visible

MAX_PLAYERS = 6
TYPES = ("base", "crew", "equipment", "event", "interrupt", "ship")
STATS = ("speed", "firepower", "armour", "bombard")
PHASES = ("mulligan", "start", "main", "end", "over")
DECISIONS = (
    "mulligan", "main", "pick", "tutor", "discard", "scrap", "choose", "priority", "paystep", "equip",
    "aim", "fire", "return", "bombard", "split", "spread", "trap",
)  # fmt: skip
STAGES = (
    "declare",
    "equip_a",
    "equip_d",
    "pay_a",
    "pay_d",
    "pay_end",
    "fire",
    "fire_end",
    "bombard",
    "disarm",
)
TARGETS = ("colony", "hand", "card")
STACK_KINDS = ("card", "pay", "ability")
TURN_STATES = ("active", "used", "damaged")
DATA_NUMBERS = ("count", "left", "hits")

# A zone of face-up or face-down cards is summarised by ZONE fields.
ZONE = (
    ("cards", 1),
    ("up", 1),
    ("state", len(TURN_STATES)),
    ("hidden", 1),
    ("types", len(TYPES)),
    ("cost", 1),
    ("upgrades", 1),
    ("harm", 1),
    ("ship_stats", len(STATS)),
)
Z_SIZE = sum(w for _, w in ZONE)

GLOBAL = (
    ("round", 1),
    ("phase", len(PHASES)),
    ("my_turn", 1),
    ("active_is_me", 1),
    ("first_is_me", 1),
    ("options", 2),
    ("decision", len(DECISIONS)),
    ("decision_data", len(DATA_NUMBERS)),
    ("stack_size", 1),
    ("stack_mine", 1),
    ("stack_top_kind", len(STACK_KINDS)),
    ("stack_top_mine", 1),
    ("stack_top_type", len(TYPES)),
    ("stack_top_cost", 1),
    ("stack_neutralized", 1),
    ("combat", 1),
    ("combat_attacking", 1),
    ("combat_defending", 1),
    ("combat_target", len(TARGETS)),
    ("combat_stage", len(STAGES)),
    ("combat_my_ships", 1),
    ("combat_their_ships", 1),
    ("combat_passed", 2),
)
PLAYER = (
    ("present", 1),
    ("out", 1),
    ("credits", 1),
    ("turns", 1),
    ("kills", 1),
    ("colony", 1),
    ("hand", 1),
    ("wreck", 1),
    ("trash", 1),
    ("trash_types", len(TYPES)),
    ("hangar", Z_SIZE),
    ("canteen", Z_SIZE),
    ("surface", Z_SIZE),
    ("hand_cards", Z_SIZE),
    ("wreck_types", len(TYPES)),
    ("known", 1),
)


G = layout_offsets(GLOBAL)
P = layout_offsets(PLAYER)
Z = layout_offsets(ZONE)
G_SIZE = sum(w for _, w in GLOBAL)
P_SIZE = sum(w for _, w in PLAYER)
SIZE = G_SIZE + MAX_PLAYERS * P_SIZE

_PHASE = {p: i for i, p in enumerate(PHASES)}
_DECISION = {k: i for i, k in enumerate(DECISIONS)}
_STAGE = {k: i for i, k in enumerate(STAGES)}
_TARGET = {k: i for i, k in enumerate(TARGETS)}
_STACK_KIND = {k: i for i, k in enumerate(STACK_KINDS)}
_TYPE = {t: i for i, t in enumerate(TYPES)}
_ALWAYS_PUBLIC = ("stack", "trash", "hangar")
_FACE_DOWN_ZONES = ("colony", "hand", "wreck")
ZONES = ("hangar", "canteen", "surface", "hand_cards")


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests."""
    out = [(name, G[name], width) for name, width in GLOBAL]
    for p in range(MAX_PLAYERS):
        for name, width in PLAYER:
            if width == Z_SIZE and name in ("hangar", "canteen", "surface", "hand_cards"):
                base = G_SIZE + p * P_SIZE + P[name]
                out.extend((f"player{p}.{name}.{zname}", base + Z[zname], zw) for zname, zw in ZONE)
            else:
                out.append((f"player{p}.{name}", G_SIZE + p * P_SIZE + P[name], width))
    return out


def _printed(card_id: str) -> tuple[int, int, tuple[int, ...]]:
    """(type index, cost, ship stats) printed on a card."""
    card = pool()[card_id]
    stats = tuple(card.stats.get(st, 0) for st in STATS) if card.type == "ship" else (0, 0, 0, 0)
    cost = card.cost if isinstance(card.cost, int) else 0  # "X": paid as much as one likes
    return _TYPE.get(card.type, 0), cost, stats


_PRINTED: dict[str, tuple[int, int, tuple[int, ...]]] = {}  # one entry per card of the pool


def printed(card_id: str) -> tuple[int, int, tuple[int, ...]]:
    hit = _PRINTED.get(card_id)
    if hit is None:
        hit = _PRINTED[card_id] = _printed(card_id)
    return hit


def _zone_key(cards: tuple[tuple[str, bool, int, int, int], ...]) -> tuple[int, ...]:
    """The summary of a zone given (card id or "" if unknown, up, turn state, upgrades, harm) per card."""
    up = hidden = cost = upgrades = harm = 0
    states = [0, 0, 0]
    types = [0] * len(TYPES)
    stats = [0, 0, 0, 0]
    for cid, is_up, turn, ups, hurt in cards:
        if is_up:
            up += 1
        states[turn] += 1
        upgrades += ups
        harm += hurt
        if cid:
            t, c, st = _PRINTED.get(cid) or printed(cid)
            types[t] += 1
            cost += c
            if st[0] or st[1] or st[2] or st[3]:
                stats[0] += st[0]
                stats[1] += st[1]
                stats[2] += st[2]
                stats[3] += st[3]
        else:
            hidden += 1
    return (len(cards), up, *states, hidden, *types, cost, upgrades, harm, *stats)


def _numbers(data: dict[str, Any]) -> tuple[int | None, int | None, int | None]:
    """The whole-number fields of the decision's public data (DATA_NUMBERS; other values are left out)."""
    count, left, hits = data.get("count"), data.get("left"), data.get("hits")
    return (
        count if type(count) is int else None,
        left if type(left) is int else None,
        hits if type(hits) is int else None,
    )


def _unit(x: float, scale: float) -> float:
    """``x / scale`` clipped to [0, 1]."""
    return min(max(x / scale, 0.0), 1.0)


def _bounded_get(cache: dict[Any, bytes], key: Any, build: Callable[[Any], bytes]) -> bytes:
    """``cache[key]``, built by ``build(key)`` on a miss; the cache is emptied when it is full."""
    block = cache.get(key)
    if block is None:
        if len(cache) >= MAX_ENTRIES:
            cache.clear()
        block = cache[key] = build(key)
    return block


class _Scaled(dict[Any, bytes]):
    """A count -> the float32 bytes of ``_unit(count, scale)`` (one field of a player block)."""

    def __init__(self, scale: float) -> None:
        super().__init__()
        self.scale = scale

    def __missing__(self, x: Any) -> bytes:
        block = array("f", [_unit(x, self.scale)]).tobytes()
        if len(self) < MAX_ENTRIES:
            self[x] = block
        return block


_PER_5, _PER_10, _PER_20, _PER_40 = _Scaled(5), _Scaled(10), _Scaled(20), _Scaled(40)
_IN_PLAY = array("f", [1.0, 0.0]).tobytes()  # present, out
_OUT = array("f", [1.0, 1.0]).tobytes()
_NO_ZONE = bytes(4 * Z_SIZE)  # another player's hand: only its size is observed
_NO_WRECK = bytes(4 * len(TYPES))  # another player's wreck: only its size is observed
_NO_KNOWN = bytes(4)
_NO_BLOCK: tuple[Any, bytes] = ((), b"")  # no last block: no key equals ()
_NO_NUMBERS: tuple[int | None, int | None, int | None] = (None, None, None)  # no decision data
_NO_DECISION = (None, _NO_NUMBERS)
_NO_STACK = (0, 0, False, None)
_EMPTY_SEATS = [bytes(4 * P_SIZE * (MAX_PLAYERS - n)) for n in range(MAX_PLAYERS + 1)]
# encode_match's segments: the 4 global blocks; per seat: counts, trash, hangar, canteen, surface, hand,
# wreck, known; the empty seats
_PARTS = 4 + 8 * MAX_PLAYERS + 1

_TYPE_BLOCKS: dict[tuple[str, ...], bytes] = {}  # card ids of a trash or wreck -> its types / 20
_SUMMARIES: dict[tuple[int, ...], bytes] = {}  # zone summary -> its block


def _known_hidden(cards: list[Any], known: set[int] | tuple[()]) -> int:
    """How many distinct cards in ``known`` are not public (``not views.visible(s, u, None)``, inlined:
    a card is public in the trash, the hangar or on the stack, or face up outside colony, hand and wreck)."""
    return len(
        [
            0
            for c in map(cards.__getitem__, known)
            if (z := c.zone) in _FACE_DOWN_ZONES or not (c.up or z in _ALWAYS_PUBLIC)
        ]
    )


class KaoszEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to about [0, 1].

    The vector is the concatenation of small float32 byte blocks, each cached under a key
    of observed values only: four global blocks (turn, decision, stack, combat), and per
    player (observer first) the counts (one table lookup each), the trash by type, the
    hangar, canteen, surface and hand zones (a zone's key holds ``(card id or "", up,
    turn, upgrades, harm)`` per card), the wreck by type and the known cards; zeros for
    empty seats. ``encode`` assembles them with ``_assemble``; ``encode_match`` builds the
    same blocks from the state, part by part, when the part's change mark moved.
    """

    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self) -> None:
        self._turn: dict[Any, bytes] = {}
        self._decision: dict[Any, bytes] = {}
        self._stack: dict[Any, bytes] = {}
        self._combat: dict[Any, bytes] = {}
        self._zone: dict[Any, bytes] = {}
        self._last: dict[int, list[tuple[Any, bytes]]] = {}  # observer -> its last player blocks (encode)
        self._views = Views(MARKS, _PARTS)  # observer -> its last vector of one state (encode_match)
        self.rebuilds = 0  # player blocks encode_match rebuilt (tests count them)

    # --- the observation path ---------------------------------------------------
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        you = obs["you"]
        me = -1 if you is None else you
        stack = obs["stack"]
        top = None
        if stack:
            item = stack[-1]
            top = (item["kind"], item["seat"] == me, item["card"].get("card", ""))
        cb = obs["combat"]
        combat = None
        if cb is not None:
            combat = (
                cb["attacker"] == me,
                cb["defender"] == me,
                cb["target"],
                cb["stage"],
                tuple(len(side) for side in cb["ships"]),
                tuple(cb["passed"]),
            )
        opts = obs["options"]
        glob = (
            (
                obs["round"],
                opts["max_rounds"],
                opts["simple_combat"],
                obs["phase"],
                you is not None and you in obs["to_move"],
                obs["active"] == me,
                obs["first"] == me,
            ),
            (obs["decision"], _numbers(obs["decision_data"])),
            (
                len(stack),
                sum(1 for it in stack if it["seat"] == me),
                any(it["neutralized"] for it in stack),
                top,
            ),
            combat,
        )

        def zone(views: list[dict[str, Any]]) -> tuple[tuple[Any, ...], ...]:
            return tuple(
                [
                    (
                        v.get("card", ""),
                        v["up"],
                        TURN_STATES.index(v["state"]),
                        v.get("upgrades", 0),
                        v.get("harm", 0),
                    )
                    for v in views
                ]
            )

        views = obs["players"]
        total = len(views)
        first = 0 if me < 0 else me
        keys = []
        for k in range(min(total, MAX_PLAYERS)):
            i = (first + k) % total
            p = views[i]
            mine = i == me
            keys.append(
                (
                    p["out"],
                    p["credits"],
                    p["turns"],
                    p["kills"],
                    p["colony"],
                    p["hand"],
                    p["wreck"],
                    tuple(p["trash"]),
                    zone(p["hangar"]),
                    zone(p["canteen"]),
                    zone(p["surface"]),
                    zone(p["hand_cards"]) if mine else None,
                    tuple(p["wreck_cards"]) if mine else None,
                    len(p["known"]) if mine else None,
                )
            )
        return self._assemble(me, glob, keys)

    # --- the fast path ------------------------------------------------------------
    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state.

        The global blocks are rebuilt every call (whose turn, the decision, the stack and the
        combat change almost every step). Each part of a player block (counts, trash, hangar,
        canteen, surface, and the observer's hand, wreck and known cards) is rebuilt only when
        its change mark (``state.MARKS``) moved since this observer's last vector of this state
        object; the known-card count follows ``PUBLIC``, as a known card may lie anywhere."""
        s = match.state
        view = self._views.of(seat, s)
        seen, parts, m = view.marks, view.parts, s.marks
        me = -1 if seat is None else seat
        cards = s.cards
        stack = s.stack
        if stack:
            it = stack[-1]
            top = (it.kind, it.seat == me, cards[it.uid].name if visible(s, it.uid, seat) else "")
            stack_key: tuple[Any, ...] = (
                len(stack),
                sum(1 for it in stack if it.seat == me),
                any(it.neutralized for it in stack),
                top,
            )
        else:
            stack_key = _NO_STACK
        cb = s.combat
        combat = None
        if cb is not None:
            attackers, defenders = cb.ships
            combat = (
                cb.attacker == me,
                cb.defender == me,
                cb.target,
                cb.stage,
                (len(attackers), len(defenders)),
                tuple(cb.passed),
            )
        decision_key: tuple[Any, ...] = _NO_DECISION
        if s.pending:
            step = s.pending[-1]
            data = step.data
            if step.kind != "tutor" and type(data) is dict:
                count, left, hits = data.get("count"), data.get("left"), data.get("hits")
                decision_key = (
                    step.kind,
                    (
                        count if type(count) is int else None,
                        left if type(left) is int else None,
                        hits if type(hits) is int else None,
                    ),
                )
            else:
                decision_key = (step.kind, _NO_NUMBERS)
        turn = (
            s.round,
            s.max_rounds,
            s.simple_combat,
            s.phase,
            seat is not None and seat in match.to_move,
            s.active == me,
            s.first == me,
        )
        c1, c2, c3, c4 = self._turn, self._decision, self._stack, self._combat
        parts[0] = c1.get(turn) or _bounded_get(c1, turn, _turn_bytes)
        parts[1] = c2.get(decision_key) or _bounded_get(c2, decision_key, _decision_bytes)
        parts[2] = c3.get(stack_key) or _bounded_get(c3, stack_key, _stack_bytes)
        parts[3] = c4.get(combat) or _bounded_get(c4, combat, _combat_bytes)

        players = s.players
        total = len(players)
        if total > MAX_PLAYERS:  # never: the game seats at most MAX_PLAYERS
            raise ValueError(f"kaosz encoder: {total} players, at most {MAX_PLAYERS}")
        first = 0 if me < 0 else me
        known: set[int] | tuple[()] | None = None  # the observer's known cards, read when first needed
        base = 4
        for k in range(total):
            i = (first + k) % total
            mb = i * PER_SEAT
            if m[mb : mb + PER_SEAT] == seen[mb : mb + PER_SEAT] and (
                k or seat is None or m[PUBLIC] == seen[PUBLIC]
            ):
                base += 8
                continue
            p = players[i]
            mine = k == 0 and seat is not None
            if not mine:  # another player's hand and wreck are not in the vector
                seen[mb + HAND], seen[mb + WRECK] = m[mb + HAND], m[mb + WRECK]
            if m[mb] != seen[mb]:  # COUNTS
                seen[mb] = m[mb]
                self.rebuilds += 1
                parts[base] = b"".join(
                    (
                        _OUT if p.out else _IN_PLAY,
                        _PER_20[p.credits],
                        _PER_40[p.turns],
                        _PER_5[p.kills],
                        _PER_40[len(p.colony)],
                        _PER_10[len(p.hand)],
                        _PER_40[len(p.wreck)],
                    )
                )
                if not mine:
                    parts[base + 5], parts[base + 6], parts[base + 7] = _NO_ZONE, _NO_WRECK, _NO_KNOWN
            if m[mb + TRASH] != seen[mb + TRASH]:
                seen[mb + TRASH] = m[mb + TRASH]
                self.rebuilds += 1
                trash = tuple([cards[u].name for u in p.trash])
                parts[base + 1] = _PER_40[len(trash)] + (
                    _TYPE_BLOCKS.get(trash) or _bounded_get(_TYPE_BLOCKS, trash, _types_bytes)
                )
            if m[mb + HANGAR] != seen[mb + HANGAR]:
                seen[mb + HANGAR] = m[mb + HANGAR]
                self.rebuilds += 1
                zone = [(c.name, c.up, c.turn, c.upgrades, c.harm) for c in map(cards.__getitem__, p.hangar)]
                parts[base + 2] = _zone_block(zone)[0]
            if m[mb + CANTEEN] != seen[mb + CANTEEN]:
                seen[mb + CANTEEN] = m[mb + CANTEEN]
                self.rebuilds += 1
                if known is None:
                    known = _known_set(players, seat)
                parts[base + 3] = _zone_block(_laid(cards, p.canteen, me, known))[0]
            if m[mb + SURFACE] != seen[mb + SURFACE]:
                seen[mb + SURFACE] = m[mb + SURFACE]
                seen[mb + UPS] = m[mb + UPS]
                self.rebuilds += 1
                if known is None:
                    known = _known_set(players, seat)
                zone = _laid(cards, p.surface, me, known)
                parts[base + 4] = _zone_block(zone)[0]
            elif m[mb + UPS] != seen[mb + UPS]:  # only upgrades changed: that one field of the block
                seen[mb + UPS] = m[mb + UPS]
                self.rebuilds += 1
                block = parts[base + 4]
                ups = sum([cards[u].upgrades for u in p.surface])
                parts[base + 4] = (
                    block[:_UPS_AT] + (_UPGRADES.get(ups) or _upgrades_bytes(ups)) + block[_UPS_AT + 4 :]
                )
            if mine:
                if m[mb + HAND] != seen[mb + HAND]:
                    seen[mb + HAND] = m[mb + HAND]
                    self.rebuilds += 1
                    if known is None:
                        known = _known_set(players, seat)
                    # identified when the observer's own or looked at
                    zone = [
                        (c.name, c.up, c.turn, c.upgrades, c.harm)
                        if (c := cards[u]).owner == me or u in known
                        else ("", c.up, c.turn, c.upgrades, c.harm)
                        for u in p.hand
                    ]
                    parts[base + 5] = _zone_block(zone)[0]
                if m[mb + WRECK] != seen[mb + WRECK]:
                    seen[mb + WRECK] = m[mb + WRECK]
                    self.rebuilds += 1
                    wrecked = tuple([cards[u].name for u in p.wreck])
                    parts[base + 6] = _TYPE_BLOCKS.get(wrecked) or _bounded_get(
                        _TYPE_BLOCKS, wrecked, _types_bytes
                    )
                if m[PUBLIC] != seen[PUBLIC]:  # the observer's known cards that are not public
                    seen[PUBLIC] = m[PUBLIC]
                    self.rebuilds += 1
                    if known is None:
                        known = _known_set(players, seat)
                    parts[base + 7] = _PER_10[_known_hidden(cards, known) if known else 0]
            base += 8
        parts[-1] = _EMPTY_SEATS[total]
        return np.frombuffer(b"".join(parts), dtype=np.float32)

    # --- shared -----------------------------------------------------------------------
    def _assemble(self, me: int, glob: tuple[Any, ...], keys: list[tuple[Any, ...]]) -> np.ndarray:
        """The vector: the global blocks, the player blocks (observer first), then empty seats.

        A player block whose key equals the one this observer had last time (the other
        players' blocks, mostly, between two of its turns) is reused whole: an exact
        comparison of everything the block is made of."""
        turn, decision, stack, combat = glob
        c1, c2, c3, c4 = self._turn, self._decision, self._stack, self._combat
        parts = [
            c1.get(turn) or _bounded_get(c1, turn, _turn_bytes),
            c2.get(decision) or _bounded_get(c2, decision, _decision_bytes),
            c3.get(stack) or _bounded_get(c3, stack, _stack_bytes),
            c4.get(combat) or _bounded_get(c4, combat, _combat_bytes),
        ]
        last = self._last.get(me)
        if last is None or len(last) != len(keys):
            if len(self._last) >= 64:
                self._last.clear()
            last = self._last[me] = [_NO_BLOCK] * len(keys)
        for k, key in enumerate(keys):
            prev = last[k]
            if prev[0] == key:
                parts.append(prev[1])
                continue
            known = key[13]
            block = self._player_bytes(key) + (_NO_KNOWN if known is None else _PER_10[known])
            last[k] = (key, block)
            parts.append(block)
        parts.append(_EMPTY_SEATS[len(keys)])
        return np.frombuffer(b"".join(parts), dtype=np.float32)

    def _player_bytes(self, key: tuple[Any, ...]) -> bytes:
        """A player block but its last field (the known cards), from its key (``known`` unread)."""
        zones, types = self._zone, _TYPE_BLOCKS
        (
            out,
            credits,
            turns,
            kills,
            colony,
            hand,
            wreck,
            trash,
            hangar,
            canteen,
            surface,
            hand_cards,
            wrecked,
        ) = key[:13]
        return b"".join(
            (
                _OUT if out else _IN_PLAY,
                _PER_20[credits],
                _PER_40[turns],
                _PER_5[kills],
                _PER_40[colony],
                _PER_10[hand],
                _PER_40[wreck],
                _PER_40[len(trash)],
                types.get(trash) or _bounded_get(types, trash, _types_bytes),
                zones.get(hangar) or _bounded_get(zones, hangar, _zone_bytes),
                zones.get(canteen) or _bounded_get(zones, canteen, _zone_bytes),
                zones.get(surface) or _bounded_get(zones, surface, _zone_bytes),
                _NO_ZONE
                if hand_cards is None
                else zones.get(hand_cards) or _bounded_get(zones, hand_cards, _zone_bytes),
                _NO_WRECK
                if wrecked is None
                else types.get(wrecked) or _bounded_get(types, wrecked, _types_bytes),
            )
        )


def _known_set(players: list[Any], seat: int | None) -> set[int] | tuple[()]:
    """The cards observer ``seat`` has looked at (``()`` for none, or for the spectator)."""
    if seat is None or not players[seat].known:
        return ()
    return set(players[seat].known)


def _laid(cards: list[Any], uids: list[int], me: int, known: set[int] | tuple[()]) -> list[tuple[Any, ...]]:
    """The zone key entries of a canteen or surface: a card is identified when face up, the
    observer's own, or looked at (views.visible, §8)."""
    return [
        (c.name, c.up, c.turn, c.upgrades, c.harm)
        if (c := cards[u]).owner == me or c.up or u in known
        else ("", c.up, c.turn, c.upgrades, c.harm)
        for u in uids
    ]


def _zone_block(cards: list[tuple[Any, ...]]) -> tuple[bytes, int | None]:
    """``_zone_bytes(cards)`` and the packed summary it was made from (None: summed the plain way)."""
    try:
        packed = sum(map(_PACKED_CARDS.__getitem__, cards))
    except TypeError:  # a card whose numbers do not pack
        return _zone_bytes(tuple(cards)), None
    return _PACKED_SUMMARIES.get(packed) or _bounded_get(_PACKED_SUMMARIES, packed, _unpacked_bytes), packed


# --- block builders (each gets the key it is cached under) ----------------------------
def _turn_bytes(key: tuple[Any, ...]) -> bytes:
    """round .. options of the global block."""
    rnd, max_rounds, simple, phase, my_turn, active_me, first_me = key
    base = G["round"]
    v = zeros(G["decision"] - base)
    v[G["round"] - base] = _unit(rnd, max_rounds or 1)
    if phase in _PHASE:
        v[G["phase"] - base + _PHASE[phase]] = 1.0
    v[G["my_turn"] - base] = 1.0 if my_turn else 0.0
    v[G["active_is_me"] - base] = 1.0 if active_me else 0.0
    v[G["first_is_me"] - base] = 1.0 if first_me else 0.0
    v[G["options"] - base] = 1.0 if simple else 0.0
    v[G["options"] - base + 1] = _unit(max_rounds, 500)
    return v.tobytes()


def _decision_bytes(key: tuple[Any, tuple[int | None, ...]]) -> bytes:
    """decision and decision_data of the global block."""
    decision, numbers = key
    base = G["decision"]
    v = zeros(G["stack_size"] - base)
    if decision in _DECISION:
        v[_DECISION[decision]] = 1.0
    for k, x in enumerate(numbers):
        if isinstance(x, int) and not isinstance(x, bool):
            v[G["decision_data"] - base + k] = _unit(x, 10)
    return v.tobytes()


def _stack_bytes(key: tuple[Any, ...]) -> bytes:
    """stack_size .. stack_neutralized of the global block."""
    stack_size, stack_mine, neutralized, top = key
    base = G["stack_size"]
    v = zeros(G["combat"] - base)
    v[G["stack_size"] - base] = _unit(stack_size, 5)
    v[G["stack_mine"] - base] = _unit(stack_mine, 5)
    v[G["stack_neutralized"] - base] = 1.0 if neutralized else 0.0
    if top is not None:
        kind, top_mine, card_id = top
        if kind in _STACK_KIND:
            v[G["stack_top_kind"] - base + _STACK_KIND[kind]] = 1.0
        v[G["stack_top_mine"] - base] = 1.0 if top_mine else 0.0
        if card_id:
            t, cost, _ = printed(card_id)
            v[G["stack_top_type"] - base + t] = 1.0
            v[G["stack_top_cost"] - base] = _unit(cost, 10)
    return v.tobytes()


def _combat_bytes(combat: tuple[Any, ...] | None) -> bytes:
    """combat .. combat_passed of the global block (zeros out of combat)."""
    base = G["combat"]
    v = zeros(G_SIZE - base)
    if combat is not None:
        attacking, defending, target, stage, ships, passed = combat
        v[G["combat"] - base] = 1.0
        v[G["combat_attacking"] - base] = 1.0 if attacking else 0.0
        v[G["combat_defending"] - base] = 1.0 if defending else 0.0
        if target in _TARGET:
            v[G["combat_target"] - base + _TARGET[target]] = 1.0
        if stage in _STAGE:
            v[G["combat_stage"] - base + _STAGE[stage]] = 1.0
        mine, theirs = (0, 1) if attacking else (1, 0)
        v[G["combat_my_ships"] - base] = _unit(ships[mine], 6)
        v[G["combat_their_ships"] - base] = _unit(ships[theirs], 6)
        v[G["combat_passed"] - base] = 1.0 if passed[mine] else 0.0
        v[G["combat_passed"] - base + 1] = 1.0 if passed[theirs] else 0.0
    return v.tobytes()


def _types_bytes(card_ids: tuple[str, ...]) -> bytes:
    """How many cards of each type a trash or wreck holds, / 20."""
    types = [0] * len(TYPES)
    for cid in card_ids:
        types[printed(cid)[0]] += 1
    return array("f", [_unit(count, 20) for count in types]).tobytes()


# the scale of each number of a zone summary, in the order of ZONE (and of ``_zone_key``)
_ZONE_SCALE = (
    (0.1, 0.1, 0.1, 0.1, 0.1, 0.1) + (0.1,) * len(TYPES) + (1 / 50, 0.1, 1 / 20) + (1 / 30,) * len(STATS)
)


def _zone_bytes(cards: tuple[tuple[Any, ...], ...]) -> bytes:
    """A zone block. A zone summary is the sum of its cards' one-card summaries (``_zone_key``
    only adds up), so it is taken as one C-level sum of the cards' packed summaries, and zones
    with the same summary (say, the same cards in another order) share the block."""
    try:
        packed = sum(map(_PACKED_CARDS.__getitem__, cards))
    except TypeError:  # a card whose numbers do not pack (None below): summed the plain way
        summary = _zone_key(cards)
        return _SUMMARIES.get(summary) or _bounded_get(_SUMMARIES, summary, _summary_bytes)
    return _PACKED_SUMMARIES.get(packed) or _bounded_get(_PACKED_SUMMARIES, packed, _unpacked_bytes)


_FIELD_BITS = 32  # per summary field in a packed summary
_CARD_MAX = 1 << 16  # a packed card's fields stay below this, so the sum of < 2**16 cards never carries


def _packed_card(card: tuple[Any, ...]) -> int | None:
    """The one-card summary of ``card`` packed into one int, ``_FIELD_BITS`` per field; None when a
    field is not a whole number in [0, 2**16) (the zone is then summed the plain way)."""
    summary = _zone_key((card,))
    if not all(type(x) is int and 0 <= x < _CARD_MAX for x in summary):
        return None
    return sum(x << (_FIELD_BITS * i) for i, x in enumerate(summary))


class _PackedCards(dict[tuple[Any, ...], Any]):  # values: int, or None for "does not pack"
    """A zone key entry -> ``_packed_card`` of it, built on demand (emptied when full)."""

    def __missing__(self, card: tuple[Any, ...]) -> int | None:
        packed = _packed_card(card)
        if len(self) >= MAX_ENTRIES:
            self.clear()
        self[card] = packed
        return packed


_PACKED_CARDS = _PackedCards()
_PACKED_SUMMARIES: dict[int, bytes] = {}
_FIELD_MASK = (1 << _FIELD_BITS) - 1
_UPS_AT = 4 * Z["upgrades"]  # where a zone block's upgrades field lies
_UPGRADES: dict[int, bytes] = {}  # upgrades in a zone -> that field's bytes


def _upgrades_bytes(ups: int) -> bytes:
    """The upgrades field of a zone block, as ``_summary_bytes`` makes it."""
    k = _ZONE_SCALE[Z["upgrades"]]
    block = array("f", [v if (v := ups * k) <= 1.0 else 1.0]).tobytes()
    if len(_UPGRADES) < MAX_ENTRIES:
        _UPGRADES[ups] = block
    return block


_FIELDS_32 = "I" if array("I").itemsize == 4 else "L"  # an array of unsigned 32-bit fields
assert _FIELD_BITS == 32 and array(_FIELDS_32).itemsize == 4


def _unpacked_bytes(packed: int) -> bytes:
    """The block of a packed zone summary: its 32-bit fields are the little-endian words of the int."""
    return _summary_bytes(array(_FIELDS_32, packed.to_bytes(4 * Z_SIZE, "little")))


def _summary_bytes(summary: Sequence[int]) -> bytes:
    """A zone's summary, each count scaled and clipped to 1 (``min(x * k, 1.0)``, spelt out)."""
    return array(
        "f", [v if (v := x * k) <= 1.0 else 1.0 for x, k in zip(summary, _ZONE_SCALE, strict=True)]
    ).tobytes()
