"""Honest reports (#30): simulate rotates seats by default, and a win rate by seat is
called a seat advantage only when the agents rotated through the seats."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from galaxis.arena import summarize, write_html
from galaxis.arena.cli import register
from galaxis.arena.stats import seat_rotation
from galaxis.core import GalaxisError
from galaxis.core import register as register_game
from tests.toy_games import GAME as GOPS

register_game(GOPS)


def rec(seats: list[str], winner: int) -> dict:
    n = len(seats)
    return {
        "game": "g",
        "seed": 0,
        "players": n,
        "seats": seats,
        "options": {},
        "scores": [1.0 if s == winner else 0.0 for s in range(n)],
        "ranking": [[winner], [s for s in range(n) if s != winner]],
        "length": 10,
        "history": [],
    }


@pytest.fixture
def cli() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        pass

    register(app)
    return app


def _simulate(cli: typer.Typer, out: Path, *extra: str) -> list[dict]:
    args = ["simulate", "toy_gops", "--agents", "greedy,random", "--games", "4", "--out", str(out)]
    res = CliRunner().invoke(cli, [*args, *extra])
    assert res.exit_code == 0, res.output
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_simulate_rotates_the_seats_by_default(cli: typer.Typer, tmp_path: Path) -> None:
    seats = [r["seats"] for r in _simulate(cli, tmp_path / "r.jsonl")]
    assert seats == [["greedy", "random"], ["random", "greedy"]] * 2


def test_no_rotate_keeps_the_order_given(cli: typer.Typer, tmp_path: Path) -> None:
    seats = [r["seats"] for r in _simulate(cli, tmp_path / "r.jsonl", "--no-rotate")]
    assert seats == [["greedy", "random"]] * 4


def test_rotation_kinds() -> None:
    assert seat_rotation([rec(["a", "a"], 0), rec(["a", "a"], 1)])["kind"] == "same agents"
    rotated = [
        rec(["a", "b", "c"], 0),
        rec(["b", "c", "a"], 0),
        rec(["c", "a", "b"], 0),
        rec(["a", "b", "c"], 0),
    ]
    assert seat_rotation(rotated)["kind"] == "rotated"
    fixed = seat_rotation([rec(["a", "b"], 0)] * 5)
    assert fixed == {"kind": "not rotated", "agents": {"0": ["a"], "1": ["b"]}}


def test_report_of_fixed_seats_names_the_agents_not_a_seat_advantage(
    cli: typer.Typer, tmp_path: Path
) -> None:
    results = tmp_path / "r.jsonl"
    results.write_text("".join(json.dumps(rec(["strong", "weak"], 0)) + "\n" for _ in range(8)))
    out = CliRunner().invoke(cli, ["report", str(results)]).stdout
    assert "seat advantage (" not in out
    assert "NOT rotated" in out and "seat 0 (strong): 1.000" in out
    html = tmp_path / "r.html"
    assert CliRunner().invoke(cli, ["report", str(results), "--html", str(html)]).exit_code == 0
    page = html.read_text(encoding="utf-8")
    assert "Seat advantage" not in page and "were not rotated" in page


def test_report_of_rotated_seats_shows_the_seat_advantage(cli: typer.Typer, tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    lines = [rec(["strong", "weak"] if i % 2 else ["weak", "strong"], i % 2 == 0) for i in range(8)]
    results.write_text("".join(json.dumps(r) + "\n" for r in lines))
    out = CliRunner().invoke(cli, ["report", str(results)]).stdout
    assert "seat advantage (2 players, rotated): seat 0: 0.500, seat 1: 0.500" in out
    assert "NOT rotated" not in out


def test_a_perfect_win_rate_plots(tmp_path: Path) -> None:
    """A win rate of 1.0 has an upper interval bound a rounding error below it."""
    records = [rec(["strong", "weak"], 0)] * 7
    assert len(write_html(summarize(records), records, tmp_path / "r.html")) >= 3


def test_html_report_without_matplotlib_says_which_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    records = [rec(["a", "b"], 0)]
    with pytest.raises(GalaxisError, match=r"galaxis\[reports\]"):
        write_html(summarize(records), records, tmp_path / "r.html")
    assert not (tmp_path / "r.html").exists()
