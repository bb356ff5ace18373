"""docs/architecture.md names exactly the CLI commands and HTTP routes the code has."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from galaxis.cli import app

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"

# Routes FastAPI adds by itself (interactive docs, schema) and the static client.
FRAMEWORK_ROUTES = {"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json", "/"}


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert match, f"docs/architecture.md has no section {title!r}"
    return match.group(1)


def _code_lines(section: str) -> list[str]:
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", section, re.S | re.M)
    return [line for block in blocks for line in block.splitlines()]


def documented_commands() -> set[str]:
    """``galaxis deck check FILE`` -> ``deck check``; ``galaxis list`` -> ``list``."""
    commands = set()
    for line in _code_lines(_section("The command line")):
        words = line.split()
        if len(words) < 2 or words[0] != "galaxis":
            continue
        name = words[1]
        if len(words) > 2 and re.fullmatch(r"[a-z][a-z-]*", words[2]):
            name = f"{name} {words[2]}"
        commands.add(name)
    return commands


def cli_commands() -> set[str]:
    root = typer.main.get_command(app)
    for lazy in root.lazy():  # type: ignore[attr-defined]
        root.load(lazy)  # type: ignore[attr-defined]
    names: set[str] = set()
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        if hasattr(command, "commands"):  # a group such as `deck`
            names.update(f"{name} {sub}" for sub in command.commands)
        else:
            names.add(name)
    return names


def _normal(path: str) -> str:
    return re.sub(r"\{[^}]*\}", "{}", path.split("?")[0])


def documented_routes() -> set[tuple[str, str]]:
    routes: set[tuple[str, str]] = set()
    for line in _code_lines(_section("Service (HTTP contract)")):
        found = re.match(r"^(GET|POST|PUT|DELETE|PATCH|WS)\s+(/\S*)", line)
        if found:
            routes.add((found.group(1), _normal(found.group(2))))
    return routes


def app_routes(tmp_path: Path) -> set[tuple[str, str]]:
    from fastapi.routing import APIRoute, APIWebSocketRoute

    from galaxis.server import create_app

    server = create_app(f"sqlite:///{tmp_path / 'doc.db'}", bot_processes=0)
    routes: set[tuple[str, str]] = set()
    for route in server.routes:
        path = getattr(route, "path", "")
        if path in FRAMEWORK_ROUTES:
            continue
        if isinstance(route, APIRoute):
            routes.update((method, _normal(path)) for method in route.methods or () if method != "HEAD")
        elif isinstance(route, APIWebSocketRoute):
            routes.add(("WS", _normal(path)))
    return routes


def test_every_documented_command_exists() -> None:
    missing = documented_commands() - cli_commands()
    assert not missing, f"docs/architecture.md names commands the CLI lacks: {sorted(missing)}"


def test_every_command_is_documented() -> None:
    undocumented = cli_commands() - documented_commands()
    assert not undocumented, f"commands missing from docs/architecture.md: {sorted(undocumented)}"


def test_the_parsers_find_the_contract() -> None:
    """Guards the two tests above against a section the regexes no longer read."""
    assert {"list", "play", "serve", "deck check"} <= documented_commands()
    assert ("POST", "/api/matches/{}/actions") in documented_routes()


def test_every_documented_route_exists(tmp_path: Path) -> None:
    missing = documented_routes() - app_routes(tmp_path)
    assert not missing, f"docs/architecture.md names routes the service lacks: {sorted(missing)}"


def test_every_route_is_documented(tmp_path: Path) -> None:
    undocumented = app_routes(tmp_path) - documented_routes()
    assert not undocumented, f"routes missing from docs/architecture.md: {sorted(undocumented)}"
