"""Payments on the stack, the choice of opponent with three or more players, targets asked
for later, and activated abilities (docs/games/kaosz.md §4.3, §5.4, §9.5, §10.1)."""

from __future__ import annotations

import pytest

from galaxis.core import Step
from galaxis.games.kaosz import GAME
from galaxis.games.kaosz.cards import pool
from tests.games.kaosz.helpers import add, blank, legal, play

LACI, DANI = 0, 1


def _pass_windows(m):  # type: ignore[no-untyped-def]
    while m.state.pending and m.state.pending[-1].kind == "priority":
        play(m, m.to_move[0], "pass")


def _bombard_base(m, ship: int, base: int) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 attacks a base of seat 1 with one ship; nobody defends; the bombard is dealt."""
    play(m, 0, f"attack c{base}")
    _pass_windows(m)
    play(m, 0, f"send c{ship}", "go")
    play(m, 1, "go")
    play(m, 0, "done")
    play(m, 1, "done")
    play(m, 0, "bomb")


# ---------------------------------------------------------------- §4.3 payments go on the stack
def test_sprung_trap_payment_goes_on_the_stack_and_can_be_neutralised() -> None:
    """Chazma töltet paid when bombarded is an interrupt: Laci answers with Felsőbb parancs, so
    the trap leaves play without effect, Dani's 3 credits are lost and Marduk Kurios survives."""
    m = blank(credits=2)
    s = m.state
    ship = add(m, LACI, "zarg_scout_3", "hangar")  # bombard 2
    chazma = add(m, DANI, "chazma_toltet", "surface", up=False)
    order = add(m, LACI, "felsobb_parancs", "hand")
    s.players[DANI].credits = 3
    _bombard_base(m, ship, chazma)
    assert legal(m, DANI) == [f"pay c{chazma}", "let"]
    events = play(m, DANI, f"pay c{chazma}")
    assert {
        "type": "stack",
        "seat": DANI,
        "card": f"c{chazma}",
        "kind": "pay",
        "name": "chazma_toltet",
        "cost": 3,
    } in events
    assert s.players[DANI].credits == 0 and [it.uid for it in s.stack] == [chazma]
    assert m.to_move == (LACI,) and f"play c{order} c{chazma}" in legal(
        m, LACI
    )  # a reaction answers the payment
    play(m, LACI, f"play c{order} c{chazma}")
    assert s.combat is None and not s.stack
    assert s.cards[chazma].zone == "trash" and s.cards[ship].zone == "hangar"  # no ship destroyed
    assert s.players[DANI].credits == 0 and s.players[LACI].credits == 0


def test_sprung_trap_resolves_when_nobody_answers() -> None:
    m = blank(credits=2)
    s = m.state
    ship = add(m, LACI, "zarg_scout_3", "hangar")
    chazma = add(m, DANI, "chazma_toltet", "surface", up=False)
    add(m, LACI, "felsobb_parancs", "hand")
    s.players[DANI].credits = 3
    _bombard_base(m, ship, chazma)
    play(m, DANI, f"pay c{chazma}")
    play(m, LACI, "pass")  # Laci lets it resolve: one of his ships, of his choosing, is destroyed
    play(m, LACI, f"pick c{ship}")
    assert s.cards[ship].zone == "trash" and s.cards[chazma].zone == "trash"


def test_face_up_equipment_is_paid_through_the_stack() -> None:
    """Playing equipment face up puts it onto the ship and its payment on the stack: until the
    payment resolves it gives nothing; neutralised, it leaves play and the credits are lost."""
    m = blank(credits=5)
    s = m.state
    ship = add(m, LACI, "cobra_flash", "hangar")
    gun = add(m, LACI, "human_weapon_1", "hand")  # +1 firepower, 2 credits
    order = add(m, DANI, "felsobb_parancs", "hand")
    play(m, LACI, f"play c{gun} c{ship}")
    assert s.cards[gun].zone == "stack" and s.players[LACI].credits == 3
    assert GAME.stat(s, ship, "firepower") == 2 and m.to_move == (DANI,)
    play(m, DANI, f"play c{order} c{gun}")
    assert s.cards[gun].zone == "trash" and GAME.stat(s, ship, "firepower") == 2
    assert s.players[LACI].credits == 3

    m2 = blank(credits=5)
    s2 = m2.state
    ship2 = add(m2, LACI, "cobra_flash", "hangar")
    gun2 = add(m2, LACI, "human_weapon_1", "hand")
    add(m2, DANI, "felsobb_parancs", "hand")
    play(m2, LACI, f"play c{gun2} c{ship2}")
    play(m2, DANI, "pass")
    assert s2.cards[gun2].zone == "ship" and s2.cards[gun2].up and s2.cards[gun2].host == ship2
    assert GAME.stat(s2, ship2, "firepower") == 3


