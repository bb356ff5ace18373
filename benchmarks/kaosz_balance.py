"""Káosz Galaktika balance: every starter deck against every other with heuristic bots.

Seats are rotated (each pairing is played with both seat orders). Prints the
win-rate matrix (row deck's wins against the column deck) and each starter's
overall win rate, then the heuristic bot's win rate against random play with
the same starters. Usage:

    .venv/bin/python benchmarks/kaosz_balance.py [--games N] [--vs-random M] [--json]

Targets (issue 7): no starter below 35% overall; the bot wins at least 75% of
at least 200 games against random.
"""

from __future__ import annotations

import argparse
import json
import time
from itertools import combinations
from typing import Any

from galaxis.core import Rng, get_game, new_match, register


def _game() -> Any:
    try:
        return get_game("kaosz")
    except Exception:  # not registered yet: register the package's game for this run
        from galaxis.games.kaosz import GAME

        register(GAME)
        return GAME


def play(deck_a: str, deck_b: str, seed: int, random_seat: int | None = None) -> int | None:
    """One game, deck_a in seat 0; returns the winning seat (None for a draw)."""
    from galaxis.games.kaosz.agents import KaoszBot

    m = new_match("kaosz", 2, seed, {"deck0": deck_a, "deck1": deck_b})
    bots = [KaoszBot(seed * 2), KaoszBot(seed * 2 + 1)]
    rng = Rng(seed)
    while not m.is_over:
        seat = m.to_move[0]
        action = rng.choice(m.legal_actions(seat)) if seat == random_seat else bots[seat].act(m, seat)
        m.apply(seat, action)
    first = m.result.ranking[0]
    return first[0] if len(first) == 1 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per pairing and seat order")
    parser.add_argument("--vs-random", type=int, default=200, help="games of the bot against random")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = _game()
    from galaxis.games.kaosz.decks import starters

    names = list(starters())
    wins = {a: {b: 0.0 for b in names} for a in names}
    played = {a: {b: 0 for b in names} for a in names}
    t0 = time.time()
    seed = 0
    for a, b in combinations(names, 2):
        for order in ((a, b), (b, a)):
            for _ in range(args.games):
                seed += 1
                w = play(order[0], order[1], seed)
                for k, deck in enumerate(order):
                    other = order[1 - k]
                    played[deck][other] += 1
                    wins[deck][other] += 1.0 if w == k else 0.5 if w is None else 0.0
    overall = {a: sum(wins[a].values()) / max(1, sum(played[a].values())) for a in names}
    bot_wins = 0
    for g in range(args.vs_random):
        deck = names[(g // 2) % len(names)]
        w = play(deck, deck, 10_000 + g, random_seat=1 - g % 2)
        bot_wins += 1 if w == g % 2 else 0
    report = {
        "game": game.info.id,
        "matrix": {a: {b: round(wins[a][b] / played[a][b], 3) for b in names if played[a][b]} for a in names},
        "overall": {a: round(v, 3) for a, v in overall.items()},
        "lowest": min(overall.values()),
        "bot_vs_random": {"games": args.vs_random, "win_rate": round(bot_wins / max(1, args.vs_random), 3)},
        "seconds": round(time.time() - t0, 1),
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return
    width = max(len(n) for n in names)
    print(" " * width + " " + " ".join(f"{n[:8]:>8}" for n in names) + "  overall")
    for a in names:
        row = " ".join(f"{report['matrix'][a].get(b, 0):8.2f}" if a != b else f"{'-':>8}" for b in names)
        print(f"{a:<{width}} {row}  {overall[a]:.2f}")
    print(f"lowest overall win rate: {report['lowest']:.2f} (target >= 0.35)")
    print(
        f"heuristic vs random: {report['bot_vs_random']['win_rate']:.2f} over {args.vs_random} games (target >= 0.75)"
    )
    print(f"{report['seconds']} s")


if __name__ == "__main__":
    main()
