"""Rule-by-rule tests of Stellium, with every example and claim of the seed (§ = docs/games/stellium.md)."""

from __future__ import annotations

import pytest

import galaxis
from galaxis.core import IllegalAction
from galaxis.games.stellium import GAME, scoring
from galaxis.games.stellium.data import TYPES, setup_data

from .helpers import cell, first_round, on, play, start

# one marble in each disc away from the rows the tests use, so no galaxy is empty by accident
BASE = {"A5": "b", "D3": "b", "E2": "b", "F2": "b", "C6": "b", "B6": "b"}


def test_setup_puts_one_marble_of_each_type_on_every_disc_and_the_rest_in_the_bag():
    """§3: 24 marbles on the starting points, 14 in the bag; display 8/7/6; 4 tokens each."""
    for n, shown in ((2, 6), (3, 7), (4, 8)):
        m = galaxis.new_match("stellium", n, seed=n)
        s = m.state
        for d in range(6):
            cells = GAME.start_cells(s, d)
            assert sorted(s.board[c] for c in cells) == sorted(TYPES)
        assert sum(1 for x in s.board if x) == 24 and s.bag == [5, 4, 3, 2]
        assert len(s.display) == shown and len(s.deck) == 40 - shown
        assert all(p.tokens == list(TYPES) for p in s.players)


def test_targets_by_player_count_first_game_and_option():
    """§8: 4p 20 / 3p 25 / 2p 30; first game 5 less; the option overrides."""
    assert [galaxis.new_match("stellium", n).state.target for n in (2, 3, 4)] == [30, 25, 20]
    assert galaxis.new_match("stellium", 4, options={"first_game": True}).state.target == 15
    assert galaxis.new_match("stellium", 3, options={"target": 12}).state.target == 12


def test_round_one_only_takes_a_card():
    m = start(3, BASE)
    assert all(a.startswith("take ") for a in m.legal_actions(0))
    first_round(m)
    assert m.state.turn == 3 and m.to_move == (0,)
    assert all(a.startswith("draw ") for a in m.legal_actions(0))


def test_draw_choose_gives_the_chosen_type_random_has_no_choice():
    """§4.1: draw=choose picks a type left in the bag; draw=random draws blind."""
    m = start(3, BASE)
    first_round(m)
    assert sorted(a.notation for a in m.legal_actions(0)) == ["draw b", "draw g", "draw p", "draw y"]
    play(m, [(0, "draw y")])
    assert m.state.in_hand == "y" and m.state.pending[-1].kind == "place"
    r = start(3, BASE, draw="random")
    first_round(r)
    assert r.state.in_hand in TYPES and r.state.pending[-1].kind == "place"


def test_draw_touch_finds_the_type_with_its_chance():
    """§4.1: draw=touch gives the wanted type with its chance (star 0.9), else a random marble."""
    hits = 0
    for seed in range(200):
        m = galaxis.new_match("stellium", 2, seed=seed, options={"draw": "touch"})
        first_round(m)
        bag = list(m.state.bag)
        play(m, [(0, "draw p")])
        got = m.state.in_hand
        assert bag[TYPES.index(got)] > 0
        hits += got == "p"
    p = setup_data().touch_success["p"]
    expect = p + (1 - p) * 2 / 14  # a failed touch may still find a supernova (2 of 14)
    assert abs(hits / 200 - expect) < 0.12


def test_never_place_directly_into_a_black_hole():
    """§4.2 (seed: black holes cannot be filled directly)."""
    m = start(3, BASE)
    first_round(m)
    play(m, [(0, "draw g")])
    places = {a.notation for a in m.legal_actions(0)}
    assert not any(p.startswith("H") for p in places)
    with pytest.raises(IllegalAction, match="black hole") as err:
        m.apply(0, "H0")
    assert err.value.rule == "§4.2 Placing"


