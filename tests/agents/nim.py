"""A perfect-information test game for the search agents: take-away Nim.

A pile of ``pile`` stones; players alternately take 1..``take`` stones; whoever
takes the last stone wins. With ``take=3`` the winning move leaves a multiple
of 4. Actions have two kinds, ``few`` (1-2 stones) and ``many`` (3 or more),
so that action grouping has something to group.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from galaxis.core import Action, ActionTable, Game, GameInfo, Record, Result, Rng


@dataclass(slots=True)
class NimState(Record):
    rng: Rng
    pile: int
    turn: int
    winner: int
    take: int


class Nim(Game):
    info = GameInfo(
        id="toy_nim",
        name="Nim (test toy)",
        min_players=2,
        max_players=2,
        options={
            "pile": {"type": "int", "default": 5, "min": 1, "max": 200, "help": "stones"},
            "take": {"type": "int", "default": 3, "min": 1, "max": 100, "help": "most stones per turn"},
        },
        hidden_information=False,
    )
    state_type = NimState

    def __init__(self) -> None:
        self.table = ActionTable()

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> NimState:
        return NimState(rng, options["pile"], 0, -1, options["take"])

    def to_move(self, state: NimState) -> tuple[int, ...]:
        return () if state.pile == 0 else (state.turn,)

    def legal_actions(self, state: NimState, seat: int) -> list[Action]:
        return [
            self.table.get(f"take {n}", (), "few" if n <= 2 else "many")
            for n in range(1, min(state.take, state.pile) + 1)
        ]

    def apply(self, state: NimState, seat: int, action: Action) -> list[dict[str, Any]]:
        state.pile -= int(action.notation.split()[1])
        if state.pile == 0:
            state.winner = seat
        state.turn = 1 - state.turn
        return []

    def is_over(self, state: NimState) -> bool:
        return state.pile == 0

    def result(self, state: NimState) -> Result:
        if state.winner < 0:
            return Result([0.0, 0.0], [[0, 1]])
        w = state.winner
        return Result([1.0 if s == w else 0.0 for s in range(2)], [[w], [1 - w]])

    def observation(self, state: NimState, seat: int | None) -> dict[str, Any]:
        return {"pile": state.pile, "turn": state.turn}


GAME = Nim()
