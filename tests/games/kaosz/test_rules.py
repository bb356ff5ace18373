"""Rules beyond the worked examples: keywords, phases, multiplayer, information, decks."""

from __future__ import annotations

import random

import pytest

from galaxis.core import BadOption, IllegalAction, new_match
from galaxis.games.kaosz import GAME
from galaxis.games.kaosz.cards import KEYWORDS, RACES, RARITIES, SUBTYPES, pool
from galaxis.games.kaosz.decks import check_deck, parse_deck_text, starters
from tests.games.kaosz.helpers import add, blank, legal, play


def _combat(m, attacker_ships, defender_ships, target="colony"):  # type: ignore[no-untyped-def]
    """Declares an attack and equips; stops at the first firing decision."""
    a = m.state.active
    d = 1 - a
    play(m, a, f"attack {target}")
    while m.state.pending[-1].kind == "priority":  # the declaration window
        play(m, m.to_move[0], "pass")
    play(m, a, *[f"send c{u}" for u in attacker_ships], "go")
    play(m, d, *[f"send c{u}" for u in defender_ships], "go")
    play(m, a, "done")
    play(m, d, "done")


def _pass_windows(m):  # type: ignore[no-untyped-def]
    """Everybody passes in the open interrupt windows."""
    while m.state.pending and m.state.pending[-1].kind == "priority":
        play(m, m.to_move[0], "pass")


def test_pool_size_and_coverage() -> None:
    cards = list(pool().values())
    assert len(cards) >= 253
    for race in RACES:
        assert sum(c.race == race for c in cards) >= 30
    assert {(c.type, c.subtype) for c in cards} == {(t, s) for t, subs in SUBTYPES.items() for s in subs}
    assert {k for c in cards for k in c.keywords} == set(KEYWORDS)
    assert {c.rarity for c in cards} == set(RARITIES)
    assert sum(c.named for c in cards) == 13
    assert all(c.designed for c in cards)  # every card marks what is our design


def test_starters_are_legal_and_at_least_eight() -> None:
    assert len(starters()) >= 8
    for ids in starters().values():
        assert check_deck(ids) == [] and check_deck(ids, simple_combat=True) == []


def test_deck_errors_are_clear() -> None:
    errors = [str(e) for e in check_deck(["crx"] * 4 + ["halalszarny"] * 41)]
    assert any("exactly 45" not in e and "CRX has 4" in e for e in errors)
    opposed = check_deck(["mamut_1"] * 3 + ["halalszarny"] * 3)
    assert any("opposed races" in str(e) for e in opposed)
    assert any("ellentétes fajok (Ember és Xeno)" in e.render("hu") for e in opposed)
    assert [str(e) for e in check_deck(["mamut_1"] * 3 + ["halalszarny"] * 3, races="free")] == [
        "a deck has exactly 45 cards, this one has 6 (§1.1)"
    ]
    with pytest.raises(ValueError, match="unknown card"):
        parse_deck_text("3 Cobra Flash\n2 Nonexistent Ship\n")
    assert parse_deck_text("# comment\n3 Cobra Flash\ncrx\n") == ["cobra_flash"] * 3 + ["crx"]
    # designed cards by their Hungarian or English name, and by the name they had before
    assert parse_deck_text("2 Sáskajárás\nlocust plague\nKitin rajtaütés\n") == ["insect_attack_1"] * 4


def test_deck_option_and_file_text() -> None:
    text = "\n".join(f"3 {pool()[c].name}" for c in dict.fromkeys(starters()["swarm"]))
    m = new_match("kaosz", 2, 0, {"setup": {"decks": {"0": text}}})
    assert m.state.players[0].deck == "custom"
    with pytest.raises(BadOption, match="illegal"):
        new_match("kaosz", 2, 0, {"setup": {"decks": {"1": ["crx"] * 45}}})
    with pytest.raises(BadOption):
        new_match("kaosz", 2, 0, {"deck0": "nonsense"})


def test_mulligan_only_once_and_first_turn_income() -> None:
    m = new_match("kaosz", 2, 5, {"setup": {"first": 0}})
    play(m, 0, "keep")
    play(m, 1, "keep")
    assert m.state.players[0].credits == 6 and "mulligan" not in legal(m, m.to_move[0])


