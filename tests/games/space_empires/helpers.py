"""Helpers to build Space Empires positions without registering the game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from galaxis.core import Match, Rng, resolve_options
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base.state import Marker, Unit
from galaxis.games.space_empires.state import SEState

# The Doomsday Machine strength table of the seed, rows 1-10: (class, attack, defence, hull, attacks).
SEED_DM_STRENGTH = {
    1: ("D", 7, 1, 6, 3),
    2: ("C", 7, 1, 7, 4),
    3: ("C", 8, 2, 7, 4),
    4: ("C", 8, 2, 8, 4),
    5: ("B", 9, 2, 8, 5),
    6: ("B", 9, 3, 9, 5),
    7: ("B", 10, 3, 9, 6),
    8: ("A", 10, 3, 10, 6),
    9: ("A", 11, 4, 10, 6),
    10: ("A", 11, 4, 11, 6),
}


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


def planted_solo_dice(monkeypatch: Any, then_ones: bool = False) -> Iterator[list[int]]:
    """For a fixture: planted d10 results for the automated opponents' rolls and the rules' own rolls
    (``combat.roll_d10``: promotion, boarding), consumed in order, then real dice from the match
    generator (or 1s with ``then_ones``)."""
    from galaxis.games.space_empires.base import combat

    planted: list[int] = []

    def roll(s: SEState) -> int:
        if planted:
            return planted.pop(0)
        return 1 if then_ones else 1 + s.rng.below(10)

    monkeypatch.setattr(combat, "roll_d10", roll)
    yield planted


def planted_combat_dice(monkeypatch: Any) -> Iterator[list[int]]:
    """For a fixture: planted d10 results for every die of the match generator (``combat.d10``), consumed
    in order, then real dice; at the end every planted die must have been used."""
    from galaxis.games.space_empires.base import combat

    planted: list[int] = []
    real = combat.d10

    def roll(rng: Any) -> int:
        return planted.pop(0) if planted else real(rng)

    monkeypatch.setattr(combat, "d10", roll)
    yield planted
    assert planted == [], "every planted die was used"


def bots_play_to_the_end(
    m: Match, agent: str, on_step: Any = None, *, seed: int | None = None, every: int = 97, viewer: int = 0
) -> set[str]:
    """Seats played by ``agent`` bots (seeded ``seed`` + i, by default players + i) until the match ends:
    at most 50,000 actions, ``on_step()`` after each action, every ``every`` actions the invariants and a
    determinization for ``viewer`` that keeps its observation and the invariants, at the end the
    invariants and a replay of the history that rebuilds the identical match. Returns the event types seen.
    """
    import galaxis

    players = m.num_players
    base = players if seed is None else seed
    bots = [galaxis.agent(agent, seed=base + i) for i in range(players)]
    s = m.state
    seen: set[str] = set()
    steps = 0
    while not m.is_over:
        seat = m.to_move[0]
        seen.update(e["type"] for e in m.apply(seat, bots[seat].act(m, seat)))
        steps += 1
        assert steps < 50_000
        if on_step is not None:
            on_step()
        if steps % every == 0:
            assert GAME.invariants(s) == [], GAME.invariants(s)
            world = m.determinize(viewer, steps)
            assert world.observation(viewer) == m.observation(viewer)
            assert GAME.invariants(world.state) == []
    assert GAME.invariants(s) == [], GAME.invariants(s)
    again = galaxis.replay("space_empires", m.seed, players, m.options, [list(h) for h in m.history])
    assert again.to_json() == m.to_json()
    return seen
