"""Shared cases for the interop tests: every registered game, plus the toy game (registered on import)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np

from galaxis.core import BadOption, Match, get_game, new_match, register
from galaxis.core.registry import game_ids
from tests.toy_games import GAME as TOY_GAME

register(TOY_GAME)


def game_cases() -> list[tuple[str, int, dict[str, Any]]]:
    """(game id, players, options) to run every adapter on, derived from each game's
    GameInfo only: defaults at the smallest and the next player count, each
    non-default choice of every choice option, and every bool option switched on."""
    cases: list[tuple[str, int, dict[str, Any]]] = []
    for game_id in game_ids():
        info = get_game(game_id).info
        lo, hi = info.min_players, info.max_players
        cases.append((game_id, lo, {}))
        if hi > lo:
            cases.append((game_id, lo + 1, {}))
        for name, spec in info.options.items():
            if spec["type"] == "choice":
                for c in spec["choices"]:
                    if c != spec["default"]:
                        # the smallest player count the game accepts this choice at (e.g. a scenario
                        # made for a fixed number of players)
                        cases.append((game_id, _accepting(game_id, lo, hi, {name: c}), {name: c}))
        bools = {name: True for name, spec in info.options.items() if spec["type"] == "bool"}
        if bools:
            cases.append((game_id, hi, bools))
    return cases


def _accepting(game_id: str, lo: int, hi: int, options: dict[str, Any]) -> int:
    for players in range(lo, hi + 1):
        try:
            new_match(game_id, players, 0, options)
        except BadOption:
            continue
        return players
    return lo  # refused at every count: the test then fails with the game's own reason


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = case
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game_id}-{players}p" + (f"-{opts}" if opts else "")


CASES = game_cases()
GAMES = game_ids()


def random_positions(
    game_id: str, players: int, seed: int, options: dict[str, Any] | None = None, limit: int = 250
) -> Iterator[Match]:
    """The match after each of up to ``limit`` seeded random steps (the same match object)."""
    match = new_match(game_id, players, seed=seed, options=options)
    rng = np.random.default_rng(seed)
    for _ in range(limit):
        if match.is_over:
            break
        seat = min(match.to_move)
        legal = match.legal_actions(seat)
        match.apply(seat, legal[int(rng.integers(len(legal)))])
        yield match


def random_steps(match: Match, rng: random.Random, steps: int) -> Iterator[Match]:
    """Up to ``steps`` uniformly random legal moves on ``match`` itself, yielding it after each."""
    for _ in range(steps):
        if match.is_over:
            return
        seat = min(match.to_move)
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
        yield match
