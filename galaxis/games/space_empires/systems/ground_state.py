"""State records of Close Encounters ground combat (rules: docs/games/space_empires.md §10.1).

A colony's ground units are kept apart from the ship counters: they never move on their own, never
fight in space and are not counters on the map, so they live in a garrison per colony hex. A garrison
is secret like a face-down counter: only its owner sees what it holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from galaxis.core import Record


@dataclass(slots=True)
class Garrison(Record):
    owner: int  # the seat that owns the colony and its troops
    troops: list[str]  # ground unit type ids (data/units.yaml ``ground``), in the order they arrived


@dataclass(slots=True)
class Trooper(Record):
    tid: str  # "g1", "g2"... within one invasion
    kind: str
    side: int  # 0 the invader, 1 the colony's defender
    damage: int
    bonus: int  # +attack/+defense from the side's extra Grav Armor (§10.1)


@dataclass(slots=True)
class Invasion(Record):
    hex: str
    attacker: int
    defender: int
    round: int
    troopers: list[Trooper]
    queue: list[str]  # troopers still to fire this round, in firing order
    drop_ships: bool  # the invader has Ground Combat 3: its units fire in round 1


@dataclass(slots=True)
class GroundState(Record):
    garrisons: dict[str, Garrison]  # colony hex -> its ground units
    spent: dict[str, int]  # CP of ground units bought at each colony hex this Economic Phase
    free: list[int]  # per seat: free ground units still to place this Economic Phase
    aboard: dict[str, list[str]] = field(default_factory=dict)  # Transport unit id -> its ground units
    invasion: Invasion | None = None
    captured: dict[str, int] = field(default_factory=dict)  # captured colony hex -> its original owner
