"""Pulsar 2849 (id ``pulsar``): dice drafting around a median, flights through a star cluster,
gyrodynes, transmitters, patents and HQ projects (seed 001)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from galaxis.games.pulsar.rules import Pulsar

    GAME: Pulsar

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME`` and ``Pulsar`` load the rules on first use, so that ``info.py`` (the game's
    declarative facts) can be imported without them (``galaxis list``)."""
    if name not in ("GAME", "Pulsar"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from galaxis.games.pulsar import rules

    with _lock:  # one GAME, even when two threads ask first
        if "GAME" not in globals():
            globals().update(Pulsar=rules.Pulsar, GAME=rules.Pulsar())
    return globals()[name]


__all__ = ["GAME", "Pulsar"]
