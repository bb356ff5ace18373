"""A numeric encoding of one seat's Káosz Galaktika observation, for RL.

It reads only ``observation(seat)`` plus the public card list (what is printed
on each card: type, cost, stats), so it cannot leak: a face-down card the seat
cannot identify counts only as "hidden". Players are rotated so that block 0
is always the observer; only the observer's block has its hand and wreck
filled in, as in the observation. Each zone is summarised (counts by card
type and turn state, upgrades, damage, printed stats of the ships), so the
layout (documented in docs/interop.md) is fixed for every player count, deck
and option set; missing seats are all-zero blocks with their ``present`` flag 0.

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

from galaxis.games.kaosz.cards import pool
from galaxis.games.kaosz.views import visible
from galaxis.interop.blocks import BlockCache, layout_offsets, zeros

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
_ZERO = array("f", bytes(4 * SIZE))
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


_PRINTED: dict[str, tuple[int, int, tuple[int, ...]]] = {}


def printed(card_id: str) -> tuple[int, int, tuple[int, ...]]:
    hit = _PRINTED.get(card_id)
    if hit is None:
        hit = _PRINTED[card_id] = _printed(card_id)
    return hit


def _zone_key(cards: list[tuple[str, bool, int, int, int]]) -> tuple[int, ...]:
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


_TYPE_COUNTS: dict[tuple[str, ...], tuple[int, ...]] = {}


def _numbers(data: dict[str, Any]) -> tuple[int | None, ...]:
    """The whole-number fields of the decision's public data (other values are left out)."""
    return tuple(x if type(x) is int else None for x in map(data.get, DATA_NUMBERS))


def _type_counts(card_ids: list[str]) -> tuple[int, ...]:
    """How many cards of each type a list of card ids holds (memoised: trash and wreck change slowly)."""
    key = tuple(card_ids)
    hit = _TYPE_COUNTS.get(key)
    if hit is None:
        if len(_TYPE_COUNTS) > 16384:
            _TYPE_COUNTS.clear()
        types = [0] * len(TYPES)
        for cid in card_ids:
            types[printed(cid)[0]] += 1
        hit = _TYPE_COUNTS[key] = tuple(types)
    return hit


class KaoszEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to about [0, 1]."""

    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self) -> None:
        self._global = BlockCache(G_SIZE, _global_block)
        self._player = BlockCache(P_SIZE, _player_block)
        self._zone = BlockCache(Z_SIZE, _zone_block)

    # --- the observation path ---------------------------------------------------
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        you = obs["you"]
        me = -1 if you is None else you
        stack = obs["stack"]
        top = None
        if stack:
            item = stack[-1]
            card = item["card"]
            top = (item["kind"], item["seat"] == me, card.get("card", ""))
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
        data = obs["decision_data"]
        opts = obs["options"]
        glob = (
            obs["round"],
            opts["max_rounds"],
            opts["simple_combat"],
            obs["phase"],
            you is not None and you in obs["to_move"],
            obs["active"] == me,
            obs["first"] == me,
            obs["decision"],
            _numbers(data),
            len(stack),
            sum(1 for it in stack if it["seat"] == me),
            any(it["neutralized"] for it in stack),
            top,
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

        players = []
        for i, p in enumerate(obs["players"]):
            mine = i == me
            players.append(
                (
                    p["out"],
                    p["credits"],
                    p["turns"],
                    p["kills"],
                    p["colony"],
                    p["hand"],
                    p["wreck"],
                    len(p["trash"]),
                    _type_counts(p["trash"]),
                    zone(p["hangar"]),
                    zone(p["canteen"]),
                    zone(p["surface"]),
                    zone(p["hand_cards"]) if mine else None,
                    _type_counts(p["wreck_cards"]) if mine else None,
                    len(p["known"]) if mine else 0,
                )
            )
        return self._fill(me, glob, players)

    # --- the fast path ------------------------------------------------------------
    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state."""
        s = match.state
        me = -1 if seat is None else seat
        cards = s.cards
        top = None
        if s.stack:
            it = s.stack[-1]
            top = (it.kind, it.seat == me, cards[it.uid].name if visible(s, it.uid, seat) else "")
        cb = s.combat
        combat = None
        if cb is not None:
            combat = (
                cb.attacker == me,
                cb.defender == me,
                cb.target,
                cb.stage,
                tuple(len(side) for side in cb.ships),
                tuple(cb.passed),
            )
        data: dict[str, Any] = {}
        decision = None
        if s.pending:
            step = s.pending[-1]
            decision = step.kind
            if step.kind != "tutor" and isinstance(step.data, dict):
                data = step.data
        glob = (
            s.round,
            s.max_rounds,
            s.simple_combat,
            s.phase,
            seat is not None and seat in match.to_move,
            s.active == me,
            s.first == me,
            decision,
            _numbers(data),
            len(s.stack),
            sum(1 for it in s.stack if it.seat == me),
            any(it.neutralized for it in s.stack),
            top,
            combat,
        )

        known = s.players[seat].known if seat is not None else ()

        def zone(uids: list[int]) -> tuple[tuple[Any, ...], ...]:
            out = []
            for u in uids:
                c = cards[u]
                z = c.zone
                # views.visible (§8), inlined: this loop runs for every card in play
                if (
                    z in _ALWAYS_PUBLIC
                    or (c.up and z not in _FACE_DOWN_ZONES)
                    or (seat is not None and (u in known or (z != "colony" and c.owner == seat)))
                ):
                    out.append((c.name, c.up, c.turn, c.upgrades, c.harm))
                else:
                    out.append(("", c.up, c.turn, c.upgrades, c.harm))
            return tuple(out)

        players = []
        for i, p in enumerate(s.players):
            mine = i == me
            players.append(
                (
                    p.out,
                    p.credits,
                    p.turns,
                    p.kills,
                    len(p.colony),
                    len(p.hand),
                    len(p.wreck),
                    len(p.trash),
                    _type_counts([cards[u].name for u in p.trash]),
                    zone(p.hangar),
                    zone(p.canteen),
                    zone(p.surface),
                    zone(p.hand) if mine else None,
                    _type_counts([cards[u].name for u in p.wreck]) if mine else None,
                    _known_hidden(cards, p.known) if mine else 0,
                )
            )
        return self._fill(me, glob, players)

    # --- shared -----------------------------------------------------------------------
    def _fill(self, me: int, glob: tuple[Any, ...], players: list[tuple[Any, ...]]) -> np.ndarray:
        v = _ZERO[:]
        v[0:G_SIZE] = self._global.get(glob)
        n = len(players)
        first = 0 if me < 0 else me
        get = self._player.get
        zone = self._zone.get
        for k in range(min(n, MAX_PLAYERS)):
            b = G_SIZE + k * P_SIZE
            key = players[(first + k) % n]
            v[b : b + P_SIZE] = get(key[:9] + key[13:])
            for name, cards in zip(ZONES, key[9:13], strict=True):
                if cards is not None:
                    o = b + P[name]
                    v[o : o + Z_SIZE] = zone(cards)
        return np.frombuffer(v, dtype=np.float32)


def _unit(x: float, scale: float) -> float:
    """``x / scale`` clipped to [0, 1]."""
    return min(max(x / scale, 0.0), 1.0)


def _known_hidden(cards: list[Any], known: list[int]) -> int:
    """How many distinct cards in ``known`` are not public (``not views.visible(s, u, None)``, inlined)."""
    hidden = set()
    for u in known:
        c = cards[u]
        z = c.zone
        if not (z in _ALWAYS_PUBLIC or (c.up and z not in _FACE_DOWN_ZONES)):
            hidden.add(u)
    return len(hidden)


