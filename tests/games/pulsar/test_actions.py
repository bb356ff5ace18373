"""The action phase (§4-§5): exact dice, modifiers, bonus dice, gyrodynes, transmitters,
technologies and HQ projects."""

from __future__ import annotations

import pytest

from galaxis.core import IllegalAction

from .helpers import action_phase, notations, play, refresh, start


def test_exact_values_and_modifiers() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [2, 4])
    legal = notations(m, 0)
    # a 3-cost action is paid with a 2 or a 4 and the +-1 token; never two tokens on one die
    assert "gyro m 2" in legal and "gyro s 2-1" in legal and "gyro l 4" in legal
    assert "buy pm 2" in legal and "buy p2 2" in legal and "buy pm 2+1" not in legal
    s.players[0].dice = [1]
    refresh(m)
    assert "buy pm 1-1" not in notations(m, 0)  # a die is never reduced to 0
    play(m, 0, "gyro s 1")
    assert s.players[0].held == ["s"] and s.gyro_supply["s"] == 9


def test_plus_two_reaches_seven_for_a_flight() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [5], ship=43)
    s.players[0].p2 = 1
    refresh(m)
    assert "fly 5+2" in notations(m, 0)
    play(m, 0, "fly 5+2")
    assert s.pending[-1].data["left"] == 7 and s.players[0].p2 == 0


def test_one_bonus_die_per_round() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [2])
    s.players[0].cubes = 8
    s.pool = [4]
    refresh(m)
    play(m, 0, "copy 4")
    p = s.players[0]
    assert p.red == 4 and p.cubes == 4 and p.red_used
    assert "copy 4" not in notations(m, 0)
    assert "gyro l r4" in notations(m, 0)
    play(m, 0, "gyro l r4")
    assert p.red == -1 and "copy 4" not in notations(m, 0)


def test_gyrodynes_start_for_free_and_flip_for_the_printed_value() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [5, 3])
    s.owner[42] = 0
    s.players[0].held = ["m"]
    refresh(m)
    assert "start m 42" in notations(m, 0)
    play(m, 0, "start m 42")
    assert s.gyros[42] == ["m", False]
    assert "flip 42 5" in notations(m, 0) and "flip 42 3" not in notations(m, 0)
    play(m, 0, "flip 42 5")
    assert s.gyros[42] == ["m", True]


def test_construction_awards_first_7_then_4_and_both_by_reaching_four() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [])
    for n in (5, 11, 16, 22):
        s.owner[n] = 0
    s.players[0].held = ["s", "s", "s", "s"]
    s.gyro_supply["s"] -= 4
    refresh(m)
    before = s.players[0].score
    play(m, 0, "start s 5", "start s 11")
    assert s.award_holders["s"] == [0] and s.players[0].score == before + 7
    play(m, 0, "start s 16")
    assert s.award_holders["s"] == [0]
    play(m, 0, "start s 22")  # four before anyone else has two: the 4 VP tile too
    assert s.award_holders["s"] == [0, 0] and s.players[0].awards == [7, 4]


def test_transmitter_take_join_pay_and_link_die_used_at_once() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [1, 2])
    s.display = ["A1", "A4", "A2"]
    refresh(m)
    play(m, 0, "tx a1 1")  # single cost: online at once
    p = s.players[0]
    assert p.online == ["A1"] and p.arrays == [[["A1", None, 1]]] and p.score == 5 + 1
    assert "tx a4 2" in notations(m, 0)
    play(m, 0, "tx a4 2")
    assert s.pending[-1].kind == "join"
    assert notations(m, 0) == ["new", "join 1r1"]
    play(m, 0, "join 1r1")
    # both online and linked: a red die of 1 + 1 that must be used at once
    assert p.red == 2 and p.red_now
    legal = notations(m, 0)
    assert "end" not in legal and all("r2" in n for n in legal if n not in ("drop",))
    play(m, 0, "buy p2 r2")
    assert not p.red_now and p.p2 == 1


def test_pay_the_remaining_transmitter_costs_over_time() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [2, 3])
    s.display = ["A2", "A4", "A1"]
    refresh(m)
    play(m, 0, "tx a2 3")
    p = s.players[0]
    assert p.tx["A2"] == [0, 1] and p.online == []
    with pytest.raises(IllegalAction):
        m.apply(0, "pay a2 3")  # that cost is covered already
    play(m, 0, "pay a2 2")
    assert p.online == ["A2"] and p.markers_used == 0  # markers come back when it flips


def test_patent_rules() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)
    s = action_phase(m, 0, [2, 2, 1])
    assert "tech 2a 2" not in notations(m, 0)  # row 2 opens in round 2
    s.round = 2
    refresh(m)
    play(m, 0, "tech 2a 2")
    assert s.patents["2a"] == [0]
    with pytest.raises(IllegalAction) as err:
        m.apply(0, "tech 2a 2")
    assert "twice" in err.value.reason
    s2 = action_phase(m, 1, [2])
    with pytest.raises(IllegalAction) as err:
        m.apply(1, "tech 2a 2")  # a one-die tech: one patent per round
    assert "per round" in err.value.reason
    s2.locked = []
    refresh(m)
    play(m, 1, "tech 2a 2")
    assert s2.patents["2a"] == [0, 1]


