"""State records of three Close Encounters options (rules: docs/games/space_empires.md §10.6-§10.8):
Reaction Movement, Research and Industrial Centers, and the alliances between team members."""

from __future__ import annotations

from dataclasses import dataclass, field

from galaxis.core import Record


@dataclass(slots=True)
class ReactionState(Record):
    """§10.6: who reacted in which turn (seat letter -> the turn's stamp ``cycle * 3 + turn``)."""

    reacted: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class CentersState(Record):
    """§10.7: the centers built (colony hex -> "research" | "industrial", and the seat that built it),
    each seat's Research Points of this Economic Phase (and how many it received when the phase
    opened), and the centers bought this phase, placed when it ends (secret until then)."""

    kinds: dict[str, str] = field(default_factory=dict)
    owners: dict[str, int] = field(default_factory=dict)
    rp: list[int] = field(default_factory=list)
    rp_income: list[int] = field(default_factory=list)
    queue: list[list[str]] = field(default_factory=list)  # [seat letter, "research" | "industrial", hex]


@dataclass(slots=True)
class AllianceState(Record):
    """§10.8: the alliance in play between team members and the seat that founded each colony."""

    kind: str = "none"  # "none" | "uneasy" | "blood_brothers"
    founders: dict[str, int] = field(default_factory=dict)  # colony hex -> the seat that founded it