def test_face_up_crew_and_base_payments_keep_their_place() -> None:
    """A crew played face up and a base paid later return to their place in the canteen and
    on the surface (bases keep their play order, §4.2)."""
    m = blank(credits=10)
    s = m.state
    first = add(m, LACI, "xeno_captain_1", "canteen", up=False)
    crew = add(m, LACI, "xeno_captain_2", "hand")
    last = add(m, LACI, "xeno_robot_1", "canteen", up=False)
    add(m, DANI, "felsobb_parancs", "hand")
    play(m, LACI, f"play c{crew}")
    assert s.cards[crew].zone == "stack"
    play(m, DANI, "pass")
    assert s.cards[crew].zone == "canteen" and s.cards[crew].up
    assert s.players[LACI].canteen == [first, last, crew]  # played last: it goes last
    left = add(m, LACI, "insect_bunker_1", "surface", up=False, upgrades=2)
    mid = add(m, LACI, "aknagyuru", "surface", up=False, upgrades=4)
    right = add(m, LACI, "insect_building_1", "surface", up=False)
    play(m, LACI, f"pay c{mid}")
    assert s.cards[mid].zone == "stack" and s.players[LACI].surface == [left, right]
    play(m, DANI, "pass")
    assert s.players[LACI].surface == [left, mid, right] and s.cards[mid].up


# ------------------------------------------------------- §10.1 "the opponent" with 3+ players
def test_multiplayer_trap_asks_which_neighbour_then_they_pick_the_ship() -> None:
    m = blank(players=3, credits=5)
    s = m.state
    ship = add(m, 0, "zarg_scout_3", "hangar")
    mine = add(m, 2, "cobra_flash", "hangar")
    add(m, 2, "crx", "hangar")
    chazma = add(m, 1, "chazma_toltet", "surface", up=False)
    _bombard_base(m, ship, chazma)
    play(m, 1, f"pay c{chazma}")
    assert m.to_move == (1,) and sorted(legal(m, 1)) == ["aim p0", "aim p2"]  # not the attacker automatically
    play(m, 1, "aim p2")
    assert m.to_move == (2,) and legal(m, 2) == [f"pick c{mine}", f"pick c{mine + 1}"]
    play(m, 2, f"pick c{mine}")
    assert s.cards[mine].zone == "trash" and s.cards[ship].zone == "hangar"


def test_two_players_need_no_choice_of_opponent() -> None:
    m = blank(credits=5)
    ship = add(m, LACI, "zarg_scout_3", "hangar")
    chazma = add(m, DANI, "chazma_toltet", "surface", up=False)
    _bombard_base(m, ship, chazma)
    play(m, DANI, f"pay c{chazma}")
    assert m.to_move == (LACI,) and legal(m, LACI) == [f"pick c{ship}"]


def test_multiplayer_events_name_the_neighbour() -> None:
    m = blank(players=4, credits=5)
    raid = add(m, 0, "human_attack_1", "hand")  # mill 2: "your opponent"
    options = [n for n in legal(m, 0) if n.startswith(f"play c{raid}")]
    assert sorted(options) == [f"play c{raid} p1", f"play c{raid} p3"]  # the two neighbours, not p2
    play(m, 0, f"play c{raid} p3")
    assert len(m.state.players[3].wreck) == 2 and len(m.state.players[1].wreck) == 0


def test_paid_trap_asks_for_its_target_ship() -> None:
    """A trap whose effect targets an enemy ship asks its controller which one when it is paid
    (with one candidate it is taken at once); before, such a target was never chosen."""
    m = blank(credits=5)
    s = m.state
    ship = add(m, LACI, "zarg_scout_3", "hangar")
    other = add(m, LACI, "crx", "hangar")
    trap = add(m, DANI, "human_trap_1", "surface", up=False)  # when paid: 3 damage to an enemy ship
    _bombard_base(m, ship, trap)
    play(m, DANI, f"pay c{trap}")
    assert sorted(legal(m, DANI)) == sorted([f"aim c{ship}", f"aim c{other}"])
    play(m, DANI, f"aim c{other}")
    assert s.cards[other].harm == 3 and s.cards[other].turn == 2  # outside the firing step: damaged at once


