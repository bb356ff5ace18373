"""Ship experience and the Military Academy of Close Encounters [MRB 37] (docs §10.2, option ``experience``).

Every ship counter has an experience level (``Unit.xp``, shared by the counter's units): Green, Skilled,
Veteran, Elite, Legendary. The level is printed on the ship tech sheet, so it is as secret as the counter's
technology: its owner sees it, everyone sees it once the counter is face up (views.py). The numbers are in
data/experience.yaml.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from galaxis.core import Event
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.base.system import System, ships_gain_experience

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class ExperienceTable(BaseModel):
    model_config = _FROZEN
    levels: tuple[str, ...]
    ships: tuple[str, ...]
    better_bonus: int = Field(ge=0)
    worse_gap: int = Field(ge=1)
    worse_penalty: int = Field(ge=0)
    shield_gap: int = Field(ge=1)
    half_maintenance_from: int = Field(ge=0)
    extra_hit_from: int = Field(ge=0)
    promotion_per_hull: int = Field(ge=1)
    larger_victim_modifier: int = Field(ge=0)
    academy_promotion_level: int = Field(ge=1)
    academy_promotion_modifier: int = Field(ge=0)
    academy_start: tuple[int, ...]


@cache
def table() -> ExperienceTable:
    return ExperienceTable.model_validate(data._load("experience.yaml")["experience"])


def level_name(level: int) -> str:
    return table().levels[level]


def top() -> int:
    return len(table().levels) - 1


def gains(state: SEState, u: Unit) -> bool:
    """Whether ``u`` has an experience level: the option is on and it is a player's ship, or an Alien
    Player's ship in the games whose aliens use experience (§13.13)."""
    if not state.experience or u.kind not in table().ships:
        return False
    return u.owner >= 0 or alien_gains(state, u.owner)


def alien_gains(state: SEState, owner: int) -> bool:
    """§13.13 (seed: the new-features AP "használhat Hajó-tapasztalatot"): the alien empires of
    ``solo_ap_new_features`` and of the victory-point scenarios (§13.12) have experience levels like a
    live player's ships; the base Alien Player's (§13.5) and the machines' ships have none. The
    opponents answer (``ships_gain_experience``, base/system.py)."""
    return ships_gain_experience(state, owner)


def _academy(state: SEState, seat: int) -> int:
    """The owner's Military Academy level: a player's track, or an alien's sheet (§13.13)."""
    if seat >= 0:
        return state.players[seat].techs.get("military_academy", 0)
    alien = board.alien_empire(state, seat)
    return alien.techs.get("military_academy", 0) if alien is not None else 0


def start_level(state: SEState, seat: int) -> int:
    """A new ship starts Green, or Skilled with Military Academy 1 [MRB 37]."""
    starts = table().academy_start
    return starts[min(_academy(state, seat), len(starts) - 1)]


def on_new_unit(state: SEState, unit: Unit) -> None:
    """A new unit gets its start level; joining a counter, the counter takes the lower level (DESIGN:
    a group has one level, and new ships cannot make it better than they are)."""
    if not gains(state, unit):
        return
    unit.xp = start_level(state, unit.owner)
    members = [u for u in board.counter_units(state, board.counter_of(unit)) if u.uid != unit.uid]
    if members:
        level = min(unit.xp, members[0].xp)
        for u in [*members, unit]:
            u.xp = level


def on_merge(state: SEState, cid: str) -> None:
    """Two merged groups take the lower of their levels (DESIGN, as for joining)."""
    members = board.counter_units(state, cid)
    if members and gains(state, members[0]):
        level = min(u.xp for u in members)
        for u in members:
            u.xp = level


def economic_phase(state: SEState, events: list[Event]) -> None:
    """§10.2: every Green group becomes Skilled at the next Economic Phase (before new ships arrive)."""
    if not state.experience:
        return
    trained = [u for u in state.units.values() if gains(state, u) and u.xp == 0]
    for u in trained:
        u.xp = 1
    if trained:
        # Which counters were Green is no secret of the log: it only says that training happened.
        events.append({"type": "training", "text": "Green ship groups become Skilled"})


# --- combat -----------------------------------------------------------------------------------------------
def attack_modifier(state: SEState, shooter: Unit, target: Unit) -> int:
    """§10.2: +1 against a less experienced group, -1 firing at a group 2 or more levels higher. Only
    between two groups that have levels (bases, aliens and machines have none)."""
    if not (gains(state, shooter) and gains(state, target)):
        return 0
    t = table()
    if shooter.xp > target.xp:
        return t.better_bonus
    if target.xp - shooter.xp >= t.worse_gap:
        return -t.worse_penalty
    return 0


def filter_targets(state: SEState, shooter: Unit, targets: list[Unit]) -> list[Unit]:
    """§10.2: a group 3 or more levels above the shooter cannot be targeted while others remain."""
    if not gains(state, shooter):
        return targets
    gap = table().shield_gap
    open_ = [v for v in targets if not (gains(state, v) and v.xp - shooter.xp >= gap)]
    return open_ or targets


def adjust(state: SEState, u: Unit, c: combat.Combatant) -> combat.Combatant:
    """§10.2: a Legendary ship takes one hit more."""
    if gains(state, u) and u.xp >= table().extra_hit_from:
        c.extra_hits += 1
    return c


def promotion_need(state: SEState, shooter: Unit, victim_hull: int) -> int:
    """The number to roll at or under for a promotion: 2 x the victim's hull. The roll is lowered by 1 when
    the victim was larger than the shooter and by 1 with Military Academy 2, which is the same as raising
    this number (DESIGN: both modifiers of the reference ease the roll, docs §10.2)."""
    t = table()
    need = t.promotion_per_hull * victim_hull
    if victim_hull > data.unit_table_by_id()[shooter.kind].hull:
        need += t.larger_victim_modifier
    if _academy(state, shooter.owner) >= t.academy_promotion_level:
        need += t.academy_promotion_modifier
    return need


def after_kill(state: SEState, shooter: Unit, victim_hull: int, events: list[Event]) -> None:
    """§10.2: after a kill the shooter's group rolls for promotion, at most one level per battle."""
    b = state.battle
    if b is None or not gains(state, shooter) or shooter.xp >= top():
        return
    cid = board.counter_of(shooter)
    if cid in b.promoted:
        return
    need = promotion_need(state, shooter, victim_hull)
    roll = combat.roll_d10(state)  # the match generator's d10, as every automated roll
    event: Event = {"type": "promotion", "counter": cid, "roll": roll, "need": need}
    if roll <= need:
        b.promoted.append(cid)
        for u in board.counter_units(state, cid):
            u.xp = min(top(), u.xp + 1)
        event["level"] = level_name(shooter.xp)
        event["text"] = (
            f"{cid} is promoted to {level_name(shooter.xp)} (rolled {roll}, needed {need} or less)"
        )
    else:
        event["text"] = f"{cid} is not promoted (rolled {roll}, needed {need} or less)"
    events.append(event)


def maintenance_discount(state: SEState, units: list[Unit]) -> int:
    """§10.2: Elite and Legendary ships pay half maintenance; the halves are summed and the player pays
    the total rounded up (DESIGN)."""
    if not state.experience:
        return 0
    table_ = data.units(state.edition)
    halved = sum(
        table_[u.kind].upkeep for u in units if gains(state, u) and u.xp >= table().half_maintenance_from
    )
    return halved // 2


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System("experience", "§10.2")  # its rules are combat and economy modifiers the phases call
