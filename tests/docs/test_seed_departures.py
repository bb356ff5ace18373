"""Every game's rules say where they depart from the seed's text (issue 29), in English and in
Hungarian, and document every option and every key of the ``setup`` option."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from galaxis.core import get_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["smugglers", "pulsar", "stellium", "kaosz", "space_empires"]
TABLE = {
    "en": "## Where we depart from the seed's text, and why",
    "hu": "## Ahol eltérünk a szabálykönyv szövegétől, és miért",
}
ROW = re.compile(r"^\| *§[^|]*\|[^|]+\|[^|]+\|[^|]+\|", re.MULTILINE)


def _docs(game: str) -> dict[str, str]:
    return {
        "en": (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8"),
        "hu": (ROOT / "galaxis" / "games" / game / "data" / "rules.hu.md").read_text(encoding="utf-8"),
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_table_of_departures_in_both_languages(game: str) -> None:
    """The table "where we depart from the seed's text, and why": each line names the section, what the
    seed says, what we do and why; the Hungarian table has as many lines as the English one."""
    rows = {}
    for lang, text in _docs(game).items():
        assert TABLE[lang] in text, (game, lang)
        part = text.split(TABLE[lang], 1)[1].split("\n## ", 1)[0]
        rows[lang] = ROW.findall(part)
        assert all(row.count("|") >= 5 for row in rows[lang])
    assert len(rows["en"]) == len(rows["hu"]), game


@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_setup_key_is_documented_in_both_languages(game: str) -> None:
    info = get_game(game).info
    for lang, text in _docs(game).items():
        missing = [k for k in (*info.options, *info.setup_keys) if not re.search(f"`{k}[`=:]", text)]
        assert not missing, (game, lang, missing)
