"""The effect language: a fixed set of operations, each implemented once.

A card's ``effects`` list entries name a trigger (``when``: play, paid, static,
start, payment_end, activate), an operation (``op``) and its parameters
(``target``, ``amount`` — a number or ``X``, the card's upgrades —, ``stat``,
``chooser``, ``options``, and for an activated ability its ``cost``). Each operation below cites the rule section (docs/games/kaosz.md)
it implements. ``targets`` tells the engine which choices a card offers when
it is played; ``apply`` carries the operation out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from galaxis.core import Event, Step
from galaxis.core.messages import fmt
from galaxis.games.kaosz.state import card_changed, changed, known_changed, upgrades_changed

if TYPE_CHECKING:
    from galaxis.games.kaosz.cards import Effect
    from galaxis.games.kaosz.rules import Kaosz
    from galaxis.games.kaosz.state import KaoszState


@dataclass
class Ctx:
    """One effect being carried out: its card, controller, chosen target and amount."""

    source: int
    seat: int
    target: int
    amount: int
    effect: Effect


OpFn = Callable[["Kaosz", "KaoszState", Ctx, list[Event]], None]
OPS: dict[str, OpFn] = {}
RULES: dict[str, str] = {}


def op(name: str, rule: str) -> Callable[[OpFn], OpFn]:
    def register(fn: OpFn) -> OpFn:
        OPS[name] = fn
        RULES[name] = rule
        return fn

    return register


@op("pump", "§9.1 pump: +amount to a stat of a ship until the end of the combat (or turn)")
def _pump(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    card = s.cards[c.target]
    card.mods.append([c.effect.stat, c.amount])
    events.append({"type": "pump", "card": f"c{c.target}", "stat": c.effect.stat, "amount": c.amount})


@op("neutralize", "§5.4 neutralise: the interrupt leaves play without effect; its credits are lost")
def _neutralize(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    for item in s.stack:
        if item.uid == c.target:
            item.neutralized = True
            events.append({"type": "neutralized", "card": f"c{c.target}"})


@op(
    "destroy_ship",
    "§9.3 destroy: one ship of the chosen opponent (§10.1), picked by them when chooser is opponent",
)
def _destroy_ship(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    victim_seat = c.target
    ships = [
        u
        for u in s.players[victim_seat].hangar
        if c.effect.chooser == "opponent" or not eng.keyword(s, u, "cloak")
    ]
    if not ships:
        return
    chooser = victim_seat if c.effect.chooser == "opponent" else c.seat
    s.pending.append(Step("pick", chooser, {"op": "destroy", "cards": ships, "source": c.source}))


@op("choose_bonus", "§6.5 at the end of the payment step the controller picks one bonus for the ship")
def _choose_bonus(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    s.pending.append(Step("choose", s.cards[c.source].ctrl, {"card": c.source}))


@op("attack_tax", "§6.1 static: an opponent must spend this many credits to declare an attack")
def _attack_tax(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    """Static: read by ``Kaosz.attack_tax``; nothing happens when it would resolve."""


@op("credits", "§5.1 gain credits (at most 20 are kept at the end phase)")
def _credits(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    s.players[c.seat].credits += c.amount
    changed(s, c.seat)
    events.append({"type": "credits", "seat": c.seat, "amount": c.amount})


@op("draw", "§5.2 draw cards from the top of your colony")
def _draw(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    eng.draw(s, c.seat, c.amount, events)


@op("mill", "§6.6 the opponent puts cards from the top of the colony into the wreck")
def _mill(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    eng.mill(s, c.target, c.amount, events)


@op("damage", "§6.4 damage a ship (outside combat it turns damaged at once; 0 armour destroys it)")
def _damage(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    eng.damage_ship(s, c.target, c.amount, events)


@op("ready", "§3 turn a card of yours active again")
def _ready(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    s.cards[c.target].turn = 0
    card_changed(s, c.target)
    events.append({"type": "ready", "card": f"c{c.target}"})


@op("discard", "§6.6 the opponent discards one card of their choice into the wreck")
def _discard(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    if s.players[c.target].hand:
        s.pending.append(Step("discard", c.target, {"count": 1, "why": "effect"}))


@op("upgrade", "§4.4 put upgrades on one of your bases (card effects ignore the two-a-turn limit)")
def _upgrade(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    s.cards[c.target].upgrades += c.amount
    upgrades_changed(s, c.target)
    events.append({"type": "upgraded", "card": f"c{c.target}", "amount": c.amount})


@op("peek", "§8 look at the opponent's hand (you remember those cards)")
def _peek(eng: Kaosz, s: KaoszState, c: Ctx, events: list[Event]) -> None:
    known = s.players[c.seat].known
    for u in s.players[c.target].hand:
        if u not in known:
            known.append(u)
    known_changed(s)
    events.append({"type": "peek", "seat": c.seat, "of": c.target})


DATA = Path(__file__).parent / "data"


@cache
def _terms() -> dict[str, Any]:
    terms: dict[str, Any] = yaml.safe_load((DATA / "terms.yaml").read_text(encoding="utf-8"))
    return terms


def words(lang: str) -> dict[str, Any]:
    """The game's words in ``lang`` (data/terms.yaml; English when unknown)."""
    terms = _terms()
    w: dict[str, Any] = terms.get(lang) or terms["en"]
    return w


