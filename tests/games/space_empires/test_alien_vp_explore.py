"""The victory-point Alien Players' own exploration of Deep Space markers and the Raider rule for unexplored
markers (docs/games/space_empires.md §13.12.5, alien_vp_explore.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Marker
from galaxis.games.space_empires.opponents import forces, moves, solo
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.alien_players import vp_npa as alien_vp_npa
from galaxis.games.space_empires.opponents.solo_state import Alien, AlienFleet
from galaxis.games.space_empires.state import SEState

from .helpers import add_unit, bots_play_to_the_end, planted_solo_dice, start, state, touch

TARGET = "3.5"  # a Deep Space hex of the 2-player map, the planted destroyer target


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Planted d10 results for the aliens' rolls (combat.roll_d10), consumed in order, then 1s."""
    yield from planted_solo_dice(monkeypatch, then_ones=True)


def _deep(s: SEState, hid: str) -> bool:
    return data.hex_map(len(s.players)).owner_of(parse_hex_id(hid)) is None


def _alien(m: Match) -> Alien:
    s = state(m)
    assert s.solo is not None
    return s.solo.aliens[0]


def _clear_around(s: SEState, centre: str, radius: int) -> None:
    for h in list(s.markers):
        if distance(parse_hex_id(h), parse_hex_id(centre)) <= radius:
            del s.markers[h]


def _fleet(m: Match, role: str = "destroyer", ways: int = 2) -> tuple[str, AlienFleet, list[str]]:
    """A fleet counter of ``role`` two moves from a player's colony at TARGET (its target), in Deep Space,
    with at least ``ways`` first steps; every marker within 3 hexes of TARGET is removed."""
    s = state(m)
    a = _alien(m)
    s.colonies[TARGET] = Colony(0, 1, False, False)
    _clear_around(s, TARGET, 3)
    for here in sorted(board.board_hexes(len(s.players))):
        if not _deep(s, here) or here in s.colonies or board.units_at(s, here):
            continue
        if distance(parse_hex_id(here), parse_hex_id(TARGET)) != 2:
            continue
        counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, here)
        fleet = AlienFleet(counter.uid, [], 30, role == "raider", 3, TARGET, 0, role)
        a.fleets.append(fleet)
        options = moves.route_options(s, counter.uid)
        if len(options) >= ways and all(_deep(s, h) for h in options):
            return counter.uid, fleet, options
        a.fleets.remove(fleet)
        del s.units[counter.uid]
    raise AssertionError("no hex to start from")


def test_a_fleet_looks_ahead_at_one_marker_on_its_route_once_a_turn() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, fleet, options = _fleet(m)
    for h in options:
        s.markers[h] = Marker("planet", 0, False, "deep")
    s.players[1].known.append(options[0])  # a player had peeked at it: it becomes public knowledge
    events: list[Any] = []
    alien_vp.looks_ahead(GAME, s, uid, events)
    assert s.markers[options[0]].face_up and not any(s.markers[h].face_up for h in options[1:])
    assert options[0] not in s.players[1].known
    (e,) = [e for e in events if e["type"] == "alien_vp_explores"]
    assert (e["hex"], e["marker"], e["peek"]) == (options[0], "planet", True)
    assert "looks ahead" in e["text"] and options[0] in e["text"]
    alien_vp.looks_ahead(GAME, s, uid, events)  # one look a turn (a Cruiser with Exploration 1)
    assert not any(s.markers[h].face_up for h in options[1:]) and len(events) == 1
    s.turn = s.turn % 3 + 1  # the next turn: one more look
    alien_vp.looks_ahead(GAME, s, uid, events)
    assert s.markers[options[1]].face_up and fleet.explored == s.cycle * 10 + s.turn


def test_a_marker_off_the_route_is_never_looked_at() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, _f, options = _fleet(m)
    here = s.units[uid].hex
    off = sorted(h for h in board.adjacent(len(s.players), here) if h not in options)
    for h in off:
        s.markers[h] = Marker("planet", 0, False, "deep")
    alien_vp.looks_ahead(GAME, s, uid, [])
    assert not any(s.markers[h].face_up for h in off)


