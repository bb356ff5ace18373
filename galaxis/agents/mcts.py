"""Monte-Carlo tree search for every galaxis game: UCT (``mcts``) and
single-observer information-set MCTS (``ismcts``).

Both agents search only copies made by ``match.determinize(seat, ...)``, so
neither ever reads another seat's hidden information:

* ``mcts`` samples one determinization per decision and searches it as if it
  were the true state (hidden cards fixed for that decision), re-sampling only
  the chance generator on every iteration so that dice are rolled afresh.
* ``ismcts`` takes a fresh determinization on every iteration and uses
  availability-aware UCB (an action's exploration term counts the iterations in
  which it was legal, not the parent's visits).

The tree is open-loop: a node is reached by a sequence of ``(seat, notation)``
decisions, and chance outcomes are whatever the engine rolled in that
iteration. Every node keeps one value sum per seat (max-n): the seat to move
picks the child that is best for itself. In simultaneous phases the seats in
``to_move`` choose one after another, the lowest seat first (the searching
seat first at the root); seats that were all to move at the same node choose
from statistics kept at that node (decoupled UCT), so a later seat does not
react to an earlier seat's secret choice.

Rollouts are random, MAST-guided (``rollout=mast``) or played by the game's
own bot (``rollout=heuristic``), optionally cut off after ``cutoff`` actions
and scored by the game's ``evaluate`` hook.

Large branching is handled in two ways, both only when a decision has more
than ``group`` legal actions: the actions are first grouped by ``Action.kind``
(choose a kind by UCB, then an action of that kind), and progressive widening
limits how many children of a node are tried, growing with its visits.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Any

from galaxis.core.actions import Action
from galaxis.core.agent import Agent
from galaxis.core.errors import BadAgentSpec
from galaxis.core.game import Game, Result
from galaxis.core.match import Match
from galaxis.core.messages import CORE, Catalogue
from galaxis.core.rng import Rng

MSG = Catalogue.for_package(__name__)  # galaxis/agents/data/messages.yaml

# A random rollout that has not ended after this many actions is cut off and
# scored by the evaluation hook (guards against games that random play drags on).
MAX_ROLLOUT = 5000

Key = tuple[int, str]

ROLLOUTS = ("random", "mast", "heuristic")
# MAST rollouts pick the best-averaging action with this probability, else a random one
MAST_GREEDY = 0.5


class Node:
    """Statistics of one decision sequence: visits, availability, a value sum per seat."""

    __slots__ = ("avail", "children", "groups", "shared", "visits", "wins")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.avail = 0
        self.wins = [0.0] * players
        self.children: dict[Key, Node] = {}
        # (actor, kind) -> [visits, value sum for the actor, availability]
        self.groups: dict[Key, list[float]] | None = None
        # statistics of the seats choosing simultaneously from this node (decoupled)
        self.shared: dict[Key, Node] | None = None


def reward(result: Result, players: int, evaluations: list[float] | None = None) -> list[float]:
    """Final value of each seat in [0, 1]: mostly winning, then rank, then score.

    0.7 x the share of first place (1/k for a k-way tie), 0.15 x the fraction
    of opponents beaten (ties count half), 0.15 x the game's ``evaluate`` of
    the final state for that seat (``evaluations``; without them, the score
    scaled to the table's range). The last term keeps the search playing for
    points once the winner is settled: without it every move of a decided
    game looks the same, and a lost game is thrown away by points.
    """
    if players <= 1:
        return [1.0] * players
    values = [0.0] * players
    below = players
    for pos, group in enumerate(result.ranking):
        below -= len(group)
        beaten = (below + 0.5 * (len(group) - 1)) / (players - 1)
        win = 1.0 / len(group) if pos == 0 else 0.0
        for s in group:
            values[s] = 0.7 * win + 0.15 * beaten
    if evaluations is None:
        scores = result.scores
        lo, hi = (min(scores), max(scores)) if len(scores) == players else (0.0, 0.0)
        evaluations = [(scores[s] - lo) / (hi - lo) if hi > lo else 0.5 for s in range(players)]
    for s in range(players):
        values[s] += 0.15 * min(1.0, max(0.0, evaluations[s]))
    return values


def final_values(game: Game, state: Any, players: int) -> list[float]:
    return reward(game.result(state), players, [game.evaluate(state, s) for s in range(players)])


def _check_int(name: str, value: Any, lo: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise BadAgentSpec(MSG("whole_number", name=name, lo=lo, value=repr(value)))
    return value


def _check_float(name: str, value: Any, lo: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= lo or math.isinf(value):
        raise BadAgentSpec(MSG("number", name=name, lo=lo, value=repr(value)))
    return float(value)


class SearchAgent:
    """Shared search loop; subclasses decide which world each iteration searches."""

    name = "mcts"
    availability = False  # ISMCTS counts availability instead of parent visits

    def __init__(
        self,
        seed: int = 0,
        iters: int | None = None,
        ms: float | None = None,
        c: float = 1.0,
        rollout: str = "mast",
        cutoff: int = 0,
        group: int = 24,
        widen: bool = True,
        reuse: bool = True,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadAgentSpec(MSG("seed_whole", seed=repr(seed)))
        if iters is not None and ms is not None:
            raise BadAgentSpec(MSG("iters_or_ms", agent=self.name))
        self.seed = seed
        self.ms = _check_float("ms", ms, 1e-3) if ms is not None else None
        self.iters = (
            _check_int("iters", iters, 1) if iters is not None else (None if ms is not None else 1000)
        )
        self.c = _check_float("c", c, 0.0)
        if rollout not in ROLLOUTS:
            raise BadAgentSpec(
                MSG("one_of", name="rollout", choices=", ".join(ROLLOUTS), value=repr(rollout))
            )
        self.rollout = rollout
        self.cutoff = _check_int("cutoff", cutoff, 0)
        self.group = _check_int("group", group, 0)
        if not isinstance(widen, bool) or not isinstance(reuse, bool):
            raise BadAgentSpec(MSG("true_or_false"))
        self.widen = widen
        self.reuse = reuse
        self._tree: Node | None = None
        self._tree_key: tuple[Any, ...] = ()
        self._tree_history: list[tuple[int, str]] = []
        self._rollout_bot: Agent | None = None
        self._base: Any = None
        self._options: dict[str, Any] = {}
        # MAST: notation -> [value sum for the seat that played it, count], per decision
        self._mast: dict[str, list[float]] = {}
        self.last_iterations = 0  # iterations of the last decision (0 when it was forced)
        self.last_cpu_ms = 0.0  # CPU time of the last decision

    # --- the world each iteration searches (overridden by ISMCTS) -------------
    def _prepare(self, match: Match, seat: int, rng: Rng) -> None:
        """Called once per decision: one determinization for the whole search."""
        self._base = match.determinize(seat, rng.next64()).state

    def _world(self, match: Match, seat: int, rng: Rng) -> Any:
        """A state to run one iteration on: the decision's world with fresh dice."""
        state = self._base.clone()
        state.rng = Rng(rng.next64())
        return state

    # --- public ------------------------------------------------------------
    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if not legal:
            raise CORE.illegal("no_decision", "core: turn order", seat=seat)
        if len(legal) == 1:
            self.last_iterations, self.last_cpu_ms = 0, 0.0
            return legal[0]
        # deterministic given the agent's seed and the move number (never the match seed:
        # that would reveal the deck)
        rng = Rng(Rng(self.seed).next64() ^ (len(match.history) * 0x9E3779B97F4A7C15 & ((1 << 64) - 1)))
        root = self._reused_root(match, seat)
        self._prepare(match, seat, rng)
        self._options = match.options
        self._mast = {}
        if self.rollout == "heuristic":
            # a fresh bot per decision keeps the choice a function of (seed, move number);
            # a game without a bot of its own gets random rollouts
            self._rollout_bot = match.game.heuristic_agent(rng.next64() & 0x7FFFFFFF)
        game = match.game
        players = match.num_players
        # ``ms`` counts this process's CPU time, so a busy machine does not shorten the search
        start = time.process_time()
        deadline = start + self.ms / 1000.0 if self.ms is not None else None
        limit = self.iters if self.iters is not None else 1 << 62
        done = 0
        while done < limit:
            state = self._world(match, seat, rng)
            self._iterate(game, state, root, seat, players, rng)
            done += 1
            if deadline is not None and time.process_time() >= deadline:
                break
        self.last_iterations = done
        self.last_cpu_ms = 1000.0 * (time.process_time() - start)
        self._remember(match, seat, root)
        return self._best(root, seat, legal, rng)

    # --- tree reuse ----------------------------------------------------------
    def _key(self, match: Match, seat: int) -> tuple[Any, ...]:
        return (
            match.game_id,
            match.num_players,
            json.dumps(match.options, sort_keys=True, default=str),
            seat,
        )

    def _reused_root(self, match: Match, seat: int) -> Node:
        """The subtree for the current position, if the previous tree leads here.

        We descend by the moves played since the last search. In games with
        hidden information only our own moves may be followed: another seat's
        notation can carry a secret (a hidden bid), and choosing a subtree by it
        would let that secret steer the search.
        """
        players = match.num_players
        tree, past = self._tree, self._tree_history
        history = match.history
        if not self.reuse or tree is None or self._tree_key != self._key(match, seat):
            return Node(players)
        if len(history) < len(past) or history[: len(past)] != past:
            return Node(players)
        hidden = match.game.info.hidden_information
        node: Node | None = tree
        for s, notation in history[len(past) :]:
            if hidden and s != seat:
                return Node(players)
            node = node.children.get((s, notation)) if node is not None else None
            if node is None:
                return Node(players)
        return node if node is not None else Node(players)

    def _remember(self, match: Match, seat: int, root: Node) -> None:
        if self.reuse:
            self._tree, self._tree_key, self._tree_history = root, self._key(match, seat), list(match.history)

    # --- one iteration ---------------------------------------------------------
    def _iterate(self, game: Game, state: Any, root: Node, seat: int, players: int, rng: Rng) -> None:
        path = [root]  # tree nodes, and decoupled statistics of simultaneous choices
        group_path: list[tuple[list[float], int]] = []
        node = root
        # Simultaneous phase: seats that were all to move at ``phase`` and have not
        # acted yet choose from statistics kept at ``phase`` (decoupled UCT), so a
        # later seat's choice does not depend on an earlier seat's secret one.
        phase: Node | None = None
        pending: set[int] = set()
        created = False
        moves: list[tuple[int, str]] | None = [] if self.rollout == "mast" else None
        while not created and not game.is_over(state):
            to_move = game.to_move(state)
            actor = seat if node is root and seat in to_move else min(to_move)
            if phase is not None and not (actor in pending and pending.issuperset(to_move)):
                phase = None
            if phase is None and len(to_move) > 1:
                phase, pending = node, set(to_move)
            owner, stats = node, node.children
            if phase is not None and phase is not node:
                owner = phase
                if phase.shared is None:
                    phase.shared = {}
                stats = phase.shared
            legal = game.legal_actions(state, actor)
            action, stat, gstat = self._select(owner, stats, actor, legal, players, rng)
            game.apply(state, actor, action)
            if moves is not None:
                moves.append((actor, action))
            pending.discard(actor)
            if gstat is not None:
                group_path.append((gstat, actor))
            if owner is not node:
                path.append(stat)
                child = node.children.get((actor, action))
                if child is None:
                    child = node.children[(actor, action)] = Node(players)
                    created = True
            else:
                child = stat
                created = stat.visits == 0
            path.append(child)
            node = child
        if moves is not None:
            values = self._mast_rollout(game, state, players, rng, moves)
            mast = self._mast
            for actor, notation in moves:
                st = mast.get(notation)
                if st is None:
                    st = mast[notation] = [0.0, 0.0]
                st[0] += values[actor]
                st[1] += 1.0
        else:
            values = self._simulate(game, state, players, rng)
        for n in path:
            n.visits += 1
            w = n.wins
            for s in range(players):
                w[s] += values[s]
        for gstat, actor in group_path:
            gstat[0] += 1
            gstat[1] += values[actor]

    def _select(
        self, owner: Node, stats: dict[Key, Node], actor: int, legal: list[Action], players: int, rng: Rng
    ) -> tuple[Action, Node, list[float] | None]:
        """Chooses the actor's action from ``owner``'s statistics (expanding one if allowed)."""
        gstat: list[float] | None = None
        candidates = legal
        big = self.group and len(legal) > self.group
        if big:
            by_kind: dict[str, list[Action]] = {}
            for a in legal:
                by_kind.setdefault(a.kind, []).append(a)
            if len(by_kind) > 1:
                kind, gstat = self._select_group(owner, actor, by_kind, rng)
                candidates = by_kind[kind]
        tried: list[tuple[Action, Node]] = []
        untried: list[Action] = []
        for a in candidates:
            child = stats.get((actor, a))
            if child is None or child.visits == 0:
                untried.append(a)
            else:
                tried.append((a, child))
        if untried:
            allowed = len(candidates)
            if big and self.widen:
                seen = sum(ch.visits for _, ch in tried)
                allowed = 2 + int(math.sqrt(seen))
            if len(tried) < allowed:
                a = untried[rng.below(len(untried))]
                child = stats.get((actor, a))
                if child is None:
                    child = stats[(actor, a)] = Node(players)
                if self.availability:
                    child.avail += 1
                    for _, ch in tried:
                        ch.avail += 1
                return a, child, gstat
        a, child = self._ucb(tried, actor)
        return a, child, gstat

    def _ucb(self, tried: list[tuple[Action, Node]], actor: int) -> tuple[Action, Node]:
        c = self.c
        if self.availability:
            for _, ch in tried:
                ch.avail += 1
            best_a, best_n, best_v = tried[0][0], tried[0][1], -1.0
            for a, ch in tried:
                v = ch.wins[actor] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > best_v:
                    best_a, best_n, best_v = a, ch, v
            return best_a, best_n
        total = sum(ch.visits for _, ch in tried)
        log_total = math.log(total) if total > 1 else 0.0
        best_a, best_n, best_v = tried[0][0], tried[0][1], -1.0
        for a, ch in tried:
            v = ch.wins[actor] / ch.visits + c * math.sqrt(log_total / ch.visits)
            if v > best_v:
                best_a, best_n, best_v = a, ch, v
        return best_a, best_n

    def _select_group(
        self, node: Node, actor: int, by_kind: dict[str, list[Action]], rng: Rng
    ) -> tuple[str, list[float]]:
        """UCB over action kinds (an untried kind first); returns the kind and its stats."""
        groups = node.groups
        if groups is None:
            groups = node.groups = {}
        stats = []
        fresh = []
        for kind in by_kind:
            g = groups.get((actor, kind))
            if g is None:
                g = groups[(actor, kind)] = [0.0, 0.0, 0.0]
            g[2] += 1
            stats.append((kind, g))
            if g[0] == 0:
                fresh.append((kind, g))
        if fresh:
            return fresh[rng.below(len(fresh))]
        total = sum(g[0] for _, g in stats)
        best = stats[0]
        best_v = -1.0
        for kind, g in stats:
            n = g[2] if self.availability else total
            v = g[1] / g[0] + self.c * math.sqrt(math.log(max(n, 1.0)) / g[0])
            if v > best_v:
                best, best_v = (kind, g), v
        return best

    # --- rollouts ----------------------------------------------------------------
    def _simulate(self, game: Game, state: Any, players: int, rng: Rng) -> list[float]:
        if self.rollout == "heuristic":
            return self._heuristic_rollout(game, state, players, rng)
        cutoff = self.cutoff or MAX_ROLLOUT
        steps = 0
        is_over, to_move, legal_actions, apply = game.is_over, game.to_move, game.legal_actions, game.apply
        while not is_over(state):
            if steps >= cutoff:
                return [game.evaluate(state, s) for s in range(players)]
            tm = to_move(state)
            s = tm[0] if len(tm) == 1 else tm[rng.below(len(tm))]
            legal = legal_actions(state, s)
            apply(state, s, legal[rng.below(len(legal))])
            steps += 1
        return final_values(game, state, players)

    def _mast_rollout(
        self, game: Game, state: Any, players: int, rng: Rng, moves: list[tuple[int, str]]
    ) -> list[float]:
        """Move-Average Sampling: half of the rollout moves are the legal action with
        the best average value so far in this decision's search (by notation)."""
        mast = self._mast
        cutoff = self.cutoff or MAX_ROLLOUT
        steps = 0
        while not game.is_over(state):
            if steps >= cutoff:
                return [game.evaluate(state, s) for s in range(players)]
            tm = game.to_move(state)
            s = tm[0] if len(tm) == 1 else tm[rng.below(len(tm))]
            legal = game.legal_actions(state, s)
            action = legal[rng.below(len(legal))]
            if len(legal) > 1 and rng.random() < MAST_GREEDY:
                best_v = -1.0
                for a in legal:
                    st = mast.get(a)
                    v = st[0] / st[1] if st is not None else 0.5
                    if v > best_v:
                        action, best_v = a, v
            game.apply(state, s, action)
            moves.append((s, action))
            steps += 1
        return final_values(game, state, players)

    def _heuristic_rollout(self, game: Game, state: Any, players: int, rng: Rng) -> list[float]:
        bot = self._rollout_bot
        # a throwaway Match around the simulated state, for the bot's benefit
        sim = Match(game, players, 0, self._options, state)
        cutoff = self.cutoff or MAX_ROLLOUT
        steps = 0
        while not game.is_over(state):
            if steps >= cutoff:
                return [game.evaluate(state, s) for s in range(players)]
            tm = sim.to_move
            s = tm[0] if len(tm) == 1 else tm[rng.below(len(tm))]
            if bot is None:
                legal = sim.legal_actions(s)
                sim.apply(s, legal[rng.below(len(legal))])
            else:
                sim.apply(s, bot.act(sim, s))
            steps += 1
        return final_values(game, state, players)

    # --- the decision ------------------------------------------------------------
    def _best(self, root: Node, seat: int, legal: list[Action], rng: Rng) -> Action:
        best: Action | None = None
        best_key = (-1, -1.0)
        for a in legal:
            ch = root.children.get((seat, a))
            if ch is None or ch.visits == 0:
                continue
            key = (ch.visits, ch.wins[seat] / ch.visits)
            if key > best_key:
                best, best_key = a, key
        return best if best is not None else legal[rng.below(len(legal))]


class MCTSAgent(SearchAgent):
    """UCT on one determinization per decision (spec ``mcts:iters=1000,c=1.0,...``)."""

    name = "mcts"


class ISMCTSAgent(SearchAgent):
    """Single-observer IS-MCTS: a fresh determinization every iteration
    (spec ``ismcts:iters=1000,...``)."""

    name = "ismcts"
    availability = True

    def _prepare(self, match: Match, seat: int, rng: Rng) -> None:
        self._base = None

    def _world(self, match: Match, seat: int, rng: Rng) -> Any:
        return match.determinize(seat, rng.next64()).state


SearchFactory = Callable[..., SearchAgent]
