"""Káosz Galaktika in the browser (issue #23): the enlarged card on hover and long press
(on the table and for a card named in the log), and nothing of a face-down card in it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.pages import DESKTOP, PHONE, seq_of, wait_loaded
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser


def _open(page: Any, server: ServerProcess, lang: str = "en") -> dict[str, Any]:
    r = httpx.post(
        f"{server.url}/api/matches",
        json={"game": "kaosz", "players": 2, "seed": 7, "seats": ["human", "human"]},
    ).json()
    page.goto(f"{server.url}/index.html")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`galaxis:tokens:${id}`, JSON.stringify({0: token}))",
        [r["id"], r["tokens"][0]],
    )
    page.goto(f"{server.url}/match.html?id={r['id']}&lang={lang}")
    wait_loaded(page)
    page.wait_for_selector("#board [data-card]")
    return dict(r)


def test_hovering_a_card_shows_it_enlarged_with_its_full_text(
    server: ServerProcess, new_browser: Any
) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    _open(page, server, "hu")
    card = page.locator("#board [data-card]").first
    card_id = card.get_attribute("data-card")
    card.hover()
    page.wait_for_selector("#zoom:not([hidden])")
    box = page.locator("#zoom").bounding_box()
    assert box["width"] >= 250  # about three times the card on the table
    assert page.locator(f"#zoom [data-card='{card_id}']").count() == 1
    # the enlargement shows the card's whole face (drawn once in the board's <defs>, with its
    # type line, which only the full face has), not the table face
    face = page.locator(f"#zoom .zoom-only use[href='#kf-{card_id}']")
    assert face.is_visible() and face.bounding_box()["width"] >= 250
    assert page.locator(f"#board defs #kf-{card_id} text.v-type").count() == 1
    assert page.locator("#zoom .table-only").first.is_hidden()
    assert page.locator("#tip").is_hidden()  # the enlargement replaces the text tip
    page.mouse.move(1, 1)
    page.wait_for_selector("#zoom", state="hidden")


def test_a_long_press_enlarges_without_acting(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser(viewport=PHONE).new_page()
    _open(page, server)
    card = page.locator("#board [data-card]").first
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
    page.wait_for_selector("#zoom:not([hidden])", timeout=3000)
    assert page.locator("#zoom").bounding_box()["width"] >= 250  # readable on a phone
    assert seq_of(page) == before


def test_a_card_named_in_the_log_enlarges_and_a_face_down_one_shows_nothing(
    server: ServerProcess, new_browser: Any
) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    r = _open(page, server)
    # both seats keep their hands and pass until seat 0 may put a card face down; it does
    base = f"{server.url}/api/matches/{r['id']}"
    for _ in range(12):
        mover = httpx.get(base).json()["to_move"][0]
        st = httpx.get(base, headers={"X-Seat-Token": r["tokens"][mover]}).json()
        downs = [a for a in st["legal"] if a.startswith("down ")]
        move = downs[0] if mover == 0 and downs else ("keep" if "keep" in st["legal"] else "pass")
        httpx.post(
            f"{base}/actions",
            headers={"X-Seat-Token": r["tokens"][mover]},
            json={"notation": move, "seq": st["seq"]},
        ).raise_for_status()
        if move.startswith("down "):
            down = move
            break
    else:
        raise AssertionError("seat 0 was never offered to put a card face down")
    page.wait_for_selector("#log .piece")
    piece = page.locator("#log .piece").last
    card_id = piece.get_attribute("data-piece")
    piece.hover()
    page.wait_for_selector(f"#zoom img[src*='/pieces/{card_id}.svg']")
    # the other seat's page names no card and its face-down card enlarges as a back
    other = new_browser(viewport=DESKTOP).new_page()
    other.goto(f"{server.url}/index.html")
    other.evaluate(
        "([id, token]) => localStorage.setItem(`galaxis:tokens:${id}`, JSON.stringify({1: token}))",
        [r["id"], r["tokens"][1]],
    )
    other.goto(f"{server.url}/match.html?id={r['id']}")
    wait_loaded(other)
    other.wait_for_function("document.querySelector('#log').innerText.includes('face down')")
    assert other.locator("#log .piece").count() == 0
    uid = down.split()[1]
    theirs = other.locator(f"#board [data-target='{uid}'][data-zoom]")
    assert theirs.get_attribute("data-card") is None
    theirs.hover()
    other.wait_for_selector("#zoom:not([hidden])")
    assert other.locator("#zoom [data-card]").count() == 0
    assert card_id not in other.inner_html("#zoom")


def test_a_whole_game_against_the_default_bot_by_clicking_cards_and_buttons(
    server: ServerProcess, new_browser: Any
) -> None:
    import random

    from tests.browser.pages import create_in_lobby, play_to_the_end

    page = new_browser(viewport=DESKTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_in_lobby(page, server, "kaosz", ["human", "bot:normal"], {"max_rounds": 5}, names=["Anna"])
    made = play_to_the_end(page, random.Random("kaosz-normal"))
    assert made["board"] > 0 and made["button"] > 0  # cards on the table and status-bar buttons
    page.wait_for_selector("#end:not([hidden])")
    assert page.locator("#ranking li").count() == 2
    log = page.inner_text("#log")
    assert "Anna" in log and "⟦" not in log and "⟨" not in log  # names and card names filled in
    assert not errors, errors
