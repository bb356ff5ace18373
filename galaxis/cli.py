"""The ``galaxis`` command: list, rules, play, replay and bench here; simulate,
tournament and report from the arena, serve from the server, and the commands a
game adds (Káosz Galaktika's ``cards`` and ``deck``).

The command starts at once: this module imports only Typer and the engine's core.
Every other module is imported by the command that uses it, when it runs: the
server only for ``serve``, a game's rules only when that game is played or
asked about (``galaxis list`` imports only each game's declarative ``info.py``), the
arena's and the games' command modules only when one of their commands is
called. Their names and help lines are listed here (``LAZY_COMMANDS``) and in
the games' ``info.py`` (``COMMANDS``), so ``galaxis --help`` shows them without importing them.

Bad input of any kind (arguments, options, notation, files, Typer's own usage
errors) ends in a one-line message on stderr and exit code 2, never in a traceback.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

import galaxis
from galaxis.core.errors import BadMatchFile, BadOption, GalaxisError
from galaxis.core.messages import Catalogue
from galaxis.core.registry import game_commands, game_ids, game_info, get_game

TOOL = Catalogue.for_package(__name__)  # galaxis/data/messages.yaml

if TYPE_CHECKING:
    from galaxis.core import GameInfo

USAGE_ERROR = 2
INTERNAL_ERROR = 1
_settings = {"traceback": False}

# Commands defined in other modules: name -> (module with ``register(app)``, help line).
# ``tests/cli/test_cli_startup.py`` checks that each help line is the command's own.
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "simulate": (
        "galaxis.arena.cli",
        "Play many seeded games between agents and write one JSON line per game.",
    ),
    "tournament": ("galaxis.arena.cli", "Round-robin or gauntlet tournament with seat rotation."),
    "report": (
        "galaxis.arena.cli",
        "Win rates, ratings, seats, game lengths and score distributions of a results file.",
    ),
    "serve": ("galaxis.server.cli", "Serve the lobby, the browser client and the HTTP/WebSocket API."),
}


# --- errors --------------------------------------------------------------------


def one_line(text: object) -> str:
    return " ".join(str(text).split())


def _fail(message: str) -> NoReturn:
    """One line on stderr and exit code 2."""
    typer.echo(f"galaxis: error: {one_line(message)}", err=True)
    raise typer.Exit(USAGE_ERROR)


def _internal(exc: BaseException) -> NoReturn:
    typer.echo(
        "galaxis: internal error (a bug, please report it; --traceback shows details): "
        f"{type(exc).__name__}: {one_line(exc)}",
        err=True,
    )
    raise typer.Exit(INTERNAL_ERROR)


@contextmanager
def _user_errors(lang: str = "en", interrupted: str = "galaxis: interrupted") -> Iterator[None]:
    """Turns every error a user can provoke into one line and exit code 2 (the
    message in ``lang`` where the error has a translation).

    An unexpected exception is a bug: it is reported on one line with exit code 1,
    and ``galaxis --traceback ...`` shows the full traceback for the bug report.
    """
    try:
        yield
    except (typer.Exit, typer.Abort):
        raise
    except GalaxisError as exc:
        _fail(exc.localized(lang))
    except json.JSONDecodeError as exc:
        _fail(TOOL("bad_json", reason=exc.msg, line=exc.lineno, column=exc.colno).render(lang))
    except UnicodeDecodeError:
        _fail(TOOL("not_utf8").render(lang))
    except RecursionError:
        _fail(TOOL("too_deep_input").render(lang))
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        _fail(f"{where}{exc.strerror or exc}")
    except KeyboardInterrupt:
        typer.echo(interrupted, err=True)
        raise typer.Exit(130) from None
    except Exception as exc:
        if _settings["traceback"]:
            raise
        extra = EXTRA_OF.get((getattr(exc, "name", None) or "").split(".")[0])
        if isinstance(exc, ModuleNotFoundError) and extra is not None:
            _fail(missing_extra(str(exc.name), extra))
        _internal(exc)


# The optional packages and the extra that installs each (pyproject.toml).
EXTRA_OF = {
    "matplotlib": "reports",
    "numpy": "interop",
    "pettingzoo": "interop",
    "gymnasium": "interop",
    "pyspiel": "interop",
    "open_spiel": "interop",
    "ray": "distributed",
    "redis": "distributed",
    "psycopg": "distributed",
}


def missing_extra(module: str, extra: str) -> str:
    return f"this needs {module}, which is not installed; install the {extra} extra: pip install 'galaxis[{extra}]'"


class GalaxisGroup(TyperGroup):
    """The root command: loads the lazily registered commands when they are called,
    and reports every usage error (Typer's included) on one line with exit code 2."""

    def lazy(self) -> dict[str, tuple[str, str]]:
        return {**LAZY_COMMANDS, **game_commands()}

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return names + [name for name in self.lazy() if name not in names]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        lazy = self.lazy()
        if command is None and cmd_name in lazy:
            # A stand-in with the help line, for the command list of `galaxis --help`.
            return TyperCommand(name=cmd_name, help=lazy[cmd_name][1], callback=None)
        return command

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and args[0] in self.lazy():
            self.load(args[0])
        return super().resolve_command(ctx, args)

    def load(self, name: str) -> None:
        """Imports the module that defines ``name`` and adds its commands."""
        module = importlib.import_module(self.lazy()[name][0])
        sub = typer.Typer(rich_markup_mode=None)  # plain help, like the root command

        @sub.callback()
        def _group() -> None:  # a callback makes Typer build a group even for one command
            pass

        module.register(sub)
        group = typer.main.get_command(sub)
        for command_name, command in getattr(group, "commands", {}).items():
            self.commands.setdefault(command_name, command)

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        code = _run_root(
            lambda: super(GalaxisGroup, self).main(args, prog_name, complete_var, False, **extra)
        )
        if standalone_mode:
            sys.exit(code)
        return code


def _run_root(run: Callable[[], Any]) -> int:
    """Runs the root command; Typer's own errors become one line and exit code 2."""
    try:
        code = run()
    except typer.TyperException as exc:  # Typer's usage errors (a bad value, a missing option ...)
        if type(exc).__name__ == "NoArgsIsHelpError":  # `galaxis` alone, `galaxis deck`: the help
            typer.echo(exc.format_message())
            return 0
        typer.echo(f"galaxis: error: {one_line(exc.format_message())}", err=True)
        return USAGE_ERROR
    except typer.Abort:
        typer.echo("galaxis: aborted", err=True)
        return 130
    except RecursionError:
        typer.echo("galaxis: error: the input is nested too deeply", err=True)
        return USAGE_ERROR
    except Exception as exc:  # a command without its own error handling (a game's)
        if _settings["traceback"]:
            raise
        extra = EXTRA_OF.get((getattr(exc, "name", None) or "").split(".")[0])
        if isinstance(exc, ModuleNotFoundError) and extra is not None:
            typer.echo(f"galaxis: error: {missing_extra(str(exc.name), extra)}", err=True)
            return USAGE_ERROR
        try:
            _internal(exc)
        except typer.Exit as done:
            return done.exit_code
    return code if isinstance(code, int) else 0


app = typer.Typer(
    name="galaxis",
    cls=GalaxisGroup,
    help="Five space-themed tabletop games: play, replay, rules, benchmarks, the arena and the web service.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help text: Typer's rich help formatting costs a third of the start-up.
    rich_markup_mode=None,
)


class Lang(StrEnum):
    en = "en"
    hu = "hu"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"galaxis {galaxis.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    traceback: bool = typer.Option(
        False, "--traceback", help="Show the full traceback of an internal error."
    ),
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version and stop."
    ),
) -> None:
    _settings["traceback"] = traceback


