"""The game registry: ids to game definitions, loaded on first use.

Listing the games must not import their rules (``galaxis list`` and the lobby's
``/api/games`` start at once), so every game package carries its declarative
facts in ``info.json`` beside its ``__init__.py``: the ``GameInfo`` fields and the
names and help lines of the extra commands its ``cli.py`` adds to ``galaxis``.
The registry reads that file without importing the package; once a game is
loaded its own ``GAME.info`` is used. ``tests/core/test_core_registry.py`` checks
that every file equals what the game defines (``python scripts/game_info.py``
rewrites them).
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import json
from functools import cache
from pathlib import Path
from typing import Any

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

INFO_FILE = "info.json"

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


# --- declarative metadata -----------------------------------------------------------------


def metadata_path(game_id: str) -> Path:
    """``info.json`` in the game's package folder, found without importing the package."""
    if game_id not in GAME_MODULES:
        raise UnknownGame(CORE("game_without_info", game=repr(game_id), file=INFO_FILE))
    spec = importlib.util.find_spec(GAME_MODULES[game_id])
    if spec is None or not spec.submodule_search_locations:
        raise UnknownGame(CORE("game_not_installed", game=repr(game_id), module=GAME_MODULES[game_id]))
    return Path(next(iter(spec.submodule_search_locations))) / INFO_FILE


@cache
def metadata(game_id: str) -> dict[str, Any]:
    """The game's ``info.json``: ``{"info": GameInfo fields, "commands": {name: help}}``."""
    path = metadata_path(game_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise UnknownGame(
            CORE("game_info_unreadable", game=repr(game_id), path=str(path), reason=str(exc))
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("info"), dict):
        raise UnknownGame(CORE("game_info_empty", game=repr(game_id), path=str(path)))
    return data


def metadata_record(info: GameInfo, commands: dict[str, str] | None = None) -> dict[str, Any]:
    """What ``info.json`` holds for a game: its ``GameInfo`` and its extra commands."""
    record = {"info": dataclasses.asdict(info), "commands": dict(sorted((commands or {}).items()))}
    normal: dict[str, Any] = json.loads(json.dumps(record))  # tuples become lists, as in the file
    return normal


def game_info(game_id: str) -> GameInfo:
    """A game's ``GameInfo``, from its ``info.json`` unless the game is already loaded."""
    game = _loaded.get(game_id)
    if game is not None:
        return game.info
    return GameInfo(**metadata(_known(game_id))["info"])


def game_commands() -> dict[str, tuple[str, str]]:
    """The commands games add to ``galaxis``: name -> (module defining ``register(app)``, help)."""
    commands: dict[str, tuple[str, str]] = {}
    for game_id, module in sorted(GAME_MODULES.items()):
        for name, help_text in metadata(game_id).get("commands", {}).items():
            commands[name] = (f"{module}.cli", str(help_text))
    return commands


def games() -> list[GameInfo]:
    return [game_info(g) for g in game_ids()]
