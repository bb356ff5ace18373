"""Component data of Stellium, loaded from data/*.yaml and validated on load.

``geometry(layout)`` turns a layout of the board data into the static cell
graph the rules use: 52 cells (A0..F6 galaxy holes, H0..H9 black holes), each
with its six lattice neighbours (or -1 off the board), its disc and whether it
is a galaxy centre. Cells are places on the table; discs rotate their
contents over them (docs/games/stellium.md §2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core.messages import Catalogue

DATA = Path(__file__).parent / "data"
MSG = Catalogue.for_package(__name__)  # data/messages.yaml and the glossary data/terms.yaml
TYPES = ("g", "b", "y", "p")  # planet, comet, star, supernova (green, blue, yellow, pink)
MarbleType = Literal["g", "b", "y", "p"]
Requirement = Literal["g", "b", "y", "p", "*"]
DISC_LETTERS = "ABCDEF"
DIRS = ("E", "NE", "NW", "W", "SW", "SE")  # the collision compass, in direction order
CELL_NAME = re.compile(r"^[A-Fa-f][0-6]$|^[Hh]\d$")  # a hole (A0-F6) or a black hole (H0..)


class Layout(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    discs: tuple[tuple[int, int], ...] = Field(min_length=6, max_length=6)
    black_holes: tuple[tuple[int, int], ...] = Field(min_length=1)


class DiscSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    start: tuple[int, ...] = Field(min_length=4, max_length=4)
    decoration: tuple[str, ...] = Field(min_length=7, max_length=7)

    @model_validator(mode="after")
    def _ring_holes(self) -> DiscSpec:
        if len(set(self.start)) != 4 or not all(1 <= h <= 6 for h in self.start):
            raise ValueError(f"disc {self.name}: starting points are 4 different ring holes 1..6")
        return self


class BoardData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    directions: tuple[tuple[int, int], ...] = Field(min_length=6, max_length=6)
    direction_names: tuple[str, ...] = Field(min_length=6, max_length=6)
    layouts: dict[str, Layout]
    discs: tuple[DiscSpec, ...] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _geometry(self) -> BoardData:
        for name, layout in self.layouts.items():
            holes = [(c[0] + d[0], c[1] + d[1]) for c in layout.discs for d in ((0, 0), *self.directions)]
            if len(set(holes)) != 42:
                raise ValueError(f"layout {name}: galaxy discs overlap")
            if set(layout.black_holes) & set(holes) or len(set(layout.black_holes)) != len(
                layout.black_holes
            ):
                raise ValueError(f"layout {name}: a black hole overlaps a disc or another black hole")
        return self


class SetupData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    marbles: dict[str, int]  # by marble type g, b, y, p (checked below)
    display: dict[int, int]
    targets: dict[int, int]
    first_game_reduction: int = Field(ge=0)
    hand_limit: int = Field(ge=1)
    refill_draw: int = Field(ge=1)
    refill_place: int = Field(ge=1, le=4)
    colour_bonus: tuple[int, ...] = Field(min_length=5, max_length=5)
    touch_success: dict[str, float]

    @model_validator(mode="after")
    def _complete(self) -> SetupData:
        if set(self.marbles) != set(TYPES) or set(self.touch_success) != set(TYPES):
            raise ValueError("every marble type needs a count and a touch chance")
        if not all(0.0 <= p <= 1.0 for p in self.touch_success.values()):
            raise ValueError("touch chances are probabilities")
        if any(n < 6 for n in self.marbles.values()):
            raise ValueError("set-up puts one marble of each type in each of the 6 galaxies")
        return self


class Shape(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    cells: tuple[tuple[int, int], ...] = Field(min_length=1)
    empty: tuple[tuple[int, int], ...] = ()


class Card(BaseModel):
    """One objective card in the pattern language (docs/games/stellium.md §6)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^C\d\d$")
    colour: MarbleType
    kind: Literal["shape", "centres", "chain"]
    points: int = 0
    shape: str = ""
    cells: tuple[tuple[int, int], ...] = ()
    empty: tuple[tuple[int, int], ...] = ()
    marbles: tuple[Requirement, ...] = ()
    different_galaxies: tuple[tuple[int, ...], ...] = ()
    centres: tuple[int, ...] = ()
    marble: MarbleType | None = None
    tiers: dict[int, int] = Field(default_factory=dict)

    def value(self, size: int) -> int:
        """Points for a match of ``size`` marbles."""
        return self.points if self.kind == "shape" else self.tiers[size]


