"""`galaxis bench`: the JSON shape, budgets, --check."""

from __future__ import annotations

import io
import json
import time

import pytest

from galaxis import bench
from galaxis.cli import app

KEYS = {
    "players",
    "steps_per_s",
    "games_per_s",
    "clones_per_s",
    "determinizations_per_s",
    "observations_per_s",
    "ratio_vs_calibration",
    "ratio_min",
    "ratio_max",
    "ratios",
}


def test_bench_writes_exactly_the_documented_json(runner, toy, tmp_path):
    out = tmp_path / "bench.json"
    result = runner.invoke(
        app, ["bench", "toy_gops", "--seconds", "0.2", "--repeat", "3", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {"clock", "repeats", "calibration", "games"}
    assert data["clock"] == "cpu" and data["repeats"] == 3
    assert set(data["calibration"]) == {"steps_per_s"}
    assert set(data["games"]) == {"toy_gops"}
    numbers = data["games"]["toy_gops"]
    assert set(numbers) == KEYS == set(bench.RESULT_KEYS)
    assert all(numbers[k] > 0 for k in KEYS - {"ratios"})
    # the ratio is the median of the repeats, each a ratio of that repeat's interleaved slices
    assert len(numbers["ratios"]) == 3
    assert numbers["ratio_vs_calibration"] == pytest.approx(sorted(numbers["ratios"])[1], abs=1e-3)
    assert numbers["ratio_min"] == min(numbers["ratios"]) and numbers["ratio_max"] == max(numbers["ratios"])
    assert f"toy_gops ({numbers['players']})" in result.stdout


def test_missed_budget_prints_fail_and_check_exits_1(runner, toy, monkeypatch):
    monkeypatch.setattr(bench, "load_budgets", lambda: {"toy_gops": 1e9})
    result = runner.invoke(app, ["bench", "toy_gops", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    assert "FAIL toy_gops" in result.stdout
    checked = runner.invoke(app, ["bench", "toy_gops", "--seconds", "0.1", "--check"])
    assert checked.exit_code == 1
    assert "FAIL toy_gops" in checked.stdout


def test_met_budget_passes_the_check(runner, toy, monkeypatch):
    monkeypatch.setattr(bench, "load_budgets", lambda: {"toy_gops": 0.0})
    result = runner.invoke(app, ["bench", "toy_gops", "--seconds", "0.1", "--check"])
    assert result.exit_code == 0, result.output
    assert "PASS" in result.stdout and "FAIL" not in result.stdout


def test_budgets_come_from_benchmarks_speed():
    budgets = bench.load_budgets()
    assert budgets["smugglers"] >= 1.0


def test_measure_counts_steps_through_the_public_api(toy):
    play = bench.SelfPlay("toy_gops", 2, seed=1)
    play.run(0.05)
    # every finished toy game with 5 cards takes exactly 10 applies (5 rounds, 2 bids)
    assert play.games > 0 and set(play.lengths) == {10}
    assert play.steps >= 10 * play.games
    pool, lengths = bench.mid_game_matches("toy_gops", 2, seed=1)
    assert len(pool) == bench.MID_GAME_POOL and lengths == [10] * bench.MID_GAME_POOL
    assert all(len(m.history) == 5 for m in pool)


def test_the_position_pool_depends_only_on_the_seed(toy):
    first, _ = bench.mid_game_matches("toy_gops", 2, seed=3, size=4)
    again, _ = bench.mid_game_matches("toy_gops", 2, seed=3, size=4)
    assert [m.to_json() for m in first] == [m.to_json() for m in again]


def test_self_play_is_timed_in_cpu_time(toy, monkeypatch):
    """A sleeping process uses no CPU time: the clock must be the process's, not the wall's."""
    assert bench.clock is time.process_time
    play = bench.SelfPlay("toy_gops", 2, seed=1)
    play.run(0.02)
    assert 0.02 <= play.elapsed < 1.0


def test_the_worker_answers_cases_and_repeats(toy):
    requests = io.StringIO(
        json.dumps({"case": ["toy_gops", 2, 0]})
        + "\n"
        + json.dumps({"repeat": ["toy_gops", 2, 0.05]})
        + "\n"
        + json.dumps({"repeat": ["chess", 2, 0.05]})
        + "\n"
    )
    out = io.StringIO()
    bench.serve(requests, out)
    ready, numbers, error = (json.loads(line) for line in out.getvalue().splitlines())
    assert ready["ready"] and len(ready["lengths"]) == bench.MID_GAME_POOL
    assert numbers["ratio"] > 0 and numbers["clones_per_s"] > 0 and numbers["determinizations_per_s"] > 0
    assert "error" in error
