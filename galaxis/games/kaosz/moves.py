"""Káosz Galaktika: the legal actions of each pending decision and carrying them out.

Notation (docs/games/kaosz.md §11): cards are ``c<id>``, seats ``p<seat>``.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from galaxis.core import Action, Event, Game, IllegalAction, Step
from galaxis.games.kaosz.cards import MSG, pool
from galaxis.games.kaosz.decks import CardName
from galaxis.games.kaosz.state import (
    ACTIVE,
    USED,
    Combat,
    KaoszState,
    card_changed,
    changed,
    known_changed,
    upgrades_changed,
)

if TYPE_CHECKING:
    from galaxis.games.kaosz.rules import Kaosz

HAND_LIMIT = 5
HANGAR_LIMIT = 12


def _c(u: int) -> str:
    return f"c{u}"


# The notation of a card action depends only on its verb and ids, so each is built once per game
# (``Kaosz.memo``) instead of being formatted again in every legal-action list.
def on_card(g: Kaosz, verb: str, u: int, *rest: int) -> Action:
    """``verb c<u>`` (``rest``: further parsed arguments, the same for every use of the verb)."""
    key = (verb, u)
    action = g.memo.get(key)
    if action is None:
        cu = _c(u)
        action = g.memo[key] = g.act(f"{verb} {cu}", verb, u, *rest, targets=(cu,))
    return action


def on_cards(g: Kaosz, verb: str, u: int, v: int) -> Action:
    """``verb c<u> c<v>``."""
    key = (verb, u, v)
    action = g.memo.get(key)
    if action is None:
        cu, cv = _c(u), _c(v)
        action = g.memo[key] = g.act(f"{verb} {cu} {cv}", verb, u, v, targets=(cu, cv))
    return action


def aimed(g: Kaosz, verb: str, u: int, kind: str, t: int) -> Action:
    """``verb c<u> p<t>`` for a seat target (``kind`` "opponent"), ``verb c<u> c<t>`` for a card."""
    key = (verb, u, t, kind == "opponent")
    action = g.memo.get(key)
    if action is None:
        name, tid = _target_words(kind, t)
        cu = _c(u)
        action = g.memo[key] = g.act(f"{verb} {cu} {name}", verb, u, t, targets=(cu, tid))
    return action


def room_used(g: Kaosz, s: KaoszState, ship: int) -> int:
    """Cards aboard a ship, counting those on the stack being paid onto it (§4.2)."""
    paying = sum(1 for it in s.stack if it.kind == "pay" and it.home == "ship" and it.target == ship)
    return len(g.aboard(s, ship)) + paying


def capacity(g: Kaosz, s: KaoszState, ship: int) -> int:
    """§4.2 equipment and crew on a ship: at most its size (Mamut I.: 3, §D2)."""
    return g.card(s, ship).size


def hangar_room(g: Kaosz, s: KaoszState, seat: int) -> int:
    return sum(g.card(s, u).room for u in s.players[seat].hangar)


def first_turn(s: KaoszState, seat: int) -> bool:
    """§5.2 the first player may not attack in the first turn; with 3+ players nobody may."""
    p = s.players[seat]
    return p.turns <= 1 and (len(s.players) > 2 or seat == s.first)


def payable(g: Kaosz, s: KaoszState, seat: int, uid: int, combat: bool) -> bool:
    """§4.3 a face-down card that may be paid now (not yet checking credits)."""
    c = s.cards[uid]
    card = g.card(s, uid)
    if c.up or c.ctrl != seat:
        return False
    if combat:
        return card.type in ("equipment", "crew") and c.zone == "ship"
    if card.type == "base" and c.zone == "surface":
        if card.subtype == "trap":
            return False  # §4.4 traps are paid only when bombarded
        return card.limit in ("X", "?") or c.upgrades >= int(card.limit)
    if card.type == "crew" and c.zone in ("canteen", "ship"):
        return True
    return card.type == "equipment" and c.zone == "ship" and card.subtype != "missile"


def _play_actions(g: Kaosz, s: KaoszState, seat: int, allowed: tuple[str, ...], main: bool) -> list[Action]:
    p = s.players[seat]
    acts: list[Action] = []
    for u in p.hand:
        card = g.card(s, u)
        cost = card.cost
        if (card.type == "interrupt" and card.subtype in allowed) or (main and card.type == "event"):
            targets = g.card_targets(s, seat, u)
            if targets is None:
                if isinstance(cost, int) and cost <= p.credits:
                    acts.append(on_card(g, "play", u, -1))
                continue
            for t in targets:
                if g.cost_of(s, u, t) > p.credits:
                    continue
                acts.append(aimed(g, "play", u, _target_kind(g, s, u), t))
        if not main:
            continue
        if (card.type == "ship" and isinstance(cost, int) and cost <= p.credits) or (
            card.type == "crew" and isinstance(cost, int) and cost <= p.credits
        ):
            acts.append(on_card(g, "play", u, -1))
        elif card.type == "equipment" and isinstance(cost, int) and cost <= p.credits:
            for ship in p.hangar:
                if room_used(g, s, ship) < capacity(g, s, ship):
                    acts.append(on_cards(g, "play", u, ship))
    return acts


def _target_words(kind: str, t: int) -> tuple[str, str]:
    """A target in the notation (``p2`` for a seat, ``c9`` for a card) and its clickable id."""
    return (f"p{t}", f"seat-{t}") if kind == "opponent" else (_c(t), _c(t))


def ability_actions(g: Kaosz, s: KaoszState, seat: int) -> list[Action]:
    """§9.5 ``use c5`` (``use c5 c9``, ``use c5 p2``): an activated ability, any phase, as an interrupt."""
    acts: list[Action] = []
    for u in g.ready_abilities(s, seat):
        e = g.card(s, u).ability
        assert e is not None
        targets = g.effect_targets(s, seat, e, u)
        if targets is None:
            acts.append(on_card(g, "use", u, -1))
            continue
        for t in targets:
            acts.append(aimed(g, "use", u, e.target, t))
    return acts


def _target_kind(g: Kaosz, s: KaoszState, uid: int) -> str:
    for e in g.card(s, uid).effects:
        if e.when == "play" and e.target != "none":
            return e.target
    return "none"


@cache
def pay_rules() -> dict[str, tuple[int, int | None, bool, bool]]:
    """``payable`` outside combat, per card id, for the main phase's hot loop: the card's cost (-1
    when it is not a number), the upgrades it needs to be paid on the surface (None: never there,
    §4.3/§4.4), whether it may be paid in the canteen, and aboard a ship."""
    rules: dict[str, tuple[int, int | None, bool, bool]] = {}
    for name, card in pool().items():
        cost = card.cost if isinstance(card.cost, int) else -1
        need: int | None = None
        if card.type == "base" and card.subtype != "trap":
            need = 0 if card.limit in ("X", "?") else int(card.limit)
        ship = card.type == "crew" or (card.type == "equipment" and card.subtype != "missile")
        rules[name] = (cost, need, card.type == "crew", ship)
    return rules


def main_actions(g: Kaosz, s: KaoszState, seat: int) -> list[Action]:
    """§5.2 every main-phase action and its cost."""
    p = s.players[seat]
    cards = s.cards
    table = pool()
    rules = pay_rules()
    credits = p.credits
    acts = _play_actions(g, s, seat, ("general", "reaction"), True)
    for u in p.hand:
        if table[cards[u].name].type == "equipment":
            for ship in p.hangar:
                if room_used(g, s, ship) < capacity(g, s, ship):
                    acts.append(on_cards(g, "down", u, ship))
        acts.append(on_card(g, "down", u, -1))  # §4.6 any card may be a bluff base
    # one pass over the surface for the payments, upgrades and strips on it (in that order)
    pays: list[Action] = []
    ups: list[Action] = []
    with_ups: list[int] = []
    upgradable = credits >= 1
    bought = p.ups
    for u in p.surface:
        c = cards[u]
        if c.upgrades > 0:
            with_ups.append(u)
        if c.up:
            continue
        if upgradable and (not bought or bought.get(str(u), 0) < 2):  # §4.4 two a turn
            ups.append(on_card(g, "up", u))
        if c.ctrl == seat:
            cost, need, _, _ = rules[c.name]
            if need is not None and 0 <= cost <= credits and c.zone == "surface" and c.upgrades >= need:
                pays.append(on_card(g, "pay", u))
    for u in p.canteen + [a for h in p.hangar for a in g.aboard(s, h)]:
        c = cards[u]
        if c.up or c.ctrl != seat:
            continue
        cost, _, canteen, ship = rules[c.name]
        if 0 <= cost <= credits and ((canteen and c.zone == "canteen") or (ship and c.zone == "ship")):
            pays.append(on_card(g, "pay", u))
    acts += pays
    acts += ups
    for i, a in enumerate(with_ups):
        for b in with_ups[i:]:
            if a != b or cards[a].upgrades >= 2:
                acts.append(on_cards(g, "strip", a, b))
    if p.colony and credits >= 1:
        acts.append(g.act("draw", "draw", targets=("draw",)))
    if p.colony and credits >= 2:
        acts.append(g.act("tutor", "tutor", targets=("tutor",)))
    if len(p.colony) <= 5 and p.wreck and credits >= 2:
        acts.append(g.act("salvage", "salvage", targets=("salvage",)))
    acts += ability_actions(g, s, seat)
    acts += attack_actions(g, s, seat)
    acts.append(g.act("end", "end", targets=("end",)))
    return acts


def attack_actions(g: Kaosz, s: KaoszState, seat: int) -> list[Action]:
    """§6.1 declare an attack on a neighbour's colony, hand, one crew or one base."""
    p = s.players[seat]
    if s.combat is not None or first_turn(s, seat):
        return []
    if not any(s.cards[u].turn == ACTIVE for u in p.hangar):
        return []
    acts = []
    multi = len(s.players) > 2
    for o in g.opponents(s, seat):
        if g.attack_tax(s, o) > p.credits:
            continue
        q = s.players[o]
        for what in ("colony", "hand"):
            # the notation fixes an Action's args: with two players the defender is implied
            if multi:
                acts.append(g.act(f"attack {what} p{o}", "attack", what, o, -1, targets=(f"{what}-{o}",)))
            else:
                acts.append(g.act(f"attack {what}", "attack", what, -1, -1, targets=(f"attack-{what}",)))
        for u in q.canteen + q.surface:
            acts.append(_attack_card(g, u))
    return acts