def test_aim_fizzles_when_its_targets_are_gone() -> None:
    m = blank()
    s = m.state
    trap = add(m, DANI, "human_trap_1", "trash")
    gone = add(m, LACI, "crx", "trash")
    s.pending.append(
        Step(
            "aim",
            DANI,
            {"card": trap, "when": "paid", "index": 0, "x": 0, "kind": "enemy_ship", "targets": [gone]},
        )
    )
    assert legal(m, DANI) == ["pass"]
    events = play(m, DANI, "pass")
    assert {"type": "fizzle", "card": f"c{trap}"} in events


# ----------------------------------------------------------------- §9.5 activated abilities
def test_passenger_ability_in_the_canteen_any_phase() -> None:
    m = blank(credits=0)
    s = m.state
    merchant = add(m, DANI, "human_passenger_1", "canteen")  # turn used: +1 credit
    unpaid = add(m, DANI, "xeno_passenger_1", "canteen", up=False)
    assert f"use c{merchant}" not in legal(m, LACI)  # only its controller
    play(m, LACI, "end")
    # Laci's end: Dani's start phase follows; Dani has no card in hand but an ability: eligible
    while s.active == LACI:
        play(m, m.to_move[0], "pass")
    assert f"use c{merchant}" in legal(m, DANI) and f"use c{unpaid}" not in legal(m, DANI)
    credits = s.players[DANI].credits
    events = play(m, DANI, f"use c{merchant}")
    assert s.cards[merchant].turn == 1
    assert {
        "type": "stack",
        "seat": DANI,
        "card": f"c{merchant}",
        "kind": "ability",
        "name": "human_passenger_1",
        "cost": 0,
    } in events  # nobody can answer (no cards, no abilities): it resolves at once
    assert s.players[DANI].credits == credits + 1 and not s.stack
    assert f"use c{merchant}" not in legal(m, DANI)  # used: not again until it turns back
    assert GAME.invariants(s) == []


def test_passenger_aboard_cannot_be_turned() -> None:
    m = blank()
    ship = add(m, LACI, "cobra_flash", "hangar")
    merchant = add(m, LACI, "human_passenger_1", "ship", host=ship)
    assert f"use c{merchant}" not in legal(m, LACI)


def test_crew_ability_turns_its_ship_and_works_only_aboard() -> None:
    """Crew text reads as the ship's: the robot's 'turn used' turns the ship it is on."""
    m = blank()
    s = m.state
    ship = add(m, LACI, "cobra_flash", "hangar")
    robot = add(m, LACI, "xeno_robot_2", "ship", host=ship)  # turn used: this ship +2 armour
    idle = add(m, LACI, "xeno_robot_2", "canteen")
    assert f"use c{robot} c{ship}" in legal(m, LACI) and not any(
        n.startswith(f"use c{idle}") for n in legal(m, LACI)
    )
    play(m, LACI, f"use c{robot} c{ship}")
    assert s.cards[ship].turn == 1 and s.cards[robot].turn == 0
    assert (
        GAME.armour_left(s, ship) == 3 + 3 + 2
    )  # printed 3, robot +3, ability +2 (until the combat/turn ends)
    assert not any(n.startswith(f"use c{robot}") for n in legal(m, LACI))  # the ship is used now


def test_sacrifice_ability_resolves_after_its_card_left_play() -> None:
    """The item is sacrificed as the cost (to the trash at once); its ship still gets +2 armour —
    here in the window before damage, which saves the ship (abilities in any window: the
    reading before option ship_abilities)."""
    m = blank(active=DANI, ship_abilities="any_window")
    s = m.state
    gun = add(m, DANI, "cobra_flash", "hangar")  # 5-2-3-0
    ship = add(m, LACI, "marduk_kurios", "hangar")  # 5-1-2-0
    item = add(m, LACI, "xeno_item_1", "ship", host=ship)  # +1 speed; sacrifice: this ship +2 armour
    play(m, DANI, "attack colony")
    _pass_windows(m)
    play(m, DANI, f"send c{gun}", "go")
    play(m, LACI, f"send c{ship}", "go")
    play(m, DANI, "done")
    play(m, LACI, "done")
    play(m, LACI, "pass")  # Laci is faster (6 against 5) but passes
    play(m, DANI, f"fire c{gun} c{ship}")
    play(m, LACI, "hold")
    assert m.to_move == (LACI,) and f"use c{item} c{ship}" in legal(m, LACI)
    play(m, LACI, f"use c{item} c{ship}")
    assert s.cards[item].zone == "trash"
    _pass_windows(m)
    assert s.cards[ship].zone == "hangar" and GAME.armour_left(s, ship) == 2  # 2 + 2 - 2


