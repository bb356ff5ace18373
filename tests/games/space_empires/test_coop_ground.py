"""Ground units in the cooperative Doomsday scenarios (docs/games/space_empires.md §13.10): the seed
plays them with ground units, so ground combat is forced on; the Galactic Capitol is never bombarded or
invaded by the players; capturing a non-player alien colony costs the machines 2 victory points."""

from __future__ import annotations

import pytest

from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.opponents.solo_state import CAPITOL
from galaxis.games.space_empires.state import Step
from galaxis.games.space_empires.systems import ground
from galaxis.games.space_empires.systems.ground_state import Invasion, Trooper

from .helpers import add_unit, start, state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ground_combat_is_forced_on(players: int) -> None:
    m = start(players, seed=4, scenario=f"coop_dm_{players}p", ground_combat=False)
    s = state(m)
    assert s.ground is not None
    assert "ground_combat" in coop.extra_techs(s) or "ground_combat" in ground.extra_techs(s)
    assert "T" in ground.extra_units(s)


def test_the_capitol_is_never_bombarded_or_invaded_by_the_players() -> None:
    m = start(2, seed=4, scenario="coop_dm_2p")
    s = state(m)
    capitol = s.solo.coop.capitol  # type: ignore[union-attr]
    assert s.colonies[capitol].owner == CAPITOL and s.colonies[capitol].value == 5
    add_unit(m, 0, "DD", capitol)
    s.handled = []
    assert GAME._start_bombardment(s, 0) is False
    assert not any(p.kind == "bomb" for p in s.pending)
    assert ground.land_actions(GAME, s, Step("bomb", 0, {"hex": capitol, "left": []})) == []


def _captured_npa_planet(scenario: str, players: int) -> tuple[int, list[dict[str, object]]]:
    m = start(players, seed=4, scenario=scenario, ground_combat=True)
    s = state(m)
    assert s.ground is not None
    s.ground.invasion = Invasion("9.5", 0, ground.NPA, 1, [Trooper("g1", "Infantry", 0, 0, 0)], [], False)
    events: list[dict[str, object]] = []
    ground.finish(GAME, s, events)  # the invader's unit survives: the planet is captured
    assert s.colonies["9.5"].owner == 0
    vp = s.solo.coop.vp if s.solo is not None and s.solo.coop is not None else 0
    return vp, events


def test_capturing_a_non_player_alien_colony_costs_the_machines_two_points() -> None:
    vp, events = _captured_npa_planet("coop_dm_2p", 2)
    assert vp == -2
    assert {
        "type": "doomsday_vp",
        "points": -2,
        "why": "npa_colony_captured",
        "hex": "9.5",
        "total": -2,
    } in events


def test_no_victory_points_outside_the_cooperative_scenarios() -> None:
    vp, events = _captured_npa_planet("standard", 2)
    assert vp == 0 and not any(e["type"] == "doomsday_vp" for e in events)


def test_a_reduced_capitol_regrows_to_at_most_five_cp() -> None:
    """The seed: bombarded, it loses levels and regrows like a colony, at most to 5 CP, in the Economic
    Phase (no player may bombard it here; the growth rule is the ordinary one of §7.7)."""
    m = start(2, seed=4, scenario="coop_dm_2p")
    s = state(m)
    capitol = s.colonies[s.solo.coop.capitol]  # type: ignore[union-attr]
    capitol.value = 1
    seen = []
    for _ in range(3):
        GAME._finish_econ(s, s.first, [])
        seen.append(capitol.value)
    assert seen == [3, 5, 5]
    assert capitol.owner == CAPITOL and not capitol.income


def test_the_capitol_raises_militia_like_a_five_cp_colony() -> None:
    """Were ground units to attack it, the Capitol defends with Militia like any 5 CP colony (§10.1: one
    per CP); the invader here is planted, since no player may invade it in these scenarios."""
    m = start(2, seed=4, scenario="coop_dm_2p")
    s = state(m)
    hid = s.solo.coop.capitol  # type: ignore[union-attr]
    t = add_unit(m, 0, "T", hid)
    s.ground.aboard[t.uid] = ["Infantry"]  # type: ignore[union-attr]
    s.pending.append(Step("bomb", 0, {"hex": hid, "left": []}))
    events: list[dict[str, object]] = []
    ground.land(GAME, s, 0, events)
    landing = next(e for e in events if e["type"] == "landing")
    assert landing["defender"] == CAPITOL and landing["defenders"] == ["Militia"] * 5


def test_the_rule_book_edition_is_refused_clearly() -> None:
    """Ground units exist only in Close Encounters: the scenarios that force them need that edition."""
    from galaxis.core.errors import BadOption

    with pytest.raises(BadOption, match="Close Encounters edition"):
        start(2, scenario="coop_dm_2p", edition="base2011")
