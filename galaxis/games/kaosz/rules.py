"""Káosz Galaktika: the rules engine. Sections (§) refer to docs/games/kaosz.md.

Every decision is one atomic action of the seat on top of ``state.pending``:
the main phase (``main``), windows for interrupts (``priority``), the combat
steps (``equip``, ``paystep``, ``fire``, ``return``, ``split``, ``bombard``),
and choices that effects ask for (``pick``, ``discard``, ``choose``, ``trap``,
``tutor``, ``scrap``, ``mulligan``). Interrupts and payments go on
``state.stack`` and resolve last-in first-out once every player passes.
``_advance`` runs everything that needs no decision.
"""

from __future__ import annotations

from typing import Any

from galaxis.core import (
    Action,
    ActionTable,
    Event,
    Game,
    Result,
    Rng,
    Step,
    rank_by_keys,
)
from galaxis.games.kaosz import in_play
from galaxis.games.kaosz.cards import Effect, ability_cards, pool
from galaxis.games.kaosz.effects import OPS, Ctx
from galaxis.games.kaosz.info import INFO
from galaxis.games.kaosz.setup import initial_state
from galaxis.games.kaosz.state import (
    ACTIVE,
    DAMAGED,
    IN_PLAY,
    USED,
    Combat,
    KaoszState,
    StackItem,
    able_index,
    card_changed,
    changed,
    enter_index,
    leave_index,
    zone_changed,
)

HAND_LIMIT = 5
HANGAR_LIMIT = 12
LISTED = frozenset(
    ("colony", "hand", "trash", "wreck", "hangar", "canteen", "surface")
)  # zones kept as lists
CREDIT_CAP = 20
OPENING_CREDITS = 5
RAMP = (1, 2, 3, 4)  # §5.1 two players: income of the first four turns
TIMING = {  # §5.3 which interrupt subtypes each window allows
    "start": ("start", "reaction"),
    "main": ("general", "reaction"),
    "declare": ("general", "combat", "reaction"),
    "combat": ("combat", "reaction"),
}


