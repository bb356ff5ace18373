"""Play in a real browser as a person does: every game against bots to the end by
clicking only highlighted board elements and status-bar buttons, at desktop and
phone size, then the end screen; two browsers in one online match, hot-seat
hand-overs, language switching, the replay viewer and undo."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
import pytest

from galaxis.core.registry import GAME_MODULES
from tests.browser.pages import (
    DESKTOP,
    PHONE,
    click_once,
    create_in_lobby,
    open_moves,
    over,
    play_to_the_end,
    seq_of,
    wait_loaded,
)
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

# Short matches where the rules allow (CI has two cores): options per game.
QUICK: dict[str, dict[str, Any]] = {
    "smugglers": {},
    "stellium": {"target": 8},
    "pulsar": {},
    "kaosz": {"max_rounds": 5},
    "space_empires": {"cycles": 1},
}
GAMES = sorted(g for g in GAME_MODULES if g in QUICK)


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_play_a_game_to_the_end_by_clicking(
    server: ServerProcess, new_browser: Any, game: str, size: str
) -> None:
    ctx = new_browser(viewport=DESKTOP if size == "desktop" else PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_in_lobby(page, server, game, ["human", "bot:random"], QUICK[game], names=["Anna"])
    assert page.locator("#board svg").count() >= 1  # one board, shown in one block per part (board.js)
    assert page.inner_text("#prompt").strip()  # the status bar says what to do
    made = play_to_the_end(page, random.Random(f"{game}-{size}"))
    assert made["board"] + made["button"] >= 3
    assert made["board"] > 0  # moves were made on the board itself, not only with buttons
    # The end screen: where I finished, the table of how the scores were made, the ranking.
    page.wait_for_selector("#end:not([hidden])")
    title = page.inner_text("#end-title")
    assert "You finished" in title and "of 2" in title, title
    rows = page.locator("#breakdown tbody tr")
    assert rows.count() >= 3  # at least one part, the total and the place
    assert page.locator("#breakdown thead th").count() == 3  # the label column and both players
    assert "Anna" in page.inner_text("#breakdown thead")
    assert page.locator("#ranking li").count() == 2
    # The log is in words with names, never a seat reference left unfilled.
    log = page.inner_text("#log")
    assert "Anna" in log and "⟨" not in log
    if size == "phone":
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not errors, errors


def test_two_browsers_play_one_online_match(server: ServerProcess, new_browser: Any) -> None:
    host = new_browser().new_page()
    mid = create_in_lobby(host, server, "toy_gops", ["human", "open"], names=["Anna"])
    guest = new_browser().new_page()
    guest.goto(f"{server.url}/index.html")
    guest.click(f"tr[data-match='{mid}'] button.join")
    guest.wait_for_url(f"**/match.html?id={mid}")
    wait_loaded(guest)
    assert guest.get_attribute("body", "data-view-seat") == "1"
    assert host.get_attribute("body", "data-view-seat") == "0"
    rng = random.Random(5)
    for _ in range(300):
        if over(host) and over(guest):
            break
        for page in (host, guest):
            if not over(page):
                click_once(page, rng)
    # Each browser learnt the other's moves over the WebSocket.
    host.wait_for_function("document.body.dataset.over === '1'")
    guest.wait_for_function("document.body.dataset.over === '1'")
    assert seq_of(host) == seq_of(guest)
    assert host.inner_text("#breakdown") == guest.inner_text("#breakdown")
    assert "Anna" in guest.inner_text("#panels")


def test_hot_seat_hides_the_other_seat_between_hand_overs(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    create_in_lobby(page, server, "toy_gops", ["human", "human"], names=["Anna", "Béla"])
    handovers = 0
    rng = random.Random(8)
    for _ in range(200):
        if over(page):
            break
        if page.locator("#cover").is_visible():
            # Nothing of the next seat's view is in the page behind the cover.
            assert page.locator("#board *").count() == 0 and page.locator("#choices *").count() == 0
            assert page.inner_text("#cover-seat") in ("Anna", "Béla")
            handovers += 1
        click_once(page, rng)
    assert over(page) and handovers >= 4


def test_language_switch_and_keyboard(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    create_in_lobby(page, server, "smugglers", ["human", "bot:random"])
    page.select_option("#lang", "hu")
    page.wait_for_function("document.querySelector('[data-i18n=log]').textContent === 'Napló'")
    page.wait_for_function("document.getElementById('prompt').textContent.startsWith('Licit')")
    page.select_option("#lang", "en")
    page.wait_for_function("document.getElementById('prompt').textContent.startsWith('Bid')")
    # Keyboard: highlighted board elements are buttons in the tab order; Enter acts.
    first = page.locator("#board .selectable").first
    assert first.get_attribute("role") == "button" and first.get_attribute("tabindex") == "0"
    assert first.get_attribute("aria-label")
    first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .selected")  # a die value chosen: the sectors are next
    before = seq_of(page)
    page.locator("#board .selectable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("old => document.body.dataset.seq !== old", arg=before)
    # The expert's list: type a notation, Enter sends it.
    open_moves(page)
    page.wait_for_function("document.body.dataset.mine === '1'")
    notation = page.locator("#actions button").first.get_attribute("data-notation")
    before = seq_of(page)
    page.fill("#filter", notation)
    page.press("#filter", "Enter")
    page.wait_for_function("old => document.body.dataset.seq !== old", arg=before)


def test_finished_match_opens_in_the_replay_viewer(
    server: ServerProcess, new_browser: Any, tmp_path: Any
) -> None:
    r = httpx.post(
        f"{server.url}/api/matches",
        timeout=60,
        json={"game": "toy_gops", "players": 2, "seats": ["bot:random", "bot:greedy"]},
    )
    mid = r.json()["id"]
    deadline = time.monotonic() + 20
    while not httpx.get(f"{server.url}/api/matches/{mid}").json()["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    page = new_browser().new_page()
    page.goto(f"{server.url}/replay.html?id={mid}")
    page.wait_for_function("Number(document.body.dataset.step) > 0")
    page.locator("#slider").fill("0")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '1'")
    assert page.locator("#board svg").count() == 1
    # People, not seat numbers: the players' names in the moves, the result and the board.
    assert page.inner_text("#title").strip()
    assert page.inner_text("#moves li >> nth=0").startswith(("Player 1", "Player 2"))
    assert "⟨" not in page.inner_text("body") and "Seat" not in page.inner_text("body")
    assert "Player 2" in page.inner_text("#result")
    # The same match as a file, opened from the lobby.
    data = httpx.get(f"{server.url}/api/matches/{mid}/export").json()
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    page.goto(f"{server.url}/index.html")
    page.set_input_files("#upload", str(path))
    page.wait_for_url("**/replay.html?upload=1")
    steps = len(data["history"])
    page.wait_for_function(f"document.body.dataset.step === '{steps}'")
    page.click("#prev")
    page.wait_for_function(f"document.body.dataset.step === '{steps - 1}'")
    assert page.locator("#moves li").count() == steps
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    page.goto(f"{server.url}/index.html")
    page.set_input_files("#upload", str(bad))
    page.wait_for_function("document.getElementById('upload-error').textContent.length > 0")


def test_undo_from_the_match_page(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    # The third seat is open, so no bid is revealed: an undo that peeks at nothing
    # (across a reveal it is refused, tests/server/test_server_api.py).
    create_in_lobby(page, server, "toy_gops", ["human", "bot:random", "open"])
    open_moves(page)
    page.wait_for_selector("#actions button[data-notation='bid 5']")
    before = seq_of(page)
    page.click("#actions button[data-notation='bid 5']")
    page.wait_for_function(
        "() => !document.querySelector(\"#actions button[data-notation='bid 5']\") && document.body.dataset.seq !== '"
        + before
        + "'"
    )
    page.click("#undo")  # alone against a bot: taken back at once, rebuilt from the log
    page.wait_for_selector("#actions button[data-notation='bid 5']")
    page.wait_for_selector("#log li.undone")