def test_a_revealed_black_hole_is_never_entered() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, _f, options = _fleet(m)
    s.markers[options[0]] = Marker("black_hole", 0, False, "deep")
    assert options[0] in moves.route_options(s, uid)  # face down: the route may still cross it
    alien_vp.looks_ahead(GAME, s, uid, [])
    assert s.markers[options[0]].face_up
    after = moves.route_options(s, uid)
    assert after and options[0] not in after


@pytest.mark.parametrize("kind", ["danger", "lost_in_space", "doomsday"])
def test_one_shot_markers_looked_at_are_removed_harmlessly(kind: str) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, _f, options = _fleet(m)
    s.markers[options[0]] = Marker(kind, 0, False, "deep")
    alien_vp.looks_ahead(GAME, s, uid, [])
    assert options[0] not in s.markers and uid in s.units


def test_a_barren_planet_found_ahead_gets_its_aliens_and_becomes_an_expansion_target() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, fleet, options = _fleet(m, "expansion", ways=1)
    s.markers[options[0]] = Marker("barren", 0, False, "deep")
    before = {u for u in s.units if s.units[u].owner == board.NPA}
    alien_vp.looks_ahead(GAME, s, uid, [])
    npas = [u for u in s.units if s.units[u].owner == board.NPA and u not in before]
    assert len(npas) == 4 and {s.units[u].hex for u in npas} == {options[0]}
    assert options[0] in alien_vp_npa.npa_planets(s)
    assert options[0] in (alien_vp.targets(s, fleet, _alien(m), uid) or [])


def test_raiders_and_colony_ships_do_not_explore() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, fleet, options = _fleet(m)
    for h in options:
        s.markers[h] = Marker("planet", 0, False, "deep")
    for role in ("raider", "colony_ship"):
        fleet.role, fleet.raider = role, role == "raider"
        alien_vp.looks_ahead(GAME, s, uid, [])
        events: list[Any] = []
        moves.move_one_hex(GAME, s, uid, options[0], events)
        assert not s.markers[options[0]].face_up and fleet.moved < 99
        assert not any(e["type"] == "alien_vp_explores" for e in events)
        s.units[uid].hex = s.units[uid].came_from


def test_entering_a_face_down_deep_space_hex_explores_it_and_ends_the_move() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, fleet, options = _fleet(m)
    s.markers[options[0]] = Marker("minerals", 5, False, "deep")
    events: list[Any] = []
    moves.move_one_hex(GAME, s, uid, options[0], events)
    assert s.markers[options[0]].face_up and fleet.moved == 99
    (e,) = [e for e in events if e["type"] == "alien_vp_explores"]
    assert not e["peek"] and "enters and explores" in e["text"]
    # A face-up marker is entered without a stop.
    fleet.moved = 0
    nxt = moves.route_options(s, uid)[0]
    s.markers[nxt] = Marker("planet", 0, True, "deep")
    moves.move_one_hex(GAME, s, uid, nxt, [])
    assert fleet.moved == 1


def test_entering_danger_destroys_the_fleet() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, fleet, options = _fleet(m)
    s.markers[options[0]] = Marker("danger", 0, False, "deep")
    events: list[Any] = []
    moves.move_one_hex(GAME, s, uid, options[0], events)
    assert uid not in s.units and options[0] not in s.markers
    assert any(e["type"] == "destroyed" and e["unit"] == uid for e in events)
    assert fleet not in _alien(m).fleets and solo.invariants(s) == []


@pytest.mark.parametrize(("roll", "survives"), [(6, True), (7, False)])
def test_entering_a_black_hole_rolls_for_survival(dice: list[int], roll: int, survives: bool) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, fleet, options = _fleet(m)
    s.markers[options[0]] = Marker("black_hole", 0, False, "deep")
    dice.append(roll)
    moves.move_one_hex(GAME, s, uid, options[0], [])
    assert (uid in s.units) is survives and s.markers[options[0]].face_up
    assert (fleet in _alien(m).fleets) is survives and solo.invariants(s) == []


