"""The Space Amoebas (docs/games/space_empires.md §13.11): solo #5 (`solo_amoeba`) and the multiplayer
scenario (`amoebas`): set-ups, research by science vessels, the strength table, the attack chain of the
seed's worked example, the detonation kill, healing, expansion and its decisions, mines and adaptation,
winning and losing, and full games by random and heuristic seats."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import galaxis
from galaxis.core import BadOption, Match
from galaxis.core.rng import Rng
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import combat
from galaxis.games.space_empires.base.state import Colony, Marker, Unit
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.opponents.amoebas.state import AMOEBA, AmoebaState

from .helpers import add_unit, bots_play_to_the_end, hw, start, state, touch

A_HEXES = {"5.1": 1, "9.1": 2, "13.4": 3}


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Planted d10 results (every die of the match: the amoebas' and the ships'), consumed in order."""
    planted: list[int] = []
    real = combat.d10

    def roll(rng: Rng) -> int:
        return planted.pop(0) if planted else real(rng)

    monkeypatch.setattr(combat, "d10", roll)
    yield planted


def _am(m: Match) -> AmoebaState:
    s = state(m)
    assert s.solo is not None and s.solo.amoeba is not None
    return s.solo.amoeba


def _amoeba_at(m: Match, hid: str) -> Unit:
    return next(u for u in state(m).units.values() if u.kind == "AM" and u.hex == hid)


def _researched(m: Match, type_: int, row: str, seat: int = 0) -> None:
    t = _am(m).types[type_ - 1]
    t.row = row
    t.research[seat] = 10
    touch(m)


def _only_amoeba(m: Match, hid: str) -> Unit:
    """Leaves the amoeba at ``hid`` as the only one on the map."""
    s = state(m)
    for u in [u for u in s.units.values() if u.kind == "AM" and u.hex != hid]:
        del s.units[u.uid]
    touch(m)
    return _amoeba_at(m, hid)


def _events(m: Match, seat: int, action: str) -> list[dict[str, Any]]:
    return [dict(e) for e in m.apply(seat, action)]


# --- set-ups -------------------------------------------------------------------------------------------
def test_solo_amoeba_setup() -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    am = _am(m)
    found = {u.hex: u.level for u in s.units.values() if u.kind == "AM"}
    assert found == A_HEXES and all(u.owner == AMOEBA for u in s.units.values() if u.kind == "AM")
    deep = {h: (mk.kind, mk.value) for h, mk in s.markers.items() if mk.pool == "deep"}
    assert len(deep) == 14 and not any(mk.face_up for mk in s.markers.values() if mk.pool == "deep")
    assert (
        sorted(deep.values()).count(("minerals", 10)) == 10
        and sorted(deep.values()).count(("barren", 0)) == 4
    )
    assert s.undrawn == [] and not set(deep) & set(A_HEXES)
    assert s.colonies[hw(m, 0)].value == 30 and s.cycles >= 20
    assert not am.maintenance and not am.npas and "TN" in am.banned
    assert (am.start_phase, am.bonus) == (6, 0)  # normal
    assert m.observation(0)["amoebas"]["types"][0] == {
        "type": 1,
        "row": "",
        "research": [0],
        "no_mines": False,
    }


@pytest.mark.parametrize(("difficulty", "phase"), [("easy", 7), ("normal", 6), ("hard", 5), ("harder", 4)])
def test_difficulty_is_the_phase_they_start_expanding(difficulty: str, phase: int) -> None:
    m = start(1, seed=3, scenario="solo_amoeba", difficulty=difficulty)
    assert (_am(m).start_phase, _am(m).bonus) == (phase, 0)


def test_hardest_difficulty_adds_one_to_attack_and_defence() -> None:
    m = start(1, seed=3, scenario="solo_amoeba", difficulty="good_luck")
    assert (_am(m).start_phase, _am(m).bonus) == (4, 1)
    with pytest.raises(BadOption, match="Space Amoeba games have difficulties"):
        start(1, scenario="solo_amoeba", difficulty="really_tough")


