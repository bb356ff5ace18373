"""State record of the Close Encounters Alien Technology cards (rules: docs/games/space_empires.md §10.5).

Cards are numbered 1-30 (data/alien_tech.yaml). A card is in exactly one place: the deck, a seat's offer
(the two cards drawn, one to keep), a seat's unpaid cards (kept, waiting for the 10 CP payment of the next
Economic Phase), a seat's held cards (in effect) or an alien empire's face-down cards (the victory-point
Alien Player, §13.12.6). ``revealed`` lists the cards everyone has seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from galaxis.core import Record


@dataclass(slots=True)
class AlienTechState(Record):
    deck: list[int]  # the draw pile, kept sorted: it is shuffled with the match generator at each draw
    held: list[list[int]]  # per seat: cards in effect
    unpaid: list[list[int]]  # per seat: kept cards to pay for in the next Economic Phase
    offer: list[list[int]]  # per seat: the cards drawn, to keep one of them
    revealed: list[int] = field(default_factory=list)  # cards shown to everyone (in a seat's hand)
    found: list[str] = field(default_factory=list)  # Deep Space barren planets that already gave a draw
    guarded: list[str] = field(default_factory=list)  # Deep Space barren planets that held NPAs
    # per alien empire of the victory-point scenarios (solo.aliens order): its face-down cards (§13.12.6)
    aliens: list[list[int]] = field(default_factory=list)
