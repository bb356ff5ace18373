"""Card faces (issue #23): every card drawn with its name, race, type, cost, printed values,
keywords and rules text generated from its effects; the 13 cards of the rulebook exactly as
printed (seed 004); the text wrapped inside the card."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from galaxis.core.svgtext import text_width, wrap
from galaxis.games.kaosz.cards import STATS, Card, pool
from galaxis.games.kaosz.cardtext import card_text, rules_lines
from galaxis.games.kaosz.effects import words
from galaxis.games.kaosz.faces import RACE_COLOURS, W, back, full_face, piece_svg, standalone, table_face

SVG = "{http://www.w3.org/2000/svg}"
CARDS = list(pool().values())


def _parse(body: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def _values(root: ET.Element) -> dict[str, str]:
    """The values a face prints, read off its text elements' ``v-<field>`` classes."""
    out: dict[str, str] = {}
    for el in root.iter(f"{SVG}text"):
        cls = el.get("class", "")
        if cls.startswith("v-") and cls not in out:
            out[cls[2:]] = el.text or ""
    return out


def _all_text(root: ET.Element) -> str:
    return " ".join((el.text or "") for el in root.iter(f"{SVG}text"))


def _expected(card: Card) -> dict[str, str]:
    want = {"cost": str(card.cost)}
    if card.type == "ship":
        want.update({st: str(card.stat(st)) for st in STATS})
    elif card.type in ("equipment", "crew"):
        want.update({f"bonus-{st}": f"+{n}" for st, n in card.bonus.items()})
        want.update({f"option-{st}": f"+{n}" for e in card.effects for st, n in e.options})
    elif card.type == "base":
        want.update({"limit": str(card.limit), "armour": str(card.stat("armour"))})
    return want


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_face_prints_the_values_of_its_card_data(lang: str) -> None:
    for card in CARDS:
        for face in (table_face(card, lang), full_face(card, lang)):
            got = _values(_parse(face))
            for key, value in _expected(card).items():
                assert got.get(key) == value, (card.id, lang, key, got)
            name = card.name if lang == "hu" else card.name_en
            assert name.split()[0] in got["name"], (card.id, got["name"])
            assert RACE_COLOURS[card.race] in face  # the race's colour frames the card


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_full_face_says_type_race_keywords_and_the_whole_rules_text(lang: str) -> None:
    w = words(lang)
    for card in CARDS:
        root = _parse(full_face(card, lang))
        got = _values(root)
        assert got["type"] == f"{w['types'][card.type]} — {w['subtypes'][card.subtype]}", card.id
        assert got["race"] == w["races"][card.race], card.id
        said = " ".join(
            (el.text or "") for el in root.iter(f"{SVG}text") if el.get("class") == "v-text"
        ).replace("- ", "-")
        words_on_face = said.split()
        t = card_text(card, lang)
        for part in (*t.keywords, *t.lines):
            for word in part.split():
                assert word.strip(",.;:").lower() in said.lower(), (card.id, word, said)
        assert words_on_face, card.id


def test_generated_text_follows_the_effects_not_a_stored_sentence() -> None:
    card = pool()["extra_talalat"]
    changed = card.model_copy(update={"effects": [card.effects[0].model_copy(update={"amount": 2})]})
    assert rules_lines(changed, "en") == ("A ship gets +2 firepower until the end of the combat.",)
    assert rules_lines(changed, "hu") == ("Egy űrhajó a harc végéig +2 tűzerőt kap.",)


