"""Alembic environment: runs on the connection handed over by ``galaxis.server.db.migrate``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, text

from galaxis.server.db import Base, normalize_url

config = context.config
target_metadata = Base.metadata


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    if connection.dialect.name == "postgresql":
        # Several server processes may start at once against one database.
        connection.execute(text("SELECT pg_advisory_xact_lock(74100001)"))
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
elif context.is_offline_mode():
    context.configure(url=normalize_url(config.get_main_option("sqlalchemy.url") or ""), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = create_engine(normalize_url(config.get_main_option("sqlalchemy.url") or "sqlite:///galaxis.db"))
    with engine.begin() as conn:
        _run(conn)
