"""Writes screenshots of every game in the browser client to docs/screenshots/.

For each game and language: the start, the middle and the end of a match against a
bot, played by clicking highlighted board elements and status-bar buttons as a
person does, at 1400x900; the start and the end again at phone size (390x844); and
the lobby. Needs Debian's chromium (/usr/bin/chromium) and Playwright.

    python scripts/screenshots.py [--games smugglers,pulsar] [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
# Options for a match of watchable length, per game.
QUICK: dict[str, dict[str, Any]] = {
    "smugglers": {},
    "stellium": {"target": 15},
    "pulsar": {},
    "kaosz": {"max_rounds": 8},
    "space_empires": {"cycles": 2},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    cmd = [sys.executable, "-c", "from galaxis.cli import main; main()", "serve", "--port", str(port)]
    cmd += ["--db", f"sqlite:///{db}"]
    cmd += ["--bot-delay", "0", "--no-rate-limits"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.terminate()
    raise SystemExit("the server did not start")


def click_once(page: Any, rng: random.Random) -> bool:
    """One move by clicking, as tests/browser/pages.py does; True when something was clicked."""
    if page.get_attribute("body", "data-over") == "1" or page.get_attribute("body", "data-mine") != "1":
        return False
    targets = page.locator("#board .selectable")
    buttons = page.locator("#choices button:not([data-actions='cancel'])")
    n_targets, n_buttons = targets.count(), buttons.count()
    if not n_targets and not n_buttons:
        return False
    try:
        if n_targets and (not n_buttons or rng.random() < 0.7):
            targets.nth(rng.randrange(n_targets)).click(timeout=3000)
        else:
            buttons.nth(rng.randrange(n_buttons)).click(timeout=3000)
        chooser = page.locator("#chooser button[data-notation]")
        if chooser.count():
            chooser.nth(rng.randrange(chooser.count())).click(timeout=3000)
        page.wait_for_timeout(120)
    except Exception:
        return False
    return True


def play(page: Any, rng: random.Random, until: int | None) -> None:
    """Clicks until the match ends, or until it has ``until`` log entries."""
    for _ in range(4000):
        if page.get_attribute("body", "data-over") == "1":
            return
        if until is not None and page.locator("#log li").count() >= until:
            return
        if not click_once(page, rng):
            page.wait_for_timeout(60)


def open_match(page: Any, url: str, game: str, lang: str) -> None:
    page.goto(f"{url}/index.html?lang={lang}")
    page.wait_for_selector("body[data-ready='1']")
    body = {
        "game": game,
        "players": 2,
        "seats": ["human", "bot:random"],
        "names": ["Anna", "Béla"],
        "options": QUICK.get(game, {}),
    }
    created = httpx.post(f"{url}/api/matches", json=body, timeout=60).json()
    page.evaluate(
        "([id, token]) => localStorage.setItem(`galaxis:tokens:${id}`, JSON.stringify({0: token}))",
        [created["id"], created["tokens"][0]],
    )
    page.goto(f"{url}/match.html?id={created['id']}&lang={lang}")
    page.wait_for_selector("#board svg")
    page.wait_for_timeout(600)


def shoot(page: Any, path: Path) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), type="jpeg", quality=72)
    print(path.relative_to(ROOT))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(QUICK))
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        proc, url = start_server(Path(tmp) / "shots.db")
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--headless"])
        try:
            for lang in ("en", "hu"):
                for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                    page = browser.new_context(viewport=viewport, bypass_csp=True).new_page()
                    page.goto(f"{url}/index.html?lang={lang}")
                    page.wait_for_selector("body[data-ready='1']")
                    page.wait_for_timeout(800)
                    shoot(page, out / f"lobby-{lang}-{size}.jpg")
                    page.close()
            for game in args.games.split(","):
                for lang in ("en", "hu"):
                    rng = random.Random(f"{game}-{lang}")
                    page = browser.new_context(viewport=DESKTOP, bypass_csp=True).new_page()
                    open_match(page, url, game, lang)
                    shoot(page, out / f"{game}-start-{lang}.jpg")
                    play(page, rng, until=30)
                    shoot(page, out / f"{game}-mid-{lang}.jpg")
                    play(page, rng, until=None)
                    shoot(page, out / f"{game}-end-{lang}.jpg")
                    page.close()
                    phone = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
                    open_match(phone, url, game, lang)
                    shoot(phone, out / f"{game}-start-{lang}-phone.jpg")
                    phone.close()
        finally:
            browser.close()
            proc.terminate()
            proc.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
