"""Close Encounters Alien Technology cards [MRB 11][reference §1.11] (docs/games/space_empires.md §10.5).

The 30 cards are data (data/alien_tech.yaml): each declares its effect over the fixed set of operations
``OPS`` below, and the rules ask this module "what do the cards held by this seat change here?" through
small query functions (maintenance, unit cost, income, combat numbers, movement, bombardment, ground
combat, mines, space wrecks). Everything is off unless ``state.alien_tech`` is set: the option
``alien_technology`` (competitive games; forced in solo #4's new features, §13.13), always in the
cooperative Doomsday scenarios (§13.10).

Trigger (§10.5): the first colonization or capture of a Deep Space barren planet draws 2 cards; the seat
keeps one in secret (a decision); it pays 10 CP for it in the next Economic Phase (a yes/no decision),
free when the planet held non-player aliens. ``offer`` is the entry point for other rules that grant a
draw.

Secrecy: a seat's cards are known only to it until their effect is seen by others (combat numbers,
movement, bombardment, mines, ground combat) or until it loses a colony to capture; the deck order is
secret. ``determinize`` re-deals every card the viewer has not seen.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core import Action, Event, Rng, Step
from galaxis.games.space_empires.base import board, combat, data, economy
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.base.system import System, colony_lost, uses_alien_technology
from galaxis.games.space_empires.systems.alien_tech_state import AlienTechState

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.state import SEState

_FROZEN = ConfigDict(frozen=True, extra="forbid")

SCENARIO_PREFIXES = ("coop_dm_",)  # the seed: "használjuk az Idegen Technológiai kártyákat" (§13.10)
KEEP_STEP = "alien_keep"
STEP_KINDS = (KEEP_STEP,)
ECON_KINDS = ("alien_pay", "alien_decline")
ACTION_KINDS = ("alien_keep", *ECON_KINDS)
SECRET_KINDS = ACTION_KINDS  # they name a card
NPA = -1

# The fixed set of operations a card may declare (data/alien_tech.yaml documents their arguments).
OPS = (
    "half_maintenance",
    "attack",
    "hull_cost",
    "weapon_class",
    "fleet_attack",
    "defense",
    "first_round_defense",
    "cloaked_attack",
    "tactics",
    "extra_move",
    "bombard_attack",
    "bombard_defense",
    "ground_bonus",
    "drop_ships",
    "colony_income",
    "income",
    "mines_unsweepable",
    "wreck_rolls",
)
# Operations whose effect the other players see when it applies (the card is then revealed, §10.5).
COMBAT_OPS = (
    "attack",
    "weapon_class",
    "fleet_attack",
    "defense",
    "first_round_defense",
    "cloaked_attack",
    "tactics",
)

# What a shot shows: the shooter's to-hit number and firing order, the target's defence.
SHOOTER_OPS = ("attack", "weapon_class", "fleet_attack", "cloaked_attack", "tactics")
TARGET_OPS = ("defense", "first_round_defense")


class Card(BaseModel):
    model_config = _FROZEN
    id: int = Field(ge=1)
    name: str
    name_hu: str
    designed_name: bool = False
    designed_effect: bool = False
    effect: dict[str, Any]

    @model_validator(mode="after")
    def _known_ops(self) -> Card:
        if len(self.effect) != 1:
            raise ValueError(f"card {self.id}: one operation per card, not {sorted(self.effect)}")
        op, arg = next(iter(self.effect.items()))
        if op not in OPS:
            raise ValueError(f"card {self.id}: unknown operation {op!r} (known: {', '.join(OPS)})")
        _check_arg(self.id, op, arg)
        return self

    @property
    def op(self) -> str:
        return next(iter(self.effect))

    @property
    def arg(self) -> Any:
        return self.effect[self.op]


def _check_arg(cid: int, op: str, arg: Any) -> None:
    """The argument shape of each operation (validated on load)."""
    units = set(data.unit_table_by_id())
    types: list[str] = []
    if op == "half_maintenance":
        types = list(arg)
    elif op in ("attack", "hull_cost", "weapon_class"):
        types = [arg["class"]]
        if op == "weapon_class" and arg["to"] not in data.CLASSES:
            raise ValueError(f"card {cid}: weapon class {arg['to']!r} is not one of {data.CLASSES}")
        if op != "weapon_class" and not isinstance(arg["by"], int):
            raise ValueError(f"card {cid}: {op} needs an integer 'by'")
    elif op in ("defense", "extra_move"):
        types = list(arg["classes"])
    elif op in (
        "fleet_attack",
        "first_round_defense",
        "cloaked_attack",
        "tactics",
        "bombard_attack",
        "bombard_defense",
        "ground_bonus",
        "income",
    ):
        if not isinstance(arg.get("by"), int) or arg["by"] <= 0:
            raise ValueError(f"card {cid}: {op} needs a positive integer 'by'")
    elif op == "colony_income":
        if not (isinstance(arg["from"], int) and isinstance(arg["to"], int) and arg["to"] > arg["from"]):
            raise ValueError(f"card {cid}: colony_income needs integers from < to")
    elif op == "wreck_rolls":
        if not isinstance(arg.get("extra"), int) or arg["extra"] <= 0:
            raise ValueError(f"card {cid}: wreck_rolls needs a positive integer 'extra'")
    elif arg is not True:
        raise ValueError(f"card {cid}: {op} takes the value true")
    unknown = [t for t in types if t not in units]
    if unknown:
        raise ValueError(f"card {cid}: unknown unit types {unknown}")


class AlienTechTable(BaseModel):
    model_config = _FROZEN
    draw: int = Field(ge=1)
    keep_cost: int = Field(ge=0)
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _numbered(self) -> AlienTechTable:
        ids = [c.id for c in self.cards]
        if ids != list(range(1, len(ids) + 1)):
            raise ValueError(f"alien technology cards must be numbered 1..n in order, got {ids}")
        return self


@cache
def table() -> AlienTechTable:
    return AlienTechTable.model_validate(data._load("alien_tech.yaml"))


def card(cid: int) -> Card:
    return table().cards[cid - 1]


def card_name(cid: int, lang: str = "en") -> str:
    c = card(cid)
    return c.name_hu if lang.startswith("hu") else c.name


def _say(events: list[Event], event: dict[str, Any], text: str) -> None:
    event["text"] = text
    events.append(event)


# --- set-up ------------------------------------------------------------------------------------------
def enabled_for(scenario_id: str, options: dict[str, Any]) -> bool:
    """§10.5: the option, or a scenario that always uses the cards (the cooperative Doomsday ones and the
    Alien Player victory-point ones, whose aliens draw cards, §13.12.6)."""
    return (
        bool(options.get("alien_technology", False))
        or scenario_id.startswith(SCENARIO_PREFIXES)
        or uses_alien_technology(scenario_id)  # §13.12.6: the victory-point Alien Player draws cards
    )


def setup(state: SEState, scenario_id: str, options: dict[str, Any]) -> None:
    """§10.5: the deck of the 30 cards, empty hands. The deck is shuffled at each draw (the match
    generator is not touched at set-up, so games without a draw keep their dice)."""
    if not enabled_for(scenario_id, options):
        return
    deck = [c.id for c in table().cards]
    n = len(state.players)
    state.alien_tech = AlienTechState(
        deck, [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
    )


def _at(state: SEState) -> AlienTechState | None:
    return state.alien_tech


def _held_ops(state: SEState, seat: int, op: str) -> list[tuple[int, Any]]:
    """The (card, argument) pairs of ``op`` among the cards ``seat`` has in effect."""
    at = _at(state)
    if at is None or not 0 <= seat < len(at.held) or not at.held[seat]:
        return []
    return [(c, card(c).arg) for c in at.held[seat] if card(c).op == op]


# --- the trigger (§10.5) ---------------------------------------------------------------------------------
def deep_space_barren(state: SEState, hid: str) -> bool:
    m = state.markers.get(hid)
    return m is not None and m.kind == "barren" and m.pool == "deep"


def npas_placed(state: SEState, hid: str) -> None:
    """§10.5: remember that this Deep Space barren planet held non-player aliens (its card is then free)."""
    at = _at(state)
    if at is not None and hid not in at.guarded:
        at.guarded.append(hid)


def colonized(state: SEState, seat: int, hid: str, events: list[Event]) -> None:
    """§10.5: the first colonization of a Deep Space barren planet draws cards."""
    _first_taking(state, seat, hid, events)


def captured(state: SEState, hid: str, seat: int, loser: int, events: list[Event]) -> None:
    """§10.5: the loser of a colony reveals its cards; a Deep Space barren planet taken from the
    non-player aliens (or never taken before) draws cards for the captor."""
    if loser >= 0:
        reveal_all(state, loser, events)
    colony_lost(state, hid, seat, loser, events)  # §13.12.6: a player steals one of the aliens' cards
    _first_taking(state, seat, hid, events)


def _first_taking(state: SEState, seat: int, hid: str, events: list[Event]) -> None:
    """[DESIGN] a planet gives its draw once: to the first seat that colonizes or captures it."""
    at = _at(state)
    if at is None or seat < 0 or not deep_space_barren(state, hid) or hid in at.found:
        return
    at.found.append(hid)
    offer(state, seat, events, free=hid in at.guarded, hid=hid)


def offer(state: SEState, seat: int, events: list[Event], free: bool = False, hid: str = "") -> bool:
    """Draw cards for ``seat`` and ask it which one to keep (a pending decision). ``free``: no payment
    (the planet held NPAs); otherwise the kept card waits for the payment of the next Economic Phase.
    Returns False when the deck is empty or the cards are not in play."""
    at = _at(state)
    if at is None or seat < 0:
        return False
    state.rng.shuffle(at.deck)
    drawn, at.deck = at.deck[: table().draw], at.deck[table().draw :]
    if not drawn:
        _say(events, {"type": "alien_tech_empty", "seat": seat}, "no Alien Technology cards are left to draw")
        return False
    at.offer[seat].extend(drawn)
    state.pending.append(Step(KEEP_STEP, seat, {"free": free}))
    who = f"player {board.SEATS[seat]}"
    where = f" at {hid}" if hid else ""
    cost = (
        "free (the planet held non-player aliens)"
        if free
        else f"{table().keep_cost} CP in the next Economic Phase"
    )
    _say(
        events,
        {"type": "alien_tech_draw", "seat": seat, "hex": hid, "count": len(drawn), "free": free},
        f"{who} draws {len(drawn)} Alien Technology card(s){where} and keeps one in secret ({cost})",
    )
    return True


def step_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    at = _at(state)
    assert at is not None
    g = game.table.get
    return [g(f"alien_keep {c}", (), "alien_keep", (c,)) for c in at.offer[step.seat]]


def _back_to_deck(state: SEState, cards: list[int]) -> None:
    """[DESIGN] cards not kept go back into the deck (shuffled before the next draw)."""
    at = _at(state)
    assert at is not None
    for c in cards:
        if c in at.revealed:
            at.revealed.remove(c)
    at.deck.extend(cards)
    at.deck.sort()


def keep(state: SEState, seat: int, cid: int) -> None:
    at = _at(state)
    assert at is not None
    if cid not in at.offer[seat]:
        raise ValueError(f"card {cid} is not among the cards you drew (§10.5)")
    step = state.pending.pop()
    others = [c for c in at.offer[seat] if c != cid]
    at.offer[seat] = []
    _back_to_deck(state, others)
    (at.held if step.data.get("free") else at.unpaid)[seat].append(cid)


# --- paying in the Economic Phase --------------------------------------------------------------------
def econ_actions(game: SpaceEmpires, state: SEState, seat: int) -> list[Action]:
    """§10.5: a kept card waiting for payment is decided first (pay 10 CP to keep it, or give it back)."""
    at = _at(state)
    if at is None or not at.unpaid[seat]:
        return []
    g = game.table.get
    cid = at.unpaid[seat][0]
    acts = [g(f"alien_decline {cid}", (), "alien_decline", (cid,))]
    if state.players[seat].cp >= table().keep_cost:
        acts.insert(0, g(f"alien_pay {cid}", (), "alien_pay", (cid,)))
    return acts


def pay(state: SEState, seat: int, cid: int) -> None:
    at = _at(state)
    assert at is not None
    p = state.players[seat]
    cost = table().keep_cost
    if cid not in at.unpaid[seat] or p.cp < cost:
        raise ValueError(f"card {cid} cannot be paid for now (§10.5)")
    at.unpaid[seat].remove(cid)
    p.cp -= cost
    p.spent += cost
    at.held[seat].append(cid)


def decline(state: SEState, seat: int, cid: int) -> None:
    at = _at(state)
    assert at is not None
    if cid not in at.unpaid[seat]:
        raise ValueError(f"card {cid} is not waiting for payment (§10.5)")
    at.unpaid[seat].remove(cid)
    _back_to_deck(state, [cid])


def apply_action(state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]) -> None:
    cid = int(args[0])
    if kind == "alien_keep":
        keep(state, seat, cid)
    elif kind == "alien_pay":
        pay(state, seat, cid)
    elif kind == "alien_decline":
        decline(state, seat, cid)


# --- the victory-point Alien Player's cards (§13.12.6) ---------------------------------------------
def _alien_pile(at: AlienTechState, index: int) -> list[int]:
    while len(at.aliens) <= index:
        at.aliens.append([])
    return at.aliens[index]


def alien_draws(state: SEState, index: int, who: str, hid: str, events: list[Event]) -> None:
    """§13.12.6 (seed "Az AP-k szerezhetnek Idegen Technológiai kártyákat"): alien empire ``index`` draws
    one card face down; it never uses its effect (its 2 VP are scored by alien_vp.py)."""
    at = _at(state)
    if at is None:
        return
    state.rng.shuffle(at.deck)
    if not at.deck:
        _say(events, {"type": "alien_tech_empty", "seat": -1}, "no Alien Technology cards are left to draw")
        return
    _alien_pile(at, index).append(at.deck.pop())
    at.deck.sort()
    _say(
        events,
        {"type": "alien_tech_alien_draw", "alien": index, "hex": hid, "count": len(at.aliens[index])},
        f"{who} draws an Alien Technology card at {hid} (face down; {len(at.aliens[index])} held)",
    )


def alien_loses(state: SEState, index: int, seat: int, hid: str, events: list[Event]) -> None:
    """§13.12.6: a random card of alien empire ``index`` goes to ``seat`` (seed "Idegen Technológiai kártyák
    ellopása": a live player captured one of its Deep Space colonies; the card is in effect at once, in
    secret, [DESIGN] free) or, with ``seat`` < 0, is discarded into the deck (the colony was bombarded
    away: "véletlenszerűen el kell dobniuk")."""
    at = _at(state)
    if at is None or index >= len(at.aliens) or not at.aliens[index]:
        return
    pile = at.aliens[index]
    cid = pile.pop(state.rng.below(len(pile)))
    if seat >= 0:
        at.held[seat].append(cid)
        text = f"player {board.SEATS[seat]} steals an Alien Technology card from the aliens at {hid}"
        _say(events, {"type": "alien_tech_stolen", "seat": seat, "alien": index, "hex": hid}, text)
    else:
        _back_to_deck(state, [cid])
        text = f"the aliens discard an Alien Technology card at random ({hid} was destroyed)"
        _say(events, {"type": "alien_tech_discarded", "alien": index, "hex": hid}, text)


# --- revealing ---------------------------------------------------------------------------------------
def reveal(state: SEState, seat: int, cid: int, events: list[Event], why: str) -> None:
    at = _at(state)
    if at is None or cid in at.revealed:
        return
    at.revealed.append(cid)
    _say(
        events,
        {"type": "alien_tech_revealed", "seat": seat, "card": cid, "name": card_name(cid)},
        f"player {board.SEATS[seat]} reveals the Alien Technology card {card_name(cid)} ({why})",
    )


def reveal_all(state: SEState, seat: int, events: list[Event]) -> None:
    """§10.5 [MRB 21]: a player who loses a colony to capture reveals its cards."""
    at = _at(state)
    if at is None:
        return
    for cid in [*at.held[seat], *at.unpaid[seat]]:
        reveal(state, seat, cid, events, "a colony was captured")


# --- effects: economy --------------------------------------------------------------------------------
def maintenance_discount(state: SEState, seat: int, units: list[Unit]) -> int:
    """half_maintenance: the listed types pay half their maintenance (rounded down over the empire)."""
    types = {t for _, arg in _held_ops(state, seat, "half_maintenance") for t in arg}
    if not types:
        return 0
    table_ = data.units(state.edition)
    return sum(table_[u.kind].upkeep for u in units if u.kind in types and u.kind in table_) // 2


def unit_cost(state: SEState, seat: int, kind: str, cost: int) -> int:
    """hull_cost: a ship type costs less (never below 1 CP)."""
    change = sum(arg["by"] for _, arg in _held_ops(state, seat, "hull_cost") if arg["class"] == kind)
    return max(1, cost + change) if change else cost


def income_bonus(state: SEState, seat: int) -> int:
    """colony_income (Efficient Factories: 5 CP colonies give 6) and income (a fixed bonus)."""
    bonus = sum(int(arg["by"]) for _, arg in _held_ops(state, seat, "income"))
    for _, arg in _held_ops(state, seat, "colony_income"):
        bonus += sum(
            int(arg["to"]) - int(arg["from"])
            for col in state.colonies.values()
            if col.owner == seat and not col.home and col.income and col.value == arg["from"]
        )
    return bonus


def wreck_rolls(state: SEState, seat: int) -> int:
    """wreck_rolls (Mobile Analysis Bay): rolls on the Space Wreck table for one towed wreck."""
    return 1 + sum(int(arg["extra"]) for _, arg in _held_ops(state, seat, "wreck_rolls"))


def extra_wreck_rolls(state: SEState, seat: int) -> None:
    """The rolls beyond the first one (§6.8): each gives a free level of the rolled technology."""
    p = state.players[seat]
    for _ in range(wreck_rolls(state, seat) - 1):
        track = economy.space_wreck_tech(combat.d10(state.rng))
        if p.techs[track] < data.techs()[track].max_level(state.edition):
            p.techs[track] += 1


# --- effects: combat ---------------------------------------------------------------------------------
def _combat_cards(state: SEState, u: Unit, c: combat.Combatant) -> list[tuple[int, str, Any]]:
    """The combat cards of ``u``'s owner that apply to it now: (card, op, argument)."""
    if (
        u.owner < 0
        or _at(state) is None
        or not board.is_combat_kind(u.kind)
        or u.kind in ("SY", "Base", "Mine")
    ):
        return []
    out: list[tuple[int, str, Any]] = []
    b = state.battle
    for op in COMBAT_OPS:
        for cid, arg in _held_ops(state, u.owner, op):
            if op in ("attack", "weapon_class") and arg["class"] != u.kind:
                continue
            if op == "defense" and u.kind not in arg["classes"]:
                continue
            if op == "cloaked_attack" and not c.cloaked:
                continue
            if op == "first_round_defense" and (b is None or b.round != 1):
                continue
            if op == "fleet_attack" and _own_counters_in_battle(state, u.owner) < arg["min_counters"]:
                continue
            out.append((cid, op, arg))
    return out


