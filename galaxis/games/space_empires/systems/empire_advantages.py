"""Close Encounters Empire Advantage cards #31-55 (docs/games/space_empires.md §10.4) [CE 13].

The cards are data (data/empire_advantages.yaml): each card's effect is a list of operations from the
fixed set ``OPS``, and every rule hook of the game asks this module what the cards of a seat change:
combat (``adjust``, ``on_shot``), prices (``cost``), colonising (``may_colonize``, ``on_colonize``),
income and maintenance (``income_bonus``, ``maintenance``), movement (``move_bonus``, ``on_move``) and
ground combat (``ground_modifier``). Starting technology, CP and known home markers are applied when a
card is kept (``keep_effects``).

Dealing (§10.4): with the option ``empire_advantages`` every seat is dealt 2 cards and keeps 1; a
scenario may deal otherwise (``EaDeal``: the lone player of ``ce_3p_2v1`` draws 6 and keeps 4; in
``ce_4p_3v1`` the team picks one each from a pool of 4 in seat order and the lone player draws 3 and keeps
1). Every keep or pick is one atomic, secret decision (``ea CARD``). The option value ``balanced`` deals
players+1 cards face up and auctions the picks openly (``ea_bid N``, ``ea_pass``, ``ea_take CARD``; every
seat starts with the deck's ``balanced_cp`` CP and pays its winning bid from them). A dealt card is hidden from the other seats
(observation, views, events, ``determinize``) until it triggers, i.e. until its effect is first used where
the others can see it, or until one of its owner's colonies is captured (``on_capture``).
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core import Action, Event, Rng, Step
from galaxis.core.errors import BadOption
from galaxis.games.space_empires.base.state import LEVEL_TRACKS, TECH_FIELDS
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import MSG
from galaxis.games.space_empires.systems.empire_advantages_state import EAState

if TYPE_CHECKING:
    from galaxis.games.space_empires.base import combat
    from galaxis.games.space_empires.base.state import Marker, Unit
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState
    from galaxis.games.space_empires.systems.ground_state import Invasion, Trooper

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "empire_advantages.yaml"
# The fixed set of operations a card's effect is declared with (§10.4).
Op = Literal[
    "modify",
    "extra_hit",
    "cost_multiplier",
    "colonize",
    "start_tech",
    "start_cp",
    "explored_home",
    "income_bonus",
    "maintenance",
    "move_bonus",
    "ground_attack",
]
OPS: tuple[str, ...] = get_args(Op)
# The fields each operation takes (besides ``op``).
OP_FIELDS: dict[str, frozenset[str]] = {
    "modify": frozenset({"stat", "by", "classes", "side", "rounds"}),
    "extra_hit": frozenset({"classes"}),
    "cost_multiplier": frozenset({"what", "classes", "tracks", "percent"}),
    "colonize": frozenset({"terrain"}),
    "start_tech": frozenset({"techs"}),
    "start_cp": frozenset({"cp"}),
    "explored_home": frozenset(),
    "income_bonus": frozenset({"per_colony", "flat"}),
    "maintenance": frozenset({"percent"}),
    "move_bonus": frozenset({"by", "classes", "turns"}),
    "ground_attack": frozenset({"attack", "defense"}),
}
ACTION_KINDS = ("ea", "ea_bid", "ea_pass", "ea_take")
SECRET_KINDS = ("ea",)  # keeping or picking a card is secret (§10.4)
STEP_KINDS = ("ea_keep", "ea_pick", "ea_bid", "ea_take")
MODES = ("none", "deal", "balanced")
# What the heuristic bot would pay for a card in the balanced auction: BOT_TOP_VALUE CP for a card whose
# first operation ranks first in BOT_PREFERENCE, BOT_VALUE_STEP less for each rank below (§10.4).
BOT_TOP_VALUE = 24
BOT_VALUE_STEP = 3
# What the heuristic bot keeps first: the operations it profits from in every game (§10.4).
BOT_PREFERENCE = (
    "modify",
    "extra_hit",
    "income_bonus",
    "cost_multiplier",
    "start_tech",
    "start_cp",
    "maintenance",
)
_STRICT = ConfigDict(frozen=True, extra="forbid")
DEAL_TRIES = 8  # random deals tried by determinize before the hidden cards are left in place


class Effect(BaseModel):
    model_config = _STRICT
    op: Op
    stat: Literal["attack", "defense"] | None = None
    by: int = 0
    classes: tuple[str, ...] = ()  # unit type ids; empty: every unit
    side: Literal["any", "attacker", "defender"] = "any"
    rounds: Literal["all", "first", "later"] = "all"
    what: Literal["ships", "tech"] | None = None
    tracks: tuple[str, ...] = ()
    percent: int = Field(default=100, ge=1, le=500)
    terrain: tuple[Literal["asteroids", "nebula"], ...] = ()
    techs: dict[str, int] = {}
    cp: int = Field(default=0, ge=0)
    per_colony: int = Field(default=0, ge=0)
    flat: int = Field(default=0, ge=0)
    turns: tuple[int, ...] = ()
    attack: int = 0
    defense: int = 0

    @model_validator(mode="after")
    def _check(self) -> Effect:
        extra = set(self.model_fields_set) - {"op"} - OP_FIELDS[self.op]
        if extra:
            raise ValueError(f"operation {self.op} takes no {sorted(extra)}")
        if self.op == "modify" and (self.stat is None or self.by == 0):
            raise ValueError("modify needs a stat and a non-zero 'by'")
        if self.op == "cost_multiplier" and self.what is None:
            raise ValueError("cost_multiplier needs 'what' (ships or tech)")
        if self.op == "colonize" and not self.terrain:
            raise ValueError("colonize needs a terrain")
        if self.op == "move_bonus" and (self.by <= 0 or any(not 1 <= t <= 3 for t in self.turns)):
            raise ValueError("move_bonus needs by > 0 and turns among 1-3")
        return self


class Card(BaseModel):
    model_config = _STRICT
    number: int = Field(ge=31, le=55)
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    name_hu: str
    designed: bool
    requires: tuple[Literal["ground_combat"], ...] = ()
    effects: tuple[Effect, ...] = Field(min_length=1)


class EaDeal(BaseModel):
    """One dealing instruction of a scenario (data/scenarios.yaml ``empire_advantages``): each of
    ``seats`` is dealt ``draw`` cards and keeps ``keep`` of them; with ``pool`` the seats pick one card
    each, in seat order, from one pool of ``draw`` cards."""

    model_config = _STRICT
    seats: tuple[int, ...] = Field(min_length=1)
    draw: int = Field(ge=1)
    keep: int = Field(default=1, ge=1)
    pool: bool = False

    @model_validator(mode="after")
    def _check(self) -> EaDeal:
        if self.pool and len(self.seats) > self.draw:
            raise ValueError("a pool needs a card for every seat that picks from it")
        if not self.pool and self.keep > self.draw:
            raise ValueError("a seat cannot keep more cards than it draws")
        return self


class Deck(BaseModel):
    model_config = _STRICT
    balanced_cp: int = Field(ge=0)
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _check(self) -> Deck:
        from galaxis.games.space_empires.base import data

        numbers = sorted(c.number for c in self.cards)
        if numbers != list(range(31, 56)):
            raise ValueError("the Empire Advantages are the 25 cards #31-55")
        if len({c.id for c in self.cards}) != len(self.cards):
            raise ValueError("card ids must be unique")
        units, techs = data.unit_table_by_id(), data.techs()
        for c in self.cards:
            for e in c.effects:
                bad = [k for k in e.classes if k not in units] + [
                    t for t in (*e.tracks, *e.techs) if t not in techs
                ]
                if bad:
                    raise ValueError(f"{c.id}: unknown unit types or technologies {bad}")
        return self


def validate(raw: Any) -> dict[str, Card]:
    return {c.id: c for c in Deck.model_validate(raw).cards}


@cache
def deck() -> Deck:
    with DATA_FILE.open(encoding="utf-8") as fh:
        return Deck.model_validate(yaml.safe_load(fh))


@cache
def cards() -> dict[str, Card]:
    """The 25 cards by id, in card-number order."""
    return dict(sorted(((c.id, c) for c in deck().cards), key=lambda kv: kv[1].number))


def card_name(card: str, lang: str = "en") -> str:
    c = cards()[card]
    return c.name_hu if lang == "hu" else c.name


# --- dealing (§10.4) ------------------------------------------------------------------------------------
def mode(options: dict[str, Any]) -> str:
    """The option's value; a bare true/false (the option's former type) reads as deal/none."""
    value = options.get("empire_advantages", "none")
    if isinstance(value, bool):
        return "deal" if value else "none"
    return str(value)


def check_option(options: dict[str, Any], scenario: Scenario) -> None:
    """§10.4: the option is for the competitive games (no solo or cooperative opponents); the balanced
    deal is for scenarios that deal no cards of their own."""
    on = mode(options) != "none"
    if on and (scenario.opponents is not None and scenario.opponents.type != "amoeba"):
        raise BadOption(MSG("ea_competitive", scenario=scenario.id))
    if on and (scenario.coop is not None or scenario.alien_vp is not None):
        raise BadOption(MSG("ea_competitive", scenario=scenario.id))
    if mode(options) == "balanced" and scenario.empire_advantages:
        raise BadOption(MSG("ea_balanced", scenario=scenario.id))


def deck_for(state: SEState, options: dict[str, Any]) -> list[str]:
    """The cards in play: a card whose effect needs an option that is off is left out (§10.4)."""
    from galaxis.games.space_empires.base import data

    tracks = data.tech_tracks(state.edition)
    out = []
    for cid, c in cards().items():
        if any(not options.get(req, False) for req in c.requires):
            continue
        if any(t not in tracks for e in c.effects for t in (*e.techs, *e.tracks)):
            continue
        out.append(cid)
    return out


def deals_for(scenario: Scenario, options: dict[str, Any], players: int) -> tuple[EaDeal, ...]:
    if scenario.empire_advantages:
        return tuple(scenario.empire_advantages)
    if mode(options) == "deal":
        return tuple(EaDeal(seats=(s,), draw=2, keep=1) for s in range(players))  # deal 2, keep 1
    return ()


def setup(state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    """§10.4: shuffle the deck with the match generator, deal every hand and pool, and push one
    choice step per card to keep (the first deal decided first, seats in order)."""
    check_option(options, scenario)
    deals = deals_for(scenario, options, len(state.players))
    if not deals and mode(options) != "balanced":
        return
    n = len(state.players)
    cards_in_play = deck_for(state, options)
    state.rng.shuffle(cards_in_play)
    ea = EAState(cards_in_play, [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)])
    ea.ruled_out = [[] for _ in range(n)]
    ea.start_techs = [dict(p.techs) for p in state.players]  # before any card: regrant's base levels
    if mode(options) == "balanced":
        state.ea = ea
        deal_balanced(state)
        return
    steps: list[Step] = []
    for deal in deals:
        if deal.pool:
            ea.pool = [ea.deck.pop() for _ in range(deal.draw)]
            ea.shared = list(ea.pool)
            ea.pool_seats = list(deal.seats)
            steps += [Step("ea_pick", s, {}) for s in deal.seats]
            continue
        for s in deal.seats:
            ea.hands[s] = [ea.deck.pop() for _ in range(deal.draw)]
            steps.append(Step("ea_keep", s, {"keep": deal.keep}))
    state.ea = ea
    state.pending.extend(reversed(steps))


def step_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    ea = state.ea
    assert ea is not None
    if step.kind == "ea_bid":
        return auction_actions(game, state)
    if step.kind == "ea_take":
        return [game.table.get(f"ea_take {c}", (), "ea_take", (c,)) for c in _by_number(ea.row)]
    choices = ea.hands[step.seat] if step.kind == "ea_keep" else ea.pool
    return [
        game.table.get(f"ea {c}", (), "ea", (c,)) for c in _by_number(choices)
    ]  # a list choice, no map target


def apply(
    game: SpaceEmpires, state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]
) -> None:
    """§10.4: one decision of the dealing: a keep or pick, or a bid, pass or take of the balanced deal."""
    if kind == "ea_bid":
        bid(state, seat, int(args[0]), events)
    elif kind == "ea_pass":
        pass_bid(state, seat, events)
    elif kind == "ea_take":
        take(game, state, seat, str(args[0]), events)
    else:
        keep(game, state, seat, str(args[0]))


def keep(game: SpaceEmpires, state: SEState, seat: int, card: str) -> None:
    """§10.4: keep (or pick from the pool) one card; when the last card of a hand is chosen the rest of
    the hand is discarded."""
    ea = state.ea
    assert ea is not None
    step = state.pending[-1]
    if step.kind == "ea_keep":
        ea.hands[seat].remove(card)
        step.data["keep"] -= 1
        if step.data["keep"] <= 0:
            ea.discarded[seat] += ea.hands[seat]
            ea.hands[seat] = []
            state.pending.pop()
    else:
        ea.pool.remove(card)
        state.pending.pop()
    ea.held[seat].append(card)
    keep_effects(game, state, seat, card)


def keep_effects(game: SpaceEmpires, state: SEState, seat: int, card: str) -> None:
    """§10.4: starting technology, starting CP (booked as earned) and the home system's markers the owner
    knows. The units are rebuilt with the starting technology, face up or not: a counter shows its
    technology only once it has fought (§9), so rebuilding the face-up starting units (Colony Ships,
    Miners, Shipyards) does not show a secret card."""
    p = state.players[seat]
    public = state.ea is not None and card in state.ea.revealed
    for e in cards()[card].effects:
        if e.op == "start_tech":
            for track, level in e.techs.items():
                p.techs[track] = max(p.techs.get(track, 0), level)
            for u in state.units.values():
                if u.owner == seat and (public or not u.tech_shown):
                    u.attack_tech, u.defense_tech, u.tactics, u.move_tech, u.level = game._build_techs(
                        p.techs, u.kind
                    )
        elif e.op == "start_cp":
            p.cp += e.cp
            p.earned += e.cp
        elif e.op == "explored_home":
            home = sorted(h for h, m in state.markers.items() if m.pool == f"home{seat}" and not m.face_up)
            p.known = sorted(set(p.known) | set(home))


# --- the balanced deal (§10.4) [reference §1.11; the auction's procedure is DESIGN] ------------------------
def deal_balanced(state: SEState) -> None:
    """§10.4 balanced deal: players+1 cards face up (public), every seat starts with ``balanced_cp`` CP
    and the first auction opens, the seats bidding in turn order."""
    ea = state.ea
    assert ea is not None
    n = len(state.players)
    ea.row = [ea.deck.pop() for _ in range(n + 1)]
    ea.paid = [0] * n
    for p in state.players:
        p.cp += deck().balanced_cp
        p.earned += deck().balanced_cp  # the CP ledger (booked as earned, the bid as spent)
    ea.waiting = [s for s in state.order if 0 <= s < n] or list(range(n))
    open_auction(state)


def open_auction(state: SEState) -> None:
    """§10.4: the seats still without a card bid for the next pick, in turn order; the last seat without
    a card takes one of the two cards left for nothing."""
    ea = state.ea
    assert ea is not None
    ea.high, ea.high_seat = -1, -1
    ea.bidders = list(ea.waiting)
    if len(ea.bidders) == 1:
        state.pending.append(Step("ea_take", ea.bidders[0], {}))
    elif ea.bidders:
        state.pending.append(Step("ea_bid", ea.bidders[0], {}))


def bid_limit(state: SEState, seat: int) -> int:
    """The most ``seat`` may bid: the CP it has (at most the balanced deal's CP)."""
    return min(state.players[seat].cp, deck().balanced_cp)


def auction_actions(game: SpaceEmpires, state: SEState) -> list[Action]:
    """§10.4: pass, or raise the highest bid by any whole number of CP up to the bid limit (the first
    bid of an auction may be 0)."""
    ea = state.ea
    assert ea is not None
    seat = state.pending[-1].seat
    out = [game.table.get("ea_pass", (), "ea_pass", ())]
    return out + [
        game.table.get(f"ea_bid {cp}", (), "ea_bid", (cp,))
        for cp in range(ea.high + 1, bid_limit(state, seat) + 1)
    ]


def bid(state: SEState, seat: int, cp: int, events: list[Event]) -> None:
    """§10.4: an open bid, higher than the highest so far."""
    ea = state.ea
    assert ea is not None
    if not ea.high < cp <= bid_limit(state, seat):
        raise ValueError(f"a bid must be above {ea.high} and at most {bid_limit(state, seat)} CP")
    ea.high, ea.high_seat = cp, seat
    events.append(
        {"type": "ea_bid", "seat": seat, "cp": cp, "text": f"seat {seat + 1} bids {cp} CP for the first pick"}
    )
    _next_bidder(state, seat)


def pass_bid(state: SEState, seat: int, events: list[Event]) -> None:
    """§10.4: a seat that passes is out of this auction (it bids again in the next one)."""
    ea = state.ea
    assert ea is not None
    after = _following(ea.bidders, seat)
    ea.bidders.remove(seat)
    events.append({"type": "ea_pass", "seat": seat, "text": f"seat {seat + 1} passes"})
    state.pending.pop()
    if len(ea.bidders) == 1:
        win_auction(state, ea.bidders[0], events)
    else:
        state.pending.append(Step("ea_bid", after, {}))


def _following(seats: list[int], seat: int) -> int:
    return seats[(seats.index(seat) + 1) % len(seats)]


def _next_bidder(state: SEState, seat: int) -> None:
    ea = state.ea
    assert ea is not None
    state.pending.pop()
    state.pending.append(Step("ea_bid", _following(ea.bidders, seat), {}))


def win_auction(state: SEState, seat: int, events: list[Event]) -> None:
    """§10.4: the last seat in the auction pays its bid (0 when nobody bid) and picks first."""
    ea = state.ea
    assert ea is not None
    price = max(ea.high, 0) if ea.high_seat == seat else 0
    state.players[seat].cp -= price
    state.players[seat].spent += price
    ea.paid[seat] += price
    events.append(
        {"type": "ea_won", "seat": seat, "cp": price, "text": f"seat {seat + 1} wins the pick for {price} CP"}
    )
    state.pending.append(Step("ea_take", seat, {}))


def take(game: SpaceEmpires, state: SEState, seat: int, card: str, events: list[Event]) -> None:
    """§10.4: the winner takes a face-up card (public from the start) and the next auction opens."""
    ea = state.ea
    assert ea is not None
    ea.row.remove(card)
    ea.held[seat].append(card)
    ea.revealed.append(card)
    ea.waiting.remove(seat)
    state.pending.pop()
    events.append(
        {"type": "ea_taken", "seat": seat, "card": card, "text": f"seat {seat + 1} takes {card_name(card)}"}
    )
    keep_effects(game, state, seat, card)
    open_auction(state)


def card_value(card: str) -> int:
    """The heuristic bot's CP value of a card: by the rank of its first operation in BOT_PREFERENCE."""
    op = cards()[card].effects[0].op
    rank = BOT_PREFERENCE.index(op) if op in BOT_PREFERENCE else len(BOT_PREFERENCE)
    return max(0, BOT_TOP_VALUE - BOT_VALUE_STEP * rank)


def bot_bid(legal: list[Action], obs: dict[str, Any]) -> Action:
    """The heuristic bot raises by 1 CP while the pick is worth more to it than the price: the best face-up
    card's value less the value of the card it would be left with if it lost every auction."""
    auction = obs["empire_advantages"]["auction"]
    values = sorted((card_value(c) for c in auction["row"]), reverse=True)
    fallback = values[min(len(auction["waiting"]), len(values)) - 1]
    worth = values[0] - fallback
    bids = {int(a.args[0]): a for a in legal if a.kind == "ea_bid"}
    want = auction["high"] + 1
    if want in bids and want <= worth:
        return bids[want]
    return next(a for a in legal if a.kind == "ea_pass")


def bot_choice(legal: list[Action], obs: dict[str, Any] | None = None) -> Action:
    """The heuristic bot keeps (or takes) the card whose first operation ranks best in ``BOT_PREFERENCE``;
    in the balanced auction it bids by ``bot_bid``."""
    if obs is not None and any(a.kind in ("ea_bid", "ea_pass") for a in legal):
        return bot_bid(legal, obs)
    return max(legal, key=lambda a: card_value(str(a.args[0])))


def settled_kinds(obs: dict[str, Any]) -> set[str]:
    """For the heuristic bot: the marker kinds its Colony Ships aim for, planets and whatever its own
    ``colonize`` cards add (Industrious Race: Asteroids), read from its observation."""
    kinds = {"planet"}
    ea, you = obs.get("empire_advantages"), obs.get("you")
    if ea is None or you is None:
        return kinds
    for c in ea["held"][you]:
        kinds |= {t for e in cards()[c].effects if e.op == "colonize" for t in e.terrain}
    return kinds


# --- the effects ---------------------------------------------------------------------------------------------
def _effects(state: SEState, seat: int, op: str) -> list[tuple[str, Effect]]:
    ea = state.ea
    if ea is None or not 0 <= seat < len(ea.held):
        return []
    return [(c, e) for c in ea.held[seat] for e in cards()[c].effects if e.op == op]


def _covers(e: Effect, kind: str) -> bool:
    return not e.classes or kind in e.classes


def _modifies(state: SEState, e: Effect, kind: str, side: int) -> bool:
    b = state.battle
    if b is None or not _covers(e, kind):
        return False
    if e.side != "any" and (side == 0) != (e.side == "attacker"):
        return False
    return e.rounds == "all" or (e.rounds == "first") == (b.round <= 1)


def adjust(state: SEState, u: Unit, c: combat.Combatant) -> combat.Combatant:
    """§10.4 ``modify`` and ``extra_hit``: the owner's to-hit modifiers in battle and the hits its
    ships take."""
    for _, e in _effects(state, u.owner, "modify"):
        if _modifies(state, e, u.kind, c.side):
            if e.stat == "attack":
                c.attack += e.by
            else:
                c.defense += e.by
    for _, e in _effects(state, u.owner, "extra_hit"):
        if _covers(e, u.kind):
            c.extra_hits += 1
    return c


def on_shot(state: SEState, shooter: Unit, target: Unit, side: int, events: list[Event]) -> None:
    """§10.4: a combat card triggers (is revealed) when its owner's unit fires with it, or is fired at
    while it protects that unit."""

    def fires(e: Effect) -> bool:
        return e.op == "modify" and e.stat == "attack" and _modifies(state, e, shooter.kind, side)

    def guards(e: Effect) -> bool:
        if e.op == "extra_hit":
            return _covers(e, target.kind)
        return e.op == "modify" and e.stat == "defense" and _modifies(state, e, target.kind, 1 - side)

    _trigger(state, shooter.owner, fires, events)
    _trigger(state, target.owner, guards, events)


def _trigger(state: SEState, seat: int, used: Any, events: list[Event]) -> None:
    """Reveals ``seat``'s cards with an effect ``used`` now; every other card with such an effect is
    publicly ruled out for ``seat`` (had it held one, it would have been revealed now)."""
    ea = state.ea
    if ea is None or not 0 <= seat < len(ea.held):
        return
    ea.ruled_out += [[] for _ in range(len(ea.held) - len(ea.ruled_out))]
    for cid, c in cards().items():
        if any(used(e) for e in c.effects):
            if cid in ea.held[seat]:
                reveal(state, seat, cid, events)
            elif cid not in ea.ruled_out[seat]:
                ea.ruled_out[seat].append(cid)


def cost(state: SEState, seat: int, what: str, key: str, base: int) -> int:
    """§10.4 ``cost_multiplier``: the price of a unit (``ships``) or a technology level (``tech``) for
    ``seat``, each multiplier applied in turn and rounded up."""
    price = base
    for _, e in _effects(state, seat, "cost_multiplier"):
        listed = e.classes if what == "ships" else e.tracks
        if e.what == what and (not listed or key in listed):
            price = math.ceil(price * e.percent / 100)
    return price


def may_colonize(state: SEState, u: Unit, m: Marker) -> bool:
    """§10.4 ``colonize``: Industrious Race settles Asteroids like a planet."""
    return any(m.kind in e.terrain for _, e in _effects(state, u.owner, "colonize"))


def on_colonize(state: SEState, seat: int, hid: str, events: list[Event]) -> None:
    """§10.4: a colony on a terrain only a card allows reveals the card."""
    m = state.markers.get(hid)
    if m is None or m.kind in ("planet", "barren"):
        return
    for c, e in _effects(state, seat, "colonize"):
        if m.kind in e.terrain:
            reveal(state, seat, c, events)
            return


def income_bonus(state: SEState, seat: int, colonies: int) -> int:
    """§10.4 ``income_bonus``: CP added to the income (``colonies``: those that produced income)."""
    return sum(e.per_colony * colonies + e.flat for _, e in _effects(state, seat, "income_bonus"))


def maintenance(state: SEState, seat: int, upkeep: int) -> int:
    """§10.4 ``maintenance``: the maintenance ``seat`` pays, each multiplier rounded up."""
    for _, e in _effects(state, seat, "maintenance"):
        upkeep = math.ceil(upkeep * e.percent / 100)
    return upkeep


def move_bonus(state: SEState, u: Unit) -> int:
    """§10.4 ``move_bonus``: extra hexes this turn for ``u``."""
    if state.ea is None:
        return 0  # the hot path of every game without the cards
    return sum(
        e.by
        for _, e in _effects(state, u.owner, "move_bonus")
        if _covers(e, u.kind) and (not e.turns or state.turn in e.turns)
    )


def on_move(game: SpaceEmpires, state: SEState, u: Unit, events: list[Event]) -> None:
    """§10.4: a movement card triggers when a unit moves further than it could without it (its
    allowance this turn includes the card's bonus; the MS Pipeline hex is allowed)."""
    bonus = move_bonus(state, u)
    if bonus and u.moved > game._allowance(state, u) - bonus + (1 if u.piped else 0):
        for c, e in _effects(state, u.owner, "move_bonus"):
            if _covers(e, u.kind):
                reveal(state, u.owner, c, events)


def ground_modifier(
    state: SEState, inv: Invasion, shooter: Trooper, target: Trooper, events: list[Event]
) -> int:
    """§10.4 ``ground_attack``: the shooter's owner's attack bonus minus the target's owner's defence
    bonus in ground combat; the cards used are revealed."""
    seats = {0: inv.attacker, 1: inv.defender}
    total = sum(e.attack for _, e in _effects(state, seats[shooter.side], "ground_attack"))
    total -= sum(e.defense for _, e in _effects(state, seats[target.side], "ground_attack"))
    _trigger(state, seats[shooter.side], lambda e: e.op == "ground_attack" and e.attack != 0, events)
    _trigger(state, seats[target.side], lambda e: e.op == "ground_attack" and e.defense != 0, events)
    return total


# --- secrecy (§10.4) -----------------------------------------------------------------------------------------
def reveal(state: SEState, seat: int, card: str, events: list[Event]) -> None:
    ea = state.ea
    if ea is None or card in ea.revealed:
        return
    ea.revealed.append(card)
    text = f"seat {seat + 1} reveals its Empire Advantage {card_name(card)}"
    events.append({"type": "ea_revealed", "seat": seat, "card": card, "text": text})


def on_capture(state: SEState, loser: int, events: list[Event]) -> None:
    """§10.4 [reference §1.12]: a player whose colony is captured reveals its Empire Advantages."""
    ea = state.ea
    if ea is None or not 0 <= loser < len(ea.held):
        return
    for c in _by_number(ea.held[loser]):
        reveal(state, loser, c, events)


def _by_number(ids: list[str]) -> list[str]:
    table = cards()
    return sorted(ids, key=lambda c: table[c].number)


def visible(state: SEState, viewer: int | None) -> set[str]:
    """The cards ``viewer`` knows the place of: its own, the revealed ones, its team pool's."""
    ea = state.ea
    if ea is None:
        return set()
    seen = set(ea.revealed) | set(ea.row)  # the balanced deal's cards are face up
    if viewer is not None:
        seen |= set(ea.hands[viewer]) | set(ea.held[viewer]) | set(ea.discarded[viewer])
        if viewer in ea.pool_seats:
            seen |= set(ea.shared)
    return seen


def observe(state: SEState, obs: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """Each seat's Empire Advantages the viewer may see, its own hand and discards, its team's pool."""
    ea = state.ea
    if ea is None:
        return obs
    seen = visible(state, viewer)
    own = viewer is not None
    obs["empire_advantages"] = {
        "held": [_by_number([c for c in held if c in seen]) for held in ea.held],
        "revealed": _by_number(ea.revealed),
        "hand": _by_number(ea.hands[viewer]) if own and viewer is not None else [],
        "discarded": _by_number(ea.discarded[viewer]) if own and viewer is not None else [],
        "pool": _by_number(ea.pool) if viewer in ea.pool_seats else [],
        "auction": {  # the balanced deal (public)
            "row": _by_number(ea.row),
            "waiting": list(ea.waiting),
            "bidders": list(ea.bidders),
            "high": ea.high,
            "high_seat": ea.high_seat,
            "paid": list(ea.paid),
        },
    }
    return obs


def _slots(state: SEState, viewer: int | None) -> list[list[str]]:
    """Every place a card may be in (the deck, each seat's hand, held cards and discards, the pool)."""
    ea = state.ea
    assert ea is not None
    return [ea.deck, *ea.hands, *ea.held, *ea.discarded, ea.pool, ea.row]


def secret(state: SEState, viewer: int | None, out: dict[str, Any]) -> dict[str, Any]:
    if state.ea is None:
        return out
    seen = visible(state, viewer)
    out["empire_advantages"] = [sorted(c for c in slot if c not in seen) for slot in _slots(state, viewer)]
    return out


def determinize(state: SEState, viewer: int | None, rng: Rng) -> SEState:
    """§10.4: the cards the viewer has not seen are re-dealt among the places that hold unseen cards
    (other seats' hands, held and discarded cards, the deck, a pool the viewer does not share), each place
    keeping its number of unseen cards. A seat's held cards are drawn only among the cards it could hold
    (not publicly ruled out); when a random deal fails that (a few tries), the cards stay where they are."""
    ea = state.ea
    if ea is None:
        return state
    seen = visible(state, viewer)
    slots = _slots(state, viewer)
    hidden = sorted(c for slot in slots for c in slot if c not in seen)
    held_slots = {id(h): s for s, h in enumerate(ea.held)}
    for _ in range(DEAL_TRIES):
        pool = list(hidden)
        rng.shuffle(pool)
        deal: list[tuple[list[str], int, str]] = []
        # Constrained places first: each hidden held card of a seat, among the cards it could hold.
        for slot in sorted(slots, key=lambda sl: id(sl) not in held_slots):
            barred = set(ea.ruled_out[held_slots[id(slot)]]) if id(slot) in held_slots else set()
            for i, c in enumerate(slot):
                if c in seen:
                    continue
                pick = next((x for x in pool if x not in barred), None)
                if pick is None:
                    break
                pool.remove(pick)
                deal.append((slot, i, pick))
        if not pool and _regrants_fit(state, deal, held_slots):
            before = [list(h) for h in ea.held]
            for slot, i, pick in deal:
                slot[i] = pick
            for seat, old in enumerate(before):
                regrant(state, seat, old, ea.held[seat])
            return state
    return state


def _cp_grant(card: str) -> int:
    return sum(e.cp for e in cards()[card].effects if e.op == "start_cp")


def _regrants_fit(state: SEState, deal: list[tuple[list[str], int, str]], held_slots: dict[int, int]) -> bool:
    """A re-deal fits only if no seat would be left with negative CP: it loses a starting CP grant
    (``start_cp``) it has already spent, or its researched levels cost more above the new card's
    technology than they did above the old one's (``regrant_tech``)."""
    ea = state.ea
    assert ea is not None
    new = {s: list(h) for s, h in enumerate(ea.held)}
    for slot, i, pick in deal:
        if id(slot) in held_slots:
            new[held_slots[id(slot)]][i] = pick
    for seat, held in new.items():
        old = ea.held[seat]
        if sorted(old) == sorted(held):
            continue
        delta = sum(_cp_grant(c) for c in held) - sum(_cp_grant(c) for c in old)
        delta += sum(refund for _, _, refund in _tech_moves(state, seat, old, held).values())
        if state.players[seat].cp + delta < 0:
            return False
    return True


def tech_grants(held: list[str]) -> dict[str, int]:
    """The starting technology (``start_tech``) the cards ``held`` give: the highest level per track."""
    out: dict[str, int] = {}
    for c in held:
        for e in cards()[c].effects:
            if e.op == "start_tech":
                for track, level in e.techs.items():
                    out[track] = max(out.get(track, 0), level)
    return out


def granted_floor(state: SEState, seat: int, floor: dict[str, int]) -> dict[str, int]:
    """For §9's economic sheet re-deal: ``seat``'s technology never drops below its set-up levels and what
    its kept cards grant (``start_tech``): those levels were not researched, so they are never turned
    into CP and re-bought elsewhere."""
    ea = state.ea
    if ea is None or not 0 <= seat < len(ea.held):
        return floor
    base = ea.start_techs[seat] if seat < len(ea.start_techs) else {}
    grants = tech_grants(ea.held[seat])
    return {t: max(lvl, base.get(t, 0), grants.get(t, 0)) for t, lvl in floor.items()}


def _tech_moves(state: SEState, seat: int, old: list[str], new: list[str]) -> dict[str, tuple[int, int, int]]:
    """§10.4 ``regrant_tech``: per track a card grants (before or after), the level the old cards left
    the researched levels on, the level the new cards put them on, and the CP the move refunds
    (negative: costs). A track's levels above max(set-up level, old grant) were researched: the seat keeps
    that many levels above max(set-up level, new grant) (up to the track's top; levels beyond it are
    refunded), paying or refunded the difference of their base prices."""
    from galaxis.games.space_empires.base import data

    ea = state.ea
    assert ea is not None
    tracks = data.tech_tracks(state.edition)
    base = ea.start_techs[seat] if seat < len(ea.start_techs) else {}
    g_old, g_new = tech_grants(old), tech_grants(new)
    techs = state.players[seat].techs
    out: dict[str, tuple[int, int, int]] = {}
    for t in sorted(set(g_old) | set(g_new)):
        if t not in techs or t not in tracks:
            continue
        start = base.get(t, tracks[t].start)
        low_old, low_new = max(start, g_old.get(t, 0)), max(start, g_new.get(t, 0))
        level = techs[t]
        top = tracks[t].max_level(state.edition)
        researched = max(0, level - low_old)
        target = min(top, low_new + researched)
        paid = sum(
            tracks[t].level_cost(state.edition, x) for x in range(low_old + 1, max(level, low_old) + 1)
        )
        costs = sum(tracks[t].level_cost(state.edition, x) for x in range(low_new + 1, target + 1))
        out[t] = (low_old, low_new, paid - costs)
    return out


def regrant_tech(state: SEState, seat: int, old: list[str], new: list[str]) -> None:
    """§10.4 determinize, ``start_tech``: the seat's technology and its units whose technology others have
    not seen are moved from the old cards' grants to the new cards' (see ``_tech_moves``). Such a unit built at or above the old
    floor of a track is moved by the same number of levels (never below what its type needs); the
    counters whose technology others have seen in a battle keep it (it is public, §9). The CP the researched levels'
    prices differ by are refunded (or paid), booked as spent less (or more)."""
    from galaxis.games.space_empires.base import data

    units = data.units(state.edition)
    p = state.players[seat]
    for t, (low_old, low_new, refund) in _tech_moves(state, seat, old, new).items():
        top = data.tech_tracks(state.edition)[t].max_level(state.edition)
        p.techs[t] = min(top, low_new + max(0, p.techs[t] - low_old))
        p.cp += refund
        p.spent -= refund
        for u in state.units.values():
            if u.owner != seat or u.tech_shown:
                continue
            attr = _unit_attr(u.kind, t)
            value = getattr(u, attr) if attr else None
            if attr is None or value is None or value < low_old:
                continue
            need = units[u.kind].requires.get(t, 0) if u.kind in units else 0
            setattr(u, attr, max(need, min(top, value - low_old + low_new)))


def _unit_attr(kind: str, track: str) -> str | None:
    """The unit field that records ``track`` when a unit of ``kind`` is built (Move shows in how the
    counter moves: it is never re-dealt)."""

    if track in TECH_FIELDS and track != "move":
        return TECH_FIELDS[track]
    return "level" if LEVEL_TRACKS.get(kind) == track else None


def regrant(state: SEState, seat: int, old: list[str], new: list[str]) -> None:
    """§10.4 determinize: a seat whose kept cards were re-dealt (``old`` -> ``new``) swaps their set-up
    grants. ``start_cp``: the CP (and the ledger's earned CP) move by the difference; ``start_tech``: see
    ``regrant_tech``; ``explored_home``: the home system's face-down markers become known, or stop being
    known when no card gives them any more."""
    if sorted(old) == sorted(new):
        return
    p = state.players[seat]
    delta = sum(_cp_grant(c) for c in new) - sum(_cp_grant(c) for c in old)
    p.cp += delta
    p.earned += delta
    regrant_tech(state, seat, old, new)

    def explores(held: list[str]) -> bool:
        return any(e.op == "explored_home" for c in held for e in cards()[c].effects)

    if explores(old) == explores(new):
        return
    home = {h for h, m in state.markers.items() if m.pool == f"home{seat}" and not m.face_up}
    p.known = sorted(set(p.known) | home) if explores(new) else sorted(set(p.known) - home)


def invariants(state: SEState) -> list[str]:
    ea = state.ea
    if ea is None:
        return []
    every = [c for slot in _slots(state, None) for c in slot]
    bad = []
    if len(every) != len(set(every)) or not set(every) <= set(cards()):
        bad.append("an Empire Advantage card is in two places or unknown")
    if not set(ea.revealed) <= {c for held in ea.held for c in held}:
        bad.append("a revealed Empire Advantage is not held")
    return bad


def text_lines(state: SEState, viewer: int | None, lang: str = "en") -> list[str]:
    """The text view's lines: the Empire Advantages the viewer may see."""
    ea = state.ea
    if ea is None:
        return []
    seen = visible(state, viewer)
    title = "Birodalmi előnyök" if lang == "hu" else "Empire Advantages"
    lines = []
    for s, held in enumerate(ea.held):
        names = [card_name(c, lang) for c in _by_number(held) if c in seen]
        if names:
            lines.append(f"{title} {s + 1}: {', '.join(names)}")
    if viewer is not None and ea.hands[viewer]:
        lines.append(f"{title} (?): {', '.join(card_name(c, lang) for c in _by_number(ea.hands[viewer]))}")
    if ea.row and ea.waiting:
        bid = "licit" if lang == "hu" else "bid"
        high = f"{ea.high} ({ea.high_seat + 1})" if ea.high_seat >= 0 else "-"
        lines.append(
            f"{title} (+): {', '.join(card_name(c, lang) for c in _by_number(ea.row))}; {bid}: {high}"
        )
    return lines


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "empire_advantages",
    "§10.4",
    setup=lambda game, state, scenario, options: setup(state, scenario, options),
    action_kinds=ACTION_KINDS,
    apply=lambda game, state, seat, kind, args, events: apply(game, state, seat, kind, tuple(args), events),
    step_kinds=STEP_KINDS,
    step_actions=step_actions,
    observe=observe,
    secret=lambda state, out, viewer: secret(state, viewer, out),
    determinize=determinize,
    determinize_first=True,  # its CP grants go into the sheet §9's re-deal rebuilds
    invariants=invariants,
    secret_kinds=SECRET_KINDS,
    bot_choice=lambda obs, seat, legal: bot_choice(legal, obs),  # keep the most useful card
)
