"""Strength and search-speed benchmark of the agents, for every registered game.

    python -m benchmarks.strength [--games 200] [--iters 1000] [--workers 2] \
        [--out benchmarks/results/strength.json] [--data ~/.cache/galaxis/strength] [GAME ...]

Per game it measures, with the arena (seeded, resumable: games already in the
JSON Lines files under ``--data`` are not played again):

1. ``heuristic`` against ``random`` in the game's benchmark setting: one
   heuristic and P-1 random seats, P = 4 clamped to the game's player range,
   seats rotated (target: heuristic wins >= 80%).
2. ``mcts:iters=N`` against ``random`` (target >= 90%) and against
   ``heuristic`` (target >= 60%), head to head (2 players, or the game's
   minimum), seats rotated.
3. Search speed: iterations per CPU second (``time.process_time``, so that
   other load on a shared machine does not skew the ratio) of ``mcts`` and
   ``ismcts`` at equal iterations on the same positions, and of OpenSpiel's Python
   ``mcts.MCTSBot`` on the same game through ``galaxis.interop.openspiel``
   (target: ours >= 3x its simulations per second).
4. What the game exposes to action grouping: the action kinds seen in random
   play and how often a decision is wider than the grouping threshold.

Results are written to ``--out`` after every part, so an interrupted run
still reports what it measured.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import galaxis
from galaxis.agents.mcts import SearchAgent
from galaxis.arena import load_results, simulate, summarize
from galaxis.core import get_game
from galaxis.core.registry import game_ids

TARGETS = {
    "heuristic_vs_random": 0.8,
    "mcts_vs_random": 0.9,
    "mcts_vs_heuristic": 0.6,
    "speed_vs_openspiel": 3.0,
}


def machine() -> dict[str, Any]:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
    }


def now() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def clamp_players(game_id: str, wanted: int) -> int:
    info = get_game(game_id).info
    return max(info.min_players, min(info.max_players, wanted))


def _progress(label: str) -> Any:
    start = time.perf_counter()

    def update(done: int, total: int) -> None:
        if done and (done % 10 == 0 or done == total):
            rate = done / (time.perf_counter() - start)
            eta = (total - done) / rate if rate else 0.0
            print(
                f"  {label}: {done}/{total} ({rate:.2f} games/s, ETA {eta:.0f}s)", file=sys.stderr, flush=True
            )

    return update


def match_up(
    game_id: str,
    hero: str,
    others: list[str],
    games: int,
    data: Path,
    workers: int,
    target: float,
    play: bool = True,
) -> dict[str, Any] | None:
    """``hero`` plus ``others`` in rotating seats; the hero's win rate and interval.
    With ``play=False`` only the games already in the data file are counted."""
    agents = [hero, *others]
    out = data / f"{game_id}--{'+'.join(a.replace(':', '_') for a in agents)}.jsonl"
    if play:
        simulate(
            game_id,
            agents,
            games,
            out,
            seed=0,
            rotate=True,
            workers=workers,
            progress=_progress(f"{game_id} {hero}"),
        )
    records = [r for r in load_results(out, missing_ok=True) if r["seed"] < games]
    if not records:
        return None
    row = summarize(records)["games"][game_id]["agents"][hero]
    return {
        "measured": now(),
        "agents": agents,
        "games": len(records),
        "win_rate": row["win_rate"],
        "ci95": row["ci95"],
        "target": target,
        "met": row["win_rate"] >= target,
        "file": str(out),
    }


def positions(game_id: str, players: int, count: int, steps: int) -> list[galaxis.Match]:
    """Early mid-game positions reached by seeded random play (after ``steps``
    actions, or a third of the game if it is shorter)."""
    found = []
    for seed in range(count * 3):
        full = galaxis.new_match(game_id, players, seed=seed)
        rnd = galaxis.agent("random", seed=seed)
        while not full.is_over:
            s = full.to_move[0]
            full.apply(s, rnd.act(full, s))
        m = galaxis.replay(game_id, seed, players, {}, full.history[: min(steps, len(full.history) // 3)])
        if not m.is_over and len(m.legal_actions(m.to_move[0])) > 1:
            found.append(m)
        if len(found) == count:
            break
    return found


def search_speed(game_id: str, players: int, iters: int, count: int = 3, steps: int = 8) -> dict[str, Any]:
    out: dict[str, Any] = {"measured": now(), "iterations": iters, "positions": count, "players": players}
    spots = positions(game_id, players, count, steps)
    for name in ("mcts", "ismcts"):
        total = 0.0
        for i, m in enumerate(spots):
            agent = galaxis.agent(f"{name}:iters={iters},reuse=false", seed=i)
            assert isinstance(agent, SearchAgent)
            t0 = time.process_time()
            agent.act(m, m.to_move[0])
            total += time.process_time() - t0
        out[f"{name}_iters_per_s"] = iters * len(spots) / total if total else None
    out.update(openspiel_speed(game_id, players, iters, spots))
    if out.get("openspiel_sims_per_s"):
        out["ratio_mcts_vs_openspiel"] = out["mcts_iters_per_s"] / out["openspiel_sims_per_s"]
        out["ratio_ismcts_vs_openspiel"] = out["ismcts_iters_per_s"] / out["openspiel_sims_per_s"]
        out["target"] = TARGETS["speed_vs_openspiel"]
        out["met"] = out["ratio_mcts_vs_openspiel"] >= out["target"]
    return out


def openspiel_speed(game_id: str, players: int, iters: int, spots: list[galaxis.Match]) -> dict[str, Any]:
    """OpenSpiel's Python MCTSBot (uct_c=2, one random rollout) on the same positions."""
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        from galaxis.interop import openspiel as gos
    except ImportError as exc:
        return {"openspiel": f"not available: {exc}"}
    game = gos.load(game_id, players=players)
    total = 0.0
    for i, m in enumerate(spots):
        state = gos.GalaxisSpielState(game, m.clone())
        bot = mcts.MCTSBot(
            game,
            2.0,
            iters,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
            solve=False,
            random_state=np.random.RandomState(i),
        )
        t0 = time.process_time()
        bot.step(state)
        total += time.process_time() - t0
    if not spots:
        return {"openspiel": "no position reached"}
    return {
        "openspiel_sims_per_s": iters * len(spots) / total,
        "openspiel_bot": "open_spiel.python.algorithms.mcts.MCTSBot",
    }


