"""Fixtures of the command-line tests: the toy game registered in-process, and a
runner that calls the Typer app directly (no subprocess, no environment tricks)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from types import ModuleType

import pytest
from typer.testing import CliRunner

from galaxis.core import UnknownGame, get_game, register
from galaxis.core.registry import unregister


@pytest.fixture
def toy() -> Iterator[ModuleType]:
    """Registers the toy Goofspiel game (id ``toy_gops``) for one test, and leaves the
    registry as it found it (another suite in the same worker may have registered it)."""
    module = importlib.import_module("tests.toy_games")
    game_id = module.GAME.info.id
    try:
        previous = get_game(game_id)
    except UnknownGame:
        previous = None
    register(module.GAME)
    yield module
    if previous is None:
        unregister(game_id)
    else:
        register(previous)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
