"""Each game's ``info.py`` is the one declaration of its ``GameInfo`` (#30): the rules
use that very object, and the choices that name things in data files or code
(Káosz starter decks, Space Empires scenarios, editions and modes) match them."""

from __future__ import annotations

import importlib

import pytest

from galaxis.core.registry import GAME_MODULES, get_game, info_module


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_the_rules_use_the_declared_info(game_id: str) -> None:
    assert get_game(game_id).info is info_module(game_id).INFO
    assert info_module(game_id).INFO.id == game_id


def _choices(game_id: str, option: str) -> list:
    return list(info_module(game_id).INFO.options[option]["choices"])


def test_kaosz_deck_options_name_the_starter_decks() -> None:
    from galaxis.games.kaosz.decks import starters

    names = list(starters())
    options = info_module("kaosz").INFO.options
    for seat in (0, 1):
        assert options[f"deck{seat}"]["choices"] == names
        assert options[f"deck{seat}"]["default"] == names[seat % len(names)]


def test_space_empires_choices_match_the_data_and_the_code() -> None:
    se = "galaxis.games.space_empires"
    data = importlib.import_module(f"{se}.base.data")
    scenarios = importlib.import_module(f"{se}.scenarios.setups")
    assert _choices("space_empires", "edition") == list(data.EDITIONS)
    assert _choices("space_empires", "scenario") == list(scenarios.scenario_ids())
    assert _choices("space_empires", "empire_advantages") == list(
        importlib.import_module(f"{se}.systems.empire_advantages").MODES
    )
    assert _choices("space_empires", "victory_points") == list(
        importlib.import_module(f"{se}.systems.victory").MODES
    )
    assert _choices("space_empires", "gate_barren") == list(
        importlib.import_module(f"{se}.systems.gates").BARREN_CHOICES
    )
    alliances = importlib.import_module(f"{se}.systems.alliances")
    assert _choices("space_empires", "alliance") == list(alliances.KINDS)
    assert info_module("space_empires").INFO.options["alliance"]["default"] == alliances.NONE
