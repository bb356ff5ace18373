"""Space Empires 4X (id ``space_empires``): the 4X hex-map game of seed 002's base rules."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires

    GAME: SpaceEmpires

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME`` and ``SpaceEmpires`` load the rules on first use, so that ``info.py`` (the game's
    declarative facts) can be imported without them (``galaxis list``)."""
    if name not in ("GAME", "SpaceEmpires"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from galaxis.games.space_empires import rules

    with _lock:  # one GAME, even when two threads ask first
        if "GAME" not in globals():
            globals().update(SpaceEmpires=rules.SpaceEmpires, GAME=rules.SpaceEmpires())
    return globals()[name]


__all__ = ["GAME", "SpaceEmpires"]
