"""Hungarian grammar for generated text: articles, number endings, decimal comma.

Hungarian text built from templates needs a few decisions that depend on the
value put in: the definite article is ``a`` or ``az`` by the first *sound* of
the next word (numbers included: „az 1-es”, „a 2-es”, „az 5-ös”, „az 50”); a
number used as a name or multiplier takes the ending its last spoken word
takes („3-as”, „6-os”, „5-ös”, „10-es”, „1000-szer”, „0,85-szöröse”); a
decimal fraction is written with a comma. This module makes those decisions,
and ``HuFormatter`` applies them in ``str.format`` templates::

    "{die:az es} kocka elvétele"      -> "a 2-es kocka elvétele", "az 5-ös kocka elvétele"
    "{sector:Az} űrszektor"           -> "A C űrszektor", "Az A űrszektor"
    "{ratio:.2f szorosa}"             -> "0,85-szöröse"

The format spec is a space-separated list of tokens: ``az``/``Az`` puts the
article (capitalised with ``Az``) before the value, an ending name (see
``ENDINGS``) appends that ending, and anything else is an ordinary Python
format spec applied first (``.2f``, ``>3``). Numbers are written as Hungarian
writes them: decimal comma, no ``+`` grouping below 10 000 and a non-breaking
space between groups of three above. Which ending a number takes follows the
Academy's rules (AkH. 12, 295–299): the ending of the number's last spoken word
(„15” ends in „öt”, so „15-ös”; „20” in „húsz”, so „20-as”).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = [
    "ENDINGS",
    "HuFormatter",
    "article",
    "format_hu",
    "harmony",
    "join",
    "last_word",
    "number",
    "suffix",
    "with_article",
]

VOWELS = frozenset("aáeéiíoóöőuúüű")
BACK = frozenset("aáoóuú")
ROUNDED = frozenset("öőüű")
NEUTRAL = frozenset("eéií")

# Letters read by their Hungarian names: those whose name begins with a vowel
# sound take "az" ("az F", "az M2", "az S", "az X"), the rest "a" ("a C0", "a HQ").
_VOWEL_LETTER_NAMES = frozenset("AÁEÉFIÍLMNOÓÖŐRSUÚÜŰXY")

# The last spoken word of a number, by its last non-zero digit position.
_UNITS = ("", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")
_TENS = ("", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan", "kilencven")
_SCALES = ("", "ezer", "millió", "milliárd", "billió", "billiárd", "trillió")

# Endings after each last word, written as they follow a hyphenated numeral
# (AkH. 12, 299: „3-mal”, „5-tel”, „10-zel”, „1-gyel”).
#          adjective  accusative  -val/-vel  vowel class
_NUMBER_WORDS: dict[str, tuple[str, str, str, str]] = {
    "nulla": ("s", "t", "val", "back"),
    "egy": ("es", "et", "gyel", "front"),
    "kettő": ("es", "t", "vel", "front"),
    "három": ("as", "at", "mal", "back"),
    "négy": ("es", "et", "gyel", "front"),
    "öt": ("ös", "öt", "tel", "rounded"),
    "hat": ("os", "ot", "tal", "back"),
    "hét": ("es", "et", "tel", "front"),
    "nyolc": ("as", "at", "cal", "back"),
    "kilenc": ("es", "et", "cel", "front"),
    "tíz": ("es", "et", "zel", "front"),
    "húsz": ("as", "at", "szal", "back"),
    "harminc": ("as", "at", "cal", "back"),
    "negyven": ("es", "et", "nel", "front"),
    "ötven": ("es", "et", "nel", "front"),
    "hatvan": ("as", "at", "nal", "back"),
    "hetven": ("es", "et", "nel", "front"),
    "nyolcvan": ("as", "at", "nal", "back"),
    "kilencven": ("es", "et", "nel", "front"),
    "száz": ("as", "at", "zal", "back"),
    "ezer": ("es", "et", "rel", "front"),
    "millió": ("s", "t", "val", "back"),
    "milliárd": ("os", "ot", "dal", "back"),
    "billió": ("s", "t", "val", "back"),
    "billiárd": ("os", "ot", "dal", "back"),
    "trillió": ("s", "t", "val", "back"),
}

# Endings that vary only with vowel harmony: (back, front unrounded, front rounded).
_HARMONIC: dict[str, tuple[str, str, str]] = {
    "szor": ("szor", "szer", "ször"),
    "szoros": ("szoros", "szeres", "szörös"),
    "szorosa": ("szorosa", "szerese", "szöröse"),
    "ra": ("ra", "re", "re"),
    "ba": ("ba", "be", "be"),
    "ban": ("ban", "ben", "ben"),
    "nak": ("nak", "nek", "nek"),
    "ból": ("ból", "ből", "ből"),
    "ról": ("ról", "ről", "ről"),
    "tól": ("tól", "től", "től"),
    "hoz": ("hoz", "hez", "höz"),
    "on": ("on", "en", "ön"),
}

# Every ending name the formatter accepts, each spelled in any of its forms.
ENDINGS: dict[str, str] = {
    **{form: "es" for form in ("es", "as", "os", "ös", "s")},
    **{form: "t" for form in ("t", "at", "et", "ot", "öt")},
    **{form: "val" for form in ("val", "vel")},
    **{form: name for name, forms in _HARMONIC.items() for form in forms},
}


def _class_index(vowel_class: str) -> int:
    return {"back": 0, "front": 1, "rounded": 2}[vowel_class]


# --------------------------------------------------------------------- numbers
_LEADING_NUMBER = re.compile(r"[+\-−±]?(\d[\d\u00a0 ]*)(?:[.,](\d+))?")


def _parts(value: int | float | str) -> tuple[int, str]:
    """The integer part and the digits after the decimal sign of the number a text starts
    with („12 000,5” -> 12000 and "5"; „1r1” -> 1)."""
    text = value if isinstance(value, str) else number(value)
    found = _LEADING_NUMBER.match(text.strip())
    if not found:
        return 0, ""
    whole = found.group(1).replace("\u00a0", "").replace(" ", "")
    return int(whole or "0"), found.group(2) or ""


def last_word(value: int | float | str) -> str:
    """The last word spoken when reading the number aloud („15” -> „öt”, „1000” -> „ezer”).

    A decimal fraction is read as Hungarians say it aloud, its digits after the
    comma as a whole number („0,85” -> „nulla egész nyolcvanöt” -> „öt”).
    """
    whole, fraction = _parts(value)
    n = int(fraction) if fraction.strip("0") else whole
    if n == 0:
        return "nulla"
    if n % 10:
        return _UNITS[n % 10]
    if n // 10 % 10:
        return _TENS[n // 10 % 10]
    if n // 100 % 10:
        return "száz"
    scale = 0
    while n % 1000 == 0:
        n //= 1000
        scale += 1
    return _SCALES[scale]  # "kétszázezer": the scale word is spoken last


def _first_sound_is_vowel_number(value: int | float | str) -> bool:
    """Whether a number's spoken form starts with a vowel („egy”, „öt”, „ezer”, „egymillió”)."""
    text = value if isinstance(value, str) else number(value)
    if text.lstrip().startswith(("-", "−")):
        return False  # „mínusz”
    whole, _ = _parts(text)
    digits = str(whole)
    return digits[0] == "5" or (digits[0] == "1" and len(digits) % 3 == 1)


