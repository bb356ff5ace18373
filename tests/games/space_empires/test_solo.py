"""The solo opponents (docs/games/space_empires.md §13): the Doomsday Machine tables and rules, the base
Alien Player's economy, launches, purchases and behaviour, victory and defeat, hidden information."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import combat
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Colony
from galaxis.games.space_empires.opponents import battles, forces, moves, sheets, solo
from galaxis.games.space_empires.opponents.solo_state import DOOMSDAY, Alien, AlienFleet
from galaxis.games.space_empires.opponents.tables import solo_tables

from .helpers import SEED_DM_STRENGTH, add_unit, hw, planted_solo_dice, start, state, touch


def _d(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Planted d10 results for the opponents' rolls (combat.roll_d10), consumed in order."""
    yield from planted_solo_dice(monkeypatch)


# --- the Doomsday Machine tables (seed) ---------------------------------------------------------------


@pytest.mark.parametrize("strength", range(1, 11))
def test_dm_strength_rows(strength: int) -> None:
    row = solo_tables().doomsday.strength[strength]
    assert (row.cls, row.attack, row.defense, row.hull, row.attacks) == SEED_DM_STRENGTH[strength]


@pytest.mark.parametrize(
    ("roll", "weakness"),
    [
        (1, "fighters"),
        (2, "fighters"),
        (3, "mines"),
        (4, "mines"),
        (5, "cloaking"),
        (6, "cloaking"),
        (7, "large_fleets"),
        (8, "large_fleets"),
        (9, "none"),
        (10, "none"),
    ],
)
def test_dm_weakness_table(roll: int, weakness: str) -> None:
    assert next(r.weakness for r in solo_tables().doomsday.weakness if roll in r.rolls) == weakness


def test_dm_schedules_and_victory_points() -> None:
    dm = solo_tables().doomsday
    assert dm.solo_schedule["small"]["normal"] == ((7, 2), (9, 4), (10, 6))
    assert dm.solo_schedule["large"]["good_luck"] == ((6, 5), (8, 7), (10, 9))
    # The seed's cooperative difficulty table, with the "x2" / "x3" double and triple entries.
    assert dm.coop_schedule["easy"] == ((6, 1, 1), (7, 3, 1), (8, 5, 1), (10, 7, 1), (12, 9, 1))
    assert dm.coop_schedule["harder"][-1] == (10, 8, 2)
    assert dm.coop_schedule["good_luck"][-2:] == ((8, 8, 2), (10, 9, 3))
    assert dm.coop_victory_points[2] == {"easy": 14, "normal": 12, "hard": 10, "harder": 8, "good_luck": 6}
    assert dm.coop_victory_points[3] == {"easy": 10, "normal": 8, "hard": 7, "harder": 6, "good_luck": 5}


# --- Doomsday Machines in play ----------------------------------------------------------------------------
def _machine(m: Match, hid: str, strength: int = 1, weakness: str = "") -> str:
    s = state(m)
    assert s.solo is not None
    unit = forces.new_machine(s, s.solo, hid, strength, "schedule")
    s.solo.machines[unit.uid].weakness = weakness
    s.solo.dm_total = max(s.solo.dm_total, 1)
    touch(m)
    return unit.uid


def _clear_home(m: Match) -> None:
    s = state(m)
    for uid in [u.uid for u in s.units.values() if u.owner == 0]:
        del s.units[uid]
    touch(m)


