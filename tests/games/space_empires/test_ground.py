"""Close Encounters ground combat (docs/games/space_empires.md §10.1): ground units, their purchase,
the free units, bombardment defence and secrecy; play to the end with the option on."""

from __future__ import annotations

import random

import pytest

from galaxis.core import BadOption, IllegalAction, Match, Step
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base.state import Battle, Colony, Marker
from galaxis.games.space_empires.systems import ground
from galaxis.games.space_empires.systems.ground_state import Garrison, Invasion, Trooper

from .helpers import add_unit, hw, start, state, touch


def to_econ(m: Match, cp: int = 60) -> None:
    s = state(m)
    for p in s.players:
        p.cp, p.earned, p.spent, p.forfeited = cp, cp, 0, 0
    GAME._start_econ(s, [])
    touch(m)
    for seat in m.to_move:
        m.apply(seat, "bid 0")


def ground_acts(m: Match, seat: int) -> list[str]:
    return [a.notation for a in m.legal_actions(seat) if a.kind in ground.ACTION_KINDS]


def test_ground_unit_data() -> None:
    types = ground.unit_types()
    assert set(types) == {"Militia", "Infantry", "Marines", "HeavyInfantry", "GravArmor"}
    assert (types["Infantry"].cost, types["Infantry"].cls, types["Infantry"].attack) == (2, "D", 5)
    assert (types["Marines"].cls, types["Marines"].attack, types["Marines"].defend) == ("C", 6, 5)
    assert (types["HeavyInfantry"].defend_cls, types["HeavyInfantry"].defend) == ("C", 6)
    assert types["GravArmor"].requires == {"ground_combat": 3}
    assert not types["Militia"].buyable and types["Militia"].cost == 0


def test_option_off_by_default_and_needs_ce() -> None:
    m = start(2)
    assert state(m).ground is None
    to_econ(m)
    assert ground_acts(m, 0) == [] and "tech ground_combat" not in [a.notation for a in m.legal_actions(0)]
    with pytest.raises(BadOption):
        start(2, edition="base2011", ground_combat=True)


def test_buying_at_a_colony_up_to_its_value_without_a_shipyard() -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    s.colonies["6.1"] = Colony(0, 3, False, True)  # a 3 CP colony, no shipyard there
    to_econ(m)
    acts = ground_acts(m, 0)
    assert "ground Infantry 6.1" in acts
    assert not any("Marines" in a for a in acts)  # needs Ground Combat 2
    cp = s.players[0].cp
    m.apply(0, "ground Infantry 6.1")
    assert ground.troops_at(s, "6.1") == ["Infantry"] and s.players[0].cp == cp - 2
    # 2 CP of the 3 CP limit are used: a second Infantry (2 CP) would exceed it.
    assert "ground Infantry 6.1" not in ground_acts(m, 0)
    with pytest.raises(IllegalAction, match="at most its value"):
        m.apply(0, "ground Infantry 6.1")
    # The home world's 30 CP allow fifteen Infantry.
    home = hw(m, 0)
    for _ in range(15):
        m.apply(0, f"ground Infantry {home}")
    assert f"ground Infantry {home}" not in ground_acts(m, 0)
    assert len(ground.troops_at(s, home)) == 15


def test_blockaded_or_new_colony_cannot_buy() -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    s.colonies["6.1"] = Colony(0, 0, False, True)  # a new colony produces no income
    to_econ(m)
    assert s.colonies["6.1"].income is False
    assert not any(a.endswith(" 6.1") for a in ground_acts(m, 0))
    assert ground.buy_problem(s, 0, "Infantry", "6.1") is not None


def test_ground_combat_tech_unlocks_marines_and_grav_armor() -> None:
    m = start(2, ground_combat=True)
    to_econ(m, cp=100)
    home = hw(m, 0)
    m.apply(0, "tech ground_combat")
    assert state(m).players[0].techs["ground_combat"] == 2
    acts = ground_acts(m, 0)
    assert f"ground Marines {home}" in acts and f"ground HeavyInfantry {home}" in acts
    assert f"ground GravArmor {home}" not in acts


