"""Research and Industrial Centers, a Close Encounters option (docs/games/space_empires.md §10.7;
reference §1.12; numbers in data/centers.yaml).

A center costs 5 CP and is bought in the Economic Phase at a fully grown colony that produced income
(one per colony, not at the home world [DESIGN]); it appears when the phase ends, as purchases do.
From the next Economic Phase on, while its colony produces income, an Industrial Center adds 5 CP to
its owner's income and a Research Center gives 5 Research Points (RP). RP buy only technology; they
are spent before CP and lapse when the phase ends [DESIGN]. A center is lost with its colony
(destroyed, or captured: the captor does not get it [DESIGN]). With centers the home world is the
20 CP one (damaged 20 -> 15 -> 10 -> 5) [reference: "use the 20 CP HW with them"].
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import BaseModel, ConfigDict

from galaxis.core import Action, Event
from galaxis.core.errors import BadOption
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.board import SEATS
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import MSG
from galaxis.games.space_empires.systems.extras_state import CentersState

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.state import SEState

RESEARCH, INDUSTRIAL = "research", "industrial"
ACTION_OF = {RESEARCH: "research_center", INDUSTRIAL: "industrial_center"}
KIND_OF = {v: k for k, v in ACTION_OF.items()}
ACTION_KINDS = tuple(ACTION_OF.values())
SECRET_KINDS = ACTION_KINDS  # Economic Phase purchases are secret until placed (§7)
DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "centers.yaml"


class CenterTables(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: int
    industrial_cp: int
    research_rp: int
    min_colony_value: int
    home_world: bool
    home_world_edition: str


@cache
def tables() -> CenterTables:
    with open(DATA_FILE, encoding="utf-8") as fh:
        t = CenterTables.model_validate(yaml.safe_load(fh))
    if t.home_world_edition not in data.EDITIONS:
        raise ValueError(f"centers.yaml: unknown edition {t.home_world_edition!r}")
    return t


def setup(state: SEState, options: dict[str, Any]) -> None:
    """§10.7: the option needs the Close Encounters edition; every player's home world is worth 20 CP."""
    if not bool(options.get("research_centers", False)):
        return
    if state.edition != "ce":
        raise BadOption(MSG("needs_ce", option="research_centers"))
    n = len(state.players)
    state.centers = CentersState(rp=[0] * n, rp_income=[0] * n)
    start = data.edition_rules(hw_edition(state)).home_world
    for col in state.colonies.values():
        if col.home and col.owner >= 0:
            col.value = start


def hw_edition(state: SEState) -> str:
    """The edition whose home-world damage track applies (§5.10): the 20 CP one with centers."""
    return tables().home_world_edition if state.centers is not None else state.edition


# --- buying (Economic Phase) -------------------------------------------------------------------------
def buy_problem(state: SEState, seat: int, kind: str, hid: str) -> Msg | None:
    """§10.7: why ``seat`` may not buy a center of ``kind`` at ``hid`` now, or None."""
    c = state.centers
    if c is None:
        return MSG("centers_off")
    if kind not in ACTION_OF:
        return MSG("center_kind", kind=kind)
    t = tables()
    col = state.colonies.get(hid)
    if col is None or col.owner != seat:
        return MSG("center_where")
    if col.home and not t.home_world:
        return MSG("center_home")
    if not col.income or col.value < t.min_colony_value:
        return MSG("center_value", value=t.min_colony_value)
    if hid in c.kinds or any(q[2] == hid for q in c.queue):
        return MSG("center_one")
    if state.players[seat].cp < t.cost:
        return MSG("not_enough_cp")
    return None


def econ_actions(game: SpaceEmpires, state: SEState, seat: int) -> list[Action]:
    if state.centers is None:
        return []
    g = game.table.get
    acts = []
    for hid in sorted(h for h, col in state.colonies.items() if col.owner == seat):
        for kind, name in ACTION_OF.items():
            if buy_problem(state, seat, kind, hid) is None:
                acts.append(g(f"{name} {hid}", (hid,), name, (hid,)))
    return acts


def buy(state: SEState, seat: int, action_kind: str, hid: str) -> None:
    """§10.7: pay 5 CP; the center appears when the Economic Phase ends."""
    kind = KIND_OF[action_kind]
    problem = buy_problem(state, seat, kind, hid)
    if problem is not None:
        raise ValueError(problem)
    assert state.centers is not None
    cost = tables().cost
    p = state.players[seat]
    p.cp -= cost
    p.spent += cost
    state.centers.queue.append([SEATS[seat], kind, hid])


# --- the Economic Phase --------------------------------------------------------------------------------
def econ_starts(state: SEState, events: list[Event]) -> None:
    """§10.7: every center whose colony produces income this phase (§7.1) pays: +5 CP (industrial) or
    +5 Research Points (research)."""
    c = state.centers
    if c is None:
        return
    t = tables()
    c.rp = [0] * len(state.players)
    for hid, kind in sorted(c.kinds.items()):
        col = state.colonies.get(hid)
        owner = c.owners[hid]
        if col is None or col.owner != owner or not col.income or not state.players[owner].alive:
            continue
        if kind == INDUSTRIAL:
            state.players[owner].cp += t.industrial_cp
            state.players[owner].earned += t.industrial_cp
        else:
            c.rp[owner] += t.research_rp
    c.rp_income = list(c.rp)