def test_machine_enters_on_schedule_at_the_rolled_entry_hex(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    assert s.solo is not None
    s.cycle = 7
    dice.extend([4])
    events: list = []
    sheets.economic_phase(GAME, s, events)
    (dm,) = [u for u in s.units.values() if u.kind == "DM"]
    assert dm.hex == s.solo.entry_hexes[3] and dm.level == 2 and dm.owner == DOOMSDAY and dm.revealed
    assert s.solo.schedule == [[9, 4, 1], [10, 6, 1]]
    assert {"type": "doomsday_enters", "unit": dm.uid, "hex": dm.hex, "roll": 4, "strength": 2} in events


def test_machine_moves_one_hex_toward_the_nearest_colony() -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    uid = _machine(m, "8.0")
    home = hw(m, 0)
    before = _d("8.0", home)
    m.apply(0, "end")
    dm = s.units[uid]
    # Ties between equally short routes are the live player's decision.
    while s.pending and s.pending[-1].kind == "steer":
        options = [a.notation for a in m.legal_actions(0)]
        assert all(n.startswith(f"steer {uid} ") for n in options) and len(options) >= 2
        m.apply(0, options[0])
    assert _d(dm.hex, home) == before - 1 and s.solo is not None and s.solo.machines[uid].moved == 1


def test_machine_targets_the_nearest_then_larger_colony() -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    uid = _machine(m, "8.0")
    s.colonies["7.2"] = Colony(0, 1, False, True)
    s.colonies["9.2"] = Colony(0, 3, False, True)
    assert moves.targets_of(s, uid) == ["9.2"]
    s.colonies["9.2"].value = 1
    assert sorted(moves.targets_of(s, uid)) == ["7.2", "9.2"]


def test_machine_combat_numbers() -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    uid = _machine(m, "8.0", strength=1)
    dm = battles.combatant(s, s.units[uid], 1)
    assert (dm.cls, dm.attack, dm.defense, dm.hull, dm.tactics, dm.doomsday) == ("D", 7, 1, 6, 2, True)
    assert battles.extra_shots(s, ["a1", uid, "a2"]) == ["a1", uid, uid, uid, "a2"]
    scout = combat.Combatant("a1", 0, "SC", "E", 3, 0, 1)
    # A 1 does not hit a Doomsday Machine; the machine misses on any 10 and hits on any 1.
    assert not combat.is_hit(1, 0, scout, dm)
    assert not combat.is_hit(10, 12, dm, scout)
    assert combat.is_hit(1, -3, dm, scout)
    assert combat.screening_allowance([scout, dm], 0) == 0


def test_machine_fights_keeps_damage_and_fires_its_attacks() -> None:
    m = start(1, seed=5, scenario="solo_dm")
    s = state(m)
    _clear_home(m)
    for _ in range(3):
        add_unit(m, 0, "SC", "8.3")
    uid = _machine(m, "8.3", strength=1, weakness="none")
    s.units[uid].damage = 2
    shots: dict[str, int] = {}
    m.apply(0, "end")
    steps = 0
    while not m.is_over and (s.battle is not None or (s.pending and s.pending[-1].kind == "target")):
        legal = m.legal_actions(0)
        events = m.apply(0, legal[0])
        for e in events:
            if e["type"] == "shot":
                shots[e["shooter"]] = shots.get(e["shooter"], 0) + 1
        steps += 1
        assert steps < 500
    # Every round the machine fired 3 times; it kept (and did not repair) its damage.
    assert shots.get(uid, 0) >= 3
    assert not [u for u in s.units.values() if u.owner == 0 and u.hex == "8.3"]
    assert s.units[uid].damage >= 2


def test_machine_destroys_an_undefended_colony_and_repairs(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    s.colonies["9.2"] = Colony(0, 3, False, True)
    uid = _machine(m, "9.2", strength=3, weakness="none")
    s.units[uid].damage = 3
    events: list = []
    assert not solo.after_turn(GAME, s, events)
    assert "9.2" not in s.colonies and s.units[uid].damage == 1
    assert s.markers["9.2"].kind == "asteroids" and s.markers["9.2"].face_up


def test_losing_the_home_world_to_a_machine_loses_the_game() -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    _clear_home(m)
    _machine(m, hw(m, 0), weakness="none")
    events: list = []
    assert solo.after_turn(GAME, s, events)
    assert m.is_over and s.solo is not None and s.solo.outcome == "lost"
    assert m.result.details["outcome"] == "lost" and m.result.scores == [0.0]


def test_destroying_every_machine_wins() -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    assert s.solo is not None
    s.solo.schedule, s.solo.dm_total, s.solo.dm_destroyed = [], 3, 2  # the last of three machines
    uid = _machine(m, "8.0")
    events: list = []
    assert not solo.after_turn(GAME, s, events)  # one still on the map: the game goes on
    del s.units[uid]  # destroyed in battle
    events: list = []
    assert solo.after_turn(GAME, s, events)
    assert s.solo.dm_destroyed == 3 and s.solo.outcome == "won" and s.winner == 0
    assert m.is_over and m.result.details["outcome"] == "won" and m.result.scores[0] >= 1000


def test_machine_weaknesses(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    _clear_home(m)
    home = hw(m, 0)
    uid = _machine(m, "8.5")
    # Mines: without the weakness they do nothing; with it each does 1 damage on 1-5 and is used up.
    add_unit(m, 0, "Mine", "8.4")
    add_unit(m, 0, "Mine", "8.4")
    s.solo.machines[uid].weakness = "mines"  # type: ignore[union-attr]
    dice.extend([5, 6])
    s.units[uid].hex = "8.4"
    moves.machine_meets_mines(s, uid, [])
    assert s.units[uid].damage == 1 and not [u for u in s.units.values() if u.kind == "Mine"]
    # Fighters may only fire at a machine whose weakness they are.
    f = add_unit(m, 0, "F", home)
    s.units[uid].hex = home
    s.solo.machines[uid].weakness = "none"  # type: ignore[union-attr]
    assert battles.filter_targets(s, f, [s.units[uid]]) == []
    s.solo.machines[uid].weakness = "fighters"  # type: ignore[union-attr]
    assert battles.filter_targets(s, f, [s.units[uid]]) == [s.units[uid]]


def test_machine_shoots_the_most_threatening_ships_first() -> None:
    m = start(1, seed=2, scenario="solo_dm")
    s = state(m)
    _clear_home(m)
    home = hw(m, 0)
    uid = _machine(m, home, strength=1, weakness="none")
    sc = add_unit(m, 0, "SC", home)
    s.players[0].techs["ship_size"] = 3
    ca = add_unit(m, 0, "CA", home)
    sy = add_unit(m, 0, "SY", home)
    # Cruiser: 4 - 1 = 3 to hit the machine; Scout and Shipyard: 3 - 1 = 2.
    assert battles.filter_targets(s, s.units[uid], [sc, ca, sy]) == [ca]
    assert battles.filter_targets(s, s.units[uid], [sc, sy]) == [sc, sy]  # a tie: the live player picks


# --- the base Alien Player (§13.5-13.6) -----------------------------------------------------------------
def test_alien_sheet_rows() -> None:
    ap = solo_tables().alien_player
    assert ap.difficulty["easy"] == {"empires": 2, "cp_per_roll": 5}
    assert ap.difficulty["good_luck"] == {"empires": 3, "cp_per_roll": 15}
    r1 = ap.row(1)
    assert (r1.rolls, r1.launch, r1.econ, r1.fleet, r1.tech, r1.defense) == (1, (), (1, 2), (), (3, 10), ())
    r3 = ap.row(3)
    assert [r3.column(x) for x in range(1, 11)] == ["econ"] + ["fleet"] * 3 + ["tech"] * 4 + ["defense"] * 2
    assert ap.row(10).rolls == 4 and ap.row(15).rolls == 5
    assert ap.row(20).launches(10) and not ap.row(19).launches(4)
    # After phase 20 the sheet alternates rows 19 and 20.
    assert ap.row(21) == ap.row(19) and ap.row(22) == ap.row(20) and ap.row(23) == ap.row(19)


def _alien(m: Match, i: int = 0) -> Alien:
    s = state(m)
    assert s.solo is not None
    return s.solo.aliens[i]


def test_alien_economic_rolls(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_ap", difficulty="hard")
    s = state(m)
    a = _alien(m)
    dice.extend([1, 9])  # phase 3: econ, defence
    out = sheets.alien_rolls(s, a, 3, 10)
    assert out == {"econ": 1, "fleet": 0, "tech": 0, "defense": 1}
    assert a.extra_rolls == [6] and a.defense_cp == 20
    dice.extend([2, 3, 7, 10])  # phase 5 (2 rolls + nothing extra yet): fleet, fleet
    sheets.alien_rolls(s, a, 5, 10)
    assert a.fleet_cp == 20 and len(dice) == 2
    dice.clear()
    dice.extend([2, 7, 10, 4])  # phase 6: 3 rolls + the extra roll from phase 3
    sheets.alien_rolls(s, a, 6, 10)
    assert (a.fleet_cp, a.tech_cp, a.defense_cp) == (40, 10, 40) and not dice


def test_alien_fleet_launch_and_first_combat_purchase(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_ap", difficulty="easy")
    s = state(m)
    a = _alien(m)
    a.fleet_cp, a.tech_cp = 30, 25
    dice.extend([3, 9, 5])  # phase 2's single roll: fleet (+5); launch 9 (row 2 launches on 1-10); no Move
    sheets.alien_economy(s, a, 2, [])
    (fleet,) = a.fleets
    counter = s.units[fleet.counter]
    assert counter.kind == forces.FLEET_COUNTER and counter.hex == a.home and not counter.revealed
    assert fleet.cp == 35 and a.fleet_cp == 0 and a.launches == [2]
    # Its ships are bought when it first meets the live player: Ship Size 2 is automatic at Ship Size 1,
    # then the d10 tables; 7-10 on the ship roll buys the largest ships.
    dice.extend([10, 9, 8])  # ship size (auto), no fighters (9 > 6), ship roll 8: largest ships
    events: list = []
    sheets.buy_fleet(s, a, fleet, events)
    kinds = sorted(s.units[u].kind for u in fleet.units)
    assert a.techs["ship_size"] == 2 and a.tech_cp == 15
    # 35 CP: three Destroyers (27), then the largest ship the last 8 CP buy (a Scout); 2 CP go back.
    assert kinds == ["DD", "DD", "DD", "SC"] and a.fleet_cp == 2
    assert all(s.units[u].revealed for u in fleet.units) and fleet.counter == ""


def test_alien_carriers_first_when_it_has_fighters(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    a = _alien(m)
    a.techs["fighters"] = 1
    dice.extend([1])  # ship roll 1: as many ships as possible (Scouts)
    ids, left = sheets.buy_ships(s, a, 60, a.home)
    kinds = [s.units[u].kind for u in ids]
    assert kinds[:4] == ["CV", "F", "F", "F"] and kinds.count("CV") == 2 and kinds.count("SC") == 1
    assert left == 0
    fighters = [s.units[u] for u in ids if s.units[u].kind == "F"]
    assert all(f.cargo in ids for f in fighters)


def test_alien_technology_table(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    a = _alien(m)
    a.techs["ship_size"] = 2
    a.tech_cp = 50
    fleet = AlienFleet("", [], 0, False, 1, "", 0)
    # Ship Size 3 needs 1-7 (roll 8: no); fighters roll 7: no; then the d10 table: 5 = Tactics, but the
    # alien is below Attack 2, so it buys the lower of Attack/Defence (Attack); then 3 = Defence (30 left
    # 30 -> 10 < 20 stops).
    dice.extend([8, 7, 5, 3])
    sheets.buy_technology(s, a, fleet, [])
    assert a.techs["attack"] == 1 and a.techs["defense"] == 1 and a.techs["ship_size"] == 2
    assert a.tech_cp == 10 and a.tech_spent == 40


def test_alien_home_world_defence(dice: list[int]) -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    a = _alien(m)
    a.defense_cp = 30
    dice.extend([2])  # 1-3: all mines
    sheets.defend_home(s, a, [])
    assert sorted(u.kind for u in s.units.values() if u.owner == a.owner) == ["Base"] + ["Mine"] * 6
    b = _alien(m, 1)
    b.techs["ship_size"] = 2
    b.defense_cp = 30
    dice.extend([9])  # 8-10: bases, then mines
    sheets.defend_home(s, b, [])
    assert sorted(u.kind for u in s.units.values() if u.owner == b.owner) == ["Base"] * 3 + ["Mine"]
    assert b.defense_cp == 1 and b.defense_spent == 29


def test_alien_fleet_heads_for_the_nearest_undefended_colony() -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    a = _alien(m)
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, a.home)
    fleet = AlienFleet(counter.uid, [], 12, False, 1, "", 0)
    a.fleets.append(fleet)
    targets = moves.targets_of(s, counter.uid)
    assert targets == [hw(m, 0)] and fleet.target == hw(m, 0) and moves.defended(s, hw(m, 0))
    # A fleet keeps its target until the colony is gone; a new colony matters to a fleet without one.
    s.colonies["3.3"] = Colony(0, 1, False, True)
    assert moves.targets_of(s, counter.uid) == [hw(m, 0)]
    fleet.target = ""
    assert not moves.defended(s, "3.3")
    assert moves.targets_of(s, counter.uid) == ["3.3"] and fleet.target == "3.3"
    # Shipyards and a single Scout do not defend a colony; two Scouts do.
    add_unit(m, 0, "SY", "3.3")
    add_unit(m, 0, "SC", "3.3")
    assert not moves.defended(s, "3.3")
    add_unit(m, 0, "SC", "3.3")
    assert moves.defended(s, "3.3")


def test_destroying_every_alien_home_world_wins() -> None:
    m = start(1, seed=2, scenario="solo_ap", difficulty="easy")
    s = state(m)
    events: list = []
    for a in list(s.solo.aliens):  # type: ignore[union-attr]
        del s.colonies[a.home]
        GAME._eliminate(s, a.owner, events)
    assert m.is_over and s.solo is not None and s.solo.outcome == "won" and s.winner == 0
    assert not any(u.owner < 0 for u in s.units.values())


# --- hidden information (§13.9) -------------------------------------------------------------------------
def test_alien_sheet_is_secret_and_resampled() -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    a = _alien(m)
    counter = forces.alien_unit(s, a, forces.FLEET_COUNTER, a.home)
    a.fleets.append(AlienFleet(counter.uid, [], 87654, False, 3, "", 0))
    a.launches = [3]
    a.fleet_cp, a.tech_cp, a.defense_cp = 98765, 97531, 86420
    s.cycle = 6
    touch(m)
    obs = json.dumps(m.observation(0))
    for planted in ("87654", "98765", "97531", "86420"):
        assert planted not in obs
    view = [
        u for c in m.observation(0)["hexes"].values() for u in c.get("units", []) if u["id"] == counter.uid
    ]
    assert view == [{"id": counter.uid, "owner": a.owner, "kind": "?"}]
    secret = GAME.secret(s, 0)
    assert secret["aliens"][0]["fleets"] == [87654] and secret["aliens"][0]["fleet"] == 98765
    changed = 0
    for seed in range(5):
        world = m.determinize(0, seed)
        assert world.observation(0) == m.observation(0)
        assert GAME.invariants(world.state) == []
        w = world.state.solo.aliens[0]  # type: ignore[union-attr]
        assert w.fleet_cp < 1000 and w.tech_cp < 1000 and w.defense_cp < 1000
        changed += w.fleets[0].cp != 87654
    assert changed == 5


def test_alien_ships_on_the_players_mines() -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    a = _alien(m)
    ships = [forces.alien_unit(s, a, "SC", "8.3", revealed=True) for _ in range(3)]
    mines = [add_unit(m, 0, "Mine", "8.3") for _ in range(2)]
    moves.alien_meets_mines(GAME, s, a, [])
    assert [st.kind for st in s.pending] == ["mine", "mine"] and all(st.seat == 0 for st in s.pending)
    touch(m)
    assert sorted(x.notation for x in m.legal_actions(0)) == sorted(f"boom {u.uid}" for u in ships)
    m.apply(0, f"boom {ships[0].uid}")
    m.apply(0, f"boom {ships[1].uid}")
    assert [u.uid for u in s.units.values() if u.hex == "8.3"] == [ships[2].uid]
    assert all(x.uid not in s.units for x in mines) and not s.pending
    # With Minesweeping, each alien Scout sweeps mines before they detonate.
    s.handled = []
    a.techs["minesweeping"] = 1
    add_unit(m, 0, "Mine", "8.3")
    moves.alien_meets_mines(GAME, s, a, [])
    assert not s.pending and not [u for u in s.units.values() if u.kind == "Mine"]


def test_alien_home_mines_hit_the_players_ships() -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    a = _alien(m)
    mine = forces.alien_unit(s, a, "Mine", a.home)
    scout = add_unit(m, 0, "SC", a.home)
    m.apply(0, "end")
    # The live player picks which of its units the aliens' mine destroys.
    assert s.pending and s.pending[-1].kind == "mine" and s.pending[-1].seat == 0
    assert [x.notation for x in m.legal_actions(0)] == [f"boom {scout.uid}"]
    m.apply(0, f"boom {scout.uid}")
    assert scout.uid not in s.units and mine.uid not in s.units


def test_alien_roll_frequencies_match_the_sheet() -> None:
    """Phase 3 makes 2 rolls: econ 1, fleet 2-4, tech 5-8, defence 9-10 (CP per roll 5, defence x2)."""
    m = start(1, seed=11, scenario="solo_ap")
    s = state(m)
    n = 4000
    totals = {"econ": 0, "fleet": 0, "tech": 0, "defense": 0}
    for _ in range(n):
        a = Alien(-3, "4.2", True, 0, 0, 0, [], {}, [], 1, 0, 0, [])
        out = sheets.alien_rolls(s, a, 3, 5)
        for k, v in out.items():
            totals[k] += v
        assert a.fleet_cp == 5 * out["fleet"] and a.tech_cp == 5 * out["tech"]
        assert a.defense_cp == 10 * out["defense"] and len(a.extra_rolls) == out["econ"]
    for column, p in {"econ": 0.1, "fleet": 0.3, "tech": 0.4, "defense": 0.2}.items():
        expected = 2 * n * p
        sigma = (2 * n * p * (1 - p)) ** 0.5
        assert abs(totals[column] - expected) < 4 * sigma, (column, totals[column], expected)


def test_cloaked_alien_raiders_attack_only_when_stronger() -> None:
    m = start(1, seed=2, scenario="solo_ap")
    s = state(m)
    a = _alien(m)
    a.techs["cloaking"] = 1
    raiders = [forces.alien_unit(s, a, "R", "8.3") for _ in range(2)]
    a.fleets.append(AlienFleet("", [r.uid for r in raiders], 0, True, 1, "", 0))
    sc = add_unit(m, 0, "SC", "8.3")
    # 24 CP of Raiders against a 6 CP Scout: they attack.
    assert moves.raider_attacks(s, raiders[0]) and moves.halted(s, raiders[0].uid)
    for _ in range(3):
        add_unit(m, 0, "SC", "8.3")
    # 24 against 24: they stay hidden and slip through.
    assert not moves.raider_attacks(s, raiders[0]) and not moves.halted(s, raiders[0].uid)
    m.apply(0, "end")
    assert s.battle is None or s.battle.hex != "8.3"
    assert sc.uid in s.units
