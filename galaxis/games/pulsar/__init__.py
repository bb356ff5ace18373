"""Pulsar 2849 (id ``pulsar``): dice drafting around a median, flights through a star cluster,
gyrodynes, transmitters, patents and HQ projects (seed 001)."""

from galaxis.games.pulsar.rules import Pulsar

GAME = Pulsar()

__all__ = ["GAME", "Pulsar"]
