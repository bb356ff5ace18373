"""The Stellium encoder's fast path (galaxis/games/stellium/encode.py): bytes pieces in
bounded caches, and segments reused while the state's change marks stand still.

The contract tests (test_encoding.py) check fast path = observation path on random
positions. These check what the caches and memos could get wrong on their own: the
vector against a plain field-by-field reference built from docs/interop.md's
layout, states that differ only slightly (a card moved from one list to the next,
a marble moved one cell, a list changed in place and its mark raised), and caches
that stay bounded.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from galaxis import new_match
from galaxis.core import blocks
from galaxis.games.stellium import encode
from galaxis.games.stellium.data import DISC_LETTERS, TYPES, geometry
from galaxis.games.stellium.encode import (
    CARDS,
    DRAWS,
    LAYOUTS,
    PENDING,
    SIZE,
    StelliumEncoder,
    card_ids,
    layout,
)
from galaxis.games.stellium.state import M_BAG, M_CARDS, M_DISCS, M_PLAYER, M_REGION, REGION
from tests.interop.interop_cases import random_positions

OPTION_SETS = [
    (2, {}),
    (3, {}),
    (4, {"secret_objectives": True, "layout": "parallelogram"}),
    (2, {"secret_objectives": True, "mirror": True, "draw": "random", "black_hole_galaxy": True}),
    (3, {"draw": "touch", "attraction_immunity": "placed", "no_winner_below_target": True}),
]


def reference(obs: dict) -> np.ndarray:
    """The layout of docs/interop.md filled one field at a time from ``observation(seat)``."""
    off = {name: o for name, o, _ in layout()}
    v = np.zeros(SIZE, np.float64)
    index = geometry(obs["layout"]).index
    card = {c: i for i, c in enumerate(card_ids())}
    you = obs["you"]
    v[off["turn"]] = min(obs["turn"], 100) / 100
    v[off["my_turn"]] = you is not None and you in obs["to_move"]
    v[off["my_seat_plays"]] = you == obs["seat"]
    if obs["final_turns"] >= 0:
        v[off["final_turns_left"]] = 1
        v[off["final_turns"]] = min(obs["final_turns"], 8) / 8
    v[off["over"]] = obs["over"]
    for k, t in enumerate(TYPES):
        v[off["bag"] + k] = min(obs["bag"][t], 11) / 11
        v[off["refill_pool"] + k] = 0.2 * obs["refill_pool"].count(t)
    if obs["in_hand"]:
        v[off["in_hand"] + TYPES.index(obs["in_hand"])] = 1
    opts = obs["options"]
    flags = ("mirror", "secret_objectives", "black_hole_galaxy")
    for k, name in enumerate(flags):
        v[off["options"] + k] = opts[name]
    v[off["options"] + 3] = opts["attraction_immunity"] == "placed"
    v[off["options"] + 4] = opts["no_winner_below_target"]
    v[off["options"] + 5 + DRAWS.index(opts["draw"])] = 1
    v[off["options"] + 5 + len(DRAWS) + LAYOUTS.index(obs["layout"])] = 1
    v[off["target"]] = min(obs["target"], 60) / 60
    for label, marble in obs["board"].items():
        v[off["board"] + 4 * index[label] + TYPES.index(marble)] = 1
    for cells in obs["start_points"].values():
        for label in cells:
            v[off["start_points"] + index[label]] = 1
    for d, r in enumerate(obs["rotation"]):
        v[off["rotation"] + 6 * d + r % 6] = 1
    if obs["placed"]:
        v[off["placed"] + index[obs["placed"]]] = 1
    for c in obs["display"]:
        v[off["display"] + card[c]] = 1
    v[off["deck"]] = min(obs["deck"], CARDS) / CARDS
    for c in obs["set_aside"]:
        v[off["set_aside"] + card[c]] = 1
    pending = obs["pending"]
    if pending is not None:
        data = pending["data"]
        if pending["kind"] in PENDING:
            v[off["pending_kind"] + PENDING.index(pending["kind"])] = 1
        v[off["pending_mine"]] = pending["seat"] == you
        for key in ("cell", "from", "hole"):
            if key in data:
                v[off["pending_cell"] + index[data[key]]] = 1
                break
        for label in data.get("cells", ()):
            v[off["pending_cells"] + index[label]] = 1
        if "disc" in data:
            v[off["pending_disc"] + DISC_LETTERS.index(data["disc"])] = 1
        if data.get("card") in card:
            v[off["pending_card"] + card[data["card"]]] = 1
        marble = data.get("kind", data.get("type", ""))
        if marble in TYPES:
            v[off["pending_marble"] + TYPES.index(marble)] = 1
        v[off["pending_forced"]] = bool(data.get("forced", False))
        v[off["pending_left"]] = min(int(data.get("left", 0)), 5) / 5
    n = len(obs["players"])
    for k in range(n):
        seat = ((you or 0) + k) % n
        p, score = obs["players"][seat], obs["scores"][seat]
        o = f"player{k}."
        v[off[o + "present"]] = 1
        v[off[o + "score"]] = min(score, 60) / 60
        v[off[o + "points"]] = min(p["points"], 60) / 60
        for c in p["held"]:
            v[off[o + "held"] + card[c]] = 1
        v[off[o + "held_count"]] = min(p["held_count"], 3) / 3
        v[off[o + "held_new"]] = obs["turn"] in p["held_turn"]
        v[off[o + "won_count"]] = min(len(p["won"]), 10) / 10
        for t in p["tokens"]:
            v[off[o + "tokens"] + TYPES.index(t)] = 1
        v[off[o + "discarded_count"]] = min(p["discarded_count"], 10) / 10
        v[off[o + "reached"]] = p["reached"] >= 0
    return v.astype(np.float32)


def _seats(match):
    return [None, *range(match.num_players)]


@pytest.mark.parametrize(("players", "options"), OPTION_SETS)
def test_both_paths_match_the_field_by_field_reference(players, options):
    enc = StelliumEncoder()  # one instance throughout: its caches are what is under test
    checked = 0
    for seed in (1, 2):
        for match in itertools.islice(
            random_positions("stellium", players, seed, options, limit=400), 0, None, 3
        ):
            for seat in _seats(match):
                fast = enc.encode_match(match, seat)
                obs = match.observation(seat)
                assert np.array_equal(fast, enc.encode(obs))
                np.testing.assert_allclose(fast, reference(obs), rtol=0, atol=1e-6)
                checked += 1
    assert checked > 100


def test_the_vector_is_float32_read_only_and_fixed_size():
    match = new_match("stellium", 3, seed=0)
    for vec in (StelliumEncoder().encode_match(match, 1), StelliumEncoder().encode(match.observation(1))):
        assert vec.dtype == np.float32 and vec.shape == (SIZE,)
        assert not vec.flags.writeable


def _played(players=2, seed=7, steps=120, options=None):
    positions = list(
        itertools.islice(random_positions("stellium", players, seed, options, limit=steps), steps)
    )
    return positions[-1].clone()


def test_keys_tell_apart_a_card_moved_between_a_players_lists():
    """Moving a card from a player's won list to the held one, or a marble to the next cell,
    in place in the same state objects, must change the vector as the reference does."""
    enc = StelliumEncoder()
    match = _played()
    s = match.state
    ids = card_ids()
    p = s.players[0]
    variants = []
    for won, held in (
        (["C01"], []),
        ([], ["C01"]),
        (["C01", "C02"], []),
        (["C01"], ["C02"]),
        ([], ["C01", "C02"]),
    ):
        p.won, p.held, p.held_turn = list(won), list(held), [s.turn] * len(held)
        variants.append((match.clone(), ids.index("C01")))
    cell = next(c for c, m in enumerate(s.board) if m)
    for shift in (0, 1):
        board = ["" for _ in s.board]
        board[cell + shift] = "g"
        s.board = board
        variants.append((match.clone(), cell))
    vectors = set()
    for m, _ in variants * 2:  # the second round is served from the caches
        for seat in _seats(m):
            vec = enc.encode_match(m, seat)
            np.testing.assert_allclose(vec, reference(m.observation(seat)), rtol=0, atol=1e-6)
            vectors.add((seat, vec.tobytes()))
    assert len(vectors) == len(variants) * 3


def test_secret_held_cards_share_a_block_only_when_the_count_agrees():
    """With secret objectives another seat's cards are left out of its key, its count is not."""
    enc = StelliumEncoder()
    match = _played(options={"secret_objectives": True}, seed=3)
    p = match.state.players[1]
    off = {name: (o, w) for name, o, w in layout()}
    count_at = off["player1.held_count"][0]
    seen = []
    for held in (["C01"], ["C02"], ["C01", "C02"]):
        p.held, p.held_turn = list(held), [-5] * len(held)
        match.state.marks[M_PLAYER + 1] += 1
        vec = enc.encode_match(match, 0)
        np.testing.assert_allclose(vec, reference(match.observation(0)), rtol=0, atol=1e-6)
        o, w = off["player1.held"]
        assert not vec[o : o + w].any()
        seen.append(float(vec[count_at]))
    assert seen[0] == seen[1] < seen[2]


