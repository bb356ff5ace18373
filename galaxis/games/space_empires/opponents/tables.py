"""The automated opponents' tables (data/solo.yaml), validated on load: the Doomsday Machines'
strength and weaknesses (§13.3), the cooperative machines' roles (§13.10) and the Alien Players'
economic sheets (§13.4-§13.5), with the difficulty levels they are read at."""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.games.space_empires.base import data

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


# --- data/scenarios.yaml: the cooperative scenarios' map data (scenarios/setups.py validates the file) --
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


@cache
def coop_setups() -> dict[str, tuple[CoopSetup, tuple[str, ...]]]:
    """Each cooperative scenario's map data and its live seats' home-world letters, read from
    data/scenarios.yaml for the machines' steering during play (§13.10)."""
    raw = data._load("scenarios.yaml")["scenarios"]
    return {
        sid: (CoopSetup.model_validate(body["coop"]), tuple(body["homes"]))
        for sid, body in raw.items()
        if body.get("coop") is not None
    }
