"""Results files: one JSON object per line, one line per game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from galaxis.core.errors import BadMatchFile
from galaxis.core.messages import Catalogue

MSG = Catalogue.for_package(__name__)  # galaxis/arena/data/messages.yaml

REQUIRED = ("game", "seed", "players", "seats", "options", "scores", "ranking", "length")


def check_record(rec: Any, where: str) -> dict[str, Any]:
    if not isinstance(rec, dict):
        raise BadMatchFile(MSG("record_object", where=where))
    missing = [k for k in REQUIRED if k not in rec]
    if missing:
        raise BadMatchFile(MSG("record_lacks", where=where, fields=", ".join(missing)))
    seats, scores, ranking = rec["seats"], rec["scores"], rec["ranking"]
    players = rec["players"]
    if not (isinstance(seats, list) and isinstance(scores, list) and isinstance(ranking, list)):
        raise BadMatchFile(MSG("record_lists", where=where))
    if not isinstance(players, int) or len(seats) != players or len(scores) != players:
        raise BadMatchFile(MSG("record_per_player", where=where))
    ranked = sorted(s for g in ranking if isinstance(g, list) for s in g)
    if ranked != list(range(players)):
        raise BadMatchFile(MSG("record_ranking", where=where))
    if not isinstance(rec["options"], dict):
        raise BadMatchFile(MSG("record_options", where=where))
    return rec


def load_results(path: str | Path, missing_ok: bool = False) -> list[dict[str, Any]]:
    """Reads a results file; a line cut short by an interrupted run is ignored
    only if it is the last one (resuming rewrites it)."""
    p = Path(path)
    if not p.exists():
        if missing_ok:
            return []
        raise BadMatchFile(MSG("no_results_file", path=str(p)))
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadMatchFile(MSG("cannot_read_results", path=str(p), reason=str(exc))) from None
    lines = text.splitlines()
    records = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            if i == len(lines) - 1 and not text.endswith("\n"):
                break  # the last line of an interrupted run
            raise BadMatchFile(MSG("not_json", where=f"{p}:{i + 1}", reason=exc.msg)) from None
        records.append(check_record(rec, f"{p}:{i + 1}"))
    return records


def repair_tail(path: Path) -> None:
    """Drops an unfinished last line so that appending starts on a fresh line."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n")
        path.write_bytes(data[: cut + 1] if cut >= 0 else b"")


def dump_line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
