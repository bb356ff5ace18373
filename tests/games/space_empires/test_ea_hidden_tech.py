"""Empire Advantages: the starting technology of a secret card (docs/games/space_empires.md §10.4) stays
secret in the observation and moves with the card when ``determinize`` re-deals it (``regrant``)."""

from __future__ import annotations

import json
from typing import Any

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import empire_advantages
from galaxis.games.space_empires.systems.empire_advantages import tech_grants

from .helpers import start, state, touch, units_of

TECH_CARDS = ("quick_learners", "expert_tacticians", "cloaking_geniuses")


def _ea(m: Match) -> Any:
    ea = state(m).ea
    assert ea is not None
    return ea


def _dealt(card: str, seed: int = 8) -> Match:
    """A 2-player match whose seat 0 is dealt ``card`` and Star Wolves and keeps ``card`` through the real
    ``ea`` action; seat 1 is dealt Giant Race and Hive Mind and keeps Giant Race (the same in every match)."""
    m = start(2, seed=seed, empire_advantages="deal")
    ea = _ea(m)
    hands = [[card, "star_wolves"], ["giant_race", "hive_mind"]]
    wanted = {c for h in hands for c in h}
    returned = [c for h in ea.hands for c in h if c not in wanted]
    ea.deck[:] = sorted(c for c in ea.deck if c not in wanted) + returned
    ea.hands[:] = hands
    touch(m)
    m.apply(0, f"ea {card}")
    m.apply(1, "ea giant_race")
    assert _ea(m).held == [[card], ["giant_race"]]
    return m


def _hidden_units(m: Match, seat: int) -> list[Any]:
    return [u for u in state(m).units.values() if u.owner == seat and not u.revealed]


def test_a_secret_starting_technology_card_rebuilds_the_face_up_counters_too() -> None:
    """§9: a face-up counter shows no technology until it fights, so the card's levels go into every
    starting unit without showing the card."""
    m = _dealt("quick_learners")
    s = state(m)
    assert s.players[0].techs["attack"] == 1 and s.players[0].techs["defense"] == 1
    assert all(u.attack_tech == 1 and u.defense_tech == 1 for u in _hidden_units(m, 0))  # the Scouts
    face_up = [u for u in s.units.values() if u.owner == 0 and u.revealed]
    assert {u.kind for u in face_up} >= {"CO", "SY"}
    assert all(u.attack_tech == 1 and u.defense_tech == 1 and not u.tech_shown for u in face_up)
    seen = [
        v for cell in m.observation(1)["hexes"].values() for v in cell.get("units", []) if v["owner"] == 0
    ]
    assert {v["kind"] for v in seen} >= {"CO", "SY"} and all("attack_tech" not in v for v in seen)
    assert GAME.invariants(s) == []


def test_planted_secret_a_technology_card_gives_the_same_observation_as_any_other() -> None:
    plain = _dealt("nano_technology")
    for card in TECH_CARDS:
        m = _dealt(card)
        for viewer in (1, None):
            assert m.observation(viewer) == plain.observation(viewer), card
            assert m.render_text(viewer) == plain.render_text(viewer), card
            assert m.render_svg(viewer) == plain.render_svg(viewer), card
        assert m.observation(0) != plain.observation(0)


def test_a_public_card_rebuilds_every_starting_unit() -> None:
    m = start(2, seed=3, empire_advantages="balanced")
    ea = _ea(m)
    if "quick_learners" not in ea.row:
        ea.deck.remove("quick_learners")
        ea.deck.append(ea.row[0])
        ea.row[0] = "quick_learners"
    touch(m)
    seat = m.to_move[0]
    m.apply(seat, "ea_pass")
    winner = m.to_move[0]
    m.apply(winner, "ea_take quick_learners")
    assert all(u.attack_tech == 1 for u in state(m).units.values() if u.owner == winner)


def _consistent(w: SEState, seat: int) -> None:
    """The seat's technology is what its (re-dealt) cards grant, and its face-down units are built with it."""
    assert w.ea is not None
    grants = tech_grants(w.ea.held[seat])
    techs = w.players[seat].techs
    for track in ("attack", "defense", "tactics", "cloaking"):
        assert techs[track] == grants.get(track, 0), (w.ea.held[seat], techs)
    for u in w.units.values():
        if u.owner == seat and not u.revealed:
            assert (u.attack_tech, u.defense_tech, u.tactics) == (
                techs["attack"],
                techs["defense"],
                techs["tactics"],
            )


