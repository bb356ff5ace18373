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
from galaxis.games.space_empires.base.state import ALIEN_BASE as ALIEN_BASE
from galaxis.games.space_empires.base.state import ALIEN_LETTERS as ALIEN_LETTERS
from galaxis.games.space_empires.base.state import CAPITOL as CAPITOL
from galaxis.games.space_empires.base.state import DOOMSDAY as DOOMSDAY
from galaxis.games.space_empires.base.state import DOOMSDAY_LETTER as DOOMSDAY_LETTER
from galaxis.games.space_empires.opponents.alien_players.vp_state import AlienVpState
from galaxis.games.space_empires.opponents.amoebas.state import AmoebaState


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
    role: str = ""  # victory-point scenarios (§13.12): destroyer | expansion | raider | colony_ship
    bank: int = 0  # victory-point scenarios: the bank CP an expansion fleet took at its launch
    npa: bool = False  # victory-point scenarios: a Colony Ship heading for a cleared non-player alien planet
    deep_phase: bool = False  # victory-point, 3 players: it spent an Economic Phase in Deep Space
    explored: int = 0  # victory-point: the turn (cycle * 10 + turn) of its last look ahead (§13.12.5)


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
class CoopMachine(Record):
    """What a cooperative Doomsday Machine is after (docs §13.10)."""

    role: str  # "destroyer" or "explorer"
    side: str  # entry side: "left", "middle" or "right"
    target: str  # a destroyer's fixed target hex; "" for an explorer (it re-targets every step)


@dataclass(slots=True)
class CoopState(Record):
    """The cooperative Doomsday scenarios (docs §13.10): the Galactic Capitol, the machines' victory
    points and who pays to move before the machines."""

    capitol: str  # hex of the Galactic Capitol
    warp: list[str]  # the two hexes joined by warp point 1 (players only)
    sides: dict[str, str]  # entry side -> entry hex
    vp: int  # the machines' victory points (may go below zero)
    vp_needed: int  # the machines win with this many at the start of an Economic Phase
    minerals_taken: int  # minerals that scored (at most the table's maximum)
    early: list[int]  # seats that move before the machines this cycle
    early_next: list[int]  # seats that paid in this Economic Phase (for the next cycle)
    machines: dict[str, CoopMachine]


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
    coop: CoopState | None = None  # the cooperative Doomsday scenarios only
    amoeba: AmoebaState | None = None  # the Space Amoebas (amoeba.py), in their scenarios only
    alien_vp: AlienVpState | None = None  # the Alien Player victory-point scenarios (alien_vp.py, §13.12)
    teams: tuple[int, ...] = ()  # team games (teams.py, §12.1): the team index of each seat (else empty)
    double_income: tuple[int, ...] = ()  # team games: seats whose colonies yield double (§12.1)
