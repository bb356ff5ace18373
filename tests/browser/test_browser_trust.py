"""The browser client under the server's real Content-Security-Policy, and the link
token check (#26 findings 8, 9, 10)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser


def _create(server: ServerProcess, seats: list[str]) -> tuple[str, list[Any]]:
    r = httpx.post(
        f"{server.url}/api/matches", json={"game": "toy_gops", "players": len(seats), "seats": seats}
    )
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def _wait(pred: Any, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        time.sleep(0.1)
    raise AssertionError("condition not reached in time")


def test_pages_work_under_the_csp_and_the_socket_authenticates(
    server: ServerProcess, new_browser: Any
) -> None:
    mid, tokens = _create(server, ["human", "human"])
    page = new_browser(csp=True).new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.goto(f"{server.url}/index.html")
    _wait(lambda: page.get_attribute("body", "data-ready") == "1")
    page.goto(f"{server.url}/match.html?id={mid}#seat=0&token={tokens[0]}")
    _wait(lambda: page.get_attribute("body", "data-live") == "1")
    assert sockets and "token" not in sockets[0].url  # finding 9: never in the URL
    # A move by the other seat arrives over the socket and the page follows it.
    r = httpx.post(
        f"{server.url}/api/matches/{mid}/actions",
        headers={"X-Seat-Token": tokens[1]},
        json={"notation": "bid 2", "seq": 0},
    )
    assert r.status_code == 200
    _wait(lambda: page.get_attribute("body", "data-seq") == "1")
    assert not violations, violations


def test_a_junk_link_token_never_replaces_a_stored_one(server: ServerProcess, new_browser: Any) -> None:
    """Finding 8: opening ``#seat=0&token=junk`` overwrote the real token and lost the seat."""
    mid, tokens = _create(server, ["human", "human"])
    page = new_browser(csp=True).new_page()
    page.goto(f"{server.url}/match.html?id={mid}#seat=0&token={tokens[0]}")
    _wait(lambda: page.get_attribute("body", "data-view-seat") == "0")
    page.goto(f"{server.url}/match.html?id={mid}#seat=0&token=junk")
    page.reload()
    _wait(lambda: page.get_attribute("body", "data-seq") is not None)
    stored = json.loads(page.evaluate(f"localStorage.getItem('galaxis:tokens:{mid}')"))
    assert stored == {"0": tokens[0]}
    _wait(lambda: page.get_attribute("body", "data-view-seat") == "0")
