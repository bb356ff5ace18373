"""Ship experience and the Military Academy (docs §10.2, option ``experience``): levels, promotion rolls with
forced dice, the combat effects, half maintenance and the Legendary extra hit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import galaxis
from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base.state import Battle, Unit
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import experience

from .helpers import add_unit, bots_play_to_the_end, hw, planted_combat_dice, start, state, touch

GREEN, SKILLED, VETERAN, ELITE, LEGENDARY = range(5)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Planted d10 results for every die of the match generator (shots, promotion and boarding rolls)."""
    yield from planted_combat_dice(monkeypatch)


def _battle(m: Match, hid: str = "5.5") -> SEState:
    s = state(m)
    s.battle = Battle(hid, 0, 1, 1, [], -1, "open")
    touch(m)
    return s


def _ship(m: Match, seat: int, kind: str, xp: int, hid: str = "5.5") -> Unit:
    u = add_unit(m, seat, kind, hid, revealed=True)
    u.xp = xp
    return u


def test_the_five_levels_come_from_the_data_file() -> None:
    assert experience.table().levels == ("green", "skilled", "veteran", "elite", "legendary")
    assert experience.top() == LEGENDARY


def test_new_ships_start_green_and_become_skilled_at_the_next_economic_phase() -> None:
    m = start(2, seed=1, experience=True)
    s = state(m)
    dd = add_unit(m, 0, "DD", hw(m, 0))
    assert dd.xp == GREEN
    events: list[Any] = []
    experience.economic_phase(s, events)
    assert dd.xp == SKILLED
    assert [e["type"] for e in events] == ["training"] and "Skilled" in events[0]["text"]
    # Bases and shipyards have no experience.
    base = add_unit(m, 0, "Base", hw(m, 0))
    experience.economic_phase(s, [])
    assert base.xp == GREEN and not experience.gains(s, base)


def test_without_the_option_nothing_changes() -> None:
    m = start(2, seed=1)
    s = state(m)
    dd = add_unit(m, 0, "DD", hw(m, 0))
    experience.economic_phase(s, [])
    assert dd.xp == GREEN and not experience.gains(s, dd)
    assert "tech military_academy" not in [a.notation for a in m.legal_actions(0)]


def test_military_academy_1_new_ships_start_skilled_and_is_bought_only_with_the_option() -> None:
    m = start(2, seed=1, experience=True)
    s = state(m)
    s.players[0].techs["military_academy"] = 1
    assert add_unit(m, 0, "CA", hw(m, 0)).xp == SKILLED
    assert add_unit(m, 1, "CA", hw(m, 1)).xp == GREEN


def test_a_new_ship_joining_a_group_brings_it_down_to_its_level() -> None:
    m = start(2, seed=1, experience=True)
    s = state(m)
    old = add_unit(m, 0, "DD", hw(m, 0))
    old.xp = VETERAN
    new = GAME._new_unit(s, 0, "DD", hw(m, 0), old.uid)
    assert old.xp == new.xp == GREEN


@pytest.mark.parametrize(
    ("shooter", "target", "modifier"),
    [
        (SKILLED, SKILLED, 0),
        (VETERAN, SKILLED, 1),  # +1 against a less experienced group
        (LEGENDARY, GREEN, 1),
        (SKILLED, VETERAN, 0),  # one level higher: no penalty
        (SKILLED, ELITE, -1),  # two levels higher: -1
        (GREEN, LEGENDARY, -1),
    ],
)
def test_attack_modifiers(shooter: int, target: int, modifier: int) -> None:
    m = start(2, seed=1, experience=True)
    s = _battle(m)
    a, b = _ship(m, 0, "CA", shooter), _ship(m, 1, "CA", target)
    assert experience.attack_modifier(s, a, b) == modifier


def test_the_modifier_is_applied_to_the_shot(dice: list[int]) -> None:
    m = start(2, seed=1, experience=True)
    s = _battle(m)
    a, b = _ship(m, 0, "CA", VETERAN), _ship(m, 1, "CA", SKILLED)
    # CA 4 - defence 1 = 3, +1 for the more experienced shooter: a 4 hits (hull 2: no kill yet).
    dice.append(4)
    events: list[Any] = []
    GAME._shoot(s, a.uid, b.uid, events)
    assert events[0]["need"] == 4 and events[0]["hit"]
    b2 = _ship(m, 1, "CA", ELITE)
    dice.append(2)
    events = []
    GAME._shoot(s, a.uid, b2.uid, events)  # veteran at elite: no modifier
    assert events[0]["need"] == 3


