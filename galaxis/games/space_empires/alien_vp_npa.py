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

from typing import TYPE_CHECKING

from galaxis.core import Event

from . import board, combat, coop, data
from .hexes import parse_hex_id
from .solo_state import Alien, AlienFleet

if TYPE_CHECKING:
    from .state import SEState, Unit

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
    from . import solo

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
        solo._buy_fleet(state, a, fleet, events)
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
            "text": f"alien {solo._opp_letter(a.owner)} destroys the non-player aliens at {hid}",
        }
    )
    guards(state, a, fleet, hid, events)
    colony_ship(state, a, hid, events)


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
    from . import solo

    if fleet.role != "expansion":
        return
    fleet.role, fleet.target = GUARD, hid
    events.append(
        {
            "type": "alien_vp_guards",
            "alien": a.owner,
            "hex": hid,
            "text": f"alien {solo._opp_letter(a.owner)}'s expansion fleet stays to defend {hid}",
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
    from . import solo

    ship = solo._alien_unit(state, a, "CO", a.home, revealed=True)
    a.fleets.append(AlienFleet("", [ship.uid], 0, False, state.cycle, hid, 0, "colony_ship", 0, True))
    events.append(
        {
            "type": "alien_vp_colony_ship",
            "alien": a.owner,
            "unit": ship.uid,
            "hex": hid,
            "text": f"alien {solo._opp_letter(a.owner)} places a free Colony Ship on {a.home}, heading for {hid}",
        }
    )
