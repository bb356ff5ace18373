"""How a solo or cooperative game ends (docs/games/space_empires.md §13.1, §13.9-§13.10): an opponent
eliminated, the outcome checked after each turn and Economic Phase, the shared win of the cooperative
scenarios and the result's details."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Event
from galaxis.games.space_empires.opponents import forces
from galaxis.games.space_empires.opponents.doomsday import coop

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState


def eliminate_opponent(state: SEState, owner: int, events: list[Event]) -> None:
    """An alien empire whose home world is destroyed is out; its units are removed."""
    solo = state.solo
    assert solo is not None
    a = forces.alien_of(solo, owner)
    if a is not None:
        a.alive = False
        a.fleets = []
    for uid in [u.uid for u in state.units.values() if u.owner == owner]:
        del state.units[uid]
    events.append({"type": "alien_eliminated", "alien": owner})
    check_outcome(state, events)


def check_outcome(state: SEState, events: list[Event]) -> None:
    """Solo victory and defeat (§13.1)."""
    solo = state.solo
    if solo is None or solo.victory == "conquest" or solo.outcome:
        return
    if not any(p.alive for p in state.players):
        solo.outcome = "lost"
    elif solo.coop is not None and coop.lost_reason(state):
        solo.outcome = "lost"  # §13.10: any home world or the Capitol lost
    elif solo.victory == "destroy_doomsday":
        if not solo.schedule and not solo.machines and solo.dm_destroyed >= solo.dm_total:
            solo.outcome = "won"
    elif solo.victory == "destroy_aliens" and not any(a.alive for a in solo.aliens):
        solo.outcome = "won"
    if solo.outcome:
        events.append({"type": "solo_over", "outcome": solo.outcome})
        state.phase = "over"
        state.pending = []
        state.battle = None
        if solo.outcome == "won" and solo.coop is None:
            state.winner = next(s for s, p in enumerate(state.players) if p.alive)


def after_elimination(state: SEState, events: list[Event]) -> None:
    check_outcome(state, events)


def shared_win(state: SEState) -> bool:
    """The cooperative scenarios are won by every live player together (§13.10)."""
    return state.solo is not None and state.solo.coop is not None and state.solo.outcome == "won"


def result_details(state: SEState) -> dict[str, Any]:
    solo = state.solo
    if solo is None:
        return {}
    return {"scenario": solo.scenario, "outcome": solo.outcome}