def branching(game_id: str, players: int, games: int = 20, threshold: int = 24) -> dict[str, Any]:
    kinds: dict[str, int] = defaultdict(int)
    widest: dict[str, int] = defaultdict(int)
    sizes = []
    wide = 0
    for seed in range(games):
        m = galaxis.new_match(game_id, players, seed=seed)
        rnd = galaxis.agent("random", seed=seed)
        while not m.is_over:
            s = m.to_move[0]
            legal = m.legal_actions(s)
            sizes.append(len(legal))
            wide += len(legal) > threshold
            per: dict[str, int] = defaultdict(int)
            for a in legal:
                per[a.kind] += 1
            for k, n in per.items():
                kinds[k] += 1
                widest[k] = max(widest[k], n)
            m.apply(s, rnd.act(m, s))
    return {
        "players": players,
        "decisions": len(sizes),
        "mean_legal": statistics.fmean(sizes) if sizes else 0,
        "max_legal": max(sizes, default=0),
        "share_wider_than_threshold": wide / len(sizes) if sizes else 0,
        "threshold": threshold,
        "kinds": {k: {"decisions": kinds[k], "max_actions": widest[k]} for k in sorted(kinds)},
    }


def _pct(part: dict[str, Any] | None) -> str:
    if not part:
        return "not run"
    lo, hi = part["ci95"]
    verdict = ("met" if part["met"] else "NOT met") if part["games"] >= 200 else "partial run, not judged"
    return f"{100 * part['win_rate']:.1f}% [{100 * lo:.0f}–{100 * hi:.0f}] of {part['games']} ({verdict})"


