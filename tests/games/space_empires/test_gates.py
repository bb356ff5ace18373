"""The Planetary Gates scenarios (docs/games/space_empires.md §12.3): the gate network, ground units,
fighters and Colony Ships walking through it, invasions and retreats through gates, the barren
planets, and play to the end with random and heuristic seats."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import galaxis
from galaxis.core import Action, BadOption, IllegalAction, Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Marker
from galaxis.games.space_empires.systems import gates, ground
from galaxis.games.space_empires.systems.ground_state import Garrison

from .helpers import add_unit, bots_play_to_the_end, mover, planted_combat_dice, start, state, touch

X = "3.6"  # a deep-space hex of the 2-player map used as "our" colony


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    yield from planted_combat_dice(monkeypatch)


def _gates(players: int = 2, seed: int = 1, **options: Any) -> Match:
    return start(players, seed=seed, scenario="planetary_gates", **options)


def _ring(center: str, d: int) -> list[str]:
    c = parse_hex_id(center)
    return sorted(h for h in board.board_hexes(2) if distance(c, parse_hex_id(h)) == d)


def _colony(m: Match, hid: str, owner: int, value: int = 3, troops: tuple[str, ...] = ()) -> None:
    s = state(m)
    touch(m)
    s.markers[hid] = Marker("planet", 0, True, "deep")
    for u in list(s.units.values()):
        if u.hex == hid:
            del s.units[u.uid]
    s.colonies[hid] = Colony(owner, value, False, True)
    assert s.ground is not None
    if troops:
        s.ground.garrisons[hid] = Garrison(owner, list(troops))
    else:
        s.ground.garrisons.pop(hid, None)


def _acts(m: Match, seat: int) -> list[str]:
    return [a.notation for a in m.legal_actions(seat)]


def _fire_first(m: Match) -> None:
    """Every ground combat shot at the first target offered, until the battle is over."""
    while state(m).pending and state(m).pending[-1].kind == "gtarget":
        seat = mover(m)
        m.apply(seat, next(a for a in m.legal_actions(seat) if a.kind == "gt"))


# --- set-up and the barren planets (§12.3.2) ------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_family_turns_ground_combat_on_and_places_barren_planets(players: int) -> None:
    m = _gates(players)
    s = state(m)
    assert s.gates is not None and s.ground is not None
    sid = f"gates_{players}p"
    for hid in gates.tables().barren_positions[sid]:
        mk = s.markers[hid]
        assert (mk.kind, mk.face_up) == ("barren", True)
        assert sum(1 for u in board.units_at(s, hid) if u.owner == board.NPA) == 4  # an NPA planet (§6)
        assert gates.npa_planet(s, hid)
    # The deep-space mix keeps its size and make-up: the B planets came out of it.
    deep = Counter(f"{m.kind}:{m.value}" for m in s.markers.values() if m.pool == "deep")
    deep.update(s.undrawn)
    assert deep == Counter(f"{k}:{v}" for k, v in data.markers().deep_pool())


def test_barren_choices() -> None:
    removed = state(_gates(2, gate_barren="removed"))
    assert not any(m.kind == "barren" for m in removed.markers.values() if m.pool == "deep")
    assert not any(x.startswith("barren") for x in removed.undrawn)
    only = state(_gates(2, gate_barren="placed_only"))
    barren = sorted(h for h, m in only.markers.items() if m.pool == "deep" and m.kind == "barren")
    assert barren == sorted(gates.tables().barren_positions["gates_2p"])
    assert not any(x.startswith("barren") for x in only.undrawn)
    dealt = state(_gates(2, gate_barren="dealt"))
    assert not any(m.face_up for m in dealt.markers.values())
    # Outside the gates scenarios the option changes nothing, and the scenario needs Close Encounters.
    assert state(start(2, seed=1, gate_barren="removed")).gates is None
    with pytest.raises(BadOption):
        _gates(2, edition="base2011")


# --- the gate network and ground units (§12.3.1) ---------------------------------------------------------
def test_gate_range_is_three_hexes_not_four() -> None:
    m = _gates()
    me = mover(m)
    near, far = _ring(X, 3)[0], _ring(X, 4)[0]
    _colony(m, X, me, troops=("Infantry",))
    _colony(m, near, me)
    _colony(m, far, me)
    m.apply(me, f"gates {X}")
    acts = _acts(m, me)
    assert f"gate Infantry {near}" in acts
    assert f"gate Infantry {far}" not in acts
    assert acts[-1] == "gclose"


def test_a_colony_on_asteroids_has_no_gate() -> None:
    m = _gates()
    me = mover(m)
    rock = _ring(X, 2)[0]
    _colony(m, X, me, troops=("Infantry",))
    _colony(m, rock, me, troops=("Infantry",))
    state(m).markers[rock] = Marker("asteroids", 0, True, "deep")  # an Industrious Race colony
    assert not gates.has_gate(state(m), rock)
    assert f"gates {rock}" not in _acts(m, me)
    assert rock not in gates.linked(state(m), X)


def test_a_gate_move_takes_the_whole_move() -> None:
    m = _gates()
    me = mover(m)
    near = _ring(X, 2)[0]
    _colony(m, X, me, troops=("Infantry", "Infantry"))
    _colony(m, near, me)
    m.apply(me, f"gates {X}")
    m.apply(me, f"gate Infantry {near}")
    s = state(m)
    assert s.ground is not None and s.ground.garrisons[near].troops == ["Infantry"]
    assert gates.movable_troops(s, me, near) == []  # it walked: no second move this turn
    m.apply(me, "gclose")
    assert f"gates {near}" not in _acts(m, me) and f"gates {X}" in _acts(m, me)
    m.apply(me, f"gates {X}")
    m.apply(me, f"gate Infantry {near}")  # the other one still may; then the gate closes by itself
    assert not s.pending
    assert f"gates {near}" not in _acts(m, me) and f"gates {X}" not in _acts(m, me)
    gates.start_move(s)  # a new turn: both may walk again
    touch(m)
    assert gates.movable_troops(s, me, near) == ["Infantry", "Infantry"]


def test_refusals_name_the_gate_rule() -> None:
    m = _gates()
    me = mover(m)
    near, far = _ring(X, 2)[0], _ring(X, 4)[0]
    _colony(m, X, me, troops=("Infantry",))
    _colony(m, near, me)
    with pytest.raises(IllegalAction) as no_gate:
        m.apply(me, f"gates {_ring(X, 1)[0]}")
    assert no_gate.value.rule.startswith("§12.3.1 ") and no_gate.value.rule_in("hu").startswith("§12.3.1 ")
    m.apply(me, f"gates {X}")
    with pytest.raises(IllegalAction) as too_far:
        m.apply(me, f"gate Infantry {far}")
    assert "no gate joins" in str(too_far.value) and too_far.value.rule.startswith("§12.3.1")
    with pytest.raises(IllegalAction) as none_left:
        m.apply(me, f"gate Marines {near}")
    assert "Marines" in str(none_left.value)
    base = start(2)
    with pytest.raises(IllegalAction) as elsewhere:
        base.apply(mover(base), "gates 3.6")
    assert "planetary_gates" in str(elsewhere.value) and elsewhere.value.rule.startswith("§12.3 ")


def test_ground_unit_gate_moves_are_secret() -> None:
    m = _gates()
    me = mover(m)
    near = _ring(X, 2)[0]
    _colony(m, X, me, troops=("Marines",))
    _colony(m, near, me)
    foe = 1 - me
    m.apply(me, f"gates {X}")
    act = next(a for a in m.legal_actions(me) if a.kind == "gate")
    assert not GAME.action_is_public(state(m), me, act)
    obs = m.observation(foe)
    assert obs["gates"]["movable"] == {} or all(h not in obs["gates"]["movable"] for h in (X, near))
    assert obs["gates"]["source"] == "" and m.observation(me)["gates"]["source"] == X


# --- combat through the gates (§12.3.3) --------------------------------------------------------------------
def _assault_set_up(m: Match, value: int = 1, defenders: tuple[str, ...] = ()) -> tuple[int, int, str]:
    me = mover(m)
    foe = 1 - me
    target = _ring(X, 3)[0]
    _colony(m, X, me, troops=("Infantry", "Infantry", "Infantry"))
    _colony(m, target, foe, value=value, troops=defenders)
    state(m).players[me].techs["ground_combat"] = ground.DROP_SHIPS  # drop ships do not help (§12.3.3)
    return me, foe, target


def test_attackers_through_a_gate_never_fire_in_round_one(dice: list[int]) -> None:
    m = _gates()
    me, foe, target = _assault_set_up(m, value=1)
    m.apply(me, f"gates {X}")
    m.apply(me, f"gate Infantry {target}")
    assert state(m).pending[-1].kind == "gassault"
    assert f"assault {X} Infantry" in _acts(m, me)
    m.apply(me, f"assault {X} Infantry")
    dice += [10]  # round 1: the Militia misses; the invaders do not fire, Ground Combat 3 or not
    m.apply(me, "charge")
    inv = state(m).ground.invasion  # type: ignore[union-attr]
    assert inv is not None and not inv.drop_ships
    assert state(m).pending[-1].seat == foe  # the only round-1 shooter is the defender's Militia
    m.apply(foe, next(a for a in m.legal_actions(foe) if a.kind == "gt"))
    assert inv.round == 2 and state(m).pending[-1].seat == me  # round 2: now the invaders fire
    dice += [1]
    _fire_first(m)
    s = state(m)
    assert s.colonies[target].owner == me  # captured as from space (§10.1)
    assert s.ground.garrisons[target].troops == ["Infantry", "Infantry"]  # type: ignore[union-attr]
    assert s.ground.captured[target] == foe  # type: ignore[union-attr]
    assert gates.movable_troops(s, me, target) == []  # the invaders used their move


def test_capture_through_a_gate_steals_technology(dice: list[int]) -> None:
    m = _gates()
    me, foe, target = _assault_set_up(m, value=1)
    state(m).players[foe].techs["attack"] = 2
    m.apply(me, f"gates {X}")
    m.apply(me, f"gate Infantry {target}")
    dice += [10, 1]
    m.apply(me, "charge")
    _fire_first(m)
    assert state(m).pending[-1].kind == "steal" and "steal attack" in _acts(m, me)


def test_an_npa_planet_taken_through_a_gate_loses_its_alien_ships(dice: list[int]) -> None:
    m = _gates()
    me = mover(m)
    s = state(m)
    npa = "5.5"  # a B hex of gates_2p: a barren planet with 4 alien ships
    src = _ring(npa, 3)[0]
    _colony(m, src, me, troops=("Infantry",) * 6)
    assert gates.npa_planet(s, npa)
    m.apply(me, f"gates {src}")
    m.apply(me, f"gate Infantry {npa}")
    for _ in range(5):
        m.apply(me, f"assault {src} Infantry")
    dice += [10] * 5 + [1] * 5  # round 1: five Militia miss; round 2: five invaders hit
    m.apply(me, "charge")
    _fire_first(m)
    assert s.colonies[npa].owner == me and s.colonies[npa].value == ground.NPA_COLONY
    assert not [u for u in board.units_at(s, npa) if u.owner == board.NPA]  # the orbit is cleared
    assert s.ground is not None and len(s.ground.garrisons[npa].troops) == 6


# --- retreat through the gates (§12.3.4) -------------------------------------------------------------------
def test_retreat_only_from_round_two_to_own_planets_free_of_enemies(dice: list[int]) -> None:
    m = _gates()
    me, foe, target = _assault_set_up(m, value=1, defenders=("Infantry",))
    safe, watched = _ring(target, 2)[0], _ring(target, 2)[1]
    _colony(m, safe, foe)
    _colony(m, watched, foe)
    add_unit(m, me, "DD", watched)  # an enemy ship there: no retreat to it
    far = _ring(target, 4)[0]
    _colony(m, far, foe)
    m.apply(me, f"gates {X}")
    m.apply(me, f"gate Infantry {target}")
    dice += [10, 10]
    m.apply(me, "charge")
    # Round 1: the defenders fire; nobody may retreat yet.
    while state(m).ground.invasion.round == 1:  # type: ignore[union-attr]
        seat = mover(m)
        assert not [a for a in _acts(m, seat) if a.startswith("gretreat")]
        m.apply(seat, next(a for a in m.legal_actions(seat) if a.kind == "gt"))
    # Round 2: the defender's Infantry (C/D class) fires first in a tie; Militia never retreat.
    inv = state(m).ground.invasion  # type: ignore[union-attr]
    shooter = next(t for t in inv.troopers if t.tid == state(m).pending[-1].data["shooter"])
    seat = mover(m)
    retreats = [a for a in _acts(m, seat) if a.startswith("gretreat")]
    assert shooter.kind == "Infantry" and seat == foe
    assert retreats == [f"gretreat {shooter.tid} {safe}"]  # not to the watched colony, not 4 hexes away
    m.apply(foe, retreats[0])
    assert "Infantry" in state(m).ground.garrisons[safe].troops  # type: ignore[union-attr]
    assert all(t.tid != shooter.tid for t in inv.troopers)
    # The attackers retreat too (to their own colony X within 3 hexes).
    while state(m).pending and state(m).pending[-1].kind == "gtarget":
        seat = mover(m)
        own = [a for a in _acts(m, seat) if a.startswith("gretreat")]
        if seat == me:
            assert own and all(a.endswith(f" {X}") for a in own)
            m.apply(me, own[0])
            continue
        assert own == []  # the Militia never retreat
        dice.append(10)
        m.apply(seat, next(a for a in m.legal_actions(seat) if a.kind == "gt"))
    assert state(m).colonies[target].owner == foe  # everyone left: the invasion failed


def test_garrison_may_leave_through_the_gate_before_bombardment() -> None:
    m = _gates()
    me = mover(m)
    foe = 1 - me
    target = _ring(X, 3)[0]
    refuge = _ring(target, 2)[0]
    _colony(m, target, foe, troops=("Infantry",))
    _colony(m, refuge, foe)
    s = state(m)
    add_unit(m, me, "DD", target, revealed=True)
    assert GAME._start_bombardment(s, me)
    touch(m)
    assert s.pending[-1].kind == "gflee" and mover(m) == foe
    acts = _acts(m, foe)
    assert f"flee Infantry {refuge}" in acts and acts[-1] == "stay"
    m.apply(foe, f"flee Infantry {refuge}")
    assert s.pending[-1].kind == "bomb" and s.ground.garrisons[refuge].troops == ["Infantry"]  # type: ignore[union-attr]


# --- fighters (§12.3.5) ----------------------------------------------------------------------------------------
def test_fighters_walk_only_between_own_colonies() -> None:
    m = _gates()
    me = mover(m)
    foe = 1 - me
    mine, theirs, free = _ring(X, 2)[0], _ring(X, 2)[1], _ring(X, 2)[2]
    _colony(m, X, me)
    _colony(m, mine, me)
    _colony(m, theirs, foe)
    state(m).markers[free] = Marker("planet", 0, True, "deep")
    f = add_unit(m, me, "F", X)
    m.apply(me, f"gates {X}")
    acts = _acts(m, me)
    assert f"fgate {f.uid} {mine}" in acts
    assert f"fgate {f.uid} {theirs}" not in acts and f"fgate {f.uid} {free}" not in acts
    m.apply(me, f"fgate {f.uid} {mine}")
    assert f.hex == mine and f.stopped
    assert f"gates {mine}" not in _acts(m, me)  # its whole move is spent


def test_fighters_never_retreat_through_a_gate() -> None:
    m = _gates()
    me, foe, target = _assault_set_up(m, value=1)
    f = add_unit(m, foe, "F", target)
    m.apply(me, f"gates {X}")
    m.apply(me, f"gate Infantry {target}")
    m.apply(me, "charge")
    inv = state(m).ground.invasion  # type: ignore[union-attr]
    assert inv is not None and all(t.kind != "F" for t in inv.troopers)  # fighters are no ground units
    inv.round = 2  # even in a later round, no retreat names the fighter
    touch(m)
    assert not any(f.uid in a for a in _acts(m, mover(m)))


# --- Colony Ships (§12.3.7) -------------------------------------------------------------------------------------
def _to_econ(m: Match) -> None:
    s = state(m)
    for p in s.players:
        p.cp, p.earned, p.spent, p.forfeited = 60, 60, 0, 0
    GAME._start_econ(s, [])
    touch(m)
    for seat in m.to_move:
        m.apply(seat, "bid 0")


def test_colony_ships_are_bought_at_5_cp_colonies_without_a_shipyard() -> None:
    m = _gates()
    s = state(m)
    five, three = "3.6", "7.6"
    _colony(m, five, 0, value=5)
    _colony(m, three, 0, value=3)
    _to_econ(m)
    acts = _acts(m, 0)
    assert f"buy CO {five}" in acts and f"buy CO {three}" not in acts
    assert not any(u.kind == "SY" and u.hex == five for u in s.units.values())
    problem = GAME._buy_problem(s, 0, "CO", three)
    assert problem is not None and "5 CP" in str(problem)
    m.apply(0, f"buy CO {five}")
    assert s.players[0].built.get(five, 0) == 0  # no shipyard capacity used
    for seat in list(m.to_move):
        m.apply(seat, "done")
    while s.pending and s.pending[-1].kind == "first":
        m.apply(mover(m), next(a for a in m.legal_actions(mover(m)) if a.kind == "first"))
    co = next(u for u in s.units.values() if u.kind == "CO" and u.hex == five)
    assert co.uid in s.gates.grounded and co.revealed  # type: ignore[union-attr]
    start_cos = [u for u in s.units.values() if u.kind == "CO" and u.hex != five]
    assert start_cos and all(u.uid not in s.gates.grounded for u in start_cos)  # type: ignore[union-attr]


def test_walking_colony_ship_never_flies_and_settles_the_first_free_planet() -> None:
    m = _gates()
    me = mover(m)
    s = state(m)
    home, free, far_free = X, _ring(X, 3)[0], _ring(X, 4)[0]
    _colony(m, home, me, value=5)
    for h in (free, far_free):
        s.markers[h] = Marker("planet", 0, True, "deep")
    co = add_unit(m, me, "CO", home)
    assert co.uid in s.gates.grounded  # type: ignore[union-attr]
    assert not [a for a in _acts(m, me) if a.startswith(f"m {co.uid} ")]  # not space-going
    assert GAME._move_problem(s, co, _ring(home, 1)[0]) is not None
    m.apply(me, f"gates {home}")
    acts = _acts(m, me)
    assert f"cgate {co.uid} {free}" in acts and f"cgate {co.uid} {far_free}" not in acts
    m.apply(me, f"cgate {co.uid} {free}")
    assert co.uid not in s.units and s.colonies[free] == Colony(me, 0, False, False)
    assert co.uid not in s.gates.grounded  # type: ignore[union-attr]


def test_walking_colony_ship_needs_terraforming_for_a_barren_planet() -> None:
    m = _gates()
    me = mover(m)
    s = state(m)
    barren = _ring(X, 2)[0]
    _colony(m, X, me, value=5)
    s.markers[barren] = Marker("barren", 0, True, "deep")
    co = add_unit(m, me, "CO", X)
    assert f"gates {X}" not in _acts(m, me)  # nowhere it could go: the barren planet needs Terraforming 1
    co.level = 1
    touch(m)
    m.apply(me, f"gates {X}")
    assert f"cgate {co.uid} {barren}" in _acts(m, me)


# --- information and bots (§12.3.8-9) -------------------------------------------------------------------------
def test_determinize_keeps_the_viewers_observation_during_an_assault() -> None:
    m = _gates()
    me, foe, target = _assault_set_up(m, value=1)
    m.apply(me, f"gates {X}")
    m.apply(me, f"gate Infantry {target}")
    for viewer in (me, foe):
        world = m.determinize(viewer, 3)
        assert world.observation(viewer) == m.observation(viewer)
        assert GAME.invariants(world.state) == []
    assert m.observation(foe)["gates"]["staged"] == [] and m.observation(me)["gates"]["staged"]


def test_describe_in_both_languages() -> None:
    m = _gates()
    for notation, en, hu in (
        ("gate Infantry 3.6", "Infantry goes through the gate to 3.6", "Gyalogság"),
        ("assault 3.6 Marines", "Marines from 3.6 joins the assault", "Tengerészgyalogos"),
        ("charge", "attack through the gate", "kapun"),
    ):
        assert en in GAME.describe(state(m), Action(notation))
        assert hu in GAME.describe(state(m), Action(notation), "hu")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_bots_play_to_the_end(players: int, agent: str) -> None:
    m = galaxis.new_match("space_empires", players, 11, {"scenario": "planetary_gates"})
    bots_play_to_the_end(m, agent)
    assert m.is_over


def test_heuristic_invades_through_gates_when_it_outnumbers_the_target() -> None:
    """Over a few seeds, the heuristic bot opens gate assaults, each with more units than it expects
    to meet (the Militia of the colony's value plus a garrison of 2, or an NPA planet's 5 Militia)."""
    assaults = 0
    for seed in range(1, 6):
        m = galaxis.new_match("space_empires", 3, seed, {"scenario": "planetary_gates"})
        bots = [galaxis.agent("heuristic", seed=i) for i in range(3)]
        while not m.is_over and assaults < 3:
            seat = m.to_move[0]
            before = state(m)
            guess = None
            if before.pending and before.pending[-1].kind == "gassault":
                gs = before.gates
                assert gs is not None
                col = before.colonies.get(gs.target)
                guess = ground.NPA_MILITIA if col is None else col.value + gates.BOT_GARRISON
            action = bots[seat].act(m, seat)
            if action.kind == "charge":
                assert guess is not None and len(before.gates.staged) > guess  # type: ignore[union-attr]
                assaults += 1
            m.apply(seat, action)
        if assaults >= 3:
            break
    assert assaults >= 3
