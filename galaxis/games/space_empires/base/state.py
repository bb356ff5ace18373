"""The base game's records (rules: docs/games/space_empires.md §2-§9): units, exploration markers,
colonies, the players' sheets and the battle in progress, and the owner numbers of units that belong
to no seat.

Hexes are addressed by ids ``"c.r"`` (see hexes.py). Every unit has a stable id and belongs to a
counter (a group of 1-6 units of one owner, type and technology, §4). A counter id is the owner's letter
and a serial number (``a7``), or ``n3`` for non-player aliens; the unit that founded a counter has the
counter's id, units that joined it later are ``a7.2``, ``a7.3``... Counter ids never say what the counter
is or how many units it holds, so they are safe to show to everyone; unit ids of a face-down counter are
shown only to its owner.

Owners: a seat (0-3), ``-1`` for the non-player aliens, ``DOOMSDAY`` for every Doomsday Machine,
``ALIEN_BASE - i`` for alien empire ``i`` and ``CAPITOL`` for the cooperative scenarios' Galactic
Capitol (the automated opponents, opponents/).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from galaxis.core import Record
from galaxis.core.record import added

DOOMSDAY = -2
ALIEN_BASE = -3
ALIEN_LETTERS = "pqr"  # unit id letters of alien empires 1-3 (ids never say what a counter is)
DOOMSDAY_LETTER = "m"
CAPITOL = -9  # owner of the cooperative scenarios' Galactic Capitol colony (allied to every live player)

# The ``Unit`` field that records each technology a unit is built with (§7.5, §9).
TECH_FIELDS = {"attack": "attack_tech", "defense": "defense_tech", "tactics": "tactics", "move": "move_tech"}
# The technology a unit records in ``Unit.level`` when it is built (besides Attack, Defence, Tactics and
# Move).
LEVEL_TRACKS = {
    "R": "cloaking",
    "F": "fighters",
    "DD": "scanners",
    "SW": "minesweeping",
    "CO": "terraforming",
    "SC": "point_defense",
    "CA": "exploration",
    "BD": "boarding",
}


@dataclass(slots=True)
class Unit(Record):
    uid: str
    owner: int  # seat, or -1 for non-player aliens
    kind: str  # unit type id (data/units.yaml) or NPA-B/C/D
    hex: str
    attack_tech: int  # technology the unit was built with (ships keep it: no refits yet)
    defense_tech: int
    tactics: int
    move_tech: int
    level: int  # the unit's own level: fighters, cloaking or boarding (0 when none applies)
    moved: int  # hexes moved this turn
    stopped: bool  # entered a stopping hex or an enemy hex this turn
    came_from: str  # hex it last entered from this turn ("" when it has not moved)
    revealed: bool  # face up: everyone knows what it is
    cargo: str  # a Miner's towed marker, "minerals:5" / "space_wreck:0", or ""
    damage: int = 0
    screened: bool = False  # screened in the current battle round (§5.4)
    piped: bool = True  # every hex of this turn's move so far held an unmoved friendly MS Pipeline (§4.6)
    peeked: bool = False  # a Cruiser that used Exploration this turn (§6.2)
    sling: int = 0  # extra hexes won this turn by Black Hole slingshots (§4.8)
    counter: str = ""  # the counter (group) holding the unit; "" means the unit's own id (§4)
    captured: bool = False  # taken by a Boarding Ship: its owner may scrap it for technology (§10.2)
    xp: int = 0  # experience level of its counter, 0 Green .. 4 Legendary (option experience, §10.2)
    # its technology (Attack, Defence, Tactics, Move) is known to everyone: it fought in a battle since it was
    # built or last refitted (§9); a face-up counter alone shows only its type and number of units
    tech_shown: bool = False

    @classmethod
    def from_json(cls, data: Any) -> Unit:
        """A unit saved before ``tech_shown`` existed loads with its technology not shown (§9)."""
        if isinstance(data, dict) and "tech_shown" not in data:
            data = {**data, "tech_shown": False}
        return super(Unit, cls).from_json(data)


@dataclass(slots=True)
class Marker(Record):
    kind: str
    value: int
    face_up: bool
    pool: str  # "home0".."home3" or "deep": where a face-down marker may be re-sampled from


@dataclass(slots=True)
class Colony(Record):
    owner: int
    value: int  # 0 new, 1, 3, 5; a home world 30/20/10/5 (CE)
    home: bool
    income: bool  # produced income this Economic Phase (may build shipyards and bases)


@dataclass(slots=True)
class Player(Record):
    cp: int
    techs: dict[str, int]
    alive: bool
    serial: int  # next unit number
    earned: int  # CP ledger: income + minerals ever received
    spent: int  # bids, units and technology ever paid
    forfeited: int  # CP lost to the carry-over cap
    bid: int
    bought_techs: list[str]  # tracks bought this Economic Phase
    built: dict[str, int]  # hull points used this phase per shipyard hex
    built_sy: list[str]  # hexes that received a shipyard this phase
    built_base: list[str]
    done: bool
    delivered: int  # minerals cashed this Economic Phase
    # units bought this phase, [kind, hex] (a new counter) or [kind, hex, counter] (joins that counter),
    # placed when every seat is done (secret)
    queue: list[list[str]]
    known: list[str] = field(default_factory=list)  # face-down markers this player peeked at (§6.2, secret)


@dataclass(slots=True)
class Battle(Record):
    hex: str
    attacker: int
    defender: int  # seat, or -1 for non-player aliens
    round: int
    queue: list[str]  # units still to fire this round, in firing order
    bonus_side: int  # 0 attacker, 1 defender, -1 none, -2 not fixed yet (fixed once screening is declared)
    terrain: str
    withdrawn: list[str] = field(default_factory=list)  # cloaked Raiders kept out of the battle (§5.11)
    promoted: list[str] = field(default_factory=list)  # counters promoted in this battle (§10.2)
    idle: dict[str, int] = field(default_factory=dict)  # captured unit -> last round it sits out (§10.2)
    # every shot of this battle so far, in order (public: the dice are rolled on the table, §5.2); kept
    # so that a battle screen can show each round's rolls and hits
    shots: list[Shot] | None = added(None)


@dataclass(slots=True)
class Shot(Record):
    """One shot of a battle: the round, the firing and the fired-at unit and their types, the roll,
    the number it needed (roll that or less, §5.2), whether it hit and whether the target was
    destroyed."""

    round: int
    shooter: str
    target: str
    shooter_kind: str
    target_kind: str
    roll: int
    need: int
    hit: bool
    destroyed: bool
