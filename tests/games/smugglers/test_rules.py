"""Rule-by-rule tests of Space Smugglers (§ = docs/games/smugglers.md)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import galaxis
from galaxis.core import IllegalAction, Rng
from galaxis.games.smugglers import scoring

from .helpers import play, set_energy, set_goods, start

DECK = ["S33", "S34", "S35", "S36", "S29", "S30", "S31", "S32"]


def test_setup_by_player_count():
    """§2: supplies, tokens and galaxies follow the rulebook's table."""
    expect = {
        2: (12, 3, [-1, 0, 1, 3], 8, 3),
        3: (12, 3, [-1, 1, 2], 8, 3),
        4: (12, 3, [-1, 1, 2, 3], 8, 4),
        5: (9, 2, [-1, 1, 2, 3, 4], 6, 5),
        6: (9, 2, [-1, 0, 1, 2, 3, 4], 6, 6),
    }
    for n, (energy, goods, tokens, galaxies, cards) in expect.items():
        m = galaxis.new_match("smugglers", n, seed=n)
        s = m.state
        assert all(p.energy == energy and p.goods == [goods] * 4 for p in s.players)
        assert sorted(s.free_tokens) == tokens
        assert s.rounds == galaxies and len(s.row) == cards and len(s.galaxies) == galaxies - 1
        assert len(s.box) == 36 - galaxies * cards  # the rest go back to the box unseen


def test_die_must_match_the_highest_and_second_die_counts_only_if_higher():
    """§3.2: a die needs at least the highest value on the card; values never add up."""
    m = start(3, deck=DECK, mode="realtime")
    play(m, [(0, "A3")])
    assert "A2" not in m.legal_actions(1) and "A3" in m.legal_actions(1)
    with pytest.raises(IllegalAction, match="at least 3") as err:
        m.apply(1, "A2")
    assert err.value.rule == "§3.2 Bidding"
    play(m, [(1, "A3"), (0, "A4")])  # seat 0's second die on the same card
    events = play(m, [(2, "T2"), (1, "T1")])
    won = [e for e in events if e["type"] == "won"]
    assert won == [
        {"type": "won", "card": "A", "sector": "S33", "seat": 0, "die": 4, "cost": 4}
    ]  # 4, not 3 + 4


def test_no_dice_after_taking_a_token():
    m = start(4, deck=DECK, mode="realtime")
    play(m, [(0, "T3")])
    assert all(a.startswith("T") is False for a in m.legal_actions(0)) and m.legal_actions(0) == []
    assert 0 not in m.to_move
    with pytest.raises(IllegalAction):
        m.apply(0, "A1")


def test_tie_goes_to_the_higher_token():
    m = start(3, deck=DECK, mode="realtime")
    events = play(m, [(0, "A5"), (1, "A5"), (1, "T-1"), (0, "T1")])  # seat 2 gets the 2
    assert [e["seat"] for e in events if e["type"] == "won"] == [0]


def test_unaffordable_sector_goes_face_down_and_costs_its_planets():
    """§3.4.1: a sector whose die the player cannot pay is lost face down."""
    m = start(3, deck=DECK, mode="realtime")
    set_energy(m.state, 0, 3)
    play(m, [(0, "A5"), (0, "T2"), (1, "T1")])
    s = m.state
    assert s.players[0].unpaid == ["S33"] and s.players[0].paid == []
    assert scoring.breakdown(s)[0]["unpaid"] == -4


