"""Actions: one atomic decision, named by its notation.

Two actions are equal when their notation is equal; the notation is the
stable, human-readable form that the terminal, the web client, logs and tests
all use. ``targets`` lists the ids of the board elements (SVG ``data-target``
attributes) that the action refers to, so a click can select it.
"""

from __future__ import annotations

from typing import Any


class Action(str):
    """An action is its notation string, with the board targets it refers to.

    Subclassing ``str`` makes comparisons and lookups run at C speed, lets
    ``match.apply(seat, "C5")`` and ``match.apply(seat, action)`` mean the same,
    and keeps actions JSON-safe.
    """

    targets: tuple[str, ...]
    kind: str
    args: tuple[Any, ...]

    def __new__(
        cls, notation: str, targets: tuple[str, ...] = (), kind: str = "", args: tuple[Any, ...] = ()
    ) -> Action:
        self = super().__new__(cls, notation)
        self.targets = targets
        self.kind = kind
        self.args = args  # the parsed meaning, for the game's own fast dispatch
        return self

    @property
    def notation(self) -> str:
        return str.__str__(self)

    def to_json(self) -> dict[str, Any]:
        return {"notation": str.__str__(self), "kind": self.kind, "targets": list(self.targets)}

    def __repr__(self) -> str:
        return f"Action({str.__repr__(self)})"


class ActionTable:
    """Interns a game's actions so that legal-move lists reuse the same objects.

    Building a fresh ``Action`` for every option of every decision costs more than
    the rules themselves in a fast game; a table of them costs one dict lookup.
    """

    __slots__ = ("_table",)

    def __init__(self) -> None:
        self._table: dict[str, Action] = {}

    def get(
        self, notation: str, targets: tuple[str, ...] = (), kind: str = "", args: tuple[Any, ...] = ()
    ) -> Action:
        action = self._table.get(notation)
        if action is None:
            action = self._table[notation] = Action(notation, targets, kind, args)
        return action
