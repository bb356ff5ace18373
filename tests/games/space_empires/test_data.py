"""Data tables by edition: units, technologies, movement, markers and maps, checked against the
reference fact sheet (/work/shared/reference/space_empires.md) and the seed's distances."""

from __future__ import annotations

import pytest

from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.hexes import distance, hex_id, neighbours, parse_hex_id


def test_editions() -> None:
    assert data.DEFAULT_EDITION == "ce"
    with pytest.raises(ValueError, match="unknown edition"):
        data.units("agt2021")
    base, ce = data.units("base2011"), data.units("ce")
    assert set(ce) - set(base) == {"TN", "BD", "T", "FS"}
    assert "ground_combat" in data.tech_tracks("ce") and "ground_combat" not in data.tech_tracks("base2011")


@pytest.mark.parametrize(
    ("uid", "cost", "cls", "attack", "defense", "hull", "requires"),
    [
        ("SC", 6, "E", 3, 0, 1, {}),
        ("DD", 9, "D", 4, 0, 1, {"ship_size": 2}),
        ("CA", 12, "C", 4, 1, 2, {"ship_size": 3}),
        ("BC", 15, "B", 5, 1, 2, {"ship_size": 4}),
        ("BB", 20, "A", 5, 2, 3, {"ship_size": 5}),
        ("DN", 24, "A", 6, 3, 3, {"ship_size": 6}),
        ("TN", 32, "A", 7, 3, 5, {"ship_size": 7}),
        ("R", 12, "A", 4, 0, 2, {"cloaking": 1}),
        ("CV", 12, "E", 3, 0, 1, {"fighters": 1}),
        ("F", 5, "B", 5, 0, 1, {"fighters": 1}),
        ("SW", 6, "E", 1, 0, 1, {"minesweeping": 1}),
        ("BD", 12, "F", 5, 0, 2, {"boarding": 1}),
        ("T", 6, "E", 1, 1, 1, {"ground_combat": 1}),
        ("Base", 12, "A", 7, 2, 3, {"ship_size": 2}),
        ("SY", 6, "C", 3, 0, 1, {}),
        ("FS", 0, "B", 4, 1, 3, {}),
    ],
)
def test_unit_stats(
    uid: str, cost: int, cls: str, attack: int, defense: int, hull: int, requires: dict[str, int]
) -> None:
    u = data.units("ce")[uid]
    assert (u.cost, u.cls, u.attack, u.defense, u.hull, dict(u.requires)) == (
        cost,
        cls,
        attack,
        defense,
        hull,
        requires,
    )


def test_non_combat_units_and_upkeep() -> None:
    units = data.units()
    for uid, cost in {"CO": 8, "Miner": 5, "MSP": 3, "Mine": 5, "Decoy": 1}.items():
        assert units[uid].cost == cost and units[uid].cls is None and units[uid].upkeep == 0
    assert units["DN"].upkeep == 3 and units["SY"].upkeep == 0 and units["Base"].upkeep == 0


def test_level_dependent_stats() -> None:
    f = data.units()["F"]
    assert [(f.attack_at(lv), f.defense_at(lv)) for lv in (1, 2, 3)] == [(5, 0), (6, 0), (7, 1)]
    r = data.units()["R"]
    assert (r.attack_at(1), r.attack_at(2), r.uncloaked_cls) == (4, 5, "D")
    assert data.units()["BD"].attack_at(2) == 6


@pytest.mark.parametrize(
    ("track", "base", "ce"),
    [
        ("ship_size", [10, 15, 20, 25, 30], [10, 15, 20, 20, 20, 30]),
        ("attack", [20, 30, 40], [20, 30, 25]),
        ("defense", [20, 30, 40], [20, 30, 25]),
        ("move", [20, 30, 40, 40, 40], [20, 25, 25, 25, 20, 20]),
        ("shipyard", [20, 30], [20, 25]),
        ("terraforming", [25], [20, 25]),
        ("mines", [20], [30]),
        ("minesweeping", [10, 20], [10, 15, 20]),
        ("cloaking", [30, 40], [30, 30]),
        ("scanners", [20, 30], [20, 20]),
        ("point_defense", [20, 25, 30], [20, 20, 20]),
    ],
)
def test_tech_costs(track: str, base: list[int], ce: list[int]) -> None:
    t = data.techs()[track]
    assert list(t.costs("base2011")) == base and list(t.costs("ce")) == ce


