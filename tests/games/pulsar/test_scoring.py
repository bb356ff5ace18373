"""Production (§6) and final scoring (§7)."""

from __future__ import annotations

from typing import Any

from galaxis.games.pulsar import dice, scoring
from galaxis.games.pulsar.state import PulsarState

from .helpers import action_phase, notations, play, refresh, start


def _spin_events(events: list[dict[str, Any]]) -> list[int]:
    return [e["vp"] for e in events if e["type"] == "spin"]


def test_gyrodyne_production_example_4_plus_2_and_4_plus_1() -> None:
    m = start(3, order=[0, 1, 2], setup={"techs": ["AI", "AII", "AIII"]})
    s = action_phase(m, 0, [])
    s.round = 8  # the AIII medallion of row 8 shows 4
    s.owner.update({42: 0, 47: 0})
    s.gyros.update({42: ["m", True], 47: ["s", True]})
    s.gyro_supply["m"] -= 1
    s.gyro_supply["s"] -= 1
    assert scoring.gyro_row_bonus(s) == 4
    events: list[dict[str, Any]] = []
    scoring.finish_production(m.game, s, events)  # type: ignore[arg-type]
    assert sorted(_spin_events(events)) == [5, 6]  # 11 VP in all


def test_median_question_mark_bonus_between_4_and_5_is_5() -> None:
    m = start(3, order=[0, 1, 2], setup={"techs": ["AI", "BII", "AIII"]})
    s = action_phase(m, 0, [])
    s.round = 4  # BII row 4 shows "?"
    s.median = 8  # between boxes 4 and 5
    assert dice.median_value(8) == 5
    assert scoring.gyro_row_bonus(s) == 5


def _production(m, s: PulsarState) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    events: list[dict[str, Any]] = []
    scoring.production(m.game, s, events)
    return events


def test_engineering_rewards_two_players_with_the_vp_for_third() -> None:
    m = start(2, order=[0, 1])
    s = action_phase(m, 0, [])
    # engineering stack bottom->top 0,2,1,3; the top is ahead: 3 (seat 1), 1 (seat 0), 2 (seat 1)
    cubes = [p.cubes for p in s.players]
    score = [p.score for p in s.players]
    _production(m, s)
    assert [p.cubes - c for p, c in zip(s.players, cubes, strict=True)] == [1, 2]
    assert [p.score - v for p, v in zip(s.players, score, strict=True)] == [0, 1]


def test_engineering_rewards_three_and_four_players() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [])
    _production(m, s)  # stack bottom->top 0,1,2: seat 2 first, then seat 1
    assert [p.cubes for p in s.players] == [0, 2, 3]
    m4 = start(4, order=[0, 1, 2, 3], engineering_4p="board")
    s4 = action_phase(m4, 0, [])
    _production(m4, s4)
    assert [p.cubes for p in s4.players] == [0, 1, 2, 3]
    m4r = start(4, order=[0, 1, 2, 3])  # the rulebook's 3 and 2 (the default)
    s4r = action_phase(m4r, 0, [])
    _production(m4r, s4r)
    assert [p.cubes for p in s4r.players] == [0, 0, 2, 3]


def test_new_turn_order_and_track_penalties_with_a_floor_of_zero() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [])
    dice.move(s.tracks[0], 0, -3)  # seat 0 leads the initiative track
    dice.move(s.tracks[0], 4, 7)  # seat 2 on the -2 space
    dice.move(s.tracks[1], 4, 6)  # and on the -1 space of engineering
    s.players[2].score = 2
    _production(m, s)
    assert s.order == [0, 1, 2]
    assert s.players[2].score == 0


def test_transmitter_conversion_once_per_round() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [])
    p = s.players[0]
    s.display.remove("B5") if "B5" in s.display else s.tx_stack.remove("B5")
    p.tx["B5"] = [1, 1]
    p.online = ["B5"]
    p.cubes = 1
    refresh(m)
    play(m, 0, "end")
    assert s.phase == "production" and s.pending[-1].kind == "convert"
    assert notations(m, 0) == ["convert b5", "done"]
    before = p.score
    play(m, 0, "convert b5")
    assert p.score == before + 3 and p.cubes == 0
    assert s.phase == "dice" and s.round == 2


