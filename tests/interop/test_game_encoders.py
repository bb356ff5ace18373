"""The dedicated encoders of Space Smugglers, Stellium, Pulsar 2849 and Káosz Galaktika.

The contract tests in test_encoding.py (fixed size, bounds, determinism, fast
path = observation path, blind to resampled hidden information) run for every
game; these check what is specific to a dedicated layout.
"""

from __future__ import annotations

import importlib
import itertools

import pytest

from galaxis import new_match
from galaxis.core import blocks, get_game
from galaxis.core.blocks import Memo
from galaxis.interop.encoding import HashingEncoder, encoder_for
from tests.interop.interop_cases import random_positions

ENCODERS = {
    "smugglers": "SmugglersEncoder",
    "stellium": "StelliumEncoder",
    "pulsar": "PulsarEncoder",
    "kaosz": "KaoszEncoder",
}


def _module(game_id):
    return importlib.import_module(f"galaxis.games.{game_id}.encode")


def _random_positions(game_id, players, seed, limit=200):
    return random_positions(game_id, players, seed, limit=limit)


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
def test_the_game_uses_its_dedicated_encoder(game_id):
    info = get_game(game_id).info
    for players in range(info.min_players, info.max_players + 1):
        match = new_match(game_id, players)
        encoder = encoder_for(get_game(game_id), players, match.options)
        assert not isinstance(encoder, HashingEncoder)
        assert type(encoder).__name__ == ENCODERS[game_id]
        assert encoder.size == _module(game_id).SIZE  # one layout for every player count


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
def test_layout_covers_the_vector_exactly(game_id):
    fields = _module(game_id).layout()
    assert fields[0][1] == 0
    for (_, off, width), (_, nxt, _) in itertools.pairwise(fields):
        assert width > 0 and nxt == off + width
    assert fields[-1][1] + fields[-1][2] == _module(game_id).SIZE
    assert len({name for name, _, _ in fields}) == len(fields)


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
def test_encodings_tell_positions_apart(game_id):
    """A random game's positions get (mostly) different vectors: the encoding is not blind."""
    enc = encoder_for(get_game(game_id), 2, new_match(game_id, 2).options)
    vectors = [
        enc.encode(m.observation(min(m.to_move) if m.to_move else 0)).tobytes()
        for m in _random_positions(game_id, 2, 3)
    ]
    assert len(vectors) > 20
    assert len(set(vectors)) >= 0.5 * len(vectors)


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
def test_players_are_rotated_so_the_observer_comes_first(game_id):
    mod = _module(game_id)
    offset = {name: (off, width) for name, off, width in mod.layout()}
    enc = encoder_for(get_game(game_id), 3, new_match(game_id, 3).options)
    block = [(name, off, w) for name, off, w in mod.layout() if name.startswith("player0.")]
    start = block[0][1]
    end = block[-1][1] + block[-1][2]
    size = end - start
    for match in itertools.islice(_random_positions(game_id, 3, 5, limit=60), 0, None, 10):
        vecs = [enc.encode(match.observation(seat)) for seat in range(3)]
        for seat in range(3):
            assert vecs[seat][offset["player0.present"][0]] == 1.0
            assert vecs[seat][start + 3 * size] == 0.0  # a fourth seat is absent
        # seat 1 sees seat 2 as its next player; seat 2 sees itself first. Blocks that
        # depend only on public facts of seat 2 agree (the "present" flag at least).
        assert vecs[1][start + size] == vecs[2][start] == 1.0


def test_stellium_encodes_the_board_and_the_observers_tokens():
    mod = _module("stellium")
    offset = {name: off for name, off, _ in mod.layout()}
    match = new_match("stellium", 2, seed=4)
    enc = mod.StelliumEncoder()
    obs = match.observation(1)
    vec = enc.encode(obs)
    from galaxis.games.stellium.data import TYPES, geometry

    index = geometry(obs["layout"]).index
    for label, marble in obs["board"].items():
        assert vec[offset["board"] + 4 * index[label] + TYPES.index(marble)] == 1.0
    assert vec[offset["board"] : offset["board"] + 4 * 52].sum() == len(obs["board"])
    for t in obs["players"][1]["tokens"]:
        assert vec[offset["player0.tokens"] + TYPES.index(t)] == 1.0


def test_stellium_secret_objectives_stay_secret():
    mod = _module("stellium")
    offset = {name: (off, w) for name, off, w in mod.layout()}
    match = new_match("stellium", 2, seed=2, options={"secret_objectives": True})
    for _ in range(6):  # round 1: everyone takes a card
        seat = min(match.to_move)
        match.apply(seat, match.legal_actions(seat)[0])
    enc = mod.StelliumEncoder()
    off, w = offset["player1.held"]
    assert match.state.players[1].held  # seat 1 does hold cards ...
    assert not enc.encode(match.observation(0))[off : off + w].any()  # ... that seat 0 cannot see
    own_off, own_w = offset["player0.held"]
    assert enc.encode(match.observation(1))[own_off : own_off + own_w].sum() == len(
        match.state.players[1].held
    )


def test_pulsar_splits_markers_into_mine_and_others():
    mod = _module("pulsar")
    offset = {name: (off, w) for name, off, w in mod.layout()}
    match = new_match("pulsar", 2, seed=1)
    enc = mod.PulsarEncoder()
    for seat in (0, 1):
        vec = enc.encode(match.observation(seat))
        for track in ("initiative", "engineering"):
            mine = vec[offset[f"{track}_mine"][0] : offset[f"{track}_mine"][0] + 15].sum()
            others = vec[offset[f"{track}_others"][0] : offset[f"{track}_others"][0] + 15].sum()
            assert mine == pytest.approx(1.0)  # two markers each, 0.5 apiece
            assert others == pytest.approx(0.5)  # two markers of the other seat, 0.25 apiece


def test_kaosz_hides_what_the_observer_cannot_identify():
    mod = _module("kaosz")
    offset = {name: (off, w) for name, off, w in mod.layout()}
    enc = mod.KaoszEncoder()
    for match in _random_positions("kaosz", 2, 7, limit=80):
        obs = match.observation(0)
        vec = enc.encode(obs)
        off, _ = offset["player1.hand_cards.cards"]
        assert vec[off] == 0.0  # the opponent's hand: only its size is encoded
        assert vec[offset["player1.hand"][0]] == pytest.approx(min(obs["players"][1]["hand"] / 10, 1.0))
        off, _ = offset["player0.hand_cards.cards"]
        assert vec[off] == pytest.approx(min(len(obs["players"][0]["hand_cards"]) / 10, 1.0))


def test_memo_builds_each_block_once():
    built = []

    def build(key):
        built.append(key)
        return bytes([key])

    memo = Memo(build)
    assert memo[1] is memo[1] and built == [1]
    assert memo[2] == b"\x02" and built == [1, 2]


def test_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(blocks, "MAX_ENTRIES", 4)
    memo = Memo(lambda key: b"")
    for k in range(10):
        memo[k]
        assert len(memo) <= 4
    small = Memo(lambda key: b"", limit=2)
    for k in range(5):
        small[k]
    assert len(small) <= 2