def _own_counters_in_battle(state: SEState, seat: int) -> int:
    b = state.battle
    if b is None:
        return 0
    own = [
        u
        for u in state.units.values()
        if u.hex == b.hex
        and u.owner == seat
        and board.is_combat_kind(u.kind)
        and u.kind not in ("SY", "Base", "Mine")
    ]
    return len(board.counters(own))


def adjust(state: SEState, u: Unit, c: combat.Combatant) -> combat.Combatant:
    """The combat operations: attack, weapon_class (Long Lance), fleet_attack (Interlinked Targeting),
    defense (Emissive Armor), first_round_defense (Stealth Field Emitter), cloaked_attack (Adaptive
    Cloaking), tactics (Advanced Comm Array)."""
    for _, op, arg in _combat_cards(state, u, c):
        if op == "weapon_class":
            c.cls = arg["to"]
        elif op in ("attack", "fleet_attack", "cloaked_attack"):
            c.attack += arg["by"]
        elif op in ("defense", "first_round_defense"):
            c.defense += arg["by"]
        elif op == "tactics":
            c.tactics += arg["by"]
    return c


def used_in_shot(
    game: SpaceEmpires, state: SEState, shooter: Unit, target: Unit, events: list[Event]
) -> None:
    """§10.5: a card whose effect shows in a shot (its numbers are in the log) is revealed."""
    if _at(state) is None:
        return
    for u, shown in ((shooter, SHOOTER_OPS), (target, TARGET_OPS)):
        if u.uid not in state.units:
            continue
        for cid, op, _ in _combat_cards(state, u, game._as_combatant(state, u)):
            if op in shown:
                reveal(state, u.owner, cid, events, "used in combat")


