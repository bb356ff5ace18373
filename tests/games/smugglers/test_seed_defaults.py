"""The defaults follow the rulebook (seed 000) where its text is explicit (issue #29).

Each test quotes the sentence it enforces; the other readings stay options (docs/games/smugglers.md,
"Where we depart from the seed's text, and why")."""

from __future__ import annotations

import pytest

from galaxis.core import IllegalAction
from galaxis.games.smugglers import scoring
from galaxis.games.smugglers.rules import INFO

from .helpers import play, set_energy, set_goods, start

# A = S05 (ships y and a cruiser), B = S07 (ships b and a cruiser), C = S01
CRUISERS = ["S05", "S07", "S01", "S02", "S03", "S04", "S06", "S08"]


def test_a_sector_is_lost_only_when_it_cannot_be_paid() -> None:
    """ "Ha valaki nem tud a nála lévő árukészletből kifizetni egy (vagy kettő)
    űrszektorkártyát (úgy sem, hogy egy tetszőleges árut elhagy közülük), akkor azt az
    űrszektort elveszíti" — a sector is lost only when it cannot be paid. Feeding A's cruiser
    the only blue good would leave B unpayable although both can be paid: refused."""
    m = start(3, deck=CRUISERS, mode="realtime")
    set_goods(m.state, 0, r=0, y=1, g=0, b=1)
    play(m, [(0, "A1"), (0, "B1"), (0, "T2"), (1, "T1")])
    legal = m.legal_actions(0)
    assert "pay A x=b" not in legal  # y to the yellow ship, b to the cruiser: B could not be fed
    assert {"pay A -x", "pay A -y x=y", "pay A -y x=b"} <= set(legal)
    with pytest.raises(IllegalAction) as err:
        m.apply(0, "pay A x=b")
    assert "lose another won sector" in err.value.reason and err.value.rule == "§3.4 Payment"
    play(m, [(0, "pay A -x")])
    play(m, [(0, m.legal_actions(0)[0])])
    assert m.state.players[0].paid == ["S05", "S07"] and m.state.players[0].unpaid == []
    # the earlier reading (keep_payable=false): each payment checked alone, B is lost
    m = start(3, deck=CRUISERS, mode="realtime", keep_payable=False)
    set_goods(m.state, 0, r=0, y=1, g=0, b=1)
    play(m, [(0, "A1"), (0, "B1"), (0, "T2"), (1, "T1"), (0, "pay A x=b")])
    assert m.state.players[0].unpaid == ["S07"]


def test_energy_is_paid_before_the_goods() -> None:
    """ "Minden játékosnak ki kell fizetnie a nyertes dobókockáinak értékét a rendelkezésére
    álló energiájából. [...] Ha sikerült kifizetnie egy kártyát, árukat kell adnia az
    űrszektorban lévő űrhajóknak." — every winner pays the dice's energy; only a sector whose
    energy was paid is then fed goods. Energy paid for a sector whose goods fail stays paid."""
    m = start(3, deck=["S33", "S34", "S35"], mode="realtime")
    set_goods(m.state, 0, r=0, y=0)  # S33 needs r, y, g, b: with one skip still one short
    events = play(m, [(0, "A3"), (0, "T2"), (1, "T1")])
    assert [e["type"] for e in events if e.get("seat") == 0][-2:] == ["energy", "unpaid"]
    assert m.state.players[0].energy == 12 - 3 and m.state.pool_energy == 3
    assert m.state.players[0].unpaid == ["S33"]


def test_with_energy_for_one_of_two_the_player_chooses() -> None:
    """ "Ha két űrszektort is megnyert egy játékos, de csak az egyikre van elég energiája,
    eldöntheti, hogy melyikért fizet." — the choice is the energy's, before any goods."""
    m = start(3, deck=["S33", "S34", "S35"], mode="realtime")
    set_energy(m.state, 0, 5)
    play(m, [(0, "A4"), (0, "B3"), (0, "T2"), (1, "T1")])
    assert m.legal_actions(0) == ["energy A", "energy B"]
    choice = m.find_action(0, "energy A")
    assert m.describe(choice) == "pay the energy of sector A (4 energy)"
    assert m.describe(choice, "hu") == "fizesd ki az A űrszektor energiáját (4 energia)"
    play(m, [(0, "energy A")])
    assert m.state.players[0].unpaid == ["S34"] and m.state.players[0].energy == 1
    assert m.describe(m.legal_actions(0)[0]).startswith("give sector A's ships their goods")
    assert m.describe(m.legal_actions(0)[0], "hu").startswith("add le az árukat az A űrszektor")


def test_majorities_count_ships_on_sectors_worth_points() -> None:
    """ "A játékos pluszpontokra tehet szert, ha a játék végére a megszerzett, pontot érő
    űrszektorkártyáin neki van a legtöbb a karakterlapján feltüntetett színű űrhajókból." —
    a station sector worth nothing to its holder does not count towards majorities."""
    m = start(3, colours=["black", "orange", "white"], favourite_ships=True, stations=True)
    black, orange, _ = m.state.players
    black.paid = ["S13"]  # no station: ships y, g, b and a cruiser (black's favourites: y, g)
    orange.paid = ["S23"]  # station with g, g, b planets: worth 0 to orange (r, y); a yellow ship
    # yellow 3, green 3 + 1 (orange's favourite too)
    assert scoring.favourite_ship_bonus(m.state)[0] == 3 + 4
    m.state.majority_scoring_only = False  # majority_cards=paid: orange's yellow ties black's
    assert scoring.favourite_ship_bonus(m.state)[0] == 4


def test_the_defaults_are_the_rulebook_s_and_old_matches_keep_theirs() -> None:
    opts = INFO.options
    assert opts["energy"]["default"] == "first" and opts["energy"]["legacy"] == "with_goods"
    assert opts["keep_payable"]["default"] is True and opts["keep_payable"]["legacy"] is False
    assert opts["majority_cards"]["default"] == "scoring" and opts["majority_cards"]["legacy"] == "paid"
