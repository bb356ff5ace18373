"""Where games run: in this process, in a local process pool, or on a Ray cluster.

Every backend yields the records in task order, so the output file is the
same whichever backend wrote it.
"""

from __future__ import annotations

import multiprocessing
import socket
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


def _run_pool(tasks: Sequence[Task], workers: int) -> Iterator[dict[str, Any]]:
    # forkserver, not fork: the progress bar runs a thread, and a forked child could
    # inherit a lock that thread held; workers import the game themselves (Task.game_module)
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    with ctx.Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap(play_game, tasks, chunksize=1)


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
        try:
            ray.init(**kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BackendError(f"cannot start or reach Ray at {address!r}: {exc}") from None
        started = True
    try:
        remote = ray.remote(num_cpus=1)(play_game)
        window = max(4, 4 * int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
        pending: deque[Any] = deque()
        todo = iter(tasks)
        for task in todo:
            pending.append(remote.remote(task))
            if len(pending) >= window:
                break
        while pending:
            record = ray.get(pending.popleft())
            nxt = next(todo, None)
            if nxt is not None:
                pending.append(remote.remote(nxt))
            yield record
    finally:
        if started:
            ray.shutdown()