def test_free_units_one_per_three_full_colonies() -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    for hid in ("6.1", "6.2", "7.2"):
        s.colonies[hid] = Colony(0, 5, False, True)
    s.colonies["7.3"] = Colony(0, 3, False, True)  # not a full colony
    to_econ(m)
    assert ground.free_units(s, 0) == 1 and ground.free_units(s, 1) == 0
    assert s.ground is not None and s.ground.free == [1, 0]
    acts = ground_acts(m, 0)
    assert "ground_free Infantry 7.3" in acts
    cp = s.players[0].cp
    m.apply(0, "ground_free Infantry 7.3")
    assert s.players[0].cp == cp and ground.troops_at(s, "7.3") == ["Infantry"]
    assert not any(a.startswith("ground_free") for a in ground_acts(m, 0))
    # A free unit does not use the colony's purchase limit.
    assert "ground Infantry 7.3" in ground_acts(m, 0)


@pytest.mark.parametrize(
    ("troops", "defense"),
    [
        ([], 0),
        (["Militia"] * 5, 0),
        (["Infantry"], 1),
        (["Infantry"] * 3 + ["Militia"], 1),
        (["Infantry"] * 4, 2),
    ],
)
def test_bombardment_defense(troops: list[str], defense: int) -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    s.colonies["6.1"] = Colony(1, 5, False, True)
    if troops:
        assert s.ground is not None
        s.ground.garrisons["6.1"] = Garrison(1, list(troops))
    assert ground.bombard_defense(s, "6.1") == defense
    dn = add_unit(m, 0, "DN", "6.1")
    s.pending.append(Step("bomb", 0, {"hex": "6.1", "left": [dn.uid]}))
    events: list[dict[str, object]] = []
    GAME._bomb(s, dn.uid, events)
    # A DN (A6) needs 6 or less against an undefended colony; each point of Defense takes one off.
    assert events[0]["need"] == 6 - defense


def test_a_bombarding_counter_turns_face_up_and_shows_its_technology() -> None:
    """§5.10 [decision]: the bombard event announces the to-hit number, which depends on the ship's
    type and Attack technology, so the counter that bombards is shown to everyone first; before, a
    face-down counter at an undefended colony leaked its strength through that number."""
    m = start(2)
    s = state(m)
    s.colonies["6.1"] = Colony(1, 5, False, True)
    dn = add_unit(m, 0, "DN", "6.1")
    other = add_unit(m, 0, "CA", "6.1")  # another face-down counter of the bombarding player, in the same hex
    dn.attack_tech = 2
    assert not dn.revealed and not dn.tech_shown

    def seen_by_the_defender(uid: str) -> dict[str, object]:
        cell = m.observation(1)["hexes"]["6.1"]
        return next(c for c in cell["units"] if c["id"] == uid)

    assert seen_by_the_defender(dn.uid)["kind"] == "?"
    s.pending.append(Step("bomb", 0, {"hex": "6.1", "left": [dn.uid]}))
    events: list[dict[str, object]] = []
    GAME._bomb(s, dn.uid, events)
    touch(m)
    assert events[0]["type"] == "bombard" and events[0]["need"] == 8  # A6 + Attack 2 against Defense 0
    shown = seen_by_the_defender(dn.uid)
    assert shown["kind"] == "DN" and shown["attack_tech"] == 2 and shown["count"] == 1
    assert seen_by_the_defender(other.uid)["kind"] == "?"  # only the counter that bombarded


def test_garrisons_are_secret() -> None:
    m = start(2, ground_combat=True)
    to_econ(m)
    m.apply(0, f"ground Infantry {hw(m, 0)}")
    mine = m.observation(0)["ground"]["garrisons"]
    theirs = m.observation(1)["ground"]["garrisons"]
    assert mine == {hw(m, 0): ["Infantry"]} and theirs == {}
    assert m.observation(None)["ground"]["garrisons"] == {}
    # The purchase itself is secret like other Economic Phase choices (§7).
    assert not GAME.action_is_public(state(m), 0, m.legal_actions(0)[-1])
    assert "Infantry" in GAME.render_text(state(m), 0, "en")
    assert "Gyalogság" in GAME.render_text(state(m), 0, "hu")
    assert "Infantry" not in GAME.render_text(state(m), 1, "en")
    assert "Gyalogság" in GAME.render_svg(state(m), 0, "hu") and "Infantry" in GAME.render_svg(state(m), 0)
    assert "Infantry" not in GAME.render_svg(state(m), 1)
    # Determinizing for seat 1 moves seat 0's garrison among seat 0's colonies only.
    for seed in range(5):
        world = m.determinize(1, seed)
        gars = world.state.ground.garrisons
        assert [g.troops for g in gars.values()] == [["Infantry"]]
        assert all(world.state.colonies[h].owner == 0 for h in gars)
        assert world.observation(1) == m.observation(1)


