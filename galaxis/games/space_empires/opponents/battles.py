"""Combat details of the automated opponents (docs/games/space_empires.md §13.3, §13.7): a Doomsday
Machine as a combatant, its weakness in battle, the targets it may be fired at with, its extra shots and
the damage it keeps. The battle phase (phases/battle.py) calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.opponents import forces
from galaxis.games.space_empires.opponents.tables import solo_tables

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState


def combatant(state: SEState, u: Unit, side: int) -> combat.Combatant:
    """A Doomsday Machine as a combatant: its strength row, Tactics 2, the damage it carries."""
    assert state.solo is not None
    s = forces.machine_stats(state.solo, u.uid)
    return combat.Combatant(
        u.uid,
        side,
        "DM",
        s.cls,
        s.attack,
        s.defense,
        s.hull,
        tactics=solo_tables().doomsday.tactics,
        damage=u.damage,
        doomsday=True,
        # §13.10: Nebulae and Asteroids do not affect a cooperative machine in combat.
        ignores_terrain=state.solo.coop is not None and u.uid in state.solo.coop.machines,
    )


def _battle_machine(state: SEState) -> Unit | None:
    b = state.battle
    if b is None or state.solo is None:
        return None
    return next((u for u in board.units_at(state, b.hex) if u.kind == "DM"), None)


def adjust_combatant(state: SEState, u: Unit, c: combat.Combatant) -> combat.Combatant:
    """The Doomsday Machine's weaknesses (§13.3): Raiders are cloaked against it only with the
    cloaking weakness (then the machine's -2 against them is their +2 defence); with the large-fleets
    weakness 10 or more ships able to damage it get the 2:1 bonus (+1 attack)."""
    dm = _battle_machine(state)
    if dm is None or u.owner < 0 or state.solo is None:
        return c
    weakness = state.solo.machines[dm.uid].weakness
    tables = solo_tables().doomsday
    if u.kind == "R":
        if weakness == "cloaking":
            c.cloaked, c.cls = True, "A"
            c.defense += tables.cloaking_penalty
        else:
            c.cloaked, c.cls = False, "D"
    if weakness == "large_fleets":
        target = combatant(state, dm, 1 - c.side)
        able = [
            v
            for v in board.units_at(state, dm.hex)
            if board.allied(state, v.owner, u.owner)  # allies' ships count together (§13.10)
            and board.is_combat_kind(v.kind)
            and _can_damage(state, v, target)
        ]
        if len(able) >= tables.large_fleet_ships:
            c.attack += 1
    return c


def _can_damage(state: SEState, v: Unit, target: combat.Combatant) -> bool:
    if v.kind == "F":
        return state.solo is not None and state.solo.machines[target.uid].weakness == "fighters"
    t = data.unit_table_by_id()[v.kind]
    return t.attack_at(v.level) + min(v.attack_tech, t.hull) - target.defense >= 1


def filter_targets(state: SEState, shooter: Unit, targets: list[Unit]) -> list[Unit]:
    """Fighters cannot fire at a Doomsday Machine unless that is its weakness; a Doomsday Machine fires
    at the most threatening ships first (highest chance to hit it, then the largest hull); any tie left
    is the live player's choice (§13.3)."""
    solo = state.solo
    if solo is None or not solo.machines:
        return targets
    if shooter.kind == "F":
        return [t for t in targets if t.kind != "DM" or solo.machines[t.uid].weakness == "fighters"]
    if shooter.kind != "DM" or len(targets) <= 1:
        return targets
    me = combatant(state, shooter, 0)

    def threat(t: Unit) -> tuple[int, int]:
        if t.kind == "F" and solo.machines[shooter.uid].weakness != "fighters":
            return -99, 0
        if t.kind in board.NPA_KINDS:
            return 0, 1
        tt = data.unit_table_by_id()[t.kind]
        number = tt.attack_at(t.level) + min(t.attack_tech, tt.hull) - me.defense
        return number, tt.hull

    best = max(threat(t) for t in targets)
    return [t for t in targets if threat(t) == best]


def extra_shots(state: SEState, queue: list[str]) -> list[str]:
    """A Doomsday Machine fires its number of attacks in a row at its place in the firing order."""
    if state.solo is None or not state.solo.machines:
        return queue
    out: list[str] = []
    for uid in queue:
        if uid in state.solo.machines:
            out += [uid] * forces.machine_stats(state.solo, uid).attacks
        else:
            out.append(uid)
    return out


def keeps_damage(u: Unit) -> bool:
    """Doomsday Machines carry their damage from battle to battle (§13.3)."""
    return u.kind == "DM"