def _attack_card(g: Kaosz, u: int) -> Action:
    """``attack c<u>`` (its parsed arguments name the target kind, not the verb's card)."""
    key = ("attack", u)
    action = g.memo.get(key)
    if action is None:
        action = g.memo[key] = g.act(f"attack {_c(u)}", "attack", "card", -1, u, targets=(_c(u),))
    return action


def legal(g: Kaosz, s: KaoszState, seat: int) -> list[Action]:
    if s.phase == "over" or not s.pending or s.pending[-1].seat != seat:
        return []
    step = s.pending[-1]
    k = step.kind
    p = s.players[seat]
    cb = s.combat
    if k == "main":
        return main_actions(g, s, seat)
    if k == "mulligan":
        return [
            g.act("keep", "keep", targets=("keep",)),
            g.act("mulligan", "mulligan", targets=("mulligan",)),
        ]
    if k == "priority":
        from galaxis.games.kaosz.rules import TIMING

        return [
            *_play_actions(g, s, seat, TIMING[step.data["window"]], False),
            *ability_actions(g, s, seat),
            g.act("pass", "pass", targets=("pass",)),
        ]
    if k == "aim":
        valid = [
            t
            for t in step.data["targets"]
            if t
            in (
                g.effect_targets(
                    s, seat, g.card(s, step.data["card"]).effects[step.data["index"]], step.data["card"]
                )
                or []
            )
        ]
        if not valid:  # the targets left play meanwhile: the effect fizzles (§5.5)
            return [g.act("pass", "pass", targets=("pass",))]
        out = []
        for t in valid:
            name, tid = _target_words(step.data["kind"], t)
            out.append(g.act(f"aim {name}", "aim", t, targets=(tid,)))
        return out
    if k == "discard":
        return [g.act(f"discard {_c(u)}", "discard", u, targets=(_c(u),)) for u in p.hand]
    if k == "tutor":
        return [g.act(f"take {_c(u)}", "take", u, targets=(_c(u),)) for u in step.data["cards"]]
    if k == "scrap":
        return [g.act(f"scrap {_c(u)}", "scrap", u, targets=(_c(u),)) for u in p.hangar]
    if k == "pick":
        return [
            g.act(f"pick {_c(u)}", "pick", u, targets=(_c(u),))
            for u in step.data["cards"]
            if s.cards[u].zone == "hangar"
        ]
    if k == "choose":
        u = step.data["card"]
        opts = [o for e in g.card(s, u).effects for o in e.options]
        return [
            g.act(f"bonus {_c(u)} {st}", "bonus", u, st, targets=(_c(u), f"bonus-{st}")) for st, _ in opts
        ]
    if k == "trap":
        u = step.data["card"]
        card = g.card(s, u)
        acts = [g.act("let", "let", targets=("let",))]
        if (
            card.subtype == "trap"
            and card.type == "base"
            and isinstance(card.cost, int)
            and card.cost <= p.credits
        ):
            acts.insert(0, g.act(f"pay {_c(u)}", "pay", u, targets=(_c(u),)))
        return acts
    assert cb is not None
    side = 0 if seat == cb.attacker else 1
    if k == "spread":
        ship = step.data["ship"]
        acts = [
            g.act(f"spread {_c(u)}", "spread", u, targets=(_c(u),))
            for u in g.formation_mates(s, cb, ship)
            if step.data["left"] > 0 and g.spread_room(s, cb, step, u) > 0
        ]
        return [*acts, g.act("stop", "stop", targets=("stop",))]
    if k == "equip":
        acts = []
        for u in p.hangar:
            if s.cards[u].turn == ACTIVE and u not in cb.ships[side]:
                acts.append(g.act(f"send {_c(u)}", "send", u, targets=(_c(u),)))
        for c in p.canteen:
            if s.cards[c].turn == ACTIVE:
                for ship in cb.ships[side]:
                    if room_used(g, s, ship) < capacity(g, s, ship):
                        acts.append(
                            g.act(f"board {_c(c)} {_c(ship)}", "board", c, ship, targets=(_c(c), _c(ship)))
                        )
        # the attacker must send a ship if it still has one (it may have turned its last one used since
        # declaring, e.g. for an ability: then the attack goes on without ships and does nothing)
        if side == 1 or cb.ships[0] or not any(a.args[0] == "send" for a in acts):
            acts.append(g.act("go", "go", targets=("go",)))
        return acts
    if k == "paystep":
        acts = []
        for ship in cb.ships[side]:
            for u in g.aboard(s, ship):
                cost = g.card(s, u).cost
                if payable(g, s, seat, u, True) and isinstance(cost, int) and cost <= p.credits:
                    acts.append(g.act(f"pay {_c(u)}", "pay", u, targets=(_c(u),)))
        acts.append(g.act("done", "done", targets=("done",)))
        return acts
    if k == "fire":
        return fire_actions(g, s, cb, side, seat)
    if k == "return":
        u = step.data["ship"]
        acts = [g.act("back", "back", targets=("back",)), g.act("hold", "hold", targets=("hold",))]
        if g.keyword(s, u, "stealth") and side == 0:
            acts.append(g.act("sneak", "sneak_back", targets=("sneak",)))
        if s.abilities_by_speed:  # §6.4 b) the target returns fire or uses one of its abilities
            acts += _abilities_of(g, s, seat, [u])
        return acts
    if k == "split":
        enemies = [u for u in cb.ships[1 - side] if s.cards[u].zone == "hangar"]
        acts = (
            [g.act(f"hit {_c(u)}", "hit", u, targets=(_c(u),)) for u in enemies]
            if step.data["left"] > 0
            else []
        )
        return [*acts, g.act("stop", "stop", targets=("stop",))]
    if k == "bombard":
        acts = []
        used = step.data.get("demo", {})
        for u in cb.ships[0]:
            base = g.card(s, u).stat("bombard")
            if (
                s.cards[u].turn == ACTIVE
                and g.keyword(s, u, "demolition")
                and p.colony
                and used.get(str(u), 0) < base
            ):
                acts.append(g.act(f"demo {_c(u)}", "demo", u, targets=(_c(u),)))
        return [*acts, g.act("bomb", "bomb", targets=("bomb",))]
    return []


