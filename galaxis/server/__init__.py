"""The galaxis web service: HTTP + WebSocket play, lobby and persistence.

``create_app(db_url, redis_url)`` builds the ASGI app; ``galaxis serve`` runs it.
"""

from galaxis.server.api import create_app

__all__ = ["create_app"]
