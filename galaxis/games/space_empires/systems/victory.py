"""Quick Conquest and the optional victory conditions of the Close Encounters scenario book
(rules: docs/games/space_empires.md §12.1.5 "Quick Conquest" and §12.2 "Optional victory conditions";
tables in data/victory.yaml; state in victory_state.py).

Quick Conquest (scenarios ``quick_conquest_3p``, ``quick_conquest_4p``, ``quick_conquest_4p_teams``):
Mines and Minesweepers are out of play, every seat makes its Advanced Start purchases as atomic decisions
before the first turn, ground combat is on and the first player to capture a home world wins.

The optional victory conditions (option ``victory_points``): King of the Warp Points (science vessels on
the placed warp points score in each Economic Phase; most victory points after ``vp_phases`` Economic
Phases) and Relics (Miners tow relics home; the game ends as soon as nobody can catch the leader). In both,
destroying a home world first still wins.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core import Action, Event, Step
from galaxis.core.errors import BadOption
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.board import BUYABLE_TECHS, SEATS
from galaxis.games.space_empires.base.hexes import hex_id, parse_hex_id
from galaxis.games.space_empires.base.state import Marker
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import MSG, TechName, UnitName, word
from galaxis.games.space_empires.systems import boarding, ground
from galaxis.games.space_empires.systems import titans as ce_units
from galaxis.games.space_empires.systems.victory_state import VictoryState

if TYPE_CHECKING:
    from galaxis.games.space_empires.base.state import Unit
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState

MODES = ("none", "king_of_warp_points", "relics")
QUICK = "quick_conquest"
SECRET_KINDS = ("head",)  # the Advanced Start purchases are secret, like every technology purchase (§9)
STEP_KINDS = ("head",)
ACTION_KINDS = ("head", "head_done", "relic", "deliver")


_FROZEN = ConfigDict(frozen=True, extra="forbid")


# --- data/victory.yaml --------------------------------------------------------------------------------
class HeadStart(BaseModel):
    model_config = _FROZEN
    cp: int = Field(ge=1)
    carry_over: int = Field(ge=0)
    max_levels: dict[str, int]
    default_max: int = Field(ge=0)


class QuickConquest(BaseModel):
    model_config = _FROZEN
    banned_units: tuple[str, ...]
    banned_techs: tuple[str, ...]


class VictoryTables(BaseModel):
    model_config = _FROZEN
    head_start: HeadStart
    quick_conquest: QuickConquest
    warp_points: dict[int, dict[int, tuple[str, ...]]]

    @model_validator(mode="after")
    def _check(self) -> VictoryTables:
        techs = set(data.techs())
        if set(self.head_start.max_levels) - techs or set(self.quick_conquest.banned_techs) - techs:
            raise ValueError("victory.yaml: unknown technologies")
        if set(self.quick_conquest.banned_units) - set(data.unit_table_by_id()):
            raise ValueError("victory.yaml: unknown units")
        for players, layouts in self.warp_points.items():
            hmap = data.hex_map(players)
            deep = {hex_id(h) for h in hmap.deep_space()}
            allowed = {1, players - 1, players + 1}
            for count, hexes in layouts.items():
                if count not in allowed or len(hexes) != count or len(set(hexes)) != count:
                    raise ValueError(
                        f"victory.yaml: map {players}: {count} distinct warp points (1, n-1, n+1)"
                    )
                if set(hexes) - deep:
                    raise ValueError(f"victory.yaml: map {players}: warp points lie in deep space")
        return self


@cache
def tables() -> VictoryTables:
    return VictoryTables.model_validate(data._load("victory.yaml"))


def state_of(state: SEState) -> VictoryState | None:
    return state.victory


def _hex_key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c


def _say(events: list[Event], kind: str, text: str, **fields: Any) -> None:
    """An event with its English sentence (the log in words)."""
    events.append({"type": kind, **fields, "text": text})


# --- options (§12.1.5, §12.2) -------------------------------------------------------------------------
def check_options(players: int, scenario: Scenario, options: dict[str, Any]) -> str:
    """The victory mode the options select; BadOption where it cannot apply (§12.2)."""
    mode = str(options.get("victory_points", "none"))
    if mode not in MODES:
        raise BadOption(MSG("unknown_victory", mode=repr(mode), choices=", ".join(MODES)))
    quick = scenario.victory == "capture_home"
    if quick and options.get("edition", "ce") != "ce":
        raise BadOption(MSG("quick_needs_ce", scenario=scenario.id))
    if mode == "none":
        return QUICK if quick else mode
    if players < 2 or (scenario.opponents is not None and scenario.opponents.type != "amoeba"):
        raise BadOption(MSG("victory_competitive", mode=mode, scenario=scenario.id))
    if quick:
        raise BadOption(MSG("quick_own_victory", scenario=scenario.id))
    if mode == "king_of_warp_points":
        if options.get("warp_points", False):
            raise BadOption(MSG("king_no_warp"))
        count = int(options.get("warp_point_count", 1))
        layouts = tables().warp_points.get(scenario.map, {})
        if count not in layouts:
            counts = ", ".join(str(c) for c in sorted(layouts))
            raise BadOption(MSG("warp_count", players=players, counts=counts))
    return mode


# --- set-up -----------------------------------------------------------------------------------------
def setup(game: SpaceEmpires, state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    """Records the mode and the home worlds and sets the mode's components on the map (§12.1.5, §12.2)."""
    mode = check_options(len(state.players), scenario, options)
    if mode == "none":
        return
    hmap = data.hex_map(scenario.map)
    n = len(state.players)
    homes = [hex_id(hmap.home_world("ABCD".index(scenario.homes[s]))) for s in range(n)]
    v = VictoryState(mode, homes, [0] * n, [0] * n, 0)
    state.victory = v
    if mode == QUICK:
        if state.solo is not None:
            state.solo.victory = "conquest"  # a competitive game for the solo code; the capture rule is here
        start_head_start(state)
        return
    state.cycles = int(options.get("vp_phases", 10))  # §12.2: the agreed number of Economic Phases
    if mode == "king_of_warp_points":
        v.per_vessel = bool(options.get("vp_per_vessel", False))
        place_warp_points(
            state, list(tables().warp_points[scenario.map][int(options.get("warp_point_count", 1))])
        )
    else:
        v.relics = sorted((hex_id(h) for h in hmap.deep_space()), key=_hex_key)  # one on every deep-space hex


