"""The Pulsar 2849 encoder's speed path (issue #10): pieces joined as bytes, cached
by content, and segments rebuilt when their change marks move. These tests check
what could go wrong with that reuse: a field changed in place (same object, new
content) with its mark raised, as the rules do, one encoder serving many matches,
observers and player counts, and the bounded caches. The general contract (fast
path = observation path on random positions, determinized copies) is in
test_encoding.py; the marks themselves in test_pulsar_encoder_marks.py."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from galaxis import new_match
from galaxis.games.pulsar import encode as mod
from galaxis.games.pulsar import encode_layout
from galaxis.games.pulsar import state as st
from tests.interop.interop_cases import random_positions

OFFSET = {name: (off, width) for name, off, width in encode_layout.layout()}


def _both(enc: mod.PulsarEncoder, match, seat):
    fast = enc.encode_match(match, seat)
    assert fast.shape == (mod.SIZE,) and fast.dtype == np.float32
    assert np.array_equal(fast, enc.encode(match.observation(seat)))
    return fast


def _field(vec, name):
    off, width = OFFSET[name]
    return vec[off : off + width]


def test_pieces_tile_the_global_segment():
    ends = [0]
    for _name, start, end in encode_layout.PIECES:
        assert start == ends[-1] and end > start
        ends.append(end)
    assert ends[-1] == encode_layout.G_SIZE
    assert len({name for name, _, _ in encode_layout.PIECES}) == len(encode_layout.PIECES)


def test_one_encoder_serves_many_matches_player_counts_and_observers():
    enc = mod.PulsarEncoder()  # shared: pieces remembered from one match must not leak into the next
    for players, seed in itertools.product((2, 3, 4), (0, 1)):
        for k, match in enumerate(random_positions("pulsar", players, seed, limit=120)):
            seats = [*range(players), None] if k % 5 == 0 or match.is_over else [min(match.to_move)]
            for seat in seats:
                vec = _both(enc, match, seat)
                present = [
                    vec[encode_layout.G_SIZE + i * encode_layout.P_SIZE] for i in range(mod.MAX_PLAYERS)
                ]
                assert present == [1.0] * players + [0.0] * (mod.MAX_PLAYERS - players)


def _mutations(match):
    """In-place changes to published fields (the same list/dict objects, new content), each
    with the marks the rules raise for such a change (none: the segment is remade every call)."""
    s = match.state
    p0, p1 = s.players[0], s.players[1]
    system = next(iter(s.planets))
    pulsar = encode_layout.MAPS[s.board][2][0]
    gyro = ["m", True] if s.gyros.get(pulsar) != ["m", True] else ["s", False]
    players = (st.M_PLAYER, st.M_PLAYER + 1)
    return [
        ("tracks", lambda: s.tracks[0][7].append(1), (st.M_INITIATIVE,)),
        ("tracks", lambda: s.tracks[1][7].append(0), (st.M_ENGINEERING,)),
        ("patents", lambda: s.patents["2a"].append(1), (st.M_PATENTS,)),
        ("locked", lambda: s.locked.append("2a"), (st.M_PATENTS,)),
        (
            "planets",
            lambda: s.planets[system].__setitem__(0, 1 if s.planets[system][0] != 1 else -1),
            (st.M_SYSTEMS, *players),  # a station: its owner's mark too
        ),
        ("owner", lambda: s.owner.__setitem__(pulsar, 1 - s.owner.get(pulsar, 1)), (st.M_PULSARS,)),
        ("gyros", lambda: s.gyros.__setitem__(pulsar, gyro), (st.M_PULSARS,)),
        ("display", lambda: s.display.pop(), (st.M_STOCK,)),
        ("tx_discard", lambda: s.tx_discard.append("A1"), (st.M_STOCK,)),
        ("explore_discard", lambda: s.explore_discard.append("x1"), (st.M_STOCK,)),
        ("gyro_supply", lambda: s.gyro_supply.__setitem__("s", s.gyro_supply["s"] - 1), (st.M_GYRODYNES,)),
        ("awards", lambda: s.award_holders["m"].append(1), (st.M_GYRODYNES,)),
        ("pool", lambda: s.pool.append(6), (st.M_POOL,)),
        ("queue", lambda: s.queue.insert(0, 0), ()),
        ("order", lambda: s.order.reverse(), (st.M_ORDER,)),
        ("dice", lambda: p0.dice.append(4), (st.M_DICE,)),
        ("held", lambda: p1.held.append("l"), (st.M_PLAYER + 1,)),
        ("patents of a player", lambda: p1.patents.append("2a"), (st.M_PLAYER + 1,)),
        ("kept", lambda: p0.kept.append("x1"), (st.M_PLAYER,)),
        ("online", lambda: p1.online.append("B1"), (st.M_PLAYER + 1,)),
        (
            "ship",
            lambda: setattr(p1, "ship", encode_layout.MAPS[s.board][0][5]),
            (st.M_SHIPS, st.M_PLAYER + 1),
        ),
    ]


@pytest.mark.parametrize("index", range(21))
def test_fields_changed_in_place_are_seen(index):
    match = new_match("pulsar", 2, seed=3)
    for _ in range(60):  # into the game: a revealed system, dice on the board
        seat = min(match.to_move)
        match.apply(seat, match.legal_actions(seat)[0])
    assert match.state.planets, "the position should have a revealed system"
    enc = mod.PulsarEncoder()
    before = {seat: _both(enc, match, seat).copy() for seat in (0, 1, None)}
    what, change, marks = _mutations(match)[index]
    change()
    st.changed(match.state, *marks)
    after = {seat: _both(enc, match, seat) for seat in (0, 1, None)}
    assert any(not np.array_equal(before[seat], after[seat]) for seat in before), what


def test_caches_stay_bounded(monkeypatch):
    monkeypatch.setattr(mod, "_MAX_ENTRIES", 8)
    enc = mod.PulsarEncoder()
    for match in random_positions("pulsar", 3, 5, limit=150):
        for seat in (0, 1, 2):
            _both(enc, match, seat)
    caches = [v for v in vars(enc).values() if isinstance(v, dict)]
    caches += [d for v in vars(enc).values() if isinstance(v, tuple) for d in v if isinstance(d, dict)]
    assert caches and all(len(c) <= 8 for c in caches)


def test_the_observer_sees_its_own_pieces():
    match = next(itertools.islice(random_positions("pulsar", 2, 7, limit=40), 39, None))
    enc = mod.PulsarEncoder()
    s = match.state
    for seat in (0, 1):
        vec = _both(enc, match, seat)
        assert _field(vec, "phase").sum() == 1.0
        nodes = encode_layout.MAPS[s.board][0]
        ship = s.players[seat].ship
        mine = _field(vec, "my_ship")
        assert mine.sum() == (1.0 if ship in nodes else 0.0)
        if ship in nodes:
            assert mine[nodes.index(ship)] == 1.0
        # the observer's block comes first: its score, then the other seat's
        assert _field(vec, "player0.score")[0] == pytest.approx(min(s.players[seat].score / 150, 1.0))
        assert _field(vec, "player1.score")[0] == pytest.approx(min(s.players[1 - seat].score / 150, 1.0))


def test_returned_vectors_are_read_only():
    match = new_match("pulsar", 2, seed=0)
    vec = mod.PulsarEncoder().encode_match(match, 0)
    with pytest.raises(ValueError):
        vec[0] = 1.0
