"""Matches saved before a rule change load and replay with the rules they were played with.

A rule change that a saved match could feel comes with an option: the new reading is the
default, the old one stays a value of the option, and the option's ``legacy`` value is the one
an older record (which lacks the option) takes. The state field the option sets is declared
with ``added(default)``: a state saved before the field existed loads with that default and
saves again byte for byte. This test plays a tiny counting game under its "old" rules, saves it,
and loads it under the "new" game definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from galaxis.core import (
    Action,
    Game,
    GameInfo,
    Record,
    Result,
    Rng,
    match_from_json,
    new_match,
    rank_by_keys,
    resolve_options,
)
from galaxis.core.record import added
from galaxis.core.registry import register, unregister

GAME_ID = "toy_rule_change"


@dataclass(slots=True)
class OldState(Record):
    rng: Rng
    total: int
    turn: int


@dataclass(slots=True)
class NewState(Record):
    rng: Rng
    total: int
    turn: int
    # added later: False (the old rules) is its default, so older saves read as before
    doubles: bool = added(False)


OLD_INFO = GameInfo(id=GAME_ID, name="Rule change (test toy)", min_players=1, max_players=1)
NEW_INFO = GameInfo(
    id=GAME_ID,
    name="Rule change (test toy)",
    min_players=1,
    max_players=1,
    options={
        "doubling": {
            "type": "choice",
            "default": "double",
            "legacy": "single",
            "choices": ["double", "single"],
            "help": "a 2 counts twice (the new default) or once (as before)",
        }
    },
)


class Counting(Game):
    """One seat adds 1 or 2 five times; the new rules count a 2 twice."""

    info = OLD_INFO
    state_type: type[Record] = OldState

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> Record:
        return OldState(rng, 0, 0)

    def to_move(self, state: Any) -> tuple[int, ...]:
        return () if state.turn >= 5 else (0,)

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        return [Action("1", args=(1,)), Action("2", args=(2,))]

    def doubled(self, state: Any) -> bool:
        return False

    def apply(self, state: Any, seat: int, action: Action) -> list[dict[str, Any]]:
        n = action.args[0]
        state.total += 2 * n if n == 2 and self.doubled(state) else n
        state.turn += 1
        return []

    def is_over(self, state: Any) -> bool:
        return state.turn >= 5

    def result(self, state: Any) -> Result:
        return Result([float(state.total)], rank_by_keys([[state.total]]))

    def observation(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {"total": state.total, "turn": state.turn}


class CountingNow(Counting):
    info = NEW_INFO
    state_type = NewState

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> Record:
        return NewState(rng, 0, 0, doubles=options["doubling"] == "double")

    def doubled(self, state: Any) -> bool:
        return bool(state.doubles)


@pytest.fixture
def versions() -> Any:
    yield
    unregister(GAME_ID)


def _play(moves: list[str], options: dict[str, Any] | None = None) -> Any:
    match = new_match(GAME_ID, 1, 3, options)
    for m in moves:
        match.apply(0, m)
    return match


MOVES = ["2", "1", "2", "2", "1"]


@pytest.mark.usefixtures("versions")
def test_a_match_saved_before_an_option_existed_keeps_its_rules() -> None:
    register(Counting())
    old = _play(MOVES[:3])
    saved = old.to_json()
    assert saved["options"] == {} and "doubles" not in saved["state"]
    unregister(GAME_ID)
    register(CountingNow())
    # a new match plays the new default
    assert _play(MOVES).state.total == 2 * 2 * 3 + 1 * 2
    for data in (saved, {k: v for k, v in saved.items() if k != "state"}):  # loaded and replayed
        loaded = match_from_json(data)
        assert loaded.options == {"doubling": "single"}
        assert loaded.state.doubles is False
        assert loaded.state.to_json() == saved["state"]  # saved again, byte for byte
        for m in MOVES[3:]:
            loaded.apply(0, m)
        assert loaded.state.total == 8  # 2 + 1 + 2 + 2 + 1: a 2 still counts once


@pytest.mark.usefixtures("versions")
def test_the_new_reading_is_saved_and_loads_again() -> None:
    register(CountingNow())
    match = _play(MOVES[:2])
    data = match.to_json()
    assert data["options"] == {"doubling": "double"} and data["state"]["doubles"] is True
    loaded = match_from_json(data)
    assert loaded.state.doubles is True and loaded.state.to_json() == data["state"]
    single = _play(MOVES[:2], {"doubling": "single"}).to_json()
    assert "doubles" not in single["state"]  # the old rules' value is not written


def test_only_recorded_options_take_the_legacy_value() -> None:
    assert resolve_options(NEW_INFO, {}) == {"doubling": "double"}
    assert resolve_options(NEW_INFO, {}, recorded=True) == {"doubling": "single"}
    assert resolve_options(NEW_INFO, {"doubling": "double"}, recorded=True) == {"doubling": "double"}


def test_an_added_field_needs_an_immutable_default_or_a_factory() -> None:
    with pytest.raises(TypeError):
        added([])

    @dataclass(slots=True)
    class Later(Record):
        turn: int
        acted: list[int] = added(factory=list)

    old = {"turn": 2}
    loaded = Later.from_json(old)
    assert loaded.acted == [] and loaded.to_json() == old
    loaded.acted.append(7)
    assert loaded.to_json() == {"turn": 2, "acted": [7]}
    assert Later.from_json(loaded.to_json()).acted == [7]
    assert Later.from_json(old).acted is not Later.from_json(old).acted  # a fresh list each time
