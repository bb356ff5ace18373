"""Speed measurements behind ``galaxis bench``.

Every game is measured through the public API only, the way a bot or an RL
loop drives it: random self-play steps (one ``apply`` = one step), clones of
mid-game matches, and ``observation(seat)`` calls. The yardstick is OpenSpiel's
pure-Python tic-tac-toe played at random in the same run, so the ratio says
how a game compares with a minimal pure-Python engine on *this* machine and
load, whatever the machine is.

The budgets (the ratio each game must reach) live in ``benchmarks/speed.py``.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from galaxis.core import Match, get_game, new_match
from galaxis.core.errors import GalaxisError

# Told what is being measured and how many of the planned seconds are done.
Progress = Callable[[str, float], None]

# Looking at the clock after every step would add its own cost to the fastest
# loops, so the loops check it every CHECK_EVERY iterations.
CHECK_EVERY = 32
MID_GAME_POOL = 16
# Self-play and calibration alternate in slices of about this length.
SLICE_SECONDS = 0.25
RESULT_KEYS = ("steps_per_s", "games_per_s", "clones_per_s", "observations_per_s", "ratio_vs_calibration")


def _no_progress(_label: str, _done: float) -> None:
    return None


class BenchUnavailable(GalaxisError):
    """The calibration game cannot be loaded (OpenSpiel is missing)."""


class Calibration:
    """Random play of OpenSpiel's pure-Python ``python_tic_tac_toe``, run in slices."""

    def __init__(self, seed: int = 0) -> None:
        try:
            import pyspiel
            from open_spiel.python.games import tic_tac_toe  # noqa: F401  (importing registers the game)
        except ImportError:
            raise BenchUnavailable(
                "the calibration needs OpenSpiel: pip install 'galaxis[interop]' (package open-spiel)"
            ) from None
        self.game = pyspiel.load_game("python_tic_tac_toe")
        self.choice = random.Random(seed).choice
        self.steps = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        """Whole random games until ``seconds`` have passed."""
        game, choice = self.game, self.choice
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                steps += 1
            if time.perf_counter() >= deadline:
                break
        self.elapsed += time.perf_counter() - start
        self.steps += steps

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.elapsed if self.elapsed else 0.0


def default_players(game_id: str) -> int:
    """The player count a game is measured at: four, or the nearest count it allows."""
    info = get_game(game_id).info
    return min(max(info.min_players, 4), info.max_players)


def _random_step(match: Match, choice: Callable[[Any], Any]) -> None:
    to_move = match.to_move
    seat = to_move[0] if len(to_move) == 1 else choice(to_move)
    match.apply(seat, choice(match.legal_actions(seat)))


class SelfPlay:
    """Random self-play of one game through the public API, resumable in slices.

    One step is one ``apply``: a seat in ``to_move`` (chosen at random in a
    simultaneous phase), a uniformly random legal action of that seat.
    """

    def __init__(self, game_id: str, players: int, seed: int = 0) -> None:
        self.game_id, self.players = game_id, players
        self.choice = random.Random(seed).choice
        self.next_seed = seed
        self.match = self._new_match()
        self.length = 0
        self.steps = self.games = 0
        self.elapsed = 0.0
        self.lengths: list[int] = []

    def _new_match(self) -> Match:
        match = new_match(self.game_id, self.players, self.next_seed)
        self.next_seed += 1
        return match

    def run(self, seconds: float) -> None:
        """Plays on (across game ends) until ``seconds`` have passed."""
        choice = self.choice
        match, length = self.match, self.length
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            if match.is_over:
                # Setting up the next game is part of the cost of playing games.
                self.games += 1
                self.lengths.append(length)
                match, length = self._new_match(), 0
            _random_step(match, choice)
            length += 1
            steps += 1
            if steps % CHECK_EVERY == 0 and time.perf_counter() >= deadline:
                break
        self.elapsed += time.perf_counter() - start
        self.steps += steps
        self.match, self.length = match, length

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.elapsed if self.elapsed else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.elapsed if self.elapsed else 0.0


