"""State record of Quick Conquest and the optional victory conditions (rules: docs/games/space_empires.md
§12.1.5 and §12.2; code: victory.py).

Everything here is public: the victory-point track, where the warp points and relics lie and which Miners
tow one. A seat's Advanced Start purchases are its technology (secret, on its economic sheet); what is kept
here is only the public starting level of each track, so the purchase limits can be checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from galaxis.core import Record


@dataclass(slots=True)
class VictoryState(Record):
    mode: str  # quick_conquest | king_of_warp_points | relics
    homes: list[str]  # each seat's home-world hex at set-up (a captured home world changes owner)
    vp: list[int]  # victory points per seat (public)
    reached: list[int]  # the stamp at which each seat reached its current total (ties: first wins)
    stamp: int  # counts victory-point gains
    warp_points: list[str] = field(default_factory=list)  # King of the Warp Points: the placed warp points
    per_vessel: bool = False  # King of the Warp Points: 1 VP per science vessel instead of per warp point
    relics: list[str] = field(default_factory=list)  # Relics: hexes holding a relic
    carried: list[str] = field(default_factory=list)  # Relics: Miners towing one (a Miner is a single unit)
    delivered: int = 0  # Relics: relics delivered so far
    head_base: list[dict[str, int]] = field(default_factory=list)  # Advanced Start: levels before it
