"""Space combat of Space Empires 4X as pure functions on a list of combatants [MRB 5][seed summary].

The rules layer turns units into :class:`Combatant` records, decides screening, targets and retreats
(player decisions) and calls these functions; dice come from the match generator (a d10 where 0 = 10).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from galaxis.core.rng import Rng

if TYPE_CHECKING:
    from galaxis.games.space_empires.state import SEState

CLASS_ORDER = "ABCDEF"
TERRAINS = ("open", "nebula", "asteroids")


@dataclass
class Combatant:
    uid: str
    side: int  # 0 = the attacker (the unit that moved in), 1 = the defender
    kind: str  # unit type id, e.g. "DN"
    cls: str  # weapon class A-F
    attack: int  # printed attack, with the unit's own fighter/cloaking/boarding level applied
    defense: int
    hull: int
    attack_tech: int = 0
    defense_tech: int = 0
    tactics: int = 0
    cost: int = 0
    damage: int = 0
    screened: bool = False
    cloaked: bool = False
    titan: bool = False
    doomsday: bool = False
    amoeba: bool = False  # a Space Amoeba: no fleet size bonus and no screening against it
    fighter: bool = False
    carrier: bool = False
    pd_attack: int = 0  # a Point Defense Scout's attack against fighters (0: none) [MRB 15]
    pd_guard: int = 0  # a fighter's extra defence against Point Defense [MRB 15]
    ignores_terrain: bool = False  # a cooperative Doomsday Machine fires at its own class anywhere
    extra_hits: int = 0  # hits it takes beyond its hull size (a Legendary ship, §10.2)

    @property
    def alive(self) -> bool:
        return self.damage < self.hull + self.extra_hits

    @property
    def active(self) -> bool:
        """Alive and in the line of battle (screened units neither fire nor can be hit)."""
        return self.alive and not self.screened


def d10(rng: Rng) -> int:
    return 1 + rng.below(10)


def roll_d10(state: SEState) -> int:
    """A d10 of the match generator for a roll of the rules' own (an automated opponent's die, a
    promotion, a boarding attempt), kept apart from the shots' ``d10`` so tests can plant either."""
    return d10(state.rng)


def firing_class(u: Combatant, terrain: str = "open") -> str:
    """In a Nebula or Asteroids every unit fires as E-class, except boarding ships (F) [MRB 5.2]."""
    if terrain in ("nebula", "asteroids") and u.cls != "F" and not u.ignores_terrain:
        return "E"
    return u.cls


def attack_strength(u: Combatant, terrain: str = "open") -> int:
    """Attack plus Attack tech, the tech capped by hull size [MRB 9.2]; Asteroids cancel Attack tech."""
    tech = 0 if terrain == "asteroids" else min(u.attack_tech, u.hull)
    return u.attack + tech


def defense_strength(u: Combatant, terrain: str = "open") -> int:
    """Defense plus Defense tech, capped by hull size [MRB 9.3]; a Nebula cancels Defense tech."""
    tech = 0 if terrain == "nebula" else min(u.defense_tech, u.hull)
    return u.defense + tech


def to_hit(
    shooter: Combatant,
    target: Combatant,
    *,
    fleet_bonus: bool = False,
    round_no: int = 1,
    terrain: str = "open",
) -> int:
    """The number to roll at or under to hit (before the "1 always hits" rule).

    The fleet size bonus does not apply against Titans and Doomsday Machines, except that fighters keep
    it against Titans and get +1 more [MRB 22]. A cloaked shooter gets +1 in round 1 [MRB 16].
    """
    number = attack_strength(shooter, terrain) - defense_strength(target, terrain)
    if shooter.pd_attack and target.fighter:
        # Point Defense: the Scout's attack against fighters replaces its printed attack [MRB 15].
        number += shooter.pd_attack - shooter.attack - target.pd_guard
    if fleet_bonus and not (target.doomsday or target.amoeba) and (not target.titan or shooter.fighter):
        number += 1
    if target.titan and shooter.fighter:
        number += 1
    if shooter.cloaked and round_no == 1 and terrain != "nebula":
        number += 1
    return number


def is_hit(roll: int, number: int, shooter: Combatant, target: Combatant) -> bool:
    """A roll hits when it is at most the to-hit number; a 1 always hits, except against Titans
    (fighters excepted) and Doomsday Machines; a Doomsday Machine misses on any 10 [MRB 5.3, 22][SSB 2]."""
    if shooter.doomsday and roll == 10:
        return False
    if roll == 1 and not target.doomsday and (not target.titan or shooter.fighter):
        return True
    return roll <= number


def damage_per_hit(shooter: Combatant) -> int:
    """A Titan's hit does 2 damage [MRB 22]."""
    return 2 if shooter.titan else 1


