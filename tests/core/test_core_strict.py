"""Strict input (#26, findings 3, 12 and 13): one seed validator, options without silent
coercion in strict mode, ``setup`` keys each game declares, bounded ``setup`` values."""

from __future__ import annotations

import time
from typing import Any

import pytest

from galaxis.core import SEED_MAX, BadOption, GameInfo, check_seed, new_match, resolve_options
from galaxis.core.registry import get_game

INFO = GameInfo(
    id="opts",
    name="Options test",
    min_players=2,
    max_players=4,
    options={
        "fast": {"type": "bool", "default": False, "help": "a switch"},
        "rounds": {"type": "int", "default": 5, "min": 1, "max": 9, "help": "a number"},
        "mode": {"type": "choice", "default": "turns", "choices": ["turns", "realtime"], "help": "a choice"},
        "size": {"type": "choice", "default": 2, "choices": [1, 2], "help": "a numeric choice"},
    },
    setup_keys=("deck", "first"),
)


@pytest.fixture(autouse=True)
def _toy(toy_game: Any) -> None:
    """The seed tests use the toy game."""


@pytest.mark.parametrize("seed", [0, 1, 2**48, SEED_MAX])
def test_seeds_in_range_are_kept(seed: int) -> None:
    assert check_seed(seed) == seed
    assert new_match("toy_gops", 2, seed).seed == seed


@pytest.mark.parametrize("seed", [-5, -1, SEED_MAX + 1, 10**40, True, 1.0, "7", None])
def test_one_seed_validator_refuses_the_same_seeds_everywhere(seed: Any) -> None:
    with pytest.raises(BadOption, match="seed must be a whole number from 0 to"):
        check_seed(seed)
    with pytest.raises(BadOption, match="seed must be a whole number from 0 to"):
        new_match("toy_gops", 2, seed)


def test_a_huge_seed_is_named_in_one_short_line() -> None:
    with pytest.raises(BadOption) as info:
        check_seed(10**400)
    assert len(str(info.value)) < 120 and "\n" not in str(info.value)


@pytest.mark.parametrize(
    "options",
    [
        {"fast": "yes"},
        {"fast": 1},
        {"fast": "true"},
        {"rounds": "2"},
        {"rounds": True},
        {"rounds": 2.5},
        {"size": "2"},
        {"size": True},
        {"mode": 1},
    ],
)
def test_strict_options_refuse_every_conversion(options: dict[str, Any]) -> None:
    with pytest.raises(BadOption, match=next(iter(options))):
        resolve_options(INFO, options, strict=True)


def test_lenient_options_still_convert_command_line_strings() -> None:
    got = resolve_options(INFO, {"fast": "yes", "rounds": "2"})
    assert got["fast"] is True and got["rounds"] == 2
    with pytest.raises(BadOption):  # a huge digit string is refused, never converted
        resolve_options(INFO, {"rounds": "9" * 5000})


def test_unknown_setup_keys_are_refused_with_the_known_ones() -> None:
    with pytest.raises(BadOption, match=r"unknown setup key\(s\) colour for opts; known: deck, first"):
        resolve_options(INFO, {"setup": {"deck": [1], "colour": "red"}})
    assert resolve_options(INFO, {"setup": {"deck": [1]}})["setup"] == {"deck": [1]}


@pytest.mark.parametrize("game_id", ["smugglers", "pulsar", "stellium", "kaosz", "space_empires"])
def test_every_game_declares_its_setup_keys(game_id: str) -> None:
    info = get_game(game_id).info
    with pytest.raises(BadOption, match="unknown setup key"):
        new_match(game_id, info.min_players, 1, {"setup": {"no_such_key": 1}})
    assert info.to_json()["setup_keys"] == list(info.setup_keys)


@pytest.mark.parametrize(
    "setup, fragment",
    [
        ({"deck": list(range(6000))}, "too large"),
        ({"deck": "x" * 20_000}, "longer than"),
        ({"deck": [[[[[[[[1]]]]]]]]}, "nested too deeply"),
        ({"deck": [10**40]}, "out of range"),
        ({"deck": [float("inf")]}, "out of range"),
        ("[" * 100_000, "longer than"),
    ],
)
def test_setup_values_are_bounded_before_a_game_reads_them(setup: Any, fragment: str) -> None:
    with pytest.raises(BadOption, match=fragment):
        resolve_options(INFO, {"setup": setup})


def test_an_absurd_kaosz_deck_text_is_refused_at_once() -> None:
    """Finding 3: 30 million copies took 20 s and 235 MB; 10**21 copies overflowed."""
    for text in ("30000000 Cobra Flash", "999999999999999999999 Cobra Flash", "46 Cobra Flash"):
        began = time.process_time()
        with pytest.raises(BadOption, match="45 cards"):
            new_match("kaosz", 2, 0, {"setup": {"decks": {"0": text}}})
        assert time.process_time() - began < 1.0


def test_a_kaosz_deck_text_over_45_cards_in_many_lines_is_refused() -> None:
    from galaxis.games.kaosz.decks import parse_deck_text

    with pytest.raises(ValueError, match="more than a deck's 45 cards"):
        parse_deck_text("3 Cobra Flash\n" * 16)
