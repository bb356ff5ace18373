"""Error classes, the registry, actions and agent spec strings."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest

import galaxis
from galaxis.agents import make_agent
from galaxis.agents.spec import parse_spec
from galaxis.core import Action, ActionTable, errors, get_game, register
from galaxis.core.errors import BadAgentSpec, GalaxisError, IllegalAction, UnknownGame
from galaxis.core.registry import game_ids, unregister


def test_every_error_class_is_a_galaxis_error() -> None:
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, Exception)]
    assert len(classes) >= 6
    for cls in classes:
        assert issubclass(cls, GalaxisError), cls
    for name in ("BadAgentSpec", "BadMatchFile", "BadOption", "GalaxisError", "IllegalAction", "UnknownGame"):
        assert getattr(galaxis, name) is getattr(errors, name)


def test_illegal_action_fields() -> None:
    exc = IllegalAction("you cannot do that", "rules: bidding")
    assert (exc.reason, exc.rule) == ("you cannot do that", "rules: bidding")
    assert str(exc) == "you cannot do that [rules: bidding]"
    assert str(IllegalAction("plain")) == "plain" and IllegalAction("plain").rule == ""


# --- registry ------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["no_such_game", "", "SMUGGLERS ", None, 3])
def test_unknown_game(bad: Any) -> None:
    with pytest.raises(UnknownGame) as err:
        get_game(bad)
    assert isinstance(err.value, KeyError) and isinstance(err.value, GalaxisError)
    message = str(err.value)
    assert "unknown game" in message and "known games" in message
    assert not message.startswith(("'", '"'))  # a readable sentence, not KeyError's quoted repr


def test_register_and_unregister(toy_game: Any) -> None:
    assert get_game("toy_gops") is toy_game
    assert "toy_gops" in game_ids()
    unregister("toy_gops")
    try:
        assert "toy_gops" not in game_ids()
        with pytest.raises(UnknownGame):
            get_game("toy_gops")
    finally:
        register(toy_game)
    assert get_game("toy_gops") is toy_game


def test_game_ids_are_sorted_and_unique(toy_game: Any) -> None:
    ids = game_ids()
    assert ids == sorted(set(ids))


# --- actions --------------------------------------------------------------------------


def test_action_is_its_notation() -> None:
    a = Action("pay C -r", ("card-C",), "pay")
    assert a == "pay C -r" and a.notation == "pay C -r" and type(a.notation) is str
    assert a.targets == ("card-C",) and a.kind == "pay"
    assert hash(a) == hash("pay C -r")
    assert json.loads(json.dumps(a.to_json())) == {
        "notation": "pay C -r",
        "kind": "pay",
        "targets": ["card-C"],
    }
    assert json.dumps(a) == '"pay C -r"'
    assert repr(a) == "Action('pay C -r')"


def test_action_table_interns() -> None:
    table = ActionTable()
    first = table.get("C5", ("card-C",), "bid")
    assert table.get("C5") is first
    assert table.get("C6") is not first


# --- agent specs -----------------------------------------------------------------------


def test_spec_parsing() -> None:
    assert parse_spec("random") == ("random", {})
    assert parse_spec(" MCTS:iters=2000, c=1.4 ,name=x,flag=true") == (
        "mcts",
        {"iters": 2000, "c": 1.4, "name": "x", "flag": True},
    )


@pytest.mark.parametrize("bad", ["", "   ", None, 5, "mcts:iters", "mcts:=3", "mcts:iters=1,", "mcts:,"])
def test_bad_spec_strings(bad: Any) -> None:
    with pytest.raises(BadAgentSpec):
        parse_spec(bad)


@pytest.mark.parametrize("bad", ["no_such_agent", "human", "random:speed=3", "greedy:iters=2", ":x=1", ""])
def test_bad_agent_specs(bad: str) -> None:
    with pytest.raises(BadAgentSpec) as err:
        make_agent(bad)
    assert isinstance(err.value, GalaxisError) and isinstance(err.value, ValueError)
    assert str(err.value)
    with pytest.raises(BadAgentSpec):
        galaxis.agent(bad)


@pytest.mark.parametrize("spec", ["random", "greedy", "heuristic"])
def test_basic_agents_play_legal_moves(spec: str, toy_game: Any) -> None:
    match = galaxis.new_match("toy_gops", 2, seed=3)
    bots = [galaxis.agent(spec, seed=s) for s in range(2)]
    while not match.is_over:
        for seat in match.to_move:
            action = bots[seat].act(match, seat)
            assert action in match.legal_actions(seat)
            match.apply(seat, action)
            break
    assert match.is_over
