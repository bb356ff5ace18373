"""Game-agnostic engine: no game logic lives here."""

from galaxis.core.actions import Action, ActionTable
from galaxis.core.agent import Agent
from galaxis.core.client import (
    Choice,
    Fact,
    ScoreBreakdown,
    ScoreRow,
    SeatPanel,
    default_name,
    fill_names,
    join_seats,
    piece_ref,
    seat_ref,
)
from galaxis.core.errors import (
    BadAgentSpec,
    BadMatchFile,
    BadOption,
    GalaxisError,
    IllegalAction,
    UnknownGame,
)
from galaxis.core.game import Event, Game, GameInfo, Result, rank_by_keys, resolve_options
from galaxis.core.match import SEED_MAX, Match, check_seed, match_from_json, new_match, replay
from galaxis.core.pending import Step
from galaxis.core.record import Record
from galaxis.core.registry import games, get_game, register
from galaxis.core.rng import Rng

__all__ = [
    "SEED_MAX",
    "Action",
    "ActionTable",
    "Agent",
    "BadAgentSpec",
    "BadMatchFile",
    "BadOption",
    "Choice",
    "Event",
    "Fact",
    "GalaxisError",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Match",
    "Record",
    "Result",
    "Rng",
    "ScoreBreakdown",
    "ScoreRow",
    "SeatPanel",
    "Step",
    "UnknownGame",
    "check_seed",
    "default_name",
    "fill_names",
    "games",
    "get_game",
    "join_seats",
    "match_from_json",
    "new_match",
    "piece_ref",
    "rank_by_keys",
    "register",
    "replay",
    "resolve_options",
    "seat_ref",
]
