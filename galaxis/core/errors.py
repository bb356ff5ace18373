"""Errors raised through the public API.

Every error a user can provoke is a ``GalaxisError``: the command line and the
server turn it into a one-line message, never a traceback.
"""

from __future__ import annotations


class GalaxisError(Exception):
    """Base class of every error caused by bad input rather than a bug."""


class IllegalAction(GalaxisError):
    """An action refused by the rules; the match is left unchanged.

    ``reason`` is a readable sentence, ``rule`` names the rule it breaks (a
    section of ``docs/games/<id>.md``, or ``core: ...`` for engine-level checks).
    """

    def __init__(self, reason: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} [{rule}]" if rule else reason)


class BadOption(GalaxisError, ValueError):
    """An unknown option, a value of the wrong type, or an impossible setup."""


class UnknownGame(GalaxisError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class BadAgentSpec(GalaxisError, ValueError):
    """An agent spec string that names no agent or has bad parameters."""


class BadMatchFile(GalaxisError, ValueError):
    """A saved match or result file that cannot be read."""
