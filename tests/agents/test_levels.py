"""Named levels (easy, normal, hard, expert), the noisy and guided agents: specs,
per-game resolution, legality, determinism, forced decisions, CPU budgets and
information safety."""

from __future__ import annotations

import time

import pytest

import galaxis
from galaxis.agents.guided import GuidedAgent, _Race
from galaxis.agents.levels import LevelAgent
from galaxis.core import BadAgentSpec, Match
from galaxis.core.game import DEFAULT_LEVELS, LEVELS
from galaxis.core.registry import game_ids

GAMES = [g for g in game_ids() if not g.startswith("toy_")]


def _midgame(game_id: str, seed: int = 3, moves: int = 8) -> Match:
    match = galaxis.new_match(game_id, 2, seed=seed)
    bot = galaxis.agent("heuristic", seed=1)
    for _ in range(moves):
        if match.is_over:
            break
        s = match.to_move[0]
        match.apply(s, bot.act(match, s))
    while not match.is_over and len(match.legal_actions(match.to_move[0])) < 2:
        s = match.to_move[0]
        match.apply(s, match.legal_actions(s)[0])
    return match


def test_levels_are_specs() -> None:
    for level in LEVELS:
        agent = galaxis.agent(level, seed=3)
        assert isinstance(agent, LevelAgent) and agent.level == level


@pytest.mark.parametrize(
    "spec",
    [
        "hard:ms=5",
        "guided:iters=0",
        "guided:ms=10,iters=5",
        "guided:eps=2",
        "guided:policy=smart",
        "guided:width=1",
        "noisy:eps=-1",
        "guided:depth=x",
    ],
)
def test_bad_level_and_guided_specs_are_refused(spec: str) -> None:
    with pytest.raises(BadAgentSpec):
        galaxis.agent(spec).act(_midgame("smugglers"), 0)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_every_level_as_a_buildable_spec(game_id: str) -> None:
    levels = galaxis.core.get_game(game_id).agent_levels()
    assert set(levels) <= set(LEVELS)
    for level in LEVELS:
        spec = levels.get(level, DEFAULT_LEVELS[level])
        galaxis.agent(spec, seed=0)  # builds, or raises BadAgentSpec
        assert spec.partition(":")[0] not in LEVELS
    assert levels.get("normal", "heuristic") == "heuristic"


@pytest.mark.parametrize("game_id", ["smugglers", "pulsar", "kaosz"])
def test_a_level_resolves_per_game_and_plays_legally(game_id: str) -> None:
    match = _midgame(game_id)
    agent = galaxis.agent("easy", seed=2)
    assert isinstance(agent, LevelAgent)
    assert agent.spec_for(match) == match.game.agent_levels()["easy"]
    for _ in range(10):
        if match.is_over:
            break
        s = match.to_move[0]
        action = agent.act(match, s)
        assert action in match.legal_actions(s)
        match.apply(s, action)


def test_noisy_agent_mixes_the_bot_with_random_moves() -> None:
    match = _midgame("pulsar")
    seat = match.to_move[0]
    bot_choice = galaxis.agent("heuristic", seed=5).act(match, seat)
    always_bot = galaxis.agent("noisy:eps=0", seed=5)
    assert always_bot.act(match, seat) == bot_choice
    picks = {galaxis.agent("noisy:eps=1", seed=s).act(match, seat) for s in range(12)}
    assert len(picks) > 1


@pytest.mark.parametrize("game_id", ["smugglers", "pulsar"])
def test_guided_is_deterministic_and_legal(game_id: str) -> None:
    match = _midgame(game_id)
    seat = match.to_move[0]
    a = GuidedAgent(seed=4, iters=30).act(match, seat)
    b = GuidedAgent(seed=4, iters=30).act(match, seat)
    assert a == b and a in match.legal_actions(seat)


def test_guided_takes_no_search_for_a_forced_decision() -> None:
    match = galaxis.new_match("kaosz", 2, seed=1)
    bot = galaxis.agent("heuristic", seed=0)
    agent = GuidedAgent(seed=0, iters=50)
    agent.last_iterations, agent.last_cpu_ms = 7, 1.0
    while not match.is_over:
        s = match.to_move[0]
        legal = match.legal_actions(s)
        if len(legal) == 1:
            assert agent.act(match, s) == legal[0]
            assert agent.last_iterations == 0 and agent.last_cpu_ms == 0.0
            return
        match.apply(s, bot.act(match, s))
    pytest.fail("no forced decision met")


def test_guided_stops_when_no_candidate_differs() -> None:
    race = _Race(3)
    for _ in range(3):
        for i in range(3):
            race.values[i].append(0.25)
    assert race.all_alike(3)
    race.values[1][-1] = 0.5
    assert not race.all_alike(3)


def test_guided_keeps_the_heuristic_choice_without_evidence() -> None:
    agent = GuidedAgent(seed=0, iters=10, z=1.0)
    race = _Race(2)
    race.values[0] = [0.0, 1.0, 0.0, 1.0]
    race.values[1] = [1.0, 0.0, 1.0, 1.0]  # better on average, but paired z < 1
    assert agent._pick(race) == 0
    race.values[1] = [1.0, 1.0, 1.0, 1.0]
    assert agent._pick(race) == 1


def test_ms_budget_counts_cpu_time_not_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the process sleeps (another job has the CPU), the budget does not run out:
    the budget is read from ``time.process_time``."""
    calls = {"n": 0}
    real = time.process_time

    def slow_clock() -> float:
        calls["n"] += 1
        return real()

    monkeypatch.setattr(time, "process_time", slow_clock)
    match = _midgame("smugglers")
    seat = match.to_move[0]
    agent = GuidedAgent(seed=0, ms=50)
    agent.act(match, seat)
    assert calls["n"] > 0
    assert agent.last_iterations > 0


def test_guided_never_reads_hidden_cards_in_smugglers() -> None:
    from galaxis.games.smugglers.data import sectors

    ids = sorted(sectors())
    a = galaxis.new_match("smugglers", 2, seed=5, options={"setup": {"deck": ids}})
    shown = len(a.state.row)
    b = galaxis.new_match(
        "smugglers", 2, seed=5, options={"setup": {"deck": ids[:shown] + ids[shown:][::-1]}}
    )
    seat = a.to_move[0]
    assert a.observation(seat) == b.observation(seat)
    assert a.game.secret(a.state, seat) != b.game.secret(b.state, seat)
    for seed in range(3):
        assert GuidedAgent(seed=seed, iters=40).act(a, seat) == GuidedAgent(seed=seed, iters=40).act(b, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_guided_gets_the_same_choice_in_a_determinized_twin(game_id: str) -> None:
    match = _midgame(game_id, moves=6)
    if match.is_over:
        pytest.skip("game ended early")
    seat = match.to_move[0]
    twin = match.determinize(seat, 12345)
    assert twin.observation(seat) == match.observation(seat)
    assert GuidedAgent(seed=9, iters=12, depth=20).act(match, seat) == GuidedAgent(
        seed=9, iters=12, depth=20
    ).act(twin, seat)


def test_mcts_ms_budget_reports_iterations_and_cpu() -> None:
    match = _midgame("smugglers")
    seat = match.to_move[0]
    agent = galaxis.agent("mcts:ms=30", seed=0)
    agent.act(match, seat)
    assert agent.last_iterations > 0  # type: ignore[attr-defined]
    assert agent.last_cpu_ms > 0.0  # type: ignore[attr-defined]
