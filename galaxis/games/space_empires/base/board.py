"""Queries on a Space Empires state: where units are, who blockades, what a hex is like.

Pure reads of ``SEState``; the rules module changes the state.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.hexes import hex_id, neighbours, parse_hex_id
from galaxis.games.space_empires.base.state import (
    ALIEN_BASE,
    ALIEN_LETTERS,
    CAPITOL,
    DOOMSDAY,
    DOOMSDAY_LETTER,
    Unit,
)

if TYPE_CHECKING:
    from galaxis.games.space_empires.opponents.solo_state import Alien
    from galaxis.games.space_empires.state import SEState

SEATS = "abcd"
NPA = -1


def opponent_letter(owner: int) -> str:
    """The unit-id letter of an automated opponent: ``m`` for the Doomsday Machines, one letter per alien
    empire (§13)."""
    return DOOMSDAY_LETTER if owner == DOOMSDAY else ALIEN_LETTERS[ALIEN_BASE - owner]


def counters_on_map(state: SEState, owner: int, kind: str) -> int:
    """The counters of ``kind`` an automated opponent has on the map (it has no build queue; the counter
    mix limits it too, §7.5)."""
    return len({counter_of(u) for u in state.units.values() if u.owner == owner and u.kind == kind})


def alien_empire(state: SEState, owner: int) -> Alien | None:
    """The Alien Player empire ``owner`` of a solo scenario, if it is one (§13.5)."""
    solo = state.solo
    return None if solo is None else next((a for a in solo.aliens if a.owner == owner), None)


# Unit types this version lets players buy (see docs/games/space_empires.md, "Status").
BUYABLE = (
    "CV",
    "F",
    "SC",
    "DD",
    "CA",
    "BC",
    "BB",
    "DN",
    "TN",
    "R",
    "SW",
    "CO",
    "Miner",
    "MSP",
    "Mine",
    "Decoy",
    "SY",
    "Base",
)
# Technology tracks this version lets players buy: the ones whose effects are implemented.
BUYABLE_TECHS = (
    "ship_size",
    "attack",
    "defense",
    "tactics",
    "move",
    "shipyard",
    "terraforming",
    "mines",
    "minesweeping",
    "cloaking",
    "scanners",
    "fighters",
    "point_defense",
    "exploration",
)
NPA_KINDS = ("NPA-B", "NPA-C", "NPA-D")
# Solo opponents' counters: a Doomsday Machine and an alien fleet before its first combat (solo.py), a
# Space Amoeba (amoeba.py).
OPPONENT_KINDS = ("DM", "APF", "AM")
# Bids are offered from 0 up to this many CP (§7.3, designed bound to keep the choice list short).
MAX_BID = 10


@cache
def board_hexes(players: int) -> frozenset[str]:
    return frozenset(hex_id(h) for h in data.hex_map(players).hexes)


@cache
def adjacent(players: int, hid: str) -> tuple[str, ...]:
    board = board_hexes(players)
    return tuple(n for n in (hex_id(h) for h in neighbours(parse_hex_id(hid))) if n in board)


def is_combat_kind(kind: str) -> bool:
    if kind in NPA_KINDS or kind in OPPONENT_KINDS:
        return True
    unit = data.unit_table_by_id().get(kind)
    return unit is not None and unit.combat


def units_at(state: SEState, hid: str) -> list[Unit]:
    return [u for u in state.units.values() if u.hex == hid]


def allied(state: SEState, a: int, b: int) -> bool:
    """Owners on one side: the same owner, or, in the cooperative scenarios, two live players or a
    live player and the Galactic Capitol (docs §13.10)."""
    if a == b:
        return True
    solo = state.solo
    if solo is not None and solo.teams:  # §12.1: two live players of one team are allies
        return a >= 0 and b >= 0 and solo.teams[a] == solo.teams[b]
    if state.solo is None or state.solo.coop is None:
        return False
    return (a >= 0 or a == CAPITOL) and (b >= 0 or b == CAPITOL)


def enemies_at(state: SEState, hid: str, seat: int) -> list[Unit]:
    return [u for u in state.units.values() if u.hex == hid and not allied(state, u.owner, seat)]


def enemy_combat_at(state: SEState, hid: str, seat: int) -> list[Unit]:
    return [u for u in enemies_at(state, hid, seat) if is_combat_kind(u.kind)]


def friendly_combat_at(state: SEState, hid: str, seat: int) -> list[Unit]:
    return [u for u in state.units.values() if u.hex == hid and u.owner == seat and is_combat_kind(u.kind)]


def has_friendly_combat(state: SEState, hid: str, seat: int) -> bool:
    """``bool(friendly_combat_at(...))``, stopping at the first such unit."""
    return any(u.hex == hid and u.owner == seat and is_combat_kind(u.kind) for u in state.units.values())


def terrain(state: SEState, hid: str) -> str:
    """ "nebula" or "asteroids" for a face-up marker of that kind, otherwise "open"."""
    m = state.markers.get(hid)
    if m is not None and m.face_up and m.kind in ("nebula", "asteroids"):
        return m.kind
    return "open"


def explored(state: SEState, hid: str) -> bool:
    m = state.markers.get(hid)
    return m is None or m.face_up


def cloaked(state: SEState, u: Unit) -> bool:
    """A Raider is cloaked unless it is in a Nebula or an enemy Destroyer in its hex has Scanners at
    least equal to its Cloaking level [MRB 16]."""
    if u.kind != "R" or u.level < 1 or terrain(state, u.hex) == "nebula":
        return False
    return not any(v.kind == "DD" and v.level >= u.level for v in enemies_at(state, u.hex, u.owner))


def visible_enemy_combat_at(state: SEState, hid: str, seat: int) -> list[Unit]:
    """Enemy combat units in the hex that are not cloaked: the ones that stop movement and fight."""
    return [v for v in enemy_combat_at(state, hid, seat) if not cloaked(state, v)]


def blockaded(state: SEState, hid: str, seat: int) -> bool:
    """A colony with an enemy combat unit in its hex earns nothing [MRB 7.2]; a cloaked Raider
    blockades only where the colony's owner has no unit [MRB 16]."""
    enemies = enemy_combat_at(state, hid, seat)
    if any(not cloaked(state, v) for v in enemies):
        return True
    return bool(enemies) and not any(u.owner == seat for u in units_at(state, hid))