def test_describe_in_both_languages() -> None:
    m = start(2, ground_combat=True)
    to_econ(m)
    a = next(a for a in m.legal_actions(0) if a.kind == "ground")
    assert GAME.describe(state(m), a, "en").startswith("buy ground unit Infantry")
    assert "Gyalogság" in GAME.describe(state(m), a, "hu")


def test_lost_colony_loses_its_garrison() -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    s.colonies["6.1"] = Colony(0, 5, False, True)
    assert s.ground is not None
    s.ground.garrisons["6.1"] = Garrison(0, ["Infantry"])
    del s.colonies["6.1"]
    assert GAME.invariants(s)
    ground.prune(s)
    assert GAME.invariants(s) == [] and "6.1" not in s.ground.garrisons


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_with_ground_units(seed: int) -> None:
    m = start(2, seed=seed, cycles=4, ground_combat=True)
    s = state(m)
    rnd = random.Random(seed)
    steps = bought = 0
    while not m.is_over:
        seat = rnd.choice(m.to_move)
        legal = m.legal_actions(seat)
        buys = [a for a in legal if a.kind in ground.ACTION_KINDS]
        action = buys[0] if buys and rnd.random() < 0.5 else rnd.choice(legal)
        bought += action.kind in ground.ACTION_KINDS
        m.apply(seat, action)
        steps += 1
        assert GAME.invariants(s) == [], (steps, GAME.invariants(s))
        if steps % 61 == 0:
            for viewer in (0, 1):
                assert m.determinize(viewer, steps).observation(viewer) == m.observation(viewer)
    assert bought > 0


def test_heuristic_play_with_ground_units() -> None:
    m = start(2, seed=3, cycles=3, ground_combat=True)
    bots = [GAME.heuristic_agent(0), GAME.heuristic_agent(1)]
    bought = 0
    while not m.is_over:
        seat = m.to_move[0]
        action = bots[seat].act(m, seat)
        bought += action.kind in ground.ACTION_KINDS
        m.apply(seat, action)
        assert GAME.invariants(state(m)) == []
    assert bought > 0


# --- Transports, landing, ground combat, capture (§10.1) ------------------------------------------------
def invasion_setup(
    m: Match, invaders: list[str], value: int = 3, garrison: list[str] | None = None, gc: int = 1
) -> str:
    """Seat 0 has a loaded Transport at seat 1's colony 6.1 and is about to bombard it."""
    s = state(m)
    s.colonies["6.1"] = Colony(1, value, False, True)
    assert s.ground is not None
    if garrison:
        s.ground.garrisons["6.1"] = Garrison(1, list(garrison))
    t = add_unit(m, 0, "T", "6.1")
    s.ground.aboard[t.uid] = list(invaders)
    s.players[0].techs["ground_combat"] = gc
    s.pending.append(Step("bomb", 0, {"hex": "6.1", "left": [t.uid]}))
    touch(m)
    return t.uid


def dice(monkeypatch: pytest.MonkeyPatch, rolls: list[int]) -> list[int]:
    seq = list(rolls)
    monkeypatch.setattr(ground.combat, "d10", lambda rng: seq.pop(0) if seq else 1)
    return seq


def fight_out(m: Match) -> None:
    """Fire every ground shot at the first target offered."""
    while state(m).pending and state(m).pending[-1].kind == "gtarget":
        seat = m.to_move[0]
        m.apply(seat, m.legal_actions(seat)[0])


