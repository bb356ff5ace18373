"""Structural tests of the board data (docs/games/stellium.md §2)."""

from __future__ import annotations

from itertools import combinations

from galaxis.games.stellium import patterns
from galaxis.games.stellium.data import board_data, geometry

# The reference's full cell/neighbour table (shared/reference/stellium.md §2.2), home orientation:
# label ; axial (q, r) ; neighbours E, NE, NW, W, SW, SE (· = off the board).
REFERENCE = """
A0 ; (0, 0) ; A1, A2, A3, A4, A5, A6
A1 ; (1, 0) ; B4, H0, A2, A0, A6, H4
A2 ; (0, 1) ; H0, D5, H6, A3, A0, A1
A3 ; (-1, 1) ; A2, H6, ·, ·, A4, A0
A4 ; (-1, 0) ; A0, A3, ·, ·, ·, A5
A5 ; (0, -1) ; A6, A0, A4, ·, ·, ·
A6 ; (1, -1) ; H4, A1, A0, A5, ·, ·
B0 ; (3, 0) ; B1, B2, B3, B4, B5, B6
B1 ; (4, 0) ; C4, H1, B2, B0, B6, H5
B2 ; (3, 1) ; H1, E5, H3, B3, B0, B1
B3 ; (2, 1) ; B2, H3, D6, H0, B4, B0
B4 ; (2, 0) ; B0, B3, H0, A1, H4, B5
B5 ; (3, -1) ; B6, B0, B4, H4, ·, ·
B6 ; (4, -1) ; H5, B1, B0, B5, ·, ·
C0 ; (6, 0) ; C1, C2, C3, C4, C5, C6
C1 ; (7, 0) ; ·, ·, C2, C0, C6, ·
C2 ; (6, 1) ; ·, ·, H8, C3, C0, C1
C3 ; (5, 1) ; C2, H8, E6, H1, C4, C0
C4 ; (5, 0) ; C0, C3, H1, B1, H5, C5
C5 ; (6, -1) ; C6, C0, C4, H5, ·, ·
C6 ; (7, -1) ; ·, C1, C0, C5, ·, ·
D0 ; (0, 3) ; D1, D2, D3, D4, D5, D6
D1 ; (1, 3) ; E4, H2, D2, D0, D6, H3
D2 ; (0, 4) ; H2, F5, H7, D3, D0, D1
D3 ; (-1, 4) ; D2, H7, ·, ·, D4, D0
D4 ; (-1, 3) ; D0, D3, ·, ·, H6, D5
D5 ; (0, 2) ; D6, D0, D4, H6, A2, H0
D6 ; (1, 2) ; H3, D1, D0, D5, H0, B3
E0 ; (3, 3) ; E1, E2, E3, E4, E5, E6
E1 ; (4, 3) ; ·, ·, E2, E0, E6, H8
E2 ; (3, 4) ; ·, ·, H9, E3, E0, E1
E3 ; (2, 4) ; E2, H9, F6, H2, E4, E0
E4 ; (2, 3) ; E0, E3, H2, D1, H3, E5
E5 ; (3, 2) ; E6, E0, E4, H3, B2, H1
E6 ; (4, 2) ; H8, E1, E0, E5, H1, C3
F0 ; (0, 6) ; F1, F2, F3, F4, F5, F6
F1 ; (1, 6) ; ·, ·, F2, F0, F6, H9
F2 ; (0, 7) ; ·, ·, ·, F3, F0, F1
F3 ; (-1, 7) ; F2, ·, ·, ·, F4, F0
F4 ; (-1, 6) ; F0, F3, ·, ·, H7, F5
F5 ; (0, 5) ; F6, F0, F4, H7, D2, H2
F6 ; (1, 5) ; H9, F1, F0, F5, H2, E3
H0 ; (1, 1) ; B3, D6, D5, A2, A1, B4
H1 ; (4, 1) ; C3, E6, E5, B2, B1, C4
H2 ; (1, 4) ; E3, F6, F5, D2, D1, E4
H3 ; (2, 2) ; E5, E4, D1, D6, B3, B2
H4 ; (2, -1) ; B5, B4, A1, A6, ·, ·
H5 ; (5, -1) ; C5, C4, B1, B6, ·, ·
H6 ; (-1, 2) ; D5, D4, ·, ·, A3, A2
H7 ; (-1, 5) ; F5, F4, ·, ·, D3, D2
H8 ; (5, 2) ; ·, ·, E1, E6, C3, C2
H9 ; (2, 5) ; ·, ·, F1, F6, E3, E2
"""


