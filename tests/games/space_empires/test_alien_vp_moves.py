"""The victory-point Alien Players' fleets stopped by Asteroids and Nebulae, and the Raiders' avoidance of
Nebulae and of stronger live fleets (docs/games/space_empires.md §13.12.5, alien_vp_moves.py)."""

from __future__ import annotations

from typing import Any

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Marker
from galaxis.games.space_empires.opponents import forces, moves, solo
from galaxis.games.space_empires.opponents.alien_players import vp_moves as alien_vp_moves
from galaxis.games.space_empires.opponents.solo_state import Alien, AlienFleet
from galaxis.games.space_empires.state import SEState

from .helpers import add_unit, bots_play_to_the_end, start, state, touch


def _deep(s: SEState, hid: str) -> bool:
    return data.hex_map(len(s.players)).owner_of(parse_hex_id(hid)) is None


def _d(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


def _alien(s: SEState) -> Alien:
    assert s.solo is not None
    return s.solo.aliens[0]


def _place(s: SEState, middles: int) -> tuple[str, str, list[str]]:
    """A Deep Space start and target 2 hexes apart with ``middles`` hexes between them (1: in a straight
    line, 2: not), the area clear of markers, units and colonies."""
    players = len(s.players)
    for here in sorted(board.board_hexes(players)):
        for target in sorted(board.board_hexes(players)):
            if _d(here, target) != 2:
                continue
            area = [h for h in board.board_hexes(players) if _d(h, here) <= 3]
            if len([h for h in area if _d(h, here) <= 2]) < 19:
                continue  # a full ring of 2 hexes round the start: room for the detours
            if not all(h not in s.colonies and not board.units_at(s, h) for h in area if _d(h, here) <= 2):
                continue
            mids = sorted(set(board.adjacent(players, here)) & set(board.adjacent(players, target)))
            if len(mids) == middles and all(_deep(s, h) for h in [here, target, *mids]):
                for h in area:
                    s.markers.pop(h, None)
                s.colonies[target] = Colony(0, 1, False, False)
                return here, target, mids
    raise AssertionError("no place to plant the fleet")


def _raider(s: SEState, here: str, target: str, ships: int = 2) -> tuple[str, AlienFleet]:
    a = _alien(s)
    units = [forces.alien_unit(s, a, "R", here) for _ in range(ships)]
    fleet = AlienFleet("", [u.uid for u in units], 0, True, 3, target, 0, "raider")
    a.fleets.append(fleet)
    return units[0].uid, fleet


def _match(turn: int = 1, move: int = 1) -> tuple[Match, SEState]:
    m = start(2, seed=3, scenario="coop_ap_2p")
    touch(m)
    s = state(m)
    s.turn = turn
    for a in s.solo.aliens if s.solo else []:
        a.techs["move"] = move
    return m, s


# --- Asteroids and Nebulae stop the aliens' fleets -------------------------------------------------------------
@pytest.mark.parametrize("terrain", ["asteroids", "nebula"])
@pytest.mark.parametrize("role", ["destroyer", "expansion", "raider"])
def test_an_alien_fleet_entering_asteroids_or_a_nebula_ends_its_move(terrain: str, role: str) -> None:
    _m, s = _match(turn=1, move=7)  # 3 moves a turn
    here, target, mids = _place(s, 2)
    a = _alien(s)
    counter = forces.alien_unit(s, a, "R" if role == "raider" else forces.FLEET_COUNTER, here)
    fleet = AlienFleet(
        "" if role == "raider" else counter.uid,
        [counter.uid] if role == "raider" else [],
        30,
        role == "raider",
        3,
        target,
        0,
        role,
    )
    a.fleets.append(fleet)
    s.markers[mids[0]] = Marker(terrain, 0, True, "deep")
    events: list[Any] = []
    moves.move_one_hex(GAME, s, counter.uid, mids[1], events)  # open space: it may go on
    assert moves.next_mover(s) == (counter.uid, 3)
    state_hex = mids[0]
    s.units[counter.uid].hex = here
    moves.move_one_hex(GAME, s, counter.uid, state_hex, events)
    assert s.units[counter.uid].hex == state_hex
    assert fleet.moved >= 3 and moves.next_mover(s) is None  # stopped for the turn


def test_a_face_down_nebula_stops_no_raider() -> None:
    _m, s = _match(turn=1, move=7)
    here, target, mids = _place(s, 2)
    uid, fleet = _raider(s, here, target)
    s.markers[mids[0]] = Marker("nebula", 0, False, "deep")  # its kind is not known: no terrain yet
    moves.move_one_hex(GAME, s, uid, mids[0], [])
    assert fleet.moved == 1


def test_the_quickest_route_counts_the_stops() -> None:
    _m, s = _match(turn=1, move=7)  # 3 moves a turn: 2 moves reach the target this turn
    here, target, mids = _place(s, 1)
    uid, _fleet = _raider(s, here, target)
    assert alien_vp_moves.earliest(s, uid, {target}) == {target: 0}
    s.turn = 3
    s.markers[mids[0]] = Marker("asteroids", 0, True, "deep")
    for h in board.adjacent(len(s.players), here):  # every way passes a stop, so it arrives next cycle
        s.markers[h] = Marker("asteroids", 0, True, "deep")
    assert alien_vp_moves.earliest(s, uid, {target}) == {target: 1}


def test_expansion_fleets_count_the_stops_in_economic_phases() -> None:
    """The nearer colony ringed by Asteroids is reached only next cycle: the farther one in open space,
    reached this cycle, becomes the target."""
    _m, s = _match(turn=3, move=7)  # 3 moves left before the Economic Phase
    here, near, _mids = _place(s, 1)
    players = len(s.players)
    far = next(
        h
        for h in sorted(board.board_hexes(players), key=lambda h: -_d(h, near))
        if _d(h, here) == 3 and h not in s.colonies and not board.units_at(s, h)
    )
    for h in board.board_hexes(players):
        if _d(h, far) <= 3:
            s.markers.pop(h, None)
    s.colonies[far] = Colony(0, 1, False, False)
    a = _alien(s)
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, here)
    a.fleets.append(AlienFleet(counter.uid, [], 30, False, 3, "", 0, "expansion"))
    assert moves.targets_of(s, counter.uid) == [near]  # 2 moves against 3, both this cycle
    for h in board.adjacent(players, near):
        s.markers[h] = Marker("asteroids", 0, True, "deep")
    assert alien_vp_moves.earliest(s, counter.uid, {near, far}) == {near: 1, far: 0}
    assert moves.targets_of(s, counter.uid) == [far]