def test_every_cache_stays_bounded(monkeypatch):
    monkeypatch.setattr(blocks, "MAX_ENTRIES", 8)
    enc = StelliumEncoder()
    fresh = StelliumEncoder
    for match in itertools.islice(random_positions("stellium", 3, 11, limit=300), 0, None, 2):
        for seat in _seats(match):
            vec = enc.encode_match(match, seat)
            assert np.array_equal(vec, fresh().encode(match.observation(seat)))
        caches = {name: c for name, c in vars(enc).items() if isinstance(c, dict)}
        assert len(caches) >= 8
        for name, cache in caches.items():
            assert len(cache) <= 8, name
    assert len(enc._views) <= 4  # one shared view and one per seat of the last state


def test_the_fast_path_reads_no_hidden_order():
    """Reshuffling the face-down pile (same size) changes nothing for anyone."""
    enc = StelliumEncoder()
    match = _played(seed=5)
    before = [enc.encode_match(match, seat).tobytes() for seat in _seats(match)]
    match.state.deck.reverse()
    assert [StelliumEncoder().encode_match(match, seat).tobytes() for seat in _seats(match)] == before
    assert encode.SIZE == SIZE


def test_lists_changed_in_place_are_noticed_with_their_mark():
    """The same list objects changed in place between two calls, with the change mark of
    their component raised as the rules do, give the new vector."""
    enc = StelliumEncoder()
    match = _played(players=3, seed=9)
    s = match.state
    p = s.players[1]
    free = [c for c in card_ids() if c not in s.display and c not in p.held and c not in p.won]
    empty = next(c for c, m in enumerate(s.board) if not m)
    me = M_PLAYER + 1
    changes = [
        (lambda: p.held.append(free[0]), me),
        (lambda: p.held_turn.append(s.turn), me),
        (lambda: p.won.append(free[1]), me),
        (lambda: p.tokens.append("y"), me),
        (lambda: p.tokens.clear(), me),
        (lambda: s.board.__setitem__(empty, "p"), M_REGION + REGION[empty]),
        (lambda: s.board.__setitem__(empty, "b"), M_REGION + REGION[empty]),
        (lambda: s.rot.__setitem__(2, (s.rot[2] + 1) % 6), M_DISCS),
        (lambda: s.bag.__setitem__(0, s.bag[0] + 1), M_BAG),
        (lambda: s.refill_pool.append("g"), None),  # read at every call: no mark
        (lambda: s.display.__setitem__(0, free[2]), M_CARDS),
        (lambda: s.set_aside.append(free[3]), M_CARDS),
        (lambda: s.deck.pop(), M_CARDS),
    ]
    for change, mark in changes:
        before = {seat: enc.encode_match(match, seat).tobytes() for seat in _seats(match)}
        change()
        if mark is not None:
            s.marks[mark] += 1
        for seat in _seats(match):
            vec = enc.encode_match(match, seat)
            assert np.array_equal(vec, StelliumEncoder().encode(match.observation(seat)))
            np.testing.assert_allclose(vec, reference(match.observation(seat)), rtol=0, atol=1e-6)
        assert any(enc.encode_match(match, seat).tobytes() != before[seat] for seat in _seats(match))
