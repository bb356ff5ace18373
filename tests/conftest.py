"""Shared test set-up, kept minimal and game-agnostic.

The repository root goes on ``sys.path`` so that ``tests.toy_games`` (and helper
modules such as ``tests.conformance.checks``) import the same way whether pytest
is started as ``pytest`` or ``python -m pytest``, with or without xdist.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture
def toy_game():  # type: ignore[no-untyped-def]
    """The toy Goofspiel game, registered under ``toy_gops`` (registration is idempotent)."""
    from galaxis.core import register
    from tests.toy_games import GAME

    register(GAME)
    return GAME