def test_a_combat_ship_uses_its_ability_only_when_its_turn_comes() -> None:
    """ "A harc közben használatos űrhajó képességeket az űrhajó csak akkor használhatja, ha a
    harc szabályainak megfelelően (a sebességétől függően) sorra kerül." (§9.5): in the firing
    step a ship's ability is its action in its speed turn, or its answer when fired at
    (instead of returning fire, §6.4 b), never in another window of the combat."""
    m = blank(active=DANI)
    s = m.state
    gun = add(m, DANI, "cobra_flash", "hangar")  # 5-2-3-0
    ship = add(m, LACI, "marduk_kurios", "hangar")  # 5-1-2-0
    item = add(m, LACI, "xeno_item_1", "ship", host=ship)  # +1 speed; sacrifice: this ship +2 armour
    add(m, LACI, "crx", "hand")  # a card in hand: Laci gets the combat windows
    play(m, DANI, "attack colony")
    _pass_windows(m)
    play(m, DANI, f"send c{gun}", "go")
    play(m, LACI, f"send c{ship}", "go")
    play(m, DANI, "done")
    play(m, LACI, "done")
    assert s.pending[-1].kind == "fire" and m.to_move == (LACI,)  # Laci is faster (6 against 5)
    assert f"use c{item} c{ship}" in legal(m, LACI)  # its turn: fire, or use its ability
    play(m, LACI, "pass")
    play(m, DANI, f"fire c{gun} c{ship}")
    assert f"use c{item} c{ship}" in legal(m, LACI)  # fired at: return fire, or use its ability
    play(m, LACI, "hold")
    assert s.pending[-1].kind == "priority" and m.to_move == (LACI,)
    assert f"use c{item} c{ship}" not in legal(m, LACI)  # the window before damage: not its turn
    _pass_windows(m)
    assert s.cards[ship].zone == "trash"  # 2 armour against 3 firepower


def test_a_fired_at_ship_may_use_its_ability_instead_of_returning_fire() -> None:
    m = blank(active=DANI)
    s = m.state
    gun = add(m, DANI, "cobra_flash", "hangar")  # 5-2-3-0
    ship = add(m, LACI, "marduk_kurios", "hangar")  # 5-1-2-0
    item = add(m, LACI, "xeno_item_1", "ship", host=ship)
    play(m, DANI, "attack colony")
    _pass_windows(m)
    play(m, DANI, f"send c{gun}", "go")
    play(m, LACI, f"send c{ship}", "go")
    play(m, DANI, "done")
    play(m, LACI, "done")
    play(m, LACI, "pass")
    play(m, DANI, f"fire c{gun} c{ship}")
    play(m, LACI, f"use c{item} c{ship}")  # instead of returning fire
    assert s.cards[item].zone == "trash" and s.pending[-1].kind != "return"
    _pass_windows(m)
    assert s.cards[ship].zone == "hangar" and GAME.armour_left(s, ship) == 2  # 2 + 2 - 2
    assert s.cards[gun].zone == "hangar" and GAME.armour_left(s, gun) == 3  # no fire came back


def test_ability_can_be_neutralised_and_costs_stay_paid() -> None:
    m = blank(credits=2)
    s = m.state
    base = add(
        m, LACI, "insect_bunker_1", "surface"
    )  # paid; 1 credit, turn used: one of your ships +1 armour
    ship = add(m, LACI, "cobra_flash", "hangar")
    order = add(m, DANI, "felsobb_parancs", "hand")
    play(m, LACI, f"use c{base} c{ship}")
    assert s.cards[base].turn == 1 and s.players[LACI].credits == 1
    play(m, DANI, f"play c{order} c{base}")
    assert s.cards[base].zone == "surface" and s.cards[base].turn == 1  # stays in play, still used
    assert GAME.armour_left(s, ship) == 3 and not s.stack


