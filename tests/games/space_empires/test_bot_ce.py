"""The heuristic bot's Close Encounters decisions (bot_ce.py): retreat through the planetary gates from a
lost battle (docs/games/space_empires.md §12.3.9), Black Hole Jump in the cooperative Doomsday scenarios
(§13.10) and the Deep Space barren planets that draw Alien Technology cards (§10.5), each in a planted
position."""

from __future__ import annotations

import pytest

from galaxis.core import Match, Step
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Marker
from galaxis.games.space_empires.bot import ce as bot_ce
from galaxis.games.space_empires.bot.agents import HeuristicAgent
from galaxis.games.space_empires.systems.ground_state import Invasion, Trooper

from .helpers import add_unit, mover, start, state, touch
from .test_gates import X, _colony, _ring

JUMP = "black_hole_jump"


# --- §12.3.9: retreat through the gates -------------------------------------------------------------------
def _ground_battle(mine: list[str], theirs: list[str]) -> tuple[Match, int, str]:
    """Round 2 of a ground battle at the bot's 3 CP colony: its units (``mine``, defending) against the
    invaders (``theirs``); the bot's first unit is to fire; its 5 CP colony two hexes away is free of enemies."""
    m = start(2, seed=1, scenario="planetary_gates")
    me = mover(m)
    target = _ring(X, 3)[0]
    refuge, poorer = _ring(target, 2)[0], _ring(target, 2)[1]
    _colony(m, target, me, value=3)
    _colony(m, refuge, me, value=5)
    _colony(m, poorer, me, value=1)
    s = state(m)
    troopers = [Trooper(f"g{i + 1}", k, 1, 0, 0) for i, k in enumerate(mine)]
    troopers += [Trooper(f"g{len(mine) + i + 1}", k, 0, 0, 0) for i, k in enumerate(theirs)]
    assert s.ground is not None
    s.ground.invasion = Invasion(target, 1 - me, me, 2, troopers, [t.tid for t in troopers[1:]], False)
    s.pending.append(Step("gtarget", me, {"shooter": "g1"}))
    touch(m)
    return m, me, refuge


def test_bot_retreats_through_the_gate_from_a_lost_ground_battle() -> None:
    m, me, refuge = _ground_battle(["Infantry"], ["Infantry", "Infantry", "Infantry"])
    legal = [a.notation for a in m.legal_actions(me)]
    assert f"gretreat g1 {refuge}" in legal and any(a.startswith("gt ") for a in legal)
    assert bot_ce.lost_ground_battle(m.observation(me), me)
    assert HeuristicAgent(1).act(m, me).notation == f"gretreat g1 {refuge}"  # to the colony worth most


def test_bot_fights_on_when_the_ground_battle_is_not_lost() -> None:
    m, me, refuge = _ground_battle(["Infantry", "Infantry", "Infantry"], ["Infantry"])
    assert f"gretreat g1 {refuge}" in [a.notation for a in m.legal_actions(me)]
    assert not bot_ce.lost_ground_battle(m.observation(me), me)
    assert HeuristicAgent(1).act(m, me).kind == "gt"


@pytest.mark.parametrize(("value", "flees"), [(1, True), (3, False)])
def test_bot_garrison_leaves_a_colony_the_bombardment_destroys(value: int, flees: bool) -> None:
    m = start(2, seed=1, scenario="planetary_gates")
    me = mover(m)
    foe = 1 - me
    target = _ring(X, 3)[0]
    refuge = _ring(target, 2)[0]
    _colony(m, target, foe, value=value, troops=("Infantry",))
    _colony(m, refuge, foe)
    s = state(m)
    add_unit(m, me, "DD", target, revealed=True)
    assert GAME._start_bombardment(s, me)
    touch(m)
    assert s.pending[-1].kind == "gflee" and mover(m) == foe
    action = HeuristicAgent(1).act(m, foe)
    assert action.notation == (f"flee Infantry {refuge}" if flees else "stay")


# --- §13.10: Black Hole Jump --------------------------------------------------------------------------------
def _econ_purchases(m: Match, seat: int) -> list[str]:
    """The bot plays ``seat``'s Economic Phase decisions until it is done; returns what it chose."""
    s = state(m)
    agent = HeuristicAgent(seat)
    chosen: list[str] = []
    for _ in range(200):
        if s.phase != "econ" or s.players[seat].done or seat not in m.to_move:
            break
        a = agent.act(m, seat)
        chosen.append(a.notation)
        m.apply(seat, a)
    return chosen


def _coop_econ(scenario: str, hole: bool) -> tuple[Match, int]:
    players = int(scenario[-2])
    m = start(players, seed=3, scenario=scenario)
    s = state(m)
    for h, mk in list(s.markers.items()):  # no face-up Black Hole or warp-point marker ...
        if mk.face_up and mk.kind in ("black_hole", "warp_point"):
            del s.markers[h]
    if hole:  # ... unless one is planted (a deep-space hex away from the homes)
        h = next(h for h, mk in sorted(s.markers.items()) if mk.pool == "deep" and h not in s.colonies)
        s.markers[h] = Marker("black_hole", 0, True, "deep")
    GAME._start_econ(s, [])
    seat = 0
    s.players[seat].cp += 300
    s.players[seat].earned += 300
    touch(m)
    return m, seat


