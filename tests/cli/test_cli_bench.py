"""`galaxis bench`: the JSON shape, budgets, --check."""

from __future__ import annotations

import json

import pytest

from galaxis import bench
from galaxis.cli import app

KEYS = {"steps_per_s", "games_per_s", "clones_per_s", "observations_per_s", "ratio_vs_calibration"}


def test_bench_writes_exactly_the_documented_json(runner, toy, tmp_path):
    out = tmp_path / "bench.json"
    result = runner.invoke(app, ["bench", "toy_gops", "--seconds", "0.2", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {"calibration", "games"}
    assert set(data["calibration"]) == {"steps_per_s"}
    assert set(data["games"]) == {"toy_gops"}
    numbers = data["games"]["toy_gops"]
    assert set(numbers) == KEYS == set(bench.RESULT_KEYS)
    assert all(numbers[k] > 0 for k in KEYS)
    expected = numbers["steps_per_s"] / data["calibration"]["steps_per_s"]
    assert numbers["ratio_vs_calibration"] == pytest.approx(expected, rel=1e-2)
    assert "toy_gops" in result.stdout


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
    pool = bench.mid_game_matches("toy_gops", 2, play.lengths, seed=1)
    assert len(pool) == bench.MID_GAME_POOL
    assert all(len(m.history) == 5 for m in pool)
