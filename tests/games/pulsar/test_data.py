"""Structural tests of the component data (both board sides, tiles, boards, tables)."""

from __future__ import annotations

from collections import Counter

import pytest

from galaxis.games.pulsar import data
from galaxis.games.pulsar.flight import endpoints


@pytest.mark.parametrize(
    ("side", "nodes", "segments", "gates"),
    [("normal", 87, 105, 51), ("deadend", 84, 100, 48)],
)
def test_board_counts(side: str, nodes: int, segments: int, gates: int) -> None:
    b = data.board(side)
    assert len(b.nodes) == nodes
    assert len(b.start_gates) == 4 and len(b.systems) == 16
    assert len(b.pulsars) == 13 and len(b.isolated) == 3
    assert len(b.gates) == gates
    assert Counter(b.colour.values()) == {"o": gates // 3, "p": gates // 3, "g": gates // 3}
    # every printed segment once; a doubled dead-end segment is two parallel edges
    distinct = {e for e in b.edges}
    assert len(distinct) == segments
    assert len(b.edges) == segments + len(b.dead_end_edges) // 2
    start_segments = [e for e in b.edges if b.kind[e[0]] == "start_gate" or b.kind[e[1]] == "start_gate"]
    assert len(start_segments) == 4


@pytest.mark.parametrize("side", ["normal", "deadend"])
def test_isolated_pulsars_unreachable_and_rest_connected(side: str) -> None:
    b = data.board(side)
    for n in b.isolated:
        assert b.adj[n] == ()
    seen = set()
    todo = [b.adj[b.start_gates[0]][0][1]]
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        seen.add(n)
        todo.extend(v for _, v in b.adj[n])
    everything = set(b.nodes) - set(b.isolated) - set(b.start_gates)
    assert seen == everything
    for g in b.start_gates:  # nothing flies into a start gate
        assert all(v != g for n in b.nodes for _, v in b.adj[n])


@pytest.mark.parametrize("side", ["normal", "deadend"])
def test_connected_pulsars_hang_off_two_neighbours(side: str) -> None:
    b = data.board(side)
    for n in b.pulsars:
        neighbours = {v for _, v in b.adj[n]}
        assert len(neighbours) == (1 if n in b.dead_end_tips else 2)


def test_dead_end_chains() -> None:
    b = data.board("deadend")
    assert b.dead_end_tips == [8, 11, 33]
    assert [b.kind[n] for n in b.dead_end_tips] == ["system", "system", "pulsar"]
    chains = {8: (56, 7), 11: (75, 76), 33: (49, 50)}
    for tip, (gate, root) in chains.items():
        assert [v for _, v in b.adj[tip]] == [gate, gate]  # two parallel segments
        assert sorted(v for _, v in b.adj[gate]) == sorted([tip, tip, root, root])
    assert data.board("normal").dead_end_tips == []
    # in and out of a dead end within one flight: 7 -> 56 -> 8 -> 56 -> 7
    assert 7 in endpoints(b, 7, 4)


def test_system_tiles() -> None:
    tiles = data.system_tiles()
    assert len(tiles) == 17
    planets = [pl for t in tiles.values() for pl in t.planets]
    assert Counter(k for _, k, _ in planets) == {"blue": 31, "lifeless": 19}
    assert Counter(label for _, _, label in planets) == {"": 37, "4": 9, "3+": 4}
    for t in tiles.values():
        for players in (2, 3, 4):
            assert any(k == "blue" and not t.blocked(players, i) for i, (_, k, _) in enumerate(t.planets))
    assert tiles[15].pair_choice and tiles[16].pair_choice


def test_components_and_tables() -> None:
    c = data.components()
    assert (c.track_length, c.track_start) == (15, 7)
    assert c.silver_dice == {2: 7, 3: 7, 4: 9}
    assert [(g.take, g.flip, g.vp) for g in c.gyrodynes.values()] == [(1, 3, 1), (2, 5, 2), (4, 6, 3)]
    assert c.stations[2:] == (2, 4, 6, 9, 12, 16, 20, 25, 30, 36, 42, 50)
    assert c.engineering[4] == ((3, 0), (2, 0), (1, 0))
    assert c.start_scores == (5, 6, 7, 8)


def test_designed_pieces_are_marked() -> None:
    assert data.TransmitterFile.model_validate(data._load("transmitters.yaml")).designed
    assert data.GoalFile.model_validate(data._load("goals.yaml")).designed
    assert data.ExplorationFile.model_validate(data._load("exploration.yaml")).designed
    boards = data.tech_boards()
    assert {b for b, tb in boards.items() if not tb.designed} == {"AI", "AII", "AIII"}
    assert {b for b, hb in data.hq_boards().items() if not hb.designed} == {"A2", "C2"}


def test_transmitters_and_exploration() -> None:
    tx = data.transmitters()
    assert Counter(t.letter for t in tx.values()) == {"A": 8, "B": 8, "C": 8}
    assert any(len(t.costs) == 1 for t in tx.values())
    x = data.exploration()
    assert len(x) == 12
    assert sum(1 for t in x.values() if t.gain[0] == {"extra_station": 1}) == 2


def test_tech_board_slots_match_the_reference() -> None:
    ai = data.tech_boards()["AI"]
    assert [(t.type, t.cost, t.mode) for t in ai.rows[0]] == [
        ("perm", 1, "two"),
        ("perm", 3, "two"),
        ("perm", 5, "two"),
    ]
    aiii = data.tech_boards()["AIII"]
    assert [(t.type, t.cost, t.mode) for row in aiii.rows for t in row] == [
        ("once", 4, "lock"),
        ("end", 6, "lock"),
        ("end", 3, "lock"),
        ("end", 5, "lock"),
        ("end", 3, "two"),
    ]
    assert aiii.bonus == (0, 2, 4)
    ids = data.tech_ids(["AI", "AII", "AIII"])
    assert len(ids) == 17 and list(ids)[:3] == ["1a", "1b", "1c"]


def test_hq_layout_and_a2() -> None:
    layout = data.hq()
    assert layout.below == {4: (1, 2), 5: (2, 3), 6: (4,), 7: (5,), 8: (6, 7)}
    a2 = data.hq_boards()["A2"]
    assert [a2.projects[i].cost for i in range(1, 9)] == [4, 1, 2, 1, 3, 2, 6, 5]


def test_bad_reward_is_refused() -> None:
    with pytest.raises(ValueError):
        data.check_gain([{"teleport": "moon"}])
    with pytest.raises(ValueError):
        data.check_gain([{"vp": 1, "cubes": 2}])
