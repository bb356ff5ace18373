"""State records of the Planetary Gates scenarios (rules: docs/games/space_empires.md §12.3).

Ground units keep living in the colonies' secret garrisons (ground_state.py); this record only
remembers what the gates add: which ground units already used their turn's move, which Colony Ships
are not space-going, and the mover's open gate or gathering assault (all secret but the ship ids).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from galaxis.core import Record


@dataclass(slots=True)
class GatesState(Record):
    moved: dict[str, list[str]]  # colony hex -> ground unit kinds that came through a gate this turn
    grounded: list[str]  # Colony Ship unit ids that are not space-going (§12.3.7)
    source: str = ""  # the planet whose gate the mover has opened ("" when none)
    target: str = ""  # the planet an assault is being gathered against ("" when none)
    staged: list[list[str]] = field(default_factory=list)  # [from hex, kind] gathered for the assault
    fought: str = ""  # the planet of the gate assault being fought (to apply its consequences)
