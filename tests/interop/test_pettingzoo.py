"""The PettingZoo AEC environment, for every registered game."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from galaxis import BadOption, IllegalAction, UnknownGame
from galaxis.interop.pettingzoo import env
from galaxis.interop.spaces import InteropError, final_rewards
from tests.interop.interop_cases import CASES, case_id


def _play(e, seed, on_step=None):
    """Plays one random episode; returns the rewards each agent saw in ``last()`` when done."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finals = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            finals[agent] = reward
            e.step(None)
            continue
        if on_step is not None:
            on_step(e, agent, obs)
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[int(rng.integers(len(legal)))]))
    return finals


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_api_and_seed_tests_pass(case):
    game_id, players, options = case
    with warnings.catch_warnings():
        # PettingZoo warns about Dict observation spaces, as it does for its own classic games
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game_id, players=players, options=options), num_cycles=200)
        seed_test(lambda: env(game_id, players=players, options=options), num_cycles=100)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_masks_order_and_rewards(case):
    game_id, players, options = case
    e = env(game_id, players=players, options=options)
    assert e.observation_space("player_0") is e.observation_space("player_0")
    if players > 1:  # a solitaire game has one agent
        assert e.observation_space("player_0") is not e.observation_space("player_1")

    def check(e, agent, obs):
        match = e.match
        assert agent == f"player_{min(match.to_move)}"  # the lowest seat to move acts first
        legal = match.legal_actions(min(match.to_move))
        assert int(obs["action_mask"].sum()) == len(legal) == len(e.legal_notations(agent))
        assert e.action_notation(int(np.flatnonzero(obs["action_mask"])[0])) in legal
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
                assert e.legal_notations(other) == []
        assert e.observation_space(agent).contains(obs)

    finals = _play(e, seed=11, on_step=check)
    assert set(finals) == set(e.possible_agents) and e.agents == []
    expected = final_rewards(e.match.result, "score")
    assert [finals[a] for a in e.possible_agents] == pytest.approx(expected)
    assert sum(finals.values()) == pytest.approx(0.0, abs=1e-9)


def test_simultaneous_secret_choices_stay_secret():
    """toy_gops bids are simultaneous: seat 1 acts after seat 0 but must not see seat 0's bid."""
    e = env("toy_gops", players=2)
    e.reset(seed=3)
    before = e.observe("player_1")["observation"].copy()
    e.step(int(np.flatnonzero(e.observe("player_0")["action_mask"])[-1]))
    assert e.agent_selection == "player_1"
    after = e.observe("player_1")["observation"]
    # what seat 1 sees now depends only on the fact that seat 0 has bid, not on the card:
    e2 = env("toy_gops", players=2)
    e2.reset(seed=3)
    e2.step(int(np.flatnonzero(e2.observe("player_0")["action_mask"])[0]))
    assert np.array_equal(e2.observe("player_1")["observation"], after)
    assert not np.array_equal(before, after)  # it does see that seat 0 has bid


def test_rank_rewards():
    e = env("toy_gops", players=3, reward="rank")
    finals = _play(e, seed=2)
    result = e.match.result
    assert [finals[a] for a in e.possible_agents] == pytest.approx(final_rewards(result, "rank"))
    best = result.ranking[0]
    assert all(finals[f"player_{s}"] == max(finals.values()) for s in best)


def test_illegal_action_raises_and_changes_nothing():
    e = env("toy_gops", players=2)
    e.reset(seed=1)
    mask = e.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.match.to_json()
    for bad in (illegal, -1, 10**6, 1.5, "bid 1", None):
        with pytest.raises(IllegalAction):
            e.step(bad)
    assert e.match.to_json() == before and e.agent_selection == "player_0"
    assert not any(e.terminations.values())


def test_illegal_action_can_end_the_episode_instead():
    e = env("toy_gops", players=2, illegal_action="terminate")
    e.reset(seed=1)
    illegal = int(np.flatnonzero(e.observe("player_0")["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    _, reward, terminated, _, info = e.last()
    assert terminated and reward == -1.0 and "not legal" in info["illegal_action"]
    for _agent in e.agent_iter():
        e.step(None)
    assert e.agents == []


def test_seeded_resets_replay_and_unseeded_resets_differ():
    a, b = env("smugglers", players=3), env("smugglers", players=3)
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.match.to_json() == b.match.to_json()
    a.reset()
    b.reset()
    assert a.match.seed == b.match.seed  # drawn from the generator the seeded reset set up
    seeds = {a.match.seed}
    for _ in range(3):
        a.reset()
        seeds.add(a.match.seed)
    assert len(seeds) == 4


def test_render_modes():
    e = env("smugglers", players=2, render_mode="ansi")
    e.reset(seed=1)
    assert isinstance(e.render(), str) and e.render()
    s = env("smugglers", players=2, render_mode="svg")
    s.reset(seed=1)
    assert s.render().lstrip().startswith("<svg")
    quiet = env("smugglers", players=2)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"game_id": "nope"}, UnknownGame),
        ({"game_id": "toy_gops", "players": 9}, BadOption),
        ({"game_id": "toy_gops", "options": {"cards": 99}}, BadOption),
        ({"game_id": "toy_gops", "options": "cards=3"}, InteropError),
        ({"game_id": "toy_gops", "reward": "money"}, InteropError),
        ({"game_id": "toy_gops", "render_mode": "human"}, InteropError),
        ({"game_id": "toy_gops", "illegal_action": "ignore"}, InteropError),
    ],
)
def test_bad_arguments_get_clear_errors(kwargs, error):
    with pytest.raises(error):
        env(**kwargs)


def test_using_the_environment_before_reset_is_a_clear_error():
    with pytest.raises(InteropError, match="reset"):
        env("toy_gops").observe("player_0")


def test_unknown_agent_is_a_clear_error():
    e = env("toy_gops")
    e.reset(seed=0)
    with pytest.raises(InteropError, match="player_0, player_1"):
        e.observe("player_7")


def test_agent_iter_stops_at_max_iter_and_when_every_agent_is_done():
    """``agent_iter`` is galaxis's own generator: it must keep PettingZoo's semantics, yielding
    the selected agent at most ``max_iter`` times and stopping once no agent is left."""
    e = env("smugglers", players=2)
    e.reset(seed=3)
    assert (
        list(itertools.islice(e.agent_iter(3), 5)) == [e.agent_selection] * 3
    )  # nothing stepped: same agent
    assert list(e.agent_iter(0)) == []
    seen = 0
    for agent in e.agent_iter():
        seen += 1
        obs, _reward, terminated, truncated, _info = e.last()
        assert agent == e.agent_selection
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == [] and seen > 2
    assert list(itertools.islice(e.agent_iter(), 5)) == []  # (bounded, so a regression fails, not hangs)
