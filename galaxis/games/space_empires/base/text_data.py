"""User-facing text of Space Empires 4X in English and Hungarian, loaded from data/text.yaml and
validated on load (docs/games/space_empires.md, "Language")."""

from __future__ import annotations

import string
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from galaxis.core.messages import Catalogue
from galaxis.games.space_empires.base import data

LANGS = ("en", "hu")
TEXT_FILE = Path(__file__).resolve().parents[1] / "data" / "text.yaml"

# The placeholders each action kind's template may use: the values describe() fills in.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    kind: frozenset(fields)
    for kind, fields in {
        "move": ("counter", "hex"),
        "colonize": ("counter",),
        "target": ("counter",),
        "retreat": ("counter", "hex"),
        "bomb": ("counter",),
        "destroy": ("counter",),
        "boom": ("counter",),
        "hold": (),
        "lost": ("hex",),
        "first": ("player",),
        "bid": ("cp",),
        "tech": ("tech",),
        "buy": ("unit", "hex"),
        "buy_join": ("unit", "hex", "join"),
        "split": ("counter",),
        "merge": ("counter", "into"),
        "done": (),
        "fight": (),
        "screen": ("counter",),
        "refit": ("counter",),
        "load": ("counter", "carrier"),
        "unload": ("counter",),
        "end": (),
        "sling": ("counter", "hex"),
        "scuttle_menu": (),
        "scuttle": ("counter",),
        "keep": (),
        "scrap": ("counter",),
        "peek": ("counter", "hex"),
        "reveal": (),
        "conceal": (),
        "withdraw": ("counter",),
        "engage": (),
        "steer": ("counter", "hex"),
        "early": ("cp",),
        "expand": ("counter", "hex"),
        "feed": ("counter",),
        "detonate": ("counter",),
        "spare": (),
        "ground": ("unit", "hex"),
        "ground_free": ("unit", "hex"),
        "embark": ("counter", "unit"),
        "disembark": ("counter",),
        "land": (),
        "gt": ("counter",),
        "steal": ("tech",),
        "ea": ("card",),  # §10.4: keep an Empire Advantage
        "ea_bid": ("cp",),  # §10.4: balanced deal, an open bid
        "ea_pass": (),
        "ea_take": ("card",),
        "gates": ("hex",),
        "gate": ("unit", "hex"),
        "fgate": ("counter", "hex"),
        "cgate": ("counter", "hex"),
        "gclose": (),
        "assault": ("unit", "hex"),
        "charge": (),
        "gretreat": ("counter", "hex"),
        "flee": ("unit", "hex"),
        "stay": (),
        "react": ("counter", "hex"),
        "ignore": (),
        "research_center": ("hex",),
        "industrial_center": ("hex",),
        "alien_keep": ("card",),
        "alien_pay": ("card", "cp"),
        "alien_decline": ("card",),
        "head": ("tech",),
        "head_done": (),
        "relic": ("counter",),
        "deliver": ("counter",),
    }.items()
}


class TextData:
    """The validated contents of text.yaml."""

    def __init__(
        self,
        actions: dict[str, dict[str, str]],
        words: dict[str, dict[str, str]],
        units: dict[str, str],
        techs: dict[str, str],
        markers: dict[str, dict[str, str]],
    ) -> None:
        self.actions = actions
        self.words = words
        self.units = units
        self.techs = techs
        self.markers = markers


