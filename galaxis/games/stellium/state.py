"""The state of a Stellium match (see docs/games/stellium.md for the rules).

Marbles are the letters g (planet), b (comet), y (star), p (supernova); an
empty hole is "". Cells are indexes into ``data.geometry(layout).labels``.
Counts per marble type are lists in the order g, b, y, p.
"""

from __future__ import annotations

from dataclasses import dataclass

from galaxis.core import Record, Rng, Step
from galaxis.core.record import added, change_marks

# Change marks (``StelliumState.marks``): one counter per component of the observation that
# the rules raise where it changes, so that the RL encoder rebuilds only what changed
# (galaxis/games/stellium/encode.py):
# - M_REGION + r: the marbles of board region r (discs A..F = cells 7r..7r+6, 6 = the black
#   holes H0..H9); ``board_changed(s, *cells)`` raises the regions of changed cells;
# - M_DISCS: the disc rotations and arrangement (start points and rotation);
# - M_BAG: the bag; M_CARDS: the display, the pile size and the set-aside card;
# - M_OPTIONS: the options (never raised: they are fixed for the match);
# - M_PLAYER + seat: everything in that seat's Player record, and the end of a turn in which
#   the seat took a card (its "taken this turn" flag).
REGIONS = 7
M_REGION = 0
M_DISCS, M_BAG, M_CARDS, M_OPTIONS, M_PLAYER = range(REGIONS, REGIONS + 5)
MARKS = M_PLAYER + 4  # up to 4 seats
REGION = tuple(min(c // 7, REGIONS - 1) for c in range(6 * 7 + 10))  # region of each cell


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
    # added after saves existed (their default plays the earlier rules: core.record.added)
    comet_collides: bool = added(False)  # §5.2 a comet never goes on an empty hole (no token exception)
    marks: list[int] = change_marks(MARKS)  # transient: see MARKS and the functions below

    @property
    def seat(self) -> int:
        return self.turn % len(self.players)


def board_changed(s: StelliumState, *cells: int) -> None:
    """Raises the change marks of the board regions that hold ``cells``."""
    marks = s.marks
    for c in cells:
        marks[M_REGION + REGION[c]] += 1
