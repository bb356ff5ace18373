"""Do parallel runs pay? ``galaxis simulate --workers 2`` against ``--workers 1`` (and Ray).

    .venv/bin/python benchmarks/workers.py [--repeat 3] [--ray] [--json benchmarks/results/workers.json]

Two workloads of issue #32: 100 heuristic-vs-heuristic Space Smugglers games (cheap: a few
milliseconds each) and 20 games between ``mcts:iters=50`` bots, each in two modes:

- ``first_run``: a fresh Python process calls the arena's ``simulate`` once (what
  ``galaxis simulate`` does after parsing its arguments): the run imports the game and starts
  its workers;
- ``kept_workers``: the process has run the workload once before (other seeds), so the timed
  run finds the game imported and its workers kept (a process running many simulations).

``--workers 1`` and ``--workers 2`` take turns, repeat after repeat, so a change in the load
of the shared machine hits both alike. Reported: the wall time of the run (what the command's
"games/s" is computed from), the CPU time of the run in this process and its workers, the
median over the repeats of wall(1) / wall(2), the CPU time ratio (1.0 = no overhead), and a
critical-path model of what an idle two-core machine would show: the one-worker run's CPU
time over the two-worker run's own CPU time plus that of its busiest worker. On a machine
shared with other work the wall times carry that work's noise; the CPU times do not.

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

# Runs in a fresh process: simulate() timed from just before the call to its end. With "second",
# the process runs the workload once before (other seeds), so the timed run finds the game
# imported and the workers kept: what a process that runs many simulations gets.
PROBE = """
import json, os, resource, sys, time
game, agents, games, out, workers, ray, second = sys.argv[1:8]
games, workers = int(games), int(workers)
from galaxis.arena import backends, schedule

def own_cpu():
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime

def proc_cpu(pid):
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def worker_cpu():
    return {p.pid: proc_cpu(p.pid) for pool in backends._POOLS.values() for p in pool._pool}

ray_start = None
address = "local" if ray == "yes" else None
if ray == "yes":
    import ray as ray_mod
    t0 = time.perf_counter()
    ray_mod.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    ray_start = time.perf_counter() - t0
if second == "yes":
    schedule.simulate(game, agents, games, out + ".first", seed=10**6, workers=workers, ray_address=address)
before, c0, t0 = worker_cpu(), own_cpu(), time.perf_counter()
played, _ = schedule.simulate(game, agents, games, out, workers=workers, ray_address=address)
wall, parent = time.perf_counter() - t0, own_cpu() - c0
after = worker_cpu()
workers_cpu = [after[pid] - before.get(pid, 0.0) for pid in after]
print(json.dumps({"played": played, "wall_s": wall, "cpu_s": parent + sum(workers_cpu),
                  "parent_cpu_s": parent, "worker_cpu_s": workers_cpu, "ray_start_s": ray_start}))
backends.close_pools()
"""


def run_once(
    game: str, agents: str, games: int, workers: int, ray: bool = False, second: bool = False
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="galaxis-workers-") as tmp:
        out = os.path.join(tmp, "out.jsonl")
        flags = ["yes" if ray else "no", "yes" if second else "no"]
        proc = subprocess.run(
            [sys.executable, "-c", PROBE, game, agents, str(games), out, str(workers), *flags],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
    if proc.returncode != 0:
        raise SystemExit(f"the probe failed:\n{proc.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def compare(runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Medians over the repeats of one workload in one mode."""
    pairs = list(zip(runs["1"], runs["2"], strict=True))
    speedups = [a["wall_s"] / b["wall_s"] for a, b in pairs]
    # what an idle two-core machine would show: the one-worker run's CPU time over the
    # two-worker run's critical path (this process's own CPU time, then its busiest worker)
    model = [a["cpu_s"] / (b["parent_cpu_s"] + max(b["worker_cpu_s"] or [0.0])) for a, b in pairs]
    out: dict[str, Any] = {
        "wall_s": {k: round(statistics.median(x["wall_s"] for x in v), 3) for k, v in runs.items()},
        "cpu_s": {k: round(statistics.median(x["cpu_s"] for x in v), 3) for k, v in runs.items()},
        "speedup_2_workers": round(statistics.median(speedups), 3),
        "speedup_range": [round(min(speedups), 3), round(max(speedups), 3)],
        "cpu_2_over_1": round(statistics.median(b["cpu_s"] / a["cpu_s"] for a, b in pairs), 3),
        "speedup_idle_machine_model": round(statistics.median(model), 3),
    }
    if "ray" in runs:
        out["ray_start_s"] = round(statistics.median(x["ray_start_s"] for x in runs["ray"]), 3)
        out["speedup_ray"] = round(
            statistics.median(a["wall_s"] / b["wall_s"] for a, b in zip(runs["1"], runs["ray"], strict=True)),
            3,
        )
    out["runs"] = runs
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ray", action="store_true", help="also run each workload on a local Ray instance")
    ap.add_argument("--json", default=str(OUT))
    ap.add_argument("--only", default=None, help="run only the workloads whose label contains this")
    args = ap.parse_args(argv)
    results: dict[str, Any] = {}
    path = Path(args.json)
    kept = json.loads(path.read_text(encoding="utf-8"))["workloads"] if path.is_file() else {}
    for label, (game, agents, games) in WORKLOADS.items():
        if args.only is not None and args.only not in label:
            continue
        entry: dict[str, Any] = {"game": game, "agents": agents, "games": games, "repeats": args.repeat}
        for mode, second in (("first_run", False), ("kept_workers", True)):
            keys = ["1", "2"] + (["ray"] if args.ray and not second else [])
            runs: dict[str, list[dict[str, Any]]] = {k: [] for k in keys}
            for r in range(args.repeat):
                order = keys if r % 2 == 0 else [keys[1], keys[0], *keys[2:]]
                for key in order:
                    workers = 1 if key == "1" else 2
                    run = run_once(game, agents, games, workers, ray=key == "ray", second=second)
                    runs[key].append(run)
                    print(
                        f"{label} {mode} {key}: {run['wall_s']:.2f} s, CPU {run['cpu_s']:.2f} s",
                        file=sys.stderr,
                    )
            entry[mode] = compare(runs)
            print(
                f"{label} {mode}: --workers 2 {entry[mode]['speedup_2_workers']:.2f}x; "
                f"critical-path model {entry[mode]['speedup_idle_machine_model']:.2f}x",
                file=sys.stderr,
            )
        results[label] = entry
        _write(path, args.repeat, {**kept, **results})  # after each workload: a long run keeps its part
    return 0


def _write(path: Path, repeats: int, workloads: dict[str, Any]) -> None:
    path.write_text(
        json.dumps(
            {
                "benchmark": "benchmarks/workers.py",
                "repeats": repeats,
                "date": time.strftime("%Y-%m-%d %H:%M"),
                "cores": os.cpu_count(),
                "load_average": os.getloadavg(),
                "workloads": workloads,
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    sys.exit(main())