def home_world_hex(state: SEState, seat: int) -> str | None:
    for hid, col in state.colonies.items():
        if col.owner == seat and col.home:
            return hid
    return None


def unit_cost(kind: str) -> int:
    unit = data.unit_table_by_id().get(kind)
    return unit.cost if unit is not None else 0


def tech_value(state: SEState, seat: int) -> int:
    """CP price of the technology levels ``seat`` holds above the starting levels."""
    total = 0
    for track, tech in data.tech_tracks(state.edition).items():
        for level in range(tech.start + 1, state.players[seat].techs.get(track, tech.start) + 1):
            total += tech.level_cost(state.edition, level)
    return total


def empire_value(state: SEState, seat: int) -> int:
    """Colonies' values, the CP cost of the units alive and the price of the technology held: the
    designed score at the cycle limit (§8)."""
    colonies = sum(c.value for c in state.colonies.values() if c.owner == seat)
    fleet = sum(unit_cost(u.kind) for u in state.units.values() if u.owner == seat)
    return colonies + fleet + tech_value(state, seat)


def pipeline_linked(state: SEState, seat: int) -> set[str]:
    """Hexes joined to ``seat``'s home world by a chain of hexes that each hold one of its MS Pipelines
    (every hex on the way, the colony's own included, the home world excluded) [MRB 7.1, 13]."""
    home = home_world_hex(state, seat)
    if home is None:
        return set()
    piped = {u.hex for u in state.units.values() if u.owner == seat and u.kind == "MSP"}
    players = len(state.players)
    seen: set[str] = set()
    todo = [home]
    while todo:
        for n in adjacent(players, todo.pop()):
            if n in piped and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def carried(state: SEState, carrier_uid: str) -> list[Unit]:
    """The fighters aboard a Carrier (a fighter's ``cargo`` names its carrier)."""
    return [u for u in state.units.values() if u.kind == "F" and u.cargo == carrier_uid]


def alive_seats(state: SEState) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.alive]


# --- counters (groups, §4) ----------------------------------------------------------------------------
@cache
def uid_key(uid: str) -> tuple[str, int, int]:
    """Sort key of a unit or counter id: ``a7`` < ``a7.2`` < ``a12`` (parsed once per id)."""
    head, _, sub = uid[1:].partition(".")
    return uid[0], int(head), int(sub) if sub else 0


def counter_of(u: Unit) -> str:
    return u.counter or u.uid


def group_size(kind: str) -> int:
    """How many units one counter of ``kind`` may hold (data/units.yaml ``group``)."""
    t = data.unit_table_by_id().get(kind)
    return t.group if t is not None else 1


def counters(units: Iterable[Unit]) -> dict[str, list[Unit]]:
    """The units grouped by counter, counters and their units in id order."""
    out: dict[str, list[Unit]] = {}
    for u in sorted(units, key=lambda v: uid_key(v.uid)):
        out.setdefault(counter_of(u), []).append(u)
    return dict(sorted(out.items(), key=lambda kv: uid_key(kv[0])))


def counter_units(state: SEState, cid: str) -> list[Unit]:
    return sorted((u for u in state.units.values() if counter_of(u) == cid), key=lambda v: uid_key(v.uid))


def build_tech(u: Unit) -> tuple[int, int, int, int, int]:
    """The technology a unit was built (or refitted) with: units of one counter share it."""
    return u.attack_tech, u.defense_tech, u.tactics, u.move_tech, u.level


def counters_in_use(state: SEState, seat: int, kind: str) -> int:
    """Counters of ``kind`` on the map plus those bought this phase as new counters (§7.5)."""
    on_map = {counter_of(u) for u in state.units.values() if u.owner == seat and u.kind == kind}
    queued = sum(1 for q in state.players[seat].queue if q[0] == kind and len(q) < 3)
    return len(on_map) + queued


def free_member_id(state: SEState, cid: str) -> str:
    """A new unit id inside counter ``cid``: ``cid.k`` with the smallest free k >= 2."""
    k = 2
    while f"{cid}.{k}" in state.units:
        k += 1
    return f"{cid}.{k}"