# The rulebook's words for its 13 cards (seed 004: the worked examples describe each card in
# parentheses: "Mamut I.-et (cirkáló 2-4-3-3, hátránya, hogy hat méretnyi helyet foglal a
# hangárban, 8 CR)", "tüzérjét (személyzet, +3 tűzerőt, vagy +3 bombázást ad, a kifizetési
# fázis végén kell eldönteni, hogy melyiket, 5 CR)", ...). Stats are speed-firepower-armour-bombard.
PRINTED: dict[str, dict[str, object]] = {
    "marduk_kurios": {"sub": "felderítő", "stats": "5-1-2-0", "cost": 3},
    "halalszarny": {"sub": "felderítő", "stats": "5-1-1-1", "cost": 3},
    "cobra_flash": {"sub": "vadászgép", "stats": "5-2-3-0", "cost": 6},
    "mamut_1": {
        "sub": "cirkáló",
        "stats": "2-4-3-3",
        "cost": 8,
        "text": "Hátránya, hogy hat méretnyi helyet foglal a hangárban.",
    },
    "crx": {"sub": "romboló", "stats": "0-5-5-5", "cost": 15, "keywords": ["sorozatlövés"]},
    "tuzer": {
        "sub": "személyzet",
        "cost": 5,
        "options": {"firepower": 3, "bombard": 3},
        "text": "+3 tűzerőt vagy +3 bombázást ad; a kifizetési fázis végén kell eldönteni, hogy melyiket.",
    },
    "aknagyuru": {
        "sub": "bunker",
        "limit": 4,
        "armour": 2,
        "text": "Amíg játékban van, az ellenfelednek egy creditet el kell költenie, ha támadni akar.",
    },
    "extra_talalat": {"text": "Egy űrhajó a harc végéig +1 tűzerőt kap."},
    "durmacel_celterelo": {"text": "Egy űrhajó a harc végéig +1 páncélzatot kap."},
    "felulbiralas": {"cost": "X", "text": "Semlegesíts egy megszakítást."},
}


@pytest.mark.parametrize("card_id", sorted(PRINTED))
def test_the_rulebooks_cards_show_exactly_what_it_prints(card_id: str) -> None:
    card = pool()[card_id]
    printed = PRINTED[card_id]
    got = _values(_parse(full_face(card, "hu")))
    face_text = _all_text(_parse(full_face(card, "hu")))
    if "sub" in printed:
        assert got["type"].endswith(f"— {printed['sub']}"), got["type"]
    if "stats" in printed:
        assert "-".join(got[st] for st in ("speed", "firepower", "armour", "bombard")) == printed["stats"]
    if "cost" in printed:
        assert got["cost"] == str(printed["cost"])
    for stat, n in dict(printed.get("options", {})).items():  # type: ignore[call-overload]
        assert got[f"option-{stat}"] == f"+{n}"
    if "limit" in printed:
        assert (got["limit"], got["armour"]) == (str(printed["limit"]), str(printed["armour"]))
    for keyword in printed.get("keywords", []):  # type: ignore[attr-defined]
        assert keyword in face_text.lower()
    if "text" in printed:
        assert str(printed["text"]) in " ".join(card_text(card, "hu").lines)
        # ... and the face carries it word for word, wrapped into lines
        lines = [
            el.text or ""
            for el in _parse(full_face(card, "hu")).iter(f"{SVG}text")
            if el.get("class") == "v-text"
        ]
        assert str(printed["text"]).replace(" ", "") in "".join(lines).replace(" ", "").replace("-", "")


def test_the_named_cards_stored_text_is_the_generated_one() -> None:
    """named.yaml keeps each printed card's text; the faces show text generated from its
    effects, and the two agree in both languages."""
    for card in CARDS:
        if not card.named:
            continue
        for lang, stored in (("en", card.text), ("hu", card.text_hu)):
            assert " ".join(card_text(card, lang).lines) == stored, (card.id, lang)


def test_table_text_is_readable_and_stays_inside_the_card() -> None:
    for card in CARDS:
        for lang in ("en", "hu"):
            root = _parse(table_face(card, lang))
            for el in root.iter(f"{SVG}text"):
                size = float(el.get("font-size", "0"))
                assert size >= 11, (card.id, el.text, size)  # readable at 1400 x 900
                x = float(el.get("x", "0"))
                width = float(
                    el.get("textLength") or text_width(el.text or "", size, el.get("font-weight") == "bold")
                )
                anchor = el.get("text-anchor", "start")
                left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
                assert left >= -0.5 and left + width <= W + 0.5, (card.id, el.text)


def test_wrap_breaks_at_spaces_within_the_width() -> None:
    lines = wrap("Egy űrhajó a harc végéig +1 tűzerőt kap.", 60, 8)
    assert len(lines) > 1 and " ".join(lines) == "Egy űrhajó a harc végéig +1 tűzerőt kap."
    assert all(text_width(line, 8) <= 60 for line in lines)


def test_a_back_and_a_piece() -> None:
    assert "KÁOSZ" in back("en") and "data-card" not in back("en")
    svg = piece_svg(None, "crx", "hu")  # type: ignore[arg-type]
    assert svg is not None and ET.fromstring(svg).get("data-card") == "crx"
    assert piece_svg(None, "no_such_card") is None  # type: ignore[arg-type]
    assert standalone(pool()["crx"], "en").startswith("<svg")
