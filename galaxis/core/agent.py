"""The agent protocol: anything with ``act(match, seat)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from galaxis.core.actions import Action
    from galaxis.core.match import Match


@runtime_checkable
class Agent(Protocol):
    def act(self, match: Match, seat: int) -> Action:
        """One of ``match.legal_actions(seat)``; reads only ``match.observation(seat)``
        and copies made by ``match.determinize(seat, ...)``."""
        ...
