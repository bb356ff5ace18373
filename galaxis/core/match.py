"""``Match``: one game being played, the single entry point for every client.

The match owns the state (a ``Record``), the seed, the options and the
history of ``(seat, notation)``. It validates every action against the legal
list before the rules see it, so a refused action changes nothing.
"""

from __future__ import annotations

from typing import Any

from galaxis.core.actions import Action
from galaxis.core.client import Choice, ScoreBreakdown, SeatPanel
from galaxis.core.errors import BadMatchFile, BadOption
from galaxis.core.game import Event, Game, Result, resolve_options
from galaxis.core.messages import CORE
from galaxis.core.registry import get_game
from galaxis.core.rng import Rng

FORMAT_VERSION = 1
# Seeds are whole numbers a JSON number holds exactly in every language (2**53 - 1).
SEED_MAX = 2**53 - 1


def check_seed(seed: Any) -> int:
    """The one seed validator of the CLI, the server and match files: a whole number
    from 0 to ``SEED_MAX`` (not a bool, a float or a numeric string); ``BadOption`` otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        shown = repr(seed) if len(repr(seed)) <= 40 else repr(seed)[:37] + "..."
        raise BadOption(CORE("seed_range", max=SEED_MAX, value=shown))
    return seed


class Match:
    __slots__ = ("_legal", "_to_move", "game", "history", "num_players", "options", "seed", "state")

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], state: Any) -> None:
        self.game = game
        self.num_players = players
        self.seed = seed
        self.options = options
        self.state = state
        self.history: list[tuple[int, str]] = []
        self._legal: dict[int, list[Action]] = {}
        self._to_move: tuple[int, ...] | None = None

    # --- facts -------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game.info.id

    @property
    def to_move(self) -> tuple[int, ...]:
        tm = self._to_move
        if tm is None:
            tm = self._to_move = self.game.to_move(self.state)
        return tm

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def result(self) -> Result:
        return self.game.result(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = (
                self.game.legal_actions(self.state, seat) if seat in self.to_move else []
            )
        return legal

    # --- acting ------------------------------------------------------------
    def find_action(self, seat: int, action: str | Action) -> Action:
        """The legal action meant by ``action`` (notation or Action), or ``IllegalAction``."""
        if not isinstance(action, str):
            raise CORE.illegal("notation_type", "core: notation", kind=type(action).__name__)
        if self.game.is_over(self.state):
            raise CORE.illegal("game_over", "core: game over")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self.to_move:
            raise CORE.illegal("not_to_move", "core: turn order", seat=repr(seat), waiting=list(self.to_move))
        legal: list[str] = self.legal_actions(seat)  # type: ignore[assignment]
        try:
            return legal[legal.index(action)]  # type: ignore[return-value]
        except ValueError:
            pass
        normal = self.game.normalize(action)
        try:
            return legal[legal.index(normal)]  # type: ignore[return-value]
        except ValueError:
            raise self.game.explain_illegal(self.state, seat, normal) from None

    def apply(self, seat: int, action: str | Action) -> list[Event]:
        """Carries out one action of ``seat``; raises ``IllegalAction`` and changes nothing if refused."""
        return self._apply_legal(seat, self.find_action(seat, action))

    def _apply_legal(self, seat: int, chosen: Action) -> list[Event]:
        """Carries out ``chosen``, which the caller took from ``legal_actions(seat)`` of this very
        position (the RL adapters map an id through that list), so ``find_action``'s search and
        checks would only repeat what is already known."""
        events = self.game.apply(self.state, seat, chosen)
        self.history.append((seat, chosen.notation))
        self._legal = {}
        self._to_move = None
        return events

    # --- views -------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        self._check_viewer(seat)
        return self.game.observation(self.state, seat)

    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        self._check_viewer(seat)
        return self.game.render_text(self.state, seat, lang)

    def render_svg(self, seat: int | None = None, lang: str = "en") -> str:
        self._check_viewer(seat)
        return self.game.render_svg(self.state, seat, lang)

    def describe(self, action: str | Action, lang: str = "en") -> str:
        act = action if isinstance(action, Action) else Action(action)
        return self.game.describe(self.state, act, lang)

    # --- client views (texts name seats as "⟨n⟩": core.client.fill_names) ------
    def prompt(self, seat: int | None, lang: str = "en") -> str:
        """The status-bar sentence for ``seat`` (None: a spectator)."""
        self._check_viewer(seat)
        return self.game.prompt(self.state, seat, lang)

    def choices(self, seat: int, lang: str = "en") -> list[Choice]:
        """The status-bar buttons of ``seat``'s pending decision (none when not to move)."""
        self._check_viewer(seat)
        if seat not in self.to_move:
            return []
        return self.game.choices(self.state, seat, lang)

    def log_line(self, seat: int, action: str | Action, lang: str = "en", viewer: int | None = None) -> str:
        """The log sentence ``viewer`` reads for ``seat`` playing ``action`` now (before it is applied)."""
        self._check_viewer(viewer)
        return self.game.log_line(self.state, seat, self.find_action(seat, action), lang, viewer)

    def log_events(self, events: list[Event], lang: str = "en", viewer: int | None = None) -> list[str]:
        """Log sentences for ``events`` (only those ``viewer`` may see are passed on)."""
        self._check_viewer(viewer)
        seen = [
            e for e in events if "seat_only" not in e or (viewer is not None and e["seat_only"] == viewer)
        ]
        return self.game.log_events(self.state, seen, lang, viewer)

    def seat_panels(self, viewer: int | None, lang: str = "en") -> list[SeatPanel]:
        self._check_viewer(viewer)
        return self.game.seat_panels(self.state, viewer, lang)

    def score_breakdown(self, viewer: int | None, lang: str = "en") -> ScoreBreakdown:
        self._check_viewer(viewer)
        return self.game.score_breakdown(self.state, viewer, lang)

    def _check_viewer(self, seat: int | None) -> None:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players
        ):
            raise CORE.illegal("no_seat", "core: seats", seat=repr(seat), players=self.num_players)

    # --- copies ------------------------------------------------------------
    def clone(self) -> Match:
        new = Match.__new__(Match)
        new.game = self.game
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options
        new.state = self.state.clone()
        new.history = self.history.copy()
        new._legal = {}
        new._to_move = self._to_move
        return new

    def determinize(self, seat: int | None, rng_seed: int) -> Match:
        """A clone in which everything ``seat`` cannot see is re-sampled.

        The result depends only on what ``seat`` has observed and on
        ``rng_seed``: the game re-samples from a canonical order, and the
        generator for future chance is replaced, so a searcher cannot predict
        the real dice or learn the real deck order.
        """
        new = self.clone()
        rng = Rng(rng_seed)
        new.state = self.game.determinize(new.state, seat, rng)
        new.state.rng = rng.fork(0x5EED)
        new._legal = {}
        new._to_move = None
        return new

    # --- persistence -------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "game": self.game_id,
            "players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "history": [[seat, notation] for seat, notation in self.history],
            "state": self.state.to_json(),
        }

    def __repr__(self) -> str:
        return f"<Match {self.game_id} players={self.num_players} seed={self.seed} moves={len(self.history)}>"


