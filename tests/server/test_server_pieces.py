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