def place_warp_points(state: SEState, hexes: list[str]) -> None:
    """§12.2 King of the Warp Points, set-up: the warp-point markers are taken out of the deep-space mix
    (a face-down one is replaced by the next marker of the box) and the chosen ones lie face up on the
    agreed hexes (the marker there goes back to the box)."""
    v = state.victory
    assert v is not None
    state.undrawn = [m for m in state.undrawn if not m.startswith("warp_point:")]
    for hid in sorted(state.markers, key=_hex_key):
        m = state.markers[hid]
        if m.pool == "deep" and not m.face_up and m.kind == "warp_point":
            del state.markers[hid]
            if state.undrawn:
                kind, value = state.undrawn.pop(0).split(":")
                state.markers[hid] = Marker(kind, int(value), False, "deep")
    for hid in hexes:
        old = state.markers.get(hid)
        if old is not None:
            state.undrawn.append(f"{old.kind}:{old.value}")
        state.markers[hid] = Marker("warp_point", 0, True, "deep")
    v.warp_points = list(hexes)


# --- Quick Conquest: the Advanced Start (§12.1.5) ------------------------------------------------------
def start_head_start(state: SEState) -> None:
    """Every seat gets the Advanced Start budget (booked as earned) and decides its purchases, in turn order."""
    v = state.victory
    assert v is not None
    budget = tables().head_start.cp
    v.head_base = [dict(p.techs) for p in state.players]
    for p in state.players:
        p.cp += budget
        p.earned += budget
    for seat in reversed(state.order):
        state.pending.append(Step("head", seat, {}))


def head_limit(track: str) -> int:
    hs = tables().head_start
    return hs.max_levels.get(track, hs.default_max)


def head_problem(game: SpaceEmpires, state: SEState, seat: int, track: str) -> Msg | None:
    """§12.1.5 Advanced Start: a technology level the seat may buy now, or why not."""
    v = state.victory
    assert v is not None
    tracks = (
        *BUYABLE_TECHS,
        *boarding.extra_techs(state),
        *ground.extra_techs(state),
        *ce_units.extra_techs(state),
    )
    if track not in tracks:
        return MSG("head_not_buyable", tech=TechName(track))
    bought = state.players[seat].techs[track] - v.head_base[seat].get(track, 0)
    limit = head_limit(track)
    if bought >= limit:
        return MSG("head_limit", limit=limit, tech=TechName(track))
    return game._tech_problem(state, seat, track)


