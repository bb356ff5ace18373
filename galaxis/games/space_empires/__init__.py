"""Space Empires 4X (id ``space_empires``): the 4X hex-map game of seed 002's base rules."""

from galaxis.games.space_empires.rules import SpaceEmpires

GAME = SpaceEmpires()

__all__ = ["GAME", "SpaceEmpires"]