def test_comet_pushes_across_a_border_and_ejects_the_last_marble_to_the_bag():
    """§5.2 / seed: a line is pushed until a gap; off the board the marble goes back to the bag."""
    m = start(3, {**BASE, "B4": "g", "B0": "y", "B1": "p", "C4": "g", "C0": "y", "C1": "p"})
    first_round(m)
    bag_p = m.state.bag[TYPES.index("p")]
    play(m, [(0, "draw b")])
    assert "B4" in m.legal_actions(0)
    events = play(m, [(0, "B4")])
    assert [a.notation for a in m.legal_actions(0)] == ["E", "NE", "NW", "W", "SW", "SE"]
    events = play(m, [(0, "E")])
    assert [on(m, c) for c in ("B4", "B0", "B1", "C4", "C0", "C1")] == ["b", "g", "y", "p", "g", "y"]
    assert m.state.bag[TYPES.index("p")] == bag_p + 1
    assert {"type": "ejected", "marble": "p", "from": "C1"} in events
    assert GAME.invariants(m.state) == []


def test_comet_pushes_through_and_into_black_holes_and_stops_at_the_first_gap():
    m = start(3, {**BASE, "A2": "g", "H0": "y", "B3": "p", "C3": "y"})
    first_round(m)
    play(m, [(0, "draw b"), (0, "A2"), (0, "E")])
    assert [on(m, c) for c in ("A2", "H0", "B3", "B2", "H1", "C3")] == ["b", "g", "y", "p", "", "y"]
    m2 = start(3, {**BASE, "A2": "g"})
    first_round(m2)
    play(m2, [(0, "draw b"), (0, "A2"), (0, "E")])
    assert on(m2, "H0") == "g" and on(m2, "A2") == "b"  # pushed into a black hole


def test_comet_must_collide_unless_it_uses_another_token():
    """§5.2 / §D1: a comet never goes on an empty hole by itself."""
    m = start(3, {**BASE, "A2": "g"})
    first_round(m)
    m.state.players[0].tokens = ["b"]
    play(m, [(0, "draw b")])
    places = {a.notation for a in m.legal_actions(0)}
    assert places == {"A2", "A5", "D3", "E2", "F2", "C6", "B6"}
    with pytest.raises(IllegalAction, match="never goes on an empty hole") as err:
        m.apply(0, "A0")
    assert err.value.rule == "§5.2 Collision"
    # the earlier reading (comet=token_on_empty): an empty hole when it uses another token
    m2 = start(3, {**BASE, "A2": "g"}, comet="token_on_empty")
    first_round(m2)
    play(m2, [(0, "draw b"), (0, "A0")])  # with the Rotation token available
    # no "none" and no own effect: only tokens of other effects (A2's planet may fall into H0)
    assert [a.notation for a in m2.legal_actions(0)] == ["token y", "token p"]


def test_the_comet_never_goes_on_an_empty_hole():
    """ "Az üstökös nem kerülhet üres helyre." (§5.2: the comet may not go on an empty place) —
    with no exception: holding every token, a comet is still offered only occupied holes."""
    m = start(3, {**BASE, "A2": "g"})
    first_round(m)
    assert sorted(m.state.players[0].tokens) == ["b", "g", "p", "y"]
    play(m, [(0, "draw b")])
    places = {a.notation for a in m.legal_actions(0)}
    assert places == {"A2", "A5", "D3", "E2", "F2", "C6", "B6"}  # the occupied galaxy holes
    with pytest.raises(IllegalAction, match="never goes on an empty hole") as err:
        m.apply(0, "A0")
    assert err.value.rule == "§5.2 Collision"
    assert "üstökös nem kerülhet üres helyre" in err.value.reason_in("hu")


def test_collision_token_lets_any_marble_collide_once():
    """§5.5: the Collision token: the marble goes on an occupied hole and pushes."""
    m = start(3, {**BASE, "A2": "g"})
    first_round(m)
    play(m, [(0, "draw y"), (0, "A2"), (0, "W")])
    assert on(m, "A2") == "y" and on(m, "A3") == "g" and "b" not in m.state.players[0].tokens
    play(m, [(0, "stop"), (0, "take C13")])
    play(
        m,
        [
            (1, "draw y"),
            (1, "A0"),
            (1, "none"),
            (1, "stop"),
            (1, "take C17"),
            (2, "draw g"),
            (2, "A4"),
            (2, "none"),
            (2, "stop"),
            (2, "take C09"),
        ],
    )
    play(m, [(0, "draw y")])
    assert "A2" not in m.legal_actions(0)  # the token is spent: only empty holes now


