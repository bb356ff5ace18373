"""``galaxis cards kaosz`` and ``galaxis deck check`` through their own Typer app."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from galaxis.games.kaosz.cli import register

app = typer.Typer()


@app.callback()
def _root() -> None:
    """Test root."""


register(app)
runner = CliRunner()


def test_cards_json_lists_the_pool() -> None:
    out = runner.invoke(app, ["cards", "kaosz", "--json"])
    assert out.exit_code == 0
    cards = json.loads(out.stdout)
    assert len(cards) >= 253
    assert {"name", "race", "type", "subtype", "cost", "stats", "rarity", "text"} <= set(cards[0])
    text = runner.invoke(app, ["cards", "kaosz", "--race", "zarg"])
    assert "Marduk Kurios" in text.stdout and "Cobra Flash" not in text.stdout
    assert runner.invoke(app, ["cards", "smugglers"]).exit_code == 2


def test_deck_check(tmp_path: Path) -> None:
    ok = runner.invoke(app, ["deck", "check", "--all-starters"])
    assert ok.exit_code == 0 and ok.stdout.count("legal") >= 8
    bad = tmp_path / "bad.txt"
    bad.write_text("4 CRX\n3 Halálszárny\n3 Mamut I.\n", encoding="utf-8")
    out = runner.invoke(app, ["deck", "check", str(bad)])
    assert out.exit_code == 1 and "CRX has 4" in out.stdout and "opposed races" in out.stdout
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("3 Nobody\n", encoding="utf-8")
    out = runner.invoke(app, ["deck", "check", str(unknown)])
    assert out.exit_code == 2 and "unknown card" in out.stderr
    assert runner.invoke(app, ["deck", "check", str(tmp_path / "missing.txt")]).exit_code == 2
    assert runner.invoke(app, ["deck", "check"]).exit_code == 2