def number(value: int | float, decimals: int | None = None) -> str:
    """A number written the Hungarian way: decimal comma, groups of three from 10 000 on,
    a minus sign (−) before a negative number.

    ``decimals`` fixes the digits after the comma; without it a float loses its
    trailing zeros (``2.50`` -> „2,5”, ``3.0`` -> „3”).
    """
    if isinstance(value, bool):
        raise TypeError("a truth value is not a number")
    if decimals is not None:
        text = f"{value:.{decimals}f}"
    elif isinstance(value, float):
        text = f"{value:.6f}".rstrip("0").rstrip(".")
    else:
        text = str(value)
    sign = "\u2212" if text.startswith("-") else ""  # the minus sign, not a hyphen
    whole, _, fraction = text.lstrip("-").partition(".")
    if len(whole) > 4:
        groups = []
        while whole:
            groups.append(whole[-3:])
            whole = whole[:-3]
        whole = "\u00a0".join(reversed(groups))
    return sign + whole + ("," + fraction if fraction else "")


# ------------------------------------------------------------------ harmony
def harmony(word: str) -> str:
    """The vowel class that picks a suffix's form: ``back``, ``front`` or ``rounded``.

    Numbers and codes ending in digits follow the number's last spoken word
    („C5” -> „öt” -> rounded), abbreviations their last letter's name („HQ” ->
    „kú” -> back), words their last vowel, with i and í transparent („papír” is
    back) and a word of only i, í, e, é front.
    """
    spoken, _ = _spoken(word)
    if spoken in _NUMBER_WORDS:
        return _NUMBER_WORDS[spoken][3]
    for ch in reversed(spoken.lower()):
        if ch in BACK:
            return "back"
        if ch in ROUNDED:
            return "rounded"
        if ch in ("e", "é"):
            return "front"
    return "front"


