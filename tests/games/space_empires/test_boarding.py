"""Boarding Ships, capture and Security Forces (docs §10.2, option ``boarding``): the to-hit number with each
modifier, every kind that cannot be captured, the idle round and scrapping for technology."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from galaxis.core import Match, match_from_json
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import combat
from galaxis.games.space_empires.base.state import Battle, Unit
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import boarding

from .helpers import add_unit, hw, planted_combat_dice, start, state, touch

HEX = "5.5"


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Planted d10 results for every die of the match generator (shots, promotion and boarding rolls)."""
    yield from planted_combat_dice(monkeypatch)


def _match(players: int = 2, **options: Any) -> Match:
    return start(players, seed=1, boarding=True, **options)


def _battle(m: Match) -> SEState:
    s = state(m)
    s.battle = Battle(HEX, 0, 1, 1, [], -1, "open")
    touch(m)
    return s


def _bd(m: Match, level: int = 1, seat: int = 0) -> Unit:
    state(m).players[seat].techs["boarding"] = level
    return add_unit(m, seat, "BD", HEX, revealed=True)


@pytest.mark.parametrize(
    ("level", "victim", "security", "need"),
    [
        (1, "CA", 0, 3),  # 5 - hull 2
        (1, "DD", 0, 4),  # 5 - hull 1
        (1, "DN", 0, 2),  # 5 - hull 3
        (2, "CA", 0, 4),  # Boarding 2: attack 6
        (1, "CA", 1, 2),  # Security Forces 1
        (2, "BB", 2, 1),  # 6 - 3 - 2
    ],
)
def test_to_hit_with_each_modifier(level: int, victim: str, security: int, need: int) -> None:
    m = _match()
    s = _battle(m)
    bd = _bd(m, level)
    s.players[1].techs["security_forces"] = security
    target = add_unit(m, 1, victim, HEX, revealed=True)
    assert boarding.need(s, bd, target) == need


def test_experience_changes_the_boarding_number() -> None:
    m = _match(experience=True)
    s = _battle(m)
    bd = _bd(m)
    target = add_unit(m, 1, "CA", HEX, revealed=True)
    bd.xp, target.xp = 2, 1
    assert boarding.need(s, bd, target) == 4  # +1 against a less experienced group
    bd.xp, target.xp = 1, 3
    assert boarding.need(s, bd, target) == 2  # -1 at a group two levels higher


def test_a_success_captures_the_ship_and_it_sits_out_a_full_round(dice: list[int]) -> None:
    m = _match()
    s = _battle(m)
    bd = _bd(m)
    target = add_unit(m, 1, "CA", HEX)
    escort = add_unit(m, 1, "DD", HEX, revealed=True)
    old = target.uid
    s.battle.queue = [old, escort.uid]  # type: ignore[union-attr]
    dice.append(3)  # needs 3
    events: list[Any] = []
    GAME._shoot(s, bd.uid, old, events)
    assert old not in s.units and old not in s.battle.queue  # type: ignore[union-attr]
    new = s.units[events[0]["captured"]]
    assert (new.owner, new.kind, new.captured, new.revealed, new.counter) == (0, "CA", True, True, new.uid)
    assert new.uid.startswith("a") and "captured" in events[0]["text"]
    # Round 1 (the capture) and round 2: out of the battle; round 3: fights for its captor.
    for round_no, fights in ((1, False), (2, False), (3, True)):
        s.battle.round = round_no  # type: ignore[union-attr]
        assert (new in GAME._combatants(s)) is fights
    assert GAME._side_of(s, new.owner) == GAME._side_of(s, bd.owner)
    assert GAME.invariants(s) == []
    # The idle round and the promotions of the battle survive a JSON round trip.
    s.battle.round = 1  # type: ignore[union-attr]
    again = match_from_json(json.loads(json.dumps(m.to_json())))
    assert again.to_json() == m.to_json()
    assert again.state.battle.idle == {new.uid: 2}


def test_a_failed_boarding_changes_nothing(dice: list[int]) -> None:
    m = _match()
    s = _battle(m)
    bd = _bd(m)
    target = add_unit(m, 1, "CA", HEX)
    dice.append(4)
    events: list[Any] = []
    GAME._shoot(s, bd.uid, target.uid, events)
    assert s.units[target.uid].owner == 1 and target.damage == 0 and "captured" not in events[0]


def test_a_one_always_boards(dice: list[int]) -> None:
    m = _match()
    s = _battle(m)
    bd = _bd(m)
    s.players[1].techs["security_forces"] = 2
    target = add_unit(m, 1, "DN", HEX)
    assert boarding.need(s, bd, target) == 0
    dice.append(1)
    events: list[Any] = []
    GAME._shoot(s, bd.uid, target.uid, events)
    assert "captured" in events[0]


