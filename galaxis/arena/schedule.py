"""Which games to play (simulations and tournaments), and running them into a file.

Seeds: game ``i`` of a simulation uses seed ``base + i``; in a tournament,
game ``j`` of every match-up uses seed ``base + j``, so match-ups are compared
on the same deals. ``--rotate`` (always on in tournaments) moves the agents
one seat to the left per game, so each agent sits in each seat equally often.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from galaxis.arena.backends import check_ray_address, check_workers, run_tasks
from galaxis.arena.results import dump_line, load_results, repair_tail
from galaxis.arena.runner import Task, game_module_of, parse_agents, result_key
from galaxis.core.errors import BadOption, GalaxisError
from galaxis.core.game import resolve_options
from galaxis.core.messages import Catalogue
from galaxis.core.registry import get_game

MSG = Catalogue.for_package(__name__)  # galaxis/arena/data/messages.yaml

Progress = Callable[[int, int], None]  # (done, total)


def _check_count(name: str, value: Any, lo: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise BadOption(MSG("whole_number", name=name, lo=lo, value=repr(value)))
    return value


def _prepare(game: str, players: int, options: dict[str, Any] | None) -> tuple[dict[str, Any], str | None]:
    g = get_game(game)
    g.validate_players(players)
    return resolve_options(g.info, options), game_module_of(game)


def simulate_tasks(
    game: str,
    agents: str | Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    rotate: bool = False,
) -> list[Task]:
    specs = parse_agents(agents if isinstance(agents, str) else list(agents))
    _check_count("--games", games, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadOption(MSG("seed_whole", seed=repr(seed)))
    resolved, module = _prepare(game, len(specs), options)
    tasks = []
    n = len(specs)
    for i in range(games):
        seats = tuple(specs[(s + i) % n] for s in range(n)) if rotate else tuple(specs)
        tasks.append(Task(game, seed + i, seats, resolved, module))
    return tasks


def tournament_tasks(
    game: str,
    agents: str | Sequence[str],
    games: int,
    players: int | None = None,
    mode: str = "roundrobin",
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> list[Task]:
    """Round robin: every set of ``players`` different agents plays ``games`` games.
    Gauntlet: the first agent plays ``games`` games against each other agent,
    which fills all the remaining seats. Seats rotate within each match-up."""
    specs = parse_agents(agents if isinstance(agents, str) else list(agents))
    _check_count("--games", games, 1)
    if len(specs) < 2:
        raise BadOption(MSG("two_agents"))
    if len(set(specs)) != len(specs):
        raise BadOption(MSG("agents_once"))
    info = get_game(game).info
    if players is None:
        players = max(info.min_players, 2)
    resolved, module = _prepare(game, players, options)
    if mode == "roundrobin":
        if len(specs) < players:
            raise BadOption(MSG("round_robin_agents", players=players))
        lineups = [list(c) for c in itertools.combinations(specs, players)]
    elif mode == "gauntlet":
        lineups = [[specs[0]] + [other] * (players - 1) for other in specs[1:]]
    else:
        raise BadOption(MSG("mode", mode=repr(mode)))
    tasks = []
    for lineup in lineups:
        for j in range(games):
            seats = tuple(lineup[(s + j) % players] for s in range(players))
            tasks.append(Task(game, seed + j, seats, resolved, module))
    return tasks


def run_into_file(
    tasks: Sequence[Task],
    out: str | Path,
    workers: int = 1,
    ray_address: str | None = None,
    ray_init: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> tuple[int, int]:
    """Plays the tasks not yet in ``out`` and appends their records in task order.

    Returns (games played now, games skipped because the file had them).
    """
    check_workers(workers)
    if ray_address is not None:
        check_ray_address(ray_address)
    path = Path(out)
    if path.exists() and path.is_dir():
        raise BadOption(MSG("out_is_dir", path=str(path)))
    done = {
        result_key(r["game"], r["seed"], r["seats"], r["options"])
        for r in load_results(path, missing_ok=True)
    }
    todo = [t for t in tasks if t.key() not in done]
    skipped = len(tasks) - len(todo)
    if not todo:
        return 0, skipped
    repair_tail(path)
    try:
        fh = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise GalaxisError(MSG("cannot_write", path=str(path), reason=exc.strerror)) from None
    played = 0
    with fh:
        if progress:
            progress(0, len(todo))
        for record in run_tasks(todo, workers, ray_address, ray_init):
            fh.write(dump_line(record))
            fh.flush()
            played += 1
            if progress:
                progress(played, len(todo))
    return played, skipped


def simulate(
    game: str,
    agents: str | Sequence[str],
    games: int,
    out: str | Path,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    rotate: bool = False,
    workers: int = 1,
    ray_address: str | None = None,
    ray_init: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> tuple[int, int]:
    tasks = simulate_tasks(game, agents, games, seed, options, rotate)
    return run_into_file(tasks, out, workers, ray_address, ray_init, progress)


def tournament(
    game: str,
    agents: str | Sequence[str],
    games: int,
    out: str | Path,
    players: int | None = None,
    mode: str = "roundrobin",
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    ray_address: str | None = None,
    ray_init: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> tuple[int, int]:
    tasks = tournament_tasks(game, agents, games, players, mode, seed, options)
    return run_into_file(tasks, out, workers, ray_address, ray_init, progress)
