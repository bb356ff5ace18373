"""A smoke run of the strength benchmark on the toy game (the real sizes are run by hand)."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks import strength
from galaxis.core import register
from tests.toy_games import GAME as GOPS

register(GOPS)


def test_strength_benchmark_smoke(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "strength.json"
    args = ["toy_gops", "--games", "2", "--iters", "5", "--speed-iters", "5", "--workers", "1"]
    assert strength.main([*args, "--out", str(out), "--data", str(tmp_path / "data")]) == 0
    capsys.readouterr()
    res = json.loads(out.read_text())
    assert res["machine"]["cores"] and res["date"].endswith("UTC")
    g = res["games"]["toy_gops"]
    assert g["heuristic_vs_random"]["agents"] == ["heuristic", "random", "random"]  # 4 clamped to 3 players
    assert g["mcts_vs_random"]["games"] == 2 and g["mcts_vs_heuristic"]["agents"] == [
        "mcts:iters=5",
        "heuristic",
    ]
    assert g["speed"]["mcts_iters_per_s"] > 0 and g["speed"]["ismcts_iters_per_s"] > 0
    assert g["branching"]["kinds"]["bid"]["max_actions"] == 5
    # resumable: a second run plays nothing new and gives the same win rates
    assert (
        strength.main([*args, "--out", str(out), "--data", str(tmp_path / "data"), "--parts", "mcts_random"])
        == 0
    )
    again = json.loads(out.read_text())["games"]["toy_gops"]["mcts_vs_random"]
    assert again["win_rate"] == g["mcts_vs_random"]["win_rate"]
