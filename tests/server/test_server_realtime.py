"""Real-time pacing from the game's ``realtime`` hook: per-seat cooldown and the
synchronised countdown after a trigger event, enforced by the server."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.test_server_api import watch
from tests.server.toy_realtime import RealtimeGops


def start(client: TestClient, game: str) -> tuple[str, list[str]]:
    r = client.post("/api/matches", json={"game": game, "players": 2, "seed": 1, "seats": ["human", "human"]})
    return r.json()["id"], r.json()["tokens"]


def post(client: TestClient, mid: str, token: str, notation: str) -> Any:
    return client.post(
        f"/api/matches/{mid}/actions", headers={"X-Seat-Token": token}, json={"notation": notation}
    )


def test_cooldown_refuses_a_second_quick_action(client: TestClient, add_game: Any) -> None:
    add_game(RealtimeGops("toy_rt_cool", cooldown_ms=3000, countdown_ms=0))
    mid, tokens = start(client, "toy_rt_cool")
    st = client.get(f"/api/matches/{mid}").json()
    assert st["realtime"]["cooldown_ms"] == 3000
    assert post(client, mid, tokens[0], "bid 1").status_code == 200  # no seq: ordered by arrival
    assert post(client, mid, tokens[1], "bid 2").status_code == 200
    r = post(client, mid, tokens[0], "bid 2")
    assert r.status_code == 429 and 0 < r.json()["retry_after_ms"] <= 3000
    assert client.get(f"/api/matches/{mid}").json()["seq"] == 2  # nothing changed


def test_countdown_holds_actions_until_it_ends(client: TestClient, add_game: Any) -> None:
    add_game(RealtimeGops("toy_rt_count", cooldown_ms=0, countdown_ms=600))
    mid, tokens = start(client, "toy_rt_count")
    with watch(client, mid) as ws:
        post(client, mid, tokens[0], "bid 1")
        post(client, mid, tokens[1], "bid 2")  # the reveal starts the countdown
        ws.receive_json()
        reveal = ws.receive_json()
        assert reveal["events"][-1]["type"] == "reveal" and 0 < reveal["countdown_ms"] <= 600
        began = time.monotonic()
        assert post(client, mid, tokens[0], "bid 3").status_code == 200
        assert time.monotonic() - began >= 0.4
