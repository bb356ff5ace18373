"""Space Empires in the browser (#24): the map fits a phone and a desktop window at start, zooms
(buttons, wheel) and pans by dragging without making a move, and a unit moves by a click on it and
a click on a highlighted hex."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import DESKTOP, PHONE, mine, seq_of
from tests.browser.test_browser_quality import start_match
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

MAP = "#board .board-part[data-part='map'] > svg"


def view_box(page: Any) -> list[float]:
    return [float(v) for v in str(page.get_attribute(MAP, "viewBox")).split()]


def full_view(page: Any) -> list[float]:
    return [float(v) for v in str(page.get_attribute(MAP, "data-full-view")).split()]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_whole_map_fits_the_window_and_zooms(server: ServerProcess, new_browser: Any, size: str) -> None:
    viewport = DESKTOP if size == "desktop" else PHONE
    page = new_browser(viewport=viewport).new_page()
    start_match(server, page, "space_empires")
    page.wait_for_selector(MAP)
    box = page.locator(MAP).bounding_box()
    assert box is not None
    # all of the map on screen at start: inside the window's width and below the top, above its bottom
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5
    assert box["y"] + box["height"] <= viewport["height"] + 0.5
    assert view_box(page) == pytest.approx(full_view(page), abs=0.2)
    # the zoom buttons
    page.click("#board .zoom-in")
    zoomed = view_box(page)
    assert zoomed[2] < full_view(page)[2] * 0.8
    page.click("#board .zoom-fit")
    assert view_box(page) == pytest.approx(full_view(page), abs=0.2)
    # the wheel zooms in where the pointer is
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    page.wait_for_function(
        f"document.querySelector(\"{MAP}\").getAttribute('viewBox').split(' ')[2] < {full_view(page)[2] * 0.9}"
    )
    # a drag pans the map and is not a move
    before, seq = view_box(page), seq_of(page)
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 80, cy + 40, steps=6)
    page.mouse.up()
    after = view_box(page)
    assert after[0] < before[0] and after[1] < before[1] and after[2] == pytest.approx(before[2])
    assert seq_of(page) == seq and not page.locator("#board .selected").count()
    # the view survives the next redraw of the board (a bot's or one's own move)
    page.wait_for_function("document.body.dataset.mine === '1'")
    page.click("#choices button[data-actions='end']")  # end movement: the board is redrawn
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    assert view_box(page)[2] == pytest.approx(after[2], abs=0.5)


def test_a_unit_moves_by_clicking_it_then_a_highlighted_hex(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    start_match(server, page, "space_empires")
    page.wait_for_function("document.body.dataset.mine === '1'")
    assert mine(page)
    # a Scout of mine: a counter of my colour on the map, named in its tip
    scout = page.locator(
        f"{MAP} g.selectable[data-target^='a'][data-tip*='Scout']"
    ).last  # a stack's top counter
    cid = scout.get_attribute("data-target")
    seq = seq_of(page)
    scout.click()
    assert page.locator(f"{MAP} [data-target='{cid}'].selected").count() == 1
    hexes = page.locator(f"{MAP} g.selectable[data-target*='.']")
    assert hexes.count() >= 2  # the hexes it can reach, highlighted
    goal = hexes.first.get_attribute("data-target")
    hexes.first.click(force=True)
    chooser = page.locator("#chooser button[data-notation]")
    if chooser.count():
        chooser.first.click()
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    moved = page.locator(f"{MAP} [data-target='{cid}']")
    assert moved.count() == 1
    assert f"{cid} " in page.inner_text("#log") and str(goal) in page.inner_text("#log")
