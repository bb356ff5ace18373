"""Each operation of the effect language, on its own (docs/games/kaosz.md §9)."""

from __future__ import annotations

from galaxis.games.kaosz import GAME
from galaxis.games.kaosz.cards import Effect, pool
from galaxis.games.kaosz.effects import OPS, RULES, Ctx
from tests.games.kaosz.helpers import add, blank, legal, play


def _run(m, op: str, seat: int, target: int, amount: int = 0, **kw):  # type: ignore[no-untyped-def]
    events: list = []
    e = Effect(when="play", op=op, amount=amount, **kw)
    OPS[op](GAME, m.state, Ctx(-1, seat, target, amount, e), events)
    return events


def test_every_op_cites_a_rule() -> None:
    assert set(OPS) == set(RULES)
    assert all(RULES[k].startswith("§") for k in RULES)
    used = {e.op for c in pool().values() for e in c.effects}
    assert used == set(OPS)  # every operation is used by some card


def test_pump_lasts_until_the_end_of_combat() -> None:
    m = blank()
    ship = add(m, 0, "cobra_flash", "hangar")
    _run(m, "pump", 0, ship, 2, stat="firepower")
    assert GAME.stat(m.state, ship, "firepower") == 4
    play(m, 0, "end")
    assert GAME.stat(m.state, ship, "firepower") == 2


def test_neutralize_marks_the_stack_item() -> None:
    m = blank()
    s = m.state
    card = add(m, 1, "durmacel_celterelo", "stack")
    from galaxis.games.kaosz.state import StackItem

    s.stack.append(StackItem(uid=card, seat=1, kind="card", target=-1, cost=1))
    _run(m, "neutralize", 0, card)
    assert s.stack[0].neutralized


def test_destroy_ship_lets_the_victim_choose() -> None:
    m = blank()
    a = add(m, 1, "marduk_kurios", "hangar")
    b = add(m, 1, "crx", "hangar")
    _run(m, "destroy_ship", 0, 1, chooser="opponent")  # the chosen opponent: seat 1
    assert m.to_move == (1,)
    play(m, 1, f"pick c{a}")
    assert m.state.cards[a].zone == "trash" and m.state.cards[b].zone == "hangar"


def test_choose_bonus_asks_the_controller() -> None:
    m = blank()
    ship = add(m, 0, "marduk_kurios", "hangar")
    gunner = add(m, 0, "tuzer", "ship", host=ship)
    events: list = []
    GAME.resolve_effects(m.state, gunner, 0, "payment_end", -1, events)
    play(m, 0, f"bonus c{gunner} firepower")
    assert GAME.stat(m.state, ship, "firepower") == 4 and GAME.stat(m.state, ship, "bombard") == 0


def test_attack_tax_only_while_paid() -> None:
    m = blank(credits=0)
    add(m, 0, "marduk_kurios", "hangar")
    ring = add(m, 1, "aknagyuru", "surface", up=False)
    assert GAME.attack_tax(m.state, 1) == 0
    assert "attack colony" in legal(m, 0)
    m.state.cards[ring].up = True
    assert GAME.attack_tax(m.state, 1) == 1
    assert "attack colony" not in legal(m, 0)  # no credit for the tax


def test_credits_draw_mill() -> None:
    m = blank(credits=0)
    s = m.state
    _run(m, "credits", 0, -1, 3)
    assert s.players[0].credits == 3
    _run(m, "draw", 0, -1, 2)
    assert len(s.players[0].hand) == 2 and len(s.players[0].colony) == 8
    _run(m, "mill", 0, 1, 4)
    assert len(s.players[1].colony) == 6 and len(s.players[1].wreck) == 4
    _run(m, "mill", 0, 1, 99)
    assert s.players[1].colony == []


def test_damage_outside_combat_turns_damaged_or_destroys() -> None:
    m = blank()
    s = m.state
    big = add(m, 1, "crx", "hangar")
    small = add(m, 1, "halalszarny", "hangar")
    _run(m, "damage", 0, big, 2)
    assert s.cards[big].turn == 2 and GAME.armour_left(s, big) == 3
    _run(m, "damage", 0, small, 1)
    assert s.cards[small].zone == "trash"


def test_ready_discard_upgrade_peek() -> None:
    m = blank()
    s = m.state
    ship = add(m, 0, "crx", "hangar")
    s.cards[ship].turn = 2
    _run(m, "ready", 0, ship)
    assert s.cards[ship].turn == 0
    base = add(m, 0, "aknagyuru", "surface", up=False)
    _run(m, "upgrade", 0, base, 3)
    assert s.cards[base].upgrades == 3
    secret = add(m, 1, "crx", "hand")
    _run(m, "peek", 0, 1)
    assert secret in s.players[0].known
    assert m.observation(0)["players"][0]["known"] == {f"c{secret}": "crx"}
    _run(m, "discard", 0, 1)
    play(m, 1, f"discard c{secret}")
    assert s.cards[secret].zone == "wreck"


def test_x_amount_counts_upgrades() -> None:
    m = blank(credits=5)
    s = m.state
    lab = add(m, 0, "insect_research_2", "surface", up=False, upgrades=3)
    assert pool()["insect_research_2"].limit == "X"
    play(m, 0, f"pay c{lab}")
    assert len(s.players[0].hand) == 3  # draw X = 3
    assert s.cards[lab].zone == "trash"  # research goes to the trash once paid


def test_targeted_event_and_fizzle() -> None:
    m = blank(credits=5)
    s = m.state
    victim = add(m, 1, "halalszarny", "hangar")
    cloaked = add(m, 1, "xeno_scout_1", "hangar")
    assert "cloak" in pool()["xeno_scout_1"].keywords
    ev = add(m, 0, "cerebrite_attack_2", "hand")
    options = legal(m, 0)
    assert f"play c{ev} c{victim}" in options and f"play c{ev} c{cloaked}" not in options  # cloak
    play(m, 0, f"play c{ev} c{victim}")
    assert s.cards[victim].zone == "trash" and s.cards[ev].zone == "trash"
