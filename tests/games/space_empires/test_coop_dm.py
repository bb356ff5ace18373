"""The cooperative Doomsday Machine scenarios coop_dm_2p/3p/4p (docs/games/space_empires.md §13.10):
the seed's tables row by row, the set-up, the type and entry-side rolls and targets, the machines'
movement and markers, the victory-point track, the alliance, won and lost games and full games played
by random and heuristic bots."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import galaxis
from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.base.state import Colony, Marker, Unit
from galaxis.games.space_empires.opponents import battles, forces, moves, sheets, solo
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.opponents.solo_state import CAPITOL, DOOMSDAY
from galaxis.games.space_empires.opponents.tables import solo_tables
from galaxis.games.space_empires.scenarios.setups import scenarios
from galaxis.games.space_empires.state import SEState

from .helpers import (
    SEED_DM_STRENGTH,
    add_unit,
    bots_play_to_the_end,
    hw,
    planted_solo_dice,
    start,
    state,
    touch,
)

DIFFICULTIES = ("easy", "normal", "hard", "harder", "good_luck")


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Planted d10 results for the machines' rolls (combat.roll_d10), consumed in order."""
    yield from planted_solo_dice(monkeypatch)


def _coop(m: Match) -> Any:
    s = state(m)
    assert s.solo is not None and s.solo.coop is not None
    return s.solo.coop


# --- the seed's tables, row by row ---------------------------------------------------------------------
# "NEHÉZSÉG TÁBLÁZAT" of the 2-player scenario (the 3-player one plays "the same"): phase/strength, xN.
SEED_COOP_2P = {
    "easy": [(6, 1, 1), (7, 3, 1), (8, 5, 1), (10, 7, 1), (12, 9, 1)],
    "normal": [(6, 3, 1), (7, 4, 1), (8, 6, 1), (10, 8, 1), (12, 10, 1)],
    "hard": [(5, 4, 1), (6, 5, 1), (7, 7, 1), (9, 9, 1), (10, 10, 1)],
    "harder": [(5, 5, 1), (6, 6, 1), (7, 8, 1), (8, 10, 1), (10, 8, 2)],
    "good_luck": [(5, 6, 1), (6, 7, 1), (7, 9, 1), (8, 8, 2), (10, 9, 3)],
}
SEED_COOP_4P = {
    "easy": [(6, 2, 1), (7, 4, 1), (8, 7, 1), (11, 9, 1), (12, 7, 2)],
    "normal": [(6, 4, 1), (7, 6, 1), (8, 9, 1), (9, 10, 1), (12, 9, 2)],
    "hard": [(5, 3, 1), (6, 5, 1), (7, 7, 1), (9, 8, 2), (10, 10, 2)],
    "harder": [(5, 4, 1), (6, 6, 1), (7, 6, 2), (10, 8, 2), (12, 9, 3)],
    "good_luck": [(5, 4, 2), (6, 6, 1), (7, 6, 2), (9, 8, 2), (11, 10, 3)],
}
SEED_VP = {
    2: {"easy": 14, "normal": 12, "hard": 10, "harder": 8, "good_luck": 6},
    3: {"easy": 10, "normal": 8, "hard": 7, "harder": 6, "good_luck": 5},
    4: {"easy": 10, "normal": 8, "hard": 7, "harder": 6, "good_luck": 5},
}
SEED_WEAKNESS = {1: "fighters", 2: "fighters", 3: "mines", 4: "mines", 5: "cloaking", 6: "cloaking"}
SEED_WEAKNESS |= {7: "large_fleets", 8: "large_fleets", 9: "none", 10: "none"}


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_difficulty_rows_2p_3p(difficulty: str) -> None:
    rows = solo_tables().doomsday.coop_schedule[difficulty]
    assert [tuple(r) for r in rows] == SEED_COOP_2P[difficulty]


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_difficulty_rows_4p(difficulty: str) -> None:
    rows = solo_tables().doomsday.coop_schedule_4p[difficulty]
    assert [tuple(r) for r in rows] == SEED_COOP_4P[difficulty]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_victory_point_thresholds(players: int, difficulty: str) -> None:
    assert solo_tables().doomsday.coop_victory_points[players][difficulty] == SEED_VP[players][difficulty]
    m = start(players, seed=1, scenario=f"coop_dm_{players}p", difficulty=difficulty)
    assert _coop(m).vp_needed == SEED_VP[players][difficulty]
    schedule = SEED_COOP_4P if players == 4 else SEED_COOP_2P
    s = state(m)
    assert s.solo is not None
    assert [tuple(e) for e in s.solo.schedule] == schedule[difficulty]
    assert s.solo.dm_total == sum(n for _, _, n in schedule[difficulty])


