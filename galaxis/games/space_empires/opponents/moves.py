"""The automated opponents' movement (docs/games/space_empires.md §13.2, §13.4-§13.5, §13.8): who moves
next and how far, where each opponent heads (the live player steers a tied route: the ``steer`` step),
each hex with its mines and meetings, and the optional warp points and Doomsday markers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core import Action, Event, Step
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Marker, Unit
from galaxis.games.space_empires.opponents import forces, sheets
from galaxis.games.space_empires.opponents.alien_players import flowchart_ground as ap_flowchart_ground
from galaxis.games.space_empires.opponents.alien_players import solo4
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.opponents.solo_state import (
    DOOMSDAY,
    DOOMSDAY_LETTER,
    Alien,
)
from galaxis.games.space_empires.opponents.tables import solo_tables

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.state import SEState

STEP_KINDS = ("steer",)


def neighbours(state: SEState, hid: str) -> tuple[str, ...]:
    """Adjacent hexes, plus the other face-up warp points of the same number (optional rule)."""
    near = board.adjacent(len(state.players), hid)
    solo = state.solo
    link = coop.warp_link(state, hid)  # §13.10: warp point 1 joins the Capitol to the players
    if link:
        near = (*near, link)
    if solo is None or not solo.warp_points:
        return near
    m = state.markers.get(hid)
    if m is None or not m.face_up or m.kind != "warp_point":
        return near
    links = [
        h
        for h, w in sorted(state.markers.items(), key=lambda kv: forces.hex_key(kv[0]))
        if h != hid and w.face_up and w.kind == "warp_point" and w.value == m.value and h not in near
    ]
    return (*near, *links)


def keeps_warp_point(state: SEState, hid: str, m: Marker, events: list[Event]) -> bool:
    """A flipped warp point stays in play under the optional rule, unless it is the third of its number
    (which is discarded) (§13.8)."""
    solo = state.solo
    if solo is None or not solo.warp_points:
        return False
    same = [w for h, w in state.markers.items() if h != hid and w.face_up and w.kind == "warp_point"]
    if sum(1 for w in same if w.value == m.value) >= 2:
        return False
    events.append({"type": "warp_point", "hex": hid, "number": m.value})
    return True


def marker_flipped(state: SEState, seat: int, hid: str, m: Marker, events: list[Event]) -> bool:
    """A flipped warp point or Doomsday marker: True when the optional rule keeps the marker in play.
    A Doomsday marker releases a machine where it lay (and is removed) (§13.8)."""
    if m.kind == "warp_point":
        return keeps_warp_point(state, hid, m, events)
    solo = state.solo
    if m.kind == "doomsday" and solo is not None and solo.doomsday_markers:
        unit = forces.new_machine(state, solo, hid, 0, "marker")
        solo.machines[unit.uid].weakness = "none"
        solo.dm_total += 1
        events.append({"type": "doomsday_enters", "unit": unit.uid, "hex": hid, "strength": "marker"})
    return False


def opponents_move(game: SpaceEmpires, state: SEState, events: list[Event], start: bool = False) -> None:
    """Moves every opponent that still has movement this turn (each hex of a route one after the
    other), asking the live player where the rules leave a tie, then prepares the meetings. Called
    when a live player's movement starts (``start``) and when it ends."""
    solo = state.solo
    if solo is None or state.phase == "over":
        return
    key = state.cycle * 10 + state.turn
    if solo.moved_key != key:
        if solo.coop is not None:
            if not coop.moves_now(state, start):
                return  # §13.10: before the players who did not pay to move first
        elif start or (state.order and state.order[state.active] != _first_alive(state)):
            return  # they move once a turn, after the first live player in turn order
        solo.moved_key = key
        for m in solo.machines.values():
            m.moved = 0
        for a in solo.aliens:
            for f in a.fleets:
                f.moved = 0
    while True:
        mover = next_mover(state)
        if mover is None:
            break
        uid, speed = mover
        alien_vp.looks_ahead(game, state, uid, events)  # §13.12.5: a look ahead at a Deep Space marker
        options = route_options(state, uid)
        if not options:
            set_moved(state, uid, speed)
            continue
        if len(options) > 1:
            state.pending.append(Step("steer", _steerer(state), {"unit": uid, "hexes": options}))
            return
        move_one_hex(game, state, uid, options[0], events)
    _prepare_meetings(game, state, events)


def _first_alive(state: SEState) -> int:
    return next(s for s in state.order if state.players[s].alive)


def _steerer(state: SEState) -> int:
    return state.order[state.active] if state.order else 0


