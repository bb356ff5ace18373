"""The card browser and deck builder (issue #23): filter the pool, build a legal deck by
clicking cards, see an illegal one refused with its reason, save it, and start a match
with it from the lobby."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.pages import DESKTOP, PHONE, wait_loaded
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser


def _open(page: Any, server: ServerProcess, lang: str = "en") -> None:
    page.goto(f"{server.url}/cards.html?game=kaosz&lang={lang}")
    page.wait_for_selector("body[data-ready='1']")


def _checked(page: Any, before: str) -> None:
    page.wait_for_function("old => document.body.dataset.checked !== old", arg=before)


def _click_card(page: Any, card_id: str, times: int = 1) -> None:
    for _ in range(times):
        before = page.get_attribute("body", "data-checked") or ""
        page.click(f".card-tile[data-card='{card_id}']")
        _checked(page, before)


def test_the_pool_filters_by_race_type_cost_and_text(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    _open(page, server, "hu")
    total = page.locator(".card-tile").count()
    assert total > 200
    page.click(".chip[data-facet='race'][data-value='zarg']")
    zarg = page.locator(".card-tile").count()
    assert 0 < zarg < total
    page.click(".chip[data-facet='type'][data-value='ship']")
    ships = page.locator(".card-tile").count()
    assert 0 < ships < zarg
    page.click(".chip[data-facet='cost'][data-value='8']") if page.locator(
        ".chip[data-value='8']"
    ).count() else None
    page.click(".chip[data-facet='race'][data-value='zarg']")
    page.click(".chip[data-facet='type'][data-value='ship']")
    page.fill("#search", "mamut")
    assert page.locator(".card-tile").count() == 1
    assert page.locator(".card-tile").get_attribute("data-card") == "mamut_1"
    page.fill("#search", "hangárban")  # the rules text, in Hungarian
    assert page.locator(".card-tile[data-card='mamut_1']").count() == 1
    # hovering a card shows it enlarged
    page.hover(".card-tile[data-card='mamut_1']")
    page.wait_for_selector("#zoom:not([hidden]) img[src*='/pieces/mamut_1.svg']")


def test_build_a_legal_deck_see_an_illegal_one_refused_and_play_it(
    server: ServerProcess, new_browser: Any
) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    _open(page, server)
    starters = httpx.get(f"{server.url}/api/games/kaosz/decks").json()
    ids = [line.split(" ", 1)[1] for line in starters[0]["text"].splitlines()]
    # four copies of one card: refused with the engine's reason
    pool = {c["name"]: c["id"] for c in httpx.get(f"{server.url}/api/games/kaosz/cards").json()["cards"]}
    first = pool[ids[0]]
    _click_card(page, first, 4)
    assert page.get_attribute("body", "data-deck-ok") == "0"
    reasons = page.inner_text("#reasons")
    assert "at most 3" in reasons or "3" in reasons, reasons
    assert "45" in reasons  # and the size
    # one copy out again (the − button), then the rest of the starter's cards by clicks
    page.click(f"#deck-list li[data-card='{first}'] button >> nth=0")
    for name in ids[1:]:
        page.fill("#search", "")
        _click_card(page, pool[name], 3)
    page.wait_for_function("document.body.dataset.deckOk === '1'")
    assert "45 / 45" in page.inner_text("#count")
    assert page.locator("#charts figure").count() == 3
    # save it and start a match with it from the lobby
    page.fill("#deck-name", "My raiders")
    page.click("#save")
    assert page.locator("#saved li[data-deck='My raiders']").count() == 1
    page.click("#play")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#seat-0-deck").input_value() == "My raiders"
    page.select_option("#seat-1", "bot:easy")
    page.click("#create")
    page.wait_for_url("**/match.html?id=*")
    wait_loaded(page)
    mid = page.url.split("id=")[1]
    listing = httpx.get(f"{server.url}/api/matches").json()
    assert any(m["id"] == mid and m["custom_setup"] for m in listing)


def test_a_starter_deck_is_copied_and_the_page_works_on_a_phone(
    server: ServerProcess, new_browser: Any
) -> None:
    page = new_browser(viewport=PHONE).new_page()
    _open(page, server, "hu")
    before = page.get_attribute("body", "data-checked") or ""
    page.click("#starters li >> nth=1 >> button")
    _checked(page, before)
    page.wait_for_function("document.body.dataset.deckOk === '1'")
    assert "Szabályos" in page.inner_text("#verdict")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_page_is_accessible_and_hungarian_has_no_english(
    server: ServerProcess, new_browser: Any, lang: str, size: str
) -> None:
    from tests.browser.test_browser_quality import english_on, serious_violations

    page = new_browser(viewport=DESKTOP if size == "desktop" else PHONE).new_page()
    _open(page, server, lang)
    before = page.get_attribute("body", "data-checked") or ""
    page.click("#starters li >> nth=0 >> button")
    _checked(page, before)
    found = serious_violations(page)
    assert not found, "\n".join(found)
    if lang == "hu":
        assert english_on(page) == []


def test_a_deck_is_exported_as_its_deck_text(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    _open(page, server)
    before = page.get_attribute("body", "data-checked") or ""
    page.click("#starters li >> nth=2 >> button")
    _checked(page, before)
    with page.expect_download() as got:
        page.click("#export")
    text = Path(got.value.path()).read_text(encoding="utf-8")
    checked = httpx.post(f"{server.url}/api/games/kaosz/decks/check", json={"text": text}).json()
    assert checked["ok"] and checked["count"] == 45  # the file reads back as the same legal deck
    assert got.value.suggested_filename.endswith(".txt")
