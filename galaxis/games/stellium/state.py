"""The state of a Stellium match (see docs/games/stellium.md for the rules).

Marbles are the letters g (planet), b (comet), y (star), p (supernova); an
empty hole is "". Cells are indexes into ``data.geometry(layout).labels``.
Counts per marble type are lists in the order g, b, y, p.
"""

from __future__ import annotations

from dataclasses import dataclass

from galaxis.core import Record, Rng, Step


@dataclass(slots=True)
class Player(Record):
    held: list[str]  # objective cards taken, not yet validated (at most 3)
    held_turn: list[int]  # the turn number each held card was taken in (same order)
    won: list[str]  # validated cards
    points: int  # stelliums from validated cards (the end trigger counts only these)
    tokens: list[str]  # unused influence tokens, by marble type
    discarded: list[str]  # cards this player discarded to the box
    reached: int  # turn number in which the target was reached, -1 = not yet


@dataclass(slots=True)
class StelliumState(Record):
    rng: Rng
    board: list[str]  # per cell: "" or a marble type
    rot: list[int]  # per disc position: sixth-turns counter-clockwise from its home orientation
    disc_kind: list[int]  # per disc position: which physical disc (index into board.yaml discs)
    bag: list[int]  # marbles in the bag by type (public)
    deck: list[str]  # the face-down draw pile, next card last (hidden order)
    display: list[str]  # the face-up objective cards
    set_aside: list[str]  # the display card set aside when the pile runs out
    players: list[Player]
    turn: int  # 0-based turn counter; seat = turn % players, round = turn // players + 1
    in_hand: str  # the marble drawn this turn, waiting to be placed
    placed: int  # cell of the marble placed this turn, -1 before placing
    refill_pool: list[str]  # marbles drawn for an empty galaxy, waiting to be placed
    pending: list[Step]
    final_turns: int  # -1: no end trigger yet; else turns still to play after the current one
    over: bool
    # options, fixed for the match
    layout: str = "triangle"
    draw: str = "choose"
    mirror: bool = False
    secret_hands: bool = False
    target: int = 20
    strict: bool = False
    bh_galaxy: bool = False
    immune: str = "all"

    @property
    def seat(self) -> int:
        return self.turn % len(self.players)