def test_attraction_never_takes_a_supernova():
    """§5.4 / seed: any black hole pulls one adjacent marble; supernovas cannot be its target."""
    ring = {"B3": "p", "D6": "p", "D5": "p", "A2": "p", "A1": "g", "B4": "p"}  # around H0
    m = start(3, {**BASE, **ring})
    first_round(m)
    play(m, [(0, "draw p"), (0, "C0"), (0, "effect")])
    holes = {a.notation for a in m.legal_actions(0)}
    assert "H0" in holes
    play(m, [(0, "H0")])
    assert [a.notation for a in m.legal_actions(0)] == ["A1"]
    with pytest.raises(IllegalAction, match="supernova can never be attracted") as err:
        m.apply(0, "B3")
    assert err.value.rule == "§5.4 Attraction"
    play(m, [(0, "A1")])
    assert on(m, "H0") == "g" and on(m, "A1") == ""


def test_attraction_option_only_the_placed_supernova_is_exempt():
    ring = {"B3": "p", "A1": "g"}
    m = start(3, {**BASE, **ring}, attraction_immunity="placed")
    first_round(m)
    play(m, [(0, "draw p"), (0, "A2"), (0, "effect"), (0, "H0")])
    assert {a.notation for a in m.legal_actions(0)} == {"A1", "B3"}  # not A2, the one just placed


def test_rotation_turns_the_disc_but_never_a_full_turn():
    """§5.3 / seed: the galaxy where the star was placed turns freely, but not by 360°."""
    m = start(3, {**BASE, "A1": "g"})
    first_round(m)
    play(m, [(0, "draw y"), (0, "A0"), (0, "effect")])
    assert [a.notation for a in m.legal_actions(0)] == [f"turn {k}" for k in range(1, 6)]
    for bad in ("turn 6", "turn 0"):
        with pytest.raises(IllegalAction, match="full turn") as err:
            m.apply(0, bad)
        assert err.value.rule == "§5.3 Rotation"
    before = GAME.start_cells(m.state, 0)
    play(m, [(0, "turn 2")])
    assert on(m, "A3") == "g" and on(m, "A0") == "y"
    assert on(m, "A1") == "b" and on(m, "A5") == ""  # A5's comet moved two sixth-turns with the disc
    assert m.state.rot[0] == 2
    assert GAME.start_cells(m.state, 0) != before  # the starting points turned with the disc


def test_permutation_swaps_another_planet_with_an_adjacent_non_planet():
    """§5.1: never the planet just placed, never with another planet."""
    m = start(3, {**BASE, "B0": "g", "B1": "y", "B2": "g", "C2": "g", "C3": "g"})
    first_round(m)
    play(m, [(0, "draw g"), (0, "B4"), (0, "effect")])
    movers = {a.notation for a in m.legal_actions(0)}
    assert "B4" not in movers  # the placed planet
    assert {"B0", "B2"} <= movers and not {"C2", "C3"} & movers  # they touch only planets and empty holes
    play(m, [(0, "B0")])
    assert {a.notation for a in m.legal_actions(0)} == {"B1", "B6"}  # non-planets next to B0
    play(m, [(0, "B1")])
    assert on(m, "B0") == "y" and on(m, "B1") == "g"


def test_permutation_token_moves_the_placed_type():
    """Seed example: a star is placed and the green token lets another star swap with its neighbour."""
    m = start(3, {**BASE, "D0": "y", "D1": "p"})
    first_round(m)
    play(m, [(0, "draw y"), (0, "A0")])
    assert "token g" in m.legal_actions(0)
    play(m, [(0, "token g")])
    assert [a.notation for a in m.legal_actions(0)] == ["D0"]
    play(m, [(0, "D0")])
    assert {a.notation for a in m.legal_actions(0)} == {"D1", "D3"}
    play(m, [(0, "D1")])
    assert on(m, "D1") == "y" and on(m, "D0") == "p" and "g" not in m.state.players[0].tokens


