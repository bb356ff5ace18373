"""The automated opponents' pieces (docs/games/space_empires.md §13): the alien empires on their home
worlds and their units (§13.5), the Doomsday Machines' counters and strength rows (§13.3), the alien
fleets. The helpers every other opponent module builds on; they import no opponent's rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.games.space_empires.base import board, economy
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Unit
from galaxis.games.space_empires.opponents.solo_state import (
    ALIEN_BASE,
    DOOMSDAY,
    DOOMSDAY_LETTER,
    Alien,
    AlienFleet,
    Machine,
    SoloState,
)
from galaxis.games.space_empires.opponents.tables import solo_tables
from galaxis.games.space_empires.systems import experience

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState

FLEET_COUNTER = "APF"  # an alien fleet before its first combat: a counter holding CP, not ships yet


def hex_key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c


def add_aliens(state: SEState, homes: tuple[str, ...] | list[str]) -> None:
    """The alien empires on their home worlds, with their starting technology and home bases (§13.5)."""
    solo = state.solo
    assert solo is not None
    ap = solo_tables().alien_player
    start = economy.starting_techs(state.edition)
    for i, home in enumerate(homes):
        owner = ALIEN_BASE - i
        techs = {t: max(v, ap.start_techs.get(t, 0)) for t, v in start.items()}
        alien = Alien(owner, home, True, 0, 0, 0, [], techs, [], 1, 0, 0, [])
        solo.aliens.append(alien)
        state.colonies[home] = Colony(owner, ap.home_world_cp, True, False)
        for _ in range(ap.home_bases):
            alien_unit(state, alien, "Base", home, revealed=True)


def alien_unit(state: SEState, alien: Alien, kind: str, hid: str, revealed: bool = False) -> Unit:
    uid = f"{board.opponent_letter(alien.owner)}{alien.serial}"
    alien.serial += 1
    t = alien.techs
    level = {"R": t.get("cloaking", 0), "DD": t.get("scanners", 0), "F": t.get("fighters", 0)}.get(kind, 0)
    unit = Unit(
        uid,
        alien.owner,
        kind,
        hid,
        t.get("attack", 0),
        t.get("defense", 0),
        t.get("tactics", 0),
        t.get("move", 1),
        level,
        0,
        False,
        "",
        revealed or kind == "Base",
        "",
    )
    state.units[uid] = unit
    experience.on_new_unit(state, unit)  # §13.13: Green in the games whose aliens use experience
    return unit


def new_machine(state: SEState, solo: SoloState, hid: str, strength: int, source: str) -> Unit:
    uid = f"{DOOMSDAY_LETTER}{solo.serial}"
    solo.serial += 1
    unit = Unit(uid, DOOMSDAY, "DM", hid, 0, 0, 0, 0, strength, 0, False, "", True, "")
    state.units[uid] = unit
    solo.machines[uid] = Machine(strength, "", source, 0)
    return unit


def machine_stats(solo: SoloState, uid: str) -> Any:
    dm = solo_tables().doomsday
    m = solo.machines[uid]
    return dm.marker_machine if m.source == "marker" else dm.strength[m.strength]


def alien_of(solo: SoloState, owner: int) -> Alien | None:
    return next((a for a in solo.aliens if a.owner == owner), None)


def fleet_lead(fleet: AlienFleet) -> str:
    return fleet.counter or (fleet.units[0] if fleet.units else "")


def fleet_of(solo: SoloState, uid: str) -> AlienFleet | None:
    for a in solo.aliens:
        for f in a.fleets:
            if f.counter == uid or uid in f.units:
                return f
    return None
