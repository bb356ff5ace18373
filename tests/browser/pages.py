"""Driving the lobby and the match page as a player does: helpers shared by the browser tests."""

from __future__ import annotations

import random
from typing import Any

from tests.server.helpers import ServerProcess

LEVELS = ("easy", "normal", "hard", "expert")
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


def seq_of(page: Any) -> str:
    return str(page.get_attribute("body", "data-seq") or "")


def over(page: Any) -> bool:
    return page.get_attribute("body", "data-over") == "1"


def mine(page: Any) -> bool:
    return page.get_attribute("body", "data-mine") == "1"


def wait_loaded(page: Any) -> None:
    page.wait_for_function("document.body.dataset.seq !== undefined")


def open_lobby(page: Any, server: ServerProcess, lang: str = "en") -> None:
    page.goto(f"{server.url}/index.html?lang={lang}")
    page.wait_for_selector("body[data-ready='1']")


def create_in_lobby(
    page: Any,
    server: ServerProcess,
    game: str,
    seats: list[str],
    options: dict[str, Any] | None = None,
    names: list[str] | None = None,
) -> str:
    """Sets a match up through the lobby's form ("Set up a match…") and opens it.

    ``seats``: "human", "open", "bot:<level>" or "bot:<any agent spec>" (typed under
    the custom bot choice). ``options``: values for choice (select), bool (checkbox)
    and int (number) options; advanced ones are unfolded first."""
    open_lobby(page, server)
    page.click(f".setup-button[data-game='{game}']")
    page.select_option("#players", str(len(seats)))
    page.locator("#advanced-box").evaluate("d => { d.open = true; }")
    for name, value in (options or {}).items():
        field = page.locator(f"[data-option='{name}']")
        kind = field.get_attribute("data-type")
        if kind == "bool":
            field.set_checked(bool(value))
        elif kind == "int":
            field.fill(str(value))
        else:
            field.select_option(str(value))
    for i, seat in enumerate(seats):
        kind, _, spec = seat.partition(":")
        if kind == "bot" and spec not in LEVELS:
            page.select_option(f"#seat-{i}", "custom")
            page.fill(f"#seat-{i}-spec", spec)
        else:
            page.select_option(f"#seat-{i}", seat)
        if names and i < len(names):
            page.fill(f"#seat-{i}-name", names[i])
    page.click("#create")
    page.wait_for_url("**/match.html?id=*")
    wait_loaded(page)
    return str(page.url.split("id=")[1])


def open_moves(page: Any) -> None:
    """Unfolds the expert's list of every legal move (notation and words)."""
    page.locator("#moves-box").evaluate("d => { d.open = true; }")


def click_once(page: Any, rng: random.Random, board_share: float = 0.7) -> str | None:
    """One click a player makes on their turn: a highlighted board element or a status-bar
    button (never the notation list); a chooser that opens is answered at once.
    Returns "board", "button", "select" (a board element chosen, the move not yet sent)
    or None when there was nothing to click."""
    from playwright.sync_api import Error as PlaywrightError

    if page.locator("#cover").is_visible():
        page.click("#cover-ok")
        return None
    if over(page) or not mine(page):
        return None
    before = seq_of(page)
    targets = page.locator("#board .selectable")
    buttons = page.locator("#choices button:not([data-actions='cancel'])")
    n_targets, n_buttons = targets.count(), buttons.count()
    if not n_targets and not n_buttons:
        return None
    use_board = n_targets and (not n_buttons or rng.random() < board_share)
    try:
        if use_board:
            targets.nth(rng.randrange(n_targets)).click(timeout=3000)
            how = "board"
        else:
            buttons.nth(rng.randrange(n_buttons)).click(timeout=3000)
            how = "button"
        chooser = page.locator("#chooser button[data-notation]")
        if chooser.count():
            chooser.nth(rng.randrange(chooser.count())).click(timeout=3000)
    except PlaywrightError:  # the page re-rendered under the click (a bot moved): look again
        return None
    try:
        page.wait_for_function(
            "old => document.body.dataset.seq !== old || document.body.dataset.over === '1'",
            arg=before,
            timeout=1500,
        )
    except PlaywrightError:
        return "select" if how == "board" and page.locator("#board .selected").count() else None
    return how


def play_to_the_end(page: Any, rng: random.Random, max_clicks: int = 3000) -> dict[str, int]:
    """Clicks until the match is over; counts the clicks that sent a move, by where they were made."""
    made = {"board": 0, "button": 0, "select": 0}
    for _ in range(max_clicks):
        if over(page):
            return made
        how = click_once(page, rng)
        if how:
            made[how] += 1
        else:
            page.wait_for_timeout(40)
    raise AssertionError(f"the match did not end after {max_clicks} clicks ({made})")