def test_determinize_moves_the_starting_technology_with_the_re_dealt_card() -> None:
    for card in ("quick_learners", "nano_technology"):
        m = _dealt(card)
        seen: set[bool] = set()
        for seed in range(300):
            if seen == {True, False}:
                break
            world = m.determinize(1, seed)
            w = world.state
            assert isinstance(w, SEState) and w.ea is not None
            assert world.observation(1) == m.observation(1)
            assert GAME.invariants(w) == []
            _consistent(w, 0)
            seen.add(w.players[0].techs["attack"] == 1)
        assert seen == {True, False}, card  # worlds with and without Quick Learners, whatever the real card


def _researched(m: Match, seat: int, track: str, level: int) -> int:
    """Seat ``seat`` researches ``track`` up to ``level`` (paying the base prices); returns the CP paid."""
    s = state(m)
    p = s.players[seat]
    table = data.tech_tracks(s.edition)[track]
    paid = sum(table.level_cost(s.edition, x) for x in range(p.techs[track] + 1, level + 1))
    p.earned += paid + 40
    p.cp += 40
    p.spent += paid
    p.techs[track] = level
    touch(m)
    return paid


def test_regrant_keeps_the_researched_levels_above_the_new_grant_and_their_price() -> None:
    m = _dealt("quick_learners")
    s = state(m)
    edition = s.edition
    attack = data.tech_tracks(edition)["attack"]
    _researched(m, 0, "attack", 2)  # level 2 bought above Quick Learners' level 1
    scout = units_of(m, 0, "SC")[0]
    scout.attack_tech = 2  # a Scout refitted with it
    sy = units_of(m, 0, "SY")[0]
    cp = s.players[0].cp
    empire_advantages.regrant(s, 0, ["quick_learners"], ["nano_technology"])
    p = s.players[0]
    assert p.techs["attack"] == 1 and p.techs["defense"] == 0  # one researched level, now above 0
    assert p.cp == cp + attack.level_cost(edition, 2) - attack.level_cost(
        edition, 1
    )  # the price difference back
    assert p.cp == p.earned - p.spent - p.forfeited
    assert scout.attack_tech == 1 and scout.defense_tech == 0
    assert (sy.attack_tech, sy.defense_tech) == (0, 0)  # face up, but its technology unseen: moved (§9)
    empire_advantages.regrant(s, 0, ["nano_technology"], ["quick_learners"])
    assert (p.techs["attack"], p.techs["defense"], p.cp) == (2, 1, cp)  # and back again
    assert scout.attack_tech == 2 and scout.defense_tech == 1
    assert (sy.attack_tech, sy.defense_tech) == (1, 1)
    sy.tech_shown = True  # it fought: its technology is public and never moves
    empire_advantages.regrant(s, 0, ["quick_learners"], ["nano_technology"])
    assert (sy.attack_tech, sy.defense_tech) == (1, 1) and scout.attack_tech == 1
    assert GAME.invariants(s) == []


def test_regrant_never_goes_below_the_set_up_level() -> None:
    m = _dealt("quick_learners")
    s = state(m)
    _ea(m).start_techs[0]["attack"] = 1  # as if the scenario started seat 0 with Attack 1
    empire_advantages.regrant(s, 0, ["quick_learners"], ["nano_technology"])
    assert s.players[0].techs["attack"] == 1 and s.players[0].techs["defense"] == 0


def test_a_re_deal_that_would_make_the_researched_levels_unaffordable_is_refused() -> None:
    m = _dealt("nano_technology")
    s = state(m)
    _researched(m, 0, "attack", 1)
    p = s.players[0]
    p.cp, p.spent = 0, p.spent + p.cp  # everything else spent: nothing left to pay a dearer level with
    touch(m)
    for seed in range(12):
        w = m.determinize(1, seed).state
        assert isinstance(w, SEState) and w.ea is not None
        assert "quick_learners" not in w.ea.held[0]  # Attack 2 above it would cost more than seat 0 has
        assert w.players[0].cp >= 0 and GAME.invariants(w) == []


def test_the_other_seats_technology_is_absent_from_the_observation() -> None:
    m = _dealt("quick_learners")
    obs = m.observation(1)
    assert "techs" not in obs["players"][0]
    hidden = [
        v
        for cell in obs["hexes"].values()
        for v in cell.get("units", [])
        if v["owner"] == 0 and v["kind"] == "?"
    ]
    assert hidden and all("attack_tech" not in v for v in hidden)
    assert "quick_learners" not in json.dumps(obs)
