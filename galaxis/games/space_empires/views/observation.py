"""What each seat may know (§9): observation, the secret part of the state, and determinization.

Hidden on the table and here: the face-down exploration markers (from everyone) and the markers left
in the box, the type, technology and number of units of enemy counters that are still face down, the
technology of enemy counters that are face up but have not fought since they were built or refitted (a
counter never shows technology; a battle does), and every other player's economic sheet (CP, technology
levels, bid and this phase's purchases).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from galaxis.core import Game, Rng
from galaxis.games.space_empires import registry
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.board import (
    BUYABLE_TECHS,
    MAX_BID,
    NPA,
    SEATS,
    counter_of,
    counters,
    group_size,
    uid_key,
)
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.state import LEVEL_TRACKS, TECH_FIELDS, Unit
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import empire_advantages, reaction

if TYPE_CHECKING:
    pass


def can_see(unit: Unit, viewer: int | None) -> bool:
    """Whether ``viewer`` knows what the counter is (its own, or face up)."""
    return unit.revealed or (viewer is not None and unit.owner == viewer)


def tech_known(unit: Unit, viewer: int | None) -> bool:
    """§9: whether ``viewer`` knows the unit's technology (Attack, Defence, Tactics, Move): its own, one
    that fought in a battle since it was built or refitted (``tech_shown``), or a non-player force's
    (non-player aliens, solo aliens, amoebas: their technology follows their own public rules)."""
    return unit.tech_shown or unit.owner < 0 or (viewer is not None and unit.owner == viewer)


def counter_view(members: list[Unit], viewer: int | None) -> dict[str, Any]:
    """A counter as ``viewer`` sees it (§9): its id, owner and whether it is face down ("?") for
    everyone; type, technology, the number of units and the units themselves only for its owner or
    once it is face up."""
    first = members[0]
    view = unit_view(first, viewer)
    view["id"] = counter_of(first)
    if can_see(first, viewer):
        view["count"] = len(members)
        view["units"] = [
            {"id": u.uid, "damage": u.damage, **({"screened": True} if u.screened else {})} for u in members
        ]
        view["damage"] = max(u.damage for u in members)
        view.pop("screened", None)
    else:
        view.pop("screened", None)
    return view


def unit_view(unit: Unit, viewer: int | None) -> dict[str, Any]:
    view: dict[str, Any] = {"id": unit.uid, "owner": unit.owner}
    if can_see(unit, viewer):
        view["kind"] = unit.kind
        if tech_known(unit, viewer):  # §9: a face-up counter shows its type, not its technology
            view.update(
                attack_tech=unit.attack_tech,
                defense_tech=unit.defense_tech,
                tactics=unit.tactics,
                move_tech=unit.move_tech,
            )
        view["damage"] = unit.damage
        if unit.xp or unit.captured:
            view.update(xp=unit.xp, captured=unit.captured)  # §10.2: on the ship tech sheet
        if unit.cargo and (viewer == unit.owner or unit.revealed):
            view["cargo"] = unit.cargo
    else:
        view["kind"] = "?"
    if unit.screened:
        view["screened"] = True
    if viewer is not None and unit.owner == viewer:
        view.update(moved=unit.moved, stopped=unit.stopped)
    return view


@cache
def _hex_sort(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c


@cache
def _map_order(players: int) -> tuple[str, ...]:
    """The hexes of the map, row by row (the order of an observation's ``hexes``)."""
    return tuple(sorted(board.board_hexes(players), key=_hex_sort))


def observation(game: Game, state: SEState, seat: int | None) -> dict[str, Any]:
    hexes: dict[str, Any] = {}
    by_hex: dict[str, list[Unit]] = {}  # each hex's units, in the order of state.units (units_at's)
    for u in state.units.values():
        by_hex.setdefault(u.hex, []).append(u)
    for hid in _map_order(len(state.players)):
        cell: dict[str, Any] = {}
        m = state.markers.get(hid)
        if m is not None:
            cell["marker"] = [m.kind, m.value] if m.face_up else "?"
            if not m.face_up and seat is not None and hid in state.players[seat].known:
                cell["peeked"] = [m.kind, m.value]  # seen with Exploration (§6.2)
        col = state.colonies.get(hid)
        if col is not None:
            cell["colony"] = {"owner": col.owner, "value": col.value, "home": col.home}
        here = by_hex.get(hid)
        units = [counter_view(m, seat) for m in counters(here).values()] if here else []
        if units:
            cell["units"] = sorted(units, key=lambda v: (v["owner"], uid_key(v["id"])))
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
        "decision": None
        if top is None
        else {"kind": top.kind, "seat": top.seat, **_public_step(state, top.data)},
        "winner": state.winner,
    }


