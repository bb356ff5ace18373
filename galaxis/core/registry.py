"""The game registry: ids to game definitions, loaded on first use.

Listing the games must not import their rules (``galaxis list`` and the lobby's
``/api/games`` start at once), so every game package declares its facts in
``info.py``: ``INFO`` (its ``GameInfo``) and ``COMMANDS`` (the names and help lines
of the commands its ``cli.py`` adds to ``galaxis``). ``info.py`` imports only
``galaxis.core`` and the package's ``__init__`` loads the rules lazily, so the
registry reads the facts without the rules; ``rules.py`` uses the same ``INFO``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from galaxis.core.errors import UnknownGame
from galaxis.core.game import Game, GameInfo
from galaxis.core.messages import CORE

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


def _known(game_id: object) -> str:
    if not isinstance(game_id, str) or (game_id not in GAME_MODULES and game_id not in _loaded):
        raise UnknownGame(CORE("unknown_game", game=repr(game_id), known=", ".join(game_ids())))
    return game_id


def get_game(game_id: str) -> Game:
    game = _loaded.get(game_id)
    if game is not None:
        return game
    _known(game_id)
    module = importlib.import_module(GAME_MODULES[game_id])
    game = module.GAME
    if not isinstance(game, Game):
        raise UnknownGame(CORE("game_module_broken", module=GAME_MODULES[game_id]))
    _loaded[game_id] = game
    return game


def game_ids() -> list[str]:
    return sorted(set(GAME_MODULES) | set(_loaded))


def is_loaded(game_id: str) -> bool:
    """Whether the game's rules are imported (tests use it to prove that listing does not)."""
    return game_id in _loaded


# --- declarative facts ------------------------------------------------------------------


def info_module(game_id: str) -> ModuleType:
    """The game's ``info.py`` (its ``INFO`` and ``COMMANDS``), imported without its rules."""
    if game_id not in GAME_MODULES:
        raise UnknownGame(CORE("game_without_info", game=repr(game_id), file="info.py"))
    return importlib.import_module(f"{GAME_MODULES[game_id]}.info")


def game_info(game_id: str) -> GameInfo:
    """A game's ``GameInfo``: the loaded game's own, else its ``info.py``'s."""
    game = _loaded.get(game_id)
    if game is not None:
        return game.info
    info = info_module(_known(game_id)).INFO
    if not isinstance(info, GameInfo):
        raise UnknownGame(CORE("game_module_broken", module=f"{GAME_MODULES[game_id]}.info"))
    return info


def game_commands() -> dict[str, tuple[str, str]]:
    """The commands games add to ``galaxis``: name -> (module defining ``register(app)``, help)."""
    commands: dict[str, tuple[str, str]] = {}
    for game_id, module in sorted(GAME_MODULES.items()):
        for name, help_text in getattr(info_module(game_id), "COMMANDS", {}).items():
            commands[name] = (f"{module}.cli", str(help_text))
    return commands


def games() -> list[GameInfo]:
    return [game_info(g) for g in game_ids()]
