"""Game-agnostic agents, named by spec strings (``random``, ``mcts:iters=2000`` ...)."""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable

from galaxis.agents.basic import GreedyAgent, HeuristicAgent, RandomAgent
from galaxis.agents.spec import parse_spec
from galaxis.core.agent import Agent
from galaxis.core.errors import BadAgentSpec
from galaxis.core.messages import Catalogue

MSG = Catalogue.for_package(__name__)  # galaxis/agents/data/messages.yaml

AgentFactory = Callable[..., Agent]

# name -> factory(seed=..., **params); MCTS-family agents register here too.
AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
}


def make_agent(spec: str, seed: int = 0) -> Agent:
    name, params = parse_spec(spec)
    if name == "human":
        raise BadAgentSpec(MSG("human_seat"))
    factory = AGENTS.get(name)
    if factory is None:
        _load_search_agents()
        factory = AGENTS.get(name)
    if factory is None:
        known = ", ".join(sorted([*AGENTS, "human"]))
        raise BadAgentSpec(MSG("unknown_agent", name=name, spec=spec, known=known))
    try:
        return factory(seed=seed, **params)
    except TypeError as exc:
        found = re.search(r"keyword argument '(\w+)'", str(exc))
        raise BadAgentSpec(MSG("bad_parameter", spec=spec, param=found[1] if found else str(exc))) from None


def _load_search_agents() -> None:
    """Search agents and levels live in their own modules; importing them registers them."""
    if importlib.util.find_spec("galaxis.agents.search") is not None:
        importlib.import_module("galaxis.agents.search")


def register_agent(name: str, factory: AgentFactory) -> None:
    AGENTS[name] = factory


__all__ = ["AGENTS", "Agent", "GreedyAgent", "HeuristicAgent", "RandomAgent", "make_agent", "register_agent"]