# --- segment builders (each gets the key it is cached under) ----------------------------
def _global_block(key: tuple[Any, ...]) -> array[float]:
    (
        rnd, max_rounds, simple, phase, my_turn, active_me, first_me, decision, numbers,
        stack_size, stack_mine, neutralized, top, combat,
    ) = key  # fmt: skip
    v = zeros(G_SIZE)
    v[G["round"]] = _unit(rnd, max_rounds or 1)
    if phase in _PHASE:
        v[G["phase"] + _PHASE[phase]] = 1.0
    v[G["my_turn"]] = 1.0 if my_turn else 0.0
    v[G["active_is_me"]] = 1.0 if active_me else 0.0
    v[G["first_is_me"]] = 1.0 if first_me else 0.0
    v[G["options"]] = 1.0 if simple else 0.0
    v[G["options"] + 1] = _unit(max_rounds, 500)
    if decision in _DECISION:
        v[G["decision"] + _DECISION[decision]] = 1.0
    for k, x in enumerate(numbers):
        if isinstance(x, int) and not isinstance(x, bool):
            v[G["decision_data"] + k] = _unit(x, 10)
    v[G["stack_size"]] = _unit(stack_size, 5)
    v[G["stack_mine"]] = _unit(stack_mine, 5)
    v[G["stack_neutralized"]] = 1.0 if neutralized else 0.0
    if top is not None:
        kind, top_mine, card_id = top
        if kind in _STACK_KIND:
            v[G["stack_top_kind"] + _STACK_KIND[kind]] = 1.0
        v[G["stack_top_mine"]] = 1.0 if top_mine else 0.0
        if card_id:
            t, cost, _ = printed(card_id)
            v[G["stack_top_type"] + t] = 1.0
            v[G["stack_top_cost"]] = _unit(cost, 10)
    if combat is not None:
        attacking, defending, target, stage, ships, passed = combat
        v[G["combat"]] = 1.0
        v[G["combat_attacking"]] = 1.0 if attacking else 0.0
        v[G["combat_defending"]] = 1.0 if defending else 0.0
        if target in _TARGET:
            v[G["combat_target"] + _TARGET[target]] = 1.0
        if stage in _STAGE:
            v[G["combat_stage"] + _STAGE[stage]] = 1.0
        mine, theirs = (0, 1) if attacking else (1, 0)
        v[G["combat_my_ships"]] = _unit(ships[mine], 6)
        v[G["combat_their_ships"]] = _unit(ships[theirs], 6)
        v[G["combat_passed"]] = 1.0 if passed[mine] else 0.0
        v[G["combat_passed"] + 1] = 1.0 if passed[theirs] else 0.0
    return v


# the scale of each number of a zone summary, in the order of ZONE (and of ``_zone_key``)
_ZONE_SCALE = (
    (0.1, 0.1, 0.1, 0.1, 0.1, 0.1) + (0.1,) * len(TYPES) + (1 / 50, 0.1, 1 / 20) + (1 / 30,) * len(STATS)
)


def _zone_block(cards: tuple[tuple[Any, ...], ...]) -> array[float]:
    """A zone's summary, each count scaled and clipped to 1 (one comprehension: this runs often)."""
    return array("f", [min(x * k, 1.0) for x, k in zip(_zone_key(list(cards)), _ZONE_SCALE, strict=True)])


def _player_block(key: tuple[Any, ...]) -> array[float]:
    # the zones are separate blocks (KaoszEncoder._fill)
    out, credits, turns, kills, colony, hand, wreck, trash, trash_types, wreck_types, known = key
    v = zeros(P_SIZE)
    v[P["present"]] = 1.0
    v[P["out"]] = 1.0 if out else 0.0
    v[P["credits"]] = _unit(credits, 20)
    v[P["turns"]] = _unit(turns, 40)
    v[P["kills"]] = _unit(kills, 5)
    v[P["colony"]] = _unit(colony, 40)
    v[P["hand"]] = _unit(hand, 10)
    v[P["wreck"]] = _unit(wreck, 40)
    v[P["trash"]] = _unit(trash, 40)
    for k, count in enumerate(trash_types):
        v[P["trash_types"] + k] = _unit(count, 20)
    if wreck_types is not None:
        for k, count in enumerate(wreck_types):
            v[P["wreck_types"] + k] = _unit(count, 20)
    v[P["known"]] = _unit(known, 10)
    return v
