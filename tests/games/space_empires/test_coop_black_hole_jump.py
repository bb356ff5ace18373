"""Black Hole Jump, the technology of the cooperative Doomsday scenarios (docs/games/space_empires.md
§13.10 "Black Hole Jump"): 40 CP, buyable only there; ships then enter Black Holes without the survival
roll and treat every face-up Black Hole and warp point on the map as joined."""

from __future__ import annotations

from typing import Any

import pytest

from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.opponents.doomsday import coop

from .helpers import add_unit, mover, put_marker, start, state, touch

JUMP = "black_hole_jump"


def test_the_technology_is_one_level_at_forty_cp() -> None:
    for edition in data.EDITIONS:
        assert data.techs()[JUMP].start == 0
        assert data.techs()[JUMP].costs(edition) == (40,)


@pytest.mark.parametrize("scenario", ["coop_dm_2p", "coop_dm_3p", "coop_dm_4p"])
def test_buyable_in_the_cooperative_doomsday_scenarios(scenario: str) -> None:
    players = int(scenario[-2])
    m = start(players, seed=3, scenario=scenario)
    s = state(m)
    seat = 0
    s.players[seat].cp = 40
    assert GAME._tech_problem(s, seat, JUMP) is None
    s.players[seat].cp = 39
    assert str(GAME._tech_problem(s, seat, JUMP)) == "not enough CP (§7.5)"
    s.players[seat].cp = 40
    GAME._buy_tech(s, seat, JUMP)
    assert s.players[seat].techs[JUMP] == 1 and s.players[seat].cp == 0
    s.players[seat].cp = 100
    s.players[seat].bought_techs = []
    assert str(GAME._tech_problem(s, seat, JUMP)) == "Black Hole Jump is already at its highest level"


def test_not_buyable_elsewhere() -> None:
    m = start(2, seed=3)
    s = state(m)
    s.players[0].cp = 100
    assert "not a technology you can buy" in str(GAME._tech_problem(s, 0, JUMP))
    assert coop.extra_techs(s) == ()


def _ship_next_to_black_hole(m: Any, hole: str) -> tuple[int, str]:
    seat = mover(m)
    s = state(m)
    near = next(h for h in board.adjacent(len(s.players), hole) if h not in s.colonies)
    s.markers.pop(near, None)  # an empty hex to start from
    u = add_unit(m, seat, "DD", near)
    put_marker(m, hole, "black_hole", face_up=True)
    return seat, u.uid


@pytest.mark.parametrize("jump", [False, True])
def test_black_hole_entered_without_the_survival_roll(jump: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, seed=3, scenario="coop_dm_2p")
    seat, uid = _ship_next_to_black_hole(m, "8.3")
    state(m).players[seat].techs[JUMP] = int(jump)
    touch(m)
    rolls: list[int] = []

    def roll(rng: Any) -> int:
        rolls.append(10)
        return 10  # a roll that never survives a Black Hole

    monkeypatch.setattr(combat, "d10", roll)
    u = state(m).units[uid]
    m.apply(seat, f"m {board.counter_of(u)} 8.3")
    if jump:
        assert rolls == [] and state(m).units[uid].hex == "8.3"
    else:
        assert rolls == [10] and uid not in state(m).units


def _moves(m: Any, seat: int, cid: str) -> set[str]:
    return {a.args[1] for a in GAME.legal_actions(state(m), seat) if a.kind == "move" and a.args[0] == cid}


def test_black_holes_and_warp_points_are_joined_for_jumping_ships() -> None:
    m = start(2, seed=3, scenario="coop_dm_2p")
    s = state(m)
    seat = mover(m)
    put_marker(m, "8.3", "black_hole", face_up=True)
    put_marker(m, "2.8", "black_hole", face_up=True)
    put_marker(m, "9.9", "black_hole", face_up=False)  # face down: not a jump point
    u = add_unit(m, seat, "DD", "8.3")
    cid = board.counter_of(u)
    plain = _moves(m, seat, cid)
    assert "2.8" not in plain and "6.6" not in plain
    s.players[seat].techs[JUMP] = 1
    touch(m)
    jumps = _moves(m, seat, cid)
    # the other Black Hole and both ends of warp point 1 (3.4 and the Capitol 6.6), never a face-down marker
    assert jumps - plain == {"2.8", "3.4", "6.6"}
    assert coop.jump_links(s, 1 - seat, "8.3") == ()  # the ally without the technology cannot
    m.apply(seat, f"m {cid} 2.8")
    assert s.units[u.uid].hex == "2.8"


def test_a_ship_not_on_a_jump_point_gains_nothing() -> None:
    m = start(2, seed=3, scenario="coop_dm_2p")
    s = state(m)
    seat = mover(m)
    s.players[seat].techs[JUMP] = 1
    put_marker(m, "8.3", "black_hole", face_up=True)
    assert coop.jump_links(s, seat, "8.4") == ()
    assert set(coop.jump_links(s, seat, "8.3")) == {"3.4", "6.6"}