def fire_actions(g: Kaosz, s: KaoszState, cb: Combat, side: int, seat: int) -> list[Action]:
    """§6.4 the acting side fires one ship at an enemy combat ship, or passes; §7 keywords."""
    p = s.players[seat]
    mine = g._fire_candidates(s, cb, side)
    if not s.simple_combat and not cb.passed[1 - side]:
        theirs = g._fire_candidates(s, cb, 1 - side)
        top = max((g.stat(s, u, "speed") for u in theirs), default=-1)
        mine = [
            u for u in mine if g.stat(s, u, "speed") > top or (side == 0 and g.stat(s, u, "speed") == top)
        ]
    enemies = [u for u in cb.ships[1 - side] if s.cards[u].zone == "hangar"]
    acts: list[Action] = []
    for u in mine:
        if g.keyword(s, u, "salvo"):
            acts.append(g.act(f"fire {_c(u)}", "salvo", u, targets=(_c(u),)))
        else:
            acts += [g.act(f"fire {_c(u)} {_c(t)}", "fire", u, t, targets=(_c(u), _c(t))) for t in enemies]
        if (
            g.keyword(s, u, "heavy_weapons")
            and p.credits >= 2
            and g.stat(s, u, "firepower") < 2 * g.card(s, u).stat("firepower")
        ):
            acts.append(g.act(f"boost {_c(u)}", "boost", u, targets=(_c(u),)))
        if g.keyword(s, u, "stealth") and side == 0:
            acts.append(g.act(f"sneak {_c(u)}", "sneak", u, targets=(_c(u),)))
    if s.abilities_by_speed:  # §9.5 its turn: fire at someone, or use one of its abilities
        acts += _abilities_of(g, s, seat, mine)
    acts.append(g.act("pass", "pass", targets=("pass",)))
    return acts


