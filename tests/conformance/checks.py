"""The conformance checks, game-agnostic: they use only ``Match`` and the ``Game`` hooks.

Every failure message names the game, player count, options, seed and the
history prefix, so that a failure can be reproduced with ``galaxis.replay``.
"""

from __future__ import annotations

import json
import math
import random
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from galaxis.core import Action, IllegalAction, Match, match_from_json, new_match, replay
from tests.conformance.client_checks import (
    check_client_information,
    check_client_shapes,
    check_log_hides_the_choice,
)

# A random game that has not ended after this many actions is reported as endless
# (per-game overrides for games whose random play is legitimately long).
MAX_STEPS = 20_000
MAX_STEPS_BY_GAME: dict[str, int] = {}
# Positions per game that get the expensive checks (besides the start and the end).
RANDOM_POINTS = 3
# Determinization seeds tried per viewer at each checked position.
DETERMINIZE_SEEDS = (1, 2, 3)
# Random actions played on copies to compare their futures.
CONTINUATION_STEPS = 25

GARBAGE = ("", "   ", "@@ not a move @@", "zz 999 zz", "\x00", "pass pass pass pass pass", "\u00e9\u00e9")
NON_STRINGS: tuple[Any, ...] = (None, 42, 1.5, b"bytes", ["x"], {"notation": "x"})


@dataclass
class Where:
    """Identifies a position for failure messages."""

    match: Match
    seed: int

    def __str__(self) -> str:
        m = self.match
        hist = m.history
        shown = hist if len(hist) <= 40 else [*hist[:10], "...", *hist[-25:]]
        return (
            f"\n  game={m.game_id} players={m.num_players} seed={self.seed} options={m.options}"
            f"\n  after {len(hist)} actions; history={shown}"
        )


def dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=False, sort_keys=True)


def choose(match: Match, rnd: random.Random) -> tuple[int, Action]:
    seat = rnd.choice(match.to_move)
    return seat, rnd.choice(match.legal_actions(seat))


# --- checks after every action ----------------------------------------------------


def check_step(match: Match, where: Where, events: Any = None) -> None:
    game, state, n = match.game, match.state, match.num_players
    broken = game.invariants(state)
    assert broken == [], f"invariants violated: {broken}{where}"
    to_move = match.to_move
    assert isinstance(to_move, tuple), f"to_move is {type(to_move).__name__}, not a tuple{where}"
    assert all(type(s) is int and 0 <= s < n for s in to_move), f"to_move {to_move} has bad seats{where}"
    assert len(set(to_move)) == len(to_move), f"to_move {to_move} repeats a seat{where}"
    over = match.is_over
    assert over == (not to_move), f"is_over={over} but to_move={to_move}{where}"
    for seat in range(n):
        legal = match.legal_actions(seat)
        if seat in to_move:
            assert legal, f"seat {seat} is to move but has no legal action{where}"
        else:
            assert legal == [], f"seat {seat} is not to move but has legal actions{where}"
    if events is not None:
        assert isinstance(events, list), (
            f"apply returned {type(events).__name__}, not a list of events{where}"
        )
        assert all(isinstance(e, dict) for e in events), f"events must be dicts: {events!r}{where}"
        dumps(events)


def check_result(match: Match, where: Where) -> None:
    n = match.num_players
    result = match.result
    assert len(result.scores) == n, f"result has {len(result.scores)} scores for {n} seats{where}"
    for score in result.scores:
        assert isinstance(score, int | float) and not isinstance(score, bool), f"score {score!r}{where}"
        assert math.isfinite(score), f"score {score!r} is not finite{where}"
    groups = result.ranking
    assert all(groups), f"ranking {groups} has an empty group{where}"
    flat = [s for g in groups for s in g]
    assert sorted(flat) == list(range(n)), f"ranking {groups} does not partition the seats{where}"
    dumps(result.to_json())


# --- checks at chosen positions ---------------------------------------------------


@dataclass
class SecretLog:
    """Per viewer: whether secret() ever had a value, and whether a determinization changed it."""

    had_secret: set[Any] = field(default_factory=set)
    changed: set[Any] = field(default_factory=set)


