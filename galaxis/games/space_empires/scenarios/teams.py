"""Team games of the Close Encounters competitive scenarios (docs/games/space_empires.md §12.1).

A team scenario (data/scenarios.yaml: ``teams``, ``team_techs``, ``double_colony_income``) puts the
seats in teams. Allies are on one side: their units fight together and never fight each other, they
never bombard a colony of an ally and they share MS Pipelines (the "Blood Brothers" alliance of the
seed's 4-player 3 v 1 game). A team wins when every live empire belongs to it; the lone player of the
3 v 1 game collects twice the value of each of its colonies (not of its home world).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core import Event
from galaxis.games.space_empires.base.system import System

if TYPE_CHECKING:
    from galaxis.games.space_empires.base.state import Colony
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState


def setup(game: SpaceEmpires, state: SEState, scenario: Scenario) -> None:
    """§12.1: records the teams and the doubled incomes, and gives each team member its team's
    starting technology (its starting units count as built with it)."""
    solo = state.solo
    if solo is None or not (scenario.teams or scenario.double_colony_income):
        return
    solo.teams = tuple(scenario.teams)
    solo.double_income = tuple(scenario.double_colony_income)
    for seat, team in enumerate(scenario.teams):
        p = state.players[seat]
        for track, level in scenario.team_techs.get(team, {}).items():
            p.techs[track] = max(p.techs.get(track, 0), level)
        for u in state.units.values():
            if u.owner == seat:
                u.attack_tech, u.defense_tech, u.tactics, u.move_tech, u.level = game._build_techs(
                    p.techs, u.kind
                )


def colony_income(state: SEState, seat: int, col: Colony) -> int:
    """§12.1 (seed, 3 v 1): the lone player collects twice each colony's value; the home world and the
    MS Pipeline bonus are not doubled (30 CP home world + 2 x 3 CP colonies + 1 pipeline link = 43)."""
    solo = state.solo
    doubled = solo is not None and seat in solo.double_income and not col.home
    return col.value * 2 if doubled else col.value


def winning_team(state: SEState) -> int | None:
    """§12.1: the team every live empire belongs to, when there is exactly one such team."""
    solo = state.solo
    if solo is None or not solo.teams:
        return None
    alive = [s for s, p in enumerate(state.players) if p.alive]
    left = {solo.teams[s] for s in alive}
    return left.pop() if len(left) == 1 else None


def check_victory(state: SEState, events: list[Event]) -> bool:
    """§12.1: after an elimination the game ends when only one team has live empires; the winner is its
    first live seat and every member of the team shares the win (``team_won``)."""
    team = winning_team(state)
    if team is None:
        return False
    assert state.solo is not None
    members = [s for s, t in enumerate(state.solo.teams) if t == team]
    state.winner = next(s for s in members if state.players[s].alive)
    state.phase = "over"
    state.pending = []
    state.battle = None
    names = ", ".join(f"seat {s + 1}" for s in members)
    text = f"every empire left belongs to team {team + 1} ({names}): the team wins"
    events.append({"type": "team_won", "team": team, "seats": members, "text": text})
    return True


def team_won(state: SEState, seat: int) -> bool:
    """§12.1: a seat wins with its team, even when its own empire was destroyed."""
    solo = state.solo
    if solo is None or not solo.teams or state.winner < 0:
        return False
    return solo.teams[seat] == solo.teams[state.winner]


# --- the team games as a system (base/system.py) -----------------------------------------------------------
SYSTEM = System("teams", "§12.1", setup=lambda game, state, scenario, options: setup(game, state, scenario))