def _abilities_of(g: Kaosz, s: KaoszState, seat: int, ships: list[int]) -> list[Action]:
    """``use`` actions of the abilities of ``ships`` in their turn (§9.5)."""
    acts: list[Action] = []
    for u in g.ship_abilities(s, seat, ships):
        e = g.card(s, u).ability
        assert e is not None
        targets = g.effect_targets(s, seat, e, u)
        if targets is None:
            acts.append(on_card(g, "use", u, -1))
            continue
        acts += [aimed(g, "use", u, e.target, t) for t in targets]
    return acts


# ------------------------------------------------------------------ perform
def perform(g: Kaosz, s: KaoszState, seat: int, action: Action, events: list[Event]) -> None:
    args = action.args
    kind = args[0]
    p = s.players[seat]
    step = s.pending[-1]
    cb = s.combat
    if kind in ("keep", "mulligan"):
        s.pending.pop()
        if kind == "mulligan":  # §4 one reshuffle with five new cards
            for u in list(p.hand):
                g.move(s, u, "colony")
            s.rng.shuffle(p.colony)
            g.draw(s, seat, 5, events)
        events.append({"type": kind, "seat": seat})
    elif kind == "play":
        _play(g, s, seat, args[1], args[2], events)
    elif kind == "pass" and step.kind == "aim":
        s.pending.pop()
        events.append({"type": "fizzle", "card": _c(step.data["card"])})
    elif kind == "aim":
        s.pending.pop()
        g.resume_effects(s, step, args[1], events)
    elif kind == "use":
        events.append({"type": "use", "seat": seat, "card": _c(args[1])})
        if step.kind == "return":  # §6.4 b) the ability instead of returning fire
            s.pending.pop()
        elif step.kind == "fire":  # §6.4 a) the ship's turn goes to the ability, as to a shot
            assert cb is not None
            s.pending.pop()
            cb.passed[1 - step.data["side"]] = False
            cb.shot = {"last": step.data["side"]}  # §10.2 simplified combat: the other side next
            ship = g.ability_ship(s, args[1])
            if ship is not None:
                cb.acted.append(ship)
        g.use_ability(s, seat, args[1], args[2], events)
    elif kind == "pass" and step.kind == "fire":
        s.pending.pop()
        assert cb is not None
        cb.passed[0 if seat == cb.attacker else 1] = True
        events.append({"type": "pass", "seat": seat})
    elif kind == "pass":
        step.data["passes"] += 1
        eligible = g._eligible(s)
        nxt = g._next_eligible(s, seat, eligible=eligible)
        if nxt is None or step.data["passes"] >= len(eligible):
            s.pending.pop()
        else:
            step.seat = nxt
        events.append({"type": "pass", "seat": seat})
    elif kind == "down":
        _down(g, s, seat, args[1], args[2], events)
    elif (
        kind == "pay" and step.kind == "trap"
    ):  # §4.4 a sprung trap: its payment goes on the stack like any (§5.4)
        s.pending.pop()
        u = args[1]
        g._push(s, seat, u, "pay", -1, int(g.card(s, u).cost), "combat", events)
    elif kind == "pay":
        u = args[1]
        cost = int(g.card(s, u).cost)
        g._push(s, seat, u, "pay", -1, cost, "combat" if cb else "main", events)
    elif kind == "up":
        p.credits -= 1
        s.cards[args[1]].upgrades += 1
        changed(s, seat)
        upgrades_changed(s, args[1])
        p.ups[str(args[1])] = p.ups.get(str(args[1]), 0) + 1
        events.append({"type": "upgrade", "seat": seat, "card": _c(args[1])})
    elif kind == "strip":
        s.cards[args[1]].upgrades -= 1
        s.cards[args[2]].upgrades -= 1
        p.credits += 1
        changed(s, seat)
        upgrades_changed(s, args[1])
        upgrades_changed(s, args[2])
        events.append({"type": "strip", "seat": seat})
    elif kind == "draw":
        p.credits -= 1
        changed(s, seat)
        g.draw(s, seat, 1, events)
    elif kind == "tutor":
        p.credits -= 2
        changed(s, seat)
        s.pending.append(Step("tutor", seat, {"cards": list(p.colony[:5])}))
        p.known += [u for u in p.colony[:5] if u not in p.known]  # §8 looked at once: remembered
        known_changed(s)
    elif kind == "take":
        g.move(s, args[1], "hand")
        s.rng.shuffle(p.colony)
        s.pending.pop()
        events.append({"type": "tutor", "seat": seat})
    elif kind == "salvage":
        p.credits -= 2
        changed(s, seat)
        g.move(s, p.wreck[0], "hand")
        events.append({"type": "salvage", "seat": seat})
    elif kind == "attack":
        what, o, u = args[1], args[2], args[3]
        if u >= 0:
            o = s.cards[u].ctrl
        elif o < 0:
            o = g.opponents(s, seat)[0]
        p.credits -= g.attack_tax(s, o)
        changed(s, seat)
        s.combat = Combat(attacker=seat, defender=o, target=what, target_card=u, stage="declare")
        events.append({"type": "attack", "seat": seat, "defender": o, "target": what if u < 0 else _c(u)})
    elif kind == "end":
        s.pending.pop()
        s.phase = "end"
        if hangar_room(g, s, seat) > HANGAR_LIMIT:  # §5.6 after the hand: ships above 12 room
            s.pending.append(Step("scrap", seat, {}))
        if len(p.hand) > HAND_LIMIT:  # §5.6 first discard down to five, to the wreck
            s.pending.append(Step("discard", seat, {"count": len(p.hand) - HAND_LIMIT, "why": "hand"}))
    elif kind == "discard":
        g.move(s, args[1], "wreck")
        step.data["count"] -= 1
        if step.data["count"] <= 0 or not p.hand:
            s.pending.pop()
        events.append({"type": "discard", "seat": seat})
    elif kind == "scrap":
        g.leave_play(s, args[1], events)
        if hangar_room(g, s, seat) <= HANGAR_LIMIT:
            s.pending.pop()
    elif kind == "pick":
        s.pending.pop()
        g.leave_play(s, args[1], events)
    elif kind == "bonus":
        s.cards[args[1]].choice = args[2]
        s.pending.pop()
        events.append({"type": "bonus", "card": _c(args[1]), "stat": args[2]})
    elif kind == "let":
        s.pending.pop()
        g.leave_play(s, step.data["card"], events)
    else:
        assert cb is not None
        _combat_action(g, s, cb, seat, action, events)


