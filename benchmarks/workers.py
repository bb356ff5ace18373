"""Do parallel runs pay? ``galaxis simulate --workers 2`` against ``--workers 1`` (and Ray).

    .venv/bin/python benchmarks/workers.py [--repeat 3] [--ray] [--json benchmarks/results/workers.json]

Two workloads of issue #32: 100 heuristic-vs-heuristic Space Smugglers games (cheap: a few
milliseconds each) and 20 games between ``mcts:iters=50`` bots. Each measurement is a fresh
Python process that imports the package and calls the arena's ``simulate`` (what the command
line calls after parsing its arguments), so no worker survives from one measurement to the
next; ``--workers 1`` and ``--workers 2`` take turns, repeat after repeat, so a change in the
load of the shared machine hits both alike.

Reported per workload and worker count: the wall time of the run (what the command's
"games/s" is computed from) and the CPU time of the run in this process and its worker
processes together. The speed-up is the median over the repeats of wall(1) / wall(2) of the
same repeat. On a machine shared with other work the wall times carry that work's noise; the
CPU time says what the parallel run costs in all (1.0 = no overhead at all, so an idle
two-core machine would approach a speed-up of 2 / that ratio).

With ``--ray``, the same workloads also run on a local Ray instance started for the run; its
start-up (``ray.init``) is timed separately.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "results" / "workers.json"

WORKLOADS = {
    "smugglers heuristic x100": ("smugglers", "heuristic,heuristic", 100),
    "smugglers mcts:iters=50 x20": ("smugglers", "mcts:iters=50,mcts:iters=50", 20),
}

# Runs in a fresh process: one simulate() call, timed from just before the call to its end.
PROBE = """
import json, os, resource, sys, time
game, agents, games, out, workers, ray = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), sys.argv[6]
from galaxis.arena import schedule
from galaxis.arena import backends
def cpu():
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
ray_start = None
if ray == "yes":
    import ray as ray_mod
    t0 = time.perf_counter()
    ray_mod.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    ray_start = time.perf_counter() - t0
c0, t0 = cpu(), time.perf_counter()
played, _ = schedule.simulate(game, agents, games, out, workers=workers,
                              ray_address="local" if ray == "yes" else None)
wall = time.perf_counter() - t0
backends.close_pools()  # the workers are reaped, so their CPU time is counted below
print(json.dumps({"played": played, "wall_s": wall, "cpu_s": cpu() - c0, "ray_start_s": ray_start}))
"""


def run_once(game: str, agents: str, games: int, workers: int, ray: bool = False) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="galaxis-workers-") as tmp:
        out = os.path.join(tmp, "out.jsonl")
        proc = subprocess.run(
            [
                sys.executable,
                "-c",
                PROBE,
                game,
                agents,
                str(games),
                out,
                str(workers),
                "yes" if ray else "no",
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
    if proc.returncode != 0:
        raise SystemExit(f"the probe failed:\n{proc.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ray", action="store_true", help="also run each workload on a local Ray instance")
    ap.add_argument("--json", default=str(OUT))
    args = ap.parse_args(argv)
    results: dict[str, Any] = {}
    for label, (game, agents, games) in WORKLOADS.items():
        runs: dict[str, list[dict[str, Any]]] = {"1": [], "2": []}
        if args.ray:
            runs["ray"] = []
        for r in range(args.repeat):
            order = ["1", "2"] if r % 2 == 0 else ["2", "1"]
            for key in order + (["ray"] if args.ray else []):
                workers = 1 if key == "1" else 2
                run = run_once(game, agents, games, workers, ray=key == "ray")
                runs[key].append(run)
                print(
                    f"{label}: {key}: {run['wall_s']:.2f} s wall, {run['cpu_s']:.2f} s CPU", file=sys.stderr
                )
        speedups = [a["wall_s"] / b["wall_s"] for a, b in zip(runs["1"], runs["2"], strict=True)]
        cpu_ratio = [b["cpu_s"] / a["cpu_s"] for a, b in zip(runs["1"], runs["2"], strict=True)]
        entry: dict[str, Any] = {
            "game": game,
            "agents": agents,
            "games": games,
            "wall_s": {k: round(statistics.median(x["wall_s"] for x in v), 3) for k, v in runs.items()},
            "cpu_s": {k: round(statistics.median(x["cpu_s"] for x in v), 3) for k, v in runs.items()},
            "speedup_2_workers": round(statistics.median(speedups), 3),
            "speedup_range": [round(min(speedups), 3), round(max(speedups), 3)],
            "cpu_2_over_1": round(statistics.median(cpu_ratio), 3),
            "runs": runs,
        }
        if args.ray:
            entry["ray_start_s"] = round(statistics.median(x["ray_start_s"] for x in runs["ray"]), 3)
            entry["speedup_ray"] = round(
                statistics.median(
                    a["wall_s"] / b["wall_s"] for a, b in zip(runs["1"], runs["ray"], strict=True)
                ),
                3,
            )
        results[label] = entry
        print(
            f"{label}: --workers 2 is {entry['speedup_2_workers']:.2f}x --workers 1 "
            f"(range {entry['speedup_range'][0]:.2f}-{entry['speedup_range'][1]:.2f}); "
            f"CPU 2/1 {entry['cpu_2_over_1']:.2f}",
            file=sys.stderr,
        )
    Path(args.json).write_text(
        json.dumps(
            {
                "benchmark": "benchmarks/workers.py",
                "repeats": args.repeat,
                "date": time.strftime("%Y-%m-%d %H:%M"),
                "cores": os.cpu_count(),
                "load_average": os.getloadavg(),
                "workloads": results,
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
