"""Boarding Ships, ship capture and Security Forces of Close Encounters [MRB 19-20] (docs §10.2, option
``boarding``). Numbers in data/experience.yaml (section ``boarding``)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from galaxis.core import Event
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.board import SEATS
from galaxis.games.space_empires.base.state import LEVEL_TRACKS, Unit
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import MSG
from galaxis.games.space_empires.systems import experience

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState

_FROZEN = ConfigDict(frozen=True, extra="forbid")

# What the options add to the Economic Phase: the Boarding Ship, and the tracks of §10.2.
UNITS = ("BD",)
TECHS = ("boarding", "security_forces")
EXPERIENCE_TECHS = ("military_academy",)
# Ships the captor's owner may scrap for technology: its build technology, track by track (§10.2).
SHIP_TRACKS = ("attack", "defense", "tactics", "move")


class BoardingTable(BaseModel):
    model_config = _FROZEN
    uncapturable: tuple[str, ...]
    plain_attack: int = Field(ge=0)
    idle_rounds: int = Field(ge=0)


@cache
def table() -> BoardingTable:
    return BoardingTable.model_validate(data._load("experience.yaml")["boarding"])


def extra_units(state: SEState) -> tuple[str, ...]:
    return UNITS if state.boarding else ()


def extra_techs(state: SEState) -> tuple[str, ...]:
    return (TECHS if state.boarding else ()) + (EXPERIENCE_TECHS if state.experience else ())


def boards(state: SEState, shooter: Unit) -> bool:
    """A player's Boarding Ship boards instead of shooting when the option is on, and so does an Alien
    Player's (§13.13.3)."""
    return (
        state.boarding
        and shooter.kind == "BD"
        and (shooter.owner >= 0 or board.alien_empire(state, shooter.owner) is not None)
    )


def capturable(state: SEState, target: Unit) -> bool:
    """§10.2: Bases, Shipyards, Titans, fighters, Doomsday Machines, amoebas and loaded Transports cannot
    be captured; neither can non-player aliens' ships nor an Alien Player's fleet before its first combat
    (DESIGN: they have no tech sheet to take over). An Alien Player's ships can."""
    if (
        target.kind in table().uncapturable
        or target.kind in board.OPPONENT_KINDS
        or target.owner == board.NPA
    ):
        return False
    if target.owner < 0 and board.alien_empire(state, target.owner) is None:
        return False  # the Galactic Capitol's units (cooperative scenarios)
    return not (target.kind == "T" and target.cargo)


def _security(state: SEState, owner: int) -> int:
    """The target owner's Security Forces: a player's track or an Alien Player's sheet (§13.13.2)."""
    if owner >= 0:
        return state.players[owner].techs.get("security_forces", 0)
    alien = board.alien_empire(state, owner)
    return alien.techs.get("security_forces", 0) if alien is not None else 0


def need(state: SEState, shooter: Unit, target: Unit) -> int:
    """§10.2: BD attack (5, or 6 with Boarding 2) - the target's hull - its owner's Security Forces, with
    the experience modifiers of §10.2."""
    units = data.unit_table_by_id()
    attack = units["BD"].attack_at(shooter.level)
    return (
        attack
        - units[target.kind].hull
        - _security(state, target.owner)
        + experience.attack_modifier(state, shooter, target)
    )


def idle(state: SEState, u: Unit) -> bool:
    """A captured ship sits out the rest of the round it was taken in and one full round more."""
    b = state.battle
    return b is not None and u.uid in b.idle and b.round <= b.idle[u.uid]


def board_ship(state: SEState, shooter: Unit, target: Unit, events: list[Event]) -> None:
    """One boarding attempt: a success captures the target."""
    b = state.battle
    assert b is not None
    number = need(state, shooter, target)
    roll = combat.roll_d10(state)  # the match generator's d10, as every automated roll
    # As every attack roll, a 1 always succeeds (§5.3, DESIGN for boarding).
    hit = roll == 1 or roll <= number
    cid = board.counter_of(shooter)
    event: Event = {
        "type": "boarding",
        "shooter": shooter.uid,
        "target": target.uid,
        "roll": roll,
        "need": number,
        "text": f"{cid} tries to board {board.counter_of(target)} (rolled {roll}, needed {number} or less)",
    }
    events.append(event)
    if hit and not free_counter(state, shooter.owner, target.kind):
        del state.units[target.uid]
        b.queue = [q for q in b.queue if q != target.uid]
        event["destroyed"] = True
        event["text"] += ": taken, but with no free counter for it the ship is scuttled"
    elif hit:
        new = capture(state, target, shooter.owner, shooter)
        b.idle[new.uid] = b.round + table().idle_rounds
        event["captured"] = new.uid
        event["text"] += f": captured, now {new.uid}"


