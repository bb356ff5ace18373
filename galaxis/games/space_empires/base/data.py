"""Component data of Space Empires 4X, loaded from data/*.yaml and validated on load.

Every number is keyed by edition where the editions differ: ``base2011`` (Rule Book 1.x) and ``ce``
(Close Encounters, the default). Disputed values carry their source in a comment in the yaml files;
pieces no source gives (map layouts, counter limits, the Deep Space pool, the home minerals split) are
marked ``designed`` (see docs/games/space_empires.md, "Designed data").
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal, cast, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.games.space_empires.base.hexes import Hex, distance, neighbours

DATA = Path(__file__).resolve().parents[1] / "data"
DEFAULT_EDITION = "ce"
Edition = Literal["base2011", "ce"]
EDITIONS: tuple[str, ...] = get_args(Edition)
CLASSES = ("A", "B", "C", "D", "E", "F")
MarkerKind = Literal[
    "home_world",
    "planet",
    "barren",
    "minerals",
    "space_wreck",
    "black_hole",
    "supernova",
    "nebula",
    "asteroids",
    "danger",
    "lost_in_space",
    "warp_point",
    "doomsday",
]
MARKER_KINDS: tuple[str, ...] = get_args(MarkerKind)

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Tech(BaseModel):
    model_config = _FROZEN
    name: str
    start: int = Field(ge=0)
    cost: dict[Edition, tuple[int, ...]]

    def costs(self, edition: str) -> tuple[int, ...]:
        """Prices of the levels above ``start`` (empty when the edition lacks the track)."""
        return self.cost.get(cast(Edition, edition), ())

    def max_level(self, edition: str) -> int:
        return self.start + len(self.costs(edition))

    def level_cost(self, edition: str, level: int) -> int:
        """Price of buying ``level``; ValueError for a level the track does not have."""
        costs = self.costs(edition)
        if not self.start < level <= self.start + len(costs):
            raise ValueError(f"{self.name} has no level {level} in the {edition} edition")
        return costs[level - self.start - 1]


class UnitType(BaseModel):
    model_config = _FROZEN
    id: str
    name: str
    cost: int = Field(ge=0)
    cls: Literal["A", "B", "C", "D", "E", "F"] | None
    attack: int = Field(ge=0)
    defense: int = Field(ge=0)
    hull: int = Field(ge=0)
    requires: dict[str, int]
    maintenance: bool
    move: Literal["tech", "one", "none"]
    combat: bool
    counters: int = Field(ge=1)
    group: int = Field(default=1, ge=1, le=6)  # units one counter may hold [MRB 2.3-2.6]
    editions: tuple[Edition, ...] = Field(min_length=1)
    level_tech: str | None = None
    attack_by_level: tuple[int, ...] = ()
    defense_by_level: tuple[int, ...] = ()
    uncloaked_cls: Literal["A", "B", "C", "D", "E", "F"] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> UnitType:
        if self.combat != (self.cls is not None):
            raise ValueError(f"{self.id}: combat units and only they have a weapon class")
        if (self.attack_by_level or self.defense_by_level) and self.level_tech is None:
            raise ValueError(f"{self.id}: per-level stats need level_tech")
        return self

    def attack_at(self, level: int) -> int:
        """Printed attack given the unit's own technology (fighters, cloaking, boarding)."""
        if self.attack_by_level:
            return self.attack_by_level[min(level, len(self.attack_by_level) - 1)]
        return self.attack

    def defense_at(self, level: int) -> int:
        if self.defense_by_level:
            return self.defense_by_level[min(level, len(self.defense_by_level) - 1)]
        return self.defense

    @property
    def upkeep(self) -> int:
        """Maintenance per Economic Phase: the hull size, or 0 for the free units [MRB 7.3]."""
        return self.hull if self.maintenance else 0


class NpaShip(BaseModel):
    model_config = _FROZEN
    id: str
    cls: Literal["A", "B", "C", "D", "E"]
    attack: int
    defense: int
    hull: int


class GroundUnit(BaseModel):
    """A Close Encounters ground unit (docs §10.1): class and attack when invading (``cls``/``attack``)
    and when defending a colony (``defend_cls``, default ``cls``; ``defend``)."""

    model_config = _FROZEN
    id: str
    name: str
    cost: int = Field(ge=0)
    cls: str
    defend_cls: str | None = None
    attack: int = Field(ge=0, le=10)
    defend: int = Field(ge=0, le=10)
    defense: int = Field(ge=0)
    hull: int = Field(ge=1)
    requires: dict[str, int]
    buyable: bool


