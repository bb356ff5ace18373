"""benchmarks/interop.py: the budget is judged by the median ratio of repeated interleaved runs,
every run's ratio is reported, and bad arguments get a clear error."""

from __future__ import annotations

import json
import random
import statistics
import time
from collections import Counter

import numpy as np
import pytest

from benchmarks import interop


def test_repeated_runs_report_every_ratio_and_judge_the_median(tmp_path, capsys):
    out = tmp_path / "interop.json"
    assert interop.main(["smugglers", "--seconds", "0.05", "--repeat", "3", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["repeat"] == 3 and report["budget"] == interop.BUDGET
    (row,) = report["rows"]
    assert row["game"] == "smugglers" and len(row["pettingzoo_ratios"]) == 3
    assert row["pettingzoo_ratio"] == pytest.approx(statistics.median(row["pettingzoo_ratios"]))
    assert row["within_budget"] == (row["pettingzoo_ratio"] >= interop.BUDGET)
    assert all(
        row[name] > 0 for name in ("raw", "pettingzoo", "pettingzoo_wrapped", "gymnasium", "openspiel")
    )
    printed = capsys.readouterr().out
    assert " ".join(f"{r:.2f}" for r in row["pettingzoo_ratios"]) in printed


def test_the_interfaces_take_turns_in_short_slices_of_equal_time():
    """Every interface plays in many short turns, one after the other, and gets about the same
    CPU time, so a drift of the machine's speed reaches them alike."""
    order: list[str] = []

    def busy(name: str):
        def run(seed: int) -> int:
            order.append(name)
            end = time.process_time() + 0.002
            while time.process_time() < end:
                pass
            return 1

        return run

    rates = interop._interleaved({"a": busy("a"), "b": busy("b")}, 0.4, slice_seconds=0.02)
    turns = [name for i, name in enumerate(order) if i == 0 or order[i - 1] != name]
    assert turns[:4] == ["a", "b", "a", "b"] and len(turns) == 2 * 20  # 0.4 s in slices of 0.02 s
    assert set(rates) == {"a", "b"} and all(300 < r < 600 for r in rates.values())  # ~2 ms a game
    order.clear()
    interop._interleaved({"a": busy("a"), "b": busy("b")}, 0.01, slice_seconds=0.1)  # less than a slice:
    assert order == ["a", "b"] * 6  # still six turns each


@pytest.mark.parametrize("argv", [["--repeat", "0"], ["--seconds", "-1"], ["--repeat", "two"]])
def test_a_bad_setting_is_refused_with_a_clear_error(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        interop.main(["smugglers", *argv])
    assert exit_info.value.code == 2
    assert "error: argument" in capsys.readouterr().err


def test_an_unknown_game_is_refused_before_anything_runs(capsys):
    assert interop.main(["smugglers", "nope"]) == 2
    captured = capsys.readouterr()
    assert "unknown game(s) nope" in captured.err and "smugglers" not in captured.out


def test_the_random_agent_picks_uniformly_among_each_masks_own_legal_ids():
    """The agent remembers each read-only mask's legal ids under the mask itself and a writable
    mask's under its bytes: another mask, or a writable mask changed in place, must get its own
    ids (never a remembered mask's), and every legal id must come up about equally often."""
    rng = random.Random(7)
    first = np.zeros(40, np.int8)
    first[[2, 5, 31]] = 1
    second = first.copy()
    second[5] = 0
    second[17] = 1
    shared_first, shared_second = first.copy(), second.copy()
    shared_first.flags.writeable = shared_second.flags.writeable = False
    changing = first.copy()
    cases = [(first, {2, 5, 31}), (second, {2, 17, 31}), (first, {2, 5, 31})]
    cases += [(shared_first, {2, 5, 31}), (shared_second, {2, 17, 31}), (shared_first, {2, 5, 31})]
    for mask, legal in [*cases, (changing, {2, 5, 31})]:
        counts = Counter(interop.sample_from_mask(mask, rng) for _ in range(3000))
        assert set(counts) == legal
        assert all(800 < c < 1200 for c in counts.values())  # 1000 expected each
    changing[2] = 0  # the same object, now with other legal ids
    assert {interop.sample_from_mask(changing, rng) for _ in range(300)} == {5, 31}