def head_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    g = game.table.get
    tracks = (
        *BUYABLE_TECHS,
        *boarding.extra_techs(state),
        *ground.extra_techs(state),
        *ce_units.extra_techs(state),
    )
    acts = [
        g(f"head {t}", (), "head", (t,)) for t in tracks if head_problem(game, state, step.seat, t) is None
    ]
    return [*acts, g("head done", (), "head_done", ())]


def buy_head_level(state: SEState, seat: int, track: str) -> None:
    p = state.players[seat]
    p.techs[track] += 1
    cost = data.tech_tracks(state.edition)[track].level_cost(state.edition, p.techs[track])
    p.cp -= cost
    p.spent += cost


def finish_head_start(game: SpaceEmpires, state: SEState, seat: int, events: list[Event]) -> None:
    """§12.1.5: up to 10 CP carry over; the starting units are built with the technology bought."""
    state.pending.pop()
    p = state.players[seat]
    kept = min(p.cp, tables().head_start.carry_over)
    p.forfeited += p.cp - kept
    p.cp = kept
    for u in state.units.values():
        if u.owner == seat:
            u.attack_tech, u.defense_tech, u.tactics, u.move_tech, u.level = game._build_techs(
                p.techs, u.kind
            )
    _say(events, "head_start", f"player {SEATS[seat]} finished the Advanced Start", seat=seat)


def buy_problem(state: SEState, kind: str) -> Msg | None:
    """§12.1.5: Mines and Minesweepers are not in play in Quick Conquest."""
    v = state.victory
    if v is not None and v.mode == QUICK and kind in tables().quick_conquest.banned_units:
        return MSG("quick_units", unit=UnitName(kind))
    return None


def tech_problem(state: SEState, track: str) -> Msg | None:
    """§12.1.5: the Mines and Minesweeping technologies cannot be researched in Quick Conquest."""
    v = state.victory
    if v is not None and v.mode == QUICK and track in tables().quick_conquest.banned_techs:
        return MSG("quick_techs", tech=TechName(track))
    return None


# --- winning ------------------------------------------------------------------------------------------
def _end(state: SEState, winner: int) -> None:
    state.winner = winner
    state.phase = "over"
    state.pending = []
    state.battle = None


def _home_world_taker(state: SEState, seat: int) -> int | None:
    """Who took ``seat``'s home world: the player now owning it (captured, §10.1), else the player whose
    combat step it is and who has units in the hex (bombardment, a Titan); None for solo opponents."""
    v = state.victory
    assert v is not None
    hid = v.homes[seat]
    col = state.colonies.get(hid)
    if col is not None and col.owner >= 0 and col.owner != seat:
        return col.owner
    if state.phase != "combat" or not state.order:
        return None
    active = state.order[state.active]
    if active != seat and any(u.owner == active and u.hex == hid for u in state.units.values()):
        return active
    return None


def home_world_lost(state: SEState, seat: int, events: list[Event]) -> bool:
    """Called when ``seat`` is eliminated (its home world is gone); True when the game is over.

    Quick Conquest (§12.1.5): the first player to capture a home world wins (with its team); a home world
    destroyed but not captured only eliminates its owner, and the last empire standing wins. The
    victory-point games (§12.2): the first player to destroy (or capture) a home world wins."""
    v = state.victory
    if v is None:
        return False
    taker = _home_world_taker(state, seat)
    captured = (col := state.colonies.get(v.homes[seat])) is not None and col.owner == taker
    if taker is not None and (v.mode != QUICK or captured):
        how = "captured" if captured else "destroyed"
        _say(
            events,
            "home_world_taken",
            f"player {SEATS[taker]} {how} the home world of player {SEATS[seat]} first and wins",
            seat=taker,
            loser=seat,
        )
        _end(state, taker)
        return True
    if v.mode == QUICK and not (state.solo is not None and state.solo.teams):
        alive = board.alive_seats(state)
        if len(alive) == 1:
            _end(state, alive[0])
            return True
    return False


