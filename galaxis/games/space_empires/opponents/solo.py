"""Scenarios and the solo opponents of Space Empires 4X: set-up from data/scenarios.yaml, the Doomsday
Machines and the base Alien Player, the optional warp-point and Doomsday-marker rules.

Rules: docs/games/space_empires.md, "Scenarios" (§12) and "Solo opponents" (§13). The opponents are
rules-driven participants, not seats: their units are ordinary units with a negative owner, their dice
come from the match generator, and every choice their rules leave open is a decision of the live player
(the ``steer`` step for a route, the target steps of combat). The rules module calls the hooks below at
fixed points of its flow:

- ``scenario_for`` / ``setup``: at set-up;
- ``opponents_move``: after the first live player in turn order ends its movement each turn (the
  opponents move, then meetings are prepared: Doomsday weaknesses rolled, alien fleets bought, alien
  home-world defences bought), so the live player's combat phase fights them;
- ``after_turn``: after that player's exploration (opponents destroy or bombard undefended colonies);
- ``economic_phase``: at the end of every Economic Phase (machines enter, the aliens roll);
- ``combatant`` / ``adjust_combatant`` / ``filter_targets`` / ``extra_shots``: combat details.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Action, Event, Rng, Step
from galaxis.games.space_empires.base import board, combat, data, economy
from galaxis.games.space_empires.base.hexes import distance, hex_id, parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Marker, Unit
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import lang_of, scenario_name, tech_name, word, word_or
from galaxis.games.space_empires.opponents.alien_players import ce_systems as ap_systems
from galaxis.games.space_empires.opponents.alien_players import flowchart_ground as ap_flowchart_ground
from galaxis.games.space_empires.opponents.alien_players import solo4, solo4_ground
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.opponents.solo_state import (
    ALIEN_BASE,
    ALIEN_LETTERS,
    CAPITOL,
    DOOMSDAY,
    DOOMSDAY_LETTER,
    Alien,
    AlienFleet,
    Machine,
    SoloState,
)
from galaxis.games.space_empires.opponents.tables import solo_tables
from galaxis.games.space_empires.systems import experience

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState

STEP_KINDS = ("steer",)
ACTION_KINDS = ("steer", "early")
FLEET_COUNTER = "APF"  # an alien fleet before its first combat: a counter holding CP, not ships yet


def _opp_letter(owner: int) -> str:
    return DOOMSDAY_LETTER if owner == DOOMSDAY else ALIEN_LETTERS[ALIEN_BASE - owner]


def _hex_key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c


def _uid_key(uid: str) -> tuple[str, int, int]:
    return board.uid_key(uid)


# --- set-up (§12) ---------------------------------------------------------------------------------------
def setup(game: SpaceEmpires, state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    """Applies ``scenario`` to the freshly dealt state (before the first movement)."""
    hmap = data.hex_map(scenario.map)
    opp = scenario.opponents
    for seat in range(scenario.seats):
        for kind in scenario.home_markers_removed:
            hid = next(
                (h for h, m in sorted(state.markers.items()) if m.pool == f"home{seat}" and m.kind == kind),
                None,
            )
            if hid is None:
                raise ValueError(f"{scenario.id}: no {kind} in home system {seat}")
            del state.markers[hid]
    clear = set(opp.alien_homes) if opp is not None and opp.type == "alien" else set()
    clear |= {m.hex for m in scenario.markers}
    for hid in sorted(state.markers, key=_hex_key):
        m = state.markers[hid]
        if m.pool == "deep" and (scenario.deep_space == "none" or hid in clear):
            state.undrawn.append(f"{m.kind}:{m.value}")
            del state.markers[hid]
    for special in scenario.markers:
        state.markers[special.hex] = Marker(special.kind, special.value, True, "deep")
    for seat in range(scenario.seats):
        hw = hex_id(hmap.home_world("ABCD".index(scenario.homes[seat])))
        if scenario.home_world is not None:
            state.colonies[hw].value = scenario.home_world
        p = state.players[seat]
        for track, tech_level in scenario.techs.items():
            p.techs[track] = max(p.techs.get(track, 0), tech_level)
        p.cp += scenario.cp
        p.earned += scenario.cp
        if scenario.starting_forces is not None:
            for uid in [u.uid for u in state.units.values() if u.owner == seat]:
                del state.units[uid]
            for unit_kind, count in scenario.starting_forces.items():
                for _ in range(count):
                    game._new_unit(state, seat, unit_kind, hw)
    state.cycles = max(state.cycles, scenario.min_cycles)
    difficulty = str(options.get("difficulty", "normal"))
    tables = solo_tables()
    solo = SoloState(
        scenario=scenario.id,
        victory=scenario.victory,
        difficulty=difficulty,
        opponent="none" if opp is None else opp.type,
        schedule=[],
        entry_hexes=list(opp.entry_hexes) if opp is not None else [],
        machines={},
        dm_destroyed=0,
        dm_total=0,
        aliens=[],
        cp_per_roll=0,
        seen={},
        warp_points=bool(options.get("warp_points", False) or scenario.options.get("warp_points", False)),
        doomsday_markers=bool(
            options.get("doomsday_markers", False) or scenario.options.get("doomsday_markers", False)
        ),
        moved_key=0,
        serial=1,
        outcome="",
    )
    state.solo = solo
    if opp is not None and opp.type == "doomsday":
        if opp.schedule in ("coop", "coop_4p"):
            coop_table = (
                tables.doomsday.coop_schedule if opp.schedule == "coop" else tables.doomsday.coop_schedule_4p
            )
            solo.schedule = [list(e) for e in coop_table[difficulty]]
        else:
            sizes = tables.doomsday.solo_schedule
            table = sizes["large"] if opp.schedule == "large" else sizes["small"]
            solo.schedule = [[p, s, 1] for p, s in table[difficulty]]
        solo.dm_total = sum(e[2] for e in solo.schedule)
        if scenario.coop is not None:
            coop.setup(state, scenario, solo, difficulty)  # §13.10: the Galactic Capitol, the VP track
    elif opp is not None and opp.type == "alien" and scenario.alien_vp is not None:
        alien_vp.setup(state, scenario, difficulty)  # §13.12: the victory-point Alien Player
    elif opp is not None and opp.type == "alien":
        row = tables.alien_player.difficulty[difficulty]
        solo.cp_per_roll = row["cp_per_roll"]
        add_aliens(state, solo4.alien_homes(scenario, options, row["empires"]))  # §13.13: 1-3 empires


def add_aliens(state: SEState, homes: tuple[str, ...] | list[str]) -> None:
    """The alien empires on their home worlds, with their starting technology and home bases (§13.5)."""
    solo = state.solo
    assert solo is not None
    ap = solo_tables().alien_player
    start = economy.starting_techs(state.edition)
    for i, home in enumerate(homes):
        owner = ALIEN_BASE - i
        techs = {t: max(v, ap.start_techs.get(t, 0)) for t, v in start.items()}
        alien = Alien(owner, home, True, 0, 0, 0, [], techs, [], 1, 0, 0, [])
        solo.aliens.append(alien)
        state.colonies[home] = Colony(owner, ap.home_world_cp, True, False)
        for _ in range(ap.home_bases):
            _alien_unit(state, alien, "Base", home, revealed=True)


# --- units of the opponents ------------------------------------------------------------------------------
def _alien_unit(state: SEState, alien: Alien, kind: str, hid: str, revealed: bool = False) -> Unit:
    uid = f"{_opp_letter(alien.owner)}{alien.serial}"
    alien.serial += 1
    t = alien.techs
    level = {"R": t.get("cloaking", 0), "DD": t.get("scanners", 0), "F": t.get("fighters", 0)}.get(kind, 0)
    unit = Unit(
        uid,
        alien.owner,
        kind,
        hid,
        t.get("attack", 0),
        t.get("defense", 0),
        t.get("tactics", 0),
        t.get("move", 1),
        level,
        0,
        False,
        "",
        revealed or kind == "Base",
        "",
    )
    state.units[uid] = unit
    experience.on_new_unit(state, unit)  # §13.13: Green in the games whose aliens use experience
    return unit


def _new_machine(state: SEState, solo: SoloState, hid: str, strength: int, source: str) -> Unit:
    uid = f"{DOOMSDAY_LETTER}{solo.serial}"
    solo.serial += 1
    unit = Unit(uid, DOOMSDAY, "DM", hid, 0, 0, 0, 0, strength, 0, False, "", True, "")
    state.units[uid] = unit
    solo.machines[uid] = Machine(strength, "", source, 0)
    return unit


def machine_stats(solo: SoloState, uid: str) -> Any:
    dm = solo_tables().doomsday
    m = solo.machines[uid]
    return dm.marker_machine if m.source == "marker" else dm.strength[m.strength]


def alien_of(solo: SoloState, owner: int) -> Alien | None:
    return next((a for a in solo.aliens if a.owner == owner), None)


# --- combat details (§13.3, §13.7) --------------------------------------------------------------------
def combatant(state: SEState, u: Unit, side: int) -> combat.Combatant:
    """A Doomsday Machine as a combatant: its strength row, Tactics 2, the damage it carries."""
    assert state.solo is not None
    s = machine_stats(state.solo, u.uid)
    return combat.Combatant(
        u.uid,
        side,
        "DM",
        s.cls,
        s.attack,
        s.defense,
        s.hull,
        tactics=solo_tables().doomsday.tactics,
        damage=u.damage,
        doomsday=True,
        # §13.10: Nebulae and Asteroids do not affect a cooperative machine in combat.
        ignores_terrain=state.solo.coop is not None and u.uid in state.solo.coop.machines,
    )


def _battle_machine(state: SEState) -> Unit | None:
    b = state.battle
    if b is None or state.solo is None:
        return None
    return next((u for u in board.units_at(state, b.hex) if u.kind == "DM"), None)


def adjust_combatant(state: SEState, u: Unit, c: combat.Combatant) -> combat.Combatant:
    """The Doomsday Machine's weaknesses (§13.3): Raiders are cloaked against it only with the
    cloaking weakness (then the machine's -2 against them is their +2 defence); with the large-fleets
    weakness 10 or more ships able to damage it get the 2:1 bonus (+1 attack)."""
    dm = _battle_machine(state)
    if dm is None or u.owner < 0 or state.solo is None:
        return c
    weakness = state.solo.machines[dm.uid].weakness
    tables = solo_tables().doomsday
    if u.kind == "R":
        if weakness == "cloaking":
            c.cloaked, c.cls = True, "A"
            c.defense += tables.cloaking_penalty
        else:
            c.cloaked, c.cls = False, "D"
    if weakness == "large_fleets":
        target = combatant(state, dm, 1 - c.side)
        able = [
            v
            for v in board.units_at(state, dm.hex)
            if board.allied(state, v.owner, u.owner)  # allies' ships count together (§13.10)
            and board.is_combat_kind(v.kind)
            and _can_damage(state, v, target)
        ]
        if len(able) >= tables.large_fleet_ships:
            c.attack += 1
    return c


def _can_damage(state: SEState, v: Unit, target: combat.Combatant) -> bool:
    if v.kind == "F":
        return state.solo is not None and state.solo.machines[target.uid].weakness == "fighters"
    t = data.unit_table_by_id()[v.kind]
    return t.attack_at(v.level) + min(v.attack_tech, t.hull) - target.defense >= 1


def filter_targets(state: SEState, shooter: Unit, targets: list[Unit]) -> list[Unit]:
    """Fighters cannot fire at a Doomsday Machine unless that is its weakness; a Doomsday Machine fires
    at the most threatening ships first (highest chance to hit it, then the largest hull); any tie left
    is the live player's choice (§13.3)."""
    solo = state.solo
    if solo is None or not solo.machines:
        return targets
    if shooter.kind == "F":
        return [t for t in targets if t.kind != "DM" or solo.machines[t.uid].weakness == "fighters"]
    if shooter.kind != "DM" or len(targets) <= 1:
        return targets
    me = combatant(state, shooter, 0)

    def threat(t: Unit) -> tuple[int, int]:
        if t.kind == "F" and solo.machines[shooter.uid].weakness != "fighters":
            return -99, 0
        if t.kind in board.NPA_KINDS:
            return 0, 1
        tt = data.unit_table_by_id()[t.kind]
        number = tt.attack_at(t.level) + min(t.attack_tech, tt.hull) - me.defense
        return number, tt.hull

    best = max(threat(t) for t in targets)
    return [t for t in targets if threat(t) == best]


def extra_shots(state: SEState, queue: list[str]) -> list[str]:
    """A Doomsday Machine fires its number of attacks in a row at its place in the firing order."""
    if state.solo is None or not state.solo.machines:
        return queue
    out: list[str] = []
    for uid in queue:
        if uid in state.solo.machines:
            out += [uid] * machine_stats(state.solo, uid).attacks
        else:
            out.append(uid)
    return out


def keeps_damage(u: Unit) -> bool:
    """Doomsday Machines carry their damage from battle to battle (§13.3)."""
    return u.kind == "DM"


# --- the optional exploration markers (§13.8) -----------------------------------------------------------
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
        for h, w in sorted(state.markers.items(), key=lambda kv: _hex_key(kv[0]))
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
        unit = _new_machine(state, solo, hid, 0, "marker")
        solo.machines[unit.uid].weakness = "none"
        solo.dm_total += 1
        events.append({"type": "doomsday_enters", "unit": unit.uid, "hex": hid, "strength": "marker"})
    return False


# --- the opponents' movement (§13.2, §13.5) -------------------------------------------------------------
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
        mover = _next_mover(state)
        if mover is None:
            break
        uid, speed = mover
        alien_vp.looks_ahead(game, state, uid, events)  # §13.12.5: a look ahead at a Deep Space marker
        options = _route_options(state, uid)
        if not options:
            _set_moved(state, uid, speed)
            continue
        if len(options) > 1:
            state.pending.append(Step("steer", _steerer(state), {"unit": uid, "hexes": options}))
            return
        _step(game, state, uid, options[0], events)
    _prepare_meetings(game, state, events)


def _first_alive(state: SEState) -> int:
    return next(s for s in state.order if state.players[s].alive)


def _steerer(state: SEState) -> int:
    return state.order[state.active] if state.order else 0


def _fleet_lead(fleet: AlienFleet) -> str:
    return fleet.counter or (fleet.units[0] if fleet.units else "")


def _next_mover(state: SEState) -> tuple[str, int] | None:
    solo = state.solo
    assert solo is not None
    tables = solo_tables().doomsday
    for uid in sorted(solo.machines, key=_uid_key):
        m = solo.machines[uid]
        speed = tables.marker_speed if m.source == "marker" else (tables.coop.speed if solo.coop else 1)
        if uid in state.units and m.moved < speed and not _halted(state, uid):
            return uid, speed
    for a in solo.aliens:
        for f in a.fleets:
            lead = next((x for x in [f.counter, *f.units] if x in state.units), "")
            speed = 1 if f.role == "colony_ship" else _alien_speed(state, a)  # §13.12.6: a Colony Ship
            if lead in state.units and f.moved < speed and not _halted(state, lead):
                return lead, speed
    return None


def _alien_speed(state: SEState, a: Alien) -> int:
    table = data.edition_rules(state.edition).movement
    return table[min(a.techs.get("move", 1), len(table)) - 1][state.turn - 1]


def _halted(state: SEState, uid: str) -> bool:
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


def _set_moved(state: SEState, uid: str, value: int) -> None:
    solo = state.solo
    assert solo is not None
    if uid in solo.machines:
        solo.machines[uid].moved = value
        return
    fleet = _fleet_of(solo, uid)
    if fleet is not None:
        fleet.moved = value


def _fleet_of(solo: SoloState, uid: str) -> AlienFleet | None:
    for a in solo.aliens:
        for f in a.fleets:
            if f.counter == uid or uid in f.units:
                return f
    return None


def _passable(state: SEState, hid: str, uid: str) -> bool:
    """Doomsday Machines ignore terrain and markers; alien fleets avoid Super Novas and Black Holes."""
    m = state.markers.get(hid)
    if uid[0] == DOOMSDAY_LETTER:
        return coop.passable(state, hid, uid) and not solo4.amoeba_hex(state, hid)  # §13.13
    return m is None or not m.face_up or m.kind not in ("supernova", "black_hole")


def _distances(state: SEState, goal: set[str], uid: str) -> dict[str, int]:
    """Hexes' step counts to the nearest goal hex over the hexes ``uid`` may cross."""
    players = len(state.players)
    dist = {h: 0 for h in goal}
    todo = sorted(goal, key=_hex_key)
    while todo:
        nxt: list[str] = []
        for h in todo:
            for n in board.adjacent(players, h):
                if n not in dist and _passable(state, n, uid):
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        todo = nxt
    return dist


def _targets_of(state: SEState, uid: str) -> list[str]:
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
    fleet = _fleet_of(solo, uid)
    alien = alien_of(solo, u.owner)
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
    reach = {h: _distances(state, {h}, uid).get(u.hex, 999) for h in colonies}
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


def _route_options(state: SEState, uid: str) -> list[str]:
    u = state.units[uid]
    targets = [t for t in _targets_of(state, uid) if t != u.hex]
    if not targets or u.hex in _targets_of(state, uid):
        return []
    options: set[str] = set()
    for t in targets:
        dist = _distances(state, {t}, uid)
        if u.hex not in dist:
            continue
        for n in board.adjacent(len(state.players), u.hex):
            if dist.get(n, 999) < dist[u.hex]:
                options.add(n)
    options = alien_vp.route_options(state, uid, options)  # §13.12.5: avoidance, Deep Space first
    if state.solo is not None and state.solo.coop is not None and uid in state.solo.coop.machines:
        return coop.prefer(state, sorted(options, key=_hex_key))  # §13.10: battle, then exploration
    return sorted(options, key=_hex_key)


def _step(game: SpaceEmpires, state: SEState, uid: str, hid: str, events: list[Event]) -> None:
    """Moves an opponent (a machine, or a whole alien fleet) one hex."""
    solo = state.solo
    assert solo is not None
    moving = [uid]
    fleet = _fleet_of(solo, uid)
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
    if not _halted(state, uid) and not board.cloaked(state, state.units[uid]):
        for v in list(board.units_at(state, hid)):
            if v.owner >= 0 and not board.is_combat_kind(v.kind) and v.kind != "Mine":
                del state.units[v.uid]
                events.append({"type": "destroyed", "unit": v.uid, "hex": hid})
    if owner == DOOMSDAY:
        if solo.coop is not None and uid in solo.coop.machines:
            coop.entered_hex(game, state, uid, events)  # §13.10: explores, removes, fights aliens
            if uid not in state.units:
                return
        _machine_meets_mines(state, uid, events)
    alien_vp.enters(game, state, uid, events)  # §13.12.5: entering a face-down Deep Space hex
    if uid in state.units and _halted(state, uid):
        _set_moved(state, uid, 99)


def _machine_meets_mines(state: SEState, uid: str, events: list[Event]) -> None:
    """Mines do not touch a Doomsday Machine, unless that is its weakness: then each mine does 1 damage
    on a d10 of 1-5 and is used up (§13.3)."""
    solo = state.solo
    assert solo is not None
    u = state.units[uid]
    mines = sorted(
        (v for v in board.units_at(state, u.hex) if v.kind == "Mine" and v.owner >= 0),
        key=lambda v: _uid_key(v.uid),
    )
    if not mines:
        return
    _roll_weakness(state, uid, events)
    if solo.machines[uid].weakness != "mines":
        return
    hull = machine_stats(solo, uid).hull
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
    _step(game, state, step.data["unit"], hid, events)
    opponents_move(game, state, events)


def step_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    uid = step.data["unit"]
    return [game.table.get(f"steer {uid} {h}", (uid, h), "steer", (h,)) for h in step.data["hexes"]]


# --- meetings: weaknesses, fleets bought, home-world defence (§13.3, §13.6) -----------------------------
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
    for uid in sorted(solo.machines, key=_uid_key):
        if uid in state.units and _meets_player(state, state.units[uid].hex):
            _roll_weakness(state, uid, events)
    for a in solo.aliens:
        if not a.alive:
            continue
        if _meets_player(state, a.home):
            _defend_home(state, a, events)
        for f in a.fleets:
            if f.counter in state.units:
                hid = state.units[f.counter].hex
                if _meets_player(state, hid) or _player_mines(state, hid) or solo4.reveals_at(state, hid):
                    _buy_fleet(state, a, f, events)
            for uid in [f.counter, *f.units]:
                if uid in state.units and _meets_player(state, state.units[uid].hex):
                    _note_seen(state, state.units[uid].hex)
        _alien_meets_mines(game, state, a, events)
    solo4.alien_landings(game, state, events)  # §13.13: fleets with loaded Transports invade


def _player_mines(state: SEState, hid: str) -> list[Unit]:
    mines = (v for v in board.units_at(state, hid) if v.kind == "Mine" and v.owner >= 0)
    return sorted(mines, key=lambda v: _uid_key(v.uid))


def _alien_meets_mines(game: SpaceEmpires, state: SEState, a: Alien, events: list[Event]) -> None:
    """Alien ships that end their move on the live player's mines: the aliens' Scouts sweep 1/2/3
    mines each by the aliens' Minesweeping level (they build no minesweepers); every mine left destroys
    one alien ship there, chosen by the mine's owner (the ``boom`` step of §5.0) (§13.6)."""
    hexes = sorted(
        {u.hex for u in state.units.values() if u.owner == a.owner and u.hex != a.home}, key=_hex_key
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


def _meets_player(state: SEState, hid: str) -> bool:
    return any(v.owner >= 0 and board.is_combat_kind(v.kind) for v in board.units_at(state, hid))


def _note_seen(state: SEState, hid: str) -> None:
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


def _can_buy_tech(state: SEState, a: Alien, track: str) -> int:
    """The price of the alien's next level of ``track``, or 0 when it cannot buy it."""
    caps = solo_tables().alien_player.tech_caps
    tech = data.tech_tracks(state.edition).get(track)
    if tech is None:
        return 0
    level = a.techs.get(track, tech.start) + 1
    if level > min(caps.get(track, tech.max_level(state.edition)), tech.max_level(state.edition)):
        return 0
    cost = tech.level_cost(state.edition, level)
    return cost if cost <= a.tech_cp else 0


def _buy_tech(state: SEState, a: Alien, track: str, events: list[Event]) -> bool:
    cost = _can_buy_tech(state, a, track)
    if not cost:
        return False
    a.techs[track] = a.techs.get(track, 0) + 1
    a.tech_cp -= cost
    a.tech_spent += cost
    events.append({"type": "alien_tech", "alien": a.owner, "tech": track, "level": a.techs[track]})
    return True


def buy_technology(state: SEState, a: Alien, fleet: AlienFleet, events: list[Event]) -> None:
    """Technology bought at a fleet's first combat, in the flowchart's order (§13.6)."""
    ap = solo_tables().alien_player
    if a.tech_cp < ap.tech_min_cp:
        return
    seen = state.solo.seen if state.solo is not None else {}
    if fleet.raider and a.techs.get("cloaking", 0) == 1 and combat.roll_d10(state) <= ap.cloaking2_roll_max:
        _buy_tech(state, a, "cloaking", events)
    if seen.get("fighters", 0) and a.techs.get("point_defense", 0) == 0:
        _buy_tech(state, a, "point_defense", events)
    if seen.get("mines", 0) and a.techs.get("minesweeping", 0) == 0:
        _buy_tech(state, a, "minesweeping", events)
    if seen.get("cloaking", 0) > a.techs.get("scanners", 0) and combat.roll_d10(state) <= ap.scanners_roll_max:
        _buy_tech(state, a, "scanners", events)
    size = a.techs.get("ship_size", 1)
    if size in ap.ship_size_roll_max and combat.roll_d10(state) <= ap.ship_size_roll_max[size]:
        _buy_tech(state, a, "ship_size", events)
    solo4.answers(state, a, events)  # §13.13: Security Forces against Boarding Ships seen
    if a.techs.get("fighters", 0) == 0 and combat.roll_d10(state) <= ap.fighters_roll_max:
        _buy_tech(state, a, "fighters", events)
    for _ in range(12):
        if a.tech_cp < ap.tech_min_cp:
            return
        if alien_vp.vp_of(state) is not None:
            track = alien_vp.tech_roll(state, a, events)  # §13.12.4: the two-dice table
            if not track or not _buy_tech(state, a, track, events):
                return
            continue
        roll = combat.roll_d10(state)
        track = next(r.tech for r in ap.tech_table if roll in r.rolls)
        if track == "tactics" and min(a.techs.get("attack", 0), a.techs.get("defense", 0)) < ap.tactics_needs:
            track = "attack" if a.techs.get("attack", 0) <= a.techs.get("defense", 0) else "defense"
        if not _buy_tech(state, a, track, events):
            return


def _warships(state: SEState, a: Alien) -> list[tuple[str, int]]:
    """(kind, cost) of the warships the alien can build, smallest first."""
    units = data.units(state.edition)
    out = []
    for kind in (*solo_tables().alien_player.warships, *solo4.extra_warships(state)):  # §13.13: Titans
        t = units[kind]
        if all(a.techs.get(k, 0) >= v for k, v in t.requires.items()):
            out.append((kind, t.cost))
    return out


def buy_ships(state: SEState, a: Alien, cp: int, hid: str) -> tuple[list[str], int]:
    """Ships bought with ``cp`` at a fleet's first combat (§13.6); returns the new unit ids and the CP
    left over."""
    ap = solo_tables().alien_player
    units = data.units(state.edition)
    bought, cp = ap_systems.boarding_ships(state, a, cp, hid)  # §13.13.3: 2 BD per Boarding level
    seen = state.solo.seen if state.solo is not None else {}
    if a.techs.get("fighters", 0) >= 1 and (
        not seen.get("point_defense") or combat.roll_d10(state) <= ap.carrier_pd_roll_max
    ):
        group = units["CV"].cost + ap.carrier_fighters * units["F"].cost
        while cp >= group:
            cv = _alien_unit(state, a, "CV", hid, revealed=True)
            bought.append(cv.uid)
            for _ in range(ap.carrier_fighters):
                f = _alien_unit(state, a, "F", hid, revealed=True)
                f.cargo = cv.uid
                bought.append(f.uid)
            cp -= group
    ships = _warships(state, a)
    roll = combat.roll_d10(state)
    toggle = True
    while True:
        affordable = [s for s in ships if s[1] <= cp]
        if not affordable:
            break
        if roll <= ap.ship_roll["many"]:
            kind, cost = affordable[0]
        elif roll <= ap.ship_roll["balanced"]:
            kind, cost = affordable[-1] if toggle else affordable[0]
            toggle = not toggle
        else:
            kind, cost = affordable[-1]
        bought.append(_alien_unit(state, a, kind, hid, revealed=True).uid)
        cp -= cost
    return bought, cp


def _buy_fleet(state: SEState, a: Alien, f: AlienFleet, events: list[Event]) -> None:
    """A fleet counter meets the live player: the alien buys technology, then the fleet's ships."""
    counter = state.units.pop(f.counter)
    ap_flowchart_ground.technology(state, a, counter.hex, events)  # §13.12.4: the CE branches
    buy_technology(state, a, f, events)
    f.units, left = buy_ships(state, a, f.cp, counter.hex)
    solo4.free_transport(state, a, f, counter.hex, events)  # §13.13: a free loaded Transport
    a.fleet_cp += left
    f.cp, f.counter = 0, ""
    events.append({"type": "alien_fleet", "alien": a.owner, "hex": counter.hex, "units": list(f.units)})


def _defend_home(state: SEState, a: Alien, events: list[Event]) -> None:
    """An attacked alien home world spends its defence CP (§13.6); in the victory-point scenarios its
    bank too, the bank first, and what is left of the bank goes back to it (§13.12.2)."""
    banked = alien_vp.defense_bank(state, a)
    a.defense_cp += banked
    before = a.defense_cp
    ap_flowchart_ground.ground_units(state, a, events)  # §13.12.4: "Földi egys. vásárlása"
    _spend_defence(state, a, events)
    ap_flowchart_ground.leftovers(state, a, events)  # §13.12.4: the rest on ground units
    from_bank = min(banked, before - a.defense_cp)
    a.defense_spent -= from_bank  # only the defence column's CP count as its spending (§13.7 replay)
    a.defense_cp -= banked - from_bank
    alien_vp.return_bank(state, a, banked - from_bank)


def _spend_defence(state: SEState, a: Alien, events: list[Event]) -> None:
    """1-3 all mines, 4-7 base and mine in turn, 8-10 bases then mines (§13.6)."""
    ap = solo_tables().alien_player
    if a.defense_cp < data.units(state.edition)["Mine"].cost:
        return
    units = data.units(state.edition)
    roll = combat.roll_d10(state)
    order = ["Mine"] if roll <= ap.defense_roll["mines"] else ["Base", "Mine"]
    alternate = ap.defense_roll["mines"] < roll <= ap.defense_roll["alternate"]
    i = 0
    while True:
        kinds = [
            k
            for k in order
            if units[k].cost <= a.defense_cp
            and all(a.techs.get(t, 0) >= v for t, v in units[k].requires.items())
        ]
        if not kinds:
            break
        kind = kinds[i % len(kinds)] if alternate else kinds[0]
        i += 1
        a.defense_cp -= units[kind].cost
        a.defense_spent += units[kind].cost
        _alien_unit(state, a, kind, a.home, revealed=kind == "Base")
        events.append({"type": "alien_defence", "alien": a.owner, "unit": kind})


# --- after the live player's turn: opponents take colonies (§13.2, §13.5) ------------------------------
def after_turn(game: SpaceEmpires, state: SEState, events: list[Event]) -> bool:
    """Machines destroy undefended colonies in their hex (and repair 2), alien fleets bombard them;
    destroyed opponents are counted. True when the game ended."""
    solo = state.solo
    if solo is None or state.phase == "over":
        return state.phase == "over"
    for uid in sorted(solo.machines, key=_uid_key):
        if uid not in state.units:
            del solo.machines[uid]
            solo.dm_destroyed += 1
            events.append({"type": "doomsday_destroyed", "unit": uid})
            continue
        u = state.units[uid]
        if solo.coop is not None and uid in solo.coop.machines:
            coop.after_combat(state, uid, events)  # §13.10: minerals it stands on
        col = state.colonies.get(u.hex)
        if col is not None and (col.owner >= 0 or col.owner == CAPITOL) and not _meets_player(state, u.hex):
            u.damage = max(0, u.damage - solo_tables().doomsday.heal_per_planet)
            _destroy_colony(game, state, u.hex, events, by=uid)
            if state.phase == "over":
                return True
    for a in solo.aliens:
        for f in list(a.fleets):
            for uid in list(f.units):
                if uid not in state.units:
                    f.units.remove(uid)
            if f.role == "colony_ship":
                alien_vp.colony_ship_arrives(state, a, f, events)  # §13.12.6
                continue
            for uid in [f.counter, *f.units]:
                if uid not in state.units:
                    continue
                hid = state.units[uid].hex
                col = state.colonies.get(hid)
                if col is None or _meets_player(state, hid) or uid == f.counter:
                    continue
                if col.owner < 0 and not alien_vp.attacks_capitol(state, col):
                    continue
                _alien_bombards(game, state, uid, hid, events)
                if state.phase == "over":
                    return True
            if solo.alien_vp is not None:
                alien_vp.after_fleet_moves(state, a, f, events)  # §13.12.6: minerals and wrecks
        a.fleets = [f for f in a.fleets if f.counter in state.units or f.units]
    _check_outcome(state, events)
    return state.phase == "over"


def _alien_bombards(game: SpaceEmpires, state: SEState, uid: str, hid: str, events: list[Event]) -> None:
    u = state.units[uid]
    if u.kind in ("F", "CV") and u.cargo:
        return
    game._show_bombarding_counter(state, u)  # §5.10: the to-hit number is announced
    t = data.unit_table_by_id()[u.kind]
    assert t.cls is not None
    shooter = combat.Combatant(uid, 0, u.kind, t.cls, t.attack_at(u.level), t.defense, t.hull, u.attack_tech)
    colony = combat.Combatant("colony", 1, "colony", "E", 0, 0, 1)
    number = combat.to_hit(shooter, colony, terrain=board.terrain(state, hid))
    roll = combat.roll_d10(state)
    hit = combat.is_hit(roll, number, shooter, colony)
    events.append({"type": "bombard", "unit": uid, "hex": hid, "roll": roll, "need": number, "hit": hit})
    if not hit:
        return
    col = state.colonies[hid]
    after = (
        economy.bombard_home_world(col.value, state.edition)
        if col.home
        else economy.bombard_colony(col.value)
    )
    if after is None:
        _destroy_colony(game, state, hid, events, by=uid)
    else:
        col.value = after


def _destroy_colony(game: SpaceEmpires, state: SEState, hid: str, events: list[Event], by: str) -> None:
    col = state.colonies.pop(hid)
    events.append({"type": "colony_destroyed", "hex": hid, "owner": col.owner, "by": by})
    if state.solo is not None and state.solo.coop is not None and by[0] == DOOMSDAY_LETTER:
        coop.colony_destroyed(state, col, hid, events)  # §13.10: +2 VP
    alien_vp.colony_destroyed(state, col, hid, by, events)  # §13.12.6: a free Colony Ship comes
    if by[0] == DOOMSDAY_LETTER:
        # A destroyed planet leaves an asteroid field (seed, cooperative DM rules).
        state.markers[hid] = Marker("asteroids", 0, True, "deep")
    if col.home:
        game._eliminate(state, col.owner, events)


def eliminate_opponent(state: SEState, owner: int, events: list[Event]) -> None:
    """An alien empire whose home world is destroyed is out; its units are removed."""
    solo = state.solo
    assert solo is not None
    a = alien_of(solo, owner)
    if a is not None:
        a.alive = False
        a.fleets = []
    for uid in [u.uid for u in state.units.values() if u.owner == owner]:
        del state.units[uid]
    events.append({"type": "alien_eliminated", "alien": owner})
    _check_outcome(state, events)


def _check_outcome(state: SEState, events: list[Event]) -> None:
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
    _check_outcome(state, events)


# --- the Economic Phase of the opponents (§13.4, §13.5) -------------------------------------------------
def economic_phase(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    """After the live players' Economic Phase: scheduled machines enter, every alien empire rolls."""
    solo = state.solo
    if solo is None or state.phase == "over":
        return
    phase = state.cycle
    while solo.schedule and solo.schedule[0][0] <= phase:
        _, strength, count = solo.schedule.pop(0)
        for _ in range(count):
            if solo.coop is not None:
                _coop_machine_enters(game, state, solo, strength, events)
                continue
            roll = combat.roll_d10(state)
            hid = solo.entry_hexes[roll - 1]
            unit = _new_machine(state, solo, hid, strength, "schedule")
            events.append(
                {"type": "doomsday_enters", "unit": unit.uid, "hex": hid, "roll": roll, "strength": strength}
            )
    if solo.coop is not None:
        coop.economic_phase(state, events)
    for a in solo.aliens:
        if a.alive and solo.alien_vp is not None:
            alien_vp.economy(state, a, phase, events)  # §13.12.2-3: the victory-point sheet
            ap_systems.defend_captured(state, a, events)  # §13.12: as the new-features aliens
        elif a.alive:
            alien_economy(state, a, phase, events)
            solo4.defend_captured(state, a, events)  # §13.13: mines, bases, ground units
    _check_outcome(state, events)
    if state.cycle >= state.cycles and solo.victory != "conquest" and not solo.outcome:
        solo.outcome = "lost"  # the cycle limit came with opponents left (§13.1)
        events.append({"type": "solo_over", "outcome": "lost"})


def alien_rolls(state: SEState, a: Alien, phase: int, cp_per_roll: int) -> dict[str, int]:
    """The economic rolls of one phase (§13.5): returns the CP added per column and the econ results."""
    ap = solo_tables().alien_player
    row = ap.row(phase)
    n = row.rolls + sum(1 for start in a.extra_rolls if start <= phase)
    out = {"econ": 0, "fleet": 0, "tech": 0, "defense": 0}
    for _ in range(n):
        column = row.column(combat.roll_d10(state))
        out[column] += 1
        if column == "econ":
            a.extra_rolls.append(phase + ap.econ_delay)
        elif column == "fleet":
            a.fleet_cp += cp_per_roll
        elif column == "tech":
            a.tech_cp += cp_per_roll
        else:
            a.defense_cp += ap.defense_multiplier * cp_per_roll
    return out


def alien_economy(state: SEState, a: Alien, phase: int, events: list[Event]) -> None:
    solo = state.solo
    assert solo is not None
    alien_rolls(state, a, phase, solo.cp_per_roll)
    ap = solo_tables().alien_player
    if a.fleet_cp < ap.launch_min_cp or len(a.fleets) >= ap.max_fleets:
        return
    roll = combat.roll_d10(state) - launch_penalty(a, solo.seen)
    if not ap.row(phase).launches(max(1, roll)):
        return
    if combat.roll_d10(state) <= ap.move_roll_max:
        _buy_tech(state, a, "move", events)
    raider = (
        a.techs.get("cloaking", 0) >= 1
        and a.fleet_cp >= ap.raider_launch_cp
        and solo.seen.get("scanners", 0) < a.techs.get("cloaking", 0)
    )
    fleet = AlienFleet("", [], 0, raider, phase, "", 0)
    if raider:
        cost = data.units(state.edition)["R"].cost
        while a.fleet_cp >= cost:
            fleet.units.append(_alien_unit(state, a, "R", a.home).uid)
            a.fleet_cp -= cost
    else:
        counter = _alien_unit(state, a, FLEET_COUNTER, a.home)
        fleet.counter, fleet.cp, a.fleet_cp = counter.uid, a.fleet_cp, 0
    a.fleets.append(fleet)
    a.launches.append(phase)
    events.append({"type": "alien_launch", "alien": a.owner, "hex": a.home, "unit": _fleet_lead(fleet)})


def launch_penalty(a: Alien, seen: dict[str, int]) -> int:
    """-2 to the launch roll for a fighter fleet the player cannot answer, and for a cloaked one."""
    ap = solo_tables().alien_player
    pen = 0
    if (
        a.techs.get("fighters", 0)
        and a.fleet_cp >= ap.fighter_launch_cp
        and seen.get("point_defense", 0) < a.techs["fighters"]
    ):
        pen += ap.launch_penalty
    if (
        a.techs.get("cloaking", 0)
        and a.fleet_cp >= ap.raider_launch_cp
        and seen.get("scanners", 0) < a.techs["cloaking"]
    ):
        pen += ap.launch_penalty
    return pen


# --- information (§9, §13.9) --------------------------------------------------------------------------
def _coop_machine_enters(
    game: SpaceEmpires, state: SEState, solo: SoloState, strength: int, events: list[Event]
) -> None:
    """A cooperative machine: the type roll, then the entry-side roll (§13.10)."""
    uid = f"{DOOMSDAY_LETTER}{solo.serial}"
    hid = coop.enter(state, uid, events)
    unit = _new_machine(state, solo, hid, strength, "schedule")
    events.append({"type": "doomsday_enters", "unit": unit.uid, "hex": hid, "strength": strength})
    coop.entered_hex(game, state, unit.uid, events)
    if unit.uid not in state.units:
        solo.dm_destroyed += 1
        del solo.machines[unit.uid]
        events.append({"type": "doomsday_destroyed", "unit": unit.uid})


def econ_starts(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    """When an Economic Phase starts: the cooperative machines' victory-point threshold (§13.10)."""
    solo = state.solo
    if solo is None or solo.coop is None or solo.outcome:
        return
    if not (
        alien_vp.econ_starts(state, events) if solo.alien_vp is not None else coop.econ_starts(state, events)
    ):
        return
    solo.outcome = "lost"
    events.append({"type": "solo_over", "outcome": "lost"})
    state.phase = "over"
    state.pending = []
    state.battle = None


def colonised(state: SEState, hid: str, events: list[Event]) -> None:
    if state.solo is not None and state.solo.alien_vp is not None:
        alien_vp.colonised(state, hid, events)  # §13.12.6: -2 VP for a Deep Space colony
    elif state.solo is not None and state.solo.coop is not None:
        coop.colonised(state, hid, events)  # §13.10: -2 VP for a Deep Space colony


def may_colonise(state: SEState, u: Unit, m: Marker) -> bool:
    return state.solo is None or state.solo.coop is None or coop.may_colonise(state, u, m)


def observe(state: SEState, obs: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """The public part of the scenario and opponents, added to every observation (and, in the
    cooperative scenarios, whether the viewer paid to move early this Economic Phase)."""
    solo = state.solo
    if solo is None:
        return obs
    obs["scenario"] = {
        "id": solo.scenario,
        "victory": solo.victory,
        "difficulty": solo.difficulty,
        "opponent": solo.opponent,
        "outcome": solo.outcome,
        "schedule": [list(e) for e in solo.schedule],
        "machines": {
            uid: {
                "strength": m.strength,
                "weakness": m.weakness,
                "source": m.source,
                "damage": state.units[uid].damage if uid in state.units else 0,
            }
            for uid, m in sorted(solo.machines.items())
        },
        "destroyed": solo.dm_destroyed,
        "aliens": [
            {
                "owner": a.owner,
                "home": a.home,
                "alive": a.alive,
                "techs": dict(a.techs),
                "fleets": [_fleet_lead(f) for f in a.fleets],
            }
            for a in solo.aliens
        ],
        "warp_points": solo.warp_points,
        "doomsday_markers": solo.doomsday_markers,
    }
    if solo.coop is not None:
        c = solo.coop
        obs["scenario"]["coop"] = {
            "capitol": c.capitol,
            "warp": list(c.warp),
            "vp": c.vp,
            "vp_needed": c.vp_needed,
            "minerals_taken": c.minerals_taken,
            "early": list(c.early),
            "paid_early": seat is not None and seat in c.early_next,
            "machines": {
                uid: {"role": m.role, "side": m.side, "target": m.target}
                for uid, m in sorted(c.machines.items())
            },
        }
    return alien_vp.observe(state, obs)


def secret(state: SEState, out: dict[str, Any]) -> dict[str, Any]:
    solo = state.solo
    if solo is None or not solo.aliens:
        return out
    out["aliens"] = [
        {
            "fleet": a.fleet_cp,
            "tech": a.tech_cp,
            "defense": a.defense_cp,
            "extra": list(a.extra_rolls),
            "fleets": [f.cp for f in a.fleets],
        }
        for a in solo.aliens
    ]
    if solo.alien_vp is not None:
        out["alien_banks"] = list(solo.alien_vp.banks)
    return out


def determinize(state: SEState, rng: Rng, seat: int | None = None) -> SEState:
    """Re-samples each alien empire's economic sheet by replaying its economic rolls with new dice,
    keeping only replays in which every launch the player watched could happen (enough fleet CP that
    phase) and every launch that had to happen did (a sheet row that launches on any roll); the fleets
    that have not fought receive the replayed CP. Technology is public (§13.9), so it is kept."""
    solo = state.solo
    if solo is not None and solo.coop is not None:
        # Another player's payment to move early is secret until the phase ends (§13.10).
        solo.coop.early_next = [s for s in solo.coop.early_next if s == seat]
    if solo is None or not solo.aliens:
        return state
    ap = solo_tables().alien_player
    phases = state.cycle - 1  # Economic Phases completed
    for a in solo.aliens:
        if not a.alive:
            continue
        for _attempt in range(40):
            if solo.alien_vp is not None:
                sim = alien_vp.replay(state, a, phases, rng)  # §13.12.7: the victory-point sheet
            else:
                sim = _replay(a, phases, solo.cp_per_roll, rng, ap)
            if sim is not None:
                fleet, tech, dfn, extra, launched = sim
                hidden = [f for f in a.fleets if f.counter]
                by_phase = {f.launched: f for f in hidden}
                for ph, cp in launched:
                    if ph in by_phase:
                        by_phase[ph].cp = cp
                a.fleet_cp, a.tech_cp, a.defense_cp, a.extra_rolls = fleet, tech, dfn, extra
                break
    return state


def _replay(
    a: Alien, phases: int, cp_per_roll: int, rng: Rng, ap: Any
) -> tuple[int, int, int, list[int], list[tuple[int, int]]] | None:
    fleet = tech = dfn = 0
    extra: list[int] = []
    launched: list[tuple[int, int]] = []
    raiders = {f.launched: len(f.units) for f in a.fleets if f.raider}
    cost_r = 12
    for phase in range(1, phases + 1):
        row = ap.row(phase)
        for _ in range(row.rolls + sum(1 for s in extra if s <= phase)):
            column = row.column(1 + rng.below(10))
            if column == "econ":
                extra.append(phase + ap.econ_delay)
            elif column == "fleet":
                fleet += cp_per_roll
            elif column == "tech":
                tech += cp_per_roll
            else:
                dfn += ap.defense_multiplier * cp_per_roll
        before = sum(1 for p in a.launches if p < phase)
        if phase in a.launches:
            if fleet < ap.launch_min_cp:
                return None
            if phase in raiders:
                fleet -= raiders[phase] * cost_r
                if fleet < 0:
                    return None
            else:
                launched.append((phase, fleet))
                fleet = 0
        elif fleet >= ap.launch_min_cp and before < ap.max_fleets and row.launch == (1, 10):
            return None
    tech -= a.tech_spent
    dfn -= a.defense_spent
    if tech < 0 or dfn < 0:
        return None
    return fleet, tech, dfn, extra, launched


def invariants(state: SEState) -> list[str]:
    solo = state.solo
    if solo is None:
        return []
    bad = []
    for uid in solo.machines:
        u = state.units.get(uid)
        if u is not None and (u.kind != "DM" or u.damage >= machine_stats(solo, uid).hull):
            bad.append(f"doomsday machine {uid} is inconsistent")
    for a in solo.aliens:
        if min(a.fleet_cp, a.tech_cp, a.defense_cp) < 0:
            bad.append(f"alien {a.owner} has negative CP")
        for f in a.fleets:
            if f.counter and f.counter not in state.units and not f.units:
                bad.append(f"alien fleet {f.counter} lost its counter")
    if solo.dm_destroyed > solo.dm_total + 3 * solo.serial:
        bad.append("more machines destroyed than entered")
    if solo.coop is not None:
        bad += coop.invariants(state, solo.coop)
    return bad + alien_vp.invariants(state)


def shared_win(state: SEState) -> bool:
    """The cooperative scenarios are won by every live player together (§13.10)."""
    return state.solo is not None and state.solo.coop is not None and state.solo.outcome == "won"


def result_details(state: SEState) -> dict[str, Any]:
    solo = state.solo
    if solo is None:
        return {}
    return {"scenario": solo.scenario, "outcome": solo.outcome}


def text_lines(state: SEState, lang: str = "en") -> list[str]:
    """The scenario and the public state of the solo opponents, for the terminal view."""
    solo = state.solo
    if solo is None or (solo.opponent == "none" and not solo.machines):
        return []
    head = f"{word('scenario', lang)}: {scenario_name(solo.scenario, lang)} ({word_or(f'difficulty_{solo.difficulty}', solo.difficulty, lang)})"
    if solo.outcome:
        head += f": {word_or(f'outcome_{solo.outcome}', solo.outcome, lang)}"
    lines = [head]
    if solo.opponent == "doomsday":
        coming = ", ".join(
            f"{word('phase', lang)} {p}: {word('strength', lang)} {s}" + (f" x{n}" if n > 1 else "")
            for p, s, n in solo.schedule
        )
        lines.append(
            f"  {word('dm_destroyed', lang)} {solo.dm_destroyed}/{solo.dm_total}; "
            f"{word('to_come', lang)}: {coming or '-'}"
        )
    if solo.coop is not None:
        lines += _coop_lines(state, solo.coop, lang)
    lines += alien_vp.text_lines(state, lang)
    for uid, m in sorted(solo.machines.items(), key=lambda kv: _uid_key(kv[0])):
        u = state.units.get(uid)
        if u is None:
            continue
        s = machine_stats(solo, uid)
        lines.append(
            f"  {uid} {word('at', lang)} {u.hex}: {s.cls}{s.attack}-{s.defense} {word('hull', lang)} {s.hull} "
            f"{word('damage', lang)} {u.damage}, {s.attacks} {word('attacks', lang)}, "
            f"{word('weakness', lang)} {m.weakness or '?'}"
        )
    for a in solo.aliens:
        state_word = word("alive" if a.alive else "destroyed", lang)
        techs = ", ".join(f"{_tech_word(k, lang)} {v}" for k, v in sorted(a.techs.items()) if v)
        fleets = ", ".join(_fleet_lead(f) for f in a.fleets) or "-"
        lines.append(
            f"  {word('alien', lang)} {_opp_letter(a.owner)} ({a.home}, {state_word}): "
            f"{word('fleets', lang)} {fleets}; {techs}"
        )
    return lines


def _coop_lines(state: SEState, c: Any, lang: str) -> list[str]:
    """The cooperative scenarios' public track (§13.10)."""
    early = ", ".join(board.SEATS[s] for s in c.early) or "-"
    aliens = state.solo is not None and state.solo.alien_vp is not None  # §13.12
    vp_word, early_word = ("ap_vp", "early_movers_ap") if aliens else ("dm_vp", "early_movers")
    lines = [
        f"  {word(vp_word, lang)} {c.vp} ({word('needed', lang)} {c.vp_needed}); {word('capitol', lang)} {c.capitol}; "
        f"{word('warp_one', lang)} {c.warp[0]}-{c.warp[1]}; {word(early_word, lang)}: {early}"
    ]
    for uid, cm in sorted(c.machines.items(), key=lambda kv: _uid_key(kv[0])):
        if uid in state.units:
            target = f", {word('target', lang)} {cm.target}" if cm.target else ""
            lines.append(f"  {uid}: {word(cm.role, lang)}{target}")
    return lines


def _tech_word(tech: str, lang: str) -> str:
    """A technology id in English (as the views show it), its name in Hungarian."""
    return tech_name(tech, lang) if lang_of(lang) == "hu" else tech


# --- the automated opponents as a system (base/system.py) --------------------------------------------------
def _apply(
    game: SpaceEmpires, state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]
) -> None:
    if kind == "steer":
        apply_steer(game, state, args[0], events)  # §13.2: the live player picks a tied route
    else:
        coop.pay_early(state, seat)  # §13.10: pay to move before the Doomsday Machines


def _colony_captured(
    state: SEState, hid: str, captor: int, loser: int, thefts: int, events: list[Event]
) -> None:
    """Ground combat took a colony (§10.1): a non-player alien planet moves the cooperative machines'
    track (§13.10); an alien captor steals technology and scores (§13.13, §13.12.6)."""
    if loser == board.NPA:
        coop.npa_colony_captured(state, hid, events)
    elif captor < 0:
        solo4_ground.alien_captures(state, captor, loser, hid, thefts, events)


SYSTEM = System(
    "solo_opponents",
    "§13",
    setup=setup,
    action_kinds=ACTION_KINDS,
    apply=_apply,
    step_kinds=STEP_KINDS,
    step_actions=step_actions,
    observe=observe,
    secret=lambda state, out, viewer: secret(state, out),
    determinize=lambda state, viewer, rng: determinize(state, rng, viewer),
    invariants=invariants,
    secret_kinds=("early",),
    ships_gain_experience=ap_systems.gains_experience,
    uses_alien_technology=lambda scenario_id: bool(alien_vp.mode_of(scenario_id)),
    colony_lost=alien_vp.player_captures,
    colony_captured=_colony_captured,
    colonised=colonised,
)
