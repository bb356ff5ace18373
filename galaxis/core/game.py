"""What a game definition provides, and the game-agnostic pieces it uses.

A game is one ``Game`` subclass instance (stateless: all state is in a
``Record``). ``Match`` drives it; agents, the CLI, the server and the RL
adapters only ever talk to ``Match``.

A game's rules class writes the rules; its views, bot and encoder live in modules of their own,
which the class names in its ``hooks`` table (``{"render_svg": ".svg:render_svg", ...}``) instead
of writing methods that import and call them. Every ``Game`` method decorated with ``@hook`` calls
what the table names (imported on first use), or keeps its default when the table names nothing.
"""

from __future__ import annotations

import functools
import importlib
import json
import math
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Concatenate, ParamSpec, TypeVar, cast

from galaxis.core.actions import Action
from galaxis.core.client import (
    PALETTE,
    Choice,
    ScoreBreakdown,
    ScoreRow,
    SeatPanel,
    default_tie_break,
    join_seats,
    seat_ref,
)
from galaxis.core.errors import BadOption, IllegalAction
from galaxis.core.messages import CORE
from galaxis.core.record import Record
from galaxis.core.rng import Rng

if TYPE_CHECKING:
    from galaxis.core.agent import Agent

Event = dict[str, Any]

OPTION_TYPES = ("bool", "int", "choice")

# The named playing levels every game offers (agent specs ``easy`` ... ``expert``), weakest first.
LEVELS = ("easy", "normal", "hard", "expert")
# What a level plays in a game that declares no levels of its own (see ``Game.agent_levels``).
DEFAULT_LEVELS = {
    "easy": "noisy:eps=0.3",
    "normal": "heuristic",
    "hard": "guided:ms=1000",
    "expert": "guided:ms=3000",
}

P = ParamSpec("P")
R = TypeVar("R")
G = TypeVar("G", bound="Game")

# The names of the hookable ``Game`` methods (filled by ``@hook`` and ``@factory_hook``).
HOOKS: set[str] = set()
# Each ``@hook`` method's own body, which runs when a game's table names nothing for it.
_DEFAULTS: dict[str, Callable[..., Any]] = {}