def next_mover(state: SEState) -> tuple[str, int] | None:
    solo = state.solo
    assert solo is not None
    tables = solo_tables().doomsday
    for uid in sorted(solo.machines, key=board.uid_key):
        m = solo.machines[uid]
        speed = tables.marker_speed if m.source == "marker" else (tables.coop.speed if solo.coop else 1)
        if uid in state.units and m.moved < speed and not halted(state, uid):
            return uid, speed
    for a in solo.aliens:
        for f in a.fleets:
            lead = next((x for x in [f.counter, *f.units] if x in state.units), "")
            speed = 1 if f.role == "colony_ship" else _alien_speed(state, a)  # §13.12.6: a Colony Ship
            if lead in state.units and f.moved < speed and not halted(state, lead):
                return lead, speed
    return None


def _alien_speed(state: SEState, a: Alien) -> int:
    table = data.edition_rules(state.edition).movement
    return table[min(a.techs.get("move", 1), len(table)) - 1][state.turn - 1]


def halted(state: SEState, uid: str) -> bool:
    """An opponent stops for the turn in a hex with a live player's (visible) combat unit; a cloaked
    alien Raider fleet slips through unseen and stops only where it attacks (§13.5)."""
    u = state.units[uid]
    if board.cloaked(state, u) and u.owner < 0:
        return raider_attacks(state, u)
    return any(
        v.owner >= 0 and board.is_combat_kind(v.kind) and not board.cloaked(state, v)
        for v in board.units_at(state, u.hex)
    )


def raider_attacks(state: SEState, u: Unit) -> bool:
    """A cloaked alien Raider attacks the live player's units in its hex only when its fleet there is
    worth more CP than their combat units; otherwise it stays hidden (§13.5)."""
    if u.owner >= 0 or u.kind != "R" or state.solo is None:
        return False
    here = board.units_at(state, u.hex)
    theirs = sum(board.unit_cost(v.kind) for v in here if v.owner >= 0 and board.is_combat_kind(v.kind))
    ours = sum(board.unit_cost(v.kind) for v in here if v.owner == u.owner and board.is_combat_kind(v.kind))
    return theirs > 0 and ours > theirs


def set_moved(state: SEState, uid: str, value: int) -> None:
    solo = state.solo
    assert solo is not None
    if uid in solo.machines:
        solo.machines[uid].moved = value
        return
    fleet = forces.fleet_of(solo, uid)
    if fleet is not None:
        fleet.moved = value


def passable(state: SEState, hid: str, uid: str) -> bool:
    """Doomsday Machines ignore terrain and markers; alien fleets avoid Super Novas and Black Holes."""
    m = state.markers.get(hid)
    if uid[0] == DOOMSDAY_LETTER:
        return coop.passable(state, hid, uid) and not solo4.amoeba_hex(state, hid)  # §13.13
    return m is None or not m.face_up or m.kind not in ("supernova", "black_hole")


def distances(state: SEState, goal: set[str], uid: str) -> dict[str, int]:
    """Hexes' step counts to the nearest goal hex over the hexes ``uid`` may cross."""
    players = len(state.players)
    dist = {h: 0 for h in goal}
    todo = sorted(goal, key=forces.hex_key)
    while todo:
        nxt: list[str] = []
        for h in todo:
            for n in board.adjacent(players, h):
                if n not in dist and passable(state, n, uid):
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        todo = nxt
    return dist


