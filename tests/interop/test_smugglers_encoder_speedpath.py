"""The cached-segment fast path of the Space Smugglers encoder: exact, bounded, fresh arrays."""

from __future__ import annotations

from array import array

import numpy as np
import pytest

from galaxis import new_match
from galaxis.core import blocks
from galaxis.games.smugglers import encode
from galaxis.games.smugglers.data import COLOURS, sectors, sheets
from galaxis.games.smugglers.encode import SIZE, SmugglersEncoder, layout
from galaxis.games.smugglers.state import M_BIDS, M_HAND, M_HEAD, M_ROW, M_SEAT, MARKS, MAX_ROW, MAX_SEATS
from tests.interop.interop_cases import random_positions


def _pile_from_scratch(colour: str, paid: list[str]) -> bytes:
    """Favourites and paid-pile sums built independently of the cache: one float32 array,
    every card added in pile order (the accumulation the vector has always used)."""
    ships = (*COLOURS, "x")
    v = array("f", bytes(4 * 18))
    sheet = sheets()[colour]
    for c in sheet.fav_planets:
        v[COLOURS.index(c)] = 1.0
    for c in sheet.fav_ships:
        v[4 + COLOURS.index(c)] = 1.0
    for cid in paid:
        sector = sectors()[cid]
        for c in sector.planets:
            v[8 + COLOURS.index(c)] += 0.1
        for s in sector.ships:
            v[12 + ships.index(s)] += 0.1
        if sector.station:
            v[17] += 0.2
    return v.tobytes()


def test_a_pile_segment_built_from_its_prefix_equals_the_whole_sum():
    ids = sorted(sectors())
    colour = sorted(sheets())[0]
    paid = [ids[i] for i in (3, 17, 4, 30, 8, 22, 11, 35, 0, 26, 14, 19)]
    cold, warm = encode._Piles(), encode._Piles()
    for k in range(1, len(paid) + 1):
        warm[(colour, *paid[:k])]  # prefixes first, as a growing pile meets the cache
    assert cold[(colour, *paid)] == warm[(colour, *paid)] == _pile_from_scratch(colour, paid)
    # float32 sums of many 0.1 steps are not exact, so the pile order must be kept in the key
    assert (colour, *paid[::-1]) not in warm
    assert np.frombuffer(warm[(colour, *paid)], np.float32)[8:12].sum() > 0


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"mode": "realtime", "stacked": True})])
def test_both_paths_agree_with_a_tiny_cache_that_is_cleared_all_the_time(monkeypatch, players, options):
    monkeypatch.setattr(blocks, "MAX_ENTRIES", 3)
    enc = SmugglersEncoder()
    reference = SmugglersEncoder()  # never cleared: the default limit is far above these positions
    # the segment caches (the per-observer views are bounded by the number of observers)
    caches = [v for v in vars(enc).values() if isinstance(v, dict) and not isinstance(v, blocks.Views)]
    for i, match in enumerate(random_positions("smugglers", players, 11, options, 300)):
        if i % 3:
            continue
        for seat in [*range(players), None]:
            fast = enc.encode_match(match, seat)
            assert np.array_equal(fast, enc.encode(match.observation(seat)))
            monkeypatch.setattr(blocks, "MAX_ENTRIES", 16384)
            assert np.array_equal(fast, reference.encode_match(match, seat))
            monkeypatch.setattr(blocks, "MAX_ENTRIES", 3)
        assert all(len(c) <= 3 for c in caches)


def test_each_encoding_is_a_fresh_read_only_float32_vector():
    match = next(iter(random_positions("smugglers", 2, 3, {}, 5)))
    enc = SmugglersEncoder()
    a, b = enc.encode_match(match, 0), enc.encode_match(match, 0)
    assert a.shape == (SIZE,) and a.dtype == np.float32 and np.array_equal(a, b)
    assert not a.flags.writeable and not np.shares_memory(a, b)  # a kept observation never changes
    with pytest.raises(ValueError):
        a[0] = 1.0


def test_the_bids_of_a_card_are_summarised_for_the_observer():
    """Dice on a card as the observer sees them: its own count and top die, the others', who leads."""
    enc = SmugglersEncoder()
    offset = {name: off for name, off, _ in layout()}
    for match in random_positions("smugglers", 3, 8, {}, 200):
        dice = match.state.dice
        if not any(dice):
            continue
        for seat in (0, 1, 2, None):
            vec = enc.encode_match(match, seat)
            for ci, on_card in enumerate(dice[: encode.MAX_CARDS]):
                mine = [v for s, v in on_card if s == seat]
                others = [v for s, v in on_card if s != seat]
                got = vec[offset[f"card{ci}.my_dice"] : offset[f"card{ci}.i_lead"] + 1]
                want = [
                    len(mine) / 2.0,
                    max(mine, default=0) / 6.0,
                    len(others) / 4.0,
                    max(others, default=0) / 6.0,
                    float(max(mine, default=0) > max(others, default=0)),
                ]
                assert got.tolist() == pytest.approx(want)


