"""Load benchmark of the web service (not a unit test).

N concurrent matches on loopback: in each, seat 0 is a scripted client that
follows the match over its WebSocket and plays over HTTP after a short
"thinking" pause (``--think``), the other seats are server-side bots. Reports p50/p99 action latency (POST .../actions, from send to
acknowledgement) and actions/s, against the p99 of a bare ``GET /healthz``
probed throughout the same run. Budget: p99(action) < 5 x p99(healthz).

    .venv/bin/python benchmarks/load.py --matches 200 --seconds 60 [--json out.json]
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000   # an already running server

Bounded in count (``--actions`` per client) and in time (``--seconds``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def client(http: httpx.AsyncClient, ws_base: str, args: argparse.Namespace, deadline: float,
                 latencies: list[float], errors: list[str], seed: int) -> int:
    """One match: create it, then play seat 0 until the end, the action cap or the deadline."""
    game, players, bot, max_actions = args.game, args.players, args.bot, args.actions
    rng = random.Random(seed)
    await asyncio.sleep(rng.random() * args.think)  # clients do not all start at once
    r = await http.post("/api/matches", json={"game": game, "players": players, "seed": seed,
                                               "seats": ["human"] + [f"bot:{bot}"] * (players - 1)})
    if r.status_code != 201:
        errors.append(f"create: {r.status_code} {r.text[:100]}")
        return 0
    mid, token = r.json()["id"], r.json()["tokens"][0]
    headers = {"X-Seat-Token": token}
    done = 0
    async with websockets.connect(f"{ws_base}/api/matches/{mid}/ws?token={token}", open_timeout=30) as ws:
        while done < max_actions and time.monotonic() < deadline:
            st = (await http.get(f"/api/matches/{mid}", headers=headers)).json()
            if st["over"]:
                break
            if 0 not in st["to_move"]:
                # Wait for the bots' moves to arrive over the WebSocket.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
                continue
            if args.think:
                await asyncio.sleep(args.think * (0.5 + rng.random()))  # a player's thinking time
            began = time.perf_counter()
            r = await http.post(f"/api/matches/{mid}/actions", headers=headers,
                                json={"notation": rng.choice(st["legal"]), "seq": st["seq"]})
            if r.status_code == 200:
                latencies.append(time.perf_counter() - began)
                done += 1
            elif r.status_code != 409:  # 409: a bot moved first in a simultaneous phase
                errors.append(f"action: {r.status_code} {r.text[:100]}")
                break
    return done


async def probe(http: httpx.AsyncClient, stop: asyncio.Event, samples: list[float]) -> None:
    while not stop.is_set():
        began = time.perf_counter()
        try:
            r = await http.get("/healthz")
        except httpx.HTTPError:
            continue  # a dropped keep-alive connection: measure again
        if r.status_code == 200:
            samples.append(time.perf_counter() - began)
        await asyncio.sleep(0.02)


async def run(url: str, args: argparse.Namespace) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=args.matches + 20, max_keepalive_connections=args.matches + 20)
    latencies: list[float] = []
    health: list[float] = []
    errors: list[str] = []
    ws_base = url.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60.0) as http, \
            httpx.AsyncClient(base_url=url, timeout=60.0) as prober:
        # baseline /healthz with no load
        idle: list[float] = []
        for _ in range(50):
            began = time.perf_counter()
            await prober.get("/healthz")
            idle.append(time.perf_counter() - began)
        stop = asyncio.Event()
        probe_task = asyncio.create_task(probe(prober, stop, health))
        began = time.monotonic()
        deadline = began + args.seconds
        counts = await asyncio.gather(*[
            client(http, ws_base, args, deadline, latencies, errors, i)
            for i in range(args.matches)
        ], return_exceptions=True)
        elapsed = time.monotonic() - began
        stop.set()
        await probe_task
    failures = [repr(c) for c in counts if isinstance(c, BaseException)]
    actions = sum(c for c in counts if isinstance(c, int))
    p99_action, p99_health = percentile(latencies, 0.99), percentile(health, 0.99)
    return {
        "matches": args.matches, "game": args.game, "players": args.players, "bot": args.bot, "think_s": args.think,
        "client_actions": actions, "seconds": round(elapsed, 2), "actions_per_s": round(actions / elapsed, 1),
        "action_p50_ms": round(percentile(latencies, 0.5) * 1000, 2),
        "action_p99_ms": round(p99_action * 1000, 2),
        "action_mean_ms": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        "healthz_idle_p99_ms": round(percentile(idle, 0.99) * 1000, 2),
        "healthz_p50_ms": round(percentile(health, 0.5) * 1000, 2),
        "healthz_p99_ms": round(p99_health * 1000, 2),
        "ratio_p99": round(p99_action / p99_health, 2) if health and latencies else None,
        "budget_ok": bool(health and latencies and p99_action < 5 * p99_health),
        "errors": (errors + failures)[:10], "error_count": len(errors) + len(failures),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="time bound of the run")
    parser.add_argument("--actions", type=int, default=30, help="actions per scripted client at most")
    parser.add_argument("--game", default="smugglers")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a scripted client waits before each move (0: as fast as possible)")
    parser.add_argument("--url", help="an already running server (default: start one on a temp SQLite file)")
    parser.add_argument("--db", help="database URL for the started server (default: a temp SQLite file)")
    parser.add_argument("--json", help="write the report here too")
    args = parser.parse_args()
    if not 1 <= args.matches <= 2000 or args.seconds <= 0 or args.actions < 1 or args.think < 0:
        parser.error("--matches must be 1..2000, --seconds and --actions positive, --think not negative")
    proc = None
    url = args.url
    tmp = tempfile.TemporaryDirectory()
    try:
        if url is None:
            port = free_port()
            db = args.db or f"sqlite:///{Path(tmp.name) / 'load.db'}"
            log = open(Path(tmp.name) / "server.log", "wb")  # noqa: SIM115
            proc = subprocess.Popen(
                [sys.executable, "-m", "galaxis.server.cli", "serve", "--db", db, "--port", str(port)],
                cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=log, stderr=subprocess.STDOUT)
            url = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            else:
                sys.exit("load: the server did not start")
        report = asyncio.run(run(url, args))
        if proc is not None and proc.poll() is not None:
            report["server_exit_code"] = proc.returncode
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
            server_log = (Path(tmp.name) / "server.log").read_text(errors="replace")
            if "Traceback" in server_log:
                print(server_log[-3000:], file=sys.stderr)
        tmp.cleanup()
    print(json.dumps(report, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
