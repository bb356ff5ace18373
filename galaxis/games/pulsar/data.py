"""Component data of Pulsar 2849, loaded from data/*.yaml|json and validated on load.

Printed facts carry ``designed: false``; pieces no source gives (transmitters, goal values,
exploration tiles, tech effects of boards B-D, six HQ sides) carry ``designed: true``
(see docs/games/pulsar.md, "Designed data").
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core.messages import Catalogue

DATA = Path(__file__).parent / "data"
MSG = Catalogue.for_package(__name__)  # data/messages.yaml and the glossary data/terms.yaml
SIZES = ("s", "m", "l")
GATE_COLOURS = {"orange": "o", "pink": "p", "green": "g"}

_FROZEN = ConfigDict(frozen=True, extra="forbid")

# Reward items: one key each. See docs/games/pulsar.md "Rewards".
GAIN_KEYS = {
    "vp",
    "cubes",
    "pm",
    "p2",
    "explore",
    "gyro",
    "red",
    "doubler",
    "red_for_cube",
    "iso_pulsar",
    "teleport",
    "extra_station",
    "place_station",
    "race",
}
EVENTS = {
    "station",
    "pulsar",
    "tx_token",
    "tx_online",
    "flip",
    "gyro_take",
    "gyro_start",
    "patent",
    "explore",
    "green_gate",
    "race_gate",
}
PROD_PER = {"spinning", "online_tx", "pulsar"}
END_PER = {"award", "pulsar", "link", "hq", "spinning", "online_tx", "station_pair", "track_front"}


def check_gain(items: Any) -> list[dict[str, Any]]:
    """Validates a list of reward items (shared by tiles, techs, projects, transmitters)."""
    if not isinstance(items, list):
        raise ValueError("a reward is a list of items")
    for item in items:
        if not isinstance(item, dict) or len(item) != 1:
            raise ValueError(f"a reward item has exactly one key: {item!r}")
        ((key, value),) = item.items()
        if key not in GAIN_KEYS:
            raise ValueError(f"unknown reward {key!r}")
        if key == "gyro" and (not value or any(v not in SIZES for v in value)):
            raise ValueError(f"gyro reward lists sizes s, m, l: {value!r}")
        if key == "teleport" and value not in ("system", "pulsar", "any"):
            raise ValueError(f"teleport goes to a system, a pulsar or anywhere: {value!r}")
        if key == "doubler" and (len(value) != 2 or not all(1 <= v <= 6 for v in value)):
            raise ValueError(f"doubler shows a silver and a red value: {value!r}")
        if key == "race" and (
            set(value) != {"colours", "vp"} or any(c not in "opg" for c in value["colours"])
        ):
            raise ValueError(f"race names colours (o, p, g) and vp per gate: {value!r}")
        counted = (
            "vp",
            "cubes",
            "pm",
            "p2",
            "explore",
            "red",
            "red_for_cube",
            "iso_pulsar",
            "extra_station",
            "place_station",
        )
        if key in counted and (not isinstance(value, int) or value < 0):
            raise ValueError(f"{key} takes a whole number: {value!r}")
    return items


# ----------------------------------------------------------------------------- board
class Node(BaseModel):
    model_config = _FROZEN
    id: int
    type: Literal["start_gate", "gate", "system", "pulsar", "pulsar_isolated"]
    color: Literal["orange", "pink", "green"] | None
    x: int
    y: int


class EdgeIn(BaseModel):
    model_config = _FROZEN
    a: int
    b: int
    dead_end: bool


class BoardFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="allow")
    nodes: tuple[Node, ...]
    edges: tuple[EdgeIn, ...]

    @model_validator(mode="after")
    def _consistent(self) -> BoardFile:
        ids = {n.id for n in self.nodes}
        if len(ids) != len(self.nodes):
            raise ValueError("node ids must be unique")
        for e in self.edges:
            if e.a not in ids or e.b not in ids or e.a == e.b:
                raise ValueError(f"bad segment {e.a}-{e.b}")
        for n in self.nodes:
            if (n.type == "gate") != (n.color is not None):
                raise ValueError(f"node {n.id}: exactly the gates have a colour")
        return self


class Board:
    """The star cluster as a multigraph. A doubled dead-end segment is two parallel edges,
    so a flight can go into a dead end and out again (rules §4.2)."""

    def __init__(self, name: str, data: BoardFile) -> None:
        self.name = name
        self.nodes: dict[int, Node] = {n.id: n for n in data.nodes}
        self.kind: dict[int, str] = {n.id: n.type for n in data.nodes}
        self.colour: dict[int, str] = {n.id: GATE_COLOURS[n.color] for n in data.nodes if n.color}
        edges: list[tuple[int, int]] = []
        for e in data.edges:
            a, b = sorted((e.a, e.b))
            if (a, b) in edges and not e.dead_end:
                continue  # the source lists 25-26 twice; a plain segment exists once
            edges.append((a, b))
            if e.dead_end:
                edges.append((a, b))
        self.edges: list[tuple[int, int]] = edges
        self.dead_end_edges = {i for i, e in enumerate(edges) if edges.count(e) == 2}
        adj: dict[int, list[tuple[int, int]]] = {n: [] for n in self.nodes}
        for i, (a, b) in enumerate(edges):
            adj[a].append((i, b))
            adj[b].append((i, a))
        # A flight never enters a start gate: leave those hops out once, here.
        self.adj: dict[int, tuple[tuple[int, int], ...]] = {
            n: tuple((e, v) for e, v in lst if self.kind[v] != "start_gate") for n, lst in adj.items()
        }
        self.start_gates = sorted(n for n, k in self.kind.items() if k == "start_gate")
        self.systems = sorted(n for n, k in self.kind.items() if k == "system")
        self.pulsars = sorted(n for n, k in self.kind.items() if k == "pulsar")
        self.isolated = sorted(n for n, k in self.kind.items() if k == "pulsar_isolated")
        self.gates = sorted(n for n, k in self.kind.items() if k == "gate")
        # Dead-end tips: reached only through doubled segments, from one neighbour.
        self.dead_end_tips = sorted(
            n
            for n, lst in adj.items()
            if lst and all(e in self.dead_end_edges for e, _ in lst) and len({v for _, v in lst}) == 1
        )


@cache
def board(name: str) -> Board:
    if name not in ("normal", "deadend"):
        raise ValueError(f"no board side {name!r}")
    with open(DATA / f"board_{name}.json", encoding="utf-8") as fh:
        return Board(name, BoardFile.model_validate(json.load(fh)))


# ------------------------------------------------------------------------- components
class SystemTile(BaseModel):
    model_config = _FROZEN
    id: int
    planets: tuple[
        tuple[Literal["UL", "UR", "L", "R"], Literal["blue", "lifeless"], Literal["", "3+", "4"]], ...
    ]
    bonus: tuple[dict[str, Any], ...]
    pair_choice: bool = False

    @model_validator(mode="after")
    def _check(self) -> SystemTile:
        check_gain(list(self.bonus))
        if not any(kind == "blue" and label == "" for _, kind, label in self.planets):
            raise ValueError(f"system tile {self.id} needs a blue planet usable at every player count")
        return self

    def blocked(self, players: int, index: int) -> bool:
        label = self.planets[index][2]
        return (label == "4" and players < 4) or (label == "3+" and players < 3)


class SystemFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="allow")
    designed: bool
    tiles: tuple[SystemTile, ...] = Field(min_length=17, max_length=17)


class GyroSize(BaseModel):
    model_config = _FROZEN
    take: int
    flip: int
    vp: int
    tiles: int


class Components(BaseModel):
    model_config = _FROZEN
    designed: bool
    track_length: int
    track_start: int
    track_penalties: dict[int, int]
    silver_dice: dict[int, int]
    dice_board: dict[int, str]
    engineering: dict[int, tuple[tuple[int, int], ...]]
    engineering_4p_rulebook: tuple[tuple[int, int], ...]
    start_scores: tuple[int, ...]
    balanced_start: dict[int, tuple[int, ...]]
    gyrodynes: dict[str, GyroSize]
    construction_awards: tuple[int, int]
    modifiers: dict[str, tuple[int, ...]]
    copy_cost: int
    rings: int
    markers: int
    rounds: int
    final_turn_order: dict[int, tuple[int, ...]]
    stations: tuple[int, ...]
    stations_beyond: int

    @model_validator(mode="after")
    def _sizes(self) -> Components:
        if sorted(self.gyrodynes) != sorted(SIZES):
            raise ValueError("gyrodynes come in sizes s, m, l")
        return self


class ExplorationTile(BaseModel):
    model_config = _FROZEN
    id: str
    gain: tuple[dict[str, Any], ...]

    @model_validator(mode="after")
    def _check(self) -> ExplorationTile:
        check_gain(list(self.gain))
        return self


class ExplorationFile(BaseModel):
    model_config = _FROZEN
    designed: bool
    tiles: tuple[ExplorationTile, ...] = Field(min_length=12, max_length=12)


class Goal(BaseModel):
    model_config = _FROZEN
    id: int
    tile: int
    kind: Literal[
        "same_size", "diff_size", "any_size", "online_tx", "planets", "patents", "hq_projects", "races"
    ]
    count: int
    gyro: bool = False
    first_game: bool = False
    vp: int
    bonus1: tuple[int, int]  # cubes, vp
    bonus2: tuple[int, int]


class GoalFile(BaseModel):
    model_config = _FROZEN
    designed: bool
    goals: tuple[Goal, ...] = Field(min_length=12, max_length=12)


class Transmitter(BaseModel):
    model_config = _FROZEN
    id: str = Field(pattern=r"^[ABC][1-8]$")
    costs: tuple[int, ...] = Field(min_length=1, max_length=3)
    links: tuple[int, ...] = Field(min_length=1, max_length=2)
    once: tuple[dict[str, Any], ...]
    prod: dict[Literal["vp", "cubes", "convert"], int]

    @model_validator(mode="after")
    def _check(self) -> Transmitter:
        check_gain(list(self.once))
        if not all(1 <= c <= 6 for c in self.costs) or not all(0 <= p <= 3 for p in self.links):
            raise ValueError(f"transmitter {self.id}: costs 1-6, link pips 0-3")
        if len(self.prod) != 1:
            raise ValueError(f"transmitter {self.id}: one production reward")
        return self

    @property
    def letter(self) -> str:
        return self.id[0]


class TransmitterFile(BaseModel):
    model_config = _FROZEN
    designed: bool
    tiles: tuple[Transmitter, ...] = Field(min_length=24, max_length=24)


class Tech(BaseModel):
    model_config = _FROZEN
    cost: int = Field(ge=1, le=6)
    mode: Literal["two", "lock"]
    type: Literal["once", "perm", "prod", "end"]
    gain: tuple[dict[str, Any], ...] = ()
    when: dict[str, Any] | None = None
    prod: dict[str, Any] | None = None
    end: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _check(self) -> Tech:
        if self.type == "once":
            check_gain(list(self.gain))
            if not self.gain:
                raise ValueError("a one-shot tech gives something")
        elif self.type == "perm":
            if not self.when or self.when.get("event") not in EVENTS:
                raise ValueError(f"a permanent tech names an event of {sorted(EVENTS)}")
        elif self.type == "prod":
            if not self.prod or self.prod.get("per") not in PROD_PER:
                raise ValueError(f"a production tech scores per one of {sorted(PROD_PER)}")
        else:
            e = self.end or {}
            ok = ("per" in e and e["per"] in END_PER) or set(e) in (
                {"extra_stations"},
                {"cubes_for_vp"},
                {"gyro_set"},
            )
            if not ok:
                raise ValueError(f"bad end-game tech {e!r}")
        return self


class TechBoard(BaseModel):
    model_config = _FROZEN
    id: str = Field(pattern=r"^[ABCD](I|II|III)$")
    designed: bool
    interpretation: bool = False
    bonus: tuple[int | Literal["?"], ...]
    rows: tuple[tuple[Tech, ...], ...]

    @property
    def category(self) -> str:
        return self.id[1:]

    @model_validator(mode="after")
    def _shape(self) -> TechBoard:
        shape = {"I": (3, 3), "II": (2, 2, 2), "III": (2, 2, 1)}[self.id[1:]]
        if tuple(len(r) for r in self.rows) != shape or len(self.bonus) != len(shape):
            raise ValueError(f"tech board {self.id} must have rows of {shape} and one bonus per row")
        return self


class TechFile(BaseModel):
    model_config = _FROZEN
    boards: tuple[TechBoard, ...] = Field(min_length=12, max_length=12)


class Project(BaseModel):
    model_config = _FROZEN
    cost: int = Field(ge=1, le=6)
    gain: tuple[dict[str, Any], ...]

    @model_validator(mode="after")
    def _check(self) -> Project:
        check_gain(list(self.gain))
        return self


class HQBoard(BaseModel):
    model_config = _FROZEN
    id: str = Field(pattern=r"^[ABCD][12]$")
    designed: bool
    projects: dict[int, Project]

    @model_validator(mode="after")
    def _eight(self) -> HQBoard:
        if sorted(self.projects) != list(range(1, 9)):
            raise ValueError(f"HQ {self.id} has projects 1-8")
        return self


class HQFile(BaseModel):
    model_config = _FROZEN
    below: dict[int, tuple[int, ...]]
    rows: dict[int, int]
    boards: tuple[HQBoard, ...] = Field(min_length=8, max_length=8)


def _load(name: str) -> Any:
    with open(DATA / name, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@cache
def components() -> Components:
    return Components.model_validate(_load("components.yaml"))


@cache
def system_tiles() -> dict[int, SystemTile]:
    return {t.id: t for t in SystemFile.model_validate(_load("systems.yaml")).tiles}


@cache
def exploration() -> dict[str, ExplorationTile]:
    return {t.id: t for t in ExplorationFile.model_validate(_load("exploration.yaml")).tiles}


@cache
def goals() -> dict[int, Goal]:
    return {g.id: g for g in GoalFile.model_validate(_load("goals.yaml")).goals}


@cache
def transmitters() -> dict[str, Transmitter]:
    tiles = {t.id: t for t in TransmitterFile.model_validate(_load("transmitters.yaml")).tiles}
    if len(tiles) != 24:
        raise ValueError("transmitter ids must be unique")
    return tiles


@cache
def tech_boards() -> dict[str, TechBoard]:
    return {b.id: b for b in TechFile.model_validate(_load("techs.yaml")).boards}


@cache
def hq() -> HQFile:
    return HQFile.model_validate(_load("hq.yaml"))


@cache
def hq_boards() -> dict[str, HQBoard]:
    return {b.id: b for b in hq().boards}


CATEGORY_ROWS = {"I": (1, 2), "II": (3, 4, 5), "III": (6, 7, 8)}
POS = "abc"


def tech_ids(boards: list[str]) -> dict[str, Tech]:
    """Techs of the three boards in play, by id ``<row><a|b|c>`` (row 1-8, position in the row)."""
    return _tech_ids(tuple(boards))


@cache
def _tech_ids(boards: tuple[str, ...]) -> dict[str, Tech]:
    out: dict[str, Tech] = {}
    table = tech_boards()
    for bid in boards:
        b = table[bid]
        for row, techs in zip(CATEGORY_ROWS[b.category], b.rows, strict=True):
            for i, t in enumerate(techs):
                out[f"{row}{POS[i]}"] = t
    return out


def row_bonus(boards: list[str], row: int) -> int | str:
    for bid in boards:
        b = tech_boards()[bid]
        rows = CATEGORY_ROWS[b.category]
        if row in rows:
            return b.bonus[rows.index(row)]
    raise ValueError(f"no tech row {row}")


@cache
def terms() -> dict[str, Any]:
    data: dict[str, Any] = _load("terms.yaml")
    return data


def words(lang: str) -> dict[str, Any]:
    """The game's terms in ``lang`` (English when there is no such language)."""
    all_terms = terms()
    w: dict[str, Any] = all_terms.get(lang, all_terms["en"])
    return w
