"""galaxis: five space-themed tabletop games, rule-exact, for play and research.

The public API (see docs/architecture.md):

    galaxis.games(); galaxis.new_match(...); galaxis.match_from_json(...);
    galaxis.replay(...); galaxis.agent(spec, seed=0)
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from galaxis.core import (
    Action,
    BadAgentSpec,
    BadMatchFile,
    BadOption,
    GalaxisError,
    GameInfo,
    IllegalAction,
    Match,
    Result,
    UnknownGame,
    match_from_json,
    new_match,
    replay,
)
from galaxis.games import _CallablePackage

if TYPE_CHECKING:
    from galaxis.core.agent import Agent

# ``galaxis.games()`` lists the games; ``galaxis.games`` is also the package of game
# definitions, made callable so that importing a game never shadows the function.
games: _CallablePackage = sys.modules["galaxis.games"]  # type: ignore[assignment]

# The one place the version is written: pyproject.toml reads it (setuptools dynamic version),
# CHANGELOG.md names it, `galaxis --version` and the web service report it.
__version__ = "0.1.0"


def agent(spec: str, seed: int = 0) -> Agent:
    """An agent from a spec string: ``random``, ``greedy``, ``heuristic``,
    ``mcts:iters=2000``, ``ismcts:iters=2000``, ``mcts:ms=500`` ..."""
    from galaxis.agents import make_agent

    return make_agent(spec, seed)


__all__ = [
    "Action",
    "BadAgentSpec",
    "BadMatchFile",
    "BadOption",
    "GalaxisError",
    "GameInfo",
    "IllegalAction",
    "Match",
    "Result",
    "UnknownGame",
    "agent",
    "games",
    "match_from_json",
    "new_match",
    "replay",
]
