"""Strength of the Stellium heuristic bot: 3-player games against two random bots.

    .venv/bin/python benchmarks/stellium_strength.py [--games N] [--draw MODE] [--workers W] [--json OUT]

Game g uses match seed g, puts the heuristic bot in seat g % 3 (so every seat
is played equally often) and seeds the random bots from g. A game counts as a
win only when the heuristic bot is alone in first place. The budget is a win
rate of at least 0.8 over at least 200 games (issue 5). ``--draw`` sets the
match option ``draw`` (default ``choose``; the arena's ``random`` also works).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from typing import Any

import galaxis

BUDGET = 0.8


def play_one(game: int, draw: str = "choose") -> dict[str, Any]:
    seat = game % 3
    agents = [galaxis.agent("random", seed=game * 7 + i) for i in range(3)]
    agents[seat] = galaxis.agent("heuristic", seed=game)
    match = galaxis.new_match("stellium", 3, seed=game, options={"draw": draw})
    steps = 0
    while not match.is_over:
        mover = match.to_move[0]
        match.apply(mover, agents[mover].act(match, mover))
        steps += 1
    result = match.result
    return {
        "game": game,
        "seat": seat,
        "scores": result.scores,
        "win": result.ranking[0] == [seat],
        "steps": steps,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--draw", choices=["choose", "random", "touch"], default="choose")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default="")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        print("error: --games and --workers must be positive", file=sys.stderr)
        return 2
    start = time.perf_counter()
    rows: list[dict[str, Any]] = []
    if args.workers == 1:
        for g in range(args.games):
            rows.append(play_one(g, args.draw))
            if (g + 1) % 20 == 0:
                print(
                    f"  {g + 1}/{args.games} games, win rate so far {sum(r['win'] for r in rows) / len(rows):.3f}",
                    flush=True,
                )
    else:
        with Pool(args.workers) as pool:
            rows = pool.starmap(play_one, [(g, args.draw) for g in range(args.games)])
    wins = sum(r["win"] for r in rows)
    margin = sum(
        r["scores"][r["seat"]] - max(s for i, s in enumerate(r["scores"]) if i != r["seat"]) for r in rows
    ) / len(rows)
    summary = {
        "game": "stellium",
        "draw": args.draw,
        "games": len(rows),
        "wins": wins,
        "win_rate": wins / len(rows),
        "mean_margin": margin,
        "budget": BUDGET,
        "ok": wins / len(rows) >= BUDGET,
        "seconds": time.perf_counter() - start,
    }
    print(json.dumps(summary))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"summary": summary, "games": rows}, fh)
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