# How letters are read aloud, for endings after abbreviations („HQ-ra”, „F-fel”).
_LETTER_NAMES = {
    "A": "á", "Á": "á", "B": "bé", "C": "cé", "D": "dé", "E": "é", "É": "é", "F": "ef", "G": "gé",
    "H": "há", "I": "í", "Í": "í", "J": "jé", "K": "ká", "L": "el", "M": "em", "N": "en", "O": "ó",
    "Ó": "ó", "Ö": "ő", "Ő": "ő", "P": "pé", "Q": "kú", "R": "er", "S": "es", "T": "té", "U": "ú",
    "Ú": "ú", "Ü": "ű", "Ű": "ű", "V": "vé", "W": "vé", "X": "iksz", "Y": "ipszilon", "Z": "zé",
}  # fmt: skip

_NUMBER_RE = re.compile(r"[-−]?\d[\d\u00a0 ]*([.,]\d+)?")


def _spoken(text: str) -> tuple[str, bool]:
    """The word whose sound decides an ending, and whether the ending needs a hyphen.

    Numbers and codes ending in a number give the number's last word (a key of
    ``_NUMBER_WORDS``); abbreviations their last letter's name; words themselves.
    """
    text = text.strip()
    if _NUMBER_RE.fullmatch(text):
        return last_word(text), True
    trailing = re.search(r"\d+$", text)
    if trailing:
        return last_word(trailing.group()), True
    if text.isupper() and len(text) <= 5:
        return _LETTER_NAMES.get(text[-1], text[-1].lower()), True
    return text, False


def suffix(value: int | float | str, ending: str) -> str:
    """``value`` with ``ending`` attached in the right form.

    Numbers (and codes ending in one) are written with a hyphen and the ending
    of their last spoken word („2-es”, „3-as”, „6-os”, „5-ös”, „1000-es”,
    „3-mal”, „5-tel”, „20-szor”, „0,85-szöröse”, „C5-re”); abbreviations with a
    hyphen and the ending of their last letter's name („HQ-ra”, „F-fel”); words
    take the ending directly, with a final a/e lengthened („kocka” + ra ->
    „kockára”). ``ending`` is a name from ``ENDINGS`` in any of its spellings.
    """
    try:
        name = ENDINGS[ending]
    except KeyError:
        raise ValueError(
            f"unknown Hungarian ending {ending!r}; known: {', '.join(sorted(ENDINGS))}"
        ) from None
    text = value if isinstance(value, str) else number(value)
    spoken, hyphen = _spoken(text)
    if spoken in _NUMBER_WORDS and hyphen:
        adjective, accusative, instrumental, vowel_class = _NUMBER_WORDS[spoken]
        ending_text = {"es": adjective, "t": accusative, "val": instrumental}.get(name)
        if ending_text is None:
            ending_text = _HARMONIC[name][_class_index(vowel_class)]
        return f"{text}-{ending_text}"
    if hyphen:
        return f"{text}-{_ending(spoken, name)}"
    last = text[-1:].lower()
    stem = text[:-1] + {"a": "á", "e": "é"}[last] if last in ("a", "e") else text
    ending_text = _ending(text, name)
    if name == "val" and last not in VOWELS:  # the doubled consonant is written once: "Nagy" -> "Naggyal"
        consonant = _final_consonant(text)
        return text[: -len(consonant)] + consonant[0] + ending_text
    return stem + ending_text


_DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")
# After these the accusative -t needs no linking vowel ("ütközést", "űrszektort", "kört").
_DIRECT_T = ("j", "l", "ly", "n", "ny", "r", "s", "sz", "z", "zs")


def _final_consonant(word: str) -> str:
    lower = word.lower()
    for digraph in _DIGRAPHS:
        if lower.endswith(digraph):
            return word[-len(digraph) :]
    return word[-1:]


def _ending(word: str, name: str) -> str:
    """The ending ``name`` takes after ``word`` (as spoken), written as after a hyphen.

    After a consonant, -val/-vel becomes the doubled consonant („ef” -> „fel”,
    „iksz” -> „szel”); -t and -s take a linking vowel except after the
    consonants of ``_DIRECT_T``.
    """
    index = _class_index(harmony(word))
    if name in _HARMONIC:
        return _HARMONIC[name][index]
    vowel_final = word[-1:].lower() in VOWELS
    if name == "val":
        v = "a" if index == 0 else "e"
        return f"v{v}l" if vowel_final else f"{_final_consonant(word).lower()}{v}l"
    letter = "s" if name == "es" else "t"
    if vowel_final or (name == "t" and _final_consonant(word).lower() in _DIRECT_T):
        return letter
    return ("o", "e", "ö")[index] + letter


