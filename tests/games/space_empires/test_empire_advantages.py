"""Empire Advantage cards (docs/games/space_empires.md §10.4) and the 3-player 2 v 1 game (§12.1.4):
the card data, every operation, dealing and keeping as atomic secret steps, secrecy (observations,
triggers, colony capture, determinization, a planted secret) and full games by random and heuristic seats."""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml

from galaxis.core import Event, Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import economy
from galaxis.games.space_empires.base.hexes import hex_id, neighbours, parse_hex_id
from galaxis.games.space_empires.base.state import Battle, Colony
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import alliances, empire_advantages, ground
from galaxis.games.space_empires.systems.empire_advantages import OPS, cards
from galaxis.games.space_empires.systems.ground_state import Invasion, Trooper

from .helpers import add_unit, bots_play_to_the_end, hw, put_marker, start, state, touch, units_of


def _ea(m: Match) -> Any:
    ea = state(m).ea
    assert ea is not None
    return ea


def _give(m: Match, seat: int, card: str) -> None:
    """Plants ``card`` among ``seat``'s Empire Advantages (wherever it was dealt), with its keep effects."""
    ea = _ea(m)
    for slot in [ea.deck, *ea.hands, *ea.held, *ea.discarded, ea.pool]:
        if card in slot:
            slot.remove(card)
    ea.held[seat].append(card)
    empire_advantages.keep_effects(GAME, state(m), seat, card)
    touch(m)


def _keep_first(m: Match) -> None:
    """Every seat keeps the first card it is offered until the dealing steps are over."""
    while state(m).pending and state(m).pending[-1].kind in empire_advantages.STEP_KINDS:
        seat = m.to_move[0]
        m.apply(seat, m.legal_actions(seat)[0])


def _ea_match(players: int = 2, seed: int = 1, **options: Any) -> Match:
    """A match with the option on, every seat's dealt cards discarded (so tests plant what they need)."""
    m = start(players, seed=seed, empire_advantages="deal", **options)
    _keep_first(m)
    ea = _ea(m)
    for seat in range(players):
        ea.deck += ea.held[seat]
        ea.held[seat] = []
    touch(m)
    return m


# --- data ----------------------------------------------------------------------------------------------------
def test_the_25_cards_and_their_operations() -> None:
    table = cards()
    assert [c.number for c in table.values()] == list(range(31, 56))
    assert {e.op for c in table.values() for e in c.effects} == set(OPS)  # every operation is used
    assert table["industrious_race"].name_hu == "Szorgalmas faj"  # the seed's name
    assert table["industrious_race"].effects[0].op == "colonize"
    assert "asteroids" in table["industrious_race"].effects[0].terrain
    assert all(c.name_hu and c.name != c.name_hu for c in table.values())


def test_bad_card_data_is_refused() -> None:
    with open(empire_advantages.DATA_FILE, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh)
    bad_op = json.loads(json.dumps(raw))
    bad_op["cards"][0]["effects"] = [{"op": "teleport"}]
    with pytest.raises(ValueError):
        empire_advantages.validate(bad_op)
    bad_field = json.loads(json.dumps(raw))
    bad_field["cards"][0]["effects"] = [{"op": "start_cp", "cp": 5, "percent": 50}]
    with pytest.raises(ValueError, match="takes no"):
        empire_advantages.validate(bad_field)
    short = {**raw, "cards": raw["cards"][:24]}
    with pytest.raises(ValueError, match="25 cards"):
        empire_advantages.validate(short)
    unknown_unit = json.loads(json.dumps(raw))
    unknown_unit["cards"][0]["effects"] = [{"op": "extra_hit", "classes": ["XX"]}]
    with pytest.raises(ValueError, match="unknown"):
        empire_advantages.validate(unknown_unit)


