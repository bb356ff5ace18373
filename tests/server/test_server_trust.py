"""Online play that strangers can trust (#26): one test per finding, each failing on
the code before the fix. (Finding 2, the log per viewer, and the undo refusal of
finding 6 are in test_server_safety.py and test_server_api.py.)"""

from __future__ import annotations

import asyncio
import os
import signal
import stat
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import galaxis
from galaxis.server import create_app
from galaxis.server.fairness import commitment_of
from galaxis.server.limits import Rate, RateLimits
from galaxis.server.service import Service
from galaxis.server.workers import Overran, WorkerPool
from tests.server.helpers import ServerProcess

HUMANS = {"game": "toy_gops", "players": 2, "seats": ["human", "human"]}


def make(client: TestClient, **body: Any) -> Any:
    return client.post("/api/matches", json={**HUMANS, **body})


def act(client: TestClient, mid: str, token: str, notation: str, seq: int | None) -> Any:
    return client.post(
        f"/api/matches/{mid}/actions",
        headers={"X-Seat-Token": token},
        json={"notation": notation, "seq": seq},
    )


def play_out(client: TestClient, mid: str, tokens: list[str]) -> dict[str, Any]:
    while True:
        st = client.get(f"/api/matches/{mid}").json()
        if st["over"]:
            return st
        for seat in st["to_move"]:
            legal = client.get(f"/api/matches/{mid}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
            assert act(client, mid, tokens[seat], legal[0], st["seq"]).status_code == 200
            break


# --- 1. the seed: drawn by the server, committed at creation, revealed at the end ---------


def test_a_match_with_a_strangers_seat_gets_a_server_drawn_seed_and_a_commitment(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "toy_gops", "players": 2, "seats": ["human", "open"]})
    assert r.status_code == 201
    mid, commitment = r.json()["id"], r.json()["commitment"]
    listed = {m["id"]: m for m in client.get("/api/matches").json()}[mid]
    assert listed["custom_setup"] is False and listed["commitment"] == commitment and listed["seed"] is None
    joined = client.post(f"/api/matches/{mid}/join", json={}).json()["token"]
    creator = r.json()["tokens"][0]
    st = play_out(client, mid, [creator, joined])
    # Over: the seed and everything committed to are published, and they verify.
    reveal = st["reveal"]
    assert st["seed"] == reveal["seed"] and commitment_of(reveal) == commitment
    history = client.get(f"/api/matches/{mid}/export").json()["history"]
    m = galaxis.replay(reveal["game"], reveal["seed"], reveal["players"], reveal["options"], history)
    assert m.result.to_json() == st["result"]


def test_a_creator_fixed_seed_or_setup_is_shown_before_anyone_joins(client: TestClient) -> None:
    """Finding 1: the creator chose seed 77 and knew the joiner's cards; now every
    viewer sees "custom set-up" in the lobby and on the match page before joining."""
    for extra, fixed in (
        ({"seed": 77}, ["seed"]),
        ({"options": {"setup": {"deck": [1, 2, 3, 4, 5]}}}, ["setup"]),
    ):
        body = {"game": "toy_gops", "players": 2, "seats": ["human", "open"], **extra}
        mid = client.post("/api/matches", json=body).json()["id"]
        listed = {m["id"]: m for m in client.get("/api/matches").json()}[mid]
        page = client.get(f"/api/matches/{mid}").json()
        assert listed["custom_setup"] is True and listed["fixed"] == fixed
        assert page["custom_setup"] is True and page["fixed"] == fixed
        assert page["seed"] is None and "setup" not in page["options"]


# --- 3. limits before work ---------------------------------------------------------------


@pytest.mark.parametrize("count", ["30000000", "999999999999999999999"])
def test_an_absurd_deck_text_is_one_422_at_once(client: TestClient, count: str) -> None:
    options = {"setup": {"decks": {"0": f"{count} Cobra Flash"}}}
    began = time.monotonic()
    r = client.post(
        "/api/matches", json={"game": "kaosz", "players": 2, "seats": ["human", "human"], "options": options}
    )
    assert r.status_code == 422 and "45 cards" in r.json()["detail"]
    upload = {"game": "kaosz", "players": 2, "seed": 1, "options": options, "history": []}
    r = client.post("/api/replay", json={"match": upload})
    assert r.status_code == 422 and "45 cards" in r.json()["detail"]
    assert time.monotonic() - began < 5
    assert client.get("/healthz").status_code == 200


def test_deeply_nested_json_is_a_client_error(client: TestClient) -> None:
    deep = '{"match": ' + "[" * 100_000 + "]" * 100_000 + "}"
    r = client.post("/api/replay", content=deep.encode(), headers={"Content-Type": "application/json"})
    assert 400 <= r.status_code < 500


# --- 4. bot specs are capped and a search past its deadline is stopped ---------------------


@pytest.mark.parametrize(
    "spec", ["bot:mcts:iters=999999999999", "bot:mcts:ms=1e99", "bot:mcts:ms=nan", "bot:mcts:c=1e300"]
)
def test_bot_specs_beyond_the_caps_are_refused(client: TestClient, spec: str) -> None:
    r = make(client, seats=["human", spec])
    assert r.status_code == 422 and "seat 1" in r.json()["detail"] and "9999" in r.json()["detail"]


