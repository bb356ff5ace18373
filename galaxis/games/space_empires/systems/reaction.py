"""Reaction Movement, the Close Encounters option of Exploration 2 (docs/games/space_empires.md §10.6;
reference §1.12 "Smaller CE options", techs table: "L2 Reaction Move").

When a player ends its movement, every enemy player with a Cruiser or Flagship counter built (or
refitted) with Exploration 2 next to a hex the mover's warships entered this turn, where that player
has units or a colony, may move that counter one hex into it, to join the battle there. It is one
decision of the reacting seat (``react <counter> <hex>`` or ``ignore``), taken before the mover's
battles, at most once per turn per player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Action, Event, Step
from galaxis.core.errors import BadOption
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.board import SEATS
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import MSG
from galaxis.games.space_empires.systems import alliances
from galaxis.games.space_empires.systems.extras_state import ReactionState
from galaxis.games.space_empires.systems.titans import EXPLORERS

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.state import SEState

STEP_KINDS = ("react",)
ACTION_KINDS = ("react", "ignore")
REACTION_LEVEL = 2  # Exploration level that gives Reaction Movement [reference §1.12]


def setup(state: SEState, options: dict[str, Any]) -> None:
    """§10.6: the option needs the Close Encounters edition (the Rule Book 1.x has no Exploration 2)."""
    if not bool(options.get("reaction_movement", False)):
        return
    if data.tech_tracks(state.edition)["exploration"].max_level(state.edition) < REACTION_LEVEL:
        raise BadOption(MSG("needs_ce", option="reaction_movement"))
    state.reaction = ReactionState()


def exploration_problem(state: SEState, level: int) -> Msg | None:
    """§6.2, §10.6: Exploration 2 can be bought only with Reaction Movement in play."""
    if level >= REACTION_LEVEL and state.reaction is None:
        return MSG("exploration_two")
    return None


def max_exploration(state: SEState) -> int:
    """The highest Exploration level a player may hold (determinization, §9)."""
    return REACTION_LEVEL if state.reaction is not None else 1


def _stamp(state: SEState) -> int:
    return state.cycle * 3 + state.turn


def reacted(state: SEState, seat: int) -> bool:
    """§10.6: a player reacts at most once per turn ([DESIGN] once per player, not per counter)."""
    r = state.reaction
    return r is not None and r.reacted.get(SEATS[seat]) == _stamp(state)


def can_react(u: Unit) -> bool:
    """§10.6: a Cruiser or (CE) Flagship built or refitted with Exploration 2."""
    return u.kind in EXPLORERS and u.level >= REACTION_LEVEL


def _present(state: SEState, hid: str, seat: int) -> bool:
    col = state.colonies.get(hid)
    return (col is not None and col.owner == seat) or any(u.owner == seat for u in board.units_at(state, hid))


def target_hexes(state: SEState, mover: int, seat: int) -> list[str]:
    """§10.6: hexes the mover's warships entered this turn (seen by ``seat``: cloaked Raiders pass
    unseen) where ``seat`` has units or a colony, so a battle or an attack on its colony follows."""
    entered = {
        u.hex
        for u in state.units.values()
        if u.owner == mover and u.moved > 0 and board.is_combat_kind(u.kind) and not board.cloaked(state, u)
    }
    return sorted(h for h in entered if _present(state, h, seat))


def _may_leave(state: SEState, members: list[Unit]) -> bool:
    """[DESIGN] a counter in a hex with enemy warships is pinned there and never reacts."""
    return not board.visible_enemy_combat_at(state, members[0].hex, members[0].owner)


def _reactions(state: SEState, seat: int, hexes: list[str], public: bool) -> list[tuple[str, str]]:
    """(counter, hex) pairs of ``seat`` next to a target hex. With ``public`` the counters the other
    players cannot rule out (face down, or face up and able): whether to ask is public, what is
    offered is not."""
    players = len(state.players)
    out = []
    own = board.counters(u for u in state.units.values() if u.owner == seat)
    for cid, members in sorted(own.items(), key=lambda kv: board.uid_key(kv[0])):
        u = members[0]
        if not _may_leave(state, members):
            continue
        if public and u.revealed and not can_react(u):
            continue
        if not public and not all(can_react(v) for v in members):
            continue
        for h in hexes:
            if h in board.adjacent(players, u.hex) and alliances.stack_problem(state, u, h) is None:
                out.append((cid, h))
    return out


def offer(state: SEState) -> None:
    """§10.6: after the mover's last move, each enemy player that may react decides, the next in turn
    order first (its step is on top)."""
    if state.reaction is None or state.phase != "combat":
        return
    mover = state.order[state.active]
    seats = [s for s in state.order if s != mover]
    start = state.order.index(mover) if mover in state.order else 0
    later = [s for s in state.order[start + 1 :] + state.order[:start] if s in seats]
    for seat in reversed(later):
        if not state.players[seat].alive or board.allied(state, seat, mover) or reacted(state, seat):
            continue
        hexes = target_hexes(state, mover, seat)
        if hexes and _reactions(state, seat, hexes, public=True):
            state.pending.append(Step("react", seat, {"hexes": hexes, "mover": mover}))


def step_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    g = game.table.get
    hexes = [h for h in step.data["hexes"] if _present(state, h, step.seat)]
    acts = [
        g(f"react {cid} {h}", (cid, h), "react", (cid, h))
        for cid, h in _reactions(state, step.seat, hexes, False)
    ]
    return [*acts, g("ignore", (), "ignore", ())]


def apply(
    game: SpaceEmpires, state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]
) -> None:
    """``react <counter> <hex>``: the counter moves one hex (a Black Hole there rolls as usual) and is
    revealed ([DESIGN]: only an Exploration 2 ship may react, and it joins a battle); ``ignore``: no
    reaction this time."""
    step = state.pending.pop()
    if kind == "ignore":
        return
    cid, hid = args
    members = board.counter_units(state, cid)
    for u in members:
        u.revealed = True
    assert state.reaction is not None
    state.reaction.reacted[SEATS[seat]] = _stamp(state)
    events.append({"type": "reaction", "seat": seat, "unit": cid, "hex": hid, "mover": step.data["mover"]})
    for u in members:
        if u.uid in state.units:
            game._do_move(state, u, hid, events)


def should_react(obs: dict[str, Any], seat: int, action: Action) -> bool:
    """The heuristic bot's choice (§10.6): react when the defending side is weaker in the hex, counting
    every unit it sees and a face-down enemy counter as two units."""
    cell = obs["hexes"].get(str(action.args[1]), {})
    mine = theirs = 0
    for u in cell.get("units", []):
        n = int(u.get("count", 2))
        if u["owner"] == seat:
            mine += n
        else:
            theirs += n
    return mine < theirs


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "reaction_movement",
    "§10.6",
    setup=lambda game, state, scenario, options: setup(state, options),
    action_kinds=ACTION_KINDS,
    apply=apply,
    step_kinds=STEP_KINDS,
    step_actions=step_actions,
)
