"""The cached fast path of the Space Empires encoder (``encode_match``) against the observation path.

test_encoding.py checks ``encode_match == encode(observation(seat))`` on random positions with a
fresh encoder per case; these check what the caches add: one encoder shared by many matches, seats
and player counts, caches cleared at their bound, rare cells (a peeked marker, a battle), the order
of the units in the state, and that the handed-out vectors cannot be changed in place.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from galaxis import new_match
from galaxis.games.space_empires.base.state import Battle
from galaxis.games.space_empires.views import encode as mod
from tests.interop.interop_cases import random_positions


def _memos(enc):
    return [v for v in vars(enc).values() if isinstance(v, mod.Memo)]


def _check(enc, match, seat):
    fast = enc.encode_match(match, seat)
    expected = mod.SpaceEmpiresEncoder().encode(match.observation(seat))
    assert np.array_equal(fast, expected)
    return fast


@pytest.mark.parametrize("limit", [3, None])
def test_one_encoder_shared_by_matches_seats_and_player_counts(limit):
    """Blocks cached for one match, seat or player count never leak into another's vector, also
    when every cache is cleared again and again (a bound of 3 entries)."""
    enc = mod.SpaceEmpiresEncoder()
    if limit is not None:
        for memo in _memos(enc):
            memo._limit = limit
    checked = 0
    for players, seed in ((2, 11), (3, 12), (4, 13), (1, 14), (2, 15)):
        for i, match in enumerate(random_positions("space_empires", players, seed, limit=90)):
            if i % 3:
                continue
            for seat in [*range(players), None]:
                _check(enc, match, seat)
                checked += 1
    assert checked > 100
    if limit is not None:
        assert all(len(memo) <= limit for memo in _memos(enc))


def test_memos_stay_bounded():
    memo = mod.Memo(lambda key: key * 2, limit=4)
    for key in range(10):
        assert memo[key] == key * 2
        assert len(memo) <= 4


def _face_down_hexes(match):
    return [h for h, m in match.state.markers.items() if not m.face_up]


def test_a_peeked_marker_is_encoded_for_its_viewer_only():
    match = new_match("space_empires", 2, seed=4)
    enc = mod.SpaceEmpiresEncoder()
    hid = _face_down_hexes(match)[0]
    before = _check(enc, match, 0).copy()
    assert before[mod.hex_field(hid, "marker_down")] == 1.0
    assert before[mod.hex_field(hid, "marker_peeked")] == 0.0
    match.state.players[0].known.append(hid)
    after = _check(enc, match, 0)
    assert after[mod.hex_field(hid, "marker_peeked")] == 1.0
    kind = match.state.markers[hid].kind
    kinds = list(mod._MARKER)
    marker = mod.hex_field(hid, "marker")
    assert after[marker + kinds.index(kind)] == 1.0
    # only that hex changed, and the other seat still sees a plain face-down marker
    changed = np.flatnonzero(after != before)
    start = mod.hex_field(hid, "marker")
    assert changed.min() >= start and changed.max() < start + mod.H_SIZE
    other = _check(enc, match, 1)
    assert other[mod.hex_field(hid, "marker_peeked")] == 0.0


def _battle_hexes(match):
    """A hex holding a lone face-down marker, the home colony of seat 0, and a hex of another map."""
    s = match.state
    lone = next(
        h
        for h in _face_down_hexes(match)
        if h not in s.colonies and not any(u.hex == h for u in s.units.values())
    )
    home = next(h for h, c in s.colonies.items() if c.owner == 0)
    off_map = next(h for h in mod.HEXES if h not in mod.board.board_hexes(len(s.players)))
    return [lone, home, off_map]


def test_the_battle_hex_is_flagged_once_on_both_paths():
    match = new_match("space_empires", 2, seed=6)
    enc = mod.SpaceEmpiresEncoder()
    plain = _check(enc, match, 0).copy()
    for hid in _battle_hexes(match):
        match.state.battle = Battle(
            hex=hid, attacker=1, defender=0, round=2, queue=[], bonus_side=-1, terrain="open"
        )
        for seat in (0, 1, None):
            vec = _check(enc, match, seat)
            flags = [vec[mod.hex_field(h, "battle_here")] for h in mod.HEXES]
            assert sum(flags) == 1.0 and vec[mod.hex_field(hid, "battle_here")] == 1.0
        # the battle adds its flag to that hex and touches no other hex
        vec = enc.encode_match(match, 0)
        base = mod.hex_field(hid, "marker")
        diff = np.flatnonzero(
            vec[mod.HEX_BASE : mod.HEX_BASE + len(mod.HEXES) * mod.H_SIZE]
            != plain[mod.HEX_BASE : mod.HEX_BASE + len(mod.HEXES) * mod.H_SIZE]
        )
        assert list(diff + mod.HEX_BASE) == [mod.hex_field(hid, "battle_here")]
        assert base <= diff[0] + mod.HEX_BASE < base + mod.H_SIZE
    match.state.battle = None
    assert np.array_equal(_check(enc, match, 0), plain)


def test_the_order_of_the_units_in_the_state_does_not_matter():
    """A counter is shown as its first unit in id order wherever it sits in ``state.units``."""
    enc = mod.SpaceEmpiresEncoder()
    found = 0
    for match in itertools.islice(random_positions("space_empires", 2, 22, limit=300), 0, None, 5):
        units = match.state.units
        by_counter = {}
        for u in units.values():
            by_counter.setdefault((u.hex, u.counter or u.uid), []).append(u)
        if not any(len(members) > 1 for members in by_counter.values()):
            continue
        found += 1
        clone = match.clone()
        clone.state.units = dict(reversed(list(clone.state.units.items())))
        for seat in (0, 1, None):
            assert np.array_equal(_check(enc, clone, seat), enc.encode_match(match, seat))
    assert found >= 3


def test_vectors_are_read_only_float32_of_the_full_size():
    match = new_match("space_empires", 3, seed=2)
    enc = mod.SpaceEmpiresEncoder()
    for vec in (enc.encode_match(match, 1), enc.encode(match.observation(1))):
        assert vec.dtype == np.float32 and vec.shape == (mod.SIZE,)
        assert not vec.flags.writeable
        with pytest.raises(ValueError):
            vec[0] = 1.0


def test_the_type_of_a_face_down_enemy_counter_is_never_read():
    """Not into the vector and not into a cache key: a made-up type changes nothing."""
    enc = mod.SpaceEmpiresEncoder()
    hidden_seen = 0
    for match in itertools.islice(random_positions("space_empires", 2, 23, limit=200), 0, None, 10):
        clone = match.clone()
        hidden = [u for u in clone.state.units.values() if u.owner == 1 and not u.revealed]
        if not hidden:
            continue
        hidden_seen += 1
        expected = enc.encode_match(match, 0)
        for u in hidden:
            u.kind = "SECRET"
        assert np.array_equal(_check(enc, clone, 0), expected)
        assert not any("SECRET" in repr(key) for memo in _memos(enc) for key in memo)
    assert hidden_seen >= 3