@pytest.mark.parametrize("scenario", ["coop_dm_2p", "coop_dm_3p", "coop_dm_4p"])
def test_bot_buys_black_hole_jump_once_a_face_up_black_hole_is_known(scenario: str) -> None:
    m, seat = _coop_econ(scenario, hole=True)
    assert f"tech {JUMP}" in _econ_purchases(m, seat)
    assert state(m).players[seat].techs[JUMP] == 1


def test_bot_does_not_buy_black_hole_jump_with_only_warp_point_one() -> None:
    m, seat = _coop_econ("coop_dm_2p", hole=False)
    obs = m.observation(seat)
    assert len(bot_ce.jump_points(obs)) == 2  # warp point 1's two ends: joined for everyone anyway
    assert GAME._tech_problem(state(m), seat, JUMP) is None  # on offer and affordable
    assert f"tech {JUMP}" not in _econ_purchases(m, seat)
    assert state(m).players[seat].techs[JUMP] == 0


# --- §10.5: Deep Space barren planets draw cards ------------------------------------------------------------
def _colony_ship_between(barren_first: bool) -> tuple[Match, int, str, str, str]:
    """The bot's only mobile unit, a Colony Ship in Deep Space, with a free planet and a free Deep Space
    barren planet equally far (2 hexes) in opposite directions; no other settling target is known."""
    m = start(2, seed=2, alien_technology=True)
    s = state(m)
    me = mover(m)
    owner_of = data.hex_map(2).owner_of
    board_hexes = sorted(board.board_hexes(2))
    deep = [h for h in board_hexes if owner_of(parse_hex_id(h)) is None]

    def around(h: str, d: int) -> list[str]:
        return sorted(x for x in board_hexes if distance(parse_hex_id(h), parse_hex_id(x)) == d)

    here, a, b = "", "", ""
    for h in deep:
        ring = [x for x in around(h, 2) if x in deep]
        pairs = [
            (x, y) for x in ring for y in ring if x < y and distance(parse_hex_id(x), parse_hex_id(y)) == 4
        ]
        if pairs:
            here, (a, b) = h, pairs[0]
            break
    assert here
    for h, mk in list(s.markers.items()):  # no other face-up planet is free to settle
        if mk.face_up and mk.kind in ("planet", "barren") and h not in s.colonies:
            del s.markers[h]
    for h in around(here, 1) + around(here, 2) + [here]:
        if h not in s.colonies:
            s.markers.pop(h, None)  # explored, empty
    planet, barren = (b, a) if barren_first else (a, b)
    s.markers[planet] = Marker("planet", 0, True, "deep")
    s.markers[barren] = Marker("barren", 0, True, "deep")
    for u in list(s.units.values()):
        if u.owner == me and u.kind not in ("SY",):
            del s.units[u.uid]
    s.players[me].techs["terraforming"] = 1
    co = add_unit(m, me, "CO", here)
    touch(m)
    return m, me, co.uid, planet, barren


@pytest.mark.parametrize("barren_first", [False, True])
def test_bot_colony_ship_prefers_a_barren_planet_that_draws_a_card(barren_first: bool) -> None:
    m, me, co, planet, barren = _colony_ship_between(barren_first)
    obs = m.observation(me)
    assert barren in bot_ce.alien_tech.bot_barren_targets(obs, me)
    moves = [a for a in m.legal_actions(me) if a.kind == "move" and a.args[0] == co]
    here = state(m).units[co].hex
    d = lambda x, y: distance(parse_hex_id(x), parse_hex_id(y))  # noqa: E731
    assert any(d(a.args[1], planet) == 1 for a in moves) and any(d(a.args[1], barren) == 1 for a in moves)
    assert d(here, planet) == d(here, barren) == 2
    chosen = HeuristicAgent(1).act(m, me)
    assert chosen.kind == "move" and chosen.args[0] == co
    assert d(chosen.args[1], barren) == 1 and d(chosen.args[1], planet) > 1


def test_bot_colony_ship_still_takes_a_nearer_plain_planet() -> None:
    m, me, co, _planet, barren = _colony_ship_between(False)
    s = state(m)
    here = s.units[co].hex
    near = next(
        h
        for h in sorted(board.board_hexes(2))
        if distance(parse_hex_id(h), parse_hex_id(here)) == 1
        and distance(parse_hex_id(h), parse_hex_id(barren)) > 1
        and h not in s.colonies
    )
    s.markers[near] = Marker("planet", 0, True, "deep")
    touch(m)
    chosen = HeuristicAgent(1).act(m, me)
    assert chosen.notation == f"m {co} {near}"