def test_tech_levels() -> None:
    ss = data.techs()["ship_size"]
    assert ss.max_level("base2011") == 6 and ss.max_level("ce") == 7
    assert ss.level_cost("ce", 7) == 30
    with pytest.raises(ValueError, match="no level 7"):
        ss.level_cost("base2011", 7)
    with pytest.raises(ValueError, match="no level 1"):
        ss.level_cost("ce", 1)


def test_movement_chart() -> None:
    # The seed's movement chart: hexes per turn 1/2/3 for Move 1..7.
    chart = [(1, 1, 1), (1, 1, 2), (1, 2, 2), (2, 2, 2), (2, 2, 3), (2, 3, 3), (3, 3, 3)]
    assert [tuple(r) for r in data.edition_rules("ce").movement] == chart
    assert [tuple(r) for r in data.edition_rules("base2011").movement] == chart[:6]


def test_home_world_values() -> None:
    assert data.edition_rules("ce").home_world == 30
    assert data.edition_rules("base2011").home_world == 20
    assert list(data.edition_rules("ce").home_world_steps) == [30, 20, 10, 5]


def test_marker_pools() -> None:
    home = data.markers().home_pool()
    assert len(home) == 26 and home[0] == ("home_world", 0)
    kinds = [k for k, _ in home]
    assert (kinds.count("planet"), kinds.count("barren"), kinds.count("black_hole")) == (8, 1, 1)
    assert (kinds.count("nebula"), kinds.count("asteroids"), kinds.count("minerals")) == (2, 2, 11)
    deep = data.markers().deep_pool()
    assert len(deep) >= 94  # the 4-player Deep Space scenario draws 94
    assert sorted(v for k, v in deep if k == "warp_point") == [1, 1, 1, 2, 2, 2]
    assert [k for k, _ in deep].count("doomsday") == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_maps_honour_the_seed_distances(players: int) -> None:
    m = data.hex_map(players)
    assert m.designed
    hws = [m.home_world(s) for s in range(players)]
    for seat, hw in enumerate(hws):
        home = m.home_system(seat)
        assert len(home) == 25
        assert all(distance(h, hw) <= 3 for h in home)
        assert all(m.owner_of(h) == seat for h in [*home, hw])
    assert all(min(distance(h, w) for w in hws) <= 7 for h in m.deep_space())
    assert len(m.deep_space()) >= 17
    assert m.owner_of(m.deep_space()[0]) is None


def test_four_player_map_holds_the_deep_space_scenario() -> None:
    assert len(data.hex_map(4).deep_space()) >= 94


def test_bad_map_rejected() -> None:
    good = data.hex_map(2)
    rows = list(good.rows)
    rows[0] = rows[0].replace("1", ".", 1)
    with pytest.raises(ValueError, match="25 home-system hexes"):
        data.HexMap(players=2, designed=True, rows=tuple(rows))
    with pytest.raises(ValueError, match="no map"):
        data.hex_map(5)


def test_hex_geometry() -> None:
    assert distance((0, 0), (0, 0)) == 0
    assert all(distance((4, 4), n) == 1 for n in neighbours((4, 4)))
    assert all(distance((3, 5), n) == 1 for n in neighbours((3, 5)))
    assert distance((0, 0), (0, 2)) == 2 and distance((0, 0), (3, 0)) == 3
    assert parse_hex_id(hex_id((12, 3))) == (12, 3)
    with pytest.raises(ValueError, match="not a hex id"):
        parse_hex_id("a.b")
