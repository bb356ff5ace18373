"""Economy and movement rules [MRB 4, 6, 7, 9]."""

from __future__ import annotations

import pytest

from galaxis.games.space_empires.base import economy, movement


def test_shipyard_capacity() -> None:
    # 2 SYs at Shipyard 1 build 2 hull points: 2 DDs, or 1 CA, or 2 CO, or 2 Mines [MRB 7.6].
    assert economy.shipyard_capacity(2, 1) == 2
    assert economy.shipyard_capacity(3, 2) == 4  # 4.5 rounded down
    assert economy.shipyard_capacity(1, 2) == 1
    assert economy.shipyard_capacity(4, 3) == 8
    assert [economy.build_hulls(u) for u in ("DD", "CA", "CO", "Mine", "Decoy", "Base")] == [1, 2, 1, 1, 0, 0]
    with pytest.raises(ValueError, match="Shipyard technology"):
        economy.shipyard_capacity(1, 4)


def test_income_and_maintenance() -> None:
    assert economy.gross_income(30, [1, 3, 5], pipeline_links=2, minerals=10) == 51
    assert economy.maintenance({"DD": 2, "CA": 1, "SY": 4, "CO": 3}) == 4
    assert economy.net_income(20, 25) == 0
    assert economy.net_income(51, 4) == 47
    assert economy.carry_over(45) == 30 and economy.carry_over(12) == 12
    with pytest.raises(ValueError, match="unknown unit"):
        economy.maintenance({"XX": 1})


def test_colony_growth_and_bombardment() -> None:
    assert [economy.grow(v) for v in (0, 1, 3, 5)] == [1, 3, 5, 5]
    assert [economy.bombard_colony(v) for v in (0, 1, 3, 5)] == [None, None, 1, 3]
    with pytest.raises(ValueError):
        economy.grow(2)


def test_home_world_damage_steps() -> None:
    hw: int | None = 30
    seen = []
    while hw is not None:
        seen.append(hw)
        hw = economy.bombard_home_world(hw)
    assert seen == [30, 20, 10, 5]
    assert economy.bombard_home_world(20, "base2011") == 15
    assert economy.repair_home_world(10) == 20 and economy.repair_home_world(30) == 30


def test_tech_prices_and_prerequisites() -> None:
    assert economy.tech_cost("move", 2) == 20 and economy.tech_cost("move", 3, "base2011") == 30
    techs = economy.starting_techs()
    assert techs["ship_size"] == 1 and techs["move"] == 1 and techs["attack"] == 0
    assert economy.missing_techs("SC", techs) == {}
    assert economy.missing_techs("CA", techs) == {"ship_size": 3}
    with pytest.raises(ValueError, match="not a technology"):
        economy.tech_cost("boarding", 1, "base2011")
    with pytest.raises(ValueError, match="not a unit"):
        economy.missing_techs("TN", techs, "base2011")


def test_turn_order_bid() -> None:
    assert economy.first_player([0, 0, 0], previous_first=2) == 2
    assert economy.first_player([3, 5, 1], previous_first=0) == 1
    # Tie between seats 0 and 2: from previous first player 1 the order is 1, 2, 0.
    assert economy.first_player([4, 0, 4], previous_first=1) == 2


def test_space_wreck_and_black_hole() -> None:
    assert [economy.space_wreck_tech(r) for r in range(1, 11)] == [
        "ship_size",
        "ship_size",
        "attack",
        "attack",
        "defense",
        "defense",
        "tactics",
        "move",
        "move",
        "shipyard",
    ]
    assert [economy.survives_black_hole(r) for r in (1, 6, 7, 10)] == [True, True, False, False]
    assert economy.survives_black_hole(4, slingshot=True) and not economy.survives_black_hole(
        5, slingshot=True
    )


def test_movement_allowances() -> None:
    assert [movement.hexes_per_turn("DD", 3, t) for t in (1, 2, 3)] == [1, 2, 2]
    assert [movement.hexes_per_turn("CA", 7, t) for t in (1, 2, 3)] == [3, 3, 3]
    assert movement.hexes_per_turn("CO", 6, 3) == 1 and movement.hexes_per_turn("Mine", 4, 1) == 1
    assert movement.hexes_per_turn("SY", 4, 1) == 0 and movement.hexes_per_turn("Base", 4, 2) == 0
    assert movement.hexes_per_turn("BC", 1, 1, fast=True) == 2
    assert movement.hexes_per_turn("BC", 1, 2, fast=True) == 1
    with pytest.raises(ValueError, match="Move technology"):
        movement.hexes_per_turn("DD", 7, 1, "base2011")
    assert movement.must_stop("nebula", True) and movement.must_stop(None, False)
    assert not movement.must_stop(None, True)
