"""Everything a user reads, in every language: message catalogues and glossaries as data.

A *catalogue* is one YAML file of messages, each under a stable id with one
template per language, plus the titles of the rule sections that refusals cite::

    # galaxis/games/<id>/data/messages.yaml
    rules:
      "§3.2": {en: Bidding, hu: Licitálás}
    messages:
      no_sector:
        en: there is no sector {card} this round
        hu: ebben a körben nincs {card} jelű űrszektor

Code never holds the text: it makes a ``Msg`` (the catalogue, the id and the
parameters), which renders in any language when it is shown. Templates are
``str.format`` strings; Hungarian ones may use the grammar specs of
``galaxis.core.hu`` (``{die:az es}`` -> „az 5-ös”), and a parameter may itself be
a ``Msg`` or a glossary ``Term``, rendered in the same language::

    MSG = Catalogue.for_package(__name__)          # the game's data/messages.yaml
    raise MSG.illegal("no_sector", "§3.1", card=label)
    MSG("no_sector", card=label).render("hu")

A *glossary* (``data/terms.yaml``) names every game term in every language;
``Catalogue.term("colours.r")`` is a ``Term`` that renders as "red" / „piros”.
The tests (tests/core/test_messages.py, tests/i18n/) load every catalogue and
fail on a message without a template in every language, on differing fields,
and on an id the code uses that the catalogue lacks. docs/i18n.md says how to
add a string, a term or a language.
"""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from galaxis.core.hu import HuFormatter
from galaxis.core.hu import number as hu_number


def _yaml() -> Any:
    """PyYAML, imported when a catalogue is first read: ``galaxis --help`` and
    ``galaxis list`` import this module (through the errors) but read no catalogue."""
    import yaml

    return yaml


if TYPE_CHECKING:
    from galaxis.core.errors import IllegalAction

LANGUAGES: tuple[str, ...] = ("en", "hu")
DEFAULT_LANGUAGE = "en"

__all__ = [
    "CORE",
    "LANGUAGES",
    "Catalogue",
    "Joined",
    "Msg",
    "Term",
    "Text",
    "fields",
    "fmt",
    "num",
    "render",
    "section_titles",
]


@runtime_checkable
class Text(Protocol):
    """Anything that can be shown in a given language."""

    def render(self, lang: str = "en") -> str: ...


class EnFormatter(string.Formatter):
    """``str.format`` for English: bilingual values rendered in English, lists joined with "and"."""

    lang = "en"
    conjunction = "and"

    def format_field(self, value: Any, format_spec: str) -> str:
        if hasattr(value, "render"):
            value = value.render(self.lang)
        if isinstance(value, list | tuple):  # the spec applies to each item
            words = [self.format_field(v, format_spec) for v in value]
            if len(words) <= 1:
                return "".join(words)
            return f"{', '.join(words[:-1])} {self.conjunction} {words[-1]}"
        return str(super().format_field(value, format_spec))


# One formatter per language; a new language whose grammar needs more than
# str.format adds its formatter here (docs/i18n.md).
FORMATTERS: dict[str, string.Formatter] = {"en": EnFormatter(), "hu": HuFormatter()}


def fmt(lang: str, template: str, /, **params: object) -> str:
    """``template`` (written in ``lang``) filled with ``params`` by that language's formatter."""
    return FORMATTERS.get(lang, FORMATTERS[DEFAULT_LANGUAGE]).format(template, **params)


def num(value: float, lang: str = "en") -> str:
    """A number as ``lang`` writes it (Hungarian: decimal comma, minus sign; no trailing ``.0``)."""
    if lang == "hu":
        return hu_number(value)
    return f"{value:g}" if isinstance(value, float) else str(value)


def render(value: object, lang: str = "en") -> str:
    """A bilingual value (``Msg``, ``Term``) in ``lang``; anything else as ``str``."""
    if isinstance(value, Text):
        return value.render(lang)
    return str(value)


def _check_lang(lang: str) -> str:
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def fields(template: str) -> set[str]:
    """The parameter names a template uses (``{card.name}`` uses ``card``)."""
    return {
        re.split(r"[.\[]", name, maxsplit=1)[0]
        for _, name, _, _ in string.Formatter().parse(template)
        if name
    }


