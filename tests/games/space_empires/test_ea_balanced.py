"""The balanced Empire Advantage deal (docs/games/space_empires.md §10.4): players+1 cards face up, every
seat starts with 75 CP and bids openly in turn order for the picks; the auction's rules, public cards,
the heuristic bot's bids and full games by random and heuristic seats."""

from __future__ import annotations

from typing import Any

import pytest

from galaxis.core import Match
from galaxis.core.errors import BadOption, IllegalAction
from galaxis.games.space_empires import GAME
from galaxis.games.space_empires.systems import empire_advantages
from galaxis.games.space_empires.systems.empire_advantages import bot_choice, card_value, cards, deck

from .helpers import bots_play_to_the_end, start, state

BUDGET = 75  # reference §1.11


def _ea(m: Match) -> Any:
    ea = state(m).ea
    assert ea is not None
    return ea


def _balanced(players: int = 3, seed: int = 3) -> Match:
    return start(players, seed=seed, empire_advantages="balanced")


def _act(m: Match, notation: str) -> None:
    (seat,) = m.to_move
    m.apply(seat, notation)


# --- set-up ----------------------------------------------------------------------------------------------------
def test_option_values_and_the_75_cp_are_data() -> None:
    assert GAME.info.options["empire_advantages"]["choices"] == ["none", "deal", "balanced"]
    assert deck().balanced_cp == BUDGET
    assert empire_advantages.mode({"empire_advantages": True}) == "deal"  # the former bool still reads
    assert empire_advantages.mode({"empire_advantages": False}) == "none"
    assert state(start(2, seed=1)).ea is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_plus_one_cards_face_up_and_75_cp_each(players: int) -> None:
    m = _balanced(players)
    s, ea = state(m), _ea(m)
    assert len(ea.row) == players + 1 and len(set(ea.row)) == players + 1
    assert all(c not in ea.deck for c in ea.row)
    assert [p.cp for p in s.players] == [BUDGET] * players
    assert ea.waiting == s.order and ea.bidders == s.order
    assert m.to_move == (s.order[0],) and s.pending[-1].kind == "ea_bid"


def test_face_up_cards_are_public_to_every_seat() -> None:
    m = _balanced(3)
    row = sorted(_ea(m).row, key=lambda c: cards()[c].number)
    for viewer in (0, 1, 2, None):
        assert m.observation(viewer)["empire_advantages"]["auction"]["row"] == row
        hidden = [c for slot in GAME.secret(state(m), viewer)["empire_advantages"] for c in slot]
        assert not set(row) & set(hidden)  # nothing of the row is a secret
    line = next(t for t in empire_advantages.text_lines(state(m), 1) if "(+)" in t)  # the text view
    assert all(cards()[c].name in line for c in row)


def test_balanced_is_refused_where_the_scenario_deals_its_own_cards() -> None:
    with pytest.raises(BadOption, match="balanced"):
        start(3, scenario="ce_3p_2v1", empire_advantages="balanced")
    with pytest.raises(BadOption):
        start(1, scenario="solo_dm", empire_advantages="balanced")


# --- the auction -----------------------------------------------------------------------------------------------
def test_first_bid_may_be_zero_and_bids_go_to_the_limit() -> None:
    m = _balanced(3)
    seat = m.to_move[0]
    legal = [a.notation for a in m.legal_actions(seat)]
    assert legal == ["ea_pass"] + [f"ea_bid {cp}" for cp in range(BUDGET + 1)]
    assert all(GAME.action_is_public(state(m), seat, a) for a in m.legal_actions(seat))  # open bids


def test_a_bid_must_raise_the_highest_and_turn_passes_in_order() -> None:
    m = _balanced(3)
    first, second, third = state(m).order
    _act(m, "ea_bid 10")
    assert m.to_move == (second,) and _ea(m).high == 10 and _ea(m).high_seat == first
    bids = [a.args[0] for a in m.legal_actions(second) if a.kind == "ea_bid"]
    assert bids[0] == 11 and bids[-1] == BUDGET
    with pytest.raises(IllegalAction):
        m.apply(second, "ea_bid 10")  # not a raise
    with pytest.raises(IllegalAction):
        m.apply(second, f"ea_bid {BUDGET + 1}")  # more than the 75 CP
    _act(m, "ea_bid 12")
    assert m.to_move == (third,)
    _act(m, "ea_pass")
    assert m.to_move == (first,) and _ea(m).bidders == [first, second]  # the passer is out


def test_highest_bidder_pays_and_picks_first_then_a_new_auction_opens() -> None:
    m = _balanced(3)
    first, second, third = state(m).order
    _act(m, "ea_bid 5")
    _act(m, "ea_bid 9")
    _act(m, "ea_pass")  # third
    assert m.to_move == (first,)
    _act(m, "ea_pass")  # first: only the high bidder is left
    s, ea = state(m), _ea(m)
    assert m.to_move == (second,) and s.pending[-1].kind == "ea_take"
    assert s.players[second].cp == BUDGET - 9 and s.players[first].cp == BUDGET and ea.paid[second] == 9
    legal = m.legal_actions(second)
    assert {a.args[0] for a in legal} == set(ea.row) and all(a.kind == "ea_take" for a in legal)
    card = next(c for c in ea.row if c != "traders")
    m.apply(second, f"ea_take {card}")
    assert ea.held[second] == [card] and card not in ea.row and len(ea.row) == 3
    for viewer in (first, third, None):  # taken face up: public at once
        assert m.observation(viewer)["empire_advantages"]["held"][second] == [card]
    # The next auction: the seats without a card, in turn order; passers of the last one bid again.
    assert ea.waiting == [first, third] and ea.bidders == [first, third] and ea.high == -1
    assert m.to_move == (first,) and s.pending[-1].kind == "ea_bid"


