"""Errors raised through the public API.

Every error a user can provoke is a ``GalaxisError``: the command line and the
server turn it into a one-line message, never a traceback. Its message may be
a bilingual ``Msg`` (galaxis/core/messages.py); ``localized(lang)`` gives it in
the reader's language, ``str()`` in English.
"""

from __future__ import annotations

from typing import Any

from galaxis.core.messages import Text, render


class GalaxisError(Exception):
    """Base class of every error caused by bad input rather than a bug."""

    def __init__(self, *args: object) -> None:
        self.message: object = args[0] if args else ""
        super().__init__(*(str(a) if isinstance(a, Text) else a for a in args))

    def localized(self, lang: str = "en") -> str:
        """The message in ``lang`` (English when it was given as plain text)."""
        if isinstance(self.message, Text):
            return self.message.render(lang)
        return str(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, *self.args[1:]))


class IllegalAction(GalaxisError):
    """An action refused by the rules; the match is left unchanged.

    ``reason`` is a readable sentence, ``rule`` names the rule it breaks (a
    section of ``docs/games/<id>.md``, or ``core: ...`` for engine-level checks).
    Both are English strings; ``reason_in(lang)`` and ``rule_in(lang)`` give them
    in another language when they were made from a catalogue (``Msg``, ``RuleRef``).
    """

    def __init__(self, reason: str | Text, rule: str | Text = "") -> None:
        self.reason_text = reason
        self.rule_text = rule
        self.reason = render(reason)
        self.rule = render(rule)
        super().__init__(f"{self.reason} [{self.rule}]" if self.rule else self.reason)
        self.message = reason

    def reason_in(self, lang: str = "en") -> str:
        return render(self.reason_text, lang)

    def rule_in(self, lang: str = "en") -> str:
        return render(self.rule_text, lang)

    def localized(self, lang: str = "en") -> str:
        reason, rule = self.reason_in(lang), self.rule_in(lang)
        return f"{reason} [{rule}]" if rule else reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (IllegalAction, (self.reason_text, self.rule_text))


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
