"""#26 item 12: every bad input is one line on stderr and exit code 2 — Typer's own
usage errors, a non-numeric or out-of-range seed, an unknown language, deeply nested
JSON, huge numbers — with seeds checked exactly as the server checks them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from galaxis.cli import app
from galaxis.core import SEED_MAX

TOY = ["play", "toy_gops", "--seats", "random,random", "-q"]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    def write(name: str, text: str) -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    match = {"game": "toy_gops", "players": 2, "history": []}
    return {
        "deep": write("deep.json", "[" * 100_000 + "]" * 100_000),
        "deep_object": write("deep2.json", '{"a":' * 500 + "1" + "}" * 500),
        "deep_setup": write("setup.json", "[" * 500 + "]" * 500),
        "seed_negative": write("neg.json", json.dumps({**match, "seed": -5})),
        "seed_huge": write("huge.json", json.dumps({**match, "seed": 10**40})),
        "seed_text": write("text.json", json.dumps({**match, "seed": "7"})),
        "jsonl_deep": write("r.jsonl", '{"a": 1}\n' + "[" * 100_000 + "]" * 100_000 + "\n"),
        "tmp": str(tmp_path),
    }


CASES = {
    "seed not a number": [*TOY, "--seed", "abc"],
    "seed negative": [*TOY, "--seed", "-5"],
    "seed huge": [*TOY, "--seed", str(10**40)],
    "seed just past the limit": [*TOY, "--seed", str(SEED_MAX + 1)],
    "unknown language": ["rules", "toy_gops", "--lang", "xx"],
    "unknown language of play": [*TOY, "--lang", "xx"],
    "missing required option": ["play", "toy_gops"],
    "missing argument": ["rules"],
    "unknown option": ["list", "--bogus"],
    "unknown command": ["no-such-command"],
    "flag given a value": ["list", "--json=yes"],
    "huge option value": [*TOY, "-o", f"cards={10**40}"],
    "deep setup file": [*TOY, "-o", "setup=@{deep_setup}"],
    "replay deep JSON": ["replay", "{deep}"],
    "replay deep object": ["replay", "{deep_object}"],
    "replay deep JSON line": ["replay", "{jsonl_deep}", "--line", "2"],
    "replay negative seed": ["replay", "{seed_negative}"],
    "replay huge seed": ["replay", "{seed_huge}"],
    "replay seed as text": ["replay", "{seed_text}"],
    "replay huge --to": ["replay", "{seed_text}", "--to", str(10**40)],
    "simulate negative seed": ["simulate", "toy_gops", "--agents", "random,random", "--games", "2", "--seed", "-1"],
    "simulate last seed too big": [
        "simulate", "toy_gops", "--agents", "random,random", "--games", "5", "--seed", str(SEED_MAX - 1),
    ],
    "simulate huge game count": ["simulate", "toy_gops", "--agents", "random,random", "--games", str(10**40)],
    "simulate huge workers": [
        "simulate", "toy_gops", "--agents", "random,random", "--games", "2", "--workers", str(10**40),
    ],
    "report deep JSON line": ["report", "{jsonl_deep}"],
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_is_one_line_on_stderr_and_exit_2(runner, toy, files, case: str) -> None:
    args = [a.format(**files) for a in CASES[case]]
    if args[0] == "simulate":
        args += ["--out", str(Path(files["tmp"]) / "out.jsonl")]
    result = runner.invoke(app, args)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2, (case, result.stdout, result.stderr)
    assert len(lines) == 1 and lines[0].startswith("galaxis: error: "), result.stderr
    assert "Traceback" not in result.output
    assert not (Path(files["tmp"]) / "out.jsonl").exists()


def test_the_cli_and_the_server_refuse_the_same_seeds(runner, toy) -> None:
    from galaxis.core import BadOption, check_seed

    for seed in (-5, 10**40, SEED_MAX + 1):
        with pytest.raises(BadOption):
            check_seed(seed)
        result = runner.invoke(app, [*TOY, "--seed", str(seed)])
        assert result.exit_code == 2 and "seed must be a whole number" in result.stderr
    assert runner.invoke(app, [*TOY, "--seed", str(SEED_MAX)]).exit_code == 0


def test_help_alone_is_not_an_error(runner) -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0 and "Usage: galaxis" in result.stdout


def test_console_script_prints_typer_errors_in_one_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "from galaxis.cli import main; main()", "rules", "smugglers", "--lang", "xx"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("galaxis: error: "), proc.stderr
    assert "'xx' is not one of" in proc.stderr


def test_a_missing_extra_is_named_in_one_line(runner, toy, monkeypatch) -> None:
    import galaxis.terminal

    def needs_numpy(*args: object, **kwargs: object) -> None:
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")

    monkeypatch.setattr(galaxis.terminal, "play", needs_numpy)
    result = runner.invoke(app, TOY)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "galaxis: error: this needs numpy, which is not installed; "
        "install the interop extra: pip install 'galaxis[interop]'"
    )
