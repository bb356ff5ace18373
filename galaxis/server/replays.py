"""Replay views: one step of a finished (or uploaded) match, with the move list."""

from __future__ import annotations

from typing import Any

import galaxis
from galaxis.core.messages import Catalogue

SERVER = Catalogue.for_package(__name__)  # galaxis/server/data/messages.yaml

MAX_MOVES = 20_000


def replay_view(record: dict[str, Any], step: int | None, seat: int | None, lang: str) -> dict[str, Any]:
    """The board after ``step`` moves (default: the end) and every move in words
    (``text``, the game's ``log_line``) with what it caused (``lines``, ``log_events``).

    ``record`` is a match file (``Match.to_json()`` or an export); it needs the
    seed, so a redacted export of a running match cannot be replayed.
    """
    try:
        game, players, seed = record["game"], record["players"], record["seed"]
        options = record.get("match_options") or record.get("options") or {}
        history = record.get("history") or []
    except (KeyError, TypeError):
        raise galaxis.BadMatchFile(SERVER("replay_needs")) from None
    if not isinstance(history, list) or len(history) > MAX_MOVES:
        raise galaxis.BadMatchFile(SERVER("replay_history", limit=MAX_MOVES))
    if isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(players, int):
        raise galaxis.BadMatchFile(SERVER("replay_numbers"))
    if not isinstance(options, dict):
        raise galaxis.BadMatchFile(SERVER("replay_options"))
    try:
        match = galaxis.new_match(game, players, seed, options, strict=True, recorded=True)
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        if isinstance(exc, galaxis.GalaxisError):
            raise
        raise galaxis.BadOption(SERVER("replay_setup", reason=str(exc))) from None
    if seat is not None and not 0 <= seat < players:
        raise galaxis.BadMatchFile(SERVER("replay_seat", seat=seat, players=players))
    total = len(history)
    step = total if step is None else min(step, total)
    moves: list[dict[str, Any]] = []
    svg = match.render_svg(seat, lang) if step == 0 else ""
    for i, entry in enumerate(history):
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise galaxis.BadMatchFile(SERVER("replay_entry", index=i))
        s, notation = entry
        if isinstance(s, bool) or not isinstance(s, int) or not isinstance(notation, str):
            raise galaxis.BadMatchFile(SERVER("replay_entry", index=i))
        # The move in words as its player saw it (a finished match hides nothing), and what
        # it caused; seats are named ⟨n⟩ (the page puts the names in).
        action = match.find_action(s, notation)  # raises IllegalAction for a forged history
        text = match.log_line(s, action, lang, viewer=s)
        events = match.apply(s, action)
        moves.append(
            {"seat": s, "notation": notation, "text": text, "lines": match.log_events(events, lang, s)}
        )
        if i + 1 == step:
            svg = match.render_svg(seat, lang)
    return {
        "steps": total,
        "step": step,
        "svg": svg,
        "moves": moves,
        "over": match.is_over,
        "result": match.result.to_json() if match.is_over else None,
    }
