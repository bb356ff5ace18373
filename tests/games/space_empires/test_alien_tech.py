"""Close Encounters Alien Technology cards (docs/games/space_empires.md §10.5): the card data, every
operation, the trigger, paying and declining, secrecy and determinization, and full games with the cards."""

from __future__ import annotations

from typing import Any

import pytest

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import data
from galaxis.games.space_empires.base.state import Battle, Colony
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import alien_tech, ground
from galaxis.games.space_empires.systems.ground_state import Invasion, Trooper

from .helpers import (
    add_unit,
    bots_play_to_the_end,
    hw,
    mover,
    planted_combat_dice,
    put_marker,
    start,
    state,
    touch,
)

planted = pytest.fixture(planted_combat_dice)


def _card(op: str) -> int:
    """The first card that declares ``op``."""
    return next(c.id for c in alien_tech.table().cards if c.op == op)


def _give(m: Match, seat: int, cid: int) -> None:
    """Put card ``cid`` (from the deck) into ``seat``'s hand, in effect."""
    at = state(m).alien_tech
    assert at is not None
    at.deck.remove(cid)
    at.held[seat].append(cid)
    touch(m)


def _legal(m: Match, seat: int) -> list[str]:
    return [a.notation for a in m.legal_actions(seat)]


def _deep_hex(m: Match, taken: tuple[str, ...] = ()) -> str:
    s = state(m)
    return next(
        h
        for h, mk in sorted(s.markers.items())
        if mk.pool == "deep" and h not in s.colonies and h not in taken
    )


def _battle(m: Match, hid: str, round_no: int = 1) -> None:
    state(m).battle = Battle(hid, 0, 1, round_no, [], -1, "open")


# --- data ------------------------------------------------------------------------------------------------
def test_thirty_cards_every_operation_known_and_used() -> None:
    t = alien_tech.table()
    assert [c.id for c in t.cards] == list(range(1, 31))
    assert {c.op for c in t.cards} == set(alien_tech.OPS)  # every operation is used by some card
    assert t.draw == 2 and t.keep_cost == 10
    groups = {op: sum(1 for c in t.cards if c.op == op) for op in ("half_maintenance", "attack", "hull_cost")}
    assert groups == {"half_maintenance": 6, "attack": 4, "hull_cost": 5}  # reference §1.11
    assert {c.name for c in t.cards} >= {
        "Long Lance",
        "Efficient Factories",
        "Adaptive Cloaking",
        "Air Support",
    }
    assert all(c.name and c.name_hu for c in t.cards)


