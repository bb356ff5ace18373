"""The conformance checks can fail: each planted bug in a copy of the toy game is caught.

The broken games are registered only while their test runs, so they never join
the parametrised suite.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

import pytest

from galaxis.core import Action, Choice, Game, Result, Rng, ScoreBreakdown, SeatPanel, register, seat_ref
from galaxis.core.registry import unregister
from tests.conformance import checks
from tests.toy_games import Gops, GopsState, Pig, PigState


class LeakyObservation(Gops):
    """Shows the hidden deck order to everyone."""

    def observation(self, state: GopsState, seat: int | None) -> dict[str, Any]:
        return {**super().observation(state, seat), "deck": list(state.deck)}


class LeakySvg(Gops):
    """A correct observation, but the picture prints the next prize."""

    def render_svg(self, state: GopsState, seat: int | None, lang: str = "en") -> str:
        nxt = state.deck[-1] if state.deck else 0
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{nxt}</text></svg>'


class LeakyLogLine(Gops):
    """Writes every bid into the log that everyone reads (the Káosz face-down bug)."""

    def log_line(
        self, state: GopsState, seat: int, action: Action, lang: str = "en", viewer: Any = None
    ) -> str:
        return f"{seat_ref(seat)} bids {action.notation.split()[1]}"


class LeakyEventLog(Gops):
    """Tells everyone the next prize after each action."""

    def log_events(
        self, state: GopsState, events: list[Any], lang: str = "en", viewer: Any = None
    ) -> list[str]:
        return [f"next prize {state.deck[-1] if state.deck else 0}"]


class LeakyPrompt(Gops):
    """The status bar names the next prize."""

    def prompt(self, state: GopsState, seat: int | None, lang: str = "en") -> str:
        return f"Bid for {state.prize}; then {state.deck[-1] if state.deck else 0} comes"


class LeakyPanel(Gops):
    """The player panels count the opponents' secret bids into their scores."""

    def seat_panels(self, state: GopsState, viewer: int | None, lang: str = "en") -> list[SeatPanel]:
        return [
            SeatPanel("#ffffff", "white", float(s + b)) for s, b in zip(state.scores, state.bids, strict=True)
        ]


class WrongBreakdown(Gops):
    """A breakdown whose totals are not the result's scores."""

    def score_breakdown(self, state: GopsState, viewer: int | None, lang: str = "en") -> ScoreBreakdown:
        bd = super().score_breakdown(state, viewer, lang)
        return replace(bd, totals=tuple(t + 1 for t in bd.totals))


class BadChoice(Gops):
    """A status-bar button for an action that is not legal."""

    def choices(self, state: GopsState, seat: int, lang: str = "en") -> list[Choice]:
        return [Choice("Bid nothing", ("bid 0",))]


class LazyDeterminize(Gops):
    """Claims hidden information but never re-samples it: the safety test would be vacuous."""

    def determinize(self, state: GopsState, seat: int | None, rng: Rng) -> GopsState:
        return state


class NoSecret(Gops):
    """Declares hidden information (the GameInfo default) but does not describe it."""

    def secret(self, state: GopsState, viewer: int | None) -> Any:
        return None


class BrokenInvariant(Gops):
    def invariants(self, state: GopsState) -> list[str]:
        return ["a deliberately broken law"] if len(state.deck) < 2 else []


class UnnormalNotation(Gops):
    """Offers 'Bid 3' but normalizes input to lower case, so its own notation does not round-trip."""

    def legal_actions(self, state: GopsState, seat: int) -> list[Action]:
        return [self.table.get(f"Bid {c}") for c in state.hands[seat]]

    def normalize(self, notation: str) -> str:
        return " ".join(notation.lower().split())

    def apply(self, state: GopsState, seat: int, action: Action) -> list[dict[str, Any]]:
        return super().apply(state, seat, Action(action.lower()))


class Endless(Gops):
    """Deals a fresh round whenever the deck runs out: the game never ends."""

    def apply(self, state: GopsState, seat: int, action: Action) -> list[dict[str, Any]]:
        events = super().apply(state, seat, action)
        if state.prize == 0:
            state.hands = [[1, 2, 3] for _ in state.hands]
            state.deck = [1, 2]
            state.prize = 3
        return events


class BadRanking(Gops):
    def result(self, state: GopsState) -> Result:
        return Result([float(s) for s in state.scores], [[0]])


