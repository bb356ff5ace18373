"""Every worked example of the rulebook (seed 000), as tests. § = docs/games/smugglers.md."""

from __future__ import annotations

import itertools

import pytest

from galaxis.games.smugglers import scoring
from galaxis.games.smugglers.data import sectors, sheets

from .helpers import play, set_goods, start, value

# The five-player example (rulebook p. 4): cards A–E. A = S13, C = S26, D = S33, E = S21 (§D3).
FIVE = ["orange", "black", "white", "pink", "brown"]
ORANGE, BLACK, WHITE, PINK, BROWN = range(5)


def five_player_example():
    m = start(5, deck=["S13", "S01", "S26", "S33", "S21"], colours=FIVE, mode="realtime")
    set_goods(m.state, BLACK, r=1)  # "he has only one red good"
    events = play(
        m,
        [
            (PINK, "E3"),
            (ORANGE, "A3"),
            (ORANGE, "E5"),  # orange overbids pink on E
            (BLACK, "C2"),
            (WHITE, "C2"),  # a tie on C
            (BLACK, "D4"),
            (PINK, "E6"),  # pink's second die, on the same card
            (ORANGE, "T3"),
            (BLACK, "T2"),
            (WHITE, "T-1"),
            (PINK, "T4"),  # one token left: bidding closes, brown gets the 1
        ],
    )
    return m, events


def test_five_player_bidding_evaluation():
    m, events = five_player_example()
    won = {e["card"]: (e["seat"], e["cost"]) for e in events if e["type"] == "won"}
    assert won == {"A": (ORANGE, 3), "C": (BLACK, 2), "D": (BLACK, 4), "E": (PINK, 6)}
    assert [e["card"] for e in events if e["type"] == "unclaimed"] == ["B"]  # nobody bid on B
    assert m.state.players[BROWN].tokens == [1]  # the last token goes to the player without one
    assert m.state.phase == "pay"
    assert set(m.to_move) == {ORANGE, BLACK, PINK}  # brown and white won nothing


def test_five_player_payment():
    m, _ = five_player_example()
    assert "pay A x=b" in m.legal_actions(ORANGE)  # y, g, b for the ships, a blue to the cruiser
    # black cannot pay both reds on C: he must skip one; the cruiser takes a yellow
    black = m.legal_actions(BLACK)
    assert "pay C -r x=y" in black and "pay C x=y" not in black
    play(m, [(ORANGE, "pay A x=b"), (BLACK, "pay C -r x=y")])
    # on D his last red is gone, so the red ship is the one he skips
    assert all("-r" in a for a in m.legal_actions(BLACK) if a.startswith("pay D"))
    play(m, [(BLACK, "pay D -r")])
    assert "pay E" in m.legal_actions(PINK) and "pay E -b" in m.legal_actions(PINK)  # may skip the blue
    play(m, [(PINK, "pay E")])
    s = m.state
    assert s.players[BLACK].paid == ["S26", "S33"]
    assert value("S26") + value("S33") == 7  # "two sectors worth 7 points together"
    assert s.players[BLACK].energy == 9 - 6  # 6 (4 + 2) energy into the pool
    assert s.players[ORANGE].energy == 9 - 3 and s.players[PINK].energy == 9 - 6
    assert s.players[ORANGE].goods == [2, 1, 1, 0]  # gave y, g, b and a blue to the cruiser
    assert s.players[BLACK].goods == [0, 0, 1, 1]  # gave r, y (cruiser), then g, y, b
    assert s.pool_energy == 15
    assert s.players[ORANGE].paid == ["S13"] and value("S13") == 2
    assert s.players[PINK].paid == ["S21"] and value("S21") == 3
    assert s.phase == "refill" and m.to_move == (PINK,)  # the 4 token refills first


def test_scoring_example_17():
    """p. 5: 21 points of sectors, an unpaid 2-planet card, a blue and a green left: 17."""
    m = start(4)
    p = m.state.players[0]
    p.paid = ["S33", "S34", "S35", "S25", "S09", "S01", "S26"]  # 4 4 4 3 2 1 3
    assert sum(value(c) for c in p.paid) == 21
    p.unpaid = ["S10"]
    p.energy = 0
    p.goods = [0, 0, 1, 1]
    assert scoring.breakdown(m.state)[0]["total"] == 17


def test_station_example():
    """p. 7: a station sector with red and blue planets scores Anna 2, Béla 4, Csaba 0, Dani 2."""
    card = sectors()["S29"]
    assert card.station and sorted(card.planets) == ["b", "b", "r", "r"]
    favs = {
        name: sheets()[colour].fav_planets
        for name, colour in {"Anna": "orange", "Béla": "black", "Csaba": "white", "Dani": "pink"}.items()
    }
    assert favs["Anna"] == ("r", "y") and favs["Béla"] == ("r", "b")
    got = {name: scoring.sector_points(card, fav) for name, fav in favs.items()}
    assert got == {"Anna": 2, "Béla": 4, "Csaba": 0, "Dani": 2}
    assert scoring.sector_points(card, None) == 4  # without the module a station is an ordinary sector


