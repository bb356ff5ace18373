"""PostgreSQL by URL, and two server processes behind one PostgreSQL with
Redis fan-out: a move made through one process reaches WebSocket clients of
the other, and the row lock orders competing moves."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.helpers import PG_URL, REDIS_URL, ServerProcess, require_services

pytestmark = pytest.mark.services


def _pg_ok() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_URL, connect_timeout=3):
            return True
    except Exception:
        return False


def _redis_ok() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS_URL, socket_timeout=3).ping())
    except Exception:
        return False


@pytest.fixture
def pg_db() -> Iterator[str]:
    """A fresh PostgreSQL database for one test."""
    require_services("PostgreSQL", _pg_ok())
    import psycopg

    name = f"galaxis_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = PG_URL.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def create(url: str, seats: list[str]) -> tuple[str, list[Any]]:
    r = httpx.post(f"{url}/api/matches", json={"game": "toy_gops", "players": len(seats), "seed": 2, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def test_postgresql_by_url_survives_restart(pg_db: str, tmp_path: Path) -> None:
    with ServerProcess(pg_db, log_path=tmp_path / "a.log") as server:
        mid, tokens = create(server.url, ["human", "bot:random"])
        r = httpx.post(f"{server.url}/api/matches/{mid}/actions", headers={"X-Seat-Token": tokens[0]},
                       json={"notation": "bid 2", "seq": httpx.get(f"{server.url}/api/matches/{mid}").json()["seq"]})
        assert r.status_code == 200
        before = httpx.get(f"{server.url}/api/matches/{mid}", headers={"X-Seat-Token": tokens[0]}).json()
    with ServerProcess(pg_db, log_path=tmp_path / "b.log") as server:
        after = httpx.get(f"{server.url}/api/matches/{mid}", headers={"X-Seat-Token": tokens[0]}).json()
    before.pop("clock"), after.pop("clock")
    assert after["seq"] >= before["seq"] >= 2 and after["observation"]["hands"][0] == before["observation"]["hands"][0]


def test_two_processes_share_matches_through_redis(pg_db: str, tmp_path: Path) -> None:
    require_services("Redis", _redis_ok())
    with ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "a.log") as a, \
            ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "b.log") as b:
        mid, tokens = create(a.url, ["human", "human"])
        ws_url = b.url.replace("http", "ws") + f"/api/matches/{mid}/ws?token={tokens[1]}"
        with connect(ws_url, open_timeout=10) as ws:
            r = httpx.post(f"{a.url}/api/matches/{mid}/actions", headers={"X-Seat-Token": tokens[0]},
                           json={"notation": "bid 4", "seq": 0})
            assert r.status_code == 200
            msg = json.loads(ws.recv(timeout=10))
            assert msg["seq"] == 1 and msg["seat"] == 0 and msg["notation"] is None  # seat 1 must not see the bid
            # The other process knows the new state and accepts the next move.
            assert httpx.get(f"{b.url}/api/matches/{mid}").json()["seq"] == 1
            r = httpx.post(f"{b.url}/api/matches/{mid}/actions", headers={"X-Seat-Token": tokens[1]},
                           json={"notation": "bid 1", "seq": 1})
            assert r.status_code == 200 and r.json()["events"][-1]["type"] == "reveal"
            assert json.loads(ws.recv(timeout=10))["seq"] == 2
        # Competing moves on the same seq through both processes: exactly one wins.
        results: list[int] = []

        def post(url: str, seat: int, notation: str) -> None:
            r = httpx.post(f"{url}/api/matches/{mid}/actions", headers={"X-Seat-Token": tokens[seat]},
                           json={"notation": notation, "seq": 2})
            results.append(r.status_code)

        threads = [threading.Thread(target=post, args=(a.url, 0, "bid 2")),
                   threading.Thread(target=post, args=(b.url, 1, "bid 3"))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(results) == [200, 409]
        log_a = httpx.get(f"{a.url}/api/matches/{mid}/log").json()
        log_b = httpx.get(f"{b.url}/api/matches/{mid}/log").json()
        assert len(log_a) == len(log_b) == 3 and [e["seat"] for e in log_a] == [e["seat"] for e in log_b]