def test_multiplayer_neighbours_and_no_first_turn_attack() -> None:
    m = blank(players=4)
    s = m.state
    add(m, 0, "crx", "hangar")
    assert sorted(GAME.opponents(s, 0)) == [1, 3]
    options = legal(m, 0)
    assert (
        "attack colony p1" in options and "attack colony p3" in options and "attack colony p2" not in options
    )
    s.players[0].turns = 1
    assert not any(a.startswith("attack") for a in legal(m, 0))


def test_end_phase_limits_untap_and_win() -> None:
    m = blank(credits=25)
    s = m.state
    for _ in range(7):
        add(m, 0, "marduk_kurios", "hand")
    for _ in range(4):
        add(m, 0, "crx", "hangar")  # 16 room
    used = s.players[0].hangar[0]
    s.cards[used].turn = 2
    s.players[1].colony = s.players[1].colony[:0] or []
    for u in range(len(s.cards)):
        if s.cards[u].owner == 1 and s.cards[u].zone == "colony":
            s.cards[u].zone = "trash"
            s.players[1].trash.append(u)
    play(m, 0, "end")
    assert m.to_move == (0,)  # discard two first
    play(m, 0, *[f"discard c{u}" for u in s.players[0].hand[:2]])
    assert m.to_move == (0,)  # then the hangar
    play(m, 0, f"scrap c{s.players[0].hangar[1]}")
    assert m.is_over and m.result.ranking == [[0], [1]]
    assert s.players[0].credits == 20 and s.cards[used].turn == 1


def test_hand_bombard_and_crew_shielded() -> None:
    m = blank()
    s = m.state
    ship = add(m, 0, "crx", "hangar")
    add(m, 1, "tuzer", "hand")
    _combat(m, [ship], [], target="hand")
    play(m, 0, "bomb")
    assert m.to_move == (1,)
    play(m, 1, f"discard c{s.players[1].hand[0]}")
    assert s.players[1].hand == []
    m2 = blank()
    s2 = m2.state
    a = add(m2, 0, "crx", "hangar")
    crew = add(m2, 1, "xeno_robot_1", "canteen", up=False)
    d = add(m2, 1, "halalszarny", "hangar")
    play(m2, 0, f"attack c{crew}", f"send c{a}", "go")
    play(m2, 1, f"send c{d}", f"board c{crew} c{d}", "go")
    assert s2.cards[crew].zone == "ship"


def test_missile_paid_only_in_payment_step_and_trashed() -> None:
    m = blank()
    s = m.state
    ship = add(m, 0, "crx", "hangar")
    missile = add(m, 0, "zarg_missile_1", "ship", up=False, host=ship)
    assert f"pay c{missile}" not in legal(m, 0)
    play(m, 0, "attack colony", f"send c{ship}", "go")
    play(m, 1, "go")
    play(m, 0, f"pay c{missile}", "done")
    assert GAME.stat(s, ship, "firepower") == 5 + pool()["zarg_missile_1"].bonus["firepower"]
    play(m, 1, "done")
    play(m, 0, "bomb")
    assert s.cards[missile].zone == "trash"


def test_bluff_cannot_be_paid() -> None:
    m = blank()
    fake = add(m, 0, "crx", "surface", up=False, upgrades=5)
    assert f"pay c{fake}" not in legal(m, 0) and f"up c{fake}" in legal(m, 0)


def test_heavy_weapons_stealth_repair_rapid_fire() -> None:
    m = blank(credits=6)
    s = m.state
    shark = add(m, 0, "shark_scout_1", "hangar")  # heavy weapons, 5-1-1-1
    sneaky = add(m, 0, "zarg_scout_2", "hangar")  # stealth 5-1-2-0
    rep = add(m, 1, "human_fighter_1", "hangar")  # repair 4-2-3-1
    _combat(m, [shark, sneaky], [rep])
    play(m, 0, f"boost c{shark}")
    assert f"boost c{shark}" not in legal(m, 0)  # at most twice the printed firepower
    assert GAME.stat(s, shark, "firepower") == 2 and s.players[0].credits == 4
    play(m, 0, f"fire c{shark} c{rep}")
    assert m.to_move == (1,)  # return fire offered
    play(m, 1, "hold")
    assert s.cards[rep].harm == 2
    play(m, 0, f"sneak c{sneaky}")
    assert len(s.players[1].wreck) == GAME.card(s, sneaky).stat("bombard")
    # the repair ship ends the firing step used, not damaged
    while s.combat is not None and s.combat.stage in ("fire",):
        seat = m.to_move[0]
        play(m, seat, "pass" if "pass" in legal(m, seat) else legal(m, seat)[-1])
    assert s.cards[rep].turn == 1
    m2 = blank()
    rapid = add(m2, 0, "zarg_scout_1", "hangar")
    target = add(m2, 1, "crx", "hangar")
    _combat(m2, [rapid], [target])
    play(m2, 0, f"fire c{rapid} c{target}")
    assert m2.state.combat is not None and m2.state.combat.shot == {"last": 0}  # no return fire step


