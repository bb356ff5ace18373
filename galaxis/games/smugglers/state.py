"""The state of a Space Smugglers match (see docs/games/smugglers.md for the rules).

Goods are counted as a list of four numbers in the order r, y, g, b.
Energy is an integer: the tokens' denominations never matter (§D7).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from galaxis.core import Record, Rng, Step
from galaxis.core.record import added, change_marks

# Change marks (galaxis.core.blocks): the rules raise the mark of each part of the table
# they change, so the RL encoder rebuilds only those parts of its vector.
MAX_ROW = 6  # sector cards revealed in a round
MAX_SEATS = 6
M_SUPPLY = 0  # the supply's energy and goods, the discarded sectors
M_ROW = 1  # which sectors are revealed
M_BIDS = 2  # + row index: the dice on the card, whether it is won and unpaid
M_HAND = M_BIDS + MAX_ROW  # + seat: dice in hand and speed tokens
M_SEAT = M_HAND + MAX_SEATS  # + seat: energy, goods, won, paid and unpaid sectors
M_HEAD = M_SEAT + MAX_SEATS  # round, galaxies left, phase, free tokens; last: the encoder compares it apart
MARKS = M_HEAD + 1


@dataclass(slots=True)
class Player(Record):
    colour: str  # dice colour = character sheet
    energy: int
    goods: list[int]  # r, y, g, b
    dice_in_hand: int  # 0..2; the rest lie on sector cards this round
    tokens: list[int]  # speed tokens taken this round (two players: one to three)
    won: list[list[int]]  # [row index, energy still owed] of sectors won this round, awaiting payment
    # (energy first: 0 once the sector's energy is paid and only its goods are owed)
    paid: list[str]  # face-up sector cards (the score pile)
    unpaid: list[str]  # face-down sector cards (minus points)


@dataclass(slots=True)
class SmugglersState(Record):
    rng: Rng
    players: list[Player]
    galaxies: list[list[str]]  # face-down galaxies still to come (hidden)
    box: list[str]  # sector cards returned to the box unseen (hidden)
    discarded: list[str]  # revealed sectors nobody bid on (public)
    row: list[str]  # this round's revealed sectors, lettered A, B, ...
    dice: list[list[list[int]]]  # per row card: [seat, value] in placement order
    free_tokens: list[int]  # speed tokens still in the middle
    pool_energy: int
    pool_goods: list[int]
    box_energy: int  # energy not dealt out (conservation check)
    box_goods: list[int]
    round: int  # 1-based
    rounds: int
    phase: str  # "bid" | "pay" | "refill" | "over"
    start_seat: int  # who opens this round's micro-turns (turn mode)
    turn: int  # seat to act in turn-mode bidding
    waits: int  # consecutive waits since the last die or token (anti-stall)
    pending: list[Step]  # payment and refill decisions still to take
    # options, fixed for the match (immutable, so clones share them)
    realtime: bool = False
    stacked: bool = False
    stations: bool = False
    fav_ships: bool = False
    fav_goods: bool = False
    allow_wait: bool = True
    payment_optional: bool = False
    majority_ties_share: bool = False
    majority_scoring_only: bool = False
    # added after saves existed (their default plays the earlier rules: core.record.added)
    energy_first: bool = added(False)  # §3.4 the energy of every won sector before any goods
    keep_payable: bool = added(False)  # §3.4 a payment may not lose a sector that could be paid
    marks: list[int] = change_marks(MARKS)  # bookkeeping, not game state: never saved or copied

    def changed(
        self,
        *,
        head: bool = False,
        supply: bool = False,
        row: bool = False,
        bids: Iterable[int] = (),
        hands: Iterable[int] = (),
        seats: Iterable[int] = (),
    ) -> None:
        """Marks the head, the supply, the row, the bids on the row cards and the seats' hands and piles given as changed."""
        marks = self.marks
        if head:
            marks[M_HEAD] += 1
        if supply:
            marks[M_SUPPLY] += 1
        if row:
            marks[M_ROW] += 1
        for i in bids:
            marks[M_BIDS + i] += 1
        for i in hands:
            marks[M_HAND + i] += 1
        for i in seats:
            marks[M_SEAT + i] += 1

    @property
    def two_player(self) -> bool:
        return len(self.players) == 2
