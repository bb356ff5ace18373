"""Cards in play: what a card is, a ship's current stats (§2.2), what is aboard it, its
keywords and host, and who is whose opponent (§10.1). Questions about the state that the
rules, the views and the bot all ask."""

from __future__ import annotations

from galaxis.games.kaosz.cards import STATS, Card, pool
from galaxis.games.kaosz.state import KaoszState, aboard_index, enter_index, leave_index


def card(s: KaoszState, uid: int) -> Card:
    """The printed card of ``uid``."""
    return pool()[s.cards[uid].name]


def stat(s: KaoszState, uid: int, name: str) -> int:
    """A ship's or base's current stat: printed + paid equipment and crew aboard + pumps (§2.2)."""
    c = s.cards[uid]
    value = card(s, uid).stats.get(name, 0)
    if c.zone == "hangar":
        for a in aboard(s, uid):
            ac = s.cards[a]
            if ac.up:
                value += card(s, a).bonus.get(name, 0)
                if ac.choice == name:
                    value += _choice_amount(s, a, name)
    value += sum(int(m[1]) for m in c.mods if m[0] == name)
    return max(0, value)


def ship_stats(s: KaoszState, uid: int) -> dict[str, int]:
    """Every ``stat`` of a ship at once (one pass over what is aboard), in the order of ``STATS``."""
    c = s.cards[uid]
    printed = card(s, uid).stats
    values = {name: printed.get(name, 0) for name in STATS}
    if c.zone == "hangar":
        for a in aboard(s, uid):
            ac = s.cards[a]
            if ac.up:
                for name, n in card(s, a).bonus.items():
                    values[name] += n
                if ac.choice in values:
                    values[ac.choice] += _choice_amount(s, a, ac.choice)
    for m in c.mods:
        if m[0] in values:
            values[m[0]] += int(m[1])
    return {name: max(0, v) for name, v in values.items()}


def _choice_amount(s: KaoszState, uid: int, stat: str) -> int:
    for e in card(s, uid).effects:
        for st, n in e.options:
            if st == stat:
                return n
    return 0


def armour_left(s: KaoszState, uid: int) -> int:
    """Armour minus the damage taken (§2.2)."""
    return stat(s, uid, "armour") - s.cards[uid].harm


def attached(s: KaoszState, ship: int) -> list[int]:
    """The equipment and crew aboard ``ship``, in id order (a new list: safe to move them meanwhile)."""
    return list(aboard_index(s).get(ship, ()))


def aboard(s: KaoszState, ship: int) -> list[int] | tuple[()]:
    """``attached`` without the copy, for reading only (the index's own list)."""
    return aboard_index(s).get(ship, ())


def attach(s: KaoszState, uid: int, ship: int) -> None:
    """Card ``uid`` (in zone "ship") goes aboard ``ship`` (§4.2), keeping the index in step."""
    leave_index(s, uid)
    s.cards[uid].host = ship
    enter_index(s, uid)


def keyword(s: KaoszState, uid: int, kw: str) -> bool:
    return kw in card(s, uid).keywords


def opponents(s: KaoszState, seat: int) -> list[int]:
    """§10.1: with three or more players only the two neighbours are opponents."""
    alive = [i for i, p in enumerate(s.players) if not p.out]
    if seat not in alive:
        return []
    if len(alive) <= 3:
        return [i for i in alive if i != seat]
    k = alive.index(seat)
    return sorted({alive[(k - 1) % len(alive)], alive[(k + 1) % len(alive)]})


def host_ship(s: KaoszState, uid: int) -> int:
    """The ship a card is (in the hangar) or is aboard; -1 for none (§9.5 ``this_ship``)."""
    c = s.cards[uid]
    if c.zone == "hangar":
        return uid
    if c.zone == "ship" and c.host >= 0:
        return c.host
    return -1