def test_entering_a_supernova_sends_the_fleet_back() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    uid, _f, options = _fleet(m)
    here = s.units[uid].hex
    s.markers[options[0]] = Marker("supernova", 0, False, "deep")
    moves.move_one_hex(GAME, s, uid, options[0], [])
    assert s.units[uid].hex == here and s.markers[options[0]].face_up


@pytest.mark.parametrize("role", ["expansion", "destroyer"])
def test_entering_a_barren_planet_places_aliens_and_the_fleet_fights_them(dice: list[int], role: str) -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    uid, fleet, options = _fleet(m, role, ways=1)
    s.markers[options[0]] = Marker("barren", 0, False, "deep")
    events: list[Any] = []
    moves.move_one_hex(GAME, s, uid, options[0], events)
    here = board.units_at(s, options[0])
    assert sum(1 for v in here if v.owner == board.NPA) == 4
    alien_vp.after_fleet_moves(s, a, fleet, events)  # its ships are bought and fight
    assert any(e["type"] == "alien_fleet" for e in events) and any(e["type"] == "shot" for e in events)


def test_home_system_markers_are_not_explored() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    hid, mk = next(
        (h, mk)
        for h, mk in sorted(s.markers.items())
        if not mk.face_up and not _deep(s, h) and not board.units_at(s, h)
    )
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, hid)
    a.fleets.append(AlienFleet(counter.uid, [], 30, False, 3, TARGET, 0, "destroyer"))
    alien_vp.enters(GAME, s, counter.uid, [])
    assert not mk.face_up


# --- a live player may not enter an unexplored Deep Space hex holding an alien Raider fleet ---------------
def test_a_raider_on_an_unexplored_marker_bars_the_live_players() -> None:
    m = start(2, seed=1, scenario="coop_ap_2p")
    s = state(m)
    a = _alien(m)
    _clear_around(s, TARGET, 1)
    ship = add_unit(m, 1, "CA", next(h for h in board.adjacent(2, TARGET) if not board.units_at(s, h)))
    s.markers[TARGET] = Marker("planet", 0, False, "deep")
    move = f"m {board.counter_of(ship)} {TARGET}"
    assert GAME._move_problem(s, ship, TARGET) is None
    assert move in [x.notation for x in GAME.legal_actions(s, 1)]
    raider = forces.alien_unit(s, a, "R", TARGET)
    a.fleets.append(AlienFleet("", [raider.uid], 0, True, 3, "", 0, "raider"))
    touch(m)
    problem = GAME._move_problem(s, ship, TARGET)
    assert problem is not None and "Raider" in str(problem)
    assert move not in [x.notation for x in GAME.legal_actions(s, 1)]
    s.markers[TARGET].face_up = True  # explored: the Raiders no longer bar it
    assert GAME._move_problem(s, ship, TARGET) is None
    s.markers[TARGET].face_up = False
    a.fleets[-1].raider, a.fleets[-1].role = False, "expansion"  # only a Raider fleet bars it
    assert GAME._move_problem(s, ship, TARGET) is None


@pytest.mark.parametrize(("agent", "seed"), [("random", 4), ("heuristic", 5)])
def test_bots_play_with_exploring_and_invading_aliens_to_the_end(
    monkeypatch: pytest.MonkeyPatch, agent: str, seed: int
) -> None:
    from galaxis.games.space_empires.opponents.alien_players import vp_explore as alien_vp_explore

    flips: list[str] = []
    real = alien_vp_explore._flip

    def counted(*args: Any) -> None:
        flips.append(args[4])
        real(*args)

    monkeypatch.setattr(alien_vp_explore, "_flip", counted)
    m = start(2, seed=seed, scenario="coop_ap_2p", ground_combat=True)
    s = state(m)
    bots_play_to_the_end(
        m, agent, lambda: None if not solo.invariants(s) else pytest.fail(str(solo.invariants(s)))
    )
    assert m.is_over and flips  # the aliens explored Deep Space on their way
