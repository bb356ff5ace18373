"""Every message exists in every language: the catalogues, and the code that uses them.

The catalogues (``messages.yaml`` beside the core, each game and the server) are
enumerated: a message without a template in every language, with fields that
differ between languages, or whose Hungarian template does not render fails.
The code is read (AST): an error raised with a literal English string instead
of a catalogue message fails, and so does a message id or glossary key the
catalogue lacks.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from galaxis.core.messages import LANGUAGES, Catalogue, fields, fmt

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "galaxis"
CATALOGUE_FILES = sorted(PACKAGE.rglob("messages.yaml"))

# Errors a user can provoke; each must carry a catalogue message, not English text.
USER_ERRORS = {
    "IllegalAction",
    "BadOption",
    "BadAgentSpec",
    "BadMatchFile",
    "UnknownGame",
    "GalaxisError",
    "InteropError",
}

# Modules whose user-facing errors are still English literals: each is converted
# game by game (issue #33); the list may only shrink.
PENDING: tuple[str, ...] = ()  # every package raises its errors from a catalogue


def test_catalogues_are_found() -> None:
    names = {str(p.relative_to(PACKAGE)) for p in CATALOGUE_FILES}
    assert "core/data/messages.yaml" in names
    assert "games/smugglers/data/messages.yaml" in names


@pytest.mark.parametrize("path", CATALOGUE_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_message_in_every_language(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert set(data) <= {"messages", "rules"}, f"{path}: unknown top-level keys {set(data)}"
    problems: list[str] = []
    for msg_id, entry in (data.get("messages") or {}).items():
        if not isinstance(entry, dict):
            problems.append(f"{msg_id}: not a mapping of languages")
            continue
        missing = [lang for lang in LANGUAGES if not str(entry.get(lang) or "").strip()]
        if missing:
            problems.append(f"{msg_id}: no template in {', '.join(missing)}")
            continue
        english = fields(entry["en"])
        for lang in LANGUAGES:
            if fields(entry[lang]) != english:
                problems.append(
                    f"{msg_id}: fields of {lang} {sorted(fields(entry[lang]))} != en {sorted(english)}"
                )
            if "a(z)" in entry[lang] or "(z)" in entry[lang]:
                problems.append(f"{msg_id}: {lang} writes a(z); use {{x:az}}")
            for sample in (3, 1, "A"):
                try:
                    fmt(lang, entry[lang], **dict.fromkeys(english, sample))
                except (ValueError, KeyError, IndexError, TypeError) as exc:
                    if sample != "A":  # numeric specs may reject a word; a number must always do
                        problems.append(f"{msg_id}: {lang} template does not render with {sample!r}: {exc}")
    for ref, entry in (data.get("rules") or {}).items():
        missing = [lang for lang in LANGUAGES if not str((entry or {}).get(lang) or "").strip()]
        if missing:
            problems.append(f"rule {ref}: no title in {', '.join(missing)}")
    assert not problems, f"{path}:\n" + "\n".join(problems)


def _modules() -> Iterator[Path]:
    yield from sorted(PACKAGE.rglob("*.py"))


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _called_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_literal_text(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr)


def test_errors_carry_catalogue_messages() -> None:
    """``raise IllegalAction("English text")`` has no Hungarian: use ``MSG.illegal(id, rule)``."""
    offenders = []
    for path in _modules():
        rel = _rel(path)
        if rel.startswith(PENDING):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and _called_name(node) in USER_ERRORS
                and node.args
                and _is_literal_text(node.args[0])
            ):
                offenders.append(f"{rel}:{node.lineno} {_called_name(node)}(<English text>)")
    assert not offenders, "errors without a catalogue message:\n" + "\n".join(offenders)


def _catalogue_of_module(path: Path) -> Catalogue:
    rel = path.relative_to(PACKAGE).parts
    if rel[0] == "games":
        return Catalogue.at(rel[1], PACKAGE / "games" / rel[1] / "data")
    return Catalogue.at(path.parent.name, path.parent / "data")


def test_message_ids_and_terms_exist() -> None:
    """Every literal id given to a catalogue (``MSG("id")``, ``MSG.illegal("id", ...)``,
    ``CORE(...)``) is in that catalogue, and every literal glossary key in ``MSG.term``
    names a word in every language."""
    core = Catalogue.at("core", PACKAGE / "core" / "data")
    missing = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # the names a module binds to its own catalogue: MSG = Catalogue.for_package(__name__)
        own = {
            target.id
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and _called_name(node.value) in ("for_package", "at")
            for target in node.targets
            if isinstance(target, ast.Name)
        } | {"MSG"}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            owner = func.value if isinstance(func, ast.Attribute) else func
            if not isinstance(owner, ast.Name) or owner.id not in own | {"CORE"}:
                continue
            catalogue = core if owner.id == "CORE" else _catalogue_of_module(path)
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            where = f"{_rel(path)}:{node.lineno}"
            method = func.attr if isinstance(func, ast.Attribute) else "__call__"
            if method in ("__call__", "illegal") and first.value not in catalogue.messages:
                missing.append(f"{where}: no message {first.value!r} in {catalogue.domain}")
            if method == "term":
                for lang in LANGUAGES:
                    try:
                        node_ = catalogue.words(lang)
                        for part in first.value.split("."):
                            node_ = node_[part]
                    except (KeyError, TypeError):
                        missing.append(f"{where}: no term {first.value!r} in {catalogue.domain} ({lang})")
    assert not missing, "\n".join(missing)
