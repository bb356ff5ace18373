"""The ``Game`` base class defaults, ``GameInfo``, ``Result`` and the pending-decision stack."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from galaxis.core import (
    BadOption,
    Game,
    GameInfo,
    IllegalAction,
    Rng,
    Step,
    match_from_json,
    new_match,
    register,
)
from galaxis.core.pending import top
from galaxis.core.registry import unregister
from tests.toy_games import PIG, Gops, GopsState


class Markup(Gops):
    """The toy game with characters in its observation that SVG must escape."""

    def observation(self, state: GopsState, seat: int | None) -> dict[str, Any]:
        return {**super().observation(state, seat), "note": "<b>&amp; 'quotes' \"double\"</b>"}


def test_default_render_svg_escapes_markup() -> None:
    game = Markup()
    state = game.setup(2, {"cards": 3}, Rng(1))
    svg = game.render_svg(state, 0)
    root = ET.fromstring(svg)
    assert "<b>&amp;" in "".join(root.itertext())


def test_default_normalize_collapses_spaces() -> None:
    assert Gops().normalize("  pay   C \t -r ") == "pay C -r"


def test_default_explain_illegal_lists_legal_moves() -> None:
    game = PIG
    state = game.setup(2, {"target": 20, "order": "clockwise", "bonus": False}, Rng(1))
    exc = game.explain_illegal(state, 0, "fly")
    assert isinstance(exc, IllegalAction)
    assert "“fly”" in exc.reason and "roll" in exc.reason and "bank" in exc.reason
    assert exc.rule == "core: legal actions"


def test_default_evaluate_is_in_the_unit_interval(toy_game: Any) -> None:
    m = new_match("toy_gops", 3, seed=2, options={"cards": 3, "setup": {"deck": [1, 2, 3]}})
    assert toy_game.evaluate(m.state, 0) == 0.5  # all level
    m.apply(0, "bid 3")
    m.apply(1, "bid 1")
    m.apply(2, "bid 2")
    assert toy_game.evaluate(m.state, 0) == 1.0 and toy_game.evaluate(m.state, 1) == 0.0


def test_validate_players() -> None:
    for bad in (1, 4, True, "3", None):
        with pytest.raises(BadOption, match="2 to 3 players"):
            Gops().validate_players(bad)  # type: ignore[arg-type]
    Gops().validate_players(3)


def test_game_info_json() -> None:
    info = GameInfo("x", "X", 2, 5, {"fast": {"type": "bool", "default": False, "help": "h"}})
    data = json.loads(json.dumps(info.to_json()))
    assert (
        data["id"] == "x" and data["name_hu"] == "X" and data["min_players"] == 2 and data["max_players"] == 5
    )
    assert data["options"]["fast"]["default"] is False and data["hidden_information"] is True
    data["options"]["fast"]["default"] = True
    assert info.options["fast"]["default"] is False  # the JSON is a copy


def test_pending_steps_clone_and_round_trip() -> None:
    stack = [Step("pay", 1, {"card": "C", "left": [1, 2]}), Step("refill", 0)]
    assert top(stack) is stack[-1] and top([]) is None
    copy = [s.clone() for s in stack]
    copy[0].data["left"].append(3)
    assert stack[0].data == {"card": "C", "left": [1, 2]}
    restored = [Step.from_json(json.loads(json.dumps(s.to_json()))) for s in stack]
    assert restored == stack
    assert restored[1].data == {}


def test_pending_step_survives_match_round_trip() -> None:
    """A match paused on a pending decision reloads on it (the toy Pig keeps one on a 6)."""
    register(PIG)
    try:
        for seed in range(200):
            m = new_match("toy_pig", 2, seed=seed)
            m.apply(0, "roll")
            if m.state.pending:
                break
        else:
            pytest.fail("no 6 rolled in 200 seeds")
        assert [a.notation for a in m.legal_actions(0)] == ["keep", "reroll"]
        loaded = match_from_json(json.loads(json.dumps(m.to_json())))
        assert loaded.state.pending == m.state.pending
        assert [a.notation for a in loaded.legal_actions(0)] == ["keep", "reroll"]
        with pytest.raises(IllegalAction):
            loaded.apply(0, "bank")  # the pending decision comes first
    finally:
        unregister("toy_pig")


# --- the hook table -----------------------------------------------------------------------------------
def _words_for(game: Any, state: GopsState, action: Any, lang: str = "en") -> str:
    if lang == "xx":  # an implementation may leave a case to the default
        return str(Game.default_of("describe")(game, state, action, lang))
    return f"{game.info.id}: bid {action.notation} ({lang})"


class _Bot:
    def __init__(self, seed: int) -> None:
        self.seed = seed


class Hooked(Gops):
    """The toy game naming a view and a bot in its table (absolute module names here)."""

    hooks = {"describe": f"{__name__}:_words_for", "heuristic_agent": f"{__name__}:_Bot"}


class HookedAndOverridden(Hooked):
    def describe(self, state: GopsState, action: Any, lang: str = "en") -> str:
        return "overridden"


def test_hook_table_entry_is_called_with_the_game_first() -> None:
    game = Hooked()
    state = game.setup(2, {"cards": 3}, Rng(1))
    action = game.legal_actions(state, 0)[0]
    assert game.describe(state, action, "hu") == f"toy_gops: bid {action.notation} (hu)"
    assert game.describe(state, action, lang="hu").endswith("(hu)")
    assert game.describe(state, action, "xx") == action.notation
    bot = game.heuristic_agent(7)
    assert isinstance(bot, _Bot) and bot.seed == 7


def test_without_an_entry_the_default_runs_and_an_override_wins() -> None:
    plain = Gops()
    state = plain.setup(2, {"cards": 3}, Rng(1))
    action = plain.legal_actions(state, 0)[0]
    assert plain.describe(state, action) == action.notation
    assert plain.heuristic_agent(1) is None and plain.observation_encoder(2, {}) is None
    assert HookedAndOverridden().describe(state, action) == "overridden"
    assert isinstance(HookedAndOverridden().heuristic_agent(1), _Bot)  # inherited entry


def test_a_table_entry_that_names_no_hook_or_no_attribute_fails_at_import() -> None:
    with pytest.raises(TypeError, match="is not a hook"):

        class Typo(Gops):
            hooks = {"render_tetx": ".text:render_text"}

    with pytest.raises(TypeError, match="module:attribute"):

        class NoAttribute(Gops):
            hooks = {"render_text": "galaxis.core.game"}


def test_a_game_without_observation_says_so() -> None:
    class Blind(Gops):
        observation = Game.observation  # type: ignore[assignment]

    game = Blind()
    with pytest.raises(NotImplementedError, match="observation"):
        game.observation(game.setup(2, {"cards": 3}, Rng(1)), 0)
