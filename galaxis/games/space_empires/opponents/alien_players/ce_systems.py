"""The Alien Players' use of the remaining Close Encounters systems (docs §13.13.3, §13.12.4, issue 9).

Hooks (one-line calls from sheets.py, solo.py and alien_vp.py):

- ``boarding_ships``: the flowchart's Boarding Ship purchase ("AP-nak 1-es / 2-es Hajófogl. tech-je van:
  2 BD-t vesz");
- ``in_play``: which of the two-dice table's technologies are in play (and so no longer re-rolled);
- ``defend_captured``: the victory-point aliens defend the colonies they captured as solo #4's do.

Whether the aliens' ships gain experience is answered here for experience.py (``gains_experience``,
asked through base/system.py); their boarding attempts are boarding.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core import Event
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.opponents.solo_state import Alien

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState

# The flowchart buys 2 Boarding Ships for each Boarding level the alien has (1 and 2).
BOARDING_SHIPS_PER_LEVEL = 2


def uses_new_systems(state: SEState) -> bool:
    """The aliens of ``solo_ap_new_features`` and of the victory-point scenarios use the Close Encounters
    systems that are switched on (§13.13.3); the base Alien Player (§13.5) does not."""
    from galaxis.games.space_empires.opponents.alien_players import solo4
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

    return solo4.new_features(state) or alien_vp.vp_of(state) is not None


def boarding_ships(state: SEState, a: Alien, cp: int, hid: str) -> tuple[list[str], int]:
    """§13.13.3 (the AP flowchart's ship purchase, "AP-nak 1-es Hajófogl. tech-je van: 2 BD-t vesz",
    "AP-nak 2-es Hajófogl. tech-je van: 2 BD-t vesz"): with option ``boarding`` an alien with Boarding
    1 buys 2 Boarding Ships first, with Boarding 2 two more, as its CP and free counters allow; they carry
    its Boarding level. Returns the new unit ids and the CP left."""
    from galaxis.games.space_empires.opponents.forces import alien_unit

    level = a.techs.get("boarding", 0)
    if not state.boarding or level < 1 or not uses_new_systems(state):
        return [], cp
    spec = data.unit_table_by_id()["BD"]
    cost = data.units(state.edition)["BD"].cost
    bought: list[str] = []
    for _ in range(BOARDING_SHIPS_PER_LEVEL * min(level, 2)):
        if cost > cp or board.counters_on_map(state, a.owner, "BD") >= spec.counters:
            break
        unit = alien_unit(state, a, "BD", hid, revealed=True)
        unit.level = level
        bought.append(unit.uid)
        cp -= cost
    return bought, cp


def in_play(state: SEState, track: str) -> bool:
    """§13.12.4: Boarding and Security Forces are in play with option ``boarding``, the Military Academy
    with option ``experience``: the two-dice table's aliens buy them then instead of rolling again."""
    if track in ("boarding", "security_forces"):
        return state.boarding
    if track == "military_academy":
        return state.experience
    return False


def defend_captured(state: SEState, a: Alien, events: list[Event]) -> None:
    """§13.12 with ground combat: a victory-point alien defends the colonies it captured from its Defence
    column as the new-features aliens do (§13.13.2, solo4.defend_captured)."""
    from galaxis.games.space_empires.opponents.alien_players import solo4
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

    if alien_vp.vp_of(state) is not None:
        solo4.defend_captured(state, a, events, always=True)


def gains_experience(state: SEState, owner: int) -> bool:
    """§13.13 (seed: the new-features AP "használhat Hajó-tapasztalatot"): the alien empires of
    ``solo_ap_new_features`` and of the victory-point scenarios (§13.12) have experience levels like a
    live player's ships; the base Alien Player's (§13.5) and the machines' ships have none."""
    from galaxis.games.space_empires.opponents.alien_players import solo4
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

    return board.alien_empire(state, owner) is not None and (
        solo4.new_features(state) or alien_vp.vp_of(state) is not None
    )
