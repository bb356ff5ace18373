"""``galaxis simulate``, ``galaxis tournament`` and ``galaxis report``.

``register(app)`` adds the commands to the main ``galaxis`` Typer app. Bad
input of any kind ends in one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from galaxis.arena.results import load_results
from galaxis.arena.schedule import simulate as run_simulation
from galaxis.arena.schedule import tournament as run_tournament
from galaxis.arena.stats import summarize
from galaxis.core.errors import BadOption, GalaxisError
from galaxis.core.messages import Catalogue

MSG = Catalogue.for_package(__name__)  # galaxis/arena/data/messages.yaml

USAGE_ERROR = 2
# Bounds of the command line: a results file of ten million games, 256 processes.
MAX_GAMES = 10_000_000
MAX_WORKERS = 256


def _fail(message: str) -> NoReturn:
    typer.echo(f"galaxis: error: {' '.join(str(message).split())}", err=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def _user_errors() -> Iterator[None]:
    try:
        yield
    except (typer.Exit, typer.Abort):
        raise
    except GalaxisError as exc:
        _fail(str(exc))
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        _fail(f"{where}{exc.strerror or exc}")
    except KeyboardInterrupt:
        typer.echo("galaxis: interrupted; run the same command again to resume", err=True)
        raise typer.Exit(130) from None


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``["stacked=true", "mode=turns"]`` -> a dict (the game converts the strings)."""
    options: dict[str, Any] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise BadOption(MSG("option_syntax", item=item))
        options[key.strip()] = value.strip()
    return options


class _RateColumn(ProgressColumn):
    """Games per second since the start."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.2f} games/s" if speed else "-- games/s", style="cyan")


@contextmanager
def _progress_bar(label: str, enabled: bool) -> Iterator[Callable[[int, int], None]]:
    if not enabled:
        yield lambda done, total: None
        return
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=False,
        # redrawn as games finish, not by a thread: with no thread running, the worker
        # processes can be forked from this one (galaxis/arena/backends.py)
        auto_refresh=False,
    )
    ids: list[Any] = []

    def update(done: int, total: int) -> None:
        if not ids:
            ids.append(bar.add_task(label, total=total))
        bar.update(ids[0], completed=done)
        bar.refresh()

    with bar:
        yield update


def _check_seeds(seed: int, games: int) -> None:
    """Every game's seed (SEED + i) checked like the server checks a seed."""
    from galaxis.core import check_seed

    check_seed(seed)
    if games >= 1:
        check_seed(seed + games - 1)


def _ray_args(ray: str | None) -> str | None:
    if ray is not None and not ray.strip():
        raise BadOption(MSG("ray_address"))
    return ray


def _done_message(out: Path, played: int, skipped: int, seconds: float) -> str:
    rate = f" ({played / seconds:.2f} games/s)" if played and seconds > 0 else ""
    skip = f"; {skipped} already in the file were skipped" if skipped else ""
    return f"{played} games written to {out}{rate}{skip}"


