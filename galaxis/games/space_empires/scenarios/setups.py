"""Scenario set-ups as data (data/scenarios.yaml), validated on load, and the set-up step that applies
a scenario to a freshly dealt state (the opponents' own tables are in opponents/tables.py).

Rules: docs/games/space_empires.md, "Scenarios". A scenario names its map, the live seats' home worlds,
the home-system markers it removes, the deep-space deal, starting forces, technology and CP, special
face-up markers, the exploration-marker options it forces on, its opponents and its victory condition;
issue 9's Close Encounters scenarios are further entries of the same file.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core.errors import BadOption
from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.text_data import MSG
from galaxis.games.space_empires.opponents.amoebas.tables import (
    tables as amoeba_tables,  # data/amoeba.yaml holds the amoeba set-ups
)
from galaxis.games.space_empires.opponents.tables import (
    DM_DIFFICULTIES,
    CoopSetup,  # a cooperative scenario's map data, which the machines steer by
)
from galaxis.games.space_empires.systems.empire_advantages import EaDeal

_FROZEN = ConfigDict(frozen=True, extra="forbid")


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


class AlienVpSetup(BaseModel):
    """The map data of an Alien Player victory-point scenario (docs §13.12): the Galactic Capitol and the
    warp point pair joining it to the players."""

    model_config = _FROZEN
    capitol: str
    warp: tuple[str, str]


# Options a scenario rule may switch (issue 29): on/off options and the choices a rule refuses.
SwitchedOption = Literal[
    "ground_combat",
    "boarding",
    "experience",
    "alien_technology",
    "research_centers",
    "flagship",
    "reaction_movement",
    "empire_advantages",
    "alliance",
    "victory_points",
]
# The value that leaves an option out of play (a bool option's is False).
OFF_VALUES: dict[str, str] = {"empire_advantages": "none", "alliance": "none", "victory_points": "none"}
# Option ``scenario_rules``: "rulebook" applies every scenario's ``rules``; "lenient" (the legacy value,
# matches saved before issue 29) forces on only the scenario's ``options``.
RULEBOOK = "rulebook"


class ScenarioRule(BaseModel):
    """One of the seed's sentences that puts options in play or keeps them out (issue 29, docs §12 "Options a
    scenario decides"). ``seed``: the message (data/messages.yaml) quoting the sentence, with its translation;
    ``force_on``: options forced on; ``force_off``: options played without (a request for one is refused,
    quoting the sentence); ``refuse``: choices of an option the sentence excludes. (Not ``on``/``off``: YAML
    reads those keys as booleans.)"""

    model_config = _FROZEN
    seed: str
    section: str
    force_on: tuple[SwitchedOption, ...] = ()
    force_off: tuple[SwitchedOption, ...] = ()
    refuse: dict[SwitchedOption, tuple[str, ...]] = {}

    @model_validator(mode="after")
    def _check(self) -> ScenarioRule:
        if any(name in OFF_VALUES for name in self.force_on):
            raise ValueError(f"{self.seed}: only on/off options are forced on")
        if set(self.force_on) & set(self.force_off):
            raise ValueError(f"{self.seed}: an option forced both on and off")
        if any("„" not in MSG.template(self.seed, lang) for lang in ("en", "hu")):
            raise ValueError(f"{self.seed}: a scenario rule quotes the seed's sentence in every language")
        return self


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
    # The seed's sentences switching options for this scenario (option scenario_rules, issue 29).
    rules: tuple[ScenarioRule, ...] = ()
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


# The options that choose the scenario and its opponents' difficulty (the lobby lists them in this order).


def _family_member(family: str, players: int) -> str:
    """The entry of a scenario family for ``players`` seats; any other scenario id is returned as it is."""
    found = [s for s in scenarios().values() if s.family == family]
    if not found:
        return family
    exact = [s.id for s in found if s.seats == players]
    if not exact:
        seats = sorted(s.seats for s in found)
        counts = f"{seats[0]}-{seats[-1]}" if len(seats) > 1 else str(seats[0])
        raise BadOption(MSG("scenario_players", scenario=family, counts=counts, players=players))
    return exact[0]


def forced_options(scenario: Scenario, options: dict[str, Any]) -> dict[str, Any]:
    """The options with the Close Encounters systems the scenario switches on (its ``options``: Quick
    Conquest and the cooperative Doomsday games force ground combat, solo #4's new-features game ground
    combat, boarding, experience and the Alien Technology cards) and, with option scenario_rules=rulebook,
    those its ``rules`` force on; an option its rules keep out is refused with the seed's sentence. The
    exploration-marker options stay the scenario's own (solo.py reads them from the scenario)."""
    forced: dict[str, Any] = {
        k: True for k, v in scenario.options.items() if v and k not in ("warp_points", "doomsday_markers")
    }
    if str(options.get("scenario_rules", RULEBOOK)) == RULEBOOK:
        for rule in scenario.rules:
            check_rule(scenario, rule, options)
            forced.update(dict.fromkeys(rule.force_on, True))
    return {**options, **forced}


def check_rule(scenario: Scenario, rule: ScenarioRule, options: dict[str, Any]) -> None:
    """BadOption quoting the seed when ``options`` ask for what ``rule`` keeps out of the scenario."""
    asked = [
        name for name in rule.force_off if _in_play(name, options.get(name, OFF_VALUES.get(name, False)))
    ]
    asked += [name for name, values in rule.refuse.items() if str(options.get(name)) in values]
    if asked:
        name = asked[0]
        raise BadOption(
            MSG(
                "scenario_rules_out",
                scenario=scenario.id,
                option=name,
                value=_shown(options.get(name)),
                section=rule.section,
                rule=MSG(rule.seed),
            )
        )


def _in_play(name: str, value: Any) -> bool:
    """Whether an option's value puts its system in play (a bare bool reads as on/off for a choice option)."""
    if isinstance(value, bool) or value is None:
        return bool(value)
    return str(value) != OFF_VALUES.get(name, "false")


def _shown(value: Any) -> str:
    """An option value as the player wrote it (JSON's true/false)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


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
        raise BadOption(MSG("unknown_scenario", scenario=repr(sid), choices=", ".join(scenario_ids())))
    if found.seats != players:
        raise BadOption(MSG("scenario_seats", scenario=sid, seats=found.seats, players=players))
    edition = str(options.get("edition", data.DEFAULT_EDITION))
    if (
        found.home_world is not None
        and edition in data.EDITIONS
        and found.home_world not in data.edition_rules(edition).home_world_steps
    ):
        raise BadOption(MSG("scenario_home_worlds", scenario=sid, cp=found.home_world))
    difficulty = str(options.get("difficulty", "normal"))
    if (
        found.opponents is not None
        and found.opponents.type == "doomsday"
        and difficulty not in DM_DIFFICULTIES
    ):
        raise BadOption(MSG("dm_difficulties", choices=", ".join(DM_DIFFICULTIES)))
    if found.alien_vp is not None and difficulty not in _alien_vp_levels():
        raise BadOption(MSG("ap_difficulties", choices=", ".join(_alien_vp_levels())))
    levels = amoeba_tables().difficulty
    if found.opponents is not None and found.opponents.type == "amoeba" and difficulty not in levels:
        raise BadOption(MSG("amoeba_difficulties", choices=", ".join(levels)))
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