def test_override_costs_what_the_ability_cost() -> None:
    """Felülbírálás (cost X) on an ability costs the credits paid for it: 1 for the bunker's."""
    m = blank(credits=1)
    s = m.state
    base = add(m, LACI, "insect_bunker_1", "surface")  # 1 credit, turn used: one of your ships +1 armour
    ship = add(m, LACI, "cobra_flash", "hangar")
    override = add(m, DANI, "felulbiralas", "hand")
    s.players[DANI].credits = 1
    play(m, LACI, f"use c{base} c{ship}")
    assert s.players[LACI].credits == 0 and s.stack[-1].cost == 1
    assert f"play c{override} c{base}" in legal(m, DANI)
    play(m, DANI, f"play c{override} c{base}")
    assert s.players[DANI].credits == 0 and GAME.armour_left(s, ship) == 3


def test_ability_needs_its_credits() -> None:
    m = blank(credits=0)
    base = add(m, LACI, "insect_bunker_1", "surface")
    add(m, LACI, "cobra_flash", "hangar")
    assert not any(n.startswith(f"use c{base}") for n in legal(m, LACI))


def test_ability_targets_respect_cloak_and_multiplayer_neighbours() -> None:
    m = blank(players=4)
    s = m.state
    scout = add(m, 0, "human_scout_3", "hangar")  # turn used: look at an opponent's hand
    add(m, 2, "crx", "hand")
    spy = [n for n in legal(m, 0) if n.startswith(f"use c{scout}")]
    assert sorted(spy) == [f"use c{scout} p1", f"use c{scout} p3"]
    cloaked = add(m, 0, "carno_scout_1", "hangar")
    base = add(m, 0, "insect_bunker_1", "surface")
    assert f"use c{base} c{cloaked}" not in legal(m, 0) and f"use c{base} c{scout}" in legal(m, 0)
    play(m, 0, f"use c{scout} p3")
    _pass_windows(m)
    assert all(u in s.players[0].known for u in s.players[3].hand)


def test_unpaid_cards_have_no_ability() -> None:
    m = blank()
    base = add(m, LACI, "insect_bunker_1", "surface", up=False)
    add(m, LACI, "cobra_flash", "hangar")
    assert not any(n.startswith(f"use c{base}") for n in legal(m, LACI))


@pytest.mark.parametrize("card_id", sorted(c.id for c in pool().values() if c.ability))
def test_every_ability_in_the_pool_is_used_and_resolved(card_id: str) -> None:
    m = blank(players=3, credits=5)
    s = m.state
    card = pool()[card_id]
    ship = add(m, 0, "cobra_flash", "hangar")
    add(m, 1, "crx", "hangar")
    add(m, 1, "tuzer", "hand")
    if card.type == "ship":
        u = add(m, 0, card_id, "hangar")
    elif card.type == "base":
        u = add(m, 0, card_id, "surface")
    elif card.subtype == "passenger":
        u = add(m, 0, card_id, "canteen")
    else:
        u = add(m, 0, card_id, "ship", host=ship)
    uses = [n for n in legal(m, 0) if n.startswith(f"use c{u}")]
    assert uses, f"{card_id}: its ability cannot be used: {legal(m, 0)}"
    events = play(m, 0, uses[-1])
    while s.pending and s.pending[-1].kind != "main":
        seat = m.to_move[0]
        events += play(m, seat, legal(m, seat)[-1])
    assert any(e["type"] == "ability" and e["card"] == f"c{u}" for e in events), events
    assert not s.stack and GAME.invariants(s) == []
    turned = u if card.type in ("ship", "base") or card.subtype == "passenger" else ship
    cost = card.ability.cost if card.ability else None
    assert cost is not None
    if cost.sacrifice:
        assert s.cards[u].zone == "trash"
    else:
        assert s.cards[turned].turn >= 1


def test_attacker_who_turned_its_last_ship_goes_on_without_ships() -> None:
    """§D16: abilities may be used in the declaration window; if the attacker turns its last active
    ship for one, the equip step offers only `go` and the attack does nothing."""
    m = blank()
    s = m.state
    scout = add(m, LACI, "human_scout_3", "hangar")  # turn used: look at an opponent's hand
    add(m, DANI, "crx", "hand")
    play(m, LACI, "attack colony")
    assert s.pending[-1].kind == "priority"  # the declaration window
    while s.pending[-1].kind == "priority":
        seat = m.to_move[0]
        play(
            m,
            seat,
            f"use c{scout} p{DANI}" if seat == LACI and f"use c{scout} p{DANI}" in legal(m, seat) else "pass",
        )
    assert legal(m, LACI) == ["go"]
    play(m, LACI, "go")
    play(m, DANI, "go")
    play(m, LACI, "done")
    play(m, DANI, "done")
    assert s.combat is None and len(s.players[DANI].colony) == 10
