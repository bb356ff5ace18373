from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path, toy_game) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    """The app on a fresh SQLite file, with the toy game registered."""
    from galaxis.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'test.db'}")
    with TestClient(app) as c:
        yield c