def extra_move(state: SEState, u: Unit) -> int:
    """extra_move (Afterburners): the listed types move more hexes per turn."""
    return sum(arg["by"] for _, arg in _held_ops(state, u.owner, "extra_move") if u.kind in arg["classes"])


def moved(game: SpaceEmpires, state: SEState, u: Unit, events: list[Event]) -> None:
    """§10.5: a unit that moves past its normal allowance (with MS Pipelines) shows its Afterburners."""
    extra = extra_move(state, u)
    if not extra:
        return
    if u.moved > game._allowance(state, u) + game._pipeline_bonus(state, u) - extra:
        for cid, arg in _held_ops(state, u.owner, "extra_move"):
            if u.kind in arg["classes"]:
                reveal(state, u.owner, cid, events, "a ship moved farther than it could")


def bombard_modifier(state: SEState, seat: int, owner: int, events: list[Event]) -> int:
    """bombard_attack (Photon Bomb) raises the bombarding player's number; bombard_defense (Hidden
    Turret) lowers it against the owner's colonies. Both show in the bombardment's numbers."""
    change = 0
    for cid, arg in _held_ops(state, seat, "bombard_attack"):
        change += arg["by"]
        reveal(state, seat, cid, events, "used in bombardment")
    for cid, arg in _held_ops(state, owner, "bombard_defense"):
        change -= arg["by"]
        reveal(state, owner, cid, events, "used against bombardment")
    return change


