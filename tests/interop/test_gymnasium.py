"""The single-agent Gymnasium environment against bots, for every registered game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from galaxis import BadAgentSpec, IllegalAction
from galaxis.interop.gymnasium import make
from galaxis.interop.spaces import InteropError, final_rewards
from tests.interop.interop_cases import CASES, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_check_env_passes(case):
    game_id, players, options = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(make(game_id, seat=players - 1, opponents="random", players=players, options=options))


@pytest.mark.parametrize("case", CASES[:2] + CASES[-2:], ids=case_id)
def test_an_episode_against_heuristic_bots(case):
    game_id, players, options = case
    env = make(game_id, seat=1, opponents="heuristic", players=players, options=options, reward="rank")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done, total, steps = False, 0.0, 0
    while not done:
        match = env.match
        assert 1 in match.to_move and min(match.to_move) == 1  # the learner is asked only on its turn
        assert int(obs["action_mask"].sum()) == len(match.legal_actions(1)) == len(env.legal_notations())
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, truncated, info = env.step(int(legal[int(rng.integers(len(legal)))]))
        assert not truncated
        total += reward
        steps += 1
    assert env.match.is_over and "result" in info
    assert total == pytest.approx(final_rewards(env.match.result, "rank")[1])
    with pytest.raises(InteropError, match="reset"):
        env.step(0)


def test_illegal_action_ends_the_episode_with_a_penalty():
    env = make("toy_gops", opponents="random", players=2)
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "not legal" in info["illegal_action"]


def test_illegal_action_can_raise_instead():
    env = make("toy_gops", opponents="random", players=2, illegal_action="raise")
    obs, _ = env.reset(seed=2)
    before = env.match.to_json()
    with pytest.raises(IllegalAction):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert env.match.to_json() == before
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))  # still playable


def test_seeded_reset_replays_opponents_too():
    a = make("smugglers", seat=0, opponents="random", players=3)
    b = make("smugglers", seat=0, opponents="random", players=3)
    for env in (a, b):
        obs, _ = env.reset(seed=8)
        for _ in range(30):
            if env.match.is_over:
                break
            obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert a.match.history == b.match.history


def test_one_spec_per_opponent():
    env = make("toy_gops", seat=2, opponents=["random", "greedy"], players=3)
    env.reset(seed=1)
    assert set(env._bots) == {0, 1}


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"seat": 2}, InteropError),
        ({"seat": True}, InteropError),
        ({"opponents": ["random"] * 3}, InteropError),
        ({"opponents": "grandmaster"}, BadAgentSpec),
        ({"reward": "money"}, InteropError),
    ],
)
def test_bad_arguments_get_clear_errors(kwargs, error):
    with pytest.raises(error):
        make("toy_gops", players=2, **kwargs)


def test_render_is_the_learners_view():
    env = make("smugglers", players=2, opponents="random", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == env.match.render_text(0)


def test_registered_with_gymnasium_make():
    import gymnasium

    from galaxis.interop.gymnasium import register_envs

    assert "galaxis/toy_gops-v0" in register_envs()
    env = gymnasium.make("galaxis/smugglers-v0", players=3, opponents="random", render_mode="ansi")
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(env.unwrapped)