def _play(g: Kaosz, s: KaoszState, seat: int, u: int, target: int, events: list[Event]) -> None:
    """§4.1 playing a card face up: paid at once."""
    p = s.players[seat]
    card = g.card(s, u)
    c = s.cards[u]
    if card.type == "interrupt":
        c.up = True
        card_changed(s, u)
        g._push(s, seat, u, "card", target, g.cost_of(s, u, target), g._window_now(s), events)
        return
    if card.type in ("equipment", "crew"):
        # §4.1/§4.3 played face up = put into play and paid at once; the payment is an interrupt on the stack
        g.move(s, u, "ship" if card.type == "equipment" else "canteen")
        if card.type == "equipment":
            g.attach(s, u, target)
        events.append({"type": "play", "seat": seat, "card": _c(u), "name": c.name})
        g._push(s, seat, u, "pay", -1, int(card.cost), g._window_now(s), events)
        return
    p.credits -= int(card.cost)
    c.up = True
    changed(s, seat)
    card_changed(s, u)
    events.append({"type": "play", "seat": seat, "card": _c(u), "name": c.name})
    if card.type == "ship":
        g.move(s, u, "hangar")
    elif card.type == "crew":
        g.move(s, u, "canteen")
    elif card.type == "equipment":
        g.move(s, u, "ship")
        g.attach(s, u, target)
    else:  # §4.5 events resolve at once and go to the trash
        g.move(s, u, "stack")
        g.resolve_effects(s, u, seat, "play", target, events)
        g.move(s, u, "trash")


