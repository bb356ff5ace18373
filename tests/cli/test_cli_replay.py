"""`galaxis replay`: saved matches and simulate lines, interactive and not."""

from __future__ import annotations

import json

import pytest

import galaxis
from galaxis.cli import app
from galaxis.core.hu import suffix


@pytest.fixture
def saved(runner, toy, tmp_path):
    path = tmp_path / "match.json"
    result = runner.invoke(
        app, ["play", "toy_gops", "--seats", "random,random", "--seed", "9", "--save", str(path), "-q"]
    )
    assert result.exit_code == 0, result.output
    return path


def test_final_shows_the_saved_final_position(runner, saved):
    match = galaxis.match_from_json(json.loads(saved.read_text(encoding="utf-8")))
    result = runner.invoke(app, ["replay", str(saved), "--final"])
    assert result.exit_code == 0, result.output
    total = len(match.history)
    assert f"Position {total} of {total}" in result.stdout
    assert match.render_text(None) in result.stdout
    seat, notation = match.history[-1]
    assert f"Last action: seat {seat} (random): {notation}" in result.stdout
    assert "Result" in result.stdout
    assert "warning" not in result.stderr


def test_seat_view_and_intermediate_positions(runner, saved):
    data = json.loads(saved.read_text(encoding="utf-8"))
    history = data["history"]
    result = runner.invoke(app, ["replay", str(saved), "--to", "3", "--seat", "1"])
    assert result.exit_code == 0, result.output
    expected = galaxis.replay("toy_gops", 9, 2, data["options"], history[:3])
    assert expected.render_text(1) in result.stdout
    assert f"Position 3 of {len(history)}" in result.stdout
    start = runner.invoke(app, ["replay", str(saved), "--to", "0"])
    assert "Start of the match." in start.stdout
    assert galaxis.new_match("toy_gops", 2, 9).render_text(None) in start.stdout


def test_interactive_next_back_jump_quit(runner, saved):
    result = runner.invoke(app, ["replay", str(saved)], input="\n\nb\n4\nzz\nq\n")
    assert result.exit_code == 0, result.output
    shown = [line.split(" of ")[0].split()[-1] for line in result.stdout.splitlines() if "Position " in line]
    assert shown == ["0", "1", "2", "1", "4"]
    assert "Type Enter, b, a number from 0 to" in result.stdout


def test_interactive_stops_at_both_ends(runner, saved):
    total = len(json.loads(saved.read_text(encoding="utf-8"))["history"])
    result = runner.invoke(app, ["replay", str(saved)], input=f"b\n{total}\n\n")
    assert "This is the first position." in result.stdout
    assert "This is the last position." in result.stdout


def test_replays_a_simulate_line(runner, toy, tmp_path):
    match = galaxis.new_match("toy_gops", 2, 4)
    while not match.is_over:
        seat = match.to_move[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    line = {
        "game": "toy_gops",
        "seed": 4,
        "seats": ["random", "greedy"],
        "options": {},
        "scores": match.result.scores,
        "ranking": match.result.ranking,
        "length": len(match.history),
        "history": [list(h) for h in match.history],
    }
    other = dict(line, seed=5, history=[])
    jsonl = tmp_path / "games.jsonl"
    jsonl.write_text(json.dumps(other) + "\n" + json.dumps(line) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(jsonl), "--line", "2", "--final"])
    assert result.exit_code == 0, result.output
    assert match.render_text(None) in result.stdout
    assert "seat 1 (greedy)" in result.stdout
    single = tmp_path / "one.json"
    single.write_text(json.dumps(line), encoding="utf-8")
    assert match.render_text(None) in runner.invoke(app, ["replay", str(single), "--final"]).stdout


def test_tampered_state_is_reported(runner, saved):
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["state"]["scores"] = [99, 99]
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(saved), "--final"])
    assert result.exit_code == 0
    assert "differs from the replayed history" in result.stderr


def test_replays_galaxis_simulate_output_with_the_games_words(runner, tmp_path):
    out = tmp_path / "sim.jsonl"
    sim = runner.invoke(
        app, ["simulate", "smugglers", "--agents", "random,random,random", "--games", "2", "--out", str(out)]
    )
    assert sim.exit_code == 0, sim.output
    record = json.loads(out.read_text(encoding="utf-8").splitlines()[1])
    history = record["history"]
    result = runner.invoke(
        app, ["replay", str(out), "--line", "2", "--to", str(len(history)), "--lang", "hu"]
    )
    assert result.exit_code == 0, result.output
    before = galaxis.replay("smugglers", record["seed"], 3, record["options"], history[:-1])
    seat, notation = history[-1]
    words = before.describe(before.find_action(seat, notation), "hu")
    assert f"Utolsó lépés: {suffix(seat, 'es')} hely (random): {notation} ({words})" in result.stdout
    final = galaxis.replay("smugglers", record["seed"], 3, record["options"], history)
    assert final.render_text(None, "hu") in result.stdout