def test_a_search_past_its_deadline_is_killed_and_replaced() -> None:
    async def run() -> tuple[float, bool, int, str]:
        pool = WorkerPool(1)
        try:
            m = galaxis.new_match("smugglers", 2, 5)
            seat = m.to_move[0]
            began = time.monotonic()
            with pytest.raises(Overran):
                await pool.think(m, seat, "mcts:iters=9999", 1, deadline_s=1.5)
            took = time.monotonic() - began
            assert pool.killed == 1 and pool.pids() == []  # the runaway worker is gone
            # A new worker answers the next decision.
            move = await pool.think(m, seat, "mcts:iters=5", 1, deadline_s=60)
            return took, move in {a.notation for a in m.legal_actions(seat)}, len(pool.pids()), move
        finally:
            pool.close()

    took, legal, workers, _ = asyncio.run(run())
    assert took < 10 and legal and workers == 1


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_bot_workers_die_with_the_server(tmp_path: Path, how: signal.Signals) -> None:
    """Finding 4: the workers outlived a SIGTERM of the server as orphans."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", log_path=tmp_path / "server.log")
    with server:
        assert server.proc is not None
        seats = ["bot:mcts:iters=9999", "bot:mcts:iters=9999"]
        r = httpx.post(f"{server.url}/api/matches", json={"game": "smugglers", "players": 2, "seats": seats})
        assert r.status_code == 201, r.text
        deadline = time.monotonic() + 60
        while not (workers := _descendants(server.proc.pid)) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert workers, "no worker process started"
        server.proc.send_signal(how)
        server.proc.wait(30)
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in workers if _alive(p)], "worker processes outlived the server"


# --- 5. rate limits and idle matches --------------------------------------------------------


def test_creating_matches_is_rate_limited_per_address(tmp_path: Path, toy: Any) -> None:
    limits = RateLimits(create=Rate(3, 0.01))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'r.db'}", rate_limits=limits)) as c:
        codes = [make(c).status_code for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        r = make(c)
        assert int(r.headers["Retry-After"]) >= 1 and r.json()["retry_after_ms"] > 0
        assert len(c.get("/api/matches").json()) == 3


def test_actions_are_rate_limited_per_address(tmp_path: Path, toy: Any) -> None:
    limits = RateLimits(act=Rate(4, 0.01))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}", rate_limits=limits)) as c:
        mid, tokens = make(c).json()["id"], make(c).json()["tokens"]
        codes = [act(c, mid, tokens[0], "bid 9", 0).status_code for _ in range(6)]
        assert codes[:4] == [403] * 4 and codes[4:] == [429, 429]


def test_websocket_connections_are_limited_per_address(tmp_path: Path, toy: Any) -> None:
    limits = RateLimits(ws=Rate(100, 100), ws_open=2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'w.db'}", rate_limits=limits)) as c:
        mid = make(c).json()["id"]
        with c.websocket_connect(f"/api/matches/{mid}/ws"), c.websocket_connect(f"/api/matches/{mid}/ws"):
            with (
                pytest.raises(WebSocketDisconnect) as info,
                c.websocket_connect(f"/api/matches/{mid}/ws") as ws,
            ):
                ws.receive_json()
            assert info.value.code == 4429


def test_idle_matches_are_ended_and_unloaded(tmp_path: Path, toy: Any) -> None:
    async def run() -> tuple[bool, str, dict[str, Any] | None, bool]:
        svc = Service(f"sqlite:///{tmp_path / 'i.db'}", idle_s=0.4)
        await svc.start()
        try:
            mid, _ = await svc.create("toy_gops", 2, None, {}, ["human", "open"], None)
            busy, _ = await svc.create("toy_gops", 3, None, {}, ["human", "human", "human"], None)
            assert mid in svc.cache
            for _ in range(8):  # the busy one moves every 0.1 s: never idle for 0.4 s
                await asyncio.sleep(0.1)
                live = await svc.get(busy)
                seat = live.to_move[0]
                await svc.act(busy, seat, live.match.legal_actions(seat)[0].notation, live.seq)
            await svc.end_idle()  # the sweeper runs by itself too
            unloaded = mid not in svc.cache
            busy_over = (await svc.get(busy)).over
            live = await svc.get(mid)  # rebuilt from the log: over, ended as idle
            return unloaded, live.status(), live.result(), busy_over
        finally:
            await svc.stop()

    unloaded, status, result, busy_over = asyncio.run(run())
    assert unloaded and status == "over" and not busy_over
    assert result is not None and result["details"]["reason"] == "idle"


# --- 7. seq is required in turn-based matches -------------------------------------------------


def test_seq_is_required_in_turn_based_matches(client: TestClient) -> None:
    """Finding 7: ``"seq": null`` skipped the stale check, so a retry could apply a move twice."""
    mid, tokens = make(client).json()["id"], make(client).json()["tokens"]
    r = make(client)
    mid, tokens = r.json()["id"], r.json()["tokens"]
    for body in ({"notation": "bid 1", "seq": None}, {"notation": "bid 1"}):
        r = client.post(f"/api/matches/{mid}/actions", headers={"X-Seat-Token": tokens[0]}, json=body)
        assert r.status_code == 422 and "seq is required" in r.json()["detail"]
    assert client.get(f"/api/matches/{mid}").json()["seq"] == 0


# --- 10. web hygiene ---------------------------------------------------------------------------


def test_security_headers_on_pages_and_api(client: TestClient) -> None:
    for path in ("/index.html", "/match.html", "/api/games", "/api/matches/none"):
        r = client.get(path)
        csp = r.headers["Content-Security-Policy"]
        assert (
            "script-src 'self'" in csp
            and "frame-ancestors 'none'" in csp
            and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
        )
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert r.headers["Referrer-Policy"] == "no-referrer"
        assert r.headers["X-Frame-Options"] == "DENY"


def test_pages_have_no_inline_script() -> None:
    web = Path(galaxis.__file__).parent / "web"
    for page in web.glob("*.html"):
        text = page.read_text()
        assert "<script>" not in text and " on" not in text.replace(" one", ""), page.name
        for tag in text.split("<script")[1:]:
            assert 'src="' in tag.split(">")[0], f"inline script in {page.name}"


def test_api_docs_are_off_by_default(client: TestClient, tmp_path: Path) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/openapi.json").status_code == 200
    with TestClient(create_app(f"sqlite:///{tmp_path / 'd.db'}", api_docs=True)) as c:
        assert c.get("/docs").status_code == 200


def test_the_sqlite_file_is_private(tmp_path: Path, toy: Any) -> None:
    """Finding 13: the database holds running matches' seeds; it was world-readable."""
    old = os.umask(0o022)
    try:
        path = tmp_path / "private.db"
        with TestClient(create_app(f"sqlite:///{path}")) as c:
            assert make(c).status_code == 201
        for f in tmp_path.glob("private.db*"):
            assert stat.S_IMODE(f.stat().st_mode) == 0o600, f.name
    finally:
        os.umask(old)


