"""Pulsar 2849, §5.3 Transmitters: a player's arrays of transmitter tiles, where a new tile
can join one (its open ends and the tile's connectors), and, with ``late_linking`` (A6), where a
loose tile can attach later. Pure questions about a ``Player``; the rules place the tiles."""

from __future__ import annotations

from typing import Any

from galaxis.games.pulsar.data import transmitters
from galaxis.games.pulsar.state import Player


def new_entry(tid: str) -> list[Any]:
    """A tile's entry in an array: [tile, left connector, right connector]."""
    links = transmitters()[tid].links
    return [tid, links[1] if len(links) == 2 else None, links[0]]


def join_options(p: Player, tid: str) -> list[tuple[str, int, str, int]]:
    """(notation suffix, array, side, connector) for linking a new tile to an array end."""
    links = transmitters()[tid].links
    ks = [0] if len(links) == 1 or links[0] == links[1] else [0, 1]
    out = []
    for a, arr in enumerate(p.arrays):
        ends = []
        if arr[0][1] is not None:
            ends.append("L")
        if arr[-1][2] is not None:
            ends.append("R")
        for side in ends:
            for k in ks:
                out.append((f"{a + 1}{side.lower()}{k + 1}", a, side, k))
    return out


def attach_options(p: Player) -> list[tuple[str, str, int, str, int]]:
    """A6 with ``late_linking``: a loose tile (an array of one) joins another array later.
    (notation, tile, target array, side, connector)."""
    out = []
    for a, arr in enumerate(p.arrays):
        if len(arr) != 1:
            continue
        tid = arr[0][0]
        others = Player.clone(p)
        others.arrays = [x for i, x in enumerate(p.arrays) if i != a]
        for _suffix, b, side, k in join_options(others, tid):
            target = b if b < a else b + 1
            out.append((f"attach {tid.lower()} {target + 1}{side.lower()}{k + 1}", tid, target, side, k))
    return out
