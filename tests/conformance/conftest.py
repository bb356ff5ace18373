"""Parametrises the conformance suite over every registered game plus the toy game.

Each (game, configuration, seed) is its own test item, so ``pytest -n auto``
spreads the work over the workers.
"""

from __future__ import annotations

from typing import Any

import pytest

from galaxis.core import register
from galaxis.core.registry import game_ids, get_game
from tests.conformance.configs import Config, configurations, seeds_for
from tests.toy_games import GAME as TOY_GAME

register(TOY_GAME)


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
