"""The Alien Player of the victory-point scenarios of the Close Encounters scenario book (issue 9):
``coop_ap_2p``, ``coop_ap_3p`` and ``solo_ap_vp``.

Rules: docs/games/space_empires.md §13.12; tables in data/alien_vp.yaml. The alien empires are the base
Alien Player (§13.5-13.6, solo.py) with another economic sheet, a bank, a defence cap, three kinds of
fleet (destroyer, expansion, raider), the two-dice technology table and a victory-point track. The
Galactic Capitol, warp point 1, paying to move first and the -2 VP for a live player's Deep Space colony
are the cooperative scenarios' (coop.py, §13.10). solo.py calls the functions below:

- ``setup``: the aliens, their banks and the Capitol;
- ``economy``: an alien's economic rolls and its fleet launch (§13.12.2-13.12.3);
- ``tech_roll``: the two-dice technology table (§13.12.4);
- ``targets``: where destroyer and expansion fleets head (§13.12.5);
- ``after_fleet_moves`` / ``colonised``: the victory-point events (§13.12.6);
- ``econ_starts``: the aliens' victory-point threshold, checked when an Economic Phase starts.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core import Event
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Colony
from galaxis.games.space_empires.base.text_data import word
from galaxis.games.space_empires.opponents.alien_players import ce_systems as ap_systems
from galaxis.games.space_empires.opponents.alien_players import vp_npa as alien_vp_npa
from galaxis.games.space_empires.opponents.alien_players.vp_state import AlienVpState
from galaxis.games.space_empires.opponents.solo_state import (
    ALIEN_LETTERS,
    CAPITOL,
    Alien,
    AlienFleet,
    CoopState,
)
from galaxis.games.space_empires.systems import alien_tech

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState

_FROZEN = ConfigDict(frozen=True, extra="forbid")
DIFFICULTIES = ("easy", "normal", "hard")
MODES = ("solo", "coop_2p", "coop_3p")
COLUMNS = ("fleet", "tech", "defense")


# --- data/alien_vp.yaml ------------------------------------------------------------------------------
def _range(rng: tuple[int, ...], what: str) -> list[int]:
    if not rng:
        return []
    if len(rng) != 2 or not 1 <= rng[0] <= rng[1] <= 10:
        raise ValueError(f"{what}: a range is an inclusive d10 range [lo, hi]")
    return list(range(rng[0], rng[1] + 1))


class VpSheetRow(BaseModel):
    model_config = _FROZEN
    phase: int
    rolls: int = Field(ge=1)
    launch: tuple[int, ...]
    econ: tuple[()] = ()  # the victory-point sheet has no econ column (colonies give the extra rolls)
    fleet: tuple[int, ...]
    tech: tuple[int, ...]
    defense: tuple[int, ...]

    def column(self, roll: int) -> str:
        """The column a d10 result falls in: fleet, tech or defense."""
        for name in COLUMNS:
            if roll in _range(getattr(self, name), f"phase {self.phase}"):
                return name
        raise ValueError(f"phase {self.phase}: roll {roll} falls in no column")

    def launches(self, roll: int) -> bool:
        return roll in _range(self.launch, f"phase {self.phase} launch")


class Mode(BaseModel):
    model_config = _FROZEN
    empires: int = Field(ge=1, le=3)
    cp_per_roll: dict[str, int]
    bank: dict[str, int]
    max_defense: int = Field(ge=0)
    vp_to_win: dict[str, int]

    @model_validator(mode="after")
    def _check(self) -> Mode:
        for table in (self.cp_per_roll, self.bank, self.vp_to_win):
            if set(table) != set(DIFFICULTIES):
                raise ValueError(f"an alien victory-point mode needs the difficulties {DIFFICULTIES}")
        return self


class TechCell(BaseModel):
    model_config = _FROZEN
    first: tuple[int, int]
    tech: str


class TechRow(BaseModel):
    model_config = _FROZEN
    second: tuple[int, int]
    cells: tuple[TechCell, ...]


class VpAwards(BaseModel):
    model_config = _FROZEN
    mineral: int
    mineral_max: int
    player_deep_space_colony: int
    ap_colonises_player_colony: int
    ap_colony_lost: int
    ap_deep_space: int


class AlienVpTables(BaseModel):
    model_config = _FROZEN
    sheet: tuple[VpSheetRow, ...]
    modes: dict[Literal["solo", "coop_2p", "coop_3p"], Mode]
    launch_min_cp: int
    destroyer_min: int
    type_roll_bonus: tuple[tuple[int, int], ...]
    expansion_bank: int
    defense_multiplier: int
    max_defense_rerolls: int = Field(ge=1)
    vp: VpAwards
    tech_table_2d: tuple[TechRow, ...]
    pending_techs: tuple[str, ...]
    start_techs: dict[str, int]
    max_tech_rolls: int = Field(ge=1)
    raider_face_down_counter_cp: int = Field(default=9, ge=0)
    scenarios: dict[str, Literal["solo", "coop_2p", "coop_3p"]]

    @model_validator(mode="after")
    def _check(self) -> AlienVpTables:
        if [r.phase for r in self.sheet] != list(range(1, 21)):
            raise ValueError("the victory-point alien sheet has rows for phases 1-20")
        for row in self.sheet:
            covered = [n for name in COLUMNS for n in _range(getattr(row, name), f"phase {row.phase}")]
            if sorted(covered) != list(range(1, 11)):
                raise ValueError(f"phase {row.phase}: the columns must cover 1-10 exactly once")
            _range(row.launch, f"phase {row.phase} launch")
        if set(self.modes) != set(MODES):
            raise ValueError(f"the alien victory-point tables need the modes {MODES}")
        cells = [
            (first, second)
            for row in self.tech_table_2d
            for cell in row.cells
            for first in _range(cell.first, "technology table")
            for second in _range(row.second, "technology table")
        ]
        if sorted(cells) != [(f, s) for f in range(1, 11) for s in range(1, 11)]:
            raise ValueError("the two-dice technology table must cover every pair of dice exactly once")
        known = set(data.techs())
        used = (
            {c.tech for r in self.tech_table_2d for c in r.cells}
            | set(self.pending_techs)
            | set(self.start_techs)
        )
        if used - known:
            raise ValueError(f"unknown technologies {sorted(used - known)}")
        return self

    def row(self, phase: int) -> VpSheetRow:
        """The sheet row of an Economic Phase; after phase 20 rows 19 and 20 alternate (designed)."""
        if phase <= 20:
            return self.sheet[phase - 1]
        return self.sheet[19 if phase % 2 == 0 else 18]

    def tech(self, first: int, second: int) -> str:
        """The two-dice technology table: the second die picks the row, the first die the cell."""
        for row in self.tech_table_2d:
            if row.second[0] <= second <= row.second[1]:
                for cell in row.cells:
                    if cell.first[0] <= first <= cell.first[1]:
                        return cell.tech
        raise ValueError(f"no technology for the dice {first}, {second}")

    def type_bonus(self, phase: int) -> int:
        """What the fleet-type roll adds in an Economic Phase (+2 from phase 7, +4 from phase 10)."""
        return max((bonus for start, bonus in self.type_roll_bonus if phase >= start), default=0)


@cache
def tables() -> AlienVpTables:
    return AlienVpTables.model_validate(data._load("alien_vp.yaml"))


def mode_of(scenario_id: str) -> str:
    """The victory-point mode of a scenario ('' when the scenario is not one of these)."""
    return tables().scenarios.get(scenario_id, "")


def vp_of(state: SEState) -> AlienVpState | None:
    return state.solo.alien_vp if state.solo is not None else None


def _d10(state: SEState) -> int:
    """Every die of the aliens is the solo opponents' d10 from the match generator."""
    return combat.roll_d10(state)


