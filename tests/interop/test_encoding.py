"""Observation encoders: fixed size, bounded, deterministic, cached, and blind to hidden information."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest

from galaxis import new_match
from galaxis.core import get_game
from galaxis.games.smugglers.encode import SIZE, SmugglersEncoder, layout
from galaxis.interop.encoding import (
    HashingEncoder,
    ObservationCache,
    encode_checked,
    encode_seat,
    encoder_bounds,
    encoder_for,
)
from galaxis.interop.spaces import InteropError
from tests.interop.interop_cases import CASES, case_id, random_positions


def _positions(game_id, players, options, seed, limit=250):
    """The match after each of up to ``limit`` random steps."""
    return random_positions(game_id, players, seed, options, limit)


def _encoders(game_id, players, options):
    """The game's own encoder (if any) and the fallback: both must meet the contract."""
    match = new_match(game_id, players, options=options)
    own = encoder_for(get_game(game_id), players, match.options)
    return [own] if isinstance(own, HashingEncoder) else [own, HashingEncoder()]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encoders_are_fixed_size_bounded_and_deterministic(case):
    game_id, players, options = case
    for encoder in _encoders(game_id, players, options):
        low, high = encoder_bounds(encoder)
        for i, match in enumerate(_positions(game_id, players, options, seed=5, limit=150)):
            if i % 4:
                continue
            for seat in [*range(players), None]:
                obs = match.observation(seat)
                vec = encode_checked(encoder, obs, game_id)
                assert vec.shape == (encoder.size,) and vec.dtype == np.float32
                assert np.all(np.isfinite(vec)) and vec.min() >= low and vec.max() <= high
                # the same observation, even after a JSON round trip, gives the same vector
                assert np.array_equal(vec, encoder.encode(json.loads(json.dumps(obs))))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_what_the_adapters_encode_equals_the_observation_encoding(case):
    """The adapters encode through ``encode_seat`` (a game's ``encode_match`` fast path where it
    has one): it must be exactly ``encode(observation(seat))``, so it reads nothing more."""
    game_id, players, options = case
    encoder = _encoders(game_id, players, options)[0]
    fast = getattr(encoder, "encode_match", None)
    for seed in (1, 2):
        for match in _positions(game_id, players, options, seed=seed):
            for seat in [*range(players), None]:
                expected = encoder.encode(match.observation(seat))
                assert np.array_equal(encode_seat(encoder, match, seat, game_id), expected)
                if fast is not None:  # what the observation cache hands out unchecked
                    vec = fast(match, seat)
                    assert (
                        vec.dtype == np.float32 and vec.shape == (encoder.size,) and not vec.flags.writeable
                    )


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encoding_does_not_change_when_hidden_information_is_resampled(case):
    game_id, players, options = case
    encoder = _encoders(game_id, players, options)[0]
    for i, match in enumerate(_positions(game_id, players, options, seed=9, limit=120)):
        if i % 7:
            continue
        for seat in range(players):
            mine = encode_seat(encoder, match, seat, game_id)
            for k in range(2):
                world = match.determinize(seat, 1000 * i + k)
                assert np.array_equal(encode_seat(encoder, world, seat, game_id), mine)


def test_hashing_layout_is_the_same_in_every_process():
    obs = {"a": [1, 2, {"b": "x"}], "c": True, "d": None, "e": -3.5}
    here = HashingEncoder().encode(obs)
    code = (
        "import json,sys; from galaxis.interop.encoding import HashingEncoder; "
        f"print(json.dumps(HashingEncoder().encode({obs!r}).tolist()))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert np.array_equal(np.array(json.loads(out.stdout), dtype=np.float32), here)
    assert np.count_nonzero(here) >= 4  # 1, 2, "x", True, -3.5 (collisions aside)


def test_hashing_distinguishes_position_and_value():
    enc = HashingEncoder()
    assert not np.array_equal(enc.encode({"hand": [1, 0]}), enc.encode({"hand": [0, 1]}))
    assert not np.array_equal(enc.encode({"phase": "bid"}), enc.encode({"phase": "pay"}))
    assert not np.any(enc.encode({"x": 0, "y": None, "z": False}))
    with pytest.raises(InteropError):
        HashingEncoder(0)


def test_observation_cache_runs_the_encoder_once_per_position_and_seat():
    calls = []

    class Counting(HashingEncoder):
        def encode(self, observation):
            calls.append(1)
            return super().encode(observation)

    match = new_match("toy_gops", 2, seed=1)
    cache = ObservationCache(Counting(), "toy_gops")
    first = cache.get(match, 0)
    assert cache.get(match, 0) is first and len(calls) == 1
    cache.get(match, 1)
    assert len(calls) == 2
    match.apply(0, match.legal_actions(0)[0])
    assert not np.array_equal(cache.get(match, 0), first) and len(calls) == 3


def test_a_broken_game_encoder_gets_a_clear_error():
    class Wrong:
        size = 4

        def encode(self, observation):
            return np.zeros(3, np.float32)

    with pytest.raises(InteropError, match="expected shape"):
        encode_checked(Wrong(), {}, "toy_gops")


def test_smugglers_layout_covers_the_vector_exactly():
    fields = layout()
    assert fields[0][1] == 0
    for (_, off, width), (_, nxt, _) in itertools.pairwise(fields):
        assert nxt == off + width
    assert fields[-1][1] + fields[-1][2] == SIZE == SmugglersEncoder.size


def test_smugglers_encoding_puts_the_observer_first():
    match = new_match("smugglers", 3, seed=4)
    enc = SmugglersEncoder()
    offset = {name: off for name, off, _ in layout()}
    for seat in range(3):
        vec = enc.encode(match.observation(seat))
        energy = match.observation(seat)["players"][seat]["energy"]
        assert vec[offset["player0.energy"]] == pytest.approx(energy / 10.0)
        assert vec[offset["player0.present"]] == 1.0 and vec[offset["player3.present"]] == 0.0


@pytest.mark.parametrize("options", [{}, {"mode": "realtime"}, {"stacked": True, "payment": "optional"}])
@pytest.mark.parametrize("players", [2, 5])
def test_smugglers_fast_path_equals_the_observation_path(players, options):
    enc = SmugglersEncoder()
    for match in _positions("smugglers", players, options, seed=players):
        for seat in [*range(players), None]:
            assert np.array_equal(enc.encode_match(match, seat), enc.encode(match.observation(seat)))
