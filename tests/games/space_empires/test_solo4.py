"""Solo #4 of the Close Encounters scenario book and its new-features rules (docs/games/space_empires.md
§13.13): the alien count and positions, the difficulty table, the "2" aliens' edge tie-break, the
scenario solo_ap_new_features (free loaded Transports, alien invasions, captured colonies, technology
taken both ways, the flowchart exceptions), Security Forces in ground combat, the Alien Technology hook
and Doomsday Machines avoiding amoeba hexes."""

from __future__ import annotations

from typing import Any

import pytest

import galaxis
from galaxis.core import Match, Step
from galaxis.core.errors import BadOption
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Marker, Unit
from galaxis.games.space_empires.opponents import forces, moves, sheets
from galaxis.games.space_empires.opponents.alien_players import solo4
from galaxis.games.space_empires.opponents.amoebas.state import AMOEBA, AMOEBA_KIND
from galaxis.games.space_empires.opponents.solo_state import Alien, AlienFleet
from galaxis.games.space_empires.opponents.tables import solo_tables
from galaxis.games.space_empires.systems import alien_tech, ground
from galaxis.games.space_empires.systems.ground_state import Garrison

from .helpers import add_unit, bots_play_to_the_end, hw, planted_combat_dice, start, state, touch

NF = "solo_ap_new_features"


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Any:
    yield from planted_combat_dice(monkeypatch)


def _alien(m: Match, i: int = 0) -> Alien:
    s = state(m)
    assert s.solo is not None
    return s.solo.aliens[i]