def _index(state: SEState, a: Alien) -> int:
    assert state.solo is not None
    return state.solo.aliens.index(a)


def _name(a: Alien) -> str:
    return f"alien {ALIEN_LETTERS[-3 - a.owner].upper()}"


# --- set-up (§13.12.1) --------------------------------------------------------------------------------
def setup(state: SEState, scenario: Scenario, difficulty: str) -> None:
    """The alien empires on their 20 CP home worlds with their banks, the Galactic Capitol (an unused
    5 CP colony allied to the players) and the aliens' victory-point track at 0."""
    from galaxis.games.space_empires.opponents import forces
    from galaxis.games.space_empires.opponents.doomsday import coop

    assert state.solo is not None and scenario.opponents is not None and scenario.alien_vp is not None
    mode = tables().modes[mode_of(scenario.id)]  # type: ignore[index]
    s = state.solo
    s.cp_per_roll = mode.cp_per_roll[difficulty]
    forces.add_aliens(state, scenario.opponents.alien_homes[: mode.empires])
    for a in s.aliens:  # the flowchart: the aliens start with Mines, Terraforming 1 and Exploration 1
        for track, level in tables().start_techs.items():
            a.techs[track] = max(a.techs.get(track, 0), level)
    spec = scenario.alien_vp
    s.coop = CoopState(spec.capitol, list(spec.warp), {}, 0, mode.vp_to_win[difficulty], 0, [], [], {})
    state.colonies[spec.capitol] = Colony(CAPITOL, coop.tables().capitol_value, False, False)
    s.alien_vp = AlienVpState(
        mode_of(scenario.id), [mode.bank[difficulty]] * mode.empires, mode.max_defense, [0] * mode.empires
    )