def _down(g: Kaosz, s: KaoszState, seat: int, u: int, ship: int, events: list[Event]) -> None:
    """§4.2 face down: equipment onto a ship, crew into the canteen, anything else onto the surface."""
    card = g.card(s, u)
    s.cards[u].up = False
    card_changed(s, u)
    if ship >= 0:
        g.move(s, u, "ship")
        g.attach(s, u, ship)
        where = _c(ship)
    elif card.type == "crew":
        g.move(s, u, "canteen")
        where = "canteen"
    else:
        g.move(s, u, "surface")
        where = "surface"
    events.append({"type": "face_down", "seat": seat, "card": _c(u), "to": where})


def _combat_action(
    g: Kaosz, s: KaoszState, cb: Combat, seat: int, action: Action, events: list[Event]
) -> None:
    args = action.args
    kind = args[0]
    step = s.pending[-1]
    side = 0 if seat == cb.attacker else 1
    if kind == "send":
        cb.ships[side].append(args[1])
        events.append({"type": "send", "seat": seat, "card": _c(args[1])})
    elif kind == "board":
        g.move(s, args[1], "ship")
        g.attach(s, args[1], args[2])
        events.append({"type": "board", "seat": seat, "card": _c(args[1]), "ship": _c(args[2])})
    elif kind in ("go", "done"):
        s.pending.pop()
    elif kind == "fire":
        s.pending.pop()
        frm, to = args[1], args[2]
        cb.passed[1 - side] = False
        cb.shot = {"by": frm, "side": side, "volleys": [[frm, to, -1]], "used": [frm], "phase": "window"}
        events.append({"type": "fire", "seat": seat, "card": _c(frm), "at": _c(to)})
        if not s.simple_combat and s.cards[to].turn == ACTIVE and not g.keyword(s, frm, "rapid_fire"):
            s.pending.append(Step("return", s.cards[to].ctrl, {"ship": to, "foe": frm}))
    elif kind == "salvo":
        s.pending.pop()
        frm = args[1]
        cb.passed[1 - side] = False
        cb.shot = {"by": frm, "side": side, "volleys": [], "used": [frm], "phase": "window", "salvo": True}
        events.append({"type": "fire", "seat": seat, "card": _c(frm), "salvo": True})
        s.pending.append(
            Step("split", seat, {"ship": frm, "left": g.stat(s, frm, "firepower"), "hits": {}, "first": True})
        )
    elif kind == "hit":
        step.data["left"] -= 1
        key = str(args[1])
        step.data["hits"][key] = step.data["hits"].get(key, 0) + 1
    elif kind == "stop" and step.kind == "split":
        s.pending.pop()
        frm = step.data["ship"]
        hits = step.data["hits"]
        for key, n in sorted(hits.items()):
            cb.shot["volleys"].append([frm, int(key), n])
        events.append({"type": "salvo", "card": _c(frm), "hits": {f"c{k}": n for k, n in hits.items()}})
        if step.data["first"] and not s.simple_combat and not g.keyword(s, frm, "rapid_fire"):
            for key in sorted(
                hits, key=int, reverse=True
            ):  # §7 every active ship hit by a salvo may return fire
                u = int(key)
                if s.cards[u].turn == ACTIVE:
                    s.pending.append(Step("return", s.cards[u].ctrl, {"ship": u, "foe": frm}))
    elif kind == "back":
        s.pending.pop()
        u, foe = step.data["ship"], step.data["foe"]
        cb.shot["used"].append(u)
        events.append({"type": "return_fire", "card": _c(u)})
        if g.keyword(s, u, "salvo"):
            s.pending.append(
                Step(
                    "split", seat, {"ship": u, "left": g.stat(s, u, "firepower"), "hits": {}, "first": False}
                )
            )
        else:
            cb.shot["volleys"].append([u, foe, -1])
    elif kind == "spread":
        step.data["left"] -= 1
        key = str(args[1])
        step.data["hits"][key] = step.data["hits"].get(key, 0) + 1
    elif kind == "stop" and step.kind == "spread":
        s.pending.pop()
        g.finish_spread(s, cb, step, events)
    elif kind == "hold":
        s.pending.pop()
    elif kind in ("sneak", "sneak_back"):
        s.pending.pop()
        u = args[1] if kind == "sneak" else step.data["ship"]
        if kind == "sneak":
            cb.passed[1 - side] = False
        s.cards[u].turn = max(s.cards[u].turn, USED)
        card_changed(s, u)
        events.append({"type": "stealth_bombard", "card": _c(u)})
        g.apply_bombard(s, cb, g.stat(s, u, "bombard"), events)
    elif kind == "boost":
        s.players[seat].credits -= 2
        changed(s, seat)
        s.cards[args[1]].mods.append(["firepower", 1])
        events.append({"type": "heavy_weapons", "card": _c(args[1])})
    elif kind == "demo":
        g.mill(s, seat, 1, events)
        cb.bombard += 1
        demo = step.data.setdefault("demo", {})
        demo[str(args[1])] = demo.get(str(args[1]), 0) + 1
    elif kind == "bomb":
        s.pending.pop()
        total = g.bombard_total(s, cb)
        for u in cb.ships[0]:
            if s.cards[u].turn == ACTIVE:
                s.cards[u].turn = USED
                card_changed(s, u)
        g.apply_bombard(s, cb, total, events)