def _uncapturable(m: Match, kind: str) -> Unit:
    s = state(m)
    if kind == "loaded T":
        u = add_unit(m, 1, "T", HEX, revealed=True)
        u.cargo = "infantry"
        return u
    if kind in ("DM", "AM"):
        u = add_unit(m, 1, "DD", HEX, revealed=True)
        u.kind, u.owner = kind, -2
        return u
    if kind == "NPA-D":
        u = add_unit(m, 1, "DD", HEX, revealed=True)
        u.kind, u.owner = kind, -1
        return u
    s.players[1].techs.update(ship_size=7, fighters=1)
    return add_unit(m, 1, kind, HEX, revealed=True)


@pytest.mark.parametrize("kind", ["Base", "SY", "TN", "F", "loaded T", "DM", "AM", "NPA-D"])
def test_what_cannot_be_captured_gets_a_plain_f1_attack(kind: str) -> None:
    m = _match()
    _battle(m)
    bd = _bd(m)
    target = _uncapturable(m, kind)
    assert not boarding.capturable(state(m), target)
    if kind in ("DM", "AM"):
        return  # the machines and amoebas have their own combatants (solo.py, amoeba.py)
    s = state(m)
    events: list[Any] = []
    GAME._shoot(s, bd.uid, target.uid, events)
    assert events[0]["type"] == "shot"
    expected = combat.to_hit(
        combat.Combatant("x", 0, "BD", "F", 1, 0, 2), GAME._as_combatant(s, target), round_no=1
    )
    assert events[0]["need"] == expected
    assert target.owner != 0


def test_empty_transports_and_other_ships_can_be_captured() -> None:
    m = _match()
    _battle(m)
    for kind in ("T", "SC", "DD", "CA", "BB", "DN", "CV", "BD", "FS"):
        assert boarding.capturable(state(m), add_unit(m, 1, kind, HEX)), kind


def test_without_the_option_a_boarding_ship_shoots(dice: list[int]) -> None:
    m = start(2, seed=1)
    s = _battle(m)
    bd = _bd(m)
    target = add_unit(m, 1, "DD", HEX, revealed=True)
    dice.append(5)
    events: list[Any] = []
    GAME._shoot(s, bd.uid, target.uid, events)
    assert events[0]["type"] == "shot" and events[0]["need"] == 5 and events[0]["destroyed"]


def _econ(m: Match, seat: int) -> list[str]:
    s = state(m)
    s.phase = "econ"
    s.players[seat].bid = 0
    touch(m)
    return [a.notation for a in GAME._econ_actions(s, seat)]


def test_boarding_ships_and_the_tracks_are_bought_only_with_the_option() -> None:
    m = _match()
    state(m).players[0].cp = 200
    legal = _econ(m, 0)
    assert {"tech boarding", "tech security_forces"} <= set(legal)
    assert "tech military_academy" not in legal  # that one comes with the experience option
    state(m).players[0].techs["boarding"] = 1
    assert f"buy BD {hw(m, 0)}" in _econ(m, 0)
    plain = start(2, seed=1)
    state(plain).players[0].cp = 200
    state(plain).players[0].techs["boarding"] = 1
    assert not any("boarding" in a or " BD " in a for a in _econ(plain, 0))
    both = _match(experience=True)
    state(both).players[0].cp = 200
    assert "tech military_academy" in _econ(both, 0)


def _captured(m: Match, seat: int, techs: dict[str, int]) -> Unit:
    u = add_unit(m, seat, "CA", hw(m, seat), revealed=True)
    u.captured = True
    u.attack_tech, u.defense_tech, u.tactics, u.move_tech, u.level = (
        techs["attack"],
        techs["defense"],
        techs["tactics"],
        techs["move"],
        techs.get("exploration", 0),
    )
    return u


def test_scrapping_is_not_allowed_in_multiplayer_games_without_teams() -> None:
    m = _match()
    u = _captured(m, 0, {"attack": 3, "defense": 0, "tactics": 0, "move": 1})
    assert "solo and team games" in str(boarding.scrap_problem(state(m), 0, u.uid) or "")
    assert f"scrap {u.uid}" not in _econ(m, 0)


@pytest.mark.parametrize("scenario", ["solo_dm", "coop_dm_2p"])
def test_scrapping_a_captured_ship_at_a_shipyard_gives_a_level_in_each_better_tech(scenario: str) -> None:
    players = 1 if scenario == "solo_dm" else 2
    m = start(players, seed=1, boarding=True, scenario=scenario)
    s = state(m)
    p = s.players[0]
    p.techs.update(attack=1, defense=2, tactics=0, move=1, exploration=0)
    before = dict(p.techs)
    u = _captured(m, 0, {"attack": 3, "defense": 1, "tactics": 1, "move": 1, "exploration": 1})
    assert any(v.kind == "SY" and v.hex == u.hex for v in s.units.values() if v.owner == 0)
    assert f"scrap {u.uid}" in _econ(m, 0)
    events = m.apply(0, f"scrap {u.uid}")
    assert u.uid not in s.units
    gained = {t: p.techs[t] - before[t] for t in ("attack", "defense", "tactics", "move", "exploration")}
    # attack 3 > 1: +1 only (not up to 3); defence 1 < 2 and move 1 = 1: nothing; tactics and exploration: +1.
    assert gained == {"attack": 1, "defense": 0, "tactics": 1, "move": 0, "exploration": 1}
    scrap = next(e for e in events if e["type"] == "scrap")
    assert "scrapped" in scrap["text"] and "attack" not in scrap["text"]  # the sheet stays secret


