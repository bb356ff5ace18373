"""The command starts at once (#30): ``galaxis --help`` and ``galaxis list`` import
neither the server nor any game's rules, and importing ``galaxis.cli`` costs a small
multiple of starting Python (CPU time, measured in the same run)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from galaxis.cli import app, game_command_help
from galaxis.core.registry import GAME_MODULES, info_module

ROOT = Path(__file__).resolve().parents[2]
# Modules that only some commands need: none of them may load for --help or list.
HEAVY = ("fastapi", "sqlalchemy", "uvicorn", "numpy", "matplotlib", "yaml", "galaxis.server", "galaxis.arena")
HEAVY_GAME_MODULES = ("rules", "state", "agents", "text", "svg", "views", "data", "cli")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return env


def _modules_after(argv: list[str]) -> set[str]:
    code = (
        "import sys\n"
        "from galaxis.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sys.modules), file=sys.stderr)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_env(), timeout=120
    )
    return set(proc.stderr.split())


@pytest.mark.parametrize("argv", [["--help"], ["list"], ["list", "--json"], ["rules", "--help"]])
def test_help_and_list_import_no_server_and_no_rules(argv: list[str]) -> None:
    loaded = _modules_after(argv)
    assert "galaxis.cli" in loaded  # the probe ran
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY))
    assert not heavy, f"galaxis {' '.join(argv)} imported {heavy}"
    rules = sorted(
        m for m in loaded if m.startswith("galaxis.games.") and m.split(".")[-1] in HEAVY_GAME_MODULES
    )
    assert not rules, f"galaxis {' '.join(argv)} imported game modules {rules}"


def test_play_imports_only_the_game_played() -> None:
    loaded = _modules_after(["play", "stellium", "--seats", "random,random", "--seed", "1", "-q"])
    # every game's info.py is read (for the command list); only the game played loads more
    games = {
        m.split(".")[2]
        for m in loaded
        if m.startswith("galaxis.games.") and m.count(".") >= 3 and not m.endswith(".info")
    }
    assert games == {"stellium"}
    assert not any(m.startswith(("fastapi", "galaxis.server")) for m in loaded)


def _cpu_of(code: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True, env=_env(), timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def test_importing_the_cli_costs_a_small_multiple_of_starting_python() -> None:
    """Before #30 the ratio was about 60 (the server and every game were imported)."""
    bare, cli = [], []
    for _ in range(5):  # interleaved, the minimum of each: the machine is shared
        bare.append(_cpu_of("pass"))
        cli.append(_cpu_of("import galaxis.cli"))
    ratio = min(cli) / max(min(bare), 0.005)
    assert ratio < 12, f"import galaxis.cli took {min(cli):.3f} s CPU, python -c pass {min(bare):.3f} s"


@pytest.mark.parametrize("game_id", sorted(GAME_MODULES))
def test_declared_commands_are_what_the_games_cli_adds(game_id: str) -> None:
    declared = getattr(info_module(game_id), "COMMANDS", {})
    assert declared == game_command_help(GAME_MODULES[game_id])


def test_lazy_help_lines_are_the_commands_own() -> None:
    root = typer.main.get_command(app)
    lazy = root.lazy()  # type: ignore[attr-defined]
    for name in lazy:
        root.load(name)  # type: ignore[attr-defined]
        command = root.commands[name]  # type: ignore[attr-defined]
        assert command.get_short_help_str(limit=300) == lazy[name][1], name
    assert {"simulate", "report", "serve", "cards", "deck"} <= set(lazy)
