"""Technology effects (once, perm, prod, end) and the shared rewards (§5.5, §5.7)."""

from __future__ import annotations

from typing import Any

from galaxis.games.pulsar import scoring
from galaxis.games.pulsar.data import board

from .helpers import action_phase, notations, play, refresh, start

NORMAL = board("normal")


def test_permanent_tech_scores_on_its_event() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)  # AI 1c: 3 VP per pulsar claimed
    s = action_phase(m, 0, [5, 1], ship=41)
    play(m, 0, "tech 1c 5")
    before = s.players[0].score
    play(m, 0, "fly 1", ">42", "claim")
    assert s.owner[42] == 0 and s.players[0].score == before + 3


def test_production_tech_scores_per_spinning_gyrodyne() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)  # AII 3b: +1 VP per spinning gyrodyne
    s = action_phase(m, 0, [])
    s.players[0].patents = ["3b"]
    s.patents["3b"] = [0]
    s.owner.update({42: 0, 47: 0})
    s.gyros.update({42: ["s", True], 47: ["s", True]})
    s.gyro_supply["s"] -= 2
    events: list[dict[str, Any]] = []
    scoring.finish_production(m.game, s, events)  # type: ignore[arg-type]
    assert [e["vp"] for e in events if e["type"] == "tech_vp"] == [2]


def test_end_techs_gyro_sets_and_cubes_for_vp() -> None:
    m = start(3, order=[0, 1, 2], first_game=True, setup={"goals": [2, 6, 8]})
    s = action_phase(m, 0, [])
    p = s.players[0]
    p.patents = ["7a", "8a"]  # AIII: 4/8/16 VP for 1/2/3 sizes spinning; 2 cubes -> 9 VP once
    s.owner.update({42: 0, 47: 0})
    s.gyros.update({42: ["s", True], 47: ["l", True]})
    s.gyro_supply["s"] -= 1
    s.gyro_supply["l"] -= 1
    p.cubes = 3
    events: list[dict[str, Any]] = []
    scoring.start_final(m.game, s, events)  # type: ignore[arg-type]
    refresh(m)
    assert [e["vp"] for e in events if e["type"] == "tech_vp"] == [8]
    assert notations(m, 0) == ["convert 8a", "done"]
    before = p.score
    out = play(m, 0, "convert 8a")
    assert p.cubes == 0 or s.phase == "over"
    assert [e["vp"] for e in out if e["type"] == "tech_vp"] == [9] and p.score > before


def test_kept_exploration_tiles_and_station_techs_count_as_stations() -> None:
    m = start(3, order=[0, 1, 2], setup={"techs": ["AI", "AII", "BIII"], "goals": [2, 6, 8]})
    s = action_phase(m, 0, [])
    p = s.players[0]
    p.patents = ["7b"]  # BIII 7b: 2 extra stations
    s.explore_pile.remove("x11")
    p.kept = ["x11"]
    events: list[dict[str, Any]] = []
    scoring.start_final(m.game, s, events)  # type: ignore[arg-type]
    scoring.continue_phase(m.game, s, events)  # type: ignore[arg-type]
    parts = {(e["seat"], e["part"]): e["vp"] for e in events if e["type"] == "final"}
    assert parts[(0, "stations")] == 4  # 3 stations: 4 VP


def test_isolated_pulsar_and_teleport_rewards() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)
    s = action_phase(m, 0, [5, 4])
    s.round = 4
    refresh(m)
    play(m, 0, "tech 2b 5")  # AI 2b: an isolated pulsar and a gyrodyne of any size
    assert s.pending[-1].kind == "iso"
    assert notations(m, 0) == [f"@{n}" for n in NORMAL.isolated]
    play(m, 0, f"@{NORMAL.isolated[0]}")
    assert s.owner[NORMAL.isolated[0]] == 0
    play(m, 0, "take l")
    assert s.players[0].held == ["l"]
    play(m, 0, "tech 4b 4")  # AII 4b: teleport to a system, as the end of a flight
    targets = notations(m, 0)
    assert targets == [f"@{n}" for n in NORMAL.systems]
    play(m, 0, "@44")
    assert notations(m, 0) == ["found", "skip"]  # as at the end of a flight: you may found (A5)
    play(m, 0, "found")
    assert s.players[0].ship == 44 and 0 in s.planets[44]
    assert s.pending[-1].kind == "discovery"


def test_place_station_reward_is_placed_as_when_passing() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)
    s = action_phase(m, 0, [2])
    s.round = 4
    refresh(m)
    play(m, 0, "tech 4a 2")  # AII 4a: a station in a system, plus 1 VP
    assert s.pending[-1].kind == "station"
    play(m, 0, "@44")
    assert 0 in s.planets[44] and not s.pending


def test_discovery_bonus_die_is_refused_after_the_rounds_bonus_die() -> None:
    m = start(3, order=[0, 1, 2], setup={"tiles": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]})
    s = action_phase(m, 0, [1], ship=43)
    s.optional_stations = False  # founded at once (A5's other reading): the bonus decision follows
    s.tiles[44] = 1  # system tile 1: a red bonus die of 1
    s.tiles[NORMAL.systems[0]] = 17 if 17 not in s.tiles.values() else s.tiles[NORMAL.systems[0]]
    s.box_tile = sorted(set(range(1, 18)) - set(s.tiles.values()))[0]
    s.players[0].red_used = True
    refresh(m)
    play(m, 0, "fly 1", ">44")
    assert notations(m, 0) == ["explore"]