@pytest.mark.parametrize("strength", range(1, 11))
def test_strength_rows(strength: int) -> None:
    row = solo_tables().doomsday.strength[strength]
    assert (row.cls, row.attack, row.defense, row.hull, row.attacks) == SEED_DM_STRENGTH[strength]


@pytest.mark.parametrize("roll", range(1, 11))
def test_weakness_rows(roll: int) -> None:
    found = next(r.weakness for r in solo_tables().doomsday.weakness if roll in r.rolls)
    assert found == SEED_WEAKNESS[roll]


@pytest.mark.parametrize("roll", range(1, 11))
def test_type_and_side_tables(roll: int) -> None:
    t = solo_tables().doomsday.coop
    assert t.role(roll) == ("destroyer" if roll <= 6 else "explorer")
    assert t.side(roll) == ("left" if roll <= 4 else "middle" if roll <= 6 else "right")


def test_victory_point_values() -> None:
    t = solo_tables().doomsday.coop
    assert (t.vp_mineral, t.vp_mineral_max, t.vp_player_colony, t.vp_npa_planet) == (1, 2, 2, 2)
    assert t.vp_deep_space_colony == -2 and t.early_move_cost == 5 and t.speed == 1
    assert (t.capitol_value, t.capitol_mineral) == (5, 10)


# --- set-up --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    m = start(players, seed=3, scenario=f"coop_dm_{players}p")
    s = state(m)
    c = _coop(m)
    spec = scenarios()[f"coop_dm_{players}p"]
    assert s.colonies[c.capitol] == Colony(CAPITOL, 5, False, False)
    gc = s.markers[c.capitol]
    assert (gc.kind, gc.value, gc.face_up) == ("minerals", 10, True)
    nebulae = [h for h, mk in s.markers.items() if mk.kind == "nebula" and mk.face_up and mk.pool == "deep"]
    assert sorted(nebulae) == sorted(mk.hex for mk in spec.markers if mk.kind == "nebula")
    assert len(nebulae) == (3 if players == 4 else 6)
    for p in s.players:
        assert p.techs["terraforming"] == 1 and p.techs["exploration"] == 1
    assert c.vp == 0 and c.capitol in c.warp
    # Warp point 1 joins the Capitol to its other end for the players' movement.
    other = coop.warp_link(s, c.capitol)
    assert other in c.warp and other != c.capitol
    assert other in moves.neighbours(s, c.capitol) and c.capitol in moves.neighbours(s, other)


def test_other_player_counts_are_refused() -> None:
    with pytest.raises(Exception, match="coop_dm_2p is for 2 player"):
        start(3, seed=1, scenario="coop_dm_2p")
    with pytest.raises(Exception, match="difficulties"):
        start(2, seed=1, scenario="coop_dm_2p", difficulty="really_tough")


# --- entry: type roll, side roll, targets --------------------------------------------------------------
def _enter(m: Match, strength: int = 3) -> tuple[str, list[Any]]:
    """Lets one scheduled machine enter now (the entry hexes emptied first); its id and the events."""
    s = state(m)
    assert s.solo is not None
    for hid in _coop(m).sides.values():
        s.markers.pop(hid, None)  # empty entry hexes: nothing to explore there
    before = {u.uid for u in s.units.values() if u.kind == "DM"}
    s.solo.schedule = [[s.cycle, strength, 1]]
    events: list[Any] = []
    sheets.economic_phase(GAME, s, events)
    touch(m)
    (uid,) = [u.uid for u in s.units.values() if u.kind == "DM" and u.uid not in before]
    return uid, events


