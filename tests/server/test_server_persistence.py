"""Event-sourced persistence: a restarted server resumes every match exactly,
and a server killed with SIGKILL loses no acknowledged action."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from galaxis.server import create_app
from tests.server.helpers import ServerProcess


def snapshot(client: Any, mid: str, tokens: list[str | None]) -> list[Any]:
    out = []
    for token in [*tokens, None]:
        h = {"X-Seat-Token": token} if token else {}
        st = client.get(f"/api/matches/{mid}", headers=h).json()
        st.pop("clock", None)
        out.append(
            (
                st,
                client.get(f"/api/matches/{mid}/svg", headers=h).text,
                client.get(f"/api/matches/{mid}/log", headers=h).json(),
            )
        )
    return out


def test_restart_resumes_every_match_exactly(tmp_path: Path, toy: Any) -> None:
    db = f"sqlite:///{tmp_path / 'r.db'}"
    rng = random.Random(4)
    matches: list[tuple[str, list[str | None]]] = []
    with TestClient(create_app(db)) as c:
        for game, players in (("toy_gops", 3), ("smugglers", 2), ("smugglers", 3)):
            r = c.post("/api/matches", json={"game": game, "players": players, "seats": ["human"] * players})
            mid, tokens = r.json()["id"], r.json()["tokens"]
            for _ in range(7):
                st = c.get(f"/api/matches/{mid}").json()
                seat = rng.choice(st["to_move"])
                legal = c.get(f"/api/matches/{mid}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
                r = c.post(
                    f"/api/matches/{mid}/actions",
                    headers={"X-Seat-Token": tokens[seat]},
                    json={"notation": rng.choice(legal), "seq": st["seq"]},
                )
                assert r.status_code == 200
            # an undo is part of the log too
            seat = c.get(f"/api/matches/{mid}/log").json()[-1]["seat"]
            seq = c.get(f"/api/matches/{mid}").json()["seq"]
            c.post(f"/api/matches/{mid}/undo", headers={"X-Seat-Token": tokens[seat]}, json={"seq": seq})
            for other in range(players):
                if other != seat:
                    c.post(
                        f"/api/matches/{mid}/undo", headers={"X-Seat-Token": tokens[other]}, json={"seq": seq}
                    )
            matches.append((mid, tokens))
        before = [snapshot(c, mid, tokens) for mid, tokens in matches]
    assert any(e["kind"] == "undo" for e in before[0][0][2])
    with TestClient(create_app(db)) as c:
        after = [snapshot(c, mid, tokens) for mid, tokens in matches]
    assert after == before


def test_clocks_survive_a_restart(tmp_path: Path, toy: Any) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    clock = {"initial_ms": 60_000, "increment_ms": 2_000, "fallback": "random"}
    with TestClient(create_app(db)) as c:
        r = c.post(
            "/api/matches",
            json={"game": "toy_gops", "players": 2, "seats": ["human", "human"], "clock": clock},
        )
        mid, tokens = r.json()["id"], r.json()["tokens"]
        time.sleep(0.3)
        c.post(
            f"/api/matches/{mid}/actions",
            headers={"X-Seat-Token": tokens[0]},
            json={"notation": "bid 1", "seq": 0},
        )
        before = c.get(f"/api/matches/{mid}").json()["clock"]
    # seat 0 was charged its thinking time and got the increment
    assert 60_000 < before["remaining_ms"][0] <= 61_700 and before["running"] == [1]
    with TestClient(create_app(db)) as c:
        after = c.get(f"/api/matches/{mid}").json()["clock"]
    assert after["remaining_ms"][0] == before["remaining_ms"][0] and after["running"] == [1]
    # the interrupted turn starts again from the stored time (downtime is not charged)
    assert before["remaining_ms"][1] < 60_000 and 59_000 < after["remaining_ms"][1] <= 60_000


def _player(
    url: str, mid: str, tokens: list[str], acked: list[tuple[int, int, str]], stop: threading.Event, seed: int
) -> None:
    """Plays random moves for every seat until the server dies; records acknowledgements."""
    rng = random.Random(seed)
    with httpx.Client(base_url=url, timeout=5.0) as http:
        while not stop.is_set():
            try:
                st = http.get(f"/api/matches/{mid}").json()
                if st["over"]:
                    return
                seat = rng.choice(st["to_move"])
                legal = http.get(f"/api/matches/{mid}", headers={"X-Seat-Token": tokens[seat]}).json()[
                    "legal"
                ]
                r = http.post(
                    f"/api/matches/{mid}/actions",
                    headers={"X-Seat-Token": tokens[seat]},
                    json={"notation": rng.choice(legal), "seq": st["seq"]},
                )
                if r.status_code == 200:
                    acked.append((r.json()["seq"], seat, r.json()["notation"]))
            except (httpx.HTTPError, ValueError, KeyError):
                return


def test_kill_9_keeps_every_acknowledged_action(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'k.db'}"
    server = ServerProcess(db, log_path=tmp_path / "server.log").start()
    try:
        games = [("smugglers", 2), ("toy_gops", 3)] * 4
        matches = []
        for game, players in games:
            r = httpx.post(
                f"{server.url}/api/matches",
                json={"game": game, "players": players, "seats": ["human"] * players},
            )
            matches.append((r.json()["id"], r.json()["tokens"]))
        # plus matches where bots play on the server while it dies
        bot_matches = []
        for _ in range(4):
            r = httpx.post(
                f"{server.url}/api/matches",
                json={"game": "smugglers", "players": 3, "seats": ["bot:random"] * 3},
            )
            assert r.status_code == 201
            bot_matches.append(r.json()["id"])
        stop = threading.Event()
        acked: list[list[tuple[int, int, str]]] = [[] for _ in matches]
        threads = [
            threading.Thread(target=_player, args=(server.url, mid, tokens, acked[i], stop, i))
            for i, (mid, tokens) in enumerate(matches)
        ]
        for th in threads:
            th.start()
        deadline = time.monotonic() + 20
        while sum(map(len, acked)) < 60 and time.monotonic() < deadline:
            time.sleep(0.05)
        server.kill9()
        stop.set()
        for th in threads:
            th.join(10)
        print("acknowledged before kill:", sum(map(len, acked)))
        assert sum(map(len, acked)) >= 20
    finally:
        server.stop()
    restarted = ServerProcess(db, log_path=tmp_path / "server2.log").start()
    try:
        for (mid, tokens), mine in zip(matches, acked, strict=True):
            logs = [
                {
                    e["seq"]: e
                    for e in httpx.get(
                        f"{restarted.url}/api/matches/{mid}/log", headers={"X-Seat-Token": t}
                    ).json()
                }
                for t in tokens
            ]
            for seq, seat, notation in mine:
                assert seq in logs[seat], f"acknowledged action {seq} of {mid} lost"
                assert logs[seat][seq]["notation"] == notation and logs[seat][seq]["seat"] == seat
            st = httpx.get(f"{restarted.url}/api/matches/{mid}").json()
            assert st["seq"] == len(logs[0])
        # bots carry on after the restart
        for mid in bot_matches:
            seq = httpx.get(f"{restarted.url}/api/matches/{mid}").json()["seq"]
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                st = httpx.get(f"{restarted.url}/api/matches/{mid}").json()
                if st["over"] or st["seq"] > seq:
                    break
                time.sleep(0.05)
            assert st["over"] or st["seq"] > seq
    finally:
        restarted.stop()