# --- Raiders go round a Nebula when it costs no Economic Phase ---------------------------------------------------
def test_a_raider_detours_round_a_nebula_when_it_costs_no_economic_phase() -> None:
    _m, s = _match(turn=1, move=1)  # 1 move a turn: 3 moves before the Economic Phase
    here, target, mids = _place(s, 1)
    uid, _fleet = _raider(s, here, target)
    assert set(moves.route_options(s, uid)) == set(mids)  # in open space: straight on
    s.markers[mids[0]] = Marker("nebula", 0, True, "deep")
    options = moves.route_options(s, uid)
    assert mids[0] not in options and len(options) == 2  # the two ways round it, 3 moves, this cycle
    assert all(_d(h, target) == 2 and _d(h, mids[0]) == 1 for h in options)


def test_a_raider_goes_through_a_nebula_when_a_detour_costs_an_economic_phase() -> None:
    _m, s = _match(turn=2, move=1)  # 2 moves left before the Economic Phase: the detour needs 3
    here, target, mids = _place(s, 1)
    uid, _fleet = _raider(s, here, target)
    s.markers[mids[0]] = Marker("nebula", 0, True, "deep")
    assert set(moves.route_options(s, uid)) == set(mids)


def test_destroyer_fleets_do_not_shun_nebulae() -> None:
    _m, s = _match(turn=1, move=1)
    here, target, mids = _place(s, 1)
    a = _alien(s)
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, here)
    a.fleets.append(AlienFleet("", [counter.uid], 30, False, 3, target, 0, "expansion"))
    s.markers[mids[0]] = Marker("nebula", 0, True, "deep")
    s.colonies[target] = Colony(0, 1, False, False)
    assert set(moves.route_options(s, counter.uid)) == set(mids)


