"""Synchronous database operations (the service runs them in worker threads).

Ordering and optimistic concurrency: appending to a match's log is a
conditional UPDATE of its row (it takes the row lock on PostgreSQL; SQLite
serialises writers) that succeeds only while the log still has the length the
caller based its decision on. Several appends may share one transaction
(group commit, see ``writer.py``).
The ``(match_id, seq)`` primary key refuses a duplicate position even without
a row lock. The transaction commits before the caller acknowledges anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from galaxis.server.db import ActionRow, MatchRow, UndoRow, utcnow
from galaxis.server.fairness import commitment

# The statements of the hot path, built once: building and caching a new
# statement object per append cost more than executing it.
_MATCHES = cast(Table, MatchRow.__table__)
_ADVANCE = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("b_id"), _MATCHES.c.seq == bindparam("b_expected"))
    .values(
        seq=bindparam("b_seq"),
        status=bindparam("b_status"),
        updated=bindparam("b_updated", type_=_MATCHES.c.updated.type),
    )
)
_ADVANCE_CLOCK = _ADVANCE.values(clock=bindparam("b_clock", type_=_MATCHES.c.clock.type))
_INSERT_ACTION = insert(cast(Table, ActionRow.__table__))


class StaleLog(Exception):
    """The log grew since the caller read it (another process or request won)."""


@dataclass
class LogEntry:
    """One stored log entry (see ``ActionRow``)."""

    seq: int
    seat: int
    kind: str
    notation: str
    target: int | None = None
    public: bool = True
    time: datetime | None = None


@dataclass
class Append:
    """One log entry to store at ``expected_seq + 1``, with the match's new status."""

    match_id: str
    expected_seq: int
    entry: LogEntry
    status: str
    clock: dict[str, Any] | None = None


