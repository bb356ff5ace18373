"""Every game's hook table (``Game.hooks``) names things that exist (functions and classes;
``agent_levels`` a mapping), and no game writes a method that its table also names."""

from __future__ import annotations

import pytest

from galaxis.core.game import HOOKS
from galaxis.core.registry import GAME_MODULES, get_game


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_every_hook_entry_resolves(game_id: str) -> None:
    game = get_game(game_id)
    assert game.hooks, f"{game_id} declares no hooks table"
    assert {"render_text", "render_svg", "heuristic_agent", "observation_encoder"} <= set(game.hooks)
    for name in game.hooks:
        assert name in HOOKS
        found = game.implementation(name)
        assert isinstance(found, dict) if name == "agent_levels" else callable(found), name
        assert name not in vars(type(game)), f"{game_id} both names {name} and defines it"


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_every_game_has_an_observation_bot_and_encoder(game_id: str) -> None:
    game = get_game(game_id)
    assert "observation" in game.hooks or "observation" in vars(type(game))
    assert game.heuristic_agent(1) is not None
    assert game.observation_encoder(game.info.min_players, {}) is not None
