"""Component data of Space Smugglers, loaded from data/*.yaml and validated on load."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from galaxis.core.messages import Catalogue

DATA = Path(__file__).parent / "data"
MSG = Catalogue.for_package(__name__)  # data/messages.yaml and the glossary data/terms.yaml
COLOURS = ("r", "y", "g", "b")  # goods, planet and ship colours, in the rulebook's order
Colour = Literal["r", "y", "g", "b"]
ShipColour = Literal["r", "y", "g", "b", "x"]  # x = cruiser (takes any colour)


class Sector(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^S\d\d$")
    template: str
    planets: tuple[Colour, ...] = Field(min_length=1)
    ships: tuple[ShipColour, ...] = Field(min_length=1)
    station: bool
    note: str = ""

    @property
    def value(self) -> int:
        """A sector is worth as many points as it has planets."""
        return len(self.planets)


class Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    colour: str
    fav_planets: tuple[Colour, Colour]
    fav_ships: tuple[Colour, Colour]

    @field_validator("fav_planets", "fav_ships")
    @classmethod
    def _two_different(cls, v: tuple[str, str]) -> tuple[str, str]:
        if v[0] == v[1]:
            raise ValueError("a sheet shows two different colours")
        return v


class PlayerCountSetup(BaseModel):
    """One row of the set-up table."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    goods: int = Field(ge=1)
    energy: tuple[int, int]  # energy tokens: (ones, fives)
    tokens: tuple[int, ...]
    galaxies: int = Field(ge=1)
    cards_per_galaxy: int = Field(ge=1, le=6)  # lettered A-F

    @property
    def energy_value(self) -> int:
        return self.energy[0] + 5 * self.energy[1]


class Components(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @property
    def energy_value(self) -> int:
        return self.energy_ones + 5 * self.energy_fives

    energy_ones: int
    energy_fives: int
    goods_per_colour: int
    sector_cards: int


class SetupTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    components: Components
    players: dict[int, PlayerCountSetup]

    @model_validator(mode="after")
    def _fits_the_box(self) -> SetupTable:
        for n, row in self.players.items():
            c = self.components
            if n * row.energy[0] > c.energy_ones or n * row.energy[1] > c.energy_fives:
                raise ValueError(f"{n} players need more energy tokens than the box holds")
            if n * row.goods > self.components.goods_per_colour:
                raise ValueError(f"{n} players need more goods than the box holds")
            if row.galaxies * row.cards_per_galaxy > self.components.sector_cards:
                raise ValueError(f"{n} players need more sector cards than the box holds")
            if len(set(row.tokens)) != len(row.tokens):
                raise ValueError("speed tokens are all different")
        return self


class Deck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    designed: bool
    cards: tuple[Sector, ...]

    @model_validator(mode="after")
    def _unique(self) -> Deck:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("sector ids must be unique")
        return self


class Sheets(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    designed: bool
    sheets: tuple[Sheet, ...]


def _load(name: str) -> Any:
    with open(DATA / name, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@cache
def deck() -> Deck:
    return Deck.model_validate(_load("sectors.yaml"))


@cache
def sectors() -> dict[str, Sector]:
    return {c.id: c for c in deck().cards}


@cache
def sheets() -> dict[str, Sheet]:
    return {s.colour: s for s in Sheets.model_validate(_load("sheets.yaml")).sheets}


@cache
def setup_table() -> SetupTable:
    table = SetupTable.model_validate(_load("setup.yaml"))
    if table.components.sector_cards != len(deck().cards):
        raise ValueError("setup.yaml and sectors.yaml disagree on the number of sector cards")
    return table


@cache
def terms() -> dict[str, Any]:
    data: dict[str, Any] = _load("terms.yaml")
    return data