@pytest.mark.parametrize(
    "effect",
    [
        {"no_such_op": True},
        {"attack": {"class": "XX", "by": 1}},
        {"income": {"by": 0}},
        {"attack": {"class": "DD", "by": 1}, "income": {"by": 1}},
    ],
)
def test_bad_card_data_is_rejected(effect: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        alien_tech.Card.model_validate({"id": 1, "name": "x", "name_hu": "x", "effect": effect})


def test_option_off_by_default_and_on_in_coop_doomsday() -> None:
    assert state(start(2)).alien_tech is None
    assert state(start(2, alien_technology=True)).alien_tech is not None
    s = state(start(2, scenario="coop_dm_2p"))
    assert s.alien_tech is not None and sorted(s.alien_tech.deck) == list(range(1, 31))


# --- one test per operation ---------------------------------------------------------------------------------
def test_half_maintenance() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    own = [u for u in s.units.values() if u.owner == 0]
    assert alien_tech.maintenance_discount(s, 0, own) == 0
    _give(m, 0, _card("half_maintenance"))  # Scouts and Destroyers
    scouts = [u for u in own if u.kind == "SC"]
    assert scouts and alien_tech.maintenance_discount(s, 0, own) == len(scouts) // 2
    assert alien_tech.maintenance_discount(s, 1, [u for u in s.units.values() if u.owner == 1]) == 0


def _combatant(m: Match, kind: str, seat: int = 0, hid: str = "") -> Any:
    u = add_unit(m, seat, kind, hid or hw(m, 0))
    return u, GAME._as_combatant(state(m), u)


@pytest.mark.parametrize(
    ("op", "kind", "field", "change"),
    [
        ("attack", "DD", "attack", 1),
        ("defense", "DD", "defense", 1),
        ("tactics", "CA", "tactics", 1),
        ("first_round_defense", "BB", "defense", 1),
    ],
)
def test_combat_numbers(op: str, kind: str, field: str, change: int) -> None:
    m = start(2, alien_technology=True)
    _battle(m, hw(m, 0))
    u, before = _combatant(m, kind)
    _give(m, 0, _card(op))
    after = GAME._as_combatant(state(m), u)
    assert getattr(after, field) == getattr(before, field) + change
    # The other seat's units are untouched.
    v, theirs = _combatant(m, kind, seat=1)
    assert getattr(theirs, field) == getattr(GAME._as_combatant(state(m), v), field)


def test_first_round_defense_only_in_round_one() -> None:
    m = start(2, alien_technology=True)
    _battle(m, hw(m, 0), round_no=2)
    u, before = _combatant(m, "BB")
    _give(m, 0, _card("first_round_defense"))
    assert GAME._as_combatant(state(m), u).defense == before.defense


def test_long_lance_destroyers_fire_as_b_class() -> None:
    m = start(2, alien_technology=True)
    _battle(m, hw(m, 0))
    u, before = _combatant(m, "DD")
    assert before.cls == "D"
    _give(m, 0, _card("weapon_class"))
    assert GAME._as_combatant(state(m), u).cls == "B"
    _, ca = _combatant(m, "CA")
    assert ca.cls == "C"  # only Destroyers


def test_interlinked_targeting_needs_three_counters() -> None:
    m = start(2, alien_technology=True)
    hid = "5.5"
    _battle(m, hid)
    _give(m, 0, _card("fleet_attack"))
    u, c = _combatant(m, "CA", hid=hid)
    # The bonus is off with one counter ...
    assert c.attack == GAME._as_combatant(state(m), u).attack
    add_unit(m, 0, "DD", hid)
    add_unit(m, 0, "BB", hid)
    assert GAME._as_combatant(state(m), u).attack == c.attack + 1  # ... and on with three


def test_adaptive_cloaking_only_while_cloaked() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    s.players[0].techs["cloaking"] = 1
    hid = "5.5"
    _battle(m, hid)
    u, before = _combatant(m, "R", hid=hid)
    assert before.cloaked
    _give(m, 0, _card("cloaked_attack"))
    assert GAME._as_combatant(s, u).attack == before.attack + 1
    add_unit(m, 1, "DD", hid).level = 1  # a Scanner Destroyer: no longer cloaked, no bonus
    c = GAME._as_combatant(s, u)
    assert not c.cloaked and c.attack == before.attack


def test_hull_cost_lowers_the_price() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    _give(m, 0, _card("hull_cost"))  # Destroyers -2
    home = hw(m, 0)
    s.players[0].techs["ship_size"] = 2
    dd = data.units(s.edition)["DD"].cost
    s.players[0].cp = dd - 2
    assert GAME._buy_problem(s, 0, "DD", home) is None
    assert GAME._buy_problem(s, 0, "CA", home) is not None
    GAME._buy_unit(s, 0, "DD", home)
    assert s.players[0].cp == 0
    assert alien_tech.unit_cost(s, 1, "DD", dd) == dd


def test_afterburners_move_farther_and_show() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    u = add_unit(m, 0, "DD", hw(m, 0))
    normal = GAME._allowance(s, u)
    _give(m, 0, _card("extra_move"))
    assert GAME._allowance(s, u) == normal + 1
    assert GAME._allowance(s, add_unit(m, 0, "CA", hw(m, 0))) == normal
    events: list[Any] = []
    u.moved = normal
    alien_tech.moved(GAME, s, u, events)
    assert s.alien_tech is not None and s.alien_tech.revealed == []
    u.moved = normal + 1
    alien_tech.moved(GAME, s, u, events)
    assert s.alien_tech.revealed == [_card("extra_move")] and events[0]["type"] == "alien_tech_revealed"


def test_photon_bomb_and_hidden_turret() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    events: list[Any] = []
    assert alien_tech.bombard_modifier(s, 0, 1, events) == 0
    _give(m, 0, _card("bombard_attack"))
    assert alien_tech.bombard_modifier(s, 0, 1, events) == 1
    _give(m, 1, _card("bombard_defense"))
    assert alien_tech.bombard_modifier(s, 0, 1, events) == 0
    assert alien_tech.bombard_modifier(s, 1, 0, []) == 0  # the turret guards its owner's colonies only
    assert s.alien_tech is not None and set(s.alien_tech.revealed) == {
        _card("bombard_attack"),
        _card("bombard_defense"),
    }


def _invasion(attacker: int, defender: int) -> Invasion:
    troopers = [Trooper("g1", "Infantry", 0, 0, 0), Trooper("g2", "Militia", 1, 0, 0)]
    return Invasion("6.1", attacker, defender, 0, troopers, [], False)


def test_stim_packs_and_air_support_in_ground_combat() -> None:
    m = start(2, alien_technology=True, ground_combat=True)
    s = state(m)
    inv = _invasion(0, 1)
    alien_tech.landing(s, inv, [])
    assert [t.bonus for t in inv.troopers] == [0, 0] and not inv.drop_ships
    _give(m, 1, _card("ground_bonus"))
    _give(m, 0, _card("drop_ships"))
    inv = _invasion(0, 1)
    alien_tech.landing(s, inv, [])
    assert [t.bonus for t in inv.troopers] == [0, 1]  # the defender's Stim Packs
    assert inv.drop_ships  # the invader's Air Support
    # Round 1: the invader's Infantry fires only thanks to Air Support.
    assert "g1" in ground.firing_order(Invasion("6.1", 0, 1, 1, inv.troopers, [], inv.drop_ships))
    assert "g1" not in ground.firing_order(Invasion("6.1", 0, 1, 1, inv.troopers, [], False))


def test_efficient_factories_and_omega_crystals() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    s.colonies["6.1"] = Colony(0, 5, False, True)
    s.colonies["7.1"] = Colony(0, 3, False, True)
    s.colonies["7.2"] = Colony(0, 5, False, False)  # produced nothing (blockaded)
    assert alien_tech.income_bonus(s, 0) == 0
    _give(m, 0, _card("colony_income"))
    assert alien_tech.income_bonus(s, 0) == 1  # one 5 CP colony gives 6
    _give(m, 0, _card("income"))
    assert alien_tech.income_bonus(s, 0) == 1 + 3


def test_efficient_factories_in_the_economic_phase() -> None:
    incomes = []
    for with_card in (False, True):
        m = start(2, alien_technology=True)
        s = state(m)
        s.colonies["6.1"] = Colony(0, 5, False, True)
        if with_card:
            _give(m, 0, _card("colony_income"))
        before = s.players[0].cp
        GAME._start_econ(s, [])
        incomes.append(s.players[0].cp - before)
    assert incomes[1] == incomes[0] + 1


def test_minesweep_jammer() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    assert alien_tech.sweep(s, 1, 2, []) == 2
    _give(m, 1, _card("mines_unsweepable"))
    events: list[Any] = []
    assert alien_tech.sweep(s, 1, 2, events) == 0
    assert alien_tech.sweep(s, 1, 0, []) == 0
    assert events and events[0]["card"] == _card("mines_unsweepable")


def test_mobile_analysis_bay_rolls_twice(planted: list[int]) -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    _give(m, 0, _card("wreck_rolls"))
    before = dict(s.players[0].techs)
    planted.extend([3, 7])  # attack, then tactics
    GAME._wreck(s, 0, [])
    assert s.players[0].techs["attack"] == before["attack"] + 1
    assert s.players[0].techs["tactics"] == before["tactics"] + 1


# --- the trigger ---------------------------------------------------------------------------------------------
def _colonize(m: Match, hid: str, pool: str = "deep") -> list[Any]:
    """The mover's Terraforming colony ship colonizes the face-up barren planet at ``hid``."""
    s = state(m)
    seat = mover(m)
    put_marker(m, hid, "barren", face_up=True)
    s.markers[hid].pool = pool
    for uid in [u.uid for u in s.units.values() if u.hex == hid and u.owner != seat]:
        del s.units[uid]
    co = add_unit(m, seat, "CO", hid)
    co.level = 1
    touch(m)
    return m.apply(seat, f"c {co.uid}")


def test_deep_space_barren_colonized_offers_two_cards() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    at = s.alien_tech
    assert at is not None
    seat = mover(m)
    hid = _deep_hex(m)
    events = _colonize(m, hid)
    top2 = list(at.offer[seat])
    assert len(top2) == 2 and len(at.deck) == 28
    assert m.to_move == (seat,)
    assert sorted(_legal(m, seat)) == sorted(f"alien_keep {c}" for c in top2)
    draw = next(e for e in events if e["type"] == "alien_tech_draw")
    assert draw["count"] == 2 and not draw["free"] and "keeps one in secret" in draw["text"]
    assert not GAME.action_is_public(s, seat, m.legal_actions(seat)[0])
    m.apply(seat, f"alien_keep {top2[1]}")
    assert at.unpaid[seat] == [top2[1]] and at.held[seat] == [] and at.offer[seat] == []
    assert top2[0] in at.deck and len(at.deck) == 29
    assert GAME.invariants(s) == []


def test_home_system_barren_gives_no_card() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    seat = mover(m)
    hid = next(h for h, mk in sorted(s.markers.items()) if mk.pool == f"home{seat}")
    _colonize(m, hid, pool=f"home{seat}")
    assert not s.pending and s.alien_tech is not None and len(s.alien_tech.deck) == 30


def test_a_planet_gives_its_draw_once_another_planet_draws_again() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    at = s.alien_tech
    assert at is not None
    seat = mover(m)
    first = _deep_hex(m)
    _colonize(m, first)
    m.apply(seat, _legal(m, seat)[0])
    # The colony is lost and the planet colonized again: no second draw from it.
    del s.colonies[first]
    _colonize(m, first)
    assert not s.pending and at.found == [first]
    second = _deep_hex(m, taken=(first,))
    _colonize(m, second)
    assert s.pending and s.pending[-1].kind == "alien_keep" and at.found == [first, second]


def test_planet_that_held_npas_gives_a_free_card() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    at = s.alien_tech
    assert at is not None
    seat = mover(m)
    hid = _deep_hex(m)
    GAME._place_npas(s, hid)
    assert at.guarded == [hid]
    _colonize(m, hid)
    cid = int(m.legal_actions(seat)[0].args[0])
    m.apply(seat, f"alien_keep {cid}")
    assert at.held[seat] == [cid] and at.unpaid[seat] == []


def test_option_off_no_trigger() -> None:
    m = start(2)
    _colonize(m, _deep_hex(m))
    assert not state(m).pending


def test_offer_entry_point_for_other_rules() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    events: list[Any] = []
    assert alien_tech.offer(s, 1, events)
    assert s.pending[-1].kind == "alien_keep" and s.pending[-1].seat == 1
    assert not alien_tech.offer(state(start(2)), 0, [])  # cards not in play


def test_empty_deck_draws_nothing() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    assert s.alien_tech is not None
    s.alien_tech.held[0], s.alien_tech.deck = list(s.alien_tech.deck), []
    events: list[Any] = []
    assert not alien_tech.offer(s, 0, events)
    assert events[0]["type"] == "alien_tech_empty" and not s.pending


# --- paying in the Economic Phase ---------------------------------------------------------------------------
def _to_econ(m: Match) -> None:
    while state(m).phase != "econ":
        seat = mover(m)
        legal = _legal(m, seat)
        m.apply(seat, "end" if "end" in legal else legal[0])


def _kept_unpaid(m: Match) -> tuple[int, int]:
    seat = mover(m)
    _colonize(m, _deep_hex(m))
    cid = int(m.legal_actions(seat)[0].args[0])
    m.apply(seat, f"alien_keep {cid}")
    return seat, cid


@pytest.mark.parametrize("pay", [True, False])
def test_pay_or_decline_in_the_next_economic_phase(pay: bool) -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    at = s.alien_tech
    assert at is not None
    seat, cid = _kept_unpaid(m)
    _to_econ(m)
    m.apply(seat, "bid 0")
    assert _legal(m, seat) == [f"alien_pay {cid}", f"alien_decline {cid}"]  # decided before anything else
    cp = s.players[seat].cp
    m.apply(seat, f"alien_{'pay' if pay else 'decline'} {cid}")
    assert at.unpaid[seat] == []
    if pay:
        assert at.held[seat] == [cid] and s.players[seat].cp == cp - 10
    else:
        assert at.held[seat] == [] and cid in at.deck and s.players[seat].cp == cp
    assert "done" in _legal(m, seat)
    assert GAME.invariants(s) == []


def test_too_poor_to_pay_may_only_decline() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    seat, cid = _kept_unpaid(m)
    _to_econ(m)
    m.apply(seat, "bid 0")
    s.players[seat].cp, s.players[seat].spent = 5, s.players[seat].spent + s.players[seat].cp - 5
    touch(m)
    assert _legal(m, seat) == [f"alien_decline {cid}"]


def test_card_not_in_effect_before_it_is_paid() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    at = s.alien_tech
    assert at is not None
    seat, cid = _kept_unpaid(m)
    assert alien_tech._held_ops(s, seat, alien_tech.card(cid).op) == []


# --- secrecy --------------------------------------------------------------------------------------------------
def test_cards_are_secret_and_determinize_resamples_them() -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    at = s.alien_tech
    assert at is not None
    seat, cid = _kept_unpaid(m)
    other = 1 - seat
    _give(m, seat, at.deck[0])
    mine = m.observation(seat)["alien_tech"]
    assert mine["unpaid"] == [cid] and len(mine["held"]) == 1
    theirs = m.observation(other)["alien_tech"]
    assert theirs["held"] == [] and theirs["unpaid"] == [] and theirs["revealed"] == {"a": [], "b": []}
    assert "deck" not in theirs and "alien_keep" not in str(m.observation(other))
    secret = GAME.secret(s, other)["alien_tech"]
    assert secret["unpaid"][seat] == [cid] and len(secret["deck"]) == 28
    changed = False
    for k in range(8):
        world = m.determinize(other, k)
        ws = world.state
        assert isinstance(ws, SEState) and ws.alien_tech is not None
        assert world.observation(other) == m.observation(other)
        assert len(ws.alien_tech.unpaid[seat]) == 1 and len(ws.alien_tech.held[seat]) == 1
        assert GAME.invariants(ws) == []
        changed |= ws.alien_tech.unpaid[seat] != [cid] or ws.alien_tech.deck != at.deck
    assert changed
    # The owner's own view of its cards never changes.
    assert m.determinize(seat, 3).observation(seat)["alien_tech"] == mine


def test_capture_reveals_the_losers_cards() -> None:
    m = start(2, alien_technology=True, ground_combat=True)
    s = state(m)
    _give(m, 1, _card("income"))
    s.colonies["6.1"] = Colony(1, 3, False, True)
    put_marker(m, "6.1", "planet", face_up=True)
    events: list[Any] = []
    ground.capture(GAME, s, "6.1", 0, ["Infantry"], events)
    assert s.alien_tech is not None and s.alien_tech.revealed == [_card("income")]
    assert m.observation(0)["alien_tech"]["revealed"]["b"] == [_card("income")]
    assert any(e["type"] == "alien_tech_revealed" and "Omega Crystals" in e["text"] for e in events)
    # A revealed card is no longer re-dealt by determinize.
    assert state(m.determinize(0, 1)).alien_tech.held[1] == [_card("income")]  # type: ignore[union-attr]


def test_capture_of_an_npa_planet_draws_a_free_card() -> None:
    m = start(2, alien_technology=True, ground_combat=True)
    s = state(m)
    hid = _deep_hex(m)
    put_marker(m, hid, "barren", face_up=True)
    alien_tech.npas_placed(s, hid)
    s.colonies[hid] = Colony(0, 3, False, False)
    alien_tech.captured(s, hid, 0, -1, [])
    assert s.pending[-1].kind == "alien_keep" and s.pending[-1].data == {"free": True}


def test_combat_use_reveals_the_card(planted: list[int]) -> None:
    m = start(2, alien_technology=True)
    s = state(m)
    hid = "5.5"
    shooter = add_unit(m, 0, "DD", hid)
    target = add_unit(m, 1, "SC", hid)
    _battle(m, hid)
    _give(m, 0, _card("attack"))
    _give(m, 1, _card("tactics"))  # the target's Tactics do not show in a shot at it
    planted.append(10)
    events: list[Any] = []
    GAME._shoot(s, shooter.uid, target.uid, events)
    assert s.alien_tech is not None and s.alien_tech.revealed == [_card("attack")]
    assert any(e["type"] == "alien_tech_revealed" for e in events)


def test_describe_in_both_languages() -> None:
    cid = _card("weapon_class")
    m = start(2, alien_technology=True)
    assert (
        GAME.describe(state(m), GAME.table.get(f"alien_keep {cid}", (), "alien_keep", (cid,)), "en")
        == "keep the Alien Technology card #16 Long Lance"
    )
    hu = GAME.describe(state(m), GAME.table.get(f"alien_pay {cid}", (), "alien_pay", (cid,)), "hu")
    assert "Idegen Technológiai" in hu and "10 ÉP" in hu and "Hosszú Lándzsa" in hu


def test_text_view_shows_own_cards_only() -> None:
    m = start(2, alien_technology=True)
    _give(m, 0, _card("weapon_class"))
    assert "Long Lance" in m.render_text(0)
    assert "Long Lance" not in m.render_text(1)


# --- the heuristic bot -----------------------------------------------------------------------------------------
def test_heuristic_keeps_the_better_card_and_pays_sensibly() -> None:
    m = start(2, alien_technology=True)
    g = GAME.table.get
    low, high = _card("drop_ships"), _card("income")
    keeps = [g(f"alien_keep {c}", (), "alien_keep", (c,)) for c in (low, high)]
    obs = {"players": [{"cp": 12}, {}]}
    assert alien_tech.bot_choice(obs, 0, keeps).args == (high,)
    for cid, cp, pays in ((high, 12, True), (low, 12, False), (low, 40, True)):
        legal = [
            g(f"alien_pay {cid}", (), "alien_pay", (cid,)),
            g(f"alien_decline {cid}", (), "alien_decline", (cid,)),
        ]
        chosen = alien_tech.bot_choice({"players": [{"cp": cp}, {}]}, 0, legal)
        assert chosen.kind == ("alien_pay" if pays else "alien_decline")
    assert m is not None


# --- full games -------------------------------------------------------------------------------------------------
def _seed_cards(m: Match) -> None:
    """Every seat starts with a card in effect and one waiting for payment, so every game uses them."""
    s = state(m)
    at = s.alien_tech
    assert at is not None
    for seat in range(len(s.players)):
        held, unpaid = (16, 28, 27, 7)[seat], (22, 23, 24, 1)[seat]  # combat cards in effect, others to pay
        at.deck.remove(held)
        at.deck.remove(unpaid)
        at.held[seat].append(held)
        at.unpaid[seat].append(unpaid)
    touch(m)


def _play_planted(m: Match, agent: str, settle: bool = False) -> None:
    """``bots_play_to_the_end`` for a position changed by hand (no replay of the history): invariants and
    a determinization that keeps every seat's observation, every 53 actions. ``settle``: a seat always
    colonizes when it can."""
    import galaxis

    bots = [galaxis.agent(agent, seed=7 + i) for i in range(m.num_players)]
    steps = 0
    while not m.is_over:
        seat = m.to_move[0]
        colonize = [a for a in m.legal_actions(seat) if a.kind == "colonize"] if settle else []
        m.apply(seat, colonize[0] if colonize else bots[seat].act(m, seat))
        steps += 1
        assert steps < 50_000
        if steps % 53 == 0:
            assert GAME.invariants(state(m)) == []
            for viewer in range(m.num_players):
                assert m.determinize(viewer, steps).observation(viewer) == m.observation(viewer)
    assert GAME.invariants(state(m)) == []


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3])
def test_standard_games_with_the_option_play_to_the_end(agent: str, players: int) -> None:
    m = start(players, seed=5, alien_technology=True)
    bots_play_to_the_end(m, agent)
    assert m.is_over and state(m).alien_tech is not None


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3])
def test_standard_games_holding_cards_play_to_the_end(agent: str, players: int) -> None:
    m = start(players, seed=5, alien_technology=True)
    _seed_cards(m)
    _play_planted(m, agent)
    at = state(m).alien_tech
    assert at is not None
    alive = [s for s, p in enumerate(state(m).players) if p.alive]
    assert all(at.unpaid[s] == [] for s in alive)  # every living seat decided its payment


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_coop_doomsday_with_cards_plays_to_the_end(agent: str) -> None:
    m = start(2, seed=3, scenario="coop_dm_2p")
    bots_play_to_the_end(m, agent)
    assert m.is_over
    m = start(2, seed=3, scenario="coop_dm_2p")
    _seed_cards(m)
    _play_planted(m, agent)
    assert m.is_over