# --- dealing -----------------------------------------------------------------------------------------------
def test_option_deals_two_and_each_seat_keeps_one_in_secret() -> None:
    m = start(3, seed=2, empire_advantages="deal")
    ea = _ea(m)
    assert [len(h) for h in ea.hands] == [2, 2, 2]
    assert m.to_move == (0,) and [s.kind for s in state(m).pending] == ["ea_keep"] * 3
    for seat in range(3):
        assert m.to_move == (seat,)
        legal = m.legal_actions(seat)
        assert sorted(a.args[0] for a in legal) == sorted(ea.hands[seat])
        assert not GAME.action_is_public(state(m), seat, legal[0])
        card = legal[1].args[0]
        other = legal[0].args[0]
        m.apply(seat, legal[1])
        assert ea.held[seat] == [card] and ea.discarded[seat] == [other] and ea.hands[seat] == []
    assert not state(m).pending and state(m).phase == "move"
    assert "Empire Advantage" in m.describe(f"ea {ea.held[0][0]}") and "Birodalmi" in m.describe(
        f"ea {ea.held[0][0]}", "hu"
    )


def test_option_is_refused_outside_the_competitive_games() -> None:
    from galaxis.core.errors import BadOption

    with pytest.raises(BadOption, match="competitive"):
        start(1, scenario="solo_dm", empire_advantages="deal")


def test_cards_needing_ground_combat_are_in_the_deck_only_with_it() -> None:
    off = start(2, empire_advantages="deal")
    on = start(2, empire_advantages="deal", ground_combat=True)
    every_off = {c for slot in [_ea(off).deck, *_ea(off).hands] for c in slot}
    every_on = {c for slot in [_ea(on).deck, *_ea(on).hands] for c in slot}
    assert "and_we_still_carry_swords" not in every_off and len(every_off) == 23
    assert "and_we_still_carry_swords" in every_on and len(every_on) == 25


def test_three_player_lone_player_draws_six_and_keeps_four_one_at_a_time() -> None:
    m = start(3, seed=4, scenario="ce_3p_2v1")
    ea = _ea(m)
    assert [len(h) for h in ea.hands] == [0, 0, 6]
    for n in range(4):
        assert m.to_move == (2,) and state(m).pending[-1].data == {"keep": 4 - n}
        m.apply(2, m.legal_actions(2)[0])
    assert len(ea.held[2]) == 4 and len(ea.discarded[2]) == 2 and ea.held[0] == ea.held[1] == []
    assert not state(m).pending


def test_four_player_team_picks_from_a_pool_of_four_and_the_lone_player_keeps_one_of_three() -> None:
    m = start(4, seed=4, scenario="ce_4p_3v1")
    ea = _ea(m)
    assert len(ea.pool) == 4 and ea.pool_seats == [0, 1, 2] and len(ea.hands[3]) == 3
    pool = list(ea.pool)
    for seat in (0, 1, 2):
        assert m.to_move == (seat,) and state(m).pending[-1].kind == "ea_pick"
        assert sorted(a.args[0] for a in m.legal_actions(seat)) == sorted(ea.pool)
        m.apply(seat, m.legal_actions(seat)[0])
    assert len(ea.pool) == 1 and all(len(ea.held[s]) == 1 for s in (0, 1, 2))
    assert m.to_move == (3,)
    m.apply(3, m.legal_actions(3)[0])
    assert len(ea.held[3]) == 1 and len(ea.discarded[3]) == 2
    obs = m.observation(1)["empire_advantages"]
    assert obs["held"][0] == ea.held[0] and obs["pool"] == ea.pool  # team mates see the pool's cards
    lone = json.dumps(m.observation(3))
    assert not any(c in lone for c in pool)  # the lone player never saw the pool


# --- the operations ----------------------------------------------------------------------------------------
def _battle(m: Match, attacker: int, defender: int, round_no: int) -> None:
    state(m).battle = Battle("5.5", attacker, defender, round_no, [], -1, "open")


def _two_ships(m: Match, kinds: tuple[str, str] = ("DD", "DD")) -> tuple[Any, Any]:
    s = state(m)
    for p in s.players:
        p.techs["ship_size"] = 3
    a = add_unit(m, 0, kinds[0], "5.5", revealed=True)
    b = add_unit(m, 1, kinds[1], "5.5", revealed=True)
    return a, b


def test_modify_attack_in_the_first_round_only() -> None:
    m = _ea_match()
    a, _ = _two_ships(m)
    _battle(m, 0, 1, 1)
    base = GAME._as_combatant(state(m), a).attack
    _give(m, 0, "fearless_race")
    assert GAME._as_combatant(state(m), a).attack == base + 1
    state(m).battle.round = 2  # type: ignore[union-attr]
    assert GAME._as_combatant(state(m), a).attack == base


