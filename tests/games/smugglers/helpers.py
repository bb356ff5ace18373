"""Helpers to set up Space Smugglers positions from the rulebook's examples."""

from __future__ import annotations

from typing import Any

import galaxis
from galaxis.games.smugglers.data import COLOURS, sectors
from galaxis.games.smugglers.state import SmugglersState


def start(
    players: int, deck: list[str] | None = None, colours: list[str] | None = None, **options: Any
) -> galaxis.Match:
    setup: dict[str, Any] = {}
    if deck is not None:
        setup["deck"] = deck
    if colours is not None:
        setup["colours"] = colours
    if setup:
        options["setup"] = setup
    return galaxis.new_match("smugglers", players, seed=1, options=options)


def set_goods(state: SmugglersState, seat: int, **counts: int) -> None:
    """Changes a player's goods, moving the difference to or from the box (keeps conservation)."""
    for colour, n in counts.items():
        c = COLOURS.index(colour)
        state.box_goods[c] += state.players[seat].goods[c] - n
        state.players[seat].goods[c] = n


def set_energy(state: SmugglersState, seat: int, n: int) -> None:
    state.box_energy += state.players[seat].energy - n
    state.players[seat].energy = n


def play(match: galaxis.Match, moves: list[tuple[int, str]]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seat, notation in moves:
        events += match.apply(seat, notation)
    return events


def value(sector_id: str) -> int:
    return sectors()[sector_id].value
