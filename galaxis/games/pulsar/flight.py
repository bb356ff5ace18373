"""Flight paths over the star cluster (rules §4.2).

A flight of length N is a walk of exactly N segments that never uses a segment twice and
never enters a start gate (``Board.adj`` already leaves start gates out). The flight is
played one hop at a time; ``hops`` offers only the hops after which the walk can still be
completed to the exact length, so a flight never gets stuck half-way.
"""

from __future__ import annotations

from galaxis.games.pulsar.data import Board


def can_complete(board: Board, node: int, used: set[int], left: int) -> bool:
    """Whether some walk of exactly ``left`` more segments, avoiding ``used``, starts at ``node``."""
    if left == 0:
        return True
    for e, v in board.adj[node]:
        if e not in used:
            used.add(e)
            ok = can_complete(board, v, used, left - 1)
            used.discard(e)
            if ok:
                return True
    return False


def hops(board: Board, node: int, used: list[int], left: int) -> list[tuple[int, int]]:
    """The next hops (segment, neighbour) of a flight with ``left`` segments to go.

    Parallel segments of a dead end lead to the same place and are interchangeable, so one
    hop per neighbour is offered: the first unused segment that keeps the flight completable.
    """
    if left <= 0:
        return []
    taken = set(used)
    out: list[tuple[int, int]] = []
    seen: set[int] = set()
    for e, v in board.adj[node]:
        if e in taken or v in seen:
            continue
        taken.add(e)
        if can_complete(board, v, taken, left - 1):
            out.append((e, v))
            seen.add(v)
        taken.discard(e)
    return out


def endpoints(board: Board, start: int, length: int) -> set[int]:
    """Every location a flight of exactly ``length`` segments from ``start`` can end on
    (brute force over all walks; the reference for the property test)."""
    ends: set[int] = set()

    def walk(node: int, used: set[int], left: int) -> None:
        if left == 0:
            ends.add(node)
            return
        for e, v in board.adj[node]:
            if e not in used:
                used.add(e)
                walk(v, used, left - 1)
                used.discard(e)

    if length > 0:
        walk(start, set(), length)
    return ends