def test_two_players_single_patent_on_one_die_techs() -> None:
    m = start(2, order=[0, 1], first_game=True)
    s = action_phase(m, 0, [2])
    s.round = 2
    refresh(m)
    play(m, 0, "tech 2a 2")
    s.locked = []
    action_phase(m, 1, [2, 1])
    s.round = 2
    refresh(m)
    assert "tech 2a 2" not in notations(m, 1)
    assert "tech 1a 1" in notations(m, 1)  # two-dice techs are unaffected


def test_doubler_needs_a_usable_bonus_die() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)
    s = action_phase(m, 0, [3])
    s.round = 3
    refresh(m)
    play(m, 0, "tech 3a 3")  # AII row 3: the spent die becomes a 2 plus a red 2
    p = s.players[0]
    assert p.dice == [2] and p.red == 2 and p.red_used
    action_phase(m, 1, [3])
    s.round = 3
    s.locked = []
    s.players[1].red_used = True
    refresh(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(1, "tech 3a 3")
    assert "bonus die" in err.value.reason


def test_hq_unlock_connected_below_and_row_complete() -> None:
    m = start(3, order=[0, 1, 2], setup={"hq": ["A", "B", "C"]}, hq_unlock="connected_below")
    s = action_phase(m, 0, [1, 4, 1, 3])
    assert s.players[0].hq_side == "A2"
    legal = notations(m, 0)
    assert "hq 1 4" in legal and "hq 2 1" in legal and "hq 4 1" not in legal
    play(m, 0, "hq 1 4", "take s", "hq 2 1")
    assert "hq 4 1" in notations(m, 0)  # over projects 1 and 2
    assert "hq 5 3" not in notations(m, 0)  # needs 2 and 3
    m2 = start(3, order=[0, 1, 2], setup={"hq": ["A", "B", "C"]}, hq_unlock="row_complete")
    action_phase(m2, 0, [1, 4, 1])
    play(m2, 0, "hq 1 4", "take s", "hq 2 1")
    with pytest.raises(IllegalAction) as err:
        m2.apply(0, "hq 4 1")
    assert "A2" in err.value.rule


def test_gate_race_scores_six_for_three_orange_gates() -> None:
    # HQ A2 project 1: 4 VP worth of a gyrodyne plus an orange race at 2 VP per gate (the
    # rulebook's example gives 4 VP at once and later 6 VP for three orange gates)
    m = start(3, order=[0, 1, 2], setup={"hq": ["A", "B", "C"]})
    s = action_phase(m, 0, [4, 5], ship=9)
    play(m, 0, "hq 1 4")
    if s.pending:
        play(m, 0, "take l")
    assert s.players[0].races == [1]
    before = s.players[0].score
    play(m, 0, "fly 5")
    assert notations(m, 0) == ["race 1o", "norace"]
    play(m, 0, "race 1o")
    # from system 9: orange 10, pulsar 11, orange 12, orange 13, system 15
    events = play(m, 0, ">10", ">11", ">12", ">13", ">15")
    assert [e for e in events if e["type"] == "race"] == [
        {"type": "race", "seat": 0, "slot": 1, "colour": "o", "gates": 3, "vp": 6}
    ]
    assert s.players[0].score == before + 6
    assert s.players[0].races == [] and s.players[0].races_used == [1]
    race = [e for e in m.history if e[1].startswith("race")]
    assert race == [(0, "race 1o")]


def test_late_linking_option_lets_a_loose_tile_join_later() -> None:
    for late in (False, True):
        m = start(3, order=[0, 1, 2], late_linking=late)
        s = action_phase(m, 0, [1, 2])
        s.display = ["A1", "A4", "A2"]
        refresh(m)
        play(m, 0, "tx a1 1", "tx a4 2", "new")
        p = s.players[0]
        assert len(p.arrays) == 2
        attach = [n for n in notations(m, 0) if n.startswith("attach")]
        if not late:
            assert attach == []
            continue
        assert "attach a4 1r1" in attach
        play(m, 0, "attach a4 1r1")
        assert [[e[0] for e in arr] for arr in p.arrays] == [["A1", "A4"]]
        assert p.red == 2 and p.red_now  # both online: the link die appears now


def test_rulebook_modifier_example_three_from_a_two_or_a_four() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)
    s = action_phase(m, 0, [2, 4])
    s.round = 3  # AII row 3: a tech that costs 3
    refresh(m)
    legal = notations(m, 0)
    assert "tech 3a 2+1" in legal and "tech 3a 4-1" in legal
    assert "tech 3a 2" not in legal and "tech 3a 4" not in legal
