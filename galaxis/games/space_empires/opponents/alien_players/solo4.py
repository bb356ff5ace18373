"""Solo #4 of the Close Encounters scenario book and its new-features rules (issue 9): the alien count,
the "2" positions' edge tie-break, and the scenario ``solo_ap_new_features`` ("Új tulajdonságok
használata az egyszemélyes AP forgatókönyvben"), plus the Doomsday Machines' avoidance of amoeba hexes.

Rules: docs/games/space_empires.md §13.13; tables in data/solo4.yaml (solo4_ground.py loads them). The
alien empires are the base Alien Player (§13.5-13.6, solo.py); solo.py, rules.py and ground.py call
the one-line hooks below:

- ``alien_homes``: the alien start positions for the chosen alien count (option ``aliens``);
- ``edge_term``: the edge tie-break of an alien that started on a "2" position;
- ``targets``: a normal fleet of the new-features rules heads for the nearest least-defended colony;
- ``reveals_at`` / ``free_transport`` / ``alien_landings``: every normal fleet gets a free fully
  loaded Transport and invades the live player's undefended colonies;
- ``defend_captured``: mines, bases and ground units for the colonies an alien captured;
- ``npas``: Deep Space barren planets without non-player aliens (colonising one draws Alien Technology
  cards by the normal rules, alien_tech.py §10.5: the scenario always plays with the cards);
- ``extra_warships`` / ``answers``: Titans, and Security Forces against a player that showed Boarding
  Ships;
- ``amoeba_hex``: Doomsday Machines avoid Space Amoeba hexes.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from galaxis.core import Event
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.opponents import forces, moves, sheets
from galaxis.games.space_empires.opponents.alien_players import flowchart_ground as ap_flowchart_ground
from galaxis.games.space_empires.opponents.alien_players.solo4_ground import _event, tables
from galaxis.games.space_empires.opponents.amoebas.state import AMOEBA_KIND
from galaxis.games.space_empires.opponents.solo_state import CAPITOL, Alien, AlienFleet
from galaxis.games.space_empires.systems import ground as _ground
from galaxis.games.space_empires.systems.ground_state import Garrison, Invasion, Trooper

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState


def new_features(state: SEState) -> bool:
    """The new-features rules are in play (scenario ``solo_ap_new_features``, §13.13)."""
    return state.solo is not None and state.solo.scenario == tables().new_features.scenario


# --- set-up ----------------------------------------------------------------------------------------------
def empire_count(scenario_id: str, options: dict[str, Any], by_difficulty: int) -> int:
    """§13.13: the difficulty table's alien count, or the option ``aliens`` (1-3) in solo #4."""
    chosen = str(options.get("aliens", "difficulty"))
    if chosen == "difficulty" or scenario_id not in tables().scenarios:
        return by_difficulty
    return int(chosen)


def alien_homes(scenario: Scenario, options: dict[str, Any], by_difficulty: int) -> list[str]:
    """§13.13 (seed solo #4): one or two empires start on the "2" positions, a third on the "3"."""
    count = empire_count(scenario.id, options, by_difficulty)
    if scenario.id not in tables().scenarios:
        assert scenario.opponents is not None
        return list(scenario.opponents.alien_homes[:count])
    pos = tables().positions
    return [*pos["2"], *pos["3"]][:count]


# --- targets (§13.13) ------------------------------------------------------------------------------------
@cache
def _edge_distances(players: int) -> dict[str, int]:
    """Every hex's distance to the map edge (a hex with fewer than six neighbours on the map)."""
    ids = sorted(board.board_hexes(players))
    edge = [parse_hex_id(h) for h in ids if len(board.adjacent(players, h)) < 6]
    return {h: min(distance(parse_hex_id(h), e) for e in edge) for h in ids}


def edge_distance(state: SEState, hid: str) -> int:
    return _edge_distances(len(state.players)).get(hid, 0)


def edge_term(state: SEState, a: Alien, hid: str) -> int:
    """§13.13 (seed solo #4, "Új szabály"): an alien that started on a "2" position, choosing between two
    equally defended colonies, attacks the one nearer the map edge (0 for every other alien)."""
    solo = state.solo
    if solo is None or solo.scenario not in tables().scenarios or a.home not in tables().positions["2"]:
        return 0
    return edge_distance(state, hid)


def defence_strength(state: SEState, hid: str) -> int:
    """[DESIGN] how well a colony is defended, for the new-features targeting: the CP of the live
    player's combat units there (Shipyards not counted) plus 2 per ground unit of its garrison."""
    ships = sum(
        board.unit_cost(v.kind)
        for v in board.units_at(state, hid)
        if v.owner >= 0 and board.is_combat_kind(v.kind) and v.kind != "SY"
    )
    return ships + 2 * len(_ground.troops_at(state, hid))


