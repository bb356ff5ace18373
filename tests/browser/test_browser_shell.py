"""The shell around the board with paced bots (the server's --bot-delay): a bot's
panel says it is thinking while it moves, its moves come one at a time at least the
delay apart, the elements a move changed glow, tooltips show on hover and on a
long press, and the lobby starts a match against bots in one click."""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import PHONE, open_lobby, seq_of, wait_loaded
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

DELAY_S = 0.8


@pytest.fixture(scope="module")
def paced_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("paced")
    before = os.environ.get("GALAXIS_TEST_BOT_DELAY")
    os.environ["GALAXIS_TEST_BOT_DELAY"] = str(DELAY_S)
    try:
        with ServerProcess(f"sqlite:///{tmp / 'web.db'}", log_path=tmp / "server.log") as proc:
            yield proc
    finally:
        if before is None:
            os.environ.pop("GALAXIS_TEST_BOT_DELAY", None)
        else:
            os.environ["GALAXIS_TEST_BOT_DELAY"] = before


def test_play_against_bots_in_one_click(paced_server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    open_lobby(page, paced_server)
    page.locator(".tile").first.wait_for()
    page.click(".quick[data-game='smugglers']")
    page.wait_for_url("**/match.html?id=*")
    wait_loaded(page)
    assert page.locator("#panels li").count() == 2
    assert page.locator("#panels li.me").count() == 1
    assert "bot" in page.inner_text("#panels li:not(.me)")


def test_bots_are_paced_and_seen_thinking(paced_server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    open_lobby(page, paced_server)
    page.click(".setup-button[data-game='stellium']")
    page.select_option("#players", "4")
    for bot in (1, 2, 3):
        page.select_option(f"#seat-{bot}", "custom")
        page.fill(f"#seat-{bot}-spec", "random")
    page.click("#create")
    page.wait_for_url("**/match.html?id=*")
    wait_loaded(page)
    # My turn first (take a card); then the three bots play theirs, each after the delay.
    page.wait_for_function("document.body.dataset.mine === '1'")
    before = seq_of(page)
    page.locator("#board .selectable").first.click()
    changes: list[tuple[float, int]] = []  # (when this page saw it, seq)
    thinking_seen = False
    last = before
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        seq = seq_of(page)
        if seq != last:
            changes.append((time.monotonic(), int(seq)))
            last = seq
        if page.locator("#panels .thinking").count():
            thinking_seen = True
        if len(changes) >= 4 and page.get_attribute("body", "data-mine") == "1":
            break
        page.wait_for_timeout(40)
    assert thinking_seen, "no panel said a bot was thinking"
    # The bots' moves were paced: from my move to the last bot move at least the delay per
    # bot move passed (as this page saw them: a busy machine may bring two updates close
    # together, but never makes the whole shorter), and they came one at a time.
    (first_t, first_seq), (last_t, last_seq) = changes[0], changes[-1]
    bot_moves = last_seq - first_seq
    assert bot_moves >= 3, changes
    assert last_t - first_t >= bot_moves * DELAY_S * 0.7, changes
    singles = sum(1 for (_, a), (_, b) in itertools.pairwise(changes) if b - a == 1)
    assert singles >= 2, changes
    # What the last move changed glows on the board for a moment.
    page.wait_for_selector("#board .changed", state="attached", timeout=5000)


def test_tooltips_show_on_hover_and_on_a_long_press(
    server: ServerProcess, new_browser: Any, tmp_path: Path
) -> None:
    import httpx

    page = new_browser(viewport=PHONE).new_page()
    r = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "kaosz", "players": 2, "seats": ["human", "bot:random"]},
        timeout=60,
    ).json()
    page.goto(f"{server.url}/index.html")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`galaxis:tokens:${id}`, JSON.stringify({0: token}))",
        [r["id"], r["tokens"][0]],
    )
    page.goto(f"{server.url}/match.html?id={r['id']}")
    page.wait_for_selector("#board [data-tip]")
    card = page.locator("#board [data-tip]").first
    tip_text = card.get_attribute("data-tip")
    assert tip_text
    card.hover()
    page.wait_for_selector("#tip:not([hidden])")
    assert page.inner_text("#tip").split("\n")[0] == tip_text.split("\n")[0]
    page.mouse.move(1, 1)  # off the board
    page.wait_for_selector("#tip", state="hidden")
    # A long press with a finger shows the same tip and does not act.
    before = seq_of(page)
    box = card.bounding_box()
    page.evaluate(
        """([x, y]) => {
            const target = document.elementFromPoint(x, y);
            const init = { bubbles: true, pointerType: 'touch', clientX: x, clientY: y };
            target.dispatchEvent(new PointerEvent('pointerdown', init));
        }""",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    page.wait_for_selector("#tip:not([hidden])", timeout=3000)
    assert seq_of(page) == before
