"""The phases of a Space Empires turn, as parts of the ``SpaceEmpires`` class (rules.py inherits them):
movement.py (§4, §6), battle.py (§5) and economy.py (§7). Their methods call one another through
``self``, the one rules object; the helpers below are shared by them and by rules.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.base.board import NPA, SEATS
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.state import Unit

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState

UNFIXED = -2  # Battle.bonus_side before the round's screening is declared
CARRIER_ROOM = 3  # fighters a Carrier (or a Titan, CE) holds [MRB 15, 22]
CARRIERS = ("CV", "TN")


def _letter(seat: int) -> str:
    return "n" if seat == NPA else SEATS[seat]


def _kinds_of(state: SEState, seat: int) -> set[str]:
    return {u.kind for u in state.units.values() if u.owner == seat}


def _unit_key(u: Unit) -> tuple[str, int, int]:
    return board.uid_key(u.uid)


def _uid_key(uid: str) -> tuple[str, int, int]:
    return board.uid_key(uid)


def _hex_key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c
