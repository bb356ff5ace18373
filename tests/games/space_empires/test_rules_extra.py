"""The rules added last: MS Pipeline movement, scuttling, Exploration, cloaked Raiders withdrawing, Point
Defense, Titans carrying fighters, and re-sampled economic sheets (docs/games/space_empires.md)."""

from __future__ import annotations

import pytest

from galaxis.core import IllegalAction, Rng
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, combat
from galaxis.games.space_empires.base.board import unit_cost
from galaxis.games.space_empires.base.state import Battle, Unit
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.views import observation as views

from .helpers import add_unit, hw, mover, put_marker, start, state, touch, units_of


def _legal(m, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.notation for a in m.legal_actions(seat)}


def _line(m, seat: int, length: int) -> list[str]:  # type: ignore[no-untyped-def]
    """A straight-ish path of explored open hexes leading away from the seat's home world."""
    path = [hw(m, seat)]
    while len(path) <= length:
        here = path[-1]
        nxt = next(
            h
            for h in board.adjacent(2, here)
            if h not in path and all(h not in board.adjacent(2, p) for p in path[:-1])
        )
        path.append(nxt)
    for h in path[1:]:
        put_marker(m, h, "planet", face_up=True)
    return path


# --- §4.6 MS Pipelines -------------------------------------------------------------------------------
def test_pipeline_chain_gives_one_more_hex() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    path = _line(m, seat, 3)
    for h in path[:3]:
        add_unit(m, seat, "MSP", h)
    sc = units_of(m, seat, "SC")[0]
    # Move 1 in turn 1 allows one hex; along the unmoved chain the scout may go one further.
    m.apply(seat, f"m {sc.uid} {path[1]}")
    assert sc.piped and f"m {sc.uid} {path[2]}" in _legal(m, seat)
    m.apply(seat, f"m {sc.uid} {path[2]}")
    # The bonus is one hex only, and only to another pipeline hex.
    assert not any(a.startswith(f"m {sc.uid} ") for a in _legal(m, seat))
    # Leaving the chain first forfeits the bonus.
    other = units_of(m, seat, "SC")[1]
    off = next(h for h in board.adjacent(2, path[0]) if h not in path)
    put_marker(m, off, "planet", face_up=True)
    m.apply(seat, f"m {other.uid} {off}")
    assert not other.piped and not any(a.startswith(f"m {other.uid} ") for a in _legal(m, seat))
    assert s.units[sc.uid].hex == path[2]


def test_pipeline_chain_must_be_unmoved_and_ignores_nebula_stops() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    path = _line(m, seat, 3)
    pipes = [add_unit(m, seat, "MSP", h) for h in path[:3]]
    put_marker(m, path[1], "nebula", face_up=True)
    sc = units_of(m, seat, "SC")[0]
    # A Nebula on the chain does not stop a unit moving along it.
    m.apply(seat, f"m {sc.uid} {path[1]}")
    assert not sc.stopped and f"m {sc.uid} {path[2]}" in _legal(m, seat)
    # A pipeline that moved this turn breaks the chain.
    sc2 = units_of(m, seat, "SC")[1]
    pipes[2].moved = 1
    touch(m)
    m.apply(seat, f"m {sc2.uid} {path[1]}")
    assert f"m {sc2.uid} {path[2]}" not in _legal(m, seat)
    assert f"m {sc2.uid} {path[0]}" in _legal(m, seat)  # back along the unmoved part of the chain
    with pytest.raises(IllegalAction, match="no movement left"):
        m.apply(seat, f"m {sc2.uid} {path[2]}")
    assert s.units[sc2.uid].hex == path[1]


def test_pipeline_step_skips_the_black_hole_roll() -> None:
    m = start(2)
    seat = mover(m)
    path = _line(m, seat, 2)
    for h in path[:2]:
        add_unit(m, seat, "MSP", h)
    put_marker(m, path[1], "black_hole", face_up=True)
    scouts = units_of(m, seat, "SC")
    for sc in scouts:
        m.apply(seat, f"m {sc.uid} {path[1]}")
    # 7-10 on a d10 kills a ship entering a Black Hole: three scouts along the chain never roll.
    assert all(sc.uid in state(m).units for sc in scouts)