def test_random_games_trigger_draws() -> None:
    """With deep-space planets made face-up barren ones and Terraforming given, the random bots draw,
    keep and decide payments in real games."""
    found = 0
    for seed in range(11, 15):
        m = start(2, seed=seed, alien_technology=True)
        s = state(m)
        for seat in range(2):
            s.players[seat].techs["terraforming"] = 1
        for mk in s.markers.values():
            if mk.pool == "deep" and mk.kind in ("planet", "minerals", "danger", "black_hole", "supernova"):
                mk.kind, mk.value, mk.face_up = "barren", 0, True  # explored already: no NPAs come
        barren = sorted(h for h, mk in s.markers.items() if mk.pool == "deep" and mk.kind == "barren")
        for seat in range(2):
            for hid in barren[seat * 3 : seat * 3 + 3]:  # colony ships already on deep-space barren planets
                add_unit(m, seat, "CO", hid).level = 1
        touch(m)
        _play_planted(m, "random", settle=True)
        assert s.alien_tech is not None
        found += len(s.alien_tech.found)
    assert found > 0


def test_draws_use_the_match_generator() -> None:
    offers = []
    for seed in (9, 9, 10, 11, 12):
        m = start(2, seed=seed, alien_technology=True)
        assert alien_tech.offer(state(m), 0, [])
        offers.append(tuple(state(m).alien_tech.offer[0]))  # type: ignore[union-attr]
    assert offers[0] == offers[1] and len(set(offers)) > 1
    # Set-up does not touch the generator: the same dice as a game without the cards.
    assert state(start(2, seed=9, alien_technology=True)).rng == state(start(2, seed=9)).rng


