"""Scenario set-ups as data (data/scenarios.yaml) and the opponent tables (data/solo.yaml), validated
on load, and the set-up step that applies a scenario to a freshly dealt state.

Rules: docs/games/space_empires.md, "Scenarios". A scenario names its map, the live seats' home worlds,
the home-system markers it removes, the deep-space deal, starting forces, technology and CP, special
face-up markers, the exploration-marker options it forces on, its opponents and its victory condition;
issue 9's Close Encounters scenarios are further entries of the same file.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core.errors import BadOption
from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.opponents.amoebas.amoeba import (
    tables as amoeba_tables,  # data/amoeba.yaml holds the amoeba set-ups
)
from galaxis.games.space_empires.systems.empire_advantages import EaDeal

_FROZEN = ConfigDict(frozen=True, extra="forbid")
DIFFICULTIES = ("easy", "normal", "hard", "harder", "really_tough", "good_luck")
DM_DIFFICULTIES = ("easy", "normal", "hard", "harder", "good_luck")
WEAKNESSES = ("fighters", "mines", "cloaking", "large_fleets", "none")


# --- data/solo.yaml ---------------------------------------------------------------------------------
class DmStrength(BaseModel):
    model_config = _FROZEN
    cls: Literal["A", "B", "C", "D", "E"]
    attack: int = Field(ge=1)
    defense: int = Field(ge=0)
    hull: int = Field(ge=1)
    attacks: int = Field(ge=1)


class WeaknessRow(BaseModel):
    model_config = _FROZEN
    rolls: tuple[int, ...]
    weakness: Literal["fighters", "mines", "cloaking", "large_fleets", "none"]


def _covers_d10(rows: tuple[Any, ...], what: str) -> None:
    rolls = sorted(r for row in rows for r in row.rolls)
    if rolls != list(range(1, 11)):
        raise ValueError(f"the {what} table must cover 1-10 exactly once")


class CoopRoleRow(BaseModel):
    model_config = _FROZEN
    rolls: tuple[int, ...]
    role: Literal["destroyer", "explorer"]


class CoopSideRow(BaseModel):
    model_config = _FROZEN
    rolls: tuple[int, ...]
    side: Literal["left", "middle", "right"]


class CoopTables(BaseModel):
    """The cooperative Doomsday Machines (docs §13.10)."""

    model_config = _FROZEN
    type_roll: tuple[CoopRoleRow, ...]
    side_roll: tuple[CoopSideRow, ...]
    early_move_cost: int = Field(ge=0)
    speed: int = Field(ge=1)
    vp_mineral: int
    vp_mineral_max: int
    vp_player_colony: int
    vp_npa_planet: int
    vp_deep_space_colony: int
    vp_npa_capture: int
    capitol_value: int = Field(ge=1)
    capitol_mineral: int = Field(ge=0)

    @model_validator(mode="after")
    def _check(self) -> CoopTables:
        _covers_d10(self.type_roll, "cooperative DM type")
        _covers_d10(self.side_roll, "cooperative DM entry side")
        return self

    def role(self, roll: int) -> str:
        return next(r.role for r in self.type_roll if roll in r.rolls)

    def side(self, roll: int) -> str:
        return next(r.side for r in self.side_roll if roll in r.rolls)


class DoomsdayTables(BaseModel):
    model_config = _FROZEN
    strength: dict[int, DmStrength]
    tactics: int
    heal_per_planet: int
    weakness: tuple[WeaknessRow, ...]
    mine_damage_max: int = Field(ge=1, le=10)
    large_fleet_ships: int
    cloaking_penalty: int
    solo_schedule: dict[Literal["small", "large"], dict[str, tuple[tuple[int, int], ...]]]
    coop_schedule: dict[str, tuple[tuple[int, int, int], ...]]
    coop_schedule_4p: dict[str, tuple[tuple[int, int, int], ...]]
    coop_victory_points: dict[int, dict[str, int]]
    coop: CoopTables
    marker_machine: DmStrength
    marker_speed: int = Field(ge=1)

    @model_validator(mode="after")
    def _check(self) -> DoomsdayTables:
        if sorted(self.strength) != list(range(1, 11)):
            raise ValueError("the DM strength table has rows 1-10")
        rows = [self.strength[s] for s in range(1, 11)]
        for a, b in pairwise(rows):
            if b.attack < a.attack or b.defense < a.defense or b.hull < a.hull or b.attacks < a.attacks:
                raise ValueError("a stronger Doomsday Machine is never weaker in any column")
        _covers_d10(self.weakness, "DM weakness")
        for size, table in self.solo_schedule.items():
            if set(table) != set(DM_DIFFICULTIES):
                raise ValueError(f"the {size} DM schedule needs every difficulty {DM_DIFFICULTIES}")
            for solo_entries in table.values():
                self._schedule_ok([(p, s, 1) for p, s in solo_entries])
        for coop in (self.coop_schedule, self.coop_schedule_4p):
            if set(coop) != set(DM_DIFFICULTIES):
                raise ValueError("the cooperative DM schedules need every difficulty")
            for entries in coop.values():
                self._schedule_ok(list(entries))
        for players, needed in self.coop_victory_points.items():
            if players not in (2, 3, 4) or set(needed) != set(DM_DIFFICULTIES):
                raise ValueError("cooperative DM victory points: 2-4 players, every difficulty")
        return self

    @staticmethod
    def _schedule_ok(entries: list[tuple[int, int, int]]) -> None:
        phases = [p for p, _, _ in entries]
        if phases != sorted(phases) or any(not 1 <= s <= 10 or n < 1 for _, s, n in entries):
            raise ValueError("DM schedule entries are [phase, strength 1-10, count >= 1] in phase order")


class SheetRow(BaseModel):
    model_config = _FROZEN
    phase: int
    rolls: int = Field(ge=1)
    launch: tuple[int, ...]
    econ: tuple[int, ...]
    fleet: tuple[int, ...]
    tech: tuple[int, ...]
    defense: tuple[int, ...]

    def column(self, roll: int) -> str:
        """The column a d10 result falls in: econ, fleet, tech or defense."""
        for name in ("econ", "fleet", "tech", "defense"):
            rng = getattr(self, name)
            if rng and rng[0] <= roll <= rng[1]:
                return name
        raise ValueError(f"phase {self.phase}: roll {roll} falls in no column")

    def launches(self, roll: int) -> bool:
        return bool(self.launch) and self.launch[0] <= roll <= self.launch[1]


class AlienTables(BaseModel):
    model_config = _FROZEN
    difficulty: dict[str, dict[Literal["empires", "cp_per_roll"], int]]
    sheet: tuple[SheetRow, ...]
    econ_delay: int
    defense_multiplier: int
    launch_min_cp: int
    max_fleets: int
    launch_penalty: int
    fighter_launch_cp: int
    raider_launch_cp: int
    move_roll_max: int
    tech_min_cp: int
    ship_size_roll_max: dict[int, int]
    cloaking2_roll_max: int
    scanners_roll_max: int
    fighters_roll_max: int
    tech_table: tuple[data.RollTechRow, ...]
    tactics_needs: int
    tech_caps: dict[str, int]
    start_techs: dict[str, int]
    carrier_fighters: int
    carrier_pd_roll_max: int
    ship_roll: dict[Literal["many", "balanced"], int]
    warships: tuple[str, ...]
    defense_roll: dict[Literal["mines", "alternate"], int]
    home_world_cp: int
    home_bases: int

    @model_validator(mode="after")
    def _check(self) -> AlienTables:
        if set(self.difficulty) != set(DIFFICULTIES):
            raise ValueError(f"the alien difficulty table needs {DIFFICULTIES}")
        if [r.phase for r in self.sheet] != list(range(1, 21)):
            raise ValueError("the alien economic sheet has rows for phases 1-20")
        for row in self.sheet:
            covered: list[int] = []
            for rng in (row.econ, row.fleet, row.tech, row.defense):
                if rng:
                    if len(rng) != 2 or not 1 <= rng[0] <= rng[1] <= 10:
                        raise ValueError(f"phase {row.phase}: a column is an inclusive d10 range [lo, hi]")
                    covered += range(rng[0], rng[1] + 1)
            if sorted(covered) != list(range(1, 11)):
                raise ValueError(f"phase {row.phase}: the columns must cover 1-10 exactly once")
        _covers_d10(self.tech_table, "alien technology")
        known = set(data.techs())
        bad = {r.tech for r in self.tech_table} | set(self.tech_caps) | set(self.start_techs)
        if bad - known:
            raise ValueError(f"unknown technologies {sorted(bad - known)}")
        return self

    def row(self, phase: int) -> SheetRow:
        """The sheet row of an Economic Phase; after phase 20 the sheet alternates rows 19 and 20."""
        if phase <= 20:
            return self.sheet[phase - 1]
        return self.sheet[19 if phase % 2 == 0 else 18]


class SoloTables(BaseModel):
    model_config = _FROZEN
    doomsday: DoomsdayTables
    alien_player: AlienTables


@cache
def solo_tables() -> SoloTables:
    return SoloTables.model_validate(data._load("solo.yaml"))


# --- data/scenarios.yaml ----------------------------------------------------------------------------
class SpecialMarker(BaseModel):
    model_config = _FROZEN
    hex: str
    kind: data.MarkerKind
    value: int = 0


class Opponents(BaseModel):
    model_config = _FROZEN
    type: Literal["doomsday", "alien", "amoeba"]
    schedule: Literal["small", "large", "coop", "coop_4p"] = "small"
    entry_hexes: tuple[str, ...] = ()
    alien_homes: tuple[str, ...] = ()


class CoopSetup(BaseModel):
    """A cooperative Doomsday scenario's map data (docs §13.10): the Galactic Capitol, the warp point
    pair joining it to the players, the entry hex of each side and whom each side's destroyers attack
    (home-world letters, or "GC" for the Capitol; several letters: the one with the least colony value),
    and what explorers head for ("nearest": the nearest colony or non-player alien planet, "GC")."""

    model_config = _FROZEN
    capitol: str
    warp: tuple[str, str]
    sides: dict[Literal["left", "middle", "right"], str]
    destroyer_targets: dict[Literal["left", "middle", "right"], tuple[str, ...]]
    explorer_target: Literal["nearest", "GC"]
    avoid_capitol: bool  # destroyers avoid entering the Capitol's hex


class AlienVpSetup(BaseModel):
    """The map data of an Alien Player victory-point scenario (docs §13.12): the Galactic Capitol and the
    warp point pair joining it to the players."""

    model_config = _FROZEN
    capitol: str
    warp: tuple[str, str]


class Scenario(BaseModel):
    model_config = _FROZEN
    id: str
    name: str
    seats: int = Field(ge=1, le=4)
    map: int
    homes: tuple[Literal["A", "B", "C", "D"], ...]
    home_world: int | None = None
    home_markers_removed: tuple[data.MarkerKind, ...] = ()
    deep_space: Literal["all", "none"] = "all"
    starting_forces: dict[str, int] | None = None
    techs: dict[str, int] = {}
    cp: int = Field(default=0, ge=0)
    markers: tuple[SpecialMarker, ...] = ()
    options: dict[
        Literal[
            "warp_points", "doomsday_markers", "ground_combat", "boarding", "experience", "alien_technology"
        ],
        bool,
    ] = {}
    opponents: Opponents | None = None
    coop: CoopSetup | None = None
    alien_vp: AlienVpSetup | None = None
    # capture_home: Quick Conquest, the first player to capture a home world wins (victory.py, §12.1.5)
    victory: Literal["conquest", "destroy_doomsday", "destroy_aliens", "destroy_amoebas", "capture_home"]
    min_cycles: int = Field(default=1, ge=1)
    designed: bool
    # A scenario for several player counts is one option value (``family``) resolved by the number of
    # seats; its entries are not option values themselves.
    family: str = ""
    # Team games (docs §12.1): the team index of each seat; allies fight together, never bombard each
    # other's colonies and share pipelines. ``team_techs``: technology each member of a team starts
    # with (team index -> levels); ``double_colony_income``: seats whose colonies (not the home world)
    # yield twice their value.
    teams: tuple[int, ...] = ()
    team_techs: dict[int, dict[str, int]] = {}
    double_colony_income: tuple[int, ...] = ()
    # §10.4: how the scenario deals Empire Advantages (empire_advantages.EaDeal), in order.
    empire_advantages: tuple[EaDeal, ...] = ()
    # The 4-player Deep Space deal (docs §12.1.3, home_sets.py): the markers each player keeps from its
    # home set (kind -> count; the home world is always kept), dealt within ``home_radius`` hexes of the
    # home world, and the number of deep-space markers on the map.
    home_set: dict[data.MarkerKind, int] | None = None
    home_radius: int = Field(default=3, ge=1)
    deep_space_markers: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _check(self) -> Scenario:
        hmap = data.hex_map(self.map)
        self._check_teams()
        if self.map != self.seats:
            # The board is chosen by the number of seats (board.py); a scenario map of another size
            # needs the map to become part of the state first.
            raise ValueError(f"{self.id}: the map of a scenario is the map for its number of seats")
        if len(self.homes) != self.seats or len(set(self.homes)) != self.seats:
            raise ValueError(f"{self.id}: one distinct home world per seat")
        letters = "ABCD"[: hmap.players]
        if any(h not in letters for h in self.homes):
            raise ValueError(f"{self.id}: map {self.map} has home worlds {letters} only")
        hexes = hmap.hexes
        homes = {hmap.home_world(s) for s in range(hmap.players)}

        def on_map(hid: str, what: str) -> tuple[int, int]:
            try:
                h = parse_hex_id(hid)
            except ValueError as exc:
                raise ValueError(f"{self.id}: {what}: {exc}") from None
            if h not in hexes:
                raise ValueError(f"{self.id}: {what} {hid} is off map {self.map}")
            return h

        for m in self.markers:
            if on_map(m.hex, "marker") in homes:
                raise ValueError(f"{self.id}: a special marker cannot lie on a home world")
        units = data.unit_table_by_id()
        for kind in self.starting_forces or {}:
            if kind not in units:
                raise ValueError(f"{self.id}: unknown unit {kind} in the starting forces")
        if set(self.techs) - set(data.techs()):
            raise ValueError(f"{self.id}: unknown technologies {sorted(set(self.techs) - set(data.techs()))}")
        opp = self.opponents
        # Conquest is the victory of games without solo opponents, and of the multiplayer amoeba game,
        # where the amoebas are a hazard [seed].
        amoebas = opp is not None and opp.type == "amoeba"
        if self.victory == "capture_home" and (opp is not None or not self.options.get("ground_combat")):
            raise ValueError(f"{self.id}: Quick Conquest has no solo opponents and forces ground_combat on")
        if (opp is None and self.victory not in ("conquest", "capture_home")) or (
            opp is not None and not amoebas and self.victory == "conquest"
        ):
            raise ValueError(f"{self.id}: conquest is the victory of games without solo opponents")
        if amoebas:
            if self.victory not in ("conquest", "destroy_amoebas"):
                raise ValueError(f"{self.id}: an amoeba game is won by conquest or by destroying the amoebas")
            if self.id not in amoeba_tables().setups or amoeba_tables().setups[self.id].map != self.map:
                raise ValueError(f"{self.id}: an amoeba scenario needs its set-up in data/amoeba.yaml")
        elif opp is not None:
            if opp.type == "doomsday":
                if self.victory != "destroy_doomsday" or (len(opp.entry_hexes) != 10 and self.coop is None):
                    raise ValueError(
                        f"{self.id}: a Doomsday scenario has 10 entry hexes (d10) and its victory"
                    )
                for hid in opp.entry_hexes:
                    on_map(hid, "entry hex")
                if self.coop is not None:
                    self._check_coop(self.coop, on_map, letters)
            else:
                homes_needed = 3 if self.alien_vp is None else _alien_vp_empires(self.id)
                if self.victory != "destroy_aliens" or len(opp.alien_homes) != homes_needed:
                    raise ValueError(
                        f"{self.id}: an alien scenario names {homes_needed} alien home worlds and its victory"
                    )
                if self.alien_vp is not None:
                    capitol = on_map(self.alien_vp.capitol, "Galactic Capitol")
                    if hmap.owner_of(capitol) is not None:
                        raise ValueError(f"{self.id}: the Galactic Capitol lies in deep space")
                    for hid in self.alien_vp.warp:
                        on_map(hid, "warp point")
                for hid in opp.alien_homes:
                    if hmap.owner_of(on_map(hid, "alien home world")) is not None:
                        raise ValueError(f"{self.id}: an alien home world lies in deep space")
        return self

    def _check_teams(self) -> None:
        if self.teams and (len(self.teams) != self.seats or len(set(self.teams)) < 2):
            raise ValueError(f"{self.id}: a team game names the team of every seat, at least two teams")
        if set(self.team_techs) - set(self.teams):
            raise ValueError(f"{self.id}: team technology for a team that does not exist")
        for techs in self.team_techs.values():
            if set(techs) - set(data.techs()):
                raise ValueError(f"{self.id}: unknown technologies {sorted(set(techs) - set(data.techs()))}")
        if any(not 0 <= s < self.seats for s in self.double_colony_income):
            raise ValueError(f"{self.id}: double colony income for a seat that does not exist")
        if self.home_set is not None and self.home_markers_removed:
            raise ValueError(f"{self.id}: a chosen home set and removed home markers exclude each other")
        if (self.teams or self.double_colony_income) and self.opponents is not None:
            raise ValueError(f"{self.id}: team games have no solo opponents")
        dealt = [s for deal in self.empire_advantages for s in deal.seats]
        if any(not 0 <= s < self.seats for s in dealt) or len(dealt) != len(set(dealt)):
            raise ValueError(f"{self.id}: Empire Advantages are dealt once to existing seats")
        # Cards needing an option may be left out of the deck (§10.4): 23 are always in play.
        if sum(d.draw * (1 if d.pool else len(d.seats)) for d in self.empire_advantages) > 23:
            raise ValueError(f"{self.id}: the Empire Advantage deals need more cards than the deck holds")

    def _check_coop(self, coop: CoopSetup, on_map: Any, letters: str) -> None:
        capitol = on_map(coop.capitol, "Galactic Capitol")
        if data.hex_map(self.map).owner_of(capitol) is not None:
            raise ValueError(f"{self.id}: the Galactic Capitol lies in deep space")
        for hid in (*coop.warp, *coop.sides.values()):
            on_map(hid, "cooperative hex")
        if set(coop.sides) != {"left", "middle", "right"} or set(coop.destroyer_targets) != set(coop.sides):
            raise ValueError(f"{self.id}: every entry side needs its hex and its destroyer targets")
        for targets in coop.destroyer_targets.values():
            if not targets or any(t != "GC" and t not in letters for t in targets):
                raise ValueError(f"{self.id}: destroyer targets are home-world letters or GC")


def _alien_vp_empires(scenario_id: str) -> int:
    """How many alien empires an Alien Player victory-point scenario sets up (data/alien_vp.yaml)."""
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

    mode = alien_vp.mode_of(scenario_id)
    if not mode:
        raise ValueError(
            f"{scenario_id}: an Alien Player victory-point scenario needs its mode in alien_vp.yaml"
        )
    return alien_vp.tables().modes[mode].empires  # type: ignore[index]


def _alien_vp_levels() -> tuple[str, ...]:
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

    return alien_vp.DIFFICULTIES


@cache
def scenarios() -> dict[str, Scenario]:
    raw = data._load("scenarios.yaml")["scenarios"]
    return {sid: Scenario.model_validate({"id": sid, **body}) for sid, body in raw.items()}


STANDARD = {1: "solo_dm", 2: "standard_2p", 3: "standard_3p", 4: "standard_4p"}


def scenario_ids() -> list[str]:
    families = dict.fromkeys(s.family for s in scenarios().values() if s.family)
    return ["standard", *(sid for sid, s in scenarios().items() if not s.family), *families]


def _family_member(family: str, players: int) -> str:
    """The entry of a scenario family for ``players`` seats; any other scenario id is returned as it is."""
    found = [s for s in scenarios().values() if s.family == family]
    if not found:
        return family
    exact = [s.id for s in found if s.seats == players]
    if not exact:
        seats = sorted(s.seats for s in found)
        counts = f"{seats[0]}-{seats[-1]}" if len(seats) > 1 else str(seats[0])
        raise BadOption(f"scenario {family} is for {counts} players, not {players}")
    return exact[0]


def forced_options(scenario: Scenario, options: dict[str, Any]) -> dict[str, Any]:
    """The options with the Close Encounters systems the scenario switches on (its ``options``: Quick
    Conquest and the cooperative Doomsday games force ground combat, solo #4's new-features game ground
    combat, boarding, experience and the Alien Technology cards). The exploration-marker options stay
    the scenario's own (solo.py reads them from the scenario)."""
    forced: dict[str, Any] = {
        k: True for k, v in scenario.options.items() if v and k not in ("warp_points", "doomsday_markers")
    }
    return {**options, **forced}


