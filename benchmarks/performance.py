"""The speed table of every game at every player count (docs/performance.md).

    .venv/bin/python benchmarks/performance.py [--against REV] [--games G ...] [--players N ...]
        [--seconds S] [--repeat R] [--json OUT] [--doc DOC] [--update]

For each game and player count: random self-play steps per CPU second and their
ratio to OpenSpiel's pure-Python tic-tac-toe played in the same process in
interleaved slices (``galaxis/bench.py``), the CPU time of a whole random game,
and the CPU microseconds of a clone, a determinization and an observation of
mid-game positions. Every number is the median of ``--repeat`` repeats; ratios
come with their range.

``--against REV`` measures the code of git revision REV (checked out in a
temporary worktree) in the same run: each case alternates between a worker
process running this checkout and one running REV, so the comparison of old and
new code shares one machine state. Without it, the "before" columns come from
``benchmarks/results/performance_baseline.json`` (recorded from the code before
the speed work of issue #32, on the same yardstick).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BASELINE = ROOT / "benchmarks" / "results" / "performance_baseline.json"
OUT = ROOT / "benchmarks" / "results" / "performance.json"
DOC = ROOT / "docs" / "performance.md"
OPS = ("clones_per_s", "determinizations_per_s", "observations_per_s")

# A worker loads galaxis/bench.py of THIS checkout by path, whatever galaxis package its
# PYTHONPATH gives it, so old and new code are measured by the same yardstick.
BOOT = (
    "import importlib.util, sys\n"
    "spec = importlib.util.spec_from_file_location('galaxis_bench_probe', sys.argv[1])\n"
    "mod = importlib.util.module_from_spec(spec)\n"
    "sys.modules[spec.name] = mod\n"
    "spec.loader.exec_module(mod)\n"
    "mod.serve()\n"
)


class Worker:
    """A measuring process over one source tree (``serve`` in galaxis/bench.py)."""

    def __init__(self, label: str, tree: Path) -> None:
        self.label = label
        env = {**os.environ, "PYTHONPATH": str(tree)}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", BOOT, str(ROOT / "galaxis" / "bench.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
            cwd=str(tree),
        )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin: IO[str] = self.proc.stdin  # type: ignore[assignment]
        stdout: IO[str] = self.proc.stdout  # type: ignore[assignment]
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise SystemExit(f"the {self.label} worker stopped")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise SystemExit(f"the {self.label} worker failed: {answer['error']}")
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def player_counts(game_id: str) -> list[int]:
    from galaxis.core import get_game

    info = get_game(game_id).info
    return list(range(info.min_players, info.max_players + 1))


def summarize(repeats: list[dict[str, float]]) -> dict[str, Any]:
    """Medians of one side's repeats of one case (ratios with their range), µs per operation."""
    ratios = [r["ratio"] for r in repeats]
    out: dict[str, Any] = {
        "ratio": round(statistics.median(ratios), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
        "steps_per_s": round(statistics.median(r["steps_per_s"] for r in repeats), 1),
        "calibration_steps_per_s": round(statistics.median(r["calibration_steps_per_s"] for r in repeats), 1),
        "game_ms": round(statistics.median(r["game_ms"] for r in repeats), 2),
        "mean_length": round(repeats[0]["mean_length"], 1),
    }
    for key in OPS:
        out[key.replace("_per_s", "_us")] = round(statistics.median(1e6 / r[key] for r in repeats), 1)
    return out


def measure(
    cases: list[tuple[str, int]], workers: list[Worker], seconds: float, repeats: int, seed: int
) -> dict[str, Any]:
    """Every case on every worker, repeat by repeat, alternating which worker goes first."""
    rows = []
    for game_id, players in cases:
        started = time.monotonic()
        for w in workers:
            w.ask({"case": [game_id, players, seed]})
        per: dict[str, list[dict[str, float]]] = {w.label: [] for w in workers}
        paired: list[float] = []
        for r in range(repeats):
            order = workers if r % 2 == 0 else list(reversed(workers))
            got = {w.label: w.ask({"repeat": [game_id, players, seconds]}) for w in order}
            for label, numbers in got.items():
                per[label].append(numbers)
            if len(workers) == 2:
                paired.append(got["now"]["ratio"] / got["before"]["ratio"])
        row: dict[str, Any] = {"game": game_id, "players": players}
        for label, reps in per.items():
            row[label] = summarize(reps)
        if paired:
            row["speedup"] = round(statistics.median(paired), 3)
            row["speedup_min"] = round(min(paired), 3)
            row["speedup_max"] = round(max(paired), 3)
        rows.append(row)
        took = time.monotonic() - started
        shown = f" ×{row['speedup']:.2f}" if paired else ""
        print(f"{game_id} {players}p: ratio {row['now']['ratio']:.3f}{shown} ({took:.0f} s)", file=sys.stderr)
    return {"rows": rows}


def _fmt(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def _before(row: dict[str, Any], baseline: dict[tuple[str, int], dict[str, Any]]) -> dict[str, Any] | None:
    if "before" in row:
        return dict(row["before"])
    return baseline.get((row["game"], row["players"]))


def render_doc(results: dict[str, Any], baseline_data: dict[str, Any] | None) -> str:
    baseline = {(r["game"], r["players"]): r["now"] for r in (baseline_data or {}).get("rows", [])}
    same_run = bool(results.get("against"))
    source = (
        f"measured in the same run from revision `{results['against']}`"
        if same_run
        else "from `benchmarks/results/performance_baseline.json`"
        + (
            f" (revision `{baseline_data['revision']}`)"
            if baseline_data and baseline_data.get("revision")
            else ""
        )
    )
    lines = [
        "# Performance",
        "",
        "Generated by `python benchmarks/performance.py"
        + (f" --against {results['against']}" if same_run else "")
        + "` (do not edit by hand); the numbers are in `benchmarks/results/performance.json`.",
        "",
        "How it is measured (`galaxis/bench.py`): random self-play through the public API, one",
        "step per `apply`, timed in CPU time of the measuring process and interleaved in slices of",
        "0.2 s with OpenSpiel's pure-Python `python_tic_tac_toe` played at random in the same",
        "process. **ratio** is game steps per CPU second over tic-tac-toe steps per CPU second,",
        f"the median of {results['repeats']} repeats of {results['seconds']} s (the range in",
        "brackets). **game ms** is the CPU time of one whole random game (the mean length of the",
        "16 pooled games over the steps per second). **clone**, **determinize** (`Match.determinize`",
        "for one seat, which includes a clone) and **observe** (`Match.observation` for one seat) are",
        "CPU µs per call on 16 positions half-way through seeded random games, every seat in turn.",
        f"**before** is the code before the speed work of issue #32, {source}; **×** is the",
        "speed-up of the ratio"
        + (" (the median of the paired repeats)." if same_run else " (now over before)."),
        "",
        *_runs_lines(results),
        f"Machine: {results['machine']}. Run: {results['date']}"
        + (
            f", load average {results['load_average'][0]:.1f} at the start and "
            f"{results['load_average'][1]:.1f} at the end (other work shared the cores; CPU time and "
            "interleaving keep the ratios comparable, the wall clock would not)."
            if results.get("load_average")
            else "."
        ),
        "",
        "| game | players | ratio now | ratio before | × | game ms now | before | clone µs now | before "
        "| determinize µs now | before | observe µs now | before |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in results["rows"]:
        now = row["now"]
        before = _before(row, baseline)
        speedup = row.get("speedup") or (now["ratio"] / before["ratio"] if before else None)

        def pair(key: str, digits: int = 0, now: dict[str, Any] = now, before: Any = before) -> str:
            return f"{_fmt(now[key], digits)} | {_fmt(before[key] if before else None, digits)}"

        lines.append(
            f"| {row['game']} | {row['players']} "
            f"| {now['ratio']:.2f} ({now['ratio_min']:.2f}–{now['ratio_max']:.2f}) "
            f"| {_fmt(before['ratio'] if before else None, 2)} | {_fmt(speedup, 2)} "
            f"| {pair('game_ms', 1)} | {pair('clones_us')} | {pair('determinizations_us')} "
            f"| {pair('observations_us')} |"
        )
    lines += ["", *_budget_lines(results), "", *_scaling_lines(results, baseline), ""]
    lines += [*_workers_lines(), *_identity_lines()]
    return "\n".join(lines)


def _runs_lines(results: dict[str, Any]) -> list[str]:
    """When rows come from several runs (``--update``): which rows each run measured."""
    runs = results.get("runs") or []
    if len(runs) < 2:
        return []
    out = ["The rows come from more than one run (`--update` measures only some cases):", ""]
    for run in runs:
        cases = [f"{r['game']} {r['players']}p" for r in results["rows"] if r.get("date") == run["date"]]
        if not cases:
            continue
        load = run.get("load_average")
        busy = f", load average {load[0]:.1f} → {load[1]:.1f}" if load else ", load not recorded"
        out.append(f"- {run['date']} (revision `{run.get('revision') or '?'}`{busy}): {', '.join(cases)}")
    return [*out, ""]


def _budget_lines(results: dict[str, Any]) -> list[str]:
    """Each game against its budget of ``benchmarks/speed.py`` at the player count it is judged at."""
    from galaxis import bench

    budgets = bench.load_budgets()
    out = [
        "## Budgets (`benchmarks/speed.py`, judged by `galaxis bench --check`)",
        "",
        "| game | players | budget | ratio now | verdict |",
        "|---|---:|---:|---:|---|",
    ]
    for game_id, budget in sorted(budgets.items()):
        players = bench.default_players(game_id)
        row = next((r for r in results["rows"] if r["game"] == game_id and r["players"] == players), None)
        if row is None:
            continue
        ratio = row["now"]["ratio"]
        out.append(
            f"| {game_id} | {players} | {budget:.2f} | {ratio:.2f} | {'pass' if ratio >= budget else 'FAIL'} |"
        )
    return out


def _workers_lines() -> list[str]:
    """The last ``benchmarks/workers.py`` run, if its results are there."""
    path = ROOT / "benchmarks" / "results" / "workers.json"
    if not path.is_file():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    out = [
        "## Parallel runs (`python benchmarks/workers.py`)",
        "",
        f"Run {data['date']}, load average "
        f"{', '.join(f'{x:.1f}' for x in data['load_average'])} on {data['cores']} cores. "
        "Speed-up: wall time of `--workers 1` over `--workers 2` in the same repeat (median, range); "
        "CPU 2/1: all CPU time of the two-worker run over the one-worker run; model: the one-worker "
        "run's CPU time over the two-worker run's critical path (its own CPU time plus its busiest "
        "worker's), what an idle two-core machine would show. *first run*: a fresh process (the "
        "command line); *kept workers*: a process that ran before, its workers kept.",
        "",
        "| workload | mode | repeats | wall s, 1 worker | wall s, 2 workers | speed-up | CPU 2/1 | model |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    ray_lines = []
    for label, entry in data["workloads"].items():
        for mode in ("first_run", "kept_workers"):
            m = entry.get(mode)
            if not m:
                continue
            out.append(
                f"| {label} | {mode.replace('_', ' ')} | {entry.get('repeats', data.get('repeats', '-'))} "
                f"| {m['wall_s']['1']:.2f} | {m['wall_s']['2']:.2f} "
                f"| {m['speedup_2_workers']:.2f} ({m['speedup_range'][0]:.2f}–{m['speedup_range'][1]:.2f}) "
                f"| {m['cpu_2_over_1']:.2f} | {m['speedup_idle_machine_model']:.2f} |"
            )
            if "ray_start_s" in m:
                ray_lines.append(
                    f"- {label}: `ray.init` of a local instance took {m['ray_start_s']:.1f} s (wall); "
                    f"the run on it {m['wall_s']['ray']:.2f} s against {m['wall_s']['1']:.2f} s on one worker."
                )
    if ray_lines:
        out += ["", "Ray (a local instance with two CPUs, started before the run):", "", *ray_lines]
    return [*out, ""]


def _identity_lines() -> list[str]:
    """The step-by-step digests that prove a faster game plays the same (benchmarks/replay_identity.py)."""
    files = sorted((ROOT / "benchmarks" / "results").glob("replay_identity_*.json"))
    if not files:
        return []
    out = [
        "## Behaviour unchanged (`python benchmarks/replay_identity.py check GAME --file FILE`)",
        "",
        "Recorded from the code before a speed change (the revision named): a digest chained over",
        "every step of seeded random games (the whole state after each step, the legal actions, and",
        "every seventh step each seat's observation and a determinization). The check replays the",
        "same games with the changed code and must find every digest equal. A rule change (issue",
        "#29) changes the digests too, so a file is recorded again from main before each speed change.",
        "",
        "| file | recorded from | players | games | steps |",
        "|---|---|---|---:|---:|",
    ]
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        counts = ", ".join(sorted(data["digests"], key=int))
        source = data.get("recorded_from", "the code before #32")
        out.append(f"| `{path.name}` | {source} | {counts} | {data['games']} each | {data['steps']:,} |")
    return [*out, ""]


def _scaling_lines(results: dict[str, Any], baseline: dict[tuple[str, int], dict[str, Any]]) -> list[str]:
    """The cost of a whole random game at the most players over the fewest, per game, split into
    how much longer the game is (steps) and how much dearer each step is."""
    out = [
        "## Cost of a game by player count",
        "",
        "A whole random game at the most players over one at the fewest, in CPU time (now and before),",
        "and its two factors now: how many more steps the game takes (the mean length of the 16 pooled",
        "games; the rules decide it, not the engine's speed) and how much dearer each step is.",
        "",
        "| game | most / fewest players | game cost now | before | steps | cost of a step |",
        "|---|---|---:|---:|---:|---:|",
    ]
    by_game: dict[str, list[dict[str, Any]]] = {}
    for row in results["rows"]:
        by_game.setdefault(row["game"], []).append(row)
    for game_id, rows in by_game.items():
        if len(rows) < 2:
            continue
        lo, hi = min(rows, key=lambda r: r["players"]), max(rows, key=lambda r: r["players"])
        now = hi["now"]["game_ms"] / lo["now"]["game_ms"]
        b_lo, b_hi = _before(lo, baseline), _before(hi, baseline)
        before = b_hi["game_ms"] / b_lo["game_ms"] if b_lo and b_hi else None
        steps = hi["now"]["mean_length"] / lo["now"]["mean_length"]
        out.append(
            f"| {game_id} | {hi['players']} / {lo['players']} | {now:.2f} | {_fmt(before, 2)} "
            f"| {steps:.2f} | {now / steps:.2f} |"
        )
    return out


def _merged(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``new``'s rows in place of ``old``'s for the same cases, ``old``'s other rows kept (in game
    and player order); ``runs`` lists when each group of rows was measured and how loaded the
    machine was."""
    measured = {(r["game"], r["players"]) for r in new["rows"]}
    kept = [dict(r, date=r.get("date", old.get("date"))) for r in old["rows"]]
    rows = [r for r in kept if (r["game"], r["players"]) not in measured] + new["rows"]
    rows.sort(key=lambda r: (r["game"], r["players"]))
    runs = old.get("runs") or [
        {"date": old.get("date"), "revision": old.get("revision"), "load_average": old.get("load_average")}
    ]
    runs = [*runs, {"date": new["date"], "revision": new["revision"], "load_average": new["load_average"]}]
    return {**new, "rows": rows, "runs": runs}


def _machine() -> str:
    import platform

    return f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def _revision(tree: Path) -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=tree, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def main(argv: list[str] | None = None) -> int:
    from galaxis.core.registry import game_ids

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="*", default=None, help="game ids (default: every game)")
    ap.add_argument("--players", nargs="*", type=int, default=None, help="player counts (default: every one)")
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of self-play per case and repeat")
    ap.add_argument("--repeat", type=int, default=3, help="repeats (at least 3 for the documented table)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--against", default=None, help="git revision measured in the same run as 'before'")
    ap.add_argument("--json", default=str(OUT), help="where the numbers go")
    ap.add_argument("--doc", default=str(DOC), help="the Markdown table ('-' for none)")
    ap.add_argument(
        "--update",
        action="store_true",
        help="measure only the cases asked for and keep the other rows of --json (each row says when)",
    )
    args = ap.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: still remove the old worktree
    games = args.games or game_ids()
    cases = [(g, n) for g in games for n in player_counts(g) if args.players is None or n in args.players]
    workers = [Worker("now", ROOT)]
    old_tree: tempfile.TemporaryDirectory[str] | None = None
    try:
        if args.against:
            old_tree = tempfile.TemporaryDirectory(prefix="galaxis-before-")
            subprocess.run(
                ["git", "worktree", "add", "--detach", old_tree.name, args.against],
                cwd=ROOT,
                check=True,
                capture_output=True,
            )
            workers.append(Worker("before", Path(old_tree.name)))
        load_before = os.getloadavg()
        results = measure(cases, workers, args.seconds, args.repeat, args.seed)
        load_after = os.getloadavg()
    finally:
        for w in workers:
            w.close()
        if old_tree is not None:
            subprocess.run(["git", "worktree", "remove", "--force", old_tree.name], cwd=ROOT, check=False)
            old_tree.cleanup()
    results.update(
        benchmark="benchmarks/performance.py",
        clock="cpu",
        seconds=args.seconds,
        repeats=args.repeat,
        seed=args.seed,
        revision=_revision(ROOT),
        against=args.against,
        machine=_machine(),
        date=time.strftime("%Y-%m-%d %H:%M"),
        # the 1-minute load average when the run started and when it ended: how busy the shared machine was
        load_average=[round(load_before[0], 1), round(load_after[0], 1)],
    )
    for row in results["rows"]:
        row["date"] = results["date"]
    if args.update and Path(args.json).is_file():
        results = _merged(json.loads(Path(args.json).read_text(encoding="utf-8")), results)
    Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if args.doc != "-":
        baseline = json.loads(BASELINE.read_text(encoding="utf-8")) if BASELINE.is_file() else None
        Path(args.doc).write_text(render_doc(results, baseline), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
