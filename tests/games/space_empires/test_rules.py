"""The rules engine: set-up, movement, exploration, combat, bombardment, the Economic Phase, victory."""

from __future__ import annotations

import pytest

import galaxis
from galaxis.core import IllegalAction
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id

from .helpers import add_unit, hw, mover, put_marker, start, state, touch, units_of


def _d(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    m = start(players)
    s = state(m)
    for seat in range(players):
        home = hw(m, seat)
        assert s.colonies[home].value == 30
        kinds = sorted(u.kind for u in s.units.values() if u.owner == seat)
        assert kinds == sorted(["CO"] * 3 + ["Miner"] + ["SY"] * 4 + ["SC"] * 3)
        assert all(u.hex == home for u in s.units.values() if u.owner == seat)
        mine = [h for h, mk in s.markers.items() if mk.pool == f"home{seat}"]
        assert len(mine) == 25 and all(_d(h, home) <= 3 for h in mine)
        assert all(not s.markers[h].face_up for h in mine)
        assert s.players[seat].cp == 0 and s.players[seat].techs["move"] == 1
    assert sorted(s.order) == list(range(players)) and s.order[0] == s.first
    assert GAME.invariants(s) == []


def test_base_edition_home_world() -> None:
    m = start(2, edition="base2011")
    assert state(m).colonies[hw(m, 0)].value == 20


def test_movement_rules() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    sc = units_of(m, seat, "SC")[0]
    co = units_of(m, seat, "CO")[0]
    target = board.adjacent(2, sc.hex)[0]
    put_marker(m, target, "planet")  # face down: a stopping hex
    legal = {a.notation for a in m.legal_actions(seat)}
    assert f"m {sc.uid} {target}" in legal
    # §4.3: a colony ship may not enter an unexplored hex on its own.
    assert f"m {co.uid} {target}" not in legal
    with pytest.raises(IllegalAction, match="non-combat"):
        m.apply(seat, f"m {co.uid} {target}")
    # Shipyards never move.
    sy = units_of(m, seat, "SY")[0]
    assert not any(a.startswith(f"m {sy.uid} ") for a in legal)
    m.apply(seat, f"m {sc.uid} {target}")
    assert s.units[sc.uid].hex == target and s.units[sc.uid].stopped
    # Move 1 in turn 1: one hex, so the scout is done; an escorted colony ship may now follow.
    assert not any(a.startswith(f"m {sc.uid} ") for a in m.legal_actions(seat))
    assert f"m {co.uid} {target}" in {a.notation for a in m.legal_actions(seat)}


def test_bad_notation_is_refused_without_change() -> None:
    m = start(2)
    seat = mover(m)
    before = m.to_json()
    for bad in ("m zz 1.1", "buy DD 0.0", "fly away", ""):
        with pytest.raises(IllegalAction):
            m.apply(seat, bad)
    assert m.to_json() == before


def _end_turn_for(m, seat: int) -> None:  # type: ignore[no-untyped-def]
    m.apply(seat, "end")


def test_exploration_flips_and_effects() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    scs = units_of(m, seat, "SC")
    hexes = board.adjacent(2, scs[0].hex)
    put_marker(m, hexes[0], "planet")
    put_marker(m, hexes[1], "danger")
    put_marker(m, hexes[2], "supernova")
    m.apply(seat, f"m {scs[0].uid} {hexes[0]}")
    m.apply(seat, f"m {scs[1].uid} {hexes[1]}")
    m.apply(seat, f"m {scs[2].uid} {hexes[2]}")
    events = m.apply(seat, "end")
    flipped = {e["hex"]: e["marker"] for e in events if e["type"] == "explore"}
    assert flipped == {hexes[0]: "planet", hexes[1]: "danger", hexes[2]: "supernova"}
    assert s.markers[hexes[0]].face_up
    assert scs[1].uid not in s.units and hexes[1] not in s.markers  # Danger!: units die, marker removed
    assert s.units[scs[2].uid].hex == hw(m, seat)  # Super Nova: back where it came from
    assert s.markers[hexes[2]].face_up


def test_deep_space_barren_gets_aliens_and_they_fight() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    sc = units_of(m, seat, "SC")[0]
    h = board.adjacent(2, sc.hex)[0]
    put_marker(m, h, "barren")
    s.markers[h].pool = "deep"
    m.apply(seat, f"m {sc.uid} {h}")
    m.apply(seat, "end")
    aliens = [u for u in s.units.values() if u.owner == -1 and u.hex == h]
    assert len(aliens) == 4 and all(u.kind.startswith("NPA-") for u in aliens)


def test_colonize_and_growth() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    co = units_of(m, seat, "CO")[0]
    h = board.adjacent(2, co.hex)[0]
    put_marker(m, h, "planet", face_up=True)
    m.apply(seat, f"m {co.uid} {h}")
    assert f"c {co.uid}" not in {a.notation for a in m.legal_actions(seat)}  # moved this turn
    co.moved = 0
    touch(m)
    m.apply(seat, f"c {co.uid}")
    assert s.colonies[h].owner == seat and s.colonies[h].value == 0 and co.uid not in s.units


def _play_to_econ(m) -> None:  # type: ignore[no-untyped-def]
    while state(m).phase != "econ":
        seat = m.to_move[0]
        m.apply(
            seat, "end" if "end" in {a.notation for a in m.legal_actions(seat)} else m.legal_actions(seat)[0]
        )


def test_economic_phase_is_simultaneous_and_secret() -> None:
    m = start(2)
    _play_to_econ(m)
    s = state(m)
    assert set(m.to_move) == {0, 1}
    # 30 CP home world minus 3 CP scout maintenance.
    assert [p.cp for p in s.players] == [27, 27]
    bid = m.legal_actions(0)[0]
    assert bid.notation == "bid 0" and not GAME.action_is_public(s, 0, bid)
    m.apply(0, "bid 2")
    m.apply(0, "tech ship_size")
    home = hw(m, 0)
    m.apply(0, f"buy DD {home}")
    assert s.players[0].cp == 27 - 2 - 10 - 9
    assert not units_of(m, 0, "DD")  # placed only when every seat is done
    other = GAME.observation(s, 1)
    assert "cp" not in other["players"][0] and "techs" not in other["players"][0]
    m.apply(0, "done")
    assert m.to_move == (1,)
    m.apply(1, "bid 0")
    m.apply(1, "done")
    # Seat 0 bid highest and chooses who goes first.
    assert m.to_move == (0,)
    m.apply(0, "first b")
    assert s.order[0] == 1 and s.cycle == 2 and s.phase == "move"
    assert len(units_of(m, 0, "DD")) == 1 and units_of(m, 0, "DD")[0].hex == home
    assert GAME.invariants(s) == []


def test_shipyard_capacity_and_prerequisites() -> None:
    m = start(2)
    _play_to_econ(m)
    s = state(m)
    home = hw(m, 0)
    m.apply(0, "bid 0")
    legal = {a.notation for a in m.legal_actions(0)}
    assert f"buy CA {home}" not in legal and f"buy SC {home}" in legal
    with pytest.raises(IllegalAction, match="needs"):
        m.apply(0, f"buy CA {home}")
    s.players[0].cp = 200
    s.players[0].earned += 173
    touch(m)
    m.apply(0, "tech ship_size")
    assert "tech ship_size" not in {a.notation for a in m.legal_actions(0)}  # one level per phase
    for _ in range(4):  # 4 shipyards at Shipyard 1: 4 hull points
        m.apply(0, f"buy DD {home}")
    legal = {a.notation for a in m.legal_actions(0)}
    assert f"buy DD {home}" not in legal and f"buy SC {home}" not in legal
    assert f"buy SY {home}" in legal  # shipyards need no shipyard capacity


def test_carry_over_cap() -> None:
    m = start(2)
    _play_to_econ(m)
    s = state(m)
    s.players[0].cp += 20
    s.players[0].earned += 20
    touch(m)
    for seat in (0, 1):
        m.apply(seat, "bid 0")
        m.apply(seat, "done")
    m.apply(m.to_move[0], "first a")
    assert s.players[0].cp == 30 and s.players[0].forfeited == 17
    assert GAME.invariants(s) == []


def test_battle_targets_and_reveal() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    sc = units_of(m, seat, "SC")
    h = board.adjacent(2, sc[0].hex)[0]
    put_marker(m, h, "planet", face_up=True)
    e1 = add_unit(m, enemy, "DD", h)
    e2 = add_unit(m, enemy, "SC", h)
    assert GAME.observation(s, seat)["hexes"][h]["units"][0]["kind"] == "?"
    for u in sc:
        m.apply(seat, f"m {u.uid} {h}")
    m.apply(seat, "end")
    assert e1.revealed and e2.revealed
    # Decisions until the battle is over: every target choice lists only legal enemies.
    guard = 0
    while s.battle is not None:
        guard += 1
        assert guard < 200
        who = m.to_move[0]
        legal = m.legal_actions(who)
        m.apply(who, legal[0])
    left = {u.owner for u in s.units.values() if u.hex == h}
    assert len(left) <= 1


def test_home_world_destruction_wins() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    target = hw(m, enemy)
    for u in [u for u in s.units.values() if u.owner == enemy and u.hex == target and u.kind == "SY"]:
        del s.units[u.uid]
    for _ in range(6):
        add_unit(m, seat, "DN", target)
    m.apply(seat, "end")
    # The enemy scouts fight; its colony ships and miner die with them (§5.8); then we bombard.
    while not m.is_over:
        who = m.to_move[0]
        picks = [a for a in m.legal_actions(who) if a.kind in ("bomb", "target", "fight")]
        if not picks:
            break
        m.apply(who, picks[0])
    if m.is_over:
        assert s.winner == seat and m.result.ranking[0] == [seat]
        assert not s.players[enemy].alive
        assert all(u.owner == seat for u in s.units.values())
    else:
        assert s.colonies[target].value < 30


def test_home_world_damage_sequence() -> None:
    m = start(2)
    s = state(m)
    s.colonies[hw(m, 1)].value = 5
    events: list[dict[str, object]] = []
    GAME._eliminate(s, 1, events)
    assert s.phase == "over" and s.winner == 0 and events[-1]["type"] == "eliminated"
    assert m.to_move == ()


def test_invariants_catch_a_broken_ledger() -> None:
    m = start(2)
    state(m).players[0].cp = 5
    assert any("CP" in msg for msg in GAME.invariants(state(m)))


def test_hidden_information() -> None:
    m = start(2)
    s = state(m)
    obs0 = GAME.observation(s, 0)
    assert all(c.get("marker") in (None, "?") for c in obs0["hexes"].values())
    secret = GAME.secret(s, 0)
    assert len(secret["markers"]) == len(s.markers)
    world = m.determinize(0, 5)
    assert world.observation(0) == m.observation(0)
    assert GAME.secret(world.state, 0) != secret
    # Markers are re-dealt within their pools: home kinds stay home kinds.
    for hid, mk in world.state.markers.items():
        assert mk.pool == s.markers[hid].pool
    for pool in ("home0", "home1"):
        mine = sorted((mk.kind, mk.value) for mk in s.markers.values() if mk.pool == pool)
        theirs = sorted((mk.kind, mk.value) for mk in world.state.markers.values() if mk.pool == pool)
        assert mine == theirs


def test_enemy_counters_are_re_dealt() -> None:
    m = start(2)
    s = state(m)
    add_unit(m, 1, "DD", hw(m, 1))
    for u in s.units.values():
        u.revealed = u.kind in ("CO", "Miner", "SY")
    kinds = sorted(u.kind for u in s.units.values() if u.owner == 1)
    changed = False
    for seed in range(10):
        world = m.determinize(0, seed)
        assert sorted(u.kind for u in world.state.units.values() if u.owner == 1) == kinds
        assert world.observation(0) == m.observation(0)
        changed |= GAME.secret(world.state, 0)["units"] != GAME.secret(s, 0)["units"]
    assert changed


def test_renders() -> None:
    m = start(3)
    for viewer in (None, 0, 1):
        assert "Space Empires" in m.render_text(viewer)
        assert m.render_svg(viewer).startswith("<svg")
    seat = mover(m)
    svg = m.render_svg(seat)
    for a in m.legal_actions(seat):
        assert all(f'data-target="{t}"' in svg for t in a.targets)
    assert m.render_text(seat, "hu")


def test_screening_and_fleet_bonus() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    sc = units_of(m, seat, "SC")
    h = board.adjacent(2, sc[0].hex)[0]
    put_marker(m, h, "planet", face_up=True)
    add_unit(m, enemy, "DD", h)
    for u in sc:
        m.apply(seat, f"m {u.uid} {h}")
    m.apply(seat, "end")
    # 3 scouts against 1 destroyer: the attacker may screen up to 2 (§5.4).
    assert m.to_move == (seat,)
    legal = {a.notation for a in m.legal_actions(seat)}
    # (and may scuttle its units in the battle, §4.7)
    assert legal == {"fight", *(f"screen {u.uid}" for u in sc), *(f"scuttle {u.uid}" for u in sc)}
    m.apply(seat, f"screen {sc[0].uid}")
    m.apply(seat, f"screen {sc[1].uid}")
    # Allowance used up: the step closes by itself; with 1 against 1 there is no fleet size bonus.
    assert s.battle is None or s.battle.bonus_side in (-1, 0, 1)
    if s.battle is not None and s.battle.round == 1:
        assert s.battle.bonus_side == -1
        assert sc[0].uid not in s.battle.queue and sc[1].uid not in s.battle.queue


def test_heuristic_bot_plays_legal_actions_to_the_end() -> None:
    from galaxis.games.space_empires.bot.agents import HeuristicAgent

    m = start(2, seed=3, cycles=2)
    bots = [HeuristicAgent(1), HeuristicAgent(2)]
    steps = 0
    while not m.is_over:
        seat = m.to_move[0]
        action = bots[seat].act(m, seat)
        assert action in m.legal_actions(seat)
        m.apply(seat, action)
        steps += 1
        assert steps < 5000
    assert state(m).cycle == 2 and GAME.invariants(state(m)) == []
    assert len(m.result.scores) == 2


def test_ms_pipeline_trade_income() -> None:
    from galaxis.games.space_empires.base.state import Colony

    m = start(2)
    s = state(m)
    home = hw(m, 0)
    a, b = board.adjacent(2, home)[0], None
    b = next(h for h in board.adjacent(2, a) if h != home and h not in board.adjacent(2, home))
    s.colonies[b] = Colony(0, 3, False, False)
    add_unit(m, 0, "MSP", a)
    assert board.pipeline_linked(s, 0) == {a}
    add_unit(m, 0, "MSP", b)
    assert board.pipeline_linked(s, 0) == {a, b}
    _play_to_econ(m)
    # 30 (home world) + 3 (colony) + 1 (pipeline trade) - 3 (scout maintenance); pipelines are free.
    assert s.players[0].cp == 31


def test_mines_sweep_then_detonate() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    sc = units_of(m, seat, "SC")
    h = board.adjacent(2, sc[0].hex)[0]
    put_marker(m, h, "planet", face_up=True)
    mines = [add_unit(m, enemy, "Mine", h) for _ in range(3)]
    sweeper = add_unit(m, seat, "SW", sc[0].hex)
    sweeper.level = 1
    for u in [*sc[:2], sweeper]:
        m.apply(seat, f"m {u.uid} {h}")
    events = m.apply(seat, "end")
    # One sweeper at Minesweeping 1 removes one mine; the mine owner picks a victim for each other.
    assert [e["type"] for e in events].count("swept") == 1
    assert m.to_move == (enemy,)
    assert {a.notation for a in m.legal_actions(enemy)} == {f"boom {u.uid}" for u in [*sc[:2], sweeper]}
    m.apply(enemy, f"boom {sc[0].uid}")
    m.apply(enemy, f"boom {sweeper.uid}")
    assert sc[0].uid not in s.units and sweeper.uid not in s.units and sc[1].uid in s.units
    assert not any(u.uid in s.units for u in mines)
    assert GAME.invariants(s) == []


def test_mines_may_not_enter_enemy_or_unexplored_hexes() -> None:
    m = start(2)
    seat = mover(m)
    home = hw(m, seat)
    mine = add_unit(m, seat, "Mine", home)
    hexes = board.adjacent(2, home)
    put_marker(m, hexes[0], "planet")
    put_marker(m, hexes[1], "planet", face_up=True)
    add_unit(m, 1 - seat, "DD", hexes[1])
    put_marker(m, hexes[2], "planet", face_up=True)
    legal = {a.notation for a in m.legal_actions(seat)}
    assert f"m {mine.uid} {hexes[0]}" not in legal and f"m {mine.uid} {hexes[1]}" not in legal
    assert f"m {mine.uid} {hexes[2]}" in legal


def test_decoys_do_not_explore_and_vanish_in_combat() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    home = hw(m, seat)
    hexes = board.adjacent(2, home)
    put_marker(m, hexes[0], "planet")
    put_marker(m, hexes[1], "planet", face_up=True)
    d1 = add_unit(m, seat, "Decoy", home)
    d2 = add_unit(m, seat, "Decoy", home)
    add_unit(m, enemy, "DD", hexes[1])
    legal = {a.notation for a in m.legal_actions(seat)}
    # Decoys move like warships (they may enter unexplored and enemy hexes) ...
    assert f"m {d1.uid} {hexes[0]}" in legal and f"m {d2.uid} {hexes[1]}" in legal
    assert GAME.observation(s, enemy)["hexes"][home]["units"][-1]["kind"] == "?"
    m.apply(seat, f"m {d1.uid} {hexes[0]}")
    m.apply(seat, f"m {d2.uid} {hexes[1]}")
    m.apply(seat, "end")
    # ... but do not flip markers, and are removed when alone with an enemy.
    assert not s.markers[hexes[0]].face_up
    assert d2.uid not in s.units and d1.uid in s.units


def test_decoys_need_no_shipyard_capacity() -> None:
    m = start(2)
    _play_to_econ(m)
    home = hw(m, 0)
    state(m).players[0].cp += 20
    state(m).players[0].earned += 20
    m.apply(0, "bid 0")
    for _ in range(3):
        m.apply(0, f"buy CO {home}")
    m.apply(0, f"buy SC {home}")
    legal = {a.notation for a in m.legal_actions(0)}
    assert f"buy SC {home}" not in legal and f"buy Decoy {home}" in legal


def test_describe_and_explain() -> None:
    from galaxis.core import Action

    m = start(2)
    seat = mover(m)
    for a in m.legal_actions(seat):
        assert (m.describe(a) and m.describe(a) != "end movement") or a == "end"
    assert m.describe("m a1 3.4") == "move a1 to hex 3.4"
    assert m.describe("first b") == "⟨1⟩ moves first"  # the client fills in the name
    assert m.describe("buy XX 1.1") == "buy XX 1.1"
    assert m.describe("m") == "m"
    assert GAME.describe(state(m), Action("tech move")) == "buy the next Move level"
    sc = units_of(m, seat, "SC")[0]
    with pytest.raises(IllegalAction, match="not a hex next to"):
        m.apply(seat, f"m {sc.uid} 0.11")
    with pytest.raises(IllegalAction, match="not one of your counters"):
        m.apply(seat, "m z9 0.0")
    assert GAME.max_legal_actions(2, {}) >= max(len(m.legal_actions(s)) for s in m.to_move)


def test_raiders_cloak_until_scanned() -> None:
    from galaxis.games.space_empires.base.state import Battle

    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    home = hw(m, seat)
    h = board.adjacent(2, home)[0]
    put_marker(m, h, "planet", face_up=True)
    raider = add_unit(m, seat, "R", home)
    raider.level = 1
    raider.move_tech = 2
    s.turn = 3  # Move 2 gives 2 hexes in turn 3
    guard = add_unit(m, enemy, "DD", h)
    m.apply(seat, f"m {raider.uid} {h}")
    # Cloaked: not stopped by the destroyer, which has no scanners.
    assert board.cloaked(s, raider) and not raider.stopped
    assert any(a.startswith(f"m {raider.uid} ") for a in m.legal_actions(seat))
    fighter = GAME._as_combatant
    s.battle = Battle(h, seat, enemy, 1, [], -1, "open")
    c = fighter(s, raider)
    assert c.cls == "A" and c.cloaked and c.attack == 4
    # A destroyer with Scanners 1 sees through Cloaking 1: the raider fights as a D-class ship.
    guard.level = 1
    c = fighter(s, raider)
    assert not board.cloaked(s, raider) and c.cls == "D" and not c.cloaked
    s.battle = None
    # A Nebula cancels cloaking.
    guard.level = 0
    put_marker(m, h, "nebula", face_up=True)
    assert not board.cloaked(s, raider)


def test_cloaked_raider_blockades_only_an_unguarded_colony() -> None:
    from galaxis.games.space_empires.base.state import Colony

    m = start(2)
    s = state(m)
    h = board.adjacent(2, hw(m, 0))[0]
    put_marker(m, h, "planet", face_up=True)
    s.colonies[h] = Colony(0, 3, False, True)
    raider = add_unit(m, 1, "R", h)
    raider.level = 1
    assert board.blockaded(s, h, 0)
    add_unit(m, 0, "SC", h)
    assert not board.blockaded(s, h, 0)


def test_carriers_carry_fighters() -> None:
    m = start(2)
    seat = mover(m)
    enemy = 1 - seat
    s = state(m)
    home = hw(m, seat)
    cv = add_unit(m, seat, "CV", home)
    fighters = [add_unit(m, seat, "F", home) for _ in range(4)]
    for f in fighters:
        f.level = 1
    legal = {a.notation for a in m.legal_actions(seat)}
    assert f"load {fighters[0].uid} {cv.uid}" in legal
    assert not any(a.startswith(f"m {fighters[0].uid} ") for a in legal)  # fighters never move alone
    for f in fighters[:3]:
        m.apply(seat, f"load {f.uid} {cv.uid}")
    # A carrier holds three fighters.
    assert not any(a.startswith(f"load {fighters[3].uid}") for a in m.legal_actions(seat))
    h = board.adjacent(2, home)[0]
    put_marker(m, h, "planet", face_up=True)
    m.apply(seat, f"m {cv.uid} {h}")
    assert [f.hex for f in fighters] == [h, h, h, home]
    m.apply(seat, f"unload {fighters[2].uid}")
    assert fighters[2].cargo == ""
    # In battle the carrier cannot be targeted while its fighters fight.
    dd = add_unit(m, enemy, "DD", h)
    from galaxis.games.space_empires.base.state import Battle

    s.battle = Battle(h, seat, enemy, 1, [], -1, "open")
    targets = {u.uid for u in GAME._targets(s, dd.uid)}
    assert targets == {fighters[0].uid, fighters[1].uid, fighters[2].uid}
    s.battle = None
    # A lost carrier strands its fighters where they are.
    del s.units[cv.uid]
    GAME._strand_fighters(s)
    assert all(f.cargo == "" for f in fighters) and GAME.invariants(s) == []


def test_refit_at_a_shipyard() -> None:
    m = start(2)
    seat = mover(m)
    s = state(m)
    sc = units_of(m, seat, "SC")[0]
    assert f"refit {sc.uid}" not in {a.notation for a in m.legal_actions(seat)}  # nothing newer yet
    p = s.players[seat]
    p.techs["attack"] = 1
    p.cp, p.earned = 5, p.earned + 5
    touch(m)
    m.apply(seat, f"refit {sc.uid}")
    assert sc.attack_tech == 1 and p.cp == 4 and sc.stopped
    assert not any(a.startswith(f"m {sc.uid} ") for a in m.legal_actions(seat))
    assert GAME.invariants(s) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bots_play_full_games_with_invariants(players: int) -> None:
    """Issue 8: full 2-, 3- and 4-player games (default options) played to the end by the
    heuristic bot, the invariants (CP ledger, counter limits, one place per unit) after every action."""
    m = galaxis.new_match("space_empires", players, seed=5)
    bots = [galaxis.agent("heuristic", seed=s) for s in range(players)]
    steps = 0
    while not m.is_over:
        seat = m.to_move[0]
        m.apply(seat, bots[seat].act(m, seat))
        assert GAME.invariants(state(m)) == []
        steps += 1
        assert steps < 20000
    assert len(m.result.scores) == players