@pytest.mark.parametrize("stage", ["offer", "unpaid", "econ", "held"])
def test_conformance_information_checks_with_cards(stage: str) -> None:
    """The conformance suite's hidden-information check (observation, JSON round trip, determinize keeps
    every view, changes the secret, renders reveal nothing, continuations stay legal) on positions with
    cards drawn, kept, waiting for payment and in effect."""
    from tests.conformance.checks import SecretLog, Where, check_information

    m = start(2, seed=4, alien_technology=True)
    if stage == "held":
        _seed_cards(m)
        _give(m, 1, _card("defense"))
    else:
        _colonize(m, _deep_hex(m))
        if stage != "offer":
            seat = mover(m)
            m.apply(seat, _legal(m, seat)[0])
        if stage == "econ":
            _to_econ(m)
    log = SecretLog()
    check_information(m, Where(m, 4), log)
    assert log.had_secret and log.changed


def test_a_real_battle_reveals_long_lance_and_keeps_views_consistent() -> None:
    """Through the game's own battle flow: a Destroyer with Long Lance attacks; its card is revealed to
    the defender in the log and in the observation, and determinize no longer re-deals it."""
    from galaxis.games.space_empires.base import board

    m = start(2, seed=2, alien_technology=True)
    s = state(m)
    seat = mover(m)
    other = 1 - seat
    start_hex = "5.5"
    target_hex = sorted(board.adjacent(2, start_hex))[0]
    for h in (start_hex, target_hex):
        s.markers.pop(h, None)
    dd = add_unit(m, seat, "DD", start_hex)
    add_unit(m, other, "SC", target_hex)
    _give(m, seat, _card("weapon_class"))
    _give(m, other, _card("income"))
    m.apply(seat, f"m {dd.uid} {target_hex}")
    events: list[Any] = m.apply(seat, "end")
    while s.battle is not None or any(st.kind in ("round", "target") for st in s.pending):
        who = m.to_move[0]
        legal = _legal(m, who)
        events += m.apply(who, "fight" if "fight" in legal else legal[0])
    assert any(e["type"] == "alien_tech_revealed" and e["card"] == _card("weapon_class") for e in events)
    assert m.observation(other)["alien_tech"]["revealed"][board.SEATS[seat]] == [_card("weapon_class")]
    assert state(m.determinize(other, 5)).alien_tech.held[seat] == [_card("weapon_class")]  # type: ignore[union-attr]
    assert _card("income") not in s.alien_tech.revealed  # type: ignore[union-attr]


