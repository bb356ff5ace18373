"""Parametrises the conformance suite over every registered game plus the toy games.

Each (game, configuration, seed) is its own test item, so ``pytest -n auto``
spreads the work over the workers. ``toy_gops`` is registered for the whole
session (other test packages use it too); ``toy_pig`` only while collecting and
while its own conformance tests run, so it never shows up in other suites.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from galaxis.core import Game, register
from galaxis.core.registry import game_ids, get_game, unregister
from tests.conformance.configs import Config, configurations, heuristic_configurations, seeds_for
from tests.toy_games import GAME as TOY_GAME
from tests.toy_games import PIG

register(TOY_GAME)

# Games checked here but kept out of the registry outside their own tests.
PRIVATE_GAMES: dict[str, Game] = {PIG.info.id: PIG}


@contextmanager
def private_games_registered() -> Iterator[None]:
    added = [gid for gid in PRIVATE_GAMES if gid not in game_ids()]
    for gid in added:
        register(PRIVATE_GAMES[gid])
    try:
        yield
    finally:
        for gid in added:
            unregister(gid)


@pytest.fixture(autouse=True)
def _private_games() -> Iterator[None]:
    with private_games_registered():
        yield


def _all_games() -> list[tuple[str, Any]]:
    """(game id, Game or the import error as text), for every id in the registry."""
    out: list[tuple[str, Any]] = []
    for gid in game_ids():
        try:
            out.append((gid, get_game(gid)))
        except Exception as exc:  # a broken game must fail its tests, not the collection
            out.append((gid, f"{type(exc).__name__}: {exc}"))
    return out


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    with private_games_registered():
        _parametrize(metafunc)


def _parametrize(metafunc: pytest.Metafunc) -> None:
    if "conformance_game" in metafunc.fixturenames:
        ids = [gid for gid, _ in _all_games()]
        metafunc.parametrize("conformance_game", ids, ids=ids)
    if "conformance_case" in metafunc.fixturenames:
        cases: list[tuple[Config, int]] = []
        labels: list[str] = []
        for gid, game in _all_games():
            if isinstance(game, str):
                cases.append((Config(gid, 0, {}, gid, f"cannot load game {gid}: {game}"), 0))
                labels.append(f"{gid}-unloadable")
                continue
            for config in configurations(game):
                for seed in seeds_for(config):
                    cases.append((config, seed))
                    labels.append(f"{config.label}-s{seed}")
        metafunc.parametrize("conformance_case", cases, ids=labels)
    if "heuristic_case" in metafunc.fixturenames:
        chosen = [
            c
            for gid, game in _all_games()
            if not isinstance(game, str)
            for c in heuristic_configurations(game)
        ]
        metafunc.parametrize("heuristic_case", chosen, ids=[c.label for c in chosen])
