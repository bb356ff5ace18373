"""Close Encounters units (docs/games/space_empires.md §10.3): Titans destroying planets, never screened
nor retreating nor boarded; the Flagship (option ``flagship``); Fast BC."""

from __future__ import annotations

import pytest

from galaxis.core import BadOption, IllegalAction, Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, economy, movement
from galaxis.games.space_empires.base.state import Battle, Colony
from galaxis.games.space_empires.state import Step
from galaxis.games.space_empires.systems import boarding
from galaxis.games.space_empires.systems import titans as ce_units

from .helpers import add_unit, hw, mover, put_marker, start, state, touch, units_of


def _legal(m: Match, seat: int) -> set[str]:
    return {a.notation for a in m.legal_actions(seat)}


def _bombardment(m: Match, kinds: list[str], home: bool = False) -> tuple[str, list[str]]:
    """Seat 0's ships of ``kinds`` are at seat 1's colony (a 3 CP colony at 6.1, or its home world) and
    about to bombard it."""
    s = state(m)
    hid = hw(m, 1) if home else "6.1"
    if not home:
        s.colonies[hid] = Colony(1, 3, False, True)
        put_marker(m, hid, "planet", face_up=True)
    for uid in [u.uid for u in s.units.values() if u.owner == 1 and u.hex == hid]:
        del s.units[uid]
    uids = [add_unit(m, 0, k, hid).uid for k in kinds]
    s.pending.append(Step("bomb", 0, {"hex": hid, "left": sorted(uids)}))
    touch(m)
    return hid, uids


# --- Titans destroy planets [MRB 22] ----------------------------------------------------------------
def test_titan_may_destroy_the_planet_instead_of_bombarding() -> None:
    m = start(2)
    hid, (tn, ca) = _bombardment(m, ["TN", "CA"])
    acts = _legal(m, 0)
    # Only the Titan's counter is offered the planet's destruction; both may bombard as usual.
    assert {f"destroy {tn}", f"bomb {tn}", f"bomb {ca}", "hold"} <= acts
    assert f"destroy {ca}" not in acts
    events = m.apply(0, f"destroy {tn}")
    s = state(m)
    assert hid not in s.colonies
    assert s.markers[hid].kind == "asteroids" and s.markers[hid].face_up
    assert board.terrain(s, hid) == "asteroids"
    assert hid in s.handled and not any(st.kind == "bomb" for st in s.pending)
    assert s.units[tn].revealed and not s.units[ca].revealed
    assert any(e["type"] == "planet_destroyed" and "destroys it" in e["text"] for e in events)
    assert GAME.invariants(s) == []


def test_destroying_a_home_world_eliminates_its_owner() -> None:
    m = start(2)
    hid, (tn,) = _bombardment(m, ["TN"], home=True)
    m.apply(0, f"destroy {tn}")
    s = state(m)
    assert hid not in s.colonies and s.markers[hid].kind == "asteroids"
    assert not s.players[1].alive and s.winner == 0 and s.phase == "over"


def test_only_titans_destroy_planets() -> None:
    m = start(2)
    _bombardment(m, ["DN", "BB"])
    assert not any(a.startswith("destroy") for a in _legal(m, 0))
    with pytest.raises(IllegalAction):
        m.apply(0, "destroy a1")


def test_destroy_is_described_in_both_languages() -> None:
    m = start(2)
    _bombardment(m, ["TN"])
    (a,) = [a for a in m.legal_actions(0) if a.kind == "destroy"]
    assert "destroys the planet" in GAME.describe(state(m), a, "en")
    assert "pusztítsa el a bolygót" in GAME.describe(state(m), a, "hu")


def test_destroyed_planet_takes_its_garrison_with_it() -> None:
    m = start(2, ground_combat=True)
    hid, (tn,) = _bombardment(m, ["TN"])
    s = state(m)
    assert s.ground is not None
    from galaxis.games.space_empires.systems.ground_state import Garrison

    s.ground.garrisons[hid] = Garrison(1, ["Infantry"])
    m.apply(0, f"destroy {tn}")
    assert hid not in s.ground.garrisons and GAME.invariants(s) == []


def test_titans_are_never_screened_and_never_retreat() -> None:
    m = start(2)
    s = state(m)
    seat = mover(m)
    enemy = 1 - seat
    h = "6.1"
    put_marker(m, h, "planet", face_up=True)
    tn = add_unit(m, seat, "TN", h, revealed=True)
    dd = add_unit(m, seat, "DD", h, revealed=True)
    add_unit(m, enemy, "SC", h, revealed=True)
    s.battle = Battle(h, seat, enemy, 2, [], -2, "open")
    screenable = {u.uid for u in GAME._screenable(s, seat)}
    assert dd.uid in screenable and tn.uid not in screenable
    assert tn.uid not in {u.uid for u in GAME._retreaters(s, seat)}
    assert ce_units.not_screenable(tn) and not ce_units.not_screenable(dd)


