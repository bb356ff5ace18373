"""Every endpoint of the HTTP contract, including the error answers."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import galaxis


def create(
    client: TestClient, seats: list[str], game: str = "toy_gops", **extra: Any
) -> tuple[str, list[Any]]:
    body = {"game": game, "players": len(seats), "seed": 11, "seats": seats, **extra}
    r = client.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def state(client: TestClient, mid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}", headers={"X-Seat-Token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def act(client: TestClient, mid: str, token: str, notation: str, seq: int | None) -> Any:
    return client.post(
        f"/api/matches/{mid}/actions",
        headers={"X-Seat-Token": token},
        json={"notation": notation, "seq": seq},
    )


def wait_for(pred: Any, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("condition not reached in time")


def test_healthz_and_games(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"ok": True}
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert "toy_gops" in games and "smugglers" in games
    assert games["toy_gops"]["options"]["cards"]["default"] == 5
    assert client.get("/openapi.json").json()["paths"]["/api/matches/{match_id}/actions"]


def test_create_returns_tokens_per_seat(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "bot:random"])
    assert isinstance(tokens[0], str) and len(tokens[0]) >= 20 and tokens[1] is None
    st = state(client, mid, tokens[0])
    assert (
        st["seat"] == 0
        and st["game"] == "toy_gops"
        and st["seats"][1] == {"kind": "bot", "spec": "random", "name": ""}
    )


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"game": "nope", "players": 2, "seats": ["human", "human"]}, "unknown game"),
        ({"game": "toy_gops", "players": 7, "seats": ["human"] * 7}, "2 to 3 players"),
        ({"game": "toy_gops", "players": 2, "seats": ["human"]}, "need 2 seats"),
        ({"game": "toy_gops", "players": 2, "seats": ["human", "robot"]}, "seat 1"),
        ({"game": "toy_gops", "players": 2, "seats": ["human", "bot:nosuchagent"]}, "seat 1"),
        (
            {"game": "toy_gops", "players": 2, "seats": ["human", "human"], "options": {"cards": 99}},
            "between",
        ),
        (
            {"game": "toy_gops", "players": 2, "seats": ["human", "human"], "options": {"colour": 1}},
            "unknown option",
        ),
        ({"game": "toy_gops", "players": 2, "seats": ["human", "human"], "extra": 1}, "extra"),
        ({"game": "toy_gops", "players": 2, "seats": ["human", "human"], "seed": -1}, "seed"),
        ({"game": "toy_gops", "players": "two", "seats": ["human", "human"]}, "players"),
        (
            {
                "game": "toy_gops",
                "players": 2,
                "seats": ["human", "human"],
                "clock": {"initial_ms": 5, "fallback": "random"},
            },
            "initial_ms",
        ),
    ],
)
def test_create_rejects_bad_input(client: TestClient, body: dict[str, Any], fragment: str) -> None:
    r = client.post("/api/matches", json=body)
    assert r.status_code == 422, r.text
    assert fragment in r.json()["detail"]
    assert client.get("/api/matches").json() == []  # nothing was created


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    r = client.post("/api/matches", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    r = client.post("/api/matches", json=["a", "list"])
    assert r.status_code == 422
    big = {"game": "toy_gops", "players": 2, "seats": ["human", "human"], "options": {"x": "y" * 70_000}}
    r = client.post(
        "/api/matches", content=json.dumps(big).encode(), headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413

    def chunks() -> Any:  # no Content-Length: the limit counts streamed bytes
        yield b'{"game": "toy_gops", "players": 2, "seats": ["human", "human"], "options": {"x": "'
        for _ in range(80):
            yield b"y" * 1000
        yield b'"}}'

    r = client.post("/api/matches", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    mid, tokens = create(client, ["human", "human"])
    r = client.post(
        f"/api/matches/{mid}/actions",
        headers={"X-Seat-Token": tokens[0]},
        json={"notation": "x" * 300, "seq": 0},
    )
    assert r.status_code == 422
    assert state(client, mid)["seq"] == 0


def test_get_match_seat_spectator_and_errors(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "human"])
    seat0, spectator = state(client, mid, tokens[0]), state(client, mid)
    assert (
        seat0["seq"] == 0
        and seat0["to_move"] == [0, 1]
        and seat0["over"] is False
        and seat0["result"] is None
    )
    assert seat0["legal"] == ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5"]
    assert seat0["legal_actions"][0] == {
        "notation": "bid 1",
        "text": "bid 1",
        "targets": ["card-1"],
        "kind": "bid",
    }
    assert spectator["seat"] is None and spectator["legal"] == []
    assert spectator["observation"]["hands"] == [5, 5]
    assert client.get(f"/api/matches/{mid}", headers={"X-Seat-Token": "wrong"}).status_code == 403
    assert client.get("/api/matches/nosuchmatch").status_code == 404
    assert client.get("/api/matches/" + "x" * 100).status_code == 404


def test_actions_403_409_422_and_200(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "human"])
    r = client.post(f"/api/matches/{mid}/actions", json={"notation": "bid 1", "seq": 0})
    assert r.status_code == 403
    assert act(client, mid, "not-a-token", "bid 1", 0).status_code == 403
    r = act(client, mid, tokens[0], "bid 9", 0)
    assert (
        r.status_code == 422
        and "bid one of your cards" in r.json()["detail"]
        and r.json()["rule"] == "toy: bidding"
    )
    r = act(client, mid, tokens[0], "bid 3", 0)
    assert (
        r.status_code == 200 and r.json()["seq"] == 1 and r.json()["events"] == [{"type": "bid", "seat": 0}]
    )
    r = act(client, mid, tokens[1], "bid 2", 0)
    assert r.status_code == 409 and r.json()["seq"] == 1
    r = act(client, mid, tokens[0], "bid 2", 1)  # seat 0 already bid this round
    assert r.status_code == 422 and "not to move" in r.json()["detail"]
    r = act(client, mid, tokens[1], "bid  2", 1)  # normalised notation
    assert r.status_code == 200 and r.json()["notation"] == "bid 2"
    assert r.json()["events"][-1]["type"] == "reveal"
    assert state(client, mid)["seq"] == 2


def test_play_to_the_end_against_a_bot(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "bot:greedy"])
    while True:
        st = state(client, mid, tokens[0])
        if st["over"]:
            break
        if 0 in st["to_move"]:
            assert act(client, mid, tokens[0], st["legal"][-1], st["seq"]).status_code in (200, 409)
        else:
            time.sleep(0.01)
    assert st["result"]["ranking"] and len(st["result"]["scores"]) == 2
    r = act(client, mid, tokens[0], "bid 1", st["seq"])
    assert r.status_code == 422 and "over" in r.json()["detail"]
    # The finished match exports fully and replays to the same result.
    data = client.get(f"/api/matches/{mid}/export").json()
    m = galaxis.replay(data["game"], data["seed"], data["players"], data["options"], data["history"])
    assert m.is_over and m.result.to_json() == st["result"]
    assert galaxis.match_from_json(data).result.scores == st["result"]["scores"]
    replay = client.get(f"/api/matches/{mid}/replay?step=3&seat=1").json()
    assert (
        replay["step"] == 3 and replay["steps"] == len(data["history"]) and replay["svg"].startswith("<svg")
    )
    upload = client.post("/api/replay", json={"match": data, "step": 2}).json()
    assert upload["step"] == 2 and upload["moves"] == replay["moves"]
    # Every move in words (the game's log line, a seat named ⟨n⟩), never the bare notation.
    assert all("⟨" in m["text"] and m["text"] != m["notation"] for m in replay["moves"])


def test_export_is_redacted_while_running(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "human"], options={"setup": {"deck": [1, 2, 3, 4, 5]}})
    act(client, mid, tokens[1], "bid 4", 0)
    data = client.get(f"/api/matches/{mid}/export", headers={"X-Seat-Token": tokens[0]}).json()
    assert data["redacted"] is True and "seed" not in data and "state" not in data
    assert "setup" not in data["options"]
    assert data["history"] == [[1, None]]  # seat 1's secret bid
    own = client.get(f"/api/matches/{mid}/export", headers={"X-Seat-Token": tokens[1]}).json()
    assert own["history"] == [[1, "bid 4"]]
    assert client.get(f"/api/matches/{mid}/replay").status_code == 409
    r = client.post("/api/replay", json={"match": data})
    assert r.status_code == 422


def test_svg_and_log(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "human"])
    r = client.get(f"/api/matches/{mid}/svg", headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and "<svg" in r.text
    assert client.get(f"/api/matches/{mid}/svg", headers={"X-Seat-Token": "bad"}).status_code == 403
    assert client.get(f"/api/matches/{mid}/svg?lang=xx").status_code == 422
    act(client, mid, tokens[0], "bid 5", 0)
    mine = client.get(f"/api/matches/{mid}/log", headers={"X-Seat-Token": tokens[0]}).json()
    theirs = client.get(f"/api/matches/{mid}/log", headers={"X-Seat-Token": tokens[1]}).json()
    assert mine[0]["notation"] == "bid 5" and mine[0]["text"] == "⟨0⟩: bid 5"
    # the other seat reads that a move was made, never which one (the game's log_line hook)
    assert theirs[0]["notation"] is None and theirs[0]["text"] == "⟨0⟩ made a hidden move."
    assert theirs[0]["events"] == [{"type": "bid", "seat": 0}]


def test_listing_and_joining(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "open"], options={"setup": {"deck": [5, 4, 3, 2, 1]}})
    assert tokens[1] is None
    listed = {m["id"]: m for m in client.get("/api/matches").json()}[mid]
    assert listed["status"] == "waiting" and listed["free_seats"] == [1]
    text = json.dumps(listed)
    assert listed["seed"] is None and listed["reveal"] is None and "token" not in text
    assert "setup" not in listed["options"] and "[5, 4, 3, 2, 1]" not in text
    assert listed["custom_setup"] is True and listed["fixed"] == ["seed", "setup"]  # shown before joining
    r = client.post(f"/api/matches/{mid}/join", json={})
    assert r.status_code == 200 and r.json()["seat"] == 1
    joined = r.json()["token"]
    assert client.post(f"/api/matches/{mid}/join", json={}).status_code == 409
    assert client.post(f"/api/matches/{mid}/join", json={"seat": 0}).status_code == 409
    assert client.post("/api/matches/zzz/join", json={}).status_code == 404
    assert state(client, mid, joined)["seat"] == 1 and state(client, mid)["status"] == "playing"
    assert act(client, mid, joined, "bid 1", 0).status_code == 200


@contextlib.contextmanager
def watch(client: TestClient, mid: str, token: str | None = None, since: int | None = None) -> Any:
    """A WebSocket on the match, authenticated by its first message."""
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.send_json({"token": token, "since": since})
        yield ws


def test_websocket_messages_resync_and_refusals(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "human"])
    with watch(client, mid, tokens[0]) as ws0, watch(client, mid) as spectator:
        act(client, mid, tokens[1], "bid 2", 0)
        act(client, mid, tokens[0], "bid 3", 1)
        first, second = ws0.receive_json(), ws0.receive_json()
        assert first == {
            "seq": 1,
            "events": [{"type": "bid", "seat": 1}],
            "to_move": [0],
            "seat": 1,
            "kind": "act",
            "notation": None,
        }
        assert second["seq"] == 2 and second["notation"] == "bid 3" and second["to_move"] == [0, 1]
        assert spectator.receive_json()["notation"] is None
        assert spectator.receive_json()["notation"] is None  # spectators see no secret bids
    with watch(client, mid, tokens[1], since=1) as ws1:
        resent = ws1.receive_json()
        assert resent["seq"] == 2 and resent["events"][-1]["type"] == "reveal"


def test_websocket_refusals_are_close_codes_after_the_upgrade(client: TestClient) -> None:
    """Finding 9: the token travels in the first message, never in the URL; refusals
    arrive as the documented close codes (an unknown match is 4404, not an HTTP 403)."""
    mid, tokens = create(client, ["human", "human"])
    cases: list[tuple[str, Any, int]] = [
        (f"/api/matches/{mid}/ws", {"token": "bad"}, 4403),
        ("/api/matches/none/ws", {"token": None}, 4404),
        (f"/api/matches/{mid}/ws?token={tokens[0]}", {"token": tokens[0]}, 4400),
        (f"/api/matches/{mid}/ws", ["not", "an", "object"], 4400),
        (f"/api/matches/{mid}/ws", {"token": tokens[0], "extra": 1}, 4400),
        (f"/api/matches/{mid}/ws", {"token": tokens[0], "since": -1}, 4400),
    ]
    for url, hello, code in cases:
        with pytest.raises(WebSocketDisconnect) as info, client.websocket_connect(url) as ws:
            ws.send_json(hello)
            ws.receive_json()
        assert info.value.code == code, (url, hello)


def test_undo_needs_consent_and_rebuilds(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "human"])
    act(client, mid, tokens[0], "bid 5", 0)
    undo = f"/api/matches/{mid}/undo"
    assert client.post(undo, json={"seq": 1}).status_code == 403
    assert (
        client.post(undo, headers={"X-Seat-Token": tokens[1]}, json={"seq": 1}).status_code == 409
    )  # no move
    assert client.post(undo, headers={"X-Seat-Token": tokens[0]}, json={"seq": 0}).status_code == 409  # stale
    r = client.post(undo, headers={"X-Seat-Token": tokens[0]}, json={"seq": 1})
    assert r.status_code == 200 and r.json()["done"] is False and r.json()["undo"]["waiting"] == [1]
    assert state(client, mid, tokens[1])["undo"]["by"] == 0
    r = client.post(undo, headers={"X-Seat-Token": tokens[1]}, json={"seq": 1, "accept": True})
    assert r.json()["done"] is True and r.json()["seq"] == 2
    st = state(client, mid, tokens[0])
    assert "bid 5" in st["legal"] and st["to_move"] == [0, 1] and st["moves"] == 0
    log = client.get(f"/api/matches/{mid}/log", headers={"X-Seat-Token": tokens[0]}).json()
    assert [e["kind"] for e in log] == ["act", "undo"] and log[0]["undone"] is True
    # A declined request changes nothing.
    act(client, mid, tokens[0], "bid 4", 2)
    client.post(undo, headers={"X-Seat-Token": tokens[0]}, json={"seq": 3})
    r = client.post(undo, headers={"X-Seat-Token": tokens[1]}, json={"seq": 3, "accept": False})
    assert r.json() == {"undo": None, "done": False, "seq": 3}
    assert "bid 4" not in state(client, mid, tokens[0])["legal"]


def test_undo_alone_against_bots_is_immediate(client: TestClient) -> None:
    # The third seat is still open, so no bid is revealed yet: the undo peeks at nothing.
    mid, tokens = create(client, ["human", "bot:random", "open"])
    wait_for(lambda: state(client, mid)["seq"] == 1)  # the bot's secret bid
    assert act(client, mid, tokens[0], "bid 1", 1).status_code == 200
    r = client.post(f"/api/matches/{mid}/undo", headers={"X-Seat-Token": tokens[0]}, json={"seq": 2})
    assert r.json()["done"] is True, r.text
    st = state(client, mid, tokens[0])
    assert "bid 1" in st["legal"] and st["moves"] == 1


def test_undo_is_refused_across_a_reveal(client: TestClient) -> None:
    """Finding 6: alone against bots, undoing past the reveal of the bids and of the
    next prize card would let the player see the future and choose differently."""
    mid, tokens = create(client, ["human", "bot:random"])
    wait_for(lambda: state(client, mid)["seq"] == 1)  # the bot's secret bid
    assert act(client, mid, tokens[0], "bid 1", 1).status_code == 200  # reveals both bids and a prize
    wait_for(lambda: state(client, mid)["seq"] >= 3)
    seq = state(client, mid)["seq"]
    r = client.post(f"/api/matches/{mid}/undo", headers={"X-Seat-Token": tokens[0]}, json={"seq": seq})
    assert r.status_code == 409 and "revealed hidden information" in r.json()["detail"]
    assert state(client, mid)["seq"] == seq  # nothing changed


def test_clock_fallback_random_moves_for_the_seat(client: TestClient) -> None:
    mid, tokens = create(
        client, ["human", "human"], clock={"initial_ms": 1000, "increment_ms": 0, "fallback": "random"}
    )
    st = state(client, mid, tokens[0])
    assert st["clock"]["running"] == [0, 1] and st["clock"]["remaining_ms"][0] <= 1000
    assert (
        client.post(
            f"/api/matches/{mid}/undo", headers={"X-Seat-Token": tokens[0]}, json={"seq": 0}
        ).status_code
        == 409
    )
    act(client, mid, tokens[0], "bid 1", 0)
    log = wait_for(
        lambda: [e for e in client.get(f"/api/matches/{mid}/log").json() if e["kind"] == "timeout"], 5
    )
    assert log[0]["seat"] == 1
    assert state(client, mid)["seq"] >= 2


def test_clock_fallback_loss_is_a_resignation(client: TestClient) -> None:
    mid, _ = create(client, ["human", "human"], clock={"initial_ms": 1000, "fallback": "loss"})
    st = wait_for(lambda: (s := state(client, mid))["over"] and s, 5)
    details = st["result"]["details"]
    assert details["reason"] == "time" and details["resigned"] in (0, 1)
    assert st["result"]["ranking"][-1] == [details["resigned"]]


def test_views_are_cached_per_seq_seat_and_language(client: TestClient) -> None:
    """Views are computed once per position; a move, another seat or another
    language never gets a stale or foreign one."""
    mid, tokens = create(client, ["human", "human"])
    svg = {
        seat: client.get(f"/api/matches/{mid}/svg", headers={"X-Seat-Token": tokens[seat]}).text
        for seat in (0, 1)
    }
    before = [state(client, mid, t) for t in tokens]
    assert "bid 5" in before[0]["legal"] and "bid 5" in before[1]["legal"]
    hu = client.get(f"/api/matches/{mid}?lang=hu", headers={"X-Seat-Token": tokens[0]}).json()
    assert hu["legal"] == before[0]["legal"]
    assert act(client, mid, tokens[0], "bid 5", 0).status_code == 200
    after = [state(client, mid, t) for t in tokens]
    assert "bid 5" not in after[0]["legal"] and after[0]["observation"] != before[0]["observation"]
    assert after[1]["legal"] == before[1]["legal"]  # seat 1 still holds its whole hand
    assert after[0]["observation"] != after[1]["observation"]  # each seat its own view
    new_svg = client.get(f"/api/matches/{mid}/svg", headers={"X-Seat-Token": tokens[0]}).text
    assert new_svg != svg[0]
