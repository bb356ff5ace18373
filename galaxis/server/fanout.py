"""Live updates: WebSocket subscribers in this process, Redis between processes.

A subscriber is a queue plus the seat it watches for (None: a spectator);
messages are built per viewer so nobody receives events meant for another
seat. Between processes only ``{match id, seq}`` (or a lobby notice) travels
through Redis: the receiving process reads the new entries from the database
itself, so no hidden information passes through Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("galaxis.server")

CHANNEL = "galaxis:matches"
QUEUE_LIMIT = 500

Message = dict[str, Any]
RemoteHandler = Callable[[str, dict[str, Any] | None], Awaitable[None]]


@dataclass(eq=False)
class Subscriber:
    seat: int | None
    queue: asyncio.Queue[Message | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))

    def put(self, message: Message | None) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            # A client this far behind is dropped; it reconnects and resyncs from its seq.
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.queue.get_nowait()
            self.queue.put_nowait(None)


class Fanout:
    def __init__(self, redis_url: str | None) -> None:
        self.redis_url = redis_url
        self.origin = secrets.token_hex(8)
        self.subs: dict[str, set[Subscriber]] = {}
        self._redis: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._handler: RemoteHandler | None = None

    async def start(self, handler: RemoteHandler) -> None:
        self._handler = handler
        if not self.redis_url:
            return
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.redis_url)
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self._listener = asyncio.get_running_loop().create_task(self._listen(pubsub))

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
        for subs in self.subs.values():
            for sub in subs:
                sub.put(None)

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                msg = await pubsub.get_message(ignore_subscribe_messages=True, timeout=5.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis listener failed; retrying")
                await asyncio.sleep(1.0)
                continue
            if not msg or msg.get("type") != "message":
                continue
            try:
                data = json.loads(msg["data"])
                if data.get("origin") == self.origin or self._handler is None:
                    continue
                await self._handler(str(data["id"]), data.get("notice"))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cannot handle a fan-out message")

    # --- local ------------------------------------------------------------------------
    def subscribe(self, match_id: str, seat: int | None) -> Subscriber:
        sub = Subscriber(seat)
        self.subs.setdefault(match_id, set()).add(sub)
        return sub

    def unsubscribe(self, match_id: str, sub: Subscriber) -> None:
        subs = self.subs.get(match_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                self.subs.pop(match_id, None)

    def has_local(self, match_id: str) -> bool:
        return bool(self.subs.get(match_id))

    def send_local(self, match_id: str, build: Callable[[int | None], Message]) -> None:
        by_viewer: dict[int | None, Message] = {}
        for sub in self.subs.get(match_id, ()):
            if sub.seat not in by_viewer:
                by_viewer[sub.seat] = build(sub.seat)
            sub.put(by_viewer[sub.seat])

    def notify_local(self, match_id: str, notice: Message) -> None:
        for sub in self.subs.get(match_id, ()):
            sub.put(notice)

    # --- between processes -----------------------------------------------------------
    async def publish(self, match_id: str, seq: int) -> None:
        if self._redis is not None:
            await self._send({"id": match_id, "seq": seq, "origin": self.origin})

    async def publish_notice(self, match_id: str, notice: Message) -> None:
        if self._redis is not None:
            await self._send({"id": match_id, "notice": notice, "origin": self.origin})

    async def _send(self, payload: dict[str, Any]) -> None:
        try:
            await self._redis.publish(CHANNEL, json.dumps(payload))
        except Exception:
            # The action is stored already; other processes catch up on their next read.
            log.exception("redis publish failed")