def _public_step(state: SEState, data: Any) -> dict[str, Any]:
    # A step's own "seat"/"kind" (whose stack is lost, whose mine fires) must not hide
    # who decides and what: they are published as "subject" and "step_kind".
    renamed: dict[str, str] = {"seat": "subject", "kind": "step_kind"}
    out: dict[str, Any] = {
        renamed.get(str(k), str(k)): (list(v) if isinstance(v, list) else v) for k, v in dict(data).items()
    }
    if isinstance(out.get("left"), list):  # bombardment: the counters still to fire, never their units (§9)
        out["left"] = list(counters(state.units[uid] for uid in out["left"] if uid in state.units))
    return out


def _known(state: SEState, viewer: int | None) -> set[str]:
    """Face-down markers ``viewer`` has looked at with Exploration (§6.2)."""
    if viewer is None:
        return set()
    return {h for h in state.players[viewer].known if h in state.markers and not state.markers[h].face_up}


def secret(state: SEState, viewer: int | None) -> dict[str, Any]:
    known = _known(state, viewer)
    markers = {
        hid: [m.kind, m.value]
        for hid, m in sorted(state.markers.items())
        if not m.face_up and hid not in known
    }
    units = {
        cid: [u.kind, u.attack_tech, u.defense_tech, u.tactics, u.level, u.cargo, len(members), u.xp]
        for cid, members in counters(u for u in state.units.values() if not can_see(u, viewer)).items()
        for u in members[:1]
    }
    # §9: face-up counters whose technology the viewer has not seen in a battle
    tech = {cid: list(board.build_tech(members[0])) for cid, members in _veiled(state, viewer).items()}
    sheets = {
        SEATS[s]: {
            "cp": p.cp,
            "techs": dict(p.techs),
            "bid": p.bid,
            "queue": [list(q) for q in p.queue],
            "known": sorted(p.known),
        }
        for s, p in enumerate(state.players)
        if s != viewer
    }
    return {"markers": markers, "box": list(state.undrawn), "units": units, "tech": tech, "sheets": sheets}


def determinize(state: SEState, viewer: int | None, rng: Rng) -> SEState:
    """Re-deal what ``viewer`` cannot know, consistently with what it has seen.

    Face-down markers are re-dealt within their pool (a player's home system, or deep space together
    with the box), and the face-down counters of each other player swap their contents among
    themselves (same owner, same movement, so every move the viewer watched stays possible). The
    economic sheets keep their values: their totals are fixed by the public counters.
    """
    pools: dict[str, list[str]] = {}
    known = _known(state, viewer)
    for hid, m in state.markers.items():
        if not m.face_up and hid not in known:
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
    veiled = _veiled(state, viewer)
    _forget_veiled_tech(state, veiled)
    _resample_counters(state, viewer, rng)
    for s, p in enumerate(state.players):
        if s != viewer and p.alive:
            _resample_sheet(state, s, rng)
    _redraw_veiled_tech(state, veiled, rng)
    state.rng = rng.fork()
    return state


def _veiled(state: SEState, viewer: int | None) -> dict[str, list[Unit]]:
    """§9: the face-up counters whose technology ``viewer`` does not know (see ``tech_known``)."""
    return counters(u for u in state.units.values() if can_see(u, viewer) and not tech_known(u, viewer))


def _veiled_tracks(state: SEState, unit: Unit) -> tuple[str, ...]:
    """The tracks of a face-up unit whose level determinize re-draws: Attack, Defence and Tactics, and
    Move unless the unit moves with it (then its moves have shown it, §4.1)."""
    units = data.units(state.edition)
    moves = unit.kind in units and units[unit.kind].move == "tech"
    return ("attack", "defense", "tactics") if moves else ("attack", "defense", "tactics", "move")


# The unit field that records each technology track a unit is built with.


def _track_start(state: SEState, track: str) -> int:
    tracks = data.tech_tracks(state.edition)
    return tracks[track].start if track in tracks else 0


def _forget_veiled_tech(state: SEState, veiled: dict[str, list[Unit]]) -> None:
    """§9: before the sheets are re-dealt, the hidden technology of face-up counters is set to the
    starting level, so that ``tech_floor`` keeps only what the viewer can know."""
    for members in veiled.values():
        for t in _veiled_tracks(state, members[0]):
            for u in members:
                setattr(u, TECH_FIELDS[t], _track_start(state, t))


def _redraw_veiled_tech(state: SEState, veiled: dict[str, list[Unit]], rng: Rng) -> None:
    """§9: each face-up counter whose technology the viewer does not know gets, per hidden track, a level
    drawn between its owner's lowest possible level (the track's start, its set-up level or a card's
    grant, §10.4) and its owner's re-dealt level: it was built at some earlier level (technology is never
    lost, §7.5). A counter keeps one technology for all its units."""
    floors = {
        seat: empire_advantages.granted_floor(state, seat, {t: _track_start(state, t) for t in TECH_FIELDS})
        for seat in sorted({m[0].owner for m in veiled.values()})
    }
    for cid in sorted(veiled, key=uid_key):
        members = veiled[cid]
        techs = state.players[members[0].owner].techs
        for t in _veiled_tracks(state, members[0]):
            low = floors[members[0].owner][t]
            level = low + rng.below(max(low, techs.get(t, low)) - low + 1)
            for u in members:
                setattr(u, TECH_FIELDS[t], level)


