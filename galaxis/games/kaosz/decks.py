"""Deck construction (docs/games/kaosz.md §1): starters, deck files and validation."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from galaxis.core.errors import BadOption
from galaxis.core.messages import Joined, Msg
from galaxis.games.kaosz.cards import DATA, MSG, OPPOSED, by_name, pool

DECK_SIZE = 45
MAX_COPIES = 3


@cache
def starters() -> dict[str, list[str]]:
    """Starter name → 45 card ids."""
    raw = yaml.safe_load((DATA / "starters.yaml").read_text(encoding="utf-8"))
    return {d["name"]: [cid for cid in d["picks"] for _ in range(MAX_COPIES)] for d in raw}


@cache
def starter_titles() -> dict[str, str]:
    raw = yaml.safe_load((DATA / "starters.yaml").read_text(encoding="utf-8"))
    return {d["name"]: d["title"] for d in raw}


def uses_speed(card_id: str) -> bool:
    """Cards that refer to speed or return fire, banned with the simplified combat system (§10.2)."""
    c = pool()[card_id]
    return (
        bool(c.bonus.get("speed"))
        or "rapid_fire" in c.keywords
        or any(e.stat == "speed" for e in c.effects if e.op == "pump")
    )


def check_deck(ids: list[str], races: str = "standard", simple_combat: bool = False) -> list[Msg]:
    """Every reason the deck is illegal (empty when legal), as bilingual messages."""
    table = pool()
    errors: list[Msg] = []
    unknown = sorted({c for c in ids if c not in table})
    if unknown:
        errors.append(MSG("unknown_cards", cards=", ".join(unknown)))
    if len(ids) != DECK_SIZE:
        errors.append(MSG("deck_size", size=DECK_SIZE, count=len(ids)))
    for cid, n in sorted(Counter(ids).items()):
        if n > MAX_COPIES and cid in table:
            errors.append(MSG("too_many_copies", copies=MAX_COPIES, card=CardName(cid), count=n))
    present = sorted({table[c].race for c in ids if c in table})
    if races == "standard":
        for r in present:
            if OPPOSED[r] in present and r < OPPOSED[r]:
                errors.append(
                    MSG("opposed_races", a=MSG.term(f"races.{r}"), b=MSG.term(f"races.{OPPOSED[r]}"))
                )
    elif races == "four" and len(present) > 4:
        errors.append(MSG("four_races", count=len(present)))
    if simple_combat:
        banned = sorted({c for c in ids if c in table and uses_speed(c)}, key=lambda c: table[c].name)
        if banned:
            errors.append(MSG("simple_combat_bans", cards=Joined((CardName(c) for c in banned), ", ")))
    return errors


class CardName:
    """A card's name in the reader's language (the Hungarian name, or the English one)."""

    __slots__ = ("card_id",)

    def __init__(self, card_id: str) -> None:
        self.card_id = card_id

    def render(self, lang: str = "en") -> str:
        card = pool()[self.card_id]
        return card.name if lang == "hu" else card.name_en

    def __str__(self) -> str:
        return self.render()


# A deck text longer than this cannot be a deck of 45 cards, comments and all.
MAX_DECK_TEXT = 16_000


def parse_deck_text(text: str) -> list[str]:
    """A deck file: one card per line as ``3 Cobra Flash`` or ``cobra_flash`` (``#`` comments);
    or a YAML/JSON list of ids. Raises BadOption (a ValueError) naming every unreadable line.

    A text that lists more than a deck's 45 cards is refused as soon as the count
    passes 45 (§1.1), before a list of that size is built: ``30000000 Cobra Flash``
    costs a line's parse, not 30 million list entries."""
    if len(text) > MAX_DECK_TEXT:
        raise BadOption(MSG("deck_text_size", limit=MAX_DECK_TEXT, count=len(text)))
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            data = yaml.safe_load(stripped)
        except (yaml.YAMLError, RecursionError):
            raise BadOption(MSG("deck_list")) from None
        if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
            raise BadOption(MSG("deck_list"))
        lines = [str(x) for x in data]
    else:
        lines = [ln.split("#", 1)[0].strip() for ln in text.splitlines()]
    ids: list[str] = []
    bad: list[str] = []
    for ln in lines:
        if not ln:
            continue
        count = 1
        head, _, rest = ln.partition(" ")
        if head.isdigit() and rest:
            if len(head) > 3 or int(head) > DECK_SIZE:
                raise BadOption(MSG("copies_in_line", count=head, size=DECK_SIZE))
            count, ln = int(head), rest.strip()
        if len(ids) + count > DECK_SIZE:
            raise BadOption(MSG("too_many_cards", size=DECK_SIZE))
        card = by_name(ln)
        if card is None:
            bad.append(ln)
        else:
            ids.extend([card.id] * count)
    if bad:
        raise BadOption(MSG("unknown_names", names=", ".join(bad)))
    return ids


def load_deck_file(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadOption(MSG("unreadable_file", path=str(path), reason=exc.strerror)) from None
    return parse_deck_text(text)


def deck_json(ids: list[str]) -> dict[str, Any]:
    return {cid: n for cid, n in sorted(Counter(ids).items())}