def viewers(match: Match) -> list[int | None]:
    return [None, *range(match.num_players)]


def continue_randomly(match: Match, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if match.is_over:
            return
        seat, action = choose(match, rnd)
        match.apply(seat, action.notation)


def check_round_trip(match: Match, where: Where, salt: int) -> None:
    """JSON (through text) round trip, replay from history, clone independence,
    and that the reloaded match and a clone continue identically."""
    original = match.to_json()
    text = json.dumps(original, allow_nan=False)
    reloaded = match_from_json(json.loads(text))
    assert reloaded.to_json() == original, f"JSON round trip changed the match{where}"
    assert reloaded.to_move == match.to_move, f"JSON round trip changed to_move{where}"
    for seat in match.to_move:
        assert reloaded.legal_actions(seat) == match.legal_actions(seat), (
            f"JSON round trip changed legal actions{where}"
        )
    stateless = {k: v for k, v in json.loads(text).items() if k != "state"}
    assert match_from_json(stateless).to_json() == original, f"loading from history alone differs{where}"

    clone = match.clone()
    assert clone.to_json() == original, f"clone differs from the original{where}"
    continue_randomly(clone, random.Random(salt), CONTINUATION_STEPS)
    assert match.to_json() == original, f"playing on a clone changed the original{where}"
    continue_randomly(reloaded, random.Random(salt), CONTINUATION_STEPS)
    assert clone.to_json() == reloaded.to_json(), (
        f"a clone and the reloaded match diverged when continued alike{where}"
    )
    # and the other way round: the original moving on leaves an earlier clone alone
    frozen = match.clone()
    frozen_json = frozen.to_json()
    probe = match.clone()
    continue_randomly(probe, random.Random(salt + 1), 3)
    assert frozen.to_json() == frozen_json, f"playing on one clone changed another{where}"


def _expect_refusal(match: Match, where: Where, seat: Any, action: Any, what: str) -> None:
    before = match.to_json()
    to_move = match.to_move
    try:
        match.apply(seat, action)
    except IllegalAction as exc:
        assert isinstance(exc.reason, str) and exc.reason.strip(), (
            f"{what}: IllegalAction without a reason{where}"
        )
        assert isinstance(exc.rule, str), f"{what}: IllegalAction.rule is not a string{where}"
    else:
        raise AssertionError(f"{what}: seat {seat!r} playing {action!r} was accepted{where}")
    assert match.to_json() == before, f"{what}: the refused action changed the match{where}"
    assert match.to_move == to_move, f"{what}: the refused action changed to_move{where}"


def check_refusals(match: Match, where: Where) -> None:
    n = match.num_players
    to_move = match.to_move
    movers = list(to_move) or [0]
    for seat in movers:
        for bad in GARBAGE:
            _expect_refusal(match, where, seat, bad, f"garbage notation {bad!r}")
        for bad in NON_STRINGS:
            _expect_refusal(match, where, seat, bad, f"non-string action {bad!r}")
    movers_moves = sorted({a.notation for s in to_move for a in match.legal_actions(s)})
    some_legal: list[str] = movers_moves[:5] or ["x"]
    bad_seats: tuple[Any, ...] = (-1, n, n + 7, True, "0", None, 1.5)
    for bad_seat in bad_seats:
        _expect_refusal(match, where, bad_seat, some_legal[0], f"out-of-range seat {bad_seat!r}")
    for seat in range(n):
        if seat not in to_move:
            for action in some_legal:
                _expect_refusal(match, where, seat, action, f"seat {seat} acting out of turn")
    # a stale action: the latest earlier action that this seat cannot play now
    for seat, notation in reversed(match.history):
        if seat in to_move and notation in match.legal_actions(seat):
            continue
        _expect_refusal(match, where, seat, notation, f"stale action {notation!r} of seat {seat}")
        break


def check_notation(match: Match, where: Where) -> None:
    game = match.game
    for seat in match.to_move:
        legal = match.legal_actions(seat)
        notations = [a.notation for a in legal]
        assert len(set(notations)) == len(notations), (
            f"duplicate notations for seat {seat}: {notations}{where}"
        )
        for action in legal:
            text = action.notation
            assert isinstance(action, Action), f"legal action {action!r} is not an Action{where}"
            assert isinstance(text, str) and text, f"empty notation {action!r}{where}"
            assert text == text.strip(), f"notation {text!r} has surrounding spaces{where}"
            assert game.normalize(text) == text, f"normalize({text!r}) = {game.normalize(text)!r}{where}"
            assert match.find_action(seat, text) == action, f"find_action({seat}, {text!r}) differs{where}"
            assert match.find_action(seat, f"  {text} ") == action, (
                f"{text!r} padded with spaces is not found{where}"
            )
            dumps(action.to_json())
            assert all(isinstance(t, str) and t for t in action.targets), f"{text!r} has bad targets{where}"
            for lang in ("en", "hu"):
                words = match.describe(action, lang)
                assert isinstance(words, str) and words.strip(), f"describe({text!r}, {lang}) is empty{where}"


def check_information(match: Match, where: Where, log: SecretLog) -> None:
    game = match.game
    original = match.to_json()
    spectator = match.observation(None)
    reloaded = match_from_json(json.loads(json.dumps(original)))
    for viewer in viewers(match):
        obs = match.observation(viewer)
        assert isinstance(obs, dict), f"observation({viewer}) is not a dict{where}"
        dumps(obs)
        assert reloaded.observation(viewer) == obs, (
            f"observation({viewer}) changed by a JSON round trip{where}"
        )
        secret = game.secret(match.state, viewer)
        if secret is not None:
            log.had_secret.add(viewer)
            dumps(secret)
        text, svg = match.render_text(viewer), match.render_svg(viewer)
        svg_hu = match.render_svg(viewer, "hu")  # the drawing's words and tips in both languages
        for s in DETERMINIZE_SEEDS:
            world = match.determinize(viewer, s)
            ctx = f" (determinize({viewer}, {s})){where}"
            assert world.observation(viewer) == obs, f"determinizing changed the viewer's observation{ctx}"
            assert world.observation(None) == spectator, (
                f"determinizing changed the spectator's observation{ctx}"
            )
            assert world.to_move == match.to_move, f"determinizing changed to_move{ctx}"
            assert world.history == match.history, f"determinizing changed the history{ctx}"
            if viewer is not None and viewer in match.to_move:
                mine = [a.notation for a in match.legal_actions(viewer)]
                theirs = [a.notation for a in world.legal_actions(viewer)]
                assert theirs == mine, f"determinizing changed the viewer's legal actions{ctx}"
            assert game.invariants(world.state) == [], f"determinized state breaks invariants{ctx}"
            assert match.determinize(viewer, s).to_json() == world.to_json(), (
                f"determinize is not deterministic{ctx}"
            )
            if secret is not None and game.secret(world.state, viewer) != secret:
                log.changed.add(viewer)
            if s == DETERMINIZE_SEEDS[0]:
                assert world.render_text(viewer) == text, f"render_text reveals hidden information{ctx}"
                assert world.render_svg(viewer) == svg, f"render_svg reveals hidden information{ctx}"
                assert world.render_svg(viewer, "hu") == svg_hu, (
                    f"render_svg(hu) reveals hidden information{ctx}"
                )
                world_json = json.loads(json.dumps(world.to_json(), allow_nan=False))
                assert match_from_json(world_json).to_json() == world.to_json(), (
                    f"determinized JSON round trip{ctx}"
                )
                rnd = random.Random(s)
                for _ in range(CONTINUATION_STEPS):
                    if world.is_over:
                        break
                    seat, action = choose(world, rnd)
                    world.apply(seat, action.notation)
                    check_step(world, Where(world, where.seed))
    assert match.to_json() == original, f"determinizing or observing changed the match{where}"


def check_renders(match: Match, where: Where) -> None:
    for viewer in viewers(match):
        text = match.render_text(viewer)
        assert isinstance(text, str) and text.strip(), f"render_text({viewer}) is empty{where}"
        svg = match.render_svg(viewer)
        assert isinstance(svg, str), f"render_svg({viewer}) is not a string{where}"
        try:
            root = ET.fromstring(svg)
        except ET.ParseError as exc:
            raise AssertionError(f"render_svg({viewer}) is not well-formed XML: {exc}{where}") from None
        assert root.tag.endswith("svg"), f"render_svg({viewer}) root is <{root.tag}>{where}"
        # A picture with clickable elements must offer every target the seat's moves refer to,
        # except moves that are status-bar buttons (``choices``: wait, done, pass...).
        clickable = {el.get("data-target") for el in root.iter() if el.get("data-target") is not None}
        if viewer is not None and clickable:
            buttons = (
                {n for c in match.choices(viewer) for n in c.actions} if viewer in match.to_move else set()
            )
            for action in match.legal_actions(viewer):
                if action.notation in buttons:
                    continue
                lost = [t for t in action.targets if t not in clickable]
                assert not lost, (
                    f"{action.notation!r} targets {lost} missing from render_svg({viewer}){where}"
                )
        hu = match.render_text(viewer, "hu")
        assert isinstance(hu, str) and hu.strip(), f"render_text({viewer}, 'hu') is empty{where}"


def check_position(match: Match, where: Where, log: SecretLog, salt: int) -> None:
    check_notation(match, where)
    check_refusals(match, where)
    check_round_trip(match, where, salt)
    check_information(match, where, log)
    check_renders(match, where)
    check_client_shapes(match, where)
    check_client_information(match, where, salt)
    check_log_hides_the_choice(match, where, salt)


def check_secret_log(match: Match, log: SecretLog, where: Where) -> None:
    """The information-safety checks must not be vacuous for a game with hidden information."""
    info = match.game.info
    if not info.hidden_information:
        assert not log.had_secret, (
            f"{info.id} declares no hidden information but secret() returns values{where}"
        )
        return
    assert log.had_secret, (
        f"{info.id} declares hidden information but secret() is always None, "
        f"so the information-safety checks prove nothing{where}"
    )
    missing = [v for v in viewers(match) if v not in log.changed]
    assert not missing, (
        f"no determinization changed secret() for viewer(s) {missing} at any checked position: "
        f"determinize does not re-sample the hidden information{where}"
    )


# --- a whole game -----------------------------------------------------------------


def play_and_check(game_id: str, players: int, options: dict[str, Any], seed: int) -> Match:
    """Random legal play to the end with every check; returns the finished match."""
    match = new_match(game_id, players, seed, options)
    where = Where(match, seed)
    rnd = random.Random(seed)
    check_step(match, where)
    steps, cap = 0, MAX_STEPS_BY_GAME.get(game_id, MAX_STEPS)
    while not match.is_over:
        steps += 1
        assert steps <= cap, f"the game did not end within {cap} random actions{where}"
        seat, action = choose(match, rnd)
        events = match.apply(seat, action.notation)
        check_step(match, where, events)
    check_result(match, where)
    for seat in range(players):
        assert match.legal_actions(seat) == [], f"seat {seat} has legal actions after the end{where}"

    # Second pass: rebuild from seed + history, stopping at chosen positions
    # (always the start and the end) for the expensive checks.
    history = list(match.history)
    length = len(history)
    points = {0, length, *(rnd.randint(0, length) for _ in range(RANDOM_POINTS))}
    again = new_match(game_id, players, seed, options)
    where2 = Where(again, seed)
    log = SecretLog()
    for i in range(length + 1):
        if i in points:
            check_position(again, where2, log, salt=seed * 31 + i)
        if i < length:
            again.apply(*history[i])
    assert again.to_json() == match.to_json(), f"the same seed and history gave a different match{where}"
    replayed = replay(game_id, seed, players, match.options, history)
    assert replayed.to_json() == match.to_json(), f"replay() differs from the played match{where}"
    check_secret_log(match, log, where)
    return match


def play_to(game_id: str, players: int, options: dict[str, Any], seed: int, steps: int) -> Match:
    """Random legal play for at most ``steps`` actions (light checks on the way)."""
    match = new_match(game_id, players, seed, options)
    rnd = random.Random(seed ^ 0x5A5A)
    where = Where(match, seed)
    for _ in range(steps):
        if match.is_over:
            break
        seat, action = choose(match, rnd)
        check_step(match, where, match.apply(seat, action.notation))
    return match
