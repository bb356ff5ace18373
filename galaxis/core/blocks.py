"""Cached blocks for fast observation encoders.

Most of an observation does not change from one step to the next (the board
between two placements, a player's hand while others act, the options all
game long). An encoder splits its vector into segments, describes each by a
hashable key made only of observed values, and builds the float32 bytes of each
distinct segment once (``Memo``); an encoding is then a handful of dictionary
lookups and one ``b"".join`` wrapped by ``np.frombuffer``. Both the observation
path and the fast path of an encoder go through the same keys, so they agree.

Change marks make the fast path cheaper still. A game state may carry
``marks: list[int] = change_marks(n)`` (``galaxis.core.record``): one counter per component of the vector (a
player's cards, a board region, the supply), which the rules raise where they
change that component (``s.marks[M_SUPPLY] += 1``). An encoder then keeps, per
observer, the segments of its last vector and the marks they were made at
(``Views``), rebuilds only the segments whose marks moved, and joins. The marks
are bookkeeping, not game state (``transient``: never saved, compared or
copied; a clone starts over), and a view is tied to one state object, so a
clone or a loaded match is always encoded from scratch. The fast path must
still equal ``encode(observation)`` exactly; tests/interop check it on every
position of random matches, which is what catches a change the rules forgot
to mark.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterator
from itertools import compress
from operator import ne
from typing import Any, TypeVar

_V = TypeVar("_V")

MAX_ENTRIES = 16384  # per segment; observations that never repeat must not grow memory forever


class Memo(dict[Hashable, _V]):
    """``memo[key]`` -> ``build(key)``, built once per distinct key; cleared when it reaches ``limit``
    entries, so that long runs of positions that never repeat keep memory flat. Hits are plain dict
    lookups (``__missing__`` runs only on a miss), which is what makes an encoding cheap."""

    __slots__ = ("_build", "_limit")

    def __init__(self, build: Callable[[Any], _V], limit: int | None = None) -> None:
        super().__init__()
        self._build = build
        self._limit = limit  # None: MAX_ENTRIES, read at each miss (tests lower it)

    def __missing__(self, key: Hashable) -> _V:
        if len(self) >= (MAX_ENTRIES if self._limit is None else self._limit):
            self.clear()
        value = self._build(key)
        self[key] = value
        return value


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
        out.extend(
            (f"player{seat}.{name}", g_size + seat * p_size + p[name], width) for name, width in player_blocks
        )
    return out


class View:
    """One observer's last vector: the state it was made from, the marks its segments were
    made at (-1: not made yet) and the segments themselves, in vector order."""

    __slots__ = ("marks", "memo", "parts", "state")

    def __init__(self, state: Any, components: int, parts: int) -> None:
        self.state = state
        self.marks = [-1] * components
        self.parts: list[bytes] = [b""] * parts
        self.memo: Any = None  # anything else an encoder keeps per view

    def catch_up(self, marks: list[int]) -> Iterator[int] | tuple[()]:
        """The components whose marks moved since this view last caught up (all of them for a
        fresh view), and takes note of ``marks``; compared at C speed, so a vector with
        little changed costs little."""
        seen = self.marks
        if seen == marks:
            return ()
        self.marks = marks.copy()
        return compress(range(len(marks)), map(ne, seen, marks))


class Views(dict[Any, View]):
    """observer -> its ``View``; a view made for another state object (a clone, a new match,
    a determinized world) is replaced by a fresh one, so nothing is reused across states."""

    __slots__ = ("_components", "_parts")

    def __init__(self, components: int, parts: int) -> None:
        super().__init__()
        self._components = components
        self._parts = parts

    def of(self, observer: Any, state: Any) -> View:
        view = self.get(observer)
        if view is None or view.state is not state:
            if len(self) >= 64:
                self.clear()
            view = self[observer] = View(state, self._components, self._parts)
        return view
