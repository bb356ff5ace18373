"""The ladder benchmark's bookkeeping: seat-rotated pairs, win shares, resuming, ratings."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks import ladder


def test_duels_are_seat_rotated_pairs_on_the_same_seed() -> None:
    tasks = ladder.duel_tasks("smugglers", "hard", "normal", 4)
    assert tasks == [
        ("smugglers", 0, ("hard", "normal")),
        ("smugglers", 0, ("normal", "hard")),
        ("smugglers", 1, ("hard", "normal")),
        ("smugglers", 1, ("normal", "hard")),
    ]


def test_multiplayer_checks_put_the_hero_in_every_seat() -> None:
    tasks = ladder.multi_tasks("pulsar", "hard", "normal", 3, 6)
    assert [t[2].index("hard") for t in tasks] == [0, 1, 2, 0, 1, 2]
    assert [t[1] for t in tasks] == [0, 0, 0, 1, 1, 1]


def test_a_tie_for_first_counts_a_share() -> None:
    rec = {"seats": ["hard", "normal", "normal"], "ranking": [[0, 2], [1]]}
    assert ladder.share_of(rec, "hard") == (0.5, 1)
    assert ladder.share_of(rec, "normal") == (0.5, 2)


def test_run_resumes_and_summarises(tmp_path: Path) -> None:
    path = tmp_path / "easy-random.jsonl"
    tasks = ladder.duel_tasks("smugglers", "easy", "random", 2)
    ladder.run(tasks, path, workers=1, label="test")
    first = ladder.load(path)
    assert len(first) == 2 and all(r["search"][0]["decisions"] > 0 for r in first)
    with path.open("a", encoding="utf-8") as fh:
        fh.write('{"half a line')  # an interrupted run
    ladder.run(ladder.duel_tasks("smugglers", "easy", "random", 4), path, workers=1, label="test")
    records = ladder.load(path)
    assert len(records) == 4
    assert [json.dumps(r, sort_keys=True) for r in records[:2]] == [
        json.dumps(r, sort_keys=True) for r in first
    ]
    summary = ladder.duel_summary(records, "easy", 4)
    assert summary["games"] == 4 and 0.0 <= summary["win_rate"] <= 1.0
    assert summary["ci95"][0] <= summary["win_rate"] <= summary["ci95"][1]
    rated = ladder.ratings(records)
    assert set(rated) == {"easy", "random"} and rated["easy"]["games"] == 4


def test_bad_game_or_part_is_one_line_error(capsys) -> None:  # type: ignore[no-untyped-def]
    assert ladder.main(["--game", "nope"]) == 2
    assert ladder.main(["--game", "smugglers", "--parts", "bogus"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "unknown game" in err and "unknown part" in err


def test_a_whole_ladder_runs_on_the_toy_game_and_resumes(tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """A smoke run of every kind of part (what the former strength benchmark's test checked:
    duels, the round robin's ratings, search speed next to OpenSpiel, resuming)."""
    from galaxis.core import get_game, register
    from tests.toy_games import GAME as GOPS

    register(GOPS)
    quick = {
        "easy": "noisy:eps=0.3",
        "normal": "heuristic",
        "hard": "guided:iters=6",
        "expert": "guided:iters=12",
    }
    monkeypatch.setattr(get_game("toy_gops"), "agent_levels", lambda: dict(quick))
    out, data = tmp_path / "ladder-toy.json", tmp_path / "data"
    args = ["--game", "toy_gops", "--games", "2", "--workers", "1", "--data", str(data), "--out", str(out)]
    parts = "hard_normal,easy_random,ladder,speed"
    assert ladder.main([*args, "--parts", parts]) == 0
    res = json.loads(out.read_text())
    assert res["machine"]["cores"] and res["levels"] == quick
    hard = res["hard_normal"]
    assert hard["games"] == 2 and hard["measured"].endswith("UTC") and hard["planned"] == 2
    assert hard["search"]["searched_decisions"] > 0 and hard["search"]["max_cpu_ms"] > 0
    assert set(res["ladder"]["ratings"]) == set(ladder.LEVELS_ORDER)
    assert all(r["games"] >= 2 for r in res["ladder"]["ratings"].values())
    assert res["speed"]["hard_iterations_per_cpu_s"] > 0 and res["speed"]["openspiel_sims_per_cpu_s"] > 0
    assert "| hard_normal |" in capsys.readouterr().out
    files = sorted(p.name for p in (data / "toy_gops").iterdir())
    assert "hard-normal.jsonl" in files and "expert-random.jsonl" in files
    # resumable: a second run plays nothing new and gives the same win rates
    before = {f: (data / "toy_gops" / f).read_text() for f in files}
    assert ladder.main([*args, "--parts", "hard_normal,easy_random,ladder"]) == 0
    assert {f: (data / "toy_gops" / f).read_text() for f in files} == before
    assert json.loads(out.read_text())["hard_normal"]["win_rate"] == hard["win_rate"]