def test_formation_spreads_damage_and_demolition_mills() -> None:
    m = blank(active=1)
    s = m.state
    big = add(m, 1, "crx", "hangar")
    f1 = add(m, 0, "human_scout_1", "hangar")  # formation 4-1-1-1
    f2 = add(m, 0, "human_scout_2", "hangar")  # formation 5-1-2-0
    _combat(m, [big], [f1, f2])
    play(m, 0, f"fire c{f1} c{big}")
    play(m, 1, "back")  # CRX returns fire with salvo
    play(m, 1, f"hit c{f1}", f"hit c{f1}", "stop")
    # salvo ignores formation: f1 takes both points and dies
    assert s.cards[f1].zone == "trash"
    m2 = blank()
    s2 = m2.state
    demo = add(m2, 0, "insect_scout_2", "hangar")  # demolition 5-1-2-0: bombard 0, no extra
    dz = add(m2, 0, "zarg_scout_3", "hangar")  # demolition 3-1-2-2
    _combat(m2, [demo, dz], [])
    assert f"demo c{dz}" in legal(m2, 0) and f"demo c{demo}" not in legal(m2, 0)
    play(m2, 0, f"demo c{dz}", f"demo c{dz}")
    assert f"demo c{dz}" not in legal(m2, 0)
    play(m2, 0, "bomb")
    assert len(s2.players[0].wreck) == 2 and len(s2.players[1].wreck) == 4


def test_formation_spread_is_the_hit_players_choice() -> None:
    """§7 formation: the controller of the hit formation ship spreads the damage point by point
    over the side's other formation ships in the combat, at most each one's armour; the rest
    stays on the ship that was hit. The legal actions are exactly those."""
    m = blank()
    s = m.state
    gun = add(m, 0, "human_fighter_2", "hangar")  # 5-3-2-0, no salvo
    f1 = add(m, 1, "human_scout_3", "hangar")  # formation 3-1-2-2
    f2 = add(m, 1, "human_scout_2", "hangar")  # formation 5-1-2-0
    _combat(m, [gun], [f1, f2])
    play(m, 0, f"fire c{gun} c{f1}")
    play(m, 1, "hold")
    _pass_windows(m)  # f1 (a scout with an ability) makes seat 1 eligible in the window before damage
    assert m.to_move == (1,) and sorted(legal(m, 1)) == sorted([f"spread c{f2}", "stop"])
    play(m, 1, f"spread c{f2}")
    assert s.cards[f1].harm == 0  # nothing is dealt before the choice is complete
    play(m, 1, f"spread c{f2}")
    assert legal(m, 1) == ["stop"]  # f2 took its armour (2): no more
    events = play(m, 1, "stop")
    assert {"type": "formation", "card": f"c{f1}", "spread": {f"c{f1}": 1, f"c{f2}": 2}} in events
    assert s.cards[f1].harm == 1 and s.cards[f1].zone == "hangar" and s.cards[f2].zone == "trash"


def test_formation_may_keep_the_hit_and_ignores_unformed_ships() -> None:
    m = blank()
    s = m.state
    gun = add(m, 0, "human_fighter_2", "hangar")  # 3 firepower
    f1 = add(m, 1, "human_scout_3", "hangar")  # formation
    f2 = add(m, 1, "human_scout_2", "hangar")  # formation
    plain = add(m, 1, "halalszarny", "hangar")  # no formation
    _combat(m, [gun], [f1, f2, plain])
    play(m, 0, f"fire c{gun} c{plain}")
    play(m, 1, "hold")
    _pass_windows(m)
    assert s.cards[plain].zone == "trash"  # a ship without formation: no spread step
    m2 = blank()
    gun2 = add(m2, 0, "human_fighter_2", "hangar")
    g1 = add(m2, 1, "human_scout_3", "hangar")
    g2 = add(m2, 1, "human_scout_2", "hangar")
    _combat(m2, [gun2], [g1, g2])
    play(m2, 0, f"fire c{gun2} c{g1}")
    play(m2, 1, "hold")
    _pass_windows(m2)
    play(m2, 1, "stop")  # formation is optional: all 3 stay on g1
    assert m2.state.cards[g1].zone == "trash" and m2.state.cards[g2].harm == 0


