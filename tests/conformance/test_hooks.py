"""Every game's hook table (``Game.hooks``) names things that exist (functions and classes;
``agent_levels`` a mapping), and no game writes a method that its table also names."""

from __future__ import annotations

import ast
from pathlib import Path

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


VIEW_MODULES = ("text", "svg", "views", "encode", "encode_layout", "encode_pieces", "agents")


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_view_modules_do_not_import_the_rules_class(game_id: str) -> None:
    """The rules name their views in the hooks table; the views import state types and rule
    helpers, never the rules module, not even for annotations (no rules <-> views cycle)."""
    package = Path(__file__).resolve().parents[2] / "galaxis" / "games" / game_id
    files = [package / f"{name}.py" for name in VIEW_MODULES]
    files += sorted((package / "views").glob("*.py")) + sorted((package / "bot").glob("*.py"))
    rules = f"galaxis.games.{game_id}.rules"
    checked = 0
    for path in files:
        if not path.exists():
            continue
        checked += 1
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = {node.module or ""} | {f"{node.module}.{a.name}" for a in node.names}
                assert rules not in names and (node.level == 0 or node.module != "rules"), (
                    f"{path.name} imports the rules module"
                )
    assert checked >= 3


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_deck_building_hooks_agree(game_id: str) -> None:
    """A game with a card pool (card browser, deck builder) declares where a match's decks go
    (``GameInfo.deck_setup``, one of its setup keys), draws every card of its pool as a piece,
    and its starter decks pass its own deck check; a game without one has none of these."""
    from galaxis.core import resolve_options

    game = get_game(game_id)
    pool = game.card_pool("en")
    if pool is None:
        assert not game.info.deck_setup and game.starter_decks("en") == []
        return
    assert game.info.deck_setup in game.info.setup_keys
    assert set(pool["options"]) <= set(game.info.options)
    ids = [c["id"] for c in pool["cards"]]
    assert len(ids) == len(set(ids)) and ids
    for card_id in ids:
        assert game.piece_svg(card_id, "en") is not None, card_id
    options = resolve_options(game.info, {})
    for deck in game.starter_decks("hu"):
        checked = game.check_deck(deck["text"], options, "hu")
        assert checked["ok"] and checked["count"] == pool["deck_size"], (deck["id"], checked["reasons"])