class Objectives(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    shapes: dict[str, Shape]
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _resolve(self) -> Objectives:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("objective card ids must be unique")
        resolved = []
        for card in self.cards:
            if card.kind == "shape":
                if card.shape:
                    if card.shape not in self.shapes:
                        raise ValueError(f"{card.id}: unknown shape {card.shape}")
                    shape = self.shapes[card.shape]
                    card = card.model_copy(update={"cells": shape.cells, "empty": shape.empty})
                n = len(card.cells)
                if n == 0 or len(card.marbles) != n or card.points <= 0:
                    raise ValueError(
                        f"{card.id}: a shape card needs cells, one marble requirement per cell and points"
                    )
                spots = list(card.cells) + list(card.empty)
                if len(set(spots)) != len(spots):
                    raise ValueError(f"{card.id}: pattern cells repeat")
                for group in card.different_galaxies:
                    if len(group) < 2 or not all(0 <= i < n for i in group):
                        raise ValueError(f"{card.id}: bad different_galaxies group {group}")
                if not all(0 <= i < n for i in card.centres):
                    raise ValueError(f"{card.id}: bad centres index")
            else:
                if (
                    card.marble is None
                    or not card.tiers
                    or any(k < 1 or v < 1 for k, v in card.tiers.items())
                ):
                    raise ValueError(f"{card.id}: a {card.kind} card needs a marble colour and tiers")
                if card.kind == "centres" and max(card.tiers) > 6:
                    raise ValueError(f"{card.id}: there are only 6 galaxy centres")
            resolved.append(card)
        object.__setattr__(self, "cards", tuple(resolved))
        return self


def _load(name: str) -> Any:
    with open(DATA / name, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@cache
def board_data() -> BoardData:
    return BoardData.model_validate(_load("board.yaml"))


@cache
def setup_data() -> SetupData:
    data = SetupData.model_validate(_load("setup.yaml"))
    if sum(data.marbles.values()) > 42:
        raise ValueError("more marbles than galaxy holes")
    return data


@cache
def objectives() -> Objectives:
    return Objectives.model_validate(_load("objectives.yaml"))


@cache
def cards() -> dict[str, Card]:
    return {c.id: c for c in objectives().cards}


@cache
def terms() -> dict[str, Any]:
    data: dict[str, Any] = _load("terms.yaml")
    return data


def layout_names() -> list[str]:
    return list(board_data().layouts)


@dataclass(frozen=True)
class Geometry:
    """The static cell graph of one layout."""

    layout: str
    labels: tuple[str, ...]  # A0..A6, B0.., F6, H0..H9
    coords: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]  # per cell, 6 entries in direction order, -1 = off the board
    disc_of: tuple[int, ...]  # disc position 0..5, or -1 for a black hole
    centre: tuple[bool, ...]
    discs: tuple[tuple[int, ...], ...]  # per disc position: cell of hole 0 (centre), 1..6 (home ring)
    black_holes: tuple[int, ...]
    index: dict[str, int]
    at: dict[tuple[int, int], int]

    @property
    def size(self) -> int:
        return len(self.labels)

    def adjacent(self, cell: int) -> list[int]:
        return [n for n in self.neighbours[cell] if n >= 0]


@cache
def geometry(layout: str = "triangle") -> Geometry:
    board = board_data()
    spec = board.layouts[layout]
    dirs = board.directions
    labels: list[str] = []
    coords: list[tuple[int, int]] = []
    disc_of: list[int] = []
    centre: list[bool] = []
    discs: list[tuple[int, ...]] = []
    for d, (q, r) in enumerate(spec.discs):
        cells = []
        for hole, (dq, dr) in enumerate(((0, 0), *dirs)):
            cells.append(len(labels))
            labels.append(f"{DISC_LETTERS[d]}{hole}")
            coords.append((q + dq, r + dr))
            disc_of.append(d)
            centre.append(hole == 0)
        discs.append(tuple(cells))
    black: list[int] = []
    for h, (q, r) in enumerate(spec.black_holes):
        black.append(len(labels))
        labels.append(f"H{h}")
        coords.append((q, r))
        disc_of.append(-1)
        centre.append(False)
    at = {c: i for i, c in enumerate(coords)}
    neighbours = tuple(tuple(at.get((q + dq, r + dr), -1) for dq, dr in dirs) for q, r in coords)
    return Geometry(
        layout=layout,
        labels=tuple(labels),
        coords=tuple(coords),
        neighbours=neighbours,
        disc_of=tuple(disc_of),
        centre=tuple(centre),
        discs=tuple(discs),
        black_holes=tuple(black),
        index={label: i for i, label in enumerate(labels)},
        at=at,
    )


def start_cells_of(geo: Geometry, kinds: list[int], rot: list[int], d: int) -> list[int]:
    """§2.3: the starting points of the disc at position ``d`` (of kind ``kinds[d]``, turned
    ``rot[d]`` sixths), which turn with the disc."""
    spec = board_data().discs[kinds[d]]
    return [geo.discs[d][(h - 1 + rot[d]) % 6 + 1] for h in spec.start]
