"""The card pool: the 13 cards named in the rulebook plus a generated, designed pool.

Cards are data (``data/named.yaml`` and ``data/templates.yaml``), validated by
pydantic on load. Effects are written in the small effect language of
``effects.py`` (docs/games/kaosz.md §9): each effect names a trigger (``when``),
an operation (``op``) and its parameters.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from galaxis.core.messages import Catalogue

DATA = Path(__file__).parent / "data"
MSG = Catalogue.for_package(__name__)  # data/messages.yaml and the glossary data/terms.yaml

RACES = ("human", "xeno", "insect", "carno", "cerebrite", "zarg", "triciplite", "shark")
OPPOSED = {
    "human": "xeno",
    "xeno": "human",
    "insect": "carno",
    "carno": "insect",
    "cerebrite": "zarg",
    "zarg": "cerebrite",
    "triciplite": "shark",
    "shark": "triciplite",
}
TYPES = ("ship", "equipment", "crew", "base", "event", "interrupt")
SUBTYPES = {
    "ship": ("scout", "fighter", "cruiser", "destroyer"),
    "equipment": ("weapon", "shield", "item", "missile"),
    "crew": ("captain", "personnel", "passenger", "robot"),
    "base": ("research", "building", "bunker", "trap"),
    "event": ("attack", "reaction", "resource", "special"),
    "interrupt": ("start", "combat", "reaction", "general"),
}
SIZES = {"scout": 1, "fighter": 2, "cruiser": 3, "destroyer": 4}
STATS = ("speed", "firepower", "armour", "bombard")
KEYWORDS = ("cloak", "rapid_fire", "salvo", "formation", "stealth", "heavy_weapons", "repair", "demolition")
RARITIES = ("common", "uncommon", "rare", "ultra")
TRIGGERS = ("play", "paid", "static", "start", "payment_end", "activate")
TARGETS = (
    "none",
    "any_ship",
    "own_ship",
    "enemy_ship",
    "own_base",
    "stack_interrupt",
    "opponent",
    "this_ship",
)


class AbilityCost(BaseModel):
    """The cost of an activated ability (§9.5): credits, turning the card, sacrificing it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    credits: int = Field(default=0, ge=0)
    turn: Literal["used", "damaged"] | None = None  # the seed's H and D icons
    sacrifice: bool = False  # the seed's L icon: the card goes to the trash


