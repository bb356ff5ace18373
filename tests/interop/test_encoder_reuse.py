"""Encoders that reuse segments across steps: what the AEC loop encodes equals a fresh encoding.

The fast paths keep the segments they made for earlier positions (with a copy of the fields each
was made from) and reuse a segment while those fields are unchanged. Here one encoder is driven
the way ``benchmarks/interop.py`` drives it (only the seat to move, after every step, through
``encode_seat``) and compared on every position with ``encode(observation(seat))`` of a second
encoder, and now and then with a brand-new encoder, which has nothing to reuse.
"""

from __future__ import annotations

import numpy as np
import pytest

from galaxis.core import get_game
from galaxis.interop.encoding import HashingEncoder, encode_seat, encoder_for
from tests.interop.interop_cases import GAMES, random_positions

OWN = [
    g
    for g in GAMES
    if not isinstance(encoder_for(get_game(g), get_game(g).info.min_players, {}), HashingEncoder)
]


def _encoder(game_id: str, players: int, options: dict):
    return encoder_for(get_game(game_id), players, options)


@pytest.mark.parametrize("game_id", OWN)
@pytest.mark.parametrize("seed", [3, 8])
def test_the_loop_pattern_encodes_what_a_fresh_encoder_does(game_id, seed):
    players = get_game(game_id).info.min_players
    positions = random_positions(game_id, players, seed, None, 500)
    match = next(iter(positions))
    options = match.options
    loop, reference = _encoder(game_id, players, options), _encoder(game_id, players, options)
    checked = 0
    for i, match in enumerate(positions):
        if match.is_over:
            break
        seat = min(match.to_move)
        got = encode_seat(loop, match, seat, game_id)
        assert np.array_equal(got, reference.encode(match.observation(seat))), (game_id, seed, i)
        if i % 97 == 0:
            fresh = _encoder(game_id, players, options)
            for viewer in [*range(players), None]:
                expected = fresh.encode(match.observation(viewer))
                assert np.array_equal(encode_seat(loop, match, viewer, game_id), expected), (i, viewer)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", OWN)
def test_a_reused_segment_is_not_fooled_by_a_clone_that_moved_on(game_id):
    """A clone changes on its own: the segments made for the original must not be reused for
    the clone unless its fields are equal, and the original still encodes as before."""
    players = get_game(game_id).info.min_players
    enc = fresh = None
    for i, match in enumerate(random_positions(game_id, players, 5, None, 200)):
        if match.is_over:
            break
        if i % 10:
            continue
        enc = enc or _encoder(game_id, players, match.options)
        seat = min(match.to_move)
        before = encode_seat(enc, match, seat, game_id).copy()
        twin = match.clone()
        legal = twin.legal_actions(seat)
        twin.apply(seat, legal[len(legal) // 2])
        fresh = _encoder(game_id, players, match.options)
        for viewer in range(players):
            assert np.array_equal(
                encode_seat(enc, twin, viewer, game_id), fresh.encode(twin.observation(viewer))
            )
        assert np.array_equal(encode_seat(enc, match, seat, game_id), before)
    assert fresh is not None
