"""The Pulsar encoder's reuse across observers (issue #10): player blocks are remade
part by part (once per change whoever observes), and the lists of which only the
length counts are copied shallowly. These tests change fields in place between
observers, raising the marks the rules would, and check every vector against a
fresh encoder's observation path."""

from __future__ import annotations

import numpy as np
import pytest

from galaxis import new_match
from galaxis.games.pulsar import encode as mod
from galaxis.games.pulsar import encode_layout
from galaxis.games.pulsar import state as st
from tests.interop.interop_cases import random_positions

OFFSET = {name: (off, width) for name, off, width in encode_layout.layout()}


def _reference(match, seat):
    return mod.PulsarEncoder().encode(match.observation(seat))


def _field(vec, name):
    off, width = OFFSET[name]
    return vec[off : off + width]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_alternating_observers_match_a_fresh_encoder(players):
    enc = mod.PulsarEncoder()
    for k, match in enumerate(random_positions("pulsar", players, 11, limit=140)):
        # the mover, then (every third position) another seat and the spectator
        seats = [min(match.to_move)] if match.to_move else [0]
        if k % 3 == 0:
            seats += [(seats[0] + 1) % players, None]
        for seat in seats:
            assert np.array_equal(enc.encode_match(match, seat), _reference(match, seat))


def _into_the_game(seed=3, steps=60):
    match = new_match("pulsar", 2, seed=seed)
    for _ in range(steps):
        seat = min(match.to_move)
        match.apply(seat, match.legal_actions(seat)[0])
    assert match.state.planets
    return match


def test_a_new_station_reaches_both_player_blocks_after_another_observer_saw_it():
    match = _into_the_game()
    enc = mod.PulsarEncoder()
    s = match.state
    for seat in (0, 1):
        enc.encode_match(match, seat)
    system = next(iter(s.planets))
    occupants = s.planets[system]
    before = mod.PulsarEncoder().encode_match(match, 1)
    occupants[0] = 0 if occupants[0] != 0 else 1  # in place: seat 0 gains or loses a station
    st.changed(s, st.M_SYSTEMS, st.M_PLAYER, st.M_PLAYER + 1)
    vec0 = enc.encode_match(match, 0)
    vec1 = enc.encode_match(match, 1)
    assert np.array_equal(vec0, _reference(match, 0))
    assert np.array_equal(vec1, _reference(match, 1))
    # seat 0's block is the second block for observer 1: its stations changed
    assert _field(vec1, "player1.stations")[0] != _field(before, "player1.stations")[0]


def test_only_the_length_of_transmitters_and_arrays_counts():
    match = _into_the_game()
    enc = mod.PulsarEncoder()
    p = match.state.players[0]
    first = enc.encode_match(match, 0).copy()
    p.tx["X9"] = [0, 0]  # a new transmitter: its count is encoded
    st.changed(match.state, st.M_PLAYER)
    grown = enc.encode_match(match, 0)
    assert np.array_equal(grown, _reference(match, 0))
    assert _field(grown, "player0.transmitters")[0] > _field(first, "player0.transmitters")[0]
    p.tx["X9"][0] = 1  # a cost covered inside it: nothing encoded changes
    st.changed(match.state, st.M_PLAYER)
    assert np.array_equal(enc.encode_match(match, 0), grown)
    assert np.array_equal(grown, _reference(match, 0))
    p.arrays.append([])
    st.changed(match.state, st.M_PLAYER)
    assert np.array_equal(enc.encode_match(match, 0), _reference(match, 0))
    del p.tx["X9"]
    p.arrays.pop()
    st.changed(match.state, st.M_PLAYER)
    assert np.array_equal(enc.encode_match(match, 0), first)


def test_dice_alone_and_status_alone_are_remade():
    match = _into_the_game()
    enc = mod.PulsarEncoder()
    p = match.state.players[1]
    enc.encode_match(match, 1)
    p.dice.append(6)
    st.changed(match.state, st.M_DICE + 1)
    vec = enc.encode_match(match, 1)
    assert np.array_equal(vec, _reference(match, 1))
    assert _field(vec, "player0.dice")[5] >= 0.5
    p.score += 30
    p.red = 3
    st.changed(match.state, st.M_PLAYER + 1)
    vec = enc.encode_match(match, 1)
    assert np.array_equal(vec, _reference(match, 1))
    assert _field(vec, "player0.red")[3] == 1.0
    p.held.append("m")
    p.markers_used += 1
    st.changed(match.state, st.M_PLAYER + 1)
    assert np.array_equal(enc.encode_match(match, 1), _reference(match, 1))
    assert np.array_equal(enc.encode_match(match, 0), _reference(match, 0))
