"""Helpers to set up Stellium positions from the rulebook's examples."""

from __future__ import annotations

from typing import Any

import galaxis
from galaxis.games.stellium.data import geometry

LABELS = geometry().labels
# a fixed deck: the display of a 3-player game is C05 C15 C07 C21 C13 C17 C09, then the rest sorted
DECK = ["C05", "C15", "C07", "C21", "C13", "C17", "C09", "C01", "C02", "C03"]


def board(cells: dict[str, str]) -> str:
    """``setup.board`` from {label: marble}."""
    return "".join(cells.get(label, ".") for label in LABELS)


def start(
    players: int, cells: dict[str, str] | None = None, deck: list[str] | None = None, **options: Any
) -> galaxis.Match:
    setup: dict[str, Any] = {"discs": [0, 1, 2, 3, 4, 5], "rotation": [0] * 6, "deck": deck or DECK}
    if cells is not None:
        setup["board"] = board(cells)
    return galaxis.new_match("stellium", players, seed=3, options={**options, "setup": setup})


def play(match: galaxis.Match, moves: list[tuple[int, str]]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seat, notation in moves:
        events += match.apply(seat, notation)
    return events


def first_round(match: galaxis.Match, takes: list[str] | None = None) -> None:
    """Round 1: every seat takes a card (the given ones, else the first of the display)."""
    for seat in range(match.num_players):
        card = takes[seat] if takes else match.state.display[0]
        match.apply(seat, f"take {card}")


def cell(label: str) -> int:
    return geometry().index[label]


def on(match: galaxis.Match, label: str) -> str:
    return str(match.state.board[cell(label)])
