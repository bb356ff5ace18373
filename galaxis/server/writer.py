"""Group commit: one writer thread stores appends for many matches per transaction.

Under load, each transaction costs far more than its statements (with SQLite
one writer at a time, and every hand-over of the GIL between the event loop
and a database thread adds latency). The writer takes whatever appends are
waiting, stores them in one transaction and then wakes their callers, so the
commit cost is shared while each append is still committed before it is
acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from galaxis.server.store import Append, Store

log = logging.getLogger("galaxis.server")
BATCH = 200


@dataclass
class _Job:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    append: Append | None = None
    call: Callable[[], Any] | None = None


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="galaxis-db-writer", daemon=True)
        self.thread.start()

    async def append(self, append: Append) -> datetime:
        """Stores one log entry (raises ``StaleLog``); returns its time."""
        loop = asyncio.get_running_loop()
        job = _Job(loop, loop.create_future(), append=append)
        self.jobs.put(job)
        result: datetime = await job.future
        return result

    async def call(self, fn: Callable[[], Any]) -> Any:
        """Runs any other write in the writer thread, in order with the appends."""
        loop = asyncio.get_running_loop()
        job = _Job(loop, loop.create_future(), call=fn)
        self.jobs.put(job)
        return await job.future

    def close(self) -> None:
        self.jobs.put(None)
        self.thread.join(30)

    def _run(self) -> None:
        while True:
            first = self.jobs.get()
            if first is None:
                return
            batch = [first]
            with contextlib.suppress(queue.Empty):
                while len(batch) < BATCH:
                    job = self.jobs.get_nowait()
                    if job is None:
                        self.jobs.put(None)  # finish this batch, then stop
                        break
                    batch.append(job)
            appends = [j for j in batch if j.append is not None]
            if appends:
                results: list[Any]
                try:
                    results = self.store.append_many([j.append for j in appends if j.append is not None])
                except Exception as exc:  # the database failed: every caller hears of it
                    log.exception("cannot store %d log entries", len(appends))
                    results = [exc] * len(appends)
                for job, res in zip(appends, results, strict=True):
                    self._resolve(job, res)
            for job in batch:
                if job.call is not None:
                    outcome: Any
                    try:
                        outcome = job.call()
                    except Exception as exc:
                        outcome = exc
                    self._resolve(job, outcome)

    @staticmethod
    def _resolve(job: _Job, result: Any) -> None:
        def done() -> None:
            if job.future.done():
                return
            if isinstance(result, BaseException):
                job.future.set_exception(result)
            else:
                job.future.set_result(result)

        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            job.loop.call_soon_threadsafe(done)