@dataclass(frozen=True)
class GameInfo:
    """Declarative facts about a game (the registry lists these).

    Each option spec is ``{"type": "bool"|"int"|"choice", "default": ...}`` (with
    ``min``/``max`` or ``choices``) plus what the lobby shows: ``label``/``label_hu``
    (human words), ``help``/``help_hu`` (one sentence) and ``advanced: true`` for
    options folded away by default; a choice option may give ``choice_labels``
    (``{value: {"en": ..., "hu": ...}}``). ``minutes``: playing time (low, high).
    ``fixed_by``: another option whose choice decides this one, e.g. a scenario's rules
    (``{"option": "scenario", "unless": {other_option: choice}, "values": {choice: {"value": v,
    "reason": {"en": ..., "hu": ...}}}}``): the lobby shows it with that value, greyed out, with
    the reason; the game itself enforces it (a ``BadOption`` with the same reason).

    ``legacy``: the value an option takes when a *recorded* set of options (a saved match,
    a match the server stored, a results line) lacks it, i.e. the value that reproduces the
    rules played before the option existed or before its default changed (default:
    ``default``). Records written since hold every option, so it only ever fills older ones
    (``resolve_options(..., recorded=True)``; docs/architecture.md "Saved matches across
    rule changes")."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    name_hu: str = ""
    summary: str = ""
    hidden_information: bool = True
    simultaneous: bool = False
    # The keys of the ``setup`` option (a fixed arrangement) the game reads; others are refused.
    setup_keys: tuple[str, ...] = ()
    summary_hu: str = ""
    minutes: tuple[int, int] = (0, 0)
    # the ``setup`` key whose ``{seat: deck text}`` a match's decks come from, for a game
    # with a card browser and deck builder (``Game.card_pool``); the lobby offers saved decks
    deck_setup: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "setup_keys", tuple(self.setup_keys))  # also when read from JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "name_hu": self.name_hu or self.name,
            "summary": self.summary,
            "summary_hu": self.summary_hu or self.summary,
            "minutes": list(self.minutes),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": {k: dict(v) for k, v in self.options.items()},
            "hidden_information": self.hidden_information,
            "setup_keys": list(self.setup_keys),
            "deck_setup": self.deck_setup,
        }


@dataclass
class Result:
    """Final scores (one per seat) and the ranking as groups of tied seats, best first."""

    scores: list[float]
    ranking: list[list[int]]
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": [list(g) for g in self.ranking],
            "details": self.details,
        }

    def rank_of(self, seat: int) -> int:
        """0 for the best group, 1 for the next, ..."""
        for i, group in enumerate(self.ranking):
            if seat in group:
                return i
        raise ValueError(f"seat {seat} is not ranked")


def rank_by_keys(keys: Sequence[Sequence[float]]) -> list[list[int]]:
    """Groups seats by equal sort keys, largest key first (ties share a group)."""
    order = sorted(range(len(keys)), key=lambda s: tuple(keys[s]), reverse=True)
    groups: list[list[int]] = []
    last: tuple[float, ...] | None = None
    for seat in order:
        key = tuple(keys[seat])
        if groups and key == last:
            groups[-1].append(seat)
        else:
            groups.append([seat])
        last = key
    for g in groups:
        g.sort()
    return groups


# Bounds on a ``setup`` value, checked before a game reads it: a fixed arrangement is
# a few deck orders or deck texts, never megabytes (a game only sees what passed).
SETUP_MAX_NODES = 5_000
SETUP_MAX_DEPTH = 6
SETUP_MAX_STRING = 16_000
SETUP_MAX_INT = 2**53 - 1


def _coerce_bool(name: str, value: Any, strict: bool) -> bool:
    if isinstance(value, bool):
        return value
    if not strict:
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.strip().lower() in ("1", "true", "yes", "on"):
            return True
        if isinstance(value, str) and value.strip().lower() in ("0", "false", "no", "off"):
            return False
    raise BadOption(CORE("option_bool", name=repr(name), value=repr(value)))


def _coerce_int(name: str, spec: dict[str, Any], value: Any, strict: bool) -> int:
    wrong = BadOption(CORE("option_int", name=repr(name), value=repr(value)))
    if isinstance(value, float) and value.is_integer():  # JSON's 3.0 is the integer 3
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int | str) or (strict and isinstance(value, str)):
        raise wrong
    if isinstance(value, str):
        text = value.strip()
        if not (text.isdigit() or (text[:1] in "+-" and text[1:].isdigit())) or len(text) > 20:
            raise wrong
        value = int(text)
    lo, hi = spec.get("min"), spec.get("max")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise BadOption(CORE("option_range", name=repr(name), lo=lo, hi=hi, value=value))
    return int(value)


def check_setup_size(value: Any, where: str = "setup") -> None:
    """Refuses a ``setup`` value beyond the generic bounds (nodes, depth, string length,
    integers), before any game code reads it: ``BadOption`` naming the first excess."""
    nodes = 0
    stack: list[tuple[Any, int, str]] = [(value, 0, where)]
    while stack:
        item, depth, path = stack.pop()
        nodes += 1
        if nodes > SETUP_MAX_NODES:
            raise BadOption(CORE("setup_too_large", limit=SETUP_MAX_NODES))
        if depth > SETUP_MAX_DEPTH:
            raise BadOption(CORE("setup_too_deep", path=path, limit=SETUP_MAX_DEPTH))
        if isinstance(item, dict):
            for k, v in item.items():
                if not isinstance(k, str | int) or len(str(k)) > 64:
                    raise BadOption(CORE("setup_keys_short", path=path))
                stack.append((v, depth + 1, f"{path}.{k}"))
        elif isinstance(item, list | tuple):
            stack.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(item))
        elif isinstance(item, str):
            if len(item) > SETUP_MAX_STRING:
                raise BadOption(CORE("setup_string_long", path=path, limit=SETUP_MAX_STRING))
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if abs(item) > SETUP_MAX_INT:
                raise BadOption(CORE("setup_out_of_range", path=path, value=str(item)))
        elif isinstance(item, float):
            if not math.isfinite(item) or abs(item) > SETUP_MAX_INT:
                raise BadOption(CORE("setup_out_of_range", path=path, value=str(item)))
        else:
            raise BadOption(CORE("setup_not_json", path=path))


def _resolve_setup(info: GameInfo, setup: Any) -> dict[str, Any]:
    if isinstance(setup, str):
        if len(setup) > SETUP_MAX_STRING * 4:
            raise BadOption(CORE("setup_text_long", limit=SETUP_MAX_STRING * 4))
        try:
            setup = json.loads(setup)
        except (json.JSONDecodeError, RecursionError) as exc:
            msg = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
            raise BadOption(CORE("setup_bad_json", reason=msg)) from None
    if not isinstance(setup, dict):
        raise BadOption(CORE("setup_type"))
    unknown = sorted(str(k) for k in setup if k not in info.setup_keys)
    if unknown:
        known: object = ", ".join(info.setup_keys) if info.setup_keys else CORE("setup_no_keys")
        raise BadOption(CORE("setup_unknown_keys", names=", ".join(unknown), game=info.id, known=known))
    check_setup_size(setup)
    return setup


def resolve_options(
    info: GameInfo, options: dict[str, Any] | None, *, strict: bool = False, recorded: bool = False
) -> dict[str, Any]:
    """Checks options against the game's schema and fills in defaults.

    ``strict`` (the HTTP API, saved matches): every value must already have its
    type (``true``, ``3``); otherwise values given as strings (the command line's
    ``--option k=v``) are converted. ``setup`` (a fixed arrangement) is accepted
    as a JSON object or a JSON string with the keys the game declares
    (``GameInfo.setup_keys``) and within ``check_setup_size``; the game itself
    validates its content. ``recorded``: ``options`` are those a match was played
    with (a saved file, a stored match): an option missing from them did not exist yet
    when it was recorded and takes its ``legacy`` value, which plays the rules of then.
    """
    if not isinstance(options, dict | None):
        raise BadOption(CORE("options_type"))
    given = dict(options or {})
    resolved: dict[str, Any] = {}
    for name, spec in info.options.items():
        value = given.pop(name, spec.get("legacy", spec["default"]) if recorded else spec["default"])
        kind = spec["type"]
        if kind == "bool":
            value = _coerce_bool(name, value, strict)
        elif kind == "int":
            value = _coerce_int(name, spec, value, strict)
        elif kind == "choice" and not any(type(value) is type(c) and value == c for c in spec["choices"]):
            choices = ", ".join(str(c) for c in spec["choices"])
            raise BadOption(CORE("option_choice", name=repr(name), choices=choices, value=repr(value)))
        resolved[name] = value
    setup = given.pop("setup", None)
    if given:
        known = ", ".join(sorted([*info.options, "setup"]))
        names = ", ".join(sorted(map(str, given)))
        raise BadOption(CORE("unknown_options", names=names, game=info.id, known=known))
    if setup is not None:
        resolved["setup"] = _resolve_setup(info, setup)
    return resolved


def hook(default: Callable[Concatenate[G, P], R]) -> Callable[Concatenate[G, P], R]:
    """Makes a ``Game`` method a hook: it calls the function the game's ``hooks`` table names
    for it, with the game followed by the method's own arguments
    (``render_svg(game, state, seat, lang)``), or runs ``default`` when the table names none.
    A game may still override the method itself; an implementation that wants the default
    calls ``Game.default_of(name)``. A new hook is one decorated method here."""
    name = default.__name__
    HOOKS.add(name)
    _DEFAULTS[name] = default

    @functools.wraps(default)
    def dispatch(game: G, /, *args: P.args, **kwargs: P.kwargs) -> R:
        impl = game.implementation(name)
        if impl is None:
            return default(game, *args, **kwargs)
        result: R = impl(game, *args, **kwargs)
        return result

    return dispatch


def factory_hook(method: Callable[Concatenate[G, P], R]) -> Callable[Concatenate[G, P], R]:
    """Marks a ``Game`` method whose table entry names a class the method builds itself (the
    bot, the encoder): the method's body says with which arguments."""
    HOOKS.add(method.__name__)
    return method


