"""The systems ask the automated opponents above them through questions (base/system.py), never by
importing them (the layers contract of .importlinter has no exception): the registry installs its
table, every question is answered by a registered system, and the answers are the opponents' rules."""

from __future__ import annotations

from dataclasses import fields

import pytest

from galaxis.games.space_empires import registry
from galaxis.games.space_empires.base import system
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

from .helpers import start, state

QUESTIONS = (
    "ships_gain_experience",
    "uses_alien_technology",
    "places_npas",
    "colony_lost",
    "colony_captured",
    "colonised",
)


def test_the_registry_installs_its_table() -> None:
    assert system.installed() is registry.SYSTEMS


def test_every_question_is_a_system_field_and_answered() -> None:
    names = {f.name for f in fields(System)}
    for question in QUESTIONS:
        assert question in names
        assert callable(getattr(system, question))
        answered_by = [s.name for s in registry.SYSTEMS if getattr(s, question) is not None]
        assert answered_by, f"no registered system answers {question}"


def test_without_the_registry_a_question_fails_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system, "_INSTALLED", [])
    with pytest.raises(RuntimeError, match="registry is not loaded"):
        system.uses_alien_technology("standard_2p")


def test_alien_technology_is_used_by_the_victory_point_scenarios_only() -> None:
    vp_scenarios = [sid for sid in alien_vp.tables().scenarios]
    assert vp_scenarios
    assert all(system.uses_alien_technology(sid) for sid in vp_scenarios)
    assert not system.uses_alien_technology("standard_2p")


def test_experience_of_alien_ships_is_the_opponents_answer() -> None:
    plain = state(start(1, seed=3, scenario="solo_ap"))
    assert plain.solo is not None and plain.solo.aliens
    owner = plain.solo.aliens[0].owner
    assert not system.ships_gain_experience(plain, owner)  # the base Alien Player (§13.5)
    new = state(start(1, seed=3, scenario="solo_ap_new_features"))
    assert new.solo is not None
    assert system.ships_gain_experience(new, new.solo.aliens[0].owner)  # §13.13
    assert not system.ships_gain_experience(new, -1)  # non-player aliens have no sheet
