"""Writes (or with --check, compares) every game's ``info.json``: the declarative
facts ``galaxis list`` and the lobby read without importing the game's rules.

Run it after changing a game's ``GameInfo`` (name, players, options) or the
commands its ``cli.py`` adds:  python scripts/game_info.py
"""

from __future__ import annotations

import json
import sys

from galaxis.cli import game_command_help
from galaxis.core.registry import GAME_MODULES, get_game, metadata_path, metadata_record


def expected(game_id: str) -> str:
    record = metadata_record(get_game(game_id).info, game_command_help(GAME_MODULES[game_id]))
    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for game_id in sorted(GAME_MODULES):
        path = metadata_path(game_id)
        text = expected(game_id)
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(str(path))
        if not check:
            path.write_text(text, encoding="utf-8")
    verb = "stale" if check else "written"
    print("\n".join(f"{verb}: {p}" for p in stale) or "every info.json is up to date")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
