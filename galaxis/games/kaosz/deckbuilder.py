"""The card browser and deck builder's views of Káosz Galaktika (docs/games/kaosz.md §1, §9;
the generic page galaxis/web/cards.html): the card pool with its filters, a deck text
checked by the engine's own rules (``decks.check_deck``, the check of the command line and
of match set-up) with its reasons in words and its charts, and the starter decks.

Hooks ``card_pool``, ``check_deck`` and ``starter_decks`` (core ``Game``). Card faces are
the pieces of ``faces.piece_svg``."""

from __future__ import annotations

from collections import Counter
from typing import Any

from galaxis.core import Game
from galaxis.core.errors import BadOption
from galaxis.games.kaosz.cards import RACES, TYPES, Card, pool
from galaxis.games.kaosz.cardtext import summary
from galaxis.games.kaosz.decks import DECK_SIZE, MAX_COPIES, check_deck, parse_deck_text, starters
from galaxis.games.kaosz.effects import words
from galaxis.games.kaosz.faces import RACE_COLOURS
from galaxis.games.kaosz.info import INFO

COSTS = ("0", "1", "2", "3", "4", "5", "6", "7+", "X")  # the curve's columns (§1.1 costs)


def _name(card: Card, lang: str) -> str:
    return card.name if lang == "hu" else card.name_en


def _cost_bucket(card: Card) -> str:
    if card.cost == "X":
        return "X"
    return str(card.cost) if int(card.cost) < 7 else "7+"


def card_pool(g: Game, lang: str = "en") -> dict[str, Any]:
    """Every card of the pool with the facets the browser filters by (race, type, cost) and
    the words a text search looks in (name in both languages, type, keywords, rules text)."""
    w = words(lang)
    cards: list[dict[str, Any]] = []
    for c in pool().values():
        search = " ".join(
            (
                c.name,
                c.name_en,
                w["races"][c.race],
                w["types"][c.type],
                w["subtypes"][c.subtype],
                summary(c, lang),
            )
        )
        cards.append(
            {
                "id": c.id,
                "name": _name(c, lang),
                "facets": {"race": c.race, "type": c.type, "cost": _cost_bucket(c)},
                "search": search.lower(),
                "copies": MAX_COPIES,
            }
        )
    cards.sort(key=lambda v: (RACES.index(v["facets"]["race"]), TYPES.index(v["facets"]["type"]), v["name"]))
    return {
        "title": w["builder"]["title"],
        "facets": [
            {
                "key": "race",
                "label": w["builder"]["race"],
                "values": [{"value": r, "label": w["races"][r], "colour": RACE_COLOURS[r]} for r in RACES],
            },
            {
                "key": "type",
                "label": w["builder"]["type"],
                "values": [{"value": t, "label": w["types"][t]} for t in TYPES],
            },
            {
                "key": "cost",
                "label": w["builder"]["cost"],
                "values": [{"value": k, "label": k} for k in COSTS],
            },
        ],
        "cards": cards,
        "deck_size": DECK_SIZE,
        "options": ["races", "simple_combat"],  # the options that change what a legal deck is
    }


def deck_text(ids: list[str], lang: str = "en") -> str:
    """A deck as the deck text format (``3 Cobra Flash`` per line), names in ``lang``."""
    table = pool()
    counts = Counter(ids)
    return "\n".join(f"{n} {_name(table[cid], lang)}" for cid, n in counts.items())


def check_deck_text(g: Game, text: str, options: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """A deck text checked as a match's set-up checks it (§1): whether it is legal, every
    reason it is not in words, its cards by id, and the cost curve and race charts."""
    w = words(lang)
    b = w["builder"]
    try:
        ids = parse_deck_text(text)
    except BadOption as exc:
        return {"ok": False, "count": 0, "reasons": [exc.localized(lang)], "cards": {}, "charts": []}
    reasons = [
        m.render(lang)
        for m in check_deck(ids, options.get("races", "standard"), bool(options.get("simple_combat")))
    ]
    table = pool()
    known = [table[c] for c in ids if c in table]
    curve = Counter(_cost_bucket(c) for c in known)
    races: Counter[str] = Counter(str(c.race) for c in known)
    kinds: Counter[str] = Counter(str(c.type) for c in known)
    charts = [
        {"title": b["curve"], "bars": [{"label": k, "value": curve.get(k, 0)} for k in COSTS]},
        {
            "title": b["races"],
            "bars": [
                {"label": w["races"][r], "value": races[r], "colour": RACE_COLOURS[r]}
                for r in RACES
                if races[r]
            ],
        },
        {
            "title": b["types"],
            "bars": [{"label": w["types"][t], "value": kinds[t]} for t in TYPES if kinds[t]],
        },
    ]
    return {
        "ok": not reasons,
        "count": len(ids),
        "reasons": reasons,
        "cards": dict(Counter(ids)),
        "charts": charts,
    }


def starter_decks(g: Game, lang: str = "en") -> list[dict[str, Any]]:
    """The eight starter decks (§1.2), each as a deck text to copy from."""
    labels = INFO.options["deck0"]["choice_labels"]
    return [
        {"id": key, "name": labels.get(key, {}).get(lang, key), "text": deck_text(ids, lang)}
        for key, ids in starters().items()
    ]