@pytest.mark.parametrize(
    ("rolls", "role", "side", "target"),
    [
        ((1, 1), "destroyer", "left", "A"),
        ((6, 4), "destroyer", "left", "A"),
        ((3, 5), "destroyer", "middle", "GC"),
        ((2, 6), "destroyer", "middle", "GC"),
        ((4, 7), "destroyer", "right", "B"),
        ((5, 10), "destroyer", "right", "B"),
        ((7, 1), "explorer", "left", ""),
        ((10, 8), "explorer", "right", ""),
    ],
)
def test_two_player_entry(dice: list[int], rolls: tuple[int, int], role: str, side: str, target: str) -> None:
    m = start(2, seed=5, scenario="coop_dm_2p")
    dice.extend(rolls)
    uid, events = _enter(m)
    c = _coop(m)
    s = state(m)
    cm = c.machines[uid]
    assert (cm.role, cm.side) == (role, side)
    assert s.units[uid].hex == c.sides[side] and s.units[uid].owner == DOOMSDAY
    expected = {"A": hw(m, 0), "B": hw(m, 1), "GC": c.capitol, "": ""}[target]
    assert cm.target == expected
    assert any(e["type"] == "doomsday_role" and e["type_roll"] == rolls[0] for e in events)


def test_two_player_explorer_heads_for_the_nearest_colony_not_home_worlds(dice: list[int]) -> None:
    m = start(2, seed=5, scenario="coop_dm_2p")
    s = state(m)
    dice.extend([8, 5])  # explorer, middle
    uid, _ = _enter(m)
    for v in [v.uid for v in s.units.values() if v.owner == board.NPA]:
        del s.units[v]
    # Nothing but home worlds (and the Capitol, never an explorer's target): the nearest home world.
    assert set(coop.targets(s, uid)) <= {hw(m, 0), hw(m, 1)} and coop.targets(s, uid)
    s.units["n99"] = Unit("n99", board.NPA, "NPA-B", "9.2", 0, 0, 0, 0, 0, 0, True, "", True, "")
    assert coop.targets(s, uid) == ["9.2"]  # a non-player alien planet
    del s.units["n99"]
    s.colonies["8.6"] = Colony(1, 1, False, False)
    assert coop.targets(s, uid) == ["8.6"]  # a colony beats the home worlds and the Capitol


@pytest.mark.parametrize(("side", "letter"), [("left", "C"), ("middle", "A"), ("right", "B")])
def test_three_player_destroyers_attack_the_opposite_home_world(
    dice: list[int], side: str, letter: str
) -> None:
    m = start(3, seed=5, scenario="coop_dm_3p")
    dice.extend([1, {"left": 1, "middle": 5, "right": 7}[side]])
    uid, _ = _enter(m)
    assert _coop(m).machines[uid].target == hw(m, "ABC".index(letter))
    # Destroyers avoid the Capitol's hex; explorers head for it.
    assert not coop.passable(state(m), _coop(m).capitol, uid)


def test_three_and_four_player_explorers_head_for_the_capitol(dice: list[int]) -> None:
    for players in (3, 4):
        m = start(players, seed=5, scenario=f"coop_dm_{players}p")
        dice.extend([9, 5])
        uid, _ = _enter(m)
        assert coop.targets(state(m), uid) == [_coop(m).capitol]
        assert coop.passable(state(m), _coop(m).capitol, uid)