def count_word(n: int | str, lang: str = "en") -> str:
    """A count as card text writes it: a word up to twelve ("two", „két”), else the digits; X stays X."""
    if isinstance(n, int) and 0 <= n < len(words(lang)["numbers"]):
        return str(words(lang)["numbers"][n])
    return str(n)


def template(lang: str, key: str, amount: int | str = 0) -> str:
    """The effect template ``key`` in ``lang``; a ``{one, other}`` template by ``amount``."""
    t = words(lang)["effect"][key]
    if isinstance(t, dict):
        return str(t["one"] if amount == 1 else t["other"])
    return str(t)


def plural(amount: int | str) -> str:
    """English plural ending for ``amount`` ("s" unless exactly one)."""
    return "" if amount == 1 else "s"


def describe_effect(e: Effect, lang: str = "en") -> str:
    """The card text of one effect in ``lang`` (docs/games/kaosz.md §9): its trigger (or, for an
    activated ability, its cost) and what it does; no capital, no full stop."""
    w = words(lang)
    t = w["effect"]
    when = _describe_cost(e, lang) if e.when == "activate" else t["when"][e.when]
    ship = t["ships"].get(e.target or "", t["ships"]["any"])
    n = e.amount
    if e.op == "pump":
        body = fmt(lang, t["pump"], ship=ship, amount=n, stat=w["stats"][e.stat or "firepower"])
    elif e.op == "damage":
        body = fmt(lang, t["damage"], amount=n)
    elif e.op == "destroy_ship":
        body = t["destroy_ship_chosen" if e.chooser == "opponent" else "destroy_ship"]
    elif e.op == "choose_bonus":
        options = f" {t['or']} ".join(fmt(lang, t["option"], n=k, stat=w["stats"][st]) for st, k in e.options)
        body = fmt(lang, t["choose_bonus"], options=options)
    else:
        body = fmt(lang, template(lang, e.op, n), amount=count_word(n, lang), s=plural(n))
    return when + body


def _describe_cost(e: Effect, lang: str = "en") -> str:
    """An activated ability's cost, as the seed's icons would print it: C2, H (used), D (damaged), L (sacrifice)."""
    t = words(lang)["effect"]
    cost = e.cost
    if cost is None:
        return ""
    parts = [fmt(lang, t["cost_credits"], n=cost.credits, s=plural(cost.credits))] if cost.credits else []
    if cost.turn:
        parts.append(t["cost_turn"][cost.turn])
    if cost.sacrifice:
        parts.append(t["cost_sacrifice"])
    return fmt(lang, t["ability"], cost=", ".join(parts))


def params(e: Effect) -> dict[str, Any]:
    return e.model_dump(exclude_defaults=True)