def test_modify_by_side_round_and_class() -> None:
    m = _ea_match()
    a, b = _two_ships(m, ("DD", "CA"))
    _battle(m, 0, 1, 2)
    s = state(m)
    atk, dfn = GAME._as_combatant(s, a), GAME._as_combatant(s, b)
    _give(m, 0, "warrior_race")  # +1 attack as the attacker
    _give(m, 1, "celestial_knights")  # +1 defence as the defender
    assert GAME._as_combatant(s, a).attack == atk.attack + 1
    assert GAME._as_combatant(s, b).defense == dfn.defense + 1
    _battle(m, 1, 0, 2)  # sides swapped: neither card applies
    assert GAME._as_combatant(s, a).attack == atk.attack and GAME._as_combatant(s, b).defense == dfn.defense
    _give(m, 0, "hive_mind")  # later rounds
    assert GAME._as_combatant(s, a).attack == atk.attack + 1
    _give(m, 1, "star_wolves")  # Destroyers only: seat 1's Cruiser gains nothing
    assert GAME._as_combatant(s, b).attack == dfn.attack


def test_extra_hit_for_the_listed_classes() -> None:
    m = _ea_match()
    a, b = _two_ships(m, ("CA", "DD"))
    _battle(m, 0, 1, 1)
    _give(m, 0, "giant_race")
    assert GAME._as_combatant(state(m), a).extra_hits == 1
    assert GAME._as_combatant(state(m), b).extra_hits == 0  # not seat 1's card
    dd = add_unit(m, 0, "DD", "5.5", revealed=True)
    assert GAME._as_combatant(state(m), dd).extra_hits == 0  # Destroyers are not listed


def test_combat_card_is_revealed_when_it_fires(planted_dice: list[int]) -> None:
    m = _ea_match()
    a, b = _two_ships(m)
    s = state(m)
    _battle(m, 0, 1, 1)
    _give(m, 0, "fearless_race")
    _give(m, 1, "powerful_psychics")
    before = json.dumps(m.observation(1))
    assert "fearless_race" not in before
    events: list[Event] = []
    planted_dice.append(10)
    GAME._shoot(s, a.uid, b.uid, events)
    assert sorted(_ea(m).revealed) == ["fearless_race", "powerful_psychics"]
    assert any(e["type"] == "ea_revealed" and e["card"] == "fearless_race" and e["seat"] == 0 for e in events)
    assert m.observation(1)["empire_advantages"]["held"][0] == ["fearless_race"]
    assert m.observation(None)["empire_advantages"]["held"][1] == ["powerful_psychics"]


@pytest.fixture
def planted_dice(monkeypatch: pytest.MonkeyPatch) -> Any:
    from .helpers import planted_combat_dice

    yield from planted_combat_dice(monkeypatch)


def test_cost_multiplier_for_technology_and_ships() -> None:
    m = _ea_match()
    s = state(m)
    s.phase = "econ"
    p = s.players[0]
    p.cp = p.earned = 100
    p.bid = 0
    _give(m, 0, "gifted_scientists")
    assert empire_advantages.cost(s, 0, "tech", "attack", 20) == 14  # 67 %, rounded up
    GAME._buy_tech(s, 0, "move")
    from galaxis.games.space_empires.base import data

    move_cost = data.tech_tracks(s.edition)["move"].level_cost(s.edition, 2)
    assert p.cp == 100 - empire_advantages.cost(s, 0, "tech", "move", move_cost) and p.cp > 100 - move_cost
    _give(m, 0, "house_of_speed")  # Move only, at half price, after the 67 %
    assert (
        empire_advantages.cost(s, 0, "tech", "move", 20) == 7
        and empire_advantages.cost(s, 0, "tech", "attack", 20) == 14
    )
    _give(m, 0, "master_engineers")
    before = p.cp
    GAME._buy_unit(s, 0, "SC", hw(m, 0))
    assert before - p.cp == 6 and p.cp == p.earned - p.spent  # 6 CP x 85 % = 5.1 -> 6
    GAME._buy_unit(s, 0, "CO", hw(m, 0))
    assert before - p.cp == 6 + 7  # 8 CP x 85 % = 6.8 -> 7
    _give(m, 1, "immortals")
    assert empire_advantages.cost(s, 1, "ships", "DD", 9) == 12  # 125 %, rounded up
    assert GAME.invariants(s) == []


