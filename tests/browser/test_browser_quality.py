"""What a player sees must be readable, accessible, explained and in their language:
board text size, axe-core on every page in both languages and sizes, refusals shown
next to what caused them, a stale move resynchronised silently, and a Hungarian
walk through every page that finds no English words."""

from __future__ import annotations

import contextlib
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from galaxis.core.registry import GAME_MODULES
from tests.browser.pages import DESKTOP, PHONE, click_once, open_lobby, open_moves, seq_of, wait_loaded
from tests.i18n.vocabulary import glossary_pairs, text_yaml_pairs
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(g for g in GAME_MODULES if (ROOT / "galaxis" / "games" / g / "data" / "client.yaml").exists())
SIZES = {"desktop": DESKTOP, "phone": PHONE}
MIN_TEXT_PX = 11.0


def start_match(server: ServerProcess, page: Any, game: str, lang: str = "en", players: int = 2) -> str:
    """A match against a random bot created through the API, opened in ``page`` as seat 0."""
    r = httpx.post(
        f"{server.url}/api/matches",
        timeout=60,
        json={"game": game, "players": players, "seats": ["human"] + ["bot:random"] * (players - 1)},
    )
    assert r.status_code == 201, r.text
    created = r.json()
    page.goto(f"{server.url}/index.html?lang={lang}")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`galaxis:tokens:${id}`, JSON.stringify({0: token}))",
        [created["id"], created["tokens"][0]],
    )
    page.goto(f"{server.url}/match.html?id={created['id']}&lang={lang}")
    wait_loaded(page)
    page.wait_for_selector("#board svg")
    return str(created["id"])


# --- text size ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_board_text_is_large_enough(server: ServerProcess, new_browser: Any, game: str) -> None:
    page = new_browser(viewport=DESKTOP).new_page()
    start_match(server, page, game)
    heights = page.evaluate(
        """() => [...document.querySelectorAll('#board svg text')]
            .filter((t) => t.textContent.trim())
            .map((t) => t.getBoundingClientRect().height)
            .filter((h) => h > 0)
            .sort((a, b) => a - b)"""
    )
    assert len(heights) >= 10, heights
    p5 = heights[int(len(heights) * 0.05)]
    assert p5 >= MIN_TEXT_PX, f"{game}: 5th percentile of board text height {p5:.1f} px < {MIN_TEXT_PX}"


# --- accessibility ------------------------------------------------------------------------


