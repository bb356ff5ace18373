"""Database schema, engine set-up and migrations.

A match is stored event-sourced: one ``matches`` row (game, players, seed,
options, seats with token hashes, clock settings, status) and its ordered
``actions`` log. The live ``Match`` objects are only a cache rebuilt from the
log. ``undo_requests`` holds a pending undo request per match (not history:
it lapses when the log grows). The schema is owned by the Alembic migrations in ``migrations/``; the
tables below mirror them for queries.
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).parent / "migrations"


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # [{"kind": "human"|"open"|"bot", "spec": str|None, "token_hash": str|None}]
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    # {"initial_ms", "increment_ms", "fallback", "remaining": [ms per seat]} or None
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting | playing | over
    seq: Mapped[int] = mapped_column(Integer, default=0)  # length of the action log
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    # The nonce of the seed's commitment (fairness.py) and what the creator fixed
    # (["seed"], ["setup"], both, or None: the server drew everything).
    nonce: Mapped[str | None] = mapped_column(String(64), nullable=True)
    custom: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ... per match
    seat: Mapped[int] = mapped_column(Integer)
    # "act" (a move), "timeout" (a move made by the clock's fallback policy),
    # "resign" (a loss on time), "undo" (history cut back to ``target`` moves),
    # "abandon" (ended after being idle; seat -1)
    kind: Mapped[str] = mapped_column(String(8), default="act")
    notation: Mapped[str] = mapped_column(String(256))
    target: Mapped[int | None] = mapped_column(Integer, nullable=True)
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class UndoRow(Base):
    """A pending undo request: valid while the match's log has length ``seq``."""

    __tablename__ = "undo_requests"

    match_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    by_seat: Mapped[int] = mapped_column(Integer)
    keep: Mapped[int] = mapped_column(Integer)  # moves kept after the undo
    votes: Mapped[list[int]] = mapped_column(JSON)  # seats that accepted
    needed: Mapped[list[int]] = mapped_column(JSON)  # seats that must accept


def normalize_url(url: str) -> str:
    """Accepts plain ``postgresql://`` URLs and uses the psycopg 3 driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def _private_sqlite_file(url: str) -> None:
    """Creates a new SQLite file readable by its owner only (0600): it holds the seeds
    of running matches and the seat tokens' hashes. SQLite gives its -wal and -shm files
    the database file's permissions. An existing file keeps the mode it has."""
    from sqlalchemy.engine import make_url

    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        _private_sqlite_file(url)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: Any, _record: Any) -> None:
            # WAL: readers never block the writer. synchronous=NORMAL keeps every
            # committed transaction across a process crash (kill -9); only a power
            # loss could drop the last commits.
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Brings the schema up to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
