"""Matches saved by earlier code still load and replay to the very same match.

The fixtures in ``tests/fixtures/matches/`` were written by ``make_fixtures.py`` there (before
Space Empires was regrouped into sub-packages and before the games' hook tables): several games,
mid-game and finished, and Space Empires scenarios with Close Encounters systems and automated
opponents. Loading a file (its saved state) and replaying its history must each give back the
saved state, whose turn it is, every seat's legal moves, every viewer's observation and the
result; and both copies must go on identically.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from galaxis.core import Match, match_from_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "matches"
sys.path.insert(0, str(FIXTURES))
from make_fixtures import snapshot  # noqa: E402

FILES = sorted(FIXTURES.glob("*.json"))


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value, sort_keys=True))


def test_fixtures_cover_every_game_and_both_ends() -> None:
    names = [f.stem for f in FILES]
    for game in ("smugglers", "pulsar", "stellium", "kaosz", "space_empires"):
        assert any(n.startswith(game) and n.endswith("_mid") for n in names), game
        assert any(n.startswith(game) and n.endswith("_over") for n in names), game
    assert sum(n.startswith("space_empires") for n in names) >= 10


@pytest.fixture(params=FILES, ids=[f.stem for f in FILES])
def saved(request: pytest.FixtureRequest) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Path(request.param).read_text(encoding="utf-8"))
    return data


def _same_match(match: Match, saved: dict[str, Any]) -> None:
    assert match.state.to_json() == saved["match"]["state"]
    assert [list(h) for h in match.history] == saved["match"]["history"]
    assert _plain(snapshot(match)) == saved["expect"]


def test_saved_match_loads_and_replays_identically(saved: dict[str, Any]) -> None:
    loaded = match_from_json(saved["match"])
    _same_match(loaded, saved)
    replayed = match_from_json({k: v for k, v in saved["match"].items() if k != "state"})
    _same_match(replayed, saved)
    # Both copies go on alike: the same next move gives the same state (the generator included).
    if not loaded.is_over:
        seat = loaded.to_move[0]
        move = loaded.legal_actions(seat)[-1].notation
        loaded.apply(seat, move)
        replayed.apply(seat, move)
        assert loaded.state.to_json() == replayed.state.to_json()
