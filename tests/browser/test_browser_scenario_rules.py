"""The lobby greys out an option another option's choice decides (option spec ``fixed_by``), with the
reason beside it: Space Empires' scenario rules as the seed lists them (issue 29, docs §12.4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import DESKTOP, PHONE, open_lobby
from tests.server.helpers import ServerProcess

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("hu", PHONE)])
def test_a_scenario_s_rules_grey_out_the_options_they_decide(
    server: ServerProcess, new_browser: Any, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    page = new_browser(viewport=viewport).new_page()
    open_lobby(page, server, lang)
    page.click(".setup-button[data-game='space_empires']")
    page.select_option("#players", "2")
    page.locator("#advanced-box").evaluate("d => { d.open = true; }")
    experience, ground = page.locator("#opt-experience"), page.locator("#opt-ground_combat")
    centers = page.locator("#opt-research_centers")
    experience.set_checked(True)
    centers.set_checked(True)
    assert experience.is_enabled() and not ground.is_checked()

    page.select_option("#opt-scenario", "coop_dm_2p")
    # „A hajó-tapasztalatot-, … a Kutatási/Ipari központokat nem használjuk.” / „… a Földi egységeket.”
    assert experience.is_disabled() and not experience.is_checked()
    assert centers.is_disabled() and not centers.is_checked()
    assert ground.is_disabled() and ground.is_checked()
    reason = page.inner_text("#opt-experience-fixed")
    assert "§13.10" in reason and "hajó-tapasztalatot" in reason
    assert ("scenario's rules" if lang == "en" else "forgatókönyv szabálya") in reason
    page.locator("#opt-experience-fixed").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"lobby-scenario-rules-{lang}.png"))

    page.select_option("#opt-scenario_rules", "lenient")  # the lenient reading leaves them free
    assert experience.is_enabled() and page.locator("#opt-experience-fixed").is_hidden()
    page.select_option("#opt-scenario_rules", "rulebook")
    page.select_option("#opt-scenario", "standard")
    assert experience.is_enabled() and ground.is_enabled()