def test_when_everyone_passes_the_last_seat_left_picks_for_nothing() -> None:
    m = _balanced(3)
    third = state(m).order[2]
    _act(m, "ea_pass")
    _act(m, "ea_pass")
    assert m.to_move == (third,) and state(m).pending[-1].kind == "ea_take"
    assert state(m).players[third].cp == BUDGET and _ea(m).paid[third] == 0


def test_the_last_seat_takes_one_of_the_two_cards_left_free_and_the_game_starts() -> None:
    m = _balanced(2)
    first, second = state(m).order
    _act(m, "ea_bid 20")
    _act(m, "ea_pass")
    ea = _ea(m)
    _act(m, f"ea_take {ea.row[0]}")
    assert m.to_move == (second,) and state(m).pending[-1].kind == "ea_take"  # no auction for one seat
    assert len(m.legal_actions(second)) == 2
    _act(m, f"ea_take {ea.row[0]}")
    s = state(m)
    assert [len(h) for h in ea.held] == [1, 1] and len(ea.row) == 1 and not ea.waiting
    assert not s.pending and s.phase == "move"
    assert s.players[first].cp == BUDGET - 20 + _start_cp(ea.held[first][0])
    assert s.players[second].cp == BUDGET + _start_cp(ea.held[second][0])


def _start_cp(card: str) -> int:
    return sum(e.cp for e in cards()[card].effects if e.op == "start_cp")


def test_a_taken_card_applies_its_effects_at_once() -> None:
    m = _balanced(2)
    ea = _ea(m)
    for card in ("traders", "quick_learners"):  # planted into the row
        if card not in ea.row:
            ea.deck.remove(card)
            ea.row[ea.row.index(next(c for c in ea.row if c not in ("traders", "quick_learners")))] = card
    first, second = state(m).order
    _act(m, "ea_bid 3")
    _act(m, "ea_pass")
    _act(m, "ea_take traders")
    assert state(m).players[first].cp == BUDGET - 3 + 30
    _act(m, "ea_take quick_learners")
    assert state(m).players[second].techs["attack"] >= 1 and state(m).players[second].techs["defense"] >= 1


def test_determinize_leaves_the_public_cards_in_place() -> None:
    m = _balanced(3)
    _act(m, "ea_pass")
    _act(m, "ea_pass")
    (seat,) = m.to_move
    m.apply(seat, m.legal_actions(seat)[0])
    before = m.observation(0)
    row, held = list(_ea(m).row), [list(h) for h in _ea(m).held]
    for k in range(5):
        world = m.determinize(0, k)
        ea = state(world).ea
        assert ea is not None and ea.row == row and ea.held == held
        assert world.observation(0) == before


# --- the heuristic bot -----------------------------------------------------------------------------------------
def _auction_obs(row: list[str], waiting: int, high: int) -> dict[str, Any]:
    return {"empire_advantages": {"auction": {"row": row, "waiting": list(range(waiting)), "high": high}}}


def test_bot_bids_up_to_the_cards_worth_to_it_and_then_passes() -> None:
    m = _balanced(3)
    legal = m.legal_actions(m.to_move[0])
    row = ["fearless_race", "traders", "ancient_race", "industrious_race"]
    worth = card_value("fearless_race") - card_value("ancient_race")  # best less the 3rd best (3 waiting)
    assert worth > 0
    assert bot_choice(legal, _auction_obs(row, 3, -1)).notation == "ea_bid 0"
    assert bot_choice(legal, _auction_obs(row, 3, worth - 1)).notation == f"ea_bid {worth}"
    assert bot_choice(legal, _auction_obs(row, 3, worth)).notation == "ea_pass"
    flat = ["ancient_race", "industrious_race", "space_pilgrims", "horsemen_of_the_plains"]  # all alike to it
    assert bot_choice(legal, _auction_obs(flat, 3, -1)).notation == "ea_bid 0"  # the first pick is free
    assert bot_choice(legal, _auction_obs(flat, 3, 0)).notation == "ea_pass"


def test_bot_takes_the_card_it_values_most() -> None:
    m = _balanced(2)
    _act(m, "ea_pass")
    (seat,) = m.to_move
    legal = m.legal_actions(seat)
    best = max(card_value(str(a.args[0])) for a in legal)
    assert card_value(str(bot_choice(legal, m.observation(seat)).args[0])) == best


# --- full games ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_balanced_games_play_to_the_end(players: int, agent: str) -> None:
    m = start(players, seed=21, cycles=3, empire_advantages="balanced")
    bots_play_to_the_end(m, agent)
    assert m.is_over and GAME.invariants(state(m)) == []
    ea = _ea(m)
    assert [len(h) for h in ea.held] == [1] * players and len(ea.row) == 1
    assert sorted(ea.revealed) == sorted(c for h in ea.held for c in h)
    assert sum(ea.paid) <= BUDGET * players