def test_titans_cannot_be_boarded() -> None:
    m = start(2, boarding=True)
    tn = add_unit(m, 1, "TN", "6.1", revealed=True)
    bb = add_unit(m, 1, "BB", "6.1", revealed=True)
    assert not boarding.capturable(state(m), tn)
    assert boarding.capturable(state(m), bb)


# --- the Flagship ---------------------------------------------------------------------------------------
def test_flagship_option_gives_each_player_one_at_home() -> None:
    m = start(2, flagship=True)
    for seat in (0, 1):
        (fs,) = units_of(m, seat, "FS")
        assert fs.hex == hw(m, seat)
    assert not units_of(start(2), 0, "FS")
    with pytest.raises(BadOption):
        start(2, flagship=True, edition="base2011")


def test_flagship_has_no_maintenance_hull_three_and_cannot_be_bought() -> None:
    from galaxis.games.space_empires.base import data

    fs = data.unit_table_by_id()["FS"]
    assert fs.hull == 3 and not fs.maintenance
    assert economy.maintenance({"FS": 1}) == 0
    assert economy.maintenance({"BC": 1}) > 0
    m = start(2, flagship=True)
    assert "FS" not in board.BUYABLE
    assert not any(a.startswith("buy FS") for a in _legal(m, 0))


def test_flagship_with_exploration_may_peek() -> None:
    m = start(2, flagship=True)
    seat = mover(m)
    s = state(m)
    (fs,) = units_of(m, seat, "FS")
    target = board.adjacent(2, fs.hex)[0]
    put_marker(m, target, "minerals", 10)
    assert not any(a.startswith(f"peek {fs.uid}") for a in _legal(m, seat))
    # A Flagship built (or refitted) with Exploration 1 peeks like a Cruiser (§6.2).
    s.players[seat].techs["exploration"] = 1
    assert GAME._current_techs(s, fs)[4] == 1
    fs.level = 1
    touch(m)
    assert f"peek {fs.uid} {target}" in _legal(m, seat)
    m.apply(seat, f"peek {fs.uid} {target}")
    assert _legal(m, seat) == {"reveal", "conceal"}


def test_flagship_built_techs_follow_exploration() -> None:
    assert (
        GAME._build_techs({"attack": 0, "defense": 0, "tactics": 0, "move": 1, "exploration": 1}, "FS")[4]
        == 1
    )


# --- Fast BC [MRB 9.9] ----------------------------------------------------------------------------------
def test_fast_bc_is_buyable_in_ce_only() -> None:
    m = start(2)
    s = state(m)
    s.players[0].cp = 100
    assert GAME._tech_problem(s, 0, "fast_bc") is None
    s.players[0].techs["fast_bc"] = 1
    assert "highest level" in str(GAME._tech_problem(s, 0, "fast_bc") or "")
    old = start(2, edition="base2011")
    state(old).players[0].cp = 100
    assert GAME._tech_problem(state(old), 0, "fast_bc") is not None
    assert ce_units.extra_techs(state(old)) == ()


@pytest.mark.parametrize("kind", ["BC", "FS"])
def test_fast_bc_moves_battlecruisers_and_flagship_one_more_hex_in_turn_one(kind: str) -> None:
    m = start(2, flagship=True)
    s = state(m)
    u = add_unit(m, 0, kind, hw(m, 0))
    s.turn = 1
    slow = GAME._allowance(s, u)
    s.players[0].techs["fast_bc"] = 1
    assert GAME._allowance(s, u) == slow + 1
    s.turn = 2
    assert GAME._allowance(s, u) == movement.hexes_per_turn(kind, u.move_tech, 2, "ce", False)
    ca = add_unit(m, 0, "CA", hw(m, 0))
    s.turn = 1
    assert GAME._allowance(s, ca) == movement.hexes_per_turn("CA", ca.move_tech, 1, "ce", False)


# --- seats play with the new rules --------------------------------------------------------------------
def test_heuristic_bot_destroys_with_a_titan() -> None:
    m = start(2)
    _, (tn,) = _bombardment(m, ["TN"])
    action = GAME.heuristic_agent(0).act(m, 0)
    assert action.notation == f"destroy {tn}"


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_with_flagships_to_the_end(seed: int) -> None:
    import random

    m = start(2, seed=seed, cycles=3, flagship=True)
    s = state(m)
    rnd = random.Random(seed)
    steps = 0
    while not m.is_over:
        seat = rnd.choice(m.to_move)
        m.apply(seat, rnd.choice(m.legal_actions(seat)))
        steps += 1
        assert GAME.invariants(s) == [], (steps, GAME.invariants(s))
        if steps % 97 == 0:
            for viewer in (0, 1):
                assert m.determinize(viewer, steps).observation(viewer) == m.observation(viewer)
    assert m.is_over


def test_heuristic_play_with_flagships_to_the_end() -> None:
    m = start(2, seed=3, cycles=3, flagship=True)
    bots = [GAME.heuristic_agent(0), GAME.heuristic_agent(1)]
    while not m.is_over:
        seat = m.to_move[0]
        m.apply(seat, bots[seat].act(m, seat))
        assert GAME.invariants(state(m)) == []
    assert m.is_over