def test_each_token_once_and_never_the_marbles_own_type():
    m = start(3, {**BASE})
    first_round(m)
    play(m, [(0, "draw y"), (0, "A0")])
    acts = {a.notation for a in m.legal_actions(0)}
    assert "token y" not in acts and "token b" not in acts and "effect" in acts
    with pytest.raises(IllegalAction) as err:
        m.apply(0, "token y")
    assert err.value.rule == "§5.5 Influence tokens"


def _validation_game(**options: object) -> galaxis.Match:
    # seat 0 holds C05 (3 greens in a row) and C13 (3 mutually adjacent greens)
    cells = {**BASE, "A4": "g", "A0": "g", "A1": "g", "D0": "g", "D1": "g", "D2": "g"}
    m = start(3, cells, **options)
    first_round(m, ["C05", "C15", "C07"])
    play(m, [(0, "draw y"), (0, "C0"), (0, "none"), (0, "stop"), (0, "take C13")])
    play(m, [(1, "draw y"), (1, "B0"), (1, "none"), (1, "stop"), (1, "take C21")])
    play(m, [(2, "draw y"), (2, "E0"), (2, "none"), (2, "stop"), (2, "take C17")])
    return m


def test_validation_chooses_the_match_and_the_marble_that_stays():
    """§4.4: every marble used except the chosen one goes back to the bag."""
    m = _validation_game()
    play(m, [(0, "draw p"), (0, "F0"), (0, "none")])
    assert {a.notation for a in m.legal_actions(0)} == {"validate C05", "validate C13", "stop"}
    play(m, [(0, "validate C05")])
    assert "use A0+A1+A4" in m.legal_actions(0)
    play(m, [(0, "use A0+A1+A4")])
    assert {a.notation for a in m.legal_actions(0)} == {"A0", "A1", "A4"}
    bag_g = m.state.bag[0]
    events = play(m, [(0, "A1")])
    assert on(m, "A1") == "g" and on(m, "A0") == "" and on(m, "A4") == ""
    assert m.state.bag[0] == bag_g + 2
    assert m.state.players[0].won == ["C05"] and m.state.players[0].points == 3
    assert any(e["type"] == "validate" and e["points"] == 3 for e in events)
    # several validations in one turn
    play(m, [(0, "validate C13")])
    tri = [a.notation for a in m.legal_actions(0)]
    assert tri and all(t.startswith("use D") for t in tri)
    play(m, [(0, tri[0]), (0, tri[0].split()[1].split("+")[0])])
    assert m.state.players[0].points == 8 and m.state.players[0].held == []


def test_a_card_taken_this_turn_cannot_be_validated():
    m = _validation_game()
    play(m, [(0, "draw p"), (0, "F0"), (0, "none")])
    m.state.players[0].held_turn[0] = m.state.turn  # as if C05 had been taken this turn
    m._legal = {}
    assert "validate C05" not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="taken this turn") as err:
        m.apply(0, "validate C05")
    assert err.value.rule == "§4.4 Validation"


def test_hand_limit_three_discard_one_to_take_another_or_pass():
    """§4.5: at most 3 unvalidated cards; with 3, one may be discarded (out of the game)."""
    m = start(3, BASE)
    first_round(m)
    m.state.players[0].held = ["C05", "C10", "C11"]
    m.state.players[0].held_turn = [0, 0, 0]
    m.state.deck = [c for c in m.state.deck if c not in ("C10", "C11")]
    play(m, [(0, "draw g"), (0, "A0"), (0, "none"), (0, "stop")])
    assert {a.notation for a in m.legal_actions(0)} == {"discard C05", "discard C10", "discard C11", "pass"}
    with pytest.raises(IllegalAction, match="3 unvalidated") as err:
        m.apply(0, "take C13")
    assert err.value.rule == "§4.5 Taking a card"
    play(m, [(0, "discard C10")])
    assert all(a.startswith("take ") for a in m.legal_actions(0))
    play(m, [(0, "take C13")])
    assert m.state.players[0].held == ["C05", "C11", "C13"] and m.state.players[0].discarded == ["C10"]
    assert m.to_move == (1,)


