"""The optional parts of Space Empires in the order the rules run them (base/system.py says what a
``System`` declares). Adding a system is one module with a ``SYSTEM`` value and one line here.

The order is the set-up order (§2, §12): it is part of every match's random draws, so a new system
goes where its set-up must run, and no line moves. Every other hook runs in the same order.
"""

from __future__ import annotations

from galaxis.games.space_empires.base.system import System, install, owners
from galaxis.games.space_empires.opponents import solo
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.scenarios import home_sets, teams
from galaxis.games.space_empires.systems import (
    alien_tech,
    alliances,
    boarding,
    centers,
    empire_advantages,
    experience,
    gates,
    ground,
    reaction,
    titans,
    victory,
)

SYSTEMS: tuple[System, ...] = (
    ground.SYSTEM,  # §10.1 ground combat (first: the solo opponents' set-up reads its record)
    solo.SYSTEM,  # §13 the automated opponents: Doomsday Machines, Alien Players (opponents/)
    teams.SYSTEM,  # §12.1 team games
    alliances.SYSTEM,  # §10.8 Uneasy Alliance, Blood Brothers
    reaction.SYSTEM,  # §10.6 reaction movement
    centers.SYSTEM,  # §10.7 research and industrial centres
    home_sets.SYSTEM,  # §12.1.3 the Deep Space scenario's home sets
    titans.SYSTEM,  # §10.3 Titans, the Flagship, Fast BC
    gates.SYSTEM,  # §12.3 planetary gates
    alien_tech.SYSTEM,  # §10.5 Alien Technology
    amoeba.SYSTEM,  # §13.11 Space Amoebas
    empire_advantages.SYSTEM,  # §10.4 Empire Advantages
    victory.SYSTEM,  # §12.1.5 Quick Conquest, §12.2 victory points
    experience.SYSTEM,  # §10.2 ship experience (its modifiers are called by the phases)
    boarding.SYSTEM,  # §10.2 boarding ships, captured ships
)

install(SYSTEMS)  # the systems ask the opponents above them through this table (base/system.py)

# Which system owns each action kind and each pending decision (two owners fail here, at import).
ACTION_OWNERS: dict[str, System] = owners(SYSTEMS, lambda s: s.action_kinds)
STEP_OWNERS: dict[str, System] = owners(SYSTEMS, lambda s: s.step_kinds)
SECRET_KINDS: tuple[str, ...] = tuple(k for s in SYSTEMS for k in s.secret_kinds)

# Each hook's implementations, in registry order (a system that leaves a hook out costs nothing there).
SETUP = tuple(s.setup for s in SYSTEMS if s.setup is not None)
MORE_STEP_ACTIONS = tuple(s.more_step_actions for s in SYSTEMS if s.more_step_actions is not None)
OBSERVE = tuple(s.observe for s in SYSTEMS if s.observe is not None)
SECRET = tuple(s.secret for s in SYSTEMS if s.secret is not None)
DETERMINIZE_FIRST = tuple(s.determinize for s in SYSTEMS if s.determinize is not None and s.determinize_first)
DETERMINIZE = tuple(s.determinize for s in SYSTEMS if s.determinize is not None and not s.determinize_first)
INVARIANTS = tuple(s.invariants for s in SYSTEMS if s.invariants is not None)
AFTER_STEP = tuple(s.after_step for s in SYSTEMS if s.after_step is not None)
MAX_EXTRA_ACTIONS = tuple(s.max_extra_actions for s in SYSTEMS if s.max_extra_actions is not None)
BOT_CHOICE = tuple((s.action_kinds, s.bot_choice) for s in SYSTEMS if s.bot_choice is not None)