def test_no_modifier_against_units_without_experience() -> None:
    m = start(2, seed=1, experience=True)
    s = _battle(m)
    a = _ship(m, 0, "CA", LEGENDARY)
    base = add_unit(m, 1, "Base", "5.5", revealed=True)
    assert experience.attack_modifier(s, a, base) == 0
    assert experience.attack_modifier(s, base, a) == 0


def test_a_group_three_levels_higher_cannot_be_targeted_while_others_remain() -> None:
    m = start(2, seed=1, experience=True)
    s = _battle(m)
    a = _ship(m, 0, "DD", GREEN)
    elite = _ship(m, 1, "CA", ELITE)
    veteran = _ship(m, 1, "CA", VETERAN)
    assert [u.uid for u in GAME._targets(s, a.uid)] == [veteran.uid]
    del s.units[veteran.uid]
    assert [u.uid for u in GAME._targets(s, a.uid)] == [elite.uid]  # the only one left
    b = _ship(m, 0, "DD", SKILLED)
    _ship(m, 1, "CA", VETERAN)
    assert len(GAME._targets(s, b.uid)) == 2  # two levels above: allowed


@pytest.mark.parametrize(
    ("shooter", "victim", "academy", "need"),
    [
        ("CA", "CA", 0, 4),  # 2 x hull 2
        ("CA", "DD", 0, 2),  # 2 x hull 1
        ("DD", "CA", 0, 5),  # a larger victim: the roll is lowered by 1
        ("CA", "CA", 1, 4),  # Military Academy 1 does not ease promotion
        ("CA", "CA", 2, 5),  # Military Academy 2 does
        ("DD", "BB", 2, 8),
    ],
)
def test_promotion_need(shooter: str, victim: str, academy: int, need: int) -> None:
    m = start(2, seed=1, experience=True)
    s = state(m)
    s.players[0].techs["military_academy"] = academy
    a = add_unit(m, 0, shooter, hw(m, 0))
    hull = {"CA": 2, "DD": 1, "BB": 3}[victim]
    assert experience.promotion_need(s, a, hull) == need


def test_promotion_after_a_kill_at_most_one_level_per_battle(dice: list[int]) -> None:
    m = start(2, seed=1, experience=True)
    s = _battle(m)
    a = _ship(m, 0, "CA", SKILLED)
    twin = GAME._new_unit(s, 0, "CA", "5.5", a.uid)
    a.xp = twin.xp = SKILLED
    v1, v2 = _ship(m, 1, "DD", SKILLED), _ship(m, 1, "DD", SKILLED)
    events: list[Any] = []
    dice.extend([1, 2])  # the shot hits and kills; promotion needs 2 x hull 1 = 2: promoted
    GAME._shoot(s, a.uid, v1.uid, events)
    assert a.xp == twin.xp == VETERAN  # the whole group
    promo = [e for e in events if e["type"] == "promotion"]
    assert promo[0]["level"] == "veteran" and "promoted to veteran" in promo[0]["text"]
    events = []
    dice.append(1)  # a second kill in the same battle: no promotion roll
    GAME._shoot(s, twin.uid, v2.uid, events)
    assert a.xp == VETERAN and not [e for e in events if e["type"] == "promotion"]


def test_a_failed_promotion_roll(dice: list[int]) -> None:
    m = start(2, seed=1, experience=True)
    s = _battle(m)
    a, v = _ship(m, 0, "CA", SKILLED), _ship(m, 1, "DD", SKILLED)
    events: list[Any] = []
    dice.extend([1, 3])  # needs 2 or less
    GAME._shoot(s, a.uid, v.uid, events)
    assert a.xp == SKILLED and "not promoted" in events[-1]["text"]