# --- §4.7 scuttling ----------------------------------------------------------------------------------
def test_scuttle_is_a_two_step_choice_that_can_be_cancelled() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    sc = units_of(m, seat, "SC")[0]
    assert "scuttle" in _legal(m, seat)
    m.apply(seat, "scuttle")
    legal = _legal(m, seat)
    assert "keep" in legal and f"scuttle {sc.uid}" in legal and not any(a.startswith("m ") for a in legal)
    m.apply(seat, "keep")
    assert sc.uid in s.units and "end" in _legal(m, seat)
    m.apply(seat, "scuttle")
    ev = m.apply(seat, f"scuttle {sc.uid}")
    assert sc.uid not in s.units and any(e["type"] == "scuttle" for e in ev)
    # The counter is free again and maintenance falls: one Scout less to pay for.
    assert GAME.invariants(s) == []
    with pytest.raises(IllegalAction):
        m.apply(seat, f"scuttle {units_of(m, 1 - seat, 'SC')[0].uid}")


# --- §6.2 Exploration ----------------------------------------------------------------------------------
def test_cruiser_peek_then_conceal_keeps_the_secret_from_others() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    home = hw(m, seat)
    ca = add_unit(m, seat, "CA", home)
    assert ca.level == 0 and not any(a.startswith("peek") for a in _legal(m, seat))
    s.players[seat].techs["exploration"] = 1
    ca = add_unit(m, seat, "CA", home)
    assert ca.level == 1
    target = board.adjacent(2, home)[0]
    put_marker(m, target, "minerals", 10)
    assert f"peek {ca.uid} {target}" in _legal(m, seat)
    m.apply(seat, f"peek {ca.uid} {target}")
    assert _legal(m, seat) == {"reveal", "conceal"}
    m.apply(seat, "conceal")
    assert not s.markers[target].face_up
    assert m.observation(seat)["hexes"][target]["peeked"] == ["minerals", 10]
    assert "peeked" not in m.observation(enemy)["hexes"][target]
    assert "peeked" not in m.observation(None)["hexes"][target]
    assert "unexplored: minerals" in GAME.render_text(s, seat)
    assert "unexplored: minerals" not in GAME.render_text(s, enemy)
    assert "minerals (face down)" in GAME.render_svg(s, seat)
    assert "minerals (face down)" not in GAME.render_svg(s, enemy)
    # One peek per turn, and the cruiser may still move.
    assert not any(a.startswith(f"peek {ca.uid}") for a in _legal(m, seat))
    assert any(a.startswith(f"m {ca.uid} ") for a in _legal(m, seat))
    # The peeking seat's determinized worlds keep the marker; another seat's worlds re-deal it.
    kinds = {views.determinize(s.clone(), seat, Rng(k)).markers[target].kind for k in range(20)}
    assert kinds == {"minerals"}
    kinds = {views.determinize(s.clone(), enemy, Rng(k)).markers[target].kind for k in range(40)}
    assert len(kinds) > 1


def test_cruiser_peek_reveal_removes_a_one_shot_marker_harmlessly() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    home = hw(m, seat)
    s.players[seat].techs["exploration"] = 1
    ca = add_unit(m, seat, "CA", home)
    target = board.adjacent(2, home)[0]
    put_marker(m, target, "danger")
    m.apply(seat, f"peek {ca.uid} {target}")
    ev = m.apply(seat, "reveal")
    assert target not in s.markers and any(e["type"] == "explore" and e["marker"] == "danger" for e in ev)
    assert s.players[seat].known == []
    # Now the hex is empty explored space: the cruiser may pass through it without stopping.
    m.apply(seat, f"m {ca.uid} {target}")
    assert not ca.stopped


def test_exploration_two_is_not_offered() -> None:
    m = start(2)
    s = state(m)
    s.players[0].techs["exploration"] = 1
    s.players[0].cp = 100
    assert GAME._tech_problem(s, 0, "exploration") is not None
    assert "Reaction Movement" in str(GAME._tech_problem(s, 0, "exploration") or "")
    s.players[0].techs["exploration"] = 0
    assert GAME._tech_problem(s, 0, "exploration") is None