class Kaosz(Game):
    info = INFO
    state_type = KaoszState
    hooks = {
        "observation": ".views:observation",
        "secret": ".views:secret",
        "determinize": ".views:determinize",
        "describe": ".views:describe",
        "prompt": ".client:prompt",
        "choices": ".client:choices",
        "log_line": ".client:log_line",
        "log_events": ".client:log_events",
        "seat_panels": ".client:seat_panels",
        "score_breakdown": ".client:score_breakdown",
        "explain_illegal": ".moves:explain",
        "evaluate": ".agents:evaluate",
        "render_text": ".text:render_text",
        "render_svg": ".svg:render_svg",
        "piece_svg": ".faces:piece_svg",
        "card_pool": ".deckbuilder:card_pool",
        "check_deck": ".deckbuilder:check_deck_text",
        "starter_decks": ".deckbuilder:starter_decks",
        "agent_levels": ".agents:LEVELS",
        "heuristic_agent": ".agents:KaoszBot",
        "observation_encoder": ".encode:KaoszEncoder",
    }

    def __init__(self) -> None:
        self.table = ActionTable()
        # (verb, ids...) -> the interned action, so legal-action lists format no notation twice
        self.memo: dict[tuple[Any, ...], Action] = {}

    def act(self, notation: str, *args: Any, targets: tuple[str, ...] = ()) -> Action:
        return self.table.get(notation, targets, str(args[0]), args)

    # ------------------------------------------------------------------ cards
    # The questions about cards in play are in in_play.py (the views and the bot ask them
    # too); the rules ask them through these names.
    card = staticmethod(in_play.card)
    stat = staticmethod(in_play.stat)
    armour_left = staticmethod(in_play.armour_left)
    attached = staticmethod(in_play.attached)
    aboard = staticmethod(in_play.aboard)
    attach = staticmethod(in_play.attach)
    keyword = staticmethod(in_play.keyword)
    opponents = staticmethod(in_play.opponents)
    host_ship = staticmethod(in_play.host_ship)

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> KaoszState:
        """§4: decks of 45, shuffle, the starting player, five cards, five credits, one mulligan each."""
        s = initial_state(players, options, rng)  # setup.py
        events: list[Event] = []
        for seat in range(players):
            self.draw(s, seat, 5, events)
            s.players[seat].credits = OPENING_CREDITS
        for k in reversed(range(players)):
            s.pending.append(Step("mulligan", (s.first + k) % players))
        return s

    # ------------------------------------------------------------------ zones
    def move(self, s: KaoszState, uid: int, zone: str, seat: int | None = None, at: int = -1) -> None:
        """Moves a card, keeping the per-player zone lists in step; tokens fall off (§8).
        ``at`` puts it back at a place in the zone (a base keeps its place on the surface, §4.2)."""
        c = s.cards[uid]
        leave_index(s, uid)
        old = c.zone
        if old in LISTED:  # a card lies in its owner's list of its zone (``invariants``)
            lst = getattr(s.players[c.owner], old)
            if uid in lst:
                lst.remove(uid)
                zone_changed(s, c.owner, old)
            else:
                self._unlist_anywhere(s, uid)
        c.zone = zone
        c.host = -1
        if zone in ("trash", "wreck", "hand", "colony"):
            c.turn, c.upgrades, c.harm, c.mods, c.hit, c.choice = ACTIVE, 0, 0, [], False, ""
            c.ctrl = c.owner
            if zone in ("hand", "colony", "wreck"):
                c.up = False
        owner = s.players[c.owner if seat is None else seat]
        zone_changed(s, c.owner if seat is None else seat, zone)
        if zone in ("trash", "wreck", "hand", "colony", "hangar", "canteen", "surface"):
            lst = getattr(owner, zone)
            if 0 <= at <= len(lst):
                lst.insert(at, uid)
            else:
                lst.append(uid)
        enter_index(s, uid)

    @staticmethod
    def _unlist_anywhere(s: KaoszState, uid: int) -> None:
        """Takes card ``uid`` out of every zone list that holds it (a state edited by hand)."""
        zone = s.cards[uid].zone
        for i, p in enumerate(s.players):
            for lst in (p.colony, p.hand, p.trash, p.wreck, p.hangar, p.canteen, p.surface):
                if uid in lst:
                    lst.remove(uid)
                    zone_changed(s, i, zone)

    def leave_play(self, s: KaoszState, uid: int, events: list[Event]) -> None:
        """§8: a card leaving play goes to the trash if paid, to the wreck if unpaid."""
        c = s.cards[uid]
        if c.zone == "hangar":
            for a in self.attached(s, uid):  # §6.7 a destroyed ship takes its equipment and crew
                self.leave_play(s, a, events)
            if s.combat is not None:
                for side in s.combat.ships:
                    if uid in side:
                        side.remove(uid)
        zone = "trash" if c.up else "wreck"
        self.move(s, uid, zone)
        events.append(
            {
                "type": "destroyed",
                "card": f"c{uid}",
                "to": zone,
                **({"name": c.name} if zone == "trash" else {}),
            }
        )

    def draw(self, s: KaoszState, seat: int, n: int, events: list[Event]) -> None:
        p = s.players[seat]
        for _ in range(n):
            if not p.colony:
                return
            self.move(s, p.colony[0], "hand")
        events.append({"type": "draw", "seat": seat, "count": n})

    def mill(self, s: KaoszState, seat: int, n: int, events: list[Event]) -> None:
        p = s.players[seat]
        k = min(n, len(p.colony))
        for _ in range(k):
            self.move(s, p.colony[0], "wreck")
        events.append({"type": "mill", "seat": seat, "count": k})

    def damage_ship(self, s: KaoszState, uid: int, n: int, events: list[Event]) -> None:
        """§6.4 damage outside the firing step turns a card damaged at once; 0 armour destroys it."""
        c = s.cards[uid]
        c.harm += n
        card_changed(s, uid)
        events.append({"type": "damage", "card": f"c{uid}", "amount": n})
        if self.armour_left(s, uid) <= 0:
            self.leave_play(s, uid, events)
        elif n > 0:
            c.turn = DAMAGED

    # ---------------------------------------------------------------- targets
    def effect_targets(self, s: KaoszState, seat: int, e: Effect, source: int) -> list[int] | None:
        """Legal targets of an effect: card ids or seats; None when it needs no target."""
        t = e.target
        if t == "none":
            return None
        if t == "opponent":
            return self.opponents(s, seat)
        if t == "stack_interrupt":
            return [it.uid for it in s.stack if not it.neutralized and it.uid != source]
        if t == "own_base":
            return list(s.players[seat].surface)
        if t == "this_ship":
            ship = self.host_ship(s, source)
            return [ship] if ship >= 0 else []
        ships: list[int] = []
        for i, p in enumerate(s.players):
            if p.out:
                continue
            if t == "own_ship" and i != seat:
                continue
            if t == "enemy_ship" and i not in self.opponents(s, seat):
                continue
            ships += [u for u in p.hangar if not self.keyword(s, u, "cloak")]  # §7 cloak
        return ships

    def card_targets(self, s: KaoszState, seat: int, uid: int) -> list[int] | None:
        """Targets offered when playing an event or interrupt (its first targeted play effect)."""
        for e in self.card(s, uid).effects:
            if e.when == "play":
                found = self.effect_targets(s, seat, e, uid)
                if found is not None:
                    return found
        return None

    def cost_of(self, s: KaoszState, uid: int, target: int) -> int:
        """§5.4 cost X: the credits paid for the neutralised interrupt."""
        cost = self.card(s, uid).cost
        if cost == "X":
            return next((it.cost for it in s.stack if it.uid == target), 0)
        return cost

    def resolve_effects(
        self,
        s: KaoszState,
        uid: int,
        seat: int,
        when: str,
        target: int,
        events: list[Event],
        start: int = 0,
        x: int | None = None,
    ) -> None:
        """Carries out a card's effects of one trigger, in printed order (§9).

        ``target`` is the target chosen when the card was played (-1: none chosen). An effect
        that needs a target nobody chose yet — a paid base, a start effect, or a card that
        refers to "the opponent" with several opponents (§10.1) — asks its controller (an
        ``aim`` step) and the effects after it wait for the answer; a single legal target is
        taken without asking. ``x`` fixes the upgrades counted by ``amount: X``."""
        effects = self.card(s, uid).effects
        x = s.cards[uid].upgrades if x is None else x
        for k in range(start, len(effects)):
            e = effects[k]
            if e.when != when:
                continue
            amount = x if e.amount == "X" else int(e.amount)
            tgt = target
            if e.target != "none":
                options = self.effect_targets(s, seat, e, uid) or []
                if tgt < 0 and len(options) > 1:
                    s.pending.append(
                        Step(
                            "aim",
                            seat,
                            {
                                "card": uid,
                                "when": when,
                                "index": k,
                                "x": x,
                                "kind": e.target,
                                "targets": options,
                            },
                        )
                    )
                    return
                if tgt < 0 and options:
                    tgt = options[0]
                if tgt not in options:
                    events.append({"type": "fizzle", "card": f"c{uid}"})  # §5.5 the target is gone
                    continue
            OPS[e.op](self, s, Ctx(uid, seat, tgt, amount, e), events)

    def resume_effects(self, s: KaoszState, step: Step, target: int, events: list[Event]) -> None:
        """The controller answered an ``aim`` step: that effect happens, then the ones after it."""
        d = step.data
        uid, k = d["card"], d["index"]
        e = self.card(s, uid).effects[k]
        if target in (self.effect_targets(s, step.seat, e, uid) or []):
            amount = d["x"] if e.amount == "X" else int(e.amount)
            OPS[e.op](self, s, Ctx(uid, step.seat, target, amount, e), events)
        else:
            events.append({"type": "fizzle", "card": f"c{uid}"})
        self.resolve_effects(s, uid, step.seat, d["when"], -1, events, start=k + 1, x=d["x"])

    def attack_tax(self, s: KaoszState, defender: int) -> int:
        """§6.1 static attack taxes of the defender's paid cards (Aknagyűrű)."""
        total = 0
        for u in s.players[defender].surface:
            if s.cards[u].up:
                total += sum(
                    int(e.amount) for e in self.card(s, u).effects if e.op == "attack_tax" and e.amount != "X"
                )
        return total

    # ------------------------------------------------------------------- flow
    def _advance(self, s: KaoszState, events: list[Event]) -> None:
        """Runs the game until a seat has a decision to take."""
        while s.phase != "over":
            top = s.pending[-1] if s.pending else None
            if top is not None and top.kind != "main":
                return
            if s.stack:
                self._resolve_top(s, events)
                continue
            if s.combat is not None:
                self._combat_next(s, s.combat, events)
                continue
            if top is not None:
                return
            if s.phase == "mulligan":
                s.phase = "start"
                self._start_phase(s, events)
            elif s.phase == "start":
                s.phase = "main"
                s.pending.append(Step("main", s.active))
            elif s.phase == "end":
                self._finish_turn(s, events)

    def _start_phase(self, s: KaoszState, events: list[Event]) -> None:
        """§5.1 income (the two-player opening ramp), start triggers, then start interrupts."""
        p = s.players[s.active]
        p.turns += 1
        p.ups = {}
        income = OPENING_CREDITS
        if len(s.players) == 2:
            k = (p.turns - 1) * 2 + (0 if s.active == s.first else 1)
            income = RAMP[k] if k < len(RAMP) else OPENING_CREDITS
        p.credits += income
        changed(s, s.active)
        events.append({"type": "turn", "seat": s.active, "round": s.round, "income": income})
        self._open_window(
            s, "start", s.active
        )  # opened first: start effects that ask for a target come before it
        for u in p.canteen + p.surface + [a for h in p.hangar for a in self.aboard(s, h)]:
            if s.cards[u].up:
                self.resolve_effects(s, u, s.active, "start", -1, events)

    def _eligible(self, s: KaoszState) -> list[int]:
        """Who may act in an interrupt window: players with cards in hand or an ability they
        can use now (both public information)."""
        alive = [i for i, p in enumerate(s.players) if not p.out]
        if all(s.players[i].hand for i in alive):
            return alive
        able = self._ability_seats(s)
        return [i for i in alive if s.players[i].hand or i in able]

    def _ability_seats(self, s: KaoszState) -> set[int]:
        """The seats that could use some ability now (one pass over the ability index, for ``_eligible``)."""
        cards = s.cards
        seats: set[int] = set()
        for able in able_index(s):
            for u in able:
                c = cards[u]
                if c.up and c.ctrl not in seats and c.zone in IN_PLAY and self._usable(s, u, c.ctrl):
                    seats.add(c.ctrl)
        return seats

    def _usable(self, s: KaoszState, uid: int, seat: int, ship_turn: bool = False) -> bool:
        """Ready, with a legal target if it needs one; a combat ship's ability only in that ship's
        turn (``ship_turn``: the firing or return step offers it, §9.5)."""
        if not self.ability_ready(s, uid, seat):
            return False
        if not ship_turn and self.waits_for_its_turn(s, uid):
            return False
        e = ability_cards()[s.cards[uid].name]
        return e.target == "none" or bool(self.effect_targets(s, seat, e, uid))

    # ---------------------------------------------------------- abilities
    def ability_ready(self, s: KaoszState, uid: int, seat: int) -> bool:
        """§9.5 whether ``seat`` may use the activated ability of card ``uid`` now (not checking targets).

        A paid card in play that ``seat`` controls: a ship in the hangar, equipment or crew
        aboard a ship (its text reads as the ship's, so a turn cost turns the ship), a
        passenger in the canteen (aboard a ship it may not be turned), a base on the surface.
        Turning or sacrificing needs the card (for equipment and crew: the ship) active (§3)."""
        c = s.cards[uid]
        if not c.up or c.ctrl != seat:
            return False
        e = ability_cards().get(c.name)
        if e is None or e.cost is None or s.players[seat].credits < e.cost.credits:
            return False
        turned = self.turned_by_ability(s, uid)
        if turned is None:
            return False
        if e.cost.turn and s.cards[turned].turn != ACTIVE:
            return False
        return not (e.cost.sacrifice and c.turn != ACTIVE)

    def ability_ship(self, s: KaoszState, uid: int) -> int | None:
        """The ship whose ability card ``uid``'s is: the ship itself in the hangar, or the ship an
        equipment or crew card is aboard (their text reads as the ship's; a passenger's does
        not, seed: A kártya képességei)."""
        c = s.cards[uid]
        card = self.card(s, uid)
        if card.type == "ship":
            return uid if c.zone == "hangar" else None
        if c.zone == "ship" and not (card.type == "crew" and card.subtype == "passenger"):
            return c.host
        return None

    def waits_for_its_turn(self, s: KaoszState, uid: int) -> bool:
        """§9.5 the seed: „A harc közben használatos űrhajó képességeket az űrhajó csak akkor
        használhatja, ha a harc szabályainak megfelelően (a sebességétől függően) sorra kerül.”
        Once the combat's ships are sent (after the declaration window, where special card
        abilities are explicitly allowed), the ability of a ship taking part is used only in its
        turn: as its action in the firing step, or when it is fired at (option ship_abilities)."""
        cb = s.combat
        if not s.abilities_by_speed or cb is None or cb.stage in ("declare", "equip_a"):
            return False
        ship = self.ability_ship(s, uid)
        return ship is not None and (ship in cb.ships[0] or ship in cb.ships[1])

    def ship_abilities(self, s: KaoszState, seat: int, ships: list[int]) -> list[int]:
        """The ready abilities (with a legal target) of ``ships``, whose turn it is (§9.5)."""
        out = []
        cards = s.cards
        for u in able_index(s)[seat]:
            c = cards[u]
            if (
                c.up
                and c.ctrl == seat
                and c.zone in IN_PLAY
                and self.ability_ship(s, u) in ships
                and self._usable(s, u, seat, ship_turn=True)
            ):
                out.append(u)
        return out

    def turned_by_ability(self, s: KaoszState, uid: int) -> int | None:
        """The card an ability's turn cost turns (§9.5); None when the ability cannot be used where the card is."""
        c = s.cards[uid]
        card = self.card(s, uid)
        e = ability_cards().get(c.name)
        turns = e is not None and e.cost is not None and e.cost.turn is not None
        if card.type == "ship":
            return uid if c.zone == "hangar" else None
        if card.type == "base":
            return uid if c.zone == "surface" else None
        if card.type == "crew" and card.subtype == "passenger":
            if c.zone == "canteen":
                return uid
            return (
                uid if c.zone == "ship" and not turns else None
            )  # aboard it may not be turned (seed: Legénység)
        return c.host if c.zone == "ship" and s.cards[c.host].zone == "hangar" else None

    def ready_abilities(self, s: KaoszState, seat: int) -> list[int]:
        """Cards of ``seat`` whose ability may be used now, with at least one legal target."""
        out = []
        cards = s.cards
        for u in able_index(s)[seat]:  # its few cards in play with an ability, kept as cards move
            c = cards[u]
            if c.up and c.ctrl == seat and c.zone in IN_PLAY and self._usable(s, u, seat):
                out.append(u)
        return out

    def use_ability(self, s: KaoszState, seat: int, uid: int, target: int, events: list[Event]) -> None:
        """§9.5 pays the ability's cost (credits, turning, sacrifice) and puts it on the stack:
        abilities count as interrupts (seed: Megszakítás)."""
        c = s.cards[uid]
        e = self.card(s, uid).ability
        assert e is not None and e.cost is not None
        amount = c.upgrades if e.amount == "X" else int(e.amount)
        turned = self.turned_by_ability(s, uid)
        if e.cost.turn and turned is not None:
            s.cards[turned].turn = max(s.cards[turned].turn, USED if e.cost.turn == "used" else DAMAGED)
            card_changed(s, turned)
        if e.cost.sacrifice:
            events.append({"type": "sacrifice", "card": f"c{uid}"})
            self.leave_play(s, uid, events)
        item = StackItem(
            uid=uid, seat=seat, kind="ability", target=target, cost=e.cost.credits, index=0, amount=amount
        )
        item.index = self.card(s, uid).effects.index(e)
        self._push_item(s, item, self._window_now(s), events)

    def _open_window(self, s: KaoszState, window: str, first: int) -> None:
        """§5.3 players in turn may play interrupts or pass; all passing in a row closes it."""
        who = self._next_eligible(s, first, include=True)
        if who is not None:
            s.pending.append(Step("priority", who, {"window": window, "passes": 0}))

    def _next_eligible(
        self, s: KaoszState, seat: int, include: bool = False, eligible: list[int] | None = None
    ) -> int | None:
        eligible = self._eligible(s) if eligible is None else eligible
        n = len(s.players)
        for k in range(0 if include else 1, n + 1):
            cand = (seat + k) % n
            if cand in eligible:
                return cand
        return None

    def _resolve_top(self, s: KaoszState, events: list[Event]) -> None:
        """§5.4 the last interrupt played resolves first; neutralised ones leave without effect."""
        item = s.stack.pop()
        c = s.cards[item.uid]
        if item.kind == "ability":  # §9.5 it resolves even if its card has left play (sacrifice)
            if item.neutralized:
                events.append(
                    {"type": "neutralized_out", "card": f"c{item.uid}", "name": c.name, "kind": "ability"}
                )
                return
            e = self.card(s, item.uid).effects[item.index]
            tgt = item.target
            if e.target == "this_ship":  # the card may be gone (sacrificed): its ship must still be in play
                valid = s.cards[tgt].zone == "hangar"
            else:
                valid = e.target == "none" or tgt in (self.effect_targets(s, item.seat, e, item.uid) or [])
            if not valid:
                events.append({"type": "fizzle", "card": f"c{item.uid}"})  # §5.5
                return
            events.append({"type": "ability", "card": f"c{item.uid}", "name": c.name, "seat": item.seat})
            OPS[e.op](self, s, Ctx(item.uid, item.seat, tgt, item.amount, e), events)
            return
        if c.zone != "stack":
            return
        if item.neutralized:
            c.up = True
            card_changed(s, item.uid)
            self.move(s, item.uid, "trash")
            events.append({"type": "neutralized_out", "card": f"c{item.uid}", "name": c.name})
            return
        if item.kind == "card":
            self.resolve_effects(s, item.uid, item.seat, "play", item.target, events)
            self.move(s, item.uid, "trash")
            return
        # paying a face-down card (§4.3): it turns face up where it lies
        c.up = True
        if item.home == "ship":
            if item.target < 0 or s.cards[item.target].zone != "hangar":
                self.leave_play(s, item.uid, events)  # its ship is gone: the payment fizzles (§5.5)
                return
            leave_index(s, item.uid)
            c.zone = "ship"
            zone_changed(s, c.owner, "ship")
            c.host = item.target
            enter_index(s, item.uid)
        else:
            self.move(s, item.uid, item.home, c.ctrl, at=item.slot)
        events.append({"type": "paid", "card": f"c{item.uid}", "name": c.name, "seat": item.seat})
        self._on_paid(s, item.uid, item.seat, events)

    def _on_paid(self, s: KaoszState, uid: int, seat: int, events: list[Event]) -> None:
        """§4.4 research takes effect when paid and goes to the trash."""
        card = self.card(s, uid)
        self.resolve_effects(s, uid, seat, "paid", -1, events)
        if card.type == "base" and card.subtype in ("research", "trap") and s.cards[uid].zone != "trash":
            self.leave_play(s, uid, events)

    def _push(
        self,
        s: KaoszState,
        seat: int,
        uid: int,
        kind: str,
        target: int,
        cost: int,
        window: str,
        events: list[Event],
    ) -> None:
        """Pays and puts an interrupt or a payment on the stack, then opens a window (§5.4)."""
        c = s.cards[uid]
        home = c.zone
        slot = -1
        if kind == "pay" and c.zone == "ship":
            target = c.host
        elif kind == "pay" and home in ("surface", "canteen"):
            slot = getattr(s.players[c.ctrl], home).index(uid)
        self.move(s, uid, "stack")
        self._push_item(
            s,
            StackItem(uid=uid, seat=seat, kind=kind, target=target, cost=cost, home=home, slot=slot),
            window,
            events,
        )

    def _push_item(self, s: KaoszState, item: StackItem, window: str, events: list[Event]) -> None:
        """Pays the item's credits, puts it on the stack, and gives the others a chance to answer (§5.3)."""
        seat = item.seat
        s.players[seat].credits -= item.cost
        changed(s, seat)
        s.stack.append(item)
        events.append(
            {
                "type": "stack",
                "seat": seat,
                "card": f"c{item.uid}",
                "kind": item.kind,
                "name": s.cards[item.uid].name,
                "cost": item.cost,
            }
        )
        nxt = self._next_eligible(s, seat)
        if s.pending and s.pending[-1].kind == "priority":
            step = s.pending[-1]
            step.data["passes"] = 0
            if nxt is None:
                s.pending.pop()
            else:
                step.seat = nxt
        elif nxt is not None:
            s.pending.append(Step("priority", nxt, {"window": window, "passes": 0}))

    def _window_now(self, s: KaoszState) -> str:
        if s.combat is None:
            return "start" if s.phase == "start" else "main"
        return "declare" if s.combat.stage == "equip_a" else "combat"

    # ----------------------------------------------------------------- combat
    def _combat_next(self, s: KaoszState, cb: Combat, events: list[Event]) -> None:
        """§6 the combat steps: equip, pay, fire, bombard, disarm."""
        a, d = cb.attacker, cb.defender
        stage = cb.stage
        if stage == "declare":
            cb.stage = "equip_a"
            self._open_window(s, "declare", d)
        elif stage == "equip_a":
            cb.stage = "equip_d"
            s.pending.append(Step("equip", a, {"side": 0}))
        elif stage == "equip_d":
            cb.stage = "pay_a"
            s.pending.append(Step("equip", d, {"side": 1}))
        elif stage == "pay_a":
            cb.stage = "pay_d"
            s.pending.append(Step("paystep", a, {"side": 0}))
        elif stage == "pay_d":
            cb.stage = "pay_end"
            s.pending.append(Step("paystep", d, {"side": 1}))
        elif stage == "pay_end":
            cb.stage = "fire" if cb.ships[1] else "bombard"  # §6.3 no defence, no firing step
            for k in (1, 0):  # the attacker's choices end on top: they come first
                for ship in cb.ships[k]:
                    for u in self.attached(s, ship):
                        c = s.cards[u]
                        if c.up and not c.choice:
                            self.resolve_effects(s, u, c.ctrl, "payment_end", -1, events)
        elif stage == "fire":
            self._fire_next(s, cb, events)
        elif stage == "fire_end":
            for fleet in cb.ships:
                for ship in list(fleet):
                    sc = s.cards[ship]
                    if s.simple_combat and self.armour_left(s, ship) <= 0:
                        self.leave_play(s, ship, events)
                        continue
                    if sc.hit:  # §6.4 hit ships turn damaged at the end of the firing step
                        sc.turn = max(sc.turn, USED if self.keyword(s, ship, "repair") else DAMAGED)
                        card_changed(s, ship)
                        sc.hit = False
            cb.stage = "bombard"
        elif stage == "bombard":
            cb.stage = "disarm"
            if any(s.cards[u].turn == ACTIVE for u in cb.ships[0]):
                s.pending.append(Step("bombard", a, {}))
        elif stage == "disarm":
            self._disarm(s, cb, events)

    def _fire_candidates(self, s: KaoszState, cb: Combat, side: int) -> list[int]:
        """Active ships of ``side`` that have not had their turn (firing turns a ship used; a
        ship whose turn went to an ability is in ``acted``)."""
        enemies = cb.ships[1 - side]
        if not enemies:
            return []
        return [u for u in cb.ships[side] if s.cards[u].turn == ACTIVE and u not in cb.acted]

    def _fire_actor(self, s: KaoszState, cb: Combat) -> int | None:
        """§6.4 the fastest active ship acts first (ties: the attacker); a passed side waits."""
        best: tuple[int, int] | None = None
        for side in (0, 1):
            if cb.passed[side]:
                continue
            cands = self._fire_candidates(s, cb, side)
            if not cands:
                continue
            speed = 0 if s.simple_combat else max(self.stat(s, u, "speed") for u in cands)
            key = (speed, 1 - side)
            if best is None or key > best:
                best = key
        if best is None:
            return None
        side = 1 - best[1]
        if (
            s.simple_combat
            and cb.shot.get("last") == side
            and not cb.passed[1 - side]
            and self._fire_candidates(s, cb, 1 - side)
        ):
            side = 1 - side  # §10.2 simplified: the players take turns
        return side

    def _fire_next(self, s: KaoszState, cb: Combat, events: list[Event]) -> None:
        shot = cb.shot
        if shot.get("phase") == "window":
            shot["phase"] = "damage"
            shooter_seat = s.cards[shot["by"]].ctrl if s.cards[shot["by"]].zone == "hangar" else cb.attacker
            self._open_window(s, "combat", cb.defender if shooter_seat == cb.attacker else cb.attacker)
            return
        if shot.get("phase") == "damage":
            self._plan_damage(s, cb)
            return
        if shot.get("phase") == "apply":
            self._deal_damage(s, cb, events)
            return
        side = self._fire_actor(s, cb)
        if side is None:
            cb.stage = "fire_end"
            return
        seat = cb.attacker if side == 0 else cb.defender
        s.pending.append(Step("fire", seat, {"side": side}))

    def formation_mates(self, s: KaoszState, cb: Combat, ship: int) -> list[int]:
        """§7 formation: the other formation ships of the side of ``ship`` still in the combat."""
        side = 0 if ship in cb.ships[0] else 1
        return [
            u
            for u in cb.ships[side]
            if u != ship and s.cards[u].zone == "hangar" and self.keyword(s, u, "formation")
        ]

    def _plan_damage(self, s: KaoszState, cb: Combat) -> None:
        """§6.4 the damage of the shot, volley by volley (firepower counts the pumps played in the
        window). §7 formation: a hit on a formation ship by a ship without salvo is spread by the
        hit ship's controller (a ``spread`` step) over the side's formation ships."""
        shot = cb.shot
        dmg: dict[str, int] = {}
        for frm, to, fixed in shot["volleys"]:
            if s.cards[frm].zone != "hangar" or s.cards[to].zone != "hangar":
                continue
            amount = fixed if fixed >= 0 else self.stat(s, frm, "firepower")
            if amount <= 0:
                continue
            if fixed < 0 and self.keyword(s, to, "formation") and self.formation_mates(s, cb, to):
                s.pending.append(Step("spread", s.cards[to].ctrl, {"ship": to, "left": amount, "hits": {}}))
                continue
            dmg[str(to)] = dmg.get(str(to), 0) + amount
        shot["dmg"] = dmg
        shot["phase"] = "apply"

    def spread_room(self, s: KaoszState, cb: Combat, step: Step, ship: int) -> int:
        """§7 formation: a ship takes at most its armour of the spread damage."""
        planned = int(cb.shot.get("dmg", {}).get(str(ship), 0)) + int(step.data["hits"].get(str(ship), 0))
        return self.armour_left(s, ship) - planned

    def finish_spread(self, s: KaoszState, cb: Combat, step: Step, events: list[Event]) -> None:
        """The spread points go to the chosen ships; the rest stays on the ship that was hit."""
        dmg = cb.shot.setdefault("dmg", {})
        hits = dict(step.data["hits"])
        target = str(step.data["ship"])
        hits[target] = hits.get(target, 0) + step.data["left"]
        for key, n in hits.items():
            if n > 0:
                dmg[key] = dmg.get(key, 0) + n
        events.append(
            {
                "type": "formation",
                "card": f"c{step.data['ship']}",
                "spread": {f"c{k}": n for k, n in sorted(hits.items()) if n > 0},
            }
        )

    def _deal_damage(self, s: KaoszState, cb: Combat, events: list[Event]) -> None:
        """§6.4 damage is simultaneous; ships at 0 armour leave at once (simplified: at the end)."""
        shot = cb.shot
        total = {int(k): int(n) for k, n in shot.get("dmg", {}).items()}
        for to, amount in sorted(total.items()):
            if amount <= 0 or s.cards[to].zone != "hangar":
                continue
            s.cards[to].harm += amount
            s.cards[to].hit = True
            card_changed(s, to)
            events.append({"type": "damage", "card": f"c{to}", "amount": amount})
        for u in shot.get("used", []):
            if s.cards[u].zone == "hangar":
                s.cards[u].turn = max(s.cards[u].turn, USED)
                card_changed(s, u)
        if not s.simple_combat:
            for to in sorted(total):
                if s.cards[to].zone == "hangar" and self.armour_left(s, to) <= 0:
                    self.leave_play(s, to, events)
        cb.shot = {"last": shot.get("side", 0)}

    def bombard_total(self, s: KaoszState, cb: Combat) -> int:
        return sum(self.stat(s, u, "bombard") for u in cb.ships[0] if s.cards[u].turn == ACTIVE) + cb.bombard

    def apply_bombard(self, s: KaoszState, cb: Combat, total: int, events: list[Event]) -> None:
        """§6.5 bombard by target kind, with the thresholds."""
        d = s.players[cb.defender]
        events.append({"type": "bombard", "target": cb.target, "total": total})
        if total <= 0:
            return
        if cb.target == "colony":
            self.mill(s, cb.defender, total, events)
        elif cb.target == "hand":
            if total >= 2 and d.hand:
                s.pending.append(Step("discard", cb.defender, {"count": 1, "why": "bombard"}))
        else:
            u = cb.target_card
            c = s.cards[u]
            if c.zone == "canteen":  # a crew aboard a ship is shielded until the disarm step
                if total >= 2:
                    self.leave_play(s, u, events)
            elif c.zone == "surface":
                if not c.up:
                    if total >= 2:
                        s.pending.append(Step("trap", cb.defender, {"card": u}))
                elif total >= self.armour_left(s, u):
                    self.leave_play(s, u, events)
                else:
                    c.harm += total
                    c.turn = DAMAGED
                    card_changed(s, u)

    def _disarm(self, s: KaoszState, cb: Combat, events: list[Event]) -> None:
        """§6.6 crew back to the canteen (used from a used or damaged ship), paid missiles to the trash."""
        for side in cb.ships:
            for ship in side:
                ship_turn = s.cards[ship].turn
                for u in self.attached(s, ship):
                    c = s.cards[u]
                    card = self.card(s, u)
                    if card.type == "crew":
                        self.move(s, u, "canteen", c.ctrl)
                        c.turn = ACTIVE if ship_turn == ACTIVE else USED
                        card_changed(s, u)
                        c.choice = ""
                    elif card.subtype == "missile" and c.up:
                        self.leave_play(s, u, events)
        table = pool()
        for c in s.cards:
            if c.mods:
                c.mods = []
            if c.hit:
                c.hit = False
            if c.choice and c.zone == "ship" and table[c.name].type == "crew":
                c.choice = ""
        s.combat = None
        events.append({"type": "combat_end"})

    # -------------------------------------------------------------- end phase
    def _finish_turn(self, s: KaoszState, events: list[Event]) -> None:
        """§5.6 caps, armour reset, untap one step, the win check, the next player."""
        seat = s.active
        p = s.players[seat]
        p.credits = min(p.credits, CREDIT_CAP)
        changed(s, seat)
        for u, c in enumerate(s.cards):
            if c.harm:
                card_changed(s, u)
                c.harm = 0  # §D1 every card in play regains full armour
            if c.mods:
                c.mods = []
            if c.ctrl == seat and c.turn > ACTIVE and c.zone in IN_PLAY:  # one step towards active
                c.turn -= 1
                card_changed(s, u)
        for o in self.opponents(s, seat):
            if not s.players[o].colony and not s.players[o].out:
                self._eliminate(s, o, seat, events)
        alive = [i for i, q in enumerate(s.players) if not q.out]
        if len(alive) <= 1:
            s.phase = "over"
            events.append({"type": "game_over", "scores": self.result(s).scores})
            return
        nxt = next(
            (seat + k) % len(s.players)
            for k in range(1, len(s.players) + 1)
            if not s.players[(seat + k) % len(s.players)].out
        )
        if nxt == s.first or (s.players[s.first].out and nxt <= seat):
            s.round += 1
        if s.round > s.max_rounds:
            s.phase = "over"
            events.append({"type": "game_over", "reason": "rounds", "scores": self.result(s).scores})
            return
        s.active = nxt
        s.phase = "start"
        self._start_phase(s, events)

    def _eliminate(self, s: KaoszState, seat: int, by: int, events: list[Event]) -> None:
        s.players[seat].out = True
        s.players[seat].out_order = 1 + sum(1 for q in s.players if q.out_order)
        s.players[by].kills += 1
        changed(s, seat)
        changed(s, by)
        events.append({"type": "eliminated", "seat": seat, "by": by})

    # -------------------------------------------------------------- interface
    def to_move(self, state: KaoszState) -> tuple[int, ...]:
        if state.phase == "over" or not state.pending:
            return ()
        return (state.pending[-1].seat,)

    def is_over(self, state: KaoszState) -> bool:
        return state.phase == "over"

    def result(self, state: KaoszState) -> Result:
        """§5.6 / §10.1 „A játékot az a játékos nyeri meg, aki a legtöbb játékost kiejtette, ha ez
        ugyanannyi, akkor az dönt, hogy ki maradt benn tovább a játékban”: most eliminations,
        then who stayed in longer (survivors longest), then colony size. Option ranking=survivors:
        survivors first, then eliminations."""
        s = state
        n = len(s.players)
        keys: list[tuple[int, ...]] = []
        for p in s.players:
            alive = 0 if p.out else 1
            colony = len(p.colony) if s.phase == "over" and not p.out else 0
            if s.rank_by_kills:
                keys.append((p.kills, n + 1 if alive else p.out_order, colony))
            else:
                keys.append((alive, p.kills, p.out_order, colony))
        ranking = rank_by_keys(keys)
        scores = [0.0] * n
        for rank, group in enumerate(ranking):
            for seat in group:
                scores[seat] = float(n - 1 - rank) if s.phase == "over" else 0.0
        return Result(
            scores=scores,
            ranking=ranking if s.phase == "over" else [list(range(n))],
            details={"kills": [p.kills for p in s.players]},
        )

    def legal_actions(self, state: KaoszState, seat: int) -> list[Action]:
        from galaxis.games.kaosz.moves import legal

        return legal(self, state, seat)

    def apply(self, state: KaoszState, seat: int, action: Action) -> list[Event]:
        from galaxis.games.kaosz.moves import perform

        events: list[Event] = []
        perform(self, state, seat, action, events)
        self._advance(state, events)
        return events

    def action_is_public(self, state: KaoszState, seat: int, action: Action) -> bool:
        """Choosing a card to discard, keep or take from the colony names a hidden card."""
        return action.args[0] not in ("discard", "take")

    def invariants(self, state: KaoszState) -> list[str]:
        s = state
        bad = []
        seen: dict[int, str] = {}
        for p in s.players:
            for zone in ("colony", "hand", "trash", "wreck", "hangar", "canteen", "surface"):
                for u in getattr(p, zone):
                    if u in seen:
                        bad.append(f"card c{u} is in two zones")
                    seen[u] = zone
                    if s.cards[u].zone != zone:
                        bad.append(f"card c{u} listed in {zone} but is in {s.cards[u].zone}")
        for u, c in enumerate(s.cards):
            if c.zone in ("ship", "stack"):
                if u in seen:
                    bad.append(f"card c{u} on a ship or the stack is also in a zone list")
                if c.zone == "ship" and (c.host < 0 or s.cards[c.host].zone != "hangar"):
                    bad.append(f"card c{u} is on a ship that is not in play")
            elif u not in seen:
                bad.append(f"card c{u} is in no zone")
        if sorted(it.uid for it in s.stack if it.kind != "ability") != sorted(
            u for u, c in enumerate(s.cards) if c.zone == "stack"
        ):
            bad.append("the stack and the cards on it differ")
        if any(p.credits < 0 for p in s.players):
            bad.append("negative credits")
        return bad

    def normalize(self, notation: str) -> str:
        return " ".join(notation.lower().split())
