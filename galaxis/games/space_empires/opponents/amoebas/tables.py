"""The Space Amoebas' tables (data/amoeba.yaml), validated on load: their strength by type and
difficulty, research, detonations and each scenario's set-up (docs/games/space_empires.md §13.11)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.hexes import parse_hex_id

_FROZEN = ConfigDict(frozen=True, extra="forbid")


# --- data/amoeba.yaml ---------------------------------------------------------------------------------
class Stats(BaseModel):
    model_config = _FROZEN
    cls: Literal["A", "B", "C", "D", "E"]
    attack: int = Field(ge=1)
    defense: int = Field(ge=0)
    hull: int = Field(ge=1)


class StrengthRow(Stats):
    id: str
    rolls: tuple[int, ...]
    special: Literal["", "fighters", "raiders", "appetite", "variety", "detonation"] = ""
    attacks: int = Field(default=1, ge=1)
    against_raiders: Stats | None = None


class ResearchRow(BaseModel):
    model_config = _FROZEN
    rolls: tuple[int, ...]
    points: int = Field(ge=0)
    destroyed: bool


class Detonation(BaseModel):
    model_config = _FROZEN
    sure: tuple[str, ...]
    chance: dict[str, int]


class MarkerCount(BaseModel):
    model_config = _FROZEN
    kind: data.MarkerKind
    value: int = 0
    count: int = Field(ge=1)


class DeepSpace(BaseModel):
    model_config = _FROZEN
    hexes: tuple[str, ...]
    markers: tuple[MarkerCount, ...]


class Setup(BaseModel):
    model_config = _FROZEN
    designed: bool
    map: int
    amoebas: tuple[tuple[str, int], ...]
    region: Literal["map"] | tuple[str, ...]
    deep_space: DeepSpace | None = None
    maintenance: bool
    npas: bool
    banned: tuple[str, ...]


class AmoebaTables(BaseModel):
    model_config = _FROZEN
    strength: tuple[StrengthRow, ...]
    variety_types: int
    variety_bonus: int
    detonation: Detonation
    tactics: int
    smallest_max: int = Field(ge=1, le=9)
    hull_defense: dict[int, int]
    chain_margin: int = Field(ge=1)
    research: tuple[ResearchRow, ...]
    research_needed: int = Field(ge=1)
    research_dice: dict[int, int]
    mines_adapt_min: int = Field(ge=1, le=10)
    difficulty: dict[str, dict[Literal["phase", "bonus"], int]]
    setups: dict[str, Setup]

    @model_validator(mode="after")
    def _check(self) -> AmoebaTables:
        for name, rows in (("amoeba strength", self.strength), ("research", self.research)):
            rolls = sorted(r for row in rows for r in row.rolls)
            if rolls != list(range(1, 11)):
                raise ValueError(f"the {name} table must cover 1-10 exactly once")
        if len({r.id for r in self.strength}) != len(self.strength):
            raise ValueError("every strength row has its own id")
        for row in self.strength:
            if (row.special == "raiders") != (row.against_raiders is not None):
                raise ValueError("the raiders row (and only it) gives its stats against Raiders")
            if (row.special == "appetite") != (row.attacks > 1):
                raise ValueError("only the big-appetite row attacks more than once")
        units = data.unit_table_by_id()
        for kind in (*self.detonation.sure, *self.detonation.chance):
            if kind not in units:
                raise ValueError(f"unknown unit {kind} in the detonation rule")
        if sorted(self.hull_defense) != [1, 2, 3]:
            raise ValueError("hull_defense gives the bonus of hull sizes 1, 2 and 3 (and more)")
        if any(p < 2 for p in (d["phase"] for d in self.difficulty.values())):
            raise ValueError("amoebas never expand in the first Economic Phase")
        for sid, s in self.setups.items():
            _check_setup(sid, s)
        return self


def _check_setup(sid: str, s: Setup) -> None:
    seats = s.map
    hmap = data.hex_map(seats)
    hexes = set(hmap.hexes)
    deep = set(hmap.deep_space())
    where = [h for h, _ in s.amoebas]
    if len(set(where)) != len(where):
        raise ValueError(f"{sid}: one amoeba per hex")
    for hid, kind in s.amoebas:
        if parse_hex_id(hid) not in deep:
            raise ValueError(f"{sid}: amoeba hex {hid} is not a deep-space hex of map {seats}")
        if kind not in (1, 2, 3):
            raise ValueError(f"{sid}: amoeba types are 1-3")
    if s.region != "map" and any(parse_hex_id(h) not in hexes for h in s.region):
        raise ValueError(f"{sid}: the region leaves map {seats}")
    if s.deep_space is not None:
        ds = s.deep_space
        if sum(m.count for m in ds.markers) != len(ds.hexes) or len(set(ds.hexes)) != len(ds.hexes):
            raise ValueError(f"{sid}: one deep-space marker per named hex")
        if any(parse_hex_id(h) not in deep or h in where for h in ds.hexes):
            raise ValueError(f"{sid}: deep-space markers lie on free deep-space hexes")
    units = data.unit_table_by_id()
    if any(k not in units for k in s.banned):
        raise ValueError(f"{sid}: unknown unit in banned")


@cache
def tables() -> AmoebaTables:
    return AmoebaTables.model_validate(data._load("amoeba.yaml"))
