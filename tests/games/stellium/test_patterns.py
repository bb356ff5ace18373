"""The objective matcher agrees with a brute-force matcher on random boards, for every card (§6).

The brute force shares nothing with the matcher but the card data and the cell
coordinates: it rotates the pattern in screen space with trigonometry, finds
cells by position, decides galaxies and centres by distance to the disc
centres, and finds chains and centre sets by trying every combination.
"""

from __future__ import annotations

import math
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from galaxis.games.stellium import patterns
from galaxis.games.stellium.data import board_data, cards, geometry

CONTENTS = ["", "", "g", "b", "y", "p"]


def _screen(q: float, r: float) -> tuple[float, float]:
    return q + r / 2, r * math.sqrt(3) / 2


class Brute:
    def __init__(self, layout: str) -> None:
        geo = geometry(layout)
        self.n = geo.size
        self.pos = [_screen(q, r) for q, r in geo.coords]
        self.centres = [_screen(q, r) for q, r in board_data().layouts[layout].discs]
        self.by_pos = {self._key(x, y): i for i, (x, y) in enumerate(self.pos)}

    @staticmethod
    def _key(x: float, y: float) -> tuple[int, int]:
        return round(x * 1000), round(y * 1000)

    def cell_at(self, x: float, y: float) -> int:
        return self.by_pos.get(self._key(x, y), -1)

    def galaxy(self, c: int) -> int:
        x, y = self.pos[c]
        for d, (a, b) in enumerate(self.centres):
            if math.hypot(a - x, b - y) < 1.01:
                return d
        return -1

    def is_centre(self, c: int) -> bool:
        return self.pos[c] in self.centres

    def adjacent(self, a: int, b: int) -> bool:
        return abs(math.dist(self.pos[a], self.pos[b]) - 1) < 1e-6

    def shape(self, card_id: str, board: list[str], mirror: bool, bh: bool) -> set[tuple[int, ...]]:
        card = cards()[card_id]
        found = set()
        spots = [_screen(q, r) for q, r in card.cells]
        holes = [_screen(q, r) for q, r in card.empty]
        for flip in (False, True) if mirror else (False,):
            for k in range(6):
                a = k * math.pi / 3
                ca, sa = math.cos(a), math.sin(a)

                def turn(p: tuple[float, float]) -> tuple[float, float]:
                    x, y = p[0], (-p[1] if flip else p[1])  # noqa: B023
                    return x * ca - y * sa, x * sa + y * ca  # noqa: B023

                turned, turned_holes = [turn(p) for p in spots], [turn(p) for p in holes]
                for anchor in range(self.n):
                    ax, ay = self.pos[anchor]
                    cells = [self.cell_at(ax + tx, ay + ty) for tx, ty in turned]
                    empties = [self.cell_at(ax + tx, ay + ty) for tx, ty in turned_holes]
                    if -1 in cells or -1 in empties:
                        continue
                    if any(
                        board[c] == "" or (req != "*" and board[c] != req)
                        for c, req in zip(cells, card.marbles, strict=True)
                    ):
                        continue
                    if any(board[c] for c in empties):
                        continue
                    if any(not self.is_centre(cells[i]) for i in card.centres):
                        continue
                    ok = True
                    for group in card.different_galaxies:
                        gals = [self.galaxy(cells[i]) for i in group]
                        if -1 in gals and not bh:
                            ok = False
                        real = [g for g in gals if g >= 0]
                        if len(set(real)) != len(real):
                            ok = False
                    if ok:
                        found.add(tuple(sorted(cells)))
        return found

    def chain(self, card_id: str, board: list[str]) -> set[tuple[int, ...]]:
        card = cards()[card_id]
        same = [i for i in range(self.n) if board[i] == card.marble]
        found = set()
        for k in card.tiers:
            for combo in combinations(same, k):
                seen, todo = {combo[0]}, [combo[0]]
                while todo:
                    a = todo.pop()
                    for b in combo:
                        if b not in seen and self.adjacent(a, b):
                            seen.add(b)
                            todo.append(b)
                if len(seen) == k:
                    found.add(combo)
        return found

    def centre_sets(self, card_id: str, board: list[str]) -> set[tuple[int, ...]]:
        card = cards()[card_id]
        hits = [i for i in range(self.n) if self.is_centre(i) and board[i] == card.marble]
        return {combo for k in card.tiers for combo in combinations(hits, k)}

    def matches(self, card_id: str, board: list[str], mirror: bool, bh: bool) -> set[tuple[int, ...]]:
        kind = cards()[card_id].kind
        if kind == "shape":
            return self.shape(card_id, board, mirror, bh)
        if kind == "chain":
            return self.chain(card_id, board)
        return self.centre_sets(card_id, board)


BRUTE = {layout: Brute(layout) for layout in board_data().layouts}
boards = st.lists(st.sampled_from(CONTENTS), min_size=52, max_size=52)


@settings(max_examples=300, deadline=None, database=None)
@given(board=boards, mirror=st.booleans(), bh=st.booleans())
def test_matcher_agrees_with_brute_force_on_the_triangle(board: list[str], mirror: bool, bh: bool) -> None:
    brute = BRUTE["triangle"]
    for card_id in cards():
        fast = patterns.matches(card_id, board, "triangle", mirror, bh)
        assert len(fast) == len(set(fast))
        assert set(fast) == brute.matches(card_id, board, mirror, bh), card_id
        assert patterns.has_match(card_id, board, "triangle", mirror, bh) == bool(fast)


@settings(max_examples=60, deadline=None, database=None)
@given(board=boards, mirror=st.booleans())
def test_matcher_agrees_with_brute_force_on_the_parallelogram(board: list[str], mirror: bool) -> None:
    brute = BRUTE["parallelogram"]
    for card_id in cards():
        assert set(patterns.matches(card_id, board, "parallelogram", mirror, False)) == brute.matches(
            card_id, board, mirror, False
        ), card_id


@settings(max_examples=100, deadline=None, database=None)
@given(colour=st.sampled_from(["g", "b", "y", "p"]), density=st.integers(16, 40), seed=st.integers(0, 10**6))
def test_dense_boards_for_chains_and_centres(colour: str, density: int, seed: int) -> None:
    """Boards crowded with one colour, where chains and centre sets are many."""
    import random

    rnd = random.Random(seed)
    board = ["" for _ in range(52)]
    for c in rnd.sample(range(52), density):
        board[c] = colour if rnd.random() < 0.25 else rnd.choice("gbyp")
    brute = BRUTE["triangle"]
    for card_id, card in cards().items():
        if card.kind != "shape":
            assert set(patterns.matches(card_id, board, "triangle", False, False)) == brute.matches(
                card_id, board, False, False
            )