# --- the Economic Phase (§13.12.2) ----------------------------------------------------------------------
def colonies(state: SEState, a: Alien) -> int:
    """The alien's producing colonies besides its home world (value 1 or more, not blockaded): each
    gives one more economic roll."""
    return sum(
        1
        for hid, c in state.colonies.items()
        if c.owner == a.owner and not c.home and hid != a.home and c.value >= 1 and not _blockaded(state, hid)
    )


def _blockaded(state: SEState, hid: str) -> bool:
    return any(v.owner >= 0 and board.is_combat_kind(v.kind) for v in board.units_at(state, hid))


def economic_rolls(state: SEState, a: Alien, phase: int) -> dict[str, int]:
    """The economic rolls of one phase: the row's rolls plus one per colony; a defence result while the
    defence column is at its cap is rolled again. Returns how many results went to each column."""
    vps = vp_of(state)
    assert vps is not None and state.solo is not None
    t = tables()
    row = t.row(phase)
    cp = state.solo.cp_per_roll
    out = dict.fromkeys(COLUMNS, 0)
    for _ in range(row.rolls + colonies(state, a)):
        column = row.column(_d10(state))
        for _again in range(t.max_defense_rerolls):
            if column != "defense" or a.defense_cp < vps.max_defense:
                break
            column = row.column(_d10(state))
        if column == "defense" and a.defense_cp >= vps.max_defense:
            continue  # still at the cap after the rerolls (designed): the result is lost
        out[column] += 1
        if column == "fleet":
            a.fleet_cp += cp
        elif column == "tech":
            a.tech_cp += cp
        else:
            a.defense_cp = min(vps.max_defense, a.defense_cp + t.defense_multiplier * cp)
    return out


def economy(state: SEState, a: Alien, phase: int, events: list[Event]) -> None:
    """One alien's Economic Phase: the fleets in Deep Space note it (3 players), its rolls, then the
    launch flowchart."""
    spends_phase_in_deep_space(state, a)
    economic_rolls(state, a, phase)
    launch(state, a, phase, events)


def may_launch(state: SEState, a: Alien) -> bool:
    """A launch needs 6 CP in the fleet column or any CP in the bank, and fewer than the base game's
    most fleets in space."""
    from galaxis.games.space_empires.opponents.tables import solo_tables

    vps = vp_of(state)
    assert vps is not None
    if (
        sum(1 for f in a.fleets if f.role not in ("colony_ship", alien_vp_npa.GUARD))
        >= solo_tables().alien_player.max_fleets
    ):
        return False
    return a.fleet_cp >= tables().launch_min_cp or vps.banks[_index(state, a)] > 0


def fleet_type(state: SEState, phase: int) -> tuple[str, int]:
    """The fleet-type roll: d10 (+2 from phase 7, +4 from phase 10); 8 or more is a destroyer fleet."""
    roll = _d10(state)
    total = roll + tables().type_bonus(phase)
    return ("destroyer" if total >= tables().destroyer_min else "expansion"), roll


def launch(state: SEState, a: Alien, phase: int, events: list[Event]) -> None:
    """The launch flowchart: the launch roll (-2 for each threatening technology), the Move roll, then a
    raider fleet, or a destroyer or expansion fleet by the fleet-type roll; an expansion fleet takes up
    to 50 CP from the bank; a fleet of bank CP only is an expansion fleet."""
    from galaxis.games.space_empires.opponents import forces, sheets
    from galaxis.games.space_empires.opponents.tables import solo_tables

    vps = vp_of(state)
    assert vps is not None and state.solo is not None
    if not may_launch(state, a):
        return
    ap = solo_tables().alien_player
    roll = _d10(state)
    need = sheets.launch_penalty(a, state.solo.seen)
    if not tables().row(phase).launches(max(1, roll - need)):
        events.append(_event("alien_vp_no_launch", f"{_name(a)} rolls {roll} and launches no fleet", a))
        return
    if _d10(state) <= ap.move_roll_max:
        sheets.buy_tech(state, a, "move", events)
    i = _index(state, a)
    raider = (
        a.techs.get("cloaking", 0) >= 1
        and a.fleet_cp >= ap.raider_launch_cp
        and state.solo.seen.get("scanners", 0) < a.techs.get("cloaking", 0)
    )
    fleet = AlienFleet("", [], 0, raider, phase, "", 0, "raider" if raider else "")
    if raider:
        cost = data.units(state.edition)["R"].cost
        while a.fleet_cp >= cost:
            fleet.units.append(forces.alien_unit(state, a, "R", a.home).uid)
            a.fleet_cp -= cost
    else:
        if a.fleet_cp >= tables().launch_min_cp:
            fleet.role, type_roll = fleet_type(state, phase)
        else:
            fleet.role, type_roll = "expansion", 0
        fleet.cp, a.fleet_cp = a.fleet_cp, 0
        if fleet.role == "expansion":
            take = min(tables().expansion_bank, vps.banks[i])
            vps.banks[i] -= take
            fleet.cp += take
            fleet.bank = take
        else:
            fleet.target = destroyer_target(state, a, phase)
        counter = forces.alien_unit(state, a, forces.FLEET_COUNTER, a.home)
        fleet.counter = counter.uid
        why = f" (type roll {type_roll})" if type_roll else " (bank CP only)"
        target = f", heading for {fleet.target}" if fleet.target else ""
        events.append(
            _event(
                "alien_vp_fleet",
                f"{_name(a)} launches a {fleet.role} fleet{why}{target}",
                a,
                role=fleet.role,
                target=fleet.target,
            )
        )
    a.fleets.append(fleet)
    a.launches.append(phase)
    events.append({"type": "alien_launch", "alien": a.owner, "hex": a.home, "unit": forces.fleet_lead(fleet)})