class UnseededSetup(Gops):
    """Shuffles with Python's global generator instead of the match's: not deterministic."""

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> GopsState:
        state = super().setup(players, options, rng)
        random.shuffle(state.deck)
        return state


class OutOfTurnActions(Gops):
    """Lists moves for a seat and also lets a finished seat keep 'acting' through to_move."""

    def to_move(self, state: GopsState) -> tuple[int, ...]:
        return () if state.prize == 0 else tuple(range(state.players))

    def legal_actions(self, state: GopsState, seat: int) -> list[Action]:
        if state.bids[seat]:
            return []
        return super().legal_actions(state, seat)


@dataclass(slots=True)
class LoggedState(GopsState):
    # Declared immutable (a tuple) but holding a list that apply() appends to:
    # the generated clone then shares it between copies.
    log: tuple[int, ...] = ()


class SharedLog(Gops):
    state_type = LoggedState

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> LoggedState:
        base = super().setup(players, options, rng)
        return LoggedState(**{f.name: getattr(base, f.name) for f in fields(base)}, log=[])  # type: ignore[arg-type]

    def apply(self, state: LoggedState, seat: int, action: Action) -> list[dict[str, Any]]:  # type: ignore[override]
        if isinstance(state.log, tuple):  # as loaded from JSON
            state.log = list(state.log)  # type: ignore[assignment]
        state.log.append(seat)  # type: ignore[attr-defined]
        return super().apply(state, seat, action)


class PeekingPig(Pig):
    """Perfect information, but the view predicts the next die from the generator."""

    def observation(self, state: PigState, seat: int | None) -> dict[str, Any]:
        return {**super().observation(state, seat), "next_die": state.rng.clone().d6()}


class SecretivePig(Pig):
    """Declares no hidden information yet describes a secret."""

    def secret(self, state: PigState, viewer: int | None) -> Any:
        return {"rng": state.rng.to_json()}


def _variant(cls: type[Game], game_id: str) -> Game:
    game = cls()
    # a distinct id per variant; GameInfo is frozen, so build a new one
    game.info = replace(cls.info, id=game_id)
    return game


@pytest.fixture
def planted() -> Iterator[Any]:
    registered: list[str] = []

    def make(cls: type[Game]) -> str:
        game_id = f"toy_broken_{cls.__name__.lower()}"
        register(_variant(cls, game_id))
        registered.append(game_id)
        return game_id

    yield make
    for game_id in registered:
        unregister(game_id)


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (LeakyObservation, "determinizing changed"),
        (LeakySvg, "render_svg reveals hidden information"),
        (LazyDeterminize, "no determinization changed secret()"),
        (NoSecret, "secret() is always None"),
        (BrokenInvariant, "invariants violated"),
        (UnnormalNotation, "normalize("),
        (BadRanking, "ranking"),
        (UnseededSetup, "differ"),
        (OutOfTurnActions, "is to move but has no legal action"),
        (SharedLog, "playing on a clone changed the original"),
        (PeekingPig, "determinizing changed the viewer's observation"),
        (SecretivePig, "declares no hidden information but secret() returns values"),
        (LeakyLogLine, "but the log tells them apart"),
        (LeakyEventLog, "log of what"),
        (LeakyPrompt, "prompt reveals hidden information"),
        (LeakyPanel, "panels reveals hidden information"),
        (WrongBreakdown, "score_breakdown totals"),
        (BadChoice, "names illegal actions"),
    ],
)
def test_planted_bug_is_caught(planted: Any, cls: type[Game], message: str) -> None:
    game_id = planted(cls)
    with pytest.raises(AssertionError) as err:
        for seed in range(3):
            checks.play_and_check(game_id, 2, {}, seed)
    assert message in str(err.value)


def test_endless_game_is_reported(planted: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "MAX_STEPS", 300)
    game_id = planted(Endless)
    with pytest.raises(AssertionError, match="did not end within 300"):
        checks.play_and_check(game_id, 2, {"cards": 3}, 0)


@pytest.mark.parametrize("cls", [Gops, Pig])
def test_the_correct_toy_games_pass(planted: Any, cls: type[Game]) -> None:
    game_id = planted(cls)
    for seed in range(2):
        match = checks.play_and_check(game_id, 3, {}, seed)
        assert match.is_over
