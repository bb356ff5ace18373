"""The dice phase (§3): median marker, distances, snake order, track moves and track ends."""

from __future__ import annotations

import pytest

from galaxis.core import IllegalAction
from galaxis.games.pulsar import dice

from .helpers import notations, refresh, start, through_setup

ROLL7 = [1, 2, 3, 4, 4, 5, 6]


def test_median_moves_towards_more_dice() -> None:
    # the rulebook's example: the middle die is a 4, more dice left of its box -> between 3 and 4
    assert dice.median_position([1, 2, 3, 4, 4, 5, 6]) == 6
    assert dice.median_value(6) == 4  # "?" between 3 and 4: the higher value
    # equal numbers on both sides: the marker stays on the centre of the box
    assert dice.median_position([1, 2, 3, 3, 3, 5, 6]) == 5
    # more on the right
    assert dice.median_position([1, 3, 4, 4, 5, 6, 6]) == 8
    # nine dice: the 5th is the middle one
    assert dice.median_position([1, 1, 2, 2, 3, 5, 5, 6, 6]) == 5
    assert dice.median_position([1, 1, 2, 3, 3, 5, 5, 6, 6]) == 6


def test_distances_with_the_marker_between_boxes() -> None:
    # reference check of the 2-3 player figure: marker between boxes 3 and 4
    assert [dice.distance(v, 6) for v in range(1, 7)] == [-3, -2, -1, 1, 2, 3]
    # marker centred on box 3: that box is 0
    assert [dice.distance(v, 5) for v in range(1, 7)] == [-2, -1, 0, 1, 2, 3]


def test_stack_moves_leave_the_markers_above_in_place() -> None:
    track: list[list[int]] = [[] for _ in range(15)]
    track[7] = [0, 2, 4]
    dice.move(track, 2, -2)
    assert track[7] == [0, 4] and track[5] == [2]
    dice.move(track, 4, -2)  # landing on an occupied space: on top, and so ahead
    assert track[5] == [2, 4]
    assert dice.ranking(track) == [4, 2, 0]


def test_snake_order_green_yellow_red_red_yellow_green() -> None:
    m = through_setup(start(3, rolls=[ROLL7], order=[0, 1, 2]))
    assert m.state.phase == "dice"
    seen = []
    while m.state.phase == "dice":
        seat = m.to_move[0]
        seen.append(seat)
        m.apply(seat, notations(m, seat)[0])
    assert seen == [0, 1, 2, 2, 1, 0]
    assert len(m.state.pool) == 1  # one leftover die with 3-4 players


def test_two_players_pick_by_rocket_and_leave_three_dice() -> None:
    m = through_setup(start(2, rolls=[ROLL7], order=[1, 0]))
    assert m.state.order == [1, 0, 1, 0]
    seen = []
    while m.state.phase == "dice":
        seat = m.to_move[0]
        seen.append(seat)
        assert any(n.endswith(("i1", "i2", "e1", "e2")) for n in notations(m, seat)) or all(
            len(n) == 1 for n in notations(m, seat)
        )
        m.apply(seat, notations(m, seat)[0])
    assert seen == [1, 0, 1, 0] and len(m.state.pool) == 3
    assert m.to_move == (1,)  # the owner of turn-order space 1 acts first


def test_setup_stacks_are_in_reverse_order_and_scores_5_6_7_8() -> None:
    m = start(4, order=[2, 0, 3, 1])
    s = m.state
    assert s.tracks[0][7] == [4, 0, 6, 2] and s.tracks[1][7] == [4, 0, 6, 2]  # first player at the bottom
    assert [s.players[seat].score for seat in (2, 0, 3, 1)] == [5, 6, 7, 8]
    # HQ sides in turn order, then start gates from the last player
    kinds = [(st.kind, st.seat) for st in reversed(s.pending)]
    assert kinds == [
        ("side", 2),
        ("side", 0),
        ("side", 3),
        ("side", 1),
        ("gate", 1),
        ("gate", 3),
        ("gate", 0),
        ("gate", 2),
    ]
    through_setup(m)
    assert len({p.ship for p in s.players}) == 4


def test_green_takes_a_two_and_moves_engineering_two_left() -> None:
    m = through_setup(start(3, rolls=[ROLL7], order=[0, 1, 2]))
    before = dice.find(m.state.tracks[1], 0)[0]
    m.apply(0, "2e")
    assert dice.find(m.state.tracks[1], 0) == (before - 2, 0)
    assert m.state.players[0].dice == [2]


def test_a_die_in_the_median_box_moves_nothing() -> None:
    m = through_setup(start(3, rolls=[[1, 2, 3, 3, 3, 5, 6]], order=[0, 1, 2]))
    assert m.state.median == 5
    assert "3" in notations(m, 0) and "3i" not in notations(m, 0)
    with pytest.raises(IllegalAction):
        m.apply(0, "3i")


def _at_left_end(m, seat: int) -> None:  # type: ignore[no-untyped-def]
    s = m.state
    for t in range(2):
        dice.move(s.tracks[t], seat * 2, -7)
    refresh(m)


def test_red_at_the_left_end_goes_on_top_when_nothing_else_is_possible() -> None:
    # the rulebook's example: red must move 1 left, both red markers are on the end space
    m = through_setup(start(3, rolls=[[1, 1, 1, 1, 2, 2, 2]], order=[2, 0, 1]))
    s = m.state
    s.pool = [3, 3]  # the dice left are all left of the marker (between 3 and 4)
    s.median = 6
    dice.move(s.tracks[0], 0, -7)  # green waits on the left end already
    _at_left_end(m, 2)
    legal = notations(m, 2)
    assert legal == ["3i", "3e"]  # the fallback: any die, any marker
    m.apply(2, "3i")
    assert s.tracks[0][0] == [0, 4]  # red on top of the stack at the end space


def test_strict_track_end_prefers_the_other_marker() -> None:
    m = through_setup(start(3, rolls=[[1, 1, 1, 1, 2, 2, 2]], order=[2, 0, 1]))
    s = m.state
    s.pool, s.median = [3, 4], 6
    dice.move(s.tracks[0], 4, -7)  # red's initiative marker at the left end
    refresh(m)
    legal = notations(m, 2)
    assert "3i" not in legal and "3e" in legal and "4i" in legal
    with pytest.raises(IllegalAction) as err:
        m.apply(2, "3i")
    assert "A1" in err.value.rule


def test_lenient_left_clamps_on_top() -> None:
    m = through_setup(start(3, rolls=[[1, 1, 1, 1, 2, 2, 2]], order=[2, 0, 1], track_ends="lenient_left"))
    s = m.state
    s.pool, s.median = [3, 4], 6
    dice.move(s.tracks[0], 4, -7)
    dice.move(s.tracks[0], 0, -7)
    refresh(m)
    assert "3i" in notations(m, 2)
    m.apply(2, "3i")
    assert s.tracks[0][0] == [0, 4]


def test_right_end_clamp_goes_to_the_bottom() -> None:
    track: list[list[int]] = [[] for _ in range(15)]
    track[14] = [2]
    track[13] = [0]
    dice.move(track, 0, 3, clamp=True)
    assert track[14] == [0, 2]


def test_balanced_start_sets_four_dice() -> None:
    m = through_setup(start(3, balanced_start=True))
    pool = list(m.state.pool)
    for v in (2, 3, 4, 5):
        pool.remove(v)
    assert len(pool) == 3
