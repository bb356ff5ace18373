"""Environment steps/s with observation encoding on, beside the engine's raw steps/s.

    .venv/bin/python benchmarks/interop.py [GAME ...] [--seconds S] [--repeat R] [--players N] [--json OUT]

For each game, in the same run (interleaved, timed in CPU seconds) and with
the same uniform-random legal play:
- raw: ``legal_actions`` + ``apply`` on a bare ``Match`` (the engine alone);
- pettingzoo: the AEC loop (``last()`` -> encoded observation and mask, then ``step``);
- pettingzoo_wrapped: the same inside PettingZoo's OrderEnforcing + AssertOutOfBounds
  wrappers (what its classic games' ``env()`` returns; galaxis's ``env()`` does not wrap);
- gymnasium: ``step`` with one seat learning and ``random`` opponents (counts every seat's move);
- openspiel: ``legal_actions`` + ``apply_action`` + ``observation_tensor`` of the mover.
The budget is pettingzoo >= 0.5 x raw. On a shared machine the ratio moves by
about +-0.02 from one run to the next, so ``--repeat R`` measures each game R
times (each a whole interleaved run) and judges the budget by the median ratio;
the rates reported are the medians, and every run's ratio is kept.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

import galaxis
from galaxis.core.registry import game_ids

BUDGET = 0.5


SLICE = 0.1  # CPU seconds an interface plays (whole games) before the next takes its turn


def _interleaved(
    runs: dict[str, Callable[[int], int]], seconds: float, slice_seconds: float = SLICE
) -> dict[str, float]:
    """Steps per CPU second of each interface, playing whole games (seeds 0, 1, ...).

    The interfaces take turns in short slices (``slice_seconds``, at least six
    turns each) and the clock is this process's CPU time, so load from other
    processes on a shared machine neither inflates nor favours any one of them,
    and a drift of the machine's speed reaches every interface alike. Slices of
    0.1 s instead of a sixth of the time (session 10) left the median ratio where
    it was and cut the spread of single runs from about 0.05 to 0.02 (docs/interop.md).
    """
    rounds = max(6, round(seconds / slice_seconds))
    steps = dict.fromkeys(runs, 0)
    spent = dict.fromkeys(runs, 0.0)
    seeds = dict.fromkeys(runs, 0)
    for _ in range(rounds):
        for name, run_one in runs.items():
            start = time.process_time()
            while True:
                steps[name] += run_one(seeds[name])
                seeds[name] += 1
                elapsed = time.process_time() - start
                if elapsed >= seconds / rounds:
                    break
            spent[name] += elapsed
    return {name: steps[name] / spent[name] for name in runs}


_BY_MASK: dict[int, tuple[np.ndarray, list[int]]] = {}  # id of a read-only mask -> (that mask, its legal ids)
_BY_BYTES: dict[bytes, list[int]] = {}  # a writable mask's bytes -> its legal ids
_MEMO_LIMIT = 65536  # each memo is cleared beyond this, for games whose legal sets rarely repeat


def sample_from_mask(mask: np.ndarray, rng: random.Random) -> int:
    """A uniformly random action id among the ones of an int8 action mask.

    What the agent costs is not the environment's cost, so this random agent is
    kept about as cheap as the raw loop's pick from its legal list: the legal ids
    of each mask are found once and remembered. galaxis's PettingZoo environment
    hands out one shared read-only mask per legal set, so a step costs one look-up
    by the mask's identity and the same ``randrange`` pick as the raw loop,
    without a NumPy call (a cold NumPy call is a measurable part of a fast game's
    step). A writable mask, which may change under the same object (the
    Gymnasium environment gives a fresh copy per step), is remembered by its bytes.
    """
    hit = _BY_MASK.get(id(mask))
    ids = hit[1] if hit is not None and hit[0] is mask else _legal_ids(mask)
    return ids[rng.randrange(len(ids))]


def _legal_ids(mask: np.ndarray) -> list[int]:
    """The ids of a mask's ones, remembered: a writable mask's by its bytes, a read-only one's by
    the mask itself (held, so that its id is not reused while remembered)."""
    if mask.flags.writeable:
        key = mask.tobytes()
        ids = _BY_BYTES.get(key)
        if ids is None:
            ids = _remember(_BY_BYTES, key, _ones(mask))
        return ids
    ids = _ones(mask)
    _remember(_BY_MASK, id(mask), (mask, ids))
    return ids


def _ones(mask: np.ndarray) -> list[int]:
    # through a bool view: NumPy's nonzero is several times slower on int8, which would dominate
    # the loop for Stellium's 4096-wide mask
    ids: list[int] = mask.view(np.bool_).nonzero()[0].tolist()
    return ids


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> Any:
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def raw_steps(game_id: str, players: int) -> Callable[[int], int]:
    def run(seed: int) -> int:
        rng = random.Random(seed)
        match = galaxis.new_match(game_id, players, seed=seed)
        n = 0
        while not match.is_over:
            seat = min(match.to_move)
            legal = match.legal_actions(seat)
            match.apply(seat, legal[rng.randrange(len(legal))])
            n += 1
        return n

    return run


def pettingzoo_steps(game_id: str, players: int, wrapped: bool = False) -> Callable[[int], int]:
    from galaxis.interop.pettingzoo import env

    e: Any = env(game_id, players=players)
    if wrapped:
        # the chain PettingZoo's classic games put around their raw environments
        from pettingzoo.utils import wrappers

        e = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(e))

    def run(seed: int) -> int:
        rng = random.Random(seed)
        e.reset(seed=seed)
        n = 0
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(sample_from_mask(obs["action_mask"], rng))
            n += 1
        return n

    return run


def gymnasium_steps(game_id: str, players: int) -> Callable[[int], int]:
    from galaxis.interop.gymnasium import make

    e = make(game_id, seat=0, opponents="random", players=players)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        obs, _ = e.reset(seed=seed)
        done = False
        while not done:
            obs, _r, done, _t, _i = e.step(sample_from_mask(obs["action_mask"], rng))
        return len(e.match.history)

    return run


def openspiel_steps(game_id: str, players: int) -> Callable[[int], int]:
    from galaxis.interop import openspiel

    game = openspiel.load(game_id, players=players)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            player = state.current_player()
            state.observation_tensor(player)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        return n

    return run


def bench_game(game_id: str, players: int | None, seconds: float, repeat: int = 1) -> dict[str, Any]:
    """One row: each interface's median steps per CPU second over ``repeat`` interleaved runs,
    the median pettingzoo / raw ratio (which the budget judges) and every run's ratio."""
    n = players or galaxis.core.get_game(game_id).info.min_players
    row: dict[str, Any] = {"game": game_id, "players": n}
    runs = {
        "raw": raw_steps(game_id, n),
        "pettingzoo": pettingzoo_steps(game_id, n),
        "pettingzoo_wrapped": pettingzoo_steps(game_id, n, wrapped=True),
        "gymnasium": gymnasium_steps(game_id, n),
        "openspiel": openspiel_steps(game_id, n),
    }
    measured = [_interleaved(runs, seconds) for _ in range(repeat)]
    for name in runs:
        row[name] = round(statistics.median(m[name] for m in measured))
    ratios = [round(m["pettingzoo"] / m["raw"], 3) for m in measured]
    row["pettingzoo_ratio"] = round(statistics.median(ratios), 3)
    row["pettingzoo_ratios"] = ratios
    row["within_budget"] = row["pettingzoo_ratio"] >= BUDGET
    return row


