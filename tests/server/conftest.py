from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from galaxis.core import Game, register
from galaxis.core.registry import game_ids, unregister


@pytest.fixture
def add_game() -> Iterator[Callable[[Game], None]]:
    """Registers test games for one test and removes them afterwards, so tests
    that run later in the same (xdist) worker see the usual registry."""
    added: list[str] = []

    def add(game: Game) -> None:
        if game.info.id not in game_ids():
            added.append(game.info.id)
        register(game)

    yield add
    for game_id in added:
        unregister(game_id)


@pytest.fixture
def toy(add_game: Callable[[Game], None]) -> Game:
    from tests.toy_games import GAME

    add_game(GAME)
    return GAME


@pytest.fixture
def client(tmp_path: Path, toy: Game) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, with the toy game registered. Per-address rate
    limits are off (every request comes from the test client); test_server_trust.py
    tests them."""
    from galaxis.server import create_app
    from galaxis.server.limits import RateLimits

    app = create_app(f"sqlite:///{tmp_path / 'test.db'}", rate_limits=RateLimits.off())
    with TestClient(app) as c:
        yield c
