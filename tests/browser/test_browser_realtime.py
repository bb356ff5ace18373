"""Space Smugglers in real-time mode in two browsers: both seats bid at once,
the server enforces each seat's cooldown ("one hand, one die at a time", 429
and the page's message and retry) and holds every move during the synchronised
reveal countdown that both pages show."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

from tests.browser.pages import click_once, create_in_lobby, open_moves, over, seq_of, wait_loaded
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

POLICY = {
    "cooldown_ms": 600,
    "countdown_ms": 3000,
    "countdown_events": ["reveal"],
}  # the game's realtime hook


def countdown_left_ms(page: Any) -> float:
    """What the page believes is left of the reveal countdown (from the WebSocket's countdown_ms)."""
    return float(page.evaluate("() => countdownEnd - performance.now()"))


def action_responses(page: Any) -> list[tuple[int, float, Any]]:
    """Records (status, time, body) of every POST .../actions the page makes."""
    seen: list[tuple[int, float, Any]] = []

    def on_response(response: Any) -> None:
        if response.request.method == "POST" and response.url.endswith("/actions"):
            try:
                body = response.json()
            except Exception:
                body = None
            seen.append((response.status, time.monotonic(), body))

    page.on("response", on_response)
    return seen


def test_realtime_smugglers_cooldown_and_countdown(server: ServerProcess, new_browser: Any) -> None:
    host = new_browser().new_page()
    errors: list[str] = []
    host.on("pageerror", lambda exc: errors.append(str(exc)))
    mid = create_in_lobby(host, server, "smugglers", ["human", "open"], {"mode": "realtime"})
    guest = new_browser().new_page()
    guest.on("pageerror", lambda exc: errors.append(str(exc)))
    guest.goto(f"{server.url}/index.html")
    guest.click(f"tr[data-match='{mid}'] button.join")
    guest.wait_for_url(f"**/match.html?id={mid}")
    wait_loaded(guest)
    state = httpx.get(f"{server.url}/api/matches/{mid}").json()
    assert state["realtime"] == POLICY and state["options"]["mode"] == "realtime"
    host.wait_for_function("document.body.dataset.live === '1'")
    guest.wait_for_function("document.body.dataset.live === '1'")

    # Both seats bid at once: each page offers its dice from the start.
    open_moves(host)
    open_moves(guest)
    host.wait_for_selector("#actions button[data-notation='A1']")
    guest.wait_for_selector("#actions button[data-notation='A1']")

    # Cooldown: the host's second die, clicked the moment its first is acknowledged,
    # is refused with 429; the page says why and sends it again once allowed.
    posts = action_responses(host)
    host.evaluate("""async () => {
        const button = (n) => document.querySelector(`#actions button[data-notation='${n}']`);
        button('A1').click();
        while (busy) await new Promise((r) => setTimeout(r, 2));
        button('B2').click();
    }""")
    host.wait_for_function("document.getElementById('error').textContent.includes('one die at a time')")
    host.wait_for_function("Number(document.body.dataset.seq) === 2")
    # The new seq can arrive over the WebSocket before the retried POST's response event reaches
    # this process (seen in a fresh run): wait for the third response itself.
    for _ in range(200):
        if len(posts) >= 3:
            break
        host.wait_for_timeout(25)
    statuses = [status for status, _, _ in posts]
    assert statuses == [200, 429, 200], posts
    assert 0 < posts[1][2]["retry_after_ms"] <= POLICY["cooldown_ms"]
    assert posts[2][1] - posts[0][1] >= 0.4  # the retry went through only after the cooldown
    log = httpx.get(f"{server.url}/api/matches/{mid}/log").json()
    assert [(e["seat"], e["notation"]) for e in log] == [(0, "A1"), (0, "B2")]
    guest.wait_for_function("Number(document.body.dataset.seq) === 2")  # over the WebSocket

    # Play on in both browsers; at a reveal, both pages count down and a move
    # made during the countdown is held by the server until it ends.
    rng = random.Random(11)
    held_checked = 0
    for _ in range(600):
        if over(host) and over(guest):
            break
        for page, other in ((host, guest), (guest, host)):
            if over(page):
                continue
            left = countdown_left_ms(page)
            if left > 2000 and not held_checked:
                shown = "document.getElementById('countdown').textContent.startsWith('Reveal in')"
                page.wait_for_function(shown, timeout=5000)
                other.wait_for_function(shown, timeout=5000)
                # The page shows the current position (the new bidding round) before it moves.
                current = httpx.get(f"{server.url}/api/matches/{mid}").json()["seq"]
                page.wait_for_function(f"document.body.dataset.seq === '{current}'")
                if not page.locator("#actions button").count():
                    continue
                before = seq_of(page)
                began = time.monotonic()
                page.locator("#actions button").first.click()
                page.wait_for_function("old => document.body.dataset.seq !== old", arg=before, timeout=10_000)
                waited = time.monotonic() - began
                # Held until the end: at least what the page showed as left, less the
                # WebSocket's delivery time (the page counts from the message's arrival).
                assert waited >= left / 1000 - 1.0, (waited, left)
                held_checked += 1
                continue
            click_once(page, rng)
    host.wait_for_function("document.body.dataset.over === '1'", timeout=20_000)
    guest.wait_for_function("document.body.dataset.over === '1'", timeout=20_000)
    assert held_checked == 1
    assert seq_of(host) == seq_of(guest)
    assert host.inner_text("#breakdown") == guest.inner_text("#breakdown")
    assert host.inner_text("#countdown") == ""
    assert not errors, errors
