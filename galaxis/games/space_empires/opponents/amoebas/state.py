"""State records of the Space Amoebas (rules: docs/games/space_empires.md, §13 "Space Amoebas").

The amoebas are rules-driven participants like the other solo opponents: every amoeba is an ordinary
``Unit`` of kind ``AM`` owned by ``AMOEBA``, whose ``level`` is its type (1-3). Everything about them is
public: their types, the strength row rolled for a type once a player has researched it, every player's
research points, and which types have adapted to mines.
"""

from __future__ import annotations

from dataclasses import dataclass

from galaxis.core import Record

AMOEBA = -9
AMOEBA_LETTER = "x"
AMOEBA_KIND = "AM"


@dataclass(slots=True)
class AmoebaType(Record):
    type: int  # 1-3
    row: str  # "" until a player has gathered the research points, then the strength row id
    research: list[int]  # research points per seat
    no_mines: bool  # adapted to mines: mines no longer stop it
    mine_roll: int  # Economic Phase of its last adaptation roll (0: none yet)


@dataclass(slots=True)
class AmoebaState(Record):
    types: list[AmoebaType]
    born: dict[str, int]  # amoeba uid -> Economic Phase it was placed in (0: at set-up)
    start_phase: int  # the Economic Phase from which they expand (the difficulty)
    bonus: int  # +attack and +defence of every amoeba (the hardest difficulty)
    region: list[str]  # hexes they may expand into
    lost_ship: list[bool]  # per seat: an amoeba has destroyed one of its ships (Minesweeping 1 allowed)
    probed: list[bool]  # per seat: a level-1 science vessel has examined an amoeba (Minesweeping 2)
    expanded: list[str]  # amoebas done expanding this Economic Phase (expanded or stopped by a mine)
    chooser: int  # index into the turn order of the seat choosing the next expansion
    strikes: list[str]  # attacks an amoeba still makes outside a battle (its special round after expanding)
    serial: int
    maintenance: bool
    npas: bool
    banned: list[str]  # unit types the scenario does not use