class UnitTable(BaseModel):
    model_config = _FROZEN
    counters_designed: bool
    units: tuple[UnitType, ...]
    npa: tuple[NpaShip, ...]
    npa_tactics: int
    ground: tuple[GroundUnit, ...] = ()

    @model_validator(mode="after")
    def _unique(self) -> UnitTable:
        ids = [u.id for u in self.units]
        if len(set(ids)) != len(ids):
            raise ValueError("unit ids must be unique")
        return self


class EditionRules(BaseModel):
    model_config = _FROZEN
    movement: tuple[tuple[int, int, int], ...] = Field(min_length=6)
    home_world: int
    home_world_steps: tuple[int, ...]
    carry_over_cap: int

    @model_validator(mode="after")
    def _steps(self) -> EditionRules:
        if self.home_world_steps[0] != self.home_world:
            raise ValueError("home world damage steps start at the home world value")
        if list(self.home_world_steps) != sorted(self.home_world_steps, reverse=True):
            raise ValueError("home world damage steps must decrease")
        for a, b in zip(self.movement, self.movement[1:], strict=False):
            if any(y < x for x, y in zip(a, b, strict=True)):
                raise ValueError("a higher Move level never moves fewer hexes")
        return self


class RollTechRow(BaseModel):
    """Die rolls that give a technology (space wrecks; the Alien Player's technology table)."""

    model_config = _FROZEN
    rolls: tuple[int, ...]
    tech: str


class RulesTable(BaseModel):
    model_config = _FROZEN
    editions: dict[Edition, EditionRules]
    colony_growth: tuple[int, ...]
    shipyard_half_hulls: tuple[int, ...]
    starting_forces: dict[str, int]
    black_hole_survive_max: int = Field(ge=1, le=10)
    black_hole_slingshot_penalty: int
    point_defense_attack: tuple[int, ...]
    point_defense_fighter_level: int = Field(ge=1)
    point_defense_fighter_defense: int = Field(ge=0)
    space_wreck: tuple[RollTechRow, ...]

    @model_validator(mode="after")
    def _wreck_covers_d10(self) -> RulesTable:
        rolls = sorted(r for row in self.space_wreck for r in row.rolls)
        if rolls != list(range(1, 11)):
            raise ValueError("the space wreck table must cover 1-10 exactly once")
        return self


class MarkerCount(BaseModel):
    model_config = _FROZEN
    kind: MarkerKind
    count: int = Field(ge=1)
    value: int = 0


class MarkerKindInfo(BaseModel):
    model_config = _FROZEN
    permanent: bool
    colonizable: bool
    needs: dict[str, int] = {}


class HomeSet(BaseModel):
    model_config = _FROZEN
    designed_split: bool
    markers: tuple[MarkerCount, ...]


class DeepSpace(BaseModel):
    model_config = _FROZEN
    designed: bool
    markers: tuple[MarkerCount, ...]


class MarkerTable(BaseModel):
    model_config = _FROZEN
    home_set: HomeSet
    deep_space: DeepSpace
    kinds: dict[MarkerKind, MarkerKindInfo]

    @model_validator(mode="after")
    def _sizes(self) -> MarkerTable:
        if sum(m.count for m in self.home_set.markers) != 26:
            raise ValueError("a home system set has 26 markers")
        if [m.count for m in self.home_set.markers if m.kind == "home_world"] != [1]:
            raise ValueError("a home system set has exactly one home world")
        warp = sum(m.count for m in self.deep_space.markers if m.kind == "warp_point")
        dms = sum(m.count for m in self.deep_space.markers if m.kind == "doomsday")
        if warp != 6 or dms != 3:
            raise ValueError("the deep space pool has 6 warp points and 3 doomsday machines")
        if set(self.kinds) != set(MARKER_KINDS):
            raise ValueError("every marker kind needs its properties")
        return self

    def home_pool(self) -> list[tuple[str, int]]:
        """The 26 home markers as (kind, value), home world first."""
        return [(m.kind, m.value) for m in self.home_set.markers for _ in range(m.count)]

    def deep_pool(self) -> list[tuple[str, int]]:
        return [(m.kind, m.value) for m in self.deep_space.markers for _ in range(m.count)]


