"""The victory-point Alien Players' flowchart branches for ground units, Ground Combat, Security Forces and
the Military Academy (docs §13.12.4, issue 9; tables in ``data/ap_flowchart_ground.yaml``).

Hooks (one-line calls from the base Alien Player's modules: sheets.py, moves.py):

- ``note_seen``: the aliens remember the best experience level of the live players' ships they met;
- ``technology``: at a fleet's first combat, before the two-dice table: Security Forces 1 against Boarding
  Ships seen, the Military Academy roll after Veteran (or better) ships seen, the Ground Combat roll at a
  combat over a live player's planet;
- ``ground_units`` / ``leftovers``: the home world's "Földi egys. vásárlása" from the Defence column.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from galaxis.core import Event
from galaxis.games.space_empires.base import combat, data
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.base.text_data import word
from galaxis.games.space_empires.opponents.solo_state import Alien
from galaxis.games.space_empires.systems import ground as _ground
from galaxis.games.space_empires.systems.ground_state import Garrison

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState

SEEN_EXPERIENCE = "experience"  # key of SoloState.seen: the best level of the live players' ships met


class FlowchartGround(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    security_forces_level: int = Field(ge=1)
    academy_seen_level: int = Field(ge=1)
    academy_roll_max: int = Field(ge=1, le=10)
    ground_combat_roll_max: int = Field(ge=1, le=10)
    ground_min_level: int = Field(ge=1)
    ground_min_cp: int = Field(ge=0)
    grav_at_level: int = Field(ge=1)
    grav_count: int = Field(ge=0)
    leftover_unit: dict[int, str]
    transport_loads: dict[int, dict[str, int]]


@cache
def tables() -> FlowchartGround:
    t = FlowchartGround.model_validate(data._load("ap_flowchart_ground.yaml"))
    kinds = set(_ground.unit_types())
    used = set(t.leftover_unit.values()) | {k for load in t.transport_loads.values() for k in load}
    bad = sorted(used - kinds)
    if bad:
        raise ValueError(f"ap_flowchart_ground.yaml: unknown ground units {bad}")
    for level, load in t.transport_loads.items():
        if sum(load.values()) != _ground.CAPACITY:
            raise ValueError(f"ap_flowchart_ground.yaml: the level {level} load must fill a Transport")
    return t


def _vp_alien(state: SEState) -> bool:
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

    return alien_vp.vp_of(state) is not None


def _d10(state: SEState) -> int:
    return combat.roll_d10(state)


# --- what the aliens have seen (§13.12: the "seen" rules) ----------------------------------------------
def note_seen(state: SEState, seen: dict[str, int], v: Unit) -> None:
    """§13.12.4 (flowchart: "Veterán- vagy tapasztaltabb ell. hajókat látott"): with ``experience`` the
    aliens remember the best experience level of the live players' ships they have met in a battle."""
    if state.experience and v.owner >= 0 and v.xp > seen.get(SEEN_EXPERIENCE, 0):
        seen[SEEN_EXPERIENCE] = v.xp


# --- the technology branches (§13.12.4) -----------------------------------------------------------------
def technology(state: SEState, a: Alien, hid: str, events: list[Event]) -> None:
    """§13.12.4: the flowchart's Close Encounters technology branches, checked at a fleet's first combat
    before the two-dice table, in the printed order."""
    if not _vp_alien(state) or state.solo is None:
        return
    seen = state.solo.seen
    security_forces_answer(state, a, seen, events)
    military_academy_roll(state, a, seen, events)
    ground_combat_roll(state, a, hid, events)


def security_forces_answer(state: SEState, a: Alien, seen: dict[str, int], events: list[Event]) -> None:
    """Flowchart: "Ellens. Átszállóhajókat látott" and "Biztonsági erők hiányzik": "1-es Biztons. Erőket
    vesz" (with ``boarding``)."""
    from galaxis.games.space_empires.opponents.sheets import buy_tech

    want = tables().security_forces_level
    if state.boarding and seen.get("boarding", 0) and a.techs.get("security_forces", 0) < want:
        buy_tech(state, a, "security_forces", events)


def military_academy_roll(state: SEState, a: Alien, seen: dict[str, int], events: list[Event]) -> None:
    """Flowchart: "Veterán- vagy tapasztaltabb ell. hajókat látott", "dobás 1-6 eredm.": "Megveszi a
    következő Katonai Akadémia szintet" (with ``experience``)."""
    from galaxis.games.space_empires.opponents.sheets import buy_tech, can_buy_tech

    t = tables()
    if not state.experience or seen.get(SEEN_EXPERIENCE, 0) < t.academy_seen_level:
        return
    if not can_buy_tech(state, a, "military_academy"):
        return
    roll = _d10(state)
    events.append(_roll_event(a, "military_academy", roll, t.academy_roll_max))
    if roll <= t.academy_roll_max:
        buy_tech(state, a, "military_academy", events)


def combat_over_planet(state: SEState, hid: str) -> bool:
    """Flowchart: "Harc zajlik a bolygó felett?": the fleet fights over a live player's colony."""
    col = state.colonies.get(hid)
    return col is not None and col.owner >= 0


