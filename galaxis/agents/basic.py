"""The simple agents: uniform random, one-step greedy, and the game's own bot."""

from __future__ import annotations

from galaxis.core.actions import Action
from galaxis.core.agent import Agent
from galaxis.core.match import Match
from galaxis.core.rng import Rng


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, match: Match, seat: int) -> Action:
        return self.rng.choice(match.legal_actions(seat))


class GreedyAgent:
    """One-step lookahead on the game's evaluation hook (default: the score).

    It looks ahead only in a determinized copy, so it never sees hidden
    information; ties are broken at random.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = match.determinize(seat, self.rng.next64())
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            child = world.clone()
            child.apply(seat, action.notation)
            value = child.game.evaluate(child.state, seat)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return self.rng.choice(best)


class HeuristicAgent:
    """Dispatches to the game's own bot; falls back to greedy for a game without one."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._bots: dict[str, Agent] = {}

    def act(self, match: Match, seat: int) -> Action:
        bot = self._bots.get(match.game_id)
        if bot is None:
            bot = match.game.heuristic_agent(self.seed) or GreedyAgent(self.seed)
            self._bots[match.game_id] = bot
        return bot.act(match, seat)
