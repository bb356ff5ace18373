"""The state of a Space Empires 4X match: the base game's records (base/state.py) and the record of
each Close Encounters system and automated opponent in play (rules: docs/games/space_empires.md).

``SEState`` is the composition of every layer's records; the modules of base/, systems/, opponents/
and scenarios/ name it only in annotations.
"""

from __future__ import annotations

from dataclasses import dataclass

from galaxis.core import Record, Rng, Step
from galaxis.games.space_empires.base.state import Battle, Colony, Marker, Player, Unit
from galaxis.games.space_empires.opponents.solo_state import SoloState
from galaxis.games.space_empires.systems.alien_tech_state import AlienTechState
from galaxis.games.space_empires.systems.empire_advantages_state import EAState
from galaxis.games.space_empires.systems.extras_state import AllianceState, CentersState, ReactionState
from galaxis.games.space_empires.systems.gates_state import GatesState
from galaxis.games.space_empires.systems.ground_state import GroundState
from galaxis.games.space_empires.systems.victory_state import VictoryState

__all__ = ["Battle", "Colony", "Marker", "Player", "SEState", "Step", "Unit"]


@dataclass(slots=True)
class SEState(Record):
    rng: Rng
    edition: str
    players: list[Player]
    markers: dict[str, Marker]  # hex id -> marker on it (face up or down)
    undrawn: list[str]  # deep-space markers left in the box, "kind:value" (hidden)
    colonies: dict[str, Colony]
    units: dict[str, Unit]
    npa_serial: int
    cycle: int  # economic cycles started (1-based)
    cycles: int  # the cycle limit (option)
    turn: int  # 1-3 within the cycle
    phase: str  # "move" | "combat" | "econ" | "over"
    order: list[int]  # seats in turn order this cycle
    active: int  # index into order
    first: int  # seat that moved first this cycle
    battle: Battle | None
    pending: list[Step]
    handled: list[str]  # hexes whose battle or bombardment is over, "swept:<hex>" where mines were swept
    winner: int  # -1 until someone wins outright
    slingshot: bool = False  # the optional Black Hole slingshot rule is in play (§4.8)
    experience: bool = False  # option: ship experience and the Military Academy (§10.2)
    boarding: bool = False  # option: boarding ships capture ships, Security Forces (§10.2)
    solo: SoloState | None = None  # scenario and solo opponents (solo.py, docs §12-13)
    ground: GroundState | None = None  # ground units, when the ground_combat option is on (ground.py, §10.1)
    ea: EAState | None = None  # Empire Advantage cards (empire_advantages.py, §10.4)
    gates: GatesState | None = None  # the Planetary Gates scenarios (gates.py, §12.3)
    reaction: ReactionState | None = None  # option reaction_movement (reaction.py, §10.6)
    centers: CentersState | None = None  # option research_centers (centers.py, §10.7)
    alliance: AllianceState | None = None  # team games: the alliance in play (alliances.py, §10.8)
    alien_tech: AlienTechState | None = None  # Alien Technology cards, when in play (alien_tech.py, §10.5)
    victory: VictoryState | None = (
        None  # Quick Conquest and the victory-point games (victory.py, §12.1.5, §12.2)
    )
