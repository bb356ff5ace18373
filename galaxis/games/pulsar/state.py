"""The state of a Pulsar 2849 match (rules: docs/games/pulsar.md).

Markers on the two tracks are ids ``seat * 2 + k``: k = 0 in 3-4 player games; with two
players each seat has markers k = 0 and 1 on each track. A track is a list of 15 stacks
(bottom first); space 0 is the left end, and in a stack the top marker is ahead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from galaxis.core import Record, Rng, Step
from galaxis.core.record import added, change_marks

# Change marks (``PulsarState.marks``, galaxis.core.blocks): one counter per component
# of the RL encoding, raised by the rules in the action that changes it, so the encoder
# rebuilds only what moved. Whose turn it is, the median and the pending step change
# nearly every action and carry no mark.
M_INITIATIVE = 0  # the tracks: M_INITIATIVE + track (0 initiative, 1 engineering)
M_ENGINEERING = 1
M_STOCK = 2  # transmitters (stack, display, discard) and exploration tiles (pile, discard)
M_GYRODYNES = 3  # the gyrodyne supply and the construction awards taken
M_PATENTS = 4  # the tech boards' patents and locked techs
M_SYSTEMS = 5  # revealed systems and their planets
M_PULSARS = 6  # pulsar owners and gyrodynes on them
M_SHIPS = 7  # every player's survey ship
M_ROUND = 8  # the round (the row bonus)
M_POOL = 9  # the silver dice on the dice board
M_ORDER = 10  # the turn order
M_PHASE = 11  # the phase
MAX_SEATS = 4
M_PLAYER = 12  # + seat: that player's fields (its stations too: only its own station changes them)
M_DICE = M_PLAYER + MAX_SEATS  # + seat: only that player's silver dice (a die picked)
MARKS = M_DICE + MAX_SEATS


def changed(s: PulsarState, *components: int) -> None:
    """Raises the marks of the components an action changes."""
    marks = s.marks
    for c in components:
        marks[c] += 1


def changed_players(s: PulsarState) -> None:
    """Raises every player's mark (the steps of a round's start, production and final
    scoring that give every player dice, cubes or VP)."""
    marks = s.marks
    for seat in range(len(s.players)):
        marks[M_PLAYER + seat] += 1


@dataclass(slots=True)
class Player(Record):
    score: int
    cubes: int
    pm: int  # +-1 modifier tokens
    p2: int  # +2 modifier tokens
    ship: int  # node of the survey ship (-1 before the start gate is chosen)
    start_gate: int
    dice: list[int]  # silver dice taken this round, not yet spent
    red: int  # the bonus die in hand (-1: none)
    red_used: bool  # the one bonus die of this round has been taken
    red_now: bool  # a transmitter link die: it must be used at once
    held: list[str]  # gyrodyne tiles in the play area
    markers_used: int
    patents: list[str]
    hq: str  # HQ board letter ("" when HQ boards are not used)
    hq_side: str  # "A2" etc. once chosen
    hq_done: list[int]
    races: list[int]  # completed race projects not used yet
    races_used: list[int]
    tx: dict[str, list[int]]  # transmitter id -> covered cost flags (1 = covered); online when all 1
    online: list[str]
    arrays: list[list[list[Any]]]  # arrays of [tile id, left pips | None, right pips | None]
    links_used: list[str]  # "A1|B2": link dice already formed
    converted: list[str]  # convert tiles used this production
    awards: list[int]  # construction award VP tiles held
    kept: list[str]  # extra-station exploration tiles, kept to the end
    # Final scoring so far (§7), for the end table: points from end-game technologies
    # (step 1, cube conversions included) and from goals and their bonuses (step 2).
    end_techs: int = added(0)
    end_goals: int = added(0)


@dataclass(slots=True)
class PulsarState(Record):
    rng: Rng
    board: str
    players: list[Player]
    round: int
    phase: str  # setup | dice | action | production | final | over
    # star cluster
    tiles: dict[int, int]  # system node -> tile id (hidden while face down)
    box_tile: int  # the 17th tile, back in the box unseen
    revealed: list[int]
    planets: dict[int, list[int]]  # revealed system -> occupant per planet (-1 free, -2 blocked, seat)
    owner: dict[int, int]  # pulsar node -> seat
    gyros: dict[int, list[Any]]  # pulsar node -> [size, spinning]
    # dice board
    pool: list[int]  # silver dice still on the dice board (the leftovers after picking)
    median: int  # 1..11: centre of box v is 2v-1, between boxes k and k+1 is 2k
    tracks: list[list[list[int]]]  # [initiative, engineering][space] -> stack of marker ids
    order: list[int]  # seat per turn-order space (4 spaces with two players)
    queue: list[int]  # seats still to pick a die / to take their turn, next first
    actor: int  # seat taking its turn in the action phase (-1 otherwise)
    # supplies
    tx_stack: list[str]  # face-down transmitter stack, next on top (end of the list)
    display: list[str]
    explore_pile: list[str]  # next on top (end of the list)
    explore_discard: list[str]
    gyro_supply: dict[str, int]
    award_holders: dict[str, list[int]]  # size -> seats that took its 7 and 4 VP awards
    # technologies, HQ, goals
    tech_boards: list[str]
    patents: dict[str, list[int]]  # tech id -> seats in patent order
    locked: list[str]  # one-die techs patented this round
    goals: list[int]
    tx_discard: list[str] = field(default_factory=list)
    pending: list[Step] = field(default_factory=list)
    fixed_rolls: list[list[int]] = field(default_factory=list)  # setup.rolls: dice per round
    # options, fixed for the match
    balanced: bool = False
    lenient_left: bool = False
    unlock_rows: bool = False
    tie_ahead: bool = False
    pair_one: bool = False
    eng4_rulebook: bool = False
    goal4_any: bool = False
    optional_stations: bool = False
    late_linking: bool = False
    # added after saves existed (their default plays the earlier rules: core.record.added)
    copy_after: bool = added(False)  # §4.5 copying a leftover die gives up the unspent silver dice
    optional_claims: bool = added(False)  # §4.4 ending on a pulsar asks whether to claim it
    marks: list[int] = change_marks(MARKS)  # not game state: never saved, compared or copied

    @property
    def n(self) -> int:
        return len(self.players)
