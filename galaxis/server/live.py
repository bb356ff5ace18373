"""A live match: the ``Match`` rebuilt from the stored log, plus what clients see.

Everything here is synchronous and game-agnostic. Each applied log entry keeps
the events it caused and the seats to move after it, so WebSocket clients can
resync from any ``seq`` and every viewer gets only the events meant for it
(an event with ``"seat_only": s`` is for seat ``s`` alone).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import galaxis
from galaxis.core import Event, Match
from galaxis.core.messages import CORE
from galaxis.server.store import LogEntry, MatchFacts

LANGS = ("en", "hu")
MOVE_KINDS = ("act", "timeout")


@dataclass(eq=False)
class Applied:
    """One log entry as applied in memory."""

    seq: int
    seat: int
    kind: str
    notation: str
    public: bool
    events: list[Event]
    to_move: tuple[int, ...]
    # The log sentence per (viewer, language), each made for that viewer (None: a spectator)
    text: dict[tuple[int | None, str], str] = field(default_factory=dict)
    # What the move caused, in sentences per (viewer, language) (the game's log_events hook)
    lines: dict[tuple[int | None, str], list[str]] = field(default_factory=dict)
    target: int | None = None
    time: datetime | None = None


@dataclass
class Staged:
    """A log entry's effect, computed but not yet installed."""

    match: Match
    applied: Applied
    moves: list[Applied]
    resigned: int | None
    abandoned: bool = False


def log_texts(match: Match, seat: int, notation: str) -> dict[tuple[int | None, str], str]:
    """The log sentence of ``seat`` playing ``notation`` (``match`` is the position before
    it) for every viewer and language, each made for that viewer: the game's
    ``log_line`` hook names only what that viewer may know (a face-down card is named
    to its owner alone). A game without the hook has its ``describe`` read by the
    actor only: a description is made with full knowledge of the cards."""
    line = getattr(match, "log_line", None)
    if line is None:
        return {(seat, lang): match.describe(notation, lang) for lang in LANGS}
    viewers = (None, *range(match.num_players))
    return {(v, lang): str(line(seat, notation, lang, v)) for v in viewers for lang in LANGS}


def log_lines(match: Match, events: list[Event]) -> dict[tuple[int | None, str], list[str]]:
    """What a move caused (``match`` is the position after it), in sentences for every
    viewer and language; each viewer's come only from the events it may see."""
    viewers = (None, *range(match.num_players))
    return {(v, lang): match.log_events(events, lang, v) for v in viewers for lang in LANGS}


def visible_events(events: list[Event], viewer: int | None) -> list[Event]:
    """The events ``viewer`` may see (spectators: none of the seat-only ones)."""
    return [e for e in events if "seat_only" not in e or (viewer is not None and e["seat_only"] == viewer)]