def mid_game_matches(game_id: str, players: int, lengths: list[int], seed: int = 0) -> list[Match]:
    """Matches stopped half-way through a random game (the typical position a search clones)."""
    typical = sorted(lengths)[len(lengths) // 2] if lengths else 20
    rng = random.Random(seed ^ 0x5A5A)
    pool: list[Match] = []
    for i in range(MID_GAME_POOL):
        match = new_match(game_id, players, seed + 100_000 + i)
        for _ in range(typical // 2):
            if match.is_over:
                break
            _random_step(match, rng.choice)
        pool.append(match)
    return pool


def _rate(op: Callable[[int], object], count: int, seconds: float) -> float:
    """Calls ``op(i)`` for i = 0, 1, ... until ``seconds`` have passed; calls per second."""
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for i in range(calls, calls + CHECK_EVERY):
            op(i % count)
        calls += CHECK_EVERY
        if time.perf_counter() >= deadline:
            break
    return calls / (time.perf_counter() - start)


def clones_per_s(pool: list[Match], seconds: float) -> float:
    return _rate(lambda i: pool[i].clone(), len(pool), seconds)


def observations_per_s(pool: list[Match], seconds: float) -> float:
    # Every seat of every pooled match in turn, so hidden-information games pay for
    # the per-seat filtering the way a server or an RL loop does.
    views = [(m, seat) for m in pool for seat in range(m.num_players)]
    return _rate(lambda i: views[i][0].observation(views[i][1]), len(views), seconds)


def _slices(seconds: float) -> int:
    return max(1, round(seconds / SLICE_SECONDS))


def planned_seconds(game_count: int, seconds: float) -> float:
    """How long ``measure`` takes (near enough for a progress bar)."""
    return seconds + game_count * seconds * 1.5


def measure(
    game_ids: list[str],
    seconds: float,
    seed: int = 0,
    players: int | None = None,
    progress: Progress = _no_progress,
) -> dict[str, Any]:
    """Calibration and every game, in the JSON shape of ``galaxis bench --json``.

    Each game self-plays for ``seconds`` and its clones and observations take a
    quarter of that each; the calibration also runs for ``seconds`` in all.
    Self-play and calibration alternate in short slices, so a change in the load
    of a shared machine hits both alike and the ratio stays meaningful.
    """
    counts = {g: players if players is not None else default_players(g) for g in game_ids}
    for game_id, count in counts.items():
        get_game(game_id).validate_players(count)
    calibration = Calibration(seed)
    done = 0.0
    if not game_ids:
        progress("calibration", done)
        calibration.run(seconds)
    plays: dict[str, SelfPlay] = {}
    for game_id, count in counts.items():
        play = plays[game_id] = SelfPlay(game_id, count, seed)
        slices = _slices(seconds)
        for _ in range(slices):
            progress(f"{game_id}: self-play", done)
            play.run(seconds / slices)
            calibration.run(seconds / slices / len(game_ids))
            done += seconds / slices * (1 + 1 / len(game_ids))
    games: dict[str, dict[str, float]] = {}
    cal = calibration.steps_per_s
    for game_id, play in plays.items():
        pool = mid_game_matches(game_id, counts[game_id], play.lengths, seed)
        progress(f"{game_id}: clones", done)
        clones = clones_per_s(pool, seconds / 4)
        done += seconds / 4
        progress(f"{game_id}: observations", done)
        observations = observations_per_s(pool, seconds / 4)
        done += seconds / 4
        games[game_id] = {
            "steps_per_s": round(play.steps_per_s, 1),
            "games_per_s": round(play.games_per_s, 3),
            "clones_per_s": round(clones, 1),
            "observations_per_s": round(observations, 1),
            "ratio_vs_calibration": round(play.steps_per_s / cal, 3) if cal > 0 else 0.0,
        }
    progress("done", planned_seconds(len(game_ids), seconds))
    return {"calibration": {"steps_per_s": round(cal, 1)}, "games": games}


def load_budgets() -> dict[str, float]:
    """``BUDGETS`` of ``benchmarks/speed.py`` (next to the package in a checkout), or none."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "speed.py"
    if not path.is_file():
        return {}
    spec = importlib.util.spec_from_file_location("galaxis_benchmarks_speed", path)
    if spec is None or spec.loader is None:
        return {}
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    budgets = getattr(module, "BUDGETS", {})
    return {str(k): float(v) for k, v in budgets.items()}


def verdicts(results: dict[str, Any], budgets: dict[str, float]) -> dict[str, bool | None]:
    """Per game: True when it meets its budget, False when it misses it, None without one."""
    out: dict[str, bool | None] = {}
    for game_id, numbers in results["games"].items():
        budget = budgets.get(game_id)
        out[game_id] = None if budget is None else numbers["ratio_vs_calibration"] >= budget
    return out