# Resolved table entries per game class: hook name -> the implementation (None: no entry).
_RESOLVED: dict[type[Game], dict[str, Any]] = {}


def _resolve(owner: type[Game], path: str) -> Any:
    """The attribute ``path`` (``".module:attribute"``) names, the module relative to the
    package of ``owner``'s module (or absolute without the leading dot)."""
    module_name, _, attribute = path.partition(":")
    package = sys.modules[owner.__module__].__package__
    module = importlib.import_module(module_name, package)
    return getattr(module, attribute)


class Game(ABC):
    """A game definition: pure rules over a ``Record`` state.

    Methods receive the state and may mutate it only in ``apply`` (and in
    ``setup``/``determinize`` on states they own). ``Match`` guarantees that
    ``apply`` is called only with an action from ``legal_actions``.
    """

    info: GameInfo
    state_type: type[Record]

    # Where the game's views, bot and encoder are: a hook's name (a method below marked
    # ``@hook`` or ``@factory_hook``) -> ``".module:attribute"``, the module relative to the
    # package of the module that declares the table. Imported on first use, so importing a
    # game's rules loads none of them.
    hooks: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A table entry that names no hook, or is not ``module:attribute``, fails at import."""
        super().__init_subclass__(**kwargs)
        for name, path in cls.__dict__.get("hooks", {}).items():
            if name not in HOOKS:
                raise TypeError(f"{cls.__name__}.hooks: {name!r} is not a hook; hooks: {sorted(HOOKS)}")
            module_name, colon, attribute = path.partition(":")
            if not (module_name and colon and attribute.isidentifier()):
                raise TypeError(f"{cls.__name__}.hooks[{name!r}] = {path!r} is not 'module:attribute'")

    @staticmethod
    def default_of(name: str) -> Callable[..., Any]:
        """The base class's own body of hook ``name``, called with the game first (for an
        implementation that handles some cases and leaves the rest to the default)."""
        return _DEFAULTS[name]

    def implementation(self, name: str) -> Any:
        """What this game's ``hooks`` table names for hook ``name``: a function, a class or
        a table (None: nothing)."""
        resolved = _RESOLVED.setdefault(type(self), {})
        try:
            return resolved[name]
        except KeyError:
            pass
        impl = None
        for owner in type(self).__mro__:  # the class that declares the entry resolves it
            path = vars(owner).get("hooks", {}).get(name)
            if path is not None:
                impl = _resolve(owner, path)
                break
        resolved[name] = impl
        return impl

    # --- required -----------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> Record:
        """The initial state; ``rng`` becomes the state's generator."""

    @abstractmethod
    def to_move(self, state: Any) -> tuple[int, ...]:
        """Seats that may act now (several in simultaneous phases; empty when over)."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every option of the seat's pending decision, and nothing else."""

    @abstractmethod
    def apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Carries out a legal action, mutating ``state``; returns events."""

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def result(self, state: Any) -> Result:
        """Scores and ranking (provisional while the game runs)."""

    @hook
    def observation(self, state: Any, seat: int | None) -> dict[str, Any]:
        """A JSON-safe view of what ``seat`` may know (``None``: a spectator). Every game
        provides it (a ``hooks`` entry or an override)."""
        raise NotImplementedError(f"{self.info.id} names no observation in its hooks table")

    # --- optional, with sensible defaults -------------------------------------
    def validate_players(self, players: int) -> None:
        lo, hi = self.info.min_players, self.info.max_players
        if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
            raise BadOption(CORE("players_range", game=self.info.id, lo=lo, hi=hi, players=repr(players)))

    @hook
    def determinize(self, state: Any, seat: int | None, rng: Rng) -> Any:
        """Re-samples, in place, what ``seat`` cannot see. Default: nothing is hidden."""
        return state

    @hook
    def explain_illegal(self, state: Any, seat: int, notation: str) -> IllegalAction:
        """Why ``notation`` is not legal for ``seat`` now (override for rule-specific reasons)."""
        legal = self.legal_actions(state, seat)
        sample = ", ".join(a.notation for a in legal[:12]) + (" …" if len(legal) > 12 else "")
        return CORE.illegal("not_legal", "core: legal actions", notation=notation, sample=sample)

    def normalize(self, notation: str) -> str:
        """Canonical spelling of user input (case, spaces); override per game."""
        return " ".join(notation.split())

    @hook
    def describe(self, state: Any, action: Action, lang: str = "en") -> str:
        """The action in words, for logs and the action list."""
        return action.notation

    # --- client hooks: what a person reads beside the board (galaxis/core/client.py) ---
    # Each is made for one viewer and must never name what that viewer may not see:
    # the conformance suite compares every one of them under ``determinize``.
    # Seats are named by ``seat_ref(seat)`` ("⟨2⟩"); clients put the names in.
    @hook
    def prompt(self, state: Any, seat: int | None, lang: str = "en") -> str:
        """One plain sentence for ``seat``'s pending decision ("Place a die on a sector,
        or wait"), shown in the status bar. For a viewer who is not to move (or a
        spectator, ``None``): whom the table waits for. Override per pending step."""
        to_move = self.to_move(state)
        if not to_move:
            return "A játszma véget ért." if lang == "hu" else "The game is over."
        if seat is not None and seat in to_move:
            return "Válassz egy lépést." if lang == "hu" else "Choose your move."
        others = join_seats(to_move, lang)
        return f"Várakozás: {others}." if lang == "hu" else f"Waiting for {others}."

    @hook
    def log_line(
        self, state: Any, seat: int, action: Action, lang: str = "en", viewer: int | None = None
    ) -> str:
        """The log sentence ``viewer`` reads for ``seat`` making ``action`` (``state`` is the
        position before it): "⟨1⟩ puts a 5 on sector C". It names only what ``viewer``
        may know. Default: the seat's name and ``describe`` for a public action (or for
        the actor), "⟨1⟩ made a hidden move" otherwise."""
        if viewer == seat or self.action_is_public(state, seat, action):
            return f"{seat_ref(seat)}: {self.describe(state, action, lang)}"
        return (
            f"{seat_ref(seat)} rejtett lépést tett."
            if lang == "hu"
            else f"{seat_ref(seat)} made a hidden move."
        )

    @hook
    def log_events(
        self, state: Any, events: list[Event], lang: str = "en", viewer: int | None = None
    ) -> list[str]:
        """Further log sentences for what an action caused (``state`` is the position
        after it; ``events`` only those ``viewer`` may see): dice rolled, a new round,
        scoring. Default: none."""
        return []

    @hook
    def choices(self, state: Any, seat: int, lang: str = "en") -> list[Choice]:
        """The status-bar buttons of ``seat``'s pending decision: choices with no place on
        the board (done, wait, keep, pass), in words. Default: one button per legal
        action that targets no board element, labelled with ``describe``."""
        return [
            Choice(self.describe(state, a, lang), (a.notation,))
            for a in self.legal_actions(state, seat)
            if not a.targets
        ]

    @hook
    def seat_panels(self, state: Any, viewer: int | None, lang: str = "en") -> list[SeatPanel]:
        """Every seat's player panel as ``viewer`` may see it: colour, live score and
        the public facts the game chooses (resources, cards in hand). Default: the
        shared palette, and the provisional scores of ``result`` unless the game has
        hidden information (which a running score might reveal) and is not over."""
        scores: list[float | None] = list(self.result(state).scores)
        if self.info.hidden_information and not self.is_over(state):
            scores = [None] * len(scores)
        out = []
        for seat, score in enumerate(scores):
            hex_colour, en, hu = PALETTE[seat % len(PALETTE)]
            out.append(SeatPanel(hex_colour, hu if lang == "hu" else en, score))
        return out

    @hook
    def score_breakdown(self, state: Any, viewer: int | None, lang: str = "en") -> ScoreBreakdown:
        """The end screen's table, for a finished game: how each seat's score is made
        (rows of parts), the totals (``Result.scores``), the ranking and the tie-break
        in words, as ``viewer`` may see them (clients ask only once the game is over;
        the live score is in the panels). Default: one row of totals and the shared places."""
        result = self.result(state)
        totals = tuple(result.scores)
        ranking = tuple(tuple(g) for g in result.ranking)
        label = "Pontszám" if lang == "hu" else "Score"
        return ScoreBreakdown(
            (ScoreRow(label, totals),), totals, ranking, default_tie_break(totals, ranking, lang)
        )

    @hook
    def render_text(self, state: Any, seat: int | None, lang: str = "en") -> str:
        return json.dumps(self.observation(state, seat), indent=1, ensure_ascii=False)

    @hook
    def render_svg(self, state: Any, seat: int | None, lang: str = "en") -> str:
        """The board as ``seat`` sees it: one ``<svg>`` with a ``viewBox`` (clients scale
        it to any width). Conventions the client relies on: an element that legal
        actions refer to carries ``data-target="<id>"`` (``Action.targets``); any
        component a player may want to read carries ``data-tip="<words>"`` and/or a
        ``<title>`` child (a card's text, a tile's effect), shown on hover and long
        press; text is light on the dark page or drawn on its own background."""
        text = self.render_text(state, seat, lang).replace("&", "&amp;").replace("<", "&lt;")
        lines = "".join(f'<tspan x="8" dy="14">{line}</tspan>' for line in text.splitlines())
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><text>{lines}</text></svg>'

    @hook
    def piece_svg(self, piece: str, lang: str = "en") -> str | None:
        """A drawing of one kind of the game's pieces (a card, by its id) as an SVG document:
        what a reader sees enlarged for a piece a text names (``piece_ref``). ``None`` when
        the game has no piece of that id (the default: no drawings of pieces)."""
        return None

    @hook
    def card_pool(self, lang: str = "en") -> dict[str, Any] | None:
        """The cards a deck may be built from, for the card browser and deck builder
        (``web/cards.html``): ``{"title", "facets": [{"key", "label", "values": [{"value",
        "label", "colour"?}]}], "cards": [{"id", "name", "facets": {key: value}, "search",
        "copies"}], "deck_size", "options": [option names that change what a legal deck
        is]}``; each card's picture is its ``piece_svg``. ``None``: the game builds no decks."""
        return None

    @hook
    def check_deck(self, text: str, options: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        """A deck text checked by the game's own deck rules under ``options`` (resolved):
        ``{"ok", "count", "reasons": [words], "cards": {id: copies}, "charts": [{"title",
        "bars": [{"label", "value", "colour"?}]}]}``. Only for games with a ``card_pool``;
        the default refuses (a game without one builds no decks)."""
        raise BadOption(CORE("no_decks", game=self.info.id))

    @hook
    def starter_decks(self, lang: str = "en") -> list[dict[str, Any]]:
        """Ready decks to copy from: ``[{"id", "name", "text"}]`` (deck texts)."""
        return []

    @hook
    def secret(self, state: Any, viewer: int | None) -> Any:
        """Everything ``viewer`` must not know (JSON-safe), for the information-safety tests.

        The conformance suite checks that determinizing for ``viewer`` changes this
        while leaving ``observation(viewer)`` unchanged. None: nothing is hidden.
        """
        return None

    def action_is_public(self, state: Any, seat: int, action: Action) -> bool:
        """Whether every seat may learn the notation of ``seat``'s ``action`` (called
        before it is applied). Clients show others' hidden actions only through the
        events they caused. Default: public exactly when the game hides nothing."""
        return not self.info.hidden_information

    @hook
    def invariants(self, state: Any) -> list[str]:
        """Violated invariants (conservation laws etc.); empty when all hold."""
        return []

    @hook
    def evaluate(self, state: Any, seat: int) -> float:
        """A heuristic value of the state for ``seat`` in [0, 1] (greedy and MCTS cut-offs)."""
        scores = self.result(state).scores
        if not scores:
            return 0.5
        lo, hi = min(scores), max(scores)
        return 0.5 if hi == lo else (scores[seat] - lo) / (hi - lo)

    @factory_hook
    def heuristic_agent(self, seed: int) -> Agent | None:
        """The game's own bot (agent spec ``heuristic``), if it has one: its ``hooks`` entry
        names the bot's class, which is built from ``seed``."""
        bot = self.implementation("heuristic_agent")
        return None if bot is None else cast("Agent", bot(seed))

    @factory_hook
    def rollout_agent(self, seed: int) -> Agent | None:
        """The bot that plays simulations inside a search (``guided``): by default the
        game's own bot; a game whose bot thinks long may name a quicker one in its
        ``hooks`` table (a class or function built from ``seed``)."""
        bot = self.implementation("rollout_agent")
        return self.heuristic_agent(seed) if bot is None else cast("Agent", bot(seed))

    @factory_hook
    def agent_levels(self) -> dict[str, str]:
        """The agent spec behind each named level (``LEVELS``) in this game: the mapping its
        ``hooks`` table names; a level left out plays ``DEFAULT_LEVELS``. ``hard`` searches
        at most 1 s of CPU per decision, ``expert`` at most 3 s (docs/agents.md)."""
        levels = self.implementation("agent_levels")
        return dict(DEFAULT_LEVELS if levels is None else levels)

    def rules_text(self, lang: str = "en") -> str:
        """The rules: ``docs/games/<id>.md`` in English; in another language the game's
        ``data/rules.<lang>.md`` translation, falling back to English."""
        package = Path(sys.modules[type(self).__module__].__file__ or ".").parent
        translated = package / "data" / f"rules.{lang}.md"
        if lang != "en" and translated.exists():
            return translated.read_text(encoding="utf-8")
        doc = Path(__file__).resolve().parents[2] / "docs" / "games" / f"{self.info.id}.md"
        if doc.exists():
            return doc.read_text(encoding="utf-8")
        return f"{self.info.name}: {self.info.summary} (the full rules are in docs/games/{self.info.id}.md)"

    # --- hooks for clients, the server and the RL adapters ---------------------
    def realtime(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """Real-time play policy, or None for a turn-based match.

        ``{"cooldown_ms": int, "countdown_ms": int, "countdown_events": [event types]}``:
        the server orders actions by arrival, makes a seat wait ``cooldown_ms``
        after each accepted action, and after an event whose type is in
        ``countdown_events`` holds every action for ``countdown_ms`` (a
        synchronised "one, two, three!").
        """
        return None

    def action_space(self, players: int, options: dict[str, Any]) -> list[str] | None:
        """Every notation that can ever be legal, in a fixed order (a flat Discrete
        space for RL), or None where that space is too large to enumerate."""
        return None

    def max_legal_actions(self, players: int, options: dict[str, Any]) -> int:
        """Upper bound on ``len(legal_actions)``, for index-into-legal-list spaces."""
        return 512

    @factory_hook
    def observation_encoder(self, players: int, options: dict[str, Any]) -> Any:
        """A numeric encoder of ``observation(seat)`` (see galaxis/interop), or None: its
        ``hooks`` entry names the encoder's class, built with no arguments (one encoder
        serves every player count and option)."""
        encoder = self.implementation("observation_encoder")
        return None if encoder is None else encoder()
