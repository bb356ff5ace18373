"""The Káosz encoder's change marks (``KaoszState.marks``, ``state.MARKS``).

``encode_match`` rebuilds a part of a player block only when the rules raised its mark, so a
change the rules forgot to mark shows up as a stale part: these tests drive ONE match object
through seeded random play with every option set and compare ``encode_match`` with
``encode(observation)`` for every seat and the spectator at every position; they check that a
step rebuilds only the parts it changed, and that a clone (whose marks start over) neither
disturbs nor is disturbed by the original.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from galaxis import new_match
from galaxis.games.kaosz import encode as kaosz_encode
from galaxis.games.kaosz.encode import KaoszEncoder
from galaxis.games.kaosz.state import COUNTS, PER_SEAT, PUBLIC, SURFACE, UPS
from tests.interop.interop_cases import CASES, case_id, random_steps

KAOSZ = [case for case in CASES if case[0] == "kaosz"]


def _play(players: int, seed: int, options: dict, limit: int):
    """Seeded random play on one match object: the match after each step."""
    return random_steps(new_match("kaosz", players, seed=seed, options=options), random.Random(seed), limit)


@pytest.mark.parametrize("case", KAOSZ, ids=case_id)
def test_marked_encoding_equals_the_observation_on_every_position(case):
    """Several seeds of each option set; every seat and the spectator at every position (some
    positions only one observer, so views also skip several steps)."""
    _, players, options = case
    seats = [*range(players), None]
    for seed in (101, 202, 303):
        fast, plain = KaoszEncoder(), KaoszEncoder()
        rng = random.Random(seed)
        for match in _play(players, seed, options, limit=220):
            for seat in seats if rng.random() < 0.75 else [rng.choice(seats)]:
                vec = fast.encode_match(match, seat)
                ref = plain.encode(match.observation(seat))
                assert np.array_equal(vec, ref), (
                    seed,
                    match.history[-1],
                    seat,
                    np.nonzero(vec != ref)[0][:8],
                )


def _step_to(match, kind: str, seat: int, limit: int = 3000) -> bool:
    """Plays seeded random moves until ``seat`` may take an action of ``kind`` (not taken)."""
    rng = random.Random(7)
    for _ in range(limit):
        if match.is_over:
            return False
        mover = min(match.to_move)
        legal = match.legal_actions(mover)
        if mover == seat and any(a.args[0] == kind for a in legal):
            return True
        match.apply(mover, legal[rng.randrange(len(legal))])
    return False


def test_an_upgrade_rebuilds_only_the_counts_and_the_surface_field():
    """Buying an upgrade raises the buyer's COUNTS (credits) and UPS marks only: the observer's
    next vector rebuilds those two parts, patches one float of the surface block, and reuses
    every other part object as it was."""
    match = new_match("kaosz", 2, seed=5)
    assert _step_to(match, "up", 0)
    enc = KaoszEncoder()
    for seat in (0, 1, None):
        enc.encode_match(match, seat)
    before = {seat: list(enc._views[seat].parts) for seat in (0, 1, None)}
    marks = list(match.state.marks)
    up = next(a for a in match.legal_actions(0) if a.args[0] == "up")
    match.apply(0, up)
    moved = [j for j, (a, b) in enumerate(zip(marks, match.state.marks, strict=True)) if a != b]
    assert moved == [COUNTS, UPS]  # seat 0's credits and the upgrades on its surface
    for seat in (0, 1, None):
        enc.rebuilds = 0
        vec = enc.encode_match(match, seat)
        assert np.array_equal(vec, KaoszEncoder().encode(match.observation(seat)))
        assert enc.rebuilds == 2
        parts = enc._views[seat].parts
        block = 4 + 8 * ((0 - (seat or 0)) % 2)  # seat 0's block: first for seat 0 and the spectator
        rebuilt = {j for j, (a, b) in enumerate(zip(before[seat], parts, strict=True)) if a is not b}
        assert rebuilt - {0, 1, 2, 3} <= {block, block + 4}  # global parts may be rebuilt, all else reused
        old_surface, new_surface = before[seat][block + 4], parts[block + 4]
        at = kaosz_encode._UPS_AT
        assert old_surface[:at] == new_surface[:at] and old_surface[at + 4 :] == new_surface[at + 4 :]
        assert old_surface[at : at + 4] != new_surface[at : at + 4]


def test_a_priority_pass_rebuilds_no_player_part():
    match = new_match("kaosz", 2, seed=12)
    rng = random.Random(3)
    enc = KaoszEncoder()
    passes = 0
    while not match.is_over and passes < 20:
        mover = min(match.to_move)
        legal = match.legal_actions(mover)
        action = legal[rng.randrange(len(legal))]
        step = match.state.pending[-1] if match.state.pending else None
        is_pass = step is not None and step.kind == "priority" and action.args[0] == "pass"
        for seat in (0, 1):
            enc.encode_match(match, seat)
        marks = list(match.state.marks)
        match.apply(mover, action)
        if is_pass and match.state.marks == marks:  # nothing of a player block changed
            passes += 1
            for seat in (0, 1):
                parts = list(enc._views[seat].parts)
                enc.rebuilds = 0
                vec = enc.encode_match(match, seat)
                assert enc.rebuilds == 0
                assert all(a is b for a, b in zip(parts[4:], enc._views[seat].parts[4:], strict=True))
                assert np.array_equal(vec, KaoszEncoder().encode(match.observation(seat)))
    assert passes >= 5


def test_mutating_a_clone_leaves_the_original_encoding_alone():
    """A clone's marks start over at zeros; playing on the clone must neither disturb the
    original's views (same encoder) nor be encoded from them."""
    match = new_match("kaosz", 2, seed=9)
    for _ in _play_on(match, 60):
        pass
    enc = KaoszEncoder()
    original = {seat: enc.encode_match(match, seat).copy() for seat in (0, 1, None)}
    copy = match.clone()
    assert copy.state.marks == [0] * kaosz_encode.MARKS
    for _ in _play_on(copy, 40):
        for seat in (0, 1, None):
            assert np.array_equal(enc.encode_match(copy, seat), KaoszEncoder().encode(copy.observation(seat)))
    for seat in (0, 1, None):
        assert np.array_equal(enc.encode_match(match, seat), original[seat])
        assert np.array_equal(original[seat], KaoszEncoder().encode(match.observation(seat)))
    for _ in _play_on(match, 40):  # and the original goes on being encoded right
        for seat in (0, 1, None):
            assert np.array_equal(
                enc.encode_match(match, seat), KaoszEncoder().encode(match.observation(seat))
            )


def _play_on(match, steps: int):
    return random_steps(match, random.Random(len(match.history)), steps)


def test_marks_are_transient_and_the_layout_of_marks_holds():
    """Marks are bookkeeping: not compared, not saved; one per part of each seat plus PUBLIC."""
    match = new_match("kaosz", 2, seed=1)
    for _ in _play_on(match, 30):
        pass
    copy = match.clone()
    assert copy.state == match.state and copy.state.marks != match.state.marks
    assert PUBLIC == 6 * PER_SEAT and kaosz_encode.MARKS == PUBLIC + 1
    assert SURFACE < PER_SEAT and UPS < PER_SEAT
