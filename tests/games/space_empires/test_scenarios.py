"""Scenario set-ups as data (docs/games/space_empires.md §12) and the optional exploration markers (§13.8)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from galaxis.core import BadOption
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.opponents import forces, moves, solo
from galaxis.games.space_empires.opponents.solo_state import ALIEN_BASE
from galaxis.games.space_empires.scenarios.setups import Scenario, resolve, scenarios

from .helpers import hw, put_marker, start, state, touch


def _d(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


def test_every_scenario_loads_and_is_an_option() -> None:
    found = scenarios()
    assert {"standard_2p", "standard_3p", "standard_4p", "solo_dm", "solo_ap"} <= set(found)
    # Entries of a family (one scenario for several player counts) are chosen through the family's value.
    families = dict.fromkeys(sc.family for sc in found.values() if sc.family)
    singles = [sid for sid, sc in found.items() if not sc.family]
    assert GAME.info.options["scenario"]["choices"] == ["standard", *singles, *families]
    assert GAME.info.min_players == 1
    for sc in found.values():
        m = start(sc.seats, seed=3, scenario=sc.family or sc.id)
        assert GAME.invariants(state(m)) == []
        assert state(m).solo is not None and state(m).solo.scenario == sc.id


@pytest.mark.parametrize(
    ("players", "sid"), [(1, "solo_dm"), (2, "standard_2p"), (3, "standard_3p"), (4, "standard_4p")]
)
def test_standard_picks_by_player_count(players: int, sid: str) -> None:
    assert resolve(players, {"scenario": "standard"}).id == sid
    s = state(start(players))
    assert s.solo is not None and s.solo.scenario == sid


def test_wrong_player_count_is_a_clear_error() -> None:
    with pytest.raises(BadOption, match="solo_ap is for 1 player"):
        start(2, scenario="solo_ap")
    with pytest.raises(BadOption, match="standard_3p is for 3 player"):
        start(2, scenario="standard_3p")
    with pytest.raises(BadOption, match="must be one of"):
        start(1, scenario="nope")
    with pytest.raises(BadOption, match="Doomsday Machine games have difficulties"):
        start(1, scenario="solo_dm", difficulty="really_tough")


def test_standard_scenarios_keep_the_base_game() -> None:
    s = state(start(2, seed=5))
    assert s.solo is not None and s.solo.opponent == "none" and s.solo.victory == "conquest"
    assert not any(u.owner < 0 for u in s.units.values())
    assert s.cycles == 8


def test_solo_dm_setup() -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    assert s.solo is not None
    home = hw(m, 0)
    assert s.colonies[home].value == 30
    # The 26-marker home set: 25 face-down markers around the home world, deep space within 7 hexes.
    assert sum(1 for mk in s.markers.values() if mk.pool == "home0") == 25
    assert all(_d(h, home) <= 7 for h in board.board_hexes(1))
    assert s.cycles >= 14  # the schedule's last machine enters in phase 10 (normal, small map)
    assert s.solo.schedule == [[7, 2, 1], [9, 4, 1], [10, 6, 1]] and s.solo.dm_total == 3
    assert len(s.solo.entry_hexes) == 10 and all(h in board.board_hexes(1) for h in s.solo.entry_hexes)
    assert not s.solo.machines


@pytest.mark.parametrize(
    ("difficulty", "empires", "cp"), [("easy", 2, 5), ("harder", 3, 10), ("good_luck", 3, 15)]
)
def test_solo_ap_setup(difficulty: str, empires: int, cp: int) -> None:
    m = start(1, seed=4, scenario="solo_ap", difficulty=difficulty)
    s = state(m)
    assert s.solo is not None
    # Seed solo #4: 25 home markers without the Black Hole.
    home = [mk for mk in s.markers.values() if mk.pool == "home0"]
    assert len(home) == 24 and not any(mk.kind == "black_hole" for mk in home)
    assert len(s.solo.aliens) == empires and s.solo.cp_per_roll == cp
    for i, alien in enumerate(s.solo.aliens):
        assert alien.owner == ALIEN_BASE - i
        col = s.colonies[alien.home]
        assert col.owner == alien.owner and col.home and col.value == 20
        assert alien.home not in s.markers  # no deep-space marker under an alien home world
        bases = [u for u in s.units.values() if u.owner == alien.owner]
        assert [u.kind for u in bases] == ["Base"] and bases[0].revealed
        assert alien.techs["mines"] == 1 and alien.fleet_cp == alien.tech_cp == alien.defense_cp == 0
        assert _d(alien.home, hw(m, 0)) <= 7


def test_scenario_validation_rejects_bad_data() -> None:
    good = scenarios()["solo_dm"].model_dump()
    with pytest.raises(ValidationError, match="one distinct home world per seat"):
        Scenario.model_validate({**good, "homes": ["A", "A"]})
    with pytest.raises(ValidationError, match="10 entry hexes"):
        Scenario.model_validate({**good, "opponents": {"type": "doomsday", "entry_hexes": ["5.0"]}})
    with pytest.raises(ValidationError, match="off map"):
        Scenario.model_validate({**good, "markers": [{"hex": "40.40", "kind": "planet"}]})
    with pytest.raises(ValidationError, match="conquest"):
        Scenario.model_validate({**good, "victory": "conquest"})
    ap = scenarios()["solo_ap"].model_dump()
    with pytest.raises(ValidationError, match="deep space"):
        Scenario.model_validate({**ap, "opponents": {"type": "alien", "alien_homes": ["8.6", "4.2", "8.0"]}})


def test_scenario_starting_forces_techs_and_markers_apply() -> None:
    sc = Scenario.model_validate(
        {
            **scenarios()["standard_2p"].model_dump(),
            "id": "probe",
            "starting_forces": {"SC": 4, "CO": 4},
            "techs": {"ship_size": 3, "move": 2},
            "cp": 25,
            "home_world": 20,
            "deep_space": "none",
            "markers": [{"hex": "5.5", "kind": "warp_point", "value": 1}],
        }
    )
    m = start(2, seed=1)
    s = state(m)
    # Rebuild with the probe scenario (the set-up hook is data-driven: no code per scenario).
    fresh = GAME.setup(2, {"edition": "ce", "cycles": 8}, s.rng.fork())
    for uid in [u.uid for u in fresh.units.values()]:
        del fresh.units[uid]
    for seat in range(2):
        for _ in range(3):
            GAME._new_unit(fresh, seat, "SC", hw(m, seat))
    solo.setup(GAME, fresh, sc, {})
    for seat in range(2):
        kinds = sorted(u.kind for u in fresh.units.values() if u.owner == seat)
        assert kinds == ["CO"] * 4 + ["SC"] * 4
        p = fresh.players[seat]
        assert p.techs["ship_size"] == 3 and p.techs["move"] == 2 and p.cp == 25 and p.earned == 25
        assert fresh.colonies[hw(m, seat)].value == 20
    assert not any(mk.pool == "deep" and not mk.face_up for mk in fresh.markers.values())
    assert fresh.markers["5.5"].kind == "warp_point" and fresh.markers["5.5"].face_up
    assert GAME.invariants(fresh) == []


# --- the optional exploration markers (§13.8) ---------------------------------------------------------
def _explore_with_scout(m, hid: str) -> None:  # type: ignore[no-untyped-def]
    s = state(m)
    seat = s.order[s.active]
    scout = next(u for u in s.units.values() if u.owner == seat and u.kind == "SC")
    scout.hex = hid
    touch(m)
    m.apply(seat, "end")


def test_warp_points_stay_and_join_hexes_with_the_option() -> None:
    m = start(2, seed=1, warp_points=True)
    s = state(m)
    put_marker(m, "2.5", "warp_point", 1, face_up=True)
    put_marker(m, "9.6", "warp_point", 1)
    _explore_with_scout(m, "9.6")
    assert s.markers["9.6"].face_up and s.markers["9.6"].kind == "warp_point"
    assert "2.5" in moves.neighbours(s, "9.6") and "9.6" in moves.neighbours(s, "2.5")
    # Units on a warp point may move to its twin as to an adjacent hex.
    seat = s.order[s.active]
    scout = next(u for u in s.units.values() if u.owner == seat and u.kind == "SC")
    scout.hex, scout.moved, scout.stopped = "9.6", 0, False
    touch(m)
    assert f"m {scout.uid} 2.5" in [a.notation for a in m.legal_actions(seat)]
    # A third warp point of a number is discarded.
    put_marker(m, "5.3", "warp_point", 1)
    events: list = []
    assert not moves.keeps_warp_point(s, "5.3", s.markers["5.3"], events)


def test_warp_points_without_the_option_are_removed() -> None:
    m = start(2, seed=1)
    s = state(m)
    put_marker(m, "9.6", "warp_point", 2)
    _explore_with_scout(m, "9.6")
    assert "9.6" not in s.markers


def test_doomsday_marker_releases_a_machine_with_the_option() -> None:
    m = start(2, seed=1, doomsday_markers=True)
    s = state(m)
    put_marker(m, "9.6", "doomsday")
    _explore_with_scout(m, "9.6")
    assert s.solo is not None
    machines = [u for u in s.units.values() if u.kind == "DM"]
    assert len(machines) == 1 and "9.6" not in s.markers
    dm = machines[0]
    assert s.solo.machines[dm.uid].source == "marker" and s.solo.dm_total == 1
    stats = forces.machine_stats(s.solo, dm.uid)
    # MRB 29: C9-2x3 with 2 attacks.
    assert (stats.cls, stats.attack, stats.defense, stats.hull, stats.attacks) == ("C", 9, 2, 3, 2)
    assert GAME.invariants(s) == []


def test_doomsday_marker_without_the_option_is_empty_space() -> None:
    m = start(2, seed=1)
    s = state(m)
    put_marker(m, "9.6", "doomsday")
    _explore_with_scout(m, "9.6")
    assert "9.6" not in s.markers and not any(u.kind == "DM" for u in s.units.values())
