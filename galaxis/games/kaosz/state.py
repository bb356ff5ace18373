"""The state of a Káosz Galaktika match (rules: docs/games/kaosz.md).

Every physical card is one ``CardState`` in ``state.cards``, addressed by its
index (``c12`` in the notation). Zones are ordered lists of those indexes per
player. Ids are given after the decks are shuffled, so an id says nothing about
what the card is; ``determinize`` re-deals the card names among hidden ids.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from typing import Any

from galaxis.core import Record, Rng, Step
from galaxis.core.record import added, change_marks, transient
from galaxis.games.kaosz.cards import ability_cards

ACTIVE, USED, DAMAGED = 0, 1, 2

# Change marks (``KaoszState.marks``, for the observation encoder): PER_SEAT per seat, one per
# part of that seat's player block, raised where the part changes: COUNTS (credits, turns, kills,
# out, and the sizes of the colony, hand and wreck), then one per zone list (its cards and their
# name, up, turn, upgrades, harm), and UPS for a change of nothing but upgrades on its surface
# (buying or stripping them: the encoder then adjusts one number). Cards only ever lie in their
# owner's lists (the controller is always the owner). PUBLIC moves when a card changes zone or turns face up or down (which known
# cards are not public). What a seat identifies depends on its ``known`` list: a change there
# raises every canteen and surface mark and PUBLIC.
COUNTS, TRASH, HANGAR, CANTEEN, SURFACE, HAND, WRECK, UPS = range(8)
IN_PLAY = ("hangar", "canteen", "surface", "ship")  # the zones of cards in play
PER_SEAT = 8
SEATS = 6  # the most seats
PUBLIC = SEATS * PER_SEAT
MARKS = PUBLIC + 1
ZONE_MARK = {"colony": COUNTS, "trash": TRASH, "hangar": HANGAR, "canteen": CANTEEN, "surface": SURFACE,
             "hand": HAND, "wreck": WRECK}  # fmt: skip


def changed(s: KaoszState, seat: int, part: int = COUNTS) -> None:
    """A part of player ``seat``'s block changed (by default its counters)."""
    s.marks[seat * PER_SEAT + part] += 1


def zone_changed(s: KaoszState, seat: int, zone: str) -> None:
    """A card came into or left player ``seat``'s ``zone`` list (a size in COUNTS, too)."""
    marks = s.marks
    marks[seat * PER_SEAT + ZONE_MARK.get(zone, COUNTS)] += 1
    marks[seat * PER_SEAT] += 1
    marks[PUBLIC] += 1


def card_changed(s: KaoszState, uid: int) -> None:
    """A field of card ``uid`` changed: the part of its owner's block for the zone it lies in."""
    c = s.cards[uid]
    s.marks[c.owner * PER_SEAT + ZONE_MARK.get(c.zone, COUNTS)] += 1


def upgrades_changed(s: KaoszState, uid: int) -> None:
    """Only the upgrades of card ``uid`` changed (UPS, when it lies on a surface)."""
    c = s.cards[uid]
    s.marks[c.owner * PER_SEAT + (UPS if c.zone == "surface" else ZONE_MARK.get(c.zone, COUNTS))] += 1


def known_changed(s: KaoszState) -> None:
    """A seat looked at hidden cards: what it identifies in every canteen and surface."""
    marks = s.marks
    for seat in range(SEATS):
        marks[seat * PER_SEAT + CANTEEN] += 1
        marks[seat * PER_SEAT + SURFACE] += 1
    marks[PUBLIC] += 1


@dataclass(slots=True)
class CardState(Record):
    name: str  # card id in the pool
    owner: int
    ctrl: int  # controller (owner unless control changed)
    zone: str  # colony hand trash wreck hangar canteen surface ship stack
    up: bool = False  # face up = paid (or a ship, event or interrupt in play)
    turn: int = ACTIVE  # active / used / damaged (§3)
    upgrades: int = 0
    harm: int = 0  # armour lost since the last end phase
    host: int = -1  # the ship carrying this equipment or crew card
    mods: list[list[Any]] = field(default_factory=list)  # [stat, amount] until the end of the combat/turn
    hit: bool = False  # took damage in this firing step
    choice: str = ""  # a payment-end choice (Tüzér: "firepower" or "bombard")


@dataclass(slots=True)
class Player(Record):
    colony: list[int]  # top first
    hand: list[int]
    trash: list[int]
    wreck: list[int]  # top last; the "bottom" is index 0
    hangar: list[int]
    canteen: list[int]
    surface: list[int]
    deck: str  # starter name or "custom"
    credits: int = 0
    turns: int = 0  # own turns started
    ups: dict[str, int] = field(default_factory=dict)  # upgrades bought with credits this turn, by card id
    out: bool = False  # eliminated (multiplayer)
    out_order: int = 0  # 1 for the first player eliminated, ...
    kills: int = 0  # players this one eliminated
    known: list[int] = field(default_factory=list)  # others' hidden cards this player has looked at


