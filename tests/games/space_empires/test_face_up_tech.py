"""A face-up counter shows its type and number of units, never its technology (docs/games/space_empires.md
§9): Colony Ships, Miners, MS Pipelines, Shipyards and Bases are face up from the moment they are built,
but their Attack, Defence, Tactics and Move levels become known to the other players only once they fight
in a battle. ``determinize`` re-draws the technology nobody else has seen."""

from __future__ import annotations

from typing import Any

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.state import SEState

from .helpers import add_unit, hw, start, state, touch, units_of
from .test_groups import finish_econ, to_econ

TECH_KEYS = ("attack_tech", "defense_tech", "tactics", "move_tech")


def _bought(extra_techs: tuple[str, ...], seed: int = 5) -> Match:
    """A 2-player match where seat 0 researches Ship Size (and ``extra_techs``) and buys a Base and a
    Shipyard at its home world in the Economic Phase; seat 1 buys nothing."""
    m = start(2, seed=seed)
    to_econ(m, 150)
    home = hw(m, 0)
    m.apply(0, "bid 0")
    for track in ("ship_size", *extra_techs):
        m.apply(0, f"tech {track}")
    m.apply(0, f"buy Base {home}")
    m.apply(0, f"buy SY {home}")
    m.apply(1, "bid 0")
    finish_econ(m)
    assert state(m).phase != "econ"
    return m


def _base(m: Match) -> Unit:
    (base,) = units_of(m, 0, "Base")
    return base


def _unit_view(obs: dict[str, Any], uid: str) -> dict[str, Any]:
    return next(v for cell in obs["hexes"].values() for v in cell.get("units", []) if v["id"] == uid)


def _fight_at_home(m: Match) -> None:
    """A seat-1 Destroyer appears at seat 0's home world and the battle there opens (§5.0)."""
    s = state(m)
    add_unit(m, 1, "DD", hw(m, 0))
    assert GAME._start_next_battle(s, 1, [])
    GAME._battle_next(s, [])
    touch(m)


def test_planted_secret_a_bought_base_shows_no_technology_to_the_others() -> None:
    plain = _bought(())
    strong = _bought(("attack", "defense", "tactics"))
    base, plain_base = _base(strong), _base(plain)
    assert base.revealed and (base.attack_tech, base.defense_tech, base.tactics) == (1, 1, 1)
    assert (plain_base.attack_tech, plain_base.defense_tech, plain_base.tactics) == (0, 0, 0)
    for viewer in (1, None):
        assert strong.observation(viewer) == plain.observation(viewer)
        assert strong.render_text(viewer) == plain.render_text(viewer)
        assert strong.render_svg(viewer) == plain.render_svg(viewer)
        seen = _unit_view(strong.observation(viewer), base.uid)
        assert seen["kind"] == "Base" and not any(k in seen for k in TECH_KEYS)
        assert GAME.secret(state(strong), viewer)["tech"][base.uid][:3] == [1, 1, 1]
    own = _unit_view(strong.observation(0), base.uid)
    assert (own["attack_tech"], own["defense_tech"], own["tactics"]) == (1, 1, 1)  # the owner sees it
    assert base.uid not in GAME.secret(state(strong), 0)["tech"]


def test_a_battle_shows_the_technology_of_the_units_that_fought() -> None:
    m = _bought(("attack", "defense", "tactics"))
    base = _base(m)
    away = add_unit(m, 0, "Miner", sorted(board.adjacent(2, base.hex))[0])  # face up, built with Attack 1
    _fight_at_home(m)
    at_home = [u for u in state(m).units.values() if u.owner == 0 and u.hex == base.hex]
    assert {"Base", "SY"} <= {u.kind for u in at_home} and all(u.tech_shown for u in at_home)
    for viewer in (1, None):
        seen = _unit_view(m.observation(viewer), base.uid)
        assert (seen["attack_tech"], seen["defense_tech"], seen["tactics"]) == (1, 1, 1)
        assert base.uid not in GAME.secret(state(m), viewer)["tech"]
    assert away.revealed and not away.tech_shown  # it did not fight
    assert not any(k in _unit_view(m.observation(1), away.uid) for k in TECH_KEYS)


def test_the_shown_technology_survives_a_save_and_an_old_save_loads_it_hidden() -> None:
    m = _bought(("attack",))
    _fight_at_home(m)
    s = state(m)
    again = SEState.from_json(s.to_json())
    assert again.units[_base(m).uid].tech_shown
    old = s.to_json()
    for u in old["units"].values():
        del u["tech_shown"]
    assert not any(u.tech_shown for u in SEState.from_json(old).units.values())


def test_a_refit_hides_the_technology_again() -> None:
    m = _bought(("attack",))
    _fight_at_home(m)
    s = state(m)
    s.battle, s.pending = None, []
    scout = units_of(m, 0, "SC")[0]
    scout.revealed = scout.tech_shown = True
    GAME.apply(s, 0, GAME.table.get(f"refit {scout.uid}", (scout.uid,), "refit", (scout.uid,)))
    assert scout.attack_tech == 1 and not scout.tech_shown
    assert not any(k in _unit_view(m.observation(1), scout.uid) for k in TECH_KEYS)


def test_determinize_keeps_the_observation_and_redraws_the_unseen_technology() -> None:
    m = _bought(("attack", "defense", "tactics"))
    base = _base(m)
    drawn: set[tuple[int, int, int]] = set()
    for seed in range(40):
        world = m.determinize(1, seed)
        w = world.state
        assert isinstance(w, SEState)
        assert world.observation(1) == m.observation(1)
        wb = w.units[base.uid]
        techs = w.players[0].techs
        assert wb.attack_tech <= techs["attack"] and wb.defense_tech <= techs["defense"]
        assert wb.tactics <= techs["tactics"]
        assert GAME.invariants(w) == []
        drawn.add((wb.attack_tech, wb.defense_tech, wb.tactics))
        own = m.determinize(0, seed).state
        assert isinstance(own, SEState)
        assert board.build_tech(own.units[base.uid]) == board.build_tech(base)  # its own: kept
    assert len(drawn) > 1  # the Base's technology moves with the re-dealt sheet

    _fight_at_home(m)
    for seed in range(10):
        w = m.determinize(1, seed).state
        assert isinstance(w, SEState)
        assert board.build_tech(w.units[base.uid]) == board.build_tech(base)  # shown: kept


def _head_start(buys: tuple[str, ...]) -> Match:
    """Quick Conquest for 3 (§12.1.5): seat 0 spends its Advanced Start on ``buys``, the others on nothing."""
    m = start(3, seed=5, scenario="quick_conquest_3p")
    while state(m).pending and state(m).pending[-1].kind == "head":
        seat = state(m).pending[-1].seat
        for track in buys if seat == 0 else ():
            m.apply(seat, f"head {track}")
        m.apply(seat, "head done")
    return m


def test_planted_secret_the_advanced_start_technology_of_face_up_starting_units() -> None:
    plain = _head_start(())
    strong = _head_start(("attack", "defense"))
    sy = units_of(strong, 0, "SY")[0]
    assert sy.revealed and (sy.attack_tech, sy.defense_tech) == (1, 1)  # rebuilt with what was bought
    for viewer in (1, 2, None):
        assert strong.observation(viewer) == plain.observation(viewer)
        assert strong.render_text(viewer) == plain.render_text(viewer)
        assert strong.render_svg(viewer) == plain.render_svg(viewer)
    for seed in range(5):
        assert strong.determinize(1, seed).observation(1) == strong.observation(1)
