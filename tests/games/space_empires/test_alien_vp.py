"""The Alien Player victory-point scenarios coop_ap_2p, coop_ap_3p and solo_ap_vp
(docs/games/space_empires.md §13.12): the seed's economic sheet row by row, the difficulty tables, the
two-dice technology table cell by cell, the economic rolls, the launch flowchart, technology and ship
purchases with planted dice, destroyer and expansion targets, the victory-point events, a won and a lost
cooperative game and full games played by random and heuristic bots."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import galaxis
from galaxis.core import BadOption, Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base.state import Colony, Marker
from galaxis.games.space_empires.opponents import endgame, forces, moves, sheets, solo
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.solo_state import CAPITOL, Alien, AlienFleet
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import alien_tech

from .helpers import add_unit, bots_play_to_the_end, hw, planted_solo_dice, start, state, touch


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Planted d10 results for the aliens' rolls (combat.roll_d10), consumed in order."""
    yield from planted_solo_dice(monkeypatch)


def _aliens(m: Match) -> list[Alien]:
    s = state(m)
    assert s.solo is not None
    return s.solo.aliens


def _coop(m: Match) -> Any:
    s = state(m)
    assert s.solo is not None and s.solo.coop is not None
    return s.solo.coop


def _vps(m: Match) -> Any:
    s = state(m)
    assert s.solo is not None and s.solo.alien_vp is not None
    return s.solo.alien_vp


# --- the seed's tables ----------------------------------------------------------------------------------
# "Idegenek Gazdasági Lapja – Győzelmi Pontos forgatókönyvekhez": phase: rolls, launch, fleet, tech,
# defence (None: the column is empty in that row).
SEED_SHEET: dict[int, tuple[int, Any, Any, Any, Any]] = {
    1: (2, None, (1, 1), (2, 10), None),
    2: (2, (1, 10), (1, 3), (4, 10), None),
    3: (2, (1, 10), (1, 3), (4, 8), (9, 10)),
    4: (2, (1, 5), (1, 4), (5, 8), (9, 10)),
    5: (2, (1, 10), (1, 6), (7, 9), (10, 10)),
    6: (3, (1, 4), (1, 4), (5, 9), (10, 10)),
    7: (3, (1, 10), (1, 5), (6, 9), (10, 10)),
    8: (3, (1, 4), (1, 5), (6, 9), (10, 10)),
    9: (3, (1, 5), (1, 5), (6, 9), (10, 10)),
    10: (4, (1, 6), (1, 7), (8, 9), (10, 10)),
    11: (4, (1, 4), (1, 7), (8, 9), (10, 10)),
    12: (4, (1, 6), (1, 7), (8, 9), (10, 10)),
    13: (4, (1, 3), (1, 6), (7, 10), None),
    14: (4, (1, 10), (1, 6), (7, 10), None),
    15: (5, (1, 3), (1, 7), (8, 10), None),
    16: (5, (1, 10), (1, 7), (8, 10), None),
    17: (5, (1, 3), (1, 8), (9, 10), None),
    18: (5, (1, 10), (1, 8), (9, 10), None),
    19: (5, (1, 3), (1, 9), (10, 10), None),
    20: (5, (1, 10), (1, 9), (10, 10), None),
}
# The three "AP nehézsége" tables and the victory points the aliens need ("Győzelmi feltételek").
SEED_MODES = {
    "solo": (
        2,
        {"easy": 5, "normal": 10, "hard": 15},
        {"easy": 0, "normal": 100, "hard": 100},
        50,
        {"easy": 13, "normal": 11, "hard": 8},
    ),
    "coop_2p": (
        2,
        {"easy": 5, "normal": 10, "hard": 15},
        {"easy": 150, "normal": 150, "hard": 150},
        75,
        {"easy": 12, "normal": 10, "hard": 8},
    ),
    "coop_3p": (
        2,
        {"easy": 10, "normal": 15, "hard": 20},
        {"easy": 200, "normal": 200, "hard": 200},
        125,
        {"easy": 10, "normal": 8, "hard": 6},
    ),
}