def test_legendary_is_the_top_and_takes_one_hit_more(dice: list[int]) -> None:
    m = start(2, seed=1, experience=True)
    s = _battle(m)
    legend, other = _ship(m, 1, "DD", LEGENDARY), _ship(m, 1, "DD", ELITE)
    c = GAME._as_combatant(s, legend)
    assert c.extra_hits == 1 and GAME._as_combatant(s, other).extra_hits == 0
    shooter = _ship(m, 0, "CA", LEGENDARY)
    dice.extend([1, 1])
    events: list[Any] = []
    GAME._shoot(s, shooter.uid, legend.uid, events)
    assert legend.uid in s.units and legend.damage == 1  # a hull-1 destroyer survives its first hit
    GAME._shoot(s, shooter.uid, legend.uid, events)
    assert legend.uid not in s.units
    assert not [e for e in events if e["type"] == "promotion"]  # already Legendary: no roll


def test_elite_and_legendary_pay_half_maintenance() -> None:
    m = start(2, seed=1, experience=True)
    s = state(m)
    ships = [add_unit(m, 0, "CA", hw(m, 0)) for _ in range(3)]  # 3 x hull 2
    for u, xp in zip(ships, (SKILLED, ELITE, LEGENDARY), strict=True):
        u.xp = xp
    lone = add_unit(m, 1, "DD", hw(m, 1))
    lone.xp = ELITE
    assert experience.maintenance_discount(s, ships) == 2  # (2 + 2) / 2
    assert experience.maintenance_discount(s, [lone]) == 0  # half of 1 rounded up: pays 1
    ships[0].xp = VETERAN
    assert experience.maintenance_discount(s, ships[:1]) == 0


def test_half_maintenance_in_the_economic_phase() -> None:
    def income(option: bool) -> int:
        m = start(2, seed=1, experience=option)
        s = state(m)
        for _ in range(4):
            add_unit(m, 0, "BB", hw(m, 0)).xp = ELITE
        before = s.players[0].cp
        GAME._start_econ(s, [])
        return s.players[0].cp - before

    assert income(True) - income(False) == 6  # four battleships: 12 maintenance, half paid


def test_experience_is_secret_like_the_counters_technology() -> None:
    m = start(2, seed=1, experience=True)
    s = state(m)
    hidden = add_unit(m, 0, "CA", hw(m, 0))
    hidden.xp = ELITE
    shown = add_unit(m, 0, "DD", hw(m, 0), revealed=True)
    shown.xp = VETERAN

    def seen(viewer: int, uid: str) -> Any:
        for cell in m.observation(viewer)["hexes"].values():
            for c in cell.get("units", []):
                if c["id"] == uid:
                    return c.get("xp")
        raise AssertionError(uid)

    assert seen(0, hidden.uid) == ELITE and seen(1, hidden.uid) is None
    assert seen(1, shown.uid) == VETERAN
    assert GAME.secret(s, 1)["units"][hidden.uid][-1] == ELITE  # what determinize re-samples


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_bots_play_two_player_games_with_both_options_to_the_end(agent: str) -> None:
    options = {"experience": True, "boarding": True, "cycles": 6}
    m = galaxis.new_match("space_empires", players=2, seed=7, options=options)
    s = m.state
    assert isinstance(s, SEState) and s.experience and s.boarding
    seen = bots_play_to_the_end(m, agent, seed=7, viewer=1)
    assert "training" in seen  # the economic phases trained the Green fleets


def test_the_text_view_names_the_level_in_both_languages() -> None:
    m = start(2, seed=1, experience=True)
    u = add_unit(m, 0, "CA", hw(m, 0), revealed=True)
    u.xp = VETERAN
    assert f"{u.uid}=" in m.render_text(0) and "(Veteran)" in m.render_text(1)
    assert "(Veterán)" in m.render_text(1, "hu")
    u.captured = True
    assert "(Veteran, captured)" in m.render_text(None)


def test_merged_groups_take_the_lower_level() -> None:
    m = start(2, seed=1, experience=True)
    s = state(m)
    a, b = add_unit(m, 0, "DD", hw(m, 0)), add_unit(m, 0, "DD", hw(m, 0))
    a.xp, b.xp = ELITE, SKILLED
    GAME._merge(s, a.uid, b.uid, [])
    assert a.xp == b.xp == SKILLED