def _positive(kind: type[int] | type[float]) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text!r} must be more than 0")
        return value

    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=_positive(float), default=3.0, help="time per game and interface")
    parser.add_argument(
        "--repeat",
        type=_positive(int),
        default=1,
        help="interleaved runs per game; the budget takes the median",
    )
    parser.add_argument(
        "--players", type=int, default=None, help="player count (default: each game's minimum)"
    )
    parser.add_argument("--json", dest="json_out", default=None, help="also write the rows to this file")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    ids = args.games or game_ids()
    unknown = [g for g in ids if g not in game_ids()]
    if unknown:
        print(f"error: unknown game(s) {', '.join(unknown)}; known: {', '.join(game_ids())}", file=sys.stderr)
        return 2
    rows = []
    print(
        f"{'game':<14}{'players':>8}{'raw':>10}{'pettingzoo':>12}{'ratio':>8}"
        f"{'pz+wrappers':>13}{'gymnasium':>11}{'openspiel':>11}  ratio of each run"
    )
    for game_id in ids:
        try:
            row = bench_game(game_id, args.players, args.seconds, args.repeat)
        except galaxis.GalaxisError as exc:
            print(f"error: {game_id}: {exc}", file=sys.stderr)
            return 2
        rows.append(row)
        mark = "" if row["within_budget"] else "  (below the 0.5 budget)"
        print(
            f"{game_id:<14}{row['players']:>8}{row['raw']:>10}{row['pettingzoo']:>12}"
            f"{row['pettingzoo_ratio']:>8.2f}{row['pettingzoo_wrapped']:>13}{row['gymnasium']:>11}"
            f"{row['openspiel']:>11}  {' '.join(f'{r:.2f}' for r in row['pettingzoo_ratios'])}{mark}"
        )
    if args.json_out:
        report = {
            "benchmark": "benchmarks/interop.py",
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "seconds_per_interface": args.seconds,
            "repeat": args.repeat,
            "cpus": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "budget": BUDGET,
            "unit": "steps per CPU second (process time), interfaces interleaved in the same run; "
            "medians over the repeated runs",
            "rows": rows,
        }
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