@pytest.mark.parametrize("phase", range(1, 21))
def test_sheet_rows(phase: int) -> None:
    row = alien_vp.tables().row(phase)
    rolls, launch, fleet, tech, defense = SEED_SHEET[phase]
    assert row.rolls == rolls
    assert row.launch == (launch or ())
    assert (row.fleet, row.tech, row.defense) == (fleet, tech, defense or ())
    for roll in range(1, 11):
        expected = next(
            name
            for name, rng in (("fleet", fleet), ("tech", tech), ("defense", defense))
            if rng and rng[0] <= roll <= rng[1]
        )
        assert row.column(roll) == expected
        assert row.launches(roll) == bool(launch and launch[0] <= roll <= launch[1])


def test_after_phase_20_rows_19_and_20_alternate() -> None:
    t = alien_vp.tables()
    assert t.row(21) == t.row(19) and t.row(22) == t.row(20) and t.row(23) == t.row(19)


@pytest.mark.parametrize("mode", ["solo", "coop_2p", "coop_3p"])
def test_difficulty_tables(mode: str) -> None:
    row = alien_vp.tables().modes[mode]  # type: ignore[index]
    assert (row.empires, row.cp_per_roll, row.bank, row.max_defense, row.vp_to_win) == SEED_MODES[mode]


# The two-dice technology table: the second die picks the row; a row of several entries is split over the
# first die (the borders are designed, §13.12.4).
def _expected_tech(first: int, second: int) -> str:
    if second <= 2:
        return "attack"
    if second <= 4:
        return "defense"
    if second == 5:
        return "fighters" if first <= 4 else "scanners" if first <= 7 else "minesweeping"
    if second == 6:
        return "tactics" if first <= 5 else "security_forces"
    if second == 7:
        return "tactics"
    if second == 8:
        return "military_academy" if first <= 4 else "point_defense" if first <= 7 else "cloaking"
    if second == 9:
        return "boarding" if first <= 5 else "ship_size"
    return "ship_size"


@pytest.mark.parametrize("second", range(1, 11))
def test_two_dice_technology_table(second: int) -> None:
    for first in range(1, 11):
        assert alien_vp.tables().tech(first, second) == _expected_tech(first, second), (first, second)


# --- set-up ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("scenario", "players", "mode"),
    [("coop_ap_2p", 2, "coop_2p"), ("coop_ap_3p", 3, "coop_3p"), ("solo_ap_vp", 1, "solo")],
)
def test_setup(scenario: str, players: int, mode: str) -> None:
    m = start(players, seed=3, scenario=scenario, difficulty="hard")
    s = state(m)
    c = _coop(m)
    empires, cp, bank, max_def, vp = SEED_MODES[mode]
    assert s.solo is not None and s.solo.cp_per_roll == cp["hard"] and c.vp_needed == vp["hard"]
    assert _vps(m).banks == [bank["hard"]] * empires and _vps(m).max_defense == max_def
    assert len(_aliens(m)) == empires
    for a in _aliens(m):
        assert s.colonies[a.home] == Colony(a.owner, 20, True, False)
        assert (a.techs["mines"], a.techs["terraforming"], a.techs["exploration"]) == (1, 1, 1)
    assert s.colonies[c.capitol] == Colony(CAPITOL, 5, False, False)
    gc = s.markers[c.capitol]
    assert (gc.kind, gc.value, gc.face_up) == ("minerals", 10, True)
    for seat in range(players):
        assert s.colonies[hw(m, seat)].value == 30
        assert s.players[seat].techs["terraforming"] == 1 and s.players[seat].techs["exploration"] == 1
    assert (
        sum(1 for mk in s.markers.values() if mk.kind == "nebula" and mk.face_up and mk.pool == "deep") >= 6
    )


def test_other_difficulties_and_player_counts_are_refused() -> None:
    with pytest.raises(BadOption, match="easy, normal, hard"):
        start(2, seed=1, scenario="coop_ap_2p", difficulty="good_luck")
    with pytest.raises(BadOption, match="coop_ap_3p is for 3 player"):
        start(2, seed=1, scenario="coop_ap_3p")