@dataclass(slots=True)
class Combat(Record):
    attacker: int
    defender: int
    target: str  # colony | hand | card
    target_card: int  # for target "card"
    stage: str  # declare equip_a equip_d pay_a pay_d pay_end fire fire_end bombard disarm
    ships: list[list[int]] = field(default_factory=lambda: [[], []])  # [attacker's, defender's]
    passed: list[bool] = field(default_factory=lambda: [False, False])
    shot: dict[str, Any] = field(default_factory=dict)  # the shot being resolved
    bombard: int = 0  # demolition bonus gathered in the bombard step
    # added after saves existed (core.record.added): ships whose firing turn went to an ability
    acted: list[int] = added(factory=list)


@dataclass(slots=True)
class StackItem(Record):
    uid: int  # the card (interrupt played, card being paid, or card whose ability is used)
    seat: int
    kind: str  # "card" (an interrupt), "pay" (paying a face-down card) or "ability" (§9.5)
    target: int  # card id or seat, -1 for none
    cost: int  # credits paid
    home: str = ""  # where a card being paid lies (surface, canteen, ship)
    neutralized: bool = False
    slot: int = -1  # a card being paid: its place in the surface or canteen (bases keep their order, §4.2)
    index: int = -1  # an ability: which effect of the card
    amount: int = 0  # an ability: its amount, fixed when it was used (X = upgrades then)


@dataclass(slots=True)
class KaoszState(Record):
    rng: Rng
    cards: list[CardState]
    players: list[Player]
    active: int  # whose turn it is
    first: int  # who started the game
    round: int  # 1-based game round
    phase: str  # mulligan start main end over
    pending: list[Step]
    stack: list[StackItem]
    combat: Combat | None = None
    # options, fixed for the match
    simple_combat: bool = False
    max_rounds: int = 40
    # added after saves existed (their default plays the earlier rules: core.record.added)
    abilities_by_speed: bool = added(False)  # §9.5 a combat ship's ability only in its turn by speed
    rank_by_kills: bool = added(False)  # §10.1 most eliminations win, then who stayed in longer
    marks: list[int] = change_marks(MARKS)  # see MARKS
    # Indexes the rules keep up to date as cards move (bookkeeping, not game state: a clone or a
    # loaded state starts without them and the first question rebuilds them; see ``reindex``).
    # ``aboard``: host -> the cards in zone "ship" on it, in id order; ``able``: per seat, the cards
    # in play (IN_PLAY) it controls whose name has an activated ability (§9.5), in id order;
    # ``indexed``: how many cards there were when they were built (a card added by hand in a test
    # scenario makes them stale).
    aboard: dict[int, list[int]] | None = transient(lambda: None)
    able: list[list[int]] | None = transient(lambda: None)
    indexed: int = transient(lambda: -1)


# --- indexes (KaoszState.aboard and .able) -------------------------------------------------------


def reindex(s: KaoszState) -> None:
    """Builds both indexes from the cards (after a clone, a load, or cards added by hand)."""
    aboard: dict[int, list[int]] = {}
    able: list[list[int]] = [[] for _ in s.players]
    names = ability_cards()
    for u, c in enumerate(s.cards):
        if c.zone == "ship":
            aboard.setdefault(c.host, []).append(u)
        if c.zone in IN_PLAY and c.name in names:
            able[c.ctrl].append(u)
    s.aboard, s.able, s.indexed = aboard, able, len(s.cards)


def aboard_index(s: KaoszState) -> dict[int, list[int]]:
    """host -> the cards aboard it, in id order (live: do not change the lists)."""
    if s.aboard is None or s.indexed != len(s.cards):
        reindex(s)
    return s.aboard  # type: ignore[return-value]


def able_index(s: KaoszState) -> list[list[int]]:
    """Per seat, its cards in play with an activated ability, in id order (live: do not change it)."""
    if s.able is None or s.indexed != len(s.cards):
        reindex(s)
    return s.able  # type: ignore[return-value]


def names_changed(s: KaoszState) -> None:
    """Card names were re-dealt (determinize): which cards have an ability is to be found again."""
    s.able = None


def leave_index(s: KaoszState, uid: int) -> None:
    """Card ``uid`` is about to change its zone or host: out of the indexes that hold it."""
    if s.aboard is None or s.able is None:
        return
    if s.indexed != len(s.cards):
        s.aboard = s.able = None
        return
    c = s.cards[uid]
    if c.zone == "ship":
        s.aboard[c.host].remove(uid)
    if c.zone in IN_PLAY and c.name in ability_cards():
        s.able[c.ctrl].remove(uid)


def enter_index(s: KaoszState, uid: int) -> None:
    """Card ``uid`` has its new zone and host: into the indexes that should hold it."""
    if s.aboard is None or s.able is None:
        return
    if s.indexed != len(s.cards):
        s.aboard = s.able = None
        return
    c = s.cards[uid]
    if c.zone == "ship":
        insort(s.aboard.setdefault(c.host, []), uid)
    if c.zone in IN_PLAY and c.name in ability_cards():
        insort(s.able[c.ctrl], uid)
