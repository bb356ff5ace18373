"""Proof that a speed change left a game's behaviour alone: step-by-step state digests.

    .venv/bin/python benchmarks/replay_identity.py record GAME [--games 200] [--players N ...] [--out FILE] [--from REV]
    .venv/bin/python benchmarks/replay_identity.py check GAME [--file FILE]
    .venv/bin/python benchmarks/replay_identity.py steps GAME --players N --seed S   # one game's step digests

``record`` plays ``--games`` seeded random games at every player count and keeps,
per game, one digest chained over every step: the full state (``to_json()``)
after each ``apply``, the legal actions offered, and every seventh step each
seat's observation and a determinization for the seat to move (the state a
search would sample). ``check`` replays the same games with the code of this
checkout and names every game whose digest differs; ``steps`` prints one
game's digests step by step, so two checkouts can be diffed to the first step
that differs. Record before a change, check after it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH, so an older checkout can be checked with this script

RESULTS = ROOT / "benchmarks" / "results"
VIEW_EVERY = 7
STEP_CAP = 50_000


def _digest(value: Any) -> bytes:
    return hashlib.blake2b(json.dumps(value, sort_keys=True).encode(), digest_size=16).digest()


def _state_digest(state: Any) -> bytes:
    # pickle of the JSON form: five times cheaper than sorted JSON text, and as exact (a
    # record's to_json lists its fields in declaration order)
    return hashlib.blake2b(pickle.dumps(state.to_json(), protocol=5), digest_size=16).digest()


def game_steps(game_id: str, players: int, seed: int) -> list[str]:
    """The chained digest after every step of one seeded random game."""
    from galaxis.core import new_match

    match = new_match(game_id, players, seed)
    choice = random.Random(seed).choice
    chain = _digest(match.state.to_json())
    out = []
    for step in range(STEP_CAP):
        if match.is_over:
            break
        to_move = match.to_move
        seat = to_move[0] if len(to_move) == 1 else choice(to_move)
        legal = match.legal_actions(seat)
        action = choice(legal)
        parts: list[Any] = [list(to_move), [str(a) for a in legal], str(action)]
        match.apply(seat, action)
        parts.append(_state_digest(match.state).hex())
        if step % VIEW_EVERY == 0:
            parts.append([match.observation(s) for s in range(players)])
            parts.append(match.observation(None))
            viewer = match.to_move[0] if match.to_move else 0
            parts.append(match.determinize(viewer, seed * 31 + step).state.to_json())
        chain = hashlib.blake2b(chain + _digest(parts), digest_size=16).digest()
        out.append(chain.hex())
    return out


def player_counts(game_id: str) -> list[int]:
    from galaxis.core import get_game

    info = get_game(game_id).info
    return list(range(info.min_players, info.max_players + 1))


def record(game_id: str, games: int, counts: list[int]) -> dict[str, Any]:
    digests: dict[str, list[str]] = {}
    steps = 0
    started = time.process_time()
    for n in counts:
        row = []
        for seed in range(games):
            trail = game_steps(game_id, n, seed)
            steps += len(trail)
            row.append(trail[-1] if trail else "")
        digests[str(n)] = row
        print(f"{game_id} {n}p: {games} games", file=sys.stderr)
    return {
        "game": game_id,
        "games": games,
        "steps": steps,
        "view_every": VIEW_EVERY,
        "cpu_s": round(time.process_time() - started, 1),
        "digests": digests,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=("record", "check", "steps"))
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", nargs="*", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--file", "--out", dest="file", default=None)
    ap.add_argument(
        "--from", dest="source", default=None, help="record: which code this is (e.g. main at 1393cae)"
    )
    ap.add_argument(
        "--first", type=int, default=None, help="check: only the first N recorded games of each count"
    )
    args = ap.parse_args(argv)
    path = Path(args.file) if args.file else RESULTS / f"replay_identity_{args.game}.json"
    if args.command == "steps":
        for k, d in enumerate(game_steps(args.game, (args.players or [2])[0], args.seed)):
            print(k, d)
        return 0
    if args.command == "record":
        counts = args.players or player_counts(args.game)
        digests = record(args.game, args.games, counts)
        if args.source:
            digests["recorded_from"] = args.source
        path.write_text(json.dumps(digests, indent=0) + "\n", encoding="utf-8")
        print(f"recorded {path}", file=sys.stderr)
        return 0
    saved = json.loads(path.read_text(encoding="utf-8"))
    counts = [int(n) for n in saved["digests"] if args.players is None or int(n) in args.players]
    games = saved["games"] if args.first is None else min(args.first, saved["games"])
    now = record(args.game, games, counts)
    bad = [
        (n, seed)
        for n in counts
        for seed, (a, b) in enumerate(
            zip(saved["digests"][str(n)][:games], now["digests"][str(n)], strict=True)
        )
        if a != b
    ]
    recorded = f"(recorded {saved['steps']}) " if games == saved["games"] else ""
    print(
        f"{args.game}: {sum(len(now['digests'][str(n)]) for n in counts)} games, {now['steps']} steps "
        f"{recorded}{len(bad)} differ; CPU {now['cpu_s']} s"
    )
    for n, seed in bad[:20]:
        print(f"  differs: {n} players, seed {seed}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
