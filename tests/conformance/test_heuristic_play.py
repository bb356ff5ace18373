"""Conformance with the heuristic agent in every seat: every game's defaults at every player count and
every value of every ``choice`` option (its scenarios and variants) play to the end, with the per-step
checks of the random suite. Random play reaches odd corners; the heuristic reaches the late game (battles,
invasions, victory conditions) that random play rarely does.
"""

from __future__ import annotations

import zlib

import pytest

from galaxis.agents import make_agent
from galaxis.core import new_match
from tests.conformance.checks import MAX_STEPS, MAX_STEPS_BY_GAME, Where, check_result, check_step
from tests.conformance.configs import Config


def test_heuristic_play_to_the_end(heuristic_case: Config) -> None:
    config = heuristic_case
    if config.problem:
        pytest.fail(config.problem)
    seed = zlib.crc32(config.label.encode()) % 1_000_000
    match = new_match(config.game_id, config.players, seed, config.options)
    agents = [make_agent("heuristic", seed + seat) for seat in range(config.players)]
    where = Where(match, seed)
    cap = MAX_STEPS_BY_GAME.get(config.game_id, MAX_STEPS)
    check_step(match, where)
    for _ in range(cap):
        if match.is_over:
            break
        seat = min(match.to_move)
        action = agents[seat].act(match, seat)
        check_step(match, where, match.apply(seat, action.notation))
    assert match.is_over, f"the heuristic game did not end within {cap} actions{where}"
    check_result(match, where)
