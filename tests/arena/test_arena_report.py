"""Statistics, the HTML report and the arena's command-line commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from galaxis.arena import simulate, summarize, wilson, write_html
from galaxis.arena.cli import register
from galaxis.arena.stats import win_shares
from galaxis.core import register as register_game
from tests.toy_games import GAME as GOPS

register_game(GOPS)


def rec(seats: list[str], ranking: list[list[int]], scores: list[float], options: dict | None = None) -> dict:
    return {
        "game": "g",
        "seed": 0,
        "players": len(seats),
        "seats": seats,
        "options": options or {},
        "scores": scores,
        "ranking": ranking,
        "length": 10,
        "history": [],
    }


def test_wilson_interval() -> None:
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-3) and hi == pytest.approx(0.9433, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(100, 100)
    assert hi == 1.0 and 0.96 < lo < 0.97


def test_ties_for_first_share_the_win() -> None:
    r = rec(["a", "b", "c"], [[0, 2], [1]], [5, 1, 5])
    assert win_shares(r) == [0.5, 0.0, 0.5]
    s = summarize([r, rec(["a", "b", "c"], [[1], [0, 2]], [0, 3, 0])])["games"]["g"]
    assert s["agents"]["a"]["win_rate"] == pytest.approx(0.25)
    assert s["agents"]["b"]["win_rate"] == pytest.approx(0.5)
    assert s["seats"]["3"]["1"]["win_rate"] == pytest.approx(0.5)
    assert s["expected_win_rate"] == pytest.approx(1 / 3)


def test_ratings_seat_advantage_lengths_and_options() -> None:
    records = []
    for i in range(30):
        # "strong" wins 2 of 3; seat 0 wins whenever it can
        seats = ["strong", "weak"] if i % 2 == 0 else ["weak", "strong"]
        winner = seats.index("strong") if i % 3 else 0
        records.append(rec(seats, [[winner], [1 - winner]], [float(i % 3 == 0), 1.0], {"variant": i < 10}))
    s = summarize(records)["games"]["g"]
    strong, weak = s["agents"]["strong"], s["agents"]["weak"]
    assert strong["rating"]["mu"] > weak["rating"]["mu"]
    assert list(s["agents"]) == ["strong", "weak"]  # best rating first
    assert strong["win_rate"] > 0.6 and strong["ci95"][0] < strong["win_rate"] < strong["ci95"][1]
    assert s["seats"]["2"]["0"]["win_rate"] > s["seats"]["2"]["1"]["win_rate"]
    assert s["length"]["mean"] == 10
    assert set(s["options"]) == {"variant"}
    assert {v: d["games"] for v, d in s["options"]["variant"].items()} == {"true": 10, "false": 20}


def test_openskill_handles_an_agent_in_several_seats() -> None:
    records = [rec(["hero", "mob", "mob", "mob"], [[0], [1, 2], [3]], [9, 1, 1, 0]) for _ in range(5)]
    s = summarize(records)["games"]["g"]
    assert s["agents"]["hero"]["rating"]["mu"] > s["agents"]["mob"]["rating"]["mu"]
    assert s["agents"]["mob"]["seat_games"] == 15


def test_html_report_is_self_contained(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    simulate("toy_gops", "greedy,random", 6, results, rotate=True)
    simulate("toy_gops", "greedy,random", 6, results, rotate=True, options={"cards": 3})
    from galaxis.arena.results import load_results

    records = load_results(results)
    summary = summarize(records)
    out = tmp_path / "report" / "rep.html"
    pngs = write_html(summary, records, out)
    text = out.read_text()
    assert {p.name for p in pngs} >= {"rep-toy_gops-winrates.png", "rep-toy_gops-option-cards.png"}
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
    assert text.count("data:image/png;base64,") == len(pngs)
    assert not re.search(r"""(src|href)=["']?(https?:|//|[^"'d])""", text)  # nothing external
    embedded = re.search(r"<script type='application/json' id='summary'>(.*?)</script>", text, re.S)
    assert embedded and json.loads(embedded.group(1))["records"] == 12


# --- command line ------------------------------------------------------------------


@pytest.fixture
def cli() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        pass

    register(app)
    return app


def test_cli_simulate_report_and_tournament(cli: typer.Typer, tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "r.jsonl"
    args = ["simulate", "toy_gops", "--agents", "greedy,random", "--games", "4", "--out", str(out)]
    res = runner.invoke(cli, [*args, "--seed", "5", "--rotate", "--option", "cards=4"])
    assert res.exit_code == 0, res.output
    assert len(out.read_text().splitlines()) == 4
    res = runner.invoke(cli, ["report", str(out), "--json"])
    assert res.exit_code == 0
    summary = json.loads(res.stdout)
    assert summary["games"]["toy_gops"]["games"] == 4
    html = tmp_path / "rep.html"
    res = runner.invoke(cli, ["report", str(out), "--html", str(html)])
    assert res.exit_code == 0 and html.exists() and "greedy" in res.stdout
    t_out = tmp_path / "t.jsonl"
    res = runner.invoke(
        cli,
        [
            "tournament",
            "toy_gops",
            "--agents",
            "greedy,random,mcts:iters=5",
            "--games",
            "2",
            "--out",
            str(t_out),
        ],
    )
    assert res.exit_code == 0, res.output
    assert len(t_out.read_text().splitlines()) == 6


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "toy_gops", "--agents", "random,wizard", "--games", "2"],
        ["simulate", "toy_gops", "--agents", "mcts:iters=-1,random", "--games", "2"],
        ["simulate", "nope", "--agents", "random,random", "--games", "2"],
        ["simulate", "toy_gops", "--agents", "random,random", "--games", "2", "--option", "cards"],
        ["simulate", "toy_gops", "--agents", "random,random", "--games", "2", "--option", "cards=99"],
        ["simulate", "toy_gops", "--agents", "random,random", "--games", "0"],
        ["simulate", "toy_gops", "--agents", "random,random", "--games", "2", "--workers", "0"],
        [
            "simulate",
            "toy_gops",
            "--agents",
            "random,random",
            "--games",
            "2",
            "--workers",
            "2",
            "--ray",
            "auto",
        ],
        ["tournament", "toy_gops", "--agents", "random,greedy", "--games", "2", "--mode", "swiss"],
        ["report", "MISSING"],
        ["report", "GARBAGE"],
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(cli: typer.Typer, tmp_path: Path, args: list[str]) -> None:
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("{]\n{}\n")
    args = [{"MISSING": str(tmp_path / "missing.jsonl"), "GARBAGE": str(garbage)}.get(a, a) for a in args]
    if args[0] != "report":
        args += ["--out", str(tmp_path / "o.jsonl")]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2, res.output
    lines = [line for line in res.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("galaxis: error:"), res.stderr
    assert "Traceback" not in res.output
    assert not (tmp_path / "o.jsonl").exists()
