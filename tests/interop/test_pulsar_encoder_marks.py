"""The Pulsar encoder's change marks (galaxis.core.blocks): the rules raise a mark per
component they change (``galaxis.games.pulsar.state``), and ``encode_match`` rebuilds only
the segments whose marks moved. What could go wrong: a rule that changes a component
without its mark (caught by driving one match object through every option set and
comparing every seat and the spectator with the observation path), a segment rebuilt
when nothing it shows changed (no saving), and a view reused for another state object."""

from __future__ import annotations

import random

import numpy as np
import pytest

from galaxis import new_match
from galaxis.games.pulsar import encode as mod
from galaxis.games.pulsar import state as st
from tests.interop.interop_cases import CASES, case_id, random_steps

PULSAR = [c for c in CASES if c[0] == "pulsar"]


def _play(match, rng, steps):
    for _ in random_steps(match, rng, steps):
        pass


@pytest.mark.parametrize("case", PULSAR, ids=case_id)
@pytest.mark.parametrize("seed", [21, 22])
def test_every_seat_equals_the_observation_path_on_one_match_object(case, seed):
    """Whole games, one match object and one encoder: after every step the spectator and
    every seat (in a shuffled order, some steps skipped, so views fall several steps
    behind) encode what a fresh encoder makes of the observation."""
    _, players, options = case
    rng = random.Random(seed)
    match = new_match("pulsar", players, seed=seed, options=options)
    enc = mod.PulsarEncoder()
    observers = [*range(players), None]
    while True:
        if rng.random() < 0.7 or match.is_over:
            rng.shuffle(observers)
            for seat in observers[: rng.randint(1, len(observers))]:
                expected = mod.PulsarEncoder().encode(match.observation(seat))
                assert np.array_equal(enc.encode_match(match, seat), expected), (len(match.history), seat)
        if match.is_over:
            break
        _play(match, rng, 1)


def _dice_phase_position():
    match = new_match("pulsar", 2, seed=4)
    rng = random.Random(4)
    while match.state.phase != "dice" or match.state.round < 2:
        _play(match, rng, 1)
    return match


def test_a_pick_rebuilds_only_what_it_changed():
    """A die picked: the dice board, one track and the picker's dice. Every other segment
    of the observer's view is the very same bytes object as before."""
    match = _dice_phase_position()
    enc = mod.PulsarEncoder()
    s = match.state
    seat = min(match.to_move)
    enc.encode_match(match, seat)
    view = enc._views.of(seat, s)
    before = list(view.parts)
    # a pick that moves a marker on the initiative track
    legal = match.legal_actions(seat)
    pick = next(a for a in legal if a.args[2] == 0)
    match.apply(seat, pick)
    vec = enc.encode_match(match, seat)
    assert np.array_equal(vec, _fresh(match, seat))
    after = view.parts
    assert enc._views.of(seat, s) is view
    changed = {i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a is not b}
    per_call = {mod.V_ROUND_PHASE, mod.V_FLAGS, mod.V_PENDING}
    # the dice board, the initiative track, the picker's dice (its own block comes first)
    allowed = per_call | {mod.V_POOL, mod.V_TRACKS, mod.V_PLAYERS + 1}
    assert mod.V_PLAYERS + 1 in changed and mod.V_TRACKS in changed
    assert changed <= allowed, sorted(changed - allowed)


def test_an_unmarked_segment_is_not_rebuilt_and_a_marked_one_is(monkeypatch):
    match = _dice_phase_position()
    enc = mod.PulsarEncoder()
    s = match.state
    enc.encode_match(match, 0)
    view = enc._views.of(0, s)
    calls = []
    real = enc._player_block
    monkeypatch.setattr(enc, "_player_block", lambda state, i: calls.append(i) or real(state, i))
    before = list(view.parts)
    enc.encode_match(match, 0)  # nothing moved
    assert calls == []
    assert all(a is b for a, b in zip(before, view.parts, strict=True))
    st.changed(s, st.M_PLAYER + 1)  # seat 1's block: the second block for observer 0
    enc.encode_match(match, 0)
    assert calls == [1]
    st.changed(s, st.M_PATENTS)
    before = list(view.parts)
    enc.encode_match(match, 0)
    assert calls == [1]
    changed = {i for i, (a, b) in enumerate(zip(before, view.parts, strict=True)) if a is not b}
    assert changed <= {mod.V_ROUND_PHASE, mod.V_FLAGS, mod.V_PENDING, mod.V_PATENTS}


def _fresh(match, seat):
    return mod.PulsarEncoder().encode(match.observation(seat))


def test_views_are_per_observer_and_a_changed_component_reaches_every_one():
    match = _dice_phase_position()
    enc = mod.PulsarEncoder()
    s = match.state
    for seat in (0, 1, None):
        enc.encode_match(match, seat)
    s.patents["1a"].append(1)
    st.changed(s, st.M_PATENTS)
    for seat in (None, 1, 0):
        assert np.array_equal(enc.encode_match(match, seat), _fresh(match, seat))


def test_a_clone_moving_on_does_not_disturb_the_original():
    match = _dice_phase_position()
    enc = mod.PulsarEncoder()
    before = {seat: enc.encode_match(match, seat).copy() for seat in (0, 1, None)}
    clone = match.clone()
    assert clone.state.marks == [0] * st.MARKS  # marks are not copied: a clone starts over
    rng = random.Random(9)
    for _ in range(40):
        _play(clone, rng, 1)
        for seat in (0, 1, None):
            assert np.array_equal(enc.encode_match(clone, seat), _fresh(clone, seat))
        for seat in (0, 1, None):
            assert np.array_equal(enc.encode_match(match, seat), before[seat])
    # and the original moving on is not disturbed by the clone's views
    _play(match, rng, 5)
    for seat in (0, 1, None):
        assert np.array_equal(enc.encode_match(match, seat), _fresh(match, seat))


def test_marks_are_not_game_state():
    match = _dice_phase_position()
    s = match.state
    assert any(s.marks)
    assert "marks" not in s.to_json()
    twin = type(s).from_json(s.to_json())
    assert twin == s and twin.marks == [0] * st.MARKS
