"""The cooperative Doomsday Machine scenarios of the Close Encounters scenario book (issue 9):
``coop_dm_2p``, ``coop_dm_3p`` and ``coop_dm_4p``.

Rules: docs/games/space_empires.md §13.10; tables in data/solo.yaml (``doomsday.coop*``), map data in
data/scenarios.yaml (``coop``). Where these rules say nothing, the machines follow the solo rules
(§13.2-13.3, solo.py), which call the functions below:

- ``setup``: the Galactic Capitol and the machines' victory-point track;
- ``enter``: a scheduled machine's type roll (destroyer / explorer) and entry-side roll;
- ``targets`` / ``passable`` / ``prefer``: where a machine heads and which of equally short steps it takes;
- ``entered_hex``: what a machine does to the markers and non-player aliens it meets;
- ``after_combat`` / ``colony_destroyed`` / ``colonised``: the victory-point events;
- ``econ_starts``: the machines' victory-point threshold, checked when an Economic Phase starts;
- ``moves_now``: the machines move before every live player who did not pay to move first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.core import Event
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.hexes import distance, hex_id, neighbours, parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Marker, Unit
from galaxis.games.space_empires.opponents.solo_state import CAPITOL, CoopMachine, CoopState, SoloState
from galaxis.games.space_empires.opponents.tables import CoopSetup, CoopTables, coop_setups, solo_tables

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState

MAX_NPA_ROUNDS = 100  # a machine's battle with non-player aliens stops after this many rounds (designed)
MAX_LOST_ROLLS = 50  # Lost in Space rerolls before the first legal hex is taken (designed)


def tables() -> CoopTables:
    return solo_tables().doomsday.coop


def coop_of(state: SEState) -> CoopState | None:
    return state.solo.coop if state.solo is not None else None


def _d10(state: SEState) -> int:
    """Every die of the cooperative machines is the solo opponents' d10 from the match generator."""
    return combat.roll_d10(state)


def _hex_key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c


# --- set-up (§13.10 "Set-up") ---------------------------------------------------------------------
def setup(state: SEState, scenario: Scenario, solo: SoloState, difficulty: str) -> None:
    """The Galactic Capitol (an unused 5 CP colony, allied to every live player) and the machines'
    victory-point track at 0."""
    spec = scenario.coop
    assert spec is not None
    needed = solo_tables().doomsday.coop_victory_points[scenario.seats][difficulty]
    solo.coop = CoopState(
        spec.capitol, list(spec.warp), {str(k): v for k, v in spec.sides.items()}, 0, needed, 0, [], [], {}
    )
    state.colonies[spec.capitol] = Colony(CAPITOL, tables().capitol_value, False, False)


def _spec(state: SEState) -> CoopSetup:
    """The scenario's map data the machines steer by (data/scenarios.yaml ``coop``)."""
    assert state.solo is not None
    return coop_setups()[state.solo.scenario][0]


def _home_letters(state: SEState) -> tuple[str, ...]:
    """The live seats' home-world letters in seat order (data/scenarios.yaml ``homes``)."""
    assert state.solo is not None
    return coop_setups()[state.solo.scenario][1]


# --- entry: type and side rolls (§13.10 "The machines") -------------------------------------------------
def enter(state: SEState, uid: str, events: list[Event]) -> str:
    """Rolls a new machine's type (destroyer 1-6, explorer 7-10), then its entry side (1-4 left, 5-6
    middle, 7-10 right); a destroyer's target is fixed now. Returns the entry hex."""
    coop = coop_of(state)
    assert coop is not None
    type_roll = _d10(state)
    role = tables().role(type_roll)
    side_roll = _d10(state)
    side = tables().side(side_roll)
    hid = coop.sides[side]
    target = destroyer_target(state, side) if role == "destroyer" else ""
    coop.machines[uid] = CoopMachine(role, side, target)
    events.append(
        {
            "type": "doomsday_role",
            "unit": uid,
            "type_roll": type_roll,
            "role": role,
            "side_roll": side_roll,
            "side": side,
            "hex": hid,
            "target": target,
        }
    )
    return hid


def colony_value(state: SEState, seat: int) -> int:
    """An empire's total colony value (public on the table), the 4-player destroyers' measure of the
    weakest empire (§13.10, designed: the printed "total CP" of an empire is secret)."""
    return sum(c.value for c in state.colonies.values() if c.owner == seat)


