"""The deck builder's views (issue #23): the pool with its facets, the deck check (the
engine's own, with its reasons in words and its charts), the starters as deck texts."""

from __future__ import annotations

import pytest

from galaxis.games.kaosz import GAME
from galaxis.games.kaosz.cards import pool
from galaxis.games.kaosz.decks import check_deck, parse_deck_text, starters

OPTIONS = {"races": "standard", "simple_combat": False}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_pool_lists_every_card_with_facet_values_it_offers(lang: str) -> None:
    got = GAME.card_pool(lang)
    assert got is not None and len(got["cards"]) == len(pool())
    offered = {f["key"]: {v["value"] for v in f["values"]} for f in got["facets"]}
    for card in got["cards"]:
        for key, value in card["facets"].items():
            assert value in offered[key], (card["id"], key, value)
        c = pool()[card["id"]]
        assert card["name"] == (c.name if lang == "hu" else c.name_en)
        assert c.name_en.lower() in card["search"]  # found by either name


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_starter_is_a_deck_text_the_engine_reads_back(lang: str) -> None:
    decks = GAME.starter_decks(lang)
    assert [d["id"] for d in decks] == list(starters())
    for d in decks:
        assert sorted(parse_deck_text(d["text"])) == sorted(starters()[d["id"]])
        checked = GAME.check_deck(d["text"], OPTIONS, lang)
        assert checked["ok"] and checked["count"] == 45 and checked["reasons"] == []
        curve = checked["charts"][0]
        assert sum(b["value"] for b in curve["bars"]) == 45


def test_the_check_is_the_engines_with_its_reasons_in_words() -> None:
    text = "4 CRX\n3 Marduk Kurios\n3 Holdimádó"
    ids = parse_deck_text(text)
    engine = [m.render("hu") for m in check_deck(ids)]
    checked = GAME.check_deck(text, OPTIONS, "hu")
    assert not checked["ok"] and checked["reasons"] == engine and len(engine) >= 2
    assert checked["cards"] == {"crx": 4, "marduk_kurios": 3, "holdimado": 3}
    # the options that change what is legal are the match's
    free = GAME.check_deck(text, {**OPTIONS, "races": "free"}, "en")
    assert len(free["reasons"]) <= len(checked["reasons"])
    bad = GAME.check_deck("2 No Such Card", OPTIONS, "en")
    assert not bad["ok"] and "No Such Card" in bad["reasons"][0] and bad["count"] == 0
