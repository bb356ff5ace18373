"""The dice board (rules §3): the median marker, distances and the two tracks.

The median marker has 11 positions, m = 1..11: the centre of box v is 2v - 1 and the gap
between boxes k and k + 1 is 2k. Tracks are lists of stacks (bottom first); space 0 is the
left end and the top of a stack is ahead.
"""

from __future__ import annotations


def median_position(dice: list[int]) -> int:
    """§3.2: the middle die's box, moved half a box towards the side with more dice."""
    ordered = sorted(dice)
    v = ordered[len(ordered) // 2]
    left = sum(1 for d in ordered if d < v)
    right = sum(1 for d in ordered if d > v)
    m = 2 * v - 1
    if left > right:
        m -= 1
    elif right > left:
        m += 1
    return m


def median_value(m: int) -> int:
    """The value the marker shows; between two boxes the higher one (§6.5, "?")."""
    return m // 2 + 1


def distance(value: int, m: int) -> int:
    """Boxes from the marker to a die (negative = left), rounded away from zero (§3.3)."""
    twice = 2 * value - 1 - m
    if twice % 2 == 0:
        return twice // 2
    return (twice + 1) // 2 if twice > 0 else (twice - 1) // 2


def find(track: list[list[int]], marker: int) -> tuple[int, int]:
    """(space, height in the stack) of a marker."""
    for space, stack in enumerate(track):
        if marker in stack:
            return space, stack.index(marker)
    raise ValueError(f"marker {marker} is not on the track")


def move(track: list[list[int]], marker: int, steps: int, clamp: bool = False) -> int:
    """Moves one marker; the markers above it stay where they were, in order (§3.3 Stacks).

    It lands on top of the stack it reaches. ``clamp`` (the last resort of §3.4): it stops at
    the end space, on top at the left end and at the bottom at the right end.
    Returns the space reached.
    """
    space, _ = find(track, marker)
    target = space + steps
    last = len(track) - 1
    track[space].remove(marker)
    if clamp and target < 0:
        track[0].append(marker)
        return 0
    if clamp and target > last:
        track[last].insert(0, marker)
        return last
    if not 0 <= target <= last:
        raise ValueError("a marker may not leave the track")
    track[target].append(marker)
    return target


def ranking(track: list[list[int]]) -> list[int]:
    """Markers from the front: leftmost space first, in a stack the top first (§6.1)."""
    return [m for stack in track for m in reversed(stack)]
