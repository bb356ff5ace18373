"""Random play with every buyable unit type on offer: invariants and information safety hold."""

from __future__ import annotations

import random

import pytest

from galaxis.games.space_empires import GAME

from .helpers import start, state, touch

RICH_TECHS = {"fighters": 1, "cloaking": 1, "scanners": 1, "mines": 1, "minesweeping": 1, "ship_size": 3}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_with_all_units(seed: int) -> None:
    m = start(2, seed=seed, cycles=4)
    s = state(m)
    for p in s.players:
        p.techs.update(RICH_TECHS)
        p.cp += 200
        p.earned += 200
    touch(m)
    rnd = random.Random(seed)
    bought: set[str] = set()
    steps = 0
    while not m.is_over:
        seat = rnd.choice(m.to_move)
        legal = m.legal_actions(seat)
        # Prefer buying to see every unit type in play; otherwise act at random.
        buys = sorted(
            (a for a in legal if a.kind == "buy" and a.args[0] not in bought),
            key=lambda a: a.args[0] not in ("R", "CV", "F", "Mine", "SW"),
        )
        action = buys[0] if buys and rnd.random() < 0.7 else rnd.choice(legal)
        if action.kind == "buy":
            bought.add(action.args[0])
        m.apply(seat, action)
        steps += 1
        assert GAME.invariants(s) == [], (steps, GAME.invariants(s))
        if steps % 97 == 0:
            for viewer in (0, 1):
                world = m.determinize(viewer, steps)
                assert world.observation(viewer) == m.observation(viewer)
                assert GAME.invariants(world.state) == []
                if viewer in m.to_move:
                    assert [a.notation for a in world.legal_actions(viewer)] == [
                        a.notation for a in m.legal_actions(viewer)
                    ]
    assert {"CV", "F", "R", "Mine", "SW"} <= bought