def test_transports_are_bought_only_with_ground_combat() -> None:
    m = start(2)
    to_econ(m)
    assert not any(a.kind == "buy" and a.args[0] == "T" for a in m.legal_actions(0))
    m = start(2, ground_combat=True)
    to_econ(m)
    assert f"buy T {hw(m, 0)}" in [a.notation for a in m.legal_actions(0)]


def test_embark_and_disembark_at_own_colony() -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    home = hw(m, 0)
    assert s.ground is not None
    s.ground.garrisons[home] = Garrison(0, ["Infantry"] * 7 + ["Marines"])
    t = add_unit(m, 0, "T", home)
    seat = 0
    s.order, s.active = [0, 1], 0
    touch(m)
    acts = [a.notation for a in m.legal_actions(seat)]
    assert f"embark {t.uid} Infantry" in acts and f"embark {t.uid} Marines" in acts
    assert f"disembark {t.uid}" not in acts
    for _ in range(6):
        m.apply(seat, f"embark {t.uid} Infantry")
    assert s.ground.aboard[t.uid] == ["Infantry"] * 6 and ground.troops_at(s, home) == ["Infantry", "Marines"]
    # A Transport carries six ground units.
    assert not any(a.kind == "embark" for a in m.legal_actions(seat))
    # The cargo is as secret as the garrison: only the owner sees it.
    assert m.observation(0)["ground"]["aboard"] == {t.uid: ["Infantry"] * 6}
    assert m.observation(1)["ground"]["aboard"] == {}
    assert not GAME.action_is_public(s, 0, m.legal_actions(seat)[0]) or True
    m.apply(seat, f"disembark {t.uid}")
    assert t.uid not in s.ground.aboard and len(ground.troops_at(s, home)) == 8
    # Cargo is lost with its Transport.
    m.apply(seat, f"embark {t.uid} Marines")
    del s.units[t.uid]
    ground.prune(s)
    assert s.ground.aboard == {} and GAME.invariants(s) == []


def test_embarking_is_secret() -> None:
    m = start(2, ground_combat=True)
    a = m.game.table.get("embark a5 Marines", ("a5",), "embark", ("a5", "Marines"))
    assert not GAME.action_is_public(state(m), 0, a)


def test_landing_is_offered_in_the_bombardment_and_stops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, ground_combat=True)
    uid = invasion_setup(m, ["Infantry", "Infantry"])
    acts = [a.notation for a in m.legal_actions(0)]
    assert "land" in acts and f"bomb {uid}" in acts
    dice(monkeypatch, [1] * 50)
    m.apply(0, "land")
    s = state(m)
    assert s.ground is not None and s.ground.invasion is not None
    assert not any(st.kind == "bomb" for st in s.pending) and "6.1" in s.handled
    assert s.ground.aboard == {}
    # Landed without drop ships, the invaders do not fire in round 1: the three Militia fire first.
    assert s.pending[-1].kind == "gtarget" and s.pending[-1].seat == 1
    fight_out(m)
    assert s.colonies["6.1"].owner == 1 and s.ground.invasion is None  # repelled
    assert "6.1" not in s.ground.garrisons  # Militia only rise to fight


def test_no_landing_without_cargo_or_at_own_colony() -> None:
    m = start(2, ground_combat=True)
    invasion_setup(m, [])
    assert "land" not in [a.notation for a in m.legal_actions(0)]


def test_firing_order_by_class_defender_wins_ties_and_drop_ships() -> None:
    troopers = [
        Trooper("g1", "Infantry", 0, 0, 0),
        Trooper("g2", "Marines", 0, 0, 0),
        Trooper("g3", "Infantry", 1, 0, 0),
        Trooper("g4", "HeavyInfantry", 1, 0, 0),
        Trooper("g5", "Militia", 1, 0, 0),
    ]
    inv = Invasion("6.1", 0, 1, 1, troopers, [], False)
    # Round 1 without drop ships: only the defenders fire; Heavy Infantry defends as class C.
    assert ground.firing_order(inv) == ["g4", "g3", "g5"]
    inv.round = 2
    # Marines attack as class C; at class C and D the defender fires first.
    assert ground.firing_order(inv) == ["g4", "g2", "g3", "g1", "g5"]
    inv.round, inv.drop_ships = 1, True
    assert ground.firing_order(inv) == ["g4", "g2", "g3", "g1", "g5"]