# --- Raiders avoid combat with stronger fleets ----------------------------------------------------------------
def _blocked(kinds: list[str], revealed: bool = True) -> tuple[list[str], list[str]]:
    m, s = _match(turn=1, move=1)
    here, target, mids = _place(s, 2)
    uid, fleet = _raider(s, here, target)  # 2 Raiders: 24 CP
    assert alien_vp_moves.fleet_cost(s, fleet) == 24
    for k in kinds:
        add_unit(m, 0, k, mids[0], revealed=revealed)
    return moves.route_options(s, uid), mids


def test_a_raider_avoids_a_stronger_fleet() -> None:
    options, mids = _blocked(["BB", "CA"])  # 32 CP > 24
    assert options == [mids[1]]


def test_a_raider_does_not_avoid_a_weaker_fleet() -> None:
    options, mids = _blocked(["BB"])  # 20 CP <= 24
    assert set(options) == set(mids)


def test_a_raider_avoids_a_flagship_fleet_worth_more_than_half_its_cost() -> None:
    options, mids = _blocked(["FS", "DD", "SC"])  # a Flagship and 15 CP > 12
    assert options == [mids[1]]
    options, mids = _blocked(["DD", "SC"])  # the same 15 CP without a Flagship
    assert set(options) == set(mids)
    options, mids = _blocked(["FS", "CA"])  # a Flagship and 12 CP: not more than half of 24
    assert set(options) == set(mids)


def test_a_raider_judges_face_down_counters_by_what_is_public() -> None:
    """A face-down counter counts 9 CP whatever it holds: three of them (27 CP) are avoided, two are not,
    a face-down Battleship no more than a face-down Scout."""
    options, mids = _blocked(["SC", "SC", "SC"], revealed=False)
    assert options == [mids[1]]
    for kinds in (["BB", "BB"], ["SC", "SC"]):
        options, mids = _blocked(kinds, revealed=False)
        assert set(options) == set(mids)


def test_a_raider_avoids_combat_only_when_it_costs_no_economic_phase() -> None:
    m, s = _match(turn=2, move=1)  # 2 moves left before the Economic Phase: the detour needs 3
    here, target, mids = _place(s, 1)
    uid, fleet = _raider(s, here, target)
    for _ in range(3):
        add_unit(m, 0, "BB", mids[0], revealed=True)
    assert set(moves.route_options(s, uid)) == set(mids)  # a detour arrives a cycle later: straight on
    s.turn = 1
    fleet.moved = 0
    options = moves.route_options(s, uid)
    assert mids[0] not in options and len(options) == 2


# --- the bots play the scenarios to the end with all this -------------------------------------------------
@pytest.mark.parametrize(("scenario", "agent"), [("coop_ap_2p", "heuristic"), ("solo_ap_vp", "random")])
def test_bots_play_the_alien_vp_scenarios_to_the_end(
    monkeypatch: pytest.MonkeyPatch, scenario: str, agent: str
) -> None:
    stops: list[str] = []
    real = alien_vp_moves.stops_in_terrain

    def counted(s: SEState, uid: str) -> None:
        real(s, uid)
        if uid in s.units and board.terrain(s, s.units[uid].hex) != "open":
            stops.append(uid)

    monkeypatch.setattr(alien_vp_moves, "stops_in_terrain", counted)
    # seeds whose games meet the Nebulae (with the scenarios' experience and ground troops, §12.4)
    m = start(
        2 if scenario == "coop_ap_2p" else 1, seed=5 if scenario == "coop_ap_2p" else 1, scenario=scenario
    )
    s = state(m)
    bots_play_to_the_end(
        m, agent, lambda: None if not solo.invariants(s) else pytest.fail(str(solo.invariants(s)))
    )
    assert m.is_over and stops  # the Capitol's Nebulae stopped the aliens on their way
