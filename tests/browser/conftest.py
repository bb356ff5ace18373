"""Real-browser tests: Playwright drives Debian's chromium (never a downloaded browser)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import CHROMIUM, ServerProcess, require_services

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("browser")
    with ServerProcess(f"sqlite:///{tmp / 'web.db'}", log_path=tmp / "server.log") as proc:
        yield proc


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    require_services("chromium", os.access(CHROMIUM, os.X_OK))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture
def new_browser(playwright: Any, tmp_path: Path) -> Iterator[Any]:
    """Opens a fresh chromium (own user-data-dir) per call; all closed at the end.

    ``csp=False`` (the default for these tests) lets Playwright's ``wait_for_function``
    evaluate its strings, which the pages' Content-Security-Policy forbids;
    tests/browser/test_browser_trust.py runs the pages under the real policy."""
    contexts = []

    def open_one(csp: bool = False, viewport: dict[str, int] | None = None) -> Any:
        profile = tmp_path / f"profile{len(contexts)}"
        ctx = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            bypass_csp=not csp,
            viewport=viewport or {"width": 1400, "height": 900},
        )
        ctx.set_default_timeout(15_000)
        contexts.append(ctx)
        return ctx

    yield open_one
    for ctx in contexts:
        ctx.close()
