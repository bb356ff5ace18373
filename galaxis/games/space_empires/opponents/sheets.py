"""The automated opponents in the Economic Phase (docs/games/space_empires.md §13.3, §13.5, §13.10): the
Alien Players' economic rolls and sheets, what they buy (technology, the ships of a fleet, home
defences), and the Doomsday Machines entering on their schedule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core import Event
from galaxis.games.space_empires.base import combat, data
from galaxis.games.space_empires.opponents import endgame, forces
from galaxis.games.space_empires.opponents.alien_players import ce_systems as ap_systems
from galaxis.games.space_empires.opponents.alien_players import flowchart_ground as ap_flowchart_ground
from galaxis.games.space_empires.opponents.alien_players import solo4
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.opponents.solo_state import (
    DOOMSDAY_LETTER,
    Alien,
    AlienFleet,
    SoloState,
)
from galaxis.games.space_empires.opponents.tables import solo_tables

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.state import SEState


def can_buy_tech(state: SEState, a: Alien, track: str) -> int:
    """The price of the alien's next level of ``track``, or 0 when it cannot buy it."""
    caps = solo_tables().alien_player.tech_caps
    tech = data.tech_tracks(state.edition).get(track)
    if tech is None:
        return 0
    level = a.techs.get(track, tech.start) + 1
    if level > min(caps.get(track, tech.max_level(state.edition)), tech.max_level(state.edition)):
        return 0
    cost = tech.level_cost(state.edition, level)
    return cost if cost <= a.tech_cp else 0


def buy_tech(state: SEState, a: Alien, track: str, events: list[Event]) -> bool:
    cost = can_buy_tech(state, a, track)
    if not cost:
        return False
    a.techs[track] = a.techs.get(track, 0) + 1
    a.tech_cp -= cost
    a.tech_spent += cost
    events.append({"type": "alien_tech", "alien": a.owner, "tech": track, "level": a.techs[track]})
    return True


def buy_technology(state: SEState, a: Alien, fleet: AlienFleet, events: list[Event]) -> None:
    """Technology bought at a fleet's first combat, in the flowchart's order (§13.6)."""
    ap = solo_tables().alien_player
    if a.tech_cp < ap.tech_min_cp:
        return
    seen = state.solo.seen if state.solo is not None else {}
    if fleet.raider and a.techs.get("cloaking", 0) == 1 and combat.roll_d10(state) <= ap.cloaking2_roll_max:
        buy_tech(state, a, "cloaking", events)
    if seen.get("fighters", 0) and a.techs.get("point_defense", 0) == 0:
        buy_tech(state, a, "point_defense", events)
    if seen.get("mines", 0) and a.techs.get("minesweeping", 0) == 0:
        buy_tech(state, a, "minesweeping", events)
    if (
        seen.get("cloaking", 0) > a.techs.get("scanners", 0)
        and combat.roll_d10(state) <= ap.scanners_roll_max
    ):
        buy_tech(state, a, "scanners", events)
    size = a.techs.get("ship_size", 1)
    if size in ap.ship_size_roll_max and combat.roll_d10(state) <= ap.ship_size_roll_max[size]:
        buy_tech(state, a, "ship_size", events)
    solo4.answers(state, a, events)  # §13.13: Security Forces against Boarding Ships seen
    if a.techs.get("fighters", 0) == 0 and combat.roll_d10(state) <= ap.fighters_roll_max:
        buy_tech(state, a, "fighters", events)
    for _ in range(12):
        if a.tech_cp < ap.tech_min_cp:
            return
        if alien_vp.vp_of(state) is not None:
            track = alien_vp.tech_roll(state, a, events)  # §13.12.4: the two-dice table
            if not track or not buy_tech(state, a, track, events):
                return
            continue
        roll = combat.roll_d10(state)
        track = next(r.tech for r in ap.tech_table if roll in r.rolls)
        if track == "tactics" and min(a.techs.get("attack", 0), a.techs.get("defense", 0)) < ap.tactics_needs:
            track = "attack" if a.techs.get("attack", 0) <= a.techs.get("defense", 0) else "defense"
        if not buy_tech(state, a, track, events):
            return


def warships(state: SEState, a: Alien) -> list[tuple[str, int]]:
    """(kind, cost) of the warships the alien can build, smallest first."""
    units = data.units(state.edition)
    out = []
    for kind in (*solo_tables().alien_player.warships, *solo4.extra_warships(state)):  # §13.13: Titans
        t = units[kind]
        if all(a.techs.get(k, 0) >= v for k, v in t.requires.items()):
            out.append((kind, t.cost))
    return out


