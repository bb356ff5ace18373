"""Registers the search agents ``mcts`` and ``ismcts`` (imported lazily by ``make_agent``).

Spec parameters (all optional): ``iters`` (default 1000) or ``ms`` (a time
budget per decision), ``c`` (UCB exploration, default 1.0), ``rollout``
(``mast`` (default), ``random`` or ``heuristic``), ``cutoff`` (rollout length after which the
game's ``evaluate`` hook scores the position; 0 = play to the end), ``group``
(decisions with more legal actions than this are grouped by ``Action.kind``
and progressively widened; 0 = never), ``widen`` and ``reuse`` (true/false).
See docs/agents.md.
"""

from __future__ import annotations

from galaxis.agents import register_agent
from galaxis.agents.guided import GuidedAgent
from galaxis.agents.levels import LevelAgent, NoisyAgent, level_factory
from galaxis.agents.mcts import ISMCTSAgent, MCTSAgent, SearchAgent, reward
from galaxis.core.game import LEVELS

register_agent("mcts", MCTSAgent)
register_agent("ismcts", ISMCTSAgent)
register_agent("guided", GuidedAgent)
register_agent("noisy", NoisyAgent)
for _level in LEVELS:
    register_agent(_level, level_factory(_level))

__all__ = ["GuidedAgent", "ISMCTSAgent", "LevelAgent", "MCTSAgent", "NoisyAgent", "SearchAgent", "reward"]