def test_four_player_destroyers_pick_the_weaker_empire_across_the_map(dice: list[int]) -> None:
    m = start(4, seed=5, scenario="coop_dm_4p")
    s = state(m)
    s.colonies["6.6"] = Colony(1, 5, False, False)  # B is richer than D
    dice.extend([1, 1])  # destroyer, left: B or D
    uid, _ = _enter(m)
    assert _coop(m).machines[uid].target == hw(m, 3)
    s.colonies["6.8"] = Colony(0, 5, False, False)  # A ties B, C and D are poorer: C and D tie
    dice.extend([2, 7, 6])  # destroyer, right (A or C): C is poorer
    uid2, _ = _enter(m)
    assert _coop(m).machines[uid2].target == hw(m, 2)
    dice.extend([3, 5, 10])  # destroyer, middle: C and D tie at the least; the d10 of 10 picks D
    uid3, _ = _enter(m)
    assert _coop(m).machines[uid3].target == hw(m, 3)


# --- movement, markers and victory points --------------------------------------------------------------
def _machine_at(m: Match, hid: str, strength: int = 1, role: str = "destroyer", target: str = "") -> str:
    s = state(m)
    assert s.solo is not None
    unit = forces.new_machine(s, s.solo, hid, strength, "schedule")
    _coop(m).machines[unit.uid] = coop.CoopMachine(role, "left", target or hw(m, 0))
    s.solo.dm_total += 1
    touch(m)
    return unit.uid


def test_machine_effects_on_markers(dice: list[int]) -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    uid = _machine_at(m, "9.5")
    events: list[Any] = []
    for kind in ("danger", "lost_in_space", "space_wreck"):
        s.markers["9.5"] = Marker(kind, 0, True, "deep")
        coop.entered_hex(GAME, s, uid, events)
        assert "9.5" not in s.markers
    s.markers["9.5"] = Marker("supernova", 0, False, "deep")
    coop.entered_hex(GAME, s, uid, events)  # explored at once, no effect on the machine
    assert s.markers["9.5"].face_up and uid in s.units
    assert _coop(m).vp == 0  # none of these scores


def test_minerals_score_at_most_two(dice: list[int]) -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    uid = _machine_at(m, "9.5")
    events: list[Any] = []
    for n in range(3):
        s.markers["9.5"] = Marker("minerals", 5, True, "deep")
        coop.after_combat(s, uid, events)
        assert "9.5" not in s.markers
        assert _coop(m).vp == min(n + 1, 2)
    assert [e["points"] for e in events if e["type"] == "doomsday_vp"] == [1, 1]


def test_machine_destroys_an_npa_planet_for_two_points(dice: list[int]) -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    uid = _machine_at(m, "9.5", strength=10)
    s.markers["9.5"] = Marker("barren", 0, False, "deep")
    s.units[uid].damage = 4
    # NPAs appear (their kinds from the match generator); the machine (A-class) fires first: its
    # six attacks all hit on a planted 1; the aliens never get to fire.
    dice.extend([1] * 6)
    events: list[Any] = []
    coop.entered_hex(GAME, s, uid, events)
    assert not [u for u in s.units.values() if u.owner == board.NPA]
    assert s.markers["9.5"] == Marker("asteroids", 0, True, "deep")
    assert _coop(m).vp == 2 and s.units[uid].damage == 2  # repaired 2


def test_machine_destroys_a_colony_for_two_points_and_the_capitol_loses_the_game() -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    s.colonies["9.5"] = Colony(1, 3, False, False)
    uid = _machine_at(m, "9.5")
    s.units[uid].damage = 3
    events: list[Any] = []
    solo.after_turn(GAME, s, events)
    assert "9.5" not in s.colonies and _coop(m).vp == 2 and s.units[uid].damage == 1
    assert s.markers["9.5"].kind == "asteroids" and s.phase != "over"
    s.units[uid].hex = _coop(m).capitol
    solo.after_turn(GAME, s, events)
    assert s.phase == "over" and m.result.details["outcome"] == "lost"


def test_deep_space_colony_costs_the_machines_two_points() -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    seat = m.to_move[0]
    for hid, home in (("9.5", False), (hw(m, seat), True)):
        s.markers[hid] = Marker("planet", 0, True, "deep" if not home else f"home{seat}")
    co = add_unit(m, seat, "CO", "9.5")
    m.apply(seat, f"c {co.uid}")
    assert _coop(m).vp == -2  # the track may go below zero


