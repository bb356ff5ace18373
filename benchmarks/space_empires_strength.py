"""Strength of the Space Empires heuristic bot: 2-player games against a random bot.

    .venv/bin/python benchmarks/space_empires_strength.py [--games N] [--cycles C] [--workers W] [--json OUT]

Game g uses match seed g, puts the heuristic bot in seat g % 2 and seeds the random bot from g. A game
counts as a win only when the heuristic bot is alone in first place (it destroyed the enemy home world,
or has the higher empire value after the last cycle). The budget is a win rate of at least 0.9 (issue 8).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from typing import Any

import galaxis
from galaxis.games.space_empires.bot.agents import HeuristicAgent

BUDGET = 0.9


def play_one(game: int, cycles: int = 8) -> dict[str, Any]:
    seat = game % 2
    agents: list[Any] = [galaxis.agent("random", seed=game * 7 + i) for i in range(2)]
    agents[seat] = HeuristicAgent(game)
    match = galaxis.new_match("space_empires", 2, seed=game, options={"cycles": cycles})
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
        "conquest": result.details["winner"] == seat,
        "steps": steps,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--cycles", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default="")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1 or not 1 <= args.cycles <= 20:
        print("error: --games and --workers must be positive and --cycles 1-20", file=sys.stderr)
        return 2
    start = time.perf_counter()
    rows: list[dict[str, Any]] = []
    if args.workers == 1:
        for g in range(args.games):
            rows.append(play_one(g, args.cycles))
            if (g + 1) % 10 == 0:
                rate = sum(r["win"] for r in rows) / len(rows)
                print(f"  {g + 1}/{args.games} games, win rate so far {rate:.3f}", flush=True)
    else:
        with Pool(args.workers) as pool:
            rows = pool.starmap(play_one, [(g, args.cycles) for g in range(args.games)])
    wins = sum(r["win"] for r in rows)
    summary = {
        "game": "space_empires",
        "games": len(rows),
        "wins": wins,
        "win_rate": wins / len(rows),
        "conquests": sum(r["conquest"] for r in rows),
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
