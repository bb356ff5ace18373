"""Hungarian grammar helpers: articles, number endings, decimal comma, the formatter."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from galaxis.core.hu import (
    ENDINGS,
    article,
    format_hu,
    harmony,
    join,
    last_word,
    number,
    suffix,
    with_article,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (1, "az 1"),
        (2, "a 2"),
        (5, "az 5"),
        (10, "a 10"),
        (15, "a 15"),
        (50, "az 50"),
        (55, "az 55"),
        (100, "a 100"),
        (500, "az 500"),
        (1000, "az 1000"),
        (1999, "az 1999"),
        (2000, "a 2000"),
        (5000, "az 5000"),
        (10000, "a 10\u00a0000"),
        (1_000_000, "az 1\u00a0000\u00a0000"),
        (0, "a 0"),
        (-1, "a \u22121"),
        (0.85, "a 0,85"),
        (1.5, "az 1,5"),
    ],
)
def test_article_before_numbers(value: float, expected: str) -> None:
    assert with_article(value) == expected


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("szupernóva", "a"),  # the issue's "a(z) szupernóva"
        ("ütközés", "az"),
        ("Ütközés", "az"),
        ("űrszektor", "az"),
        ("kocka", "a"),
        ("C0", "a"),  # letters by their names: cé
        ("C", "a"),
        ("A", "az"),
        ("F", "az"),  # ef
        ("M2", "az"),  # em
        ("HQ", "a"),  # há
        ("S", "az"),
        ("X", "az"),
        ("1-es", "az"),
        ("2-es", "a"),
        ("5-ös", "az"),
        ("„Ütközés”", "az"),
        ("Ezüstnyíl", "az"),
        ("a3", "az"),  # a counter id: the letter's name, „á”
        ("b12", "a"),
        ("f2", "az"),  # ef
        ("n1", "az"),  # en
    ],
)
def test_article_before_words(word: str, expected: str) -> None:
    assert article(word) == expected
    assert article(word, capital=True) == expected.capitalize()


@pytest.mark.parametrize(
    ("value", "es", "szor"),
    [
        (1, "1-es", "1-szer"),
        (2, "2-es", "2-szer"),
        (3, "3-as", "3-szor"),
        (4, "4-es", "4-szer"),
        (5, "5-ös", "5-ször"),
        (6, "6-os", "6-szor"),
        (7, "7-es", "7-szer"),
        (8, "8-as", "8-szor"),
        (9, "9-es", "9-szer"),
        (10, "10-es", "10-szer"),
        (15, "15-ös", "15-ször"),
        (20, "20-as", "20-szor"),
        (30, "30-as", "30-szor"),
        (40, "40-es", "40-szer"),
        (60, "60-as", "60-szor"),
        (100, "100-as", "100-szor"),
        (1000, "1000-es", "1000-szer"),
        (1500, "1500-as", "1500-szor"),
        (0, "0-s", "0-szor"),
    ],
)
def test_number_endings(value: int, es: str, szor: str) -> None:
    assert suffix(value, "es") == es
    assert suffix(value, "szor") == szor
    # every spelling of an ending names the same ending
    assert suffix(value, "ös") == es and suffix(value, "szer") == szor


def test_the_issue_cases() -> None:
    # „a 2-es kocka elvétele”, not "a(z) 2 kocka elvétele" (which reads "taking two dice")
    assert format_hu("{v:az es} kocka elvétele", v=2) == "a 2-es kocka elvétele"
    assert format_hu("{v:az es} kocka elvétele", v=1) == "az 1-es kocka elvétele"
    assert format_hu("{v:az es} kocka elvétele", v=5) == "az 5-ös kocka elvétele"
    # "0.85-szerese" is „0,85-szöröse” (vowel harmony, decimal comma)
    assert format_hu("a pontszám {r:szorosa}", r=0.85) == "a pontszám 0,85-szöröse"
    assert format_hu("{r:.2f szorosa}", r=0.85) == "0,85-szöröse"
    assert format_hu("{x:Az} szupernóva", x="szupernóva").startswith("A szupernóva")


@pytest.mark.parametrize(
    ("value", "ending", "expected"),
    [
        (3, "val", "3-mal"),
        (5, "val", "5-tel"),
        (10, "val", "10-zel"),
        (1, "val", "1-gyel"),
        (2, "val", "2-vel"),
        (20, "val", "20-szal"),
        (1000, "val", "1000-rel"),
        (5, "t", "5-öt"),
        (2, "t", "2-t"),
        (3, "t", "3-at"),
        (6, "ra", "6-ra"),
        (5, "ra", "5-re"),
        (3, "szoros", "3-szoros"),
        (5, "hoz", "5-höz"),
        ("C0", "ra", "C0-ra"),
        ("HQ", "ra", "HQ-ra"),
        ("F", "val", "F-fel"),
        ("X", "val", "X-szel"),
        ("kocka", "ra", "kockára"),
        ("szupernóva", "val", "szupernóvával"),
        ("ütközés", "val", "ütközéssel"),
        ("Nagy", "val", "Naggyal"),
        ("kincs", "val", "kinccsel"),
        ("kör", "hoz", "körhöz"),
        ("papír", "ra", "papírra"),
        ("űrszektor", "t", "űrszektort"),
        ("ütközés", "t", "ütközést"),
        ("Nagy", "t", "Nagyot"),
        ("kocka", "t", "kockát"),
    ],
)
def test_case_endings(value: object, ending: str, expected: str) -> None:
    assert suffix(value, ending) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0.85, "0,85"),
        (2.5, "2,5"),
        (3.0, "3"),
        (12, "12"),
        (1234, "1234"),
        (12345, "12\u00a0345"),
        (-7.25, "\u22127,25"),
    ],
)
def test_decimal_comma(value: float, expected: str) -> None:
    assert number(value) == expected


def test_fixed_decimals() -> None:
    assert number(2.5, decimals=2) == "2,50"
    assert format_hu("{x:.1f}", x=0.25) in ("0,2", "0,3")


def test_last_words() -> None:
    assert [last_word(n) for n in (1, 12, 40, 100, 300, 2000, 200_000, 3_000_000)] == [
        "egy",
        "kettő",
        "negyven",
        "száz",
        "száz",
        "ezer",
        "ezer",
        "millió",
    ]
    assert last_word("0,85") == "öt"


def test_harmony() -> None:
    assert harmony("kocka") == "back"
    assert harmony("kép") == "front"
    assert harmony("kör") == "rounded"
    assert harmony("papír") == "back"
    assert harmony("5") == "rounded"


def test_join_and_lists() -> None:
    assert join([]) == ""
    assert join(["piros"]) == "piros"
    assert join(["piros", "kék", "zöld"]) == "piros, kék és zöld"
    assert format_hu("a cirkáló {c} árut kap", c=["piros", "kék"]) == "a cirkáló piros és kék árut kap"


def test_formatter_renders_bilingual_values_in_hungarian() -> None:
    class Word:
        def render(self, lang: str = "en") -> str:
            return {"en": "comet", "hu": "üstökös"}[lang]

    assert format_hu("{w:Az} érkezik", w=Word()) == "Az üstökös érkezik"


def test_bad_specs_are_errors() -> None:
    with pytest.raises(ValueError, match="unknown Hungarian ending"):
        suffix(3, "xyz")
    with pytest.raises(ValueError):
        format_hu("{x:.2f .3f}", x=1.0)


@given(st.integers(min_value=0, max_value=10**12))
def test_every_number_has_every_ending(n: int) -> None:
    for ending in set(ENDINGS.values()):
        text = suffix(n, ending)
        assert text.startswith(number(n) + "-")
    assert article(n) in ("a", "az")


@given(st.integers(min_value=1, max_value=10**9))
def test_article_follows_the_first_spoken_word(n: int) -> None:
    digits = str(n)
    expected = digits[0] == "5" or (digits[0] == "1" and len(digits) % 3 == 1)
    assert (article(n) == "az") is expected