# ------------------------------------------------------------------ articles
def article(word: object, capital: bool = False) -> str:
    """„a” or „az” before ``word`` (a string or a number), by its first spoken sound.

    Numbers: „az 1”, „az 5”, „az 50”, „az 1000”, „a 2”, „a 10”, „a 100”.
    Letters and abbreviations read letter by letter: „az F”, „az M2”, „a C0”, „a HQ”.
    """
    az = _takes_az(word)
    return ("Az" if az else "A") if capital else ("az" if az else "a")


def _takes_az(word: object) -> bool:
    if isinstance(word, bool):
        raise TypeError("an article goes before a word or a number, not a truth value")
    if isinstance(word, int | float):
        return _first_sound_is_vowel_number(word)
    text = str(word)
    if text.startswith("⟦") and "|" in text:  # a piece reference (core.client.piece_ref): its label
        text = text.split("|", 1)[1]
    text = text.lstrip(" \t\n„”“\"'«»([{")
    if not text:
        return False
    if text[0].isdigit() or (text[0] in "-−" and text[1:2].isdigit()):
        return _first_sound_is_vowel_number(text.split()[0])
    first = re.split(r"[\s\-–—/,.:;!?)]", text, maxsplit=1)[0]
    if (first[:1].isupper() and (len(first) == 1 or first[1].isupper())) or first[1:2].isdigit():
        return first[0].upper() in _VOWEL_LETTER_NAMES  # a letter read by its name: „az F”, „az f3”, „a b12”
    return text[0].lower() in VOWELS


def with_article(word: object, capital: bool = False) -> str:
    """``word`` with its article: „az 1”, „a C0”, „az ütközés”."""
    return f"{article(word, capital)} {word if not isinstance(word, int | float) else number(word)}"


def join(items: Iterable[object], conjunction: str = "és") -> str:
    """„a, b és c” (no comma before „és”, Hungarian style)."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


# ---------------------------------------------------------------- formatter
class HuFormatter(string.Formatter):
    """``str.format`` with Hungarian articles, endings and number writing.

    Spec tokens (space-separated, in any order): ``az`` / ``Az`` (article before
    the value), an ending from ``ENDINGS`` (``es``, ``szor``, ``szorosa``, ``ra``,
    ``val``, ``t``, ...), and at most one Python format spec applied first.
    Values: numbers get a decimal comma; lists and tuples are joined with „és”;
    any object with a ``render(lang)`` method (a bilingual message or term) is
    rendered in Hungarian first.
    """

    lang = "hu"

    def format_field(self, value: Any, format_spec: str) -> str:
        tokens = format_spec.split()
        want_article = ""
        endings: list[str] = []
        python_spec = ""
        for token in tokens:
            if token in ("az", "Az"):
                want_article = token
            elif token in ENDINGS:
                endings.append(token)
            elif python_spec:
                raise ValueError(f"two format specs in {format_spec!r}")
            else:
                python_spec = token
        if isinstance(value, list | tuple):  # the spec applies to each item: „a 0-s és a 2-es”
            return join(self.format_field(v, format_spec) for v in value)
        text = self.render_value(value, python_spec)
        for ending in endings:
            text = suffix(text, ending)
        if want_article:
            text = f"{article(text, capital=want_article == 'Az')} {text}"
        return text

    def render_value(self, value: Any, python_spec: str = "") -> str:
        if hasattr(value, "render"):
            value = value.render(self.lang)
        if isinstance(value, bool):
            return format(value, python_spec)
        if isinstance(value, int | float):
            if python_spec:
                text = format(value, python_spec)
                return text.replace(",", "\u00a0").replace(".", ",").replace("-", "\u2212")
            return number(value)
        if isinstance(value, list | tuple):
            return join(self.render_value(v) for v in value)
        return format(value, python_spec) if python_spec else str(value)


def format_hu(template: str, /, *args: object, **values: object) -> str:
    """``template.format(...)`` with ``HuFormatter``."""
    return _FORMATTER.format(template, *args, **values)


_FORMATTER = HuFormatter()


def _check_tables(words: Sequence[str], table: Mapping[str, object]) -> None:  # pragma: no cover
    missing = [w for w in words if w not in table]
    if missing:
        raise AssertionError(missing)


_check_tables([*_UNITS[1:], *_TENS[1:], "száz", *_SCALES[1:], "nulla"], _NUMBER_WORDS)
