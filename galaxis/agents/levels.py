"""Named playing levels: ``easy``, ``normal``, ``hard`` and ``expert``.

A level is an agent spec like any other (``galaxis.agent("hard")``) that
resolves, per game, to whatever plays at that level there: each game
declares its levels with the ``Game.agent_levels()`` hook (a mapping of level
name to agent spec, inside the game's own package), and a game that declares
nothing gets ``DEFAULT_LEVELS``. The same ``LevelAgent`` can therefore sit at
tables of different games.

``noisy`` (spec ``noisy:eps=0.3``) is the usual ``easy``: the game's bot, but
each decision, with probability ``eps``, a uniformly random legal action
instead — a player who knows what to do and sometimes does not.
"""

from __future__ import annotations

from typing import Any

from galaxis.agents.basic import HeuristicAgent
from galaxis.core.actions import Action
from galaxis.core.agent import Agent
from galaxis.core.errors import BadAgentSpec
from galaxis.core.game import DEFAULT_LEVELS, LEVELS
from galaxis.core.match import Match
from galaxis.core.messages import Catalogue
from galaxis.core.rng import Rng

MSG = Catalogue.for_package(__name__)  # galaxis/agents/data/messages.yaml


class NoisyAgent:
    """The game's bot, replaced by a uniformly random legal action with probability ``eps``."""

    name = "noisy"

    def __init__(self, seed: int = 0, eps: float = 0.3) -> None:
        if isinstance(eps, bool) or not isinstance(eps, int | float) or not 0.0 <= eps <= 1.0:
            raise BadAgentSpec(MSG("probability", eps=repr(eps)))
        self.eps = float(eps)
        self.rng = Rng(seed ^ 0x0E45)
        self.bot = HeuristicAgent(seed)

    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if len(legal) > 1 and self.rng.random() < self.eps:
            return legal[self.rng.below(len(legal))]
        return self.bot.act(match, seat)


class LevelAgent:
    """A named level; the game of each match decides which agent plays it."""

    def __init__(self, level: str, seed: int = 0) -> None:
        if level not in LEVELS:
            raise BadAgentSpec(MSG("unknown_level", level=level, levels=", ".join(LEVELS)))
        self.level = level
        self.seed = seed
        self._agents: dict[str, Agent] = {}
        self._last: Agent | None = None

    def spec_for(self, match: Match) -> str:
        """The agent spec this level stands for in ``match``'s game."""
        return level_spec(match.game.agent_levels(), self.level)

    def act(self, match: Match, seat: int) -> Action:
        agent = self._agents.get(match.game_id)
        if agent is None:
            from galaxis.agents import make_agent

            agent = self._agents[match.game_id] = make_agent(self.spec_for(match), self.seed)
        self._last = agent
        return agent.act(match, seat)

    @property
    def last_iterations(self) -> int:
        """Search iterations of the last decision (0 for an agent that does not search)."""
        return int(getattr(self._last, "last_iterations", 0))

    @property
    def last_cpu_ms(self) -> float:
        return float(getattr(self._last, "last_cpu_ms", 0.0))

    @property
    def last_overrode(self) -> bool:
        """Whether the last decision differs from the game's bot's own (``guided`` only)."""
        return bool(getattr(self._last, "last_overrode", False))


def level_spec(levels: dict[str, str], level: str) -> str:
    spec = levels.get(level) or DEFAULT_LEVELS[level]
    if spec.partition(":")[0] in LEVELS:
        raise BadAgentSpec(MSG("level_names_level", level=level, spec=spec))
    return spec


def level_factory(level: str) -> Any:
    def make(seed: int = 0, **params: Any) -> LevelAgent:
        if params:
            raise BadAgentSpec(MSG("level_no_params", level=level, params=", ".join(params)))
        return LevelAgent(level, seed)

    return make