def register(app: typer.Typer) -> None:
    @app.command()
    def simulate(
        game: str = typer.Argument(..., help="Game id (see `galaxis list`)."),
        agents: str = typer.Option(
            ..., "--agents", help="Agent specs in seat order, e.g. heuristic,random,random."
        ),
        games: int = typer.Option(..., "--games", max=MAX_GAMES, help="Number of games."),
        out: Path = typer.Option(..., "--out", help="JSON Lines results file (appended to; resumable)."),
        workers: int = typer.Option(1, "--workers", max=MAX_WORKERS, help="Local worker processes."),
        ray: str | None = typer.Option(None, "--ray", help="Run on Ray: auto, local, or a cluster address."),
        seed: int = typer.Option(0, "--seed", help="Game i uses seed SEED+i."),
        option: list[str] | None = typer.Option(None, "--option", help="Game option key=value (repeatable)."),
        rotate: bool = typer.Option(
            True,
            "--rotate/--no-rotate",
            help="Move the agents one seat per game, so every agent sits in every seat equally "
            "often (default); --no-rotate keeps them in the order given.",
        ),
        progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar."),
    ) -> None:
        """Play many seeded games between agents and write one JSON line per game."""
        with _user_errors():
            _check_seeds(seed, games)
            if workers != 1 and ray is not None:
                raise BadOption(MSG("workers_or_ray"))
            start = time.perf_counter()
            with _progress_bar(f"{game}", progress and sys.stderr.isatty()) as update:
                played, skipped = run_simulation(
                    game,
                    agents,
                    games,
                    out,
                    seed,
                    parse_options(option),
                    rotate,
                    workers,
                    _ray_args(ray),
                    None,
                    update,
                )
            typer.echo(_done_message(out, played, skipped, time.perf_counter() - start), err=True)

    @app.command()
    def tournament(
        game: str = typer.Argument(..., help="Game id (see `galaxis list`)."),
        agents: str = typer.Option(
            ..., "--agents", help="Agent specs, e.g. mcts:iters=500,heuristic,random."
        ),
        games: int = typer.Option(..., "--games", max=MAX_GAMES, help="Games per match-up (seats rotate)."),
        out: Path = typer.Option(..., "--out", help="JSON Lines results file (appended to; resumable)."),
        mode: str = typer.Option(
            "roundrobin", "--mode", help="roundrobin or gauntlet (first agent vs each other)."
        ),
        players: int | None = typer.Option(
            None, "--players", help="Players per game (default: 2, or the minimum)."
        ),
        workers: int = typer.Option(1, "--workers", max=MAX_WORKERS, help="Local worker processes."),
        ray: str | None = typer.Option(None, "--ray", help="Run on Ray: auto, local, or a cluster address."),
        seed: int = typer.Option(0, "--seed", help="Game j of every match-up uses seed SEED+j."),
        option: list[str] | None = typer.Option(None, "--option", help="Game option key=value (repeatable)."),
        progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar."),
    ) -> None:
        """Round-robin or gauntlet tournament with seat rotation."""
        with _user_errors():
            _check_seeds(seed, games)
            if workers != 1 and ray is not None:
                raise BadOption(MSG("workers_or_ray"))
            start = time.perf_counter()
            with _progress_bar(f"{game} {mode}", progress and sys.stderr.isatty()) as update:
                played, skipped = run_tournament(
                    game,
                    agents,
                    games,
                    out,
                    players,
                    mode,
                    seed,
                    parse_options(option),
                    workers,
                    _ray_args(ray),
                    None,
                    update,
                )
            typer.echo(_done_message(out, played, skipped, time.perf_counter() - start), err=True)

    @app.command()
    def report(
        file: Path = typer.Argument(..., help="Results file written by simulate or tournament."),
        html: Path | None = typer.Option(
            None, "--html", help="Write a self-contained HTML report (PNGs beside it)."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    ) -> None:
        """Win rates, ratings, seats, game lengths and score distributions of a results file."""
        with _user_errors():
            records = load_results(file)
            if not records:
                raise GalaxisError(MSG("no_games", file=file))
            summary = summarize(records)
            if html is not None:
                from galaxis.arena.report import write_html

                pngs = write_html(summary, records, html)
                typer.echo(f"report written to {html} ({len(pngs)} plots beside it)", err=True)
            if as_json:
                typer.echo(json.dumps(summary, indent=1))
            else:
                _print_summary(summary)


def seat_line(players: str, seats: dict[str, Any], rotation: dict[str, Any]) -> str:
    """Win rates by seat, called a seat advantage only when the agents were rotated
    (or all seats held the same agent); otherwise the seats' agents are named."""
    if rotation["kind"] in ("rotated", "same agents"):
        rates = ", ".join(f"seat {k}: {v['win_rate']:.3f}" for k, v in seats.items())
        return f"seat advantage ({players} players, {rotation['kind']}): {rates}"
    rates = ", ".join(
        f"seat {k} ({'/'.join(rotation['agents'][k])}): {v['win_rate']:.3f}" for k, v in seats.items()
    )
    return (
        f"win rate by seat ({players} players): {rates} — the seats were NOT rotated, so these "
        "numbers measure the agents in those seats, not the seats (simulate rotates unless --no-rotate)"
    )


def _print_summary(summary: dict[str, Any]) -> None:
    console = Console()
    if not console.is_terminal:  # piped: do not squeeze agent specs into 80 columns
        console = Console(width=160)
    for game, s in summary["games"].items():
        table = Table(title=f"{game}: {s['games']} games, players {s['players']}")
        for col in ("agent", "seat-games", "win rate", "95% CI", "mean place", "mean score", "rating μ−3σ"):
            table.add_column(col, justify="left" if col == "agent" else "right", no_wrap=col == "agent")
        for agent, r in s["agents"].items():
            table.add_row(
                agent,
                str(r["seat_games"]),
                f"{r['win_rate']:.3f}",
                f"{r['ci95'][0]:.3f}–{r['ci95'][1]:.3f}",
                f"{r['mean_place']:.2f}",
                f"{r['score'].get('mean', 0.0):.2f}",
                f"{r['rating']['ordinal']:.2f}",
            )
        console.print(table)
        for players, seats in s["seats"].items():
            console.print(seat_line(players, seats, s["seat_rotation"][players]), soft_wrap=True)
        ln = s["length"]
        console.print(
            f"length: mean {ln['mean']:.1f}, median {ln['median']}, min {ln['min']:.0f}, max {ln['max']:.0f}"
        )
        for name, per in s["options"].items():
            for value, v in per.items():
                rates = ", ".join(f"{a} {r['win_rate']:.3f}" for a, r in v["agents"].items())
                console.print(f"option {name}={value}: {v['games']} games; {rates}")
