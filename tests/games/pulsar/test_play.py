"""Whole games, views, notation and the bot."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

import galaxis
from galaxis.core import IllegalAction, match_from_json

from .helpers import start, through_setup


def _random_game(players: int, seed: int, **options: object) -> galaxis.Match:
    m = start(players, seed=seed, **options)
    rnd = random.Random(seed)
    while not m.is_over:
        seat = rnd.choice(m.to_move)
        m.apply(seat, rnd.choice(m.legal_actions(seat)).notation)
        assert m.game.invariants(m.state) == []
    return m


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_after_eight_rounds(players: int) -> None:
    m = _random_game(players, seed=players, board="deadend" if players == 3 else "normal")
    assert m.state.round == 8 and m.state.phase == "over"
    assert len(m.result.scores) == players
    again = galaxis.replay("pulsar", m.seed, players, m.options, m.history)
    assert again.to_json() == m.to_json()
    assert match_from_json(json.loads(json.dumps(m.to_json()))).to_json() == m.to_json()


def test_face_down_tiles_are_hidden_and_determinized() -> None:
    m = through_setup(start(3, seed=5))
    obs = m.observation(0)
    assert all(v == {"tile": None} for v in obs["systems"].values())
    assert "tx_stack" in obs and isinstance(obs["tx_stack"]["A"], int)
    worlds = {json.dumps(m.determinize(0, k).game.secret(m.determinize(0, k).state, 0)) for k in range(4)}
    assert len(worlds) > 1
    assert all(m.determinize(0, k).observation(0) == obs for k in range(3))


def test_renders_and_clickable_targets() -> None:
    m = through_setup(start(4, seed=3))
    for lang in ("en", "hu"):
        assert "Pulsar 2849" in m.render_text(0, lang)
    root = ET.fromstring(m.render_svg(m.to_move[0]))
    targets = {el.get("data-target") for el in root.iter() if el.get("data-target")}
    for action in m.legal_actions(m.to_move[0]):
        assert set(action.targets) <= targets
    assert {"n1", "track-i", "track-e", "gyro-s", "buy-pm"} <= targets


def test_notation_normalises_and_refusals_name_a_rule() -> None:
    m = through_setup(start(3, seed=2, order=[0, 1, 2]))
    seat = m.to_move[0]
    first = m.legal_actions(seat)[0].notation
    assert m.game.normalize("  " + first.upper() + " ") == first
    with pytest.raises(IllegalAction) as err:
        m.apply(seat, "7i")
    assert err.value.rule.startswith("§3")
    for action in m.legal_actions(seat):
        assert m.describe(action, "hu") and m.describe(action, "en")


def test_bad_setup_is_refused() -> None:
    with pytest.raises(galaxis.GalaxisError):
        start(3, setup={"tiles": [1, 1]})
    with pytest.raises(galaxis.GalaxisError):
        start(3, setup={"techs": ["AII", "AI", "AIII"]})
    with pytest.raises(galaxis.GalaxisError):
        start(2, setup={"rolls": [[1, 2, 3]]})


def test_first_game_uses_a_boards_marked_goals_and_no_hq() -> None:
    m = start(3, first_game=True)
    assert m.state.tech_boards == ["AI", "AII", "AIII"] and m.state.goals == [1, 5, 9]
    assert all(p.hq == "" for p in m.state.players)
    assert [st.kind for st in m.state.pending] == ["gate"] * 3


def test_heuristic_beats_random() -> None:
    wins = 0
    for g in range(3):
        agents = [galaxis.agent("heuristic" if i == g else "random", seed=g * 7 + i) for i in range(3)]
        m = start(3, seed=100 + g)
        while not m.is_over:
            seat = m.to_move[0]
            m.apply(seat, agents[seat].act(m, seat))
        wins += g in m.result.ranking[0]
    assert wins >= 2


def test_svg_shows_gate_colours_rockets_median_and_hidden_systems() -> None:
    m = through_setup(start(3, seed=8))
    svg = m.render_svg(None)
    for colour in ("#f28c1e", "#e05bb5", "#3cbf4a"):  # orange, pink, green gates
        assert colour in svg
    assert svg.count('data-key="ship-') == 3  # every rocket is drawn
    assert (
        'data-target="ship"' not in svg and m.render_svg(0).count('data-target="ship"') == 1
    )  # a seat flies its own
    assert ">?<" in svg  # face-down systems show only a question mark
    assert "polygon" in svg  # the median marker and the rockets


def test_refusal_reasons_cite_the_rules() -> None:
    m = start(3, order=[0, 1, 2], first_game=True)
    from .helpers import action_phase

    action_phase(m, 0, [2, 5], ship=41)
    cases = {
        "fly 9": "§4.1 Dice and modifiers",
        "gyro l 2": "§5.1 Gyrodynes",
        "tech 8a 2": "§5.5 Technologies",
        "buy p2 5": "§5.4 Modifier tokens",
        "copy 6": "§4.5 Bonus dice",
    }
    for notation, rule in cases.items():
        with pytest.raises(IllegalAction) as err:
            m.apply(0, notation)
        assert err.value.rule == rule, notation
