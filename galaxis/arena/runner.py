"""Playing one seeded game between agents: the unit of work of every backend.

A ``Task`` is plain data (picklable, JSON-safe) so that a process pool or a Ray
cluster can run it anywhere. Everything random in a game comes from its seed:
the match, each seat's agent (seeded from the game seed and the seat) and the
order in which simultaneously moving seats are asked. The same task therefore
gives the same record on any backend.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from typing import Any

from galaxis.agents import make_agent
from galaxis.core.errors import BadAgentSpec, UnknownGame
from galaxis.core.match import new_match
from galaxis.core.messages import Catalogue
from galaxis.core.registry import GAME_MODULES, get_game, register
from galaxis.core.rng import Rng

MSG = Catalogue.for_package(__name__)  # galaxis/arena/data/messages.yaml


@dataclass(frozen=True)
class Task:
    game: str
    seed: int
    seats: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    # module defining ``GAME`` for games registered at run time (tests, plug-ins),
    # so that worker processes can register them too
    game_module: str | None = None

    def key(self) -> tuple[str, int, tuple[str, ...], str]:
        return result_key(self.game, self.seed, self.seats, self.options)


def result_key(
    game: str, seed: int, seats: Any, options: dict[str, Any]
) -> tuple[str, int, tuple[str, ...], str]:
    """Identity of a game in a results file (resuming skips games with a known key).

    Options belong to the key so that one file can hold the same seeds under
    several option values (a variant on vs off).
    """
    return (game, int(seed), tuple(seats), json.dumps(options, sort_keys=True, default=str))


def game_module_of(game_id: str) -> str | None:
    """The module to import in a worker for a game that the registry cannot load by itself."""
    if game_id in GAME_MODULES:
        return None
    return type(get_game(game_id)).__module__


def agent_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 1009 + seat * 7919 + 1) & ((1 << 63) - 1)


def split_agent_list(text: str) -> list[str]:
    """``"mcts:iters=100,c=0.5,random"`` -> ``["mcts:iters=100,c=0.5", "random"]``.

    Spec parameters are separated by commas too, so a piece that is a bare
    ``key=value`` continues the previous spec.
    """
    specs: list[str] = []
    for raw in text.split(","):
        piece = raw.strip()
        if not piece:
            raise BadAgentSpec(MSG("empty_agent", text=text))
        if "=" in piece and ":" not in piece.split("=", 1)[0] and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def parse_agents(agents: str | list[str] | tuple[str, ...]) -> list[str]:
    """Validated agent specs (each is built once, so a bad spec fails before any game runs)."""
    specs = split_agent_list(agents) if isinstance(agents, str) else [str(a).strip() for a in agents]
    if not specs:
        raise BadAgentSpec(MSG("no_agents"))
    for spec in specs:
        if spec.strip().lower() == "human":
            raise BadAgentSpec(MSG("no_human"))
        make_agent(spec, 0)
    return specs


def ensure_game(game_id: str, module: str | None) -> None:
    try:
        get_game(game_id)
    except UnknownGame:
        if module is None:
            raise
        register(importlib.import_module(module).GAME)


def play_game(task: Task) -> dict[str, Any]:
    """Plays the task's game to the end and returns its JSON-lines record."""
    ensure_game(task.game, task.game_module)
    players = len(task.seats)
    match = new_match(task.game, players, task.seed, dict(task.options))
    agents = [make_agent(spec, agent_seed(task.seed, seat)) for seat, spec in enumerate(task.seats)]
    order = Rng(task.seed ^ 0x0A7E5EA7)
    while not match.is_over:
        to_move = match.to_move
        seat = to_move[0] if len(to_move) == 1 else to_move[order.below(len(to_move))]
        match.apply(seat, agents[seat].act(match, seat))
    result = match.result
    return {
        "game": task.game,
        "seed": task.seed,
        "players": players,
        "seats": list(task.seats),
        "options": dict(task.options),  # as asked (the resume key)
        "match_options": dict(match.options),  # every option it was played with (for replays)
        "scores": list(result.scores),
        "ranking": [list(g) for g in result.ranking],
        "length": len(match.history),
        "history": [[s, n] for s, n in match.history],
    }
