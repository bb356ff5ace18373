"""Final scoring (docs/games/stellium.md §8): validated cards + unused tokens + colour bonus."""

from __future__ import annotations

from typing import Any

from galaxis.games.stellium.data import cards, setup_data
from galaxis.games.stellium.state import Player, StelliumState


def colour_bonus(player: Player) -> int:
    """§8: +1/+2/+3/+4 for 1/2/3/4 different card colours among the validated cards."""
    colours = {cards()[c].colour for c in player.won}
    return setup_data().colour_bonus[len(colours)]


def breakdown(state: StelliumState) -> list[dict[str, Any]]:
    rows = []
    for seat, p in enumerate(state.players):
        bonus = colour_bonus(p)
        rows.append(
            {
                "seat": seat,
                "cards": p.points,
                "tokens": len(p.tokens),
                "colour_bonus": bonus,
                "total": p.points + len(p.tokens) + bonus,
                "reached": p.reached,
            }
        )
    return rows


def ranking_key(row: dict[str, Any]) -> tuple[int, int]:
    """§8.1: more points first; a tie goes to whoever reached the target first."""
    reached = row["reached"]
    return (row["total"], -reached if reached >= 0 else -(10**9))