def free_counter(state: SEState, seat: int, kind: str) -> bool:
    """Whether ``seat`` has a counter left for a captured ``kind`` (DESIGN: without one the ship is
    scuttled, the counter mix limits every empire, §7.5)."""
    limit = data.unit_table_by_id()[kind].counters
    if seat < 0:
        return board.counters_on_map(state, seat, kind) < limit  # an Alien Player has no queue
    return board.counters_in_use(state, seat, kind) < limit


def capture(state: SEState, target: Unit, seat: int, by: Unit | None = None) -> Unit:
    """The captured ship joins ``seat`` as a counter of its own, face up, keeping its technology; it
    starts at its captor's start level of experience (DESIGN). An Alien Player's capture joins the fleet
    of the Boarding Ship ``by`` (§13.13.3)."""
    old = target.uid
    del state.units[old]
    alien = board.alien_empire(state, target.owner) if target.owner < 0 else None
    for fleet in alien.fleets if alien is not None else []:
        if old in fleet.units:
            fleet.units.remove(old)  # the Alien Player lost it as if destroyed (§13.5)
    uid = _captor_uid(state, seat, by)
    target.uid, target.owner, target.counter = uid, seat, uid
    target.revealed, target.captured, target.screened, target.damage = True, True, False, 0
    target.xp = experience.start_level(state, seat) if experience.gains(state, target) else 0
    state.units[uid] = target
    for u in state.units.values():
        if u.kind == "F" and u.cargo == old:
            u.cargo = ""  # fighters aboard a captured carrier stay with their owner in the hex
    if state.battle is not None:
        state.battle.queue = [q for q in state.battle.queue if q != old]
    return target


def _captor_uid(state: SEState, seat: int, by: Unit | None) -> str:
    """A new unit id of the captor; an Alien Player's captured ship joins its Boarding Ship's fleet."""
    captor = board.alien_empire(state, seat)
    if captor is None:
        p = state.players[seat]
        p.serial += 1
        return f"{SEATS[seat]}{p.serial - 1}"
    uid = f"{board.opponent_letter(seat)}{captor.serial}"
    captor.serial += 1
    fleet = next((f for f in captor.fleets if by is not None and by.uid in f.units), None)
    if fleet is not None:
        fleet.units.append(uid)
    return uid


# --- scrapping for technology (§10.2) ---------------------------------------------------------------------
def scrap_allowed(state: SEState) -> bool:
    """Not in multiplayer games without teams: only where every live player is on one side."""
    seats = board.alive_seats(state)
    return all(board.allied(state, a, b) for a in seats for b in seats)


def scrap_problem(state: SEState, seat: int, uid: str) -> Msg | None:
    u = state.units.get(uid)
    if not state.boarding or u is None or u.owner != seat or not u.captured:
        return MSG("not_captured", unit=uid)
    if not scrap_allowed(state):
        return MSG("scrap_where_game")
    if not any(v.kind == "SY" and v.owner == seat and v.hex == u.hex for v in state.units.values()):
        return MSG("scrap_at_yard")
    return None


def ship_techs(u: Unit) -> dict[str, int]:
    """The technology a ship carries: its Attack, Defense, Tactics and Move, and its own level track."""

    techs = dict(zip(SHIP_TRACKS, (u.attack_tech, u.defense_tech, u.tactics, u.move_tech), strict=True))
    if u.kind in LEVEL_TRACKS:
        techs[LEVEL_TRACKS[u.kind]] = u.level
    return techs


def scrap(state: SEState, seat: int, uid: str, events: list[Event]) -> None:
    """§10.2: scrapping a captured ship at a shipyard gives +1 level in each of its techs better than yours."""
    u = state.units.pop(uid)
    p = state.players[seat]
    tracks = data.tech_tracks(state.edition)
    for track, level in ship_techs(u).items():
        if track in tracks and level > p.techs.get(track, 0):
            top = tracks[track].max_level(state.edition)
            p.techs[track] = min(top, p.techs.get(track, 0) + 1)
    # The technology gained is on the (secret) tech sheet: the log only says the ship was scrapped.
    events.append(
        {"type": "scrap", "unit": uid, "seat": seat, "text": f"{uid} is scrapped for its technology"}
    )


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "boarding",
    "§10.2",
    action_kinds=("scrap",),  # scrap a captured ship for its technology
    apply=lambda game, state, seat, kind, args, events: scrap(state, seat, args[0], events),
)
