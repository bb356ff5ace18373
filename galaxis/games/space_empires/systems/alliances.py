"""Alliances between team members: the Uneasy Alliance and Blood Brothers (docs/games/space_empires.md
§10.8; seed lines 1-7, reference §3 "Alliances").

Every alliance: allies fight on one side and never against each other (``board.allied``), so an ally's
colony or ship can never be captured (no battle, boarding or invasion starts between allies); and a
colony an ally *founded* is never bombarded, even after an enemy captured it (``no_bombard``).
Blood Brothers (the team rules of ``teams.py``): allies stack, attack together and share MS Pipelines.
Uneasy Alliance: no stacking with an ally's units (``stack_problem``), no shared MS Pipelines
(``shares_pipelines``) and no minerals delivered to an ally's colony (``shares_minerals``).

``kind(state)`` is the alliance in play, for the other team scenarios (e.g. ``ce_3p_2v1``, which
plays the Uneasy Alliance: its default comes from ``data/alliances.yaml``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from galaxis.core import Action, Step
from galaxis.core.errors import BadOption
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import MSG
from galaxis.games.space_empires.systems.extras_state import AllianceState

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState

NONE, UNEASY, BLOOD_BROTHERS = "none", "uneasy", "blood_brothers"
KINDS = (NONE, UNEASY, BLOOD_BROTHERS)
DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "alliances.yaml"


@cache
def _raw() -> dict[str, Any]:
    with open(DATA_FILE, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh)
    if not isinstance(raw, dict):
        raise ValueError("alliances.yaml must be a mapping")
    return raw


@cache
def scenario_defaults() -> tuple[str, dict[str, str]]:
    """The alliance of a team scenario when the option is ``none`` (data/alliances.yaml)."""
    raw = _raw()
    default = str(raw["default"])
    table = {str(k): str(v) for k, v in (raw.get("scenarios") or {}).items()}
    for value in (default, *table.values()):
        if value not in (UNEASY, BLOOD_BROTHERS):
            raise ValueError(f"alliances.yaml: {value!r} is not uneasy or blood_brothers")
    return default, table


@cache
def base_teams() -> dict[str, tuple[int, ...]]:
    """[DESIGN] base scenarios that become team games with an alliance (data/alliances.yaml)."""
    out = {str(k): tuple(int(t) for t in v) for k, v in (_raw().get("base_teams") or {}).items()}
    for sid, teams in out.items():
        if len(set(teams)) < 2:
            raise ValueError(f"alliances.yaml: base_teams.{sid} needs two teams")
    return out


def setup(state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    """§10.8: a team scenario plays the alliance the option names, or its own; the 4-player base game
    with an alliance is the base 2 v 2 team game [DESIGN]; any other game refuses ``uneasy`` and
    ``blood_brothers`` (there are no allies to bind)."""
    chosen = str(options.get("alliance", NONE))
    if chosen not in KINDS:
        raise BadOption(MSG("unknown_alliance", alliance=repr(chosen), choices=", ".join(KINDS)))
    if not scenario.teams and chosen != NONE and scenario.id in base_teams() and state.solo is not None:
        teams = base_teams()[scenario.id]
        if len(teams) != len(state.players):
            raise ValueError(f"alliances.yaml: base_teams.{scenario.id} names {len(teams)} seats")
        state.solo.teams = teams  # the base 4-player team game, 2 v 2 [DESIGN]
    elif not scenario.teams:
        if chosen != NONE:
            raise BadOption(MSG("alliance_needs_teams", alliance=chosen, scenario=scenario.id))
        return
    default, table = scenario_defaults()
    state.alliance = AllianceState(chosen if chosen != NONE else table.get(scenario.id, default))
    remember_founders(state)


def kind(state: SEState) -> str:
    """§10.8: the alliance between allies: ``uneasy`` or ``blood_brothers`` in a team game, Blood
    Brothers in the cooperative scenarios (§13.10: the seed's "VÉRTESTVÉREK"), ``none`` otherwise."""
    if state.alliance is not None:
        return state.alliance.kind
    if state.solo is not None and state.solo.coop is not None:
        return BLOOD_BROTHERS
    return NONE


def _other_ally(state: SEState, a: int, b: int) -> bool:
    return a != b and a >= 0 and b >= 0 and board.allied(state, a, b)


def _joint_turns(state: SEState) -> bool:
    """Blood Brothers take their turns together in the team games (§10.8.1); the cooperative scenarios
    keep their own turn rules (§13.10: the Doomsday Machines move between the live players)."""
    return state.alliance is not None and state.alliance.kind == BLOOD_BROTHERS


def joint_order(state: SEState, order: list[int]) -> list[int]:
    """§10.8.1 [DESIGN]: Blood Brothers take their turn together, at the place of the team's first
    member in the clockwise order; the members keep their clockwise order inside the team's turn."""
    if not _joint_turns(state):
        return order
    grouped: list[int] = []
    for seat in order:
        if seat not in grouped:
            grouped += [t for t in order if t == seat or (t not in grouped and _other_ally(state, seat, t))]
    return grouped


def waits_for_ally(state: SEState) -> bool:
    """§10.8.1: the active seat's battles wait while the next seat of this game turn is a Blood
    Brother (the allies move one after the other, then fight together)."""
    if not _joint_turns(state) or state.active + 1 >= len(state.order):
        return False
    nxt = state.order[state.active + 1]
    return state.players[nxt].alive and _other_ally(state, state.order[state.active], nxt)


def turn_group(state: SEState) -> list[int]:
    """§10.8.1: the seats whose turn ends now: the active seat, and under Blood Brothers the allies
    that moved just before it in this game turn (their battles, bombardments and exploration follow)."""
    first = state.active
    while (
        _joint_turns(state)
        and first > 0
        and _other_ally(state, state.order[first - 1], state.order[state.active])
    ):
        first -= 1
    return [s for s in state.order[first : state.active + 1] if state.players[s].alive]


def stack_problem(state: SEState, u: Unit, hid: str) -> Msg | None:
    """§10.8 Uneasy Alliance: a unit never enters (moves, retreats or reacts into) a hex holding an
    ally's units."""
    if kind(state) != UNEASY:
        return None
    if any(_other_ally(state, v.owner, u.owner) for v in board.units_at(state, hid)):
        return MSG("uneasy_allies")
    return None


def shares_pipelines(state: SEState, owner: int, seat: int) -> bool:
    """§4.6, §10.8: a player moves along its own MS Pipelines and, except in an Uneasy Alliance, its
    allies' (Blood Brothers and the cooperative allies share them)."""
    return owner == seat or (kind(state) != UNEASY and board.allied(state, owner, seat))


def shares_minerals(state: SEState, owner: int, seat: int) -> bool:
    """§6, §10.8: minerals may be delivered at an ally's colony, except in an Uneasy Alliance."""
    return owner == seat or (kind(state) != UNEASY and board.allied(state, owner, seat))


def remember_founders(state: SEState) -> None:
    """§10.8: the seat that founded each colony (the first owner seen at that hex; forgotten when the
    colony is gone, so a new colony there has a new founder)."""
    a = state.alliance
    if a is None:
        return
    for hid in [h for h in a.founders if h not in state.colonies]:
        del a.founders[hid]
    for hid, col in state.colonies.items():
        if hid not in a.founders and col.owner >= 0:
            a.founders[hid] = col.owner


def no_bombard(state: SEState, hid: str, seat: int) -> bool:
    """§10.8 [seed]: "sohasem bombázhatsz olyan kolóniát, amelyet eredetileg szövetségesed hozott
    létre": never bombard (nor destroy, §10.3) a colony an ally founded, whoever holds it now."""
    a = state.alliance
    if a is None or hid not in a.founders:
        return False
    return _other_ally(state, a.founders[hid], seat)


def skip_bombardment(game: SpaceEmpires, state: SEState, hid: str, seat: int) -> bool:
    """§10.8: no bombardment step at an ally-founded colony unless the player may land there (taking
    it back from the enemy is no capture from an ally, §10.1)."""
    if not no_bombard(state, hid, seat):
        return False
    from galaxis.games.space_empires.systems import ground

    return not ground.land_actions(game, state, Step("bomb", seat, {"hex": hid, "left": []}))


def bombard_actions(state: SEState, step: Step, acts: list[Action]) -> list[Action]:
    """§10.8: the bombardment step at an ally-founded colony offers no ``bomb`` or ``destroy``."""
    if not no_bombard(state, step.data["hex"], step.seat):
        return acts
    return [a for a in acts if a.kind not in ("bomb", "destroy")]


# --- the system (base/system.py) ---------------------------------------------------------------------------
def _setup(game: Game, state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    setup(state, scenario, options)
    state.order = joint_order(state, state.order)  # §10.8.1: Blood Brothers move together


SYSTEM = System(
    "alliances",
    "§10.8",
    setup=_setup,
    after_step=lambda state, events: remember_founders(state),  # who founded each colony
)