def targets(state: SEState, fleet: AlienFleet, a: Alien, uid: str) -> list[str] | None:
    """§13.13 (flowchart exception): a normal fleet always heads for the nearest, least-defended colony
    of the live player: least defended first, then (a "2" alien) nearer the edge, then fewest moves, then
    the larger. The target is kept until it is no longer the player's. None outside these rules."""
    if not new_features(state) or fleet.raider:
        return None
    colonies = {h: c for h, c in state.colonies.items() if c.owner >= 0}
    if not colonies:
        return []
    if fleet.target in colonies:
        return [fleet.target]
    here = state.units[uid].hex
    reach = {h: moves.distances(state, {h}, uid).get(here, 999) for h in colonies}

    def key(h: str) -> tuple[int, int, int, int]:
        return defence_strength(state, h), edge_term(state, a, h), reach[h], -colonies[h].value

    best = min(key(h) for h in colonies)
    found = sorted((h for h in colonies if key(h) == best), key=forces.hex_key)
    if len(found) == 1:
        fleet.target = found[0]
    return found


# --- the free loaded Transport and the alien invasions (§13.13) ------------------------------------------
def reveals_at(state: SEState, hid: str) -> bool:
    """A fleet counter that reaches a live player's colony buys its ships there (to invade it, or to
    bombard it: a counter itself never bombards). Only where ground combat is in play: the new-features
    rules, and the victory-point aliens with the option ``ground_combat``."""
    col = state.colonies.get(hid)
    return (
        state.ground is not None
        and state.solo is not None
        and col is not None
        and col.owner >= 0
        and (new_features(state) or state.solo.alien_vp is not None)
    )


def gets_transport(state: SEState, fleet: AlienFleet) -> bool:
    """§13.13: every normal fleet of the new-features rules; in the victory-point games with ground
    combat the flowchart's expansion fleets ("terjeszkedő flotta ... Földi harci egységek", §13.12.8)."""
    if state.ground is None or state.solo is None or fleet.raider:
        return False
    return new_features(state) or (state.solo.alien_vp is not None and fleet.role == "expansion")


def transport_load(a: Alien) -> str:
    """[DESIGN] the best invading ground unit the alien's Ground Combat level allows."""
    load = tables().new_features.transport_load
    level = max((lv for lv in load if lv <= max(1, a.techs.get(_ground.TECH, 1))), default=1)
    return load[level]


def free_transport(state: SEState, a: Alien, fleet: AlienFleet, hid: str, events: list[Event]) -> None:
    """§13.13 (seed: "minden normál AP flotta ingyen kap egy teljesen feltöltött Szállítót is"): a
    normal fleet, when its ships are bought, gets a free Transport with 6 ground units aboard."""
    g = state.ground
    if g is None or not gets_transport(state, fleet):
        return
    t = forces.alien_unit(state, a, _ground.TRANSPORT, hid, revealed=True)
    fleet.units.append(t.uid)
    load = ap_flowchart_ground.transport_load(state, a) or [transport_load(a)] * _ground.CAPACITY  # §13.12.4
    g.aboard[t.uid], kind = load, ap_flowchart_ground.load_text(load)
    events.append(
        _event("alien_transport", alien=a.owner, unit=t.uid, hex=hid, count=_ground.CAPACITY, ground=kind)
    )


def _cargo_transports(state: SEState, fleet: AlienFleet) -> list[str]:
    g = state.ground
    if g is None:
        return []
    return [
        u
        for u in fleet.units
        if u in state.units and state.units[u].kind == _ground.TRANSPORT and g.aboard.get(u)
    ]