def test_allies_never_fight_and_cannot_colonise_each_others_home_planets() -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    seat = m.to_move[0]
    other = 1 - seat
    add_unit(m, other, "DD", "9.5")
    assert board.enemies_at(s, "9.5", seat) == []
    assert not board.enemies_at(s, _coop(m).capitol, seat)  # nor the Capitol
    planet = next(h for h, mk in s.markers.items() if mk.pool == f"home{other}" and h not in s.colonies)
    s.markers[planet] = Marker("planet", 0, True, f"home{other}")
    co = add_unit(m, seat, "CO", planet)
    assert f"c {co.uid}" not in [str(a) for a in m.legal_actions(seat)]
    # Without the cooperative scenario the same two empires are enemies.
    m2 = start(2, seed=2)
    add_unit(m2, 1, "DD", "9.5")
    assert board.enemies_at(state(m2), "9.5", 0)


# --- turn order: paying to move before the machines -------------------------------------------------------
def _play_to_econ(m: Match) -> None:
    s = state(m)
    while s.phase != "econ":
        seat = m.to_move[0]
        acts = [str(a) for a in m.legal_actions(seat)]
        m.apply(seat, "end" if "end" in acts else acts[0])


def test_paying_five_cp_moves_before_the_machines(dice: list[int]) -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    _play_to_econ(m)
    payer = None
    while s.phase == "econ" and m.to_move:
        seat = m.to_move[0]
        acts = [str(a) for a in m.legal_actions(seat)]
        if any(a.startswith("bid") for a in acts):
            m.apply(seat, "bid 0")
        elif "early 5" in acts and payer is None:
            payer = seat
            cp = s.players[seat].cp
            m.apply(seat, "early 5")
            assert s.players[seat].cp == cp - 5 and "early 5" not in [str(a) for a in m.legal_actions(seat)]
            assert m.observation(seat)["scenario"]["coop"]["paid_early"]
            assert not m.observation(1 - seat)["scenario"]["coop"]["paid_early"]
        elif "done" in acts:
            m.apply(seat, "done")
        else:
            m.apply(seat, acts[0])
    assert payer is not None and _coop(m).early == [payer]
    # The machines move at the start of the first seat that did not pay, after the payer's movement.
    late = next(x for x in s.order if x != payer)
    uid = _machine_at(m, "10.6")
    key = s.cycle * 10 + s.turn
    assert s.solo is not None
    while s.order[s.active] != late or s.phase != "move":
        assert s.solo.machines[uid].moved == 0
        seat = m.to_move[0]
        acts = [str(a) for a in m.legal_actions(seat)]
        m.apply(seat, "end" if "end" in acts else acts[0])
    while s.pending and s.pending[-1].kind == "steer":  # equally short steps: the mover steers
        assert s.pending[-1].seat == late
        m.apply(late, str(m.legal_actions(late)[0]))
    assert s.solo.moved_key == key and s.solo.machines[uid].moved >= 1
    assert s.order[s.active] == late and s.phase == "move"


# --- victory and defeat --------------------------------------------------------------------------------
def test_lost_when_the_machines_reach_their_points_at_an_economic_phase() -> None:
    m = start(2, seed=2, scenario="coop_dm_2p", difficulty="harder")
    c = _coop(m)
    c.vp = 7
    _play_to_econ(m)
    assert state(m).phase == "econ"  # 7 < 8: the game goes on
    m2 = start(2, seed=2, scenario="coop_dm_2p", difficulty="harder")
    _coop(m2).vp = 8
    _play_to_econ_or_over(m2)
    assert state(m2).phase == "over" and m2.result.details["outcome"] == "lost"
    assert m2.result.details["winner"] == -1


def _play_to_econ_or_over(m: Match) -> None:
    s = state(m)
    while s.phase not in ("econ", "over"):
        seat = m.to_move[0]
        acts = [str(a) for a in m.legal_actions(seat)]
        m.apply(seat, "end" if "end" in acts else acts[0])