def markdown(results: dict[str, Any]) -> str:
    """The summary table for docs/agents.md."""
    m = results.get("machine", {})
    st = results.get("settings", {})
    lines = [
        f"Measured {results.get('date', '?')} on {m.get('cpu', '?')} ({m.get('cores', '?')} cores, shared), "
        f"Python {m.get('python', '?')}; mcts at {st.get('iters', '?')} iterations. "
        "Win rates with 95% Wilson intervals; a tie for first counts 1/k.",
        "",
        "| game | heuristic vs random (≥80%) | mcts vs random (≥90%) | mcts vs heuristic (≥60%) |",
        "|---|---|---|---|",
    ]
    for gid, g in results.get("games", {}).items():
        lines.append(
            f"| {gid} | {_pct(g.get('heuristic_vs_random'))} | {_pct(g.get('mcts_vs_random'))} "
            f"| {_pct(g.get('mcts_vs_heuristic'))} |"
        )
    lines += [
        "",
        "| game | iterations | mcts iters/s | ismcts iters/s | OpenSpiel MCTSBot sims/s | mcts / OpenSpiel (≥3) |",
        "|---|---|---|---|---|---|",
    ]
    for gid, g in results.get("games", {}).items():
        sp = g.get("speed")
        if not sp:
            continue
        osp = sp.get("openspiel_sims_per_s")
        ratio = sp.get("ratio_mcts_vs_openspiel")
        lines.append(
            f"| {gid} | {sp.get('iterations', '?')} | {sp['mcts_iters_per_s']:.0f} | {sp['ismcts_iters_per_s']:.0f} | "
            f"{f'{osp:.0f}' if osp else sp.get('openspiel', 'n/a')} | "
            f"{f'{ratio:.2f}' if ratio else 'n/a'} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games_ids", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=200, help="games per match-up (default 200)")
    ap.add_argument("--iters", type=int, default=1000, help="mcts iterations per decision (default 1000)")
    ap.add_argument("--speed-iters", type=int, default=1000, help="iterations for the speed comparison")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="benchmarks/results/strength.json")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "galaxis" / "strength"
    ap.add_argument("--data", default=str(cache), help=f"where the games are kept (default {cache})")
    ap.add_argument("--parts", default="branching,speed,heuristic,mcts_random,mcts_heuristic")
    ap.add_argument("--markdown", action="store_true", help="only print the summary table of --out")
    ap.add_argument(
        "--no-play", action="store_true", help="count only the games already played (report a partial run)"
    )
    args = ap.parse_args(argv)
    if args.markdown:
        print(markdown(json.loads(Path(args.out).read_text())))
        return 0
    ids = args.games_ids or [g for g in game_ids() if not g.startswith("toy_")]
    parts = set(args.parts.split(","))
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    out = Path(args.out)
    results: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    results.update(
        {
            "date": now(),
            "machine": machine(),
            "settings": {
                "games": args.games,
                "iters": args.iters,
                "speed_iters": args.speed_iters,
                "workers": args.workers,
            },
            "targets": TARGETS,
        }
    )
    results.setdefault("games", {})

    def save() -> None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=1) + "\n")

    mcts = f"mcts:iters={args.iters}"
    for gid in ids:
        res = results["games"].setdefault(gid, {})
        bench_players = clamp_players(gid, 4)
        duel = clamp_players(gid, 2)
        if "branching" in parts:
            res["branching"] = branching(gid, bench_players)
            save()
        if "speed" in parts:
            res["speed"] = search_speed(gid, duel, args.speed_iters)
            save()
        if "heuristic" in parts:
            res["heuristic_vs_random"] = match_up(
                gid,
                "heuristic",
                ["random"] * (bench_players - 1),
                args.games,
                data,
                args.workers,
                TARGETS["heuristic_vs_random"],
                not args.no_play,
            )
            save()
        if "mcts_random" in parts:
            res["mcts_vs_random"] = match_up(
                gid,
                mcts,
                ["random"] * (duel - 1),
                args.games,
                data,
                args.workers,
                TARGETS["mcts_vs_random"],
                not args.no_play,
            )
            save()
        if "mcts_heuristic" in parts:
            res["mcts_vs_heuristic"] = match_up(
                gid,
                mcts,
                ["heuristic"] * (duel - 1),
                args.games,
                data,
                args.workers,
                TARGETS["mcts_vs_heuristic"],
                not args.no_play,
            )
            save()
    print(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