def test_heuristic_bots_settle_deep_space_barren_planets_and_draw_cards() -> None:
    """§10.5: the heuristic bot researches Terraforming, clears the NPAs off Deep Space barren planets
    and settles them, so cards are drawn in bot games (over a few seeds, at least one draw)."""
    found: list[str] = []
    for seed in (1, 2, 3):
        m = start(2, seed=seed, alien_technology=True, cycles=20)
        bots_play_to_the_end(m, "heuristic")
        at = state(m).alien_tech
        assert at is not None and m.is_over
        found += at.found
        assert len(at.deck) + sum(len(h) for h in at.held) + sum(len(u) for u in at.unpaid) == 30
    assert found


def test_bot_goals_for_deep_space_barren_planets() -> None:
    m = start(2, seed=1, alien_technology=True)
    s = state(m)
    hid = _deep_hex(m)
    put_marker(m, hid, "barren", face_up=True)
    s.markers[hid].pool = "deep"
    for uid in [u.uid for u in s.units.values() if u.hex == hid]:
        del s.units[uid]
    touch(m)
    obs = m.observation(0)
    assert alien_tech.bot_barren_targets(obs, 0) == [] and alien_tech.bot_guarded_barren(obs, 0) == []
    s.players[0].techs["terraforming"] = 1
    touch(m)
    assert hid in alien_tech.bot_barren_targets(m.observation(0), 0)
    add_unit(m, alien_tech.NPA, "DD", hid)
    touch(m)
    obs = m.observation(0)
    assert hid not in alien_tech.bot_barren_targets(obs, 0) and hid in alien_tech.bot_guarded_barren(obs, 0)
    assert alien_tech.bot_rally(obs, 0, 8) == alien_tech.BOT_NPA_SORTIE
    # Without the cards the bot ignores barren planets.
    m2 = start(2, seed=1)
    assert (
        alien_tech.bot_barren_targets(m2.observation(0), 0) == []
        and alien_tech.bot_rally(m2.observation(0), 0, 8) == 8
    )
