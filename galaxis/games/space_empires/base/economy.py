"""Economy of Space Empires 4X as pure functions [MRB 7, 9]: income, maintenance, carry-over,
shipyard capacity, colony growth and damage, technology prices, the turn-order bid, space wrecks and
black-hole survival."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from galaxis.games.space_empires.base import data


def shipyard_capacity(shipyards: int, shipyard_level: int) -> int:
    """Hull points a hex can build: shipyards x 1 / 1.5 / 2 at Shipyard 1/2/3, rounded down [MRB 9.6]."""
    halves = data.rules_table().shipyard_half_hulls
    if not 1 <= shipyard_level <= len(halves):
        raise ValueError(f"Shipyard technology runs 1-{len(halves)}, not {shipyard_level}")
    if shipyards < 0:
        raise ValueError("the number of shipyards cannot be negative")
    return shipyards * halves[shipyard_level - 1] // 2


def build_hulls(unit_id: str, edition: str = data.DEFAULT_EDITION) -> int:
    """Shipyard hull points a new unit uses: its hull size; Mines, Colony Ships, Miners and MS Pipelines
    use 1; Decoys, Bases and Shipyards use none (they are placed without a shipyard) [MRB 7.6, 8]."""
    unit = data.units(edition)[unit_id]
    if unit_id in ("Decoy", "Base", "SY"):
        return 0
    return max(1, unit.hull)


def gross_income(home_world: int, colonies: Sequence[int], pipeline_links: int = 0, minerals: int = 0) -> int:
    """Home world value + each unblockaded colony's value + 1 per colony chained to the home world by MS
    Pipelines + minerals and wrecks cashed this phase [MRB 7.1-7.2, 13]."""
    if min([home_world, pipeline_links, minerals, *colonies]) < 0:
        raise ValueError("income sources cannot be negative")
    return home_world + sum(colonies) + pipeline_links + minerals


def maintenance(units: Mapping[str, int], edition: str = data.DEFAULT_EDITION) -> int:
    """Sum of hull sizes of the units that pay upkeep (unit id -> count) [MRB 7.3]."""
    table = data.units(edition)
    unknown = set(units) - set(table)
    if unknown:
        raise ValueError(f"unknown unit types {sorted(unknown)}")
    return sum(table[u].upkeep * n for u, n in units.items())


def net_income(gross: int, upkeep: int) -> int:
    """Maintenance beyond income leaves a net income of 0, never a debt [MRB 7.3]."""
    return max(0, gross - upkeep)


def carry_over(unspent: int, edition: str = data.DEFAULT_EDITION) -> int:
    """At most 30 CP carry over to the next Economic Phase [MRB 7.5.2]."""
    return min(max(0, unspent), data.edition_rules(edition).carry_over_cap)


def grow(colony: int) -> int:
    """One growth step: 0 (new) -> 1 -> 3 -> 5 -> 5 [MRB 7.7]."""
    steps = data.rules_table().colony_growth
    if colony not in steps:
        raise ValueError(f"a colony is worth one of {steps}, not {colony}")
    i = steps.index(colony)
    return steps[min(i + 1, len(steps) - 1)]


def bombard_colony(colony: int) -> int | None:
    """One bombardment hit: 5 -> 3 -> 1 -> destroyed (None); a brand-new colony dies at once [MRB 5.10]."""
    steps = data.rules_table().colony_growth
    if colony not in steps:
        raise ValueError(f"a colony is worth one of {steps}, not {colony}")
    i = steps.index(colony)
    return None if i <= 1 else steps[i - 1]


def bombard_home_world(value: int, edition: str = data.DEFAULT_EDITION) -> int | None:
    """One hit on a home world: the next damage step, or None when it is destroyed."""
    steps = data.edition_rules(edition).home_world_steps
    if value not in steps:
        raise ValueError(f"a home world is worth one of {steps}, not {value}")
    i = steps.index(value)
    return steps[i + 1] if i + 1 < len(steps) else None


def repair_home_world(value: int, edition: str = data.DEFAULT_EDITION) -> int:
    """A damaged home world regains one step each Economic Phase."""
    steps = data.edition_rules(edition).home_world_steps
    if value not in steps:
        raise ValueError(f"a home world is worth one of {steps}, not {value}")
    return steps[max(0, steps.index(value) - 1)]


def tech_cost(track: str, level: int, edition: str = data.DEFAULT_EDITION) -> int:
    tracks = data.tech_tracks(edition)
    if track not in tracks:
        raise ValueError(f"{track!r} is not a technology of the {edition} edition")
    return tracks[track].level_cost(edition, level)


def starting_techs(edition: str = data.DEFAULT_EDITION) -> dict[str, int]:
    return {k: t.start for k, t in data.tech_tracks(edition).items()}


def missing_techs(
    unit_id: str, techs: Mapping[str, int], edition: str = data.DEFAULT_EDITION
) -> dict[str, int]:
    """The technology levels a player still lacks to buy ``unit_id`` (empty when it may be bought)."""
    unit = data.units(edition).get(unit_id)
    if unit is None:
        raise ValueError(f"{unit_id!r} is not a unit of the {edition} edition")
    return {t: lvl for t, lvl in unit.requires.items() if techs.get(t, 0) < lvl}


def first_player(bids: Sequence[int], previous_first: int) -> int:
    """The seat that wins the turn-order bid [MRB 7.4]: the highest bid; when every bid is 0 the
    previous first player keeps the choice. Ties among equal top bids are settled in favour of the tied
    seat that comes first in the current order starting from the previous first player (a designed rule:
    the sources do not say)."""
    if any(b < 0 for b in bids):
        raise ValueError("bids cannot be negative")
    top = max(bids)
    if top == 0:
        return previous_first
    n = len(bids)
    return next(s % n for s in range(previous_first, previous_first + n) if bids[s % n] == top)


def space_wreck_tech(roll: int) -> str:
    """The technology a towed Space Wreck gives for a d10 roll [MRB 6.8]."""
    for row in data.rules_table().space_wreck:
        if roll in row.rolls:
            return row.tech
    raise ValueError(f"a d10 roll is 1-10, not {roll}")


def survives_black_hole(roll: int, slingshot: bool = False) -> bool:
    """A ship entering a Black Hole survives on 1-6; the slingshot adds +2 to the roll [MRB 6]."""
    if not 1 <= roll <= 10:
        raise ValueError(f"a d10 roll is 1-10, not {roll}")
    table = data.rules_table()
    modified = roll + (table.black_hole_slingshot_penalty if slingshot else 0)
    return modified <= table.black_hole_survive_max
