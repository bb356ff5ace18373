"""The Planetary Gates scenarios ("Bolygóközi kapu forgatókönyv" [seed]; rules:
docs/games/space_empires.md §12.3; data: data/gates.yaml).

Every planet is joined by a gate to every planet within 3 hexes. Ground units (the secret garrisons of
ground.py, §10.1) walk through the gates to reinforce their own colonies or to invade an enemy colony or
a non-player alien planet; they may retreat through them; fighters move between their owner's colonies;
and the Colony Ships bought in these scenarios never fly, they only walk through the gates.

Everything here is off unless the scenario is one of the gates entries (``state.gates`` is then set).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core import Action, Event, IllegalAction, Step
from galaxis.core.errors import BadOption
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Colony, Marker, Unit
from galaxis.games.space_empires.base.system import System, colonised, places_npas
from galaxis.games.space_empires.base.text_data import MSG
from galaxis.games.space_empires.systems import ground
from galaxis.games.space_empires.systems.gates_state import GatesState
from galaxis.games.space_empires.systems.ground_state import Garrison, GroundState, Invasion, Trooper

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState

FAMILY = "planetary_gates"
BARREN_CHOICES = ("placed", "placed_only", "dealt", "removed")
MOVE_KINDS = ("gates", "gate", "fgate", "cgate", "gclose")
ASSAULT_KINDS = ("assault", "charge")
RETREAT_KINDS = ("gretreat", "flee", "stay")
ACTION_KINDS = (*MOVE_KINDS, *ASSAULT_KINDS, *RETREAT_KINDS)
STEP_KINDS = ("gsrc", "gassault", "gflee")
# Notation words that name ground unit types or where they stand (secret like a garrison, §10.1).
SECRET_WORDS = ("gates", "gate", "gclose", "assault", "flee")
FIGHTER = "F"
COLONY_SHIP = "CO"
FULL_COLONY = 5  # a colony that produced 5 CP may place a Colony Ship [seed]
NPA = board.NPA
NPA_MILITIA = ground.NPA_MILITIA
MILITIA = ground.MILITIA
RING = 36  # hexes within 3 of a hex, the hex itself excluded (3 * 3 * 4)
BOT_GARRISON = 2  # the bot's guess of an enemy colony's hidden garrison (its own buying rule, §10.1)
BOT_TROOPS = 4  # Infantry the bot keeps at each colony in these scenarios (more than the base 2)


class GateTables(BaseModel):
    """data/gates.yaml (§12.3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    range: int = Field(ge=1)
    barren_positions: dict[str, tuple[str, ...]]

    @model_validator(mode="after")
    def _check(self) -> GateTables:
        deep_barren = sum(n for kind, n in _deep_counts().items() if kind == "barren")
        for sid, hexes in self.barren_positions.items():
            players = int(sid.rsplit("_", 1)[-1][0])
            hmap = data.hex_map(players)
            deep = set(hmap.deep_space())
            if len(set(hexes)) != len(hexes) or len(hexes) > deep_barren:
                raise ValueError(f"gates.yaml: {sid}: at most {deep_barren} distinct barren positions")
            for hid in hexes:
                if parse_hex_id(hid) not in deep:
                    raise ValueError(f"gates.yaml: {sid}: barren position {hid} is not a deep-space hex")
        return self


def _deep_counts() -> dict[str, int]:
    out: dict[str, int] = {}
    for kind, _ in data.markers().deep_pool():
        out[kind] = out.get(kind, 0) + 1
    return out


@cache
def tables() -> GateTables:
    return GateTables.model_validate(data._load("gates.yaml"))


def state_of(state: SEState) -> GatesState | None:
    return state.gates


def is_gates_option(options: dict[str, Any]) -> bool:
    sid = str(options.get("scenario", ""))
    return sid == FAMILY or sid in tables().barren_positions


def _key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return (c, r)


def _say(events: list[Event], event: dict[str, Any], text: str) -> None:
    event["text"] = text
    events.append(event)


# --- set-up (§12.3.2) ---------------------------------------------------------------------------------
def setup(game: SpaceEmpires, state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    """§12.3: a gates scenario switches ground combat on and lays out its barren planets."""
    positions = tables().barren_positions.get(scenario.id)
    if positions is None:
        return
    if ground.TECH not in data.tech_tracks(state.edition):
        raise BadOption(MSG("gates_need_ground"))
    choice = str(options.get("gate_barren", "placed"))
    if choice not in BARREN_CHOICES:
        raise BadOption(MSG("gate_barren", choices=", ".join(BARREN_CHOICES)))
    if state.ground is None:
        state.ground = GroundState({}, {}, [0] * len(state.players))
    state.gates = GatesState({}, [])
    if choice in ("placed", "placed_only"):
        for hid in positions:
            place_barren_planet(game, state, hid)
    if choice in ("placed_only", "removed"):
        remove_other_barren_planets(state)


def place_barren_planet(game: SpaceEmpires, state: SEState, hid: str) -> None:
    """§12.3.2 [DESIGN]: a barren planet of the deep-space mix lies face up on a "B" hex; the marker dealt
    there takes the barren planet's place (in the box, or on the hex the planet came from). As on any
    explored deep-space barren planet, non-player aliens orbit it (§6)."""
    old = state.markers.get(hid)
    displaced = f"{old.kind}:{old.value}" if old is not None else ""
    if "barren:0" in state.undrawn:
        state.undrawn.remove("barren:0")
        if displaced:
            state.undrawn.append(displaced)
    else:
        spare = sorted(
            (
                h
                for h, m in state.markers.items()
                if m.pool == "deep" and not m.face_up and m.kind == "barren" and h != hid
            ),
            key=_key,
        )
        if not spare:
            raise ValueError("no barren planet left in the deep-space mix for a B hex (§12.3.2)")
        src = spare[state.rng.below(len(spare))]
        if old is not None:
            state.markers[src] = Marker(old.kind, old.value, False, "deep")
        else:
            del state.markers[src]
    state.markers[hid] = Marker("barren", 0, True, "deep")
    if game_places_npas(state):
        game._place_npas(state, hid)


def game_places_npas(state: SEState) -> bool:
    """Whether the new barren planet holds non-player aliens: the opponents answer (not in solo #5)."""
    return places_npas(state)


def remove_other_barren_planets(state: SEState) -> None:
    """§12.3.2: the players may take the remaining barren planets out of the deep-space mix."""
    for hid in sorted(state.markers, key=_key):
        m = state.markers[hid]
        if m.pool == "deep" and not m.face_up and m.kind == "barren":
            del state.markers[hid]
    state.undrawn = [m for m in state.undrawn if not m.startswith("barren:")]


def on_new_unit(state: SEState, unit: Unit) -> None:
    """§12.3.7: every Colony Ship bought in a gates scenario is not space-going (the starting ones are)."""
    gs = state.gates
    if gs is not None and unit.kind == COLONY_SHIP:
        gs.grounded.append(unit.uid)


def start_move(state: SEState) -> None:
    """A new Movement Phase: every ground unit has its gate move again (§12.3.1)."""
    gs = state.gates
    if gs is not None:
        gs.moved, gs.source, gs.target, gs.staged = {}, "", "", []


# --- the gate network (§12.3.1) -------------------------------------------------------------------------
def has_gate(state: SEState, hid: str) -> bool:
    """§12.3.1: every planet has a gate: a colony, or a known (face-up) planet or barren planet; a colony
    on an Asteroids hex (Industrious Race) has none."""
    if board.terrain(state, hid) == "asteroids":
        return False
    if hid in state.colonies:
        return True
    m = state.markers.get(hid)
    return m is not None and m.face_up and m.kind in ("planet", "barren")


def gate_planets(state: SEState) -> list[str]:
    hexes = set(state.colonies) | {h for h, m in state.markers.items() if m.face_up}
    return sorted((h for h in hexes if has_gate(state, h)), key=_key)


def linked(state: SEState, hid: str, planets: list[str] | None = None) -> list[str]:
    """§12.3.1: the planets the gate of ``hid`` reaches: every other gated planet within range."""
    if not has_gate(state, hid):
        return []
    here = parse_hex_id(hid)
    reach = tables().range
    return [
        h
        for h in (gate_planets(state) if planets is None else planets)
        if h != hid and distance(here, parse_hex_id(h)) <= reach
    ]


def npa_planet(state: SEState, hid: str) -> bool:
    """A non-player alien planet: an uncolonised face-up barren planet with aliens in orbit (§10.1)."""
    m = state.markers.get(hid)
    return (
        hid not in state.colonies
        and m is not None
        and m.face_up
        and m.kind == "barren"
        and any(u.owner == NPA for u in board.units_at(state, hid))
    )


def _own_colony(state: SEState, hid: str, seat: int) -> bool:
    col = state.colonies.get(hid)
    return col is not None and col.owner == seat


def assault_target(state: SEState, hid: str, seat: int) -> bool:
    """§12.3.3: a move through a gate onto another player's colony or an NPA planet is an invasion."""
    col = state.colonies.get(hid)
    if col is not None:
        return col.owner >= 0 and col.owner != seat and not board.allied(state, col.owner, seat)
    return npa_planet(state, hid)


# --- ground units through the gates (§12.3.1) -------------------------------------------------------------
def movable_troops(state: SEState, seat: int, hid: str) -> list[str]:
    """The ground units at ``seat``'s colony ``hid`` that have not used a gate this turn (§12.3.1)."""
    gs = state.gates
    if gs is None or not _own_colony(state, hid, seat):
        return []
    left = Counter(ground.troops_at(state, hid)) - Counter(gs.moved.get(hid, []))
    return sorted(left.elements())


def troop_destinations(state: SEState, seat: int, hid: str, planets: list[str]) -> list[str]:
    """Where ground units at ``hid`` may go: their own colonies or an invasion (§12.3.1, §12.3.3)."""
    return [
        h
        for h in linked(state, hid, planets)
        if _own_colony(state, h, seat) or assault_target(state, h, seat)
    ]


def _fighter_counters(state: SEState, seat: int, hid: str) -> list[str]:
    groups = board.counters(
        u for u in state.units.values() if u.owner == seat and u.hex == hid and u.kind == FIGHTER
    )
    return [
        cid
        for cid, ms in groups.items()
        if all(not u.cargo and not u.stopped and not u.came_from for u in ms)
    ]


def fighter_destinations(state: SEState, seat: int, hid: str, planets: list[str]) -> list[str]:
    """§12.3.5: fighters move like ground units, but only from one of their colonies to another."""
    if not _own_colony(state, hid, seat):
        return []
    return [h for h in linked(state, hid, planets) if _own_colony(state, h, seat)]


def grounded(state: SEState, u: Unit) -> bool:
    gs = state.gates
    return gs is not None and u.uid in gs.grounded


def space_move_problem(state: SEState, u: Unit) -> Msg | None:
    """§12.3.7: a Colony Ship bought in a gates scenario never moves in space."""
    if grounded(state, u):
        return MSG("grounded_colony_ship")
    return None


def _colony_ship_counters(state: SEState, seat: int, hid: str) -> list[str]:
    return [
        board.counter_of(u)
        for u in sorted(state.units.values(), key=lambda v: board.uid_key(v.uid))
        if u.owner == seat and u.hex == hid and grounded(state, u) and not u.stopped
    ]


def colony_ship_destinations(state: SEState, u: Unit, planets: list[str]) -> list[str]:
    """§12.3.7: a walking Colony Ship goes to its owner's colonies, or to an uncolonised planet it can
    settle (a barren one needs Terraforming 1, §4.4) with no enemy units there."""
    out = []
    for h in linked(state, u.hex, planets):
        if _own_colony(state, h, u.owner):
            out.append(h)
        elif h not in state.colonies and not board.enemies_at(state, h, u.owner):
            m = state.markers[h]
            if m.kind == "planet" or u.level >= 1:
                out.append(h)
    return out


def sources(state: SEState, seat: int, planets: list[str]) -> list[str]:
    """The planets where ``seat`` has something that may use a gate now."""
    here = {h for h, c in state.colonies.items() if c.owner == seat}
    here |= {u.hex for u in state.units.values() if u.owner == seat and grounded(state, u)}
    return [
        h
        for h in sorted(here, key=_key)
        if has_gate(state, h) and _source_actions_exist(state, seat, h, planets)
    ]


def _source_actions_exist(state: SEState, seat: int, hid: str, planets: list[str]) -> bool:
    if movable_troops(state, seat, hid) and troop_destinations(state, seat, hid, planets):
        return True
    if _fighter_counters(state, seat, hid) and fighter_destinations(state, seat, hid, planets):
        return True
    return any(
        colony_ship_destinations(state, board.counter_units(state, cid)[0], planets)
        for cid in _colony_ship_counters(state, seat, hid)
    )


def move_actions(game: SpaceEmpires, state: SEState, seat: int) -> list[Action]:
    """Movement Phase: open the gate of a planet where something of yours may use it (§12.3.1)."""
    gs = state.gates
    g = state.ground
    if gs is None or g is None or g.invasion is not None:
        return []
    planets = gate_planets(state)
    get = game.table.get
    return [get(f"gates {h}", (h,), "gates", (h,)) for h in sources(state, seat, planets)]


def _source_step_actions(game: SpaceEmpires, state: SEState, seat: int) -> list[Action]:
    gs = state.gates
    assert gs is not None
    hid = gs.source
    get = game.table.get
    planets = gate_planets(state)
    acts: list[Action] = []
    kinds = sorted(set(movable_troops(state, seat, hid)))
    for to in troop_destinations(state, seat, hid, planets) if kinds else []:
        for kind in kinds:
            acts.append(get(f"gate {kind} {to}", (to,), "gate", (kind, to)))
    for cid in _fighter_counters(state, seat, hid):
        for to in fighter_destinations(state, seat, hid, planets):
            acts.append(get(f"fgate {cid} {to}", (cid, to), "fgate", (cid, to)))
    for cid in _colony_ship_counters(state, seat, hid):
        for to in colony_ship_destinations(state, board.counter_units(state, cid)[0], planets):
            acts.append(get(f"cgate {cid} {to}", (cid, to), "cgate", (cid, to)))
    return [*acts, get("gclose", (), "gclose", ())]


def open_gate(state: SEState, seat: int, hid: str) -> None:
    gs = state.gates
    assert gs is not None
    gs.source = hid
    state.pending.append(Step("gsrc", seat, {}))  # the planet stays secret (it may hold a garrison)


def close_gate(state: SEState) -> None:
    gs = state.gates
    assert gs is not None
    if state.pending and state.pending[-1].kind == "gsrc":
        state.pending.pop()
    gs.source = ""


def move_troop(
    game: SpaceEmpires, state: SEState, seat: int, kind: str, to: str, events: list[Event]
) -> None:
    """§12.3.1: one ground unit goes through the gate; that is its whole move this turn. Onto an enemy
    colony or an NPA planet it starts gathering an assault (§12.3.3)."""
    gs, g = state.gates, state.ground
    assert gs is not None and g is not None
    src = gs.source
    if kind not in movable_troops(state, seat, src) or to not in troop_destinations(
        state, seat, src, gate_planets(state)
    ):
        raise ValueError(f"no {kind} at {src} may go through the gate to {to} (§12.3.1)")
    g.garrisons[src].troops.remove(kind)
    if assault_target(state, to, seat):
        close_gate(state)
        gs.target, gs.staged = to, [[src, kind]]
        state.pending.append(Step("gassault", seat, {}))
        return
    g.garrisons.setdefault(to, Garrison(seat, [])).troops.append(kind)
    gs.moved.setdefault(to, []).append(kind)
    _close_when_spent(game, state, seat)


def _close_when_spent(game: SpaceEmpires, state: SEState, seat: int) -> None:
    if len(_source_step_actions(game, state, seat)) == 1:
        close_gate(state)


def move_fighters(
    game: SpaceEmpires, state: SEState, seat: int, cid: str, to: str, events: list[Event]
) -> None:
    """§12.3.5: a fighter counter goes through the gate between two of its owner's colonies."""
    gs = state.gates
    assert gs is not None
    src = gs.source
    if cid not in _fighter_counters(state, seat, src) or to not in fighter_destinations(
        state, seat, src, gate_planets(state)
    ):
        raise ValueError(f"fighters {cid} cannot go through the gate to {to} (§12.3.5)")
    for u in board.counter_units(state, cid):
        u.came_from, u.hex, u.stopped = src, to, True
    _say(
        events,
        {"type": "gate_move", "unit": cid, "from": src, "hex": to},
        f"fighters {cid} go through the planetary gate from {src} to {to}",
    )
    _close_when_spent(game, state, seat)


def move_colony_ship(
    game: SpaceEmpires, state: SEState, seat: int, cid: str, to: str, events: list[Event]
) -> None:
    """§12.3.7: a walking Colony Ship goes through the gate; it colonises the first uncolonised planet
    it reaches (at once: the new colony grows in the Economic Phase like any other, §7.2)."""
    gs = state.gates
    assert gs is not None
    src = gs.source
    u = board.counter_units(state, cid)[0]
    if cid not in _colony_ship_counters(state, seat, src) or to not in colony_ship_destinations(
        state, u, gate_planets(state)
    ):
        raise ValueError(f"Colony Ship {cid} cannot go through the gate to {to} (§12.3.7)")
    u.came_from, u.hex, u.stopped, u.moved = src, to, True, 1
    _say(
        events,
        {"type": "gate_move", "unit": cid, "from": src, "hex": to},
        f"colony ship {cid} goes through the planetary gate from {src} to {to}",
    )
    if to not in state.colonies:
        colonise_on_arrival(state, u, events)
        colonised(state, to, events)  # the opponents' victory tracks (§13.10, §13.12.6)
    _close_when_spent(game, state, seat)


def colonise_on_arrival(state: SEState, u: Unit, events: list[Event]) -> None:
    """§12.3.7: the Colony Ship must settle the first uncolonised planet it moves to."""
    gs = state.gates
    assert gs is not None
    del state.units[u.uid]
    gs.grounded.remove(u.uid)
    state.colonies[u.hex] = Colony(u.owner, 0, False, False)
    events.append({"type": "colonize", "seat": u.owner, "hex": u.hex})


# --- invasion through a gate (§12.3.3, §12.3.5) -----------------------------------------------------------
def assault_actions(game: SpaceEmpires, state: SEState, seat: int) -> list[Action]:
    """Gathering the assault: more units from any of your colonies whose gate reaches the target, one
    at a time, or ``charge``."""
    gs = state.gates
    assert gs is not None
    get = game.table.get
    acts: list[Action] = []
    planets = gate_planets(state)
    for src in linked(state, gs.target, planets):
        for kind in sorted(set(movable_troops(state, seat, src))):
            acts.append(get(f"assault {src} {kind}", (src,), "assault", (src, kind)))
    return [*acts, get("charge", (), "charge", ())]


def add_to_assault(state: SEState, seat: int, src: str, kind: str) -> None:
    gs, g = state.gates, state.ground
    assert gs is not None and g is not None
    if kind not in movable_troops(state, seat, src) or src not in linked(state, gs.target):
        raise ValueError(f"no {kind} at {src} can join the assault on {gs.target} (§12.3.3)")
    g.garrisons[src].troops.remove(kind)
    gs.staged.append([src, kind])


def charge(game: SpaceEmpires, state: SEState, seat: int, events: list[Event]) -> None:
    """§12.3.3: ground combat as usual; the units that came through the gate cannot fire in round 1,
    whatever their Ground Combat technology (no drop ships through a gate)."""
    gs, g = state.gates, state.ground
    assert gs is not None and g is not None
    state.pending.pop()
    target, invaders = gs.target, [k for _, k in gs.staged]
    gs.target, gs.staged, gs.fought = "", [], target
    gs.moved.setdefault(target, []).extend(invaders)  # the survivors have used their move
    col = state.colonies.get(target)
    if col is None:
        defender, defenders = NPA, [MILITIA] * NPA_MILITIA
    else:
        gar = g.garrisons.pop(target, None)
        defender, defenders = col.owner, (list(gar.troops) if gar is not None else []) + [MILITIA] * col.value
    troopers = [Trooper(f"g{i + 1}", k, 0, 0, 0) for i, k in enumerate(invaders)]
    n = len(troopers)
    troopers += [Trooper(f"g{n + i + 1}", k, 1, 0, 0) for i, k in enumerate(defenders)]
    ground.grav_support(troopers)
    g.invasion = Invasion(target, seat, defender, 0, troopers, [], no_fire_in_round_one())
    who = "the non-player aliens" if defender == NPA else f"player {board.SEATS[defender]}"
    _say(
        events,
        {
            "type": "gate_assault",
            "hex": target,
            "attacker": seat,
            "defender": defender,
            "invaders": list(invaders),
            "defenders": list(defenders),
        },
        f"player {board.SEATS[seat]} attacks {target} through a planetary gate with "
        f"{', '.join(invaders)} against {who}: {', '.join(defenders) or 'nothing'}",
    )
    ground.next_shot(game, state, events)


def no_fire_in_round_one() -> bool:
    """§12.3.3: the ``drop_ships`` flag of a gate invasion: never (attackers hold fire in round 1)."""
    return False


def after_step(state: SEState, events: list[Event]) -> None:
    """When a gate invasion of an NPA planet has been won, every alien ship in its orbit leaves play
    (§12.3.5, a rule of this scenario only)."""
    prune(state)
    gs, g = state.gates, state.ground
    if gs is None or not gs.fought or g is None or g.invasion is not None:
        return
    hid, gs.fought = gs.fought, ""
    col = state.colonies.get(hid)
    if col is None or col.owner < 0:
        return
    gone = [u for u in board.units_at(state, hid) if u.owner == NPA]
    for u in gone:
        del state.units[u.uid]
    if gone:
        _say(
            events,
            {"type": "npa_orbit_removed", "hex": hid, "units": [u.uid for u in gone]},
            f"the alien ships orbiting {hid} leave play (the planet fell through its gate)",
        )


# --- retreat through the gates (§12.3.4) -------------------------------------------------------------------
def retreat_hexes(state: SEState, seat: int, hid: str) -> list[str]:
    """§12.3.4: ground units retreat only to their own planets within gate range of ``hid`` with no enemy
    units there."""
    return [
        h for h in linked(state, hid) if _own_colony(state, h, seat) and not board.enemies_at(state, h, seat)
    ]


def ground_retreats(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    """§12.3.4: in ground combat, in its own firing turn from round 2 on, a ground unit (not Militia) may
    retreat through the planet's gate instead of firing."""
    g = state.ground
    if state.gates is None or g is None or g.invasion is None or step.kind != "gtarget":
        return []
    inv = g.invasion
    shooter = next((t for t in inv.troopers if t.tid == step.data["shooter"]), None)
    if inv.round < 2 or shooter is None or shooter.kind == MILITIA:
        return []
    seat = inv.attacker if shooter.side == 0 else inv.defender
    if seat < 0:
        return []
    get = game.table.get
    return [
        get(f"gretreat {shooter.tid} {h}", (h,), "gretreat", (shooter.tid, h))
        for h in retreat_hexes(state, seat, inv.hex)
    ]


def retreat_in_ground_combat(
    game: SpaceEmpires, state: SEState, tid: str, to: str, events: list[Event]
) -> None:
    g, gs = state.ground, state.gates
    assert g is not None and g.invasion is not None and gs is not None
    inv = g.invasion
    state.pending.pop()
    t = next(t for t in inv.troopers if t.tid == tid)
    seat = inv.attacker if t.side == 0 else inv.defender
    inv.troopers.remove(t)
    if tid in inv.queue:
        inv.queue.remove(tid)
    g.garrisons.setdefault(to, Garrison(seat, [])).troops.append(t.kind)
    gs.moved.setdefault(to, []).append(t.kind)
    _say(
        events,
        {"type": "gate_retreat", "unit": tid, "kind": t.kind, "from": inv.hex, "hex": to},
        f"ground unit {tid} ({t.kind}) retreats through the gate of {inv.hex} to {to}",
    )
    ground.next_shot(game, state, events)


def offer_flight(state: SEState, hid: str) -> None:
    """§12.3.4 [DESIGN]: before a colony is bombarded, its owner may pull ground units out through the
    gate (one at a time) or ``stay``; once per bombardment."""
    col = state.colonies.get(hid)
    if state.gates is None or col is None or col.owner < 0:
        return
    if _flight_kinds(state, hid) and retreat_hexes(state, col.owner, hid):
        state.pending.append(Step("gflee", col.owner, {"hex": hid}))


def _flight_kinds(state: SEState, hid: str) -> list[str]:
    return sorted(set(ground.troops_at(state, hid)))


def flight_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    hid = step.data["hex"]
    get = game.table.get
    acts = [
        get(f"flee {kind} {to}", (to,), "flee", (kind, to))
        for to in retreat_hexes(state, step.seat, hid)
        for kind in _flight_kinds(state, hid)
    ]
    return [*acts, get("stay", (), "stay", ())]


def flee(state: SEState, seat: int, kind: str, to: str) -> None:
    g, gs = state.ground, state.gates
    assert g is not None and gs is not None
    hid = state.pending[-1].data["hex"]
    if kind not in ground.troops_at(state, hid) or to not in retreat_hexes(state, seat, hid):
        raise ValueError(f"no {kind} at {hid} can retreat through the gate to {to} (§12.3.4)")
    g.garrisons[hid].troops.remove(kind)
    g.garrisons.setdefault(to, Garrison(seat, [])).troops.append(kind)
    if not _flight_kinds(state, hid):
        state.pending.pop()


# --- Colony Ships bought without a shipyard (§12.3.7) -------------------------------------------------------
def places_without_yard(state: SEState, kind: str) -> bool:
    return state.gates is not None and kind == COLONY_SHIP


def colony_ship_problem(state: SEState, seat: int, hid: str) -> Msg | None:
    """§12.3.7: a Colony Ship is placed, with no shipyard, at a colony that produced 5 CP this phase."""
    col = state.colonies.get(hid)
    if col is None or col.owner != seat or not col.income or col.value < FULL_COLONY:
        return MSG("gate_colony_ship")
    return None


# --- the action and step hooks ------------------------------------------------------------------------------
def step_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    if step.kind == "gsrc":
        return _source_step_actions(game, state, step.seat)
    if step.kind == "gassault":
        return assault_actions(game, state, step.seat)
    return flight_actions(game, state, step)


def apply_action(
    game: SpaceEmpires, state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]
) -> None:
    if kind == "gates":
        open_gate(state, seat, str(args[0]))
    elif kind == "gate":
        move_troop(game, state, seat, str(args[0]), str(args[1]), events)
    elif kind == "fgate":
        move_fighters(game, state, seat, str(args[0]), str(args[1]), events)
    elif kind == "cgate":
        move_colony_ship(game, state, seat, str(args[0]), str(args[1]), events)
    elif kind == "gclose":
        close_gate(state)
    elif kind == "assault":
        add_to_assault(state, seat, str(args[0]), str(args[1]))
    elif kind == "charge":
        charge(game, state, seat, events)
    elif kind == "gretreat":
        retreat_in_ground_combat(game, state, str(args[0]), str(args[1]), events)
    elif kind == "flee":
        flee(state, seat, str(args[0]), str(args[1]))
    elif kind == "stay":
        state.pending.pop()


def max_extra_actions(players: int, options: dict[str, Any]) -> int:
    """The widest gate decision: a gate per board hex in the Movement Phase, or the planet's ring for
    each ground unit type, fighter and Colony Ship counter (§12.3)."""
    if not is_gates_option(options):
        return 0
    units = data.units(options.get("edition", data.DEFAULT_EDITION))
    hexes = len(board.board_hexes(players))
    per_ring = len(ground.unit_types()) + units[FIGHTER].counters + units[COLONY_SHIP].counters
    return max(hexes, RING * per_ring + 1)


# --- information (§12.3.8) ------------------------------------------------------------------------------------
def observe(state: SEState, obs: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Walking Colony Ships are public (they are face up); which ground units have moved, the open gate
    and a gathering assault are their owner's secret like the garrisons."""
    gs = state.gates
    if gs is None:
        return obs
    mover = state.order[state.active] if state.order else None
    mine = seat is not None and seat == mover
    obs["gates"] = {
        "range": tables().range,
        "grounded": sorted(gs.grounded, key=board.uid_key),
        "moved": {
            h: list(k)
            for h, k in sorted(gs.moved.items())
            if seat is not None and _own_colony(state, h, seat)
        },
        "movable": {
            h: movable_troops(state, seat, h)
            for h in sorted((h for h, c in state.colonies.items() if c.owner == seat), key=_key)
        }
        if seat is not None
        else {},
        "source": gs.source if mine else "",
        "target": gs.target if mine else "",
        "staged": [list(s) for s in gs.staged] if mine else [],
    }
    return obs


def secret(state: SEState, out: dict[str, Any]) -> dict[str, Any]:
    gs = state.gates
    if gs is not None:
        out["gates"] = [dict(sorted(gs.moved.items())), gs.source, gs.target, [list(s) for s in gs.staged]]
    return out


def determinize(state: SEState, viewer: int | None) -> SEState:
    """Another player's garrisons were re-dealt among its colonies (ground.determinize): which of its
    units already walked this turn is forgotten with them."""
    gs = state.gates
    if gs is None:
        return state
    for hid in list(gs.moved):
        col = state.colonies.get(hid)
        if col is None or col.owner != viewer:
            del gs.moved[hid]
    return state


def invariants(state: SEState) -> list[str]:
    gs = state.gates
    if gs is None:
        return []
    bad = []
    for uid in gs.grounded:
        u = state.units.get(uid)
        if u is None or u.kind != COLONY_SHIP:
            bad.append(f"walking colony ship {uid} is not a Colony Ship in play")
    if gs.staged and not gs.target:
        bad.append("ground units gathered for an assault without a target")
    return bad


def prune(state: SEState) -> None:
    """Colony Ships destroyed (or scuttled) stop being walking Colony Ships."""
    gs = state.gates
    if gs is not None:
        gs.grounded = [
            uid for uid in gs.grounded if uid in state.units and state.units[uid].kind == COLONY_SHIP
        ]


# --- the heuristic bot (§12.3.9) ----------------------------------------------------------------------------------
def _dist(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


def bot_troops(obs: dict[str, Any], base: int) -> int:
    """The bot keeps more Infantry per colony when gates let ground units walk (§12.3.9)."""
    return BOT_TROOPS if "gates" in obs else base


def _defenders_guess(obs: dict[str, Any], hid: str) -> int:
    cell = obs["hexes"].get(hid, {})
    col = cell.get("colony")
    if col is None:
        return NPA_MILITIA
    return int(col.get("value", 0)) + BOT_GARRISON


def _strength(obs: dict[str, Any], target: str) -> int:
    reach = obs["gates"]["range"]
    return sum(
        len(k) for h, k in obs["gates"]["movable"].items() if h != target and _dist(h, target) <= reach
    )


def _free_planet(obs: dict[str, Any], hid: str) -> bool:
    cell = obs["hexes"].get(hid, {})
    m = cell.get("marker")
    return isinstance(m, list) and m[0] in ("planet", "barren") and "colony" not in cell


def bot_choice(
    obs: dict[str, Any], seat: int, legal: list[Action], tried: set[tuple[Any, ...]]
) -> Action | None:
    """§12.3.9: the heuristic bot's gate decisions, from its own observation only. It invades through a
    gate when the units it can bring outnumber the defenders it expects (the Militia of the colony's
    value plus the garrison it would keep itself, or an NPA planet's 5 Militia); walking Colony Ships
    head for a free planet; a colony about to be bombarded keeps its garrison. None: not a gate decision
    worth taking (the caller goes on)."""
    if "gates" not in obs:
        return None
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if "stay" in by_kind:
        return by_kind["stay"][0]
    if "charge" in by_kind:
        return (by_kind.get("assault") or by_kind["charge"])[0]
    if "gclose" in by_kind:
        for a in by_kind.get("cgate", []):
            if _free_planet(obs, a.args[1]):
                return a
        for a in by_kind.get("gate", []):
            to = a.args[1]
            cell = obs["hexes"].get(to, {})
            enemy = ("colony" in cell and cell["colony"]["owner"] != seat) or "colony" not in cell
            if enemy and _strength(obs, to) > _defenders_guess(obs, to):
                return a
        return by_kind["gclose"][0]
    for a in by_kind.get("gates", []):
        key = (obs["cycle"], obs["turn"], seat, a.args[0])
        if key not in tried:
            tried.add(key)
            return a
    return None


# --- refusals -----------------------------------------------------------------------------------------------------
def explain_illegal(state: SEState, seat: int, words: list[str], sample: str) -> IllegalAction:
    """Why a gate action is refused, citing §12.3."""
    gs = state.gates
    if gs is None:
        return MSG.illegal("no_gates", "§12.3")
    top = state.pending[-1].kind if state.pending else ""
    if words[0] == "gates" and len(words) == 2 and not top and state.phase == "move":
        hid = words[1]
        if hid not in board.board_hexes(len(state.players)) or not has_gate(state, hid):
            return MSG.illegal("no_gate_here", "§12.3.1", hex=hid)
        return MSG.illegal("gate_nothing", "§12.3.1", hex=hid)
    if words[0] in ("gate", "fgate", "cgate") and len(words) == 3 and top == "gsrc":
        to = words[2]
        if to not in linked(state, gs.source):
            return MSG.illegal("gate_not_joined", "§12.3.1", source=gs.source, to=to, range=tables().range)
        if words[0] == "gate" and words[1] not in movable_troops(state, seat, gs.source):
            return MSG.illegal("gate_no_move", "§12.3.1", unit=words[1], hex=gs.source)
    return MSG.illegal("not_legal", "§12.3", notation=" ".join(words), sample=sample)


# --- words (data/text.yaml) -------------------------------------------------------------------------------------
UNIT_TEXT_KINDS = ("gate", "assault", "flee")


def text_fields(kind: str, a: list[str], lang: str) -> tuple[str, dict[str, str]]:
    """The placeholders of a gate action that names a ground unit type (KeyError for an unknown one)."""
    if kind == "assault":
        return kind, {"hex": a[0], "unit": ground.unit_word(a[1], lang)}
    return kind, {"unit": ground.unit_word(a[0], lang), "hex": a[1]}


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "planetary_gates",
    "§12.3",
    setup=setup,
    action_kinds=ACTION_KINDS,
    apply=apply_action,
    step_kinds=STEP_KINDS,
    step_actions=step_actions,
    more_step_actions=ground_retreats,  # §12.3.4: retreat from a ground battle through the gate
    observe=observe,
    secret=lambda state, out, viewer: secret(state, out),
    determinize=lambda state, viewer, rng: determinize(state, viewer),
    invariants=invariants,
    after_step=after_step,  # §12.3.5: a planet taken through its gate loses its alien orbit
    max_extra_actions=max_extra_actions,
    secret_kinds=SECRET_WORDS,
)
