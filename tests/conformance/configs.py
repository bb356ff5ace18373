"""Which (player count, options) configurations the conformance suite plays.

For every registered game: the defaults at every player count, every value of
every option varied one at a time from the defaults (each bool both ways, each
choice, ints at default/min/max), and a few random combinations. The lists are
built deterministically from the ``GameInfo`` alone, so every xdist worker
collects exactly the same test ids.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, field
from typing import Any

from galaxis.core import BadOption, Game, new_match

# Random option combinations per game (on top of the one-at-a-time variations).
RANDOM_COMBOS = 3
# Games played per configuration; lower it for slow games in GAMES_PER_CONFIG_BY_GAME.
GAMES_PER_CONFIG = 5
GAMES_PER_CONFIG_BY_GAME: dict[str, int] = {"kaosz": 2, "space_empires": 2}


@dataclass(frozen=True)
class Config:
    game_id: str
    players: int
    options: dict[str, Any] = field(hash=False)
    label: str
    # Why this configuration cannot be played (set at collection; the test fails with it).
    problem: str = ""


def option_values(spec: dict[str, Any]) -> list[Any]:
    """The values of one option that the suite plays."""
    kind = spec.get("type")
    if kind == "bool":
        return [False, True]
    if kind == "choice":
        return list(spec.get("choices", []))
    if kind == "int":
        values = [spec["default"], spec.get("min"), spec.get("max")]
        return sorted({v for v in values if v is not None})
    return [spec.get("default")]


def _label(game: Game, players: int, options: dict[str, Any]) -> str:
    defaults = {k: v["default"] for k, v in game.info.options.items()}
    changed = [f"{k}={options[k]}" for k in sorted(options) if options[k] != defaults.get(k)]
    return "-".join([game.info.id, f"p{players}", *changed])


def _refusal(game_id: str, players: int, options: dict[str, Any]) -> str:
    """Why ``new_match`` refuses this configuration ('' when it accepts it).

    Only ``BadOption`` counts as a refusal here; any other error is left for the
    test itself to surface with a traceback.
    """
    try:
        new_match(game_id, players, 0, options)
    except BadOption as exc:
        return str(exc)
    except Exception:
        return ""
    return ""


def configurations(game: Game) -> list[Config]:
    info = game.info
    counts = list(range(info.min_players, info.max_players + 1))
    defaults = {k: v["default"] for k, v in info.options.items()}
    configs: list[Config] = []
    seen: set[str] = set()

    def add(players: int, options: dict[str, Any], problem: str = "") -> None:
        label = _label(game, players, options)
        if label not in seen:
            seen.add(label)
            configs.append(Config(info.id, players, dict(options), label, problem))

    for n in counts:
        add(n, defaults, _refusal(info.id, n, defaults))

    # One option at a time; the player count rotates so that variations spread over
    # counts, falling back to another count where the game refuses the combination.
    turn = 0
    for name in sorted(info.options):
        for value in option_values(info.options[name]):
            if value == defaults[name]:
                continue
            options = {**defaults, name: value}
            order = counts[turn % len(counts) :] + counts[: turn % len(counts)]
            turn += 1
            reasons = []
            for n in order:
                reason = _refusal(info.id, n, options)
                if not reason:
                    add(n, options)
                    break
                reasons.append(reason)
            else:
                add(
                    order[0],
                    options,
                    f"option {name}={value!r} is refused at every player count: {reasons[0]}",
                )

    rnd = random.Random(zlib.crc32(info.id.encode()))
    made = 0
    for _attempt in range(RANDOM_COMBOS * 10):
        if made == RANDOM_COMBOS or not info.options:
            break
        options = {k: rnd.choice(option_values(v)) for k, v in sorted(info.options.items())}
        n = rnd.choice(counts)
        if _refusal(info.id, n, options):
            continue  # a random mix the rules exclude is simply not played
        add(n, options)
        made += 1
    return configs


def games_per_config(game_id: str) -> int:
    return GAMES_PER_CONFIG_BY_GAME.get(game_id, GAMES_PER_CONFIG)


def seeds_for(config: Config) -> list[int]:
    base = zlib.crc32(config.label.encode()) % 1_000_000
    return [base + i for i in range(games_per_config(config.game_id))]


def heuristic_configurations(game: Game) -> list[Config]:
    """The configurations the heuristic agent plays to the end: the defaults at every player count and
    every value of every ``choice`` option varied alone (a game's scenarios, variants and set-ups)."""
    info = game.info
    defaults = {k: v["default"] for k, v in info.options.items()}
    out = []
    for config in configurations(game):
        changed = [k for k in config.options if config.options[k] != defaults.get(k)]
        if not changed or (len(changed) == 1 and info.options[changed[0]].get("type") == "choice"):
            out.append(config)
    return out
