"""Cached blocks for fast observation encoders.

Most of an observation does not change from one step to the next (the board
between two placements, a player's hand while others act, the options all
game long). An encoder splits its vector into segments, describes each by a
hashable key made only of observed values, and builds each distinct segment
once; an encoding is then a handful of slice copies. Both the observation path
and the fast path of an encoder go through the same keys, so they agree.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable
from typing import Any

MAX_ENTRIES = 16384  # per segment; observations that never repeat must not grow memory forever


class BlockCache:
    """``get(key)`` -> the float32 block ``build(key)``, built once per distinct key."""

    __slots__ = ("_build", "_entries", "width")

    def __init__(self, width: int, build: Callable[[Any], array[float]]) -> None:
        self.width = width
        self._build = build
        self._entries: dict[Hashable, array[float]] = {}

    def get(self, key: Hashable) -> array[float]:
        block = self._entries.get(key)
        if block is None:
            if len(self._entries) >= MAX_ENTRIES:
                self._entries.clear()
            block = self._build(key)
            if len(block) != self.width:
                raise ValueError(f"a block of width {len(block)} where {self.width} was declared")
            self._entries[key] = block
        return block


def zeros(width: int) -> array[float]:
    """A fresh float32 block of ``width`` zeros."""
    return array("f", bytes(4 * width))


Layout = tuple[tuple[str, int], ...]


def layout_offsets(blocks: Layout) -> dict[str, int]:
    """Where each named field of a layout ``((name, width), ...)`` starts."""
    out, off = {}, 0
    for name, width in blocks:
        out[name] = off
        off += width
    return out


def layout_width(blocks: Layout) -> int:
    """The total width of a layout ``((name, width), ...)``."""
    return sum(w for _, w in blocks)


def seat_layout(global_blocks: Layout, player_blocks: Layout, max_players: int) -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field of a vector made of the global
    fields followed by one block per seat, for the documentation and tests."""
    g, p = layout_offsets(global_blocks), layout_offsets(player_blocks)
    g_size, p_size = layout_width(global_blocks), layout_width(player_blocks)
    out = [(name, g[name], width) for name, width in global_blocks]
    for seat in range(max_players):
        out.extend((f"player{seat}.{name}", g_size + seat * p_size + p[name], width) for name, width in player_blocks)
    return out