def destroyer_target(state: SEState, side: str) -> str:
    """A destroyer's target: the Capitol or a home world by its entry side; of several home worlds the
    empire with the least colony value, a tie broken by a d10 (the seed's coin flip)."""
    spec = _spec(state)
    coop = coop_of(state)
    assert coop is not None
    names = spec.destroyer_targets[side]  # type: ignore[index]
    if names == ("GC",):
        return coop.capitol
    homes: dict[int, str] = {}
    for letter in names:
        seat = _home_letters(state).index(letter)
        hw = board.home_world_hex(state, seat)
        if hw is not None and state.players[seat].alive:
            homes[seat] = hw
    if not homes:
        hw_any = [board.home_world_hex(state, s) for s in board.alive_seats(state)]
        return next((h for h in hw_any if h is not None), coop.capitol)
    least = min(colony_value(state, s) for s in homes)
    weakest = sorted(s for s in homes if colony_value(state, s) == least)
    if len(weakest) == 1:
        return homes[weakest[0]]
    roll = _d10(state)
    return homes[weakest[(roll - 1) * len(weakest) // 10]]


# --- movement (§13.10 "Movement") ------------------------------------------------------------------
def _npa_planets(state: SEState) -> set[str]:
    return {u.hex for u in state.units.values() if u.owner == board.NPA}


def targets(state: SEState, uid: str) -> list[str]:
    """Where a cooperative machine is heading: a destroyer's fixed target; an explorer of the
    2-player map heads for the nearest live player's colony or non-player alien planet, avoiding home
    worlds and the Capitol (none left: the nearest home world, designed); others for the Capitol."""
    coop = coop_of(state)
    assert coop is not None
    cm = coop.machines[uid]
    if cm.role == "destroyer":
        if cm.target not in state.colonies:
            cm.target = _retarget(state, cm)
        return [cm.target] if cm.target else []
    spec = _spec(state)
    if spec.explorer_target == "GC":
        return [coop.capitol] if coop.capitol in state.colonies else []
    here = parse_hex_id(state.units[uid].hex)
    goals = {h for h, c in state.colonies.items() if c.owner >= 0 and not c.home} | _npa_planets(state)
    if not goals:
        goals = {h for h, c in state.colonies.items() if c.owner >= 0}
    if not goals:
        return []
    best = min(distance(here, parse_hex_id(h)) for h in goals)
    return sorted((h for h in goals if distance(here, parse_hex_id(h)) == best), key=_hex_key)


def _retarget(state: SEState, cm: CoopMachine) -> str:
    """A destroyer whose target is gone (the game goes on only if it was not a home world or the
    Capitol, so this happens only on a lost game's last step) picks again by its entry side."""
    return destroyer_target(state, cm.side) if board.alive_seats(state) else ""


def passable(state: SEState, hid: str, uid: str) -> bool:
    """Destroyers of the 3- and 4-player maps avoid the Capitol's hex unless it is their target; the
    2-player map's explorers avoid the home worlds and the Capitol (while they have another target)."""
    coop = coop_of(state)
    if coop is None or uid not in coop.machines:
        return True
    spec = _spec(state)
    cm = coop.machines[uid]
    if cm.role == "explorer" and spec.explorer_target == "nearest":
        col = state.colonies.get(hid)
        avoided = col is not None and (col.home or col.owner == CAPITOL)
        return not avoided or _only_home_worlds_left(state)
    if hid != coop.capitol:
        return True
    return not (cm.role == "destroyer" and spec.avoid_capitol and cm.target != coop.capitol)


def _only_home_worlds_left(state: SEState) -> bool:
    return not _npa_planets(state) and not any(c.owner >= 0 and not c.home for c in state.colonies.values())


def prefer(state: SEState, options: list[str]) -> list[str]:
    """Of equally short steps a machine takes the one where it can start a battle (live players' or
    non-player aliens' combat units), then one it explores (an unexplored hex); the remaining tie is a
    live player's decision (§13.10)."""

    def battle(h: str) -> bool:
        return any(
            (v.owner >= 0 or v.owner == board.NPA) and board.is_combat_kind(v.kind)
            for v in board.units_at(state, h)
        )

    def unexplored(h: str) -> bool:
        return not board.explored(state, h)

    for better in (battle, unexplored):
        found = [h for h in options if better(h)]
        if found:
            options = found
    return options


def entered_hex(game: SpaceEmpires, state: SEState, uid: str, events: list[Event]) -> None:
    """What a machine does in the hex it enters: it explores an unexplored hex at once; Danger! and Lost
    in Space are removed; a space wreck is destroyed (no VP); Super Novas and Black Holes do nothing; a
    deep-space barren planet receives its non-player aliens, who fight it at once (§13.10)."""
    u = state.units[uid]
    hid = u.hex
    m = state.markers.get(hid)
    if m is not None and not m.face_up:
        m.face_up = True
        events.append(
            {"type": "doomsday_explores", "unit": uid, "hex": hid, "marker": m.kind, "value": m.value}
        )
        if m.kind == "barren" and m.pool == "deep":
            game._place_npas(state, hid)
    if (
        m is not None
        and m.face_up
        and m.kind in ("danger", "lost_in_space", "space_wreck", "warp_point", "doomsday")
    ):
        del state.markers[hid]
        events.append({"type": "doomsday_removes", "unit": uid, "hex": hid, "marker": m.kind})
    if any(v.owner == board.NPA for v in board.units_at(state, hid)):
        npa_battle(state, uid, events)


# --- a machine against non-player aliens -------------------------------------------------------------
def _npa_combatant(u: Unit) -> combat.Combatant:
    s = data.npa_ships()[u.kind]
    return combat.Combatant(
        u.uid, 1, u.kind, s.cls, s.attack, s.defense, s.hull, tactics=data.unit_table().npa_tactics
    )


def npa_battle(state: SEState, uid: str, events: list[Event]) -> None:
    """The non-player aliens of a planet fight the machine that entered it (both sides are automated,
    terrain does not affect the machine): rounds in firing order, the machine firing its attacks at the
    most dangerous alien (highest to-hit number against it). If the aliens die the machine destroys
    the planet: +2 VP, it repairs 2 and the planet becomes an asteroid field (§13.10)."""
    from galaxis.games.space_empires.opponents.battles import combatant
    from galaxis.games.space_empires.opponents.forces import machine_stats

    solo = state.solo
    assert solo is not None
    dm = state.units[uid]
    hid = dm.hex
    aliens = sorted(
        (v for v in board.units_at(state, hid) if v.owner == board.NPA), key=lambda v: board.uid_key(v.uid)
    )
    me = combatant(state, dm, 0)
    them = [_npa_combatant(v) for v in aliens]
    attacks = machine_stats(solo, uid).attacks
    rounds = 0
    while me.alive and any(t.alive for t in them) and rounds < MAX_NPA_ROUNDS:
        rounds += 1
        for shooter in combat.firing_order([me, *them]):
            if not shooter.alive or not me.alive:
                continue
            if shooter is me:
                for _ in range(attacks):
                    alive = [t for t in them if t.alive]
                    if not alive:
                        break
                    target = max(alive, key=lambda t: (combat.to_hit(t, me), -them.index(t)))
                    automated_shot(state, me, target, events)
            else:
                automated_shot(state, shooter, me, events)
    dm.damage = me.damage
    for t in them:
        if not t.alive:
            del state.units[t.uid]
    if not me.alive:
        del state.units[uid]
        events.append({"type": "destroyed", "unit": uid, "hex": hid})
        return
    if not any(t.alive for t in them):
        dm.damage = max(0, dm.damage - solo_tables().doomsday.heal_per_planet)
        state.markers[hid] = Marker("asteroids", 0, True, "deep")
        add_vp(state, tables().vp_npa_planet, "npa_planet", hid, events)


def automated_shot(
    state: SEState,
    shooter: combat.Combatant,
    target: combat.Combatant,
    events: list[Event],
    terrain: str = "open",
) -> None:
    """One shot of a battle no seat decides (the machines' §13.10, the aliens' against NPAs §13.12.5),
    with the match's d10, logged like a battle's shots (§5)."""
    number = combat.to_hit(shooter, target, terrain=terrain)
    roll = _d10(state)
    event: Event = {
        "type": "shot",
        "shooter": shooter.uid,
        "target": target.uid,
        "roll": roll,
        "need": number,
    }
    if combat.is_hit(roll, number, shooter, target):
        event["hit"] = True
        if combat.apply_hit(shooter, target):
            event["destroyed"] = True
    events.append(event)


# --- victory points (§13.10 "Victory") ---------------------------------------------------------------
def add_vp(state: SEState, points: int, why: str, hid: str, events: list[Event]) -> None:
    coop = coop_of(state)
    assert coop is not None
    coop.vp += points
    events.append({"type": "doomsday_vp", "points": points, "why": why, "hex": hid, "total": coop.vp})


def after_combat(state: SEState, uid: str, events: list[Event]) -> None:
    """A machine on a mineral after the battles takes it: +1 VP while it has scored fewer than 2 minerals,
    afterwards the mineral is simply destroyed."""
    coop = coop_of(state)
    assert coop is not None
    hid = state.units[uid].hex
    m = state.markers.get(hid)
    if m is None or not m.face_up or m.kind != "minerals":
        return
    del state.markers[hid]
    if coop.minerals_taken < tables().vp_mineral_max:
        coop.minerals_taken += 1
        add_vp(state, tables().vp_mineral, "mineral", hid, events)
    else:
        events.append({"type": "doomsday_removes", "unit": uid, "hex": hid, "marker": "minerals"})


def colony_destroyed(state: SEState, col: Colony, hid: str, events: list[Event]) -> None:
    """+2 VP for a live player's colony (a home world or the Capitol ends the game anyway)."""
    if col.owner >= 0:
        add_vp(state, tables().vp_player_colony, "player_colony", hid, events)


def colonised(state: SEState, hid: str, events: list[Event]) -> None:
    """-2 VP whenever a live player colonises a Deep Space planet (the track may go below zero)."""
    if data.hex_map(len(state.players)).owner_of(parse_hex_id(hid)) is None:
        add_vp(state, tables().vp_deep_space_colony, "deep_space_colony", hid, events)


def npa_colony_captured(state: SEState, hid: str, events: list[Event]) -> None:
    """-2 VP when a live player captures a non-player alien colony with ground units (the seed's track:
    "capturing or colonising a non-player alien colony"; colonising one is the Deep Space colonisation
    above and is counted once)."""
    if coop_of(state) is not None:
        add_vp(state, tables().vp_npa_capture, "npa_colony_captured", hid, events)


def may_colonise(state: SEState, u: Unit, m: Marker) -> bool:
    """Allies may explore each other's home systems but not colonise their planets."""
    return not (m.pool.startswith("home") and m.pool != f"home{u.owner}")


def lost_reason(state: SEState) -> str:
    """Why the players have lost ('' if they have not): a home world or the Capitol is gone."""
    coop = coop_of(state)
    assert coop is not None
    if not all(p.alive for p in state.players):
        return "home_world"
    if coop.capitol not in state.colonies:
        return "capitol"
    return ""


def econ_starts(state: SEState, events: list[Event]) -> bool:
    """The machines win when their victory points reach the difficulty's threshold at the start of an
    Economic Phase. True when they have."""
    coop = coop_of(state)
    assert coop is not None
    if coop.vp < coop.vp_needed:
        return False
    events.append({"type": "doomsday_vp_won", "total": coop.vp, "needed": coop.vp_needed})
    return True


def economic_phase(state: SEState, events: list[Event]) -> None:
    """After the Economic Phase: the seats that paid move before the machines next cycle, and a used
    Capitol mineral is replaced."""
    coop = coop_of(state)
    assert coop is not None
    coop.early, coop.early_next = sorted(coop.early_next), []
    if coop.early:
        events.append({"type": "moves_early", "seats": list(coop.early)})
    if coop.capitol in state.colonies and coop.capitol not in state.markers:
        state.markers[coop.capitol] = Marker("minerals", tables().capitol_mineral, True, "deep")
        events.append({"type": "capitol_mineral", "hex": coop.capitol, "value": tables().capitol_mineral})
    for uid in [u for u in coop.machines if u not in state.units]:
        del coop.machines[uid]


def may_pay_early(state: SEState, seat: int) -> bool:
    coop = coop_of(state)
    return (
        coop is not None
        and seat not in coop.early_next
        and state.players[seat].bid >= 0
        and state.players[seat].cp >= tables().early_move_cost
    )


def pay_early(state: SEState, seat: int) -> None:
    """The payment is secret like every purchase until the phase ends (then ``moves_early`` shows it)."""
    coop = coop_of(state)
    assert coop is not None
    p = state.players[seat]
    cost = tables().early_move_cost
    p.cp -= cost
    p.spent += cost
    coop.early_next.append(seat)


def moves_now(state: SEState, start: bool) -> bool:
    """The machines move once a turn: at the start of the movement of the first live seat (in turn
    order) that did not pay to move first, or, when every live seat paid, after the last one moved."""
    coop = coop_of(state)
    assert coop is not None
    alive = [s for s in state.order if state.players[s].alive]
    late = [s for s in alive if s not in coop.early]
    seat = state.order[state.active]
    if late:
        return start and seat == late[0]
    return not start and seat == alive[-1]


def lost_in_space(state: SEState, hid: str, legal: list[str], events: list[Event]) -> str:
    """A stack on a Lost in Space marker moves to the surrounding hex a d10 numbers (1 = east, then
    clockwise to 6); 7-10 are rolled again, and so is a hex it may not enter (off the map, a Super Nova,
    enemies: designed) (§13.10 special rules)."""
    ring = [hex_id(h) for h in neighbours(parse_hex_id(hid))]
    for _ in range(MAX_LOST_ROLLS):
        roll = _d10(state)
        if roll <= len(ring) and ring[roll - 1] in legal:
            events.append({"type": "lost_in_space", "from": hid, "to": ring[roll - 1], "roll": roll})
            return ring[roll - 1]
    events.append({"type": "lost_in_space", "from": hid, "to": legal[0], "roll": 0})
    return legal[0]


def invariants(state: SEState, c: CoopState) -> list[str]:
    bad = []
    solo = state.solo
    assert solo is not None
    if any(uid in state.units and uid not in solo.machines for uid in c.machines):
        bad.append("a cooperative machine is not a Doomsday Machine")
    scheduled = [uid for uid, m in solo.machines.items() if m.source == "schedule" and uid in state.units]
    if any(uid not in c.machines for uid in scheduled):
        bad.append("a Doomsday Machine has no cooperative role")
    if not 0 <= c.minerals_taken <= tables().vp_mineral_max:
        bad.append("the machines scored more minerals than the track allows")
    if state.phase != "over" and c.capitol not in state.colonies:
        bad.append("the game goes on without the Galactic Capitol")
    if any(s not in range(len(state.players)) for s in c.early + c.early_next):
        bad.append("an unknown seat pays to move early")
    return bad


def warp_link(state: SEState, hid: str) -> str:
    """The other end of warp point 1 (players only; machines never use warp points)."""
    coop = coop_of(state)
    if coop is None or hid not in coop.warp:
        return ""
    return coop.warp[1] if coop.warp[0] == hid else coop.warp[0]


# --- Black Hole Jump (§13.10 "Black Hole Jump") ---------------------------------------------------------
BLACK_HOLE_JUMP = "black_hole_jump"


def extra_techs(state: SEState) -> tuple[str, ...]:
    """The Black Hole Jump technology (40 CP, one level) can be bought only in these scenarios."""
    return (BLACK_HOLE_JUMP,) if coop_of(state) is not None else ()


def has_black_hole_jump(state: SEState, seat: int) -> bool:
    """Like Move technology it equips every ship of the empire at once (no refit)."""
    return (
        coop_of(state) is not None
        and 0 <= seat < len(state.players)
        and (state.players[seat].techs.get(BLACK_HOLE_JUMP, 0) >= 1)
    )


def jumps_black_holes(state: SEState, u: Unit) -> bool:
    """A ship with Black Hole Jump enters a Black Hole freely, without the survival roll."""
    return has_black_hole_jump(state, u.owner)


def jump_nodes(state: SEState) -> list[str]:
    """The hexes Black Hole Jump joins: every face-up Black Hole and every warp point on the map (warp
    point 1's two ends and any face-up warp-point marker), in hex order."""
    coop = coop_of(state)
    assert coop is not None
    nodes = set(coop.warp)
    nodes |= {h for h, m in state.markers.items() if m.face_up and m.kind in ("black_hole", "warp_point")}
    return sorted(nodes, key=_hex_key)


def jump_links(state: SEState, seat: int, hid: str) -> tuple[str, ...]:
    """The hexes ``seat``'s ships may jump to from ``hid`` as if adjacent (only with Black Hole Jump, and
    only those not already reachable in one step)."""
    if not has_black_hole_jump(state, seat):
        return ()
    nodes = jump_nodes(state)
    if hid not in nodes:
        return ()
    from galaxis.games.space_empires.opponents import moves

    near = set(moves.neighbours(state, hid))
    return tuple(h for h in nodes if h != hid and h not in near)
