"""Káosz Galaktika (id ``kaosz``): the collectible card game of seed 004."""

from galaxis.games.kaosz.rules import Kaosz

GAME = Kaosz()

__all__ = ["GAME", "Kaosz"]