def _d(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


def _fight_out(m: Match) -> None:
    """Every ground shot at the first target offered (the live player chooses for both sides, §13.1)."""
    s = state(m)
    while s.pending and s.pending[-1].kind == "gtarget":
        assert s.pending[-1].seat == 0
        touch(m)
        m.apply(0, m.legal_actions(0)[0])


def _fleet_with_transport(m: Match, a: Alien, hid: str, ships: int = 1) -> AlienFleet:
    s = state(m)
    assert s.ground is not None
    units = [forces.alien_unit(s, a, "DD", hid, revealed=True).uid for _ in range(ships)]
    t = forces.alien_unit(s, a, "T", hid, revealed=True)
    s.ground.aboard[t.uid] = ["Infantry"] * 6
    fleet = AlienFleet("", [*units, t.uid], 0, False, 1, hid, 0)
    a.fleets.append(fleet)
    touch(m)
    return fleet


# --- set-up: positions, alien count, difficulty table ------------------------------------------------
@pytest.mark.parametrize("scenario", ["solo_ap", NF])
@pytest.mark.parametrize(
    ("aliens", "homes"), [("1", ["4.2"]), ("2", ["4.2", "13.2"]), ("3", ["4.2", "13.2", "8.0"])]
)
def test_alien_placement_by_count(scenario: str, aliens: str, homes: list[str]) -> None:
    m = start(1, seed=3, scenario=scenario, aliens=aliens)
    s = state(m)
    assert s.solo is not None
    assert [a.home for a in s.solo.aliens] == homes
    positions = solo4.tables().positions
    assert positions["2"] == ("4.2", "13.2") and positions["3"] == ("8.0",)
    for a in s.solo.aliens:
        col = s.colonies[a.home]
        assert col.owner == a.owner and col.home and col.value == 20  # seed: the aliens' 20 CP home worlds
    # The live player: 25 home markers (the home world and 24 face down, the Black Hole removed), deep
    # space within 7 hexes of the home world ("X").
    home = [mk for mk in s.markers.values() if mk.pool == "home0"]
    assert len(home) == 24 and not any(mk.kind == "black_hole" for mk in home)
    assert all(_d(h, hw(m, 0)) <= 7 for h, mk in s.markers.items() if mk.pool == "deep")
    assert s.colonies[hw(m, 0)].value == (30 if scenario == NF else 20)


@pytest.mark.parametrize(
    ("difficulty", "empires", "cp"),
    [
        ("easy", 2, 5),
        ("normal", 3, 5),
        ("hard", 2, 10),
        ("harder", 3, 10),
        ("really_tough", 2, 15),
        ("good_luck", 3, 15),
    ],
)
def test_difficulty_table_rows(difficulty: str, empires: int, cp: int) -> None:
    assert solo4.tables().difficulty[difficulty] == {"empires": empires, "cp_per_roll": cp}
    assert solo_tables().alien_player.difficulty[difficulty] == {"empires": empires, "cp_per_roll": cp}
    for scenario in ("solo_ap", NF):
        m = start(1, seed=4, scenario=scenario, difficulty=difficulty)
        s = state(m)
        assert s.solo is not None and len(s.solo.aliens) == empires and s.solo.cp_per_roll == cp
    # The option aliens overrides the count only; the CP per roll stays the difficulty's.
    m = start(1, seed=4, scenario=NF, difficulty=difficulty, aliens="1")
    assert len(state(m).solo.aliens) == 1 and state(m).solo.cp_per_roll == cp  # type: ignore[union-attr]


def test_aliens_option_is_checked_and_ignored_elsewhere() -> None:
    with pytest.raises(BadOption):
        start(1, scenario="solo_ap", aliens="4")
    m = start(1, seed=1, scenario="solo_ap_vp", aliens="1")  # the VP game's count is its mode's
    assert len(state(m).solo.aliens) == 2  # type: ignore[union-attr]


def test_new_features_switch_the_close_encounters_options_on() -> None:
    m = start(1, seed=1, scenario=NF)
    s = state(m)
    assert s.ground is not None and s.boarding and s.experience
    assert s.solo is not None and s.solo.alien_vp is None and s.alien_tech is not None
    # No flagship unless the player takes the option; the aliens never have one.
    assert not [u for u in s.units.values() if u.kind == "FS"]
    m = start(1, seed=1, scenario=NF, flagship=True)
    assert [u.owner for u in state(m).units.values() if u.kind == "FS"] == [0]
    assert GAME.max_legal_actions(1, {"scenario": NF}) == GAME.max_legal_actions(
        1, {"scenario": NF, "ground_combat": True, "boarding": True, "experience": True}
    )
    with pytest.raises(BadOption, match="Close Encounters"):
        start(1, scenario=NF, edition="base2011")


# --- the "2" aliens' edge tie-break ------------------------------------------------------------------------
def _edge_pair(m: Match, home: str) -> tuple[str, str]:
    """Two empty hexes an alien at ``home`` reaches in one Economic Phase, the first nearer the map edge
    but one move farther."""
    s = state(m)
    free = [h for h in solo4._edge_distances(1) if h not in s.colonies and _d(h, hw(m, 0)) > 4]
    for near in sorted(free):
        for far in sorted(free):
            if (
                _d(home, near) == 3
                and _d(home, far) == 2
                and solo4.edge_distance(s, near) < solo4.edge_distance(s, far)
            ):
                return near, far
    raise AssertionError("no such pair")


@pytest.mark.parametrize("scenario", ["solo_ap", NF])
def test_alien_on_a_2_position_attacks_the_colony_nearer_the_edge(scenario: str) -> None:
    m = start(1, seed=2, scenario=scenario, difficulty="normal")
    s = state(m)
    for i, expect_edge in ((0, True), (2, False)):  # p on a "2" position, r on the "3"
        a = _alien(m, i)
        near, far = _edge_pair(m, a.home)
        for h in (near, far):
            s.colonies[h] = Colony(0, 1, False, True)
        counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, a.home)
        fleet = AlienFleet(counter.uid, [], 12, False, 1, "", 0)
        a.fleets.append(fleet)
        assert moves.targets_of(s, counter.uid) == ([near] if expect_edge else [far])
        del s.colonies[near], s.colonies[far], s.units[counter.uid]
        a.fleets.clear()


def test_edge_distance_of_the_map() -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    dist = solo4._edge_distances(1)
    assert min(dist.values()) == 0 and max(dist.values()) >= 3
    assert solo4.edge_distance(s, "4.2") < solo4.edge_distance(s, hw(m, 0)) or dist["4.2"] <= 2


# --- the flowchart exceptions (§13.13) ---------------------------------------------------------------------
def test_normal_fleets_target_the_nearest_least_defended_colony() -> None:
    m = start(1, seed=2, scenario=NF, aliens="3")
    s = state(m)
    a = _alien(m, 2)  # on the "3" position: no edge tie-break
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, a.home)
    fleet = AlienFleet(counter.uid, [], 12, False, 1, "", 0)
    a.fleets.append(fleet)
    # The home world is guarded by its starting forces: an undefended colony anywhere comes first.
    s.colonies["2.6"] = Colony(0, 1, False, True)
    assert moves.targets_of(s, counter.uid) == ["2.6"] and fleet.target == "2.6"
    # A nearer undefended colony does not change a chosen target; without one the nearest is chosen.
    s.colonies["7.3"] = Colony(0, 1, False, True)
    assert moves.targets_of(s, counter.uid) == ["2.6"]
    fleet.target = ""
    assert moves.targets_of(s, counter.uid) == ["7.3"]
    # A single Scout defends in these rules (the least defended wins, not "undefended" as in §13.5).
    fleet.target = ""
    add_unit(m, 0, "SC", "7.3")
    assert solo4.defence_strength(s, "7.3") > 0 and moves.targets_of(s, counter.uid) == ["2.6"]
    # Ground units count too.
    assert s.ground is not None
    s.ground.garrisons["2.6"] = Garrison(0, ["Infantry"] * 5)
    fleet.target = ""
    assert moves.targets_of(s, counter.uid) == ["7.3"]


