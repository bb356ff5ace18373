"""The victory-point Alien Players' fleets in Asteroids and Nebulae, and the Raiders' avoidance
(docs/games/space_empires.md §13.12.5; seed "NEM LOPAKODÓ FLOTTA MOZGÁSA": "Az Aszteroidák és a Köd az élő
flottákhoz hasonlóan akadályozza őket"; "LOPAKODÓ FLOTTÁK": "Aszteroidák és Köd", "A harc elkerülése").

- ``stops_in_terrain``: an alien fleet that enters a face-up Asteroid field or Nebula ends its move for
  the turn, as a live player's ships do (§4.2);
- ``clock``/``earliest``/``plan``: routes timed by the fleet's moves turn by turn, the terrain stops
  included, and counted in Economic Phases (§3: three turns, then the Economic Phase);
- ``raider_avoids``: a Raider fleet's next step is on a route that reaches its target in the same
  Economic Phase as the quickest route and enters the fewest hexes with a live fleet it avoids, then the
  fewest Nebulae, then arrives first.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TYPE_CHECKING

from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.movement import TERRAIN_STOPS
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.systems.titans import FLAGSHIP

if TYPE_CHECKING:
    from galaxis.games.space_empires.opponents.solo_state import Alien, AlienFleet
    from galaxis.games.space_empires.state import SEState

TURNS = 3  # turns of an economic cycle (§3)
Tick = tuple[int, int]  # (turns after the current one, moves already made in that turn)
Cost = tuple[int, ...]


def _fleet(state: SEState, uid: str) -> tuple[Alien, AlienFleet] | None:
    from galaxis.games.space_empires.opponents import forces

    if alien_vp.vp_of(state) is None or state.solo is None:
        return None
    fleet = forces.fleet_of(state.solo, uid)
    a = next((x for x in state.solo.aliens if fleet is not None and fleet in x.fleets), None)
    return (a, fleet) if fleet is not None and a is not None else None


# --- Asteroids and Nebulae stop the fleets (§13.12.5) --------------------------------------------------------
def stops_in_terrain(state: SEState, uid: str) -> None:
    """Seed "Az Aszteroidák és a Köd az élő flottákhoz hasonlóan akadályozza őket" (destroyer and expansion
    fleets) and "Ezekre a flottákra az élő játékosok flottáihoz hasonlóan hatnak az Aszteroidák- és a Köd
    területei" (Raiders): a victory-point alien fleet that enters a face-up Asteroid field or Nebula ends
    its move for the turn (§4.2). [DESIGN] The free Colony Ships too, as a live player's Colony Ship.
    A face-down marker stops nobody by its terrain (its kind is not known; the destroyer and expansion
    fleets stop there anyway because it is unexplored, §13.12.5)."""
    from galaxis.games.space_empires.opponents import moves

    if uid not in state.units or _fleet(state, uid) is None:
        return
    if board.terrain(state, state.units[uid].hex) in TERRAIN_STOPS:
        moves.set_moved(state, uid, 99)


def _stops(state: SEState, fleet: AlienFleet, hid: str) -> bool:
    """Whether entering ``hid`` ends the fleet's move: face-up Asteroids or a Nebula; for the fleets that
    explore (destroyer, expansion), a face-down Deep Space marker too (§13.12.5)."""
    from galaxis.games.space_empires.opponents.alien_players import vp_explore as alien_vp_explore

    if board.terrain(state, hid) in TERRAIN_STOPS:
        return True
    return fleet.role in ("destroyer", "expansion") and alien_vp_explore.face_down_deep(state, hid)


# --- routes timed turn by turn ---------------------------------------------------------------------------------
def moves_row(state: SEState, a: Alien, fleet: AlienFleet) -> tuple[int, ...]:
    """The fleet's moves in turns 1-3 of a cycle: its alien's Move level (§4.1's chart); a Colony Ship 1."""
    if fleet.role == "colony_ship":
        return (1,) * TURNS
    table = data.edition_rules(state.edition).movement
    return tuple(table[min(a.techs.get("move", 1), len(table)) - 1])


def clock(state: SEState, row: tuple[int, ...], fleet: AlienFleet) -> Tick:
    """The fleet's time now: this turn, with the moves it has made in it."""
    return _normal(state, row, 0, fleet.moved)


def _allowance(state: SEState, row: tuple[int, ...], k: int) -> int:
    return row[(state.turn - 1 + k) % TURNS]


def _normal(state: SEState, row: tuple[int, ...], k: int, used: int) -> Tick:
    while used >= _allowance(state, row, k):
        k, used = k + 1, 0
        if k > 10 * TURNS:  # a fleet with no moves at all (never with the movement chart)
            break
    return k, used


def phase_of(state: SEState, k: int) -> int:
    """How many Economic Phases come before the end of the turn ``k`` turns after this one (0: this cycle)."""
    return (state.turn - 1 + k) // TURNS


def _step(state: SEState, row: tuple[int, ...], tick: Tick, stop: bool) -> Tick:
    k, used = tick
    return (k + 1, 0) if stop else _normal(state, row, k, used + 1)


def earliest(state: SEState, uid: str, goals: set[str]) -> dict[str, int]:
    """For each goal the fleet can reach, the Economic Phases that come before it arrives there on its
    quickest route (0: before the next Economic Phase), the terrain stops included (§13.12.5)."""
    from galaxis.games.space_empires.opponents import moves

    found = _fleet(state, uid)
    if found is None:
        return {}
    a, fleet = found
    row = moves_row(state, a, fleet)
    here = state.units[uid].hex
    best: dict[str, Tick] = {here: clock(state, row, fleet)}
    heap: list[tuple[Tick, str]] = [(best[here], here)]
    out: dict[str, int] = {}
    players = len(state.players)
    while heap:
        tick, h = heapq.heappop(heap)
        if tick != best.get(h):
            continue
        for n in board.adjacent(players, h):
            if not moves.passable(state, n, uid):
                continue
            if n in goals and n not in out:
                out[n] = phase_of(state, tick[0])
            nxt = _step(state, row, tick, _stops(state, fleet, n))
            if n not in best or nxt < best[n]:
                best[n] = nxt
                heapq.heappush(heap, (nxt, n))
    if here in goals:
        out[here] = 0
    return out


def plan(state: SEState, uid: str, goals: set[str], cost: Callable[[str], Cost]) -> set[str]:
    """The next steps of the routes that reach a goal in the same Economic Phase as the quickest route
    and enter the least ``cost`` (summed over the hexes entered, goals excepted), then arrive first. Empty
    when no goal can be reached."""
    from galaxis.games.space_empires.opponents import moves

    found = _fleet(state, uid)
    reach = earliest(state, uid, goals)
    if found is None or not reach:
        return set()
    a, fleet = found
    row = moves_row(state, a, fleet)
    deadline = TURNS * (min(reach.values()) + 1) - (state.turn - 1)  # the first turn too late
    players = len(state.players)
    dist = moves.distances(state, goals, uid)
    zero: Cost = tuple(0 for _ in cost(next(iter(goals))))
    Value = tuple[Cost, int, int]
    value: dict[tuple[str, Tick], Value] = {}
    ticks = [(k, u) for k in range(deadline) for u in range(_allowance(state, row, k))]
    near = [h for h in dist if dist[h] <= sum(_allowance(state, row, k) for k in range(deadline))]

    def via(h: str, tick: Tick) -> dict[str, Value]:
        out: dict[str, Value] = {}
        for n in board.adjacent(players, h):
            if n not in dist:
                continue
            if n in goals:
                out[n] = (zero, tick[0], tick[1] + 1)
                continue
            nxt = _step(state, row, tick, _stops(state, fleet, n))
            later = value.get((n, nxt))
            if later is not None:
                c = cost(n)
                out[n] = (tuple(x + y for x, y in zip(c, later[0], strict=True)), later[1], later[2])
        return out

    for tick in reversed(ticks):
        for h in near:
            options = via(h, tick)
            if options:
                value[(h, tick)] = min(options.values())
    here = state.units[uid].hex
    options = via(here, clock(state, row, fleet))
    if not options:
        return set()
    best = min(options.values())
    return {n for n, v in options.items() if v == best}


# --- the Raiders' avoidance (§13.12.5) ----------------------------------------------------------------------------
def fleet_cost(state: SEState, fleet: AlienFleet) -> int:
    """The Raider fleet's CP cost: its units' costs (data/units.yaml)."""
    return sum(board.unit_cost(state.units[u].kind) for u in fleet.units if u in state.units)


def known_value(state: SEState, hid: str) -> tuple[int, bool]:
    """The CP value of the live players' fleet in ``hid`` as the aliens can know it, and whether it shows
    a Flagship. [DESIGN] Only what is public counts: a face-up combat unit at its cost, a face-down counter
    at ``raider_face_down_counter_cp`` (data/alien_vp.yaml) whatever it holds; cloaked Raiders are not
    seen. The players' units in a hex count as one fleet (cooperative allies stack together)."""
    hidden: set[str] = set()
    value, flagship = 0, False
    for v in board.units_at(state, hid):
        if v.owner < 0 or board.cloaked(state, v):
            continue
        if not v.revealed:
            hidden.add(board.counter_of(v))
        elif board.is_combat_kind(v.kind):
            value += board.unit_cost(v.kind)
            flagship = flagship or v.kind == FLAGSHIP
    return value + len(hidden) * alien_vp.tables().raider_face_down_counter_cp, flagship


def raider_shuns(state: SEState, fleet: AlienFleet, hid: str) -> bool:
    """Seed "A harc elkerülése": a Raider fleet avoids combat with a live fleet worth more CP than its own
    cost; a fleet with a Flagship already when it is worth more than half the Raider fleet's cost."""
    value, flagship = known_value(state, hid)
    if value <= 0 and not flagship:
        return False
    cost = fleet_cost(state, fleet)
    return 2 * value > cost if flagship else value > cost


def raider_avoids(state: SEState, uid: str, options: set[str]) -> set[str]:
    """Seed "LOPAKODÓ FLOTTÁK" ("Amennyiben lehetséges- és, ha nem változik meg tőle az úticéljuk eléréséhez
    szükséges Gazdasági fázisok száma, a Lopakodók elkerülik a Ködöt"; "A harc elkerülése"): a Raider
    fleet's next step is on a route that reaches its target in the same Economic Phase as the quickest
    route (the terrain stops counted, ``plan``) and enters the fewest hexes with a live fleet it shuns
    (``raider_shuns``), then the fewest Nebulae, then arrives first. [DESIGN] Combat is avoided before
    Nebulae, and only without costing an Economic Phase, as the destroyers' avoidance; the target itself
    is never avoided (the base rule decides there whether it attacks, §13.5)."""
    from galaxis.games.space_empires.opponents import moves

    found = _fleet(state, uid)
    if found is None or not options or found[1].role != "raider":
        return options
    fleet = found[1]
    goals = set(moves.targets_of(state, uid))
    if not goals:
        return options

    def cost(hid: str) -> Cost:
        return int(raider_shuns(state, fleet, hid)), int(board.terrain(state, hid) == "nebula")

    return plan(state, uid, goals, cost) or options