def test_refill_of_an_empty_galaxy_previous_player_first_then_counter_clockwise():
    """§7 / seed: the emptier draws 5; the previous player, then counter-clockwise, each put one
    on a starting point; the one left over goes back to the bag."""
    for players, order in ((4, [1, 0, 3, 2]), (3, [1, 0, 2, 1])):
        cells = {"A1": "g", "B0": "y", "C0": "y", "D0": "y", "E0": "b", "F0": "b"}
        m = start(players, cells)
        first_round(m)
        for seat in (0, 1):
            play(
                m,
                [
                    (seat, "draw g"),
                    (seat, f"{'BC'[seat]}1"),
                    (seat, "none"),
                    (seat, "stop"),
                    (seat, f"take {m.state.display[0]}"),
                ],
            )
        bag_before = sum(m.state.bag)
        events = play(m, [(2, "draw p"), (2, "E1"), (2, "effect"), (2, "H0"), (2, "A1")])
        assert {"type": "galaxy_empty", "disc": "A"} in events
        drawn = next(e for e in events if e["type"] == "refill_draw")
        assert len(drawn["marbles"]) == 5 and drawn["seat"] == 2
        seen = []
        starts = {"A1", "A3", "A5", "A6"}
        while m.state.pending[-1].kind.startswith("refill"):
            seat = m.to_move[0]
            seen.append(seat)
            pick = m.legal_actions(seat)[0]
            play(m, [(seat, pick.notation)])
            spots = {a.notation for a in m.legal_actions(seat)}
            assert spots <= starts
            play(m, [(seat, sorted(spots)[0])])
        assert seen == order
        assert sum(1 for c in starts if on(m, c)) == 4
        assert sum(m.state.bag) == bag_before - 1 - 4  # the supernova drawn, 4 refill marbles placed
        assert m.state.refill_pool == [] and GAME.invariants(m.state) == []
        assert m.to_move == (2,) and m.state.pending[-1].kind == "validate"


def test_scoring_example_of_the_seed_is_19():
    """Seed: cards 3 + 4 + 7, three colours (+3), two unused tokens (+2) = 19."""
    m = start(3, BASE)
    p = m.state.players[0]
    p.won = ["C07", "C15", "C21"]  # yellow 3, blue 4, green 7
    p.points = 14
    p.tokens = ["g", "y"]
    row = scoring.breakdown(m.state)[0]
    assert (row["cards"], row["colour_bonus"], row["tokens"], row["total"]) == (14, 3, 2, 19)
    assert m.result.scores[0] == 19


def test_reaching_the_target_finishes_the_round():
    """§8: on reaching the target (cards only) the round is played to its end."""
    m = _validation_game(target=3)
    play(m, [(0, "draw p"), (0, "F0"), (0, "none"), (0, "validate C05"), (0, "use A0+A1+A4"), (0, "A0")])
    assert m.state.final_turns == 2 and m.state.players[0].reached == m.state.turn
    play(m, [(0, "stop"), (0, f"take {m.state.display[0]}")])
    for seat in (1, 2):
        assert not m.is_over
        play(m, [(seat, "draw g"), (seat, "C2" if seat == 1 else "C3"), (seat, "none"), (seat, "stop")])
        play(m, [(seat, f"take {m.state.display[0]}")])
    assert m.is_over and m.to_move == ()


def test_tie_goes_to_whoever_reached_the_target_first_and_strict_option():
    m = start(3, BASE)
    s = m.state
    for i, (pts, reached) in enumerate(((20, 9), (20, 7), (10, -1))):
        s.players[i].points = pts
        s.players[i].reached = reached
    assert m.result.ranking == [[1], [0], [2]]
    strict = start(3, BASE, no_winner_below_target=True)
    strict.state.players[0].points = 12
    strict.state.over = True
    assert strict.result.ranking == [[0, 1, 2]] and strict.result.details["no_winner"]


