"""The Stellium heuristic bot (agent spec ``heuristic``).

It plans its board moves by searching a determinized copy of the match (so
it never reads the hidden pile or hidden hands): every placement, with no
effect or the marble's own effect and every parameter, and — in a second pass
when that finds nothing — the influence tokens. A line is worth the points
of the held cards it makes validatable, minus one per token spent. It then
validates every card it can (best value first, keeping the marble that helps
its other cards most) and takes the display card most likely to be
validated next turn, preferring new card colours.
"""

from __future__ import annotations

from typing import Any

from galaxis.core import Action, Match, Rng
from galaxis.games.stellium import patterns
from galaxis.games.stellium.data import Card, cards, geometry

# The named levels of this game (agent specs; docs/agents.md): ``normal`` is the bot below,
# ``hard`` and ``expert`` improve it by search (``guided``: rollouts played by this bot).
LEVELS = {
    "easy": "noisy:eps=0.3",
    "normal": "heuristic",
    "hard": "guided:ms=1000,depth=12,width=6,worlds=8,keep=3,z=1.5,kinds=cell+effect+dir+turn",
    "expert": "guided:ms=3000,depth=12,width=8,worlds=8,keep=3,z=1.5,kinds=cell+effect+dir+turn",
}


BOARD_STEPS = {"draw", "place", "effect", "permute", "swap", "collide", "rotate", "attract", "pull"}
LEAF_BUDGET = 1000
# the turn-planning budget of the quicker bot that plays the search's rollouts
ROLLOUT_LEAVES = 60


def card_value(card: Card, board: list[str], layout: str, mirror: bool, bh: bool) -> int:
    """Points the card would score on this board now (0 if its formation is absent)."""
    if card.kind == "centres":
        geo = geometry(layout)
        k = sum(1 for cells in geo.discs if board[cells[0]] == card.marble)
        fits = [v for size, v in card.tiers.items() if size <= k]
        return max(fits) if fits else 0
    if not patterns.has_match(card.id, board, layout, mirror, bh):
        return 0
    return card.points if card.kind == "shape" else max(card.tiers.values())


def held_value(state: Any, seat: int) -> float:
    """Points of the seat's held cards (not taken this turn) that the board would score now,
    plus its influence tokens."""
    p = state.players[seat]
    table = cards()
    total = 0.0
    for cid, taken in zip(p.held, p.held_turn, strict=True):
        if taken != state.turn:
            total += card_value(table[cid], state.board, state.layout, state.mirror, state.bh_galaxy)
    return total + len(p.tokens)


def evaluate(game: Any, state: Any, seat: int) -> float:
    """Score margin over the best opponent, counting half of what each seat's held cards
    would score on the board now (its next validations), squashed into [0, 1]."""
    scores: list[float] = game.result(state).scores
    if state.over:
        worth = scores
    else:
        worth = [v + 0.5 * held_value(state, i) for i, v in enumerate(scores)]
    margin = worth[seat] - max(v for i, v in enumerate(worth) if i != seat)
    return 0.5 + 0.5 * margin / (abs(margin) + 10.0)


