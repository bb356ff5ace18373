"""The service's own errors in the reader's language (?lang= or Accept-Language)."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_errors_in_hungarian(client: TestClient) -> None:
    missing = client.get("/api/matches/nope?lang=hu")
    assert missing.status_code == 404 and missing.json()["detail"] == "nincs ilyen játszma: 'nope'"
    assert client.get("/api/matches/nope").json()["detail"] == "no match 'nope'"
    by_header = client.get("/api/matches/nope", headers={"Accept-Language": "hu-HU,hu;q=0.9"})
    assert by_header.json()["detail"].startswith("nincs ilyen játszma")
    r = client.post(
        "/api/matches?lang=hu", json={"game": "smugglers", "players": 3, "seats": ["human", "human"]}
    )
    assert r.status_code == 422 and r.json()["detail"] == "3 játékosnak 3 hely kell, nem 2"
    r = client.post("/api/matches", json={"game": "smugglers", "players": 3, "seats": ["human"] * 3})
    mid, tokens = r.json()["id"], r.json()["tokens"]
    act = client.post(f"/api/matches/{mid}/actions?lang=hu", json={"notation": "A1", "seq": 0})
    assert act.status_code == 403 and "hely-token" in act.json()["detail"]
    stale = client.post(
        f"/api/matches/{mid}/actions?lang=hu",
        headers={"X-Seat-Token": tokens[0]},
        json={"notation": "A1", "seq": 5},
    )
    assert stale.status_code == 409 and stale.json()["detail"].startswith("elavult seq")
    refused = client.post(
        f"/api/matches/{mid}/actions?lang=hu",
        headers={"X-Seat-Token": tokens[0]},
        json={"notation": "A9", "seq": 0},
    )
    assert refused.status_code == 422
    assert refused.json()["detail"] == "a kockán 1 és 6 közötti érték lehet"
    assert refused.json()["rule"] == "§3.2 Licitálás"