def serious_violations(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found = []
    for v in results.response["violations"]:
        if v.get("impact") in ("serious", "critical"):
            where = [n.get("target") for n in v.get("nodes", [])[:3]]
            found.append(f"{v['id']} ({v['impact']}): {v['help']} at {where}")
    return found


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("where", ["lobby", *GAMES])
def test_no_serious_accessibility_violation(
    server: ServerProcess, new_browser: Any, where: str, lang: str, size: str
) -> None:
    page = new_browser(viewport=SIZES[size]).new_page()
    if where == "lobby":
        open_lobby(page, server, lang)
        page.click(".setup-button[data-game='smugglers']")  # the set-up form is part of the page
    else:
        start_match(server, page, where, lang)
        page.wait_for_function("document.getElementById('prompt').textContent.length > 0")
    found = serious_violations(page)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_rules_pages_read_on_a_phone(server: ServerProcess, new_browser: Any, lang: str) -> None:
    """Every game's rules (``Game.rules_text(lang)``) on a 390x844 phone: the page never
    scrolls sideways (a wide table scrolls inside its own box), the text is 15 px, a
    folded list of contents links the sections, and axe finds nothing serious."""
    from galaxis.core import get_game

    page = new_browser(viewport=PHONE).new_page()
    for game in GAMES:
        page.goto(f"{server.url}/rules.html?game={game}&lang={lang}")
        page.wait_for_selector("body[data-ready='1']")
        first = get_game(game).rules_text(lang).lstrip().splitlines()[0].lstrip("# ").replace("`", "").strip()
        assert page.inner_text("#rules h1").strip() == first  # the game's rules in this language
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], game
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('#rules table')].map((t) => {
                const box = t.parentElement;
                return { wrapped: box.classList.contains('table-wrap'),
                         scrolls: ['auto', 'scroll'].includes(getComputedStyle(box).overflowX),
                         right: box.getBoundingClientRect().right };
            })"""
        )
        assert all(b["wrapped"] and b["scrolls"] and b["right"] <= PHONE["width"] for b in boxes), (
            game,
            boxes,
        )
        size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#rules p')).fontSize)")
        assert size >= 15, (game, size)
        if page.locator("#rules h2").count() >= 4:
            links = page.locator("#rules .toc a")
            assert links.count() == page.locator("#rules h2").count()
            page.locator("#rules .toc summary").click()
            links.last.click()
            assert page.evaluate("location.hash") == f"#section-{links.count()}"
        found = serious_violations(page)
        assert not found, (game, found)


# --- refusals and stale moves -----------------------------------------------------------------


def test_a_typed_illegal_move_shows_its_reason(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    start_match(server, page, "smugglers")
    open_moves(page)
    page.wait_for_function("document.body.dataset.mine === '1'")
    before = seq_of(page)
    page.fill("#filter", "Z9")
    page.press("#filter", "Enter")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    reason = page.inner_text("#error")
    assert "Not allowed" in reason and "z9" in reason.lower(), reason
    assert page.input_value("#filter") == "Z9"  # what was typed stays, to be corrected
    assert seq_of(page) == before


def test_a_click_where_nothing_can_be_done_says_so(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    start_match(server, page, "smugglers")
    page.wait_for_function("document.body.dataset.mine === '1'")
    # The pool's goods take part only in the refill: not a target while bidding.
    page.locator("#board [data-target='pool-r']").click()
    page.wait_for_function("document.getElementById('board-error').textContent.length > 0")
    message = page.inner_text("#board-error")
    assert "Nothing to do there" in message and "Bid" in message, message


def test_a_refused_click_shows_the_servers_reason(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    start_match(server, page, "smugglers")
    page.wait_for_function("document.body.dataset.mine === '1'")
    # The page believes a move is legal that the server refuses (its list is tampered with):
    # the server's reason appears in the status bar, next to the board that was clicked.
    page.evaluate(
        """() => { state.legal_actions = state.legal_actions.map((a) =>
            a.targets.includes('card-A') ? { ...a, notation: 'A9' } : a); }"""
    )
    page.locator("#board [data-target='face-1']").click()
    page.locator("#board [data-target='card-A']").click()
    page.wait_for_function("document.getElementById('board-error').textContent.length > 0")
    assert "Not allowed" in page.inner_text("#board-error")


def test_a_stale_move_resynchronises_silently(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    start_match(server, page, "smugglers")
    page.wait_for_function("document.body.dataset.mine === '1'")
    before = int(seq_of(page))
    page.evaluate("() => { state.seq += 1; }")  # out of step with the server (as after a missed update)
    conflicts: list[int] = []
    page.on("response", lambda r: conflicts.append(r.status) if r.url.endswith("/actions") else None)
    page.locator("#board [data-target='face-6']").click()
    page.locator("#board .selectable[data-target^='card-']").first.click()
    page.wait_for_function("old => Number(document.body.dataset.seq) > old", arg=before)
    assert 409 in conflicts and 200 in conflicts, conflicts  # refused as stale, sent again after the resync
    assert page.inner_text("#board-error") == ""


# --- the Hungarian walk -------------------------------------------------------------------------

WORD = re.compile(r"[A-Za-zÁÉÍÓÖŐÚÜŰáéíóöőúüű]{4,}")


def _leaves(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [s for v in node.values() for s in _leaves(v)]
    if isinstance(node, list):
        return [s for v in node for s in _leaves(v)]
    return [node] if isinstance(node, str) else []


def _words(texts: list[str]) -> set[str]:
    return {w.lower() for t in texts for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", t))}


@cache
def english_only() -> frozenset[str]:
    """Words of the client's and the games' English texts that no Hungarian text uses."""
    english: list[str] = []
    hungarian: list[str] = []
    i18n = (ROOT / "galaxis" / "web" / "i18n.js").read_text(encoding="utf-8")
    en_block, hu_block = i18n.split("\n  hu: {", 1)
    english += re.findall(r':\s*"([^"]*)"', en_block)
    hungarian += re.findall(r':\s*"([^"]*)"', hu_block)
    for game in GAMES:
        data = ROOT / "galaxis" / "games" / game / "data"
        for name in ("client.yaml", "terms.yaml"):
            path = data / name
            if path.exists():
                tree = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
                english += _leaves(tree.get("en", {}))
                hungarian += _leaves(tree.get("hu", {}))
        for en, hu in [*glossary_pairs(game), *text_yaml_pairs(game)]:  # the game's terms and view words
            english.append(en)
            hungarian.append(hu)
    import galaxis

    names = [n for g in galaxis.games() for n in (g.name, g.name_hu)]  # proper names in both languages
    return frozenset(_words(english) - _words(hungarian) - _words(names))


def visible_words(page: Any) -> set[str]:
    texts = page.evaluate(
        """() => [document.body.innerText,
            ...[...document.querySelectorAll('[data-tip], [title], [aria-label], [placeholder]')].flatMap((n) =>
                [n.getAttribute('data-tip'), n.getAttribute('title'), n.getAttribute('aria-label'),
                 n.getAttribute('placeholder')]),
            ...[...document.querySelectorAll('svg text')].map((t) => t.textContent)].filter(Boolean)"""
    )
    return _words(texts)


def english_on(page: Any) -> list[str]:
    return sorted(visible_words(page) & english_only())


def test_hungarian_lobby_and_rules_have_no_english(server: ServerProcess, new_browser: Any) -> None:
    page = new_browser().new_page()
    open_lobby(page, server, "hu")
    page.click(".setup-button[data-game='smugglers']")
    page.locator("#advanced-box").evaluate("d => { d.open = true; }")
    assert english_on(page) == []
    for game in GAMES:
        page.click(f".setup-button[data-game='{game}']")
        page.locator("#advanced-box").evaluate("d => { d.open = true; }")
        assert english_on(page) == [], game
    for game in GAMES:
        page.goto(f"{server.url}/rules.html?game={game}&lang=hu")
        page.wait_for_selector("body[data-ready='1']")
        assert page.locator("#rules h1").count() == 1
        # The page's own words; the rules text is the game's (tests/cli/test_rules_hu.py), and it
        # names the notation's and the effect language's English keywords on purpose.
        page.evaluate("() => document.getElementById('rules').remove()")
        assert english_on(page) == [], game


def test_hungarian_replay_page(server: ServerProcess, new_browser: Any) -> None:
    """A finished match in the replay viewer, in Hungarian: names, moves in words, the result."""
    import time

    r = httpx.post(
        f"{server.url}/api/matches",
        timeout=60,
        json={
            "game": "smugglers",
            "players": 2,
            "seats": ["bot:random", "bot:random"],
            "names": ["Anna", ""],
        },
    )
    mid = r.json()["id"]
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/matches/{mid}").json()["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    page = new_browser().new_page()
    page.goto(f"{server.url}/replay.html?id={mid}&lang=hu")
    page.wait_for_function("Number(document.body.dataset.step) > 0")
    page.locator("#slider").fill("5")
    page.wait_for_function("document.body.dataset.step === '5'")
    assert page.inner_text("#title") == "Űrcsempészek"
    text = page.inner_text("body")
    assert "Anna" in text and "2. játékos" in text and not re.search(r"⟨\d+⟩", text)
    moves = page.locator("#moves li").all_inner_texts()
    assert moves and not [m for m in moves if re.fullmatch(r"[^:]+: \S{1,6}", m.strip())], (
        moves
    )  # words, not notation
    assert any("szektor" in m for m in moves), moves
    assert english_on(page) == []


@pytest.mark.parametrize("game", GAMES)
def test_hungarian_walk_through_a_match(server: ServerProcess, new_browser: Any, game: str) -> None:
    page = new_browser().new_page()
    start_match(server, page, game, "hu")
    rng = random.Random(game)
    seen: set[str] = set()
    for step in range(60):
        if page.get_attribute("body", "data-over") == "1":
            break
        seen |= set(english_on(page))
        tips = page.locator("#board [data-tip]")
        if step % 10 == 0 and tips.count():
            from playwright.sync_api import Error as PlaywrightError

            # The tooltip is Hungarian too (a tip may lie under others); a board re-rendered
            # under the pointer (a bot moved) is no failure.
            with contextlib.suppress(PlaywrightError):
                tips.first.hover(force=True, timeout=3000)
        click_once(page, rng)
    seen |= set(english_on(page))
    assert not seen, f"{game}: English words on the Hungarian page: {sorted(seen)}"
