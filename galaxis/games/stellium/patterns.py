"""The objective-card matcher (docs/games/stellium.md §6).

A shape card is compiled once per (layout, mirror option, black-hole option)
into its *placements*: every way its rotated (and mirrored) pattern lies on
the board, with the cells that need marbles, their requirements, and the
cells that must be empty. The static constraints (different galaxies, galaxy
centres) are settled at compile time because cells never move. Matching a
board is then one pass over the placements.

A match is the sorted tuple of cells whose marbles it uses; matches that use
the same cells are the same match (validation removes the same marbles).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from galaxis.games.stellium.data import Card, Geometry, cards, geometry

Placement = tuple[tuple[tuple[int, str], ...], tuple[int, ...]]  # ((cell, requirement), ...), empty cells


def transforms(mirror: bool) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Linear maps of axial offsets as ((a, b), (c, d)): (q, r) -> (a q + b r, c q + d r)."""
    rot = ((0, -1), (1, 1))  # 60° counter-clockwise: (q, r) -> (-r, q + r)
    out: list[tuple[tuple[int, int], tuple[int, int]]] = []
    m = ((1, 0), (0, 1))
    for _ in range(6):
        out.append(m)
        m = _mul(rot, m)
    if mirror:
        flip = ((1, 1), (0, -1))  # reflection in the east-west axis: (q, r) -> (q + r, -r)
        out += [_mul(t, flip) for t in list(out)]
    return out


def _mul(
    a: tuple[tuple[int, int], tuple[int, int]], b: tuple[tuple[int, int], tuple[int, int]]
) -> tuple[tuple[int, int], tuple[int, int]]:
    return (
        (a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1]),
        (a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1]),
    )


def different_galaxies(geo: Geometry, cells: list[int], black_hole_galaxy: bool) -> bool:
    """Pairwise different galaxies; a black-hole cell belongs to none (§6.2), unless the
    option ``black_hole_galaxy`` lets it count as a place of its own."""
    seen: set[int] = set()
    for c in cells:
        d = geo.disc_of[c]
        if d < 0:
            if not black_hole_galaxy:
                return False
            continue
        if d in seen:
            return False
        seen.add(d)
    return True


@cache
def placements(card_id: str, layout: str, mirror: bool, black_hole_galaxy: bool) -> tuple[Placement, ...]:
    card = cards()[card_id]
    geo = geometry(layout)
    seen: set[Placement] = set()
    out: list[Placement] = []
    for (a, b), (c, d) in transforms(mirror):
        mapped = [(a * q + b * r, c * q + d * r) for q, r in card.cells]
        mapped_empty = [(a * q + b * r, c * q + d * r) for q, r in card.empty]
        for aq, ar in geo.coords:
            cells = [geo.at.get((aq + q, ar + r), -1) for q, r in mapped]
            empty = [geo.at.get((aq + q, ar + r), -1) for q, r in mapped_empty]
            if -1 in cells or -1 in empty:
                continue
            if any(not geo.centre[cells[i]] for i in card.centres):
                continue
            if any(
                not different_galaxies(geo, [cells[i] for i in g], black_hole_galaxy)
                for g in card.different_galaxies
            ):
                continue
            key = (tuple(sorted(zip(cells, card.marbles, strict=True))), tuple(sorted(empty)))
            if key not in seen:
                seen.add(key)
                out.append(key)
    return tuple(out)


def _shape_matches(board: list[str], places: tuple[Placement, ...], first: bool) -> list[tuple[int, ...]]:
    found: dict[tuple[int, ...], None] = {}
    for need, empty in places:
        ok = True
        for cell, req in need:
            m = board[cell]
            if not m or (req != "*" and m != req):
                ok = False
                break
        if not ok:
            continue
        for cell in empty:
            if board[cell]:
                ok = False
                break
        if ok:
            found[tuple(cell for cell, _ in need)] = None
            if first:
                break
    return sorted(found)


def _centre_matches(card: Card, board: list[str], geo: Geometry, first: bool) -> list[tuple[int, ...]]:
    hits = [geo.discs[d][0] for d in range(len(geo.discs)) if board[geo.discs[d][0]] == card.marble]
    out: list[tuple[int, ...]] = []
    for k in sorted(card.tiers):
        for combo in combinations(hits, k):
            out.append(combo)
            if first:
                return out
    return sorted(out)


def _chain_matches(card: Card, board: list[str], geo: Geometry, first: bool) -> list[tuple[int, ...]]:
    """Connected sets of exactly k same-coloured marbles, for every tier size k."""
    colour = card.marble
    nodes = [i for i, m in enumerate(board) if m == colour]
    if len(nodes) < min(card.tiers):
        return []
    neigh = {i: [n for n in geo.neighbours[i] if n >= 0 and board[n] == colour] for i in nodes}
    sizes = set(card.tiers)
    top = max(sizes)
    found: set[tuple[int, ...]] = set()
    level: set[frozenset[int]] = {frozenset((i,)) for i in nodes}
    for size in range(1, top + 1):
        if size in sizes:
            for group in level:
                found.add(tuple(sorted(group)))
                if first:
                    return sorted(found)
        if size == top:
            break
        grown: set[frozenset[int]] = set()
        for group in level:
            for i in group:
                for n in neigh[i]:
                    if n not in group:
                        grown.add(group | {n})
        level = grown
        if not level:
            break
    return sorted(found)


def matches(
    card_id: str, board: list[str], layout: str, mirror: bool, black_hole_galaxy: bool, first: bool = False
) -> list[tuple[int, ...]]:
    """Every match of the card on the board (only the first one found with ``first``)."""
    card = cards()[card_id]
    if card.kind == "shape":
        return _shape_matches(board, placements(card_id, layout, mirror, black_hole_galaxy), first)
    geo = geometry(layout)
    if card.kind == "centres":
        return _centre_matches(card, board, geo, first)
    return _chain_matches(card, board, geo, first)


def has_match(card_id: str, board: list[str], layout: str, mirror: bool, black_hole_galaxy: bool) -> bool:
    return bool(matches(card_id, board, layout, mirror, black_hole_galaxy, first=True))
