"""The game registry: ids to game definitions, loaded on first use."""

from __future__ import annotations

import importlib

from galaxis.core.errors import UnknownGame
from galaxis.core.game import Game, GameInfo

# id -> module that defines ``GAME``; a new game adds one line here.
GAME_MODULES: dict[str, str] = {
    "smugglers": "galaxis.games.smugglers",
    "pulsar": "galaxis.games.pulsar",
    "stellium": "galaxis.games.stellium",
    "kaosz": "galaxis.games.kaosz",
    "space_empires": "galaxis.games.space_empires",
}

_loaded: dict[str, Game] = {}


def register(game: Game) -> None:
    """Registers a game object (for games defined outside this package, e.g. in tests)."""
    _loaded[game.info.id] = game


def unregister(game_id: str) -> None:
    _loaded.pop(game_id, None)


def get_game(game_id: str) -> Game:
    game = _loaded.get(game_id)
    if game is not None:
        return game
    if not isinstance(game_id, str) or game_id not in GAME_MODULES:
        known = ", ".join(game_ids())
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
    module = importlib.import_module(GAME_MODULES[game_id])
    game = module.GAME
    if not isinstance(game, Game):
        raise UnknownGame(f"module {GAME_MODULES[game_id]} defines no GAME")
    _loaded[game_id] = game
    return game


def game_ids() -> list[str]:
    return sorted(set(GAME_MODULES) | set(_loaded))


def games() -> list[GameInfo]:
    return [get_game(g).info for g in game_ids()]
