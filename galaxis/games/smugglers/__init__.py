"""Space Smugglers (id ``smugglers``): the real-time dice-auction smuggler game of seed 000."""

from galaxis.games.smugglers.rules import Smugglers

GAME = Smugglers()

__all__ = ["GAME", "Smugglers"]
