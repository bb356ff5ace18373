"""Titans' planet destruction, the Flagship and Fast BC of Close Encounters [MRB 9.9, 22] (docs §10.3).

Unit numbers are in data/units.yaml (``TN``, ``FS``) and the Fast BC cost in data/techs.yaml; the
movement bonus itself is ``movement.hexes_per_turn``. This module holds the rules that decide when they
apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Event
from galaxis.core.errors import BadOption
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.state import Marker, Unit
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import MSG

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.state import SEState

FAST_BC = "fast_bc"
TITAN = "TN"
FLAGSHIP = "FS"
# §10.3 [MRB 9.8]: ships that may use Exploration 1 (a Cruiser, and in CE the Flagship).
EXPLORERS = ("CA", FLAGSHIP)


def extra_techs(state: SEState) -> tuple[str, ...]:
    """§10.3 [MRB 9.9]: Fast BC can be bought in the Close Encounters edition (its movement bonus for
    Battlecruisers and the Flagship is implemented); the Rule Book 1.x edition has no such track."""
    return (FAST_BC,) if FAST_BC in data.tech_tracks(state.edition) else ()


def setup(game: SpaceEmpires, state: SEState, options: dict[str, Any]) -> None:
    """§10.3 [SB1.1]: with the option, every player gets one free Flagship at its home world."""
    if not bool(options.get("flagship", False)):
        return
    if FLAGSHIP not in data.units(state.edition):
        raise BadOption(MSG("needs_ce", option="flagship"))
    for hid, col in sorted(state.colonies.items()):
        if col.home and col.owner >= 0 and state.players[col.owner].alive:
            game._new_unit(state, col.owner, FLAGSHIP, hid)


def explorer(u: Unit) -> bool:
    """§6.2/§10.3: a Cruiser, or (CE) the Flagship, built or refitted with Exploration 1."""
    return u.kind in EXPLORERS and u.level >= 1


def not_screenable(u: Unit) -> bool:
    """§10.3 [MRB 22]: a Titan is never screened."""
    return u.kind == TITAN


def planet_breakers(state: SEState, uids: list[str]) -> list[str]:
    """§10.3 [MRB 22]: the counters among the bombarding ones that hold a Titan."""
    return sorted({board.counter_of(state.units[u]) for u in uids if state.units[u].kind == TITAN})


def destroy_planet(state: SEState, cid: str, hid: str, events: list[Event]) -> None:
    """§10.3 [MRB 22]: a Titan that fires at a planet destroys it: the colony (and any ground units in
    it) is gone and the hex becomes a face-up Asteroids field."""
    col = state.colonies.pop(hid)
    g = state.ground
    if g is not None:
        g.garrisons.pop(hid, None)
        g.captured.pop(hid, None)
    state.markers[hid] = Marker("asteroids", 0, True, "deep")
    events.append(
        {
            "type": "planet_destroyed",
            "unit": cid,
            "hex": hid,
            "owner": col.owner,
            "text": f"the Titan of {cid} fires at the planet at {hid} and destroys it: the colony is gone and the hex becomes Asteroids",
        }
    )


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "titans_and_flagships", "§10.3", setup=lambda game, state, scenario, options: setup(game, state, options)
)
