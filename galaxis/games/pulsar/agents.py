"""The Pulsar 2849 heuristic bot (agent spec ``heuristic``).

It searches only a copy made by ``match.determinize(seat, ...)``. Dice phase: take the die
that moves a marker furthest left (initiative when turn order is at stake, engineering
otherwise), never onto the penalty spaces if avoidable. Action phase: one-step lookahead on
a hand-made value of the position (VP plus what pulsars, gyrodynes, transmitters, stations
and cubes will still earn); flights are judged by the best place they can end.
"""

from __future__ import annotations

from typing import Any

from galaxis.core import Action, Match, Rng
from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.data import board, components, transmitters
from galaxis.games.pulsar.state import PulsarState

# The named levels of this game (agent specs; docs/agents.md): ``normal`` is the bot below,
# ``hard`` and ``expert`` improve it by search (``guided``: rollouts played by this bot).
LEVELS = {
    "easy": "noisy:eps=0.3",
    "normal": "heuristic",
    "hard": "guided:ms=1000,depth=25,worlds=8,keep=3,z=1.5",
    "expert": "guided:ms=3000,depth=25,width=14,worlds=8,keep=3,z=1.5",
}


def potential(s: PulsarState, seat: int) -> float:
    """VP now plus a rough value of what the position will still earn."""
    p = s.players[seat]
    comp = components()
    left = comp.rounds - s.round + (0 if s.phase in ("production", "final", "over") else 1)
    v = float(p.score) + 0.5 * p.cubes + 1.2 * p.pm + 1.6 * p.p2
    mine = [n for n, o in s.owner.items() if o == seat]
    v += 3.0 * len(mine)
    for n in mine:
        if n in s.gyros:
            size, spin = s.gyros[n]
            per = comp.gyrodynes[size].vp + 1.5
            v += per * left if spin else 2.0 + 0.6 * per * max(0, left - 1)
    v += 1.5 * len(p.held)
    v += 2.0 * sum(occ.count(seat) for occ in s.planets.values())
    for tid, cov in p.tx.items():
        if tid in p.online:
            prod = transmitters()[tid].prod
            v += 1.5 * left * prod.get("vp", 1)
        else:
            v += 1.2 * sum(cov)
    v += 1.5 * len(p.patents) + 1.5 * len(p.hq_done) + 2.0 * len(p.races)
    return v


def evaluate(game: Any, s: PulsarState, seat: int) -> float:
    """Margin over the best opponent, squashed into [0, 1]: of the final scores once the
    game is over, before that of ``potential`` (VP plus what the position will still earn),
    so a search cut off mid-game values engines and not only points already scored."""
    if s.phase == "over":
        worth: list[float] = list(game.result(s).scores)
    else:
        worth = [potential(s, i) for i in range(len(s.players))]
    margin = worth[seat] - max(v for i, v in enumerate(worth) if i != seat)
    return 0.5 + 0.5 * margin / (abs(margin) + 15.0)


class PulsarBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = match.determinize(seat, self.rng.next64() & 0xFFFFFFFF)
        s: PulsarState = world.state
        kinds = {a.args[0] for a in legal if a.args}
        if s.phase == "dice" and not s.pending:
            return self._pick(s, seat, legal)
        if "hop" in kinds:
            return self._hop(s, seat, legal)
        return self._lookahead(world, seat, legal)

    # ------------------------------------------------------------------ dice
    def _pick(self, s: PulsarState, seat: int, legal: list[Action]) -> Action:
        def value(a: Action) -> float:
            _, v, t, k = a.args
            mk = seat * 2 + k
            d = dicemod.distance(v, s.median)
            score: float = 0.15 * v
            if t < 0:
                return score
            space, _ = dicemod.find(s.tracks[t], mk)
            target = max(0, min(len(s.tracks[t]) - 1, space + d))
            score -= 0.8 * d
            if target >= 13:
                score -= 4.0
            if t == 1:
                score += 0.2  # cubes pay every round
            return score

        return max(legal, key=lambda a: (value(a), a.notation))

    # ---------------------------------------------------------------- flights
    def _place_value(self, s: PulsarState, seat: int, node: int) -> float:
        bd = board(s.board)
        kind = bd.kind[node]
        if kind == "pulsar" and node not in s.owner and sum(1 for o in s.owner.values() if o == seat) < 6:
            return 7.0
        if kind == "system":
            occ: list[int] | None = s.planets.get(node)
            if occ is None:
                return 5.0
            if seat not in occ and -1 in occ:
                return 3.5
        return 0.0

    def _best_end(self, s: PulsarState, seat: int, node: int, used: set[int], left: int) -> float:
        bd = board(s.board)
        if left == 0:
            return self._place_value(s, seat, node)
        best = -1.0
        for e, v in bd.adj[node]:
            if e in used:
                continue
            used.add(e)
            passing = (
                1.5 if bd.kind[v] == "system" and left > 1 and self._place_value(s, seat, v) > 0 else 0.0
            )
            sub = self._best_end(s, seat, v, used, left - 1)
            used.discard(e)
            if sub >= 0:
                best = max(best, sub + passing)
        return best

    def _hop(self, s: PulsarState, seat: int, legal: list[Action]) -> Action:
        step = s.pending[-1]
        d = step.data
        at = int(d["visited"][-1]) if d["visited"] else int(d["start"])
        used = set(d["used"])
        bd = board(s.board)

        def value(a: Action) -> float:
            v = a.args[1]
            e = next(e for e, w in bd.adj[at] if w == v and e not in used)
            used.add(e)
            val = self._best_end(s, seat, v, used, int(d["left"]) - 1)
            used.discard(e)
            return val

        return max(legal, key=lambda a: (value(a), a.notation))

    # -------------------------------------------------------------- lookahead
    def _lookahead(self, world: Match, seat: int, legal: list[Action]) -> Action:
        s: PulsarState = world.state
        base = potential(s, seat)
        best: tuple[float, str] | None = None
        choice = legal[0]
        for a in legal:
            kind = a.args[0] if a.args else ""
            if kind == "fly":
                p = s.players[seat]
                length = self._fly_length(a)
                gain = self._best_end(s, seat, p.ship, set(), length) - 0.5
            else:
                copy = world.clone()
                copy.apply(seat, a.notation)
                gain = potential(copy.state, seat) - base
                if kind == "end":
                    gain = -0.1 - 0.3 * len(s.players[seat].dice)
                elif kind == "drop":
                    gain = -0.5
                elif kind == "copy" and s.copy_after and s.players[seat].dice:
                    gain = -0.1 - 0.3 * len(s.players[seat].dice)  # it gives them up, as "end" does
                elif kind == "copy":
                    gain = 0.5 if s.round >= 3 else -1.0
            key = (gain + 1e-6 * self.rng.random(), a.notation)
            if best is None or key > best:
                best, choice = key, a
        return choice

    @staticmethod
    def _fly_length(a: Action) -> int:
        spec: Any = a.args[1]
        body = spec[1:] if spec.startswith("r") else spec
        return int(body[0]) + (int(body[1:]) if body[1:] else 0)
