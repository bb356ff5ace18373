"""Hex geometry of the Space Empires map.

Maps are stored as rows of an "odd-r" offset grid (odd rows are drawn half a hex to the right), the way
a printed hex map is read. Hexes are addressed by ids ``"c.r"`` (column, row); distances are computed in
cube coordinates.
"""

from __future__ import annotations

from functools import cache

Hex = tuple[int, int]  # (column, row)

# Neighbour offsets of the odd-r layout, clockwise from east, for even and odd rows.
_EVEN = ((1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1))
_ODD = ((1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1))


def cube(h: Hex) -> tuple[int, int, int]:
    col, row = h
    x = col - (row - (row & 1)) // 2
    z = row
    return x, -x - z, z


@cache
def distance(a: Hex, b: Hex) -> int:
    ax, ay, az = cube(a)
    bx, by, bz = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def neighbours(h: Hex) -> list[Hex]:
    """The six neighbouring positions, clockwise from east (on or off the board)."""
    col, row = h
    offsets = _ODD if row & 1 else _EVEN
    return [(col + dc, row + dr) for dc, dr in offsets]


def hex_id(h: Hex) -> str:
    return f"{h[0]}.{h[1]}"


def parse_hex_id(text: str) -> Hex:
    """Parse ``"c.r"``; raises ValueError with a readable message on bad input."""
    parts = text.split(".")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a hex id (column.row, e.g. 4.7)")
    return int(parts[0]), int(parts[1])
