"""Bots on the server: spec caps, and worker processes that are stopped, not ignored.

A search bot thinks in a worker process of its own (pure-Python search in a thread
would hold the GIL and slow every request). Each decision has a wall-clock deadline;
a worker that passes it is killed and replaced, so a runaway search never keeps a
core busy after its move was made for it. Workers die with the server: on Linux
the kernel kills them when the server dies (``PR_SET_PDEATHSIG``, also after a
SIGKILL), and each worker also watches its parent and exits when it is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import math
import multiprocessing
import os
import pickle
import re
import signal
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

import galaxis
from galaxis.agents.spec import parse_spec
from galaxis.core.errors import BadAgentSpec
from galaxis.core.messages import Catalogue

SERVER = Catalogue.for_package(__name__)  # galaxis/server/data/messages.yaml

log = logging.getLogger("galaxis.server")

# Caps on every bot spec the server accepts (agents themselves accept more, for research):
# a named agent or level, or a search agent with one budget, ``iters=N`` or ``ms=N``.
MAX_ITERS = 9_999
MAX_MS = 9_999
MAX_PARAM = 1_000_000
BUDGETED = ("mcts", "ismcts", "guided")
# Agents that answer in about a millisecond think in a thread; every other spec
# (the search agents and the search levels) thinks in a worker process.
QUICK_AGENTS = frozenset({"random", "greedy", "heuristic", "noisy", "easy", "normal"})
# Wall-clock seconds a level's decision may take before its worker is stopped
# (its CPU cap, from the bot-levels contract, with room for a loaded machine).
LEVEL_SECONDS = {"hard": 1.0, "expert": 3.0}


def check_bot_spec(spec: str) -> str:
    """The spec if the server may run it: a known agent whose ``iters`` (at most
    ``MAX_ITERS``), ``ms`` (at most ``MAX_MS``) and other numbers are bounded;
    ``BadAgentSpec`` otherwise."""
    _, params = parse_spec(spec)
    for key, value in params.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if not math.isfinite(value) or abs(value) > MAX_PARAM:
            raise BadAgentSpec(SERVER("spec_out_of_range", spec=repr(spec), key=key, value=value))
    iters, ms = params.get("iters"), params.get("ms")
    if iters is not None and (
        isinstance(iters, bool) or not isinstance(iters, int) or not 1 <= iters <= MAX_ITERS
    ):
        raise BadAgentSpec(SERVER("spec_iters", spec=repr(spec), limit=MAX_ITERS))
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, int | float) or not 1 <= ms <= MAX_MS):
        raise BadAgentSpec(SERVER("spec_ms", spec=repr(spec), limit=MAX_MS))
    galaxis.agent(spec, seed=0)  # the agent's own checks: its name and parameters
    return spec


def server_agents() -> list[str]:
    """The agent names a server seat may name (every registered agent)."""
    from galaxis.agents import AGENTS, _load_search_agents

    _load_search_agents()
    return sorted(AGENTS)


def seat_pattern() -> str:
    """The grammar of a seat in ``POST /api/matches`` (published in the OpenAPI schema)."""
    names = "|".join(re.escape(n) for n in server_agents())
    budgeted = "|".join(n for n in BUDGETED if n in server_agents())
    bots = f"bot:({names})" + (f"|bot:({budgeted}):(iters|ms)=[1-9][0-9]{{0,3}}" if budgeted else "")
    return f"^(human|open|{bots})$"


def check_seat_spec(index: int, spec: str) -> None:
    """``BadAgentSpec`` naming the seat unless ``spec`` follows ``seat_pattern()``."""
    if not isinstance(spec, str) or not re.fullmatch(seat_pattern(), spec):
        budgets = ", ".join(f"{n}:iters=N, {n}:ms=N" for n in BUDGETED if n in server_agents())
        raise BadAgentSpec(
            SERVER(
                "seat_grammar",
                seat=index,
                agents=", ".join(server_agents()),
                budgets=", " + budgets if budgets else "",
                limit=MAX_ITERS,
                spec=repr(spec),
            )
        )


def is_quick(spec: str) -> bool:
    return parse_spec(spec)[0] in QUICK_AGENTS


def deadline_of(spec: str, budget_s: float) -> float:
    """Wall-clock seconds a decision of ``spec`` may take: the server's budget, or less
    for a spec with a time cap of its own (three times it plus two seconds of grace)."""
    name, params = parse_spec(spec)
    own = params.get("ms")
    seconds = own / 1000 if isinstance(own, int | float) and not isinstance(own, bool) else None
    if seconds is None:
        seconds = LEVEL_SECONDS.get(name)
    if seconds is None:
        return budget_s
    return min(budget_s, seconds * 3 + 2.0)


# --- the worker process ----------------------------------------------------------------


def _die_with_parent(parent: int) -> None:
    """Ends this process when ``parent`` dies, even by SIGKILL."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(0)

    def watch() -> None:  # other systems, and a safety net
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="galaxis-parent-watch", daemon=True).start()


