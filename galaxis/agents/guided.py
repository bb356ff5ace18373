"""Heuristic-guided search (agent spec ``guided``): the search behind the ``hard``
and ``expert`` levels.

A decision is a race between a few candidate actions, each judged by playing
the position on with the game's own bot (its heuristic) for every seat:

* **Worlds.** Every iteration samples one *world*: a ``match.determinize(seat, s)``
  copy (so hidden cards are re-sampled from what the seat has seen, a fresh
  sample each time: information-set sampling, never the true hidden state),
  a fresh chance generator and fresh seeds for the rollout bots. Every
  surviving candidate is played out in the *same* world (common random
  numbers): two candidates are compared on the same deal, dice and opponent
  replies, so the difference between them is measured with far less noise
  than their separate values.
* **Rollouts.** After the candidate, every seat is played by the game's
  bot (``policy=heuristic``: ``Game.rollout_agent``, by default the ``normal``
  level's bot, so against ``normal`` this is a best response to the real
  opponent; a game whose bot thinks long offers a quicker one), with ``eps`` of its moves uniformly
  random; after ``depth`` actions (0: never) the position is scored by the
  game's ``evaluate`` hook, a finished game by its result (mostly the win, then
  rank and score, as in ``galaxis.agents.mcts.reward``). This is a
  rollout-based improvement of the heuristic policy, one decision deep.
* **Candidates.** The heuristic's own choice always, and up to ``width``
  actions in all; a decision with more legal actions keeps the best by a
  one-step ``evaluate`` look-ahead (the heuristic's prior), the rest at random.
* **Racing.** A candidate whose paired difference from the leader is below
  zero by ``keep`` standard errors (after ``worlds`` worlds) is dropped; the search stops when one
  candidate is left, when the budget is spent, or when every candidate has
  scored exactly the same in every world so far (nothing to improve: a
  decided game, a choice without consequences).
* **Heuristic fallback.** The leader is played only if it has played ``worlds``
  worlds and its paired advantage over the heuristic's choice is at least ``z``
  standard errors; otherwise the
  heuristic's choice is. So the search overrides the bot only where it has
  evidence, and never plays worse than it by chasing noise.

``ms`` is a budget of CPU time (``time.process_time`` of the searching
process), not wall time, so a busy machine does not silently shorten the
search; ``iters`` caps the number of rollouts instead (reproducible screens).
A forced decision (one legal action) takes no search, and with ``kinds``
(action kinds joined by ``+``) only decisions offering an action of one of
those kinds are searched: the bot makes the others. After each decision
``last_iterations`` holds the rollouts played, ``last_cpu_ms`` the CPU
time spent and ``last_overrode`` whether the search overrode the bot.
"""

from __future__ import annotations

import math
import time
from typing import Any

from galaxis.agents.mcts import final_values
from galaxis.core.actions import Action
from galaxis.core.agent import Agent
from galaxis.core.errors import BadAgentSpec
from galaxis.core.game import Game
from galaxis.core.match import Match
from galaxis.core.messages import CORE, Catalogue
from galaxis.core.rng import Rng

MSG = Catalogue.for_package(__name__)  # galaxis/agents/data/messages.yaml

POLICIES = ("heuristic", "random")
# worlds in which all candidates score alike before the decision counts as unimprovable
SAME_WORLDS = 3
# a rollout that has not ended after this many actions is scored by ``evaluate``
MAX_ROLLOUT = 5000
# share of the ``ms`` budget kept back for finishing the step in progress and choosing,
# so a decision stays within its budget
MARGIN = 0.02


def _check_number(name: str, value: Any, lo: float, whole: bool = False) -> Any:
    ok = not isinstance(value, bool) and isinstance(value, int if whole else int | float)
    if not ok or not value >= lo or math.isinf(value):
        raise BadAgentSpec(MSG("whole_number" if whole else "number", name=name, lo=lo, value=repr(value)))
    return value


