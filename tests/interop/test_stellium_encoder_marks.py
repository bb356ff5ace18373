"""Stellium's change marks (galaxis/games/stellium/state.py M_*): the fast path on ONE match
object through whole random games equals the observation path for every seat and the
spectator, a step that changes one component rebuilds only that segment, and a clone that
moves on does not disturb the original's encoding."""

from __future__ import annotations

import numpy as np
import pytest

from galaxis import new_match
from galaxis.games.stellium import encode
from galaxis.games.stellium.encode import StelliumEncoder
from tests.interop.interop_cases import random_positions

OPTION_SETS = [
    (2, {}),
    (4, {"secret_objectives": True, "layout": "parallelogram", "draw": "random"}),
    (3, {"draw": "touch", "attraction_immunity": "placed", "mirror": True, "black_hole_galaxy": True}),
]


@pytest.mark.parametrize(("players", "options"), OPTION_SETS)
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_whole_games_on_one_match_equal_the_observation_path(players, options, seed):
    enc, ref = StelliumEncoder(), StelliumEncoder()
    checked = 0
    for match in random_positions("stellium", players, seed, options, limit=3000):
        for seat in [None, *range(players)]:
            assert np.array_equal(enc.encode_match(match, seat), ref.encode(match.observation(seat)))
            checked += 1
    assert checked > 200


def test_a_board_only_step_rebuilds_only_the_board():
    enc = StelliumEncoder()
    for match in random_positions("stellium", 2, 4, None, limit=3000):
        s = match.state
        if s.pending and s.pending[-1].kind == "swap":
            for seat in (None, 0, 1):
                enc.encode_match(match, seat)
            before = list(enc._views.of(None, s).parts)
            marks = list(s.marks)
            seat = s.pending[-1].seat
            legal = match.legal_actions(seat)
            match.apply(seat, legal[0])
            moved = [k for k, (a, b) in enumerate(zip(marks, s.marks, strict=True)) if a != b]
            if moved and max(moved) < encode.M_DISCS:  # only board regions moved
                vec = enc.encode_match(match, 0)
                after = enc._views.of(None, s).parts
                assert np.array_equal(vec, StelliumEncoder().encode(match.observation(0)))
                unchanged = [k for k in range(len(after)) if after[k] is before[k]]
                regions = {encode._S_REGION + r for r in range(encode.REGIONS)} | {encode._S_BOARD}
                assert set(range(len(after))) - set(unchanged) <= regions
                return
    pytest.fail("no swap step found")


def test_a_clone_that_moves_on_does_not_disturb_the_original():
    enc = StelliumEncoder()
    match = new_match("stellium", 3, seed=2)
    for i, m in enumerate(random_positions("stellium", 3, 2, None, limit=300)):
        match = m
        if i % 25:
            continue
        before = [enc.encode_match(match, seat).tobytes() for seat in (None, 0, 1, 2)]
        twin = match.clone()
        seat = min(twin.to_move)
        twin.apply(seat, twin.legal_actions(seat)[-1])
        for viewer in (None, 0, 1, 2):
            assert np.array_equal(
                enc.encode_match(twin, viewer), StelliumEncoder().encode(twin.observation(viewer))
            )
        assert [enc.encode_match(match, seat).tobytes() for seat in (None, 0, 1, 2)] == before
