"""``Match`` on the toy game: refusals, copies, persistence, replay and determinization."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galaxis.core import (
    BadMatchFile,
    BadOption,
    IllegalAction,
    Match,
    Rng,
    UnknownGame,
    match_from_json,
    new_match,
    replay,
)

TOY = "toy_gops"
FAST = settings(max_examples=40, deadline=None)


@pytest.fixture(autouse=True)
def _toy(toy_game: Any) -> None:
    """Every test here uses the toy game."""


def random_play(match: Match, seed: int, steps: int) -> Match:
    rng = Rng(seed)
    for _ in range(steps):
        if match.is_over:
            break
        seat = rng.choice(match.to_move)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def dump(match: Match) -> str:
    return json.dumps(match.to_json(), sort_keys=True)


# --- starting a match ---------------------------------------------------------------


def test_new_match_facts() -> None:
    m = new_match(TOY, 3, seed=9, options={"cards": "4"})
    assert (m.game_id, m.num_players, m.seed, m.options) == (TOY, 3, 9, {"cards": 4})
    assert m.to_move == (0, 1, 2)  # a simultaneous phase: everyone bids
    assert m.history == [] and not m.is_over
    assert [a.notation for a in m.legal_actions(0)] == ["bid 1", "bid 2", "bid 3", "bid 4"]


@pytest.mark.parametrize("players", [1, 4, 0, "2", None, True, 2.0])
def test_bad_player_count(players: Any) -> None:
    with pytest.raises(BadOption):
        new_match(TOY, players)


@pytest.mark.parametrize("seed", ["7", None, 1.5, True])
def test_bad_seed(seed: Any) -> None:
    with pytest.raises(BadOption, match="seed"):
        new_match(TOY, 2, seed)


def test_unknown_game() -> None:
    with pytest.raises(UnknownGame, match="no_such_game"):
        new_match("no_such_game", 2)


def test_setup_option_fixes_the_arrangement() -> None:
    m = new_match(TOY, 2, seed=1, options={"cards": 3, "setup": '{"deck": [1, 2, 3]}'})
    assert m.observation(None)["prize"] == 3
    other = new_match(TOY, 2, seed=999, options={"cards": 3, "setup": {"deck": [1, 2, 3]}})
    assert other.observation(0) == m.observation(0)


# --- refusals -------------------------------------------------------------------------


def test_turn_order_refusal() -> None:
    m = new_match(TOY, 2, seed=1)
    m.apply(0, "bid 3")
    assert m.to_move == (1,)
    before = dump(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(0, "bid 2")
    assert err.value.rule == "core: turn order"
    assert "not to move" in err.value.reason
    assert dump(m) == before


def test_stale_action_refusal() -> None:
    m = new_match(TOY, 2, seed=1)
    m.apply(0, "bid 3")
    m.apply(1, "bid 1")  # round over; seat 0 no longer holds card 3
    before = dump(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(0, "bid 3")
    assert err.value.reason and err.value.rule == "toy: bidding"
    assert dump(m) == before


@pytest.mark.parametrize("bad", ["", "   ", "bid 99", "bid", "hello", "bid -1"])
def test_illegal_notation_carries_reason_and_rule(bad: str) -> None:
    m = new_match(TOY, 2, seed=1)
    before = dump(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(0, bad)
    assert err.value.reason.strip() and err.value.rule == "toy: bidding"
    assert str(err.value) == f"{err.value.reason} [{err.value.rule}]"
    assert dump(m) == before and m.to_move == (0, 1)


@pytest.mark.parametrize("bad", [None, 3, 1.0, b"bid 1", ["bid 1"]])
def test_non_string_actions_are_refused(bad: Any) -> None:
    m = new_match(TOY, 2, seed=1)
    before = dump(m)
    with pytest.raises(IllegalAction, match="notation"):
        m.apply(0, bad)
    assert dump(m) == before


@pytest.mark.parametrize("seat", [-1, 2, 5, None, "0", True, 0.0])
def test_bad_seats_are_refused(seat: Any) -> None:
    m = new_match(TOY, 2, seed=1)
    before = dump(m)
    with pytest.raises(IllegalAction):
        m.apply(seat, "bid 1")
    assert dump(m) == before


@pytest.mark.parametrize("seat", [-1, 2, "0", True])
def test_views_refuse_bad_seats(seat: Any) -> None:
    m = new_match(TOY, 2, seed=1)
    for view in (m.observation, m.render_text, m.render_svg):
        with pytest.raises(IllegalAction, match="no seat"):
            view(seat)


def test_no_action_after_the_end() -> None:
    m = random_play(new_match(TOY, 2, seed=4), 4, 1000)
    assert m.is_over and m.to_move == ()
    before = dump(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(0, "bid 1")
    assert err.value.rule == "core: game over"
    assert dump(m) == before


def test_normalized_input_is_accepted() -> None:
    m = new_match(TOY, 2, seed=1)
    m.apply(0, "  bid   2 ")
    assert m.history == [(0, "bid 2")]


def test_apply_returns_events_and_records_history() -> None:
    m = new_match(TOY, 2, seed=1)
    assert m.apply(1, "bid 2") == [{"type": "bid", "seat": 1}]
    events = m.apply(0, m.legal_actions(0)[0])
    assert [e["type"] for e in events] == ["bid", "reveal"]
    assert m.history == [(1, "bid 2"), (0, "bid 1")]


# --- copies, persistence, replay ------------------------------------------------------


@FAST
@given(st.integers(0, 10**6), st.integers(0, 12))
def test_clone_independence(seed: int, steps: int) -> None:
    m = random_play(new_match(TOY, 3, seed=seed), seed, steps)
    before = dump(m)
    c = m.clone()
    assert dump(c) == before
    random_play(c, seed + 1, 20)
    assert dump(m) == before
    c2 = m.clone()
    random_play(m, seed + 2, 20)
    assert dump(c2) == before


@FAST
@given(st.integers(0, 10**6), st.integers(0, 15))
def test_json_round_trip_and_replay(seed: int, steps: int) -> None:
    m = random_play(new_match(TOY, 2, seed=seed, options={"cards": 6}), seed, steps)
    data = json.loads(json.dumps(m.to_json(), allow_nan=False))
    loaded = match_from_json(data)
    assert loaded.to_json() == m.to_json()
    assert loaded.history == m.history
    rebuilt = replay(TOY, seed, 2, {"cards": 6}, m.history)
    assert rebuilt.to_json() == m.to_json()
    without_state = {k: v for k, v in data.items() if k != "state"}
    assert match_from_json(without_state).to_json() == m.to_json()
    # both continue identically
    random_play(loaded, 77, 30)
    random_play(m, 77, 30)
    assert loaded.to_json() == m.to_json()


def test_replay_is_deterministic_across_seeds() -> None:
    a = random_play(new_match(TOY, 3, seed=5), 1, 40)
    b = random_play(new_match(TOY, 3, seed=5), 1, 40)
    c = random_play(new_match(TOY, 3, seed=6), 1, 40)
    assert dump(a) == dump(b)
    assert dump(a) != dump(c)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        "match",
        {"players": 2, "seed": 0},
        {"game": TOY, "seed": 0},
        {"game": TOY, "players": 2},
    ],
)
def test_bad_match_files(bad: Any) -> None:
    with pytest.raises(BadMatchFile):
        match_from_json(bad)


def test_bad_state_in_match_file() -> None:
    data = new_match(TOY, 2, seed=1).to_json()
    del data["state"]["deck"]
    with pytest.raises(BadMatchFile, match="deck"):
        match_from_json(data)
    data = new_match(TOY, 2, seed=1).to_json()
    data["state"]["rng"] = 12
    with pytest.raises(BadMatchFile):
        match_from_json(data)


@pytest.mark.parametrize("history", [[[0]], [5], [[0, "bid 1", "x"]], [["x", "bid 1"]], [[None, "bid 1"]], 5])
def test_bad_history_entries(history: Any) -> None:
    from galaxis.core import GalaxisError

    with pytest.raises(GalaxisError):
        replay(TOY, 1, 2, {}, history)
    with pytest.raises(GalaxisError):
        match_from_json({"game": TOY, "players": 2, "seed": 1, "history": history})


def test_illegal_history_is_refused() -> None:
    with pytest.raises(IllegalAction):
        replay(TOY, 1, 2, {}, [[0, "bid 1"], [0, "bid 2"]])


def test_match_file_with_unknown_game_or_bad_players() -> None:
    with pytest.raises(UnknownGame):
        match_from_json({"game": "nope", "players": 2, "seed": 0})
    with pytest.raises(BadOption):
        match_from_json({"game": TOY, "players": 9, "seed": 0})


# --- information -----------------------------------------------------------------------


@FAST
@given(st.integers(0, 10**6), st.integers(0, 14), st.integers(0, 2**64))
def test_determinize_never_changes_the_viewers_observation(seed: int, steps: int, world: int) -> None:
    m = random_play(new_match(TOY, 3, seed=seed, options={"cards": 6}), seed, steps)
    before = dump(m)
    for viewer in (None, 0, 1, 2):
        d = m.determinize(viewer, world)
        assert d.observation(viewer) == m.observation(viewer)
        assert d.to_move == m.to_move and d.history == m.history
        assert dump(m.determinize(viewer, world)) == dump(d)
    assert dump(m) == before


def test_determinize_resamples_hidden_information() -> None:
    m = new_match(TOY, 2, seed=3, options={"cards": 9})
    m.apply(1, "bid 5")
    decks = {tuple(m.determinize(0, s).state.deck) for s in range(20)}
    assert len(decks) > 1
    hidden_bids = {m.determinize(0, s).state.bids[1] for s in range(40)}
    assert len(hidden_bids) > 1  # seat 0 cannot know that seat 1 bid 5
    assert {m.determinize(1, s).state.bids[1] for s in range(10)} == {5}  # seat 1 knows its own bid
    # a determinized world's future chance is not the real one
    assert m.determinize(0, 1).state.rng != m.state.rng


def test_observation_hides_other_hands_and_bids() -> None:
    m = new_match(TOY, 2, seed=3)
    m.apply(1, "bid 5")
    assert m.observation(0)["hands"][1] == 4 and m.observation(0)["my_bid"] == 0
    assert m.observation(1)["my_bid"] == 5
    assert json.dumps(m.observation(None), allow_nan=False)


def test_result_of_a_finished_game() -> None:
    m = new_match(TOY, 2, seed=1, options={"cards": 3, "setup": {"deck": [1, 2, 3]}})
    for _ in range(3):
        m.apply(0, m.legal_actions(0)[-1])
        m.apply(1, m.legal_actions(1)[0])
    assert m.is_over
    r = m.result
    # prizes 3, 2, 1: seat 0 takes 3, the 2/2 tie scores nothing, seat 1 takes 1
    assert r.scores == [3.0, 1.0] and r.ranking == [[0], [1]]
    assert r.rank_of(1) == 1
    with pytest.raises(ValueError):
        r.rank_of(7)
    assert r.to_json()["ranking"] == [[0], [1]]