def _asteroids_next_to_home(m: Match, seat: int) -> str:
    home = hw(m, seat)
    hid = next(hex_id(n) for n in neighbours(parse_hex_id(home)) if hex_id(n) in state(m).markers)
    put_marker(m, hid, "asteroids", 0, face_up=True)
    return hid


def test_industrious_race_colonizes_asteroids_and_is_revealed() -> None:
    m = _ea_match()
    s = state(m)
    hid = _asteroids_next_to_home(m, 0)
    co = units_of(m, 0, "CO")[0]
    co.hex = hid
    touch(m)
    assert not GAME._can_colonize(s, co)
    _give(m, 0, "industrious_race")
    assert GAME._can_colonize(s, co)
    state(m).order = [0, 1]  # seat 0 moves now
    state(m).active = 0
    touch(m)
    assert f"c {co.uid}" in [a.notation for a in m.legal_actions(0)]
    assert "industrious_race" not in json.dumps(m.observation(1))
    events = m.apply(0, f"c {co.uid}")
    assert s.colonies[hid] == Colony(0, 0, False, False)
    assert any(e["type"] == "ea_revealed" and e["card"] == "industrious_race" for e in events)
    assert m.observation(1)["empire_advantages"]["held"][0] == ["industrious_race"]


def test_start_tech_start_cp_and_explored_home_apply_when_kept() -> None:
    m = _ea_match()
    s = state(m)
    _give(m, 0, "quick_learners")
    assert s.players[0].techs["attack"] == 1 and s.players[0].techs["defense"] == 1
    # a secret card: every unit is rebuilt, face up or not (a face-up counter shows no technology, §9)
    assert all(u.attack_tech == 1 for u in s.units.values() if u.owner == 0)
    _give(m, 1, "traders")
    assert s.players[1].cp == 30 and s.players[1].earned == 30
    _give(m, 1, "ancient_race")
    home = {h for h, mk in s.markers.items() if mk.pool == "home1" and not mk.face_up}
    assert home and set(s.players[1].known) >= home
    obs = m.observation(1)["hexes"]
    assert all("peeked" in obs[h] for h in home)
    assert not any("peeked" in cell for cell in m.observation(0)["hexes"].values())
    assert GAME.invariants(s) == []


def test_income_bonus_and_maintenance() -> None:
    m = _ea_match()
    s = state(m)
    before = [p.cp for p in s.players]
    GAME._start_econ(s, [])
    plain = [p.cp - b for p, b in zip(s.players, before, strict=True)]
    m2 = _ea_match()
    s2 = state(m2)
    _give(m2, 0, "power_to_the_people")  # +1 per colony that produced income (the home world)
    _give(m2, 0, "amazing_diplomats")  # +5
    _give(m2, 1, "nano_technology")  # half maintenance
    kinds = [u.kind for u in s2.units.values() if u.owner == 1]
    upkeep = economy.maintenance({k: kinds.count(k) for k in set(kinds)}, s2.edition)
    assert upkeep > 1
    before2 = [p.cp for p in s2.players]
    GAME._start_econ(s2, [])
    got = [p.cp - b for p, b in zip(s2.players, before2, strict=True)]
    assert got[0] == plain[0] + 1 + 5
    assert got[1] > plain[1] and got[1] == plain[1] + upkeep // 2  # pays half, rounded up
    assert GAME.invariants(s2) == []


def test_move_bonus_in_turn_one_and_its_reveal() -> None:
    m = _ea_match()
    s = state(m)
    sc = units_of(m, 0, "SC")[0]
    base = GAME._allowance(s, sc)
    _give(m, 0, "horsemen_of_the_plains")
    assert GAME._allowance(s, sc) == base + 1
    s.turn = 2
    assert GAME._allowance(s, sc) == base
    co = units_of(m, 1, "CO")[0]
    plain = GAME._allowance(s, co)
    _give(m, 1, "space_pilgrims")  # Colony Ships, Miners and Scouts, every turn
    assert GAME._allowance(s, co) == plain + 1
    s.turn = 1
    events: list[Event] = []
    for _ in range(base):
        sc.moved += 1
    empire_advantages.on_move(GAME, s, sc, events)
    assert not events  # within its ordinary allowance: nothing to see
    sc.piped = False
    sc.moved += 1
    empire_advantages.on_move(GAME, s, sc, events)
    assert [e["card"] for e in events] == ["horsemen_of_the_plains"]


