"""The defaults follow the rulebook (seed 001) where its text is explicit (issue #29).

Each test quotes the sentence it enforces and checks the default against it; the other reading
stays an option (docs/games/pulsar.md §11 and "Where we depart from the seed's text, and why")."""

from __future__ import annotations

import pytest

from galaxis.core import IllegalAction
from galaxis.games.pulsar import scoring
from galaxis.games.pulsar.data import board
from galaxis.games.pulsar.rules import INFO

from .helpers import action_phase, notations, play, refresh, start

NORMAL = board("normal")


def _tile_on(m, node: int, tile: int) -> None:  # type: ignore[no-untyped-def]
    """Puts system tile ``tile`` on ``node`` (swapping with wherever it lay)."""
    s = m.state
    where = next((n for n, t in s.tiles.items() if t == tile), None)
    if where is None:
        s.box_tile, s.tiles[node] = s.tiles[node], tile
    else:
        s.tiles[where], s.tiles[node] = s.tiles[node], tile


@pytest.mark.parametrize("tile", [15, 16])
def test_systems_15_and_16_give_one_of_their_two_tokens(tile: int) -> None:
    """ "Például: ha itt fejezed be a repülést és az egyik kék bolygón létesítesz egy állomást,
    akkor kapsz a két feltüntetett jelző közül egyet." — one of the two tokens shown."""
    m = start(3, order=[0, 1, 2])
    _tile_on(m, 44, tile)
    s = action_phase(m, 0, [1], ship=43)
    play(m, 0, "fly 1", ">44", "found")
    assert notations(m, 0) == ["bonus 1", "bonus 2", "explore"]
    pm, p2 = s.players[0].pm, s.players[0].p2
    play(m, 0, "bonus 2")
    assert (s.players[0].pm, s.players[0].p2) == (pm, p2 + 1)  # the +2 token only


def test_a_row_of_hq_projects_opens_after_the_whole_row_below() -> None:
    """ "A 2. sorban lévők akkor válnak elérhetővé, ha az 1. sor összes projektét befejezted" —
    row 2 opens only once every project of row 1 is done."""
    m = start(3, order=[0, 1, 2], setup={"hq": ["A", "B", "C"]})
    action_phase(m, 0, [1, 4, 1])
    play(m, 0, "hq 1 4", "take s", "hq 2 1")  # projects 1 and 2 of row 1, not yet 3
    with pytest.raises(IllegalAction) as err:
        m.apply(0, "hq 4 1")  # project 4 sits over 1 and 2, but row 1 is not complete
    assert "every project of the rows below" in err.value.reason


def test_founding_a_station_may_be_declined() -> None:
    """ "Függetlenül attól, hogy egy naprendszert elsőként értél-e el, vagy később,
    létrehozhatsz egy állomást az egyik bolygón." — you may found a station."""
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [2], ship=43)
    play(m, 0, "fly 2", ">44", ">45")
    assert notations(m, 0) == ["found", "skip"]
    play(m, 0, "skip")
    assert 0 not in s.planets[44]


def test_goal_4_counts_gyrodynes_under_construction() -> None:
    """ "Legyen legalább 3 forgóerőműved bármelyik típusból." — unlike goals 1–3 ("befejezett
    forgóerőműved"), goal 4 does not ask for completed gyrodynes."""
    m = start(3, order=[0, 1, 2], setup={"goals": [4, 5, 9]})
    s = action_phase(m, 0, [])
    for node in NORMAL.pulsars[:3]:
        s.owner[node] = 0
        s.gyros[node] = ["s", False]  # started, none completed
    refresh(m)
    assert scoring.goal_met(s, 0, 4)
    s.goal4_any = False  # the other reading (goal4=completed)
    assert not scoring.goal_met(s, 0, 4)


def test_a_leftover_die_is_copied_after_your_own_dice() -> None:
    """ "Az akciófázisod után a megmaradt (egyik) kockát bónuszkockaként használhatod fel, ha
    visszateszel a közös készletbe 4 mérnökkockát." — after your action phase: the copy comes
    after your silver dice, so copying gives up the ones you have not spent."""
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [2, 5])
    s.players[0].cubes = 4
    s.pool = [4]
    refresh(m)
    copy = m.find_action(0, "copy 4")
    assert m.describe(copy) == "copy the leftover die 4 for 4 cubes, giving up your unspent dice (2 and 5)"
    assert m.describe(copy, "hu") == (
        "másold le a megmaradt 4-es kockát 4 mérnökkockáért, és mondj le az el nem költött kockáidról (2 és 5)"
    )
    events = play(m, 0, "copy 4")
    assert s.players[0].dice == [] and s.players[0].red == 4
    assert events[-1] == {"type": "copy", "seat": 0, "value": 4, "given_up": [2, 5]}
    # the other reading (copy_leftover=during_turn) keeps them
    m = start(3, order=[0, 1, 2], copy_leftover="during_turn")
    s = action_phase(m, 0, [2, 5])
    s.players[0].cubes = 4
    s.pool = [4]
    refresh(m)
    play(m, 0, "copy 4")
    assert s.players[0].dice == [2, 5] and s.players[0].red == 4


def test_four_player_engineering_cubes_are_three_and_two() -> None:
    """ "A legelső jelző tulajdonosa 3 mérnökkockát kap. 3-4 játékos esetén a második helyen lévő
    jelölő tulajdonosa 2 mérnökkockát kap." — nothing for the third marker."""
    m = start(4, order=[0, 1, 2, 3])
    s = action_phase(m, 0, [])
    play(m, 0, "end")  # production: the engineering stack bottom->top is 0, 1, 2, 3
    assert [p.cubes for p in s.players] == [0, 0, 2, 3]


def test_a_loose_transmitter_may_join_an_array_later() -> None:
    """ "A már összekapcsolt lapkáidat nem választhatod szét, de egy különálló lapkádat később is
    hozzákapcsolhatod egy már meglévő sorodhoz." — a loose tile may be linked later."""
    assert INFO.options["late_linking"]["default"] is True


def test_a_pulsar_may_be_left_unclaimed() -> None:
    """ "Ha a felderítőhajód egy tulajdonos nélküli pulzáron fejezi be a mozgását, magadénak
    követelheted azt" — ending on an unclaimed pulsar, you may claim it."""
    m = start(3, order=[0, 1, 2])
    s = action_phase(m, 0, [1, 1], ship=41)
    play(m, 0, "fly 1", ">42")
    assert notations(m, 0) == ["claim", "noclaim"]
    assert m.describe(m.find_action(0, "noclaim"), "hu") == "hagyd gazdátlanul a pulzárt"
    play(m, 0, "noclaim")
    assert 42 not in s.owner
    m = start(3, order=[0, 1, 2], claims="automatic")  # the earlier reading: claimed at once
    s = action_phase(m, 0, [1], ship=41)
    play(m, 0, "fly 1", ">42")
    assert s.owner[42] == 0


def test_every_changed_default_keeps_the_old_reading_for_saved_matches() -> None:
    old = {
        "hq_unlock": "connected_below",
        "discovery_pair": "all",
        "engineering_4p": "board",
        "stations": "mandatory",
        "late_linking": False,
        "goal4": "completed",
        "copy_leftover": "during_turn",
        "claims": "automatic",
    }
    for name, value in old.items():
        spec = INFO.options[name]
        assert spec["legacy"] == value and spec["default"] != value, name
