"""Load benchmark of the web service (not a unit test).

N concurrent matches on loopback, all through the run (a client whose match
ends creates the next one): in each, seat 0 is a scripted client that follows
the match over its WebSocket and plays over HTTP after a short "thinking"
pause (``--think``), the other seats are server-side bots.

Measured: the action latency, from sending a client's ``POST .../actions`` to
receiving its acknowledgement (the server commits the move before it answers;
the bots' thinking is not in it, they move in their own turns), p50/p99, and
client actions/s; against the p99 of a bare ``GET /healthz`` probed throughout
the same run over the same kind of connection. Budget: p99(action) < 5 x
p99(healthz).

Every client holds its own keep-alive connection (as a browser tab does), and
the generator reports its own event-loop lag and CPU time: when the lag grows,
the generator, not the server, is what is being measured.

    .venv/bin/python benchmarks/load.py --matches 200 --seconds 60 [--json out.json]
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000 [--server-pid PID]   # a running server

Bounded in time (``--seconds``) and optionally in count (``--actions`` per client).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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


class HttpError(Exception):
    pass


class Http:
    """One keep-alive connection (what one browser tab or script holds): an
    ``httpx.AsyncClient`` of its own, limited to one connection.

    One client per simulated user, not one shared pool: a pool shared by 200
    users costs O(connections) per request and made the generator, not the
    server, the bottleneck. Every request, the /healthz probe's included, goes
    through this same code, so the generator's overhead is in both sides of the
    ratio alike.
    """

    def __init__(self, host: str, port: int) -> None:
        self.base = f"http://{host}:{port}"
        self._client: httpx.AsyncClient | None = None

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
        self._client = None

    async def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        """Sends one request and returns (status, decoded JSON body or text)."""
        if self._client is None:
            self._client = httpx.AsyncClient(
                base_url=self.base,
                timeout=None,
                limits=httpx.Limits(max_connections=1, max_keepalive_connections=1),
            )
        try:
            reply = await self._client.request(method, path, json=body, headers=headers)
        except httpx.HTTPError as exc:
            raise HttpError(str(exc)) from exc
        if not reply.content:
            return reply.status_code, None
        try:
            return reply.status_code, reply.json()
        except ValueError:
            return reply.status_code, reply.text


async def client(
    host: str,
    port: int,
    ws_base: str,
    args: argparse.Namespace,
    deadline: float,
    latencies: list[float],
    stamps: list[float],
    errors: list[str],
    seed: int,
) -> tuple[int, int]:
    """One seat of concurrent play: a match at a time, a new one when it ends, until
    the deadline or the action cap; returns (actions, matches)."""
    rng = random.Random(seed)
    await asyncio.sleep(rng.random() * max(args.think, 1.0))  # clients do not all start at once
    http = Http(host, port)
    done = matches = 0
    try:
        while done < args.actions and time.monotonic() < deadline:
            played = await play_match(http, ws_base, args, deadline, latencies, stamps, errors, rng, done)
            if played is None:
                break
            done += played
            matches += 1
        return done, matches
    finally:
        await http.close()


async def play_match(
    http: Http,
    ws_base: str,
    args: argparse.Namespace,
    deadline: float,
    latencies: list[float],
    stamps: list[float],
    errors: list[str],
    rng: random.Random,
    done: int,
) -> int | None:
    """Creates a match and plays seat 0 until its end, the deadline or the action cap;
    None after an error."""
    status, data = await http.request(
        "POST",
        "/api/matches",
        {
            "game": args.game,
            "players": args.players,
            "seed": rng.randrange(2**32),
            "seats": ["human"] + [f"bot:{args.bot}"] * (args.players - 1),
        },
    )
    if status != 201:
        errors.append(f"create: {status} {str(data)[:100]}")
        return None
    mid, token = data["id"], data["tokens"][0]
    headers = {"X-Seat-Token": token}
    played = 0
    async with websockets.connect(f"{ws_base}/api/matches/{mid}/ws", open_timeout=60, max_queue=None) as ws:
        await ws.send(json.dumps({"token": token}))
        while done + played < args.actions and time.monotonic() < deadline:
            status, st = await http.request("GET", f"/api/matches/{mid}", headers=headers)
            if status != 200:
                errors.append(f"state: {status} {str(st)[:100]}")
                return None
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
            status, reply = await http.request(
                "POST",
                f"/api/matches/{mid}/actions",
                headers=headers,
                body={"notation": rng.choice(st["legal"]), "seq": st["seq"]},
            )
            if status == 200:
                latencies.append(time.perf_counter() - began)
                stamps.append(began)
                played += 1
            elif status != 409:  # 409: a bot moved first in a simultaneous phase
                errors.append(f"action: {status} {str(reply)[:100]}")
                return None
    return played


async def probe(
    host: str, port: int, stop: asyncio.Event, samples: list[float], stamps: list[float], period: float
) -> None:
    http = Http(host, port)
    try:
        while not stop.is_set():
            began = time.perf_counter()
            try:
                status, _ = await http.request("GET", "/healthz")
            except (OSError, asyncio.IncompleteReadError, HttpError):
                await http.close()
                continue  # a dropped keep-alive connection: measure again
            if status == 200:
                samples.append(time.perf_counter() - began)
                stamps.append(began)
            await asyncio.sleep(period)
    finally:
        await http.close()


async def loop_lag(stop: asyncio.Event, samples: list[float], period: float = 0.01) -> None:
    """How late the generator's own event loop wakes up: when this grows, the
    generator (not the server) is the bottleneck and the numbers say little."""
    while not stop.is_set():
        began = time.perf_counter()
        await asyncio.sleep(period)
        samples.append(time.perf_counter() - began - period)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux), for the report."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(url: str, args: argparse.Namespace, server_pid: int | None = None) -> dict[str, Any]:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    latencies: list[float] = []
    action_at: list[float] = []
    health: list[float] = []
    health_at: list[float] = []
    lag: list[float] = []
    errors: list[str] = []
    ws_base = url.replace("http://", "ws://")
    # baseline /healthz with no load
    idle: list[float] = []
    http = Http(host, port)
    for _ in range(50):
        began = time.perf_counter()
        await http.request("GET", "/healthz")
        idle.append(time.perf_counter() - began)
    await http.close()
    stop = asyncio.Event()
    side = [
        asyncio.create_task(probe(host, port, stop, health, health_at, args.probe_period)),
        asyncio.create_task(loop_lag(stop, lag)),
    ]
    server_cpu0 = cpu_seconds(server_pid) if server_pid else None
    own_cpu0 = time.process_time()
    began = time.monotonic()
    began_perf = time.perf_counter()
    deadline = began + args.seconds
    counts = await asyncio.gather(
        *[
            client(host, port, ws_base, args, deadline, latencies, action_at, errors, i)
            for i in range(args.matches)
        ],
        return_exceptions=True,
    )
    elapsed = time.monotonic() - began
    stop.set()
    await asyncio.gather(*side)
    server_cpu1 = cpu_seconds(server_pid) if server_pid else None
    failures = [repr(c) for c in counts if isinstance(c, BaseException)]
    actions = sum(c[0] for c in counts if isinstance(c, tuple))
    matches_started = sum(c[1] for c in counts if isinstance(c, tuple))
    p99_action, p99_health = percentile(latencies, 0.99), percentile(health, 0.99)
    report: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": {
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_1min_at_start": args.load_before,
        },
        "matches": args.matches,
        "game": args.game,
        "players": args.players,
        "bot": args.bot,
        "think_s": args.think,
        "bot_processes": args.bot_processes,
        "matches_started": matches_started,
        "client_actions": actions,
        "seconds": round(elapsed, 2),
        "actions_per_s": round(actions / elapsed, 1),
        "action_p50_ms": round(percentile(latencies, 0.5) * 1000, 2),
        "action_p99_ms": round(p99_action * 1000, 2),
        "action_mean_ms": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        "healthz_idle_p99_ms": round(percentile(idle, 0.99) * 1000, 2),
        "healthz_samples": len(health),
        "healthz_p50_ms": round(percentile(health, 0.5) * 1000, 2),
        "healthz_p99_ms": round(p99_health * 1000, 2),
        "ratio_p99": round(p99_action / p99_health, 2) if health and latencies else None,
        "budget_ok": bool(health and latencies and p99_action < 5 * p99_health),
        "generator_lag_p50_ms": round(percentile(lag, 0.5) * 1000, 2),
        "generator_lag_p99_ms": round(percentile(lag, 0.99) * 1000, 2),
        "generator_cpu_s": round(time.process_time() - own_cpu0, 1),
        "server_cpu_s": round(server_cpu1 - server_cpu0, 1)
        if server_cpu0 is not None and server_cpu1
        else None,
        "server_cpu_ms_per_client_action": round((server_cpu1 - server_cpu0) * 1000 / actions, 2)
        if server_cpu0 is not None and server_cpu1 and actions
        else None,
        "windows": windows(began_perf, action_at, latencies, health_at, health),
        "errors": (errors + failures)[:10],
        "error_count": len(errors) + len(failures),
    }
    return report


def windows(
    start: float,
    action_at: list[float],
    actions: list[float],
    health_at: list[float],
    health: list[float],
    width: float = 10.0,
) -> list[dict[str, Any]]:
    """p99 of actions and /healthz per ``width`` seconds of the run (where the tail comes from)."""
    out = []
    last = max([*action_at, *health_at], default=start)
    for k in range(int((last - start) // width) + 1):
        lo, hi = start + k * width, start + (k + 1) * width
        a = [x for t, x in zip(action_at, actions, strict=True) if lo <= t < hi]
        h = [x for t, x in zip(health_at, health, strict=True) if lo <= t < hi]
        out.append(
            {
                "from_s": k * width,
                "actions": len(a),
                "action_p99_ms": round(percentile(a, 0.99) * 1000, 1),
                "healthz_p99_ms": round(percentile(h, 0.99) * 1000, 1),
            }
        )
    return out


def run_loop(coro: Any) -> Any:
    """Runs the generator on uvloop when installed (uvicorn serves on it too)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="time bound of the run")
    parser.add_argument("--actions", type=int, default=100_000, help="actions per scripted client at most")
    parser.add_argument("--game", default="smugglers")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="random")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean seconds a scripted client waits before each move (0: as fast as possible)",
    )
    parser.add_argument("--url", help="an already running server (default: start one on a temp SQLite file)")
    parser.add_argument(
        "--server-pid", type=int, help="with --url: the server's process id, to report its CPU time"
    )
    parser.add_argument(
        "--bot-processes", type=int, help="passed to the started server (0: bots think in threads)"
    )
    parser.add_argument("--db", help="database URL for the started server (default: a temp SQLite file)")
    parser.add_argument("--probe-period", type=float, default=0.02, help="seconds between /healthz probes")
    parser.add_argument("--json", help="write the report here too")
    args = parser.parse_args()
    args.load_before = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    if (
        not 1 <= args.matches <= 2000
        or args.seconds <= 0
        or args.actions < 1
        or args.think < 0
        or args.probe_period <= 0
    ):
        parser.error(
            "--matches must be 1..2000, --seconds, --actions and --probe-period positive, "
            "--think not negative"
        )
    if args.url is not None and not args.url.startswith("http://"):
        parser.error("--url must be an http:// URL")
    proc = None
    url = args.url
    tmp = tempfile.TemporaryDirectory()
    try:
        if url is None:
            port = free_port()
            db = args.db or f"sqlite:///{Path(tmp.name) / 'load.db'}"
            log = open(Path(tmp.name) / "server.log", "wb")  # noqa: SIM115
            extra = [] if args.bot_processes is None else ["--bot-processes", str(args.bot_processes)]
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "galaxis.server.cli",
                    "serve",
                    "--db",
                    db,
                    "--port",
                    str(port),
                    "--no-rate-limits",  # every simulated user comes from 127.0.0.1
                    *extra,
                ],
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            url = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            else:
                sys.exit("load: the server did not start")
        report = run_loop(run(url, args, proc.pid if proc is not None else args.server_pid))
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