class _Race:
    """Paired values of the candidates, world by world."""

    __slots__ = ("alive", "keep", "values", "worlds")

    def __init__(self, count: int, worlds: int = 4, keep: float = 2.0) -> None:
        self.values: list[list[float]] = [[] for _ in range(count)]
        self.alive = list(range(count))
        self.worlds = worlds  # worlds every candidate plays before any is dropped
        self.keep = keep  # a candidate is dropped when this many standard errors behind

    def mean(self, i: int) -> float:
        v = self.values[i]
        return sum(v) / len(v) if v else 0.0

    def paired(self, i: int, j: int) -> tuple[float, float]:
        """Mean and standard error of ``values[i] - values[j]`` over their shared worlds."""
        a, b = self.values[i], self.values[j]
        n = min(len(a), len(b))
        if n == 0:
            return 0.0, math.inf
        d = [a[k] - b[k] for k in range(n)]
        m = sum(d) / n
        if n < 2:
            return m, math.inf
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        return m, math.sqrt(var / n)

    def leader(self) -> int:
        return max(self.alive, key=lambda i: (self.mean(i), -i))

    def prune(self) -> None:
        best = self.leader()
        keep = []
        for i in self.alive:
            m, se = self.paired(i, best)
            if i == best or len(self.values[i]) < self.worlds or m + self.keep * se >= 0.0 or se == 0.0:
                keep.append(i)
        self.alive = keep

    def all_alike(self, worlds: int) -> bool:
        """Every alive candidate scored exactly the same in each of the last ``worlds`` worlds."""
        first = self.values[self.alive[0]]
        if len(first) < worlds:
            return False
        tail = first[-worlds:]
        return all(self.values[i][-worlds:] == tail for i in self.alive)