@pytest.mark.parametrize(("players", "count"), [(2, 3), (3, 4), (4, 5)])
def test_multiplayer_setup(players: int, count: int) -> None:
    m = start(players, seed=1, scenario="amoebas")
    s = state(m)
    assert s.solo is not None and s.solo.scenario == f"amoebas_{players}p" and s.solo.victory == "conquest"
    where = [u.hex for u in s.units.values() if u.kind == "AM"]
    assert len(where) == count and all(h not in s.markers for h in where)  # no marker on an amoeba hex
    assert {u.level for u in s.units.values() if u.kind == "AM"} == {1}  # one type
    assert _am(m).maintenance and _am(m).npas
    assert all(len(t.research) == players for t in _am(m).types)


def test_scenario_values_and_refusals() -> None:
    assert "amoebas" in GAME.info.options["scenario"]["choices"]
    assert "solo_amoeba" in GAME.info.options["scenario"]["choices"]
    assert "amoebas_2p" not in GAME.info.options["scenario"]["choices"]
    with pytest.raises(BadOption, match="amoebas is for 2-4 players, not 1"):
        start(1, scenario="amoebas")
    with pytest.raises(BadOption, match="solo_amoeba is for 1 player"):
        start(2, scenario="solo_amoeba")


def test_no_maintenance_no_npas_and_banned_titans() -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    for _ in range(5):
        add_unit(m, 0, "DD", hw(m, 0))
    s.players[0].techs["ship_size"] = 7
    for _ in range(3):
        m.apply(0, "end")
    assert s.phase == "econ"
    m.apply(0, "bid 0")
    assert s.players[0].cp == s.players[0].earned  # income with no maintenance for 5 destroyers
    acts = {str(a) for a in m.legal_actions(0)}
    assert not any(a.startswith("buy TN") for a in acts)
    assert "Titan is not used" in GAME.explain_illegal(s, 0, f"buy TN {hw(m, 0)}").reason
    barren = next(h for h, mk in s.markers.items() if mk.kind == "barren" and mk.pool == "deep")
    add_unit(m, 0, "SC", barren)
    GAME._explore(s, 0, [])
    assert s.markers[barren].face_up and not [
        u for u in s.units.values() if u.hex == barren and u.owner == -1
    ]


# --- the strength table ----------------------------------------------------------------------------------
SEED_STRENGTH = {
    1: ("1", "C", 7, 1, 1, ""),
    2: ("2", "D", 6, 2, 2, ""),
    3: ("3", "A", 7, 2, 2, "fighters"),
    4: ("4", "A", 7, 2, 2, "raiders"),
    5: ("5", "B", 5, 1, 2, "appetite"),
    6: ("6-7", "A", 7, 2, 2, "variety"),
    7: ("6-7", "A", 7, 2, 2, "variety"),
    8: ("8-10", "A", 7, 2, 2, "detonation"),
    9: ("8-10", "A", 7, 2, 2, "detonation"),
    10: ("8-10", "A", 7, 2, 2, "detonation"),
}