# --- shared helpers ---------------------------------------------------------------

MAX_JSON_DEPTH = 100


def _depth(value: Any) -> int:
    """The nesting depth of a parsed JSON value, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return deepest


def parse_json(text: str, what: object = None) -> Any:
    """JSON text, refused in one line when it is nested deeper than anything galaxis writes."""
    where = TOOL("the_file") if what is None else what
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadMatchFile(TOOL("too_deep", what=where, limit=MAX_JSON_DEPTH)) from None
    if _depth(data) > MAX_JSON_DEPTH:
        raise BadMatchFile(TOOL("too_deep", what=where, limit=MAX_JSON_DEPTH))
    return data


def read_json_file(path: str) -> Any:
    return parse_json(Path(path).read_text(encoding="utf-8"), path)


def check_seed(seed: int | None) -> int | None:
    """The seed given on the command line, checked like the server checks it."""
    if seed is None:
        return None
    from galaxis.core import check_seed as core_check_seed

    return core_check_seed(seed)


def parse_options(items: list[str], info: GameInfo) -> dict[str, Any]:
    """``k=v`` pairs into an options dict; ``k=@file.json`` reads the value from a JSON file.

    Values stay strings (``resolve_options`` converts bools and ints) except choices
    whose values are not strings, which are matched by their printed form.
    """
    options: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise BadOption(TOOL("option_form", item=repr(item)))
        if key in options:
            raise BadOption(TOOL("option_twice", key=repr(key)))
        parsed: Any = value
        if value.startswith("@"):
            parsed = read_json_file(value[1:])
        else:
            spec = info.options.get(key)
            if spec is not None and spec.get("type") == "choice":
                parsed = next((c for c in spec["choices"] if str(c) == value), value)
        options[key] = parsed
    return options


def split_seats(text: str) -> list[str]:
    """``human,mcts:iters=200,c=1.4,random`` -> ``["human", "mcts:iters=200,c=1.4", "random"]``.

    Agent specs carry their parameters after commas too, so a piece that is a bare
    ``key=value`` continues the spec before it.
    """
    seats: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if seats and "=" in piece and ":" not in piece and ":" in seats[-1]:
            seats[-1] = f"{seats[-1]},{piece}"
        elif not piece:
            raise BadOption(TOOL("empty_seat", text=repr(text)))
        else:
            seats.append(piece)
    return seats


def game_name(info: GameInfo, lang: str) -> str:
    return info.name_hu if lang == "hu" and info.name_hu else info.name


# --- list and rules -------------------------------------------------------------------


def _option_summary(name: str, spec: dict[str, Any]) -> str:
    kind = spec.get("type", "?")
    if kind == "choice":
        kind = "|".join(str(c) for c in spec.get("choices", []))
    elif kind == "int" and ("min" in spec or "max" in spec):
        kind = f"int {spec.get('min', '')}..{spec.get('max', '')}"
    default = spec.get("default")
    shown = str(default).lower() if isinstance(default, bool) else str(default)
    return f"{name}={shown} ({kind})"


@app.command("list")
def list_games(
    as_json: bool = typer.Option(False, "--json", help="Print the game list as JSON."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of the names."),
) -> None:
    """List the games with their player counts and options."""
    with _user_errors(lang.value):
        infos = [game_info(g) for g in game_ids()]
        if as_json:
            typer.echo(json.dumps([info.to_json() for info in infos], indent=2, ensure_ascii=False))
            return
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table

        from galaxis.i18n import t

        table = Table(title=t("games", lang.value))
        for column in ("id", "name", "players", "options"):
            table.add_column(t(column, lang.value))
        for info in infos:
            options = ", ".join(_option_summary(k, v) for k, v in info.options.items())
            table.add_row(
                info.id,
                escape(game_name(info, lang.value)),
                f"{info.min_players}-{info.max_players}",
                escape(options or t("none", lang.value)),
            )
        Console(emoji=False).print(table)  # no emoji codes to look up


@app.command()
def rules(
    game: str = typer.Argument(..., help="Game id (see `galaxis list`)."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of the rules."),
) -> None:
    """Print the rules of a game."""
    with _user_errors(lang.value):
        typer.echo(get_game(game).rules_text(lang.value))


# --- play and replay (the terminal client, galaxis/terminal.py) ----------------------------


@app.command()
def play(
    game: str = typer.Argument(..., help="Game id (see `galaxis list`)."),
    seats: str = typer.Option(
        ...,
        "--seats",
        help="Comma-separated seats: human or an agent spec (random, heuristic, mcts:iters=500 ...). Their number sets the player count.",
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="Seed of the match (default: a random one, printed)."
    ),
    option: list[str] = typer.Option(
        [],
        "--option",
        "-o",
        help="A game option as key=value (repeatable); key=@file.json reads a JSON file.",
    ),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of the board and messages."),
    save: str | None = typer.Option(
        None,
        "--save",
        help="Write the match as JSON to this file at the end (also after quit), for `galaxis replay`.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print the bots' moves."),
    color: bool = typer.Option(
        True, "--color/--no-color", help="Colours for players and components (off when not a terminal)."
    ),
) -> None:
    """Play a game at the terminal against bots, hot-seat, or watch bots play."""
    with _user_errors(lang.value):
        from galaxis import terminal

        info = get_game(game).info
        seat_specs = split_seats(seats)
        options = parse_options(option, info)
        if save is not None and not Path(save).resolve().parent.is_dir():
            raise BadMatchFile(TOOL("no_folder_save", path=str(save)))
        terminal.play(game, seat_specs, check_seed(seed), options, lang.value, save, quiet, color)


@app.command()
def replay(
    file: str = typer.Argument(
        ...,
        help="A saved match: from `galaxis play --save`, the web page's download, or a line of `galaxis simulate` output.",
    ),
    to: int | None = typer.Option(None, "--to", help="Print the position after this many actions and stop."),
    final: bool = typer.Option(False, "--final", help="Print the final position and stop."),
    seat: int | None = typer.Option(None, "--seat", help="Show this seat's view instead of the spectator's."),
    line: int = typer.Option(1, "--line", help="Which line of a JSON Lines file to replay."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of the board and messages."),
    color: bool = typer.Option(
        True, "--color/--no-color", help="Colours for players and components (off when not a terminal)."
    ),
) -> None:
    """Step through a saved match (Enter = next, b = back, a number = jump, q = quit)."""
    with _user_errors(lang.value):
        from galaxis import terminal

        if to is not None and final:
            raise BadOption(TOOL("to_or_final"))
        terminal.replay(file, to, final, seat, line, lang.value, color)


# --- bench -------------------------------------------------------------------------------------


def run_bench(ids: list[str], seconds: float, seed: int, players: int | None, repeats: int) -> dict[str, Any]:
    """``galaxis.bench.measure`` with a progress bar on stderr."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from galaxis import bench

    for game_id in ids:
        get_game(game_id).validate_players(players if players is not None else bench.default_players(game_id))
    # No refresh thread: the bar is redrawn only between measurement slices, so it
    # costs the measured loops nothing.
    progress = Progress(
        TextColumn("{task.description:<28}"),
        BarColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        auto_refresh=False,
        transient=True,
    )
    with progress:
        task = progress.add_task("calibration", total=bench.planned_seconds(len(ids), seconds, repeats))

        def show(label: str, done: float) -> None:
            progress.update(task, description=label, completed=done)
            progress.refresh()

        return bench.measure(ids, seconds, seed, players, show, repeats)