def test_no_bank_no_expansion_or_destroyer_fleets_and_a_free_loaded_transport(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=NF, difficulty="easy")
    s = state(m)
    a = _alien(m)
    a.fleet_cp, a.tech_cp = 30, 25
    dice.extend([3, 9, 5])  # phase 2: a fleet roll, launch 9, no Move
    sheets.alien_economy(s, a, 2, [])
    (fleet,) = a.fleets
    assert s.solo is not None and s.solo.alien_vp is None  # no bank, no defence cap, no VP sheet
    assert fleet.role == "" and not fleet.raider and fleet.counter  # a normal fleet, nothing else
    dice.extend([10, 9, 8])  # Ship Size 2 (automatic), no Fighters, the largest ships
    events: list[Any] = []
    sheets.buy_fleet(s, a, fleet, events)
    kinds = sorted(s.units[u].kind for u in fleet.units)
    assert kinds.count("T") == 1 and "DD" in kinds
    (t,) = [u for u in fleet.units if s.units[u].kind == "T"]
    assert s.ground is not None and s.ground.aboard[t] == ["Infantry"] * 6
    assert any(e["type"] == "alien_transport" for e in events)
    assert GAME.invariants(s) == []


def test_no_transport_in_the_base_alien_game(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_ap", ground_combat=True)
    s = state(m)
    a = _alien(m)
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, a.home)
    fleet = AlienFleet(counter.uid, [], 18, False, 1, "", 0)
    a.fleets.append(fleet)
    dice.extend([8])  # no technology (Tech below 20); the largest ships
    sheets.buy_fleet(s, a, fleet, [])
    assert not [u for u in fleet.units if s.units[u].kind == "T"]
    assert not solo4.reveals_at(s, hw(m, 0))


def test_titans_and_security_forces_for_the_new_features_aliens() -> None:
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    assert solo4.extra_warships(s) == ("TN",)
    a = _alien(m)
    a.techs["ship_size"] = 7
    assert "TN" in [k for k, _ in sheets.warships(s, a)]
    # The live player's Boarding Ships are seen in battle; the aliens answer with Security Forces.
    add_unit(m, 0, "BD", "8.3")
    moves.note_seen(s, "8.3")
    assert s.solo is not None and s.solo.seen["boarding"] >= 1
    a.tech_cp = 40
    solo4.answers(s, a, [])
    assert a.techs["security_forces"] == 1 and a.tech_cp == 25
    assert solo4.extra_warships(state(start(1, seed=2, scenario="solo_ap"))) == ()