# ------------------------------------------------------------------ explain
RULES = {  # each action's rule and the message saying what it needs (data/messages.yaml)
    "play": "§4.1 Playing cards",
    "down": "§4.2 Face down",
    "pay": "§4.3 Paying face-down cards",
    "up": "§4.4 Upgrades",
    "strip": "§4.4 Upgrades",
    "draw": "§5.2 Main phase",
    "tutor": "§5.2 Main phase",
    "salvage": "§5.2 Main phase",
    "attack": "§6.1 Declaring an attack",
    "send": "§6.2 Equip step",
    "board": "§6.2 Equip step",
    "fire": "§6.4 Firing step",
    "bomb": "§6.5 Bombard step",
    "use": "§9.5 Activated abilities",
    "aim": "§9 Targets",
    "spread": "§7 Formation",
}


def explain(g: Kaosz, s: KaoszState, seat: int, notation: str) -> IllegalAction:
    words = notation.split()
    if s.phase == "over":
        return MSG.illegal("game_over", "§5.6 End phase")
    if not s.pending or s.pending[-1].seat != seat:
        if not s.pending:
            return MSG.illegal("nobody_decides", "§5 Turn sequence")
        return MSG.illegal("not_your_decision", "§5 Turn sequence", seat=s.pending[-1].seat)
    head = words[0] if words else ""
    for w in words[1:]:
        if w.startswith("c") and w[1:].isdigit() and not 0 <= int(w[1:]) < len(s.cards):
            return MSG.illegal("no_card", "§11 Notation", card=w)
    step = s.pending[-1]
    if head in RULES:
        rule = RULES[head]
        main_only = head in ("play", "down", "up", "strip", "draw", "tutor", "salvage", "attack")
        if main_only and step.kind != "main" and not (head == "play" and step.kind == "priority"):
            return MSG.illegal("not_main", "§5.2 Main phase", decision=MSG.term(f"decisions.{step.kind}"))
        if head == "attack" and first_turn(s, seat):
            return MSG.illegal("no_first_attack", "§6.1 Declaring an attack")
        if head == "attack" and s.combat is not None:
            return MSG.illegal("combat_under_way", "§6.1 Declaring an attack")
        if head == "play" and len(words) > 1 and words[1][1:].isdigit():
            u = int(words[1][1:])
            if u not in s.players[seat].hand:
                return MSG.illegal("not_in_hand", rule, card=words[1])
            card = pool()[s.cards[u].name]
            if isinstance(card.cost, int) and card.cost > s.players[seat].credits:
                return MSG.illegal(
                    "too_expensive",
                    rule,
                    card=CardName(card.id),
                    cost=card.cost,
                    credits=s.players[seat].credits,
                )
        return MSG.illegal(f"why_{head}", rule)
    fallback: IllegalAction = Game.default_of("explain_illegal")(g, s, seat, notation)
    return fallback