def reference_rows() -> list[tuple[str, tuple[int, int], list[str]]]:
    rows = []
    for line in REFERENCE.strip().splitlines():
        label, coord, neigh = (part.strip() for part in line.split(";"))
        q, r = (int(v) for v in coord.strip("()").split(","))
        rows.append((label, (q, r), [n.strip() for n in neigh.split(",")]))
    return rows


def test_52_cells_42_galaxy_holes_10_black_holes():
    geo = geometry("triangle")
    assert geo.size == 52
    assert sum(1 for d in geo.disc_of if d >= 0) == 42 and len(geo.black_holes) == 10
    assert all(len(cells) == 7 for cells in geo.discs) and sum(geo.centre) == 6


def test_neighbour_table_equals_the_reference():
    geo = geometry("triangle")
    rows = reference_rows()
    assert [r[0] for r in rows] == list(geo.labels)
    for label, coord, neigh in rows:
        i = geo.index[label]
        assert geo.coords[i] == coord, label
        mine = [geo.labels[n] if n >= 0 else "·" for n in geo.neighbours[i]]
        assert mine == neigh, label


def test_adjacency_is_symmetric_and_black_holes_never_touch():
    for layout in board_data().layouts:
        geo = geometry(layout)
        for c in range(geo.size):
            for d, n in enumerate(geo.neighbours[c]):
                if n >= 0:
                    assert geo.neighbours[n][(d + 3) % 6] == c
        for h in geo.black_holes:
            assert not any(n in geo.black_holes for n in geo.adjacent(h))
            discs = {geo.disc_of[n] for n in geo.adjacent(h)}
            assert len(discs) >= 2  # a black hole lies between galaxies


def test_inner_black_holes_have_six_neighbours_outer_four():
    geo = geometry("triangle")
    counts = sorted(len(geo.adjacent(h)) for h in geo.black_holes)
    assert counts == [4] * 6 + [6] * 4


def test_touching_discs_meet_at_one_pair_of_holes():
    geo = geometry("triangle")
    contacts: dict[tuple[int, int], int] = {}
    for c in range(42):
        for n in geo.adjacent(c):
            a, b = geo.disc_of[c], geo.disc_of[n]
            if 0 <= a < b:
                contacts[(a, b)] = contacts.get((a, b), 0) + 1
    assert len(contacts) == 9 and set(contacts.values()) == {1}


def test_no_straight_line_leaves_and_reenters_the_board():
    for layout in board_data().layouts:
        geo = geometry(layout)
        cells = set(geo.coords)
        dirs = board_data().directions
        for q, r in geo.coords:
            for dq, dr in dirs:
                k = 1
                while (q + k * dq, r + k * dr) in cells:
                    k += 1
                assert not any((q + j * dq, r + j * dr) in cells for j in range(k + 1, k + 12))


def test_the_s_shape_cannot_be_made_inside_one_disc():
    """Seed: "4 adjacent bodies forming an S ... can only be fulfilled across several galaxies"."""
    geo = geometry("triangle")
    for card in ("C19", "C20"):
        for mirror in (False, True):
            places = patterns.placements(card, "triangle", mirror, False)
            assert places, "the S must fit across galaxies"
            for need, _ in places:
                discs = {geo.disc_of[c] for c, _ in need}
                assert len(discs) > 1 or -1 in discs
            inside = [p for p in places if len({geo.disc_of[c] for c, _ in p[0]}) == 1]
            assert inside == []
    assert len(patterns.placements("C19", "triangle", True, False)) == 324  # the reference's count


def test_other_shapes_fit_inside_one_disc():
    geo = geometry("triangle")
    for card in ("C05", "C09", "C13", "C17", "C21", "C23"):
        places = patterns.placements(card, "triangle", False, False)
        assert any(
            len({geo.disc_of[c] for c in [*(c for c, _ in need), *empty]}) == 1 for need, empty in places
        ), card


def test_starting_points_are_four_ring_holes_per_disc():
    for spec in board_data().discs:
        assert len(set(spec.start)) == 4 and all(1 <= h <= 6 for h in spec.start)
        assert len(spec.decoration) == 7


def test_parallelogram_layout_also_has_52_cells():
    geo = geometry("parallelogram")
    assert geo.size == 52 and len(geo.black_holes) == 10
    assert sorted(len(geo.adjacent(h)) for h in geo.black_holes) == [4] * 6 + [6] * 4
    assert not any(c for c in combinations(geo.black_holes, 2) if c[1] in geo.adjacent(c[0]))
