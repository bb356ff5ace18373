"""Space Smugglers (id ``smugglers``): the real-time dice-auction smuggler game of seed 000."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from galaxis.games.smugglers.rules import Smugglers

    GAME: Smugglers

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME`` and ``Smugglers`` load the rules on first use, so that ``info.py`` (the game's
    declarative facts) can be imported without them (``galaxis list``)."""
    if name not in ("GAME", "Smugglers"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from galaxis.games.smugglers import rules

    with _lock:  # one GAME, even when two threads ask first
        if "GAME" not in globals():
            globals().update(Smugglers=rules.Smugglers, GAME=rules.Smugglers())
    return globals()[name]


__all__ = ["GAME", "Smugglers"]
