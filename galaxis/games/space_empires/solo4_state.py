"""State record of the new-features rules of the Close Encounters solo #4 (rules:
docs/games/space_empires.md §13.13; code: solo4.py)."""

from __future__ import annotations

from dataclasses import dataclass

from galaxis.core import Record


@dataclass(slots=True)
class Solo4State(Record):
    alien_technology: bool  # the option ``alien_technology`` was on at set-up (the card offer, §13.13)
    # seats that colonised a Deep Space barren planet since the last Economic Phase (one entry per planet)
    offers: list[int]
