"""The defaults follow the rulebook (seed 004) where its text is explicit (issue #29); the
combat-ship abilities are tested in test_stack_and_abilities.py."""

from __future__ import annotations

from galaxis.games.kaosz import GAME
from galaxis.games.kaosz.info import INFO
from tests.games.kaosz.helpers import blank


def test_with_three_or_more_most_eliminations_win() -> None:
    """ "A játékot az a játékos nyeri meg, aki a legtöbb játékost kiejtette, ha ez ugyanannyi,
    akkor az dönt, hogy ki maradt benn tovább a játékban." — the winner eliminated most
    players; on equal numbers, whoever stayed in longer."""
    m = blank(players=3)
    s = m.state
    hunter, survivor, first_out = s.players[1], s.players[0], s.players[2]
    first_out.out, first_out.out_order = True, 1
    hunter.kills = 1  # eliminated seat 2, then was eliminated in turn
    hunter.out, hunter.out_order = True, 2
    survivor.kills = 1  # ... by seat 0
    s.phase = "over"
    assert GAME.result(s).ranking == [[0], [1], [2]]  # one each: seat 0 stayed in longer
    survivor.kills = 0  # the last one fell to the time limit, say: seat 1 eliminated most
    assert GAME.result(s).ranking == [[1], [0], [2]]
    s.rank_by_kills = False  # option ranking=survivors: the players still in first
    assert GAME.result(s).ranking == [[0], [1], [2]]


def test_the_defaults_are_the_rulebook_s_and_old_matches_keep_theirs() -> None:
    opts = INFO.options
    assert opts["ship_abilities"]["default"] == "speed" and opts["ship_abilities"]["legacy"] == "any_window"
    assert opts["ranking"]["default"] == "eliminations" and opts["ranking"]["legacy"] == "survivors"
