"""Káosz Galaktika (id ``kaosz``): the collectible card game of seed 004."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from galaxis.games.kaosz.rules import Kaosz

    GAME: Kaosz

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME`` and ``Kaosz`` load the rules on first use, so that ``info.py`` (the game's
    declarative facts) can be imported without them (``galaxis list``)."""
    if name not in ("GAME", "Kaosz"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from galaxis.games.kaosz import rules

    with _lock:  # one GAME, even when two threads ask first
        if "GAME" not in globals():
            globals().update(Kaosz=rules.Kaosz, GAME=rules.Kaosz())
    return globals()[name]


__all__ = ["GAME", "Kaosz"]
