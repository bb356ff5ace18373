"""Pulsar 2849: the heuristic bot against two random bots (issue 6 target: >= 80% wins).

    python -m benchmarks.pulsar_strength [--games 200] [--players 3] [--seed 0] [--json OUT]

Three-player games, the heuristic seat rotated over the seats, every game seeded. A win is a
first place, shared ties included. Exit code 1 when the win rate misses the target.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import galaxis

TARGET = 0.8


def run(games: int, players: int, seed: int) -> dict[str, object]:
    wins = 0
    margins = []
    start = time.perf_counter()
    for g in range(games):
        hero = g % players
        agents = [
            galaxis.agent("heuristic" if i == hero else "random", seed=seed * 1000 + g * 10 + i)
            for i in range(players)
        ]
        m = galaxis.new_match("pulsar", players, seed=seed * 100_000 + g)
        while not m.is_over:
            seat = m.to_move[0]
            m.apply(seat, agents[seat].act(m, seat))
        result = m.result
        wins += hero in result.ranking[0]
        best_other = max(v for i, v in enumerate(result.scores) if i != hero)
        margins.append(result.scores[hero] - best_other)
    elapsed = time.perf_counter() - start
    return {
        "game": "pulsar",
        "players": players,
        "games": games,
        "heuristic_win_rate": wins / games,
        "mean_margin": sum(margins) / games,
        "seconds_per_game": elapsed / games,
        "target": TARGET,
        "passed": wins / games >= TARGET,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default="")
    args = parser.parse_args(argv)
    report = run(args.games, args.players, args.seed)
    print(json.dumps(report, indent=1))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=1)
    return 0 if report["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
