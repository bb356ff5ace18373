"""Terminal and SVG views, and the heuristic bot (docs/games/stellium.md §12)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import galaxis
from galaxis.games.stellium import GAME

from .helpers import first_round, play, start

BASE = {"A5": "b", "D3": "b", "E2": "b", "F2": "b", "C6": "b", "B6": "b", "A1": "g", "B0": "y", "C0": "p"}
NS = "{http://www.w3.org/2000/svg}"


def _targets(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {el.get("data-target", "") for el in root.iter() if el.get("data-target")}


def test_render_text_shows_the_board_with_labels_and_contents():
    m = start(3, BASE)
    first_round(m)
    text = m.render_text(0)
    assert "A1g" in text and "B0y" in text and "C0p" in text and "H0·" in text
    assert "C05" in text and "target 25" in text
    hu = m.render_text(0, "hu")
    assert "célszám" in hu and "zsák" in hu


def test_render_svg_has_clickable_holes_cards_tokens_and_directions():
    m = start(3, BASE)
    first_round(m)
    svg = m.render_svg(0)
    targets = _targets(svg)
    assert {f"cell-{label}" for label in ("A0", "F6", "H0", "H9")} <= targets
    assert {"token-g", "token-b", "token-y", "token-p"} <= targets
    assert {"bag-g", "bag-p"} <= targets
    assert {f"card-{c}" for c in m.state.display} <= targets
    assert "card-C05" in targets  # seat 0's held card, clickable for its owner
    for a in m.legal_actions(0):
        assert set(a.targets) <= targets
    # The push directions are arrows at the colliding comet's cell while they are the choice;
    # the rotations are labelled buttons while a galaxy turns.
    assert not {t for t in targets if t.startswith(("dir-", "turn-"))}
    collide = start(3, BASE)
    first_round(collide)
    play(collide, [(0, "draw b"), (0, "A1")])
    assert {f"dir-{d}" for d in ("E", "NE", "NW", "W", "SW", "SE")} <= _targets(collide.render_svg(0))
    rotate = start(3, BASE)
    first_round(rotate)
    play(rotate, [(0, "draw y"), (0, "A0"), (0, "effect")])
    svg = rotate.render_svg(0)
    assert {f"turn-{k}" for k in range(1, 6)} <= _targets(svg) and "120°" in svg


def test_marbles_have_a_colour_and_a_distinct_symbol_each():
    from galaxis.games.stellium.svg import FILL, symbol

    shapes = {m: symbol(m, 0, 0, 10).split(" ")[0] for m in "gbyp"}
    assert len(set(shapes.values())) == 4  # ellipse, circle+path, polygon, path
    assert len(set(FILL.values())) == 4


def test_svg_shows_rotation_black_holes_display_held_won_tokens_and_scores():
    m = start(3, BASE)
    first_round(m)
    play(m, [(0, "draw y"), (0, "A0"), (0, "effect"), (0, "turn 2")])
    svg = m.render_svg(1)
    assert "Galaxy A, turned 120°" in svg and "Galaxy B, turned 0°" in svg  # disc A visibly turned
    assert svg.count("#000000") >= 10  # the ten black holes
    assert "Score" in svg and "Validated" in svg
    m.state.players[1].won = ["C21"]
    svg = m.render_svg(1)
    assert "C21" in svg
    secret = start(3, BASE, secret_objectives=True)
    first_round(secret)
    assert "C05" not in secret.render_svg(1)  # seat 0's held card is hidden from seat 1
    assert "card-C05" not in _targets(secret.render_svg(1))


def test_a_random_game_renders_at_every_step_kind():
    m = galaxis.new_match("stellium", 4, seed=11)
    rnd = random.Random(11)
    seen = set()
    while not m.is_over:
        seat = m.to_move[0]
        kind = m.state.pending[-1].kind
        if kind not in seen:
            seen.add(kind)
            svg = m.render_svg(seat)
            targets = _targets(svg)
            buttons = {n for c in m.choices(seat) for n in c.actions}  # status-bar buttons
            for a in m.legal_actions(seat):
                assert a.notation in buttons or set(a.targets) <= targets, (kind, a)
            assert m.render_text(seat)
        m.apply(seat, rnd.choice(m.legal_actions(seat)))
    assert {"take", "validate", "draw", "place", "effect"} <= seen
    assert m.render_svg(None) and "game over" in m.render_text(None)


def test_heuristic_agent_plays_legal_moves_and_beats_random_players():
    wins = 0
    for g in range(3):
        agents = [
            galaxis.agent("random", seed=g),
            GAME.heuristic_agent(g),
            galaxis.agent("random", seed=g + 50),
        ]
        m = galaxis.new_match("stellium", 3, seed=100 + g)
        while not m.is_over:
            seat = m.to_move[0]
            action = agents[seat].act(m, seat)
            assert action in m.legal_actions(seat)
            m.apply(seat, action)
        wins += m.result.ranking[0] == [1]
    assert wins >= 2


def test_hovering_a_card_shows_its_formation_found_or_one_marble_short():
    from galaxis.games.stellium import patterns
    from galaxis.games.stellium.data import geometry
    from galaxis.games.stellium.svg import formation_cells

    m = start(3, BASE)
    s = m.state
    geo = geometry(s.layout)
    need, _empty = next(
        p
        for p in patterns.placements("C05", s.layout, s.mirror, s.bh_galaxy)
        if all(geo.disc_of[c] >= 0 for c, _ in p[0])
    )
    s.board = [""] * geo.size
    for c, req in need:
        s.board[c] = req
    cells = [c for c, _ in need]
    assert formation_cells(s, "C05") == {c: "found" for c in cells}
    s.board[cells[0]] = ""
    rings = formation_cells(s, "C05")
    assert rings[cells[0]] == "missing" and all(rings[c] == "part" for c in cells[1:])
    # in the picture: hidden rings, shown by the card's hover rule in the board's own style
    svg = m.render_svg(0)
    assert 'data-formation="C05"' in svg and '[data-card="C05"]:hover' in svg


def test_validated_cards_show_their_points():
    from galaxis.games.stellium.data import cards
    from galaxis.games.stellium.scoring import won_points

    m = start(3, BASE)
    p = m.state.players[1]
    shape = next(c for c, card in sorted(cards().items()) if card.kind == "shape")
    tiered = next(c for c, card in sorted(cards().items()) if card.kind == "centres")
    p.won = [shape, tiered]
    p.points = cards()[shape].points + max(cards()[tiered].tiers.values())
    assert won_points(m.state, 1) == {
        shape: cards()[shape].points,
        tiered: max(cards()[tiered].tiers.values()),
    }
    assert f"+{cards()[shape].points}" in m.render_svg(0)
