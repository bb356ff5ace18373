"""PettingZoo AEC environments for every registered galaxis game.

    from galaxis.interop.pettingzoo import env
    e = env("smugglers", players=3, options={"mode": "turns"})
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (seat i). The selected agent is
the lowest seat in ``match.to_move``: a simultaneous phase is played in seat
order, and each seat still sees only its own observation, so nobody learns a
secret choice made before it. Observations are
``{"observation": float32 vector, "action_mask": int8 vector}``; the mask is
all zeros for every agent but the selected one. Rewards are 0 until the end,
then ``final_rewards`` of the result (``reward="score"`` or ``"rank"``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from galaxis.core import Action, IllegalAction, Match, new_match
from galaxis.interop.common import EpisodeSeeds, GameSpec
from galaxis.interop.spaces import ILLEGAL_MODES, MSG, REWARD_MODES, InteropError, check_mode, final_rewards

RENDER_MODES = ("ansi", "svg")


class GalaxisAECEnv(AECEnv):  # type: ignore[misc]
    """One galaxis game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {
        "name": "galaxis_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        reward: str = "score",
        illegal_action: str = "raise",
    ) -> None:
        super().__init__()
        self.spec_ = GameSpec(game_id, players, options)
        if render_mode is not None:
            check_mode("render_mode", render_mode, RENDER_MODES)
        self.render_mode = render_mode
        self.reward_mode = check_mode("reward", reward, REWARD_MODES)
        self.illegal_action = check_mode("illegal_action", illegal_action, ILLEGAL_MODES)
        self.metadata = {**self.metadata, "name": f"galaxis_{self.spec_.game_id}_v0"}
        n = self.spec_.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        # one space object per agent, fixed for the life of the environment
        self._observation_spaces = {a: self.spec_.observation_space() for a in self.possible_agents}
        self._action_spaces = {a: self.spec_.action_space() for a in self.possible_agents}
        self._seeds = EpisodeSeeds()
        self._cache = self.spec_.cache()
        self._match: Match | None = None
        self._legal: tuple[int, list[Action], list[int], np.ndarray, dict[int, int] | None] | None = None
        self._codec = self.spec_.codec
        self._no_mask = np.zeros(self._codec.size, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self._done = False  # the episode has ended (every agent is terminated)
        self.agents: list[str] = []

    # --- spaces ---------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_spaces[agent]

    # --- facts ----------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The underlying match (read it, do not apply actions to it directly)."""
        if self._match is None:
            raise InteropError(MSG("reset_first"))
        return self._match

    def seat_of(self, agent: str) -> int:
        seat = self._seat.get(agent)
        if seat is None:
            raise InteropError(MSG("no_agent", agent=repr(agent), agents=", ".join(self.possible_agents)))
        return seat

    def legal_notations(self, agent: str) -> list[str]:
        """The legal notations of ``agent`` now, in id order of the mask (empty unless selected)."""
        if agent != self.agent_selection or self.terminations.get(agent, True):
            return []
        legal = self._current_legal()[1]
        return [a.notation for a in legal]

    def action_notation(self, action: int) -> str:
        """The notation an action id of the selected agent stands for."""
        legal = self._current_legal()[1]
        return self.spec_.codec.notation(int(action), legal)

    # --- AEC API --------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new match. ``options`` of reset are ignored: game options are fixed at
        construction so that the spaces stay fixed."""
        match_seed = self._seeds.next(seed)
        spec = self.spec_
        self._match = new_match(spec.game_id, spec.players, match_seed, spec.options)
        self._cache.clear()
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._done = False
        self.agent_selection = self._selected()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        match = self._match
        if match is None:
            raise InteropError(MSG("reset_first"))
        seat = self._seat.get(agent)
        if seat is None:
            self.seat_of(agent)  # raises the clear error
        # Both arrays are read-only and shared (with the encoding cache, and with every
        # position that has the same legal set): no copy per call.
        if agent == self.agent_selection and not self._done:
            return {"observation": self._cache.get(match, seat), "action_mask": self._current_legal()[3]}
        return {"observation": self._cache.get(match, seat), "action_mask": self._no_mask}

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """PettingZoo's ``agent_iter``: the selected agent, until no agent is left or ``max_iter``
        have been given; a generator, cheaper per step than PettingZoo's iterator object."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``, without the extra call frames of the generic version."""
        agent = self.agent_selection
        obs: dict[str, np.ndarray] | None = None
        if observe:
            if self._done or self._match is None:
                obs = self.observe(agent)
            else:  # the selected agent's observation, as observe() gives it, with fewer calls
                legal = self._legal or self._current_legal()
                obs = {"observation": self._cache.get(self._match, legal[0]), "action_mask": legal[3]}
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._done and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        match = self._match or self.match  # (the property raises the clear error before reset())
        seat, legal, ids, _, where = self._legal or self._current_legal()
        # A plain legal int id (the common case) maps straight to its action; anything
        # else goes through ActionCodec.decode, which checks it and explains a refusal.
        pos = None
        if type(action) is int:
            pos = where.get(action) if where is not None else (action if 0 <= action < len(legal) else None)
        if pos is not None:
            chosen = legal[pos]
        else:
            try:
                chosen = self.spec_.codec.decode(action, legal, ids)
            except IllegalAction as exc:
                if self.illegal_action == "raise":
                    raise
                self._end_on_illegal(agent, str(exc))
                return
        match._apply_legal(seat, chosen)  # chosen comes from legal_actions(seat) of this position
        self._legal = None
        if match.is_over:
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            result = match.result
            for a, r in zip(self.possible_agents, final_rewards(result, self.reward_mode), strict=True):
                self.rewards[a] = r
                self.infos[a] = {"result": result.to_json()}
            self.terminations = dict.fromkeys(self.agents, True)
            self._done = True
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
            self._accumulate_rewards()
        else:
            # Rewards are all zero until the match ends, so PettingZoo's per-step
            # clear-and-accumulate of every agent's reward would change nothing.
            self.agent_selection = self.possible_agents[min(match.to_move)]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use 'ansi' or 'svg'")
            return None
        if self.render_mode == "svg":
            return self.match.render_svg(None)
        return self.match.render_text(None)

    def close(self) -> None:
        self._cache.clear()

    # --- internals --------------------------------------------------------------
    def _selected(self) -> str:
        return self.possible_agents[min(self.match.to_move)]

    def _current_legal(self) -> tuple[int, list[Action], list[int], np.ndarray, dict[int, int] | None]:
        """(seat, legal actions, their ids, the shared mask, each id's position or None) of the
        selected agent, once per position."""
        cached = self._legal
        if cached is None:
            seat = self._seat[self.agent_selection]
            legal = (self._match or self.match).legal_actions(seat)
            ids, mask, where = self._codec.lookup(legal)
            cached = self._legal = (seat, legal, ids, mask, where)
        return cached

    def _end_on_illegal(self, agent: str, reason: str) -> None:
        """``illegal_action="terminate"``: the match ends, the offender gets -1 and the others 0
        (PettingZoo's TerminateIllegalWrapper convention)."""
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.rewards[agent] = -1.0
        for a in self.agents:
            self.infos[a] = {"illegal_action": reason, "offender": agent}
        self.terminations = dict.fromkeys(self.agents, True)
        self._done = True
        self._accumulate_rewards()


def env(
    game_id: str,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    reward: str = "score",
    illegal_action: str = "raise",
) -> GalaxisAECEnv:
    """An AEC environment for ``game_id``.

    ``players`` defaults to the game's minimum; ``options`` are the game's
    options (fixed for the environment's life); ``reward`` is ``"score"``
    (normalised score difference) or ``"rank"``; ``illegal_action`` is
    ``"raise"`` (``galaxis.IllegalAction``, nothing changes) or ``"terminate"``
    (the match ends with -1 for the offender).
    """
    return GalaxisAECEnv(game_id, players, options, render_mode, reward, illegal_action)


raw_env = GalaxisAECEnv