def test_deck_exhaustion_sets_the_last_display_card_aside_and_gives_everyone_a_last_turn():
    """§8 / seed: when the pile runs out, the last display card is set aside; one last turn each."""
    m = start(3, BASE)
    s = m.state
    s.set_aside, s.deck = list(s.deck), []  # pretend the pile is used up (cards stay conserved)
    events = play(m, [(0, "take C05")])
    assert len(s.display) == 5 and s.set_aside[-1] not in s.display
    assert s.final_turns == 2  # after seat 0's turn: seats 1, 2 and 0 play one last turn each
    assert any(e["type"] == "last_round" and e["reason"] == "deck" and e["turns_left"] == 3 for e in events)
    for seat in (1, 2):
        play(m, [(seat, f"take {s.display[0]}")])
    assert not m.is_over
    play(m, [(0, "draw g"), (0, "A0"), (0, "none"), (0, "stop"), (0, f"take {s.display[0]}")])
    assert m.is_over


def test_secret_objectives_are_hidden_and_resampled():
    """§11: with secret objectives others see only how many cards you hold."""
    m = start(3, BASE, secret_objectives=True)
    first_round(m)
    other = m.observation(1)["players"][0]
    assert other["held"] == [] and other["held_count"] == 1
    assert m.observation(0)["players"][0]["held"] == ["C05"]
    assert "C05" in str(GAME.secret(m.state, 1))
    changed = any(m.determinize(1, s).state.players[0].held != ["C05"] for s in range(5))
    assert changed
    assert all(m.determinize(0, s).state.players[0].held == ["C05"] for s in range(5))
    public = start(3, BASE)
    first_round(public)
    assert public.observation(1)["players"][0]["held"] == ["C05"]


def test_notation_is_normalized_and_round_trips():
    assert GAME.normalize("a3") == "A3"
    assert GAME.normalize(" Draw  Y ") == "draw y"
    assert GAME.normalize("use a0+a1+a4") == "use A0+A1+A4"
    assert GAME.normalize("ne") == "NE"
    assert GAME.normalize("TAKE c05") == "take C05"
    assert GAME.normalize("Turn 3") == "turn 3"
    m = start(3, BASE)
    first_round(m)
    play(m, [(0, "DRAW G"), (0, "a0")])
    assert on(m, "A0") == "g"


def test_refused_actions_name_the_rule_and_change_nothing():
    m = start(3, BASE)
    before = m.to_json()
    with pytest.raises(IllegalAction) as err:
        m.apply(0, "draw g")
    assert err.value.rule == "§4.1 Drawing" and m.to_json() == before
    for bad in ("validate C05", "turn 3", "use A0+A1"):
        with pytest.raises(IllegalAction):
            m.apply(0, bad)
    assert m.to_json() == before


def test_bad_setup_is_refused():
    for setup in (
        {"board": "xyz"},
        {"discs": [0, 0, 1, 2, 3, 4]},
        {"deck": ["C99"]},
        {"rotation": [7] * 6},
        {"board": "g" * 52},
    ):
        with pytest.raises(galaxis.BadOption):
            galaxis.new_match("stellium", 3, options={"setup": setup})


def test_cell_helper_and_describe_in_both_languages():
    m = start(3, BASE)
    first_round(m)
    assert cell("H0") == 42
    for lang in ("en", "hu"):
        for a in m.legal_actions(0):
            assert m.describe(a, lang).strip()


def test_only_a_comet_or_the_collision_token_goes_on_an_occupied_hole():
    m = start(3, {**BASE, "A2": "g"})
    first_round(m)
    m.state.players[0].tokens = ["g", "y", "p"]
    play(m, [(0, "draw y")])
    with pytest.raises(IllegalAction, match="only a comet") as err:
        m.apply(0, "A2")
    assert err.value.rule == "§5.2 Collision"


def test_invariants_catch_a_lost_marble_and_a_duplicated_card():
    m = start(3, BASE)
    assert GAME.invariants(m.state) == []
    m.state.bag[0] -= 1
    assert any("not conserved" in v for v in GAME.invariants(m.state))
    m.state.bag[0] += 1
    m.state.players[0].held = [m.state.display[0]]
    m.state.players[0].held_turn = [0]
    assert "objective cards are not conserved" in GAME.invariants(m.state)
