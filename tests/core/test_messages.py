"""Bilingual messages: catalogues, rule references, glossary terms, localized errors."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import galaxis
from galaxis.core.errors import BadOption, IllegalAction
from galaxis.core.messages import CORE, Catalogue, Msg, Term, fields, fmt, render, section_titles


@pytest.fixture
def catalogue(tmp_path: Path) -> Catalogue:
    (tmp_path / "messages.yaml").write_text(
        """
rules:
  "§3.2": {en: Bidding, hu: Licitálás}
  "core: x": {en: "core: x", hu: "alapszabály: x"}
messages:
  no_sector:
    en: there is no sector {card} this round
    hu: ebben a körben nincs {card:az} űrszektor
  take:
    en: take the {value} die
    hu: "{value:az es} kocka elvétele"
  skip:
    en: skip one {colour}
    hu: egy {colour} áru elhagyása
  colours:
    en: the cruiser takes {colours}
    hu: a cirkáló {colours} árut kap
""",
        encoding="utf-8",
    )
    (tmp_path / "terms.yaml").write_text(
        "en: {colours: {r: red, b: blue}}\nhu: {colours: {r: piros, b: kék}}\n", encoding="utf-8"
    )
    return Catalogue.at("toy", tmp_path)


def test_messages_render_in_each_language(catalogue: Catalogue) -> None:
    msg = catalogue("no_sector", card="A")
    assert msg.render("en") == "there is no sector A this round"
    assert msg.render("hu") == "ebben a körben nincs az A űrszektor"
    assert catalogue("no_sector", card="C").render("hu") == "ebben a körben nincs a C űrszektor"
    assert str(msg) == msg.render("en")
    assert msg.render("xx") == msg.render("en")  # an unknown language falls back to English
    assert catalogue("take", value=2).render("hu") == "a 2-es kocka elvétele"
    assert catalogue("take", value=5).render("hu") == "az 5-ös kocka elvétele"
    assert msg.to_json() == {"en": msg.render("en"), "hu": msg.render("hu")}


def test_terms_inside_messages(catalogue: Catalogue) -> None:
    red = catalogue.term("colours.r")
    assert isinstance(red, Term) and red.render("hu") == "piros" and str(red) == "red"
    assert catalogue("skip", colour=red).render("hu") == "egy piros áru elhagyása"
    both = [red, catalogue.term("colours.b")]
    assert catalogue("colours", colours=both).render("en") == "the cruiser takes red and blue"
    assert catalogue("colours", colours=both).render("hu") == "a cirkáló piros és kék árut kap"
    with pytest.raises(KeyError):
        catalogue.term("colours.zz").render("en")


def test_unknown_ids_are_bugs(catalogue: Catalogue) -> None:
    with pytest.raises(KeyError, match="no message"):
        catalogue("nope")


def test_illegal_action_in_both_languages(catalogue: Catalogue) -> None:
    exc = catalogue.illegal("no_sector", "§3.2", card="A")
    assert exc.reason == "there is no sector A this round" and exc.rule == "§3.2 Bidding"
    assert exc.reason_in("hu") == "ebben a körben nincs az A űrszektor"
    assert exc.rule_in("hu") == "§3.2 Licitálás"
    assert exc.localized("hu") == "ebben a körben nincs az A űrszektor [§3.2 Licitálás]"
    assert str(exc) == "there is no sector A this round [§3.2 Bidding]"
    assert catalogue.illegal("no_sector", "core: x", card="A").rule_in("hu") == "alapszabály: x"
    other = catalogue.illegal("no_sector", "§9 Other", card="A")
    assert other.rule == "§9 Other" and other.rule_in("hu") == "§9"  # no English title in Hungarian
    copy = pickle.loads(pickle.dumps(exc))
    assert isinstance(copy, IllegalAction) and copy.localized("hu") == exc.localized("hu")


def test_plain_errors_stay_english() -> None:
    exc = IllegalAction("plain", "rule")
    assert exc.localized("hu") == "plain [rule]" and exc.reason_in("hu") == "plain"
    assert BadOption("bad").localized("hu") == "bad"


def test_other_errors_take_messages() -> None:
    exc = BadOption(CORE("game_over"))
    assert str(exc) == "the game is over" and exc.localized("hu") == "a játék már véget ért"
    assert isinstance(pickle.loads(pickle.dumps(exc)), BadOption)


def test_engine_refusals_are_bilingual() -> None:
    match = galaxis.new_match("smugglers", 3, 1)
    with pytest.raises(IllegalAction) as err:
        match.apply(2, "C5")
    assert err.value.reason == "seat 2 is not to move; waiting for seat 0"
    assert (
        err.value.localized("hu")
        == "most nem a 2-es hely következik, hanem a 0-s [alapszabály: ki következik]"
    )
    with pytest.raises(IllegalAction) as err:
        match.render_text(7)
    assert err.value.reason_in("hu") == "3 fős játszmában nincs 7-es hely"


def test_fields_and_fmt() -> None:
    assert fields("{a} {b:az es} {c.name} {d[0]}") == {"a", "b", "c", "d"}
    assert fmt("hu", "{n:az}. cél", n=5) == "az 5. cél"
    assert fmt("en", "{xs}", xs=[1, 2, 3]) == "1, 2 and 3"
    assert render(3) == "3" and render(CORE("game_over"), "hu") == "a játék már véget ért"


def test_msg_equality_and_pickling(catalogue: Catalogue) -> None:
    a, b = catalogue("no_sector", card="A"), catalogue("no_sector", card="A")
    assert a == b and hash(a) == hash(b) and a != catalogue("no_sector", card="B")
    copy = pickle.loads(pickle.dumps(a))
    assert isinstance(copy, Msg) and copy == a and copy.catalogue is catalogue


def test_rule_titles_come_from_the_rules_texts(catalogue: Catalogue) -> None:
    (catalogue.directory / "rules.hu.md").write_text(
        "# Játék\n## 4. Értékelés\n### 4.1 Egyenlőség (*holtverseny*)\n"
        "- **4.2 Pontok:** szöveg\n- **§D1 A kifizetés kötelező** (opció `payment`)\n",
        encoding="utf-8",
    )
    assert section_titles((catalogue.directory / "rules.hu.md").read_text(encoding="utf-8")) == {
        "4": "Értékelés",
        "4.1": "Egyenlőség",
        "4.2": "Pontok",
        "D1": "A kifizetés kötelező",
    }
    assert catalogue.illegal("no_sector", "§4.1 Ties", card="A").rule_in("hu") == "§4.1 Egyenlőség"
    assert (
        catalogue.illegal("no_sector", "§D1 Mandatory", card="A").rule_in("hu") == "§D1 A kifizetés kötelező"
    )


def test_every_game_cites_sections_its_rules_texts_name() -> None:
    from galaxis.core.registry import GAME_MODULES

    for game_id in GAME_MODULES:
        galaxis.core.get_game(game_id)
        catalogue = Catalogue.for_package(f"galaxis.games.{game_id}.rules")
        assert catalogue.rules_doc("en").exists(), game_id
