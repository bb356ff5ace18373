"""OpenSpiel games for every registered galaxis game.

Importing this module registers each game with pyspiel as ``galaxis_<id>``:

    import pyspiel
    import galaxis.interop.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("galaxis_smugglers", {"players": 3, "options": '{"mode": "turns"}'})

Parameters: ``players`` (int, default the game's minimum), ``options`` (the
game options as a JSON object string, default ``"{}"``), ``reward``
(``"score"`` or ``"rank"``, see ``galaxis.interop.spaces.final_rewards``) and
``seed`` (int): the k-th ``new_initial_state()`` of a game object starts the
match with seed ``seed + k``. Pass parameters as a dict: the JSON string's
commas do not fit OpenSpiel's ``name(a=1,b=2)`` string syntax.

Game type: sequential dynamics (a simultaneous phase is played in seat
order, the lowest seat in ``to_move`` being the current player); chance mode
SAMPLED_STOCHASTIC, because the engine rolls its dice and shuffles inside
``apply`` from the generator in the state, so there are no chance nodes; a
clone carries that generator, so ``resample_from_infostate`` (built on
``Match.determinize``) is what a fair searcher must use. Information is
IMPERFECT or PERFECT from ``GameInfo.hidden_information``; utility
GENERAL_SUM; terminal rewards only.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import numpy as np
import pyspiel

from galaxis.core import Action, Match, get_game, new_match, resolve_options
from galaxis.core.messages import Catalogue
from galaxis.core.registry import game_ids
from galaxis.interop.encoding import encode_seat, encoder_for
from galaxis.interop.spaces import REWARD_MODES, ActionCodec, InteropError, check_mode, final_rewards

MSG = Catalogue.for_package(__name__)  # galaxis/interop/data/messages.yaml

PREFIX = "galaxis_"
# Games do not declare a maximum length; OpenSpiel needs one, and only uses it for sizing.
MAX_GAME_LENGTH = 10_000

_registered: dict[str, pyspiel.GameType] = {}
_classes: dict[str, type] = {}
# games whose module failed to load at registration time, with the reason
SKIPPED: dict[str, str] = {}


def _game_type(game_id: str) -> pyspiel.GameType:
    info = get_game(game_id).info
    T = pyspiel.GameType
    return T(
        short_name=PREFIX + game_id,
        long_name=f"galaxis {info.name}",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=T.ChanceMode.SAMPLED_STOCHASTIC,
        information=T.Information.IMPERFECT_INFORMATION
        if info.hidden_information
        else T.Information.PERFECT_INFORMATION,
        utility=T.Utility.GENERAL_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.min_players, "options": "{}", "reward": "score", "seed": 0},
    )


class GalaxisSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One galaxis game, player count and option set, as a pyspiel game."""

    GAME_ID = ""  # set in the per-game subclass made by register_game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id = self.GAME_ID
        game = get_game(game_id)
        info = game.info
        players = params.get("players", info.min_players)
        try:
            options = json.loads(params.get("options", "{}"))
        except (TypeError, json.JSONDecodeError) as exc:
            raise InteropError(MSG("options_json_detail", error=str(exc))) from None
        if not isinstance(options, dict):
            raise InteropError(MSG("options_json"))
        game.validate_players(players)
        self.galaxis_game = game
        self.game_id = game_id
        self.players = int(players)
        self.options = resolve_options(info, options)
        self.reward_mode = check_mode("reward", params.get("reward", "score"), REWARD_MODES)
        self.base_seed = int(params.get("seed", 0))
        self.codec = ActionCodec(game, self.players, self.options)
        self.encoder = encoder_for(game, self.players, self.options)
        self._states_made = 0
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_registered[game_id], game_info, params)

    def new_initial_state(self) -> GalaxisSpielState:
        seed = self.base_seed + self._states_made
        self._states_made += 1
        return GalaxisSpielState(self, new_match(self.game_id, self.players, seed, self.options))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GalaxisObserver:
        if params:
            raise InteropError(MSG("observer_params", params=repr(params)))
        return GalaxisObserver(self, iig_obs_type)


class _Core:
    """What a state holds: its game (shared) and its match (copied with ``Match.clone``).

    pyspiel clones a Python state by deep-copying its attributes; keeping them
    in one object with its own ``__deepcopy__`` makes a clone cost one engine
    clone, and keeps the pyspiel game object (which cannot be copied) shared.
    """

    __slots__ = ("game", "legal", "match")

    def __init__(self, game: GalaxisSpielGame, match: Match) -> None:
        self.game = game
        self.match = match
        self.legal: tuple[int, list[Action], list[int]] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(self.game, self.match.clone())

    def current_legal(self) -> tuple[int, list[Action], list[int]]:
        """(seat, legal actions, their ids) of the current player, computed once per position."""
        cached = self.legal
        if cached is None:
            seat = min(self.match.to_move)
            legal = self.match.legal_actions(seat)
            cached = self.legal = (seat, legal, self.game.codec.legal_ids(legal))
        return cached


class GalaxisSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state around a galaxis ``Match``."""

    def __init__(self, game: GalaxisSpielGame, match: Match) -> None:
        super().__init__(game)
        self._core = _Core(game, match)

    @property
    def match(self) -> Match:
        return self._core.match

    # --- pyspiel API ------------------------------------------------------------
    def current_player(self) -> int:
        match = self._core.match
        if match.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return min(match.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        match = self._core.match
        if match.is_over or player != min(match.to_move):
            return []
        return sorted(self._core.current_legal()[2])

    def _apply_action(self, action: int) -> None:
        core = self._core
        seat, legal, ids = core.current_legal()
        core.match.apply(seat, core.game.codec.decode(int(action), legal, ids))
        core.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        codec = core.game.codec
        if codec.flat:
            return codec.notation(int(action))
        if not core.match.is_over and player == min(core.match.to_move):
            return codec.notation(int(action), core.current_legal()[1])
        return f"#{int(action)}"

    def is_terminal(self) -> bool:
        return self._core.match.is_over

    def returns(self) -> list[float]:
        core = self._core
        if not core.match.is_over:
            return [0.0] * core.game.players
        return final_rewards(core.match.result, core.game.reward_mode)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> GalaxisSpielState:
        """A state consistent with what ``player_id`` has observed (``Match.determinize``).

        The re-sampling seed comes from ``probability_sampler`` (a callable
        returning floats in [0, 1), as OpenSpiel passes it) when given.
        """
        if callable(probability_sampler):
            seed = int(float(probability_sampler()) * 2**53)
        else:
            seed = int(np.random.default_rng().integers(0, 2**53))
        return GalaxisSpielState(self._core.game, self._core.match.determinize(int(player_id), seed))

    def __str__(self) -> str:
        return self._core.match.render_text(None)


class GalaxisObserver:
    """OpenSpiel's PyObserver for a galaxis game.

    Private information SINGLE_PLAYER uses ``observation(player)``; NONE uses
    the spectator view ``observation(None)`` (the public information only).
    The observation tensor is the encoder output. The information-state
    tensor (``perfect_recall``) appends the player's own past actions as a
    count per action id (hashed into the id range for games with a legal-list
    index space). The information-state string is the JSON of the current
    observation, the player's own notations in order and the seat of every
    mover so far: it recalls all that the player did and when each seat
    acted, but an observation the player saw earlier and that the game no
    longer shows is recalled only through its consequences.
    """

    def __init__(self, game: GalaxisSpielGame, iig_obs_type: Any) -> None:
        self.game = game
        self.perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        private = (
            iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise InteropError(MSG("observer_private"))
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        size = game.encoder.size + (game.codec.size if self.perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[: game.encoder.size]}
        if self.perfect_recall:
            self.dict["own_actions"] = self.tensor[game.encoder.size :]

    def _viewer(self, player: int) -> int | None:
        return None if self.public_only else int(player)

    def set_from(self, state: GalaxisSpielState, player: int) -> None:
        game = self.game
        match = state.match
        self.dict["observation"][:] = encode_seat(game.encoder, match, self._viewer(player), game.game_id)
        if self.perfect_recall:
            counts = self.dict["own_actions"]
            counts.fill(0.0)
            for seat, notation in match.history:
                if seat == player:
                    counts[self._action_slot(notation)] += 1.0

    def _action_slot(self, notation: str) -> int:
        codec = self.game.codec
        if codec.flat:
            return codec.index[notation]
        return zlib.crc32(notation.encode()) % codec.size

    def string_from(self, state: GalaxisSpielState, player: int) -> str:
        match = state.match
        obs = match.observation(self._viewer(player))
        if not self.perfect_recall:
            return json.dumps(obs, sort_keys=True, separators=(",", ":"))
        own = [n for s, n in match.history if s == player] if not self.public_only else []
        movers = [s for s, _ in match.history]
        record = {"seat": int(player), "observation": obs, "own_actions": own, "movers": movers}
        return json.dumps(record, sort_keys=True, separators=(",", ":"))


def register_game(game_id: str) -> str:
    """Registers one galaxis game with pyspiel (idempotent); returns its pyspiel name."""
    get_game(game_id)
    if game_id not in _registered:
        _registered[game_id] = _game_type(game_id)

        # A class per game, as OpenSpiel's own Python games register: pyspiel keeps the
        # factory until the interpreter is gone, and a plain closure freed then aborts the process.
        cls = type(f"GalaxisSpielGame_{game_id}", (GalaxisSpielGame,), {"GAME_ID": game_id})
        _classes[game_id] = cls
        pyspiel.register_game(_registered[game_id], cls)
    return PREFIX + game_id


def register_all() -> list[str]:
    """Registers every game known to the galaxis registry (call again after ``galaxis.core.register``)."""
    names = []
    for game_id in game_ids():
        try:
            names.append(register_game(game_id))
        except Exception as exc:  # one broken game module must not make the others unusable
            SKIPPED[game_id] = f"{type(exc).__name__}: {exc}"
        else:
            SKIPPED.pop(game_id, None)
    return names


def load(
    game_id: str, players: int | None = None, options: dict[str, Any] | None = None, **params: Any
) -> Any:
    """``pyspiel.load_game`` for a galaxis game, with options given as a dict."""
    register_game(game_id)
    full: dict[str, Any] = dict(params)
    if players is not None:
        full["players"] = players
    if options is not None:
        full["options"] = json.dumps(options)
    return pyspiel.load_game(PREFIX + game_id, full)


register_all()