def new_match(
    game_id: str,
    players: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    *,
    strict: bool = False,
    recorded: bool = False,
) -> Match:
    """Starts a match. Bad ids, player counts, seeds or options raise a ``GalaxisError``.

    ``strict``: option values must have their types already; ``recorded``: ``options`` are
    those a match was played with, so an option they lack takes its ``legacy`` value (see
    ``resolve_options``)."""
    game = get_game(game_id)
    game.validate_players(players)
    check_seed(seed)
    resolved = resolve_options(game.info, options, strict=strict, recorded=recorded)
    state = game.setup(players, resolved, Rng(seed))
    return Match(game, players, seed, resolved, state)


def replay(
    game_id: str,
    seed: int,
    players: int,
    options: dict[str, Any] | None,
    history: list[tuple[int, str]] | list[list[Any]],
    *,
    strict: bool = False,
    recorded: bool = False,
) -> Match:
    """Rebuilds the identical match by applying ``history`` from the start (``recorded``: the
    options are those it was played with, see ``new_match``)."""
    match = new_match(game_id, players, seed, options, strict=strict, recorded=recorded)
    for seat, notation in _history_pairs(history):
        match.apply(seat, notation)
    return match


def _history_pairs(history: Any) -> list[tuple[int, str]]:
    """``history`` as (seat, notation) pairs, or ``BadMatchFile``."""
    if not isinstance(history, list | tuple):
        raise BadMatchFile(CORE("history_type"))
    pairs: list[tuple[int, str]] = []
    for i, entry in enumerate(history):
        try:
            seat, notation = entry
            pairs.append((int(seat), str(notation)))
        except (TypeError, ValueError):
            raise BadMatchFile(CORE("history_entry", index=i)) from None
    return pairs


def match_from_json(data: dict[str, Any]) -> Match:
    """Loads ``Match.to_json()`` output; without a state, the history is replayed. The file's
    options are those the match was played with (``recorded``): an option added since takes
    the value that plays the rules of then."""
    if not isinstance(data, dict):
        raise BadMatchFile(CORE("match_file_type"))
    try:
        game_id, players, seed = data["game"], data["players"], data["seed"]
        options = data.get("options") or {}
        history = data.get("history") or []
    except KeyError as exc:
        raise BadMatchFile(CORE("match_file_lacks", key=str(exc))) from None
    if "state" not in data:
        return replay(game_id, seed, players, options, history, strict=True, recorded=True)
    match = new_match(game_id, players, seed, options, strict=True, recorded=True)
    try:
        match.state = match.game.state_type.from_json(data["state"])
    except (ValueError, TypeError, KeyError) as exc:
        raise BadMatchFile(CORE("match_state_unreadable", reason=str(exc))) from None
    match.history = _history_pairs(history)
    return match
