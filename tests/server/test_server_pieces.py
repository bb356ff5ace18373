"""The drawings of single game pieces (``Game.piece_svg``): what the log's named cards, the
card browser and the deck builder show enlarged (issue #23)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient


def test_a_card_is_served_whole_in_the_readers_language(client: TestClient) -> None:
    r = client.get("/api/games/kaosz/pieces/mamut_1.svg?lang=hu")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(r.text)
    assert root.get("data-card") == "mamut_1" and root.get("viewBox") == "0 0 100 140"
    assert "hangárban" in r.text and "Mamut I." in r.text
    assert "hangar" in client.get("/api/games/kaosz/pieces/mamut_1.svg?lang=en").text


def test_unknown_pieces_and_bad_ids_are_refused(client: TestClient) -> None:
    assert client.get("/api/games/kaosz/pieces/no_such_card.svg").status_code == 404
    assert client.get("/api/games/smugglers/pieces/crx.svg").status_code == 404  # no drawings of pieces
    assert client.get("/api/games/no_such_game/pieces/crx.svg").status_code == 404
    assert client.get("/api/games/kaosz/pieces/..%2Fx.svg").status_code in (404, 422)
    assert client.get("/api/games/kaosz/pieces/crx.svg?lang=xx").status_code == 422


def test_the_card_pool_and_starter_decks_are_served(client: TestClient) -> None:
    pool = client.get("/api/games/kaosz/cards?lang=hu").json()
    assert pool["deck_size"] == 45 and len(pool["cards"]) > 200
    assert [f["key"] for f in pool["facets"]] == ["race", "type", "cost"]
    assert any(c["name"] == "Mamut I." for c in pool["cards"])
    decks = client.get("/api/games/kaosz/decks?lang=hu").json()
    assert len(decks) == 8 and decks[0]["name"] == "Laci portyázói"
    # a starter's text is a legal deck for the engine's own check
    checked = client.post("/api/games/kaosz/decks/check?lang=hu", json={"text": decks[0]["text"]}).json()
    assert checked["ok"] and checked["count"] == 45 and checked["reasons"] == []
    assert client.get("/api/games/smugglers/cards").status_code == 404  # no deck building
    assert client.get("/api/games/smugglers/decks").status_code == 404


def test_an_illegal_deck_is_refused_with_its_reasons_in_words(client: TestClient) -> None:
    text = "4 CRX\n3 Marduk Kurios"
    checked = client.post("/api/games/kaosz/decks/check", json={"text": text}).json()
    assert not checked["ok"] and checked["count"] == 7
    said = " ".join(checked["reasons"])
    assert "45" in said and "CRX" in said  # the size and the copies
    hu = client.post("/api/games/kaosz/decks/check?lang=hu", json={"text": "3 Nincs ilyen lap"}).json()
    assert not hu["ok"] and "Nincs ilyen lap" in hu["reasons"][0]
    # absurd counts are refused at once, never built; bad options and bodies are 422
    huge = client.post("/api/games/kaosz/decks/check", json={"text": "30000000 CRX"}).json()
    assert not huge["ok"] and huge["count"] == 0
    r = client.post("/api/games/kaosz/decks/check", json={"text": text, "options": {"races": "nonsense"}})
    assert r.status_code == 422
    assert client.post("/api/games/kaosz/decks/check", json={"text": "x" * 20_001}).status_code == 422
    assert client.post("/api/games/kaosz/decks/check", json={"text": 3}).status_code == 422
