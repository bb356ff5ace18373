"""Option resolution and ranking helpers."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galaxis.core import BadOption, GalaxisError, GameInfo, rank_by_keys, resolve_options

INFO = GameInfo(
    id="opts",
    name="Options test",
    min_players=2,
    max_players=4,
    options={
        "fast": {"type": "bool", "default": False, "help": "a switch"},
        "rounds": {"type": "int", "default": 5, "min": 1, "max": 9, "help": "a number"},
        "free": {"type": "int", "default": 0, "help": "a number without bounds"},
        "mode": {"type": "choice", "default": "turns", "choices": ["turns", "realtime"], "help": "a choice"},
    },
    setup_keys=("deck", "nested"),
)
DEFAULTS = {"fast": False, "rounds": 5, "free": 0, "mode": "turns"}


def test_defaults_fill_in() -> None:
    assert resolve_options(INFO, None) == DEFAULTS
    assert resolve_options(INFO, {}) == DEFAULTS


def test_given_values_are_kept() -> None:
    got = resolve_options(INFO, {"fast": True, "rounds": 9, "mode": "realtime", "free": -40})
    assert got == {"fast": True, "rounds": 9, "free": -40, "mode": "realtime"}


def test_caller_dict_is_not_modified() -> None:
    given_options = {"fast": "yes", "setup": '{"deck": [1]}'}
    resolve_options(INFO, given_options)
    assert given_options == {"fast": "yes", "setup": '{"deck": [1]}'}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("TRUE", True),
        ("1", True),
        ("yes", True),
        (" on ", True),
        (1, True),
        ("false", False),
        ("0", False),
        ("no", False),
        ("Off", False),
        (0, False),
    ],
)
def test_bool_coercion(text: Any, value: bool) -> None:
    assert resolve_options(INFO, {"fast": text})["fast"] is value


@pytest.mark.parametrize(("text", "value"), [("7", 7), (" 3 ", 3), ("1", 1), ("9", 9)])
def test_int_coercion(text: str, value: int) -> None:
    assert resolve_options(INFO, {"rounds": text})["rounds"] == value


@pytest.mark.parametrize("bad", ["maybe", 2, -1, 0.5, None, [True], ""])
def test_bool_rejects_other_values(bad: Any) -> None:
    with pytest.raises(BadOption, match="fast"):
        resolve_options(INFO, {"fast": bad})


@pytest.mark.parametrize("bad", ["many", "5.0", 5.5, True, None, [5], ""])
def test_int_rejects_other_values(bad: Any) -> None:
    with pytest.raises(BadOption, match="rounds"):
        resolve_options(INFO, {"rounds": bad})


@pytest.mark.parametrize("bad", [0, 10, -3, "10", 1000])
def test_int_range(bad: Any) -> None:
    with pytest.raises(BadOption, match="between 1 and 9"):
        resolve_options(INFO, {"rounds": bad})


def test_unbounded_int_accepts_any_whole_number() -> None:
    assert resolve_options(INFO, {"free": 10**12})["free"] == 10**12


@pytest.mark.parametrize("bad", ["fast", "Turns", "", None, 1])
def test_choice_must_be_listed(bad: Any) -> None:
    with pytest.raises(BadOption, match="mode"):
        resolve_options(INFO, {"mode": bad})


def test_unknown_option_is_named() -> None:
    with pytest.raises(BadOption, match="colour") as err:
        resolve_options(INFO, {"colour": "red"})
    assert "known:" in str(err.value)


@pytest.mark.parametrize("bad", [["fast"], "fast=1", 5, [1], ("a", "b")])
def test_options_must_be_a_mapping(bad: Any) -> None:
    with pytest.raises(BadOption):
        resolve_options(INFO, bad)


def test_setup_as_dict_and_as_json_string() -> None:
    arrangement = {"deck": [3, 1, 2], "nested": {"a": None}}
    assert resolve_options(INFO, {"setup": arrangement})["setup"] == arrangement
    assert (
        resolve_options(INFO, {"setup": '{"deck": [3, 1, 2], "nested": {"a": null}}'})["setup"] == arrangement
    )
    assert "setup" not in resolve_options(INFO, {})


@pytest.mark.parametrize("bad", ["{not json", "[1, 2]", "3", '"text"', [1, 2], 7])
def test_bad_setup_is_refused(bad: Any) -> None:
    with pytest.raises(BadOption, match="setup"):
        resolve_options(INFO, {"setup": bad})


def test_bad_option_is_a_galaxis_value_error() -> None:
    with pytest.raises(GalaxisError):
        resolve_options(INFO, {"rounds": 100})
    assert issubclass(BadOption, ValueError)


# --- rank_by_keys ---------------------------------------------------------------


def test_ranking_best_first() -> None:
    assert rank_by_keys([[3], [7], [5]]) == [[1], [2], [0]]


def test_ties_share_a_group() -> None:
    assert rank_by_keys([[5], [7], [5], [1]]) == [[1], [0, 2], [3]]
    assert rank_by_keys([[2], [2], [2]]) == [[0, 1, 2]]


def test_later_keys_break_ties() -> None:
    assert rank_by_keys([[5, 1], [5, 3], [5, 1], [4, 9]]) == [[1], [0, 2], [3]]


def test_empty_ranking() -> None:
    assert rank_by_keys([]) == []


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2), min_size=1, max_size=7))
def test_ranking_partitions_and_orders(keys: list[list[int]]) -> None:
    groups = rank_by_keys(keys)
    assert sorted(s for g in groups for s in g) == list(range(len(keys)))
    for g in groups:
        assert g == sorted(g) and len({tuple(keys[s]) for s in g}) == 1
    heads = [tuple(keys[g[0]]) for g in groups]
    assert heads == sorted(heads, reverse=True) and len(set(heads)) == len(heads)
