"""Final scoring (docs/games/stellium.md §8): validated cards + unused tokens + colour bonus."""

from __future__ import annotations

from itertools import product
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


def won_points(s: StelliumState, seat: int) -> dict[str, int]:
    """Each validated card's points. A shape card scores its value; a card that scores by
    how many marbles it used (centres, chains) is settled from the player's card points when
    only one way of adding up fits (the state keeps only the total)."""
    p = s.players[seat]
    table = cards()
    fixed = {c: table[c].points for c in p.won if table[c].kind == "shape"}
    tiered = [c for c in p.won if table[c].kind != "shape"]
    rest = p.points - sum(fixed.values())
    fits = [
        combo
        for combo in product(*[sorted(set(table[c].tiers.values())) for c in tiered])
        if sum(combo) == rest
    ]
    if len(fits) == 1:
        fixed.update(zip(tiered, fits[0], strict=True))
    return fixed