def test_choose_which_sector_to_pay_when_only_one_is_affordable():
    """§3.4.1: won two, can afford one: the player chooses; the other is lost."""
    m = start(3, deck=DECK, mode="realtime")
    set_energy(m.state, 0, 5)
    play(m, [(0, "A4"), (0, "B3"), (0, "T2"), (1, "T1")])
    legal = m.legal_actions(0)
    assert legal == ["energy A", "energy B"]  # energy first: which sector's energy to pay
    assert "forfeit" not in legal  # mandatory payment (§D1)
    play(m, [(0, "energy B")])
    assert m.state.players[0].unpaid == ["S33"] and m.state.players[0].energy == 2
    play(m, [(0, m.legal_actions(0)[0])])  # then B's goods
    assert m.state.players[0].paid == ["S34"]
    # energy together with the goods (option energy=with_goods): the choice is made by paying
    m = start(3, deck=DECK, mode="realtime", energy="with_goods")
    set_energy(m.state, 0, 5)
    play(m, [(0, "A4"), (0, "B3"), (0, "T2"), (1, "T1")])
    legal = m.legal_actions(0)
    assert any(a.startswith("pay A") for a in legal) and any(a.startswith("pay B") for a in legal)
    play(m, [(0, next(a for a in legal if a.startswith("pay B")))])
    assert m.state.players[0].paid == ["S34"] and m.state.players[0].unpaid == ["S33"]


def test_missing_goods_lose_the_sector():
    """§3.4.2: even skipping one good, the sector cannot be fed: it goes face down."""
    m = start(3, deck=DECK, mode="realtime")
    set_goods(m.state, 0, r=0, y=0)  # S33 has ships r, y, g, b: two missing, only one may be skipped
    play(m, [(0, "A2"), (0, "T2"), (1, "T1")])
    assert m.state.players[0].unpaid == ["S33"]
    assert m.state.players[0].energy == 10  # energy first: the 2 energy were paid before the goods
    m = start(3, deck=DECK, mode="realtime", energy="with_goods")
    set_goods(m.state, 0, r=0, y=0)
    play(m, [(0, "A2"), (0, "T2"), (1, "T1")])
    assert m.state.players[0].unpaid == ["S33"]
    assert m.state.players[0].energy == 12  # with the goods: no energy spent on a sector not paid


def test_optional_payment_variant():
    m = start(3, deck=DECK, mode="realtime", payment="optional")
    play(m, [(0, "A2"), (0, "T2"), (1, "T1")])
    assert "forfeit" in m.legal_actions(0)
    play(m, [(0, "forfeit")])
    assert m.state.players[0].unpaid == ["S33"]


def test_refill_energy_or_goods_up_to_token_value():
    """§3.5: highest token first; energy OR goods; up to the token's value; may stop."""
    m = start(3, deck=DECK, mode="realtime")
    play(m, [(0, "A3"), (1, "B3"), (2, "C3"), (0, "T2"), (1, "T1")])  # seat 2 gets -1
    play(m, [(0, "pay A"), (1, "pay B"), (2, "pay C")])
    s = m.state
    assert s.phase == "refill" and m.to_move == (0,)
    assert s.pool_energy == 9
    play(m, [(0, "+y")])
    assert "+e" not in m.legal_actions(0)  # goods chosen: no energy any more
    play(m, [(0, "+r")])  # two taken: the 2 token is used up
    assert m.to_move == (1,)
    play(m, [(1, "+e")])  # the 1 token: one item
    assert m.to_move == (2,)
    assert set(m.legal_actions(2)) >= {"-e", "-r", "done"}  # the -1 token puts one item back
    play(m, [(2, "-e")])
    assert s.round == 2 and s.phase == "bid"
    assert s.pool_energy == 9 - 1 + 1


def test_turn_mode_order_and_wait_anti_stall():
    """§7.1: one action at a time clockwise; waits are refused once everyone else waited."""
    m = start(3, deck=DECK)
    assert m.to_move == (0,)
    play(m, [(0, "wait"), (1, "wait")])
    assert m.to_move == (2,)
    assert "wait" not in m.legal_actions(2)
    with pytest.raises(IllegalAction, match="waited"):
        m.apply(2, "wait")
    play(m, [(2, "A1")])
    assert m.to_move == (0,) and "wait" in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="not to move"):
        m.apply(1, "A2")