def fleet_value(state: SEState, seat: int) -> int:
    """§12.2 tie-break: the CP value of the seat's combat ships (moving combat units)."""
    units = data.unit_table_by_id()
    return sum(
        units[u.kind].cost
        for u in state.units.values()
        if u.owner == seat and u.kind in units and units[u.kind].combat and units[u.kind].move != "none"
    )


def _standing(state: SEState, seat: int) -> tuple[int, ...]:
    v = state.victory
    assert v is not None
    if v.mode == "relics":  # ties: whoever reached the total first
        return (
            v.vp[seat],
            -v.reached[seat],
            fleet_value(state, seat),
            board.empire_value(state, seat),
            -seat,
        )
    return (v.vp[seat], fleet_value(state, seat), board.empire_value(state, seat), -seat)


def game_end(state: SEState, events: list[Event]) -> None:
    """§12.2: after the agreed Economic Phases the most victory points win; ties go to the larger combat
    fleet (CP value), then [DESIGN] to the empire value (§8), then to the earlier seat."""
    v = state.victory
    if v is None or v.mode == QUICK:
        return
    alive = board.alive_seats(state)
    if not alive:
        return
    best = max(alive, key=lambda s: _standing(state, s))
    state.winner = best
    _say(events, "vp_winner", f"player {SEATS[best]} wins with {v.vp[best]} victory points", seat=best)


def _gain(state: SEState, seat: int, points: int) -> None:
    v = state.victory
    assert v is not None
    if points > 0:
        v.stamp += 1
        v.vp[seat] += points
        v.reached[seat] = v.stamp


def _track(state: SEState) -> str:
    v = state.victory
    assert v is not None
    return ", ".join(f"{SEATS[s]} {p}" for s, p in enumerate(v.vp))


# --- King of the Warp Points (§12.2) -----------------------------------------------------------------
def science_vessels_at(state: SEState, seat: int, hid: str) -> list[Unit]:
    """Minesweepers double as science vessels in this scenario."""
    return [u for u in state.units.values() if u.owner == seat and u.kind == "SW" and u.hex == hid]


def economic_phase(state: SEState, events: list[Event]) -> None:
    """§12.2: in the Economic Phase each player scores 1 VP per warp point where it has a science vessel
    (the optional scoring: 1 VP per such vessel); those vessels are revealed."""
    v = state.victory
    if v is None or v.mode != "king_of_warp_points":
        return
    for seat in board.alive_seats(state):
        points, held = 0, []
        for hid in v.warp_points:
            vessels = science_vessels_at(state, seat, hid)
            if not vessels:
                continue
            held.append(hid)
            points += len(vessels) if v.per_vessel else 1
            for cid in board.counters(vessels):
                for u in board.counter_units(state, cid):
                    u.revealed = True
        if points:
            _gain(state, seat, points)
            _say(
                events,
                "vp_scored",
                f"player {SEATS[seat]} scores {points} VP for science vessels at warp points "
                f"{', '.join(held)}; victory points: {_track(state)}",
                seat=seat,
                points=points,
                hexes=held,
            )


# --- Relics (§12.2) -----------------------------------------------------------------------------------
def _relics(state: SEState) -> VictoryState | None:
    v = state.victory
    return v if v is not None and v.mode == "relics" else None


def black_hole_immune(state: SEState, u: Unit) -> bool:
    """§12.2 Relics: Miners are immune to Black Holes in this scenario."""
    return _relics(state) is not None and u.kind == "Miner"


def delivery_hexes(state: SEState, seat: int) -> set[str]:
    """The home world and the colonies joined to it by MS Pipelines (§12.2)."""
    home = board.home_world_hex(state, seat)
    if home is None:
        return set()
    linked = {
        h
        for h in board.pipeline_linked(state, seat)
        if (c := state.colonies.get(h)) is not None and c.owner == seat
    }
    return {home} | linked


def pickup_problem(state: SEState, seat: int, cid: str) -> Msg | None:
    v = _relics(state)
    members = board.counter_units(state, cid)
    if v is None or not members or members[0].owner != seat or members[0].kind != "Miner":
        return MSG("relic_miners")
    u = members[0]
    if u.uid in v.carried:
        return MSG("relic_one")
    if u.hex not in v.relics or not board.explored(state, u.hex):
        return MSG("relic_none_here")
    return None


