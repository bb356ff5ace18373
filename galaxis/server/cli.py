"""The ``galaxis serve`` command (registered into the main CLI)."""

from __future__ import annotations

import sys

import typer


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        db: str = typer.Option(
            "sqlite:///galaxis.db", "--db", help="database URL (SQLite file or postgresql://...)"
        ),
        host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
        port: int = typer.Option(8000, "--port", min=1, max=65535, help="port to listen on"),
        redis: str | None = typer.Option(
            None, "--redis", help="Redis URL for fan-out between several server processes"
        ),
        bot_processes: int | None = typer.Option(
            None,
            "--bot-processes",
            min=0,
            max=64,
            help="worker processes for searching bots (mcts, ismcts); 0: threads (default: cores, at most 4)",
        ),
        idle_minutes: float = typer.Option(
            1440, "--idle-minutes", min=0.01, max=10**6, help="end unfinished matches idle this long"
        ),
        bot_seconds: float = typer.Option(
            30, "--bot-seconds", min=1, max=3600, help="wall-clock seconds a bot's move may take"
        ),
        no_rate_limits: bool = typer.Option(
            False, "--no-rate-limits", help="no per-address limits (a trusted network or a load test)"
        ),
        api_docs: bool = typer.Option(
            False, "--api-docs", help="serve the interactive API docs at /docs (loads Swagger UI from a CDN)"
        ),
        bot_delay: float = typer.Option(
            0.5,
            "--bot-delay",
            min=0,
            max=10,
            help="seconds a bot waits before each move, so that people can follow it (0: at once)",
        ),
    ) -> None:
        """Serve the lobby, the browser client and the HTTP/WebSocket API."""
        run(
            db,
            host,
            port,
            redis,
            bot_processes,
            idle_minutes * 60,
            bot_seconds,
            not no_rate_limits,
            api_docs,
            bot_delay,
        )


def run(
    db: str,
    host: str,
    port: int,
    redis: str | None = None,
    bot_processes: int | None = None,
    idle_s: float = 24 * 3600.0,
    bot_budget_s: float = 30.0,
    rate_limits: bool = True,
    api_docs: bool = False,
    bot_delay_s: float = 0.5,
) -> None:
    import uvicorn

    from galaxis.server import create_app
    from galaxis.server.limits import RateLimits

    try:
        app = create_app(
            db,
            redis,
            rate_limits=RateLimits() if rate_limits else RateLimits.off(),
            api_docs=api_docs,
            bot_processes=bot_processes,
            idle_s=idle_s,
            bot_budget_s=bot_budget_s,
            bot_delay_s=bot_delay_s,
        )
    except Exception as exc:  # a bad URL or an unreachable database: one line, exit 2
        reason = " ".join(str(exc).split())[:300]
        typer.echo(f"galaxis: error: cannot open the database {db!r}: {reason}", err=True)
        raise typer.Exit(2) from None
    # Bots and database calls run in threads: hand the GIL over every 1 ms
    # (instead of 5 ms) so they do not wait behind the event loop for long.
    sys.setswitchinterval(0.001)
    typer.echo(f"galaxis: http://{host}:{port}/  (database {db})")
    # WebSocket messages are small JSON lines: compressing each one (per-message
    # deflate) costs more server CPU than it saves on the wire.
    uvicorn.run(
        app, host=host, port=port, log_level="warning", ws_ping_interval=20, ws_per_message_deflate=False
    )


def main() -> None:
    """Standalone entry point: ``python -m galaxis.server.cli``."""
    app = typer.Typer(add_completion=False)
    register(app)

    @app.callback()
    def _root() -> None:
        """galaxis server"""

    app()


if __name__ == "__main__":
    main()
