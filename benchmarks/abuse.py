"""The abuse benchmark (#26): honest matches keep their latency while attackers flood.

Two phases against a fresh ``galaxis serve`` each (SQLite in a temporary directory,
rate limits on, as deployed):

1. quiet: ``--matches`` honest clients (each from its own loopback address, as
   different players are) play Space Smugglers against server bots, a few of them
   against a search bot (``mcts``) so the worker processes are busy;
2. attack: the same honest clients, while attackers (from ``--attackers`` other
   loopback addresses) open ``--sockets`` WebSockets, post ``--junk`` junk bodies
   (bytes, broken JSON, deep arrays, wrong types, forged actions) and ``--decks``
   absurd Káosz deck texts.

It reports the honest clients' p50/p99 action latency (sending ``POST .../actions``
until its acknowledgement) in both phases and their ratio (budget: attack p99 at
most 3 x quiet p99), what the attackers got (status codes, close codes), and then
kills the server with SIGKILL and checks that none of its worker processes outlives
it. CPU times of both sides are reported (the machine is shared).

    .venv/bin/python benchmarks/abuse.py --json benchmarks/results/abuse.json
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import concurrent.futures
import contextlib
import json
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
SEARCH_BOT = "bot:mcts:iters=150"
QUICK_BOT = "bot:heuristic"


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux /proc)."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children[int(fields[1])].append(int(entry))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    def __init__(self, tmp: Path, name: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(tmp / f"{name}.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "galaxis.server.cli",
                "serve",
                "--db",
                f"sqlite:///{tmp / (name + '.db')}",
                "--port",
                str(self.port),
                "--bot-processes",
                "2",
                "--bot-seconds",
                "10",
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        for _ in range(600):
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        sys.exit("abuse: the server did not start")

    def kill_and_check_orphans(self) -> dict[str, Any]:
        workers = sorted(descendants(self.proc.pid))
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        deadline = time.monotonic() + 10
        while any(alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in workers if alive(p)]
        for p in left:  # do not leave them behind for the next run
            os.kill(p, signal.SIGKILL)
        return {"workers_before_kill": len(workers), "workers_alive_10s_after_sigkill": len(left)}


async def call(http: httpx.AsyncClient, method: str, path: str, **kw: Any) -> httpx.Response:
    """One request; sent again once if the keep-alive connection was closed under it
    (uvicorn closes idle ones after 5 s, a race with a request sent at that moment)."""
    try:
        return await http.request(method, path, **kw)
    except httpx.TransportError:
        return await http.request(method, path, **kw)


def client_for(address: str, base: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address, limits=httpx.Limits(max_connections=4))
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=60)


async def honest(
    index: int, base: str, ws_base: str, end: list[float], latencies: list[float], errors: list[str]
) -> int:
    """One player (its own address) playing matches one after another until ``end[0]``
    (a list: the attack phase moves the end to when the attack is over)."""
    address = f"127.0.0.{10 + index}"
    rng = random.Random(index)
    bot = SEARCH_BOT if index % 5 == 0 else QUICK_BOT
    moves = 0
    async with client_for(address, base) as http:
        while time.monotonic() < end[0]:
            r = await http.post(
                "/api/matches", json={"game": "smugglers", "players": 2, "seats": ["human", bot]}
            )
            if r.status_code != 201:
                errors.append(f"create {r.status_code}")
                await asyncio.sleep(1)
                continue
            mid, token = r.json()["id"], r.json()["tokens"][0]
            headers = {"X-Seat-Token": token}
            async with websockets.connect(
                f"{ws_base}/api/matches/{mid}/ws", local_addr=(address, 0), open_timeout=60, max_queue=None
            ) as ws:
                await ws.send(json.dumps({"token": token}))
                while time.monotonic() < end[0]:
                    st = (await call(http, "GET", f"/api/matches/{mid}", headers=headers)).json()
                    if st.get("over"):
                        break
                    if 0 not in st.get("to_move", []):
                        with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
                            await asyncio.wait_for(
                                ws.recv(), timeout=max(0.1, min(2.0, end[0] - time.monotonic()))
                            )
                        continue
                    await asyncio.sleep(0.2 * rng.random())  # a quick player's thinking time
                    began = time.perf_counter()
                    reply = await call(
                        http,
                        "POST",
                        f"/api/matches/{mid}/actions",
                        headers=headers,
                        json={"notation": rng.choice(st["legal"]), "seq": st["seq"]},
                    )
                    took = time.perf_counter() - began
                    if reply.status_code == 200:
                        latencies.append(took)
                        moves += 1
                    elif reply.status_code != 409:  # a bot moved first: fetch again
                        errors.append(f"action {reply.status_code}")
    return moves


def junk_bodies(rng: random.Random) -> tuple[str, bytes]:
    kind = rng.randrange(7)
    if kind == 0:
        return "/api/matches", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2000)))
    if kind == 1:
        return "/api/matches", b'{"game": "smugglers", "players": ' + b"9" * 5000 + b"}"
    if kind == 2:
        return "/api/replay", b'{"match": ' + b"[" * 20000 + b"]" * 20000 + b"}"
    if kind == 3:
        body = {"game": "smugglers", "players": "2", "seats": ["human", "bot:mcts:iters=999999999"]}
        return "/api/matches", json.dumps(body).encode()
    if kind == 4:
        return "/api/matches/nosuchmatch/actions", json.dumps({"notation": "x" * 150, "seq": None}).encode()
    if kind == 5:
        return "/api/matches", json.dumps({"game": "kaosz", "options": {"setup": {"x": [1] * 5000}}}).encode()
    return "/api/replay", json.dumps({"match": {"game": "smugglers", "players": 2, "seed": -5}}).encode()


async def attack(base: str, ws_base: str, args: argparse.Namespace) -> dict[str, Any]:
    addresses = [f"127.0.1.{i + 1}" for i in range(args.attackers)]
    statuses: collections.Counter[str] = collections.Counter()
    closes: collections.Counter[str] = collections.Counter()
    rng = random.Random(7)
    clients = [client_for(a, base) for a in addresses]

    async def post(i: int, path: str, body: bytes) -> None:
        try:
            r = await clients[i % len(clients)].post(
                path, content=body, headers={"Content-Type": "application/json"}
            )
            statuses[str(r.status_code)] += 1
        except httpx.HTTPError as exc:
            statuses[type(exc).__name__] += 1

    async def junk(worker: int) -> None:
        for i in range(worker, args.junk, 50):
            path, body = junk_bodies(rng)
            await post(i, path, body)

    async def decks(worker: int) -> None:
        for i in range(worker, args.decks, 10):
            count = "30000000" if i % 2 else "999999999999999999999"
            body = {
                "game": "kaosz",
                "players": 2,
                "seats": ["human", "open"],
                "options": {"setup": {"decks": {"0": f"{count} Cobra Flash"}}},
            }
            await post(i, "/api/matches", json.dumps(body).encode())

    async def socket(i: int) -> None:
        """One of the sockets, all opened at once: kept open (watching) for 10 s if let in."""
        address = addresses[i % len(addresses)]
        try:
            async with websockets.connect(
                f"{ws_base}/api/matches/{target}/ws", local_addr=(address, 0), open_timeout=60
            ) as ws:
                await ws.send(json.dumps({"token": None}))
                try:
                    while True:
                        await asyncio.wait_for(ws.recv(), timeout=10)
                except websockets.ConnectionClosed as exc:
                    closes[str(exc.rcvd.code if exc.rcvd else "none")] += 1
                except TimeoutError:
                    closes["held 10 s"] += 1
        except websockets.ConnectionClosed as exc:  # closed while sending the first message
            closes[str(exc.rcvd.code if exc.rcvd else "none")] += 1
        except Exception as exc:  # refused before the upgrade
            closes[type(exc).__name__] += 1

    # The sockets watch a real match as spectators, so each one that is let in is held.
    r = await clients[0].post(
        "/api/matches", json={"game": "smugglers", "players": 2, "seats": ["human", "open"]}
    )
    target = r.json()["id"] if r.status_code == 201 else "nosuchmatch"
    began = time.monotonic()
    await asyncio.gather(
        *(junk(w) for w in range(50)),
        *(decks(w) for w in range(10)),
        *(socket(i) for i in range(args.sockets)),
    )
    for c in clients:
        await c.aclose()
    return {
        "attacker_addresses": len(addresses),
        "http_statuses": dict(sorted(statuses.items())),
        "websocket_outcomes": dict(sorted(closes.items())),
        "seconds": round(time.monotonic() - began, 1),
    }


def run_attack(base: str, ws_base: str, args: argparse.Namespace) -> dict[str, Any]:
    began = time.process_time()
    report = asyncio.run(attack(base, ws_base, args))
    report["attacker_cpu_s"] = round(time.process_time() - began, 1)
    return report


async def phase(server: Server, args: argparse.Namespace, with_attack: bool) -> dict[str, Any]:
    ws_base = server.url.replace("http", "ws")
    latencies: list[float] = []
    errors: list[str] = []
    cpu0, own0 = cpu_seconds(server.proc.pid), time.process_time()
    began = time.monotonic()
    end = [began + args.seconds if not with_attack else float("inf")]
    players = [honest(i, server.url, ws_base, end, latencies, errors) for i in range(args.matches)]
    attacked: dict[str, Any] | None = None
    if with_attack:
        # The attack runs in a process of its own: sharing the honest players' event
        # loop, it would slow them itself and the generator would be measured. The
        # honest players play on until the attack is over (at least --seconds).
        loop = asyncio.get_running_loop()
        with concurrent.futures.ProcessPoolExecutor(1) as pool:
            attacking = loop.run_in_executor(pool, run_attack, server.url, ws_base, args)
            playing = asyncio.gather(*players)
            attacked = await attacking
            end[0] = max(began + args.seconds, time.monotonic())
            await playing
    else:
        await asyncio.gather(*players)
    return {
        "seconds": round(time.monotonic() - began, 1),
        "honest_actions": len(latencies),
        "p50_ms": round(percentile(latencies, 0.5) * 1000, 1),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "honest_errors": dict(collections.Counter(errors)),
        "server_cpu_s": round(cpu_seconds(server.proc.pid) - cpu0, 1),
        "generator_cpu_s": round(time.process_time() - own0, 1),
        "attack": attacked,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=20, help="honest players, each on its own address")
    parser.add_argument("--seconds", type=float, default=45.0, help="length of each phase")
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--junk", type=int, default=10_000)
    parser.add_argument("--decks", type=int, default=100)
    parser.add_argument("--attackers", type=int, default=4, help="loopback addresses the attack comes from")
    parser.add_argument("--json", help="write the report here too")
    args = parser.parse_args()
    if not 1 <= args.matches <= 200 or not 1 <= args.attackers <= 250 or args.seconds <= 0:
        parser.error("--matches 1..200, --attackers 1..250, --seconds positive")
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        quiet_server = Server(Path(tmp), "quiet")
        try:
            quiet = asyncio.run(phase(quiet_server, args, with_attack=False))
        finally:
            quiet_orphans = quiet_server.kill_and_check_orphans()
        attack_server = Server(Path(tmp), "attack")
        try:
            attacked = asyncio.run(phase(attack_server, args, with_attack=True))
            healthy = httpx.get(f"{attack_server.url}/healthz", timeout=10).status_code == 200
        finally:
            orphans = attack_server.kill_and_check_orphans()
    ratio = attacked["p99_ms"] / quiet["p99_ms"] if quiet["p99_ms"] else float("nan")
    report = {
        "benchmark": "abuse",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "load_before": load_before},
        "settings": vars(args) | {"json": None},
        "quiet": quiet,
        "attack": attacked,
        "p99_ratio": round(ratio, 2),
        "budget_ratio": 3.0,
        "within_budget": ratio <= 3.0,
        "server_answered_after_attack": healthy,
        "orphans": {"quiet": quiet_orphans, "attack": orphans},
        "no_orphans": quiet_orphans["workers_alive_10s_after_sigkill"] == 0
        and orphans["workers_alive_10s_after_sigkill"] == 0,
        "load_after": os.getloadavg()[0],
    }
    text = json.dumps(report, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")


if __name__ == "__main__":
    main()