def _final(m, s: PulsarState):  # type: ignore[no-untyped-def]
    events: list[dict[str, Any]] = []
    scoring.start_final(m.game, s, events)
    refresh(m)
    return events


def test_goal_with_both_bonuses() -> None:
    # "at least 5 patents: 6 VP; 4 cubes for the first bonus (+6), then 1 cube for the second (+6)"
    m = start(3, order=[0, 1, 2], setup={"goals": [9, 1, 5]})
    s = action_phase(m, 0, [])
    p = s.players[0]
    p.patents = ["1a", "1b", "1c", "2a", "2b"]
    p.cubes = 5
    before = p.score
    _final(m, s)
    assert p.score == before + 6
    assert s.pending[-1].kind == "final" and notations(m, 0) == ["buy 9", "done"]
    play(m, 0, "buy 9")
    assert p.score == before + 12 and p.cubes == 1
    events = play(m, 0, "buy 9")
    assert [e["vp"] for e in events if e["type"] == "goal_bonus"] == [6] and p.cubes == 0
    assert s.phase == "over"  # nothing else to decide: the rest of final scoring ran


def test_two_gyrodyne_goals_score_only_one_of_the_players_choice() -> None:
    m = start(3, order=[0, 1, 2], setup={"goals": [1, 3, 5]})
    s = action_phase(m, 0, [])
    s.owner.update({42: 0, 47: 0, 5: 0})
    s.gyros.update({42: ["m", True], 47: ["m", True], 5: ["s", True]})
    s.gyro_supply["m"] -= 2
    s.gyro_supply["s"] -= 1
    before = s.players[0].score
    _final(m, s)
    assert notations(m, 0) == ["count 1", "count 3"]
    events = play(m, 0, "count 3")
    assert [(e["goal"], e["vp"]) for e in events if e["type"] == "goal"] == [(3, 4)]
    assert s.players[0].score > before


def test_final_scoring_parts() -> None:
    m = start(3, order=[0, 1, 2], setup={"goals": [2, 6, 8]})
    s = action_phase(m, 0, [])
    p = s.players[0]
    s.owner.update({42: 0, 47: 0})
    s.gyros[42] = ["s", False]
    s.gyro_supply["s"] -= 2
    p.held = ["s"]
    p.cubes = 5
    p.kept = []
    base = [q.score for q in s.players]
    events = _final(m, s)
    assert not s.pending and s.phase == "final"  # nobody has a decision to take
    scoring.continue_phase(m.game, s, events)
    assert s.phase == "over"
    parts = {(e["seat"], e["part"]): e["vp"] for e in events if e["type"] == "final"}
    assert parts[(0, "pulsars")] == 2  # no finished gyrodyne on either
    assert parts[(0, "gyrodynes")] == 2  # one building, one held
    assert parts[(0, "cubes")] == 2  # two pairs, the fifth cube is worth nothing
    assert parts[(0, "turn_order")] == 7 and parts[(1, "turn_order")] == 4 and (2, "turn_order") not in parts
    assert s.players[0].score == base[0] + 2 + 2 + 2 + 7
    assert scoring.station_vp(13) == 50 and scoring.station_vp(15) == 56 and scoring.station_vp(1) == 1


def test_tie_break_behind_or_ahead() -> None:
    for option, winner in (("behind", 2), ("ahead", 0)):
        m = start(3, order=[0, 1, 2], tie_break=option)
        for p in m.state.players:
            p.score = 40
        assert m.result.ranking[0] == [winner]


def test_two_players_first_and_second_engineering_for_one_player_is_three_cubes() -> None:
    m = start(2, order=[0, 1])
    s = action_phase(m, 0, [])
    s.tracks[1][7] = [2, 3, 0, 1]  # seat 0's two markers on top
    _production(m, s)
    assert [p.cubes for p in s.players] == [3, 0]


def test_end_of_round_unlocks_one_die_techs_and_refills_the_display() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)
    s = action_phase(m, 0, [2])
    s.round = 2
    refresh(m)
    play(m, 0, "tech 2a 2")
    assert s.locked == ["2a"]
    old = list(s.display)
    play(m, 0, "end")
    assert s.round == 3 and s.locked == [] and s.phase == "dice"
    assert len(s.display) == 3 and not set(old) & set(s.display) and set(old) <= set(s.tx_discard)