class Catalogue:
    """The messages, rule titles and glossary of one domain (a game, the core, the server).

    Files are read on first use. ``directory`` holds ``messages.yaml`` and
    optionally ``terms.yaml`` (a game's ``data/`` directory).
    """

    _by_directory: dict[Path, Catalogue] = {}

    def __init__(self, domain: str, directory: Path) -> None:
        self.domain = domain
        self.directory = directory

    @classmethod
    def at(cls, domain: str, directory: Path) -> Catalogue:
        """The one catalogue of ``directory`` (created on first call)."""
        directory = directory.resolve()
        found = cls._by_directory.get(directory)
        if found is None:
            found = cls._by_directory[directory] = cls(domain, directory)
        return found

    @classmethod
    def for_package(cls, module_name: str) -> Catalogue:
        """The catalogue of module ``module_name``'s package: for any module of a game
        (``galaxis.games.<id>...``, however deep) that game's ``data/``; else the
        ``data/`` directory beside the module."""
        parts = module_name.split(".")
        if parts[:2] == ["galaxis", "games"] and len(parts) >= 3:
            package = Path(__file__).resolve().parents[1] / "games" / parts[2]
            return cls.at(parts[2], package / "data")
        path = Path(sys.modules[module_name].__file__ or ".").resolve()
        return cls.at(path.parent.name, path.parent / "data")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Catalogue.at, (self.domain, self.directory))

    def __repr__(self) -> str:
        return f"<Catalogue {self.domain} at {self.directory}>"

    # --- data -------------------------------------------------------------
    @cached_property
    def _data(self) -> dict[str, Any]:
        path = self.directory / "messages.yaml"
        if not path.exists():
            return {"messages": {}, "rules": {}}
        with path.open(encoding="utf-8") as f:
            data = _yaml().safe_load(f) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path} is not a mapping")
        return {"messages": data.get("messages") or {}, "rules": data.get("rules") or {}}

    @cached_property
    def glossary(self) -> dict[str, Any]:
        """``terms.yaml`` as loaded (``{}`` when the domain has none)."""
        path = self.directory / "terms.yaml"
        if not path.exists():
            return {}
        with path.open(encoding="utf-8") as f:
            data = _yaml().safe_load(f) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path} is not a mapping")
        return data

    @property
    def messages(self) -> dict[str, dict[str, str]]:
        """Message id -> language -> template."""
        messages: dict[str, dict[str, str]] = self._data["messages"]
        return messages

    @property
    def rules(self) -> dict[str, dict[str, str]]:
        """Rule section (``§3.2``) -> language -> title."""
        rules: dict[str, dict[str, str]] = self._data["rules"]
        return rules

    # --- making texts --------------------------------------------------------
    def __call__(self, msg_id: str, /, **params: object) -> Msg:
        """The message ``msg_id`` with ``params``; an unknown id is a bug (``KeyError``)."""
        if msg_id not in self.messages:
            raise KeyError(f"no message {msg_id!r} in {self.directory / 'messages.yaml'}")
        return Msg(self, msg_id, params)

    def rule(self, ref: str) -> RuleRef:
        """A rule reference ``§3.2`` (or ``§3.2 Bidding``), shown with the section's title."""
        return RuleRef(self, ref)

    def term(self, key: str) -> Term:
        """The glossary term at ``key`` (dotted path under each language, ``colours.r``)."""
        return Term(self, key)

    def illegal(self, msg_id: str, rule: str, /, **params: object) -> IllegalAction:
        """``IllegalAction`` with message ``msg_id`` and the rule reference ``rule``."""
        from galaxis.core.errors import IllegalAction

        return IllegalAction(self(msg_id, **params), self.rule(rule) if rule else "")

    def words(self, lang: str) -> dict[str, Any]:
        """The glossary's words in ``lang`` (falling back to English)."""
        words: dict[str, Any] = self.glossary.get(_check_lang(lang)) or self.glossary.get("en") or {}
        return words

    # --- lookups ------------------------------------------------------------
    def template(self, msg_id: str, lang: str) -> str:
        entry = self.messages[msg_id]
        return entry.get(_check_lang(lang)) or entry[DEFAULT_LANGUAGE]

    def rule_title(self, section: str, lang: str) -> str | None:
        """The title of rule ``section`` in ``lang``: from the catalogue's ``rules:`` table,
        else from the headings of the rules text in that language (None: unknown)."""
        lang = _check_lang(lang)
        entry = self.rules.get(section)
        if entry is not None and lang in entry:
            return entry[lang]
        return self._doc_titles(lang).get(section)

    def rules_doc(self, lang: str) -> Path:
        """The rules text whose headings name the sections: ``docs/games/<domain>.md`` in
        English, ``data/rules.<lang>.md`` in another language."""
        if lang == DEFAULT_LANGUAGE:
            return Path(__file__).resolve().parents[2] / "docs" / "games" / f"{self.domain}.md"
        return self.directory / f"rules.{lang}.md"

    def _doc_titles(self, lang: str) -> dict[str, str]:
        cache: dict[str, dict[str, str]] = self.__dict__.setdefault("_titles", {})
        if lang not in cache:
            path = self.rules_doc(lang)
            cache[lang] = section_titles(path.read_text(encoding="utf-8")) if path.exists() else {}
        return cache[lang]

    def lookup_term(self, key: str, lang: str) -> str:
        node: Any = self.words(lang)
        for part in key.split("."):
            if not isinstance(node, Mapping) or part not in node:
                if lang != DEFAULT_LANGUAGE:
                    return self.lookup_term(key, DEFAULT_LANGUAGE)
                raise KeyError(f"no term {key!r} in {self.directory / 'terms.yaml'}")
            node = node[part]
        return str(node)