def destroyer_target(state: SEState, a: Alien, phase: int) -> str:
    """A destroyer fleet's target. Cooperative: launched in an odd Economic Phase the Capitol, else the
    nearest live home world (3 players: the empire with the least colony value, designed, as the printed
    "total CP" is secret). Solo: a coin toss (d10 1-5 the home world, 6-10 the Capitol)."""
    from galaxis.games.space_empires.opponents.doomsday import coop

    vps = vp_of(state)
    c = state.solo.coop if state.solo is not None else None
    assert vps is not None and c is not None
    homes = {s: hw for s in board.alive_seats(state) if (hw := board.home_world_hex(state, s)) is not None}
    if vps.mode == "solo":
        to_capitol = _d10(state) > 5
    else:
        to_capitol = phase % 2 == 1
    if (to_capitol and c.capitol in state.colonies) or not homes:
        return c.capitol
    here = parse_hex_id(a.home)
    if vps.mode == "coop_3p":
        return homes[min(homes, key=lambda s: (coop.colony_value(state, s), s))]
    return homes[min(homes, key=lambda s: (distance(here, parse_hex_id(homes[s])), s))]


# --- movement targets (§13.12.5) ------------------------------------------------------------------------
def targets(state: SEState, fleet: AlienFleet, a: Alien, uid: str) -> list[str] | None:
    """Where a destroyer or expansion fleet heads (None: the base rules' nearest least defended colony,
    for raiders and for an expansion fleet with no other colony to go for). A destroyer keeps its
    target; an expansion fleet heads for the live players' colony it reaches in the fewest Economic
    Phases (not home worlds or the Capitol; the Asteroid, Nebula and unexplored-hex stops counted,
    ``alien_vp_moves.earliest``), re-chosen every step (§13.12.5)."""
    from galaxis.games.space_empires.opponents import moves
    from galaxis.games.space_empires.opponents.alien_players import vp_moves as alien_vp_moves

    if fleet.role == "destroyer":
        return [fleet.target] if fleet.target in state.colonies else []
    if fleet.role == "colony_ship":
        return [fleet.target]  # it keeps its course whatever happens there (§13.12.6)
    if fleet.role == alien_vp_npa.GUARD:
        return []  # it stays on the planet it took (§13.12.5)
    if fleet.role != "expansion":
        return None
    goals = {h: c.value for h, c in state.colonies.items() if c.owner >= 0 and not c.home}
    goals |= dict.fromkeys(alien_vp_npa.npa_planets(state), 0)  # non-player alien planets (§13.12.5)
    if not goals:
        return None  # the flowchart's last targets: the nearest least defended colony (the base rules)
    here = state.units[uid].hex
    reach = {h: moves.distances(state, {h}, uid).get(here, 999) for h in goals}
    phases = alien_vp_moves.earliest(state, uid, set(goals))  # the terrain stops counted (§13.12.5)

    def key(h: str) -> tuple[int, int, int, int]:
        # Fewest Economic Phases; then the colony in Deep Space (more to explore); fewest moves; larger.
        in_home = data.hex_map(len(state.players)).owner_of(parse_hex_id(h)) is not None
        return phases.get(h, 999), int(in_home), reach[h], -goals[h]

    best = min(key(h) for h in goals)
    return sorted(h for h in goals if key(h) == best)


def _lead(state: SEState, fleet: AlienFleet) -> str:
    return next((u for u in [fleet.counter, *fleet.units] if u in state.units), "")


def spends_phase_in_deep_space(state: SEState, a: Alien) -> None:
    """Seed, 3 players ("A terjeszkedő- és a lopakodó flottáknak legalább 1 Gazdasági fázist a Mélyűrben
    kell tölteniük, mielőtt belépnének egy játékos Anyarendszerébe"): an expansion or raider fleet that is
    in Deep Space when its alien's Economic Phase starts has spent one there (the phase of its launch does
    not count: it is launched after this)."""
    vps = vp_of(state)
    if vps is None or vps.mode != "coop_3p":
        return
    for f in a.fleets:
        lead = _lead(state, f)
        if f.role in ("expansion", "raider") and lead and _deep_space(state, state.units[lead].hex):
            f.deep_phase = True


