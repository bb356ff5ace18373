"""Speed measurements behind ``galaxis bench`` and ``benchmarks/performance.py``.

Every game is measured through the public API only, the way a bot or an RL
loop drives it: random self-play steps (one ``apply`` = one step), and clones,
determinizations and observations of mid-game matches. The yardstick is
OpenSpiel's pure-Python tic-tac-toe played at random in the same process, so
the ratio says how a game compares with a minimal pure-Python engine on *this*
machine and load, whatever the machine is.

Three rules keep the numbers honest on a shared machine:

- every duration is the CPU time of this process (``time.process_time``), so
  other processes competing for the cores do not count as our time;
- self-play and the calibration alternate in short slices, so a change of
  clock speed or cache pressure hits both alike;
- everything is measured in repeats, and the ratio is reported as the median
  of the repeats with their spread (lowest and highest).

The budgets (the ratio each game must reach) live in ``benchmarks/speed.py``.

This module imports nothing from galaxis but the core's public API, so that
``benchmarks/performance.py --against REV`` can load it next to an older
checkout of the package and measure old and new code with the same yardstick
(``serve`` is that worker's loop).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from galaxis.core import Match, get_game, new_match
from galaxis.core.errors import GalaxisError

# Told what is being measured and how many of the planned seconds are done.
Progress = Callable[[str, float], None]

# The clock of every measurement: CPU time of this process, not the wall clock.
clock = time.process_time

# Looking at the clock after every step would add its own cost to the fastest
# loops, so the loops check it every CHECK_EVERY iterations.
CHECK_EVERY = 32
MID_GAME_POOL = 16
# Self-play and calibration alternate in slices of about this length.
SLICE_SECONDS = 0.2
REPEATS = 3
# A random game longer than this is cut short when the position pool is built.
POOL_GAME_CAP = 20_000
RESULT_KEYS = (
    "players",
    "steps_per_s",
    "games_per_s",
    "clones_per_s",
    "determinizations_per_s",
    "observations_per_s",
    "ratio_vs_calibration",
    "ratio_min",
    "ratio_max",
    "ratios",
)


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
        """Whole random games until ``seconds`` of CPU time have passed."""
        game, choice = self.game, self.choice
        steps = 0
        start = clock()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                steps += 1
            if clock() >= deadline:
                break
        self.elapsed += clock() - start
        self.steps += steps

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.elapsed if self.elapsed else 0.0


def default_players(game_id: str) -> int:
    """The player count a game is measured at: its entry in ``PLAYERS`` of ``benchmarks/speed.py``,
    or else four, or the nearest count it allows."""
    info = get_game(game_id).info
    chosen = load_players().get(game_id, 4)
    return min(max(info.min_players, chosen), info.max_players)


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
        """Plays on (across game ends) until ``seconds`` of CPU time have passed."""
        choice = self.choice
        match, length = self.match, self.length
        steps = 0
        start = clock()
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
            if steps % CHECK_EVERY == 0 and clock() >= deadline:
                break
        self.elapsed += clock() - start
        self.steps += steps
        self.match, self.length = match, length

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.elapsed if self.elapsed else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.elapsed if self.elapsed else 0.0


def random_game_length(game_id: str, players: int, seed: int) -> int:
    """Steps of the whole random game that ``mid_game_matches`` plays from ``seed``."""
    match = new_match(game_id, players, seed)
    choice = random.Random(seed ^ 0x5A5A).choice
    steps = 0
    while not match.is_over and steps < POOL_GAME_CAP:
        _random_step(match, choice)
        steps += 1
    return steps


def mid_game_matches(
    game_id: str, players: int, seed: int = 0, size: int = MID_GAME_POOL
) -> tuple[list[Match], list[int]]:
    """Matches stopped half-way through a random game (the typical position a search clones),
    and the whole length of each of those games.

    Each match is played once to its end to learn its length, then again to half of it, so the
    pool depends only on the seed and the rules: an older and a newer version of a game that
    play the same are measured on the same positions."""
    pool: list[Match] = []
    lengths: list[int] = []
    for i in range(size):
        game_seed = seed + 100_000 + i
        length = random_game_length(game_id, players, game_seed)
        match = new_match(game_id, players, game_seed)
        choice = random.Random(game_seed ^ 0x5A5A).choice
        for _ in range(length // 2):
            _random_step(match, choice)
        pool.append(match)
        lengths.append(length)
    return pool, lengths


def _rate(op: Callable[[int], object], count: int, seconds: float) -> float:
    """Calls ``op(i)`` for i = 0, 1, ... until ``seconds`` of CPU time have passed; calls per second."""
    calls = 0
    start = clock()
    deadline = start + seconds
    while True:
        for i in range(calls, calls + CHECK_EVERY):
            op(i % count)
        calls += CHECK_EVERY
        if clock() >= deadline:
            break
    return calls / (clock() - start)


def clones_per_s(pool: list[Match], seconds: float) -> float:
    return _rate(lambda i: pool[i].clone(), len(pool), seconds)


def _views(pool: list[Match]) -> list[tuple[Match, int]]:
    # Every seat of every pooled match in turn, so hidden-information games pay for
    # the per-seat filtering the way a server, an RL loop or a search does.
    return [(m, seat) for m in pool for seat in range(m.num_players)]


def observations_per_s(pool: list[Match], seconds: float) -> float:
    views = _views(pool)
    return _rate(lambda i: views[i][0].observation(views[i][1]), len(views), seconds)


def determinizations_per_s(pool: list[Match], seconds: float) -> float:
    """``Match.determinize(seat, seed)`` (a clone with the hidden part re-sampled, what an
    information-set search pays on every iteration) for every seat of every pooled match."""
    views = _views(pool)
    return _rate(lambda i: views[i][0].determinize(views[i][1], i), len(views), seconds)


def _slices(seconds: float) -> int:
    return max(1, round(seconds / SLICE_SECONDS))


def spread(values: list[float]) -> tuple[float, float, float]:
    """Median, lowest and highest."""
    return statistics.median(values), min(values), max(values)


class CaseBench:
    """One game at one player count, measured repeat by repeat in one process.

    A repeat plays ``seconds`` of random self-play in slices, each followed by a
    slice of the calibration of the same length, then times clones,
    determinizations and observations of the position pool for a quarter of
    ``seconds`` each. Its ratio is self-play steps per CPU second over
    calibration steps per CPU second, both from that repeat's slices.
    """

    def __init__(self, game_id: str, players: int, seed: int = 0, calibration: Calibration | None = None):
        get_game(game_id).validate_players(players)
        self.game_id, self.players, self.seed = game_id, players, seed
        self.calibration = calibration or Calibration(seed)
        self.play = SelfPlay(game_id, players, seed)
        self.pool: list[Match] | None = None
        self.pool_lengths: list[int] = []
        self.repeats: list[dict[str, float]] = []

    def prepare(self) -> None:
        """Builds the position pool (not timed)."""
        if self.pool is None:
            self.pool, self.pool_lengths = mid_game_matches(self.game_id, self.players, self.seed)

    def repeat(self, seconds: float, ops: bool = True) -> dict[str, float]:
        self.prepare()
        assert self.pool is not None
        play, cal = self.play, self.calibration
        steps0, elapsed0, games0 = play.steps, play.elapsed, play.games
        cal_steps0, cal_elapsed0 = cal.steps, cal.elapsed
        slices = _slices(seconds)
        for _ in range(slices):
            play.run(seconds / slices)
            cal.run(seconds / slices)
        steps_per_s = (play.steps - steps0) / (play.elapsed - elapsed0)
        cal_per_s = (cal.steps - cal_steps0) / (cal.elapsed - cal_elapsed0)
        mean_length = sum(self.pool_lengths) / len(self.pool_lengths)
        out = {
            "steps_per_s": steps_per_s,
            "games_per_s": (play.games - games0) / (play.elapsed - elapsed0),
            "calibration_steps_per_s": cal_per_s,
            "ratio": steps_per_s / cal_per_s,
            # the CPU time of one whole random game, from the pool's mean length
            "game_ms": 1000.0 * mean_length / steps_per_s,
            "mean_length": mean_length,
        }
        if ops:
            out["clones_per_s"] = clones_per_s(self.pool, seconds / 4)
            out["determinizations_per_s"] = determinizations_per_s(self.pool, seconds / 4)
            out["observations_per_s"] = observations_per_s(self.pool, seconds / 4)
        self.repeats.append(out)
        return out

    def summary(self) -> dict[str, Any]:
        """Medians over the repeats (ratios with their spread), in the shape of ``galaxis bench --json``."""
        reps = self.repeats
        ratio, lo, hi = spread([r["ratio"] for r in reps])
        out: dict[str, Any] = {"players": self.players}
        for key in (
            "steps_per_s",
            "games_per_s",
            "clones_per_s",
            "determinizations_per_s",
            "observations_per_s",
        ):
            if key in reps[0]:
                out[key] = round(statistics.median(r[key] for r in reps), 3 if key == "games_per_s" else 1)
        out.update(
            ratio_vs_calibration=round(ratio, 3),
            ratio_min=round(lo, 3),
            ratio_max=round(hi, 3),
            ratios=[round(r["ratio"], 3) for r in reps],
        )
        return out


def planned_seconds(game_count: int, seconds: float, repeats: int = REPEATS) -> float:
    """How long ``measure`` takes (near enough for a progress bar)."""
    return repeats * game_count * seconds * 2.75


def measure(
    game_ids: list[str],
    seconds: float,
    seed: int = 0,
    players: int | None = None,
    progress: Progress = _no_progress,
    repeats: int = REPEATS,
) -> dict[str, Any]:
    """Calibration and every game, in the JSON shape of ``galaxis bench --json``.

    In each of ``repeats`` rounds every game self-plays for ``seconds`` of CPU
    time, interleaved with as much calibration, then its clones, determinizations
    and observations take a quarter of that each. A game's numbers are the
    medians of its repeats; its ratio comes with the lowest and highest repeat.
    """
    counts = {g: players if players is not None else default_players(g) for g in game_ids}
    for game_id, count in counts.items():
        get_game(game_id).validate_players(count)
    calibration = Calibration(seed)
    done = 0.0
    if not game_ids:
        progress("calibration", done)
        calibration.run(seconds)
    cases = {g: CaseBench(g, n, seed, calibration) for g, n in counts.items()}
    for game_id, case in cases.items():
        progress(f"{game_id}: positions", done)
        case.prepare()
    for r in range(repeats):
        for game_id, case in cases.items():
            progress(f"{game_id}: repeat {r + 1}/{repeats}", done)
            case.repeat(seconds)
            done += seconds * 2.75
    progress("done", planned_seconds(len(game_ids), seconds, repeats))
    return {
        "clock": "cpu",
        "repeats": repeats,
        "calibration": {"steps_per_s": round(calibration.steps_per_s, 1)},
        "games": {g: case.summary() for g, case in cases.items()},
    }


@functools.cache
def _speed_module() -> Any:
    """``benchmarks/speed.py`` next to the package in a checkout, or None."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "speed.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("galaxis_benchmarks_speed", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_budgets() -> dict[str, float]:
    """``BUDGETS`` of ``benchmarks/speed.py``, or none."""
    budgets = getattr(_speed_module(), "BUDGETS", {})
    return {str(k): float(v) for k, v in budgets.items()}


def load_players() -> dict[str, int]:
    """``PLAYERS`` of ``benchmarks/speed.py`` (the count a game's budget is judged at), or none."""
    players = getattr(_speed_module(), "PLAYERS", {})
    return {str(k): int(v) for k, v in players.items()}


def verdicts(results: dict[str, Any], budgets: dict[str, float]) -> dict[str, bool | None]:
    """Per game: True when its median ratio meets its budget, False when it misses it, None without one."""
    out: dict[str, bool | None] = {}
    for game_id, numbers in results["games"].items():
        budget = budgets.get(game_id)
        out[game_id] = None if budget is None else numbers["ratio_vs_calibration"] >= budget
    return out


# --- the worker of benchmarks/performance.py ------------------------------------------------------


def serve(stdin: Any = None, stdout: Any = None) -> None:
    """Answers measurement requests, one JSON object per line, until stdin closes.

    ``{"case": [game, players, seed]}`` builds that case's positions and answers
    ``{"ready": true}``; ``{"repeat": [game, players, seconds]}`` runs one repeat
    and answers its numbers. Errors are answered as ``{"error": text}``.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    cases: dict[tuple[str, int], CaseBench] = {}
    calibration: Calibration | None = None
    for line in stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            if "case" in request:
                game_id, players, seed = request["case"]
                calibration = calibration or Calibration(seed)
                case = cases[(game_id, players)] = CaseBench(game_id, players, seed, calibration)
                case.prepare()
                answer: dict[str, Any] = {"ready": True, "lengths": case.pool_lengths}
            elif "repeat" in request:
                game_id, players, seconds = request["repeat"]
                answer = cases[(game_id, players)].repeat(float(seconds))
            else:
                answer = {"error": f"unknown request {sorted(request)}"}
        except Exception as exc:  # reported to the driver, which stops with it
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        stdout.write(json.dumps(answer) + "\n")
        stdout.flush()
