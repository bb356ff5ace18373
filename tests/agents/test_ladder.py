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