def route_options(state: SEState, uid: str, options: set[str]) -> set[str]:
    """§13.12.5: the steps a victory-point alien fleet may take among the base rules' shortest-route steps."""
    from galaxis.games.space_empires.opponents.alien_players import vp_moves as alien_vp_moves

    options = alien_vp_moves.raider_avoids(state, uid, destroyer_avoids(state, uid, options))
    return deep_space_first(state, uid, options)


def _avoided(state: SEState, hid: str, target: str) -> int:
    """1 for a hex a destroyer fleet avoids on its way: another colony (a live player's or the Capitol)
    or the live players' combat ships."""
    if hid == target:
        return 0
    col = state.colonies.get(hid)
    if col is not None and (col.owner >= 0 or col.owner == CAPITOL):
        return 1
    return int(any(v.owner >= 0 and board.is_combat_kind(v.kind) for v in board.units_at(state, hid)))


def destroyer_avoids(state: SEState, uid: str, options: set[str]) -> set[str]:
    """Seed "MEGSEMMISÍTŐ FLOTTÁK, Mozgási irányelvek": a destroyer fleet goes straight for its target and,
    where it can, avoids combat with the live players and their other colonies; it changes course for
    that only if it still reaches the target in the same Economic Phase. Its next step is the first step
    of a route that reaches the target in the Economic Phase its quickest route does (the Asteroid, Nebula
    and unexplored-hex stops counted, ``alien_vp_moves.plan``) and enters the fewest avoided hexes
    (``_avoided``); among those, the one that arrives first. So a detour of extra moves is taken when it
    avoids more and costs no Economic Phase; with every way equally blocked it goes straight on."""
    from galaxis.games.space_empires.opponents import forces
    from galaxis.games.space_empires.opponents.alien_players import vp_moves as alien_vp_moves

    if vp_of(state) is None or state.solo is None or not options:
        return options
    fleet = forces.fleet_of(state.solo, uid)
    if fleet is None or fleet.role != "destroyer" or fleet.target not in state.colonies:
        return options
    target = fleet.target
    return alien_vp_moves.plan(state, uid, {target}, lambda h: (_avoided(state, h, target),)) or options


def moves_before_econ(state: SEState, a: Alien, fleet: AlienFleet) -> tuple[int, int]:
    """The moves a fleet has left before the next Economic Phase (the rest of this turn and the later
    turns of the cycle, §3: three turns, then the Economic Phase) and the moves of a whole cycle, at its
    alien's Move level (§4.1's movement chart)."""
    table = data.edition_rules(state.edition).movement
    row = table[min(a.techs.get("move", 1), len(table)) - 1]
    now = max(0, row[state.turn - 1] - fleet.moved) if 1 <= state.turn <= len(row) else 0
    return now + sum(row[state.turn :]), max(1, sum(row))