def test_rounds_rotate_the_first_seat():
    m = galaxis.new_match("smugglers", 3, seed=4)
    rng = Rng(4)
    while m.state.round == 1:
        seat = m.to_move[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    assert m.state.start_seat == 1 and (m.state.phase != "bid" or m.to_move == (1,))


def test_final_tie_breaks():
    """§4.1: fewer goods, then less energy, then more paid sectors; else a shared place."""
    m = start(3)
    for p in m.state.players:
        p.paid, p.unpaid, p.energy, p.goods = ["S01"], [], 0, [0, 0, 0, 0]
    m.state.phase = "over"
    assert m.result.ranking == [[0, 1, 2]]
    a, b, c = m.state.players
    a.paid = ["S09"]  # 2 points, 1 good left: same total as b
    a.goods = [1, 0, 0, 0]
    b.paid = ["S02", "S03"]  # 2 points, no goods, 1 energy
    b.energy = 1
    c.paid = ["S05"]
    assert m.result.scores == [1.0, 1.0, 1.0]
    assert m.result.ranking == [[2], [1], [0]]  # c: nothing left; b: one energy; a: one good


def test_planted_deck_never_reaches_an_observation():
    """§D8: the face-down galaxies and the box are never shown, not even their order."""
    deck = ["S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09"]
    m = start(3, deck=deck)
    hidden = [c for g in m.state.galaxies for c in g] + m.state.box
    for seat in (None, 0, 1, 2):
        text = json.dumps(m.observation(seat)) + m.render_text(seat) + m.render_svg(seat)
        for card in hidden:
            assert card not in text
    assert m.determinize(0, 9).observation(0) == m.observation(0)


def test_bad_setup_is_refused():
    with pytest.raises(galaxis.BadOption):
        start(3, deck=["S01", "S01"])
    with pytest.raises(galaxis.BadOption):
        start(3, colours=["orange", "orange", "black"])
    with pytest.raises(galaxis.BadOption):
        galaxis.new_match("smugglers", 7)


def test_notation_is_forgiving_about_case_and_spaces():
    m = start(3, deck=DECK, mode="realtime")
    play(m, [(0, "a3"), (1, "t-1"), (2, " B2 ")])
    assert m.history == [(0, "A3"), (1, "T-1"), (2, "B2")]


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    options=st.fixed_dictionaries(
        {
            "mode": st.sampled_from(["turns", "realtime"]),
            "stacked": st.booleans(),
            "stations": st.booleans(),
            "favourite_ships": st.booleans(),
            "favourite_goods": st.booleans(),
            "payment": st.sampled_from(["mandatory", "optional"]),
        }
    ),
)
def test_random_play_keeps_every_invariant(players, seed, options):
    m = galaxis.new_match("smugglers", players, seed=seed, options=options)
    rng = Rng(seed)
    while not m.is_over:
        seat = rng.choice(m.to_move)
        m.apply(seat, rng.choice(m.legal_actions(seat)))
        assert m.game.invariants(m.state) == []
    assert sum(len(p.paid) + len(p.unpaid) for p in m.state.players) + len(
        m.state.discarded
    ) == m.state.rounds * len(m.state.row)


def test_games_can_be_listed_again_after_a_game_is_loaded():
    """``galaxis.games`` is both the function and the package of game definitions."""
    first = [g.id for g in galaxis.games()]
    galaxis.new_match("smugglers", 2)
    assert [g.id for g in galaxis.games()] == first and "smugglers" in first


def test_a_set_up_row_with_more_cards_than_letters_is_refused():
    """A galaxy's cards are lettered A-F, so the set-up table allows at most 6 per galaxy."""
    from pydantic import ValidationError

    from galaxis.games.smugglers.data import PlayerCountSetup

    row = {"goods": 2, "energy": [4, 1], "tokens": [-1, 0, 1], "galaxies": 6}
    assert PlayerCountSetup(**row, cards_per_galaxy=6).cards_per_galaxy == 6
    with pytest.raises(ValidationError, match="cards_per_galaxy"):
        PlayerCountSetup(**row, cards_per_galaxy=7)
