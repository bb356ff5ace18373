"""The terminal game (#30): colour for players and components, only what changed
after the bots' moves, the whole board on `board`/`tábla`, help, numbers and notation."""

from __future__ import annotations

import json
import re

import pytest
from rich.text import Text

import galaxis
from galaxis.cli import app
from galaxis.terminal import BoardHighlighter, changed_lines

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _styles(line: str) -> dict[str, str]:
    text = Text(line)
    BoardHighlighter().highlight(text)
    return {line[s.start : s.end]: str(s.style) for s in text.spans}


def test_colour_words_in_both_languages_get_their_colour() -> None:
    styles = _styles("planets: blue red (2)  ships: yellow green  0 pink (you)")
    assert styles["blue"] == "galaxis.blue" and styles["red"] == "galaxis.red"
    assert styles["pink"] == "galaxis.pink" and styles["(you)"] == "galaxis.you"
    hu = _styles("játéksorrend: kék piros sárga; zöld; fekete")
    assert hu == {
        "kék": "galaxis.blue",
        "piros": "galaxis.red",
        "sárga": "galaxis.yellow",
        "zöld": "galaxis.green",
        "fekete": "galaxis.black",
    }
    # parts of words and notation are left alone
    assert _styles("redundant bored Reds-x") == {}


def test_changed_lines_lists_new_and_removed_lines_in_board_order() -> None:
    before = "head 1\nA: -\nB: -\nC: x\nfoot"
    after = "head 2\nA: 1\nB: -\nfoot"
    assert changed_lines(before, after) == [("+", "head 2"), ("+", "A: 1"), ("-", "C: x")]
    assert changed_lines(after, after) == []
    # an indented change comes with the line it belongs to
    before = "players:\n  0 (you): 4\n    C27\n  1: 4\n    C29"
    after = "players:\n  0 (you): 4\n    C27\n    C38\n  1: 4\n    C29"
    assert changed_lines(before, after) == [("=", "  0 (you): 4"), ("+", "    C38")]


def _play(runner, tmp_path, seats, stdin, *extra, env=None):
    out = tmp_path / "m.json"
    args = ["play", "smugglers", "--seats", seats, "--seed", "7", "--save", str(out), *extra]
    result = runner.invoke(app, args, input=stdin, env=env)
    assert result.exit_code == 0, result.output
    return result.stdout, json.loads(out.read_text(encoding="utf-8"))


def test_after_the_bots_move_only_the_changes_show_and_board_shows_all(runner, tmp_path) -> None:
    out, saved = _play(runner, tmp_path, "human,heuristic,random", "1\nboard\nquit\n")
    first, second = out.split("Seat 0, your decision.")[:2]
    match = galaxis.new_match("smugglers", 3, 7)
    full = match.render_text(0)
    assert full in first  # the first look is the whole board
    after = galaxis.replay("smugglers", 7, 3, saved["options"], saved["history"])
    board = after.render_text(0)
    assert "Changed since your last look ('board' shows the whole board):" in second
    assert board not in second  # only the changes ...
    changes = [line for kind, line in changed_lines(full, board) if kind == "+"]
    assert changes and all(line in second for line in changes)
    assert "galaxies left" not in second  # ... an unchanged line is not repeated
    on_demand = out.split("seat 0> board")[1]
    assert board in on_demand  # `board` prints the whole board again


def test_tabla_shows_the_whole_board_in_hungarian(runner, tmp_path) -> None:
    out, saved = _play(runner, tmp_path, "human,heuristic", "1\ntábla\nkilépés\n", "--lang", "hu")
    assert "Ami változott, mióta utoljára láttad" in out
    after = galaxis.replay("smugglers", 7, 2, saved["options"], saved["history"])
    assert after.render_text(0, "hu") in out.split("0-s hely> tábla")[1]


@pytest.mark.parametrize("flag", ["--color", "--no-color"])
def test_colour_on_a_terminal_and_never_with_no_color(runner, tmp_path, flag: str) -> None:
    out, _ = _play(
        runner, tmp_path, "human,random", "quit\n", flag, env={"FORCE_COLOR": "1", "TERM": "xterm"}
    )
    codes = ANSI.findall(out)
    if flag == "--color":
        assert codes, "no colour on a (forced) terminal"
        assert "\x1b[1;31mred" in out or "31mred" in out  # a red component in red
    else:
        assert not codes
    assert "Legal actions:" in ANSI.sub("", out)


def test_piped_output_has_no_colour(runner, tmp_path) -> None:
    out, _ = _play(runner, tmp_path, "human,random", "quit\n")
    assert not ANSI.findall(out)
