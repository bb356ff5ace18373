"""Flights (§4.2-4.4): exact distance, no segment twice, dead ends, start gates, isolated
pulsars; stations, discovery bonuses and pulsar claims at the end of a flight."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galaxis.core import IllegalAction
from galaxis.games.pulsar.data import board
from galaxis.games.pulsar.flight import can_complete, endpoints, hops

from .helpers import action_phase, notations, play, start

NORMAL = board("normal")
DEADEND = board("deadend")


def closure(bd, start_node: int, length: int) -> set[int]:  # type: ignore[no-untyped-def]
    """Every end reachable by following the generator's hops (the game's flight)."""
    ends: set[int] = set()

    def go(node: int, used: list[int], left: int) -> None:
        if left == 0:
            ends.add(node)
            return
        options = hops(bd, node, used, left)
        assert options, "the generator offered a hop that leads nowhere"
        for e, v in options:
            go(v, [*used, e], left - 1)

    if can_complete(bd, start_node, set(), length):
        go(start_node, [], length)
    return ends


@settings(max_examples=150, deadline=None)
@given(side=st.sampled_from(["normal", "deadend"]), pick=st.integers(0, 200), length=st.integers(1, 8))
def test_flight_generator_agrees_with_brute_force(side: str, pick: int, length: int) -> None:
    bd = board(side)
    starts = sorted(n for n in bd.nodes if bd.kind[n] != "pulsar_isolated")
    node = starts[pick % len(starts)]
    assert closure(bd, node, length) == endpoints(bd, node, length)


def test_the_pulsar_in_a_triangle_is_reached_with_1_or_2_but_not_3() -> None:
    # pulsar 42 hangs off gates 41 and 43, which are linked: 41-42, 41-43, 42-43
    assert 42 in endpoints(NORMAL, 41, 1)
    assert 42 in endpoints(NORMAL, 41, 2)  # 41 -> 43 -> 42
    assert 42 not in endpoints(NORMAL, 41, 3)  # it would have to use a segment twice
    # a different flight may use the same segments again
    assert 41 in endpoints(NORMAL, 42, 1)


def test_never_back_into_a_start_gate_and_never_to_an_isolated_pulsar() -> None:
    for length in range(1, 9):
        for n in NORMAL.nodes:
            if NORMAL.kind[n] == "pulsar_isolated":
                continue
            ends = endpoints(NORMAL, n, length)
            assert not ends & set(NORMAL.start_gates)
            assert not ends & set(NORMAL.isolated)
    # from a start gate, 1 segment goes out, and the flight can never come back
    gate = NORMAL.start_gates[0]
    assert endpoints(NORMAL, gate, 2) and gate not in endpoints(NORMAL, gate, 2)


def test_flight_is_played_hop_by_hop_to_the_exact_length() -> None:
    m = start(3, order=[0, 1, 2], board="normal")
    s = action_phase(m, 0, [2, 5], ship=41)
    assert "fly 2" in notations(m, 0)
    play(m, 0, "fly 2")
    assert s.pending[-1].kind == "fly"
    first = notations(m, 0)
    assert ">43" in first and ">42" in first
    play(m, 0, ">43")
    with pytest.raises(IllegalAction) as err:
        m.apply(0, ">41")  # back along the segment just used
    assert err.value.rule == "§4.2 Flight"
    assert sorted(notations(m, 0)) == sorted(
        f">{v}" for _, v in hops(NORMAL, 43, list(s.pending[-1].data["used"]), 1)
    )


def test_ending_on_an_unclaimed_pulsar_claims_it() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [1, 5], ship=41)
    play(m, 0, "fly 1", ">42", "claim")  # you may claim it (§4.4)
    assert s.owner == {42: 0} and s.players[0].ship == 42
    # a claimed pulsar is not claimed again by someone else
    s2 = action_phase(m, 0, [1], ship=41)
    s2.owner[42] = 1
    play(m, 0, "fly 1", ">42")
    assert s2.owner[42] == 1 and not s2.pending  # nothing to claim


def test_passing_a_system_takes_a_lifeless_planet_ending_a_blue_one_with_the_bonus() -> None:
    # system 44 is between gates 43 and 45; with tile 5 (blue UL, lifeless L and R)
    # stations founded without asking (A5's other reading), so the planets are chosen at once
    m = start(
        3,
        order=[0, 1, 2],
        setup={"tiles": [5, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]},
        stations="mandatory",
    )
    s = m.state
    node44 = NORMAL.systems.index(44)
    tiles = dict(s.tiles)
    tiles[44], tiles[NORMAL.systems[0]] = 5, tiles[44]
    s.tiles = tiles
    assert node44 >= 0
    s = action_phase(m, 0, [2, 1], ship=43)
    play(m, 0, "fly 2", ">44", ">45")  # passes 44
    assert s.planets[44] == [-1, 0, -1]  # lifeless L first
    assert not s.pending
    s = action_phase(m, 1, [1], ship=43)
    play(m, 1, "fly 1", ">44")  # ends on 44: blue planet, then the bonus decision
    assert s.planets[44] == [1, 0, -1]
    assert notations(m, 1) == ["bonus", "explore"]
    play(m, 1, "bonus")
    assert s.players[1].held == ["m"] and s.players[1].pm == 2  # medium gyrodyne and a +-1 token


def test_one_station_per_player_per_system_and_blocked_planets() -> None:
    m = start(2, order=[0, 1], stations="mandatory")
    s = action_phase(m, 0, [1, 1], ship=43)
    play(m, 0, "fly 1", ">44")
    tile = s.tiles[44]
    from galaxis.games.pulsar.data import system_tiles

    for i, (_, _, label) in enumerate(system_tiles()[tile].planets):
        if label in ("3+", "4"):
            assert s.planets[44][i] == -2  # blocked with 2 players
    if s.pending:
        play(m, 0, "explore")
    play(m, 0, "fly 1", ">43")
    s.players[0].dice = [1]
    m._legal = {}
    play(m, 0, "fly 1", ">44")
    assert s.planets[44].count(0) == 1


def test_dead_end_flight_with_the_extra_exploration_tile() -> None:
    # the rulebook's example on the dead-end side: a 3-flight into the dead end and out
    # discovers two systems: the dead-end one (passed: extra tile) and the one it ends in (bonus)
    m = start(3, order=[0, 1, 2], board="deadend", stations="mandatory")
    s = action_phase(m, 0, [3, 4], ship=56)
    pile = len(s.explore_pile)
    play(m, 0, "fly 3", ">8", ">56", ">7")
    assert 0 in s.planets[8] and 0 in s.planets[7]
    assert len(s.explore_pile) == pile - 1  # the extra tile for the dead-end system
    assert s.pending[-1].kind == "discovery" and s.pending[-1].data["system"] == 7
    play(m, 0, "explore")
    # with a 4-flight passing both systems: only the extra tile, no discovery bonus
    m2 = start(3, order=[0, 1, 2], board="deadend", stations="mandatory")
    s2 = action_phase(m2, 0, [4], ship=56)
    pile = len(s2.explore_pile)
    play(m2, 0, "fly 4", ">8", ">56", ">7")
    nxt = notations(m2, 0)[0]
    play(m2, 0, nxt)
    assert 0 in s2.planets[8] and 0 in s2.planets[7]
    assert len(s2.explore_pile) == pile - 1 and not s2.pending


def test_claiming_the_dead_end_pulsar_draws_an_extra_tile() -> None:
    m = start(3, order=[0, 1, 2], board="deadend")
    s = action_phase(m, 0, [2], ship=50)
    pile = len(s.explore_pile)
    play(m, 0, "fly 2", ">49", ">33", "claim")
    assert s.owner[33] == 0 and len(s.explore_pile) == pile - 1


def test_at_most_six_pulsars() -> None:
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [1], ship=41)
    for n in [p for p in NORMAL.pulsars if p != 42][:6]:
        s.owner[n] = 0
    play(m, 0, "fly 1", ">42")
    assert 42 not in s.owner


def test_optional_stations_ask_in_flight_order() -> None:
    m = start(3, order=[0, 1, 2], stations="optional")
    s = action_phase(m, 0, [2], ship=43)
    play(m, 0, "fly 2", ">44", ">45")
    assert s.pending[-1].kind == "found" and notations(m, 0) == ["found", "skip"]
    play(m, 0, "skip")
    assert 0 not in s.planets[44] and not s.pending