def alien_landings(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    """§13.13: an alien fleet whose Transport carries ground units, on a live player's colony without the
    player's combat units, lands them all (instead of bombarding) and fights the ground battle (§10.1);
    the live player chooses the targets of both sides' ground units (§13.1). One invasion at a time:
    a fleet that must wait lands when the opponents next prepare their meetings."""
    g = state.ground
    solo = state.solo
    if g is None or solo is None or state.phase == "over":
        return
    for a in solo.aliens:
        if not a.alive:
            continue
        for f in a.fleets:
            if g.invasion is not None:
                return
            transports = _cargo_transports(state, f)
            if not transports:
                continue
            hid = state.units[transports[0]].hex
            col = state.colonies.get(hid)
            if col is None or col.owner < 0 or col.owner == CAPITOL or moves.meets_player(state, hid):
                continue
            _alien_lands(game, state, a, hid, transports, events)


def _alien_lands(
    game: SpaceEmpires, state: SEState, a: Alien, hid: str, transports: list[str], events: list[Event]
) -> None:
    g = state.ground
    assert g is not None
    col = state.colonies[hid]
    invaders = [k for t in transports for k in g.aboard.pop(t, [])]
    gar = g.garrisons.pop(hid, None)
    militia = col.value + _ground.security_militia(state, col.owner)
    defenders = (list(gar.troops) if gar is not None else []) + [_ground.MILITIA] * militia
    troopers = [Trooper(f"g{i + 1}", k, 0, 0, 0) for i, k in enumerate(invaders)]
    n = len(troopers)
    troopers += [Trooper(f"g{n + i + 1}", k, 1, 0, 0) for i, k in enumerate(defenders)]
    _ground.grav_support(troopers)
    drop = a.techs.get(_ground.TECH, 0) >= _ground.DROP_SHIPS
    g.invasion = Invasion(hid, a.owner, col.owner, 0, troopers, [], drop)
    _ground._say(
        events,
        {
            "type": "landing",
            "hex": hid,
            "attacker": a.owner,
            "defender": col.owner,
            "invaders": list(invaders),
            "defenders": list(defenders),
            "drop_ships": drop,
        },
    )
    _ground.next_shot(game, state, events)


# --- the aliens defend their captured colonies (§13.13) ---------------------------------------------------
def defend_captured(state: SEState, a: Alien, events: list[Event], always: bool = False) -> None:
    """§13.13 (seed: "Az AP Aknákkal, Bázisokkal és Földi egységekkel próbálja megvédeni elfoglalt
    kolóniáját ... az AP Védekezési Oszlopában lévő ÉP-iből"): after its economic rolls an alien spends
    Defence CP on each colony it captured, nearest its home world first: ground units until the garrison
    holds 3, then a Base if there is none, then Mines up to 2; at most half of the Defence CP a phase
    ([DESIGN], data/solo4.yaml ``captured_defence``; the home world keeps the rest)."""
    g = state.ground
    if g is None or not (always or new_features(state)) or not a.alive:
        return
    spec = tables().new_features.captured_defence
    budget = a.defense_cp * spec.share[0] // spec.share[1]
    units = data.units(state.edition)
    kind = transport_load(a)
    troop_cost = _ground.unit_types()[kind].cost
    home = parse_hex_id(a.home)
    mine = [h for h, c in state.colonies.items() if c.owner == a.owner and not c.home]
    for hid in sorted(mine, key=lambda h: (distance(parse_hex_id(h), home), forces.hex_key(h))):
        while True:
            here = board.units_at(state, hid)
            troops = _ground.troops_at(state, hid)
            if len(troops) < spec.garrison and troop_cost <= budget:
                g.garrisons.setdefault(hid, Garrison(a.owner, [])).troops.append(kind)
                bought, cost = kind, troop_cost
            elif (
                not any(v.kind == "Base" and v.owner == a.owner for v in here)
                and units["Base"].cost <= budget
            ):
                forces.alien_unit(state, a, "Base", hid, revealed=True)
                bought, cost = "Base", units["Base"].cost
            elif sum(1 for v in here if v.kind == "Mine" and v.owner == a.owner) < spec.mines and (
                units["Mine"].cost <= budget and a.techs.get("mines", 0) >= 1
            ):
                forces.alien_unit(state, a, "Mine", hid)
                bought, cost = "Mine", units["Mine"].cost
            else:
                break
            budget -= cost
            a.defense_cp -= cost
            a.defense_spent += cost
            events.append(_event("alien_holds", alien=a.owner, hex=hid, unit=bought))


# --- Titans and Security Forces for the aliens (§13.13) --------------------------------------------------
def extra_warships(state: SEState) -> tuple[str, ...]:
    """§13.13: the aliens of the new-features rules build Titans too (with Ship Size 7)."""
    return ("TN",) if new_features(state) and "TN" in data.units(state.edition) else ()


def answers(state: SEState, a: Alien, events: list[Event]) -> None:
    """§13.13 [DESIGN, as Point Defence answers fighters, §13.6]: an alien that has seen the live player's
    Boarding Ships buys Security Forces up to the Boarding level seen."""
    solo = state.solo
    if solo is None or not new_features(state):
        return
    while solo.seen.get("boarding", 0) > a.techs.get("security_forces", 0):
        if not sheets.buy_tech(state, a, "security_forces", events):
            return


# --- Deep Space barren planets and the Alien Technology cards (§13.13) ------------------------------------
def npas(state: SEState) -> bool:
    """§13.13: in the new-features rules no non-player aliens live on Deep Space barren planets."""
    return not new_features(state)


# --- Doomsday Machines and Space Amoebas (§13.13) ---------------------------------------------------------
def amoeba_hex(state: SEState, hid: str) -> bool:
    """§13.13 (reference §3, "Space Amoebas (multiplayer)": DMs avoid Amoeba hexes): a Doomsday Machine's
    route never crosses a hex holding an amoeba (its goal hex excepted)."""
    return any(v.kind == AMOEBA_KIND for v in board.units_at(state, hid))
