"""State record of the Close Encounters Empire Advantage cards (empire_advantages.py, docs §10.4)."""

from __future__ import annotations

from dataclasses import dataclass, field

from galaxis.core import Record


@dataclass(slots=True)
class EAState(Record):
    """Where every card of the deck is. A card is in exactly one place. Secret, per viewer: another
    seat's hand, held cards and discards (unless revealed or shared), the deck, and the team pool for
    seats outside the pool."""

    deck: list[str]  # undealt cards (nobody sees them)
    hands: list[list[str]]  # per seat: cards dealt and not yet kept or discarded (the owner sees them)
    held: list[list[str]]  # per seat: the Empire Advantages kept
    discarded: list[list[str]]  # per seat: cards dealt and not kept (the owner sees them)
    pool: list[str] = field(default_factory=list)  # a team's pool: cards not picked (yet)
    pool_seats: list[int] = field(default_factory=list)  # the seats that pick from the pool
    shared: list[str] = field(default_factory=list)  # every card that was in the pool (its seats saw them)
    revealed: list[str] = field(default_factory=list)  # held cards everyone has seen (triggered or captured)
    # per seat: cards everyone knows it does not hold unrevealed (a battle or ground shot where such a card
    # would have triggered, and none did); public, used by determinize
    ruled_out: list[list[str]] = field(default_factory=list)
    # The balanced deal (§10.4): the face-up row of players+1 cards and the open auction for the picks
    # (all public). ``waiting``: seats without a card yet, in turn order; ``bidders``: the seats still in
    # the current auction, in turn order; ``high``: the highest bid (-1 before the first bid) and
    # ``high_seat`` its bidder (-1); ``paid``: per seat, the CP it paid for its card.
    row: list[str] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)
    bidders: list[int] = field(default_factory=list)
    high: int = -1
    high_seat: int = -1
    paid: list[int] = field(default_factory=list)
    # per seat: its technology levels at set-up before any card was kept (``regrant`` never goes below them)
    start_techs: list[dict[str, int]] = field(default_factory=list)
