"""The Alien Players use the remaining Close Encounters systems (docs §13.13.3, §13.12, §10.1, issue 9):
ship experience of the aliens, their Boarding Ships, the VP aliens' defence of captured colonies and their
technology table, the retaking of a captured colony in multiplayer games, and the heuristic bot's
invasions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base.state import Battle
from galaxis.games.space_empires.opponents import forces, sheets
from galaxis.games.space_empires.opponents.solo_state import Alien
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import experience
from galaxis.games.space_empires.views import observation as views

from .helpers import add_unit, planted_combat_dice, start, state, touch

NF = "solo_ap_new_features"
GREEN, SKILLED, VETERAN = range(3)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    yield from planted_combat_dice(monkeypatch)


def _alien(m: Match, i: int = 0) -> Alien:
    s = state(m)
    assert s.solo is not None
    return s.solo.aliens[i]


def _battle(m: Match, hid: str = "7.3") -> SEState:
    s = state(m)
    s.battle = Battle(hid, 0, 1, 1, [], -1, "open")
    touch(m)
    return s


# --- 1. the aliens' ship experience (§10.2, §13.13.3) --------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "gains"),
    [
        ({"scenario": NF}, True),
        ({"scenario": "solo_ap_vp", "experience": True}, True),
        ({"scenario": "solo_ap_vp"}, True),  # the scenario's rules put experience in play (§12.4)
        ({"scenario": "solo_ap_vp", "scenario_rules": "lenient"}, False),
        ({"scenario": "solo_ap", "experience": True}, False),  # the base Alien Player has none
    ],
)
def test_which_aliens_have_experience(options: dict[str, Any], gains: bool) -> None:
    m = start(1, seed=2, **options)
    s = state(m)
    a = _alien(m)
    ship = forces.alien_unit(s, a, "CA", a.home, revealed=True)
    assert experience.gains(s, ship) is gains
    base = next(u for u in s.units.values() if u.owner == a.owner and u.kind == "Base")
    assert not experience.gains(s, base)  # bases have no level, as a player's


def test_alien_ships_train_promote_and_use_their_level(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=NF)
    s = _battle(m)
    a = _alien(m)
    cruiser = forces.alien_unit(s, a, "CA", "7.3", revealed=True)
    assert cruiser.xp == GREEN
    events: list[Any] = []
    experience.economic_phase(s, events)  # §10.2: Green groups become Skilled, the aliens' too
    assert cruiser.xp == SKILLED
    victim = add_unit(m, 0, "DD", "7.3", revealed=True)
    victim.xp = GREEN
    # CA 4 - DD defence 0 = 4, +1 for the more experienced shooter: a 5 hits and kills the destroyer;
    # the promotion needs 2 x hull 1 = 2 or less: a 2 promotes the alien's cruiser.
    dice.extend([5, 2])
    events = []
    GAME._shoot(s, cruiser.uid, victim.uid, events)
    assert events[0]["need"] == 5 and events[0].get("destroyed")
    promo = next(e for e in events if e["type"] == "promotion")
    assert promo["counter"] == cruiser.uid and cruiser.xp == VETERAN
    # The level is on the face-up counter, as a live player's (views, §10.2).
    assert views.unit_view(cruiser, 0)["xp"] == VETERAN


def test_alien_academy_starts_ships_skilled() -> None:
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    a = _alien(m)
    a.techs["military_academy"] = 1
    assert forces.alien_unit(s, a, "DD", a.home, revealed=True).xp == SKILLED


# --- 2. the aliens' Boarding Ships (§10.2, §13.13.3) ---------------------------------------------------------
def test_an_alien_with_boarding_buys_two_boarding_ships_per_level() -> None:
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    a = _alien(m)
    assert s.boarding
    bought, _ = sheets.buy_ships(s, a, 30, a.home)
    assert not any(s.units[u].kind == "BD" for u in bought)  # no Boarding technology: none
    a.techs["boarding"] = 1
    bought, _ = sheets.buy_ships(s, a, 30, a.home)
    assert [s.units[u].kind for u in bought[:2]] == ["BD", "BD"] and s.units[bought[0]].level == 1
    assert "BD" not in [s.units[u].kind for u in bought[2:]]
    a.techs["boarding"] = 2
    bought, _ = sheets.buy_ships(s, a, 50, a.home)
    assert [s.units[u].kind for u in bought].count("BD") == 2  # the counter mix: 4 BD counters at most
    # The base Alien Player (solo_ap) has no Boarding Ships even with the option and the technology.
    base = start(1, seed=2, scenario="solo_ap", edition="ce", boarding=True)
    b = _alien(base)
    b.techs["boarding"] = 1
    bought, _ = sheets.buy_ships(state(base), b, 30, b.home)
    assert not any(state(base).units[u].kind == "BD" for u in bought)


def test_an_alien_boarding_ship_captures_a_players_ship(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=NF)
    s = _battle(m)
    a = _alien(m)
    a.techs["boarding"] = 1
    bd = forces.alien_unit(s, a, "BD", "7.3", revealed=True)
    bd.level = 1
    from galaxis.games.space_empires.opponents.solo_state import AlienFleet

    fleet = AlienFleet("", [bd.uid], 0, False, 1, "7.3", 0)
    a.fleets.append(fleet)
    victim = add_unit(m, 0, "DD", "7.3", revealed=True)
    s.players[0].techs["security_forces"] = 1
    # BD 5 - DD hull 1 - Security Forces 1 = 3 (no experience modifier between two Green ships).
    dice.append(3)
    events: list[Any] = []
    GAME._shoot(s, bd.uid, victim.uid, events)
    ev = next(e for e in events if e["type"] == "boarding")
    assert ev["need"] == 3 and ev["captured"]
    new = s.units[ev["captured"]]
    assert new.owner == a.owner and new.kind == "DD" and new.captured and new.uid in fleet.units
    assert victim.uid not in s.units or s.units[victim.uid].owner == a.owner
    assert GAME.invariants(s) == []


def test_alien_security_forces_hinder_the_players_boarding() -> None:
    m = start(1, seed=2, scenario=NF)
    s = state(m)
    a = _alien(m)
    target = forces.alien_unit(s, a, "DD", "7.3", revealed=True)
    bd = add_unit(m, 0, "BD", "7.3", revealed=True)
    from galaxis.games.space_empires.systems import boarding

    before = boarding.need(s, bd, target)
    a.techs["security_forces"] = 1
    assert boarding.need(s, bd, target) == before - 1


# --- 3. the victory-point aliens: captured colonies and the two-dice table (§13.12) --------------------------
def test_vp_alien_defends_a_captured_colony() -> None:
    from galaxis.games.space_empires.base.state import Colony
    from galaxis.games.space_empires.opponents.alien_players import ce_systems as ap_systems
    from galaxis.games.space_empires.systems.ground_state import Garrison

    m = start(1, seed=2, scenario="solo_ap_vp", ground_combat=True)
    s = state(m)
    a = _alien(m)
    assert s.ground is not None
    s.colonies["7.3"] = Colony(a.owner, 1, False, True)
    s.markers.pop("7.3", None)
    s.ground.garrisons["7.3"] = Garrison(a.owner, ["Infantry"])
    a.defense_cp = 40
    events: list[Any] = []
    ap_systems.defend_captured(s, a, events)
    held = [e["unit"] for e in events if e["type"] == "alien_holds"]
    assert held[:2] == ["Infantry", "Infantry"] and "Base" in held
    assert len(s.ground.garrisons["7.3"].troops) == 3 and a.defense_cp < 40
    assert GAME.invariants(s) == []
    # The economic phase runs it: without ground combat nothing is bought.
    plain = start(1, seed=2, scenario="solo_ap_vp", scenario_rules="lenient")  # without ground combat
    b = _alien(plain)
    state(plain).colonies["7.3"] = Colony(b.owner, 1, False, True)
    b.defense_cp = 40
    events = []
    ap_systems.defend_captured(state(plain), b, events)
    assert events == [] and b.defense_cp == 40


@pytest.mark.parametrize(
    ("options", "dice_in", "tech"),
    [
        ({}, [1, 9, 1, 10], "ship_size"),  # Boarding is rolled again without the option
        ({"boarding": True, "edition": "ce"}, [1, 9], "boarding"),
        ({"boarding": True, "edition": "ce"}, [7, 6], "security_forces"),
        ({"experience": True, "edition": "ce"}, [1, 8], "military_academy"),
        ({"boarding": True, "edition": "ce"}, [1, 8, 1, 1], "attack"),  # the Academy needs `experience`
    ],
)
def test_vp_two_dice_table_keeps_the_systems_in_play(
    dice: list[int], options: dict[str, Any], dice_in: list[int], tech: str
) -> None:
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

    m = start(1, seed=2, scenario="solo_ap_vp", scenario_rules="lenient", **options)  # systems one by one
    a = _alien(m)
    dice.extend(dice_in)
    assert alien_vp.tech_roll(state(m), a, []) == tech


# --- 4. retaking a captured colony in multiplayer games (§10.1) ----------------------------------------------
def test_the_former_owner_may_land_on_but_not_bombard_a_captured_colony() -> None:
    from galaxis.games.space_empires.base.state import Colony
    from galaxis.games.space_empires.systems import ground
    from galaxis.games.space_empires.systems.ground_state import Garrison

    m = start(2, seed=1, edition="ce", ground_combat=True)
    s = state(m)
    assert s.ground is not None
    s.colonies["7.3"] = Colony(0, 1, False, True)  # seat 0 captured it from seat 1
    s.markers.pop("7.3", None)
    s.ground.captured["7.3"] = 1
    s.ground.garrisons["7.3"] = Garrison(0, ["Infantry"])
    assert ground.no_bombard(s, "7.3", 1)
    add_unit(m, 1, "DD", "7.3")
    s.players[1].techs["ground_combat"] = 1
    assert GAME._start_bombardment(s, 1)
    step = s.pending[-1]
    assert step.kind == "bomb" and step.seat == 1 and step.data["left"] == []  # no bombardment
    touch(m)
    assert [x.notation for x in m.legal_actions(1)] == ["hold"]
    s.pending.pop()
    t = add_unit(m, 1, "T", "7.3")
    s.ground.aboard[t.uid] = ["Infantry"] * 2
    assert GAME._start_bombardment(s, 1)
    touch(m)
    assert sorted(x.notation for x in m.legal_actions(1)) == ["hold", "land"]
    # A colony that was never the player's is bombarded as usual.
    s.pending.pop()
    del s.ground.captured["7.3"]
    assert GAME._start_bombardment(s, 1)
    assert s.pending[-1].data["left"] != []


# --- 5. the heuristic bot invades (§10.1, agents.py / bot_ground.py) ----------------------------------------
@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"edition": "ce", "ground_combat": True}), (1, {"scenario": NF})],
)
def test_the_heuristic_bot_buys_transports_and_invades(players: int, options: dict[str, Any]) -> None:
    import galaxis

    from .helpers import bots_play_to_the_end

    landings, transports = 0, 0
    for seed in range(1, 13):  # about one solo game in four gets to land before the end: play until one does
        m = galaxis.new_match("space_empires", players=players, seed=seed, options=options)
        bots_play_to_the_end(m, "heuristic")
        landings += sum(1 for _, notation in m.history if notation == "land")
        transports += sum(1 for _, notation in m.history if notation.startswith("buy T "))
        assert m.is_over
        if seed >= 3 and transports >= 3 and landings >= 1:
            break
    assert transports >= 3 and landings >= 1


def test_bot_transport_goals() -> None:
    from galaxis.games.space_empires.bot import ground as bot_ground

    obs: dict[str, Any] = {
        "cycle": 4,
        "ground": {"aboard": {"a1": ["Infantry"] * 6, "a2": ["Infantry"] * 2}, "captured": {"7.3": 0}},
        "hexes": {
            "5.1": {"colony": {"owner": 0, "value": 30, "home": True}},
            "7.3": {"colony": {"owner": -3, "value": 3, "home": False}},
            "8.3": {"colony": {"owner": 1, "value": 5, "home": False}, "units": [{"owner": 1, "kind": "?"}]},
            "9.3": {"colony": {"owner": 1, "value": 5, "home": False}, "units": [{"owner": 1, "kind": "CO"}]},
            "5.10": {"colony": {"owner": 1, "value": 30, "home": True}},
        },
    }
    full = {"id": "a1", "kind": "T", "owner": 0, "units": [{"id": "a1"}, {"id": "a2"}]}
    # 8 ground units: the captured 3 CP colony and the 5 CP one with only a Colony Ship (5 + 2 < 8); not
    # the home world, nor the colony a face-down counter may defend.
    assert sorted(bot_ground.goals(obs, 0, full, ["5.1"]) or []) == ["7.3", "9.3"]
    assert bot_ground.goals(obs, 0, {"id": "a9", "kind": "T", "owner": 0}, ["5.1"]) == ["5.1"]  # empty: home
    assert bot_ground.goals(obs, 0, {"id": "c1", "kind": "CA", "owner": 0}, ["5.1"]) is None
    assert bot_ground.retake_goals(obs, 0, {"id": "c1", "kind": "CA"}) == ["7.3"]  # warships clear it first


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_vp_game_with_every_system_plays_to_the_end(agent: str) -> None:
    import galaxis

    from .helpers import bots_play_to_the_end

    options = {"scenario": "solo_ap_vp", "ground_combat": True, "boarding": True, "experience": True}
    m = galaxis.new_match("space_empires", players=1, seed=7, options=options)
    bots_play_to_the_end(m, agent)
    assert m.result is not None and m.result.details["outcome"] in ("won", "lost")