# --- alien invasions, captured colonies, technology both ways ---------------------------------------------
def test_alien_fleet_invades_an_undefended_colony(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    a = _alien(m)
    s.players[0].techs["attack"] = 2
    s.players[0].techs["defense"] = 1
    s.colonies["7.3"] = Colony(0, 1, False, True)
    s.markers.pop("7.3", None)
    assert not ground.home_system(s, "7.3")
    _fleet_with_transport(m, a, "7.3")
    # Round 1: the Militia fires (10: a miss), the landed Infantry do not (no drop ships). Round 2: the
    # first Infantry kills it.
    dice.extend([10, 1])
    events: list[Any] = []
    solo4.alien_landings(GAME, s, events)
    landing = next(e for e in events if e["type"] == "landing")
    assert landing["attacker"] == a.owner and landing["defenders"] == ["Militia"]
    assert "alien empire 1" in landing["text"]
    _fight_out(m)
    col = s.colonies["7.3"]
    assert col.owner == a.owner and col.value == 0  # one growth step down
    assert s.ground is not None and s.ground.garrisons["7.3"].owner == a.owner
    assert len(s.ground.garrisons["7.3"].troops) == 6
    # Technology: one level (Deep Space), the first of the steal order the player has higher.
    assert a.techs["attack"] == 1 and a.techs.get("defense", 0) == 0
    # The live player may not bombard the colony the aliens captured ("your colonists are on it").
    assert ground.no_bombard(s, "7.3", 0)
    dd = add_unit(m, 0, "DD", "7.3")
    s.units = {k: v for k, v in s.units.items() if v.owner == 0 or v.hex != "7.3"}  # the fleet has left
    assert GAME._start_bombardment(s, 0)
    step = s.pending[-1]
    assert step.kind == "bomb" and step.data["left"] == []  # no bombardment: only landing or holding
    touch(m)
    assert [x.notation for x in m.legal_actions(0)] == ["hold"]
    assert GAME.invariants(s) == []
    # The player takes it back by landing (the step does not depend on the secret cargo).
    t = add_unit(m, 0, "T", "7.3")
    s.ground.aboard[t.uid] = ["Infantry"] * 2
    s.ground.garrisons["7.3"].troops = ["Infantry"]
    touch(m)
    assert sorted(x.notation for x in m.legal_actions(0)) == ["hold", "land"]
    dice.extend([10, 10, 1])  # round 1: the defender misses; round 2: it misses again, the invader hits
    m.apply(0, "land")
    _fight_out(m)
    assert s.colonies["7.3"].owner == 0 and s.ground.captured["7.3"] == a.owner and dd.uid in s.units
    while s.pending and s.pending[-1].kind == "steal":
        m.apply(0, m.legal_actions(0)[0])
    # Captured again by the alien for the defence test below.
    s.colonies["7.3"].owner = a.owner
    s.ground.garrisons["7.3"] = Garrison(a.owner, ["Infantry"] * 6)
    s.ground.captured["7.3"] = 0
    for u in [u for u in s.units.values() if u.owner == 0 and u.hex == "7.3"]:
        del s.units[u.uid]
    assert GAME.invariants(s) == []
    # The alien defends it from its Defence column: ground units, a Base, then Mines (half the column).
    a.defense_cp = 40
    events = []
    solo4.defend_captured(s, a, events)
    here = sorted(u.kind for u in s.units.values() if u.hex == "7.3" and u.owner == a.owner)
    assert here.count("Base") == 1 and here.count("Mine") == 1 and a.defense_cp == 40 - 12 - 5
    assert [e["unit"] for e in events if e["type"] == "alien_holds"] == ["Base", "Mine"]  # it holds 6 troops
    assert a.defense_spent == 17


def test_alien_capture_of_the_home_world_loses(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    a = _alien(m)
    home = hw(m, 0)
    for u in [u for u in s.units.values() if u.owner == 0 and u.hex == home]:
        del s.units[u.uid]
    s.colonies[home].value = 1  # [planted] bombarded down to 1 CP
    _fleet_with_transport(m, a, home)
    dice.extend([10, 1])
    solo4.alien_landings(GAME, s, [])
    _fight_out(m)
    assert m.is_over and s.solo is not None and s.solo.outcome == "lost" and s.winner == -1
    assert m.result.details["outcome"] == "lost"


def test_live_player_invades_an_alien_home_world_and_steals_technology(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=NF, difficulty="easy")
    s = state(m)
    a = _alien(m)
    for u in [u for u in s.units.values() if u.owner == a.owner]:
        del s.units[u.uid]
    s.colonies[a.home].value = 1  # [planted] bombarded down to 1 CP
    a.techs.update({"attack": 2, "defense": 1, "security_forces": 1})
    t = add_unit(m, 0, "T", a.home)
    assert s.ground is not None
    s.ground.aboard[t.uid] = ["Infantry"] * 3
    s.pending.append(Step("bomb", 0, {"hex": a.home, "left": [t.uid]}))
    touch(m)
    assert "land" in [x.notation for x in m.legal_actions(0)]
    dice.extend([10, 10, 1, 1])  # round 1: both Militia miss; round 2: two Infantry hits
    events = m.apply(0, "land")
    landing = next(e for e in events if e["type"] == "landing")
    assert landing["defenders"] == ["Militia", "Militia"]  # 1 CP + Security Forces 1 (§13.13)
    _fight_out(m)
    assert s.colonies[a.home].owner == 0 and not a.alive
    # Two thefts (a Home System): the live player chooses among the alien's better technologies.
    assert s.pending and s.pending[-1].kind == "steal"
    acts = sorted(x.notation for x in m.legal_actions(0))
    assert acts == ["steal attack", "steal defense", "steal mines", "steal security_forces"]
    m.apply(0, "steal attack")
    m.apply(0, "steal security_forces")
    assert s.players[0].techs["attack"] == 1 and s.players[0].techs["security_forces"] == 1
    assert not m.is_over  # the second alien is still in play
    assert GAME.invariants(s) == []


def test_security_forces_raise_militia_for_players_too() -> None:
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    s.players[0].techs["security_forces"] = 2
    assert ground.security_militia(s, 0) == 2
    assert ground.security_militia(s, -1) == 0  # non-player aliens have no sheet
    assert not ground.invadable(s, -1) and ground.invadable(s, _alien(m).owner)


# --- Deep Space barren planets and the Alien Technology cards ----------------------------------------------
def _colonise_deep_barren(m: Match) -> tuple[str, list[Any]]:
    """The live player's Terraforming Colony Ship colonises a face-up Deep Space barren planet."""
    s = state(m)
    hid = next(h for h, mk in sorted(s.markers.items()) if mk.pool == "deep" and h not in s.colonies)
    s.markers[hid] = Marker("barren", 0, True, "deep")
    for uid in [u.uid for u in s.units.values() if u.hex == hid and u.owner != 0]:
        del s.units[uid]
    co = add_unit(m, 0, "CO", hid)
    co.level = 1
    touch(m)
    return hid, m.apply(0, f"c {co.uid}")


def test_deep_space_barren_colony_buys_an_alien_technology_card_by_the_normal_rules() -> None:
    """§13.13 (seed): no NPAs on Deep Space barren planets; colonising one lets the live player pay 10 CP
    in the next Economic Phase for an Alien Technology card by the normal rules (§10.5) - once per planet."""
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    assert not solo4.npas(s) and solo4.npas(state(start(1, seed=2, scenario="solo_ap")))
    at = s.alien_tech
    assert at is not None and state(start(1, seed=2, scenario="solo_ap")).alien_tech is None
    while state(m).phase != "move" or m.to_move != (0,):
        m.apply(0, "end" if "end" in _legal(m) else _legal(m)[0])
    hid, events = _colonise_deep_barren(m)
    (draw,) = [e for e in events if e["type"] == "alien_tech_draw"]
    assert draw["count"] == 2 and not draw["free"] and draw["hex"] == hid
    # Plant the Omega Crystals-like income card among the two drawn, keep it.
    income = next(c.id for c in alien_tech.table().cards if c.op == "income")
    if income not in at.offer[0]:
        at.deck.remove(income)
        at.deck = sorted([*at.deck, at.offer[0][0]])
        at.offer[0][0] = income
        touch(m)
    assert sorted(_legal(m)) == sorted(f"alien_keep {c}" for c in at.offer[0])
    m.apply(0, f"alien_keep {income}")
    assert at.unpaid[0] == [income] and alien_tech.income_bonus(s, 0) == 0
    # Colonising the same planet again never draws a second time.
    assert at.found == [hid]
    alien_tech.colonized(s, 0, hid, events)
    assert not at.offer[0] and len([e for e in events if e["type"] == "alien_tech_draw"]) == 1
    while state(m).phase != "econ":
        m.apply(0, "end" if "end" in _legal(m) else _legal(m)[0])
    m.apply(0, "bid 0")
    assert _legal(m) == [f"alien_pay {income}", f"alien_decline {income}"]
    s.players[0].cp, s.players[0].spent = 30, s.players[0].spent + s.players[0].cp - 30
    touch(m)
    m.apply(0, f"alien_pay {income}")
    assert s.players[0].cp == 20 and at.held[0] == [income] and at.unpaid[0] == []
    assert alien_tech.income_bonus(s, 0) == alien_tech.card(income).arg["by"] > 0
    assert GAME.invariants(s) == []


def _legal(m: Match) -> list[str]:
    return [a.notation for a in m.legal_actions(0)]


def test_exploring_a_deep_space_barren_planet_places_no_npas() -> None:
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    hid = "8.4"
    s.markers[hid] = Marker("barren", 0, False, "deep")
    s.units = {uid: u for uid, u in s.units.items() if u.owner != 0 or u.kind != "SC"}
    sc = add_unit(m, 0, "SC", hid)
    GAME._explore(s, 0, [])
    assert s.markers[hid].face_up
    assert not [u for u in s.units.values() if u.hex == hid and u.owner == -1]
    assert sc.uid in s.units


# --- Doomsday Machines avoid amoeba hexes ------------------------------------------------------------------
def test_doomsday_machines_avoid_amoeba_hexes() -> None:
    m = start(2, seed=1, scenario="amoebas", doomsday_markers=True)
    s = state(m)
    assert s.solo is not None
    for u in [u for u in s.units.values() if u.kind == AMOEBA_KIND]:
        del s.units[u.uid]
    dm = forces.new_machine(s, s.solo, "6.4", 0, "marker")
    assert moves.passable(s, "6.5", dm.uid) and moves.distances(s, {"6.6"}, dm.uid)["6.5"] == 1
    s.units["x99"] = Unit("x99", AMOEBA, AMOEBA_KIND, "6.5", 0, 0, 0, 0, 1, 0, False, "", True, "")
    assert not moves.passable(s, "6.5", dm.uid) and solo4.amoeba_hex(s, "6.5")
    # Its routes never cross the amoeba's hex (the goal hex excepted).
    dist = moves.distances(s, {"6.6"}, dm.uid)
    assert "6.5" not in dist and dist["6.4"] >= _d("6.4", "6.6")
    assert moves.distances(s, {"6.5"}, dm.uid)["6.5"] == 0


# --- whole games --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(
    "options",
    [
        {"scenario": NF},
        {"scenario": NF, "aliens": "1", "difficulty": "good_luck"},
        {"scenario": "solo_ap", "aliens": "1"},
    ],
)
def test_plays_to_the_end(agent: str, options: dict[str, Any]) -> None:
    m = galaxis.new_match("space_empires", players=1, seed=5, options=options)
    bots_play_to_the_end(m, agent)
    assert m.result.details["outcome"] in ("won", "lost")


def test_destroying_every_alien_wins_the_new_features_game() -> None:
    m = start(1, seed=2, scenario=NF, aliens="2")
    s = state(m)
    events: list[Any] = []
    assert s.solo is not None
    for a in list(s.solo.aliens):
        del s.colonies[a.home]
        GAME._eliminate(s, a.owner, events)
    assert m.is_over and s.solo.outcome == "won" and s.winner == 0
    assert m.result.details["outcome"] == "won"


# --- the victory-point Alien Player with ground combat (§13.13.3) -------------------------------------------
def test_vp_expansion_fleets_get_a_transport_and_captures_score(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_ap_vp", ground_combat=True)
    s = state(m)
    a = _alien(m)
    assert s.solo is not None and s.solo.coop is not None and s.ground is not None
    for role, expect in (("expansion", True), ("destroyer", False)):
        fleet = AlienFleet("", [], 0, False, 1, "", 0, role)
        assert solo4.gets_transport(s, fleet) is expect
    lenient = state(start(1, seed=2, scenario="solo_ap_vp", scenario_rules="lenient"))  # no ground combat
    assert not solo4.gets_transport(lenient, AlienFleet("", [], 0, False, 1, "", 0, "expansion"))
    # the scenario's own rules put the ground troops in play (§12.4): its fleets get Transports
    assert solo4.gets_transport(
        state(start(1, seed=2, scenario="solo_ap_vp")), AlienFleet("", [], 0, False, 1, "", 0, "expansion")
    )
    # An expansion fleet with its loaded Transport captures an undefended colony: +2 VP, technology.
    s.colonies["7.3"] = Colony(0, 1, False, True)
    s.markers.pop("7.3", None)
    s.players[0].techs["attack"] = 1
    fleet = _fleet_with_transport(m, a, "7.3")
    fleet.role = "expansion"
    before = s.solo.coop.vp
    dice.extend([10, 1])
    events: list[Any] = []
    solo4.alien_landings(GAME, s, events)
    _fight_out(m)
    assert s.colonies["7.3"].owner == a.owner and a.techs["attack"] == 1
    # 7.3 is in Deep Space: +2 for the player's colony, +2 and a face-down Alien Technology card (§13.12.6).
    assert s.solo.coop.vp == before + 4 and s.alien_tech is not None and len(s.alien_tech.aliens[0]) == 1
    assert GAME.invariants(s) == []


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_vp_game_with_ground_combat_plays_to_the_end(agent: str) -> None:
    m = galaxis.new_match(
        "space_empires", players=1, seed=6, options={"scenario": "solo_ap_vp", "ground_combat": True}
    )
    bots_play_to_the_end(m, agent)
    assert m.result.details["outcome"] in ("won", "lost")