# --- §5.11 cloaked Raiders withdraw ---------------------------------------------------------------------
def _raider(m, seat: int, hid: str) -> Unit:  # type: ignore[no-untyped-def]
    r = add_unit(m, seat, "R", hid)
    r.level = 1
    return r


def test_attacking_raider_may_stay_hidden() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    home = hw(m, seat)
    h = board.adjacent(2, home)[0]
    put_marker(m, h, "planet", face_up=True)
    raider = _raider(m, seat, home)
    guard = add_unit(m, enemy, "DD", h, revealed=True)
    m.apply(seat, f"m {raider.uid} {h}")
    m.apply(seat, "end")
    assert m.to_move == (seat,) and _legal(m, seat) == {"engage", f"withdraw {raider.uid}"}
    assert s.battle is not None and not raider.revealed
    m.apply(seat, f"withdraw {raider.uid}")
    # No battle was fought: both units are where they were, and the raider is still face down.
    assert raider.uid in s.units and guard.uid in s.units and not raider.revealed and s.battle is None
    assert m.observation(enemy)["hexes"][h]["units"][0]["kind"] in ("?", "DD")
    assert all(u["kind"] == "?" for u in m.observation(enemy)["hexes"][h]["units"] if u["id"] == raider.uid)


def test_defending_raider_withdraws_while_its_fleet_fights() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    home = hw(m, seat)
    h = board.adjacent(2, home)[0]
    put_marker(m, h, "planet", face_up=True)
    raider = _raider(m, enemy, h)
    escort = add_unit(m, enemy, "SC", h)
    attackers = [add_unit(m, seat, "DD", home) for _ in range(3)]
    for dd in attackers:
        m.apply(seat, f"m {dd.uid} {h}")
    m.apply(seat, "end")
    assert m.to_move == (enemy,)
    assert f"withdraw {raider.uid}" in _legal(m, enemy)
    m.apply(enemy, f"withdraw {raider.uid}")
    # The battle goes on without the raider until the scout is gone; the raider survives unseen.
    for _ in range(200):
        if s.battle is None:
            break
        who = m.to_move[0]
        m.apply(who, m.legal_actions(who)[0])
    assert escort.uid not in s.units or any(u.uid == escort.uid and u.hex != h for u in s.units.values())
    assert raider.uid in s.units and not raider.revealed
    assert GAME.invariants(s) == []


# --- §5.13 Point Defense, Titans carrying fighters ---------------------------------------------------
def test_point_defense_scouts_fire_first_at_fighters() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    h = hw(m, seat)
    s.players[seat].techs["point_defense"] = 2
    sc = add_unit(m, seat, "SC", h)
    assert sc.level == 2
    f1 = add_unit(m, enemy, "F", h)
    f1.level = 1
    s.battle = Battle(h, enemy, seat, 1, [], -1, "open")
    c = GAME._as_combatant(s, sc)
    assert c.cls == "A" and c.pd_attack == 7
    # A7 against a fighter (defence 0): 7; against any other ship the Scout is still E3.
    assert combat.to_hit(c, GAME._as_combatant(s, f1)) == 7
    dd = add_unit(m, enemy, "DD", h)
    assert combat.to_hit(c, GAME._as_combatant(s, dd)) == 3
    # Fighters of level 2 and up get +1 defence against Point Defense (F3 also has defence 1).
    f1.level = 3
    assert combat.to_hit(c, GAME._as_combatant(s, f1)) == 7 - 1 - 1
    # Without enemy fighters in the battle the Scout is an ordinary E-class ship.
    del s.units[f1.uid]
    assert GAME._as_combatant(s, sc).cls == "E"
    s.battle = None


def test_titan_carries_three_fighters() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    home = hw(m, seat)
    tn = add_unit(m, seat, "TN", home)
    fighters = [add_unit(m, seat, "F", home) for _ in range(4)]
    for f in fighters[:3]:
        m.apply(seat, f"load {f.uid} {tn.uid}")
    assert not any(a.startswith(f"load {fighters[3].uid}") for a in _legal(m, seat))
    h = board.adjacent(2, home)[0]
    put_marker(m, h, "planet", face_up=True)
    m.apply(seat, f"m {tn.uid} {h}")
    assert [f.hex for f in fighters] == [h, h, h, home]
    assert GAME.invariants(s) == []


