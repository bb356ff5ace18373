"""Movement allowances of Space Empires 4X [MRB 4][seed movement chart]."""

from __future__ import annotations

from galaxis.games.space_empires.base import data

TERRAIN_STOPS = ("nebula", "asteroids")


def hexes_per_turn(
    unit_id: str,
    move_level: int,
    turn: int,
    edition: str = data.DEFAULT_EDITION,
    fast: bool = False,
) -> int:
    """Hexes ``unit_id`` may move in ``turn`` (1-3) of the economic cycle.

    Ships move by the Move level they were built with; Colony Ships, Miners, MS Pipelines and Mines
    always move 1; Bases and Shipyards never move. Fast BC (CE) gives BCs and Flagships +1 in turn 1.
    """
    unit = data.units(edition).get(unit_id)
    if unit is None:
        raise ValueError(f"{unit_id!r} is not a unit of the {edition} edition")
    if turn not in (1, 2, 3):
        raise ValueError(f"an economic cycle has turns 1-3, not {turn}")
    if unit.move == "none":
        return 0
    if unit.move == "one":
        return 1
    table = data.edition_rules(edition).movement
    if not 1 <= move_level <= len(table):
        raise ValueError(f"Move technology runs 1-{len(table)} in the {edition} edition")
    bonus = 1 if fast and turn == 1 and unit_id in ("BC", "FS") else 0
    return table[move_level - 1][turn - 1] + bonus


def must_stop(terrain: str | None, explored: bool) -> bool:
    """Entering an unexplored hex, a Nebula or Asteroids ends the unit's move [MRB 4.2]."""
    return not explored or terrain in TERRAIN_STOPS
