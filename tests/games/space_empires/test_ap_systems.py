"""The Alien Players use the remaining Close Encounters systems (docs §13.13.3, §13.12, §10.1, issue 9):
ship experience of the aliens, their Boarding Ships, the VP aliens' defence of captured colonies and their
technology table, the retaking of a captured colony in multiplayer games, and the heuristic bot's
invasions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME, experience, solo, views
from galaxis.games.space_empires.solo_state import Alien
from galaxis.games.space_empires.state import Battle, SEState

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
        ({"scenario": "solo_ap_vp"}, False),
        ({"scenario": "solo_ap", "experience": True}, False),  # the base Alien Player has none
    ],
)
def test_which_aliens_have_experience(options: dict[str, Any], gains: bool) -> None:
    m = start(1, seed=2, **options)
    s = state(m)
    a = _alien(m)
    ship = solo._alien_unit(s, a, "CA", a.home, revealed=True)
    assert experience.gains(s, ship) is gains
    base = next(u for u in s.units.values() if u.owner == a.owner and u.kind == "Base")
    assert not experience.gains(s, base)  # bases have no level, as a player's


def test_alien_ships_train_promote_and_use_their_level(dice: list[int]) -> None:
    m = start(1, seed=2, scenario=NF)
    s = _battle(m)
    a = _alien(m)
    cruiser = solo._alien_unit(s, a, "CA", "7.3", revealed=True)
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
    assert solo._alien_unit(s, a, "DD", a.home, revealed=True).xp == SKILLED
