"""Deck construction (docs/games/kaosz.md §1): starters, deck files and validation."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from galaxis.games.kaosz.cards import DATA, OPPOSED, by_name, pool

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


def check_deck(ids: list[str], races: str = "standard", simple_combat: bool = False) -> list[str]:
    """Every reason the deck is illegal (empty when legal)."""
    table = pool()
    errors: list[str] = []
    unknown = sorted({c for c in ids if c not in table})
    if unknown:
        errors.append(f"unknown card(s): {', '.join(unknown)}")
    if len(ids) != DECK_SIZE:
        errors.append(f"a deck has exactly {DECK_SIZE} cards, this one has {len(ids)} (§1.1)")
    for cid, n in sorted(Counter(ids).items()):
        if n > MAX_COPIES and cid in table:
            errors.append(f"at most {MAX_COPIES} copies of a name: {table[cid].name} has {n} (§1.1)")
    present = sorted({table[c].race for c in ids if c in table})
    if races == "standard":
        for r in present:
            if OPPOSED[r] in present and r < OPPOSED[r]:
                errors.append(f"opposed races {r} and {OPPOSED[r]} may not share a deck (§1.2)")
    elif races == "four" and len(present) > 4:
        errors.append(f"at most four races (simplified restriction), this deck has {len(present)} (§10.3)")
    if simple_combat:
        banned = sorted({table[c].name for c in ids if c in table and uses_speed(c)})
        if banned:
            errors.append(
                f"the simplified combat system bans cards that refer to speed or return fire: {', '.join(banned)} (§10.2)"
            )
    return errors


# A deck text longer than this cannot be a deck of 45 cards, comments and all.
MAX_DECK_TEXT = 16_000


def parse_deck_text(text: str) -> list[str]:
    """A deck file: one card per line as ``3 Cobra Flash`` or ``cobra_flash`` (``#`` comments);
    or a YAML/JSON list of ids. Raises ValueError with every unreadable line.

    A text that lists more than a deck's 45 cards is refused as soon as the count
    passes 45 (§1.1), before a list of that size is built: ``30000000 Cobra Flash``
    costs a line's parse, not 30 million list entries."""
    if len(text) > MAX_DECK_TEXT:
        raise ValueError(f"a deck text is at most {MAX_DECK_TEXT} characters, this one has {len(text)}")
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            data = yaml.safe_load(stripped)
        except (yaml.YAMLError, RecursionError):
            raise ValueError("a deck list must be a list of card names") from None
        if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
            raise ValueError("a deck list must be a list of card names")
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
                raise ValueError(f"{head} copies in one line: a deck has exactly {DECK_SIZE} cards (§1.1)")
            count, ln = int(head), rest.strip()
        if len(ids) + count > DECK_SIZE:
            raise ValueError(f"the deck text lists more than a deck's {DECK_SIZE} cards (§1.1)")
        card = by_name(ln)
        if card is None:
            bad.append(ln)
        else:
            ids.extend([card.id] * count)
    if bad:
        raise ValueError(f"unknown card name(s): {', '.join(bad)}")
    return ids


def load_deck_file(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot read deck file {path}: {exc.strerror}") from None
    return parse_deck_text(text)


def deck_json(ids: list[str]) -> dict[str, Any]:
    return {cid: n for cid, n in sorted(Counter(ids).items())}
