"""The ``galaxis`` command: list, play, replay, rules and bench (the arena adds
simulate, report and tournament through ``galaxis.arena.cli.register``).

Everything goes through the public API, so every registered game works here
without game-specific code: the board comes from ``render_text``, the moves
from ``legal_actions`` and ``describe``, the rules from ``rules_text``.

Bad input of any kind (arguments, options, notation, files) ends in a one-line
message on stderr and exit code 2, never in a traceback.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import galaxis
from galaxis.core import Action, GalaxisError, GameInfo, IllegalAction, Match, get_game
from galaxis.core import games as all_games
from galaxis.core.agent import Agent
from galaxis.core.errors import BadMatchFile, BadOption
from galaxis.core.registry import GAME_MODULES, game_ids
from galaxis.i18n import HELP_WORDS, QUIT_WORDS, t

app = typer.Typer(
    name="galaxis",
    help="Five space-themed tabletop games: play, replay, rules, benchmarks and the arena.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

USAGE_ERROR = 2
_settings = {"traceback": False}


class Lang(StrEnum):
    en = "en"
    hu = "hu"


# --- errors --------------------------------------------------------------------


def _fail(message: str) -> NoReturn:
    """One line on stderr and exit code 2."""
    typer.echo(f"galaxis: error: {' '.join(str(message).split())}", err=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turns every error a user can provoke into one line and exit code 2.

    An unexpected exception is a bug: it is reported on one line with exit code 1,
    and ``galaxis --traceback ...`` shows the full traceback for the bug report.
    """
    try:
        yield
    except (typer.Exit, typer.Abort):
        raise
    except GalaxisError as exc:
        _fail(str(exc))
    except json.JSONDecodeError as exc:
        _fail(f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
    except UnicodeDecodeError:
        _fail("the file is not UTF-8 text")
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        _fail(f"{where}{exc.strerror or exc}")
    except KeyboardInterrupt:
        typer.echo("galaxis: interrupted", err=True)
        raise typer.Exit(130) from None
    except Exception as exc:
        if _settings["traceback"]:
            raise
        typer.echo(
            f"galaxis: internal error (a bug, please report it; --traceback shows details): "
            f"{type(exc).__name__}: {' '.join(str(exc).split())}",
            err=True,
        )
        raise typer.Exit(1) from None


@app.callback()
def _root(
    traceback: bool = typer.Option(
        False, "--traceback", help="Show the full traceback of an internal error."
    ),
) -> None:
    _settings["traceback"] = traceback


# --- shared helpers ---------------------------------------------------------------


def _read_json_file(path: str) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


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
            raise BadOption(f"options look like key=value, not {item!r}")
        if key in options:
            raise BadOption(f"option {key!r} is given twice")
        parsed: Any = value
        if value.startswith("@"):
            parsed = _read_json_file(value[1:])
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
            raise BadOption(f"empty seat in --seats {text!r}")
        else:
            seats.append(piece)
    return seats


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _label(seat: int, labels: list[str] | None, lang: str) -> str:
    if labels and seat < len(labels):
        agent = t("human", lang) if labels[seat] == "human" else labels[seat]
        return t("seat_agent", lang, seat=seat, agent=agent)
    return t("seat", lang, seat=seat)


def _print_result(console: Console, match: Match, labels: list[str] | None, lang: str) -> None:
    result = match.result
    table = Table(title=t("result", lang))
    table.add_column(t("place", lang), justify="right")
    table.add_column(t("player", lang))
    table.add_column(t("score", lang), justify="right")
    place = 1
    for group in result.ranking:
        for seat in group:
            table.add_row(str(place), escape(_label(seat, labels, lang)), _number(result.scores[seat]))
        place += len(group)
    console.print(table)


def _game_name(info: GameInfo, lang: str) -> str:
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
    with _user_errors():
        infos = all_games()
        if as_json:
            typer.echo(json.dumps([info.to_json() for info in infos], indent=2, ensure_ascii=False))
            return
        table = Table(title=t("games", lang.value))
        for column in ("id", "name", "players", "options"):
            table.add_column(t(column, lang.value))
        for info in infos:
            options = ", ".join(_option_summary(k, v) for k, v in info.options.items())
            table.add_row(
                info.id,
                escape(_game_name(info, lang.value)),
                f"{info.min_players}-{info.max_players}",
                escape(options or t("none", lang.value)),
            )
        Console().print(table)


@app.command()
def rules(
    game: str = typer.Argument(..., help="Game id (see `galaxis list`)."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of the rules."),
) -> None:
    """Print the rules of a game."""
    with _user_errors():
        typer.echo(get_game(game).rules_text(lang.value))


# --- play -------------------------------------------------------------------------------

Reader = Callable[[str], str]


def _read_line(prompt: str) -> str:
    """One line from stdin; echoed when stdin is not a terminal, so piped sessions read well."""
    line = input(prompt)
    if not sys.stdin.isatty():
        typer.echo(line)
    return line


def _next_seat(to_move: tuple[int, ...], last: int, players: int) -> int:
    """The first seat in ``to_move`` after ``last`` in table order, so that in a
    simultaneous phase every seat gets its turn instead of one seat acting forever."""
    for step in range(1, players + 1):
        seat = (last + step) % players
        if seat in to_move:
            return seat
    raise GalaxisError(f"the match is not over but nobody is to move (to_move={to_move!r})")


def _visible_to(match: Match, seat: int, action: Action, viewers: list[int]) -> bool:
    """Whether every seat in ``viewers`` can tell from its own observation which action
    ``seat`` chose. A secret choice (a hidden bid) must not be printed on a screen those
    players share: a log line would leak what the game itself hides."""
    viewers = [v for v in viewers if v != seat]
    if not viewers:
        return True
    outcomes: dict[str, list[Any]] = {}
    for option in match.legal_actions(seat):
        child = match.clone()
        child.apply(seat, option)
        outcomes[option.notation] = [child.observation(v) for v in viewers]
    chosen = outcomes[action.notation]
    return all(
        any(mine != theirs for mine, theirs in zip(chosen, other, strict=True))
        for notation, other in outcomes.items()
        if notation != action.notation
    )


def _move_line(match: Match, who: str, action: Action, lang: str) -> str:
    description = match.describe(action, lang)
    if description and description != action.notation:
        return t("bot_move", lang, who=who, notation=action.notation, description=description)
    return t("bot_move_plain", lang, who=who, notation=action.notation)


def _print_actions(match: Match, seat: int, lang: str) -> None:
    legal = match.legal_actions(seat)
    typer.echo(t("legal_actions", lang))
    width = max((len(a.notation) for a in legal), default=0)
    digits = len(str(len(legal)))
    for i, action in enumerate(legal, 1):
        description = match.describe(action, lang)
        extra = f"  {description}" if description and description != action.notation else ""
        typer.echo(f"  {i:>{digits}}. {action.notation:<{width}}{extra}".rstrip())


def _ask_human(match: Match, seat: int, lang: str, read: Reader) -> Action | None:
    """Shows the seat's own view and asks until it gives a legal action (None: quit)."""
    typer.echo(match.render_text(seat, lang))
    typer.echo(t("your_turn", lang, seat=seat))
    _print_actions(match, seat, lang)
    typer.echo(t("input_help", lang))
    legal = match.legal_actions(seat)
    while True:
        try:
            text = read(t("prompt", lang, seat=seat)).strip()
        except EOFError:
            return None
        if not text:
            continue
        word = text.lower()
        if word in HELP_WORDS:
            _print_actions(match, seat, lang)
            continue
        if word in QUIT_WORDS:
            return None
        if text.isascii() and text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                typer.echo(t("bad_number", lang, number=number, count=len(legal)))
                continue
            return legal[number - 1]
        try:
            return match.find_action(seat, text)
        except IllegalAction as exc:
            if exc.rule:
                typer.echo(t("illegal_rule", lang, reason=exc.reason, rule=exc.rule))
            else:
                typer.echo(t("illegal", lang, reason=exc.reason))


def _hand_over(console: Console, seat: int, lang: str, read: Reader) -> None:
    """Between two human seats at one screen: a clear separator and, at a real
    terminal, a pause and a cleared screen so the next player never sees the last
    player's private view."""
    console.rule(f"[bold]{escape(t('handover', lang, seat=seat))}[/bold]")
    if sys.stdin.isatty() and sys.stdout.isatty():
        console.clear()
        read(t("handover_wait", lang, seat=seat))
        console.clear()


def run_match(
    match: Match,
    seats: list[str],
    agents: dict[int, Agent],
    lang: str = "en",
    quiet: bool = False,
    read: Reader = _read_line,
) -> bool:
    """Plays ``match`` to the end with humans at the terminal and bots; False if a human quit."""
    console = Console()
    humans = [s for s, spec in enumerate(seats) if spec == "human"]
    last_seat = -1
    last_human: int | None = None
    while not match.is_over:
        seat = _next_seat(match.to_move, last_seat, match.num_players)
        last_seat = seat
        who = _label(seat, seats, lang)
        if seat in agents:
            action = agents[seat].act(match, seat)
            chosen = match.find_action(seat, action)
            shown = not quiet and _visible_to(match, seat, chosen, humans)
            line = _move_line(match, who, chosen, lang) if shown else ""
            match.apply(seat, chosen)
            if line:
                typer.echo(line)
            continue
        if len(humans) > 1 and seat != last_human:
            _hand_over(console, seat, lang, read)
        last_human = seat
        picked = _ask_human(match, seat, lang, read)
        if picked is None:
            return False
        # In hot-seat, repeating a secret choice on the shared screen would leak it.
        line = _move_line(match, who, picked, lang) if _visible_to(match, seat, picked, humans) else ""
        match.apply(seat, picked)
        if line:
            typer.echo(line)
    return True


def _save(match: Match, seats: list[str], path: str, lang: str) -> None:
    data = match.to_json()
    data["seats"] = seats
    Path(path).write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
    typer.echo(t("saved", lang, path=path))


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
        None, "--save", help="Write the match as JSON to this file at the end (also after quit)."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print the bots' moves."),
) -> None:
    """Play a game at the terminal against bots, hot-seat, or watch bots play."""
    with _user_errors():
        info = get_game(game).info
        seat_specs = split_seats(seats)
        options = parse_options(option, info)
        if save is not None and not Path(save).resolve().parent.is_dir():
            raise BadMatchFile(f"cannot save to {save}: the folder does not exist")
        the_seed = seed if seed is not None else secrets.randbelow(1_000_000)
        match = galaxis.new_match(game, len(seat_specs), the_seed, options)
        agents = {
            s: galaxis.agent(spec, seed=the_seed * 1000 + s)
            for s, spec in enumerate(seat_specs)
            if spec != "human"
        }
        lang_code = lang.value
        typer.echo(
            t("seed", lang_code, game=_game_name(info, lang_code), players=len(seat_specs), seed=the_seed)
        )
        finished = run_match(match, seat_specs, agents, lang_code, quiet)
        console = Console()
        if finished:
            typer.echo(match.render_text(None, lang_code))
            console.print(f"[bold]{escape(t('game_over', lang_code))}[/bold]")
            _print_result(console, match, seat_specs, lang_code)
        else:
            typer.echo(t("quit", lang_code, moves=len(match.history)))
        if save is not None:
            _save(match, seat_specs, save, lang_code)


# --- replay ---------------------------------------------------------------------------------


class Recording:
    """A saved match: a ``Match.to_json()`` file or one line of ``galaxis simulate`` output."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise BadMatchFile("a saved match is a JSON object")
        game = data.get("game", data.get("game_id"))
        seats = data.get("seats", data.get("agents"))
        self.labels = [str(s) for s in seats] if isinstance(seats, list) else None
        players = data.get("players", len(seats) if isinstance(seats, list) else None)
        history = data.get("history")
        if not isinstance(game, str) or not isinstance(players, int) or "seed" not in data:
            raise BadMatchFile("a saved match needs 'game', 'seed' and 'players' (or 'seats')")
        if not isinstance(history, list):
            raise BadMatchFile("this record has no 'history' of actions, so there is nothing to replay")
        self.game, self.players, self.seed = game, players, data["seed"]
        self.options = data.get("options") or {}
        self.saved_state = data.get("state")
        self.history: list[tuple[int, str]] = []
        for i, entry in enumerate(history):
            if not (isinstance(entry, list | tuple) and len(entry) == 2 and isinstance(entry[0], int)):
                raise BadMatchFile(f"history entry {i} is not a [seat, notation] pair")
            self.history.append((entry[0], str(entry[1])))
        self._check()

    def _check(self) -> None:
        """Replays the whole history once, so a damaged file fails with the first bad action."""
        match = galaxis.new_match(self.game, self.players, self.seed, self.options)
        for i, (seat, notation) in enumerate(self.history):
            try:
                match.apply(seat, notation)
            except IllegalAction as exc:
                raise BadMatchFile(
                    f"action {i + 1} of the history ({seat}: {notation!r}) is illegal: {exc}"
                ) from None
        self.final = match

    def position(self, index: int, lang: str = "en") -> tuple[Match, tuple[int, str, str] | None]:
        """The match after ``index`` actions, and the last action (seat, notation, words)."""
        if index == 0:
            return galaxis.replay(self.game, self.seed, self.players, self.options, []), None
        before = galaxis.replay(self.game, self.seed, self.players, self.options, self.history[: index - 1])
        seat, notation = self.history[index - 1]
        # The legal Action (not the bare notation) carries what describe() needs.
        action = before.find_action(seat, notation)
        words = before.describe(action, lang)
        before.apply(seat, action)
        return before, (seat, notation, words)


def _load_recording(path: str, line: int) -> Recording:
    text = Path(path).read_text(encoding="utf-8")
    try:
        return Recording(json.loads(text))
    except json.JSONDecodeError:
        rows = [row for row in text.splitlines() if row.strip()]
        if len(rows) < 2:
            raise
    if not 1 <= line <= len(rows):
        raise BadMatchFile(f"{path} has {len(rows)} lines; --line must be between 1 and {len(rows)}")
    return Recording(json.loads(rows[line - 1]))


def _show_position(recording: Recording, index: int, seat: int | None, lang: str) -> Match:
    match, last = recording.position(index, lang)
    total = len(recording.history)
    Console().rule(escape(t("position", lang, index=index, total=total)))
    if last is None:
        typer.echo(t("start", lang))
    else:
        who = _label(last[0], recording.labels, lang)
        words = f" ({last[2]})" if last[2] and last[2] != last[1] else ""
        typer.echo(t("last_action", lang, move=f"{who}: {last[1]}{words}"))
    typer.echo(match.render_text(seat, lang))
    if match.is_over:
        _print_result(Console(), match, recording.labels, lang)
    return match


def _replay_interactive(recording: Recording, seat: int | None, lang: str, read: Reader) -> None:
    total = len(recording.history)
    index = 0
    _show_position(recording, index, seat, lang)
    while True:
        try:
            text = read(t("replay_prompt", lang)).strip().lower()
        except EOFError:
            return
        if text in ("q", *QUIT_WORDS):
            return
        if text == "":
            if index == total:
                typer.echo(t("replay_end", lang))
                continue
            index += 1
        elif text == "b":
            if index == 0:
                typer.echo(t("replay_start", lang))
                continue
            index -= 1
        elif text.isascii() and text.isdigit() and int(text) <= total:
            index = int(text)
        else:
            typer.echo(t("replay_bad", lang, total=total))
            continue
        _show_position(recording, index, seat, lang)


@app.command()
def replay(
    file: str = typer.Argument(
        ..., help="A saved match (galaxis play --save) or a JSON line of galaxis simulate."
    ),
    to: int | None = typer.Option(None, "--to", help="Print the position after this many actions and stop."),
    final: bool = typer.Option(False, "--final", help="Print the final position and stop."),
    seat: int | None = typer.Option(None, "--seat", help="Show this seat's view instead of the spectator's."),
    line: int = typer.Option(1, "--line", help="Which line of a JSON Lines file to replay."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of the board and messages."),
) -> None:
    """Step through a saved match (Enter = next, b = back, a number = jump, q = quit)."""
    with _user_errors():
        if to is not None and final:
            raise BadOption("give either --to or --final, not both")
        recording = _load_recording(file, line)
        if seat is not None and not 0 <= seat < recording.players:
            raise BadOption(f"--seat must be between 0 and {recording.players - 1}, not {seat}")
        total = len(recording.history)
        if to is not None and not 0 <= to <= total:
            raise BadOption(f"--to must be between 0 and {total}, not {to}")
        if (
            final
            and recording.saved_state is not None
            and recording.final.state.to_json() != recording.saved_state
        ):
            typer.echo("galaxis: warning: the saved state differs from the replayed history", err=True)
        if final or to is not None:
            _show_position(recording, total if final else int(to or 0), seat, lang.value)
            return
        _replay_interactive(recording, seat, lang.value, _read_line)


# --- bench -------------------------------------------------------------------------------------


def run_bench(ids: list[str], seconds: float, seed: int, players: int | None) -> dict[str, Any]:
    """``galaxis.bench.measure`` with a progress bar on stderr."""
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
        task = progress.add_task("calibration", total=bench.planned_seconds(len(ids), seconds))

        def show(label: str, done: float) -> None:
            progress.update(task, description=label, completed=done)
            progress.refresh()

        return bench.measure(ids, seconds, seed, players, show)


def _bench_table(
    results: dict[str, Any], budgets: dict[str, float], verdicts: dict[str, bool | None]
) -> Table:
    table = Table(
        title=f"{t('calibration')}: {results['calibration']['steps_per_s']:,.0f} steps/s", box=box.SIMPLE_HEAD
    )
    for key in ("game", "steps", "games_s", "clones", "observations", "ratio", "budget", "verdict"):
        table.add_column(t(key), justify="left" if key == "game" else "right", no_wrap=True)
    for game_id, n in results["games"].items():
        verdict = verdicts[game_id]
        shown = (
            t("no_budget") if verdict is None else ("[green]PASS[/green]" if verdict else "[red]FAIL[/red]")
        )
        budget = budgets.get(game_id)
        table.add_row(
            game_id,
            f"{n['steps_per_s']:,.0f}",
            f"{n['games_per_s']:,.2f}",
            f"{n['clones_per_s']:,.0f}",
            f"{n['observations_per_s']:,.0f}",
            f"{n['ratio_vs_calibration']:.2f}",
            "-" if budget is None else f"{budget:.2f}",
            shown,
        )
    return table


@app.command("bench")
def bench_command(
    games: list[str] | None = typer.Argument(None, help="Game ids (default: every registered game)."),
    json_out: str | None = typer.Option(None, "--json", help="Write the results as JSON to this file."),
    seconds: float = typer.Option(
        5.0,
        "--seconds",
        min=0.05,
        help="Seconds of self-play per game (and of the calibration); clones and observations take a quarter each.",
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the random play."),
    players: int | None = typer.Option(
        None, "--players", help="Player count for every game (default: 4, or the nearest allowed)."
    ),
    check: bool = typer.Option(
        False, "--check", help="Exit with code 1 when a game misses its speed budget."
    ),
) -> None:
    """Measure random self-play, clone and observation speed against OpenSpiel's tic-tac-toe."""
    from galaxis import bench

    with _user_errors():
        ids = list(dict.fromkeys(games)) if games else game_ids()
        for game_id in ids:
            get_game(game_id)
        if json_out is not None and not Path(json_out).resolve().parent.is_dir():
            raise BadMatchFile(f"cannot write {json_out}: the folder does not exist")
        results = run_bench(ids, seconds, seed, players)
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


# --- the arena's commands ------------------------------------------------------------------------


def _register_arena() -> None:
    """The arena worker's commands (simulate, report, tournament) live in their own module."""
    try:
        found = importlib.util.find_spec("galaxis.arena.cli") is not None
    except ModuleNotFoundError:
        found = False
    if found:
        importlib.import_module("galaxis.arena.cli").register(app)


_register_arena()
if importlib.util.find_spec("galaxis.server.cli") is not None:  # the web service's `serve`
    importlib.import_module("galaxis.server.cli").register(app)
for _module in GAME_MODULES.values():  # a game may add its own commands (kaosz: `cards`, `deck`)
    if importlib.util.find_spec(f"{_module}.cli") is not None:
        importlib.import_module(f"{_module}.cli").register(app)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``galaxis`` console script."""
    app(args=argv, prog_name="galaxis")
