"""The home-set deal of the Close Encounters "4-player Deep Space" scenario (docs/games/space_empires.md
§12.1.3).

Each player takes a chosen part of its home-system markers (seed: the home world, 5 planets, 1 barren
planet and 7 minerals of the 26), places the home world as usual and deals the other markers face down
on random hexes within 3 hexes of it; the rest of the map gets a fixed number of deep-space markers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.hexes import distance, hex_id
from galaxis.games.space_empires.base.state import Marker
from galaxis.games.space_empires.base.system import System

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState


def chosen_set(counts: dict[str, int]) -> list[tuple[str, int]]:
    """§12.1.3: the markers a player keeps from its home set: ``counts`` of each kind; minerals are
    taken by value, highest first (a player never gains by keeping a smaller mineral, so this choice
    is made for the player, [DESIGN])."""
    pool = sorted(
        (m for m in data.markers().home_pool() if m[0] != "home_world"), key=lambda m: (m[0], -m[1])
    )
    out: list[tuple[str, int]] = []
    for kind, count in sorted(counts.items()):
        found = [m for m in pool if m[0] == kind][:count]
        if len(found) != count:
            raise ValueError(f"the home set has only {len(found)} {kind}, not {count}")
        out += found
    return out


def deal_home_sets(state: SEState, scenario: Scenario) -> None:
    """§12.1.3: replaces each seat's dealt home system by its chosen set on random hexes within
    ``home_radius`` hexes of its home world."""
    if scenario.home_set is None:
        return
    hmap = data.hex_map(scenario.map)
    for seat in range(scenario.seats):
        for hid in [h for h, m in state.markers.items() if m.pool == f"home{seat}"]:
            del state.markers[hid]
        pos = "ABCD".index(scenario.homes[seat])
        home = hmap.home_world(pos)
        near = [h for h in hmap.home_system(pos) if distance(h, home) <= scenario.home_radius]
        chosen = chosen_set({str(k): n for k, n in scenario.home_set.items()})
        if len(near) < len(chosen):
            raise ValueError(f"{scenario.id}: {len(chosen)} home markers do not fit in {len(near)} hexes")
        state.rng.shuffle(chosen)
        state.rng.shuffle(near)
        for h, (kind, value) in zip(near, chosen, strict=False):
            state.markers[hex_id(h)] = Marker(kind, value, False, f"home{seat}")


def deal_deep_space(state: SEState, scenario: Scenario) -> None:
    """§12.1.3: exactly ``deep_space_markers`` deep-space markers lie on the map, on random deep-space
    hexes; the rest of the deep-space pool stays in the box (undrawn)."""
    count = scenario.deep_space_markers
    if count is None:
        return
    hexes = sorted(h for h, m in state.markers.items() if m.pool == "deep")
    contents = [(state.markers[h].kind, state.markers[h].value) for h in hexes]
    contents += [(k, int(v)) for k, v in (m.split(":") for m in state.undrawn)]
    for h in hexes:
        del state.markers[h]
    free = sorted(hex_id(h) for h in data.hex_map(scenario.map).deep_space())
    if len(free) < count or len(contents) < count:
        raise ValueError(f"{scenario.id}: {count} deep-space markers do not fit")
    state.rng.shuffle(contents)
    state.rng.shuffle(free)
    for h, (kind, value) in zip(free[:count], contents, strict=False):
        state.markers[h] = Marker(kind, value, False, "deep")
    state.undrawn = [f"{k}:{v}" for k, v in contents[count:]]


# --- the system (base/system.py) ---------------------------------------------------------------------------
def _setup(game: Game, state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    deal_home_sets(state, scenario)  # §12.1.3: the chosen home sets near the home worlds
    deal_deep_space(state, scenario)  # §12.1.3: a fixed number of deep-space markers


SYSTEM = System("home_sets", "§12.1.3", setup=_setup)