def test_lost_with_a_home_world() -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    seat = 1
    uid = _machine_at(m, hw(m, seat))
    for v in [v.uid for v in s.units.values() if v.owner == seat and v.hex == hw(m, seat)]:
        del s.units[v]
    solo.after_turn(GAME, s, [])
    assert s.phase == "over" and not s.players[seat].alive
    assert m.result.details["outcome"] == "lost" and uid in s.units


def test_a_cooperative_game_is_won_together(dice: list[int]) -> None:
    """One weak machine is scheduled; it enters (destroyer, left) onto a fleet of Dreadnoughts that
    destroys it in the next combat phase: every scheduled machine is gone, both players win."""
    m = start(2, seed=4, scenario="coop_dm_2p", difficulty="easy")
    s = state(m)
    assert s.solo is not None
    s.solo.schedule = [[1, 1, 1]]
    s.solo.dm_total = 1
    left = _coop(m).sides["left"]
    s.markers.pop(left, None)
    for _ in range(6):
        u = add_unit(m, 0, "DN", left, revealed=True)
        u.attack_tech = 3
    dice.extend([1, 1, 9])  # destroyer, left; weakness: none
    steps = 0
    while not m.is_over:
        seat = m.to_move[0]
        acts = [str(a) for a in m.legal_actions(seat)]
        pick = next((a for a in ("end", "bid 0", "done", "fight") if a in acts), acts[0])
        m.apply(seat, pick)
        steps += 1
        assert steps < 500
    assert m.result.details["outcome"] == "won" and s.solo.dm_destroyed == 1
    assert all(score >= 1000 for score in m.result.scores)


# --- full games ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_each_coop_scenario_to_the_end(players: int, agent: str) -> None:
    options = {"scenario": f"coop_dm_{players}p", "difficulty": "good_luck"}
    m = galaxis.new_match("space_empires", players=players, seed=players, options=options)
    s = m.state
    assert isinstance(s, SEState) and s.solo is not None and s.solo.coop is not None
    machines = [0]
    bots_play_to_the_end(m, agent, lambda: machines.append(max(machines[-1], len(s.solo.machines))))
    assert m.result.details["outcome"] in ("won", "lost") and machines[-1] > 0


def test_nebulae_and_asteroids_do_not_slow_a_cooperative_machine_in_combat() -> None:
    from galaxis.games.space_empires.base import combat

    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    uid = _machine_at(m, "9.5", strength=8)
    c = battles.combatant(s, s.units[uid], 1)
    assert combat.firing_class(c, "nebula") == "A" and combat.firing_class(c, "asteroids") == "A"
    m1 = start(1, seed=2, scenario="solo_dm")
    s1 = state(m1)
    assert s1.solo is not None
    solo_dm = forces.new_machine(s1, s1.solo, "8.0", 8, "schedule")
    assert combat.firing_class(battles.combatant(s1, solo_dm, 1), "nebula") == "E"  # the solo rules unchanged


def test_lost_in_space_is_rolled_in_the_cooperative_game(dice: list[int]) -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    seat = m.to_move[0]
    scout = add_unit(m, seat, "SC", "7.5")
    s.markers["8.5"] = Marker("lost_in_space", 0, False, "deep")
    s.markers.pop("9.5", None)
    dice.extend([8, 1])  # 7-10 are rolled again; 1 = the east neighbour (8.5 is on an odd row: 9.5)
    m.apply(seat, f"m {scout.uid} 8.5")
    m.apply(seat, "end")
    assert s.units[scout.uid].hex == "9.5" and "8.5" not in s.markers
    assert not any(st.kind == "lost" for st in s.pending)  # no player decides it


def test_two_player_explorers_avoid_home_worlds_and_the_capitol(dice: list[int]) -> None:
    m = start(2, seed=5, scenario="coop_dm_2p")
    s = state(m)
    dice.extend([8, 5])  # explorer, middle
    uid, _ = _enter(m)
    s.colonies["8.6"] = Colony(1, 1, False, False)
    c = _coop(m)
    assert not coop.passable(s, c.capitol, uid) and not coop.passable(s, hw(m, 0), uid)
    assert coop.passable(s, "8.6", uid)
    del s.colonies["8.6"]  # nothing else left: it may head for a home world after all
    assert coop.passable(s, hw(m, 0), uid) or any(u.owner == board.NPA for u in s.units.values())