def deliver_problem(state: SEState, seat: int, cid: str) -> Msg | None:
    v = _relics(state)
    members = board.counter_units(state, cid)
    if v is None or not members or members[0].owner != seat or members[0].uid not in v.carried:
        return MSG("relic_not_towing")
    if members[0].hex not in delivery_hexes(state, seat):
        return MSG("relic_where")
    return None


def move_actions(game: SpaceEmpires, state: SEState, seat: int) -> list[Action]:
    """§12.2: a Miner picks up or delivers a relic at any time during its player's movement."""
    v = _relics(state)
    if v is None:
        return []
    g = game.table.get
    acts = []
    for cid, members in board.counters(
        u for u in state.units.values() if u.owner == seat and u.kind == "Miner"
    ).items():
        if members[0].uid in v.carried:
            if deliver_problem(state, seat, cid) is None:
                acts.append(g(f"deliver {cid}", (cid,), "deliver", (cid,)))
        elif pickup_problem(state, seat, cid) is None:
            acts.append(g(f"relic {cid}", (cid,), "relic", (cid,)))
    return acts


def pick_up(state: SEState, cid: str, events: list[Event]) -> None:
    v = _relics(state)
    assert v is not None
    u = board.counter_units(state, cid)[0]
    v.relics.remove(u.hex)
    v.carried.append(u.uid)
    _say(events, "relic_taken", f"Miner {cid} picks up the relic at {u.hex}", unit=cid, hex=u.hex)


def deliver(state: SEState, seat: int, cid: str, events: list[Event]) -> None:
    """§12.2: each delivered relic is 1 VP at once; then the early end is checked."""
    v = _relics(state)
    assert v is not None
    u = board.counter_units(state, cid)[0]
    v.carried.remove(u.uid)
    v.delivered += 1
    _gain(state, seat, 1)
    _say(
        events,
        "relic_delivered",
        f"Miner {cid} delivers a relic at {u.hex}: player {SEATS[seat]} scores 1 VP; victory points: {_track(state)}",
        unit=cid,
        seat=seat,
        hex=u.hex,
    )
    check_relic_end(state, events)


def supernova(state: SEState, hid: str, events: list[Event]) -> None:
    """§12.2: a Super Nova removes the relic of its hex."""
    v = _relics(state)
    if v is None or hid not in v.relics:
        return
    v.relics.remove(hid)
    _say(events, "relic_lost", f"the Super Nova at {hid} destroys its relic", hex=hid)
    check_relic_end(state, events)


def prune(state: SEState, events: list[Event]) -> None:
    """§12.2: a relic towed by a Miner is destroyed with the Miner."""
    v = _relics(state)
    if v is None:
        return
    lost = [uid for uid in v.carried if uid not in state.units]
    if not lost:
        return
    v.carried = [uid for uid in v.carried if uid in state.units]
    for uid in lost:
        _say(events, "relic_lost", f"the relic towed by Miner {uid} is destroyed with it", unit=uid)
    check_relic_end(state, events)


def relics_left(state: SEState) -> int:
    v = _relics(state)
    return 0 if v is None else len(v.relics) + len(v.carried)


def relic_leader(state: SEState) -> int | None:
    """§12.2: the player no other live player can pass with the relics left (ties go to whoever reached
    the total first, so the leader may be equalled); None while the race is open."""
    v = _relics(state)
    if v is None or state.phase == "over":
        return None
    alive = board.alive_seats(state)
    if not alive:
        return None
    leader = max(alive, key=lambda s: (v.vp[s], -v.reached[s]))
    if v.vp[leader] == 0:
        return None
    left = relics_left(state)
    if all(v.vp[s] + left <= v.vp[leader] for s in alive if s != leader):
        return leader
    return None


def check_relic_end(state: SEState, events: list[Event]) -> None:
    """§12.2: the game ends at once (even mid-turn) when someone leads by more than the rest can reach."""
    leader = relic_leader(state)
    if leader is None:
        return
    v = state.victory
    assert v is not None
    _say(
        events,
        "vp_winner",
        f"player {SEATS[leader]} wins with {v.vp[leader]} victory points: nobody can pass them with the "
        f"{relics_left(state)} relic(s) left",
        seat=leader,
    )
    _end(state, leader)