def test_bela_scores_15():
    """p. 8: Béla: 10 on ordinary sectors, 4 + 1 + 2 on stations, minus a 2-planet unpaid card: 15."""
    m = start(4, colours=["black", "orange", "white", "pink"], stations=True)
    bela = m.state.players[0]
    bela.paid = ["S33", "S09", "S01", "S25", "S29", "S17", "S30"]
    bela.unpaid = ["S19"]  # a green and a red planet: it costs both, favourite or not
    bela.energy = 0
    bela.goods = [0, 0, 0, 0]
    row = scoring.breakdown(m.state)[0]
    assert row["planets"] == 10 + 4 + 1 + 2 == 17
    assert row["unpaid"] == -2
    assert row["total"] == 15


def test_favourite_ship_majorities_4_3_7():
    """p. 8: Anna +4 (green, shared with Béla), Béla +3 (yellow), Csaba +7 (blue 3+1, red 3)."""
    m = start(3, colours=["orange", "black", "white"], favourite_ships=True)
    anna, bela, csaba = m.state.players
    assert sheets()["orange"].fav_ships == ("g", "b")
    assert sheets()["black"].fav_ships == ("y", "g")
    assert sheets()["white"].fav_ships == ("r", "b")
    anna.paid = ["S01", "S06"]  # green ships: 2
    bela.paid = ["S09"]  # yellow 2, blue 1
    csaba.paid = ["S02", "S07", "S03", "S08"]  # blue 2, red 2
    assert scoring.favourite_ship_bonus(m.state) == [4, 3, 7]


def test_two_player_token_sums_never_tie():
    """§5: the four tokens sum to 3, so two players' sums always differ."""
    tokens = [-1, 0, 1, 3]
    for k in range(1, 4):
        for mine in itertools.combinations(tokens, k):
            rest = list(tokens)
            for t in mine:
                rest.remove(t)
            assert sum(mine) != sum(rest)


def test_two_player_tie_on_a_card_goes_to_the_higher_sum():
    m = start(2, deck=["S33", "S34", "S35"], mode="realtime")
    play(m, [(0, "A4"), (1, "A4"), (0, "T3"), (1, "T-1"), (1, "T0")])  # closes: 1 left for seat 0
    assert m.state.players[0].tokens == [3, 1] and m.state.players[1].tokens == [-1, 0]
    # seat 0 won A for its 4: its energy is paid at once (energy first), its goods are owed
    assert m.state.players[0].won == [[0, 0]] and m.state.players[0].energy == 12 - 4


def test_stacked_six_cannot_be_overbid_and_costs_ten():
    m = start(3, deck=["S33", "S34", "S35"], stacked=True, mode="realtime")
    play(m, [(0, "A5")])
    assert "A5" not in m.legal_actions(1) and "A6" in m.legal_actions(1)  # strictly higher
    play(m, [(1, "A6")])
    assert not [a for a in m.legal_actions(2) if a.startswith("A")]  # a 6 cannot be overbid
    with pytest.raises(Exception, match="cannot be overbid"):
        m.apply(2, "A6")
    events = play(m, [(0, "T2"), (2, "T1")])
    assert {e["card"]: e["cost"] for e in events if e["type"] == "won"} == {"A": 10}
    play(m, [(1, "pay A")])
    assert m.state.players[1].energy == 12 - 10


def test_majority_variants():
    """§D4: a tied majority scores for nobody, or (majority_ties=share) for every tied player;
    majority_cards=scoring ignores a station sector worth nothing to its holder."""
    m = start(3, colours=["orange", "black", "white"], favourite_ships=True)
    anna, bela, _ = m.state.players
    anna.paid = ["S01"]  # one green ship
    bela.paid = ["S02", "S06"]  # blue, green (and a cruiser): one green
    assert scoring.favourite_ship_bonus(m.state)[:2] == [0, 0]
    m.state.majority_ties_share = True
    assert scoring.favourite_ship_bonus(m.state)[:2] == [4, 4]
    m2 = start(
        3, colours=["black", "orange", "white"], favourite_ships=True, stations=True, majority_cards="scoring"
    )
    bela2 = m2.state.players[0]
    bela2.paid = ["S23"]  # station g,g,b with a yellow ship: worth 1 to Béla (blue)
    assert scoring.favourite_ship_bonus(m2.state)[0] == 3
    bela2.paid = ["S22"]  # station y,y,g with a red ship: worth 0 to Béla
    assert scoring.favourite_ship_bonus(m2.state)[0] == 0
