"""The victory-point Alien Player's expansion fleets against non-player alien planets and the fleets that
stay to guard what they took (docs/games/space_empires.md §13.12.5-13.12.6, alien_vp_npa.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Marker, Unit
from galaxis.games.space_empires.opponents import forces, moves
from galaxis.games.space_empires.opponents.alien_players import solo4_ground
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.alien_players import vp_npa as alien_vp_npa
from galaxis.games.space_empires.opponents.solo_state import Alien, AlienFleet
from galaxis.games.space_empires.state import SEState

from .helpers import add_unit, planted_solo_dice, start, state

PLANET = "3.5"  # a Deep Space hex of the 2-player map


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Planted d10 results for the aliens' rolls (combat.roll_d10), consumed in order, then 1s."""
    yield from planted_solo_dice(monkeypatch, then_ones=True)


def _npa_planet(s: SEState, hid: str, kinds: tuple[str, ...]) -> list[str]:
    s.markers[hid] = Marker("barren", 0, True, "deep")
    uids = []
    for kind in kinds:
        uid = f"n{s.npa_serial}"
        s.npa_serial += 1
        s.units[uid] = Unit(uid, board.NPA, kind, hid, 0, 0, 0, 0, 0, 0, True, "", True, "")
        uids.append(uid)
    return uids


def _alien(m: Match) -> Alien:
    s = state(m)
    assert s.solo is not None
    return s.solo.aliens[0]


def _vp(m: Match) -> int:
    s = state(m)
    assert s.solo is not None and s.solo.coop is not None
    return int(s.solo.coop.vp)


def test_npa_planets_are_expansion_targets() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, a.home)
    a.fleets.append(AlienFleet(counter.uid, [], 30, False, 2, "", 0, "expansion"))
    _npa_planet(s, PLANET, ("NPA-B",))
    assert alien_vp_npa.npa_planets(s) == {PLANET}
    assert moves.targets_of(s, counter.uid) == [PLANET]
    # A destroyer fleet keeps its own target and ignores the planet.
    a.fleets[0].role, a.fleets[0].target = "destroyer", a.home
    assert PLANET not in (moves.targets_of(s, counter.uid) or [])


