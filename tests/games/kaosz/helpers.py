"""Scenario building for Káosz Galaktika tests: a match whose zones are set by hand."""

from __future__ import annotations

from typing import Any

from galaxis.core import Match, Step, new_match, register
from galaxis.games.kaosz import GAME
from galaxis.games.kaosz.state import CardState

register(GAME)


def blank(players: int = 2, active: int = 0, credits: int = 10, **options: Any) -> Match:
    """A match in ``active``'s main phase with empty hands, boards and colonies of 10 cards."""
    m = new_match("kaosz", players, 1, options)
    s = m.state
    for p in s.players:
        for u in p.hand + p.colony[10:]:
            s.cards[u].zone = "box"
        p.hand = []
        p.colony = p.colony[:10]
        p.credits = credits
        p.turns = 3
    s.active = active
    s.phase = "main"
    s.round = 3
    s.pending = [Step("main", active)]
    _drop_boxed(s)
    return m


def _drop_boxed(s: Any) -> None:
    """Removes set-aside cards and renumbers the rest, so the invariants hold."""
    keep = [u for u, c in enumerate(s.cards) if c.zone != "box"]
    remap = {old: new for new, old in enumerate(keep)}
    s.cards = [s.cards[u] for u in keep]
    s.aboard = s.able = None  # the rules' indexes are rebuilt from the renumbered cards
    for p in s.players:
        for zone in ("colony", "hand", "trash", "wreck", "hangar", "canteen", "surface"):
            setattr(p, zone, [remap[u] for u in getattr(p, zone)])


def add(
    m: Match, seat: int, card_id: str, zone: str, up: bool = True, host: int = -1, upgrades: int = 0
) -> int:
    """Puts a new card into a zone; returns its id."""
    s = m.state
    uid = len(s.cards)
    up = up and zone not in ("colony", "hand", "wreck", "box")
    s.cards.append(
        CardState(name=card_id, owner=seat, ctrl=seat, zone=zone, up=up, host=host, upgrades=upgrades)
    )
    if zone in ("colony", "hand", "trash", "wreck", "hangar", "canteen", "surface"):
        getattr(s.players[seat], zone).append(uid)
    s.aboard = s.able = None  # the rules' indexes are rebuilt with the new card
    m._legal.clear()
    return uid


def legal(m: Match, seat: int) -> list[str]:
    m._legal.clear()
    return [a.notation for a in m.legal_actions(seat)]


def play(m: Match, seat: int, *notations: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for n in notations:
        m._legal.clear()  # tests edit the state by hand: drop the match's cached legal actions
        assert m.to_move == (seat,), (
            f"{n}: seat {m.to_move} to move, not {seat}; legal {m.legal_actions(m.to_move[0]) if m.to_move else []}"
        )
        legal = [a.notation for a in m.legal_actions(seat)]
        assert n in legal, f"{n!r} is not legal for seat {seat}: {legal}"
        events += m.apply(seat, n)
        assert GAME.invariants(m.state) == [], GAME.invariants(m.state)
    return events
