"""Space Smugglers' board as a newcomer reads it (#25): sector cards drawn as cards with
their points, won/paid/unpaid cards as small cards (never a line of ids), what a payment
still needs on the card being paid, why a score is negative, the real-time countdown and
cooldown, and seats named once (⟨n⟩, filled by the client)."""

from __future__ import annotations

import random
import re

import pytest

from galaxis.games.smugglers.data import sectors
from tests.games.smugglers.helpers import start


def _to_payment(seed: int = 3) -> tuple[object, int]:
    """A 2-player match played at random until someone has a won sector to pay."""
    m = start(2)
    rng = random.Random(seed)
    for _ in range(400):
        s = m.state
        if s.phase == "pay" and any(p.won for p in s.players):
            return m, next(q for q, p in enumerate(s.players) if p.won)
        seat = m.to_move[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    raise AssertionError("no payment step reached")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_card_being_paid_says_what_it_still_needs(lang: str) -> None:
    m, payer = _to_payment()
    svg = m.render_svg(payer, lang)
    needs = "Needs:" if lang == "en" else "Kell:"
    assert needs in svg
    row, _cost = m.state.players[payer].won[0]
    sector = sectors()[m.state.row[row]]
    energy = "energy" if lang == "en" else "energia"
    assert re.search(rf"[✓✗] ⚡\d+ {energy}", svg)  # the energy, checked against the payer's
    if any(c != "x" for c in sector.ships):
        assert re.search(r"[✓✗] \d+× ", svg)  # goods for its ships, each checked


def test_players_cards_are_small_cards_and_a_negative_score_says_why() -> None:
    m = start(2)
    rng = random.Random(5)
    while not m.is_over:
        seat = m.to_move[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    s = m.state
    svg = m.render_svg(0, "en")
    for p in s.players:
        for cid in p.paid:
            assert f"Paid sector {cid}:" in svg  # a small card, its planets and points in its tip
    # unpaid cards are small cards showing what they cost, not ids in a line
    lost = [c for p in s.players for c in p.unpaid]
    for cid in lost:
        assert f"Unpaid sector {cid}, face down: −{sectors()[cid].value}" in svg
        assert f">−{sectors()[cid].value}<" in svg
    # the score's parts next to it: planets − unpaid − energy − goods
    assert svg.count("planets −") >= len(s.players)
    hu = m.render_svg(0, "hu")
    assert "bolygó −" in hu and "Pont:" in hu


def test_tips_name_each_seat_once() -> None:
    m, payer = _to_payment()
    for lang in ("en", "hu"):
        svg = m.render_svg(payer, lang)
        assert "⟨⟨" not in svg and "⟩⟩" not in svg
        assert f"⟨{payer}⟩" in svg


def test_real_time_mode_has_a_countdown_and_a_cooldown_on_the_board() -> None:
    m = start(2, mode="realtime")
    svg = m.render_svg(0, "en")
    assert 'data-live="countdown"' in svg and 'data-live="cooldown"' in svg
    assert "data-label=" in svg
    turn_based = start(2).render_svg(0, "en")
    assert "data-live=" not in turn_based