class Effect(BaseModel):
    """One effect: when it happens (``when``), what it does (``op``) and to what (``target``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    when: Literal["play", "paid", "static", "start", "payment_end", "activate"]
    op: str
    target: Literal[
        "none", "any_ship", "own_ship", "enemy_ship", "own_base", "stack_interrupt", "opponent", "this_ship"
    ] = "none"
    amount: int | Literal["X"] = 0
    stat: Literal["speed", "firepower", "armour", "bombard"] = "firepower"
    chooser: Literal["you", "opponent"] = "you"
    options: tuple[tuple[str, int], ...] = ()
    cost: AbilityCost | None = None  # activated abilities only

    @model_validator(mode="after")
    def _known_op(self) -> Effect:
        from galaxis.games.kaosz.effects import OPS

        if self.op not in OPS:
            raise ValueError(f"unknown operation {self.op!r}; known: {', '.join(sorted(OPS))}")
        if (self.when == "activate") != (self.cost is not None):
            raise ValueError("an activated ability (when: activate) needs a cost, and only it has one")
        if self.cost is not None and self.cost.turn is None and not self.cost.sacrifice:
            # §9.5: every ability turns or sacrifices its card, so a card is on the stack at most once
            raise ValueError("an activated ability must turn its card (used/damaged) or sacrifice it")
        return self


class Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str  # Hungarian
    name_en: str
    race: Literal["human", "xeno", "insect", "carno", "cerebrite", "zarg", "triciplite", "shark"]
    type: Literal["ship", "equipment", "crew", "base", "event", "interrupt"]
    subtype: str
    cost: int | Literal["X"] = Field(default=0)
    stats: dict[str, int] = Field(default_factory=dict)  # ships: printed stats; bases: armour
    bonus: dict[str, int] = Field(default_factory=dict)  # equipment and crew: added to the ship
    limit: int | Literal["X", "?"] = 0  # bases: upgrade limit
    hangar_size: int | None = None  # overrides the subtype's size in the hangar (Mamut I.)
    keywords: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    rarity: Literal["common", "uncommon", "rare", "ultra"]
    text: str = ""
    named: bool = False  # one of the 13 cards the rulebook names
    aliases: tuple[str, ...] = ()  # former names, still accepted in deck texts
    text_hu: str = ""  # the printed text in Hungarian (``text`` is the English)
    designed: tuple[str, ...] = ()  # fields that are our design, not the rulebook's

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if self.subtype not in SUBTYPES[self.type]:
            raise ValueError(f"{self.id}: {self.type} has no subtype {self.subtype!r}")
        if isinstance(self.cost, int) and self.cost < 0:
            raise ValueError(f"{self.id}: negative cost")
        for k in (*self.stats, *self.bonus):
            if k not in STATS:
                raise ValueError(f"{self.id}: unknown stat {k!r}")
        for k in self.keywords:
            if k not in KEYWORDS:
                raise ValueError(f"{self.id}: unknown keyword {k!r}")
        if self.type == "ship" and set(self.stats) != set(STATS):
            raise ValueError(f"{self.id}: a ship prints all four stats")
        if self.limit == "?" and self.subtype != "trap":
            raise ValueError(f"{self.id}: only traps have the upgrade limit '?'")
        abilities = [e for e in self.effects if e.when == "activate"]
        if len(abilities) > 1:
            raise ValueError(f"{self.id}: at most one activated ability per card (§9.5)")
        if abilities and self.type in ("event", "interrupt"):
            raise ValueError(f"{self.id}: only cards that stay in play have activated abilities")
        if any(e.target == "this_ship" for e in self.effects) and self.type not in (
            "ship",
            "equipment",
            "crew",
        ):
            raise ValueError(f"{self.id}: only ships and the cards aboard them can target 'this_ship'")
        return self

    @property
    def ability(self) -> Effect | None:
        """The card's activated ability (§9.5), if it has one."""
        return next((e for e in self.effects if e.when == "activate"), None)

    @property
    def size(self) -> int:
        """Size for equipment and crew capacity (rule §2.1)."""
        return SIZES.get(self.subtype, 0)

    @property
    def room(self) -> int:
        """Size counted against the hangar limit of 12 (card text may override, §2.1)."""
        return self.hangar_size if self.hangar_size is not None else self.size

    def stat(self, name: str) -> int:
        return self.stats.get(name, 0)

    def summary_text(self, lang: str = "en") -> str:
        """The card's text in ``lang``, generated from its data (cardtext.py): keywords, then rules text."""
        from galaxis.games.kaosz.cardtext import summary

        return summary(self, lang)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "name_en": self.name_en,
            "race": self.race,
            "type": self.type,
            "subtype": self.subtype,
            "cost": self.cost,
            "stats": dict(self.stats),
            "bonus": dict(self.bonus),
            "limit": self.limit if self.type == "base" else None,
            "size": self.room if self.type == "ship" else None,
            "keywords": list(self.keywords),
            "rarity": self.rarity,
            "text": self.summary_text(),
            "text_hu": self.summary_text("hu"),
            "named_in_rulebook": self.named,
            "designed": list(self.designed),
        }


