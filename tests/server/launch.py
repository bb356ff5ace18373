"""Runs the server in a subprocess with the test toy games registered.

Usage: python -m tests.server.launch DB_URL PORT [REDIS_URL]

Per-address rate limits are off (every test client is 127.0.0.1) unless
``GALAXIS_TEST_RATE_LIMITS=on``; ``GALAXIS_TEST_BOT_SECONDS`` sets the bots' deadline.
"""

from __future__ import annotations

import os
import sys

from galaxis.core import register
from galaxis.server.cli import run
from tests.server.toy_realtime import MULTI
from tests.toy_games import GAME

if __name__ == "__main__":
    register(GAME)
    register(MULTI)
    run(
        sys.argv[1],
        "127.0.0.1",
        int(sys.argv[2]),
        sys.argv[3] if len(sys.argv) > 3 else None,
        bot_budget_s=float(os.environ.get("GALAXIS_TEST_BOT_SECONDS", "30")),
        rate_limits=os.environ.get("GALAXIS_TEST_RATE_LIMITS") == "on",
        bot_delay_s=float(os.environ.get("GALAXIS_TEST_BOT_DELAY", "0")),
    )
