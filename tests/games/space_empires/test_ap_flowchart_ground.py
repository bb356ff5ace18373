"""The victory-point Alien Players' flowchart branches for ground units, Ground Combat, Security Forces and
the Military Academy (docs §13.12.4, ``ap_flowchart_ground.py``), with planted dice and state."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.opponents import forces, moves, sheets
from galaxis.games.space_empires.opponents.alien_players import flowchart_ground as ap_flowchart_ground
from galaxis.games.space_empires.opponents.solo_state import Alien, AlienFleet

from .helpers import add_unit, hw, planted_combat_dice, start, state

VP = "solo_ap_vp"
# The systems are switched on and off one by one here; the scenario's own rules (experience and ground
# troops in play, docs §12.4) would fix them, so these games use the lenient reading (option scenario_rules).
LENIENT = "lenient"
SKILLED, VETERAN = 1, 2


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    yield from planted_combat_dice(monkeypatch)


def _alien(m: Match) -> Alien:
    s = state(m)
    assert s.solo is not None
    return s.solo.aliens[0]


def _seen(m: Match) -> dict[str, int]:
    s = state(m)
    assert s.solo is not None
    return s.solo.seen


# --- Security Forces against Boarding Ships seen ----------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "seen", "level"),
    [
        ({"boarding": True, "edition": "ce"}, 1, 1),
        ({"boarding": True, "edition": "ce"}, 0, 0),  # no Boarding Ships seen
        ({"edition": "ce"}, 1, 0),  # boarding is not in play
    ],
)
def test_security_forces_answer_boarding_ships_seen(options: dict[str, Any], seen: int, level: int) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, **options)
    s = state(m)
    a = _alien(m)
    a.tech_cp = 60
    if seen:
        _seen(m)["boarding"] = seen
    events: list[Any] = []
    ap_flowchart_ground.technology(s, a, "7.3", events)
    assert a.techs.get("security_forces", 0) == level
    ap_flowchart_ground.technology(s, a, "7.3", events)  # "1-es": never a second level from this branch
    assert a.techs.get("security_forces", 0) == level
    assert a.tech_cp == 60 - 15 * level


def test_boarding_ships_met_are_seen() -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, boarding=True, edition="ce")
    s = state(m)
    bd = add_unit(m, 0, "BD", "7.3", revealed=True)
    bd.level = 1
    moves.note_seen(s, "7.3")
    assert _seen(m)["boarding"] == 1


# --- the Military Academy after Veteran ships seen -------------------------------------------------------
def test_veteran_ships_met_are_seen_only_with_experience() -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, experience=True)
    s = state(m)
    ship = add_unit(m, 0, "CA", "7.3", revealed=True)
    ship.xp = VETERAN
    moves.note_seen(s, "7.3")
    assert _seen(m)["experience"] == VETERAN
    plain = start(1, seed=2, scenario=VP, scenario_rules=LENIENT)
    add_unit(plain, 0, "CA", "7.3", revealed=True).xp = VETERAN
    moves.note_seen(state(plain), "7.3")
    assert "experience" not in _seen(plain)


@pytest.mark.parametrize(("seen", "roll", "level"), [(VETERAN, 6, 1), (VETERAN, 7, 0), (4, 1, 1)])
def test_military_academy_roll_after_veteran_ships_seen(
    dice: list[int], seen: int, roll: int, level: int
) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, experience=True)
    a = _alien(m)
    a.tech_cp = 60
    _seen(m)["experience"] = seen
    dice.append(roll)
    events: list[Any] = []
    ap_flowchart_ground.technology(state(m), a, "7.3", events)
    assert a.techs.get("military_academy", 0) == level
    assert any(e["type"] == "ap_branch_roll" and e["roll"] == roll for e in events)


def test_no_academy_roll_after_skilled_ships_or_without_experience() -> None:
    for options, seen in (({"experience": True}, SKILLED), ({}, VETERAN)):
        m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, **options)
        a = _alien(m)
        a.tech_cp = 60
        _seen(m)["experience"] = seen
        events: list[Any] = []
        ap_flowchart_ground.technology(state(m), a, "7.3", events)  # no die is rolled (none planted)
        assert events == [] and a.techs.get("military_academy", 0) == 0


# --- the Ground Combat branch: a combat over a live player's planet --------------------------------------
@pytest.mark.parametrize(("roll", "level"), [(4, 2), (5, 1)])
def test_ground_combat_roll_at_a_combat_over_a_planet(dice: list[int], roll: int, level: int) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    a = _alien(m)
    a.tech_cp = 60
    dice.append(roll)
    ap_flowchart_ground.technology(state(m), a, hw(m, 0), [])
    assert a.techs.get("ground_combat", 1) == level


def test_no_ground_combat_roll_away_from_planets_or_without_the_option() -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    a = _alien(m)
    a.tech_cp = 60
    ap_flowchart_ground.technology(state(m), a, "7.3", [])  # deep space: no die (none planted)
    plain = start(1, seed=2, scenario=VP, scenario_rules=LENIENT)
    b = _alien(plain)
    b.tech_cp = 60
    ap_flowchart_ground.technology(state(plain), b, hw(plain, 0), [])
    assert a.techs.get("ground_combat", 1) == 1 and b.techs.get("ground_combat", 1) == 1


def test_a_fleet_buying_its_ships_over_a_colony_rolls_for_ground_combat(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    s = state(m)
    a = _alien(m)
    a.tech_cp = 60
    counter = forces.alien_unit(s, a, "APF", hw(m, 0))
    fleet = AlienFleet(counter.uid, [], 0, False, 2, hw(m, 0), 0, role="destroyer")
    a.fleets.append(fleet)
    dice.append(1)  # the Ground Combat roll; the rest of §13.6's purchase uses real dice
    events: list[Any] = []
    sheets.buy_fleet(s, a, fleet, events)
    assert a.techs["ground_combat"] >= 2
    assert next(e for e in events if e["type"] == "ap_branch_roll")["tech"] == "ground_combat"


# --- "Földi egys. vásárlása": the home world's ground units from the Defence column ----------------------
def _home_troops(m: Match, a: Alien) -> list[str]:
    g = state(m).ground
    assert g is not None
    return list(g.garrisons[a.home].troops) if a.home in g.garrisons else []


def test_ground_combat_3_buys_two_grav_then_heavy_infantry_by_the_roll(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    a = _alien(m)
    a.techs["ground_combat"] = 3
    a.defense_cp = 40
    dice.append(3)
    ap_flowchart_ground.ground_units(state(m), a, [])
    assert _home_troops(m, a) == ["GravArmor", "GravArmor", "HeavyInfantry", "HeavyInfantry", "HeavyInfantry"]
    assert a.defense_cp == 40 - 2 * 4 - 3 * 3
    assert GAME.invariants(state(m)) == []


def test_ground_combat_2_buys_heavy_infantry_as_the_cp_allow(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    a = _alien(m)
    a.techs["ground_combat"] = 2
    a.defense_cp = 26
    dice.append(10)
    ap_flowchart_ground.ground_units(state(m), a, [])
    assert _home_troops(m, a) == ["HeavyInfantry"] * 8 and a.defense_cp == 2


@pytest.mark.parametrize(("level", "cp"), [(1, 40), (2, 25)])
def test_no_ground_units_below_level_2_or_25_cp(level: int, cp: int) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    a = _alien(m)
    a.techs["ground_combat"] = level
    a.defense_cp = cp
    ap_flowchart_ground.ground_units(state(m), a, [])  # no die rolled (none planted)
    assert _home_troops(m, a) == [] and a.defense_cp == cp


@pytest.mark.parametrize(("level", "kind", "count"), [(1, "Infantry", 2), (2, "HeavyInfantry", 1)])
def test_leftovers_go_to_infantry_or_heavy_infantry(level: int, kind: str, count: int) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    a = _alien(m)
    a.techs["ground_combat"] = level
    a.defense_cp = 4
    ap_flowchart_ground.leftovers(state(m), a, [])
    assert _home_troops(m, a) == [kind] * count


def test_home_world_defence_buys_ground_units_mines_and_the_rest(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    s = state(m)
    a = _alien(m)
    vps = s.solo.alien_vp if s.solo is not None else None
    assert vps is not None
    vps.banks[0] = 0
    a.techs["ground_combat"] = 2
    a.defense_cp = 30
    dice.extend([2, 1])  # 2 Heavy Infantry (6 CP), then §13.6's 1-3: all Mines (4 x 5 CP), 4 CP left
    events: list[Any] = []
    sheets.defend_home(s, a, events)
    assert _home_troops(m, a) == ["HeavyInfantry"] * 3  # 2 by the roll, 1 from the leftovers
    assert [e["unit"] for e in events if e["type"] == "alien_defence"] == ["Mine"] * 4
    assert a.defense_cp == 30 - 6 - 20 - 3


def test_without_ground_combat_the_defence_is_unchanged(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT)
    s = state(m)
    a = _alien(m)
    vps = s.solo.alien_vp if s.solo is not None else None
    assert vps is not None
    vps.banks[0] = 0
    a.defense_cp = 28
    dice.append(1)
    sheets.defend_home(s, a, [])
    assert s.ground is None and a.defense_cp == 3  # 5 Mines; the rest stays (no ground units)


# --- the expansion fleet's free Transport: the flowchart's mix by Ground Combat level -------------------
@pytest.mark.parametrize(
    ("level", "load"),
    [
        (1, ["Infantry"] * 6),
        (2, ["Marines"] * 5 + ["HeavyInfantry"]),
        (3, ["Marines"] * 4 + ["HeavyInfantry", "GravArmor"]),
    ],
)
def test_expansion_fleets_transport_carries_the_flowcharts_mix(level: int, load: list[str]) -> None:
    from galaxis.games.space_empires.opponents.alien_players import solo4

    m = start(1, seed=2, scenario=VP, scenario_rules=LENIENT, ground_combat=True)
    s = state(m)
    a = _alien(m)
    a.techs["ground_combat"] = level
    fleet = AlienFleet("", [], 0, False, 2, "", 0, role="expansion")
    events: list[Any] = []
    solo4.free_transport(s, a, fleet, "7.3", events)
    assert s.ground is not None and s.ground.aboard[fleet.units[0]] == load
    assert events[-1]["type"] == "alien_transport"
    assert ("HeavyInfantry" in events[-1]["text"]) is (level > 1)


def test_new_features_aliens_keep_their_uniform_load() -> None:
    from galaxis.games.space_empires.opponents.alien_players import solo4

    m = start(1, seed=2, scenario="solo_ap_new_features")
    s = state(m)
    a = _alien(m)
    a.techs["ground_combat"] = 2
    fleet = AlienFleet("", [], 0, False, 2, "", 0)
    solo4.free_transport(s, a, fleet, "7.3", [])
    assert s.ground is not None and s.ground.aboard[fleet.units[0]] == ["Marines"] * 6


# --- the three victory-point scenarios with every Close Encounters system play to the end ----------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(("scenario", "players"), [("coop_ap_2p", 2), ("coop_ap_3p", 3), ("solo_ap_vp", 1)])
def test_vp_scenarios_with_ground_boarding_experience_play_to_the_end(
    scenario: str, players: int, agent: str
) -> None:
    import galaxis

    from .helpers import bots_play_to_the_end

    options = {"scenario": scenario, "ground_combat": True, "boarding": True, "experience": True}
    m = galaxis.new_match("space_empires", players=players, seed=11, options=options)
    bots_play_to_the_end(m, agent)
    assert m.result is not None and m.result.details["outcome"] in ("won", "lost")
    assert GAME.invariants(state(m)) == []