def _bid(match, seat):
    return next(a for a in match.legal_actions(seat) if a.args[0] == "bid")


def test_a_bid_marks_only_its_card_and_the_bidders_hand():
    """Change marks: a die placed moves the marks of that card's bids and of the bidder's hand,
    nothing else, so the observer's next vector rebuilds just those two parts."""
    match = new_match("smugglers", 3, seed=4)
    s = match.state
    enc = SmugglersEncoder()
    seat = min(match.to_move)
    enc.encode_match(match, seat)
    view = enc._observers[seat]
    before = list(s.marks)
    action = _bid(match, seat)
    match.apply(seat, action)
    moved = [c for c in range(MARKS) if s.marks[c] != before[c]]
    assert moved == [M_BIDS + action.args[1], M_HAND + seat]
    parts, seats = list(view.parts), list(enc._seats)
    vec = enc.encode_match(match, seat)
    changed = [k for k, (a, b) in enumerate(zip(parts, view.parts, strict=True)) if a is not b]
    # the head (whose turn, waits) is made every time; the bids part was rebuilt
    assert set(changed) <= {0, encode._CARD_PART + 2 * action.args[1] + 1}
    # and of the seats' parts, which every observer shares, only the bidder's hand
    assert [k for k, (a, b) in enumerate(zip(seats, enc._seats, strict=True)) if a is not b] == [3 * seat + 1]
    assert np.array_equal(vec, SmugglersEncoder().encode(match.observation(seat)))


def test_a_new_round_marks_only_what_it_changes():
    """§3.1 raises the marks of the cards that held dice, of the hands that take dice or tokens
    back and of the seats that still held won cards (none: every won card was paid or lost),
    and of no absent seat or card, so no observer revisits an unchanged or empty slot."""
    match = new_match("smugglers", 2, seed=3)
    s = match.state
    rounds = s.round
    while True:
        seat = min(match.to_move)
        action = match.legal_actions(seat)[0]
        before, held = list(s.marks), [bool(d) for d in s.dice]
        hands = [bool(p.tokens) or p.dice_in_hand != 2 for p in s.players]
        match.apply(seat, action)
        if s.round != rounds:
            break
    assert s.round == rounds + 1
    moved = {c for c in range(MARKS) if s.marks[c] != before[c]}
    assert {M_BIDS + ci for ci in range(MAX_ROW)} & moved == {M_BIDS + ci for ci, h in enumerate(held) if h}
    assert {M_HAND + i for i in range(MAX_SEATS)} & moved == {M_HAND + i for i, h in enumerate(hands) if h}
    assert any(held) and any(hands)  # (the test covers a real change of each)
    # the last refill step itself changes its seat and the supply; no other seat is marked
    assert {M_SEAT + i for i in range(MAX_SEATS)} & moved <= {M_SEAT + seat}
    assert {M_HEAD, M_ROW} <= moved


def test_a_change_reaches_every_observer_once():
    """A change is made once, when the next vector of any observer is asked for, and put into
    the parts of every observer of that state; each observer's vector stays exact."""
    match = new_match("smugglers", 3, seed=5)
    enc = SmugglersEncoder()
    for viewer in (0, 1, 2, None):
        enc.encode_match(match, viewer)
    observers = enc._observers
    seat = min(match.to_move)
    action = _bid(match, seat)
    match.apply(seat, action)
    at = encode._CARD_PART + 2 * action.args[1] + 1
    before = {viewer: o.parts[at] for viewer, o in observers.items()}
    enc.encode_match(match, 2)  # one observer asks ...
    for viewer, o in observers.items():  # ... and every observer's card part is already new
        assert o.parts[at] is not before[viewer]
    for viewer in (0, 1, 2, None):
        assert np.array_equal(
            enc.encode_match(match, viewer), SmugglersEncoder().encode(match.observation(viewer))
        )


def test_a_change_the_rules_did_not_mark_would_be_caught():
    """What the equality tests rely on: a mark the rules forgot leaves a stale part, and the fast
    path then differs from the observation path."""
    match = new_match("smugglers", 2, seed=4)
    enc = SmugglersEncoder()
    seat = min(match.to_move)
    enc.encode_match(match, seat)
    action = _bid(match, seat)
    match.apply(seat, action)
    match.state.marks[M_BIDS + action.args[1]] -= 1  # as if the rules had not marked the card
    assert not np.array_equal(enc.encode_match(match, seat), enc.encode(match.observation(seat)))


def test_marks_are_not_game_state():
    """Marks are never saved, and a clone or a loaded match starts over (and is encoded from scratch)."""
    match = new_match("smugglers", 2, seed=4)
    seat = min(match.to_move)
    match.apply(seat, _bid(match, seat))
    assert any(match.state.marks)
    assert "marks" not in match.state.to_json()
    assert not any(match.state.clone().marks)
