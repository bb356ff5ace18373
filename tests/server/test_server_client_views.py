"""The routes the browser client needs beside the board: prompt, buttons, panels,
the end table, names, thinking bots, the lobby's preview drawings and the rules pages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient

from tests.server.test_server_api import act, create, state, wait_for


def test_state_carries_prompt_choices_panels_and_names(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "human"], names=["Anna", "  Béla  "])
    st = state(client, mid, tokens[0])
    assert st["prompt"] == "Choose your move."
    assert [p["colour"] for p in st["panels"]] == ["#4fc3f7", "#ffb74d"]
    assert st["breakdown"] is None and st["thinking"] == []
    assert [s["name"] for s in st["seats"]] == ["Anna", "Béla"]  # spaces tidied
    hu = client.get(f"/api/matches/{mid}?lang=hu", headers={"X-Seat-Token": tokens[0]}).json()
    assert hu["prompt"] == "Válassz egy lépést."
    # a spectator is told whom the table waits for, with seat references for the client to fill
    assert state(client, mid)["prompt"] == "Waiting for ⟨0⟩ and ⟨1⟩."


def test_the_end_table_arrives_when_the_match_is_over(client: TestClient) -> None:
    mid, tokens = create(client, ["human", "bot:random"], options={"cards": 3})
    for _ in range(10):
        st = state(client, mid, tokens[0])
        if st["over"]:
            break
        wait_for(lambda: state(client, mid, tokens[0])["to_move"] == [0] or state(client, mid)["over"])
        st = state(client, mid, tokens[0])
        if st["over"]:
            break
        assert act(client, mid, tokens[0], st["legal"][0], st["seq"]).status_code == 200
    st = wait_for(lambda: (s := state(client, mid, tokens[0]))["over"] and s)
    table = st["breakdown"]
    assert table["totals"] == st["result"]["scores"]
    assert table["ranking"] == st["result"]["ranking"]
    assert table["rows"][0]["label"] == "Score"


def test_names_are_bounded_and_joining_takes_a_name(client: TestClient) -> None:
    r = client.post(
        "/api/matches",
        json={"game": "toy_gops", "players": 2, "seats": ["human", "open"], "names": ["x" * 41]},
    )
    assert r.status_code == 422
    r = client.post(
        "/api/matches",
        json={"game": "toy_gops", "players": 2, "seats": ["human", "open"], "names": ["a", "b", "c"]},
    )
    assert r.status_code == 422 and "names" in r.json()["detail"]
    mid, _ = create(client, ["human", "open"])
    joined = client.post(f"/api/matches/{mid}/join", json={"name": "Cili"}).json()
    assert state(client, mid)["seats"][joined["seat"]]["name"] == "Cili"


def test_preview_drawings_and_rules_pages(client: TestClient) -> None:
    for game in ("smugglers", "stellium"):
        r = client.get(f"/api/games/{game}/preview.svg?lang=hu")
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        assert ET.fromstring(r.text).get("viewBox")
        # An image is not filled in by the page: the players have their default names.
        assert not re.search(r"⟨\d+⟩", r.text) and "1. játékos" in r.text
        rules = client.get(f"/api/games/{game}/rules?lang=hu").json()
        assert rules["html"].startswith("<h1>") and "<script" not in rules["html"]
    assert client.get("/api/games/no_such_game/rules").status_code == 404
    assert client.get("/api/games/no_such_game/preview.svg").status_code == 404
    assert client.get("/api/games/smugglers/rules?lang=xx").status_code == 422
