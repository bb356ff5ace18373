"""The Close Encounters competitive scenarios (docs/games/space_empires.md §12.1): the two-player game
without deep space and the four-player 3 v 1 team game: set-ups, the lone player's doubled colony income
(the seed's 43 CP example), alliances, the team victory, and full games by random and heuristic seats."""

from __future__ import annotations

import pytest

import galaxis
from galaxis.core import Event
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, data, economy
from galaxis.games.space_empires.base.hexes import distance, hex_id, neighbours, parse_hex_id
from galaxis.games.space_empires.base.state import Colony
from galaxis.games.space_empires.scenarios.setups import Scenario
from galaxis.games.space_empires.state import SEState

from .helpers import add_unit, bots_play_to_the_end, hw, start, state, units_of


# --- set-ups ---------------------------------------------------------------------------------------------
def test_two_player_game_has_no_deep_space_and_the_bigger_start() -> None:
    m = start(2, seed=3, scenario="ce_2p")
    s = state(m)
    assert not [h for h, mk in s.markers.items() if mk.pool == "deep"]
    for seat in (0, 1):
        home = [mk for mk in s.markers.values() if mk.pool == f"home{seat}"]
        assert len(home) + 1 == 26  # 26 home-system markers, the home world included
        assert len(units_of(m, seat, "SC")) == 4 and len(units_of(m, seat, "CO")) == 4
        assert len(units_of(m, seat, "Miner")) == 1 and len(units_of(m, seat, "SY")) == 4
        techs = s.players[seat].techs
        assert techs["ship_size"] == 3 and techs["move"] == 2
        assert s.colonies[hw(m, seat)].value == 30
    # The base game keeps its deep space and its three Scouts.
    base = start(2, seed=3)
    assert [h for h, mk in state(base).markers.items() if mk.pool == "deep"]
    assert len(units_of(base, 0, "SC")) == 3 and state(base).players[0].techs["move"] == 1


def test_three_v_one_team_techs_and_teams() -> None:
    m = start(4, seed=3, scenario="ce_4p_3v1")
    s = state(m)
    assert s.solo is not None and s.solo.teams == (0, 0, 0, 1) and s.solo.double_income == (3,)
    for seat in (0, 1, 2):
        assert s.players[seat].techs["terraforming"] == 1 and s.players[seat].techs["scanners"] == 1
    assert s.players[3].techs["terraforming"] == 0 and s.players[3].techs["scanners"] == 0
    assert board.allied(s, 0, 1) and board.allied(s, 2, 0)
    assert not board.allied(s, 0, 3) and not board.allied(s, 3, 1)
    # Allied Colony Ships' Terraforming follows the team technology.
    assert all(u.level == 1 for u in units_of(m, 0, "CO"))
    base = state(start(4, seed=3))
    assert not board.allied(base, 0, 1)


def test_four_player_deep_space_deal() -> None:
    m = start(4, seed=7, scenario="ce_4p_deep_space")
    s = state(m)
    hmap = data.hex_map(4)
    for seat in range(4):
        home = [(h, mk) for h, mk in s.markers.items() if mk.pool == f"home{seat}"]
        kinds = sorted(mk.kind for _, mk in home)
        assert kinds == sorted(["planet"] * 5 + ["barren"] + ["minerals"] * 7)  # + the home world = 14
        assert sorted(mk.value for _, mk in home if mk.kind == "minerals") == [5, 5, 10, 10, 10, 10, 10]
        centre = hmap.home_world(seat)
        assert all(0 < distance(parse_hex_id(h), centre) <= 3 for h, _ in home)
        assert all(hmap.owner_of(parse_hex_id(h)) == seat for h, _ in home)
        assert all(not mk.face_up for _, mk in home)
    deep = [h for h, mk in s.markers.items() if mk.pool == "deep"]
    assert len(deep) == 94 and len(s.undrawn) == len(data.markers().deep_pool()) - 94
    # Another seed deals the home sets on other hexes: the positions are random, not fixed.
    other = state(start(4, seed=8, scenario="ce_4p_deep_space"))
    assert {h for h, mk in other.markers.items() if mk.pool == "home0"} != {
        h for h, mk in s.markers.items() if mk.pool == "home0"
    }


def test_scenarios_are_refused_for_other_player_counts() -> None:
    with pytest.raises(galaxis.BadOption, match="4 player"):
        galaxis.new_match("space_empires", players=2, seed=1, options={"scenario": "ce_4p_3v1"})
    with pytest.raises(galaxis.BadOption, match="4 player"):
        galaxis.new_match("space_empires", players=3, seed=1, options={"scenario": "ce_4p_deep_space"})
    with pytest.raises(galaxis.BadOption, match="2 player"):
        galaxis.new_match("space_empires", players=3, seed=1, options={"scenario": "ce_2p"})


