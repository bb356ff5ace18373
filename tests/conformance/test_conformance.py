"""Conformance: every registered game obeys the engine contract (see checks.py).

A new game needs nothing here: it is picked up from the registry. To keep a
slow game within budget, lower its games per configuration in
``configs.GAMES_PER_CONFIG_BY_GAME`` (or its step cap in ``checks.MAX_STEPS_BY_GAME``).
Every failure message carries game, players, options, seed and the history, so
``galaxis.replay(game, seed, players, options, history)`` rebuilds the position.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galaxis.core import BadOption, new_match, resolve_options
from galaxis.core.game import OPTION_TYPES
from galaxis.core.registry import game_ids, get_game
from tests.conformance.checks import (
    SecretLog,
    Where,
    check_position,
    check_result,
    check_step,
    play_and_check,
    play_to,
)
from tests.conformance.configs import Config, configurations

HYPOTHESIS_EXAMPLES = 12


def test_random_play_to_the_end(conformance_case: tuple[Config, int]) -> None:
    config, seed = conformance_case
    if config.problem:
        pytest.fail(config.problem)
    play_and_check(config.game_id, config.players, config.options, seed)


def test_game_info_is_well_formed(conformance_game: str) -> None:
    game = get_game(conformance_game)
    info = game.info
    assert info.id == conformance_game
    assert isinstance(info.name, str) and info.name.strip()
    assert 1 <= info.min_players <= info.max_players
    assert conformance_game in game_ids()
    json.dumps(info.to_json(), allow_nan=False)
    for name, spec in info.options.items():
        assert name != "setup", "'setup' is an option of every game and must not be redeclared"
        assert spec.get("type") in OPTION_TYPES, f"option {name}: type {spec.get('type')!r}"
        assert "default" in spec, f"option {name} has no default"
        assert isinstance(spec.get("help"), str) and spec["help"].strip(), f"option {name} has no help text"
        default = spec["default"]
        if spec["type"] == "bool":
            assert isinstance(default, bool), f"option {name}: bool default {default!r}"
        elif spec["type"] == "int":
            assert isinstance(default, int) and not isinstance(default, bool), (
                f"option {name}: default {default!r}"
            )
            assert spec.get("min", default) <= default <= spec.get("max", default), (
                f"option {name}: default out of range"
            )
        else:
            assert spec.get("choices"), f"choice option {name} lists no choices"
            assert default in spec["choices"], f"option {name}: default {default!r} is not a choice"
    assert resolve_options(info, {}) == {k: v["default"] for k, v in info.options.items()}


def test_bad_player_counts_and_options_are_refused(conformance_game: str) -> None:
    info = get_game(conformance_game).info
    for players in (info.min_players - 1, info.max_players + 1, 0, -1, "2", None, True):
        with pytest.raises(BadOption):
            new_match(conformance_game, players, 0)  # type: ignore[arg-type]
    with pytest.raises(BadOption):
        new_match(conformance_game, info.min_players, 0, {"no_such_option_xyz": 1})
    with pytest.raises(BadOption):
        new_match(conformance_game, info.min_players, "seed")  # type: ignore[arg-type]
    for name, spec in info.options.items():
        wrong = {"bool": "perhaps", "int": "many", "choice": "__no_such_choice__"}[spec["type"]]
        with pytest.raises(BadOption):
            new_match(conformance_game, info.min_players, 0, {name: wrong})
        if spec["type"] == "int" and "max" in spec:
            with pytest.raises(BadOption):
                new_match(conformance_game, info.min_players, 0, {name: spec["max"] + 1})


def test_configurations_cover_every_count_and_option_value(conformance_game: str) -> None:
    """Guards the suite itself: no player count or option value is left unplayed."""
    game = get_game(conformance_game)
    configs = configurations(game)
    counts = {c.players for c in configs}
    assert counts == set(range(game.info.min_players, game.info.max_players + 1))
    from tests.conformance.configs import option_values

    for name, spec in game.info.options.items():
        played = {json.dumps(c.options[name]) for c in configs}
        for value in option_values(spec):
            assert json.dumps(value) in played, f"option {name}={value!r} is never played"


def test_random_positions(conformance_game: str) -> None:
    """Hypothesis picks configurations, seeds and positions; failures shrink to short histories."""
    configs = [c for c in configurations(get_game(conformance_game)) if not c.problem]

    @settings(
        max_examples=HYPOTHESIS_EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(
        config=st.sampled_from(configs),
        seed=st.integers(0, 2**31 - 1),
        steps=st.integers(0, 300),
    )
    def check(config: Config, seed: int, steps: int) -> None:
        match = play_to(config.game_id, config.players, config.options, seed, steps)
        where = Where(match, seed)
        check_step(match, where)
        check_position(match, where, SecretLog(), salt=seed)
        if match.is_over:
            check_result(match, where)

    check()


def test_reveal_verdicts_hold_with_more_worlds(conformance_game: str) -> None:
    """Undo that cannot peek (#26): wherever ``galaxis.core.reveal.reveals`` (with the
    server's number of worlds) calls an action non-revealing, three times as many other
    worlds agree and the match's generator is untouched: the game never has an action
    called non-revealing that reveals something."""
    from galaxis.core.reveal import WORLDS, consumes_chance, reveals

    game = get_game(conformance_game)
    configs = [c for c in configurations(game) if not c.problem][:2]
    checked = revealing = 0
    for config in configs:
        for steps in (0, 7, 40):
            match = play_to(config.game_id, config.players, config.options, 11 + steps, steps)
            if match.is_over:
                continue
            seat = match.to_move[0]
            for action in match.legal_actions(seat)[:3]:
                checked += 1
                if reveals(match, seat, action.notation):
                    revealing += 1
                    continue
                where = Where(match, 11 + steps)
                assert not consumes_chance(match, seat, action.notation), f"{action} consumed chance{where}"
                assert not reveals(match, seat, action.notation, worlds=3 * WORLDS, salt=0xC0FFEE), (
                    f"{action} reveals something in worlds the server does not sample{where}"
                )
    assert checked > 0