def sweep(state: SEState, mine_owner: int, swept: int, events: list[Event]) -> int:
    """mines_unsweepable (Minesweep Jammer): enemy Minesweepers remove none of the owner's Mines."""
    if swept <= 0:
        return swept
    for cid, _ in _held_ops(state, mine_owner, "mines_unsweepable"):
        reveal(state, mine_owner, cid, events, "the mines could not be swept")
        return 0
    return swept


def landing(state: SEState, invasion: Any, events: list[Event]) -> None:
    """ground_bonus (Stim Packs): +attack and +defence for the holder's ground units; drop_ships (Air
    Support): the invader's units fire in the first ground round."""
    for side, seat in ((0, invasion.attacker), (1, invasion.defender)):
        for cid, arg in _held_ops(state, seat, "ground_bonus"):
            for t in invasion.troopers:
                if t.side == side:
                    t.bonus += arg["by"]
            reveal(state, seat, cid, events, "used in ground combat")
    for cid, _ in _held_ops(state, invasion.attacker, "drop_ships"):
        if not invasion.drop_ships:
            invasion.drop_ships = True
            reveal(state, invasion.attacker, cid, events, "used in ground combat")


# --- information -------------------------------------------------------------------------------------
def observe(state: SEState, obs: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A seat sees its own cards; everyone sees the revealed ones. The deck (order and size) is secret."""
    at = _at(state)
    if at is None:
        return obs
    mine = seat is not None and 0 <= seat < len(at.held)
    obs["alien_tech"] = {
        "held": list(at.held[seat]) if mine and seat is not None else [],
        "unpaid": list(at.unpaid[seat]) if mine and seat is not None else [],
        "offer": list(at.offer[seat]) if mine and seat is not None else [],
        "revealed": {
            board.SEATS[s]: sorted(c for c in [*at.held[s], *at.unpaid[s]] if c in at.revealed)
            for s in range(len(at.held))
        },
        "found": list(at.found),
        "aliens": [len(pile) for pile in at.aliens],  # the aliens' face-down cards: only their number
    }
    return obs


def _hidden(at: AlienTechState, viewer: int | None) -> dict[str, list[list[int]]]:
    return {
        place: [
            [c for c in cards if c not in at.revealed] if s != viewer else []
            for s, cards in enumerate(getattr(at, place))
        ]
        for place in ("held", "unpaid", "offer")
    }


def secret(state: SEState, out: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    at = _at(state)
    if at is not None:
        out["alien_tech"] = {
            "deck": list(at.deck),
            "aliens": [list(p) for p in at.aliens],
            **_hidden(at, viewer),
        }
    return out


def determinize(state: SEState, viewer: int | None, rng: Rng) -> SEState:
    """Every card ``viewer`` has not seen (the deck and the other seats' unrevealed cards) is re-dealt;
    each seat keeps its number of cards in each place."""
    at = _at(state)
    if at is None:
        return state
    hidden = _hidden(at, viewer)
    pool = list(at.deck) + [c for place in hidden.values() for cards in place for c in cards]
    pool += [c for pile in at.aliens for c in pile]  # the aliens' face-down cards (§13.12.6)
    rng.shuffle(pool)
    for pile in at.aliens:
        pile[:], pool = pool[: len(pile)], pool[len(pile) :]
    for place, per_seat in hidden.items():
        cards_of = getattr(at, place)
        for s, unseen in enumerate(per_seat):
            if not unseen:
                continue
            kept = [c for c in cards_of[s] if c not in unseen]
            cards_of[s] = kept + pool[: len(unseen)]
            pool = pool[len(unseen) :]
    at.deck = sorted(pool)
    return state


def invariants(state: SEState) -> list[str]:
    at = _at(state)
    if at is None:
        return []
    every = list(at.deck) + [
        c for place in (at.held, at.unpaid, at.offer, at.aliens) for cards in place for c in cards
    ]
    if sorted(every) != [c.id for c in table().cards]:
        return ["alien technology cards are lost or duplicated"]
    return []


def text_lines(state: SEState, seat: int | None, lang: str = "en") -> list[str]:
    """The viewer's own cards and everyone's revealed cards for the terminal view."""
    at = _at(state)
    if at is None:
        return []
    hu = lang.startswith("hu")
    lines = []
    if seat is not None and 0 <= seat < len(at.held):
        mine = [card_name(c, lang) for c in at.held[seat]]
        unpaid = [card_name(c, lang) for c in at.unpaid[seat]]
        label = "Idegen Technológiai kártyáid" if hu else "Your Alien Technology cards"
        lines.append(
            f"{label}: {', '.join(mine) or '-'}"
            + (f" ({'fizetendő' if hu else 'to pay for'}: {', '.join(unpaid)})" if unpaid else "")
        )
    for s in range(len(at.held)):
        shown = [card_name(c, lang) for c in [*at.held[s], *at.unpaid[s]] if c in at.revealed and s != seat]
        if shown:
            lines.append(
                f"{'Felfedett kártyák' if hu else 'Revealed cards'} {board.SEATS[s]}: {', '.join(shown)}"
            )
    if any(at.aliens):
        counts = ", ".join(str(len(pile)) for pile in at.aliens)
        label = "Az idegenek Idegen Technológiai kártyái" if hu else "The aliens' Alien Technology cards"
        lines.append(f"{label}: {counts}")
    return lines


def action_fields(kind: str, args: tuple[str, ...], lang: str) -> tuple[str, dict[str, str]]:
    """The text.yaml template and its {card} value for this module's actions."""
    cid = int(args[0])
    if not 1 <= cid <= len(table().cards):
        raise ValueError(f"no Alien Technology card {cid}")
    return kind, {"card": f"#{cid} {card_name(cid, lang)}", "cp": str(table().keep_cost)}


def card_value(cid: int) -> int:
    """[DESIGN] how much the heuristic bot likes a card (a rough CP-per-game estimate by operation)."""
    return {
        "half_maintenance": 6,
        "attack": 7,
        "hull_cost": 6,
        "weapon_class": 5,
        "fleet_attack": 9,
        "defense": 5,
        "first_round_defense": 6,
        "cloaked_attack": 3,
        "tactics": 6,
        "extra_move": 4,
        "bombard_attack": 4,
        "bombard_defense": 5,
        "ground_bonus": 4,
        "drop_ships": 3,
        "colony_income": 8,
        "income": 10,
        "mines_unsweepable": 3,
        "wreck_rolls": 3,
    }[card(cid).op]


PAY_FROM_VALUE = 5  # [DESIGN] the bot pays for a card worth at least this ...
SPARE_CP = 20  # ... or for any card when this much CP would be left after paying


def bot_choice(obs: dict[str, Any], seat: int, legal: list[Action]) -> Action:
    """The heuristic bot (agents.py): keep the drawn card it values most; pay for a kept card when it is
    worth it or when CP is plentiful, else give it back."""
    keeps = [a for a in legal if a.kind == "alien_keep"]
    if keeps:
        return max(keeps, key=lambda a: (card_value(int(a.args[0])), -int(a.args[0])))
    pays = [a for a in legal if a.kind == "alien_pay"]
    if pays:
        cp = int(obs["players"][seat].get("cp", 0))
        cid = int(pays[0].args[0])
        if card_value(cid) >= PAY_FROM_VALUE or cp - table().keep_cost >= SPARE_CP:
            return pays[0]
    return next(a for a in legal if a.kind == "alien_decline")


def _bot_deep_barren(obs: dict[str, Any]) -> dict[str, list[int]]:
    """The face-up, uncolonised Deep Space barren planets an observation shows, with their units' owners."""
    hexes = data.hex_map(len(obs["players"]))
    return {
        h: [int(u["owner"]) for u in c.get("units", [])]
        for h, c in obs["hexes"].items()
        if isinstance(c.get("marker"), list)
        and c["marker"][0] == "barren"
        and "colony" not in c
        and hexes.owner_of(parse_hex_id(h)) is None
    }


def bot_barren_targets(obs: dict[str, Any], seat: int) -> list[str]:
    """For the heuristic bot (agents.py): while the cards are in play and the seat has Terraforming, the
    Deep Space barren planets it may colonise (no other side's units there: no NPAs, or the NPAs beaten)
    are Colony Ship goals too, so that bot games draw cards (§10.5)."""
    if "alien_tech" not in obs or obs["players"][seat].get("techs", {}).get("terraforming", 0) < 1:
        return []
    return [h for h, owners in _bot_deep_barren(obs).items() if all(o == seat for o in owners)]


def bot_guarded_barren(obs: dict[str, Any], seat: int) -> list[str]:
    """For the heuristic bot: Deep Space barren planets still held by non-player aliens, the goals of its
    warships while the cards are in play (beaten NPAs make the planet's card free, §10.5)."""
    if "alien_tech" not in obs:
        return []
    return [h for h, owners in _bot_deep_barren(obs).items() if NPA in owners]


BOT_NPA_SORTIE = 4  # [DESIGN] warships the heuristic bot gathers at home before attacking guarded planets


def bot_rally(obs: dict[str, Any], seat: int, rally: int) -> int:
    """For the heuristic bot: how many warships gather at home before leaving; fewer while Deep Space
    barren planets guarded by NPAs are known and the cards are in play."""
    return min(rally, BOT_NPA_SORTIE) if bot_guarded_barren(obs, seat) else rally


def bot_tech(obs: dict[str, Any], seat: int, legal: list[Action]) -> Action | None:
    """For the heuristic bot: with the cards in play and a Deep Space barren planet known, research
    Terraforming 1 first (its Colony Ships can then settle the planet and draw cards)."""
    if "alien_tech" not in obs or obs["players"][seat].get("techs", {}).get("terraforming", 0) >= 1:
        return None
    if not _bot_deep_barren(obs):
        return None
    return next((a for a in legal if a.kind == "tech" and a.args[0] == "terraforming"), None)


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "alien_technology",
    "§10.5",
    setup=lambda game, state, scenario, options: setup(state, scenario.id, options),
    action_kinds=ACTION_KINDS,
    apply=lambda game, state, seat, kind, args, events: apply_action(state, seat, kind, args, events),
    step_kinds=STEP_KINDS,
    step_actions=step_actions,
    observe=observe,
    secret=secret,
    determinize=determinize,
    invariants=invariants,
    secret_kinds=SECRET_KINDS,
    bot_choice=bot_choice,  # keep and pay for Alien Technology
)
