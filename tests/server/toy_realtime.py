"""The toy game with a real-time policy (the game's ``realtime`` hook): used in
process by the real-time tests and registered by ``launch.py`` for server
processes."""

from __future__ import annotations

from typing import Any

from galaxis.core import GameInfo
from tests.toy_games import Gops


class RealtimeGops(Gops):
    """The toy with a real-time policy: 'reveal' events start a countdown."""

    def __init__(self, game_id: str, cooldown_ms: int, countdown_ms: int) -> None:
        super().__init__()
        self.info = GameInfo(
            id=game_id,
            name=game_id,
            min_players=2,
            max_players=3,
            options=dict(Gops.info.options),
            setup_keys=("deck",),
        )
        self.policy = {
            "cooldown_ms": cooldown_ms,
            "countdown_ms": countdown_ms,
            "countdown_events": ["reveal"],
        }

    def realtime(self, options: dict[str, Any]) -> dict[str, Any] | None:
        return self.policy


# Registered by launch.py: pacing long enough to observe across processes.
MULTI = RealtimeGops("toy_rt_multi", cooldown_ms=3000, countdown_ms=6000)