class HexMap(BaseModel):
    """A map: its hexes, each player's home world and home-system hexes, the deep-space hexes."""

    model_config = _FROZEN
    players: int
    designed: bool
    rows: tuple[str, ...]

    @property
    def hexes(self) -> frozenset[Hex]:
        return frozenset((c, r) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch != "#")

    def home_world(self, seat: int) -> Hex:
        ch = "ABCD"[seat]
        return next((c, r) for r, row in enumerate(self.rows) for c, x in enumerate(row) if x == ch)

    def home_system(self, seat: int) -> list[Hex]:
        """The home-system hexes of ``seat`` other than the home world, in reading order."""
        ch = "1234"[seat]
        return [(c, r) for r, row in enumerate(self.rows) for c, x in enumerate(row) if x == ch]

    def deep_space(self) -> list[Hex]:
        return [(c, r) for r, row in enumerate(self.rows) for c, x in enumerate(row) if x == "."]

    def owner_of(self, h: Hex) -> int | None:
        """The seat whose home system holds ``h`` (home world included), else None."""
        c, r = h
        ch = self.rows[r][c]
        for seat in range(self.players):
            if ch in ("ABCD"[seat], "1234"[seat]):
                return seat
        return None

    @model_validator(mode="after")
    def _layout(self) -> HexMap:
        if len({len(r) for r in self.rows}) != 1:
            raise ValueError("map rows must have equal width")
        allowed = set("#.") | set("ABCD"[: self.players]) | set("1234"[: self.players])
        if any(ch not in allowed for row in self.rows for ch in row):
            raise ValueError(f"a {self.players}-player map may only use {sorted(allowed)}")
        board = self.hexes
        for seat in range(self.players):
            hw = self.home_world(seat)
            home = self.home_system(seat)
            if len(home) != 25:
                raise ValueError(f"player {seat + 1} needs 25 home-system hexes, has {len(home)}")
            if any(distance(h, hw) > 3 for h in home):
                raise ValueError(f"player {seat + 1}'s home system reaches beyond 3 hexes")
        hws = [self.home_world(s) for s in range(self.players)]
        for h in self.deep_space():
            if min(distance(h, w) for w in hws) > 7:
                raise ValueError(f"deep-space hex {h} is more than 7 hexes from every home world")
        # Connected: every hex is reachable from the first one.
        start = next(iter(sorted(board)))
        seen = {start}
        todo = [start]
        while todo:
            for n in neighbours(todo.pop()):
                if n in board and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen != board:
            raise ValueError("the map must be connected")
        return self


def _load(name: str) -> Any:
    with open(DATA / name, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def check_edition(edition: str) -> str:
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; choose one of {', '.join(EDITIONS)}")
    return edition


@cache
def unit_table() -> UnitTable:
    table = UnitTable.model_validate(_load("units.yaml"))
    known = set(techs())
    for u in table.units:
        bad = set(u.requires) - known
        if u.level_tech is not None:
            bad |= {u.level_tech} - known
        if bad:
            raise ValueError(f"{u.id} refers to unknown technologies {sorted(bad)}")
    return table


@cache
def units(edition: str = DEFAULT_EDITION) -> dict[str, UnitType]:
    """The unit types of ``edition`` by id."""
    check_edition(edition)
    return {u.id: u for u in unit_table().units if edition in u.editions}


@cache
def techs() -> dict[str, Tech]:
    raw = _load("techs.yaml")["techs"]
    return {k: Tech.model_validate(v) for k, v in raw.items()}


@cache
def tech_tracks(edition: str = DEFAULT_EDITION) -> dict[str, Tech]:
    """The technology tracks ``edition`` has (CE adds Ground Combat, Boarding and others)."""
    check_edition(edition)
    return {k: t for k, t in techs().items() if t.costs(edition)}


@cache
def rules_table() -> RulesTable:
    table = RulesTable.model_validate(_load("rules.yaml"))
    known = set(techs())
    if any(row.tech not in known for row in table.space_wreck):
        raise ValueError("the space wreck table names an unknown technology")
    for ed, rules in table.editions.items():
        if len(rules.movement) != techs()["move"].max_level(ed):
            raise ValueError(f"{ed}: the movement table needs one row per Move level")
    return table


@cache
def edition_rules(edition: str = DEFAULT_EDITION) -> EditionRules:
    check_edition(edition)
    return next(r for ed, r in rules_table().editions.items() if ed == edition)


@cache
def markers() -> MarkerTable:
    return MarkerTable.model_validate(_load("markers.yaml"))


@cache
def maps() -> dict[int, HexMap]:
    raw = _load("maps.yaml")["maps"]
    return {int(n): HexMap.model_validate({"players": int(n), **m}) for n, m in raw.items()}


def hex_map(players: int) -> HexMap:
    found = maps().get(players)
    if found is None:
        raise ValueError(f"there is no map for {players} players (2-4)")
    return found


@cache
def unit_table_by_id() -> dict[str, UnitType]:
    """Every unit type of every edition by id (edition checks are the caller's)."""
    return {u.id: u for u in unit_table().units}


@cache
def npa_ships() -> dict[str, NpaShip]:
    return {s.id: s for s in unit_table().npa}