def worker_main(conn: Connection, parent: int) -> None:
    """A worker's loop: (pickled match, seat, spec, seed) in, ("ok", notation) or ("error", text) out."""
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C is the server's to handle
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            match, seat, spec, seed = pickle.loads(data)
            reply: tuple[str, str] = ("ok", str(galaxis.agent(spec, seed=seed).act(match, seat).notation))
        except Exception as exc:  # reported to the server, which logs it
            reply = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


# --- the pool, in the server -----------------------------------------------------------


class Overran(Exception):
    """A decision passed its deadline; its worker was killed."""


@dataclass(eq=False)
class Worker:
    process: Any  # multiprocessing's SpawnProcess
    conn: Connection

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()


class WorkerPool:
    """Up to ``size`` worker processes, started on first use (from the event loop's
    thread, so that the kernel's parent-death signal is tied to the server's main thread)."""

    def __init__(self, size: int) -> None:
        self.size = max(1, size)
        self.context = multiprocessing.get_context("spawn")  # never fork a threaded process
        self.idle: list[Worker] = []
        self.busy: set[Worker] = set()
        self.slots: asyncio.Semaphore | None = None
        self.closed = False
        self.killed = 0  # workers stopped at a deadline (for tests and logs)

    def _spawn(self) -> Worker:
        ours, theirs = self.context.Pipe(duplex=True)
        process = self.context.Process(
            target=worker_main, args=(theirs, os.getpid()), name="galaxis-bot-worker", daemon=True
        )
        process.start()
        theirs.close()
        return Worker(process, ours)

    def pids(self) -> list[int]:
        return [w.process.pid for w in [*self.idle, *self.busy] if w.process.pid is not None]

    async def think(self, match: galaxis.Match, seat: int, spec: str, seed: int, deadline_s: float) -> str:
        """The bot's move; ``Overran`` (its worker killed) after ``deadline_s`` seconds."""
        if self.closed:
            raise RuntimeError("the worker pool is closed")
        if self.slots is None:
            self.slots = asyncio.Semaphore(self.size)
        # Pickled here, on the loop: the match's caches may change while a thread pickles.
        payload = pickle.dumps((match.clone(), seat, spec, seed))
        async with self.slots:
            worker = self.idle.pop() if self.idle else self._spawn()
            self.busy.add(worker)
            healthy = False
            try:
                reply = await asyncio.wait_for(self._ask(worker, payload), deadline_s)
                healthy = True
            except TimeoutError:
                self.killed += 1
                log.warning("bot %r passed its %.1f s deadline; its worker was stopped", spec, deadline_s)
                raise Overran(spec) from None
            finally:
                self.busy.discard(worker)
                if healthy and not self.closed:
                    self.idle.append(worker)
                else:  # overran, cancelled (the match moved on) or broken: never reused
                    worker.kill()
                    await asyncio.to_thread(worker.process.join, 5)
        status, text = reply
        if status != "ok":
            raise RuntimeError(f"bot {spec!r} failed in its worker: {text}")
        return text

    async def _ask(self, worker: Worker, payload: bytes) -> tuple[str, str]:
        await asyncio.to_thread(worker.conn.send_bytes, payload)
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        fd = worker.conn.fileno()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, wake)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        try:
            reply: tuple[str, str] = worker.conn.recv()
        except (EOFError, OSError):
            raise RuntimeError("the bot's worker process died") from None
        return reply

    def close(self) -> None:
        """Kills every worker (the server is stopping)."""
        self.closed = True
        workers = [*self.idle, *self.busy]
        self.idle.clear()
        for w in workers:
            w.kill()
        for w in workers:
            with contextlib.suppress(Exception):
                w.process.join(2)
