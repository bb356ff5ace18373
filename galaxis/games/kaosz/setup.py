"""Káosz Galaktika, §4 Setup: the decks and the state a match starts from. Sections (§) refer
to docs/games/kaosz.md."""

from __future__ import annotations

from typing import Any

from galaxis.core import Rng
from galaxis.core.errors import BadOption
from galaxis.core.messages import Joined
from galaxis.games.kaosz.cards import MSG
from galaxis.games.kaosz.decks import check_deck, parse_deck_text, starters
from galaxis.games.kaosz.state import CardState, KaoszState, Player

STARTERS = list(starters())


def default_deck(options: dict[str, Any], seat: int) -> str:
    """Seats 0 and 1 take their option; further seats the starters in list order (§10.1)."""
    return str(options[f"deck{seat}"]) if f"deck{seat}" in options else STARTERS[seat % len(STARTERS)]


def initial_state(players: int, options: dict[str, Any], rng: Rng) -> KaoszState:
    """§4: each seat's deck of 45 (a starter, a list of card ids or a deck file's text, checked
    against the deck rules), shuffled into its colony, and the starting player; a fixed
    arrangement (``options["setup"]``) may give the decks, their order and the first seat."""
    fixed = options.get("setup", {})
    decks: list[list[str]] = []
    custom = fixed.get("decks", {})
    if not isinstance(custom, dict):
        raise BadOption(MSG("setup_decks_type"))
    for seat in range(players):
        ids = custom.get(str(seat), custom.get(seat))
        if ids is None:
            ids = starters()[default_deck(options, seat)]
        elif isinstance(ids, str) and ids in starters():  # a starter by name
            ids = starters()[ids]
        elif isinstance(ids, str):  # a deck file's text
            try:
                ids = parse_deck_text(ids)
            except BadOption as exc:
                raise BadOption(MSG("setup_deck_entry", seat=seat, reason=exc.message)) from None
        if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
            raise BadOption(MSG("setup_deck_value", seat=seat))
        errors = check_deck(ids, options["races"], options["simple_combat"])
        if errors:
            raise BadOption(MSG("deck_illegal", seat=seat, errors=Joined(errors)))
        decks.append(list(ids))
    first = fixed.get("first", None)
    if first is None:
        first = rng.below(players)
    if not isinstance(first, int) or not 0 <= first < players:
        raise BadOption(MSG("setup_first", last=players - 1))
    cards: list[CardState] = []
    ps: list[Player] = []
    keep_order = bool(fixed.get("ordered", False))
    for seat, ids in enumerate(decks):
        names = list(ids)
        if not keep_order:
            rng.shuffle(names)
        colony = []
        for name in names:  # ids are given after the shuffle: an id says nothing about the card
            colony.append(len(cards))
            cards.append(CardState(name=name, owner=seat, ctrl=seat, zone="colony"))
        given = custom.get(str(seat), custom.get(seat))
        deck = (
            default_deck(options, seat)
            if given is None
            else given
            if isinstance(given, str) and given in starters()
            else "custom"
        )
        ps.append(
            Player(colony=colony, hand=[], trash=[], wreck=[], hangar=[], canteen=[], surface=[], deck=deck)
        )
    s = KaoszState(
        rng=rng,
        cards=cards,
        players=ps,
        active=first,
        first=first,
        round=1,
        phase="mulligan",
        pending=[],
        stack=[],
        simple_combat=options["simple_combat"],
        max_rounds=options["max_rounds"],
        abilities_by_speed=options["ship_abilities"] == "speed",
        rank_by_kills=options["ranking"] == "eliminations",
    )
    return s
