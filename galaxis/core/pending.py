"""The pending-decision stack: how compound moves become atomic decisions.

A compound move (pay a sector with a choice for each ship, refill one item at
a time, a flight with stops) pushes ``Step`` records; the top step says who
decides what next. ``legal_actions`` lists the options of the top step and
``apply`` pops or updates it. Keeping the stack in the state makes it part of
clone, JSON and replay like everything else (TAG's ``IExtendedSequence``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from galaxis.core.record import Record


@dataclass(slots=True)
class Step(Record):
    """One pending decision: its ``kind``, the deciding ``seat`` and its data."""

    kind: str
    seat: int
    data: Any = field(default_factory=dict)


def top(stack: list[Step]) -> Step | None:
    return stack[-1] if stack else None
