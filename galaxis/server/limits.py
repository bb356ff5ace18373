"""Limits enforced before any work is done: request body sizes (413 beyond them),
per-client rates (429 with ``Retry-After``) and security headers on every answer."""

from __future__ import annotations

import json
import math
import re
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.exceptions import HTTPException

from galaxis.core.messages import Catalogue

SERVER = Catalogue.for_package(__name__)  # galaxis/server/data/messages.yaml

DEFAULT_LIMIT = 64 * 1024
LIMITS = {"/api/replay": 4 * 1024 * 1024}  # uploaded match files are larger


class BodyLimit:
    """Pure ASGI middleware: counts body bytes, also for chunked uploads."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = LIMITS.get(scope.get("path", ""), DEFAULT_LIMIT)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = False
                if too_big:
                    await _reject(send, limit, language_of(scope))
                    return
        seen = 0
        responded = False

        async def counted() -> dict[str, Any]:
            nonlocal seen
            message: dict[str, Any] = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge(limit)
            return message

        async def guarded_send(message: dict[str, Any]) -> None:
            nonlocal responded
            responded = True
            await send(message)

        try:
            await self.app(scope, counted, guarded_send)
        except _TooLarge:
            if not responded:
                await _reject(send, limit, language_of(scope))


class _TooLarge(HTTPException):
    """Raised from ``receive``: FastAPI passes HTTP exceptions through body parsing."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body larger than {limit} bytes")


async def _reject(send: Any, limit: int, lang: str) -> None:
    body = json.dumps(
        {"detail": SERVER("body_too_large", limit=limit).render(lang)}, ensure_ascii=False
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


# --- per-client rates ---------------------------------------------------------------------


@dataclass(frozen=True)
class Rate:
    """A token bucket: ``burst`` requests at once, refilled at ``per_second``."""

    burst: float
    per_second: float


@dataclass
class RateLimits:
    """Per client address. ``create``: new matches; ``act``: actions, joins, undo
    requests and replays; ``ws``: WebSocket connections opened; ``read``: every other
    request; ``ws_open``: WebSocket connections held at once."""

    create: Rate = field(default_factory=lambda: Rate(10, 10 / 60))
    act: Rate = field(default_factory=lambda: Rate(40, 10))
    ws: Rate = field(default_factory=lambda: Rate(20, 2))
    read: Rate = field(default_factory=lambda: Rate(200, 50))
    ws_open: int = 32
    enabled: bool = True

    @classmethod
    def off(cls) -> RateLimits:
        return cls(enabled=False)


MAX_CLIENTS = 100_000  # buckets kept (least recently used dropped beyond)


class Buckets:
    """Token buckets per (client, kind), and open WebSocket counts per client."""

    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self.buckets: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()
        self.sockets: dict[str, int] = {}

    def take(self, client: str, kind: str, now: float | None = None) -> float:
        """0 if the request may go on (a token is taken), else the seconds to wait."""
        if not self.limits.enabled:
            return 0.0
        rate: Rate = getattr(self.limits, kind)
        now = time.monotonic() if now is None else now
        key = (client, kind)
        tokens, stamp = self.buckets.pop(key, (rate.burst, now))
        tokens = min(rate.burst, tokens + (now - stamp) * rate.per_second)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / rate.per_second
        self.buckets[key] = (tokens, now)
        while len(self.buckets) > MAX_CLIENTS:
            self.buckets.popitem(last=False)
        return wait

    def open_socket(self, client: str) -> bool:
        held = self.sockets.get(client, 0)
        if self.limits.enabled and held >= self.limits.ws_open:
            return False
        self.sockets[client] = held + 1
        return True

    def close_socket(self, client: str) -> None:
        held = self.sockets.get(client, 0) - 1
        if held > 0:
            self.sockets[client] = held
        else:
            self.sockets.pop(client, None)


_ACT = re.compile(r"^/api/matches/[^/]+/(actions|join|undo)$")


def kind_of(method: str, path: str) -> str:
    """Which bucket a request draws from."""
    if method == "POST" and path == "/api/matches":
        return "create"
    if method == "POST" and (path == "/api/replay" or _ACT.match(path)):
        return "act"
    return "read"


def language_of(scope: Mapping[str, Any]) -> str:
    """``?lang=`` or the first of ``Accept-Language`` the service speaks (else English)."""
    query = bytes(scope.get("query_string", b"")).decode("latin-1")
    for part in query.split("&"):
        if part in ("lang=en", "lang=hu"):
            return str(part[5:])
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            for item in bytes(value).decode("latin-1").split(","):
                code = str(item.split(";")[0].strip().lower()[:2])
                if code in ("en", "hu"):
                    return code
    return "en"


def client_of(scope: Mapping[str, Any]) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class RateLimit:
    """Pure ASGI middleware: refuses a request over its client's rate with 429 and
    ``Retry-After`` before the body is read. WebSockets are counted by the endpoint."""

    def __init__(self, app: Any, buckets: Buckets) -> None:
        self.app = app
        self.buckets = buckets

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("path") == "/healthz":
            await self.app(scope, receive, send)
            return
        wait = self.buckets.take(client_of(scope), kind_of(scope.get("method", "GET"), scope.get("path", "")))
        if wait <= 0:
            await self.app(scope, receive, send)
            return
        retry_ms = max(1, math.ceil(wait * 1000))
        body = json.dumps(
            {
                "detail": SERVER("rate_limited", ms=retry_ms).render(language_of(scope)),
                "retry_after_ms": retry_ms,
            },
            ensure_ascii=False,
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"retry-after", str(max(1, math.ceil(wait))).encode()),
                    *SECURITY_HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


# --- security headers ---------------------------------------------------------------------

# No inline script anywhere (the pages load their scripts from files); boards are SVG
# with style attributes, hence 'unsafe-inline' for styles only.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Pure ASGI middleware: the security headers on every HTTP answer."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", ())}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)
