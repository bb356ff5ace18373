"""Request body size limits, enforced before any parsing (413 beyond them)."""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException

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
                    await _reject(send, limit)
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
                await _reject(send, limit)


class _TooLarge(HTTPException):
    """Raised from ``receive``: FastAPI passes HTTP exceptions through body parsing."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body larger than {limit} bytes")


async def _reject(send: Any, limit: int) -> None:
    body = json.dumps({"detail": f"request body larger than {limit} bytes"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