def _bench_table(results: dict[str, Any], budgets: dict[str, float], verdicts: dict[str, bool | None]) -> Any:
    from rich import box
    from rich.table import Table

    from galaxis.i18n import t

    table = Table(
        title=f"{t('calibration')}: {results['calibration']['steps_per_s']:,.0f} steps/s",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    keys = ("game", "steps", "clones", "determinizations", "observations", "ratio")
    for key in (*keys, "verdict"):
        table.add_column(t(key), justify="left" if key == "game" else "right", no_wrap=True)
    for game_id, n in results["games"].items():
        verdict = verdicts[game_id]
        shown = (
            t("no_budget") if verdict is None else ("[green]PASS[/green]" if verdict else "[red]FAIL[/red]")
        )
        table.add_row(
            f"{game_id} ({n['players']})",
            f"{n['steps_per_s']:.0f}",
            *(f"{1e6 / n[k]:,.0f}" for k in ("clones_per_s", "determinizations_per_s", "observations_per_s")),
            f"{n['ratio_vs_calibration']:.2f} {n['ratio_min']:.2f}-{n['ratio_max']:.2f}",
            shown,
        )
    return table


@app.command("bench")
def bench_command(
    games: list[str] | None = typer.Argument(None, help="Game ids (default: every registered game)."),
    json_out: str | None = typer.Option(None, "--json", help="Write the results as JSON to this file."),
    seconds: float = typer.Option(
        2.0,
        "--seconds",
        min=0.05,
        help="CPU seconds of self-play per game and repeat (and as much calibration, interleaved); "
        "clones, determinizations and observations take a quarter each.",
    ),
    repeats: int = typer.Option(
        3, "--repeat", min=1, help="Repeats; a game's ratio is their median, shown with its spread."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the random play."),
    players: int | None = typer.Option(
        None,
        "--players",
        help="Player count for every game (default: the one in benchmarks/speed.py PLAYERS, else 4 or the nearest allowed).",
    ),
    check: bool = typer.Option(
        False, "--check", help="Exit with code 1 when a game misses its speed budget."
    ),
) -> None:
    """Measure random self-play, clone, determinize and observation speed (CPU time) against OpenSpiel's tic-tac-toe."""
    from rich.console import Console
    from rich.markup import escape

    from galaxis import bench
    from galaxis.i18n import t

    with _user_errors():
        ids = list(dict.fromkeys(games)) if games else game_ids()
        for game_id in ids:
            get_game(game_id)
        if json_out is not None and not Path(json_out).resolve().parent.is_dir():
            raise BadMatchFile(TOOL("no_folder_write", path=str(json_out)))
        results = run_bench(ids, seconds, seed, players, repeats)
        budgets = bench.load_budgets()
        verdicts = bench.verdicts(results, budgets)
        console = Console()
        console.print(_bench_table(results, budgets, verdicts))
        for game_id, ok in verdicts.items():
            if ok is False:
                ratio = results["games"][game_id]["ratio_vs_calibration"]
                console.print(
                    escape(t("bench_fail", game=game_id, ratio=ratio, budget=budgets[game_id])), style="red"
                )
        if json_out is not None:
            Path(json_out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
            typer.echo(t("bench_written", path=json_out))
    if check and any(ok is False for ok in verdicts.values()):
        raise typer.Exit(1)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``galaxis`` console script."""
    app(args=argv, prog_name="galaxis")


def game_command_help(game_module: str) -> dict[str, str]:
    """The commands a game's ``cli.py`` adds, with their help lines (a test compares them with its ``info.py``)."""
    if importlib.util.find_spec(f"{game_module}.cli") is None:
        return {}
    sub = typer.Typer()

    @sub.callback()
    def _group() -> None:
        pass

    importlib.import_module(f"{game_module}.cli").register(sub)
    group = typer.main.get_command(sub)
    return {
        name: command.get_short_help_str(limit=300)
        for name, command in getattr(group, "commands", {}).items()
    }