def latest_moves(state: SEState, a: Alien, fleet: AlienFleet, shortest: int) -> int:
    """The longest route (in moves) that still reaches the target in the Economic Phase the shortest route
    of ``shortest`` moves reaches it in: this cycle while the moves left before the next Economic Phase
    suffice, else the cycle a shortest route ends in."""
    left, cycle = moves_before_econ(state, a, fleet)
    if shortest <= left:
        return left
    return left + cycle * (1 + (shortest - left - 1) // cycle)


def _least_avoided(state: SEState, target: str, dist: dict[str, int], most: int) -> dict[str, int]:
    """For each hex, the fewest avoided hexes entered on a route of at most ``most`` moves from it to
    ``target`` (over the hexes the fleet may cross, ``dist``); hexes that cannot make it are left out."""
    players = len(state.players)
    near = {h for h in dist if dist[h] <= most}
    cost = {target: 0} if target in near else {}
    for _ in range(most):
        nxt = dict(cost)
        for h in near:
            via = [_avoided(state, n, target) + cost[n] for n in board.adjacent(players, h) if n in cost]
            if via and min(via) < nxt.get(h, 1 << 30):
                nxt[h] = min(via)
        if nxt == cost:
            break
        cost = nxt
    return cost


def deep_space_first(state: SEState, uid: str, options: set[str]) -> set[str]:
    """§13.12.5, 3 players: an expansion or raider fleet that has not yet spent an Economic Phase in Deep
    Space does not step from Deep Space into a live player's Home System (it waits at the border). A
    fleet already inside one (designed: launched there) moves freely."""
    from galaxis.games.space_empires.opponents import forces

    vps = vp_of(state)
    if vps is None or vps.mode != "coop_3p" or state.solo is None:
        return options
    fleet = forces.fleet_of(state.solo, uid)
    if fleet is None or fleet.role not in ("expansion", "raider") or fleet.deep_phase:
        return options
    if not _deep_space(state, state.units[uid].hex):
        return options
    return {h for h in options if _deep_space(state, h)}


def looks_ahead(game: SpaceEmpires, state: SEState, uid: str, events: list[Event]) -> None:
    """§13.12.5: before it moves, a destroyer or expansion fleet reveals a Deep Space marker on its route
    (alien_vp_explore.peeks)."""
    from galaxis.games.space_empires.opponents.alien_players import vp_explore as alien_vp_explore

    alien_vp_explore.peeks(game, state, uid, events)


def enters(game: SpaceEmpires, state: SEState, uid: str, events: list[Event]) -> None:
    """§13.12.5: such a fleet explores the face-down Deep Space hex it enters (alien_vp_explore.enters);
    a face-up Asteroid field or Nebula ends its move (alien_vp_moves.stops_in_terrain)."""
    from galaxis.games.space_empires.opponents.alien_players import vp_explore as alien_vp_explore
    from galaxis.games.space_empires.opponents.alien_players import vp_moves as alien_vp_moves

    alien_vp_explore.enters(game, state, uid, events)
    alien_vp_moves.stops_in_terrain(state, uid)  # Asteroids and Nebulae end its move (§13.12.5)


def attacks_capitol(state: SEState, col: Colony) -> bool:
    """Alien fleets bombard the Galactic Capitol like a player's colony in these scenarios."""
    return vp_of(state) is not None and col.owner == CAPITOL


# --- colonising (§13.12.6) --------------------------------------------------------------------------------
def colony_destroyed(state: SEState, col: Colony, hid: str, by: str, events: list[Event]) -> None:
    """A destroyer or expansion fleet that destroyed a live player's colony (it won the space battle
    there and bombarded the colony away; ground troops are pending, §13.12.8) gets a free Colony Ship on
    its home world, which heads for the planet by the shortest way."""
    from galaxis.games.space_empires.opponents import forces

    if vp_of(state) is None or state.solo is None or col.owner < 0 or col.home:
        return
    fleet = forces.fleet_of(state.solo, by)
    a = next((x for x in state.solo.aliens if fleet in x.fleets), None)
    if fleet is None or a is None or fleet.role not in ("destroyer", "expansion"):
        return
    ship = forces.alien_unit(state, a, "CO", a.home, revealed=True)
    a.fleets.append(AlienFleet("", [ship.uid], 0, False, state.cycle, hid, 0, "colony_ship"))
    events.append(
        _event(
            "alien_vp_colony_ship",
            f"{_name(a)} places a free Colony Ship on its home world {a.home}, heading for {hid}",
            a,
            unit=ship.uid,
            hex=hid,
        )
    )


def colony_ship_arrives(state: SEState, a: Alien, fleet: AlienFleet, events: list[Event]) -> None:
    """A Colony Ship at its planet founds a colony there (+2 VP: the alien colonises a live player's
    colony), unless the planet has been colonised again or the battle there goes on; then it is
    destroyed when it arrives."""
    uid = next((u for u in fleet.units if u in state.units), "")
    if not uid or state.units[uid].hex != fleet.target:
        return
    hid = fleet.target
    if _blockaded(state, hid):
        return  # the live players' ships are still there
    del state.units[uid]
    fleet.units = []
    if hid in state.colonies:
        events.append(
            _event("alien_vp_colony_ship_lost", f"{_name(a)}'s Colony Ship finds {hid} taken", a, hex=hid)
        )
        return
    state.colonies[hid] = Colony(a.owner, 0, False, False)
    events.append(_event("alien_vp_colonises", f"{_name(a)} colonises {hid}", a, hex=hid))
    if not fleet.npa:  # a cleared non-player alien planet scores only as a Deep Space planet
        add_vp(state, a, tables().vp.ap_colonises_player_colony, "colonises_player_colony", hid, events)
    deep_space_taken(state, a, hid, events)


def alien_colony_lost(state: SEState, col: Colony, hid: str, events: list[Event]) -> None:
    """An alien colony (not its home world) destroyed: -2 VP (the track may go below zero)."""
    if vp_of(state) is None or col.owner >= 0 or col.home or col.owner == CAPITOL:
        return
    a = next((x for x in state.solo.aliens if x.owner == col.owner), None) if state.solo is not None else None
    if a is not None:
        add_vp(state, a, tables().vp.ap_colony_lost, "alien_colony_lost", hid, events)
        if _deep_space(state, hid):
            alien_tech.alien_loses(state, _index(state, a), -1, hid, events)  # a random card discarded


# --- Alien Technology cards (§13.12.6) -------------------------------------------------------------------
def _deep_space(state: SEState, hid: str) -> bool:
    return data.hex_map(len(state.players)).owner_of(parse_hex_id(hid)) is None


def deep_space_taken(state: SEState, a: Alien, hid: str, events: list[Event]) -> None:
    """The seed's "Az AP Mélyűrben lévő bolygót kolonizál / elfoglal +2 GYP (az AP egy Idegen Technológiai
    kártyát is húz)": an alien that colonises or captures a planet in Deep Space scores 2 VP and draws a
    card face down (alien_tech.py); it never uses the card's effect."""
    if vp_of(state) is None or not _deep_space(state, hid):
        return
    add_vp(state, a, tables().vp.ap_deep_space, "deep_space_planet", hid, events)
    alien_tech.alien_draws(state, _index(state, a), _name(a), hid, events)


def player_captures(state: SEState, hid: str, seat: int, loser: int, events: list[Event]) -> None:
    """Seed "Idegen Technológiai kártyák ellopása": a live player who captures an alien's Deep Space colony
    steals one of that alien's cards at random (colonising a former alien planet steals nothing)."""
    if vp_of(state) is None or state.solo is None or seat < 0 or not _deep_space(state, hid):
        return
    a = next((x for x in state.solo.aliens if x.owner == loser), None)
    if a is not None:
        alien_tech.alien_loses(state, _index(state, a), seat, hid, events)


# --- victory points (§13.12.6) ----------------------------------------------------------------------------
def add_vp(state: SEState, a: Alien | None, points: int, why: str, hid: str, events: list[Event]) -> None:
    c = state.solo.coop if state.solo is not None else None
    assert c is not None
    c.vp += points
    who = _name(a) if a is not None else "the aliens"
    events.append(
        {
            "type": "alien_vp",
            "points": points,
            "why": why,
            "hex": hid,
            "total": c.vp,
            "text": f"{who}: {points:+d} victory points ({why.replace('_', ' ')} at {hid}), total {c.vp}",
        }
    )


def after_fleet_moves(state: SEState, a: Alien, fleet: AlienFleet, events: list[Event]) -> None:
    """An expansion fleet on a non-player alien planet fights the aliens there (alien_vp_npa.py). A
    destroyer or expansion fleet on a mineral after the battles takes it: +1 VP while this alien has
    scored fewer than 2, afterwards the mineral is destroyed; a space wreck it meets is destroyed without
    a point. Raiders collect nothing."""
    vps = vp_of(state)
    if vps is None or fleet.role == "raider":
        return
    alien_vp_npa.fights_npas(state, a, fleet, events)  # §13.12.6: a non-player alien planet
    for uid in [fleet.counter, *fleet.units]:
        if uid not in state.units:
            continue
        hid = state.units[uid].hex
        m = state.markers.get(hid)
        if m is None or not m.face_up or m.kind not in ("minerals", "space_wreck"):
            continue
        if any(v.owner >= 0 and board.is_combat_kind(v.kind) for v in board.units_at(state, hid)):
            continue  # the battle is not over yet
        del state.markers[hid]
        i = _index(state, a)
        if m.kind == "minerals" and vps.minerals[i] < tables().vp.mineral_max:
            vps.minerals[i] += 1
            add_vp(state, a, tables().vp.mineral, "mineral", hid, events)
        else:
            events.append(
                _event("alien_vp_removes", f"{_name(a)} destroys the {m.kind} at {hid}", a, hex=hid)
            )


def colonised(state: SEState, hid: str, events: list[Event]) -> None:
    """-2 VP whenever a live player colonises a Deep Space planet (the track may go below zero)."""
    if data.hex_map(len(state.players)).owner_of(parse_hex_id(hid)) is None:
        add_vp(state, None, tables().vp.player_deep_space_colony, "player_deep_space_colony", hid, events)


def econ_starts(state: SEState, events: list[Event]) -> bool:
    """The aliens win when their victory points reach the difficulty's threshold at the start of an
    Economic Phase. True when they have."""
    c = state.solo.coop if state.solo is not None else None
    assert c is not None
    if c.vp < c.vp_needed:
        return False
    events.append(
        {
            "type": "alien_vp_won",
            "total": c.vp,
            "needed": c.vp_needed,
            "text": f"the aliens reach {c.vp} of the {c.vp_needed} victory points they need: the players lose",
        }
    )
    return True


def defense_bank(state: SEState, a: Alien) -> int:
    """When the home world must spend its defence column, the bank joins it: returns the CP taken."""
    vps = vp_of(state)
    if vps is None:
        return 0
    i = _index(state, a)
    take, vps.banks[i] = vps.banks[i], 0
    return take


def return_bank(state: SEState, a: Alien, cp: int) -> None:
    vps = vp_of(state)
    if vps is not None:
        vps.banks[_index(state, a)] += cp


# --- hidden information (§13.12.7) ----------------------------------------------------------------------
def replay(
    state: SEState, a: Alien, phases: int, rng: Any
) -> tuple[int, int, int, list[int], list[tuple[int, int]]] | None:
    """One re-sample of an alien's secret sheet (the base game's determinisation, solo.determinize):
    its economic rolls of ``phases`` Economic Phases with new dice, rejected when a launch the players
    saw could not have happened or a launch that had to happen did not. Returns the fleet, technology
    and defence CP, no econ results and each hidden fleet's CP by launch phase."""
    from galaxis.games.space_empires.opponents.tables import solo_tables

    vps = vp_of(state)
    assert vps is not None and state.solo is not None
    t = tables()
    cp = state.solo.cp_per_roll
    fleet = tech = dfn = 0
    launched: list[tuple[int, int]] = []
    by_phase = {f.launched: f for f in a.fleets}
    cost_r = data.units(state.edition)["R"].cost
    extra = colonies(state, a)
    for phase in range(1, phases + 1):
        row = t.row(phase)
        for _ in range(row.rolls + extra):
            column = row.column(1 + rng.below(10))
            if column == "fleet":
                fleet += cp
            elif column == "tech":
                tech += cp
            else:
                dfn += t.defense_multiplier * cp
        before = sum(1 for p in a.launches if p < phase)
        f = by_phase.get(phase)
        if phase in a.launches:
            if f is not None and f.raider:
                fleet -= len(f.units) * cost_r
                if fleet < 0:
                    return None
            else:
                if fleet < t.launch_min_cp and (f is None or not f.bank):
                    return None
                launched.append((phase, fleet + (f.bank if f is not None else 0)))
                fleet = 0
        elif (
            fleet >= t.launch_min_cp
            and before < solo_tables().alien_player.max_fleets
            and row.launch == (1, 10)
        ):
            return None
    # When the spending happened is secret, so the cap (and its rerolls) is applied to what is left.
    tech -= a.tech_spent
    dfn = min(vps.max_defense, dfn - a.defense_spent)
    if tech < 0 or dfn < 0:
        return None
    return fleet, tech, dfn, [], launched


# --- the two-dice technology table (§13.12.4) ----------------------------------------------------------
def tech_roll(state: SEState, a: Alien, events: list[Event]) -> str:
    """Two dice on the technology table; Boarding, Security Forces and the Military Academy are rolled
    again unless their system is in play (options ``boarding`` / ``experience``, §13.12.4), and so is, as the flowchart says, Tactics before
    Attack 2 and Defence 2. Returns '' when the rerolls run out."""
    from galaxis.games.space_empires.opponents.tables import solo_tables

    t = tables()
    needs = solo_tables().alien_player.tactics_needs
    for _ in range(t.max_tech_rolls):
        first, second = _d10(state), _d10(state)
        tech = t.tech(first, second)
        if tech in t.pending_techs and not ap_systems.in_play(state, tech):
            continue
        if tech == "tactics" and min(a.techs.get("attack", 0), a.techs.get("defense", 0)) < needs:
            continue
        events.append(
            _event("alien_vp_tech_roll", f"{_name(a)} rolls {first} and {second}: {tech}", a, tech=tech)
        )
        return tech
    return ""


def _event(kind: str, text: str, a: Alien, **fields: Any) -> Event:
    return {"type": kind, "alien": a.owner, **fields, "text": text}


def invariants(state: SEState) -> list[str]:
    vps = vp_of(state)
    if vps is None or state.solo is None:
        return []
    bad = []
    if len(vps.banks) != len(state.solo.aliens) or min(vps.banks, default=0) < 0:
        bad.append("an alien bank is negative or missing")
    if any(a.defense_cp > vps.max_defense for a in state.solo.aliens):
        bad.append("an alien defence column is over its cap")
    if any(not 0 <= n <= tables().vp.mineral_max for n in vps.minerals):
        bad.append("an alien scored more minerals than the track allows")
    return bad


def observe(state: SEState, obs: dict[str, Any]) -> dict[str, Any]:
    """Public: the mode, the defence cap, each alien's scored minerals and every fleet's role and target."""
    vps = vp_of(state)
    if vps is None or state.solo is None or "scenario" not in obs:
        return obs
    from galaxis.games.space_empires.opponents import forces

    obs["scenario"]["alien_vp"] = {
        "mode": vps.mode,
        "max_defense": vps.max_defense,
        "minerals": list(vps.minerals),
        "fleets": {
            forces.fleet_lead(f): {"role": f.role, "target": f.target if f.role == "destroyer" else ""}
            for a in state.solo.aliens
            for f in a.fleets
        },
    }
    return obs


def text_lines(state: SEState, lang: str = "en") -> list[str]:
    """Each alien's fleets by role and the minerals it scored, for the terminal view."""
    vps = vp_of(state)
    if vps is None or state.solo is None:
        return []
    from galaxis.games.space_empires.opponents import forces

    lines = []
    for a in state.solo.aliens:
        roles = ", ".join(f"{forces.fleet_lead(f)} {word(f.role, lang)}" for f in a.fleets if f.role) or "-"
        lines.append(
            f"  {word('alien', lang)} {board.opponent_letter(a.owner)}: {word('fleets', lang)} {roles}; "
            f"{word('minerals_scored', lang)} {vps.minerals[_index(state, a)]}"
        )
    return lines
