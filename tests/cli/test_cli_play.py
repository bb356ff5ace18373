"""`galaxis play`: bots to the end, a human at stdin, hot-seat, saving."""

from __future__ import annotations

import json

import pytest

import galaxis
from galaxis.cli import app, split_seats


def _play(runner, tmp_path, seats, *extra, stdin=None, seed=5):
    out = tmp_path / "match.json"
    args = ["play", *seats, "--seed", str(seed), "--save", str(out), *extra]
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 0, result.output
    return result, json.loads(out.read_text(encoding="utf-8"))


def test_bots_play_the_toy_game_to_the_end(runner, toy, tmp_path):
    result, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "random,greedy,random"])
    match = galaxis.match_from_json(saved)
    assert match.is_over and match.num_players == 3
    assert "Game over." in result.stdout
    for seat, spec in enumerate(["random", "greedy", "random"]):
        assert f"seat {seat} ({spec})" in result.stdout
        assert f"{match.result.scores[seat]:g}" in result.stdout
    # one log line per bot move, in order
    moves = [line for line in result.stdout.splitlines() if line.startswith("seat ") and ": bid " in line]
    assert moves == [f"seat {s} ({['random', 'greedy', 'random'][s]}): {n}" for s, n in match.history]
    assert saved["seats"] == ["random", "greedy", "random"]


def test_same_seed_same_game(runner, toy, tmp_path):
    _, first = _play(runner, tmp_path, ["toy_gops", "--seats", "random,random"], seed=11)
    _, second = _play(runner, tmp_path, ["toy_gops", "--seats", "random,random"], seed=11)
    assert first["history"] == second["history"]


def test_quiet_play_prints_only_the_result(runner, toy, tmp_path):
    result, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "random,random", "--quiet"])
    assert ": bid " not in result.stdout
    assert "Game over." in result.stdout and galaxis.match_from_json(saved).is_over


@pytest.mark.parametrize("mode", ["turns", "realtime"])
def test_bots_play_smugglers_to_the_end(runner, tmp_path, mode):
    result, saved = _play(
        runner, tmp_path, ["smugglers", "--seats", "random,greedy,random", "--option", f"mode={mode}"], seed=3
    )
    match = galaxis.match_from_json(saved)
    assert match.is_over and saved["options"]["mode"] == mode
    assert "Game over." in result.stdout
    ranked = sorted(seat for group in match.result.ranking for seat in group)
    assert ranked == [0, 1, 2]


def test_heuristic_seat_plays_smugglers(runner, tmp_path):
    _, saved = _play(runner, tmp_path, ["smugglers", "--seats", "heuristic,random", "--quiet"], seed=4)
    assert galaxis.match_from_json(saved).is_over


def test_human_illegal_help_number_and_notation(runner, toy, tmp_path):
    # bid 9 is illegal, help lists the moves, 7 is out of range, 2 picks "bid 2",
    # then notation and numbers to the end of the five rounds.
    stdin = "bid 9\nhelp\n7\n2\nbid 5\n1\n1\n1\n"
    result, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "human,random"], stdin=stdin)
    out = result.stdout
    assert "Illegal: 'bid 9': bid one of your cards [1, 2, 3, 4, 5] (rule: toy: bidding)" in out
    assert "There is no action number 7" in out
    # the list is shown before the first decision and again on help
    first_decision = out.split("seat 0> bid 9")[1].split("seat 0> 2")[0]
    assert "Legal actions:" in first_decision and "5. bid 5" in first_decision
    human_moves = [n for s, n in saved["history"] if s == 0]
    assert human_moves == ["bid 2", "bid 5", "bid 1", "bid 3", "bid 4"]
    assert galaxis.match_from_json(saved).is_over and "Game over." in out


def test_human_quit_and_end_of_input_stop_cleanly(runner, toy, tmp_path):
    result, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "human,random"], stdin="1\nquit\n")
    assert "Game stopped after 2 actions." in result.stdout
    assert len(saved["history"]) == 2 and not galaxis.match_from_json(saved).is_over
    result, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "random,human"], stdin="")
    assert "Game stopped after 1 actions." in result.stdout


def test_human_sees_own_view_only(runner, toy, tmp_path):
    result, _ = _play(runner, tmp_path, ["toy_gops", "--seats", "human,random"], stdin="quit\n")
    shown = result.stdout.split("Seat 0, your decision.")[0]
    game = galaxis.new_match("toy_gops", 2, 5)
    assert game.render_text(0) in shown
    assert game.render_text(1) not in shown


def test_hot_seat_hands_over_without_leaking_secret_bids(runner, toy, tmp_path):
    # seat 0 bids 5 in secret, then seat 1 takes the screen
    result, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "human,human"], stdin="bid 5\nquit\n")
    out = result.stdout
    assert "Hand over to seat 0" in out and "Hand over to seat 1" in out
    seat1_part = out.split("Hand over to seat 1")[1]
    assert "bid 5" not in seat1_part.split("Legal actions:")[0]
    assert "(human): bid 5" not in out
    after = galaxis.replay("toy_gops", 5, 2, {}, saved["history"])
    assert after.render_text(1) in seat1_part and after.render_text(0) not in seat1_part


def test_bot_secret_bid_is_not_printed_to_the_human(runner, toy, tmp_path):
    # seat 0 is a bot that bids first in secret; the human must not read its card
    result, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "random,human"], stdin="quit\n")
    assert saved["history"][0][0] == 0
    assert "seat 0 (random): bid" not in result.stdout


def test_setup_option_from_a_json_file(runner, toy, tmp_path):
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"deck": [5, 4, 3, 2, 1]}), encoding="utf-8")
    _, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "random,random", "-o", f"setup=@{setup}"])
    assert saved["options"]["setup"] == {"deck": [5, 4, 3, 2, 1]}


def test_hungarian_messages(runner, toy, tmp_path):
    result, _ = _play(
        runner, tmp_path, ["toy_gops", "--seats", "human,random", "--lang", "hu"], stdin="súgó\nkilépés\n"
    )
    assert "Szabályos lépések:" in result.stdout
    assert "A játék 0 lépés után leállt." in result.stdout


def test_seat_specs_keep_their_parameters():
    assert split_seats("human,mcts:iters=200,c=1.4,random") == ["human", "mcts:iters=200,c=1.4", "random"]
    assert split_seats(" random , greedy ") == ["random", "greedy"]


def test_odd_input_is_refused_not_crashed(runner, toy, tmp_path):
    stdin = "²\n0\n-1\n   \nbid\n" + "x" * 5000 + "\nquit\n"
    result, saved = _play(runner, tmp_path, ["toy_gops", "--seats", "human,random"], stdin=stdin)
    assert result.stdout.count("Illegal:") == 4  # ², -1, bid and the long garbage
    assert "There is no action number 0" in result.stdout
    assert saved["history"] == []