def test_ground_attack_and_defence_in_ground_combat() -> None:
    m = _ea_match(ground_combat=True)
    s = state(m)
    inv = Invasion(
        "5.5", 0, 1, 1, [Trooper("i1", "Infantry", 0, 0, 0), Trooper("d1", "Infantry", 1, 0, 0)], [], False
    )
    events: list[Event] = []
    assert empire_advantages.ground_modifier(s, inv, inv.troopers[0], inv.troopers[1], events) == 0
    _give(m, 0, "and_we_still_carry_swords")
    _give(m, 1, "shape_shifters")
    assert empire_advantages.ground_modifier(s, inv, inv.troopers[0], inv.troopers[1], events) == 1 - 1
    assert empire_advantages.ground_modifier(s, inv, inv.troopers[1], inv.troopers[0], events) == 0
    assert sorted(e["card"] for e in events) == ["and_we_still_carry_swords", "shape_shifters"]


# --- secrecy -----------------------------------------------------------------------------------------------
def test_unrevealed_cards_leave_no_trace_for_others() -> None:
    m = start(2, seed=7, empire_advantages="deal")
    ea = _ea(m)
    mine = set(ea.hands[0])
    for viewer in (1, None):
        text = json.dumps(m.observation(viewer)) + m.render_text(viewer) + m.render_svg(viewer)
        assert not any(c in text or empire_advantages.card_name(c) in text for c in mine)
    assert all(c in json.dumps(m.observation(0)) for c in mine)
    _keep_first(m)
    for viewer in (1, None):
        text = json.dumps(m.observation(viewer)) + m.render_text(viewer) + m.render_svg(viewer)
        assert not any(c in text or empire_advantages.card_name(c) in text for c in mine)
    assert empire_advantages.card_name(ea.held[0][0]) in m.render_text(0)


def test_planted_secret_two_matches_differ_only_in_a_hidden_card() -> None:
    a, b = start(2, seed=8, empire_advantages="deal"), start(2, seed=8, empire_advantages="deal")
    _keep_first(a)
    _keep_first(b)
    ea_b = _ea(b)
    other = ea_b.deck[0]  # never dealt: nobody saw it
    ea_b.deck.remove(other)
    ea_b.deck.append(ea_b.held[0][0])
    ea_b.held[0] = [other]
    touch(b)
    assert _ea(a).held[0] != ea_b.held[0]
    for viewer in (1, None):
        assert a.observation(viewer) == b.observation(viewer)
        assert a.render_text(viewer) == b.render_text(viewer) and a.render_svg(viewer) == b.render_svg(viewer)
    assert a.observation(0) != b.observation(0)


def test_capture_reveals_the_losers_cards() -> None:
    m = _ea_match(ground_combat=True)
    s = state(m)
    _give(m, 1, "traders")
    _give(m, 1, "gifted_scientists")
    hid = next(hex_id(n) for n in neighbours(parse_hex_id(hw(m, 1))) if hex_id(n) in s.markers)
    s.colonies[hid] = Colony(1, 3, False, True)
    events: list[Event] = []
    assert m.observation(0)["empire_advantages"]["held"][1] == []
    ground.capture(GAME, s, hid, 0, [], events)
    assert sorted(_ea(m).revealed) == ["gifted_scientists", "traders"]
    assert m.observation(0)["empire_advantages"]["held"][1] == ["gifted_scientists", "traders"]
    assert [e["card"] for e in events if e["type"] == "ea_revealed"] == ["gifted_scientists", "traders"]


def test_determinize_resamples_only_the_unseen_cards() -> None:
    m = start(3, seed=9, empire_advantages="deal")
    _keep_first(m)
    ea = _ea(m)
    _give(m, 2, "hive_mind")
    empire_advantages.reveal(state(m), 2, "hive_mind", [])
    seen_by_0 = set(ea.hands[0]) | set(ea.held[0]) | set(ea.discarded[0])
    others: set[tuple[str, ...]] = set()
    for seed in range(12):
        world = m.determinize(0, seed)
        w = world.state
        assert isinstance(w, SEState) and w.ea is not None
        assert w.ea.held[0] == ea.held[0] and w.ea.discarded[0] == ea.discarded[0]
        assert "hive_mind" in w.ea.held[2] and w.ea.revealed == ea.revealed
        assert [len(h) for h in w.ea.held] == [len(h) for h in ea.held]
        assert not seen_by_0 & (set(w.ea.held[1]) | set(w.ea.deck))
        assert world.observation(0) == m.observation(0)
        assert GAME.invariants(w) == []
        others.add(tuple(w.ea.held[1]))
    assert len(others) > 1  # seat 1's hidden card really is re-sampled