# --- §9 economic sheets in determinize --------------------------------------------------------------
def test_determinize_resamples_other_sheets_within_what_was_seen() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    s.cycle = 2  # a later cycle: research is possible and the carry-over cap has applied (§9)
    p = s.players[enemy]
    # Planted secrets: the enemy researched Attack 2 and Move 2 and holds 17 CP.
    p.techs.update(attack=2, move=2)
    p.cp, p.earned, p.spent = 17, 17 + 20 + 30 + 20, 20 + 30 + 20
    # It has a revealed Destroyer built with Ship Size 2 and Attack 1: those levels are known.
    p.techs["ship_size"] = 2
    dd = add_unit(m, enemy, "DD", hw(m, enemy), revealed=True)
    dd.attack_tech = 1
    dd.tech_shown = True  # it fought: its technology was shown (§9)
    touch(m)
    sheets = []
    for k in range(30):
        w = m.determinize(seat, k)
        q = w.state.players[enemy]
        assert GAME.invariants(w.state) == []
        assert q.techs["ship_size"] >= 2 and q.techs["attack"] >= 1
        assert q.cp <= 30  # the carry-over cap holds outside the Economic Phase
        sheets.append((q.cp, tuple(sorted(q.techs.items()))))
        # The viewer's own sheet is untouched.
        assert w.state.players[seat].to_json() == s.players[seat].to_json()
    assert len(set(sheets)) > 3
    assert any(cp != 17 for cp, _ in sheets)


def test_determinize_resamples_bids_and_purchases_in_progress() -> None:
    m = start(2)
    s = state(m)
    for p in s.players:
        p.cp, p.earned = 40, 40
    GAME._start_econ(s, [])
    touch(m)
    for seat in (0, 1):
        m.apply(seat, "bid 7")
    home = hw(m, 1)
    m.apply(1, f"buy SC {home}")

    def fleet(st: SEState) -> int:  # the CP value of seat 1's face-down counters (re-sized, §9)
        return sum(unit_cost(u.kind) for u in st.units.values() if u.owner == 1 and not u.revealed)

    wealth = s.players[1].cp + 7 + 6 + fleet(s)
    bids, queues = set(), set()
    for k in range(30):
        w = m.determinize(0, k).state
        q = w.players[1]
        bids.add(q.bid)
        queues.add(len(q.queue))
        assert q.cp + q.bid + fleet(w) == wealth
    assert len(bids) > 2 and queues == {0}
    # The seat's own bid and purchases are kept.
    assert all(m.determinize(1, k).state.players[1].queue == [["SC", home]] for k in range(3))


# --- §4.8 Black Hole slingshot (optional rule) -------------------------------------------------------
def test_slingshot_is_offered_only_with_the_option_and_gains_a_hex() -> None:
    m = start(2)
    seat = mover(m)
    path = _line(m, seat, 2)
    put_marker(m, path[1], "black_hole", face_up=True)
    sc = units_of(m, seat, "SC")[0]
    assert f"m {sc.uid} {path[1]}" in _legal(m, seat)
    assert not any(a.startswith("sling") for a in _legal(m, seat))
    survived = killed = 0
    for seed in range(40):
        m = start(2, seed=seed, slingshot=True)
        seat = mover(m)
        path = _line(m, seat, 2)
        put_marker(m, path[1], "black_hole", face_up=True)
        sc = units_of(m, seat, "SC")[0]
        m.apply(seat, f"sling {sc.uid} {path[1]}")
        if sc.uid in state(m).units:
            survived += 1
            # Move 1 in turn 1 is one hex, but the slingshot hex was free: one more step is allowed.
            assert f"m {sc.uid} {path[2]}" in _legal(m, seat)
        else:
            killed += 1
    # Survival needs 1-4 on the d10 with the slingshot's +2 (plain entry: 1-6).
    assert 8 <= survived <= 26 and killed > 0
