"""Which actions reveal something: the fact behind undo that cannot peek.

An action of ``seat`` *reveals nothing* when no viewer could tell, after it, which of
the worlds it considers possible is the real one. Concretely, for every viewer
``v`` (each seat and a spectator): applying the action to copies of the match
determinized for ``v`` (what ``v`` cannot see re-sampled, ``Match.determinize``)
leaves ``v``'s observation and the events ``v`` is shown identical to the real
ones. Consumed randomness always counts as a reveal (a die rolled, a card
shuffled or drawn by chance): its outcome could not be undone without letting
the players see it first. This is the same fact the information-safety checks
of the conformance suite use (observations unchanged under ``determinize``).

The test samples worlds, so it can only err one way: an action it calls
non-revealing might reveal something in a world it did not sample. The
conformance suite checks every game's actions with more worlds than the server
uses. A world in which the action is illegal tells nothing and is skipped; up to
four times ``worlds`` worlds are drawn to find ``worlds`` comparable ones, and when
fewer are found for some viewer the action counts as revealing (an undo refused
wrongly costs a player a take-back; one allowed wrongly would let a player peek).
"""

from __future__ import annotations

from typing import Any

from galaxis.core.errors import IllegalAction
from galaxis.core.match import Match

WORLDS = 6


def _seen(events: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    return [e for e in events if "seat_only" not in e or (viewer is not None and e["seat_only"] == viewer)]


def consumes_chance(match: Match, seat: int, action: str) -> bool:
    """Whether applying ``action`` draws from the match's random generator."""
    after = match.clone()
    after.apply(seat, action)
    return bool(after.state.rng != match.state.rng)


def reveals(match: Match, seat: int, action: str, worlds: int = WORLDS, salt: int = 0x5EED) -> bool:
    """Whether ``seat`` playing ``action`` now reveals hidden information to any viewer
    or consumes randomness (see the module's docstring). ``match`` is not changed."""
    after = match.clone()
    events = after.apply(seat, action)
    if after.state.rng != match.state.rng:
        return True
    if not match.game.info.hidden_information:
        return False
    for viewer in (None, *range(match.num_players)):
        real = (after.observation(viewer), _seen(events, viewer))
        compared = 0
        for w in range(4 * worlds):
            world = match.determinize(viewer, salt + 7919 * w)
            try:
                world_events = world.apply(seat, action)
            except IllegalAction:
                continue  # a world the action itself rules out
            compared += 1
            if (world.observation(viewer), _seen(world_events, viewer)) != real:
                return True
            if compared == worlds:
                break
        if compared < worlds:
            return True
    return False