def _load_yaml(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


def _generate(spec: dict[str, Any]) -> list[Card]:
    """Builds each race's 30 designed cards from the templates and the race profile."""
    templates: dict[str, list[dict[str, Any]]] = spec["templates"]
    nouns: dict[str, list[list[str]]] = spec["nouns"]
    names: dict[str, dict[str, list[str]]] = _load_yaml("names.yaml")
    out: list[Card] = []
    for race in RACES:
        prof = spec["races"][race]
        counts = {**spec["standard"], **prof.get("counts", {})}
        if sum(counts.values()) != 30:
            raise ValueError(f"race {race} has {sum(counts.values())} card slots, not 30")
        words = prof["words"]
        keywords = list(prof.get("keywords", []))
        cards: list[dict[str, Any]] = []
        w = 0
        used: set[str] = set()
        for key, n in counts.items():
            kind, sub = key.split("/")
            for i in range(n):
                variant = dict(templates[key][i % len(templates[key])])
                noun = nouns[key][i % len(nouns[key])]
                hu_noun = noun[0] if kind == "ship" else noun[0].lower()
                for _ in range(len(words)):  # the next word that makes the name unique in the race
                    word = words[w % len(words)]
                    w += 1
                    if f"{word[0]} {hu_noun}" not in used:
                        break
                used.add(f"{word[0]} {hu_noun}")
                # event "reaction" cards get ids "<race>_response_<n>" (interrupts share the subtype name)
                cid = f"{race}_{'response' if key == 'event/reaction' else sub}_{i + 1}"
                try:
                    name, name_en = names[race][cid]
                except KeyError:
                    raise ValueError(f"{cid} has no name in data/names.yaml") from None
                card: dict[str, Any] = {
                    "id": cid,
                    "name": name,
                    "name_en": name_en,
                    # the generated names of earlier versions (race word + noun), kept for deck texts
                    "aliases": (f"{word[0]} {hu_noun}", f"{word[1]} {noun[1]}"),
                    "race": race,
                    "type": kind,
                    "subtype": sub,
                    "cost": variant.get("cost", 0),
                    "effects": [dict(e) for e in variant.get("effects", [])],
                    "designed": ["all"],
                }
                cost_mod = prof.get("cost", {}).get(kind, 0)
                card["cost"] = max(0, card["cost"] + cost_mod)
                if kind == "ship":
                    stats = dict(variant["stats"])
                    stats["speed"] += prof.get("ship_speed", 0)
                    stats["firepower"] = max(0, stats["firepower"] + prof.get("ship_firepower", 0))
                    card["stats"] = stats
                    if keywords:
                        card["keywords"] = [keywords.pop(0)]
                        card["cost"] += 1
                elif kind in ("equipment", "crew"):
                    bonus = dict(variant.get("bonus", {}))
                    extra = prof.get("equip_bonus" if kind == "equipment" else "crew_bonus", 0)
                    if bonus and extra:
                        first = next(iter(bonus))
                        bonus[first] += extra
                    card["bonus"] = bonus
                elif kind == "base":
                    limit = variant["limit"]
                    if isinstance(limit, int):
                        limit = max(0, limit + prof.get("limit", 0))
                    card["limit"] = limit
                    card["stats"] = {"armour": variant["armour"]}
                bonus_cr = prof.get("credits_bonus", 0)
                if bonus_cr:
                    for e in card["effects"]:
                        if e["op"] == "credits" and isinstance(e.get("amount"), int):
                            e["amount"] += bonus_cr
                cards.append(card)
        # Rarity in the seed's proportions: per 30 cards 1 ultra-rare, 2 rare, 7 uncommon, 20 common;
        # the most expensive cards are the rarest.
        order = sorted(range(len(cards)), key=lambda k: (-_value(cards[k]), cards[k]["id"]))
        for rank, k in enumerate(order):
            cards[k]["rarity"] = (
                "ultra" if rank < 1 else "rare" if rank < 3 else "uncommon" if rank < 10 else "common"
            )
        out.extend(Card.model_validate(c) for c in cards)
    return out


def _value(card: dict[str, Any]) -> int:
    cost = card["cost"] if isinstance(card["cost"], int) else 3
    return cost + 2 * len(card.get("keywords", []))


@cache
def pool() -> dict[str, Card]:
    """Every card by id: the 13 named cards first, then the generated pool."""
    named = [Card.model_validate({**c, "named": True}) for c in _load_yaml("named.yaml")]
    cards = named + _generate(_load_yaml("templates.yaml"))
    table: dict[str, Card] = {}
    names: set[str] = set()
    for c in cards:
        spelled = {c.name.lower(), c.name_en.lower()}
        if c.id in table or spelled & names:
            raise ValueError(f"card id or name {c.id!r} / {c.name!r} / {c.name_en!r} is not unique")
        table[c.id] = c
        names |= spelled
    for c in cards:  # a former name never shadows a current one
        clash = {a.lower() for a in c.aliases} & (names - {c.name.lower(), c.name_en.lower()})
        if clash:
            raise ValueError(f"{c.id}: former name {sorted(clash)} is another card's name")
    return table


@cache
def ability_cards() -> dict[str, Effect]:
    """The activated ability (§9.5) of each card that has one, for the hot path of legal actions."""
    return {c.id: c.ability for c in pool().values() if c.ability is not None}


@cache
def race_profiles() -> dict[str, dict[str, str]]:
    races = _load_yaml("templates.yaml")["races"]
    return {r: {k: races[r][k] for k in ("name", "name_en", "strength", "weakness")} for r in RACES}


def by_name(name: str) -> Card | None:
    """A card by id, Hungarian name or English name (case-insensitive); a designed card
    also by the name it had before (race word + noun, such as "Kitin rajtaütés")."""
    table = pool()
    if name in table:
        return table[name]
    low = name.strip().lower()
    for c in table.values():
        if low in (c.name.lower(), c.name_en.lower(), c.id):
            return c
    for c in table.values():
        if low in (a.lower() for a in c.aliases):
            return c
    return None
