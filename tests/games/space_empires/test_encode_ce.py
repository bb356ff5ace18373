"""The Close Encounters block of the Space Empires encoder (docs/interop.md, "Close Encounters block").

The fast path (``encode_match``) must equal the straightforward observation path
(``encode(observation(seat))``) over random trajectories of the CE scenarios and options, and each
new field must reflect what the observation shows (to its owner only where the observation hides it).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from galaxis.games.space_empires.systems import empire_advantages
from galaxis.games.space_empires.views import encode as mod
from tests.games.space_empires.helpers import hw, start, state
from tests.interop.interop_cases import random_positions

CASES = [
    (3, {"scenario": "ce_3p_2v1", "empire_advantages": "deal", "alien_technology": True}),
    (2, {"victory_points": "relics"}),
    (2, {"victory_points": "king_of_warp_points"}),
    (3, {"scenario": "quick_conquest_3p"}),
    (2, {"scenario": "planetary_gates"}),
    (2, {"experience": True, "boarding": True, "ground_combat": True}),
    (2, {"research_centers": True}),
    (2, {"scenario": "amoebas"}),
    (1, {"scenario": "solo_ap_vp"}),
]


def _field(name: str) -> tuple[int, int]:
    (off, width) = next((o, w) for n, o, w in mod.layout() if n == name)
    return off, width


def _vec(match: Any, seat: int | None) -> np.ndarray:
    fast = mod.SpaceEmpiresEncoder().encode_match(match, seat)
    slow = mod.SpaceEmpiresEncoder().encode(match.observation(seat))
    assert np.array_equal(fast, slow)
    return fast


def _ce_hex(hid: str, name: str) -> int:
    return mod.G["ce_hexes"] + mod.HEX_INDEX[hid] * mod.CH_SIZE + mod.CH[name]


@pytest.mark.parametrize(("players", "options"), CASES, ids=[str(sorted(o.items())) for _, o in CASES])
def test_fast_encoding_equals_the_observation_encoding(players, options):
    enc = mod.SpaceEmpiresEncoder()  # one shared encoder: the caches must not mix positions or seats
    checked = 0
    shown: set[str] = set()
    ce = [(n, o, w) for n, o, w in mod.layout() if mod.S_CE[0] <= o < mod.S_CE[1]]
    for i, match in enumerate(random_positions("space_empires", players, 7, options, limit=300)):
        if i % 5:
            continue
        for seat in [*range(players), None]:
            fast = enc.encode_match(match, seat)
            assert fast.shape == (mod.SIZE,)
            assert np.array_equal(fast, mod.SpaceEmpiresEncoder().encode(match.observation(seat)))
            shown |= {n for n, o, w in ce if fast[o : o + w].any()}
            checked += 1
    assert checked > 40
    assert shown, "the CE block stayed empty over the whole trajectory"


def test_the_layout_does_not_depend_on_the_options():
    sizes = {mod.SpaceEmpiresEncoder().encode_match(start(p, 1, **o), 0).shape for p, o in CASES[:4]}
    assert sizes == {(mod.SIZE,)}
    assert mod.layout()[-1][1] + mod.layout()[-1][2] == mod.SIZE


def test_a_kept_empire_advantage_is_set_for_its_owner_only():
    match = start(3, 2, scenario="ce_3p_2v1", empire_advantages="deal")
    ea = state(match).ea
    assert ea is not None
    card = mod.EA_CARDS[3]
    for cards in (ea.deck, *ea.hands, *ea.held, *ea.discarded, ea.pool):
        if card in cards:
            cards.remove(card)
    ea.held[1].append(card)
    off, _ = _field("ea_held")
    bit = mod.EA_CARDS.index(card)
    owner = _vec(match, 1)
    assert owner[off + bit] == 1.0  # slot 0: the observer's own cards
    for seat in (0, 2):  # hidden from the others (the observation does not show it)
        v = _vec(match, seat)
        assert not v[off : off + mod.MAX_PLAYERS * len(mod.EA_CARDS)][bit :: len(mod.EA_CARDS)].any()
    ea.revealed.append(card)  # once revealed, seat 0 sees it in seat 1's row (slot 1)
    assert card in empire_advantages.visible(state(match), 0)
    assert _vec(match, 0)[off + 1 * len(mod.EA_CARDS) + bit] == 1.0
    assert _vec(match, 0)[_field("ea_revealed")[0] + bit] == 1.0


def test_alien_technology_cards_own_and_revealed():
    match = start(3, 2, scenario="ce_3p_2v1", alien_technology=True)
    at = state(match).alien_tech
    assert at is not None
    cid = mod.AT_CARDS[5]
    if cid in at.deck:
        at.deck.remove(cid)
    at.held[2].append(cid)
    off, _ = _field("at_held")
    bit = mod.AT_CARDS.index(cid)
    assert _vec(match, 2)[off + bit] == 1.0
    assert not _vec(match, 0)[off : off + mod.MAX_PLAYERS * len(mod.AT_CARDS)].any()
    at.revealed.append(cid)
    # seat 0 sees seat 2's revealed card in slot 2 (seats rotated, observer first)
    assert _vec(match, 0)[off + 2 * len(mod.AT_CARDS) + bit] == 1.0
    assert _vec(match, 1)[off + 1 * len(mod.AT_CARDS) + bit] == 1.0


def test_victory_points_warp_points_and_relics():
    match = start(2, 3, victory_points="king_of_warp_points")
    v = state(match).victory
    assert v is not None
    v.vp[1] = 6
    vp, _ = _field("vp")
    assert _vec(match, 0)[vp + 1] == pytest.approx(6 / 30)
    assert _vec(match, 1)[vp] == pytest.approx(6 / 30)  # the observer's own VP in slot 0
    mode, _ = _field("vp_mode")
    assert _vec(match, 0)[mode + mod.VP_MODES.index("king_of_warp_points")] == 1.0
    for hid in v.warp_points:
        assert _vec(match, 0)[_ce_hex(hid, "warp_point")] == 1.0
    relics = start(2, 3, victory_points="relics")
    r = state(relics).victory
    assert r is not None and r.relics
    vec = _vec(relics, 1)
    assert all(vec[_ce_hex(h, "relic")] == 1.0 for h in r.relics if h in mod.HEX_INDEX)
    assert vec[_field("relics_left")[0]] == pytest.approx(min(len(r.relics), 20) / 20)


def test_alien_minerals_are_encoded():
    match = start(1, 4, scenario="solo_ap_vp")
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp

    vps = alien_vp.vp_of(state(match))
    assert vps is not None
    vps.minerals[0] = 3
    assert _vec(match, 0)[_field("alien_minerals")[0]] == pytest.approx(0.3)


def test_own_garrison_is_encoded_for_its_owner_only():
    match = start(2, 5, ground_combat=True)
    g = state(match).ground
    assert g is not None
    home = hw(match, 0)
    from galaxis.games.space_empires.systems.ground_state import Garrison

    g.garrisons[home] = Garrison(0, ["Infantry", "Infantry", "Marines"])
    base = _ce_hex(home, "garrison")
    mine = _vec(match, 0)
    assert mine[base + mod.TROOPS.index("Infantry")] == pytest.approx(0.2)
    assert mine[base + mod.TROOPS.index("Marines")] == pytest.approx(0.1)
    assert not _vec(match, 1)[base : base + len(mod.TROOPS)].any()


def test_experience_is_encoded_as_far_as_shown():
    match = start(2, 6, experience=True)
    s = state(match)
    u = next(u for u in s.units.values() if u.owner == 0 and u.kind not in ("CO", "Miner", "SY", "Base"))
    for m in s.units.values():
        if (m.counter or m.uid) == (u.counter or u.uid):
            m.xp = 2
    off, _ = _field("xp")
    assert _vec(match, 0)[off + 0 * mod.XP_LEVELS + 1] > 0  # own counter, level 2
    assert not _vec(match, 1)[off : off + mod.SLOTS * mod.XP_LEVELS].any()  # face down: hidden
    for m in s.units.values():
        if (m.counter or m.uid) == (u.counter or u.uid):
            m.revealed = True
    assert _vec(match, 1)[off + 1 * mod.XP_LEVELS + 1] > 0  # face up: seat 1 sees it in slot 1


def test_research_and_industrial_centers():
    match = start(2, 7, research_centers=True)
    c = state(match).centers
    assert c is not None
    hid = next(h for h, col in state(match).colonies.items() if col.owner == 1)
    c.kinds[hid], c.owners[hid] = "research", 1
    vec = _vec(match, 0)
    assert vec[_ce_hex(hid, "research_center")] == 1.0
    assert vec[_ce_hex(hid, "industrial_center")] == 0.0
    assert vec[_field("centers")[0] + 1 * 2] == pytest.approx(0.1)  # seat 1 is slot 1 for seat 0


def test_amoeba_knowledge():
    match = start(2, 8, scenario="amoebas")
    from galaxis.games.space_empires.opponents.amoebas import amoeba

    am = amoeba.state_of(state(match))
    assert am is not None and am.types
    off, _ = _field("amoeba_types")
    before = _vec(match, 0)
    assert before[off] == 1.0 and before[off + 1] == 0.0
    am.types[0].row = "x"
    am.types[0].research[0] = 4
    after = _vec(match, 0)
    assert after[off + 1] == 1.0
    assert after[off + 2] == pytest.approx(0.4)
    assert _vec(match, 1)[off + 2] == 0.0  # another seat's research points are its own row


@pytest.mark.parametrize(
    ("players", "options"), CASES[:6], ids=[str(sorted(o.items())) for _, o in CASES[:6]]
)
def test_the_ce_block_does_not_change_when_hidden_information_is_resampled(players, options):
    """No leak: a determinized world (other seats' hands, cards, garrisons re-dealt) encodes the same."""
    enc = mod.SpaceEmpiresEncoder()
    for i, match in enumerate(random_positions("space_empires", players, 11, options, limit=300)):
        if i % 25:
            continue
        for seat in range(players):
            mine = enc.encode_match(match, seat)
            world = match.determinize(seat, 1000 * i)
            assert np.array_equal(enc.encode_match(world, seat), mine)
