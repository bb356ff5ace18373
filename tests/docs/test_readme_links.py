"""The README and the docs link only to files in the repository (#30): no link to
../shared or to anything a clone does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _local_targets(doc: Path) -> list[str]:
    targets = [t for t in LINK.findall(doc.read_text(encoding="utf-8")) if "://" not in t]
    return [t.split("#")[0] for t in targets if not t.startswith(("#", "mailto:")) and t.split("#")[0]]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_local_link_points_into_the_repository(doc: Path) -> None:
    for target in _local_targets(doc):
        path = (doc.parent / target).resolve()
        assert ROOT in path.parents or path == ROOT, f"{doc.name} links outside the repository: {target}"
        assert path.exists(), f"{doc.name} links to a missing file: {target}"


@pytest.mark.parametrize("doc", [ROOT / "README.md", ROOT / "docs" / "server.md"], ids=lambda p: p.name)
def test_no_reference_to_the_shared_folder(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert "../shared" not in text and "ARCHITECTURE.md" not in text


def test_the_readme_links_the_contract_and_every_game() -> None:
    targets = set(_local_targets(ROOT / "README.md"))
    assert "docs/architecture.md" in targets and "CHANGELOG.md" in targets
    for game in ("smugglers", "pulsar", "space_empires", "stellium", "kaosz"):
        assert f"docs/games/{game}.md" in targets


def test_quick_start_has_exactly_the_two_set_up_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = quick.split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make run", "make test"]
