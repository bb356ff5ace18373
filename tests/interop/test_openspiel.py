"""The OpenSpiel adapter: registration, the state API, and OpenSpiel's own algorithms on every game."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

from galaxis import BadOption
from galaxis.core import get_game
from galaxis.interop import openspiel
from galaxis.interop.spaces import InteropError
from tests.interop.interop_cases import CASES, GAMES, case_id

openspiel.register_all()  # the toy game was registered after the module's import-time pass


def _load(case, **params):
    game_id, players, options = case
    return openspiel.load(game_id, players=players, options=options, **params)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_is_registered_with_the_right_type(game_id):
    assert f"galaxis_{game_id}" in pyspiel.registered_names()
    info = get_game(game_id).info
    gt = pyspiel.load_game(f"galaxis_{game_id}").get_type()
    T = pyspiel.GameType
    assert gt.dynamics == T.Dynamics.SEQUENTIAL
    assert gt.chance_mode == T.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.utility == T.Utility.GENERAL_SUM and gt.reward_model == T.RewardModel.TERMINAL
    hidden = (
        T.Information.IMPERFECT_INFORMATION if info.hidden_information else T.Information.PERFECT_INFORMATION
    )
    assert gt.information == hidden
    assert (gt.min_num_players, gt.max_num_players) == (info.min_players, info.max_players)
    assert gt.provides_information_state_tensor and gt.provides_observation_string


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_rollouts_through_the_state_api(case):
    game = _load(case, seed=3)
    players = case[1]
    assert game.num_players() == players
    obs_size = game.observation_tensor_size()
    info_size = game.information_state_tensor_size()
    rng = np.random.default_rng(1)
    for _ in range(2):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            assert player == min(state.match.to_move)
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            notations = {a.notation for a in state.match.legal_actions(player)}
            assert {state.action_to_string(player, a) for a in legal} == notations
            for other in range(players):
                if other != player:
                    assert state.legal_actions(other) == []
            if steps % 10 == 0:
                assert len(state.observation_tensor(player)) == obs_size
                assert len(state.information_state_tensor(player)) == info_size
                assert json.loads(state.observation_string(player)) == state.match.observation(player)
                assert json.loads(state.information_state_string(player))["seat"] == player
                clone = state.clone()
                clone.apply_action(legal[0])
                assert len(clone.history()) == len(state.history()) + 1
                assert len(state.match.history) == steps  # the original did not move
            state.apply_action(int(rng.choice(legal)))
            steps += 1
        returns = state.returns()
        assert len(returns) == players and all(-1.0 <= r <= 1.0 for r in returns)
        assert sum(returns) == pytest.approx(0.0, abs=1e-9)
        assert state.current_player() == pyspiel.PlayerId.TERMINAL


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_resampling_keeps_the_players_information_state(case):
    game = _load(case)
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    for step in range(60):
        if state.is_terminal():
            break
        if step % 15 == 5:
            for player in range(game.num_players()):
                world = state.resample_from_infostate(player, rng.random)
                assert world.information_state_string(player) == state.information_state_string(player)
                assert world.observation_tensor(player) == state.observation_tensor(player)
                if player == state.current_player():
                    # another mover's options may depend on cards the player cannot see
                    assert world.legal_actions() == state.legal_actions()
                world.apply_action(world.legal_actions()[0])  # the resampled world plays on
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_resampling_changes_what_the_player_cannot_see():
    game = openspiel.load("smugglers", players=2)
    state = game.new_initial_state()
    secrets = set()
    for k in range(5):
        world = state.resample_from_infostate(0, lambda k=k: (k + 1) / 7)
        secrets.add(json.dumps(world.match.game.secret(world.match.state, 0)))
    assert len(secrets) > 1


@pytest.mark.parametrize("game_id", GAMES)
def test_mcts_and_evaluate_bots_run(game_id):
    info = get_game(game_id).info
    game = openspiel.load(game_id, players=info.min_players, seed=7)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=12)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    action = bot.step(state)
    assert action in state.legal_actions()
    others = [uniform_random.UniformRandomBot(p, rng) for p in range(1, info.min_players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, *others], rng)
    assert len(returns) == info.min_players and sum(returns) == pytest.approx(0.0, abs=1e-9)


def test_mcts_beats_random_on_the_toy_game():
    game = openspiel.load("toy_gops", players=2, options={"cards": 4}, reward="rank")
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 40, mcts.RandomRolloutEvaluator(2, rng), random_state=rng)
    opponent = uniform_random.UniformRandomBot(1, rng)
    total = sum(
        evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, opponent], rng)[0] for _ in range(12)
    )
    assert total > 0


def test_successive_initial_states_use_successive_seeds():
    game = openspiel.load("smugglers", players=2, seed=40)
    seeds = [game.new_initial_state().match.seed for _ in range(3)]
    assert seeds == [40, 41, 42]


def test_public_observer_shows_the_spectator_view():
    game = openspiel.load("toy_gops", players=2)
    state = game.new_initial_state()
    observer = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert json.loads(observer.string_from(state, 0)) == state.match.observation(None)


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"options": "{not json"}, InteropError),
        ({"options": "[1, 2]"}, InteropError),
        ({"options": json.dumps({"cards": 99})}, BadOption),
        ({"players": 9}, BadOption),
        ({"reward": "money"}, InteropError),
    ],
)
def test_bad_parameters_get_clear_errors(params, error):
    with pytest.raises(error):
        pyspiel.load_game("galaxis_toy_gops", params)
