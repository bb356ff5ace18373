"""What each seat may see (§8): observation, the hidden cards, determinize, describe."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Action, Rng, seat_ref
from galaxis.core.messages import fmt
from galaxis.core.record import changed_all
from galaxis.games.kaosz import in_play
from galaxis.games.kaosz.cards import pool
from galaxis.games.kaosz.effects import words
from galaxis.games.kaosz.state import KaoszState, names_changed

if TYPE_CHECKING:
    from galaxis.core import Game

TURNS = ("active", "used", "damaged")


SHOWN = frozenset(("stack", "trash", "hangar"))  # every card here is face up to everybody
PRIVATE = frozenset(("colony", "hand", "wreck"))  # no card here is known by being face up


def visible(s: KaoszState, uid: int, viewer: int | None) -> bool:
    """§8 whether ``viewer`` knows what card ``uid`` is."""
    c = s.cards[uid]
    if c.zone in SHOWN or (c.up and c.zone not in PRIVATE):
        return True
    if viewer is None:
        return False
    if uid in s.players[viewer].known:
        return True
    return c.zone != "colony" and c.owner == viewer


def hidden_by_owner(s: KaoszState, viewer: int | None) -> list[list[int]]:
    """Per owner, the cards ``viewer`` cannot identify (``visible`` of every card in one pass), in id order."""
    known = set(s.players[viewer].known) if viewer is not None else set()
    out: list[list[int]] = [[] for _ in s.players]
    for u, c in enumerate(s.cards):
        zone = c.zone
        if zone in SHOWN or (c.up and zone not in PRIVATE):
            continue
        if viewer is not None and (u in known or (zone != "colony" and c.owner == viewer)):
            continue
        out[c.owner].append(u)
    return out


def hidden_ids(g: Game, s: KaoszState, viewer: int | None) -> list[int]:
    return sorted(u for mine in hidden_by_owner(s, viewer) for u in mine)


def secret(g: Game, s: KaoszState, viewer: int | None) -> dict[str, str]:
    """The name of every card ``viewer`` cannot identify."""
    return {str(u): s.cards[u].name for u in hidden_ids(g, s, viewer)}


def determinize(g: Game, s: KaoszState, viewer: int | None, rng: Rng) -> KaoszState:
    """Re-deals the names of every card the viewer cannot identify, per owner, so that
    face-down cards in a canteen stay crew and those on ships equipment or crew."""
    table = pool()
    cards = s.cards
    changed_all(s.marks)  # card names
    for mine in hidden_by_owner(s, viewer):
        names = sorted(cards[u].name for u in mine)
        rng.shuffle(names)
        # canteen slots take crew; then ship slots equipment or crew (crew boards ships); then the rest
        slots = (
            (("crew",), [u for u in mine if cards[u].zone == "canteen"]),
            (("equipment", "crew"), [u for u in mine if cards[u].zone == "ship"]),
        )
        for kinds, us in slots:
            for u in us:
                k = next(i for i, n in enumerate(names) if table[n].type in kinds)
                cards[u].name = names.pop(k)
        for u in mine:
            if cards[u].zone not in ("ship", "canteen"):
                cards[u].name = names.pop()
    names_changed(s)
    return s


def card_view(g: Game, s: KaoszState, uid: int, viewer: int | None) -> dict[str, Any]:
    c = s.cards[uid]
    out: dict[str, Any] = {"id": f"c{uid}", "up": c.up, "state": TURNS[c.turn]}
    if visible(s, uid, viewer):
        card = pool()[c.name]
        out.update(
            card=card.id,
            name=card.name,
            name_en=card.name_en,
            type=card.type,
            subtype=card.subtype,
            cost=card.cost,
        )
        if card.type == "ship" and c.zone == "hangar":
            stats = out["stats"] = in_play.ship_stats(s, uid)
            out["armour_left"] = stats["armour"] - c.harm
    if c.upgrades:
        out["upgrades"] = c.upgrades
    if c.harm:
        out["harm"] = c.harm
    if c.choice and c.up:
        out["choice"] = c.choice
    if c.zone == "hangar":
        out["aboard"] = [card_view(g, s, a, viewer) for a in in_play.aboard(s, uid)]
    return out


def observation(g: Game, s: KaoszState, seat: int | None) -> dict[str, Any]:
    players = []
    for i, p in enumerate(s.players):
        view: dict[str, Any] = {
            "seat": i,
            "deck": p.deck,
            "credits": p.credits,
            "turns": p.turns,
            "out": p.out,
            "kills": p.kills,
            "colony": len(p.colony),
            "hand": len(p.hand),
            "wreck": len(p.wreck),
            "trash": [s.cards[u].name for u in p.trash],
            "hangar": [card_view(g, s, u, seat) for u in p.hangar],
            "canteen": [card_view(g, s, u, seat) for u in p.canteen],
            "surface": [card_view(g, s, u, seat) for u in p.surface],
        }
        if seat == i:
            view["hand_cards"] = [card_view(g, s, u, seat) for u in p.hand]
            view["wreck_cards"] = [s.cards[u].name for u in p.wreck]
            view["known"] = {f"c{u}": s.cards[u].name for u in p.known if not visible(s, u, None)}
        players.append(view)
    cb = s.combat
    return {
        "you": seat,
        "round": s.round,
        "phase": s.phase,
        "active": s.active,
        "first": s.first,
        "to_move": list(g.to_move(s)),
        "decision": s.pending[-1].kind if s.pending else None,
        "decision_data": _public_step(s),
        "players": players,
        "stack": [
            {
                "card": card_view(g, s, it.uid, seat),
                "seat": it.seat,
                "kind": it.kind,
                "cost": it.cost,
                "target": it.target,
                "neutralized": it.neutralized,
            }
            for it in s.stack
        ],
        "combat": None
        if cb is None
        else {
            "attacker": cb.attacker,
            "defender": cb.defender,
            "target": cb.target,
            "target_card": f"c{cb.target_card}" if cb.target_card >= 0 else None,
            "stage": cb.stage,
            "ships": [[f"c{u}" for u in side] for side in cb.ships],
            "passed": list(cb.passed),
        },
        "options": {"simple_combat": s.simple_combat, "max_rounds": s.max_rounds},
        "scores": g.result(s).scores,
    }


def _public_step(s: KaoszState) -> dict[str, Any]:
    if not s.pending:
        return {}
    step = s.pending[-1]
    if step.kind == "tutor":
        return {"cards": [f"c{u}" for u in step.data["cards"]]}  # their names: in the chooser's "known"
    public = ("window", "count", "why", "side", "left", "ship", "hits", "kind")
    out = {k: v for k, v in step.data.items() if k in public}
    if step.kind == "aim":  # the effect asking for a target: a paid (public) card
        out["card"] = f"c{step.data['card']}"
    return out


def describe(g: Game, s: KaoszState, action: Action, lang: str = "en") -> str:
    """The action in words for the seat making it (who knows its own cards)."""
    return words_for(g, s, action, lang, s.pending[-1].seat if s.pending else None)


def log_line(
    g: Game, s: KaoszState, seat: int, action: Action, lang: str = "en", viewer: int | None = None
) -> str:
    """The log sentence for ``viewer``: a card is named only if ``viewer`` knows it (§8);
    a hidden choice (discard, take) is told without the card."""
    if viewer != seat and not g.action_is_public(s, seat, action):
        hidden = {
            "discard": ("eldob egy lapot", "discards a card"),
            "take": ("kézbe vesz egy lapot", "takes a card into hand"),
        }
        hu, en = hidden.get(action.args[0], ("rejtett lépést tesz", "makes a hidden choice"))
        return f"{seat_ref(seat)} {hu if lang == 'hu' else en}."
    return f"{seat_ref(seat)}: {words_for(g, s, action, lang, viewer)}"


def card_label(s: KaoszState, uid: int, viewer: int | None, lang: str) -> str:
    """A card as a player may name it: "Sáskajárás (c12)" when the viewer knows it, else "c12"."""
    if uid < len(s.cards) and visible(s, uid, viewer):
        card = pool()[s.cards[uid].name]
        return f"{card.name if lang == 'hu' else card.name_en} (c{uid})"
    return f"c{uid}"


def words_for(g: Game, s: KaoszState, action: Action, lang: str, viewer: int | None) -> str:
    """The action as a sentence ("play Locust Plague (c12)"), naming only the cards ``viewer`` knows."""
    w = words(lang)
    act = w["act"]
    parts = action.notation.split()
    kind = action.args[0] if action.args else parts[0]

    def label(word: str) -> str:
        if word.startswith("c") and word[1:].isdigit():
            return card_label(s, int(word[1:]), viewer, lang)
        if word.startswith("p") and word[1:].isdigit():
            return fmt(lang, act["player"], seat=int(word[1:]))
        return word

    card = label(parts[1]) if len(parts) > 1 else ""
    target = label(parts[2]) if len(parts) > 2 else ""
    if kind in ("play", "use", "down"):
        key = (
            kind
            if not target
            else ("play_at" if parts[2].startswith("p") and kind == "play" else f"{kind}_on")
        )
        return fmt(lang, act[key], card=card, target=target)
    if kind == "strip":
        return fmt(lang, act["strip"], a=card, b=target)
    if kind == "attack":
        what = parts[1]
        if what in ("colony", "hand"):
            if len(parts) > 2:
                return fmt(lang, act[f"attack_{what}"], target=label(parts[2]))
            return fmt(lang, act[f"attack_{what}_opp"])
        return fmt(lang, act["attack_card"], card=card)
    if kind == "aim":
        return fmt(lang, act["aim"], target=card)
    if kind == "bonus":
        return fmt(lang, act["bonus"], card=card, stat=w["stats"].get(parts[2], parts[2]))
    if kind in ("board", "fire"):
        return fmt(lang, act[kind], card=card, target=target)
    if kind in act:
        return fmt(lang, act[kind], card=card)
    return action.notation
