"""Action ids and terminal rewards shared by the adapters."""

from __future__ import annotations

import numpy as np
import pytest

from galaxis import IllegalAction, new_match
from galaxis.core import Result, get_game
from galaxis.interop.spaces import ActionCodec, InteropError, as_action_id, final_rewards
from tests.interop.interop_cases import CASES, case_id


def test_rank_rewards_two_players():
    assert final_rewards(Result([3.0, 1.0], [[0], [1]]), "rank") == [1.0, -1.0]
    assert final_rewards(Result([2.0, 2.0], [[0, 1]]), "rank") == [0.0, 0.0]


def test_rank_rewards_with_ties_sum_to_zero():
    rewards = final_rewards(Result([5.0, 1.0, 5.0, 0.0], [[0, 2], [1], [3]]), "rank")
    assert rewards == [2 / 3, -1 / 3, 2 / 3, -1.0]
    assert sum(rewards) == pytest.approx(0.0)


def test_score_rewards_keep_the_margin_and_stay_in_range():
    close = final_rewards(Result([10.0, 9.0], [[0], [1]]), "score")
    wide = final_rewards(Result([10.0, 0.0], [[0], [1]]), "score")
    assert 0 < close[0] < wide[0] <= 1.0
    assert sum(close) == pytest.approx(0.0)
    negative = final_rewards(Result([-26.0, -4.0, -19.0], [[1], [2], [0]]), "score")
    assert all(-1.0 <= r <= 1.0 for r in negative)
    assert negative[1] == max(negative)
    mixed = final_rewards(
        Result([30.0, -12.0, 5.0, -20.0, 1.0, 2.0], [[0], [2], [5], [4], [1], [3]]), "score"
    )
    assert all(-1.0 <= r <= 1.0 for r in mixed) and sum(mixed) == pytest.approx(0.0)


def test_action_id_accepts_numpy_integers_and_rejects_the_rest():
    assert as_action_id(np.int32(3), 5) == 3
    assert as_action_id(np.array(4), 5) == 4
    for bad in (5, -1, 1.0, "1", True, None):
        with pytest.raises(IllegalAction):
            as_action_id(bad, 5)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_legal_action_has_an_id_and_decodes_back(case):
    game_id, players, options = case
    game = get_game(game_id)
    match = new_match(game_id, players, seed=3, options=options)
    codec = ActionCodec(game, players, match.options)
    rng = np.random.default_rng(0)
    steps = 0
    while not match.is_over and steps < 400:
        seat = min(match.to_move)
        legal = match.legal_actions(seat)
        ids = codec.legal_ids(legal)
        assert len(set(ids)) == len(ids) and all(0 <= i < codec.size for i in ids)
        mask = codec.mask(ids)
        assert mask.dtype == np.int8 and mask.shape == (codec.size,) and int(mask.sum()) == len(ids)
        for i, action in zip(ids, legal, strict=True):
            assert codec.decode(i, legal, ids) == action
        illegal = [i for i in range(codec.size) if not mask[i]][:3]
        for i in illegal:
            with pytest.raises(IllegalAction):
                codec.decode(i, legal, ids)
        match.apply(seat, legal[int(rng.integers(len(legal)))])
        steps += 1


def test_legal_list_index_space_for_games_without_a_flat_space():
    game = get_game("toy_gops")
    assert game.action_space(2, {"cards": 5}) is None
    codec = ActionCodec(game, 2, {"cards": 5})
    assert not codec.flat and codec.size == game.max_legal_actions(2, {"cards": 5})
    match = new_match("toy_gops", 2, seed=1)
    legal = match.legal_actions(0)
    ids = codec.legal_ids(legal)
    assert ids == list(range(len(legal)))
    assert codec.decode(len(legal) - 1, legal, ids) == legal[-1]
    with pytest.raises(IllegalAction, match="only 5 legal actions"):
        codec.decode(len(legal), legal, ids)


def test_a_game_that_breaks_its_own_action_space_gets_a_clear_error():
    class Broken:
        info = get_game("toy_gops").info

        def action_space(self, players, options):
            return ["bid 1", "bid 1"]

    with pytest.raises(InteropError, match="twice"):
        ActionCodec(Broken(), 2, {})  # type: ignore[arg-type]


def test_a_lookup_gives_the_ids_a_read_only_mask_and_each_ids_position():
    """lookup() is what every step of the PettingZoo loop asks: the ids of a legal list, its mask
    (read-only, because positions with the same legal set share it) and where each id sits."""
    match = new_match("smugglers", 3, seed=2)
    codec = ActionCodec(get_game("smugglers"), 3, match.options)
    legal = match.legal_actions(min(match.to_move))
    ids, mask, where = codec.lookup(legal)
    assert ids == codec.legal_ids(legal)
    assert mask.dtype == np.int8 and mask.shape == (codec.size,) and not mask.flags.writeable
    assert np.flatnonzero(mask).tolist() == sorted(ids)
    assert where == {aid: i for i, aid in enumerate(ids)}
    again = codec.lookup(list(legal))  # an equal list, not the same object
    assert again[1] is mask and again[2] is where
    with pytest.raises(ValueError):
        mask[0] = 1