def test_scrapping_needs_an_own_shipyard_in_the_hex() -> None:
    m = start(1, seed=1, boarding=True, scenario="solo_dm")
    s = state(m)
    u = _captured(m, 0, {"attack": 3, "defense": 0, "tactics": 0, "move": 1})
    u.hex = "5.5"
    assert "shipyard" in str(boarding.scrap_problem(s, 0, u.uid) or "")
    plain = add_unit(m, 0, "CA", hw(m, 0))
    assert "not a ship you captured" in str(boarding.scrap_problem(s, 0, plain.uid) or "")


def test_without_a_free_counter_the_captured_ship_is_scuttled(dice: list[int]) -> None:
    m = _match()
    s = _battle(m)
    bd = _bd(m)
    s.players[0].techs["ship_size"] = 3
    for _ in range(6):  # every Cruiser counter of the captor in use
        add_unit(m, 0, "CA", hw(m, 0))
    target = add_unit(m, 1, "CA", HEX)
    dice.append(1)
    events: list[Any] = []
    GAME._shoot(s, bd.uid, target.uid, events)
    assert target.uid not in s.units and events[0]["destroyed"] and "scuttled" in events[0]["text"]
    assert not any(u.captured for u in s.units.values())
    assert GAME.invariants(s) == []


@pytest.mark.parametrize("seed", [1, 3])
def test_random_battles_with_boarding_and_experience_keep_invariants_and_secrets(seed: int) -> None:
    """Two fleets with Boarding Ships of random experience meet at the start; random play to the end."""
    m = start(2, seed=seed, cycles=3, experience=True, boarding=True)
    s = state(m)
    rnd = random.Random(seed)
    for seat in (0, 1):
        s.players[seat].techs.update(boarding=2, ship_size=3, security_forces=1, military_academy=2)
        for kind in ("BD", "BD", "CA", "DD", "SC", "CA"):
            add_unit(m, seat, kind, HEX).xp = rnd.randrange(5)
    touch(m)
    seen: set[str] = set()
    steps = 0
    while not m.is_over:
        seat = rnd.choice(m.to_move)
        seen.update(e["type"] for e in m.apply(seat, rnd.choice(m.legal_actions(seat))))
        steps += 1
        assert GAME.invariants(s) == [], (steps, GAME.invariants(s))
        if steps % 13 == 0:
            for viewer in (0, 1):
                world = m.determinize(viewer, steps)
                assert world.observation(viewer) == m.observation(viewer)
                assert GAME.invariants(world.state) == []
            assert match_from_json(json.loads(json.dumps(m.to_json()))).to_json() == m.to_json()
    assert "boarding" in seen and "battle_over" in seen


def test_an_alien_players_ship_is_captured_and_scrapped_in_the_solo_game(dice: list[int]) -> None:
    from galaxis.games.space_empires.opponents import forces
    from galaxis.games.space_empires.opponents.solo_state import AlienFleet

    m = start(1, seed=2, boarding=True, scenario="solo_ap")
    s = state(m)
    assert s.solo is not None
    alien = s.solo.aliens[0]
    alien.techs.update(attack=2, defense=1)
    ship = forces.alien_unit(s, alien, "CA", HEX, revealed=True)
    fleet = AlienFleet("", [ship.uid], 0, False, 1, "", 0)
    alien.fleets.append(fleet)
    s.battle = Battle(HEX, 0, alien.owner, 1, [], -1, "open")
    bd = _bd(m)
    assert boarding.capturable(s, ship)
    dice.append(1)
    events: list[Any] = []
    GAME._shoot(s, bd.uid, ship.uid, events)
    new = s.units[events[0]["captured"]]
    assert new.owner == 0 and fleet.units == [] and GAME.invariants(s) == []
    s.battle = None
    new.hex = hw(m, 0)
    p = s.players[0]
    before = (p.techs["attack"], p.techs["defense"])
    assert f"scrap {new.uid}" in _econ(m, 0)
    m.apply(0, f"scrap {new.uid}")
    assert (p.techs["attack"], p.techs["defense"]) == (before[0] + 1, before[1] + 1)


def test_the_capitols_units_cannot_be_captured() -> None:
    from galaxis.games.space_empires.opponents.solo_state import CAPITOL

    m = start(2, seed=1, boarding=True, scenario="coop_dm_2p")
    u = add_unit(m, 0, "CA", HEX)
    u.owner = CAPITOL
    assert not boarding.capturable(state(m), u)