# --- the economic rolls ---------------------------------------------------------------------------------
def test_economic_rolls_fill_the_columns(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p", difficulty="normal")
    a = _aliens(m)[0]
    dice.extend([3, 9])  # phase 3: 1-3 fleet, 9-10 defence
    out = alien_vp.economic_rolls(state(m), a, 3)
    assert out == {"fleet": 1, "tech": 0, "defense": 1}
    assert (a.fleet_cp, a.tech_cp, a.defense_cp) == (10, 0, 20)


def test_a_colony_adds_a_roll_and_defence_stops_at_its_cap(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p", difficulty="hard")
    s = state(m)
    a = _aliens(m)[0]
    s.colonies["0.7"] = Colony(a.owner, 3, False, False)
    a.defense_cp = 70
    # Phase 5 (2 rolls + 1 colony): defence to the cap (75), then a defence result at the cap is rolled
    # again (10 -> 7: technology), then a fleet result.
    dice.extend([10, 10, 7, 1])
    out = alien_vp.economic_rolls(s, a, 5)
    assert out == {"fleet": 1, "tech": 1, "defense": 1}
    assert (a.fleet_cp, a.tech_cp, a.defense_cp) == (15, 15, 75)


# --- the launch flowchart -------------------------------------------------------------------------------
def test_no_launch_outside_the_rows_range(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    a = _aliens(m)[0]
    a.fleet_cp = 30
    events: list[Any] = []
    dice.append(6)  # phase 4 launches on 1-5
    alien_vp.launch(state(m), a, 4, events)
    assert a.fleets == [] and any(e["type"] == "alien_vp_no_launch" for e in events)


def test_destroyer_fleet_of_an_odd_phase_heads_for_the_capitol(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    a = _aliens(m)[0]
    a.fleet_cp = 30
    events: list[Any] = []
    dice.extend([1, 9, 8])  # launch; no Move (9 > 4); fleet type 8: destroyer
    alien_vp.launch(state(m), a, 3, events)
    (f,) = a.fleets
    assert (f.role, f.target, f.cp, f.bank) == ("destroyer", _coop(m).capitol, 30, 0)
    assert _vps(m).banks[0] == 150 and a.fleet_cp == 0
    assert any(e["type"] == "alien_vp_fleet" and "destroyer" in e["text"] for e in events)
    assert moves.targets_of(state(m), f.counter) == [_coop(m).capitol]


def test_destroyer_fleet_of_an_even_phase_heads_for_the_nearest_home_world(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    a = _aliens(m)[0]
    a.fleet_cp = 30
    dice.extend([1, 9, 4])  # phase 10: 4 + 4 = 8, a destroyer
    alien_vp.launch(state(m), a, 10, [])
    (f,) = a.fleets
    homes = [hw(m, 0), hw(m, 1)]
    from galaxis.games.space_empires.base.hexes import distance, parse_hex_id

    nearest = min(homes, key=lambda h: (distance(parse_hex_id(a.home), parse_hex_id(h)), homes.index(h)))
    assert (f.role, f.target) == ("destroyer", nearest)


def test_expansion_fleet_takes_fifty_from_the_bank_and_buys_move(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    a = _aliens(m)[0]
    a.fleet_cp, a.tech_cp = 20, 20
    dice.extend([2, 3, 5])  # launch; Move roll 3 buys Move 2; phase 7: 5 + 2 = 7, an expansion fleet
    alien_vp.launch(state(m), a, 7, [])
    (f,) = a.fleets
    assert (f.role, f.cp, f.bank) == ("expansion", 70, 50)
    assert _vps(m).banks[0] == 100 and a.techs["move"] == 2 and a.tech_cp == 0


def test_a_fleet_of_bank_cp_only_is_an_expansion_fleet(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    a = _aliens(m)[0]
    a.fleet_cp = 5  # below the 6 CP a launch needs from the fleet column
    dice.extend([1, 9])  # launch, no Move; no fleet-type roll
    alien_vp.launch(state(m), a, 2, [])
    (f,) = a.fleets
    assert (f.role, f.cp, f.bank) == ("expansion", 55, 50)
    assert not dice  # no type roll was made


def test_no_launch_without_fleet_cp_or_bank(dice: list[int]) -> None:
    m = start(1, seed=1, scenario="solo_ap_vp", difficulty="easy")  # the easy bank is 0
    a = _aliens(m)[0]
    a.fleet_cp = 5
    dice.append(1)
    alien_vp.launch(state(m), a, 2, [])
    assert a.fleets == [] and dice == [1]


def test_solo_destroyer_target_is_a_coin_toss(dice: list[int]) -> None:
    m = start(1, seed=1, scenario="solo_ap_vp")
    a = _aliens(m)[0]
    dice.append(3)
    assert alien_vp.destroyer_target(state(m), a, 3) == hw(m, 0)
    dice.append(6)
    assert alien_vp.destroyer_target(state(m), a, 4) == _coop(m).capitol


def test_three_player_destroyers_go_for_the_least_colony_value() -> None:
    m = start(3, seed=1, scenario="coop_ap_3p")
    s = state(m)
    s.colonies[hw(m, 0)].value = 10
    s.colonies[hw(m, 2)].value = 12
    assert alien_vp.destroyer_target(s, _aliens(m)[0], 4) == hw(m, 0)


def test_expansion_fleets_head_for_colonies_not_home_worlds() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _aliens(m)[0]
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, a.home)
    fleet = AlienFleet(counter.uid, [], 30, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    s.colonies["3.5"] = Colony(1, 1, False, False)
    s.colonies["8.8"] = Colony(0, 1, False, False)
    assert moves.targets_of(s, counter.uid) == ["3.5"]
    del s.colonies["3.5"], s.colonies["8.8"]
    # No colony left besides home worlds: the base rules' nearest least defended colony.
    assert set(moves.targets_of(s, counter.uid)) <= {hw(m, 0), hw(m, 1)}


# --- technology and ship purchases ------------------------------------------------------------------------
def test_tech_roll_uses_two_dice_and_rerolls_pending_and_early_tactics(dice: list[int]) -> None:
    # Without ship experience (scenario_rules=lenient; the scenario's rules put it in play, §12.4) the
    # Military Academy is a pending technology.
    m = start(2, seed=1, scenario="coop_ap_2p", scenario_rules="lenient")
    a = _aliens(m)[0]
    events: list[Any] = []
    # (1, 8) the Military Academy: pending, rolled again; (3, 7) Tactics before Attack 2 and Defence 2:
    # rolled again; (6, 5) Scanners.
    dice.extend([1, 8, 3, 7, 6, 5])
    assert alien_vp.tech_roll(state(m), a, events) == "scanners"
    assert [e["tech"] for e in events if e["type"] == "alien_vp_tech_roll"] == ["scanners"]


def test_first_combat_buys_technology_from_the_two_dice_table_then_ships(dice: list[int]) -> None:
    # Without ground combat (scenario_rules=lenient): no free Transport with the fleet.
    m = start(2, seed=1, scenario="coop_ap_2p", scenario_rules="lenient")
    s = state(m)
    a = _aliens(m)[0]
    a.tech_cp = 50
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, "5.5")
    fleet = AlienFleet(counter.uid, [], 30, False, 2, "", 0, "expansion")
    a.fleets.append(fleet)
    events: list[Any] = []
    # Flowchart order: Ship Size 1 -> 2 on 1-10 (roll 8: 10 CP), Fighters on 1-6 (roll 9: no); then the
    # two-dice table: (1, 1) Attack 1 for 20 CP, (2, 3) Defence 1 for 20 CP; 0 CP left ends it. Ships:
    # roll 10, the largest it can build (Destroyers, 9 CP): 30 CP -> 3 DD, 3 CP back to the fleet column.
    dice.extend([8, 9, 1, 1, 2, 3, 10])
    sheets.buy_fleet(s, a, fleet, events)
    assert (a.techs["ship_size"], a.techs["attack"], a.techs["defense"], a.tech_cp) == (2, 1, 1, 0)
    assert [s.units[u].kind for u in fleet.units] == ["DD", "DD", "DD"]
    assert a.fleet_cp == 3 and fleet.counter == "" and not dice


# --- victory points ---------------------------------------------------------------------------------------
def test_minerals_score_one_point_each_up_to_two_per_alien() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _aliens(m)[0]
    events: list[Any] = []
    for i, hid in enumerate(["4.4", "4.3", "4.2"]):
        s.markers[hid] = Marker("minerals", 5, True, "deep")
        u = forces.alien_unit(s, a, "DD", hid, revealed=True)
        fleet = AlienFleet("", [u.uid], 0, False, 2, "", 0, "expansion")
        alien_vp.after_fleet_moves(s, a, fleet, events)
        assert hid not in s.markers, i
    assert [e["points"] for e in events if e["type"] == "alien_vp"] == [1, 1]
    assert _coop(m).vp == 2 and _vps(m).minerals == [2, 0]
    assert any(e["type"] == "alien_vp_removes" for e in events)


def test_raiders_collect_no_minerals() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _aliens(m)[0]
    s.markers["4.4"] = Marker("minerals", 5, True, "deep")
    u = forces.alien_unit(s, a, "R", "4.4")
    alien_vp.after_fleet_moves(s, a, AlienFleet("", [u.uid], 0, True, 2, "", 0, "raider"), [])
    assert "4.4" in s.markers and _coop(m).vp == 0


def test_a_deep_space_colony_costs_the_aliens_two_points() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    events: list[Any] = []
    solo.colonised(state(m), "5.5", events)
    assert _coop(m).vp == -2
    assert [e["type"] for e in events] == ["alien_vp"] and "-2 victory points" in events[0]["text"]
    solo.colonised(state(m), hw(m, 0), events)  # in a home system: nothing
    assert _coop(m).vp == -2


def test_capitol_is_bombarded_by_alien_fleets() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    c = _coop(m)
    assert alien_vp.attacks_capitol(s, s.colonies[c.capitol])
    assert not alien_vp.attacks_capitol(s, s.colonies[_aliens(m)[0].home])


def _expansion_destroys_colony(m: Match, hid: str) -> tuple[Alien, list[Any]]:
    s = state(m)
    a = _aliens(m)[0]
    s.colonies[hid] = Colony(1, 1, False, False)
    u = forces.alien_unit(s, a, "DD", hid, revealed=True)
    a.fleets.append(AlienFleet("", [u.uid], 0, False, 2, "", 0, "expansion"))
    events: list[Any] = []
    solo._destroy_colony(GAME, s, hid, events, by=u.uid)
    return a, events


def test_destroying_a_colony_sends_a_free_colony_ship_that_colonises_for_two_points() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a, events = _expansion_destroys_colony(m, "3.5")
    ship = next(f for f in a.fleets if f.role == "colony_ship")
    (uid,) = ship.units
    assert s.units[uid].kind == "CO" and s.units[uid].hex == a.home and ship.target == "3.5"
    assert any(e["type"] == "alien_vp_colony_ship" for e in events)
    assert moves.targets_of(s, uid) == ["3.5"]
    assert len(a.fleets) == 2 and alien_vp.may_launch(s, a)  # a Colony Ship is no fleet for the limit
    s.units[uid].hex = "3.5"
    events = []
    alien_vp.colony_ship_arrives(s, a, ship, events)
    assert s.colonies["3.5"] == Colony(a.owner, 0, False, False) and uid not in s.units
    # 3.5 is in Deep Space: +2 for the player's colony, +2 for the Deep Space planet and its card.
    assert _coop(m).vp == 4 and [e["why"] for e in events if e["type"] == "alien_vp"] == [
        "colonises_player_colony",
        "deep_space_planet",
    ]
    at = s.alien_tech
    assert at is not None and len(at.aliens[0]) == 1 and len(at.deck) == 29
    assert alien_vp.colonies(s, a) == 0  # a new colony produces nothing until it grows
    s.colonies["3.5"].value = 1
    assert alien_vp.colonies(s, a) == 1
    alien_vp.alien_colony_lost(s, s.colonies.pop("3.5"), "3.5", events)
    assert _coop(m).vp == 2 and at.aliens[0] == [] and len(at.deck) == 30  # bombarded away: discarded


def test_a_colony_ship_finding_its_planet_taken_is_destroyed() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a, _ = _expansion_destroys_colony(m, "3.5")
    ship = next(f for f in a.fleets if f.role == "colony_ship")
    (uid,) = ship.units
    s.colonies["3.5"] = Colony(0, 0, False, False)  # a player colonised it again meanwhile
    s.units[uid].hex = "3.5"
    events: list[Any] = []
    alien_vp.colony_ship_arrives(s, a, ship, events)
    assert uid not in s.units and s.colonies["3.5"].owner == 0 and _coop(m).vp == 0
    assert [e["type"] for e in events] == ["alien_vp_colony_ship_lost"]


def test_raiders_get_no_colony_ship() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _aliens(m)[0]
    s.colonies["3.5"] = Colony(1, 1, False, False)
    u = forces.alien_unit(s, a, "R", "3.5", revealed=True)
    a.fleets.append(AlienFleet("", [u.uid], 0, True, 2, "", 0, "raider"))
    solo._destroy_colony(GAME, s, "3.5", [], by=u.uid)
    assert not any(f.role == "colony_ship" for f in a.fleets)


def _play_to_econ_or_over(m: Match) -> None:
    s = state(m)
    while s.phase not in ("econ", "over"):
        seat = m.to_move[0]
        acts = [str(a) for a in m.legal_actions(seat)]
        m.apply(seat, "end" if "end" in acts else acts[0])


@pytest.mark.parametrize(
    ("scenario", "players", "difficulty", "needed"),
    [("coop_ap_2p", 2, "normal", 10), ("coop_ap_3p", 3, "hard", 6), ("solo_ap_vp", 1, "easy", 13)],
)
def test_lost_when_the_aliens_reach_their_points_at_an_economic_phase(
    scenario: str, players: int, difficulty: str, needed: int
) -> None:
    m = start(players, seed=2, scenario=scenario, difficulty=difficulty)
    _coop(m).vp = needed - 1
    _play_to_econ_or_over(m)
    assert state(m).phase == "econ"  # one short: the game goes on
    m2 = start(players, seed=2, scenario=scenario, difficulty=difficulty)
    _coop(m2).vp = needed
    _play_to_econ_or_over(m2)
    assert state(m2).phase == "over" and m2.result.details["outcome"] == "lost"


def test_a_cooperative_alien_game_is_lost_with_the_capitol() -> None:
    m = start(2, seed=2, scenario="coop_ap_2p")
    s = state(m)
    a = _aliens(m)[0]
    gc = _coop(m).capitol
    s.colonies[gc].value = 1
    u = forces.alien_unit(s, a, "DN", gc, revealed=True)
    a.fleets.append(AlienFleet("", [u.uid], 0, False, 1, gc, 0, "destroyer"))
    for _ in range(40):
        if s.phase == "over":
            break
        solo.after_turn(GAME, s, [])
    assert gc not in s.colonies and m.result.details["outcome"] == "lost"


def test_a_cooperative_alien_game_is_won_together() -> None:
    """Both alien home worlds are destroyed (the second by the players' bombardment): both players win."""
    m = start(2, seed=4, scenario="coop_ap_2p", difficulty="easy")
    s = state(m)
    first, second = _aliens(m)
    del s.colonies[first.home]
    endgame.eliminate_opponent(s, first.owner, [])
    assert s.phase != "over"
    touch(m)
    home = second.home
    for uid in [u.uid for u in s.units.values() if u.hex == home]:
        del s.units[uid]
    for _ in range(4):
        u = add_unit(m, 0, "DN", home, revealed=True)
        u.attack_tech = 3
    s.colonies[home].value = 5  # the last step of a home world: the next hit destroys it
    steps = 0
    while not m.is_over:
        seat = m.to_move[0]
        acts = [str(a) for a in m.legal_actions(seat)]
        pick = next((a for a in acts if a.startswith("bombard")), None)
        pick = pick or next((a for a in ("end", "bid 0", "done", "fight") if a in acts), acts[0])
        m.apply(seat, pick)
        steps += 1
        assert steps < 2000
    assert m.result.details["outcome"] == "won"
    assert all(score >= 1000 for score in m.result.scores)


# --- hidden information -----------------------------------------------------------------------------------
def test_text_view_names_roles_in_both_languages(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    a = _aliens(m)[0]
    a.fleet_cp = 30
    dice.extend([1, 9, 8])
    alien_vp.launch(state(m), a, 3, [])
    en = "\n".join(solo.text_lines(state(m), "en"))
    hu = "\n".join(solo.text_lines(state(m), "hu"))
    assert "Alien victory points 0 (needed 10)" in en and "destroyer" in en and "minerals scored 0" in en
    assert "AP győzelmi pontok" in hu and "megsemmisítő" in hu
    for role in ("expansion", "raider", "colony_ship"):
        a.fleets[0].role = role  # every role has its words
        assert solo.text_lines(state(m), "hu") and solo.text_lines(state(m), "en")


def test_banks_are_secret_and_roles_public(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    a = _aliens(m)[0]
    a.fleet_cp = 30
    dice.extend([1, 9, 2])  # an expansion fleet: 50 CP leave the bank
    alien_vp.launch(state(m), a, 3, [])
    obs = m.observation(0)
    public = obs["scenario"]["alien_vp"]
    assert "banks" not in public and public["max_defense"] == 75
    assert list(public["fleets"].values()) == [{"role": "expansion", "target": ""}]
    assert solo.secret(state(m), {})["alien_banks"] == [100, 150]


# --- full games -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(("scenario", "players"), [("coop_ap_2p", 2), ("coop_ap_3p", 3), ("solo_ap_vp", 1)])
def test_bots_play_each_alien_vp_scenario_to_the_end(scenario: str, players: int, agent: str) -> None:
    options = {"scenario": scenario, "difficulty": "hard"}
    m = galaxis.new_match("space_empires", players=players, seed=players, options=options)
    s = m.state
    assert isinstance(s, SEState) and s.solo is not None and s.solo.alien_vp is not None
    launches = [0]
    bots_play_to_the_end(
        m, agent, lambda: launches.append(max(launches[-1], sum(len(a.launches) for a in s.solo.aliens)))
    )
    assert m.result.details["outcome"] in ("won", "lost") and launches[-1] > 0


# --- Alien Technology cards (§13.12.6) ------------------------------------------------------------------------
def test_the_victory_point_scenarios_play_with_the_alien_technology_cards() -> None:
    for scenario, players in (("coop_ap_2p", 2), ("coop_ap_3p", 3), ("solo_ap_vp", 1)):
        assert state(start(players, seed=1, scenario=scenario)).alien_tech is not None


def test_an_alien_takes_a_deep_space_planet_scores_two_and_draws_only_there() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _aliens(m)[0]
    at = s.alien_tech
    assert at is not None
    home_hex = hw(m, 0)
    events: list[Any] = []
    alien_vp.deep_space_taken(s, a, home_hex, events)  # a home system: no card, no points
    assert _coop(m).vp == 0 and at.aliens == [] and events == []
    alien_vp.deep_space_taken(s, a, "3.5", events)
    assert _coop(m).vp == 2 and len(at.aliens[0]) == 1 and len(at.deck) == 29
    (draw,) = [e for e in events if e["type"] == "alien_tech_alien_draw"]
    assert "card" not in draw and draw["count"] == 1
    # The card is face down: the players see only how many the aliens hold; determinize re-deals it.
    obs = m.observation(0)
    assert obs["alien_tech"]["aliens"] == [1] and str(at.aliens[0][0]) not in str(obs["alien_tech"]["aliens"])
    touch(m)
    world = m.determinize(0, 3)
    assert world.observation(0) == m.observation(0)
    assert GAME.invariants(s) == []
    # The aliens never use the card: no effect query sees it.
    assert all(not at.held[seat] for seat in range(2))


@pytest.mark.parametrize("deep", [True, False])
def test_a_player_capturing_an_alien_deep_space_colony_steals_a_card(deep: bool) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _aliens(m)[0]
    at = s.alien_tech
    assert at is not None
    events: list[Any] = []
    alien_vp.deep_space_taken(s, a, "3.5", events)
    alien_vp.deep_space_taken(s, a, "3.6", events)
    pile = list(at.aliens[0])
    hid = "3.5" if deep else hw(m, 1)
    s.colonies[hid] = Colony(a.owner, 1, False, False)
    events = []
    alien_tech.captured(s, hid, 1, a.owner, events)
    if deep:
        assert len(at.aliens[0]) == 1 and len(at.held[1]) == 1 and at.held[1][0] in pile
        assert [e["type"] for e in events if e["type"].startswith("alien_tech")] == ["alien_tech_stolen"]
        assert at.held[1][0] not in at.revealed  # in effect, in secret
    else:
        assert at.aliens[0] == pile and at.held[1] == []
    assert GAME.invariants(s) == []


def test_heuristic_victory_point_games_with_cards_play_to_the_end() -> None:
    for scenario, players in (("coop_ap_2p", 2), ("solo_ap_vp", 1)):
        m = start(players, seed=3, scenario=scenario)
        bots_play_to_the_end(m, "heuristic")
        assert m.result.details["outcome"] in ("won", "lost")


def test_the_aliens_card_count_in_the_text_view() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    alien_vp.deep_space_taken(s, _aliens(m)[0], "3.5", [])
    assert "The aliens' Alien Technology cards: 1" in alien_tech.text_lines(s, 0)
    assert "Az idegenek Idegen Technológiai kártyái: 1" in alien_tech.text_lines(s, 0, "hu")