def test_simple_combat_alternates_and_defers_destruction() -> None:
    m = blank(simple_combat=True)
    s = m.state
    a = add(m, 0, "mamut_1", "hangar")
    d = add(m, 1, "halalszarny", "hangar")
    _combat(m, [a], [d])
    play(m, 0, f"fire c{a} c{d}")
    assert s.cards[d].zone == "hangar" and GAME.armour_left(s, d) <= 0  # still fires
    play(m, 1, f"fire c{d} c{a}")
    assert s.cards[a].harm == 1 and s.cards[d].zone == "trash"


def test_refusals_cite_rules_and_change_nothing() -> None:
    m = blank(credits=0)
    s = m.state
    add(m, 0, "crx", "hand")
    before = m.to_json()
    for bad, rule in (("play c20", "§4.1"), ("draw", "§5.2"), ("fire c1 c2", "§6.4"), ("play c999", "§11")):
        with pytest.raises(IllegalAction) as exc:
            m.apply(0, bad)
        assert rule in exc.value.rule, (bad, exc.value.rule)
    with pytest.raises(IllegalAction):
        m.apply(1, "end")
    assert m.to_json() == before and s.players[0].credits == 0


def test_determinize_keeps_what_the_viewer_knows() -> None:
    m = new_match("kaosz", 2, 11)
    rnd = random.Random(3)
    for _ in range(150):
        seat = m.to_move[0]
        m.apply(seat, rnd.choice(m.legal_actions(seat)))
    for viewer in (0, 1):
        obs = m.observation(viewer)
        world = m.determinize(viewer, 7)
        assert world.observation(viewer) == obs
        assert GAME.invariants(world.state) == []
        for u, c in enumerate(world.state.cards):
            if c.zone == "canteen" and not c.up:
                assert pool()[c.name].type == "crew"
            if c.zone == "ship" and not c.up:
                assert pool()[c.name].type in ("equipment", "crew")
            assert c.owner == m.state.cards[u].owner
        assert sorted(c.name for c in world.state.cards) == sorted(c.name for c in m.state.cards)


@pytest.mark.parametrize("card_id", sorted(pool()))
def test_every_card_can_be_played_and_resolved(card_id: str) -> None:
    """Each card of the pool: played (face up when it can be, else face down and paid)."""
    m = blank(credits=20)
    s = m.state
    mine = add(m, 0, "crx", "hangar")
    add(m, 1, "mamut_1", "hangar")
    add(m, 0, "aknagyuru", "surface", up=False)
    add(m, 1, "tuzer", "hand")
    u = add(m, 0, card_id, "hand")
    card = pool()[card_id]
    options = [n for n in legal(m, 0) if n.split()[1:2] == [f"c{u}"]]
    plays = [n for n in options if n.startswith("play")]
    if card.type == "interrupt" and card.subtype not in ("general", "reaction"):
        assert not plays  # start and combat interrupts wait for their window
        s.phase = "start"
        window = "start" if card.subtype == "start" else "combat"
        from galaxis.core import Step

        s.pending.append(Step("priority", 0, {"window": window, "passes": 0}))
        plays = [n for n in legal(m, 0) if n.startswith(f"play c{u}")]
    if plays or card.type == "ship":
        assert plays, f"{card_id} cannot be played: {options}"
        play(m, 0, plays[0])
    else:
        down = [n for n in options if n.startswith("down")]
        play(m, 0, down[-1])
        if card.type == "base" and card.subtype != "trap":
            s.cards[u].upgrades = card.limit if isinstance(card.limit, int) else 2
            play(m, 0, f"pay c{u}")
    while s.pending and s.pending[-1].kind not in ("main",):
        seat = m.to_move[0]
        play(m, seat, legal(m, seat)[-1])
    assert GAME.invariants(s) == []
    assert s.cards[u].zone != "hand"
    del mine