def buy_ships(state: SEState, a: Alien, cp: int, hid: str) -> tuple[list[str], int]:
    """Ships bought with ``cp`` at a fleet's first combat (§13.6); returns the new unit ids and the CP
    left over."""
    ap = solo_tables().alien_player
    units = data.units(state.edition)
    bought, cp = ap_systems.boarding_ships(state, a, cp, hid)  # §13.13.3: 2 BD per Boarding level
    seen = state.solo.seen if state.solo is not None else {}
    if a.techs.get("fighters", 0) >= 1 and (
        not seen.get("point_defense") or combat.roll_d10(state) <= ap.carrier_pd_roll_max
    ):
        group = units["CV"].cost + ap.carrier_fighters * units["F"].cost
        while cp >= group:
            cv = forces.alien_unit(state, a, "CV", hid, revealed=True)
            bought.append(cv.uid)
            for _ in range(ap.carrier_fighters):
                f = forces.alien_unit(state, a, "F", hid, revealed=True)
                f.cargo = cv.uid
                bought.append(f.uid)
            cp -= group
    ships = warships(state, a)
    roll = combat.roll_d10(state)
    toggle = True
    while True:
        affordable = [s for s in ships if s[1] <= cp]
        if not affordable:
            break
        if roll <= ap.ship_roll["many"]:
            kind, cost = affordable[0]
        elif roll <= ap.ship_roll["balanced"]:
            kind, cost = affordable[-1] if toggle else affordable[0]
            toggle = not toggle
        else:
            kind, cost = affordable[-1]
        bought.append(forces.alien_unit(state, a, kind, hid, revealed=True).uid)
        cp -= cost
    return bought, cp


def buy_fleet(state: SEState, a: Alien, f: AlienFleet, events: list[Event]) -> None:
    """A fleet counter meets the live player: the alien buys technology, then the fleet's ships."""
    counter = state.units.pop(f.counter)
    ap_flowchart_ground.technology(state, a, counter.hex, events)  # §13.12.4: the CE branches
    buy_technology(state, a, f, events)
    f.units, left = buy_ships(state, a, f.cp, counter.hex)
    solo4.free_transport(state, a, f, counter.hex, events)  # §13.13: a free loaded Transport
    a.fleet_cp += left
    f.cp, f.counter = 0, ""
    events.append({"type": "alien_fleet", "alien": a.owner, "hex": counter.hex, "units": list(f.units)})


def defend_home(state: SEState, a: Alien, events: list[Event]) -> None:
    """An attacked alien home world spends its defence CP (§13.6); in the victory-point scenarios its
    bank too, the bank first, and what is left of the bank goes back to it (§13.12.2)."""
    banked = alien_vp.defense_bank(state, a)
    a.defense_cp += banked
    before = a.defense_cp
    ap_flowchart_ground.ground_units(state, a, events)  # §13.12.4: "Földi egys. vásárlása"
    _spend_defence(state, a, events)
    ap_flowchart_ground.leftovers(state, a, events)  # §13.12.4: the rest on ground units
    from_bank = min(banked, before - a.defense_cp)
    a.defense_spent -= from_bank  # only the defence column's CP count as its spending (§13.7 replay)
    a.defense_cp -= banked - from_bank
    alien_vp.return_bank(state, a, banked - from_bank)


def _spend_defence(state: SEState, a: Alien, events: list[Event]) -> None:
    """1-3 all mines, 4-7 base and mine in turn, 8-10 bases then mines (§13.6)."""
    ap = solo_tables().alien_player
    if a.defense_cp < data.units(state.edition)["Mine"].cost:
        return
    units = data.units(state.edition)
    roll = combat.roll_d10(state)
    order = ["Mine"] if roll <= ap.defense_roll["mines"] else ["Base", "Mine"]
    alternate = ap.defense_roll["mines"] < roll <= ap.defense_roll["alternate"]
    i = 0
    while True:
        kinds = [
            k
            for k in order
            if units[k].cost <= a.defense_cp
            and all(a.techs.get(t, 0) >= v for t, v in units[k].requires.items())
        ]
        if not kinds:
            break
        kind = kinds[i % len(kinds)] if alternate else kinds[0]
        i += 1
        a.defense_cp -= units[kind].cost
        a.defense_spent += units[kind].cost
        forces.alien_unit(state, a, kind, a.home, revealed=kind == "Base")
        events.append({"type": "alien_defence", "alien": a.owner, "unit": kind})