def targets_of(state: SEState, uid: str) -> list[str]:
    """The hexes the opponent is heading for, after the tie-breaks its rules give (§13.2, §13.5)."""
    solo = state.solo
    assert solo is not None
    u = state.units[uid]
    here = parse_hex_id(u.hex)
    if uid in solo.machines and solo.machines[uid].source == "marker":
        goals = {h for h, c in state.colonies.items()}
        goals |= {
            h for h, m in state.markers.items() if m.face_up and m.kind in ("planet", "barren", "asteroids")
        }
        goals |= {v.hex for v in state.units.values() if v.owner >= 0}
        goals.discard(u.hex)
        if not goals:
            return []
        best = min(distance(here, parse_hex_id(h)) for h in goals)
        return [h for h in goals if distance(here, parse_hex_id(h)) == best]
    if solo.coop is not None and uid in solo.coop.machines:
        return coop.targets(state, uid)  # §13.10: destroyers and explorers
    colonies = {h: c for h, c in state.colonies.items() if c.owner >= 0}
    if not colonies:
        return []
    if uid in solo.machines:
        # Nearest colony; ties: the larger colony, then the one nearer its owner's home world.
        def key(h: str) -> tuple[int, int, int]:
            c = colonies[h]
            hw = board.home_world_hex(state, c.owner) or h
            return distance(here, parse_hex_id(h)), -c.value, distance(parse_hex_id(h), parse_hex_id(hw))

        best_dm = min(key(h) for h in colonies)
        return [h for h in colonies if key(h) == best_dm]
    fleet = forces.fleet_of(solo, uid)
    alien = forces.alien_of(solo, u.owner)
    assert fleet is not None and alien is not None
    vp_goals = (
        alien_vp.targets(state, fleet, alien, uid)
        if solo.alien_vp is not None
        else solo4.targets(state, fleet, alien, uid)
    )
    if vp_goals is not None:
        return vp_goals  # §13.12.5: destroyer and expansion fleets
    if fleet.target in colonies:
        return [fleet.target]
    reach = {h: distances(state, {h}, uid).get(u.hex, 999) for h in colonies}
    speed = max(1, sum(data.edition_rules(state.edition).movement[min(alien.techs.get("move", 1), 7) - 1]))
    home = parse_hex_id(alien.home)

    def akey(h: str) -> tuple[int, int, int, int, int, int]:
        # Fewest Economic Phases, undefended first, fewest moves, largest, nearest the alien home world.
        return (
            -(-reach[h] // speed),
            int(defended(state, h)),
            solo4.edge_term(state, alien, h),  # §13.13: a "2" alien attacks nearer the map edge
            reach[h],
            -colonies[h].value,
            distance(parse_hex_id(h), home),
        )

    best_ap = min(akey(h) for h in colonies)
    found = [h for h in colonies if akey(h) == best_ap]
    if len(found) == 1:
        fleet.target = found[0]
    return found


def defended(state: SEState, hid: str) -> bool:
    """Whether a colony counts as defended for an alien fleet's targeting: shipyards and a single Scout
    do not count (§13.5)."""
    guards = [
        v
        for v in board.units_at(state, hid)
        if v.owner >= 0 and board.is_combat_kind(v.kind) and v.kind != "SY"
    ]
    return not (not guards or (len(guards) == 1 and guards[0].kind == "SC"))


def route_options(state: SEState, uid: str) -> list[str]:
    u = state.units[uid]
    targets = [t for t in targets_of(state, uid) if t != u.hex]
    if not targets or u.hex in targets_of(state, uid):
        return []
    options: set[str] = set()
    for t in targets:
        dist = distances(state, {t}, uid)
        if u.hex not in dist:
            continue
        for n in board.adjacent(len(state.players), u.hex):
            if dist.get(n, 999) < dist[u.hex]:
                options.add(n)
    options = alien_vp.route_options(state, uid, options)  # §13.12.5: avoidance, Deep Space first
    if state.solo is not None and state.solo.coop is not None and uid in state.solo.coop.machines:
        return coop.prefer(state, sorted(options, key=forces.hex_key))  # §13.10: battle, then exploration
    return sorted(options, key=forces.hex_key)


def move_one_hex(game: SpaceEmpires, state: SEState, uid: str, hid: str, events: list[Event]) -> None:
    """Moves an opponent (a machine, or a whole alien fleet) one hex."""
    solo = state.solo
    assert solo is not None
    moving = [uid]
    fleet = forces.fleet_of(solo, uid)
    if fleet is not None:
        moving = [f for f in ([fleet.counter] if fleet.counter else fleet.units) if f in state.units]
        moving += [
            v.uid for v in state.units.values() if v.kind == "F" and v.cargo in moving and v.uid not in moving
        ]
        fleet.moved += 1
    else:
        solo.machines[uid].moved += 1
    for m in moving:
        state.units[m].came_from, state.units[m].hex = state.units[m].hex, hid
    events.append({"type": "opponent_moves", "unit": uid, "hex": hid})
    owner = state.units[uid].owner
    # Entering a hex destroys the live players' lone non-combat units there (§4.3); a cloaked Raider
    # passes unseen (§5.11).
    if not halted(state, uid) and not board.cloaked(state, state.units[uid]):
        for v in list(board.units_at(state, hid)):
            if v.owner >= 0 and not board.is_combat_kind(v.kind) and v.kind != "Mine":
                del state.units[v.uid]
                events.append({"type": "destroyed", "unit": v.uid, "hex": hid})
    if owner == DOOMSDAY:
        if solo.coop is not None and uid in solo.coop.machines:
            coop.entered_hex(game, state, uid, events)  # §13.10: explores, removes, fights aliens
            if uid not in state.units:
                return
        machine_meets_mines(state, uid, events)
    alien_vp.enters(game, state, uid, events)  # §13.12.5: entering a face-down Deep Space hex
    if uid in state.units and halted(state, uid):
        set_moved(state, uid, 99)


def machine_meets_mines(state: SEState, uid: str, events: list[Event]) -> None:
    """Mines do not touch a Doomsday Machine, unless that is its weakness: then each mine does 1 damage
    on a d10 of 1-5 and is used up (§13.3)."""
    solo = state.solo
    assert solo is not None
    u = state.units[uid]
    mines = sorted(
        (v for v in board.units_at(state, u.hex) if v.kind == "Mine" and v.owner >= 0),
        key=lambda v: board.uid_key(v.uid),
    )
    if not mines:
        return
    _roll_weakness(state, uid, events)
    if solo.machines[uid].weakness != "mines":
        return
    hull = forces.machine_stats(solo, uid).hull
    for mine in mines:
        roll = combat.roll_d10(state)
        hit = roll <= solo_tables().doomsday.mine_damage_max
        del state.units[mine.uid]
        events.append({"type": "mine", "mine": mine.uid, "unit": uid, "roll": roll, "hit": hit})
        if hit:
            u.damage += 1
            if u.damage >= hull:
                del state.units[uid]
                events.append({"type": "destroyed", "unit": uid, "hex": u.hex})
                return


def apply_steer(game: SpaceEmpires, state: SEState, hid: str, events: list[Event]) -> None:
    step = state.pending.pop()
    move_one_hex(game, state, step.data["unit"], hid, events)
    opponents_move(game, state, events)


def step_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    uid = step.data["unit"]
    return [game.table.get(f"steer {uid} {h}", (uid, h), "steer", (h,)) for h in step.data["hexes"]]


def _roll_weakness(state: SEState, uid: str, events: list[Event]) -> None:
    solo = state.solo
    assert solo is not None
    m = solo.machines[uid]
    if m.weakness:
        return
    roll = combat.roll_d10(state)
    m.weakness = next(r.weakness for r in solo_tables().doomsday.weakness if roll in r.rolls)
    events.append({"type": "doomsday_weakness", "unit": uid, "roll": roll, "weakness": m.weakness})


def _prepare_meetings(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    solo = state.solo
    assert solo is not None
    for uid in sorted(solo.machines, key=board.uid_key):
        if uid in state.units and meets_player(state, state.units[uid].hex):
            _roll_weakness(state, uid, events)
    for a in solo.aliens:
        if not a.alive:
            continue
        if meets_player(state, a.home):
            sheets.defend_home(state, a, events)
        for f in a.fleets:
            if f.counter in state.units:
                hid = state.units[f.counter].hex
                if meets_player(state, hid) or _player_mines(state, hid) or solo4.reveals_at(state, hid):
                    sheets.buy_fleet(state, a, f, events)
            for uid in [f.counter, *f.units]:
                if uid in state.units and meets_player(state, state.units[uid].hex):
                    note_seen(state, state.units[uid].hex)
        alien_meets_mines(game, state, a, events)
    solo4.alien_landings(game, state, events)  # §13.13: fleets with loaded Transports invade


def _player_mines(state: SEState, hid: str) -> list[Unit]:
    mines = (v for v in board.units_at(state, hid) if v.kind == "Mine" and v.owner >= 0)
    return sorted(mines, key=lambda v: board.uid_key(v.uid))


def alien_meets_mines(game: SpaceEmpires, state: SEState, a: Alien, events: list[Event]) -> None:
    """Alien ships that end their move on the live player's mines: the aliens' Scouts sweep 1/2/3
    mines each by the aliens' Minesweeping level (they build no minesweepers); every mine left destroys
    one alien ship there, chosen by the mine's owner (the ``boom`` step of §5.0) (§13.6)."""
    hexes = sorted(
        {u.hex for u in state.units.values() if u.owner == a.owner and u.hex != a.home}, key=forces.hex_key
    )
    for hid in hexes:
        mines = _player_mines(state, hid)
        if not mines or f"alien-swept:{hid}" in state.handled:
            continue
        state.handled.append(f"alien-swept:{hid}")
        if a.techs.get("minesweeping", 0):
            scouts = sum(1 for u in board.units_at(state, hid) if u.owner == a.owner and u.kind == "SC")
            for mine in mines[: scouts * a.techs["minesweeping"]]:
                del state.units[mine.uid]
                events.append({"type": "swept", "unit": mine.uid, "hex": hid})
            mines = _player_mines(state, hid)
        victims = [
            u for u in board.units_at(state, hid) if u.owner == a.owner and not board.cloaked(state, u)
        ]
        for mine in mines[: len(victims)]:
            state.pending.append(Step("mine", mine.owner, {"hex": hid, "seat": a.owner, "owner": mine.owner}))


def meets_player(state: SEState, hid: str) -> bool:
    return any(v.owner >= 0 and board.is_combat_kind(v.kind) for v in board.units_at(state, hid))


def note_seen(state: SEState, hid: str) -> None:
    """The aliens share what they have seen of the live players' technology (seed #4)."""
    solo = state.solo
    assert solo is not None
    for v in board.units_at(state, hid):
        if v.owner < 0:
            continue
        track = {"DD": "scanners", "R": "cloaking", "F": "fighters", "Mine": "mines", "BD": "boarding"}.get(
            v.kind
        )
        if track:
            solo.seen[track] = max(solo.seen.get(track, 0), max(1, v.level))
        ap_flowchart_ground.note_seen(state, solo.seen, v)  # §13.12.4: Veteran ships seen
