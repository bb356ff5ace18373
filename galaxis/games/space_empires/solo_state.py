"""State records of the solo opponents and scenario set-ups (rules: docs/games/space_empires.md,
"Scenarios" and "Solo opponents").

The opponents are not seats: their units are ordinary ``Unit`` records with a negative owner
(``DOOMSDAY`` for every Doomsday Machine, ``ALIEN_BASE - i`` for alien empire ``i``), and their
economic sheets live here. Everything an alien empire keeps secret on the table (its fleet, technology
and defence CP, its extra economic rolls and the CP inside a fleet that has not fought yet) is in
``Alien`` and ``AlienFleet``.
"""

from __future__ import annotations

from dataclasses import dataclass

from galaxis.core import Record

from .amoeba_state import AmoebaState

DOOMSDAY = -2
ALIEN_BASE = -3
ALIEN_LETTERS = "pqr"  # unit id letters of alien empires 1-3 (ids never say what a counter is)
DOOMSDAY_LETTER = "m"


@dataclass(slots=True)
class Machine(Record):
    """A Doomsday Machine on the map (its unit has kind ``DM``, ``level`` = strength)."""

    strength: int
    weakness: str  # "" until it is first met, then a weakness id or "none"
    source: str  # "schedule" (solo / cooperative) or "marker" (the optional exploration marker)
    moved: int  # hexes moved this turn


@dataclass(slots=True)
class AlienFleet(Record):
    counter: str  # the fleet's counter unit (kind APF) before its first combat, else ""
    units: list[str]  # the fleet's ships once bought
    cp: int  # fleet CP not spent yet (secret)
    raider: bool
    launched: int  # Economic Phase of the launch (public: the counter appears)
    target: str  # hex of the colony it is heading for ("" none)
    moved: int


@dataclass(slots=True)
class Alien(Record):
    owner: int
    home: str
    alive: bool
    fleet_cp: int
    tech_cp: int
    defense_cp: int
    extra_rolls: list[int]  # Economic Phase from which each extra economic roll counts
    techs: dict[str, int]
    fleets: list[AlienFleet]
    serial: int
    tech_spent: int  # technology CP spent so far (public through the technology shown in battle)
    defense_spent: int
    launches: list[int]  # Economic Phases of every launch


@dataclass(slots=True)
class SoloState(Record):
    scenario: str
    victory: str  # conquest | destroy_doomsday | destroy_aliens
    difficulty: str
    opponent: str  # none | doomsday | alien
    schedule: list[list[int]]  # Doomsday Machines still to enter: [Economic Phase, strength, count]
    entry_hexes: list[str]
    machines: dict[str, Machine]
    dm_destroyed: int
    dm_total: int
    aliens: list[Alien]
    cp_per_roll: int
    seen: dict[str, int]  # what the aliens have seen of the live players: technology levels and uses
    warp_points: bool
    doomsday_markers: bool
    moved_key: int  # cycle * 10 + turn of the opponents' last movement
    serial: int  # next Doomsday Machine number
    outcome: str  # "" while running, "won" or "lost"
    amoeba: AmoebaState | None = None  # the Space Amoebas (amoeba.py), in their scenarios only