def apply(
    game: SpaceEmpires, state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]
) -> None:
    if kind == "head":
        buy_head_level(state, seat, args[0])
    elif kind == "head_done":
        finish_head_start(game, state, seat, events)
    elif kind == "relic":
        pick_up(state, args[0], events)
    else:
        deliver(state, seat, args[0], events)


def max_extra_actions(options: dict[str, Any]) -> int:
    """Movement choices added: picking up or delivering, once per Miner counter."""
    if options.get("victory_points") != "relics":
        return 0
    return data.units(options.get("edition", data.DEFAULT_EDITION))["Miner"].counters


# --- views --------------------------------------------------------------------------------------------
def observe(state: SEState, obs: dict[str, Any]) -> dict[str, Any]:
    """The public victory-point track and components (§12.2); Quick Conquest shows its mode."""
    v = state.victory
    if v is None:
        return obs
    obs["victory"] = {
        "mode": v.mode,
        "vp": list(v.vp),
        "warp_points": list(v.warp_points),
        "per_vessel": v.per_vessel,
        "relics": list(v.relics),
        "carried": list(v.carried),
        "delivered": v.delivered,
        "homes": list(v.homes),
    }
    return obs


def text_lines(state: SEState, lang: str = "en") -> list[str]:
    v = state.victory
    if v is None:
        return []
    if v.mode == QUICK:
        return [f"{word('quick_conquest', lang)}: {word('capture_to_win', lang)}"]
    track = ", ".join(f"{SEATS[s]} {p}" for s, p in enumerate(v.vp))
    lines = [f"{word(v.mode, lang)}; {word('victory_points', lang)}: {track}"]
    if v.mode == "king_of_warp_points":
        lines.append(f"  {word('warp_points_at', lang)}: {', '.join(v.warp_points)}")
    else:
        towed = ", ".join(sorted(v.carried, key=board.uid_key)) or "-"
        lines.append(
            f"  {word('relics_on_map', lang)}: {len(v.relics)}; {word('relics_towed', lang)}: {towed}; "
            f"{word('relics_delivered', lang)}: {v.delivered}"
        )
    return lines


def svg_marks(state: SEState, centre: Any, lang: str = "en") -> list[str]:
    """Relics (gold diamonds) and the King's warp points (violet rings) on the SVG map, their tips
    in ``lang``."""
    v = state.victory
    if v is None:
        return []
    out = []
    for hid in v.relics:
        x, y = centre(hid)
        out.append(
            f'<polygon points="{x + 14:.1f},{y - 20:.1f} {x + 18:.1f},{y - 16:.1f} {x + 14:.1f},{y - 12:.1f} '
            f'{x + 10:.1f},{y - 16:.1f}" fill="#f1c40f"><title>{word("relic", lang)}: {hid}</title></polygon>'
        )
    for hid in v.warp_points:
        x, y = centre(hid)
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="20" fill="none" stroke="#8e44ad" stroke-width="3">'
            f"<title>{word('warp_point', lang)}: {hid}</title></circle>"
        )
    return out


def invariants(state: SEState) -> list[str]:
    v = state.victory
    if v is None:
        return []
    bad = []
    if min(v.vp, default=0) < 0 or len(v.vp) != len(state.players):
        bad.append("victory points are inconsistent")
    for uid in v.carried:
        u = state.units.get(uid)
        if u is None or u.kind != "Miner":
            bad.append(f"relic towed by a missing Miner {uid}")
    if len(set(v.relics)) != len(v.relics) or len(set(v.carried)) != len(v.carried):
        bad.append("a relic is counted twice")
    if v.mode == "relics" and v.delivered != sum(v.vp):
        bad.append("delivered relics and victory points differ")
    return bad


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "victory",
    "§12.1.5, §12.2",
    setup=setup,
    action_kinds=ACTION_KINDS,
    apply=apply,
    step_kinds=STEP_KINDS,
    step_actions=head_actions,  # §12.1.5: the Advanced Start
    observe=lambda state, obs, viewer: observe(state, obs),  # §12.2: the public VP track
    invariants=invariants,
    after_step=prune,  # §12.2: a relic is lost with its Miner
    max_extra_actions=lambda players, options: max_extra_actions(options),  # relics picked up, delivered
    secret_kinds=SECRET_KINDS,
)
