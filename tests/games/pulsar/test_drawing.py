"""The board drawn like the table (issue #25): components in words in both languages, a flight
drawn as a path with its possible ends, and the end table's final-scoring steps."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from galaxis.core import Match
from galaxis.games.pulsar import effects
from galaxis.games.pulsar.data import (
    board,
    exploration,
    goals,
    hq_boards,
    system_tiles,
    tech_boards,
    tech_ids,
    transmitters,
)
from galaxis.games.pulsar.flight import endpoints
from galaxis.games.pulsar.svg_map import flight_ends

from .helpers import start, through_setup

LEFTOVER = re.compile(r"\{[^}]*\}|⟨⟨")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_component_reads_in_words(lang: str) -> None:
    texts = []
    for board_id in tech_boards():
        cat = board_id[1:]
        others = [b for b in ("AI", "AII", "AIII") if b[1:] != cat]
        for tid, tech in tech_ids([board_id, *others]).items():
            texts.append(effects.tech_tip(tid, tech, lang))
    texts += [effects.tx_tip(t, lang) for t in transmitters().values()]
    texts += [effects.goal_words(g, lang) for g in goals()]
    texts += [effects.gain_words(p.gain, lang) for b in hq_boards().values() for p in b.projects.values()]
    texts += [effects.gain_words(t.gain, lang) for t in exploration().values()]
    texts += [effects.system_tip(5, t.id, [-1] * len(t.planets), lang) for t in system_tiles().values()]
    for words in texts:
        assert words.strip() and not LEFTOVER.search(words), words
    if lang == "hu":  # the glossary's words, no English left over
        joined = " ".join(texts)
        assert "forgáslapka" in joined and "mérnökkocka" in joined and "adóállomás" in joined
        assert not re.search(r"\b(points?|cubes?|gyrodyne|transmitter|whenever)\b", joined), joined[:200]


def _to_flight(seed: int) -> Match:
    m = through_setup(start(3, seed=seed))
    rnd = random.Random(seed)
    for _ in range(400):
        if m.state.pending and m.state.pending[-1].kind == "fly" and m.state.pending[-1].data["visited"]:
            return m
        seat = m.to_move[0]
        acts = m.legal_actions(seat)
        flights = [a for a in acts if a.notation.startswith(("fly", ">"))]
        m.apply(seat, rnd.choice(flights or acts))
    raise AssertionError("no flight under way")


def test_a_flight_is_drawn_as_a_path_with_every_place_it_can_end() -> None:
    m = _to_flight(4)
    s = m.state
    step = s.pending[-1]
    at, ends, via = flight_ends(s, step.data)
    assert at == step.data["visited"][-1]
    # through each next hop, the flight ends only where the whole flight can
    assert set().union(*via.values()) == ends
    assert {f"n{v}" for v in via} == {t for a in m.legal_actions(step.seat) for t in a.targets}
    # every end is one of the brute-force ends of the whole flight from its start
    total = step.data["left"] + len(step.data["visited"])
    assert ends <= endpoints(board(s.board), step.data["start"], total)
    svg = m.render_svg(None)
    root = ET.fromstring(svg)
    assert any(el.tag.endswith("polyline") for el in root.iter())  # the path flown so far
    for v in via:  # hovering a next hop shows the ends through it
        assert f'[data-target="n{v}"]:hover' in svg and f'data-via="n{v}"' in svg
    assert f"{len(step.data['visited'])}/{total}" in svg  # the route's length


def test_the_end_table_shows_final_scoring_step_by_step() -> None:
    m = start(2, seed=7)
    rnd = random.Random(7)
    while not m.is_over:
        seat = m.to_move[0]
        m.apply(seat, rnd.choice(m.legal_actions(seat)))
    for lang in ("en", "hu"):
        bd = m.score_breakdown(0, lang)
        assert len(bd.rows) == 8 and all(r.tip for r in bd.rows)
        for seat in range(2):
            assert sum(float(r.values[seat]) for r in bd.rows) == bd.totals[seat]
    p = m.state.players
    goals_rows = m.score_breakdown(0).rows[2].values
    assert tuple(x.end_goals for x in p) == goals_rows


def test_the_board_draws_tiles_with_their_effects_and_owners() -> None:
    m = through_setup(start(3, seed=2))
    for lang in ("en", "hu"):
        svg = m.render_svg(0, lang)
        root = ET.fromstring(svg)
        tips = {el.get("data-target"): el.get("data-tip") for el in root.iter() if el.get("data-target")}
        for tid, tech in tech_ids(m.state.tech_boards).items():
            assert tips[f"tech-{tid}"].startswith(effects.tech_tip(tid, tech, lang))
        for tid in m.state.display:
            assert tips[f"tx-{tid}"] == effects.tx_tip(transmitters()[tid], lang)
        for gid in m.state.goals:
            assert tips[f"goal-{gid}"].startswith(effects.goal_words(gid, lang, m.state.goal4_any))
        # every text and tip names seats only by reference, never an unfilled template
        assert not LEFTOVER.search(svg)