@pytest.mark.parametrize("roll", range(1, 11))
def test_strength_table_rows(roll: int, dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    t = _am(m).types[0]
    dice.append(roll)
    events: list[Any] = []
    amoeba.roll_strength(state(m), _am(m), t, events)
    row = amoeba.row_of(t)
    assert row is not None
    assert (row.id, row.cls, row.attack, row.defense, row.hull, row.special) == SEED_STRENGTH[roll]
    assert row.attacks == (2 if roll == 5 else 1)
    assert events[-1]["type"] == "amoeba_strength" and events[-1]["roll"] == roll
    if roll == 4:
        assert row.against_raiders is not None
        assert (row.against_raiders.attack, row.against_raiders.defense, row.against_raiders.hull) == (
            5,
            1,
            2,
        )


def test_a_row_already_researched_is_rolled_again(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    am = _am(m)
    am.types[0].row = "6-7"
    dice.extend([7, 6, 2])
    events: list[Any] = []
    amoeba.roll_strength(state(m), am, am.types[1], events)
    assert am.types[1].row == "2"
    assert [e["type"] for e in events] == ["amoeba_strength_reroll"] * 2 + ["amoeba_strength"]


# --- research by science vessels ----------------------------------------------------------------------
def _probe(m: Match, level: int, rolls: list[int], dice: list[int], points: int = 0) -> list[dict[str, Any]]:
    s = state(m)
    _only_amoeba(m, "5.1")
    s.players[0].techs["minesweeping"] = level
    sw = add_unit(m, 0, "SW", "5.1")
    assert sw.level == level
    _am(m).types[0].research[0] = points
    dice.extend(rolls)
    return [e for e in _events(m, 0, "end") if e["type"] == "amoeba_research"]


@pytest.mark.parametrize(
    ("level", "rolls", "gained", "lost"),
    [
        (1, [1], 2, False),
        (1, [2], 2, False),
        (1, [3], 1, False),
        (1, [5], 1, False),
        (1, [6], 0, False),
        (1, [8], 0, False),
        (1, [9], 0, True),
        (1, [10], 0, True),
        (2, [9, 2], 2, False),  # two dice, the better one counts
        (2, [7, 4], 1, False),
        (3, [10, 9], 0, True),  # level 3 still rolls two dice
    ],
)
def test_research_rolls(level: int, rolls: list[int], gained: int, lost: bool, dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    (event,) = _probe(m, level, rolls, dice)
    assert event["rolls"] == rolls and event["points"] == gained and event["destroyed"] == lost
    assert _am(m).types[0].research[0] == gained
    assert any(u.kind == "SW" for u in state(m).units.values()) != lost
    assert _am(m).probed[0]


def test_ten_points_make_a_type_attackable_and_roll_its_strength(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    _probe(m, 1, [1, 2], dice, points=8)  # research roll 1: +2 -> 10, strength roll 2
    t = _am(m).types[0]
    assert t.research[0] == 10 and t.row == "2"
    assert amoeba.attackable(_am(m), t, 0) and not amoeba.attackable(_am(m), _am(m).types[1], 0)


def test_a_researched_type_still_rolls_and_can_lose_the_vessel(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    _researched(m, 1, "2")
    (event,) = _probe(m, 1, [1], dice, points=10)
    assert event["points"] == 0 and _am(m).types[0].research[0] == 10
    m2 = start(1, seed=3, scenario="solo_amoeba")
    _researched(m2, 1, "2")
    (event,) = _probe(m2, 1, [9], dice, points=10)
    assert event["destroyed"]


def test_unresearched_amoeba_destroys_every_ship_but_the_science_vessel(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    _only_amoeba(m, "5.1")
    s.players[0].techs["minesweeping"] = 1
    sw = add_unit(m, 0, "SW", "5.1")
    ships = [add_unit(m, 0, k, "5.1").uid for k in ("SC", "DD", "CO")]
    dice.append(4)  # the vessel examines it first: +1
    events = _events(m, 0, "end")
    assert (
        next(e["type"] for e in events if e["type"] in ("amoeba_research", "destroyed")) == "amoeba_research"
    )
    assert sw.uid in s.units and not any(uid in s.units for uid in ships)
    assert _am(m).lost_ship[0] and _am(m).types[0].research[0] == 1
    assert _amoeba_at(m, "5.1").damage == 0  # no battle


def test_research_technology_needs_a_lost_ship_then_an_examination() -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    s.players[0].cp = s.players[0].earned = 100
    s.phase = "econ"
    s.players[0].bid = 0
    touch(m)
    assert "tech minesweeping" not in {str(a) for a in m.legal_actions(0)}
    assert "ship lost to an amoeba" in GAME.explain_illegal(s, 0, "tech minesweeping").reason
    _am(m).lost_ship[0] = True
    touch(m)
    assert "tech minesweeping" in {str(a) for a in m.legal_actions(0)}
    s.players[0].techs["minesweeping"] = 1
    touch(m)
    assert "examined an amoeba" in GAME.explain_illegal(s, 0, "tech minesweeping").reason
    _am(m).probed[0] = True
    touch(m)
    assert "tech minesweeping" in {str(a) for a in m.legal_actions(0)}


def test_players_research_individually() -> None:
    m = start(2, seed=1, scenario="amoebas")
    s = state(m)
    a = next(u for u in s.units.values() if u.kind == "AM")
    t = _am(m).types[0]
    t.row, t.research = "2", [10, 3]
    assert amoeba.attackable(_am(m), t, 0) and not amoeba.attackable(_am(m), t, 1)
    assert a.level == 1


# --- attacks ---------------------------------------------------------------------------------------------
def test_the_seed_worked_example_of_the_attack_chain(dice: list[int]) -> None:
    """Seed: a type-4 amoeba (A7) is attacked by 4 Scouts, a Cruiser and a Battleship, all with Defense 1.
    It rolls 3 (the smallest: a Scout), attacks with a 4 where 6 was needed: engulfed, and it attacks
    again; it rolls 6 (the largest: the Battleship, defence 2 + 1 + 2 for hull 3 = 5) and attacks with a
    1: engulfed, but only 1 under the number needed, so the chain ends."""
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    _researched(m, 1, "4")
    s.players[0].techs.update({"defense": 1, "ship_size": 5})
    scouts = [add_unit(m, 0, "SC", "5.1").uid for _ in range(4)]
    ca = add_unit(m, 0, "CA", "5.1").uid
    bb = add_unit(m, 0, "BB", "5.1").uid
    assert amoeba.defence_against(s, s.units[scouts[0]]) == 1
    assert amoeba.defence_against(s, s.units[bb]) == 5
    dice.extend([3])  # target roll: the smallest ship
    m.apply(0, "end")
    step = s.pending[-1]
    assert step.kind == "feed" and step.seat == 0 and sorted(step.data["units"]) == sorted(scouts)
    assert sorted(str(x) for x in m.legal_actions(0)) == sorted(f"feed {u}" for u in scouts)
    dice.extend([4, 6, 1, 10, 10, 10, 10, 10, 10])  # attack 4; target roll 6; attack 1; the ships miss
    events = _events(m, 0, f"feed {scouts[0]}")
    attacks = [e for e in events if e["type"] == "amoeba_attack"]
    assert [(e["unit"], e["roll"], e["need"], e["hit"], e["chain"]) for e in attacks[:2]] == [
        (scouts[0], 4, 6, True, True),
        (bb, 1, 2, True, False),
    ]
    assert scouts[0] not in s.units and bb not in s.units and ca in s.units
    assert "attacks again" in attacks[0]["text"]
    assert a.uid in s.units


def test_flagships_count_as_the_largest_ship(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    _researched(m, 1, "1")
    fs = add_unit(m, 0, "FS", "5.1").uid
    add_unit(m, 0, "DD", "5.1")
    s.players[0].techs["ship_size"] = 6
    add_unit(m, 0, "DN", "5.1")
    dice.extend([10, 10])  # the largest; then the attack misses
    events: list[Any] = []
    amoeba.strike(GAME, s, a.uid, events, [u for u in s.units.values() if u.owner == 0 and u.hex == "5.1"])
    assert events[-1]["type"] == "amoeba_attack" and events[-1]["unit"] == fs


def test_big_appetite_attacks_twice_a_round_and_hull_bonus(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    _researched(m, 1, "5")  # B5-1-2, attacks twice
    s.players[0].techs["ship_size"] = 3
    ca = add_unit(m, 0, "CA", "5.1")
    assert amoeba.defence_against(s, ca) == 2  # defence 1 + 1 for hull 2
    # Round 1: the amoeba (B) fires before the Cruiser (C): target roll, attack roll (a miss), twice;
    # then the Cruiser misses; round 2 the amoeba engulfs it (target 1, attack 1).
    dice.extend([1, 10, 1, 10, 10, 1, 1])
    events = _events(m, 0, "end")
    assert s.pending and s.pending[-1].kind == "round"  # round 2: the Cruiser could retreat
    events += _events(m, 0, "fight")
    order = [
        (e["type"], e.get("roll")) for e in events if e["type"] in ("amoeba_target", "amoeba_attack", "shot")
    ]
    assert order[:5] == [
        ("amoeba_target", 1),
        ("amoeba_attack", 10),
        ("amoeba_target", 1),
        ("amoeba_attack", 10),
        ("shot", 10),
    ]
    assert order[5:7] == [("amoeba_target", 1), ("amoeba_attack", 1)]
    assert ca.uid not in s.units and a.uid in s.units and s.battle is None


def test_special_rows_in_battle() -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    s.players[0].techs.update({"fighters": 1, "cloaking": 1, "ship_size": 3})
    f = add_unit(m, 0, "F", "5.1")
    r = add_unit(m, 0, "R", "5.1")
    from galaxis.games.space_empires.base.state import Battle

    s.battle = Battle("5.1", 0, AMOEBA, 1, [], -1, "open")
    _researched(m, 1, "1")
    assert amoeba.filter_targets(s, f, [a]) == []  # fighters cannot hurt it
    _researched(m, 1, "3")
    assert amoeba.filter_targets(s, f, [a]) == [a]  # the 3 amoeba: fighters may
    del s.units[f.uid]
    _researched(m, 1, "4")
    c = GAME._as_combatant(s, a)
    assert (c.cls, c.attack, c.defense) == ("A", 5, 1)  # only Raiders face it: A5-1-2
    rc = GAME._as_combatant(s, r)
    assert not rc.cloaked and rc.cls == "D"  # immune to cloaking
    assert amoeba.sees_cloaked(s)  # no cloaked withdrawal before the battle
    add_unit(m, 0, "SC", "5.1")
    c = GAME._as_combatant(s, a)
    assert (c.cls, c.attack, c.defense) == ("A", 7, 2)
    _researched(m, 1, "6-7")
    base = GAME._as_combatant(s, r).attack
    add_unit(m, 0, "CA", "5.1")  # R, SC and CA: 3 different types
    assert GAME._as_combatant(s, r).attack == base + 1
    _researched(m, 1, "8-10")
    sc = next(u for u in s.units.values() if u.kind == "SC")
    assert amoeba.filter_targets(s, sc, [a]) == []  # no weapon hurts it
    assert combat.screening_allowance([GAME._as_combatant(s, u) for u in (sc, a)], 0) == 0
    assert combat.to_hit(
        GAME._as_combatant(s, sc), GAME._as_combatant(s, a), fleet_bonus=True
    ) == combat.to_hit(GAME._as_combatant(s, sc), GAME._as_combatant(s, a))


@pytest.mark.parametrize(
    ("kind", "roll", "killed"),
    [("CA", 10, True), ("DD", 8, True), ("DD", 9, False), ("SC", 4, True), ("SC", 5, False)],
)
def test_the_detonation_kill(kind: str, roll: int, killed: bool, dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _amoeba_at(m, "5.1")  # the other two amoebas keep the game going
    _researched(m, 1, "8-10")
    s.players[0].techs["ship_size"] = 3
    bomb = add_unit(m, 0, kind, "5.1")
    other = add_unit(m, 0, "SC", "5.1")
    m.apply(0, "end")
    assert s.pending and s.pending[-1].kind == "detonate"
    acts = {str(x) for x in m.legal_actions(0)}
    assert f"detonate {bomb.uid}" in acts and "spare" in acts
    if kind != "CA":
        dice.append(roll)
    events = _events(m, 0, f"detonate {bomb.uid}")
    det = next(e for e in events if e["type"] == "amoeba_detonation")
    assert det["killed"] == killed and bomb.uid not in s.units
    assert (a.uid in s.units) != killed
    if not killed:
        assert other.uid not in s.units  # every other ship in the hex is lost


def test_amoeba_heals_after_battle(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    _researched(m, 1, "2")  # D6-2-2
    s.players[0].techs["ship_size"] = 3
    ca = add_unit(m, 0, "CA", "5.1")
    # The Cruiser (C) fires first and hits (1); the amoeba (D) goes for it (1) and engulfs it (1).
    dice.extend([1, 1, 1])
    events = _events(m, 0, "end")
    assert any(e["type"] == "shot" and e["target"] == a.uid and e.get("hit") for e in events)
    assert ca.uid not in s.units and s.battle is None
    assert a.uid in s.units and a.damage == 0  # its wound healed after the battle, as a ship's does


# --- expansion -------------------------------------------------------------------------------------------
def _econ(m: Match, cycle: int) -> list[Any]:
    s = state(m)
    s.cycle = cycle
    s.phase = "econ"
    events: list[Any] = []
    amoeba.economic_phase(GAME, s, events)
    touch(m)
    return events


def test_no_expansion_before_the_difficulty_phase() -> None:
    m = start(1, seed=3, scenario="solo_amoeba", difficulty="easy")
    _econ(m, 6)
    assert sum(1 for u in state(m).units.values() if u.kind == "AM") == 3 and not state(m).pending


def test_expansion_choices_are_decisions_of_the_players_in_turn_order() -> None:
    m = start(2, seed=1, scenario="amoebas")
    s = state(m)
    order = list(s.order)
    _econ(m, 7)  # „Az Űr-Amőbák a 7. … Gazdasági fázisig nem terjeszkednek” (option amoeba_phase)
    seen = []
    while s.pending and s.pending[-1].kind == "expand":
        step = s.pending[-1]
        assert m.to_move == (step.seat,)
        seen.append(step.seat)
        acts = m.legal_actions(step.seat)
        assert all(a.kind == "expand" for a in acts) and len(acts) > 1
        m.apply(step.seat, acts[-1])
    assert seen[:2] == order[:2]
    assert sum(1 for u in s.units.values() if u.kind == "AM") == 6  # each of the 3 expanded once
    # the new amoebas do not expand in the phase they appear
    assert sorted(v for v in _am(m).born.values()) == [0, 0, 0, 7, 7, 7]


def test_expansion_keeps_the_most_amoebas_expanding_and_prefers_planets() -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    for u in [u for u in s.units.values() if u.kind == "AM"]:
        del s.units[u.uid]
    am = _am(m)
    am.born = {}
    one = amoeba._new_amoeba(s, am, "3.3", 1, 0)
    two = amoeba._new_amoeba(s, am, "4.4", 1, 0)
    s.cycle = 7
    am.region = ["3.3", "4.3", "4.4"]  # both reach only 4.3: one of them expands
    assert {h for _, h in amoeba.expansion_options(s)} == {"4.3"}
    am.region = ["3.3", "4.3", "3.4", "4.4"]
    # 3.3 reaches 4.3 and 3.4; 4.4 reaches 4.3 and 3.4: all four choices keep both expanding
    assert len(amoeba.expansion_options(s)) == 4
    s.markers["3.4"] = Marker("planet", 0, True, "deep")
    # both touch the planet at 3.4, so each must go there: only one of them expands
    assert amoeba.expansion_options(s) == [(one.uid, "3.4"), (two.uid, "3.4")]


def test_blocking_choice_is_not_offered() -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    for u in [u for u in s.units.values() if u.kind == "AM"]:
        del s.units[u.uid]
    am = _am(m)
    am.born = {}
    one = amoeba._new_amoeba(s, am, "3.3", 1, 0)
    two = amoeba._new_amoeba(s, am, "5.3", 1, 0)
    am.region = ["3.3", "4.3", "5.3", "3.4"]  # one: 4.3 or 3.4; two: only 4.3
    s.cycle = 7
    assert amoeba.expansion_options(s) == sorted(
        [(one.uid, "3.4"), (two.uid, "4.3")], key=lambda o: (o[0], o[1])
    )


def test_expansion_engulfs_npas_ships_and_consumes_colonies_and_markers(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    am = _am(m)
    am.region = ["5.1", "6.1"]
    s.units["n50"] = Unit("n50", -1, "NPA-B", "6.1", 0, 0, 0, 0, 0, 0, True, "", True, "")
    sc = add_unit(m, 0, "SC", "6.1")
    s.markers["6.1"] = Marker("planet", 0, False, "deep")
    s.colonies["6.1"] = Colony(0, 3, False, True)
    events = _econ(m, 7)
    assert "n50" not in s.units and sc.uid not in s.units
    assert "6.1" not in s.colonies and "6.1" not in s.markers and "planet:0" in s.undrawn
    assert any(e["type"] == "amoeba_expands" and e["amoeba"] == a.uid for e in events)
    assert any(e["type"] == "colony_destroyed" for e in events)


def test_expansion_into_researched_ships_is_a_special_attack_round(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    _only_amoeba(m, "5.1")
    _am(m).region = ["5.1", "6.1"]
    _researched(m, 1, "1")  # C7-1-1
    s.players[0].techs["ship_size"] = 3
    dd = add_unit(m, 0, "DD", "6.1")
    ca = add_unit(m, 0, "CA", "6.1")
    s.colonies["6.1"] = Colony(0, 3, False, True)
    dice.extend([1, 2, 1, 7])  # smallest (DD): 2 <= 7-2=5 -> engulfed, chain; smallest (CA): 7 > 7-2 miss
    events = _econ(m, 7)
    hits = [(e["unit"], e["hit"]) for e in events if e["type"] == "amoeba_attack"]
    assert hits == [(dd.uid, True), (ca.uid, False)]
    assert ca.uid in s.units and "6.1" in s.colonies  # the cruiser holds: nothing is consumed yet


def test_black_holes_and_supernovas_are_never_entered() -> None:
    m = start(2, seed=1, scenario="amoebas")
    s = state(m)
    a = next(u for u in s.units.values() if u.kind == "AM")
    for u in [u for u in s.units.values() if u.kind == "AM" and u is not a]:
        del s.units[u.uid]
    from galaxis.games.space_empires.base import board

    near = board.adjacent(2, a.hex)
    for i, h in enumerate(near):
        s.markers[h] = Marker("black_hole" if i % 2 else "supernova", 0, True, "deep")
    s.cycle = 7
    assert amoeba.expansion_options(s) == []


# --- mines -----------------------------------------------------------------------------------------------
def test_a_mine_stops_the_expansion_and_the_type_may_adapt(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    s.players[0].techs["mines"] = 1
    mine = add_unit(m, 0, "Mine", "5.1")
    dice.append(5)  # no adaptation
    events = _econ(m, 7)
    assert mine.uid not in s.units and sum(1 for u in s.units.values() if u.kind == "AM") == 1
    assert [e["type"] for e in events][:2] == ["amoeba_mined", "amoeba_adapts"]
    assert not _am(m).types[0].no_mines
    # Next phase: another mine; the roll of 9 adapts the type (this mine still works this phase).
    mine2 = add_unit(m, 0, "Mine", a.hex)
    dice.append(9)
    _econ(m, 8)
    assert mine2.uid not in s.units and _am(m).types[0].no_mines
    assert sum(1 for u in s.units.values() if u.kind == "AM") == 1
    # From then on mines do not stop it.
    mine3 = add_unit(m, 0, "Mine", a.hex)
    while s.pending:
        s.pending.pop()
    _econ(m, 9)
    while s.pending and s.pending[-1].kind == "expand":
        m.apply(0, m.legal_actions(0)[0])
    assert mine3.uid in s.units and sum(1 for u in s.units.values() if u.kind == "AM") == 2


def test_one_adaptation_roll_per_type_and_phase(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    s.players[0].techs["mines"] = 1
    a = _amoeba_at(m, "5.1")
    b = amoeba._new_amoeba(s, _am(m), "4.3", 1, 0)  # a second amoeba of type 1
    add_unit(m, 0, "Mine", a.hex)
    add_unit(m, 0, "Mine", b.hex)
    dice.append(3)
    events = _econ(m, 7)
    assert sum(1 for e in events if e["type"] == "amoeba_adapts") == 1


def test_lone_mine_in_an_amoeba_hex_does_not_fight() -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    s.players[0].techs["mines"] = 1
    mine = add_unit(m, 0, "Mine", "5.1")
    m.apply(0, "end")
    assert s.battle is None and mine.uid in s.units and a.uid in s.units


# --- the end of the game ---------------------------------------------------------------------------------
def test_solo_amoeba_won_by_destroying_every_amoeba(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    _researched(m, 1, "1")  # C7-1-1: one hit kills it
    s.players[0].techs["ship_size"] = 6
    add_unit(m, 0, "DN", "5.1")
    # The amoeba (C) fires before the Dreadnought (A)? No: A fires first; the DN hits with a 1.
    dice.extend([1])
    events = _events(m, 0, "end")
    assert a.uid not in s.units
    assert m.is_over and s.solo is not None and s.solo.outcome == "won" and s.winner == 0
    assert m.result.details["outcome"] == "won" and m.result.scores[0] >= 1000
    assert any(e["type"] == "solo_over" for e in events)


def test_solo_amoeba_won_after_research_in_the_same_combat_phase(dice: list[int]) -> None:
    """The science vessel completes the research (8 + 2 points), the strength roll gives row 1 (C7-1-1),
    and the Dreadnought beside it, no longer engulfed, destroys the last amoeba."""
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    s.players[0].techs.update({"ship_size": 6, "minesweeping": 1})
    _am(m).types[0].research[0] = 8
    sw = add_unit(m, 0, "SW", "5.1")
    dn = add_unit(m, 0, "DN", "5.1")
    dice.extend([1, 1, 1])  # research +2; strength row 1; the Dreadnought (A) fires first and hits
    events = _events(m, 0, "end")
    assert [e["type"] for e in events if e["type"].startswith("amoeba_")][:2] == [
        "amoeba_research",
        "amoeba_strength",
    ]
    assert a.uid not in s.units and dn.uid in s.units and sw.uid in s.units
    assert m.is_over and m.result.details["outcome"] == "won"


def test_solo_amoeba_lost_when_the_home_world_is_consumed(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    home = hw(m, 0)
    from galaxis.games.space_empires.base import board

    _only_amoeba(m, "5.1")
    a = amoeba._new_amoeba(s, _am(m), board.adjacent(1, home)[0], 2, 0)
    for h in board.adjacent(1, a.hex):
        s.colonies.pop(h, None) if h != home else None
        mk = s.markers.get(h)
        if mk is not None:
            mk.face_up = False  # face-down markers are not known planets
    events = _econ(m, 7)
    while s.pending and s.pending[-1].kind == "expand":
        step = s.pending[-1]
        assert (a.uid, home) in [tuple(o) for o in step.data["options"]]  # the planet rule
        events += _events(m, 0, f"expand {a.uid} {home}")
    assert not s.players[0].alive and m.is_over
    assert s.solo is not None and s.solo.outcome == "lost" and m.result.details["outcome"] == "lost"
    assert any(e["type"] == "colony_destroyed" and e["hex"] == home for e in events)


def test_solo_amoeba_lost_at_the_cycle_limit() -> None:
    m = start(1, seed=3, scenario="solo_amoeba", difficulty="easy")
    s = state(m)
    s.cycle = s.cycles
    for _ in range(3):
        m.apply(0, "end")
    while not m.is_over:
        acts = m.legal_actions(0)
        m.apply(0, next((x for x in acts if x.kind in ("bid", "done", "first")), acts[0]))
    assert s.solo is not None and s.solo.outcome == "lost"


# --- full games ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(("players", "scenario"), [(1, "solo_amoeba"), (2, "amoebas"), (3, "amoebas")])
def test_amoeba_games_play_to_the_end(players: int, scenario: str, agent: str) -> None:
    m = galaxis.new_match("space_empires", players=players, seed=4, options={"scenario": scenario})
    kinds = bots_play_to_the_end(m, agent, seed=4, every=41)
    assert "amoeba_expands" in kinds
    if players == 1:
        assert m.result.details["outcome"] in ("won", "lost")


def test_the_attacked_player_chooses_among_equal_ships_in_the_special_round(dice: list[int]) -> None:
    m = start(2, seed=1, scenario="amoebas")
    s = state(m)
    a = next(u for u in s.units.values() if u.kind == "AM")
    for u in [u for u in s.units.values() if u.kind == "AM" and u is not a]:
        del s.units[u.uid]
    am = _am(m)
    target = _neighbours(a.hex)[0]
    s.markers.pop(target, None)
    am.region = [a.hex, target]
    t = am.types[0]
    t.row, t.research = "1", [0, 10]  # only player b can attack it
    scouts = [add_unit(m, 1, "SC", target).uid for _ in range(2)]
    dice.append(2)  # the smallest: two equal Scouts
    _econ(m, 7)  # the multiplayer game's first expansion
    step = s.pending[-1]
    assert step.kind == "feed" and step.seat == 1 and m.to_move == (1,)
    assert {str(x) for x in m.legal_actions(1)} == {f"feed {u}" for u in scouts}
    dice.extend([10])  # the attack misses
    m.apply(1, f"feed {scouts[1]}")
    assert all(u in s.units for u in scouts) and not s.pending  # both Scouts hold the hex


def test_science_vessels_sit_out_and_survive_a_lost_battle(dice: list[int]) -> None:
    m = start(1, seed=3, scenario="solo_amoeba")
    s = state(m)
    a = _only_amoeba(m, "5.1")
    _researched(m, 1, "1")  # C7-1-1
    s.players[0].techs["minesweeping"] = 1
    sw = add_unit(m, 0, "SW", "5.1")
    sc = add_unit(m, 0, "SC", "5.1")
    # research roll 7 (nothing); the amoeba (C) fires first: the Scout is its only target; 1: engulfed.
    dice.extend([7, 3, 1])
    events = _events(m, 0, "end")
    assert sc.uid not in s.units and sw.uid in s.units and a.uid in s.units and s.battle is None
    assert not any(e["type"] == "amoeba_attack" and e["unit"] == sw.uid for e in events)


def _neighbours(hid: str) -> tuple[str, ...]:
    from galaxis.games.space_empires.base import board

    return board.adjacent(2, hid)
