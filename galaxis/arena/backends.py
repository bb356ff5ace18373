"""Where games run: in this process, in a local process pool, or on a Ray cluster.

Every backend yields the records in task order, so the output file is the
same whichever backend wrote it.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import socket
import threading
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from galaxis.arena.runner import Task, play_game
from galaxis.core.errors import GalaxisError


class BackendError(GalaxisError):
    """A backend that cannot start (bad worker count, Ray not reachable ...)."""


def check_workers(workers: int) -> None:
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise BackendError(f"--workers must be a whole number of at least 1, not {workers!r}")


def run_tasks(
    tasks: Sequence[Task],
    workers: int = 1,
    ray_address: str | None = None,
    ray_init: dict[str, Any] | None = None,
) -> Iterator[dict[str, Any]]:
    check_workers(workers)
    if ray_address is not None:
        return _run_ray(tasks, ray_address, ray_init or {})
    if workers == 1 or len(tasks) <= 1:
        return (play_game(t) for t in tasks)
    return _run_pool(tasks, workers)


# --- local worker processes -----------------------------------------------------------------------
#
# A run pays for its workers once: they are started when the first run needs them and kept for
# the next runs of this process (a tournament of several schedules, a benchmark, the ladder), and
# they get their games in batches, so the pipes carry one message per batch, not per game.
# Where this process has no other thread (the command line draws its progress bar without one),
# the workers are forked from it after it has imported the games and agents of the run: they
# start in milliseconds with everything imported. Otherwise (a thread could hold a lock the
# child would inherit) they come from a forkserver that imports the package once for all.

BATCHES_PER_WORKER = 8  # enough batches that a slow game at the end leaves no worker idle long
_POOLS: dict[int, Any] = {}  # worker count -> a kept pool


def batch_size(tasks: int, workers: int) -> int:
    """Games per batch: one when games are few (each may be long), more when they are many."""
    return max(1, tasks // (workers * BATCHES_PER_WORKER))


def play_batch(tasks: list[Task]) -> list[dict[str, Any]]:
    """A worker's unit of work: several games, one message back."""
    return [play_game(t) for t in tasks]


def _warm_up(tasks: Sequence[Task]) -> None:
    """Imports, in this process, what the tasks' games and agents use, so that forked workers
    inherit it instead of importing it each."""
    from galaxis.agents import make_agent
    from galaxis.arena.runner import ensure_game
    from galaxis.core.match import new_match

    seen: set[tuple[str, str | None]] = set()
    for task in tasks:
        if (task.game, task.game_module) in seen:
            continue
        seen.add((task.game, task.game_module))
        ensure_game(task.game, task.game_module)
        match = new_match(task.game, len(task.seats), task.seed, dict(task.options))
        for spec in sorted(set(task.seats)):
            agent = make_agent(spec, 0)
            if match.to_move:  # one decision imports what the agent and the rules load on first use
                agent.act(match.clone(), match.to_move[0])


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def worker_pool(workers: int, tasks: Sequence[Task] = ()) -> Any:
    """The process pool of ``workers`` workers, started now or kept from an earlier run."""
    pool = _POOLS.get(workers)
    if pool is not None and not _alive(pool):
        _POOLS.pop(workers)
        pool = None
    if pool is None:
        # (a kept pool runs threads of its own: the start method is chosen before any exists)
        method = _start_method()
        _warm_up(tasks)
        ctx = multiprocessing.get_context(method)
        if method == "forkserver":
            ctx.set_forkserver_preload(["galaxis.arena.runner", "galaxis.arena.backends"])
        pool = _POOLS[workers] = ctx.Pool(workers)
    return pool


def _alive(pool: Any) -> bool:
    return all(p.is_alive() for p in getattr(pool, "_pool", ())) and getattr(pool, "_state", "RUN") == "RUN"


def close_pools() -> None:
    """Stops the kept workers (at exit, or in a test that needs a fresh start)."""
    while _POOLS:
        _, pool = _POOLS.popitem()
        pool.terminate()
        pool.join()


atexit.register(close_pools)


def _run_pool(tasks: Sequence[Task], workers: int) -> Iterator[dict[str, Any]]:
    workers = min(workers, len(tasks))
    size = batch_size(len(tasks), workers)
    batches = [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]
    pool = worker_pool(workers, tasks)
    try:
        for records in pool.imap(play_batch, batches):
            yield from records
    except BaseException:
        # an interrupted or failed run leaves no half-done batches behind in kept workers
        close_pools()
        raise


RAY_AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"


def check_ray_address(address: str) -> None:
    """Ray waits minutes on an address nobody answers; a plain TCP probe fails fast."""
    if address in ("local", "", "auto"):
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto" and the like: Ray resolves them itself
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=5).close()
    except OSError as exc:
        raise BackendError(f"no Ray cluster answers at {address}: {exc.strerror or exc}") from None


def _run_ray(tasks: Sequence[Task], address: str, init: dict[str, Any]) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise BackendError("Ray is not installed; install galaxis[distributed]") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"log_to_driver": False, **init}
        if address not in ("local", ""):
            check_ray_address(address)
            kwargs["address"] = address
        else:
            kwargs.setdefault("include_dashboard", False)
        # A local instance keeps Ray's token authentication (its default for a new cluster),
        # without Ray's warning on every start that it turned it on (it says nothing else).
        auth_log = logging.getLogger(RAY_AUTH_LOGGER)
        level = auth_log.level
        if "address" not in kwargs:
            auth_log.setLevel(logging.ERROR)
        try:
            ray.init(**kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BackendError(f"cannot start or reach Ray at {address!r}: {exc}") from None
        finally:
            auth_log.setLevel(level)
        started = True
    try:
        remote = ray.remote(num_cpus=1)(play_batch)
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        size = batch_size(len(tasks), cpus)
        window = max(4, 4 * cpus)
        pending: deque[Any] = deque()
        todo = (list(tasks[i : i + size]) for i in range(0, len(tasks), size))
        for batch in todo:
            pending.append(remote.remote(batch))
            if len(pending) >= window:
                break
        while pending:
            records = ray.get(pending.popleft())
            nxt = next(todo, None)
            if nxt is not None:
                pending.append(remote.remote(nxt))
            yield from records
    finally:
        if started:
            ray.shutdown()
