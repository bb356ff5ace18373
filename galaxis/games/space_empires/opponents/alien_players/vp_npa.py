"""The victory-point Alien Player's expansion fleets against non-player alien planets, and the expansion
fleets that stay to defend what they took (docs/games/space_empires.md §13.12.5-13.12.6; seed, the AP
flowchart: "TERJESZKEDŐ FLOTTÁK" and "Sivár bolygók").

- ``npa_planets``: the Deep Space barren planets where non-player aliens live (expansion targets);
- ``fights_npas``: an expansion fleet on such a planet buys its ships and fights the aliens by the
  normal combat rules (both sides automated); if it wins, a free Colony Ship heads for the planet and
  the fleet guards it;
- ``guards``: an expansion fleet that captured a colony or cleared a non-player alien planet stays there
  for the rest of the game (role ``guard``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Event
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.opponents.solo_state import Alien, AlienFleet

if TYPE_CHECKING:
    from galaxis.games.space_empires.base.state import Unit
    from galaxis.games.space_empires.state import SEState

MAX_ROUNDS = 100  # [DESIGN] an automated battle stops after this many rounds (as coop.MAX_NPA_ROUNDS)
GUARD = "guard"


def _deep_space(state: SEState, hid: str) -> bool:
    return data.hex_map(len(state.players)).owner_of(parse_hex_id(hid)) is None


def npa_planets(state: SEState) -> set[str]:
    """§13.12.5: the non-player alien planets an expansion fleet may head for: Deep Space hexes where
    non-player alien ships live on an uncolonised planet."""
    return {
        u.hex
        for u in state.units.values()
        if u.owner == board.NPA and u.hex not in state.colonies and _deep_space(state, u.hex)
    }


def _npas_at(state: SEState, hid: str) -> list[Unit]:
    return sorted(
        (v for v in board.units_at(state, hid) if v.owner == board.NPA), key=lambda v: board.uid_key(v.uid)
    )


def _ship(u: Unit, side: int) -> combat.Combatant:
    if u.owner == board.NPA:
        s = data.npa_ships()[u.kind]
        return combat.Combatant(
            u.uid, side, u.kind, s.cls, s.attack, s.defense, s.hull, tactics=data.unit_table().npa_tactics
        )
    t = data.unit_table_by_id()[u.kind]
    assert t.cls is not None
    return combat.Combatant(
        u.uid,
        side,
        u.kind,
        t.cls,
        t.attack_at(u.level),
        t.defense_at(u.level),
        t.hull,
        u.attack_tech,
        u.defense_tech,
        u.tactics,
    )


def fights_npas(state: SEState, a: Alien, fleet: AlienFleet, events: list[Event]) -> None:
    """§13.12.6 (seed "Sivár bolygók": "harcra kerül sor, mintha a nem játékos idegenek is élő játékosok
    lennének"): an expansion fleet on a non-player alien planet buys its ships (a counter) and fights the
    aliens there. The fleet that destroys them all gets a free Colony Ship; an expansion fleet guards the
    planet. [DESIGN] A destroyer fleet that ends its move there (it found the planet by entering it,
    alien_vp_explore.enters) fights too ("Ha a flotta ... sivár bolygóra lép ... harcra kerül sor")."""
    from galaxis.games.space_empires.opponents import sheets

    if fleet.role not in ("expansion", "destroyer"):
        return
    lead = (
        fleet.counter
        if fleet.counter in state.units
        else next((u for u in fleet.units if u in state.units), "")
    )
    if not lead:
        return
    hid = state.units[lead].hex
    if hid not in npa_planets(state):
        return
    if fleet.counter in state.units:
        sheets.buy_fleet(state, a, fleet, events)
    ours = [
        state.units[u] for u in fleet.units if u in state.units and board.is_combat_kind(state.units[u].kind)
    ]
    if not ours:
        return
    battle(state, ours, _npas_at(state, hid), events)
    fleet.units = [u for u in fleet.units if u in state.units]
    if _npas_at(state, hid) or not fleet.units:
        return
    events.append(
        {
            "type": "alien_vp_npa_cleared",
            "alien": a.owner,
            "hex": hid,
            "text": f"alien {board.opponent_letter(a.owner)} destroys the non-player aliens at {hid}",
        }
    )
    guards(state, a, fleet, hid, events)
    if not invades(state, a, fleet, hid, events):  # §13.12.6: ground combat first, if it can
        colony_ship(state, a, hid, events)


# --- the ground invasion of a non-player alien planet (§13.12.6) --------------------------------------------
def _cargo(state: SEState, fleet: AlienFleet) -> list[str]:
    """The fleet's Transports that carry ground units (the expansion fleet's free Transport, §13.12.4)."""
    g = state.ground
    if g is None:
        return []
    return [u for u in fleet.units if u in state.units and state.units[u].kind == "T" and g.aboard.get(u)]


def invades(state: SEState, a: Alien, fleet: AlienFleet, hid: str, events: list[Event]) -> bool:
    """Seed "Sivár bolygók" ("A hajó vásárlás alatt arra is van esély, hogy az AP-k Földi egységeket
    vesznek, amelyekkel a szokásos módon támadhatnak. A Földi harc ugyanúgy zajlik, mint amikor egy élő
    játékos, egy nem játékos idegen bolygóját támadja a felszínen"): with ``ground_combat``, a fleet that
    won the space battle over a non-player alien planet lands every ground unit its Transports carry
    against the planet's 5 Militia (§10.1). The ground battle is automated on both sides as the space
    battle is (``ground_battle``). A win makes the planet the alien's colony (``captures_npa_planet``).
    True when the planet was captured; False (no ground units, or the invasion failed) lets the free
    Colony Ship come ("Ha Földi harcra nem került sor, vagy sikertelenül ért véget")."""
    from galaxis.games.space_empires.systems import ground
    from galaxis.games.space_empires.systems.ground_state import Invasion, Trooper

    g = state.ground
    transports = _cargo(state, fleet)
    if g is None or not transports or hid in state.colonies:
        return False
    invaders = [k for t in transports for k in g.aboard.pop(t, [])]
    troopers = [Trooper(f"g{i + 1}", k, 0, 0, 0) for i, k in enumerate(invaders)]
    n = len(troopers)
    troopers += [Trooper(f"g{n + i + 1}", ground.MILITIA, 1, 0, 0) for i in range(ground.NPA_MILITIA)]
    ground.grav_support(troopers)
    drop = a.techs.get(ground.TECH, 0) >= ground.DROP_SHIPS
    inv = Invasion(hid, a.owner, board.NPA, 0, troopers, [], drop)
    ground._say(
        events,
        {
            "type": "landing",
            "hex": hid,
            "attacker": a.owner,
            "defender": board.NPA,
            "invaders": list(invaders),
            "defenders": [ground.MILITIA] * ground.NPA_MILITIA,
            "drop_ships": drop,
        },
    )
    ground_battle(state, inv, events)
    survivors = [t.kind for t in inv.troopers if t.side == 0]
    if not survivors or any(t.side == 1 for t in inv.troopers):
        ground._say(events, {"type": "invasion_repelled", "hex": hid, "defender": board.NPA})
        return False
    captures_npa_planet(state, a, hid, survivors, events)
    return True


def ground_battle(state: SEState, inv: Any, events: list[Event]) -> None:
    """§10.1's ground combat, nobody choosing [DESIGN, as the space battle]: rounds in the ground firing
    order (class A first, the defender first in a tie; units landed without drop ships hold their fire in
    round 1); each unit fires at the enemy it hits most easily (ties: the first by id); a d10 at or under
    attack minus the target's defence hits (a 1 always hits), a unit dies when its damage reaches its
    hull. At most ``MAX_ROUNDS`` rounds."""
    from galaxis.games.space_empires.systems import ground

    def alive(side: int) -> list[Any]:
        return [t for t in inv.troopers if t.side == side]

    while alive(0) and alive(1) and inv.round < MAX_ROUNDS:
        inv.round += 1
        ground._say(events, {"type": "ground_round", "hex": inv.hex, "round": inv.round})
        for tid in ground.firing_order(inv):
            shooter = next((t for t in inv.troopers if t.tid == tid), None)
            enemies = alive(1 - shooter.side) if shooter is not None else []
            if shooter is None or not enemies:
                continue
            attack = ground._trooper_stats(shooter)[1]

            def need(t: Any, attack: int = attack) -> int:
                return attack - ground._trooper_stats(t)[2]

            target = max(enemies, key=lambda t: (need(t), -int(t.tid[1:])))
            roll = combat.roll_d10(state)
            hit = roll == 1 or roll <= need(target)
            ground.say_shot(events, shooter, target, roll, need(target), hit)
            if hit:
                target.damage += 1
                if target.damage >= ground._trooper_stats(target)[3]:
                    inv.troopers.remove(target)
                    ground._say(events, {"type": "ground_destroyed", "unit": target.tid, "kind": target.kind})


def captures_npa_planet(
    state: SEState, a: Alien, hid: str, survivors: list[str], events: list[Event]
) -> None:
    """§10.1 as for a live player: a won non-player alien planet becomes a 3 CP colony of the invader,
    garrisoned by the survivors. [DESIGN] It scores as colonising it would (§13.12.6, "Az AP Mélyűrben
    lévő bolygót kolonizál / elfoglal +2 GYP"): the Deep Space planet's +2 VP and an Alien Technology card
    (not the +2 of a live player's colony); no Colony Ship comes."""
    from galaxis.games.space_empires.base.state import Colony
    from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
    from galaxis.games.space_empires.systems import ground
    from galaxis.games.space_empires.systems.ground_state import Garrison

    g = state.ground
    assert g is not None
    state.colonies[hid] = Colony(a.owner, ground.NPA_COLONY, False, False)
    g.garrisons[hid] = Garrison(a.owner, list(survivors))
    ground._say(
        events,
        {"type": "colony_captured", "hex": hid, "by": a.owner, "from": board.NPA, "value": ground.NPA_COLONY},
    )
    alien_vp.deep_space_taken(state, a, hid, events)


def battle(state: SEState, ours: list[Unit], theirs: list[Unit], events: list[Event]) -> None:
    """Both sides automated (§5 rounds in firing order): every shooter fires at the enemy it hits most
    easily (ties: the first by id) [DESIGN: nobody chooses]; the loser's ships are destroyed, the
    survivors are repaired (§5.6)."""

    side = [_ship(u, 0) for u in ours] + [_ship(u, 1) for u in theirs]
    terrain = board.terrain(state, theirs[0].hex) if theirs else "open"
    rounds = 0
    while any(c.alive and c.side == 0 for c in side) and any(c.alive and c.side == 1 for c in side):
        rounds += 1
        if rounds > MAX_ROUNDS:
            break
        for shooter in combat.firing_order(side, terrain):
            enemies = [c for c in side if c.alive and c.side != shooter.side]
            if not shooter.alive or not enemies:
                continue
            target = max(enemies, key=lambda c: (combat.to_hit(shooter, c, terrain=terrain), -side.index(c)))
            coop.automated_shot(state, shooter, target, events, terrain)
    for c in side:
        if not c.alive and c.uid in state.units:
            hid = state.units[c.uid].hex
            del state.units[c.uid]
            events.append({"type": "destroyed", "unit": c.uid, "hex": hid})


def guards(state: SEState, a: Alien, fleet: AlienFleet, hid: str, events: list[Event]) -> None:
    """§13.12.5 (seed: "Ha egy terjeszkedő flotta elfoglal egy kolóniát, vagy egy nem játékos idegen
    bolygóját, a flotta maradéka helyben marad és a játék hátralevő részében a bolygót védi"): the rest of
    the expansion fleet stays on the planet for the rest of the game. [DESIGN] It no longer counts
    against the most fleets in space (it has become the planet's defence)."""

    if fleet.role != "expansion":
        return
    fleet.role, fleet.target = GUARD, hid
    events.append(
        {
            "type": "alien_vp_guards",
            "alien": a.owner,
            "hex": hid,
            "text": f"alien {board.opponent_letter(a.owner)}'s expansion fleet stays to defend {hid}",
        }
    )


def guards_captured(state: SEState, a: Alien, hid: str, events: list[Event]) -> None:
    """An alien captured a colony with ground troops (§13.13.3): the expansion fleet there guards it."""
    for f in a.fleets:
        if f.role == "expansion" and any(u in state.units and state.units[u].hex == hid for u in f.units):
            guards(state, a, f, hid, events)
            return


def colony_ship(state: SEState, a: Alien, hid: str, events: list[Event]) -> None:
    """Seed "A meghódított bolygók kolonizálása": a free Colony Ship on the alien's home world heads for
    the non-player alien planet just cleared (+2 VP for colonising in Deep Space when it arrives)."""
    from galaxis.games.space_empires.opponents import forces

    ship = forces.alien_unit(state, a, "CO", a.home, revealed=True)
    a.fleets.append(AlienFleet("", [ship.uid], 0, False, state.cycle, hid, 0, "colony_ship", 0, True))
    events.append(
        {
            "type": "alien_vp_colony_ship",
            "alien": a.owner,
            "unit": ship.uid,
            "hex": hid,
            "text": f"alien {board.opponent_letter(a.owner)} places a free Colony Ship on {a.home}, heading for {hid}",
        }
    )
