"""What the PettingZoo and Gymnasium adapters share: one configured game and its spaces."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from galaxis.core import Game, get_game, resolve_options
from galaxis.core.messages import Catalogue
from galaxis.interop.encoding import ObservationCache, encoder_bounds, encoder_for
from galaxis.interop.spaces import ActionCodec, InteropError

MSG = Catalogue.for_package(__name__)  # galaxis/interop/data/messages.yaml


class GameSpec:
    """A game id, player count and resolved options, with the action codec,
    the observation encoder and the gymnasium spaces that follow from them."""

    def __init__(self, game_id: str, players: int | None, options: dict[str, Any] | None) -> None:
        game: Game = get_game(game_id)
        self.game = game
        self.game_id = game.info.id
        self.players = game.info.min_players if players is None else players
        game.validate_players(self.players)
        if options is not None and not isinstance(options, dict):
            raise InteropError(MSG("options_mapping"))
        self.options = resolve_options(game.info, options)
        self.codec = ActionCodec(game, self.players, self.options)
        self.encoder = encoder_for(game, self.players, self.options)
        low, high = encoder_bounds(self.encoder)
        self.observation_box = spaces.Box(low=low, high=high, shape=(self.encoder.size,), dtype=np.float32)
        self.mask_box = spaces.Box(low=0, high=1, shape=(self.codec.size,), dtype=np.int8)

    def observation_space(self) -> spaces.Dict:
        return spaces.Dict({"observation": self.observation_box, "action_mask": self.mask_box})

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.codec.size)

    def cache(self) -> ObservationCache:
        return ObservationCache(self.encoder, self.game_id)


class EpisodeSeeds:
    """The match seed of each ``reset``: the seed given, or else the next draw from a generator
    seeded by the last seed given (fresh entropy if none was), so a seeded reset followed by
    unseeded ones replays exactly. The generator is made only when an unseeded reset needs it:
    NumPy takes ~25 µs to make one, a third of a fast game's reset."""

    __slots__ = ("_base", "_rng")

    def __init__(self) -> None:
        self._base: int | None = None
        self._rng: np.random.Generator | None = None

    def next(self, seed: Any) -> int:
        if seed is not None:
            self._base = seed_of(seed)
            self._rng = None
            return self._base
        if self._rng is None:
            self._rng = np.random.default_rng(self._base)
        return next_seed(self._rng)


def next_seed(rng: np.random.Generator) -> int:
    """A match seed drawn from the environment's generator (for ``reset()`` without a seed)."""
    return int(rng.integers(0, 2**53))  # a seed check_seed accepts


def seed_of(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise InteropError(MSG("seed_whole", seed=repr(seed)))
    return int(seed)