def test_minerals_may_go_to_an_allys_colony_but_never_to_the_capitol() -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    s = state(m)
    ally_colony = "8.8"
    s.colonies[ally_colony] = Colony(0, 3, False, False)
    to_ally = add_unit(m, 1, "Miner", ally_colony)
    to_ally.cargo = "minerals:10"
    to_capitol = add_unit(m, 1, "Miner", _coop(m).capitol)
    to_capitol.cargo = "minerals:5"
    wreck = add_unit(m, 1, "Miner", ally_colony)
    wreck.cargo = "space_wreck:0"  # a wreck only pays at its own player's colony
    GAME._start_econ(s, [])
    assert s.players[0].delivered == 10 and s.players[1].delivered == 0
    assert to_ally.cargo == "" and to_capitol.cargo == "minerals:5" and wreck.cargo == "space_wreck:0"
    # In the base game the same Miner keeps its cargo.
    m2 = start(2, seed=2)
    s2 = state(m2)
    s2.colonies[ally_colony] = Colony(0, 3, False, False)
    other = add_unit(m2, 1, "Miner", ally_colony)
    other.cargo = "minerals:10"
    GAME._start_econ(s2, [])
    assert other.cargo == "minerals:10" and s2.players[0].delivered == 0


def test_allies_use_each_others_pipelines_for_movement() -> None:
    m = start(2, seed=2, scenario="coop_dm_2p")
    add_unit(m, 1, "MSP", "8.8")
    assert "8.8" in GAME._pipelines(state(m), 0)
    m2 = start(2, seed=2)
    add_unit(m2, 1, "MSP", "8.8")
    assert "8.8" not in GAME._pipelines(state(m2), 0)


def test_allies_fight_a_machine_together() -> None:
    """Both players' ships in the machine's hex fight in the battle of the player whose combat phase it
    is: the ally's Cruiser fires at the machine, and the machine may fire at either (§13.10)."""
    m = start(2, seed=3, scenario="coop_dm_2p")
    s = state(m)
    assert s.solo is not None
    seat = m.to_move[0]
    ally = 1 - seat
    s.markers.pop("9.5", None)
    uid = _machine_at(m, "9.5", strength=1)
    s.solo.machines[uid].weakness = "none"
    mine = [add_unit(m, seat, "DN", "9.5") for _ in range(3)]
    theirs = add_unit(m, ally, "CA", "9.5")
    events = list(m.apply(seat, "end"))
    assert s.battle is not None and s.battle.attacker == seat
    fighting = {u.uid for u in GAME._combatants(s)}
    assert theirs.uid in fighting and {u.uid for u in mine} <= fighting and uid in fighting
    steps = 0
    while s.battle is not None:
        actor = m.to_move[0]
        events += m.apply(actor, str(m.legal_actions(actor)[0]))
        steps += 1
        assert steps < 400
    shooters = {e["shooter"] for e in events if e["type"] == "shot"}
    assert theirs.uid in shooters or theirs.uid not in s.units
    targets = {e["target"] for e in events if e["type"] == "shot" and e["shooter"] == uid}
    assert targets <= fighting


def test_large_fleets_count_allied_ships() -> None:
    m = start(2, seed=3, scenario="coop_dm_2p")
    s = state(m)
    assert s.solo is not None
    s.markers.pop("9.5", None)
    uid = _machine_at(m, "9.5", strength=1)
    s.solo.machines[uid].weakness = "large_fleets"
    seat = m.to_move[0]
    for i in range(10):
        add_unit(m, seat if i < 5 else 1 - seat, "CA", "9.5")
    m.apply(seat, "end")
    assert s.battle is not None
    ca = next(u for u in GAME._combatants(s) if u.owner == seat)
    bonus = GAME._as_combatant(s, ca).attack
    assert bonus == 4 + 1  # 5 + 5 allied Cruisers able to damage it: the 2:1 bonus applies
