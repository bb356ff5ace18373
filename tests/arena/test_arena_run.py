"""Simulations and tournaments: records, seeds, rotation, resuming, backends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from galaxis.arena import backends, parse_agents, simulate, simulate_tasks, tournament_tasks
from galaxis.arena.results import load_results
from galaxis.arena.runner import split_agent_list
from galaxis.core import BadAgentSpec, BadMatchFile, BadOption, UnknownGame, register
from tests.toy_games import GAME as GOPS

register(GOPS)


def test_agent_lists_keep_spec_parameters_together() -> None:
    assert split_agent_list("mcts:iters=100,c=0.5,random,ismcts:ms=5") == [
        "mcts:iters=100,c=0.5",
        "random",
        "ismcts:ms=5",
    ]
    with pytest.raises(BadAgentSpec):
        parse_agents("random,,random")
    with pytest.raises(BadAgentSpec):
        parse_agents("random,wizard")
    with pytest.raises(BadAgentSpec):
        parse_agents("human,random")
    with pytest.raises(BadAgentSpec):
        parse_agents("mcts:iters=0,random")


def test_simulate_writes_one_record_per_game(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    played, skipped = simulate(
        "toy_gops", "greedy,random", 4, out, seed=100, options={"cards": "4"}, rotate=True
    )
    assert (played, skipped) == (4, 0)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["seed"] for r in records] == [100, 101, 102, 103]
    assert [r["seats"] for r in records] == [["greedy", "random"], ["random", "greedy"]] * 2
    for r in records:
        assert r["game"] == "toy_gops" and r["players"] == 2
        assert r["options"] == {"cards": 4}  # resolved: the string became a number
        assert r["length"] == len(r["history"]) == 8
        assert sorted(s for g in r["ranking"] for s in g) == [0, 1]
        assert len(r["scores"]) == 2


def test_seats_keep_their_order_without_rotate() -> None:
    tasks = simulate_tasks("toy_gops", ["greedy", "random", "random"], 3, seed=7)
    assert [t.seats for t in tasks] == [("greedy", "random", "random")] * 3
    assert [t.seed for t in tasks] == [7, 8, 9]


def test_resume_skips_games_already_in_the_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate("toy_gops", "random,random", 3, out, seed=0)
    before = out.read_text()
    assert simulate("toy_gops", "random,random", 3, out, seed=0) == (0, 3)
    assert out.read_text() == before
    # an interrupted run leaves half a line: it is dropped and the game replayed
    out.write_text(before + before.splitlines()[0][:20])
    assert simulate("toy_gops", "random,random", 5, out, seed=0) == (2, 3)
    full = tmp_path / "full.jsonl"
    simulate("toy_gops", "random,random", 5, full, seed=0)
    assert out.read_text() == full.read_text()
    # other option values are other games
    assert simulate("toy_gops", "random,random", 2, out, seed=0, options={"cards": 3}) == (2, 0)


def test_process_pool_gives_the_same_file(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    simulate("toy_gops", "mcts:iters=10,random,greedy", 6, one, seed=3, rotate=True, workers=1)
    simulate("toy_gops", "mcts:iters=10,random,greedy", 6, two, seed=3, rotate=True, workers=2)
    assert one.read_bytes() == two.read_bytes()


def test_many_games_go_out_in_batches_and_the_workers_stay_for_the_next_run(tmp_path: Path) -> None:
    """Persistent workers: the second run in this process reuses the first run's processes."""
    assert backends.batch_size(100, 2) == 6 and backends.batch_size(20, 2) == 1  # few games: one each
    backends.close_pools()
    one, two, again = tmp_path / "one.jsonl", tmp_path / "two.jsonl", tmp_path / "again.jsonl"
    simulate("toy_gops", "greedy,random", 40, one, seed=5, workers=1)
    simulate("toy_gops", "greedy,random", 40, two, seed=5, workers=2)
    assert one.read_bytes() == two.read_bytes()
    (pool,) = backends._POOLS.values()
    pids = sorted(p.pid for p in pool._pool)
    simulate("toy_gops", "greedy,random", 40, again, seed=5, workers=2)
    assert sorted(p.pid for p in next(iter(backends._POOLS.values()))._pool) == pids
    assert again.read_bytes() == one.read_bytes()
    backends.close_pools()
    assert not backends._POOLS


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_ray_gives_the_same_file(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    ray = pytest.importorskip("ray")
    local, remote = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    simulate("toy_gops", "greedy,random", 3, local, seed=21, rotate=True)
    if ray.is_initialized():
        ray.shutdown()
    simulate(
        "toy_gops",
        "greedy,random",
        3,
        remote,
        seed=21,
        rotate=True,
        ray_address="local",
        ray_init={"num_cpus": 1, "include_dashboard": False},
    )
    assert not ray.is_initialized()  # the run shut down the instance it started
    assert local.read_bytes() == remote.read_bytes()
    assert "Token authentication is" not in capfd.readouterr().err  # asked for by name: no warning


def test_bad_input_is_refused_before_anything_runs(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    with pytest.raises(UnknownGame):
        simulate("no_such_game", "random,random", 1, out)
    with pytest.raises(BadOption):
        simulate("toy_gops", "random,random,random,random", 1, out)
    with pytest.raises(BadOption):
        simulate("toy_gops", "random,random", 1, out, options={"cards": "many"})
    with pytest.raises(BadOption):
        simulate("toy_gops", "random,random", 0, out)
    with pytest.raises(BadOption):
        simulate("toy_gops", "random,random", 1, tmp_path)
    assert not out.exists()


def test_unreadable_results_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": "toy_gops"}\nnot json\n')
    with pytest.raises(BadMatchFile):
        load_results(bad)
    with pytest.raises(BadMatchFile):
        load_results(tmp_path / "missing.jsonl")
    bad.write_text("[1, 2]\n")
    with pytest.raises(BadMatchFile):
        load_results(bad)
    with pytest.raises(BadMatchFile):
        simulate("toy_gops", "random,random", 1, bad)


def test_round_robin_and_gauntlet_schedules() -> None:
    rr = tournament_tasks("toy_gops", "greedy,random,mcts:iters=5", 4, seed=10)
    lineups = {frozenset(t.seats) for t in rr}
    assert len(rr) == 12 and len(lineups) == 3
    # seats rotate within each match-up, and match-ups share their seeds
    first = [t for t in rr if set(t.seats) == {"greedy", "random"}]
    assert [t.seats[0] for t in first] == ["greedy", "random", "greedy", "random"]
    assert [t.seed for t in first] == [10, 11, 12, 13]
    g = tournament_tasks("toy_gops", "greedy,random,mcts:iters=5", 3, players=3, mode="gauntlet")
    assert len(g) == 6
    assert all(t.seats.count("greedy") == 1 and len(set(t.seats)) == 2 for t in g)
    assert [t.seats.index("greedy") for t in g[:3]] == [0, 2, 1]
    with pytest.raises(BadOption):
        tournament_tasks("toy_gops", "greedy,random", 2, players=3)
    with pytest.raises(BadOption):
        tournament_tasks("toy_gops", "greedy,random", 2, mode="swiss")
    with pytest.raises(BadOption):
        tournament_tasks("toy_gops", "greedy,greedy", 2)


def test_unreachable_ray_cluster_is_a_clear_error(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    from galaxis.arena.backends import BackendError

    with pytest.raises(BackendError, match="no Ray cluster answers"):
        simulate("toy_gops", "random,random", 1, tmp_path / "r.jsonl", ray_address="127.0.0.1:1")
    assert not (tmp_path / "r.jsonl").exists()