@dataclass
class UndoRequest:
    """A pending undo: ``by`` asks to go back to ``keep`` moves while the log has length ``seq``."""

    by: int
    keep: int
    seq: int
    votes: set[int] = field(default_factory=set)
    needed: set[int] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {
            "by": self.by,
            "moves": self.keep,
            "seq": self.seq,
            "accepted": sorted(self.votes),
            "waiting": sorted(self.needed - self.votes),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> UndoRequest:
        votes = {int(s) for s in data["accepted"]}
        return cls(
            int(data["by"]),
            int(data["moves"]),
            int(data["seq"]),
            votes,
            votes | {int(s) for s in data["waiting"]},
        )


UndoDecision = Callable[[UndoRequest | None, int], UndoRequest | None]


@dataclass
class MatchFacts:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    clock: dict[str, Any] | None
    status: str
    seq: int
    created: datetime
    updated: datetime
    nonce: str | None = None  # of the seed's commitment (see fairness.py)
    custom: list[str] | None = None  # what the creator fixed: "seed", "setup"

    @property
    def commitment(self) -> str | None:
        return commitment(self.game, self.players, self.seed, self.options, self.nonce)


def _facts(row: MatchRow) -> MatchFacts:
    return MatchFacts(
        row.id,
        row.game,
        row.players,
        row.seed,
        dict(row.options),
        [dict(s) for s in row.seats],
        dict(row.clock) if row.clock else None,
        row.status,
        row.seq,
        row.created,
        row.updated,
        row.nonce,
        list(row.custom) if row.custom else None,
    )


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, facts: MatchFacts) -> None:
        with Session(self.engine) as s, s.begin():
            s.add(
                MatchRow(
                    id=facts.id,
                    game=facts.game,
                    players=facts.players,
                    seed=facts.seed,
                    options=facts.options,
                    seats=facts.seats,
                    clock=facts.clock,
                    status=facts.status,
                    seq=0,
                    created=facts.created,
                    updated=facts.updated,
                    nonce=facts.nonce,
                    custom=facts.custom,
                )
            )

    def load(self, match_id: str, after: int = 0) -> tuple[MatchFacts, list[LogEntry]] | None:
        """The match facts and its log entries with ``seq > after``."""
        with Session(self.engine) as s:
            row = s.get(MatchRow, match_id)
            if row is None:
                return None
            rows = s.scalars(
                select(ActionRow)
                .where(ActionRow.match_id == match_id, ActionRow.seq > after)
                .order_by(ActionRow.seq)
            ).all()
            return _facts(row), [
                LogEntry(a.seq, a.seat, a.kind, a.notation, a.target, a.public, a.time) for a in rows
            ]

    def head(self, match_id: str) -> int | None:
        """The current log length, or None for an unknown match."""
        with Session(self.engine) as s:
            return s.scalar(select(MatchRow.seq).where(MatchRow.id == match_id))

    def append(
        self,
        match_id: str,
        expected_seq: int,
        entry: LogEntry,
        status: str,
        clock: dict[str, Any] | None = None,
    ) -> datetime:
        """Appends one entry at ``expected_seq + 1`` and commits; raises ``StaleLog``."""
        result = self.append_many([Append(match_id, expected_seq, entry, status, clock)])[0]
        if isinstance(result, BaseException):
            raise result
        return result

    def append_many(self, appends: list[Append]) -> list[datetime | StaleLog]:
        """Stores several appends (of different matches) in one transaction.

        Each is a compare-and-set on its match's log length: the conditional
        UPDATE takes the row lock on PostgreSQL, so a competing append waits,
        then finds the length changed, matches no row and changes nothing. Rows
        are locked in id order, so two processes never deadlock. If the batch
        fails as a whole, each append is retried on its own.
        """
        order = sorted(range(len(appends)), key=lambda i: (appends[i].match_id, appends[i].expected_seq))
        now = utcnow()
        results: list[datetime | StaleLog] = [now] * len(appends)
        rows: list[dict[str, Any]] = []
        try:
            with self.engine.begin() as conn:
                for i in order:
                    a = appends[i]
                    params: dict[str, Any] = {
                        "b_id": a.match_id,
                        "b_expected": a.expected_seq,
                        "b_seq": a.expected_seq + 1,
                        "b_status": a.status,
                        "b_updated": now,
                    }
                    if a.clock is not None:
                        params["b_clock"] = a.clock
                    hit = conn.execute(_ADVANCE if a.clock is None else _ADVANCE_CLOCK, params).rowcount
                    if hit != 1:
                        results[i] = StaleLog(a.expected_seq)
                        continue
                    e = a.entry
                    rows.append(
                        {
                            "match_id": a.match_id,
                            "seq": a.expected_seq + 1,
                            "seat": e.seat,
                            "kind": e.kind,
                            "notation": e.notation,
                            "target": e.target,
                            "public": e.public,
                            "time": now,
                        }
                    )
                if rows:
                    conn.execute(_INSERT_ACTION, rows)
        except IntegrityError:
            if len(appends) == 1:
                return [StaleLog(appends[0].expected_seq)]
            return [self.append_many([a])[0] for a in appends]
        except OperationalError:
            if len(appends) == 1:
                raise
            return [self.append_many([a])[0] for a in appends]
        return results

    def update_seats(
        self, match_id: str, expected_seats: list[dict[str, Any]], seats: list[dict[str, Any]], status: str
    ) -> bool:
        """Replaces the seat list if nobody changed it meanwhile (joining a free seat)."""
        with Session(self.engine) as s, s.begin():
            row = s.scalars(select(MatchRow).where(MatchRow.id == match_id).with_for_update()).one()
            if list(row.seats) != expected_seats:
                return False
            row.seats = seats
            row.status = status
            row.updated = utcnow()
            return True

    def pending_undo(self, match_id: str) -> UndoRequest | None:
        """The stored undo request, if it is for the match's current log length."""
        with Session(self.engine) as s:
            row = s.get(UndoRow, match_id)
            head = s.scalar(select(MatchRow.seq).where(MatchRow.id == match_id))
            if row is None or row.seq != head:
                return None
            return UndoRequest(row.by_seat, row.keep, row.seq, set(row.votes), set(row.needed))

    def decide_undo(self, match_id: str, decide: UndoDecision) -> UndoRequest | None:
        """Changes the match's undo request in one transaction that holds its row lock.

        ``decide(current request or None, current log length)`` returns the request
        to store (None: none pending) or raises; every process's votes on one
        request are thereby applied one after another, none is lost."""
        with Session(self.engine) as s, s.begin():
            head = s.scalars(select(MatchRow.seq).where(MatchRow.id == match_id).with_for_update()).one()
            row = s.get(UndoRow, match_id)
            current = None
            if row is not None and row.seq == head:
                current = UndoRequest(row.by_seat, row.keep, row.seq, set(row.votes), set(row.needed))
            new = decide(current, head)
            if new is None:
                if row is not None:
                    s.delete(row)
            elif row is None:
                s.add(
                    UndoRow(
                        match_id=match_id,
                        seq=new.seq,
                        by_seat=new.by,
                        keep=new.keep,
                        votes=sorted(new.votes),
                        needed=sorted(new.needed),
                    )
                )
            else:
                row.seq, row.by_seat, row.keep = new.seq, new.by, new.keep
                row.votes, row.needed = sorted(new.votes), sorted(new.needed)
            return new

    def idle(self, before: datetime, limit: int = 500) -> list[tuple[str, int]]:
        """(id, seq) of unfinished matches not changed since ``before``."""
        with Session(self.engine) as s:
            rows = s.execute(
                select(MatchRow.id, MatchRow.seq)
                .where(MatchRow.status.in_(("waiting", "playing")), MatchRow.updated < before)
                .limit(limit)
            ).all()
            return [(r[0], r[1]) for r in rows]

    def listing(self, statuses: tuple[str, ...], limit: int) -> list[MatchFacts]:
        with Session(self.engine) as s:
            rows = s.scalars(
                select(MatchRow)
                .where(MatchRow.status.in_(statuses))
                .order_by(MatchRow.updated.desc())
                .limit(limit)
            ).all()
            return [_facts(r) for r in rows]
