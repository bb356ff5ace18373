"""Bad input of every kind: one line on stderr, exit code 2, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from galaxis.cli import app


@pytest.fixture
def files(tmp_path, runner, toy):
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{not json", encoding="utf-8")
    no_history = tmp_path / "nohistory.json"
    no_history.write_text(json.dumps({"game": "toy_gops", "seed": 1, "players": 2}), encoding="utf-8")
    illegal = tmp_path / "illegal.json"
    illegal.write_text(
        json.dumps({"game": "toy_gops", "seed": 1, "players": 2, "history": [[0, "bid 1"], [1, "bid 42"]]}),
        encoding="utf-8",
    )
    not_object = tmp_path / "list.json"
    not_object.write_text("[1, 2]", encoding="utf-8")
    unknown_game = tmp_path / "unknown.json"
    unknown_game.write_text(
        json.dumps({"game": "chess", "seed": 1, "players": 2, "history": []}), encoding="utf-8"
    )
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    good = tmp_path / "good.json"
    runner.invoke(
        app, ["play", "toy_gops", "--seats", "random,random", "--seed", "1", "-q", "--save", str(good)]
    )
    return {
        "bad_json": str(bad_json),
        "no_history": str(no_history),
        "illegal": str(illegal),
        "not_object": str(not_object),
        "unknown_game": str(unknown_game),
        "binary": str(binary),
        "good": str(good),
        "missing": str(tmp_path / "missing.json"),
        "no_dir": str(tmp_path / "no" / "such" / "dir" / "out.json"),
    }


BAD = {
    "unknown game": ["play", "chess", "--seats", "random,random"],
    "too few seats": ["play", "toy_gops", "--seats", "random"],
    "too many seats": ["play", "toy_gops", "--seats", "random,random,random,random"],
    "unknown agent": ["play", "toy_gops", "--seats", "random,alphago"],
    "bad agent params": ["play", "toy_gops", "--seats", "random:depth"],
    "empty seat": ["play", "toy_gops", "--seats", "random,,random"],
    "unknown option": ["play", "toy_gops", "--seats", "random,random", "-o", "colour=red"],
    "option without =": ["play", "toy_gops", "--seats", "random,random", "-o", "cards"],
    "option not a number": ["play", "toy_gops", "--seats", "random,random", "-o", "cards=many"],
    "option out of range": ["play", "toy_gops", "--seats", "random,random", "-o", "cards=99"],
    "option twice": ["play", "toy_gops", "--seats", "random,random", "-o", "cards=4", "-o", "cards=5"],
    "setup file missing": ["play", "toy_gops", "--seats", "random,random", "-o", "setup=@{missing}"],
    "setup file bad json": ["play", "toy_gops", "--seats", "random,random", "-o", "setup=@{bad_json}"],
    "setup not an object": ["play", "toy_gops", "--seats", "random,random", "-o", "setup=[1]"],
    "save folder missing": ["play", "toy_gops", "--seats", "random,random", "--save", "{no_dir}"],
    "replay missing file": ["replay", "{missing}"],
    "replay bad json": ["replay", "{bad_json}"],
    "replay not utf-8": ["replay", "{binary}"],
    "replay not an object": ["replay", "{not_object}"],
    "replay no history": ["replay", "{no_history}"],
    "replay illegal history": ["replay", "{illegal}"],
    "replay unknown game": ["replay", "{unknown_game}"],
    "replay --to too far": ["replay", "{good}", "--to", "999"],
    "replay --to negative": ["replay", "{good}", "--to", "-1"],
    "replay bad seat": ["replay", "{good}", "--seat", "5", "--final"],
    "replay --to and --final": ["replay", "{good}", "--to", "1", "--final"],
    "replay a folder": ["replay", "{tmp}"],
    "rules unknown game": ["rules", "chess"],
    "bench unknown game": ["bench", "chess", "--seconds", "0.05"],
    "bench bad player count": ["bench", "toy_gops", "--players", "9", "--seconds", "0.05"],
    "bench output folder missing": ["bench", "toy_gops", "--seconds", "0.05", "--json", "{no_dir}"],
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_gives_one_line_and_exit_2(runner, files, tmp_path, case):
    args = [a.format(tmp=tmp_path, **files) for a in BAD[case]]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (case, result.output)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert lines[0].startswith("galaxis: error: ")
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "toy_gops", "--lang", "fr"],
        ["play", "toy_gops"],
        ["play", "toy_gops", "--seats", "random,random", "--seed", "abc"],
        ["bench", "--seconds", "0"],
        ["no-such-command"],
    ],
)
def test_usage_errors_exit_2(runner, toy, args):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_console_script_reports_bad_input_in_one_line():
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from galaxis.cli import main; main()",
            "play",
            "chess",
            "--seats",
            "random,random",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("galaxis: error: unknown game 'chess'")
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr + proc.stdout
