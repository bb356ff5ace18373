"""Stellium (id ``stellium``): marbles on six rotating galaxies, seed 003 (Ankama 2017)."""

from galaxis.games.stellium.rules import Stellium

GAME = Stellium()

__all__ = ["GAME", "Stellium"]
