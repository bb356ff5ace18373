"""examples/train_smugglers.py runs end to end (a few seconds of training, a few evaluation games)
and refuses bad settings with a clear error; its learning result is printed, not asserted."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_smugglers.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_smugglers", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_training_run_reports_before_and_after(capsys):
    assert _example().main(["--minutes", "0.02", "--batch", "2", "--eval-games", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "smugglers, 2 players:" in out and "before training: wins" in out
    assert "self-play episodes" in out
    assert "after training (sampled actions): wins" in out and "after training (greedy actions):  wins" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--minutes", "0"], "must be positive"), (["--players", "9"], "smugglers is for 2 to 6 players")],
)
def test_bad_settings_get_a_clear_error(argv, message, capsys):
    assert _example().main(argv) == 2
    assert message in capsys.readouterr().err