def test_expansion_fleet_clears_an_npa_planet_guards_it_and_colonises_for_two_points(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    npas = _npa_planet(s, PLANET, ("NPA-D",))
    ships = [forces.alien_unit(s, a, "BB", PLANET, revealed=True).uid for _ in range(3)]
    fleet = AlienFleet("", list(ships), 0, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    events: list[Any] = []
    alien_vp.after_fleet_moves(s, a, fleet, events)  # every die is 1: every shot hits
    assert npas[0] not in s.units and all(u in s.units for u in ships)
    assert (fleet.role, fleet.target) == ("guard", PLANET)
    assert alien_vp.targets(s, fleet, a, ships[0]) == []  # it stays on the planet
    assert alien_vp.may_launch(s, a) or a.fleet_cp < 6  # a guard is no fleet for the limit
    ship = next(f for f in a.fleets if f.role == "colony_ship")
    assert ship.npa and ship.target == PLANET
    assert {e["type"] for e in events} >= {
        "shot",
        "alien_vp_npa_cleared",
        "alien_vp_guards",
        "alien_vp_colony_ship",
    }
    (uid,) = ship.units
    s.units[uid].hex = PLANET
    events = []
    alien_vp.colony_ship_arrives(s, a, ship, events)
    assert s.colonies[PLANET] == Colony(a.owner, 0, False, False)
    # Only the Deep Space planet's +2 (with its card): no "player's colony" points.
    assert _vp(m) == 2 and [e["why"] for e in events if e["type"] == "alien_vp"] == ["deep_space_planet"]


def test_an_expansion_fleet_that_loses_to_the_npas_takes_nothing(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    npas = _npa_planet(s, PLANET, ("NPA-B", "NPA-B", "NPA-C", "NPA-D"))
    scout = forces.alien_unit(s, a, "SC", PLANET, revealed=True).uid
    fleet = AlienFleet("", [scout], 0, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    # Every die is 1: the NPAs (classes B-D) fire before the Scout (class E) and destroy it.
    events: list[Any] = []
    alien_vp.after_fleet_moves(s, a, fleet, events)
    assert scout not in s.units and all(u in s.units for u in npas)
    assert fleet.role == "expansion" and not any(f.role == "colony_ship" for f in a.fleets)
    assert _vp(m) == 0 and PLANET not in s.colonies


def test_a_fleet_counter_on_an_npa_planet_buys_its_ships_first(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    _npa_planet(s, PLANET, ("NPA-D",))
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, PLANET)
    fleet = AlienFleet(counter.uid, [], 40, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    events: list[Any] = []
    alien_vp.after_fleet_moves(s, a, fleet, events)
    assert counter.uid not in s.units and fleet.counter == ""
    assert any(e["type"] == "alien_fleet" for e in events)  # its ships were bought on the planet


def test_an_expansion_fleet_that_captures_a_colony_guards_it() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p", ground_combat=True)
    s = state(m)
    a = _alien(m)
    s.colonies[PLANET] = Colony(a.owner, 1, False, False)  # just captured from seat 1
    u = forces.alien_unit(s, a, "DD", PLANET, revealed=True).uid
    fleet = AlienFleet("", [u], 0, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    events: list[Any] = []
    solo4_ground.alien_captures(s, a.owner, 1, PLANET, 1, events)
    assert (fleet.role, fleet.target) == ("guard", PLANET)
    assert any(e["type"] == "alien_vp_guards" for e in events)


# --- 3 players: an Economic Phase in Deep Space before a Home System (§13.12.5) ---------------------------
def _border(s: SEState, seat: int) -> tuple[str, str]:
    """A Deep Space hex next to a hex of ``seat``'s Home System (not its home world)."""
    hm = data.hex_map(len(s.players))
    home = board.home_world_hex(s, seat)
    for h in sorted(board.board_hexes(len(s.players))):
        if hm.owner_of(parse_hex_id(h)) != seat or h == home or h in s.colonies:
            continue
        for n in board.adjacent(len(s.players), h):
            if hm.owner_of(parse_hex_id(n)) is None:
                return n, h
    raise AssertionError("no border hex")


@pytest.mark.parametrize("role", ["expansion", "raider"])
def test_three_players_fleets_spend_a_phase_in_deep_space_before_a_home_system(role: str) -> None:
    m = start(3, seed=1, scenario="coop_ap_3p")
    s = state(m)
    a = _alien(m)
    outside, inside = _border(s, 0)
    s.colonies[inside] = Colony(0, 1, False, False)
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, outside)
    fleet = AlienFleet(counter.uid, [], 30, role == "raider", 2, inside, 0, role)
    a.fleets.append(fleet)
    hm = data.hex_map(3)
    assert inside in (moves.targets_of(s, counter.uid) or [])
    options = moves.route_options(s, counter.uid)
    assert inside not in options and all(hm.owner_of(parse_hex_id(h)) is None for h in options)
    alien_vp.spends_phase_in_deep_space(s, a)  # the alien's Economic Phase starts with it in Deep Space
    assert fleet.deep_phase and inside in moves.route_options(s, counter.uid)


def test_two_players_fleets_enter_home_systems_at_once() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    outside, inside = _border(s, 0)
    s.colonies[inside] = Colony(0, 1, False, False)
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, outside)
    a.fleets.append(AlienFleet(counter.uid, [], 30, False, 2, "", 0, "expansion"))
    assert moves.targets_of(s, counter.uid) == [inside]
    assert inside in moves.route_options(s, counter.uid)


# --- destroyer fleets avoid battles and other colonies (§13.12.5) -----------------------------------------
def _two_ways(m: Match) -> tuple[str, Any, list[str]]:
    """A destroyer fleet counter two moves from the Capitol with two shortest first steps."""
    s = state(m)
    a = _alien(m)
    assert s.solo is not None and s.solo.coop is not None
    target = s.solo.coop.capitol
    for here in sorted(board.board_hexes(len(s.players))):
        if here in s.colonies or any(v.owner >= 0 for v in board.units_at(s, here)):
            continue
        counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, here)
        fleet = AlienFleet(counter.uid, [], 30, False, 3, target, 0, "destroyer")
        a.fleets.append(fleet)
        dist = moves.distances(s, {target}, counter.uid)
        options = sorted(moves.route_options(s, counter.uid))
        if dist.get(here) == 2 and len(options) >= 2:
            return counter.uid, fleet, options
        a.fleets.remove(fleet)
        del s.units[counter.uid]
    raise AssertionError("no hex with two ways")


def test_destroyer_fleets_avoid_the_players_ships_on_an_equally_short_route() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, _fleet, options = _two_ways(m)
    add_unit(m, 0, "CA", options[0], revealed=True)
    after = moves.route_options(s, uid)
    assert options[0] not in after and after and set(after) <= set(options[1:])


def test_destroyer_fleets_avoid_other_colonies_and_go_straight_on_when_no_detour_fits() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, fleet, options = _two_ways(m)
    s.colonies[options[-1]] = Colony(1, 1, False, False)
    assert options[-1] not in moves.route_options(s, uid)
    # Move 1 in turn 1: 3 moves before the Economic Phase; every way round the blocked steps is longer.
    assert alien_vp.moves_before_econ(s, _alien(m), fleet) == (3, 3)
    for h in options:  # every way is blocked: it still goes straight on
        s.colonies[h] = Colony(1, 1, False, False)
    assert sorted(moves.route_options(s, uid)) == options


def _blocked_two_ways(m: Match, move: int, turn: int) -> tuple[SEState, str, AlienFleet, list[str]]:
    s = state(m)
    uid, fleet, options = _two_ways(m)
    _alien(m).techs["move"] = move
    s.turn = turn
    for h in options:
        s.colonies[h] = Colony(1, 1, False, False)
    for h in [h for h, mk in s.markers.items() if not mk.face_up]:
        del s.markers[h]  # no exploration on the way (§13.12.5)
    return s, uid, fleet, options


def test_destroyer_fleets_detour_when_they_still_arrive_in_the_same_economic_phase() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s, uid, fleet, options = _blocked_two_ways(m, move=3, turn=1)  # moves 1, 2, 2: 5 before the phase
    a = _alien(m)
    assert alien_vp.moves_before_econ(s, a, fleet) == (5, 5)
    dist = moves.distances(s, {fleet.target}, uid)
    first = moves.route_options(s, uid)
    assert first and not set(first) & set(options) and all(dist[h] >= dist[s.units[uid].hex] for h in first)
    # Follow the route turn by turn: it reaches the target this cycle without entering a blocked hex.
    speeds = data.edition_rules(s.edition).movement[2]
    visited = []
    while s.units[uid].hex != fleet.target:
        assert s.turn <= 3, "it arrived too late"
        step = moves.route_options(s, uid)[0]
        moves.move_one_hex(GAME, s, uid, step, [])
        visited.append(step)
        if fleet.moved >= speeds[s.turn - 1]:
            s.turn, fleet.moved = s.turn + 1, 0
    assert not set(visited) & set(options) and len(visited) > 2


def test_destroyer_fleets_keep_straight_when_a_detour_costs_an_economic_phase() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s, uid, fleet, options = _blocked_two_ways(m, move=3, turn=3)  # only 2 moves before the phase
    assert alien_vp.moves_before_econ(s, _alien(m), fleet) == (2, 5)
    nebulae = {h: mk for h, mk in s.markers.items() if mk.kind == "nebula"}
    for h in nebulae:
        del s.markers[h]  # no stops on the way: the straight route arrives this cycle
    assert sorted(moves.route_options(s, uid)) == options
    s.markers.update(
        nebulae
    )  # the Capitol's Nebulae stop it (§13.12.5): next cycle either way, so it detours
    assert not set(moves.route_options(s, uid)) & set(options)


def test_the_longest_route_that_arrives_in_the_same_economic_phase() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    a.techs["move"], s.turn = 3, 3
    fleet = AlienFleet("", [], 0, False, 2, "", 0, "destroyer")
    # 2 moves left in this cycle, 5 in each later one.
    assert [alien_vp.latest_moves(s, a, fleet, d) for d in (1, 2, 3, 7, 8, 12, 13)] == [
        2,
        2,
        7,
        7,
        12,
        12,
        17,
    ]
    fleet.moved = 1  # a move already made this turn
    assert alien_vp.latest_moves(s, a, fleet, 1) == 1


def test_only_destroyer_fleets_use_the_avoidance() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, fleet, options = _two_ways(m)
    add_unit(m, 0, "CA", options[0], revealed=True)
    assert options[0] not in alien_vp.destroyer_avoids(s, uid, set(options))
    fleet.role = "expansion"
    assert alien_vp.destroyer_avoids(s, uid, set(options)) == set(options)


def test_a_guard_fleet_is_shown_in_both_languages() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    u = forces.alien_unit(s, a, "DD", PLANET, revealed=True).uid
    fleet = AlienFleet("", [u], 0, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    alien_vp_npa.guards(s, a, fleet, PLANET, [])
    assert any("guarding fleet" in line for line in alien_vp.text_lines(s, "en"))
    assert any("bolygót védő flotta" in line for line in alien_vp.text_lines(s, "hu"))


# --- the ground invasion of a non-player alien planet (§13.12.6) ------------------------------------------
def _invading_fleet(m: Match, cargo: list[str]) -> tuple[SEState, Alien, AlienFleet, list[str]]:
    """With ground combat: an expansion fleet of 3 Battleships and a Transport carrying ``cargo`` on a
    planet of one non-player alien ship."""
    s = state(m)
    a = _alien(m)
    assert s.ground is not None
    npas = _npa_planet(s, PLANET, ("NPA-D",))
    ships = [forces.alien_unit(s, a, "BB", PLANET, revealed=True).uid for _ in range(3)]
    t = forces.alien_unit(s, a, "T", PLANET, revealed=True).uid
    s.ground.aboard[t] = list(cargo)
    fleet = AlienFleet("", [*ships, t], 0, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    return s, a, fleet, npas


def test_an_expansion_fleet_invades_the_npa_planet_it_cleared_and_captures_it(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p", ground_combat=True)
    s, a, fleet, npas = _invading_fleet(m, ["Marines"] * 6)
    a.techs["ground_combat"] = 3  # drop ships: the Marines (class C) fire first in round 1
    events: list[Any] = []
    alien_vp.after_fleet_moves(s, a, fleet, events)  # every die is 1: every shot hits
    assert npas[0] not in s.units
    assert s.colonies[PLANET] == Colony(a.owner, 3, False, False)  # a conquered NPA planet: 3 CP (§10.1)
    assert s.ground is not None and s.ground.garrisons[PLANET].owner == a.owner
    assert s.ground.garrisons[PLANET].troops == ["Marines"] * 6 and not s.ground.aboard.get(fleet.units[-1])
    assert fleet.role == "guard" and not any(f.role == "colony_ship" for f in a.fleets)
    kinds = [e["type"] for e in events]
    assert {"landing", "ground_round", "ground_shot", "colony_captured"} <= set(kinds)
    assert kinds.count("ground_destroyed") == 5 and "invasion_repelled" not in kinds
    # Scored as colonising a Deep Space planet: +2 and a card, not the +2 of a player's colony.
    assert _vp(m) == 2 and [e["why"] for e in events if e["type"] == "alien_vp"] == ["deep_space_planet"]
    landing = next(e for e in events if e["type"] == "landing")
    assert landing["defenders"] == ["Militia"] * 5 and "alien" in landing["text"]


def test_a_failed_invasion_of_an_npa_planet_sends_the_free_colony_ship(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p", ground_combat=True)
    s, a, fleet, _npas = _invading_fleet(m, ["Infantry"])
    a.techs["ground_combat"] = 1  # no drop ships: the 5 Militia fire first and the Infantry dies
    events: list[Any] = []
    alien_vp.after_fleet_moves(s, a, fleet, events)
    assert PLANET not in s.colonies and any(e["type"] == "invasion_repelled" for e in events)
    ship = next(f for f in a.fleets if f.role == "colony_ship")
    assert ship.npa and ship.target == PLANET and fleet.role == "guard"
    assert _vp(m) == 0


def test_without_ground_units_no_invasion_and_the_colony_ship_comes(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p", ground_combat=True)
    s, a, fleet, _npas = _invading_fleet(m, [])
    events: list[Any] = []
    alien_vp.after_fleet_moves(s, a, fleet, events)
    assert not any(e["type"] == "landing" for e in events) and PLANET not in s.colonies
    assert any(f.role == "colony_ship" for f in a.fleets)


def test_a_fleet_counter_buys_its_free_transport_and_lands_on_the_npa_planet(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p", ground_combat=True)
    s = state(m)
    a = _alien(m)
    _npa_planet(s, PLANET, ("NPA-D",))
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, PLANET)
    fleet = AlienFleet(counter.uid, [], 40, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    events: list[Any] = []
    alien_vp.after_fleet_moves(s, a, fleet, events)
    kinds = [e["type"] for e in events]
    assert kinds.index("alien_transport") < kinds.index("landing")
    assert ("colony_captured" in kinds) != any(f.role == "colony_ship" for f in a.fleets)