def counted(units: Sequence[Combatant], side: int) -> int:
    return sum(1 for u in units if u.side == side and u.active)


def fleet_size_bonus(units: Sequence[Combatant]) -> int | None:
    """The side with at least twice as many unscreened combat units, if any [MRB 5.1.4]."""
    a, b = counted(units, 0), counted(units, 1)
    if a and b and a >= 2 * b:
        return 0
    if a and b and b >= 2 * a:
        return 1
    return None


def screening_allowance(units: Sequence[Combatant], side: int) -> int:
    """How many units ``side`` may screen: the excess of its alive combat units over the enemy's.
    Nobody screens against a Doomsday Machine [MRB 5.5][SSB 2]."""
    if any((u.doomsday or u.amoeba) and u.alive for u in units if u.side != side):
        return 0
    mine = sum(1 for u in units if u.side == side and u.alive)
    theirs = sum(1 for u in units if u.side != side and u.alive)
    return max(0, mine - theirs)


def firing_order(units: Sequence[Combatant], terrain: str = "open") -> list[Combatant]:
    """Classes fire A to F; within a class higher Tactics first; on a full tie the defender first."""
    return sorted(
        units,
        key=lambda u: (CLASS_ORDER.index(firing_class(u, terrain)), -u.tactics, -u.side, u.uid),
    )


def legal_targets(shooter: Combatant, units: Sequence[Combatant]) -> list[Combatant]:
    """Unscreened enemies; a Carrier cannot be targeted while a friendly unscreened fighter is in the
    battle [MRB 15]."""
    enemies = [u for u in units if u.side != shooter.side and u.active]
    if any(u.fighter for u in enemies):
        enemies = [u for u in enemies if not u.carrier]
    return enemies


def apply_hit(shooter: Combatant, target: Combatant) -> bool:
    """Damage the target; True when that destroyed it."""
    target.damage = min(target.hull + target.extra_hits, target.damage + damage_per_hit(shooter))
    return not target.alive


@dataclass
class Shot:
    shooter: str
    target: str
    roll: int
    number: int
    hit: bool
    destroyed: bool


@dataclass
class BattleResult:
    rounds: int
    winner: int | None  # the side with units left, None when both or neither remain
    shots: list[Shot] = field(default_factory=list)

    def lost_cp(self, units: Sequence[Combatant], side: int) -> int:
        return sum(u.cost for u in units if u.side == side and not u.alive)


TargetChooser = Callable[[Combatant, list[Combatant]], Combatant]


def focus_fire(shooter: Combatant, targets: list[Combatant]) -> Combatant:
    """A simple default target policy: finish damaged units, then the smallest hulls, then the most
    expensive (the policy of samibh/se4x-sim, so its published win rates can be compared)."""
    wounded = [t for t in targets if t.damage]
    if wounded:
        return wounded[0]
    smallest = min(t.hull for t in targets)
    return next(t for t in targets if t.hull == smallest)


def fight_round(
    units: Sequence[Combatant],
    rng: Rng,
    round_no: int,
    choose: TargetChooser = focus_fire,
    terrain: str = "open",
    shots: list[Shot] | None = None,
) -> None:
    """One round: the fleet size bonus is fixed at the start of the round, then every unscreened unit
    still alive fires once in firing order at a target ``choose`` picks among the legal ones."""
    bonus_side = fleet_size_bonus(units)
    for shooter in firing_order(units, terrain):
        if not shooter.active:
            continue
        targets = legal_targets(shooter, units)
        if not targets:
            return
        target = choose(shooter, targets)
        if target not in targets:
            raise ValueError(f"{target.uid} is not a legal target of {shooter.uid}")
        number = to_hit(
            shooter, target, fleet_bonus=shooter.side == bonus_side, round_no=round_no, terrain=terrain
        )
        roll = d10(rng)
        hit = is_hit(roll, number, shooter, target)
        destroyed = apply_hit(shooter, target) if hit else False
        if shots is not None:
            shots.append(Shot(shooter.uid, target.uid, roll, number, hit, destroyed))


def battle(
    units: Sequence[Combatant],
    rng: Rng,
    choose: TargetChooser = focus_fire,
    terrain: str = "open",
    max_rounds: int = 100,
) -> BattleResult:
    """Fight rounds until one side has no unscreened unit left (no retreats, no screening changes)."""
    result = BattleResult(rounds=0, winner=None)
    while result.rounds < max_rounds and counted(units, 0) and counted(units, 1):
        result.rounds += 1
        fight_round(units, rng, result.rounds, choose, terrain, result.shots)
    left = [side for side in (0, 1) if counted(units, side)]
    result.winner = left[0] if len(left) == 1 else None
    return result