def economic_phase(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    """After the live players' Economic Phase: scheduled machines enter, every alien empire rolls."""
    solo = state.solo
    if solo is None or state.phase == "over":
        return
    phase = state.cycle
    while solo.schedule and solo.schedule[0][0] <= phase:
        _, strength, count = solo.schedule.pop(0)
        for _ in range(count):
            if solo.coop is not None:
                _coop_machine_enters(game, state, solo, strength, events)
                continue
            roll = combat.roll_d10(state)
            hid = solo.entry_hexes[roll - 1]
            unit = forces.new_machine(state, solo, hid, strength, "schedule")
            events.append(
                {"type": "doomsday_enters", "unit": unit.uid, "hex": hid, "roll": roll, "strength": strength}
            )
    if solo.coop is not None:
        coop.economic_phase(state, events)
    for a in solo.aliens:
        if a.alive and solo.alien_vp is not None:
            alien_vp.economy(state, a, phase, events)  # §13.12.2-3: the victory-point sheet
            ap_systems.defend_captured(state, a, events)  # §13.12: as the new-features aliens
        elif a.alive:
            alien_economy(state, a, phase, events)
            solo4.defend_captured(state, a, events)  # §13.13: mines, bases, ground units
    endgame.check_outcome(state, events)
    if state.cycle >= state.cycles and solo.victory != "conquest" and not solo.outcome:
        solo.outcome = "lost"  # the cycle limit came with opponents left (§13.1)
        events.append({"type": "solo_over", "outcome": "lost"})


def alien_rolls(state: SEState, a: Alien, phase: int, cp_per_roll: int) -> dict[str, int]:
    """The economic rolls of one phase (§13.5): returns the CP added per column and the econ results."""
    ap = solo_tables().alien_player
    row = ap.row(phase)
    n = row.rolls + sum(1 for start in a.extra_rolls if start <= phase)
    out = {"econ": 0, "fleet": 0, "tech": 0, "defense": 0}
    for _ in range(n):
        column = row.column(combat.roll_d10(state))
        out[column] += 1
        if column == "econ":
            a.extra_rolls.append(phase + ap.econ_delay)
        elif column == "fleet":
            a.fleet_cp += cp_per_roll
        elif column == "tech":
            a.tech_cp += cp_per_roll
        else:
            a.defense_cp += ap.defense_multiplier * cp_per_roll
    return out


def alien_economy(state: SEState, a: Alien, phase: int, events: list[Event]) -> None:
    solo = state.solo
    assert solo is not None
    alien_rolls(state, a, phase, solo.cp_per_roll)
    ap = solo_tables().alien_player
    if a.fleet_cp < ap.launch_min_cp or len(a.fleets) >= ap.max_fleets:
        return
    roll = combat.roll_d10(state) - launch_penalty(a, solo.seen)
    if not ap.row(phase).launches(max(1, roll)):
        return
    if combat.roll_d10(state) <= ap.move_roll_max:
        buy_tech(state, a, "move", events)
    raider = (
        a.techs.get("cloaking", 0) >= 1
        and a.fleet_cp >= ap.raider_launch_cp
        and solo.seen.get("scanners", 0) < a.techs.get("cloaking", 0)
    )
    fleet = AlienFleet("", [], 0, raider, phase, "", 0)
    if raider:
        cost = data.units(state.edition)["R"].cost
        while a.fleet_cp >= cost:
            fleet.units.append(forces.alien_unit(state, a, "R", a.home).uid)
            a.fleet_cp -= cost
    else:
        counter = forces.alien_unit(state, a, forces.FLEET_COUNTER, a.home)
        fleet.counter, fleet.cp, a.fleet_cp = counter.uid, a.fleet_cp, 0
    a.fleets.append(fleet)
    a.launches.append(phase)
    events.append({"type": "alien_launch", "alien": a.owner, "hex": a.home, "unit": forces.fleet_lead(fleet)})


def launch_penalty(a: Alien, seen: dict[str, int]) -> int:
    """-2 to the launch roll for a fighter fleet the player cannot answer, and for a cloaked one."""
    ap = solo_tables().alien_player
    pen = 0
    if (
        a.techs.get("fighters", 0)
        and a.fleet_cp >= ap.fighter_launch_cp
        and seen.get("point_defense", 0) < a.techs["fighters"]
    ):
        pen += ap.launch_penalty
    if (
        a.techs.get("cloaking", 0)
        and a.fleet_cp >= ap.raider_launch_cp
        and seen.get("scanners", 0) < a.techs["cloaking"]
    ):
        pen += ap.launch_penalty
    return pen


def _coop_machine_enters(
    game: SpaceEmpires, state: SEState, solo: SoloState, strength: int, events: list[Event]
) -> None:
    """A cooperative machine: the type roll, then the entry-side roll (§13.10)."""
    uid = f"{DOOMSDAY_LETTER}{solo.serial}"
    hid = coop.enter(state, uid, events)
    unit = forces.new_machine(state, solo, hid, strength, "schedule")
    events.append({"type": "doomsday_enters", "unit": unit.uid, "hex": hid, "strength": strength})
    coop.entered_hex(game, state, unit.uid, events)
    if unit.uid not in state.units:
        solo.dm_destroyed += 1
        del solo.machines[unit.uid]
        events.append({"type": "doomsday_destroyed", "unit": unit.uid})


def econ_starts(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    """When an Economic Phase starts: the cooperative machines' victory-point threshold (§13.10)."""
    solo = state.solo
    if solo is None or solo.coop is None or solo.outcome:
        return
    if not (
        alien_vp.econ_starts(state, events) if solo.alien_vp is not None else coop.econ_starts(state, events)
    ):
        return
    solo.outcome = "lost"
    events.append({"type": "solo_over", "outcome": "lost"})
    state.phase = "over"
    state.pending = []
    state.battle = None