def effective_options(players: int, options: dict[str, Any]) -> dict[str, Any]:
    """``forced_options`` for a player count, or the options as they are when they select no scenario."""
    try:
        return forced_options(resolve(players, options), options)
    except BadOption:
        return options


def resolve(players: int, options: dict[str, Any]) -> Scenario:
    """The scenario the options select for ``players`` seats; BadOption when they do not fit."""
    sid = str(options.get("scenario", "standard"))
    if sid == "standard":
        sid = STANDARD.get(players, "")
    sid = _family_member(sid, players)
    found = scenarios().get(sid)
    if found is None:
        raise BadOption(f"unknown scenario {sid!r}; choose one of {', '.join(scenario_ids())}")
    if found.seats != players:
        raise BadOption(f"scenario {sid} is for {found.seats} player(s), not {players}")
    edition = str(options.get("edition", data.DEFAULT_EDITION))
    if (
        found.home_world is not None
        and edition in data.EDITIONS
        and found.home_world not in data.edition_rules(edition).home_world_steps
    ):
        raise BadOption(
            f"scenario {sid} has {found.home_world} CP home worlds: it needs the Close Encounters edition (edition: ce)"
        )
    difficulty = str(options.get("difficulty", "normal"))
    if (
        found.opponents is not None
        and found.opponents.type == "doomsday"
        and difficulty not in DM_DIFFICULTIES
    ):
        raise BadOption(f"the Doomsday Machine games have difficulties {', '.join(DM_DIFFICULTIES)}")
    if found.alien_vp is not None and difficulty not in _alien_vp_levels():
        raise BadOption(
            f"the Alien Player victory-point games have difficulties {', '.join(_alien_vp_levels())}"
        )
    levels = amoeba_tables().difficulty
    if found.opponents is not None and found.opponents.type == "amoeba" and difficulty not in levels:
        raise BadOption(f"the Space Amoeba games have difficulties {', '.join(levels)}")
    return found


def home_markers(scenario: Scenario, pool: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A home-system set without the markers the scenario removes (one of each kind named)."""
    out = list(pool)
    for kind in scenario.home_markers_removed:
        idx = next((i for i, m in enumerate(out) if m[0] == kind), None)
        if idx is None:
            raise ValueError(f"{scenario.id}: the home set has no {kind} to remove")
        out.pop(idx)
    return out