def placeholders(template: str) -> frozenset[str]:
    """The {names} a format template uses."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name is not None)


def _bilingual(section: str, raw: Any) -> dict[str, dict[str, str]]:
    if not isinstance(raw, dict):
        raise ValueError(f"text.yaml: {section} must be a mapping")
    out: dict[str, dict[str, str]] = {}
    for key, entry in raw.items():
        if not isinstance(entry, dict):
            raise ValueError(f"text.yaml: {section}.{key} must map languages to texts")
        for lang in LANGS:
            if not isinstance(entry.get(lang), str) or not entry[lang].strip():
                raise ValueError(f"text.yaml: {section}.{key} has no {lang!r} text")
        extra = set(entry) - set(LANGS)
        if extra:
            raise ValueError(f"text.yaml: {section}.{key} has unknown languages {sorted(extra)}")
        out[str(key)] = {lang: str(entry[lang]) for lang in LANGS}
    return out


def _names(section: str, raw: Any, ids: set[str]) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(v, str) and v.strip() for v in raw.values()):
        raise ValueError(f"text.yaml: {section} must map ids to non-empty Hungarian names")
    missing, unknown = ids - set(raw), set(raw) - ids
    if missing or unknown:
        raise ValueError(f"text.yaml: {section}: missing {sorted(missing)}, unknown {sorted(unknown)}")
    return {str(k): str(v) for k, v in raw.items()}


def validate(raw: Any) -> TextData:
    """Check a parsed text.yaml: both languages everywhere, matching placeholders, every id named."""
    if not isinstance(raw, dict):
        raise ValueError("text.yaml must be a mapping")
    actions = _bilingual("actions", raw.get("actions"))
    missing, unknown = set(ACTION_FIELDS) - set(actions), set(actions) - set(ACTION_FIELDS)
    if missing or unknown:
        raise ValueError(f"text.yaml: actions: missing {sorted(missing)}, unknown {sorted(unknown)}")
    for kind, entry in actions.items():
        for lang in LANGS:
            try:
                used = placeholders(entry[lang])
            except ValueError as exc:
                raise ValueError(f"text.yaml: actions.{kind}.{lang} is not a valid template: {exc}") from exc
            if used != ACTION_FIELDS[kind]:
                raise ValueError(
                    f"text.yaml: actions.{kind}.{lang} uses {sorted(used)}, "
                    f"expected {sorted(ACTION_FIELDS[kind])}"
                )
    words = _bilingual("words", raw.get("words"))
    units = _names("units", raw.get("units"), set(data.unit_table_by_id()))
    techs = _names("techs", raw.get("techs"), set(data.techs()))
    markers = _bilingual("markers", raw.get("markers"))
    kinds = set(data.markers().kinds)
    if set(markers) != kinds:
        raise ValueError(
            f"text.yaml: markers: missing {sorted(kinds - set(markers))}, unknown {sorted(set(markers) - kinds)}"
        )
    return TextData(actions, words, units, techs, markers)


def load(path: Path = TEXT_FILE) -> TextData:
    with open(path, encoding="utf-8") as fh:
        return validate(yaml.safe_load(fh))


@cache
def text() -> TextData:
    return load()


def lang_of(lang: str) -> str:
    """The language to use: English for any language without a translation."""
    return lang if lang in LANGS else "en"


def word(key: str, lang: str) -> str:
    return text().words[key][lang_of(lang)]


def word_or(key: str, default: str, lang: str) -> str:
    """``word(key)``, or ``default`` as it is when text.yaml has no such word."""
    entry = text().words.get(key)
    return entry[lang_of(lang)] if entry else default


def scenario_name(sid: str, lang: str) -> str:
    """A scenario's name ("Solo, Doomsday Machines", „Egyszemélyes: Világvége Gépek”); the id of
    a scenario text.yaml does not name."""
    return word_or(f"scenario_{sid}", sid, lang)


def unit_name(kind: str, lang: str) -> str:
    """A unit type's name; an unknown id (a hidden '?' or a solo opponent's) is shown as it is."""
    if lang_of(lang) == "hu" and kind in text().units:
        return text().units[kind]
    table = data.unit_table_by_id()
    return table[kind].name if kind in table else kind


def tech_name(tech: str, lang: str) -> str:
    if lang_of(lang) == "hu" and tech in text().techs:
        return text().techs[tech]
    techs = data.techs()
    return techs[tech].name if tech in techs else tech


def marker_name(kind: str, lang: str) -> str:
    names = text().markers.get(kind)
    return names[lang_of(lang)] if names else kind


# --- texts for messages (data/messages.yaml): names that render in the reader's language ---------------
MSG = Catalogue.for_package(__name__)  # data/messages.yaml


class UnitName:
    """A unit type's name in the reader's language (``unit_name``)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def render(self, lang: str = "en") -> str:
        return unit_name(self.kind, lang)

    def __str__(self) -> str:
        return self.render()


class TechName:
    """A technology's name in the reader's language (``tech_name``)."""

    __slots__ = ("track",)

    def __init__(self, track: str) -> None:
        self.track = track

    def render(self, lang: str = "en") -> str:
        return tech_name(self.track, lang)

    def __str__(self) -> str:
        return self.render()


class TechLevels:
    """Technology levels in words ("Ship Size 2, Attack 1"; in Hungarian with the Hungarian names)."""

    __slots__ = ("levels",)

    def __init__(self, levels: dict[str, int]) -> None:
        self.levels = dict(levels)

    def render(self, lang: str = "en") -> str:
        return ", ".join(f"{tech_name(t, lang)} {n}" for t, n in sorted(self.levels.items()))

    def __str__(self) -> str:
        return self.render()


class Named:
    """Any id named by a ``(id, lang) -> str`` function, in the reader's language."""

    __slots__ = ("key", "name")

    def __init__(self, name: Callable[[str, str], str], key: str) -> None:
        self.name = name
        self.key = key

    def render(self, lang: str = "en") -> str:
        return self.name(self.key, lang)

    def __str__(self) -> str:
        return self.render()
