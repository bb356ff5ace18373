"""Pulsar 2849, Space Smugglers and Stellium in the browser as a newcomer meets them (#25).

Each is played to the end against a bot in Hungarian by clicking only highlighted board
elements and status-bar buttons, at 1400×900 and at 390×844 (English is played the same
way by tests/browser/test_browser_play.py); the end screen shows the game's own score
categories and the page never shows an English word nor an unfilled seat reference. Then
what each drawing promises when hovered: a Stellium objective card rings its formation on
the board; a Pulsar flight shows its route, its length and where it can end."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
import yaml

from tests.browser.pages import DESKTOP, PHONE, click_once, over, wait_loaded
from tests.browser.test_browser_quality import ROOT, english_on
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

GAMES = ("pulsar", "smugglers", "stellium")
QUICK: dict[str, dict[str, Any]] = {"pulsar": {}, "smugglers": {}, "stellium": {"target": 8}}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


def open_match(server: ServerProcess, page: Any, game: str, lang: str, options: dict[str, Any]) -> str:
    """A 2-player match against a random bot, opened in ``page`` as seat 0 named Anna."""
    r = httpx.post(
        f"{server.url}/api/matches",
        json={
            "game": game,
            "players": 2,
            "seats": ["human", "bot:random"],
            "names": ["Anna", "Béla"],
            "options": options,
        },
        timeout=60,
    )
    assert r.status_code == 201, r.text
    created = r.json()
    page.goto(f"{server.url}/index.html?lang={lang}", timeout=60_000)
    page.evaluate(
        "([id, token]) => localStorage.setItem(`galaxis:tokens:${id}`, JSON.stringify({0: token}))",
        [created["id"], created["tokens"][0]],
    )
    page.goto(f"{server.url}/match.html?id={created['id']}&lang={lang}", timeout=60_000)
    wait_loaded(page)
    page.wait_for_selector("#board svg")
    return str(created["id"])


def score_labels(game: str, lang: str) -> set[str]:
    """The end table's row labels the game writes (data/client.yaml ``score``)."""
    tree = yaml.safe_load((ROOT / "galaxis" / "games" / game / "data" / "client.yaml").read_text("utf-8"))
    return {str(v) for v in tree[lang]["score"].values()}


def board_texts(page: Any) -> str:
    return str(
        page.evaluate(
            """() => [...document.querySelectorAll('#board svg text')].map((t) => t.textContent).join('\\n')
                + [...document.querySelectorAll('#board [data-tip]')].map((n) => n.getAttribute('data-tip')).join('\\n')"""
        )
    )


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_played_to_the_end_in_hungarian_by_clicking(
    server: ServerProcess, new_browser: Any, game: str, size: str
) -> None:
    page = new_browser(viewport=SIZES[size]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_match(server, page, game, "hu", QUICK[game])
    rng = random.Random(f"ui3-{game}-{size}")
    made = {"board": 0, "button": 0, "select": 0}
    english: set[str] = set()
    for step in range(4000):
        if over(page):
            break
        if step % 25 == 0:
            english |= set(english_on(page))
            assert "⟨" not in board_texts(page), "a seat reference left unfilled on the board"
        how = click_once(page, rng)
        if how:
            made[how] += 1
        else:
            page.wait_for_timeout(40)
    assert over(page), f"{game} did not end ({made})"
    assert made["board"] > 0 and made["button"] > 0  # the board and the status bar both play
    page.wait_for_selector("#end:not([hidden])")
    assert "helyen végeztél" in page.inner_text("#end-title")
    shown = {t.strip() for t in page.locator("#breakdown tbody th").all_inner_texts()}
    ours = score_labels(game, "hu") & shown
    assert len(ours) >= 3, f"{game}: the end table lacks the game's score categories: {sorted(shown)}"
    english |= set(english_on(page))
    assert not english, f"{game}: English words on the Hungarian page: {sorted(english)}"
    log = page.inner_text("#log")
    assert "Anna" in log and "⟨" not in log
    if size == "phone":
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not errors, errors


def test_stellium_hovering_an_objective_card_rings_its_formation(
    server: ServerProcess, new_browser: Any
) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    open_match(server, page, "stellium", "en", QUICK["stellium"])
    cards = page.locator("#board svg [data-card]")
    assert cards.count() >= 6  # the display
    shown = "(id) => getComputedStyle(document.querySelector(`#board [data-formation='${id}']`)).display"
    tried = []
    for i in range(cards.count()):
        cid = cards.nth(i).get_attribute("data-card")
        rings = page.locator(f"#board [data-formation='{cid}'] circle")
        if not rings.count():
            continue
        assert page.evaluate(shown, cid) == "none"  # hidden until its card is hovered
        cards.nth(i).hover(force=True)
        assert page.evaluate(shown, cid) != "none", cid
        page.mouse.move(2, 2)
        assert page.evaluate(shown, cid) == "none"
        tried.append(cid)
    assert tried, "no display card has a formation (or a near miss) on the starting board"


def test_pulsar_flight_shows_its_route_length_and_ends(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    open_match(server, page, "pulsar", "en", QUICK["pulsar"])
    rng = random.Random("ui3-flight")
    for _ in range(1500):
        assert not over(page), "the match ended without a flight"
        label = page.locator("#board svg text", has_text="segments flown")
        if label.count() and page.locator("#board .selectable").count():
            break
        ship = page.locator("#board .selectable[data-target='ship']")
        if ship.count():  # fly whenever the rocket can: click it, then pick a die
            ship.first.click(timeout=3000)
            chooser = page.locator("#chooser button[data-notation]")
            if chooser.count():
                chooser.first.click(timeout=3000)
            page.wait_for_timeout(300)
            continue
        click_once(page, rng)
    else:
        raise AssertionError("no flight was flown")
    assert "Flight:" in (label.first.text_content() or "")
    ends = page.locator("#board [data-tip='A flight can end here']")
    hops = page.locator("#board .selectable")
    assert ends.count() >= 1 and hops.count() >= 1
    # hovering a next hop shows where the flight can end through it
    via = page.locator("#board [data-via]")
    if via.count():
        node = via.first.get_attribute("data-via")
        hidden = "(id) => getComputedStyle(document.querySelector(`#board [data-via='${id}']`)).display"
        assert page.evaluate(hidden, node) == "none"
        page.locator(f"#board [data-target='{node}']").first.hover(force=True)
        assert page.evaluate(hidden, node) != "none"
