"""Stellium (id ``stellium``): marbles on six rotating galaxies, seed 003 (Ankama 2017)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from galaxis.games.stellium.rules import Stellium

    GAME: Stellium

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME`` and ``Stellium`` load the rules on first use, so that ``info.py`` (the game's
    declarative facts) can be imported without them (``galaxis list``)."""
    if name not in ("GAME", "Stellium"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from galaxis.games.stellium import rules

    with _lock:  # one GAME, even when two threads ask first
        if "GAME" not in globals():
            globals().update(Stellium=rules.Stellium, GAME=rules.Stellium())
    return globals()[name]


__all__ = ["GAME", "Stellium"]
