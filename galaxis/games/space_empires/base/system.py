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

Questions the systems ask the automated opponents (§13), which sit above them: a system never imports
an opponent; it asks through the functions at the bottom of this module, which ask every registered
system that answers (``registry.py`` hands its table to ``install`` when it is imported):

- ``ships_gain_experience(state, owner)``: an automated empire's ships have experience levels (§10.2,
  §13.13); ``experience.py`` asks for every ship whose owner is not a seat.
- ``uses_alien_technology(scenario_id)``: a scenario's opponents draw Alien Technology cards, so the
  deck is in play (§10.5, §13.12.6).
- ``places_npas(state)``: barren planets found by gates or exploration hold non-player aliens (False in
  solo #5, §13.11); ``gates.py`` asks when a gate deals a new barren planet.
- ``colony_lost(state, hid, captor, loser, events)``: a colony changed hands, told when its loser
  reveals its cards (§10.5; an Alien Player in a victory-point game loses a card, §13.12.6).
- ``colony_captured(state, hid, captor, loser, thefts, events)``: ground combat took a colony, told
  after the systems' own effects (§10.1; the cooperative machines score, §13.10; an alien captor
  steals ``thefts`` technologies, §13.13).
- ``colonised(state, hid, events)``: a player founded a colony outside the movement phase (a Colony
  Ship through a planetary gate, §12.3.7), so the opponents' victory tracks move (§13.10, §13.12.6).
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
    # what the systems below ask the automated opponents (see "Questions" above)
    ships_gain_experience: Callable[[SEState, int], bool] | None = None
    uses_alien_technology: Callable[[str], bool] | None = None
    places_npas: Callable[[SEState], bool] | None = None
    colony_lost: Callable[[SEState, str, int, int, list[Event]], None] | None = None
    colony_captured: Callable[[SEState, str, int, int, int, list[Event]], None] | None = None
    colonised: Callable[[SEState, str, list[Event]], None] | None = None

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


# --- the systems ask the parts above them ------------------------------------------------------------------
_INSTALLED: list[tuple[System, ...]] = []


def install(systems: tuple[System, ...]) -> None:
    """``registry.py`` hands over its table once, when it is imported: the questions below ask it."""
    _INSTALLED[:] = [systems]


def installed() -> tuple[System, ...]:
    """The registry's systems, in its order (imported with ``SpaceEmpires``, before any match)."""
    if not _INSTALLED:
        raise RuntimeError(
            "the Space Empires registry is not loaded: import galaxis.games.space_empires.registry"
        )
    return _INSTALLED[0]


def ships_gain_experience(state: SEState, owner: int) -> bool:
    """Whether an automated empire ``owner``'s ships have experience levels (§10.2, §13.13)."""
    return any(
        s.ships_gain_experience(state, owner) for s in installed() if s.ships_gain_experience is not None
    )


def uses_alien_technology(scenario_id: str) -> bool:
    """Whether the scenario's opponents draw Alien Technology cards (§10.5, §13.12.6)."""
    return any(
        s.uses_alien_technology(scenario_id) for s in installed() if s.uses_alien_technology is not None
    )


def places_npas(state: SEState) -> bool:
    """Whether a newly dealt barren planet holds non-player aliens (not in solo #5, §13.11)."""
    return all(s.places_npas(state) for s in installed() if s.places_npas is not None)


def colony_lost(state: SEState, hid: str, captor: int, loser: int, events: list[Event]) -> None:
    """Tells the opponents that ``loser``'s colony at ``hid`` changed hands (its cards are revealed)."""
    for s in installed():
        if s.colony_lost is not None:
            s.colony_lost(state, hid, captor, loser, events)


def colony_captured(
    state: SEState, hid: str, captor: int, loser: int, thefts: int, events: list[Event]
) -> None:
    """Tells the opponents that ground combat took ``loser``'s colony at ``hid`` for ``captor``."""
    for s in installed():
        if s.colony_captured is not None:
            s.colony_captured(state, hid, captor, loser, thefts, events)


def colonised(state: SEState, hid: str, events: list[Event]) -> None:
    """Tells the opponents that a player founded a colony at ``hid`` outside the movement phase."""
    for s in installed():
        if s.colonised is not None:
            s.colonised(state, hid, events)
