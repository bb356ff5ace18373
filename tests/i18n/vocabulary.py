"""The bilingual vocabulary of a game, shared by the terminal walk (tests/i18n/test_hungarian.py)
and the browser walk (tests/browser/test_browser_quality.py): (English, Hungarian) pairs of its
glossary (``data/terms.yaml``) and, for Space Empires, of its views' texts (``data/text.yaml``)."""

from __future__ import annotations

from pathlib import Path

import yaml

GAMES_DIR = Path(__file__).resolve().parents[2] / "galaxis" / "games"


def glossary_pairs(game_id: str) -> list[tuple[str, str]]:
    """Every glossary entry's English and Hungarian term."""
    path = GAMES_DIR / game_id / "data" / "terms.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}
    return [(str(g["en"]), str(g["hu"])) for g in ((data or {}).get("glossary") or {}).values()]


def text_yaml_pairs(game_id: str) -> list[tuple[str, str]]:
    """Space Empires keeps its views' words in data/text.yaml (bilingual entries) and names its
    units and technologies there in Hungarian (English: units.yaml, techs.yaml)."""
    path = GAMES_DIR / game_id / "data" / "text.yaml"
    if not path.exists():
        return []
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    pairs = [
        (str(e["en"]), str(e["hu"]))
        for section in ("actions", "words", "markers")
        for e in (data.get(section) or {}).values()
    ]
    from galaxis.games.space_empires.base import text_data

    pairs += [(text_data.unit_name(k, "en"), text_data.unit_name(k, "hu")) for k in data["units"]]
    pairs += [(text_data.tech_name(k, "en"), text_data.tech_name(k, "hu")) for k in data["techs"]]
    return pairs