def first_cycle(state: SEState) -> bool:
    """§9: in the first cycle nothing bought is on the map yet (purchases appear at the end of the Economic
    Phase) and the 30 CP carry-over cap has not applied yet, so every counter still holds the units it was
    set up with, and a player may hold more than 30 CP (e.g. what it did not bid away of the balanced
    deal's 75 CP, §10.4)."""
    return state.cycle <= 1


def _resample_counters(state: SEState, viewer: int | None, rng: Rng) -> None:
    """§9: the face-down counters of the other players swap their contents (type and technology) among
    counters of the same owner and movement, then every counter that may hold several units gets a new
    number of units, paid from (or refunded to) its owner's CP so the owner's total wealth is kept."""
    # Mines, decoys, Raiders, fighters, carriers and Titans move, explore, stop or carry unlike other ships:
    # they only swap with their own kind.
    # In the first cycle counters keep their set-up size (no resizing below), so contents are swapped
    # only between counters of the same size: a 3-Scout counter never takes a kind one unit fills (§4.9).
    first = first_cycle(state)
    classes: dict[tuple[int, int, int], list[list[Unit]]] = {}
    fixed = _pinned(state)
    hidden = counters(u for u in state.units.values() if not can_see(u, viewer) and u.owner != NPA)
    for members in hidden.values():
        if any(u.uid in fixed for u in members):
            continue  # a pending decision or the battle names its units: it stays as it is
        u = members[0]
        cls = {"Mine": -1, "Decoy": -2, "R": -3, "F": -4, "CV": -5, "TN": -6}.get(u.kind, u.move_tech)
        classes.setdefault((u.owner, cls, len(members) if first else 0), []).append(members)
    wealth: dict[int, int] = {}
    for key in sorted(classes):
        groups = classes[key]
        if key[0] >= 0:
            wealth[key[0]] = wealth.get(key[0], 0) + sum(board.unit_cost(u.kind) for m in groups for u in m)
        contents = sorted((m[0].kind, *board.build_tech(m[0]), m[0].xp) for m in groups)
        rng.shuffle(contents)
        # Move stays with the counter: it shows in how the counter moved. Experience is on the tech sheet.
        for members, (kind, att, dfn, tac, _move, lvl, xp) in zip(groups, contents, strict=True):
            for u in members:
                u.kind, u.attack_tech, u.defense_tech, u.tactics, u.level, u.xp = kind, att, dfn, tac, lvl, xp
    if first:
        return  # nothing bought is on the map yet: every counter holds the units it was set up with
    for owner in sorted(wealth):
        p = state.players[owner]
        resizable = [m for key in sorted(classes) if key[0] == owner for m in classes[key]]
        money = p.cp + wealth[owner] - sum(board.unit_cost(m[0].kind) for m in resizable)
        sizes = []
        for members in resizable:
            cost = board.unit_cost(members[0].kind)
            extra = rng.below(group_size(members[0].kind))
            if cost > 0:
                extra = min(extra, money // cost)
            money -= extra * cost
            sizes.append(1 + extra)
        for members, size in zip(resizable, sizes, strict=True):
            _resize(state, members, size)
        p.spent += p.cp - money
        p.cp = money


def _pinned(state: SEState) -> set[str]:
    """Units a pending decision or the battle names: their counters keep their size."""
    names: set[str] = set()
    for step in state.pending:
        for value in dict(step.data).values():
            if isinstance(value, str):
                names.add(value)
            elif isinstance(value, list):
                names.update(v for v in value if isinstance(v, str))
    if state.battle is not None:
        names.update(state.battle.queue)
        names.update(state.battle.withdrawn)
    # Carriers with fighters aboard keep their size (the fighters name them).
    names.update(u.cargo for u in state.units.values() if u.kind == "F" and u.cargo)
    return names


def _resize(state: SEState, members: list[Unit], size: int) -> None:
    first = members[0]
    for u in members[size:]:
        del state.units[u.uid]
    for _ in range(size - len(members)):
        twin = first.clone()
        twin.uid = board.free_member_id(state, counter_of(first))
        twin.counter = counter_of(first)
        twin.cargo = ""
        state.units[twin.uid] = twin


def tech_floor(state: SEState, seat: int) -> dict[str, int]:
    """The technology levels ``seat`` must have, given its units: the levels they were built with and
    the prerequisites of their types (technology is never lost, §7.5)."""
    p = state.players[seat]
    tracks = data.tech_tracks(state.edition)
    floor = {t: (tracks[t].start if t in BUYABLE_TECHS and t in tracks else v) for t, v in p.techs.items()}
    units = data.units(state.edition)
    for u in state.units.values():
        if u.owner != seat:
            continue
        built = {
            "attack": u.attack_tech,
            "defense": u.defense_tech,
            "tactics": u.tactics,
            "move": u.move_tech,
        }
        if u.kind in LEVEL_TRACKS:
            built[LEVEL_TRACKS[u.kind]] = u.level
        if u.kind in units:
            built.update({t: max(lvl, built.get(t, 0)) for t, lvl in units[u.kind].requires.items()})
        for t, lvl in built.items():
            if t in floor:
                floor[t] = max(floor[t], lvl)
    return empire_advantages.granted_floor(state, seat, floor)  # §10.4: set-up levels and card grants


def _resample_sheet(state: SEState, seat: int, rng: Rng) -> None:
    """§9: re-deal another player's economic sheet. What the viewer may infer is kept: every technology
    level its units show or need (``tech_floor``), how many levels it researched beyond that, its total
    wealth (CP + research + this phase's bid and purchases), whether it has bid, and the carry-over cap
    outside the Economic Phase. Which levels, the CP left, the bid and the purchases in progress are
    drawn anew (purchases in progress are returned: the player has bought nothing yet)."""
    p = state.players[seat]
    tracks = data.tech_tracks(state.edition)
    floor = tech_floor(state, seat)
    budget = p.cp
    extra = 0
    for t in BUYABLE_TECHS:
        if t not in tracks or t not in p.techs:
            continue
        for level in range(floor[t] + 1, p.techs[t] + 1):
            budget += tracks[t].level_cost(state.edition, level)
            extra += 1
    units = data.units(state.edition)
    budget += sum(units[q[0]].cost for q in p.queue)
    secret_bid = state.phase == "econ" and p.bid >= 0 and not all(q.done for q in state.players if q.alive)
    if secret_bid:
        budget += p.bid
    techs = dict(floor)

    def affordable() -> list[str]:
        out = []
        for t in BUYABLE_TECHS:
            if t not in tracks or t not in techs or techs[t] >= tracks[t].max_level(state.edition):
                continue
            if t == "exploration" and techs[t] >= reaction.max_exploration(state):
                continue  # Exploration 2 only with Reaction Movement (§6.2, §10.6)
            if tracks[t].level_cost(state.edition, techs[t] + 1) <= budget:
                out.append(t)
        return out

    def research() -> bool:
        options = affordable()
        if not options:
            return False
        nonlocal budget
        t = options[rng.below(len(options))]
        techs[t] += 1
        budget -= tracks[t].level_cost(state.edition, techs[t])
        return True

    for _ in range(extra):
        if not research():
            break
    cap = data.edition_rules(state.edition).carry_over_cap
    capped = state.phase != "econ" and not first_cycle(
        state
    )  # the cap first applies at the end of an Economic Phase
    while capped and budget > cap and research():
        pass
    if secret_bid:
        p.bid = rng.below(min(MAX_BID, budget) + 1)
        budget -= p.bid
    if state.phase == "econ" and p.queue:
        p.queue, p.built, p.built_sy, p.built_base = [], {}, [], []
    p.bought_techs = [t for t in p.bought_techs if techs.get(t, 0) > floor.get(t, 0)]
    forfeit = max(0, budget - cap) if capped else 0
    p.techs = techs
    p.cp = budget - forfeit
    p.forfeited += forfeit
    p.spent = p.earned - p.forfeited - p.cp


# --- the hooks (rules.py's table): the base game's view, then every system's, in registry order ---------
def full_observation(game: Game, state: SEState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (§9): the base game's view, then each system's ``observe``."""
    obs = observation(game, state, seat)
    for observe in registry.OBSERVE:
        obs = observe(state, obs, seat)
    return obs


def full_secret(game: Game, state: SEState, viewer: int | None) -> dict[str, Any]:
    """Everything ``viewer`` must not know: the base game's part, then each system's ``secret``."""
    out = secret(state, viewer)
    for system_secret in registry.SECRET:
        out = system_secret(state, out, viewer)
    return out


def full_determinize(game: Game, state: SEState, viewer: int | None, rng: Rng) -> SEState:
    """Re-samples what ``viewer`` cannot see: the systems that must go first (Empire Advantages,
    §10.4), the base game's sheets and markers, then every other system, in registry order."""
    for first in registry.DETERMINIZE_FIRST:
        state = first(state, viewer, rng)
    state = determinize(state, viewer, rng)
    for redeal in registry.DETERMINIZE:
        state = redeal(state, viewer, rng)
    return state
