"""What each seat may know (§9): observation, the secret part of the state, and determinization.

Hidden on the table and here: the face-down exploration markers (from everyone) and the markers left
in the box, the type and technology of enemy counters that are still face down, and every other
player's economic sheet (CP, technology levels, bid and this phase's purchases).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Rng

from . import board
from .board import NPA, SEATS
from .hexes import parse_hex_id
from .state import SEState, Unit

if TYPE_CHECKING:
    from .rules import SpaceEmpires


def can_see(unit: Unit, viewer: int | None) -> bool:
    """Whether ``viewer`` knows what the counter is (its own, or face up)."""
    return unit.revealed or (viewer is not None and unit.owner == viewer)


def unit_view(unit: Unit, viewer: int | None) -> dict[str, Any]:
    view: dict[str, Any] = {"id": unit.uid, "owner": unit.owner}
    if can_see(unit, viewer):
        view.update(
            kind=unit.kind,
            attack_tech=unit.attack_tech,
            defense_tech=unit.defense_tech,
            tactics=unit.tactics,
            move_tech=unit.move_tech,
            damage=unit.damage,
        )
        if unit.cargo and (viewer == unit.owner or unit.revealed):
            view["cargo"] = unit.cargo
    else:
        view["kind"] = "?"
    if unit.screened:
        view["screened"] = True
    if viewer is not None and unit.owner == viewer:
        view.update(moved=unit.moved, stopped=unit.stopped)
    return view


def _hex_sort(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c


def observation(game: SpaceEmpires, state: SEState, seat: int | None) -> dict[str, Any]:
    hexes: dict[str, Any] = {}
    for hid in sorted(board.board_hexes(len(state.players)), key=_hex_sort):
        cell: dict[str, Any] = {}
        m = state.markers.get(hid)
        if m is not None:
            cell["marker"] = [m.kind, m.value] if m.face_up else "?"
        col = state.colonies.get(hid)
        if col is not None:
            cell["colony"] = {"owner": col.owner, "value": col.value, "home": col.home}
        units = [unit_view(u, seat) for u in board.units_at(state, hid)]
        if units:
            cell["units"] = sorted(units, key=lambda v: (v["owner"], len(v["id"]), v["id"]))
        if cell:
            hexes[hid] = cell
    players = []
    for s, p in enumerate(state.players):
        entry: dict[str, Any] = {
            "seat": s,
            "alive": p.alive,
            "colonies": sum(1 for c in state.colonies.values() if c.owner == s),
            "done": p.done if state.phase == "econ" else False,
        }
        if seat == s:
            entry.update(cp=p.cp, techs=dict(p.techs), bid=p.bid, queue=[list(q) for q in p.queue])
            entry.update(earned=p.earned, spent=p.spent, forfeited=p.forfeited)
        players.append(entry)
    b = state.battle
    battle = None
    if b is not None:
        battle = {"hex": b.hex, "attacker": b.attacker, "defender": b.defender, "round": b.round}
    top = state.pending[-1] if state.pending else None
    return {
        "cycle": state.cycle,
        "cycles": state.cycles,
        "turn": state.turn,
        "phase": state.phase,
        "edition": state.edition,
        "order": list(state.order),
        "active": state.order[state.active] if state.order and state.phase in ("move", "combat") else None,
        "you": seat,
        "players": players,
        "hexes": hexes,
        "battle": battle,
        "decision": None if top is None else {"kind": top.kind, "seat": top.seat, **_public_step(top.data)},
        "winner": state.winner,
    }


def _public_step(data: Any) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in dict(data).items()}


def secret(state: SEState, viewer: int | None) -> dict[str, Any]:
    markers = {hid: [m.kind, m.value] for hid, m in sorted(state.markers.items()) if not m.face_up}
    units = {
        u.uid: [u.kind, u.attack_tech, u.defense_tech, u.tactics, u.level, u.cargo]
        for u in sorted(state.units.values(), key=lambda u: u.uid)
        if not can_see(u, viewer)
    }
    sheets = {
        SEATS[s]: {"cp": p.cp, "techs": dict(p.techs), "bid": p.bid, "queue": [list(q) for q in p.queue]}
        for s, p in enumerate(state.players)
        if s != viewer
    }
    return {"markers": markers, "box": list(state.undrawn), "units": units, "sheets": sheets}


def determinize(state: SEState, viewer: int | None, rng: Rng) -> SEState:
    """Re-deal what ``viewer`` cannot know, consistently with what it has seen.

    Face-down markers are re-dealt within their pool (a player's home system, or deep space together
    with the box), and the face-down counters of each other player swap their contents among
    themselves (same owner, same movement, so every move the viewer watched stays possible). The
    economic sheets keep their values: their totals are fixed by the public counters.
    """
    pools: dict[str, list[str]] = {}
    for hid, m in state.markers.items():
        if not m.face_up:
            pools.setdefault(m.pool, []).append(hid)
    for pool in sorted(pools):
        hexes = sorted(pools[pool], key=_hex_sort)
        contents = sorted((state.markers[h].kind, state.markers[h].value) for h in hexes)
        if pool == "deep":
            contents = sorted(contents + [(k, int(v)) for k, v in (m.split(":") for m in state.undrawn)])
        rng.shuffle(contents)
        for h, (kind, value) in zip(hexes, contents, strict=False):
            state.markers[h].kind = str(kind)
            state.markers[h].value = int(value)
        if pool == "deep":
            state.undrawn = [f"{k}:{v}" for k, v in contents[len(hexes) :]]
    # Mines, decoys, Raiders, fighters and carriers move, explore, stop or carry unlike other ships:
    # they only swap with their own kind.
    groups: dict[tuple[int, int], list[Unit]] = {}
    for u in state.units.values():
        if not can_see(u, viewer) and u.owner != NPA:
            cls = {"Mine": -1, "Decoy": -2, "R": -3, "F": -4, "CV": -5}.get(u.kind, u.move_tech)
            groups.setdefault((u.owner, cls), []).append(u)
    for key in sorted(groups):
        units = sorted(groups[key], key=lambda u: (len(u.uid), u.uid))
        contents_u = sorted((u.kind, u.attack_tech, u.defense_tech, u.tactics, u.level) for u in units)
        rng.shuffle(contents_u)
        for u, (kind, att, dfn, tac, lvl) in zip(units, contents_u, strict=True):
            u.kind, u.attack_tech, u.defense_tech, u.tactics, u.level = kind, att, dfn, tac, lvl
    state.rng = rng.fork()
    return state
