"""A card's text in a reader's language, generated from its data (docs/games/kaosz.md §2.1, §9).

Nothing here is written per card: the rules text comes from the card's effects
(``effects.describe_effect``), its equipment or crew bonus, its hangar room and its
X cost, so a card face can never say something the engine does not do. For the 13
cards the rulebook names, the generated text is the printed one (``data/named.yaml``
keeps it as ``text``/``text_hu``, and a test compares them). Reminders restate the
rules a card's type, subtype and keywords bring, for the enlarged card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from galaxis.core.messages import fmt
from galaxis.games.kaosz.cards import Card, pool
from galaxis.games.kaosz.effects import count_word, describe_effect, plural, words


@dataclass(frozen=True)
class CardText:
    """What a card says: its keywords, its rules text (one sentence per line) and reminders."""

    keywords: tuple[str, ...]
    lines: tuple[str, ...]
    reminders: tuple[str, ...]


def sentence(text: str) -> str:
    """A capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def rules_lines(card: Card, lang: str = "en") -> tuple[str, ...]:
    """The card's rules text, sentence by sentence (§2.1 the printed text box)."""
    w = words(lang)
    t = w["effect"]
    lines: list[str] = []
    if card.bonus:  # §2.2 equipment and crew add to the ship's stats
        bonus = [fmt(lang, t["option"], n=v, stat=w["stats"][k]) for k, v in card.bonus.items()]
        lines.append(fmt(lang, t["bonus"], bonus=bonus))
    lines += [describe_effect(e, lang) for e in card.effects]
    if any(e.amount == "X" for e in card.effects):
        lines.append(t["x_note"])
    if card.cost == "X":  # §5.4 cost X: the credits paid for the neutralised item
        lines.append(t["cost_x"])
    if card.hangar_size is not None and card.hangar_size != card.size:  # §2.1 Mamut I.
        lines.append(fmt(lang, t["hangar"], amount=count_word(card.hangar_size, lang)))
    return tuple(sentence(line) for line in lines)


def reminders(card: Card, lang: str = "en") -> tuple[str, ...]:
    """The rules the card's type, subtype and keywords bring (§4, §5.3, §7), in short."""
    r = words(lang)["reminders"]
    out: list[str] = []
    if card.type == "ship":
        out.append(fmt(lang, r["ship"], size=card.size))
    elif card.type in ("equipment", "crew"):
        out.append(r[card.type])
        if card.subtype in ("passenger", "missile"):
            out.append(r[card.subtype])
    elif card.type == "base":
        if card.subtype in ("research", "trap"):
            out.append(r[card.subtype])
        if card.subtype != "trap":
            if isinstance(card.limit, int) and card.limit > 0:
                out.append(fmt(lang, r["base"], limit=card.limit, s=plural(card.limit)))
            else:
                out.append(r["base_any"])
    elif card.type == "event":
        out.append(r["event"])
    else:
        out.append(r["interrupt"][card.subtype])
    out += [r["keywords"][k] for k in card.keywords]
    return tuple(out)


def card_text(card: Card, lang: str = "en") -> CardText:
    return _card_text(card.id, lang)


@cache
def _card_text(card_id: str, lang: str) -> CardText:
    card = pool()[card_id]
    w = words(lang)
    return CardText(
        keywords=tuple(str(w["keywords"][k]) for k in card.keywords),
        lines=rules_lines(card, lang),
        reminders=reminders(card, lang),
    )


def summary(card: Card, lang: str = "en") -> str:
    """The card's text on one line: its keywords, then its rules text."""
    text = card_text(card, lang)
    head = sentence(", ".join(text.keywords)) if text.keywords else ""
    return " ".join(part for part in (head, *text.lines) if part)