def research_points(state: SEState, seat: int) -> int:
    c = state.centers
    return 0 if c is None or state.phase != "econ" else c.rp[seat]


def spend_research_points(state: SEState, seat: int, cost: int) -> int:
    """§10.7: a technology level is paid with Research Points first; returns the RP used (the rest is CP)."""
    c = state.centers
    if c is None:
        return 0
    used = min(cost, c.rp[seat])
    c.rp[seat] -= used
    return used


def place(state: SEState, events: list[Event]) -> None:
    """§10.7: when the Economic Phase ends the centers bought appear; unspent Research Points lapse."""
    c = state.centers
    if c is None:
        return
    for letter, kind, hid in c.queue:
        seat = SEATS.index(letter)
        col = state.colonies.get(hid)
        if col is None or col.owner != seat:
            continue
        c.kinds[hid], c.owners[hid] = kind, seat
        events.append({"type": "center_built", "seat": seat, "hex": hid, "center": kind})
    c.queue = []
    c.rp = [0] * len(state.players)


def prune(state: SEState, events: list[Event]) -> None:
    """§10.7: a center is lost with its colony: destroyed, or captured by another player."""
    c = state.centers
    if c is None:
        return
    for hid in sorted(c.kinds):
        col = state.colonies.get(hid)
        if col is None or col.owner != c.owners[hid]:
            events.append({"type": "center_lost", "seat": c.owners[hid], "hex": hid, "center": c.kinds[hid]})
            del c.kinds[hid], c.owners[hid]


# --- information ------------------------------------------------------------------------------------------
def observe(state: SEState, obs: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Centers are public; a player's Research Points and the centers it bought this phase are its own."""
    c = state.centers
    if c is None:
        return obs
    obs["centers"] = {hid: {"kind": c.kinds[hid], "owner": c.owners[hid]} for hid in sorted(c.kinds)}
    if seat is not None:
        me = obs["players"][seat]
        me["rp"] = c.rp[seat] if state.phase == "econ" else 0
        me["centers_bought"] = [[q[1], q[2]] for q in c.queue if q[0] == SEATS[seat]]
    return obs


def secret(state: SEState, out: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    c = state.centers
    if c is None:
        return out
    out["centers"] = {
        SEATS[s]: {"rp": c.rp[s], "bought": [q[1:] for q in c.queue if q[0] == SEATS[s]]}
        for s in range(len(state.players))
        if s != viewer
    }
    return out


def determinize(state: SEState, viewer: int | None) -> SEState:
    """§9, §10.7: another player's centers bought this phase are returned (refunded, as its other
    purchases are) and its Research Points are those it received when the phase opened (public: 5 per
    Research Center of an income-producing colony)."""
    c = state.centers
    if c is None:
        return state
    cost = tables().cost
    keep = []
    for q in c.queue:
        seat = SEATS.index(q[0])
        if seat == viewer:
            keep.append(q)
            continue
        state.players[seat].cp += cost
        state.players[seat].spent -= cost
    c.queue = keep
    for s in range(len(state.players)):
        if s != viewer:
            c.rp[s] = c.rp_income[s] if state.phase == "econ" else 0
    return state


def text_lines(state: SEState, seat: int | None, lang: str = "en") -> list[str]:
    from galaxis.games.space_empires.base.text_data import word

    c = state.centers
    if c is None:
        return []
    names = {RESEARCH: word("research_center", lang), INDUSTRIAL: word("industrial_center", lang)}
    built = ", ".join(f"{hid} {names[c.kinds[hid]]} ({SEATS[c.owners[hid]]})" for hid in sorted(c.kinds))
    lines = [f"{word('centers', lang)}: {built or '-'}"]
    if seat is not None and state.phase == "econ":
        lines.append(f"{word('research_points', lang)}: {c.rp[seat]}")
    return lines


def title(state: SEState, hid: str, lang: str = "en") -> str:
    """The SVG colony tooltip's addition: the center at ``hid`` (public), or ""."""
    from galaxis.games.space_empires.base.text_data import word

    c = state.centers
    if c is None or hid not in c.kinds:
        return ""
    return ", " + word(f"{c.kinds[hid]}_center", lang)


def invariants(state: SEState) -> list[str]:
    c = state.centers
    if c is None:
        return []
    bad = [f"research points below 0 for seat {s}" for s, rp in enumerate(c.rp) if rp < 0]
    for hid, owner in c.owners.items():
        col = state.colonies.get(hid)
        if col is None or col.owner != owner:
            bad.append(f"center at {hid} without its owner's colony")
    return bad


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "research_centers",
    "§10.7",
    setup=lambda game, state, scenario, options: setup(state, options),
    action_kinds=ACTION_KINDS,
    apply=lambda game, state, seat, kind, args, events: buy(state, seat, kind, args[0]),
    observe=observe,
    secret=secret,
    determinize=lambda state, viewer, rng: determinize(state, viewer),
    invariants=invariants,
    after_step=prune,  # centers are lost with their colonies
    secret_kinds=SECRET_KINDS,
)
