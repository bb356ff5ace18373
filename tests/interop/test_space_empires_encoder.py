"""The dedicated Space Empires encoder: layout, rotation, and blindness to face-down counters.

The contract tests in test_encoding.py (fixed size, bounds, determinism, blind to
resampled hidden information) run for every game; these check the layout.
"""

from __future__ import annotations

import itertools

import pytest

from galaxis import new_match
from galaxis.core import get_game
from galaxis.games.space_empires.views import encode as mod
from galaxis.interop.encoding import encoder_for
from tests.interop.interop_cases import random_positions


def _positions(players, seed, limit=120):
    return random_positions("space_empires", players, seed, limit=limit)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_game_uses_its_encoder_with_one_size(players):
    match = new_match("space_empires", players)
    enc = encoder_for(get_game("space_empires"), players, match.options)
    assert type(enc).__name__ == "SpaceEmpiresEncoder"
    assert enc.size == mod.SIZE
    vec = enc.encode(match.observation(0))
    assert vec.shape == (mod.SIZE,) and vec.min() >= 0.0 and vec.max() <= 1.0


def test_layout_covers_the_vector_exactly():
    fields = mod.layout()
    assert fields[0][1] == 0
    for (_, off, width), (_, nxt, _) in itertools.pairwise(fields):
        assert width > 0 and nxt == off + width
    assert fields[-1][1] + fields[-1][2] == mod.SIZE


def test_every_map_hex_has_a_slot():
    from galaxis.games.space_empires.base import board

    for players in (1, 2, 3, 4):
        assert board.board_hexes(players) <= set(mod.HEXES)


def test_markers_colonies_and_own_units_are_encoded():
    match = new_match("space_empires", 2, seed=3)
    obs = match.observation(1)
    vec = mod.SpaceEmpiresEncoder().encode(obs)
    down = sum(1 for cell in obs["hexes"].values() if cell.get("marker") == "?")
    assert down > 0
    assert sum(vec[mod.hex_field(h, "marker_down")] for h in mod.HEXES) == down
    homes = [h for h, c in obs["hexes"].items() if c.get("colony", {}).get("home")]
    for h in homes:
        owner = obs["hexes"][h]["colony"]["owner"]
        assert vec[mod.hex_field(h, "colony") + (owner - 1) % 2] == 1.0  # observer's colony in slot 0
    own = sum(u["count"] for c in obs["hexes"].values() for u in c.get("units", []) if u["owner"] == 1)
    width = len(mod.CLASSES)
    total = sum(
        vec[mod.hex_field(h, "units") : mod.hex_field(h, "units") + width].sum() * 12 for h in mod.HEXES
    )
    assert total == pytest.approx(own)


def test_a_face_down_enemy_counter_shows_only_that_it_is_there():
    width = len(mod.CLASSES)
    seen = False
    for match in _positions(2, 5):
        obs = match.observation(0)
        vec = mod.SpaceEmpiresEncoder().encode(obs)
        for hid, cell in obs["hexes"].items():
            enemy = [u for u in cell.get("units", []) if u["owner"] == 1]
            if enemy and all(u["kind"] == "?" for u in enemy):
                seen = True
                assert vec[mod.hex_field(hid, "counters") + 1] == pytest.approx(min(len(enemy), 6) / 6)
                units = mod.hex_field(hid, "units") + width
                assert not vec[units : units + width].any()
    assert seen


def test_players_are_rotated_so_the_observer_comes_first():
    enc = mod.SpaceEmpiresEncoder()
    match = new_match("space_empires", 3, seed=2)
    vecs = [enc.encode(match.observation(seat)) for seat in range(3)]
    for seat in range(3):
        home = next(
            h for h, c in match.observation(seat)["hexes"].items() if c.get("colony", {}).get("owner") == seat
        )
        assert vecs[seat][mod.hex_field(home, "colony")] == 1.0
        assert vecs[seat][mod.G_SIZE + 3 * mod.P_SIZE] == 0.0  # no fourth seat


def test_encodings_tell_positions_apart():
    enc = mod.SpaceEmpiresEncoder()
    vectors = [enc.encode(m.observation(min(m.to_move))).tobytes() for m in _positions(2, 3, limit=80)]
    assert len(set(vectors)) >= 0.5 * len(vectors)
