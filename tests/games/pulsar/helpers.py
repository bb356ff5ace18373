"""Helpers to set up Pulsar 2849 positions from the rulebook's examples."""

from __future__ import annotations

from typing import Any

import galaxis
from galaxis.core import Match
from galaxis.games.pulsar.state import PulsarState


def start(
    players: int,
    seed: int = 1,
    rolls: list[list[int]] | None = None,
    order: list[int] | None = None,
    **options: Any,
) -> Match:
    """A new match; ``rolls`` fixes the silver dice of each round, ``order`` the turn order."""
    setup: dict[str, Any] = dict(options.pop("setup", {}))
    if rolls is not None:
        setup["rolls"] = rolls
    if order is not None:
        setup["order"] = order
    if setup:
        options["setup"] = setup
    return galaxis.new_match("pulsar", players, seed=seed, options=options)


def through_setup(m: Match) -> Match:
    """Chooses HQ side 2 and the lowest free start gate for everybody."""
    while m.state.phase == "setup":
        seat = m.to_move[0]
        m.apply(seat, m.legal_actions(seat)[-1 if m.state.pending[-1].kind == "side" else 0])
    return m


def refresh(m: Match) -> Match:
    """Forget the match's cached legal actions after a test edits the state directly."""
    m._legal = {}
    m._to_move = None
    return m


def action_phase(m: Match, seat: int, dice: list[int], ship: int | None = None) -> PulsarState:
    """Jumps to ``seat``'s turn in the action phase holding ``dice``."""
    s: PulsarState = m.state
    through_setup(m)
    s.phase = "action"
    s.pool = [3]
    s.queue = [seat]
    s.actor = seat
    for p in s.players:
        p.dice = []
    s.players[seat].dice = list(dice)
    if ship is not None:
        s.players[seat].ship = ship
    refresh(m)
    return s


def notations(m: Match, seat: int) -> list[str]:
    return [a.notation for a in m.legal_actions(seat)]


def play(m: Match, seat: int, *moves: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for mv in moves:
        events += m.apply(seat, mv)
    return events
