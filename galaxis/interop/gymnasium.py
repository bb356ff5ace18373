"""A single-agent Gymnasium environment: one seat of a galaxis game against bots.

    from galaxis.interop.gymnasium import make
    env = make("smugglers", seat=0, opponents="heuristic", players=3)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))

The observation and action spaces are those of the PettingZoo environment.
Opponents play every turn that is not the learner's (in a simultaneous phase,
seats act in seat order, as in the AEC environment); they see only their own
observations. The reward is 0 until the end, then the learner's
``final_rewards`` entry.

Illegal actions: the action mask marks the legal ids. With the default
``illegal_action="terminate"`` an unmasked id ends the episode at once with
reward -1 and ``info["illegal_action"]`` giving the reason (the convention of
pgx and PettingZoo's TerminateIllegalWrapper, which keeps unmasked samplers
such as ``check_env`` working); ``illegal_action="raise"`` raises
``galaxis.IllegalAction`` instead and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import galaxis
from galaxis.core import Action, Agent, IllegalAction, Match, new_match
from galaxis.core.messages import Catalogue
from galaxis.interop.common import EpisodeSeeds, GameSpec
from galaxis.interop.spaces import ILLEGAL_MODES, REWARD_MODES, InteropError, check_mode, final_rewards

MSG = Catalogue.for_package(__name__)  # galaxis/interop/data/messages.yaml

RENDER_MODES = ("ansi", "svg")


class GalaxisGymEnv(gymnasium.Env):
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        players: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        reward: str = "score",
        illegal_action: str = "terminate",
    ) -> None:
        self.spec_ = GameSpec(game_id, players, options)
        n = self.spec_.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InteropError(MSG("seat_range", last=n - 1, seat=repr(seat)))
        self.seat = seat
        if isinstance(opponents, str):
            specs = [opponents] * (n - 1)
        elif (
            isinstance(opponents, Sequence)
            and all(isinstance(o, str) for o in opponents)
            and len(opponents) == n - 1
        ):
            specs = list(opponents)
        else:
            raise InteropError(MSG("opponents", count=n - 1, opponents=repr(opponents)))
        for spec in specs:
            galaxis.agent(spec)  # a bad spec fails here, with a clear message
        self.opponent_specs = specs
        if render_mode is not None:
            check_mode("render_mode", render_mode, RENDER_MODES)
        self.render_mode = render_mode
        self.reward_mode = check_mode("reward", reward, REWARD_MODES)
        self.illegal_action = check_mode("illegal_action", illegal_action, ILLEGAL_MODES)
        self.observation_space = self.spec_.observation_space()
        self.action_space = self.spec_.action_space()
        self._cache = self.spec_.cache()
        self._seeds = EpisodeSeeds()
        self._match: Match | None = None
        self._bots: dict[int, Agent] = {}
        self._legal: tuple[list[Action], list[int]] = ([], [])
        self._done = True

    @property
    def match(self) -> Match:
        if self._match is None:
            raise InteropError(MSG("reset_first"))
        return self._match

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Starts a new match; ``options`` of reset are ignored (game options are fixed at construction)."""
        super().reset(seed=seed)
        match_seed = self._seeds.next(seed)
        spec = self.spec_
        self._match = new_match(spec.game_id, spec.players, match_seed, spec.options)
        self._cache.clear()
        others = [s for s in range(spec.players) if s != self.seat]
        # bots are rebuilt per episode from the match seed, so a seeded reset replays exactly
        self._bots = {
            s: galaxis.agent(self.opponent_specs[i], seed=match_seed + 1 + s) for i, s in enumerate(others)
        }
        self._done = False
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._done:
            raise InteropError(MSG("episode_over"))
        legal, ids = self._legal
        try:
            chosen = self.spec_.codec.decode(action, legal, ids)
        except IllegalAction as exc:
            if self.illegal_action == "raise":
                raise
            self._done = True
            return self._observe(), -1.0, True, False, {**self._info(), "illegal_action": str(exc)}
        self.match.apply(self.seat, chosen)
        self._play_opponents()
        reward = 0.0
        if self.match.is_over:
            self._done = True
            reward = final_rewards(self.match.result, self.reward_mode)[self.seat]
        return self._observe(), reward, self._done, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use 'ansi' or 'svg'")
            return None
        if self.render_mode == "svg":
            return self.match.render_svg(self.seat)
        return self.match.render_text(self.seat)

    def close(self) -> None:
        self._cache.clear()

    def legal_notations(self) -> list[str]:
        """The learner's legal notations now, in the order of their ids."""
        return [a.notation for a in self._legal[0]]

    # --- internals --------------------------------------------------------------
    def _play_opponents(self) -> None:
        match = self.match
        while not match.is_over:
            mover = min(match.to_move)
            if mover == self.seat:
                break
            match.apply(mover, self._bots[mover].act(match, mover))
        if match.is_over:
            self._done = True
            self._legal = ([], [])
        else:
            legal = match.legal_actions(self.seat)
            self._legal = (legal, self.spec_.codec.legal_ids(legal))

    def _observe(self) -> dict[str, np.ndarray]:
        obs = self._cache.get(self.match, self.seat).copy()
        return {"observation": obs, "action_mask": self.spec_.codec.mask(self._legal[1])}

    def _info(self) -> dict[str, Any]:
        if self.match.is_over:
            return {"result": self.match.result.to_json()}
        return {}


def register_envs() -> list[str]:
    """Registers ``galaxis/<id>-v0`` with Gymnasium for every registered game, so that
    ``gymnasium.make("galaxis/smugglers-v0", players=3, opponents="random")`` works
    (call again after registering a game at run time). Returns the ids."""
    from galaxis.core.registry import game_ids

    names = []
    for game_id in game_ids():
        name = f"galaxis/{game_id}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name, entry_point="galaxis.interop.gymnasium:GalaxisGymEnv", kwargs={"game_id": game_id}
            )
        names.append(name)
    return names


def make(
    game_id: str,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    players: int | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    reward: str = "score",
    illegal_action: str = "terminate",
) -> GalaxisGymEnv:
    """A single-agent environment: ``seat`` is the learner, the other seats are
    played by ``opponents`` (one agent spec for all, or one per other seat)."""
    return GalaxisGymEnv(game_id, seat, opponents, players, options, render_mode, reward, illegal_action)


register_envs()
