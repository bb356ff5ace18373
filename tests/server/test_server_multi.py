"""PostgreSQL by URL, and two server processes behind one PostgreSQL with
Redis fan-out: a move made through one process reaches WebSocket clients of
the other, the row lock orders competing moves, and real-time pacing and undo
requests hold across processes."""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.helpers import PG_URL, REDIS_URL, ServerProcess, require_services
from tests.server.toy_realtime import MULTI

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
    r = httpx.post(
        f"{url}/api/matches", json={"game": "toy_gops", "players": len(seats), "seed": 2, "seats": seats}
    )
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def test_postgresql_by_url_survives_restart(pg_db: str, tmp_path: Path) -> None:
    with ServerProcess(pg_db, log_path=tmp_path / "a.log") as server:
        mid, tokens = create(server.url, ["human", "bot:random"])
        r = httpx.post(
            f"{server.url}/api/matches/{mid}/actions",
            headers={"X-Seat-Token": tokens[0]},
            json={"notation": "bid 2", "seq": httpx.get(f"{server.url}/api/matches/{mid}").json()["seq"]},
        )
        assert r.status_code == 200
        before = httpx.get(f"{server.url}/api/matches/{mid}", headers={"X-Seat-Token": tokens[0]}).json()
    with ServerProcess(pg_db, log_path=tmp_path / "b.log") as server:
        after = httpx.get(f"{server.url}/api/matches/{mid}", headers={"X-Seat-Token": tokens[0]}).json()
    before.pop("clock"), after.pop("clock")
    assert (
        after["seq"] >= before["seq"] >= 2
        and after["observation"]["hands"][0] == before["observation"]["hands"][0]
    )


def test_two_processes_share_matches_through_redis(pg_db: str, tmp_path: Path) -> None:
    require_services("Redis", _redis_ok())
    with (
        ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "a.log") as a,
        ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "b.log") as b,
    ):
        mid, tokens = create(a.url, ["human", "human"])
        ws_url = b.url.replace("http", "ws") + f"/api/matches/{mid}/ws"
        with connect(ws_url, open_timeout=10) as ws:
            # "since" asks for every move after seq 0, so a move made while the socket is
            # being opened reaches it either from the resync or from the fan-out.
            ws.send(json.dumps({"token": tokens[1], "since": 0}))
            r = httpx.post(
                f"{a.url}/api/matches/{mid}/actions",
                headers={"X-Seat-Token": tokens[0]},
                json={"notation": "bid 4", "seq": 0},
            )
            assert r.status_code == 200
            msg = json.loads(ws.recv(timeout=10))
            assert (
                msg["seq"] == 1 and msg["seat"] == 0 and msg["notation"] is None
            )  # seat 1 must not see the bid
            # The other process knows the new state and accepts the next move.
            assert httpx.get(f"{b.url}/api/matches/{mid}").json()["seq"] == 1
            r = httpx.post(
                f"{b.url}/api/matches/{mid}/actions",
                headers={"X-Seat-Token": tokens[1]},
                json={"notation": "bid 1", "seq": 1},
            )
            assert r.status_code == 200 and r.json()["events"][-1]["type"] == "reveal"
            assert json.loads(ws.recv(timeout=10))["seq"] == 2
        # Competing moves on the same seq through both processes: exactly one wins.
        results: list[int] = []

        def post(url: str, seat: int, notation: str) -> None:
            r = httpx.post(
                f"{url}/api/matches/{mid}/actions",
                headers={"X-Seat-Token": tokens[seat]},
                json={"notation": notation, "seq": 2},
            )
            results.append(r.status_code)

        threads = [
            threading.Thread(target=post, args=(a.url, 0, "bid 2")),
            threading.Thread(target=post, args=(b.url, 1, "bid 3")),
        ]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(results) == [200, 409]
        log_a = httpx.get(f"{a.url}/api/matches/{mid}/log").json()
        log_b = httpx.get(f"{b.url}/api/matches/{mid}/log").json()
        assert len(log_a) == len(log_b) == 3 and [e["seat"] for e in log_a] == [e["seat"] for e in log_b]


