"""Which actions reveal something (``galaxis.core.reveal``): the fact behind undo
that cannot peek (#26 finding 6)."""

from __future__ import annotations

from typing import Any

import pytest

from galaxis.core import Game, new_match, register
from galaxis.core.reveal import consumes_chance, reveals
from tests.toy_games import GAME, Gops, GopsState


@pytest.fixture(autouse=True)
def _toys(toy_game: Any) -> None:
    from tests.toy_games import PIG

    register(PIG)


def test_a_secret_bid_reveals_nothing_and_the_last_bid_reveals_the_round() -> None:
    m = new_match(GAME.info.id, 3, seed=4)
    assert not reveals(m, 0, "bid 2")  # the others only learn that seat 0 has bid
    m.apply(0, "bid 2")
    assert not reveals(m, 1, "bid 5")
    m.apply(1, "bid 5")
    assert reveals(m, 2, "bid 1")  # completes the round: every bid and the next prize shown


def test_consumed_chance_is_a_reveal_even_without_hidden_information() -> None:
    m = new_match("toy_pig", 2, seed=1)
    assert consumes_chance(m, 0, "roll") and reveals(m, 0, "roll")
    assert not consumes_chance(m, 0, "bank") and not reveals(m, 0, "bank")


class TellsTheDeck(Gops):
    """A broken toy: every bid tells everyone the next prize card (hidden in the deck)."""

    def __init__(self) -> None:
        super().__init__()
        self.info = type(Gops.info)(**{**Gops.info.__dict__, "id": "toy_tells"})

    def apply(self, state: GopsState, seat: int, action: Any) -> list[dict[str, Any]]:
        events = super().apply(state, seat, action)
        return [*events, {"type": "peek", "next": state.deck[-1] if state.deck else None}]


def test_an_event_naming_a_hidden_card_is_a_reveal() -> None:
    game: Game = TellsTheDeck()
    register(game)
    m = new_match("toy_tells", 3, seed=4)
    assert reveals(m, 0, "bid 2")  # the same secret bid as above, now with a peek
    assert not reveals(new_match(GAME.info.id, 3, seed=4), 0, "bid 2")


def test_the_match_is_left_unchanged() -> None:
    m = new_match(GAME.info.id, 2, seed=4)
    before = m.to_json()
    reveals(m, 0, "bid 3")
    assert m.to_json() == before
