"""State record of the Alien Player victory-point scenarios (rules: docs/games/space_empires.md §13.12).

The alien empires themselves are the base ``Alien`` records (solo_state.py); the Galactic Capitol, the
warp point, the aliens' victory-point track and the threshold are the cooperative ``CoopState``. What is
particular to these scenarios lives here: the scenario mode, each alien's bank (secret, like the rest of
its economic sheet), the defence cap and the minerals each alien has scored.
"""

from __future__ import annotations

from dataclasses import dataclass

from galaxis.core import Record


@dataclass(slots=True)
class AlienVpState(Record):
    mode: str  # solo | coop_2p | coop_3p (data/alien_vp.yaml ``modes``)
    banks: list[int]  # per alien empire: CP in its bank (expansion fleets and defence)
    max_defense: int  # the most CP its defence column may hold
    minerals: list[int]  # per alien empire: minerals that scored a victory point (at most the table's max)