def test_team_data_is_validated() -> None:
    body = {
        "id": "x",
        "name": "x",
        "seats": 4,
        "map": 4,
        "homes": ["A", "B", "C", "D"],
        "victory": "conquest",
    }
    with pytest.raises(ValueError, match="team of every seat"):
        Scenario.model_validate({**body, "designed": False, "teams": [0, 0, 1]})
    with pytest.raises(ValueError, match="team technology"):
        Scenario.model_validate({**body, "designed": False, "teams": [0, 0, 0, 1], "team_techs": {2: {}}})
    with pytest.raises(ValueError, match="double colony income"):
        Scenario.model_validate({**body, "designed": False, "double_colony_income": [4]})


# --- the lone player's income ------------------------------------------------------------------------------
def _income_position(seat: int) -> tuple[SEState, int]:
    """The seed's example for ``seat``: a 30 CP home world and two 3 CP colonies, one of them joined to
    the home world by an MS Pipeline; no other units (so no maintenance but the pipeline's)."""
    m = start(4, seed=5, scenario="ce_4p_3v1")
    s = state(m)
    for uid in [u.uid for u in s.units.values()]:
        del s.units[uid]
    home = hw(m, seat)
    near = sorted(hex_id(n) for n in neighbours(parse_hex_id(home)) if hex_id(n) in _map_hexes())
    piped, plain = near[0], near[1]
    s.colonies[piped] = Colony(seat, 3, False, False)
    s.colonies[plain] = Colony(seat, 3, False, False)
    add_unit(m, seat, "MSP", piped)
    assert board.pipeline_linked(s, seat) >= {piped}
    before = s.players[seat].cp
    GAME._start_econ(s, [])
    upkeep = economy.maintenance({"MSP": 1}, s.edition)
    return s, s.players[seat].cp - before + upkeep


def _map_hexes() -> set[str]:
    return {hex_id(h) for h in data.hex_map(4).hexes}


def test_lone_player_collects_43_cp_in_the_seed_example() -> None:
    s, gross = _income_position(3)
    assert s.colonies[hw_of(s, 3)].value == 30
    assert gross == 43  # 30 + 2 x 3 + 2 x 3 + 1 pipeline link [seed]


def test_team_player_collects_the_normal_income() -> None:
    _, gross = _income_position(0)
    assert gross == 37  # 30 + 3 + 3 + 1


def hw_of(s: SEState, seat: int) -> str:
    return next(h for h, c in s.colonies.items() if c.owner == seat and c.home)


# --- victory --------------------------------------------------------------------------------------------
def test_team_wins_by_destroying_the_lone_home_world() -> None:
    m = start(4, seed=3, scenario="ce_4p_3v1")
    s = state(m)
    events: list[Event] = []
    GAME._eliminate(s, 1, events)  # a team member may fall and still win with the team
    assert s.phase != "over"
    GAME._eliminate(s, 3, events)
    assert s.phase == "over" and s.winner in (0, 2)
    assert any(e["type"] == "team_won" and e["seats"] == [0, 1, 2] for e in events)
    scores = GAME.result(s).scores
    assert all(scores[seat] >= 1000 for seat in (0, 1, 2)) and scores[3] < 1000


def test_lone_player_must_destroy_all_three_home_worlds() -> None:
    m = start(4, seed=3, scenario="ce_4p_3v1")
    s = state(m)
    events: list[Event] = []
    GAME._eliminate(s, 0, events)
    GAME._eliminate(s, 2, events)
    assert s.phase != "over"
    GAME._eliminate(s, 1, events)
    assert s.phase == "over" and s.winner == 3
    scores = GAME.result(s).scores
    assert scores[3] >= 1000 and all(scores[seat] < 1000 for seat in (0, 1, 2))


def test_allies_do_not_bombard_each_other() -> None:
    m = start(4, seed=3, scenario="ce_4p_3v1")
    s = state(m)
    for uid in [u.uid for u in s.units.values()]:
        del s.units[uid]
    add_unit(m, 0, "DD", hw(m, 1))  # an ally's home world, undefended
    assert not GAME._start_bombardment(s, 0)
    add_unit(m, 3, "DD", hw(m, 0))  # the lone player bombards a team member's home world
    assert GAME._start_bombardment(s, 3)


# --- full games -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(("players", "scenario"), [(2, "ce_2p"), (4, "ce_4p_3v1"), (4, "ce_4p_deep_space")])
def test_ce_scenarios_play_to_the_end(players: int, scenario: str, agent: str) -> None:
    options = {"scenario": scenario, "cycles": 4}
    m = galaxis.new_match("space_empires", players=players, seed=6, options=options)
    bots_play_to_the_end(m, agent, seed=6, every=53)