def ground_combat_roll(state: SEState, a: Alien, hid: str, events: list[Event]) -> None:
    """Flowchart: "Harc zajlik a bolygó felett?" [DESIGN "dobás 1-4 eredm."]: "Megveszi a következő
    Felszíni harc szintet" (with ``ground_combat``)."""
    from galaxis.games.space_empires.opponents.sheets import buy_tech, can_buy_tech

    t = tables()
    if state.ground is None or not combat_over_planet(state, hid):
        return
    if not can_buy_tech(state, a, _ground.TECH):
        return
    roll = _d10(state)
    events.append(_roll_event(a, _ground.TECH, roll, t.ground_combat_roll_max))
    if roll <= t.ground_combat_roll_max:
        buy_tech(state, a, _ground.TECH, events)


def _event(kind: str, **fields: Any) -> Event:
    """An event with its English text (the Hungarian one is in data/text.yaml as well)."""
    return {"type": kind, **fields, "text": word(kind, "en").format(**fields)}


def _roll_event(a: Alien, tech: str, roll: int, need: int) -> Event:
    return _event("ap_branch_roll", alien=a.owner, tech=tech, roll=roll, need=need)


# --- the expansion fleet's free Transport (§13.12.4) ----------------------------------------------------
def transport_load(state: SEState, a: Alien) -> list[str]:
    """Flowchart (ship purchase, "AP-nak 2-es Felszíni harca van: 5 MAR-t és 1 HI-t vesz", "3-as: 4 MAR-t,
    1 HI-t & 1 GRAV-ot vesz", else "6 INF-et vesz"): the victory-point aliens' free Transport carries this
    mix by their Ground Combat level; [] for the other aliens (their load is §13.13.2's)."""
    if not _vp_alien(state):
        return []
    loads = tables().transport_loads
    load = loads[max(lv for lv in loads if lv <= ground_level(a))]
    return [kind for kind, n in load.items() for _ in range(n)]


def load_text(load: list[str]) -> str:
    """The ground units of a load for the Transport event ("Infantry", or "Marines x5, HeavyInfantry")."""
    kinds = list(dict.fromkeys(load))
    if len(kinds) == 1:
        return kinds[0]
    return ", ".join(f"{k} x{load.count(k)}" if load.count(k) > 1 else k for k in kinds)


# --- "Földi egys. vásárlása": the home world's ground units (§13.12.4) ----------------------------------
def ground_level(a: Alien) -> int:
    return max(1, a.techs.get(_ground.TECH, 1))


def ground_units(state: SEState, a: Alien, events: list[Event]) -> None:
    """Flowchart ("Felszíni harc Tech > 1 és a Védekezés/Bank > 25ÉP-nél", "Földi egys. vásárlása"): when
    the home world spends its Defence column (and bank), an alien with Ground Combat 2 or more and more
    than 25 CP first buys ground units for the home world's garrison: at level 3 "2 Grav vásárlása", then
    "dobás: Ennyi HI vásárlása" (a d10: that many Heavy Infantry), as the CP allow."""
    t = tables()
    if state.ground is None or not _vp_alien(state) or not a.alive:
        return
    level = ground_level(a)
    if level < t.ground_min_level or a.defense_cp < t.ground_min_cp:
        return
    if level >= t.grav_at_level:
        for _ in range(t.grav_count):
            if not _buy_troop(state, a, _ground.GRAV, events):
                break
    roll = _d10(state)
    events.append(_event("ap_ground_roll", alien=a.owner, roll=roll))
    for _ in range(roll):
        if not _buy_troop(state, a, "HeavyInfantry", events):
            break


def leftovers(state: SEState, a: Alien, events: list[Event]) -> None:
    """Flowchart: "Felszíni harc >1: A fennmaradókat HI-ra költi", else "A fennmaradókat Gyalogságra
    költi": the Defence CP the Mines and Bases leave buy ground units for the home world."""
    if state.ground is None or not _vp_alien(state) or not a.alive:
        return
    t = tables()
    level = ground_level(a)
    kind = t.leftover_unit[max(lv for lv in t.leftover_unit if lv <= level)]
    while _buy_troop(state, a, kind, events):
        pass


def _buy_troop(state: SEState, a: Alien, kind: str, events: list[Event]) -> bool:
    """One ground unit from the Defence column into the home world's garrison, if the alien's Ground Combat
    level allows it and the CP suffice."""
    g = state.ground
    spec = _ground.unit_types()[kind]
    if g is None or spec.cost > a.defense_cp or spec.cost <= 0:
        return False
    if any(a.techs.get(k, 1 if k == _ground.TECH else 0) < v for k, v in spec.requires.items()):
        return False
    g.garrisons.setdefault(a.home, Garrison(a.owner, [])).troops.append(kind)
    a.defense_cp -= spec.cost
    a.defense_spent += spec.cost
    events.append(_event("ap_ground_unit", alien=a.owner, hex=a.home, unit=kind))
    return True
