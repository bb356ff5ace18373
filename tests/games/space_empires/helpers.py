"""Helpers to build Space Empires positions without registering the game."""

from __future__ import annotations

from typing import Any

from galaxis.core import Match, Rng, resolve_options
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.state import Marker, SEState, Unit


def start(players: int = 2, seed: int = 1, **options: Any) -> Match:
    resolved = resolve_options(GAME.info, options)
    return Match(GAME, players, seed, resolved, GAME.setup(players, resolved, Rng(seed)))


def state(match: Match) -> SEState:
    s = match.state
    assert isinstance(s, SEState)
    return s


def mover(match: Match) -> int:
    (seat,) = match.to_move
    return seat


def hw(match: Match, seat: int) -> str:
    return next(h for h, c in state(match).colonies.items() if c.owner == seat and c.home)


def units_of(match: Match, seat: int, kind: str) -> list[Unit]:
    return sorted(
        (u for u in state(match).units.values() if u.owner == seat and u.kind == kind), key=lambda u: u.uid
    )


def touch(match: Match) -> None:
    """Forget the match's cached legal actions after a test changed the state by hand."""
    match._legal = {}
    match._to_move = None


def put_marker(match: Match, hid: str, kind: str, value: int = 0, face_up: bool = False) -> None:
    touch(match)
    old = state(match).markers.get(hid)
    pool = old.pool if old is not None else "deep"
    state(match).markers[hid] = Marker(kind, value, face_up, pool)


def add_unit(match: Match, seat: int, kind: str, hid: str, revealed: bool = False) -> Unit:
    touch(match)
    u = GAME._new_unit(state(match), seat, kind, hid)
    u.revealed = revealed or u.revealed
    return u