# --- 13. no silent coercion ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"players": "2"}, "players"),
        ({"players": True}, "players"),
        ({"seed": "7"}, "seed"),
        ({"seed": 7.5}, "seed"),
        ({"options": {"cards": "5"}}, "cards"),
        ({"options": {"cards": 5.5}}, "cards"),
        ({"options": {"setup": {"deck": [1, 2, 3, 4, 5], "colour": "red"}}}, "known: deck"),
        ({"seed": 2**53}, "seed"),
    ],
)
def test_no_silent_coercion(client: TestClient, body: dict[str, Any], fragment: str) -> None:
    r = make(client, **body)
    assert r.status_code == 422 and fragment in r.json()["detail"], r.text


def test_json_integers_written_with_a_point_are_integers(client: TestClient) -> None:
    """JSON Schema calls 2.0 an integer; the schema says integer, so the server agrees."""
    r = make(client, players=2.0, seed=7.0, options={"cards": 4.0})
    assert r.status_code == 201, r.text


def test_kaosz_bool_option_takes_a_bool(client: TestClient) -> None:
    body = {"game": "kaosz", "players": 2, "seats": ["human", "human"], "options": {"simple_combat": "yes"}}
    r = client.post("/api/matches", json=body)
    assert r.status_code == 422 and "simple_combat" in r.json()["detail"]


def test_refusals_speak_the_readers_language(client: TestClient) -> None:
    r = make(client)
    mid, tokens = r.json()["id"], r.json()["tokens"]
    act(client, mid, tokens[0], "bid 1", 0)
    en = act(client, mid, tokens[0], "bid 2", 1).json()
    hu = client.post(
        f"/api/matches/{mid}/actions",
        headers={"X-Seat-Token": tokens[0], "Accept-Language": "hu-HU,hu;q=0.9,en;q=0.5"},
        json={"notation": "bid 2", "seq": 1},
    ).json()
    assert en["detail"] != hu["detail"] and "hely" in hu["detail"]


def test_a_socket_that_never_says_hello_is_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import galaxis.server.api as api

    monkeypatch.setattr(api, "WS_HELLO_S", 0.3)
    mid = make(client).json()["id"]
    with pytest.raises(WebSocketDisconnect) as info, client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.receive_json()
    assert info.value.code == 4408


def test_limits_and_refusals_speak_hungarian_too(tmp_path: Path, toy: Any) -> None:
    limits = RateLimits(create=Rate(1, 0.01))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'h.db'}", rate_limits=limits)) as c:
        assert make(c).status_code == 201
        r = c.post("/api/matches", json=HUMANS, headers={"Accept-Language": "hu"})
        assert r.status_code == 429 and "túl sok kérés" in r.json()["detail"]
        big = b'{"x": "' + b"y" * 70_000 + b'"}'
        r = c.post("/api/matches/x/join?lang=hu", content=big, headers={"Content-Type": "application/json"})
        assert r.status_code == 413 and "bájtnál" in r.json()["detail"]