class GuidedAgent:
    """Rollout-based improvement of the game's bot; see the module docstring."""

    name = "guided"

    def __init__(
        self,
        seed: int = 0,
        iters: int | None = None,
        ms: float | None = None,
        depth: int = 0,
        eps: float = 0.0,
        width: int = 10,
        z: float = 1.0,
        policy: str = "heuristic",
        worlds: int = 4,
        keep: float = 2.0,
        kinds: str = "",
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadAgentSpec(MSG("seed_whole", seed=repr(seed)))
        if iters is not None and ms is not None:
            raise BadAgentSpec(MSG("iters_or_ms", agent="guided"))
        self.seed = seed
        self.ms = float(_check_number("ms", ms, 1.0)) if ms is not None else None
        self.iters = _check_number("iters", iters, 1, whole=True) if iters is not None else None
        if self.ms is None and self.iters is None:
            self.ms = 1000.0
        self.depth = _check_number("depth", depth, 0, whole=True)
        self.eps = float(_check_number("eps", eps, 0.0))
        if self.eps > 1.0:
            raise BadAgentSpec(MSG("probability", eps=repr(eps)))
        self.width = _check_number("width", width, 2, whole=True)
        self.z = float(_check_number("z", z, 0.0))
        if policy not in POLICIES:
            raise BadAgentSpec(MSG("one_of", name="policy", choices=", ".join(POLICIES), value=repr(policy)))
        self.policy = policy
        self.worlds = _check_number("worlds", worlds, 2, whole=True)
        self.keep = float(_check_number("keep", keep, 0.0))
        if not isinstance(kinds, str):
            raise BadAgentSpec(MSG("kinds", kinds=repr(kinds)))
        # only decisions offering an action of one of these kinds are searched (empty: all)
        self.kinds = frozenset(k for k in kinds.split("+") if k)
        self.last_iterations = 0
        self.last_cpu_ms = 0.0
        self.last_overrode = False  # the last decision differs from the bot's own choice

    # --- the decision --------------------------------------------------------------
    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if not legal:
            raise CORE.illegal("no_decision", "core: turn order", seat=seat)
        self.last_iterations, self.last_cpu_ms, self.last_overrode = 0, 0.0, False
        if len(legal) == 1:
            return legal[0]
        start = time.process_time()
        # deterministic given the agent's seed and the move number (never the match seed)
        rng = Rng(Rng(self.seed).next64() ^ (len(match.history) * 0x9E3779B97F4A7C15 & ((1 << 64) - 1)))
        fallback = self._policy_choice(match, seat, legal, rng)
        if self.kinds and not any(a.kind in self.kinds for a in legal):
            return fallback  # a decision this game's search leaves to its bot
        candidates = self._candidates(match, seat, legal, fallback, rng)
        choice = self._race(match, seat, candidates, rng, start)
        self.last_overrode = choice != fallback
        self.last_cpu_ms = 1000.0 * (time.process_time() - start)
        return choice

    def _bot(self, game: Game, seed: int) -> Agent | None:
        """A rollout player: the game's bot for simulations (``Game.rollout_agent``)."""
        return game.rollout_agent(seed) if self.policy == "heuristic" else None

    def _policy_choice(self, match: Match, seat: int, legal: list[Action], rng: Rng) -> Action:
        """The decision the game's own bot would make (the fallback)."""
        seed = rng.next64() & 0x7FFFFFFF
        bot = match.game.heuristic_agent(seed) if self.policy == "heuristic" else None
        return bot.act(match, seat) if bot is not None else legal[rng.below(len(legal))]

    def _candidates(
        self, match: Match, seat: int, legal: list[Action], fallback: Action, rng: Rng
    ) -> list[Action]:
        """The fallback first, then up to ``width`` - 1 others, best one-step evaluation first."""
        others = [a for a in legal if a != fallback]
        if len(others) < self.width:
            return [fallback, *others]
        world = match.determinize(seat, rng.next64())
        game = match.game
        scored = []
        for a in others:
            state = world.state.clone()
            game.apply(state, seat, a)
            scored.append((game.evaluate(state, seat), rng.random(), a))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [fallback, *(a for _, _, a in scored[: self.width - 1])]

    def _race(self, match: Match, seat: int, candidates: list[Action], rng: Rng, start: float) -> Action:
        race = _Race(len(candidates), self.worlds, self.keep)
        deadline = start + (1.0 - MARGIN) * self.ms / 1000.0 if self.ms is not None else math.inf
        limit = self.iters if self.iters is not None else 1 << 62
        done = 0
        clock = time.process_time
        while done < limit and len(race.alive) > 1 and clock() < deadline:
            world_seed = rng.next64()
            world = match.determinize(seat, world_seed)
            values = []
            for i in race.alive:
                value = self._rollout(match, world.state, seat, candidates[i], world_seed, deadline)
                if value is None:
                    break
                values.append(value)
                done += 1
            if len(values) < len(race.alive):
                break  # out of time: a world not every candidate played would break the pairing
            for i, v in zip(race.alive, values, strict=True):
                race.values[i].append(v)
            race.prune()
            if race.all_alike(SAME_WORLDS):
                break
        self.last_iterations = done
        return candidates[self._pick(race)]

    def _pick(self, race: _Race) -> int:
        best = race.leader()
        if best == 0 or 0 not in race.alive:
            return best
        if len(race.values[best]) < self.worlds:
            return 0
        m, se = race.paired(best, 0)
        return best if m > 0 and m >= self.z * se else 0

    # --- one rollout ------------------------------------------------------------------
    def _rollout(
        self, match: Match, world: Any, seat: int, action: Action, world_seed: int, deadline: float
    ) -> float | None:
        """The candidate's value in one world, or None if the budget ran out first."""
        game, players = match.game, match.num_players
        state = world.clone()
        state.rng = Rng(world_seed ^ 0x5EED)
        rng = Rng(world_seed)
        game.apply(state, seat, action)
        sim = Match(game, players, 0, match.options, state)
        bots = [self._bot(game, (world_seed + 7919 * s) & 0x7FFFFFFF) for s in range(players)]
        cap = self.depth or MAX_ROLLOUT
        steps = 0
        eps = self.eps
        clock = time.process_time
        while not game.is_over(state):
            if steps >= cap:
                return game.evaluate(state, seat)
            if steps & 3 == 3 and clock() >= deadline:
                return None
            tm = sim.to_move
            s = tm[0] if len(tm) == 1 else tm[rng.below(len(tm))]
            bot = bots[s]
            if bot is None or (eps and rng.random() < eps):
                legal = sim.legal_actions(s)
                sim._apply_legal(s, legal[rng.below(len(legal))])
            else:
                sim.apply(s, bot.act(sim, s))
            steps += 1
        return final_values(game, state, players)[seat]
