"""§9 determinize in the first cycle (docs/games/space_empires.md §9, §10.4): nothing bought is on the map
and no carry-over cap has applied yet, so another seat's counters keep their set-up size and its CP what
the set-up left it, e.g. the part of the balanced deal's 75 CP it did not bid away (public)."""

from __future__ import annotations

from galaxis.core import Match
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.base import board
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import empire_advantages

from .helpers import mover, start, state, touch


def _balanced(bid: int) -> Match:
    """A 2-player balanced deal played out: the first bidder bids ``bid``, the other passes; each takes a
    card that grants no CP or technology."""
    m = start(2, seed=5, empire_advantages="balanced")
    ea = state(m).ea
    assert ea is not None
    plain = [c for c in ea.deck if empire_advantages.cards()[c].effects[0].op in ("modify", "maintenance")]
    ea.deck = [c for c in ea.deck if c not in plain[:3]] + ea.row
    ea.row = plain[:3]
    touch(m)
    m.apply(mover(m), f"ea_bid {bid}")
    m.apply(mover(m), "ea_pass")
    while state(m).pending and state(m).pending[-1].kind in empire_advantages.STEP_KINDS:
        seat = mover(m)
        m.apply(seat, m.legal_actions(seat)[0])
    assert state(m).phase == "move" and state(m).cycle == 1
    return m


def _sizes(s: SEState, seat: int) -> dict[str, int]:
    return {cid: len(v) for cid, v in board.counters(u for u in s.units.values() if u.owner == seat).items()}


def test_the_balanced_deals_unspent_cp_and_the_set_up_counters_are_kept_in_the_first_cycle() -> None:
    m = _balanced(12)
    s = state(m)
    ea = s.ea
    assert ea is not None and sorted(ea.paid) == [0, 12]
    for viewer in (0, 1):
        other = 1 - viewer
        known_cp = empire_advantages.deck().balanced_cp - ea.paid[other]  # public: 75 less the public bid
        assert s.players[other].cp == known_cp > 30
        for seed in range(12):
            world = m.determinize(viewer, seed)
            w = world.state
            assert isinstance(w, SEState)
            q = w.players[other]
            assert (q.cp, q.forfeited, q.techs) == (known_cp, 0, s.players[other].techs)
            assert _sizes(w, other) == _sizes(s, other)  # every Scout counter still holds one Scout
            assert world.observation(viewer) == m.observation(viewer)
            assert GAME.invariants(w) == []


def test_after_the_first_cycle_counters_and_sheets_are_re_dealt_again() -> None:
    m = _balanced(0)
    s = state(m)
    s.cycle = 2  # as if the first Economic Phase were over (the CP are planted above the cap)
    other = 1 - mover(m)
    sizes, cps = set(), set()
    for seed in range(12):
        w = m.determinize(1 - other, seed).state
        assert isinstance(w, SEState)
        sizes.add(tuple(sorted(_sizes(w, other).items())))
        cps.add(w.players[other].cp)
        assert w.players[other].cp <= 30 and GAME.invariants(w) == []
    assert len(sizes) > 1 and len(cps) > 1


def test_a_hidden_cp_card_in_the_first_cycle_buys_no_units() -> None:
    m = start(2, seed=9, empire_advantages="deal")
    s = state(m)
    ea = s.ea
    assert ea is not None
    while s.pending and s.pending[-1].kind in empire_advantages.STEP_KINDS:
        seat = mover(m)
        m.apply(seat, m.legal_actions(seat)[0])
    for seat in (0, 1):  # seat 1 keeps Traders (+30 CP) in secret
        ea.deck += ea.held[seat]
        ea.held[seat] = []
    ea.deck.remove("traders")
    ea.held[1] = ["traders"]
    empire_advantages.keep_effects(GAME, s, 1, "traders")
    touch(m)
    for seed in range(12):
        w = m.determinize(0, seed).state
        assert isinstance(w, SEState) and w.ea is not None
        assert _sizes(w, 1) == _sizes(s, 1)
        grant = sum(
            e.cp for c in w.ea.held[1] for e in empire_advantages.cards()[c].effects if e.op == "start_cp"
        )
        assert w.players[1].cp == grant


def test_first_cycle_swaps_keep_every_counter_within_its_kinds_size() -> None:
    """In the first cycle contents swap only between counters of the same size, so a kind that fills a
    counter with one unit never lands in a counter of several (found by the conformance suite: 4 players,
    flagship=True, a spectator's determinization during the first Movement Phase)."""
    import random

    m = start(4, seed=295297, flagship=True)
    s = state(m)
    rnd = random.Random(1)
    checked = 0
    while s.cycle == 1 and not m.is_over:
        for seed in range(3):
            world = m.determinize(None, seed)
            assert GAME.invariants(world.state) == [], (checked, seed, GAME.invariants(world.state))
            checked += 1
        seat = m.to_move[0]
        m.apply(seat, rnd.choice(m.legal_actions(seat)))
    assert checked > 30