class StelliumBot:
    """``leaves``: how many end-of-turn positions its turn planning may look at (the
    heuristic's 1,000; the quicker rollout bot of the search uses fewer)."""

    def __init__(self, seed: int = 0, leaves: int = LEAF_BUDGET) -> None:
        self.rng = Rng(seed)
        self.plan: list[str] = []
        self.leaves = leaves

    # ------------------------------------------------------------ evaluation
    def _held_value(self, state: Any, seat: int) -> float:
        return held_value(state, seat)

    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        obs = match.observation(seat)
        kind = obs["pending"]["kind"]
        if self.plan:
            nxt = self.plan.pop(0)
            for a in legal:
                if a.notation == nxt:
                    return a
            self.plan = []
        if kind in BOARD_STEPS:
            plan = self._search(match, seat)
            if plan:
                self.plan = plan[1:]
                for a in legal:
                    if a.notation == plan[0]:
                        return a
            return legal[0]
        if kind == "validate":
            return self._validate(match, seat, legal)
        if kind in ("match", "keep"):
            return self._best_by_value(match, seat, legal, kind)
        if kind == "take":
            return self._take(match, seat, legal)
        return legal[self.rng.below(len(legal))]

    # ---------------------------------------------------------------- search
    def _search(self, match: Match, seat: int) -> list[str]:
        world = match.determinize(seat, self.rng.next64() & 0xFFFFFFFF)
        game, state = world.game, world.state
        best: list[Any] = [-1e9, []]

        def dfs(st: Any, path: list[str], tokens: bool, budget: int) -> int:
            """Explores the rest of the turn; returns the number of leaves used (at most ``budget``).
            Each choice shares what is left of the budget evenly among the options still to try,
            so no early option (say, the first marble type) starves the others."""
            top = st.pending[-1] if st.pending and not st.over else None
            if top is None or top.seat != seat or top.kind not in BOARD_STEPS:
                value = self._held_value(st, seat) + 0.001 * self.rng.below(100)
                if value > best[0]:
                    best[0], best[1] = value, list(path)
                return 1
            options = game.legal_actions(st, seat)
            if top.kind == "effect" and not tokens:
                options = [a for a in options if a.kind != "token"]
            used = 0
            for i, a in enumerate(options):
                share = (budget - used) // (len(options) - i)
                if share < 1:
                    break
                child = st.clone()
                game.apply(child, seat, a)
                used += dfs(child, [*path, a.notation], tokens, share)
            return max(used, 1)

        dfs(state, [], False, self.leaves)
        base = self._held_value(state, seat)
        if best[0] < base + 1.5:  # nothing worth it without tokens: try them too
            dfs(state, [], True, self.leaves)
        plan: list[str] = best[1]
        return plan

    # -------------------------------------------------------------- validation
    def _validate(self, match: Match, seat: int, legal: list[Action]) -> Action:
        obs = match.observation(seat)
        table = cards()
        choices = [a for a in legal if a.kind == "validate"]
        if not choices:
            return legal[-1]
        board = self._board_list(match, obs)
        layout = obs["layout"]
        opts = obs["options"]

        def worth(a: Action) -> int:
            return card_value(table[a.args[1]], board, layout, opts["mirror"], opts["black_hole_galaxy"])

        return max(choices, key=worth)

    @staticmethod
    def _board_list(match: Match, obs: dict[str, Any]) -> list[str]:
        geo = geometry(obs["layout"])
        board = [""] * geo.size
        for label, m in obs["board"].items():
            board[geo.index[label]] = m
        return board

    def _best_by_value(self, match: Match, seat: int, legal: list[Action], kind: str) -> Action:
        world = match.determinize(seat, self.rng.next64() & 0xFFFFFFFF)
        game, state = world.game, world.state
        scored = []
        for a in legal:
            child = state.clone()
            game.apply(child, seat, a)
            if kind == "keep":
                scored.append((self._held_value(child, seat), a))
                continue
            # a match: its value for the card first, then the best marble to keep for the others
            card = cards()[state.pending[-1].data["card"]]
            after = []
            for keep in game.legal_actions(child, seat):
                grand = child.clone()
                game.apply(grand, seat, keep)
                after.append(self._held_value(grand, seat))
            scored.append((card.value(len(a.args[1])) * 10 + max(after, default=0.0), a))
        return max(scored, key=lambda t: t[0])[1]

    # ----------------------------------------------------------------- taking
    def _take(self, match: Match, seat: int, legal: list[Action]) -> Action:
        obs = match.observation(seat)
        table = cards()
        board = self._board_list(match, obs)
        layout, opts = obs["layout"], obs["options"]
        me = obs["players"][seat]
        colours = {table[c].colour for c in me["won"]}

        def score(cid: str) -> float:
            card = table[cid]
            now = card_value(card, board, layout, opts["mirror"], opts["black_hole_galaxy"])
            base = card.points if card.kind == "shape" else max(card.tiers.values())
            bonus = 1.0 if card.colour not in colours else 0.0
            return 2.0 * now + 0.3 * base + bonus - (1.5 if card.kind == "chain" and not now else 0.0)

        takes = [a for a in legal if a.kind == "take"]
        if takes:
            return max(takes, key=lambda a: score(a.args[1]))
        discards = [a for a in legal if a.kind == "discard"]
        if discards and obs["display"]:
            worst = min(discards, key=lambda a: score(a.args[1]))
            best_new = max(score(c) for c in obs["display"])
            if best_new > score(worst.args[1]) + 2.0:
                return worst
        return next((a for a in legal if a.kind == "pass"), legal[0])


def rollout_bot(seed: int) -> StelliumBot:
    """The quicker bot that plays a search's rollouts (``Game.rollout_agent``)."""
    return StelliumBot(seed, leaves=ROLLOUT_LEAVES)