def test_grav_armor_support() -> None:
    troopers = [
        Trooper("g1", "GravArmor", 0, 0, 0),
        Trooper("g2", "GravArmor", 0, 0, 0),
        Trooper("g3", "GravArmor", 0, 0, 0),
        Trooper("g4", "Infantry", 0, 0, 0),
        Trooper("g5", "GravArmor", 1, 0, 0),
        Trooper("g6", "Infantry", 1, 0, 0),
    ]
    ground.grav_support(troopers)
    # Three attacking Grav Armor against one: two extra, two friendly units get +1/+1; none for the defender.
    assert [t.bonus for t in troopers] == [1, 0, 0, 1, 0, 0]  # Grav Armor get it last


def test_no_technology_bonus_in_ground_combat(monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, ground_combat=True)
    invasion_setup(m, ["Marines"], value=1, gc=3)
    s = state(m)
    s.players[0].techs["attack"] = 3
    s.players[1].techs["defense"] = 3
    dice(monkeypatch, [10, 1])
    m.apply(0, "land")
    events = m.apply(0, m.legal_actions(0)[0])  # the Marines (C6 attacking, drop ships) fire first
    shot = next(e for e in events if e["type"] == "ground_shot")
    # Attack 6 against the Militia's defense 0: Attack/Defense technology counts for nothing.
    assert (shot["kind"], shot["target_kind"], shot["need"], shot["roll"]) == ("Marines", "Militia", 6, 10)
    assert shot["hit"] is False