def test_realtime_pacing_is_shared_between_processes(pg_db: str, tmp_path: Path) -> None:
    """The cooldown and the countdown follow from the shared log, so a seat cannot
    escape them by sending its moves through another process."""
    require_services("Redis", _redis_ok())
    policy = MULTI.policy
    with (
        ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "a.log") as a,
        ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "b.log") as b,
    ):
        r = httpx.post(
            f"{a.url}/api/matches",
            json={"game": MULTI.info.id, "players": 2, "seed": 3, "seats": ["human", "human"]},
        )
        mid, tokens = r.json()["id"], r.json()["tokens"]

        def post(url: str, seat: int, notation: str) -> httpx.Response:  # no seq: ordered by arrival
            return httpx.post(
                f"{url}/api/matches/{mid}/actions",
                headers={"X-Seat-Token": tokens[seat]},
                json={"notation": notation},
                timeout=30,
            )

        began = time.monotonic()
        assert post(a.url, 0, "bid 1").status_code == 200
        r = post(b.url, 0, "bid 2")  # the same seat at once, through the other process
        elapsed = time.monotonic() - began
        assert r.status_code == 429, (r.status_code, r.text, f"{elapsed:.1f} s after the first move")
        assert 0 < r.json()["retry_after_ms"] <= policy["cooldown_ms"]
        r = post(a.url, 1, "bid 2")
        assert r.status_code == 200 and r.json()["events"][-1]["type"] == "reveal"
        revealed = time.monotonic()
        # Seat 0's cooldown over, its move through b is held until the countdown ends.
        time.sleep(max(0.0, began + policy["cooldown_ms"] / 1000 + 0.2 - time.monotonic()))
        r = post(b.url, 0, "bid 3")
        assert r.status_code == 200, r.text
        assert time.monotonic() >= revealed + policy["countdown_ms"] / 1000 - 0.5
        log = httpx.get(f"{b.url}/api/matches/{mid}/log").json()
        assert [e["seat"] for e in log] == [0, 1, 0]


def test_undo_request_and_consent_through_different_processes(pg_db: str, tmp_path: Path) -> None:
    require_services("Redis", _redis_ok())
    with (
        ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "a.log") as a,
        ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "b.log") as b,
    ):
        mid, tokens = create(a.url, ["human", "human"])
        seat0, seat1 = ({"X-Seat-Token": t} for t in tokens)
        assert (
            httpx.post(
                f"{a.url}/api/matches/{mid}/actions", headers=seat0, json={"notation": "bid 4", "seq": 0}
            ).status_code
            == 200
        )
        # b has the match cached before the request, so it learns of it by a notice.
        assert httpx.get(f"{b.url}/api/matches/{mid}", headers=seat1).json()["undo"] is None
        r = httpx.post(f"{a.url}/api/matches/{mid}/undo", headers=seat0, json={"seq": 1})
        assert r.status_code == 200 and r.json()["undo"]["waiting"] == [1]
        deadline = time.monotonic() + 10
        while httpx.get(f"{b.url}/api/matches/{mid}", headers=seat1).json()["undo"] is None:
            assert time.monotonic() < deadline, "process b never saw the undo request"
            time.sleep(0.05)
        assert httpx.get(f"{b.url}/api/matches/{mid}", headers=seat1).json()["undo"]["by"] == 0
        # A third process, started now, reads the pending request from the database.
        with ServerProcess(pg_db, REDIS_URL, log_path=tmp_path / "c.log") as c:
            assert httpx.get(f"{c.url}/api/matches/{mid}", headers=seat1).json()["undo"]["waiting"] == [1]
        r = httpx.post(f"{b.url}/api/matches/{mid}/undo", headers=seat1, json={"seq": 1, "accept": True})
        assert r.status_code == 200 and r.json()["done"] is True, r.text
        log = httpx.get(f"{a.url}/api/matches/{mid}/log").json()
        assert [e["kind"] for e in log] == ["act", "undo"] and log[0]["undone"] is True
        st = httpx.get(f"{a.url}/api/matches/{mid}", headers=seat0).json()
        assert st["seq"] == 2 and st["undo"] is None and "bid 4" in st["legal"]