_HEADING = re.compile(r"^#{2,5}\s+§?(?P<section>\d+(?:\.\d+)*[a-z]?|D\d+)\.?\s+(?P<title>.+)$")
_BOLD = re.compile(
    r"^\s*(?:[-*]\s+)?\*\*§?(?P<section>\d+(?:\.\d+)+[a-z]?|D\d+)\.?\s+(?P<title>[^*]+?)[:.]?\*\*"
)
_TAIL = re.compile(r"\s*(\(.*\)|\[[^\]]*\])\s*$")


def section_titles(markdown: str) -> dict[str, str]:
    """Section number -> title, from a rules text's numbered headings (``### 3.2 Bidding
    (*licitálás*)``) and bold paragraph labels (``- **4.1 Allowance:**``, ``**§D1 ...**``);
    trailing parentheses and bracketed references are dropped from the titles."""
    titles: dict[str, str] = {}
    for line in markdown.splitlines():
        found = _HEADING.match(line) or _BOLD.match(line)
        if not found:
            continue
        title = found.group("title").split("**")[0].strip()
        while True:
            shorter = _TAIL.sub("", title).strip()
            if shorter == title:
                break
            title = shorter
        title = title.rstrip(":.").strip()
        if title:
            titles.setdefault(found.group("section"), title)
    return titles


class Msg:
    """One message of a catalogue with its parameters; renders in any language.

    ``str(msg)`` is the English text, so a ``Msg`` can stand where English
    text used to be (logs, ``repr`` of errors).
    """

    __slots__ = ("catalogue", "id", "params")

    def __init__(self, catalogue: Catalogue, msg_id: str, params: Mapping[str, object]) -> None:
        self.catalogue = catalogue
        self.id = msg_id
        self.params = dict(params)

    def render(self, lang: str = "en") -> str:
        lang = _check_lang(lang)
        return fmt(lang, self.catalogue.template(self.id, lang), **self.params)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Msg({self.catalogue.domain}:{self.id}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.catalogue, self.id, self.params) == (
            other.catalogue,
            other.id,
            other.params,
        )

    def __hash__(self) -> int:
        return hash((self.catalogue.domain, self.id))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.catalogue, self.id, self.params))

    def to_json(self) -> dict[str, Any]:
        """The rendered text in every language (for clients that switch language themselves)."""
        return {lang: self.render(lang) for lang in LANGUAGES}


class RuleRef:
    """A rule reference: a section number with its title in the reader's language."""

    __slots__ = ("catalogue", "ref")

    def __init__(self, catalogue: Catalogue, ref: str) -> None:
        self.catalogue = catalogue
        self.ref = ref

    @property
    def section(self) -> str:
        return self.ref.split(" ", 1)[0]

    def render(self, lang: str = "en") -> str:
        """In English the reference as the code wrote it (with the section's title when the
        code gave only the number); in another language the section with its title there."""
        lang = _check_lang(lang)
        if lang == DEFAULT_LANGUAGE and self.ref != self.section:
            return self.ref
        whole = self.catalogue.rule_title(self.ref, lang) if self.ref != self.section else None
        if whole is not None:  # a named rule ("core: turn order") is translated as a whole
            return whole
        title = self.catalogue.rule_title(self.section.lstrip("§"), lang)
        if title is None:
            title = self.catalogue.rule_title(self.section, lang)
        if title is None:  # in another language, never the English title written in the code
            return self.ref if lang == DEFAULT_LANGUAGE else self.section
        return f"{self.section} {title}" if title else self.section

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"RuleRef({self.catalogue.domain}:{self.ref})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (RuleRef, (self.catalogue, self.ref))


class Term:
    """A glossary term; renders as the word of the reader's language."""

    __slots__ = ("catalogue", "key")

    def __init__(self, catalogue: Catalogue, key: str) -> None:
        self.catalogue = catalogue
        self.key = key

    def render(self, lang: str = "en") -> str:
        return self.catalogue.lookup_term(self.key, _check_lang(lang))

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Term({self.catalogue.domain}:{self.key})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and (self.catalogue, self.key) == (other.catalogue, other.key)

    def __hash__(self) -> int:
        return hash((self.catalogue.domain, self.key))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Term, (self.catalogue, self.key))


CORE = Catalogue.at("core", Path(__file__).parent / "data")
"""The engine's own messages (galaxis/core/data/messages.yaml)."""


class Joined:
    """Several texts joined by ``separator`` (each rendered in the reader's language)."""

    __slots__ = ("items", "separator")

    def __init__(self, items: Iterable[object], separator: str = "; ") -> None:
        self.items = tuple(items)
        self.separator = separator

    def render(self, lang: str = "en") -> str:
        return self.separator.join(render(item, lang) for item in self.items)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.items, self.separator))


def catalogues() -> Iterable[Catalogue]:
    """Every catalogue created so far (the tests import every module first)."""
    return list(Catalogue._by_directory.values())
