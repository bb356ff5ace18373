"""Group commit: appends of many matches are stored in one transaction.

Under load, each transaction costs far more than its statements (SQLite has
one writer at a time, and every hand-over between the event loop and a
database thread waits for the GIL). The writer takes whatever appends are
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
    """Stores appends in batches: in a writer thread, or (``inline``) in the
    event loop itself, once per loop iteration.

    Inline suits SQLite: a commit of a local WAL file takes a fraction of a
    millisecond, less than handing work to a thread and the GIL back costs
    under load. A networked database (PostgreSQL) uses the thread.
    """

    def __init__(self, store: Store, inline: bool = False) -> None:
        self.store = store
        self.inline = inline
        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.pending: list[_Job] = []
        self.thread: threading.Thread | None = None
        if not inline:
            self.thread = threading.Thread(target=self._run, name="galaxis-db-writer", daemon=True)
            self.thread.start()

    async def append(self, append: Append) -> datetime:
        """Stores one log entry (raises ``StaleLog``); returns its time."""
        loop = asyncio.get_running_loop()
        job = _Job(loop, loop.create_future(), append=append)
        self._submit(job)
        result: datetime = await job.future
        return result

    async def call(self, fn: Callable[[], Any]) -> Any:
        """Runs any other write after the appends submitted before it."""
        loop = asyncio.get_running_loop()
        job = _Job(loop, loop.create_future(), call=fn)
        self._submit(job)
        return await job.future

    def _submit(self, job: _Job) -> None:
        if not self.inline:
            self.jobs.put(job)
            return
        if not self.pending:
            job.loop.call_soon(self._flush)
        self.pending.append(job)

    def _flush(self) -> None:
        batch, self.pending = self.pending, []
        self._process(batch, resolve=self._resolve_now)

    def close(self) -> None:
        if self.pending:
            self._flush()
        if self.thread is not None:
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
            self._process(batch, resolve=self._resolve)

    def _process(self, batch: list[_Job], resolve: Callable[[_Job, Any], None]) -> None:
        appends = [j for j in batch if j.append is not None]
        if appends:
            results: list[Any]
            try:
                results = self.store.append_many([j.append for j in appends if j.append is not None])
            except Exception as exc:  # the database failed: every caller hears of it
                log.exception("cannot store %d log entries", len(appends))
                results = [exc] * len(appends)
            for job, res in zip(appends, results, strict=True):
                resolve(job, res)
        for job in batch:
            if job.call is not None:
                outcome: Any
                try:
                    outcome = job.call()
                except Exception as exc:
                    outcome = exc
                resolve(job, outcome)

    @staticmethod
    def _resolve_now(job: _Job, result: Any) -> None:
        if job.future.done():
            return
        if isinstance(result, BaseException):
            job.future.set_exception(result)
        else:
            job.future.set_result(result)

    @staticmethod
    def _resolve(job: _Job, result: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            job.loop.call_soon_threadsafe(Writer._resolve_now, job, result)
