"""The Hungarian rules (`galaxis rules <game> --lang hu`) are complete, not a summary.

For every game with Hungarian rules the text must (issue 33):
- cover every top-level and second-level numbered section of the English doc
  (``docs/games/<id>.md``) under the same number, so that the rule references of
  refused moves ("§3.2") point to the same place in both languages;
- carry every section number the game's code cites, and every titled section,
  design decision and labelled paragraph of the English doc, with a Hungarian title
  (refusals show the rule reference with that title, galaxis.core.messages);
- be at least 60% as long as the English rules sections (the numbered ones; the
  unnumbered design-decision notes may be condensed);
- never send the reader to the English text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from galaxis.cli import app
from galaxis.core import get_game
from galaxis.core.messages import section_titles

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["smugglers", "stellium", "pulsar", "kaosz", "space_empires"]
HEADING = re.compile(r"^(#{2,6}) +(\d+(?:\.\d+)*)\.?(?=\s)", re.MULTILINE)
CITED = re.compile(r"§(\d+(?:\.\d+)*[a-z]?|D\d+)")
# "see the English doc" in any wording; naming a source (the publisher's English player
# aid) is fine, sending the reader to an English text is not
TO_ENGLISH = re.compile(
    r"docs/games|\benglish\b|angolul|angol\w*\s+(nyelvű\s+)?(leírás|dokument|szöveg|változat|fordítás)",
    re.IGNORECASE,
)


def english(game: str) -> str:
    return (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")


def hungarian(game: str) -> str:
    return (ROOT / "galaxis" / "games" / game / "data" / "rules.hu.md").read_text(encoding="utf-8")


def headings(text: str) -> dict[str, int]:
    """Numbered headings: section number -> heading level (2 for ``##``)."""
    return {m.group(2): len(m.group(1)) for m in HEADING.finditer(text)}


def numbered_part(text: str) -> str:
    """The text without its unnumbered level-2 sections (design notes, decisions)."""
    parts = re.split(r"^(?=## )", text, flags=re.MULTILINE)
    return "".join(p for p in parts if not p.startswith("## ") or HEADING.match(p))


@pytest.mark.parametrize("game", GAMES)
def test_hungarian_rules_have_every_section_of_the_english_doc(game: str) -> None:
    en, hu = headings(english(game)), headings(hungarian(game))
    wanted = {number: level for number, level in en.items() if number.count(".") <= 1}
    missing = {n: lvl for n, lvl in wanted.items() if hu.get(n) != lvl}
    assert not missing, f"{game}: sections missing in Hungarian (number: level): {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_section_the_code_cites_exists_in_hungarian(game: str) -> None:
    en, hu = section_titles(english(game)), section_titles(hungarian(game))
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "galaxis" / "games" / game).rglob("*.py"))
    cited = {n for n in CITED.findall(code) if n in en}
    assert cited, f"{game}: the code cites no section (the pattern is wrong)"
    assert not cited - set(hu), f"{game}: cited sections missing in Hungarian: {sorted(cited - set(hu))}"


@pytest.mark.parametrize("game", GAMES)
def test_every_titled_section_has_a_hungarian_title(game: str) -> None:
    """Refusals show a rule reference with its title in the reader's language, taken
    from the headings and bold paragraph labels of the rules text (``section_titles``):
    every section, design decision and labelled paragraph of the English doc has one."""
    en, hu = section_titles(english(game)), section_titles(hungarian(game))
    assert not set(en) - set(hu), f"{game}: untitled in Hungarian: {sorted(set(en) - set(hu), key=str)}"
    assert all(title.strip() for title in hu.values())


@pytest.mark.parametrize("game", GAMES)
def test_hungarian_rules_are_as_complete_as_the_english_ones(game: str) -> None:
    en, hu = len(numbered_part(english(game))), len(hungarian(game))
    assert hu >= 0.6 * en, f"{game}: Hungarian {hu} characters against English {en}"


@pytest.mark.parametrize("game", GAMES)
def test_hungarian_rules_never_send_the_reader_to_the_english_text(game: str) -> None:
    for sentence in re.split(r"(?<=[.!?])\s+", hungarian(game)):
        assert not TO_ENGLISH.search(sentence), f"{game}: {sentence!r}"


@pytest.mark.parametrize("game", GAMES)
def test_hungarian_rules_render_with_the_structure_of_the_english_ones(game: str) -> None:
    """Rendered as the browser's rules page renders them (CommonMark with tables), both
    texts have the same headings, tables and numbered lists: a wrapped line that starts
    with "1." would otherwise turn the rest of a paragraph into a list."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    en, hu = md.render(english(game)), md.render(hungarian(game))
    for tag in ("<h1", "<h2", "<h3", "<h4", "<table", "<ol"):
        assert hu.count(tag) == en.count(tag), (
            f"{game}: {tag}> {hu.count(tag)} in Hungarian, {en.count(tag)} in English"
        )


@pytest.mark.parametrize("game", GAMES)
def test_rules_command_prints_the_hungarian_rules(runner: CliRunner, game: str) -> None:
    result = runner.invoke(app, ["rules", game, "--lang", "hu"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == hungarian(game).strip()
    assert get_game(game).rules_text("hu") == hungarian(game)


def test_the_browsers_rules_pages_serve_the_complete_hungarian_rules(tmp_path: Path) -> None:
    """``GET /api/games/<id>/rules?lang=hu`` (the browser's rules page) is the Hungarian
    rules text of every game, every Hungarian section title a heading on it."""
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from galaxis.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'rules.db'}")) as client:
        for game in GAMES:
            page = client.get(f"/api/games/{game}/rules", params={"lang": "hu"}).json()
            english_page = client.get(f"/api/games/{game}/rules", params={"lang": "en"}).json()
            assert page["lang"] == "hu" and page["html"] != english_page["html"]
            html = page["html"]
            assert len(html) > len(hungarian(game)), game  # the whole text, not a summary
            for number, level in headings(hungarian(game)).items():
                assert re.search(rf"<h{level}>{re.escape(number)}\.? ", html), f"{game}: no heading {number}"