def test_determinize_swaps_the_set_up_grants_of_a_re_dealt_card() -> None:
    m = start(2, seed=9, empire_advantages="deal")
    _keep_first(m)
    ea, p1 = _ea(m), state(m).players[1]
    ea.deck += ea.held[1]
    ea.held[1] = []
    _give(m, 1, "traders")
    _give(m, 1, "ancient_race")
    home = {h for h, mk in state(m).markers.items() if mk.pool == "home1" and not mk.face_up}
    assert home and home <= set(p1.known)
    cp, earned = p1.cp, p1.earned
    swapped = 0
    for seed in range(12):
        w = m.determinize(0, seed).state
        assert isinstance(w, SEState) and w.ea is not None
        q = w.players[1]
        held = set(w.ea.held[1])
        grants = sum(e.cp for c in held for e in cards()[c].effects if e.op == "start_cp")
        assert q.cp == cp - 30 + grants and q.earned == earned - 30 + grants  # Traders' 30 CP go with it
        w_home = {h for h, mk in w.markers.items() if mk.pool == "home1" and not mk.face_up}
        assert (w_home <= set(q.known)) == (
            "ancient_race" in held or any(e.op == "explored_home" for c in held for e in cards()[c].effects)
        )
        assert GAME.invariants(w) == []
        swapped += "traders" not in held
    assert swapped > 0


def test_determinize_keeps_a_cp_grant_already_spent() -> None:
    m = start(2, seed=9, empire_advantages="deal")
    _keep_first(m)
    ea, p1 = _ea(m), state(m).players[1]
    ea.deck += ea.held[1]
    ea.held[1] = []
    _give(m, 1, "traders")
    p1.cp -= 25  # spent on something: without Traders seat 1 could not have paid it
    p1.spent += 25
    touch(m)
    for seed in range(8):
        w = m.determinize(0, seed).state
        assert isinstance(w, SEState) and w.ea is not None
        assert w.ea.held[1] == ["traders"] and w.players[1].cp == p1.cp


def test_determinize_deals_only_cards_a_seat_could_hold(planted_dice: list[int]) -> None:
    m = start(2, seed=12, empire_advantages="deal")
    _keep_first(m)
    ea = _ea(m)
    a, b = _two_ships(m)
    _battle(m, 1, 0, 1)  # seat 1 attacks in round 1 and fires a Destroyer: nothing is revealed
    quiet = next(c for c in ea.deck if cards()[c].effects[0].op not in ("modify", "extra_hit"))
    ea.deck.remove(quiet)  # seat 1 holds a card that does nothing in battle
    ea.deck.append(ea.held[1].pop())
    ea.held[1].append(quiet)
    planted_dice.append(10)
    GAME._shoot(state(m), b.uid, a.uid, [])
    assert ea.revealed == []
    barred = {"fearless_race", "warrior_race", "star_wolves"} - set(ea.held[0]) - set(ea.discarded[0])
    assert barred and barred <= set(ea.ruled_out[1])
    assert "hive_mind" not in ea.ruled_out[1]  # later rounds only: it would not have triggered
    dealt: set[str] = set()
    for seed in range(20):
        w = m.determinize(0, seed).state
        assert isinstance(w, SEState) and w.ea is not None
        dealt |= set(w.ea.held[1])
        assert not barred & set(w.ea.held[1])
    assert len(dealt) > 1


def test_determinize_keeps_the_viewers_hand_while_it_chooses() -> None:
    m = start(2, seed=10, empire_advantages="deal")
    world = m.determinize(0, 1)
    assert [a.notation for a in world.legal_actions(0)] == [a.notation for a in m.legal_actions(0)]
    hands = {tuple(m.determinize(0, s).state.ea.hands[1]) for s in range(10)}  # type: ignore[attr-defined]
    assert len(hands) > 1


