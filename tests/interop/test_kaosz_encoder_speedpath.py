"""The Káosz encoder's fast path: what its shortcuts rely on, and that they change nothing.

tests/interop/test_encoding.py already checks ``encode_match == encode(observation)`` and
blindness to resampled hidden cards for every game; these cover what is specific to the
Káosz fast path: the zone-list invariant its known-card count uses, the per-observer
reuse of player blocks, and the bounded caches.
"""

from __future__ import annotations

import numpy as np
import pytest

from galaxis import new_match
from galaxis.games.kaosz import encode as kaosz_encode
from galaxis.games.kaosz.cards import pool
from galaxis.games.kaosz.encode import KaoszEncoder
from tests.interop.interop_cases import random_positions

LISTS = ("colony", "hand", "trash", "wreck", "hangar", "canteen", "surface")


@pytest.mark.parametrize("players", [2, 3])
def test_zone_lists_and_card_zones_agree(players):
    """encode_match reads each zone from the players' lists (hangar, canteen, surface, hand,
    trash, wreck) as observation() does; each list holds exactly the cards whose zone says so."""
    for match in random_positions("kaosz", players, seed=11, limit=400):
        s = match.state
        listed: dict[int, str] = {}
        for p in s.players:
            for name in LISTS:
                for u in getattr(p, name):
                    assert u not in listed, f"c{u} in two zone lists"
                    listed[u] = name
        for u, c in enumerate(s.cards):
            if c.zone in LISTS:
                assert listed.get(u) == c.zone, f"c{u}: zone {c.zone}, listed in {listed.get(u)}"
            else:
                assert u not in listed  # on a ship or on the stack: in no list


def test_known_hidden_matches_the_observation():
    """The count of known cards the observer alone can identify equals the observation's."""
    checked = 0
    for match in random_positions("kaosz", 2, seed=5, limit=600):
        for seat in (0, 1):
            known = match.state.players[seat].known
            count = kaosz_encode._known_hidden(match.state.cards, set(known))
            assert count == len(match.observation(seat)["players"][seat]["known"])
            checked += bool(known)
    assert checked > 50  # the positions did exercise known cards


def test_reused_player_blocks_equal_fresh_encodings():
    """One encoder fed positions of several matches in turn (so its last-block memo and caches
    see unrelated keys) gives what a fresh encoder gives for each position."""
    shared = KaoszEncoder()
    streams = [random_positions("kaosz", 2, seed=seed, limit=150) for seed in (21, 22, 23)]
    for positions in zip(*streams, strict=False):
        for match in positions:
            for seat in (0, 1, None):
                vec = shared.encode_match(match, seat)
                assert np.array_equal(vec, KaoszEncoder().encode_match(match, seat))
                assert vec.dtype == np.float32 and vec.shape == (kaosz_encode.SIZE,)
                assert not vec.flags.writeable


def test_caches_stay_bounded(monkeypatch):
    monkeypatch.setattr(kaosz_encode, "MAX_ENTRIES", 8)
    kaosz_encode._SUMMARIES.clear()
    kaosz_encode._TYPE_BLOCKS.clear()
    enc = KaoszEncoder()
    for match in random_positions("kaosz", 2, seed=3, limit=300):
        enc.encode_match(match, min(match.to_move))
        for cache in (enc._turn, enc._decision, enc._stack, enc._combat, enc._zone):
            assert len(cache) <= 8
        assert len(kaosz_encode._SUMMARIES) <= 8 and len(kaosz_encode._TYPE_BLOCKS) <= 8
    assert len(enc._last) <= 3  # one entry per observer


def test_empty_seats_are_zero_and_the_observer_is_first():
    match = new_match("kaosz", 3, seed=4)
    vec = KaoszEncoder().encode_match(match, 1)
    offset = {name: off for name, off, _ in kaosz_encode.layout()}
    assert vec[offset["player0.present"]] == 1.0 and vec[offset["player2.present"]] == 1.0
    assert not vec[offset["player3.present"] :].any()  # seats 3-5 are empty
    assert vec[offset["player0.hand_cards.cards"]] > 0  # the observer's own hand is filled in
    assert vec[offset["player1.hand_cards.cards"]] == 0.0


def test_packed_zone_summaries_equal_the_plain_sum():
    """_zone_bytes adds up packed one-card summaries; that must equal summarising the zone
    card by card (_zone_key), including numbers that do not pack (negative, huge)."""
    ids = list(pool())[:6]
    zones = [
        (),
        ((ids[0], True, 0, 0, 0),),
        ((ids[1], False, 2, 3, 1), ("", False, 0, 0, 0), (ids[2], True, 1, 0, 4), ("", True, 2, 1, 0)),
        tuple((cid, k % 2 == 0, k % 3, k, 2 * k) for k, cid in enumerate(ids * 5)),
        ((ids[3], True, 0, -1, 0), (ids[4], False, 1, 0, 0)),  # a negative count: summed the plain way
        ((ids[5], True, 0, 1 << 20, 0),),  # too large to pack
    ]
    for match in random_positions("kaosz", 2, seed=8, limit=300):
        enc = KaoszEncoder()
        enc.encode(match.observation(0))  # the observation path keeps its zone keys in enc._zone
        zones.extend(enc._zone)
    for zone in zones:
        plain = kaosz_encode._summary_bytes(kaosz_encode._zone_key(zone))
        assert kaosz_encode._zone_bytes(zone) == plain, zone


@pytest.mark.parametrize("players", [2, 3])
def test_per_zone_visibility_equals_views_visible(players):
    """encode_match decides what a seat identifies per zone list (§8): a hangar card always; a
    canteen or surface card when face up, the seat's own, or looked at; a card in the seat's hand
    when its own or looked at. That must be views.visible for every card of those lists."""
    from galaxis.games.kaosz.views import visible

    checked = hidden = 0
    for match in random_positions("kaosz", players, seed=17, limit=300):
        s = match.state
        for seat in [*range(players), None]:
            me = -1 if seat is None else seat
            known = set(s.players[seat].known) if seat is not None else set()
            for i, p in enumerate(s.players):
                rules = [(u, True) for u in p.hangar]
                rules += [
                    (u, (c := s.cards[u]).owner == me or c.up or u in known) for u in p.canteen + p.surface
                ]
                if i == seat:
                    rules += [(u, s.cards[u].owner == me or u in known) for u in p.hand]
                for u, identified in rules:
                    assert identified == visible(s, u, seat), (u, seat, s.cards[u])
                    checked += 1
                    hidden += not identified
    assert checked > 1000 and hidden > 100  # both outcomes were exercised
