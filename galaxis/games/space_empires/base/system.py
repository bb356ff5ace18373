"""The ``System`` protocol: what one optional part of Space Empires adds to the turn.

A Close Encounters system (ground combat, the planetary gates...), an automated opponent (the
Doomsday Machines, the Alien Players, the Space Amoebas) or a scenario step (the team games) is one
``System`` value, declared at the bottom of its own module. ``registry.py`` lists them in the order
the rules run them; ``SpaceEmpires`` (rules.py) never names a system: it iterates the registry for
every hook below. Each hook is optional (``None``: the system adds nothing there).

Hooks, with the rulebook's words for them:

- ``setup(game, state, scenario, options)``: the system's part of the set-up (§2, §12); run in
  registry order, which is part of every match's random draws, so the order never changes.
- ``action_kinds`` / ``apply(game, state, seat, kind, args, events)``: the actions it owns. The
  rules' dispatch table is built from every system's kinds; two owners of one kind fail at import.
- ``step_kinds`` / ``step_actions(game, state, step)``: the legal actions of the pending decisions it
  owns; ``more_step_actions(game, state, step)`` adds actions to a decision another part owns (the
  gates add retreats through a gate to ground battles).
- ``observe(state, obs, viewer)``, ``secret(state, out, viewer)``, ``determinize(state, viewer, rng)``:
  its part of what a viewer sees, of what a viewer must not know, and of re-sampling the latter (§9).
  ``determinize_first``: re-sampled before the base game's sheets (an Empire Advantage's CP grant
  goes into the sheet that §9's re-deal rebuilds).
- ``invariants(state)``: its conservation laws, as violations.
- ``after_step(state, events)``: housekeeping after every action (a garrison lost with its colony).
- ``max_extra_actions(players, options)``: how many more legal actions it can add to the widest
  decision (movement), for the RL adapters' action space.
- ``secret_kinds``: its action kinds whose notation other seats may not see (§7: economic choices).
- ``bot_choice(obs, seat, legal)``: the heuristic bot's decision when the pending decision is one of
  the system's own kinds (None: the bot decides as usual).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from galaxis.core import Action, Event, Rng, Step
    from galaxis.games.space_empires.state import SEState

Obs = dict[str, Any]
# Hooks receive the game (the ``SpaceEmpires`` rules object) as ``Any``: this module sits below it.


@dataclass(frozen=True)
class System:
    """One optional part of the game and the hooks it fills (see the module docstring)."""

    name: str
    section: str  # where docs/games/space_empires.md describes it ("§10.1")
    setup: Callable[[Any, SEState, Any, dict[str, Any]], None] | None = None
    action_kinds: tuple[str, ...] = ()
    apply: Callable[[Any, SEState, int, str, tuple[Any, ...], list[Event]], None] | None = None
    step_kinds: tuple[str, ...] = ()
    step_actions: Callable[[Any, SEState, Step], list[Action]] | None = None
    more_step_actions: Callable[[Any, SEState, Step], list[Action]] | None = None
    observe: Callable[[SEState, Obs, int | None], Obs] | None = None
    secret: Callable[[SEState, Obs, int | None], Obs] | None = None
    determinize: Callable[[SEState, int | None, Rng], SEState] | None = None
    determinize_first: bool = False
    invariants: Callable[[SEState], list[str]] | None = None
    after_step: Callable[[SEState, list[Event]], None] | None = None
    max_extra_actions: Callable[[int, dict[str, Any]], int] | None = None
    secret_kinds: tuple[str, ...] = ()
    bot_choice: Callable[[Obs, int, list[Action]], Action | None] | None = None

    def __post_init__(self) -> None:
        if self.action_kinds and self.apply is None:
            raise TypeError(f"system {self.name} owns action kinds but has no apply")
        if self.step_kinds and self.step_actions is None:
            raise TypeError(f"system {self.name} owns pending steps but has no step_actions")


def owners(systems: Iterable[System], kinds_of: Callable[[System], tuple[str, ...]]) -> dict[str, System]:
    """Kind -> the one system that owns it; a kind two systems claim is a ``TypeError``."""
    table: dict[str, System] = {}
    for system in systems:
        for kind in kinds_of(system):
            other = table.get(kind)
            if other is not None:
                raise TypeError(f"{kind!r} is claimed by both {other.name} and {system.name}")
            table[kind] = system
    return table