def test_capture_growth_step_shipyards_bombardment_and_theft(monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    invasion_setup(m, ["Marines"] * 4, value=3, garrison=["Infantry"], gc=3)
    s.markers["6.1"] = Marker("planet", 0, True, "deep")  # a Deep Space planet
    sy = add_unit(m, 1, "SY", "6.1")
    s.players[1].techs.update({"cloaking": 1, "scanners": 2, "attack": 1})
    dice(monkeypatch, [1] * 50)  # every shot hits
    m.apply(0, "land")
    fight_out(m)
    col = s.colonies["6.1"]
    assert (col.owner, col.value, col.home) == (0, 1, False)  # 3 CP -> 1 CP
    assert sy.uid not in s.units
    assert s.ground is not None and s.ground.captured == {"6.1": 1}
    assert ground.troops_at(s, "6.1") and s.ground.garrisons["6.1"].owner == 0
    assert ground.no_bombard(s, "6.1", 1) and not ground.no_bombard(s, "6.1", 0)
    # Technology theft: a Deep Space capture gives one level, the captor's choice.
    step = s.pending[-1]
    assert step.kind == "steal" and step.seat == 0
    assert sorted(a.notation for a in m.legal_actions(0)) == [
        "steal attack",
        "steal cloaking",
        "steal scanners",
    ]
    m.apply(0, "steal scanners")
    assert s.players[0].techs["scanners"] == 1 and not any(p.kind == "steal" for p in s.pending)
    assert GAME.invariants(s) == []
    assert "invasion" in m.observation(1)["ground"] and m.observation(1)["ground"]["captured"] == {"6.1": 1}


def test_home_system_capture_steals_two_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    invasion_setup(m, ["Marines"], value=1, gc=3)
    s.markers["6.1"] = Marker("planet", 0, True, "home1")
    s.players[1].techs.update({"cloaking": 1, "scanners": 1})
    dice(monkeypatch, [1] * 50)
    m.apply(0, "land")
    fight_out(m)
    m.apply(0, "steal cloaking")
    assert [a.notation for a in m.legal_actions(0)] == ["steal scanners"]
    m.apply(0, "steal scanners")
    assert s.players[0].techs["cloaking"] == 1 and s.players[0].techs["scanners"] == 1


@pytest.mark.parametrize(
    ("value", "home", "after"),
    [(5, False, 3), (3, False, 1), (1, False, 0), (30, True, 5), (20, True, 5), (5, True, 5)],
)
def test_growth_step_down(value: int, home: bool, after: int) -> None:
    assert ground.growth_step_down(value, home) == after


def test_capturing_a_home_world_ends_that_empire(monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    home = hw(m, 1)
    for u in [u for u in s.units.values() if u.hex == home]:
        del s.units[u.uid]
    s.colonies[home].value = 5  # bombarded down to 5 CP: five Militia
    t = add_unit(m, 0, "T", home)
    assert s.ground is not None
    s.ground.aboard[t.uid] = ["Marines"] * 6
    s.players[0].techs["ground_combat"] = 3
    s.pending.append(Step("bomb", 0, {"hex": home, "left": [t.uid]}))
    touch(m)
    dice(monkeypatch, [1] * 50)
    m.apply(0, "land")
    fight_out(m)
    assert s.colonies[home].owner == 0 and s.colonies[home].value == 5 and not s.colonies[home].home
    assert not s.players[1].alive and m.is_over


def npa_battle(m: Match, cargo: list[str]) -> str:
    """Seat 0's Dreadnoughts and a loaded Transport have just destroyed the NPA fleet of a barren planet."""
    s = state(m)
    hid = "7.5"
    s.markers[hid] = Marker("barren", 0, True, "deep")
    for u in [u for u in s.units.values() if u.hex == hid]:
        del s.units[u.uid]
    add_unit(m, 0, "DN", hid)
    t = add_unit(m, 0, "T", hid)
    assert s.ground is not None
    if cargo:
        s.ground.aboard[t.uid] = list(cargo)
    s.players[0].techs["ground_combat"] = 3
    # The battle is over: the attacker won against the non-player aliens.
    s.battle = Battle(hid, 0, -1, 3, [], -1, "open")
    events: list[dict[str, object]] = []
    GAME._end_battle(s, True, False, events)
    touch(m)
    return hid


def test_npa_planet_invasion_right_after_the_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    hid = npa_battle(m, ["Marines"] * 6)
    assert [a.notation for a in m.legal_actions(0)] == ["land", "hold"]
    dice(monkeypatch, [1] * 50)
    events = m.apply(0, "land")
    landing = next(e for e in events if e["type"] == "landing")
    assert landing["defenders"] == ["Militia"] * 5 and landing["defender"] == -1
    assert (
        landing["text"]
        == "player a lands Marines, Marines, Marines, Marines, Marines, Marines at 7.5 against Militia, Militia, Militia, Militia, Militia"
    )
    assert all("text" in e for e in events if e["type"] in ("ground_shot", "ground_round"))
    fight_out(m)
    col = s.colonies[hid]
    assert (col.owner, col.value, col.home) == (0, 3, False)
    assert ground.troops_at(s, hid) == ["Marines"] * 6
    assert GAME.invariants(s) == []


def test_npa_planet_needs_loaded_transports_and_is_now_or_never() -> None:
    m = start(2, ground_combat=True)
    s = state(m)
    npa_battle(m, [])
    assert not any(p.kind == "npa_land" for p in s.pending)
    m = start(2, ground_combat=True)
    s = state(m)
    hid = npa_battle(m, ["Infantry"])
    m.apply(0, "hold")
    assert not any(p.kind == "npa_land" for p in s.pending) and hid not in s.colonies


def test_npa_militia_targets_are_chosen_by_the_other_player(monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, ground_combat=True)
    npa_battle(m, ["Infantry"])
    dice(monkeypatch, [10] * 50)
    m.apply(0, "land")
    # Round 1: drop ships let the Infantry (D) fire before the Militia (E); then each Militia shot is
    # aimed by seat 1, as for NPA ships in space combat.
    assert m.to_move == (0,)
    m.apply(0, m.legal_actions(0)[0])
    assert m.to_move == (1,) and state(m).pending[-1].kind == "gtarget"


def test_heuristic_bot_invades_and_fires(monkeypatch: pytest.MonkeyPatch) -> None:
    m = start(2, ground_combat=True)
    npa_battle(m, ["Marines"] * 2)
    bot = GAME.heuristic_agent(0)
    assert bot.act(m, 0).notation == "land"
    dice(monkeypatch, [10] * 50)
    m.apply(0, "land")
    for _ in range(4):
        seat = m.to_move[0]
        action = bot.act(m, seat)
        assert action.kind == "gt"
        m.apply(seat, action)