# --- the 2 v 1 game: Uneasy Alliance ----------------------------------------------------------------------------
def test_three_player_set_up_is_a_team_game_under_the_uneasy_alliance() -> None:
    m = start(3, seed=4, scenario="ce_3p_2v1")
    s = state(m)
    assert s.solo is not None and s.solo.teams == (0, 0, 1) and alliances.kind(s) == "uneasy"
    assert s.solo.double_income == ()
    assert all(p.techs == s.players[2].techs for p in s.players)  # no cost or technology changes [seed]


def test_uneasy_allies_neither_stack_nor_share_pipelines() -> None:
    m = start(3, seed=4, scenario="ce_3p_2v1")
    _keep_first(m)
    s = state(m)
    home0 = hw(m, 0)
    near = next(hex_id(n) for n in neighbours(parse_hex_id(home0)) if hex_id(n) in s.markers)
    put_marker(m, near, "minerals", 5, face_up=True)
    sc = units_of(m, 0, "SC")[0]
    assert GAME._move_problem(s, sc, near) is None
    add_unit(m, 1, "DD", near)  # the ally's ship already there
    assert "uneasy allies never stack" in str(GAME._move_problem(s, sc, near))
    add_unit(m, 1, "MSP", home0)
    assert home0 not in GAME._pipelines(s, 0)
    dd = add_unit(m, 0, "DD", home0)
    assert near not in GAME._retreat_hexes(s, dd)  # nor retreat into the ally's hex
    add_unit(m, 2, "DD", near)  # an enemy may enter: it is a battle, not stacking
    assert "Uneasy" not in str(GAME._move_problem(s, units_of(m, 2, "SC")[0], near))


def test_blood_brothers_still_stack_and_share_pipelines() -> None:
    m = start(4, seed=4, scenario="ce_4p_3v1")
    _keep_first(m)
    s = state(m)
    home0 = hw(m, 0)
    near = next(hex_id(n) for n in neighbours(parse_hex_id(home0)) if hex_id(n) in s.markers)
    put_marker(m, near, "minerals", 5, face_up=True)
    add_unit(m, 1, "DD", near)
    assert GAME._move_problem(s, units_of(m, 0, "SC")[0], near) is None
    add_unit(m, 1, "MSP", home0)
    assert home0 in GAME._pipelines(s, 0)


# --- full games --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"scenario": "ce_3p_2v1"}),
        (4, {"scenario": "ce_4p_3v1"}),
        (2, {"empire_advantages": "deal"}),
        (3, {"empire_advantages": "deal", "ground_combat": True}),
        (4, {"empire_advantages": "deal"}),
    ],
)
def test_games_with_empire_advantages_play_to_the_end(
    players: int, options: dict[str, Any], agent: str
) -> None:
    m = start(players, seed=11, cycles=3, **options)
    bots_play_to_the_end(m, agent)
    assert m.is_over and GAME.invariants(state(m)) == []
    ea = _ea(m)
    dealt = [len(h) for h in ea.held]
    if options.get("scenario") == "ce_3p_2v1":
        assert dealt == [0, 0, 4]
    else:
        assert dealt == [1] * players
    assert all(not h for h in ea.hands) and not any(
        s.kind in empire_advantages.STEP_KINDS for s in state(m).pending
    )


def test_heuristic_bot_aims_colony_ships_at_asteroids_with_industrious_race() -> None:
    m = _ea_match()
    assert empire_advantages.settled_kinds(m.observation(0)) == {"planet"}
    _give(m, 0, "industrious_race")
    assert empire_advantages.settled_kinds(m.observation(0)) == {"planet", "asteroids"}
    assert empire_advantages.settled_kinds(m.observation(1)) == {"planet"}  # seat 1 does not see it
    hid = _asteroids_next_to_home(m, 0)
    s = state(m)
    for mk in s.markers.values():
        if mk.kind == "planet":
            mk.face_up = False  # no planet known: the asteroids are the only goal
    co = units_of(m, 0, "CO")[0]
    s.order, s.active = [0, 1], 0
    touch(m)
    import galaxis

    bot = galaxis.agent("heuristic", seed=1)
    for _ in range(40):
        if co.hex == hid or m.to_move != (0,):
            break
        m.apply(0, bot.act(m, 0))
    assert co.hex == hid or hid in s.colonies
