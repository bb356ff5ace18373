"""A tiny game used to test the engine without any real game's rules.

Goofspiel (GOPS) for 2-3 players: a shuffled prize deck of 1..N (hidden
order), each player holds bid cards 1..N. Each round one prize is revealed and
every player bids one card *simultaneously and secretly*; the bids are revealed
when all have bid, the highest unique bid takes the prize. It exercises
hidden information, simultaneous secret choices and determinization.

``PIG`` (``toy_pig``) is the opposite case: perfect information, sequential
turns, chance from the state's generator, a pending decision on the stack, and
one option of each kind (int, choice, bool). It is not registered by default.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from galaxis.core import (
    Action,
    ActionTable,
    Game,
    GameInfo,
    IllegalAction,
    Record,
    Result,
    Rng,
    Step,
    rank_by_keys,
)


@dataclass(slots=True)
class GopsState(Record):
    rng: Rng
    players: int
    deck: list[int]  # hidden order
    prize: int  # 0 when none is showing
    hands: list[list[int]]
    bids: list[int]  # 0 = not yet bid this round (secret until all have bid)
    scores: list[int]
    last_bids: list[int] = field(default_factory=list)


class Gops(Game):
    info = GameInfo(
        id="toy_gops",
        name="Goofspiel (test toy)",
        min_players=2,
        max_players=3,
        options={"cards": {"type": "int", "default": 5, "min": 3, "max": 9, "help": "cards per suit"}},
        setup_keys=("deck",),
    )
    state_type = GopsState

    def __init__(self) -> None:
        self.table = ActionTable()

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> GopsState:
        n = options["cards"]
        deck = list(range(1, n + 1))
        if "setup" in options:
            deck = list(options["setup"]["deck"])
        else:
            rng.shuffle(deck)
        prize = deck.pop()
        return GopsState(
            rng,
            players,
            deck,
            prize,
            [list(range(1, n + 1)) for _ in range(players)],
            [0] * players,
            [0] * players,
        )

    def to_move(self, state: GopsState) -> tuple[int, ...]:
        if state.prize == 0:
            return ()
        return tuple(p for p in range(state.players) if state.bids[p] == 0)

    def legal_actions(self, state: GopsState, seat: int) -> list[Action]:
        return [self.table.get(f"bid {c}", (f"card-{c}",), "bid") for c in state.hands[seat]]

    def apply(self, state: GopsState, seat: int, action: Action) -> list[dict[str, Any]]:
        card = int(action.notation.split()[1])
        state.hands[seat].remove(card)
        state.bids[seat] = card
        events: list[dict[str, Any]] = [{"type": "bid", "seat": seat}]
        if all(state.bids):
            best = max(state.bids)
            if state.bids.count(best) == 1:
                state.scores[state.bids.index(best)] += state.prize
            events.append({"type": "reveal", "bids": list(state.bids), "prize": state.prize})
            state.last_bids = list(state.bids)
            state.bids = [0] * state.players
            state.prize = state.deck.pop() if state.deck else 0
        return events

    def is_over(self, state: GopsState) -> bool:
        return state.prize == 0

    def result(self, state: GopsState) -> Result:
        return Result([float(s) for s in state.scores], rank_by_keys([[s] for s in state.scores]))

    def observation(self, state: GopsState, seat: int | None) -> dict[str, Any]:
        return {
            "prize": state.prize,
            "deck_left": len(state.deck),
            "hands": [h if p == seat else len(h) for p, h in enumerate(state.hands)],
            "has_bid": [b != 0 for b in state.bids],
            "my_bid": state.bids[seat] if seat is not None else None,
            "last_bids": state.last_bids,
            "scores": state.scores,
        }

    def determinize(self, state: GopsState, seat: int | None, rng: Rng) -> GopsState:
        deck = sorted(state.deck)
        rng.shuffle(deck)
        state.deck = deck
        # other players' secret bids this round are re-sampled from their hands
        for p in range(state.players):
            if p != seat and state.bids[p]:
                pool = sorted([*state.hands[p], state.bids[p]])
                pick = rng.choice(pool)
                pool.remove(pick)
                state.bids[p], state.hands[p] = pick, pool
        return state

    def secret(self, state: GopsState, viewer: int | None) -> Any:
        return {"deck": state.deck, "bids": [b for p, b in enumerate(state.bids) if p != viewer]}

    def explain_illegal(self, state: GopsState, seat: int, notation: str) -> IllegalAction:
        return IllegalAction(f"{notation!r}: bid one of your cards {state.hands[seat]}", "toy: bidding")

    def invariants(self, state: GopsState) -> list[str]:
        n = len(state.hands[0]) + (1 if state.bids[0] else 0)
        return (
            []
            if all(len(h) + (1 if b else 0) == n for h, b in zip(state.hands, state.bids, strict=True))
            else ["hand sizes"]
        )


GAME = Gops()


# --- a perfect-information toy with chance and a pending decision ---------------------


@dataclass(slots=True)
class PigState(Record):
    rng: Rng
    players: int
    target: int
    counter: bool
    bonus: bool
    scores: list[int]
    turn: int
    turn_total: int
    last_roll: int = 0
    pending: list[Step] = field(default_factory=list)


class Pig(Game):
    """Pig, the dice game: ``roll`` adds a die to your turn total (a 1 loses it and
    ends your turn), ``bank`` scores it. A rolled 6 opens a pending decision:
    ``keep`` it or ``reroll`` that die. First to the target wins. Everything is
    public; only the dice are chance, drawn from the state's generator."""

    info = GameInfo(
        id="toy_pig",
        name="Pig (test toy)",
        min_players=2,
        max_players=4,
        options={
            "target": {"type": "int", "default": 20, "min": 10, "max": 40, "help": "points to win"},
            "order": {
                "type": "choice",
                "default": "clockwise",
                "choices": ["clockwise", "counter"],
                "help": "turn order",
            },
            "bonus": {"type": "bool", "default": False, "help": "banking scores one extra point"},
        },
        hidden_information=False,
        setup_keys=("first",),
    )
    state_type = PigState

    def __init__(self) -> None:
        self.table = ActionTable()

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> PigState:
        first = int(options.get("setup", {}).get("first", 0)) % players
        return PigState(
            rng,
            players,
            options["target"],
            options["order"] == "counter",
            options["bonus"],
            [0] * players,
            first,
            0,
        )

    def to_move(self, state: PigState) -> tuple[int, ...]:
        return () if self.is_over(state) else (state.turn,)

    def legal_actions(self, state: PigState, seat: int) -> list[Action]:
        if state.pending:
            return [self.table.get("keep", ("die",), "six"), self.table.get("reroll", ("die",), "six")]
        return [self.table.get("roll", ("dice",), "roll"), self.table.get("bank", ("score",), "bank")]

    def _end_turn(self, state: PigState) -> None:
        state.turn_total = 0
        state.turn = (state.turn + (-1 if state.counter else 1)) % state.players

    def _roll(self, state: PigState, seat: int) -> list[dict[str, Any]]:
        die = state.rng.d6()
        state.last_roll = die
        if die == 1:
            self._end_turn(state)
        else:
            state.turn_total += die
            if die == 6:
                state.pending.append(Step("six", seat))
        return [{"type": "roll", "seat": seat, "die": die}]

    def apply(self, state: PigState, seat: int, action: Action) -> list[dict[str, Any]]:
        if action == "bank":
            state.scores[seat] += state.turn_total + (1 if state.bonus else 0)
            events: list[dict[str, Any]] = [{"type": "bank", "seat": seat, "points": state.turn_total}]
            self._end_turn(state)
            return events
        if action == "keep":
            state.pending.pop()
            return [{"type": "keep", "seat": seat}]
        if action == "reroll":
            state.pending.pop()
            state.turn_total -= 6
        return self._roll(state, seat)

    def is_over(self, state: PigState) -> bool:
        return max(state.scores) >= state.target

    def result(self, state: PigState) -> Result:
        return Result([float(s) for s in state.scores], rank_by_keys([[s] for s in state.scores]))

    def observation(self, state: PigState, seat: int | None) -> dict[str, Any]:
        return {
            "scores": list(state.scores),
            "turn": state.turn,
            "turn_total": state.turn_total,
            "last_roll": state.last_roll,
            "deciding": [s.kind for s in state.pending],
            "target": state.target,
        }

    def invariants(self, state: PigState) -> list[str]:
        broken = []
        if min(state.scores) < 0 or state.turn_total < 0:
            broken.append("negative points")
        if any(step.seat != state.turn for step in state.pending) or len(state.pending) > 1:
            broken.append("a pending decision belongs to the player to move")
        return broken


PIG = Pig()