class LiveMatch:
    def __init__(self, facts: MatchFacts, match: Match | None = None) -> None:
        """``match``: the fresh match of these facts, when the caller has built it already."""
        self.facts = facts
        # the stored options are the ones it was played with (an option added since plays its legacy value)
        self.match: Match = match or galaxis.new_match(
            facts.game, facts.players, facts.seed, facts.options, recorded=True
        )
        self.log: list[Applied] = []  # every entry, seq = index + 1
        self.moves: list[Applied] = []  # the effective moves (after undos)
        self.resigned: int | None = None
        self.abandoned = False  # ended after being idle (an "abandon" entry)
        self.reveal_cache: dict[int, bool] = {}  # seq -> whether that move revealed something
        # Views computed for the current seq (per seat and language), shared by
        # every request until the next log entry: many viewers poll the same
        # position, and a game's observation or SVG is not cheap to build.
        self._views: dict[Any, Any] = {}
        self._views_seq = -1

    @classmethod
    def rebuild(cls, facts: MatchFacts, entries: list[LogEntry]) -> LiveMatch:
        live = cls(facts)
        for entry in entries:
            live.install(live.stage(entry, in_place=True))  # nobody else sees it yet: no copies
        return live

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.abandoned or self.match.is_over

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else self.match.to_move

    def status(self) -> str:
        if self.over:
            return "over"
        return "waiting" if any(s["kind"] == "open" for s in self.facts.seats) else "playing"

    def check_move(self, seat: int, notation: str) -> tuple[str, bool]:
        """The canonical notation and whether it is public; raises ``IllegalAction``."""
        if self.over:
            raise CORE.illegal("game_over", "core: game over")
        action = self.match.find_action(seat, notation)
        return action.notation, self.match.game.action_is_public(self.match.state, seat, action)

    def stage(self, entry: LogEntry, in_place: bool = False) -> Staged:
        """Works out the effect of the next log entry without touching this match,
        so readers keep seeing the committed state until the entry is stored."""
        if entry.seq != self.seq + 1:
            raise ValueError(f"log entry {entry.seq} does not follow {self.seq}")
        events: list[Event]
        text: dict[tuple[int | None, str], str] = {}
        lines: dict[tuple[int | None, str], list[str]] = {}
        match, moves, resigned, abandoned = self.match, self.moves, self.resigned, self.abandoned
        if entry.kind in MOVE_KINDS:
            match = self.match if in_place else self.match.clone()
            text = log_texts(match, entry.seat, entry.notation)
            events = match.apply(entry.seat, entry.notation)
            lines = log_lines(match, events)
        elif entry.kind == "resign":
            resigned = entry.seat
            events = [{"type": "resign", "seat": entry.seat, "reason": entry.notation}]
        elif entry.kind == "abandon":
            abandoned = True
            events = [{"type": "abandon", "reason": entry.notation}]
        elif entry.kind == "undo":
            keep = int(entry.target or 0)
            f = self.facts
            match = galaxis.replay(
                f.game,
                f.seed,
                f.players,
                f.options,
                [(a.seat, a.notation) for a in moves[:keep]],
                recorded=True,
            )
            moves = moves[:keep]
            events = [{"type": "undo", "seat": entry.seat, "moves": keep}]
        else:
            raise ValueError(f"unknown log entry kind {entry.kind!r}")
        over = resigned is not None or abandoned or match.is_over
        applied = Applied(
            entry.seq,
            entry.seat,
            entry.kind,
            entry.notation,
            entry.public,
            events,
            () if over else match.to_move,
            text,
            lines,
            entry.target,
            entry.time,
        )
        if entry.kind in MOVE_KINDS:
            moves = [*moves, applied]
        return Staged(match, applied, moves, resigned, abandoned)

    def install(self, staged: Staged) -> Applied:
        self.match, self.moves, self.resigned = staged.match, staged.moves, staged.resigned
        self.abandoned = staged.abandoned
        self.log.append(staged.applied)
        self.facts.seq = self.seq
        return staged.applied

    def apply_entry(self, entry: LogEntry) -> Applied:
        """Applies a stored (hence already accepted) entry."""
        return self.install(self.stage(entry))

    def staged_status(self, staged: Staged) -> str:
        if staged.resigned is not None or staged.abandoned or staged.match.is_over:
            return "over"
        return "waiting" if any(s["kind"] == "open" for s in self.facts.seats) else "playing"

    # --- what a viewer may see ------------------------------------------------------
    def cached_view(self, key: Any, build: Callable[[], Any]) -> Any:
        """``build()``, computed once per seq for ``key`` (which must name the viewer)."""
        if self._views_seq != self.seq:
            self._views.clear()
            self._views_seq = self.seq
        if key not in self._views:
            self._views[key] = build()
        return self._views[key]

    def seat_view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The seat's observation and legal actions (with words and SVG targets) now."""

        def build() -> dict[str, Any]:
            m = self.match
            legal = m.legal_actions(seat) if seat is not None and not self.over else []
            return {
                "observation": m.observation(seat),
                "legal": [a.notation for a in legal],
                "legal_actions": [
                    {
                        "notation": a.notation,
                        "text": m.describe(a, lang),
                        "targets": list(a.targets),
                        "kind": a.kind,
                    }
                    for a in legal
                ],
            }

        view: dict[str, Any] = self.cached_view(("state", seat, lang), build)
        return view

    def client_view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """What the player reads beside the board (the game's client hooks, for this
        viewer): the status-bar prompt and buttons, the player panels, and once the
        match is over the end table. Seat references "⟨n⟩" are left for the client."""

        def build() -> dict[str, Any]:
            m = self.match
            mine = seat is not None and not self.over and seat in m.to_move
            return {
                "prompt": m.prompt(seat, lang) if not self.over else m.prompt(None, lang),
                "choices": [c.to_json() for c in m.choices(seat, lang)] if mine and seat is not None else [],
                "panels": [p.to_json() for p in m.seat_panels(seat, lang)],
                "breakdown": m.score_breakdown(seat, lang).to_json() if self.over else None,
            }

        view: dict[str, Any] = self.cached_view(("client", seat, lang), build)
        return view

    def svg(self, seat: int | None, lang: str) -> str:
        svg: str = self.cached_view(("svg", seat, lang), lambda: self.match.render_svg(seat, lang))
        return svg

    def notation_visible(self, applied: Applied, viewer: int | None) -> bool:
        return applied.public or self.over or (viewer is not None and viewer == applied.seat)

    def message(self, applied: Applied, viewer: int | None) -> dict[str, Any]:
        """The WebSocket message for one log entry, as ``viewer`` may see it."""
        shown = self.notation_visible(applied, viewer) or applied.kind not in MOVE_KINDS
        return {
            "seq": applied.seq,
            "events": visible_events(applied.events, viewer),
            "to_move": list(applied.to_move),
            "seat": applied.seat,
            "kind": applied.kind,
            "notation": applied.notation if shown else None,
        }

    def log_view(self, viewer: int | None, lang: str, since: int = 0) -> list[dict[str, Any]]:
        effective = {id(m) for m in self.moves}
        out = []
        for a in self.log[since:]:
            shown = self.notation_visible(a, viewer) or a.kind not in MOVE_KINDS
            out.append(
                {
                    "seq": a.seq,
                    "seat": a.seat,
                    "kind": a.kind,
                    "notation": a.notation if shown else None,
                    "text": self.log_text(a, viewer, lang),
                    "lines": a.lines.get((a.seat if self.over else viewer, lang), []),
                    "events": visible_events(a.events, viewer),
                    "undone": a.kind in MOVE_KINDS and id(a) not in effective,
                }
            )
        return out

    def log_text(self, applied: Applied, viewer: int | None, lang: str) -> str | None:
        """The log sentence ``viewer`` reads for a move; once the match is over
        everything is public and every viewer reads the actor's."""
        if applied.kind not in MOVE_KINDS:
            return None
        return applied.text.get((applied.seat if self.over else viewer, lang))

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        res = self.match.result.to_json()
        if self.resigned is not None:
            # A loss on time: the game's own scores stand, the seat ranks last.
            loser = self.resigned
            ranking = [[s for s in g if s != loser] for g in res["ranking"]]
            res["ranking"] = [g for g in ranking if g] + [[loser]]
            res["details"] = {**res.get("details", {}), "resigned": loser, "reason": "time"}
        elif self.abandoned and not self.match.is_over:
            # Ended after being idle: the game's provisional scores and ranking.
            res["details"] = {**res.get("details", {}), "abandoned": True, "reason": "idle"}
        return res

    def history(self) -> list[tuple[int, str]]:
        return [(a.seat, a.notation) for a in self.moves]
