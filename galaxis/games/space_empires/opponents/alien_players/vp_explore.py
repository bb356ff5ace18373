"""The victory-point Alien Players' own exploration of Deep Space markers (docs/games/space_empires.md
§13.12.5; seed, the AP flowchart: "NEM LOPAKODÓ FLOTTA MOZGÁSA ÉS A VELÜK VALÓ FELFEDEZÉS" and
"LOPAKODÓ FLOTTÁK").

Hooks (one-line calls from solo.py and rules.py):

- ``peeks``: before a destroyer or expansion fleet moves in a turn it reveals one face-down Deep Space
  marker on its route, as a Cruiser with Exploration 1 peeks (seed "Felfedezés Technológia: Mindig úgy
  vesszük, mintha egy 1-es Felfedezés Technológiával rendelkező CA lenne az AP Csapatban");
- ``enters``: such a fleet that enters a face-down Deep Space hex explores it with the marker's normal
  effect, as a live player's ships do (§6), and stops there (§4.2);
- ``raider_blocks``: a live player may not enter a face-down Deep Space hex where an alien Raider fleet
  stands (seed "Élő játékos nem léphet be olyan, fel nem fedett, Mélyűr jelzőt tartalmazó hexára, amelyen
  egy AP Lopakodó flottája áll").

Raider fleets neither peek nor flip markers (seed: "a Lopakodó flottákra a fel nem fedett, Mélyűr
jelzőknek nincs hatása, nem is idézik elő, hogy ezek átforduljanak"); Colony Ships and guard fleets do
not explore either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Event
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, combat, data, economy
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.state import Marker, Unit
from galaxis.games.space_empires.base.text_data import MSG, word
from galaxis.games.space_empires.opponents.alien_players import solo4
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.opponents.solo_state import Alien, AlienFleet
from galaxis.games.space_empires.systems import victory

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.state import SEState

EXPLORERS = ("destroyer", "expansion")  # the seed's "megsemmisítő- és a terjeszkedő flották"
ONE_SHOT = ("danger", "lost_in_space", "doomsday")  # removed when revealed without a ship there (§6.2)


def _vp(state: SEState) -> bool:
    return alien_vp.vp_of(state) is not None


def _deep_space(state: SEState, hid: str) -> bool:
    return data.hex_map(len(state.players)).owner_of(parse_hex_id(hid)) is None


def face_down_deep(state: SEState, hid: str) -> bool:
    """A face-down marker in a Deep Space hex (the seed's "fel nem fedett, Mélyűr jelző")."""
    m = state.markers.get(hid)
    return m is not None and not m.face_up and _deep_space(state, hid)


def _explorer(state: SEState, uid: str) -> tuple[Alien, AlienFleet] | None:
    """The alien and its destroyer or expansion fleet that ``uid`` leads, in a victory-point game."""
    from galaxis.games.space_empires.opponents import forces

    if not _vp(state) or state.solo is None:
        return None
    fleet = forces.fleet_of(state.solo, uid)
    if fleet is None or fleet.role not in EXPLORERS:
        return None
    a = next((x for x in state.solo.aliens if fleet in x.fleets), None)
    return (a, fleet) if a is not None else None


def _turn_key(state: SEState) -> int:
    return state.cycle * 10 + state.turn


def _say(kind: str, key: str, events: list[Event], **fields: Any) -> None:
    """An event with its English text (data/text.yaml ``key`` has the Hungarian words too)."""

    alien = board.opponent_letter(int(fields["alien"]))
    text = word(key, "en").format(**{**fields, "alien": alien})
    events.append({"type": kind, **fields, "text": text})


# --- the peek before moving (§13.12.5) --------------------------------------------------------------------
def peek_hex(state: SEState, uid: str) -> str:
    """[DESIGN] The marker a fleet reveals before it moves: a Cruiser with Exploration 1 looks at one
    adjacent marker (§6.2), and the alien explores only what lies on its route ("Az AP olyan Mélyűr hexát
    nem tud felderíteni, ami nem esik flottája útjába"): the first (by hex id) face-down Deep Space marker
    among the next steps of its route (§13.12.5's route options); '' when there is none."""
    from galaxis.games.space_empires.opponents import moves

    found = [h for h in moves.route_options(state, uid) if face_down_deep(state, h)]
    return found[0] if found else ""


def peeks(game: SpaceEmpires, state: SEState, uid: str, events: list[Event]) -> None:
    """Seed "Mozgása előtt az AP (flottánként) felfed egy, az úti célja irányába eső, Mélyűr jelzőt ...
    egy AP flotta körönként ... csak 1 hexát fedezhet fel": once a turn, before its first step, a
    destroyer or expansion fleet reveals the face-down Deep Space marker on its route (``peek_hex``)
    with the effect of a marker revealed without a ship in its hex (§6.2): Danger!, Lost in Space and a
    Doomsday marker are removed harmlessly, a warp point too unless its optional rule keeps it, a barren
    planet receives its 4 non-player aliens (and becomes an expansion target); the others stay face up,
    public to everyone. A Black Hole or Super Nova found so is then avoided (the aliens never enter a
    Black Hole: ``moves.passable``)."""
    from galaxis.games.space_empires.opponents import moves

    found = _explorer(state, uid)
    if found is None:
        return
    a, fleet = found
    key = _turn_key(state)
    if fleet.explored == key:
        return
    fleet.explored = key  # the one look of the turn, whether or not a marker lies on the route
    hid = peek_hex(state, uid)
    if not hid:
        return
    m = state.markers[hid]
    _flip(game, state, a, uid, hid, m, True, events)
    if m.kind in ONE_SHOT or (m.kind == "warp_point" and not moves.keeps_warp_point(state, hid, m, events)):
        del state.markers[hid]
    elif _npas_arrive(state, m):
        game._place_npas(state, hid)


def _npas_arrive(state: SEState, m: Marker) -> bool:
    """A Deep Space barren planet receives non-player aliens when found (§6), unless the scenario has
    none there (§13.11, §13.13)."""
    return m.kind == "barren" and m.pool == "deep" and amoeba.npas(state) and solo4.npas(state)


def _flip(
    game: SpaceEmpires,
    state: SEState,
    a: Alien,
    uid: str,
    hid: str,
    m: Marker,
    peek: bool,
    events: list[Event],
) -> None:
    """The marker turns face up for everyone: no player's private knowledge of it remains (§6.2)."""
    from galaxis.games.space_empires.base import text_data

    m.face_up = True
    game._forget(state, hid)
    _say(
        "alien_vp_explores",
        "alien_vp_peeks" if peek else "alien_vp_explores",
        events,
        alien=a.owner,
        unit=uid,
        hex=hid,
        marker=m.kind,
        value=m.value,
        peek=peek,
        name=text_data.marker_name(m.kind, "en"),
    )


# --- entering a face-down Deep Space hex (§13.12.5) -------------------------------------------------------
def _fleet_here(state: SEState, fleet: AlienFleet, hid: str) -> list[Unit]:
    """The fleet's units in the hex, with the fighters its carriers hold."""
    ours = [
        state.units[u]
        for u in [fleet.counter, *fleet.units]
        if u in state.units and state.units[u].hex == hid
    ]
    uids = {u.uid for u in ours}
    ours += [v for v in state.units.values() if v.kind == "F" and v.cargo in uids and v.uid not in uids]
    return sorted(ours, key=lambda v: board.uid_key(v.uid))


def enters(game: SpaceEmpires, state: SEState, uid: str, events: list[Event]) -> None:
    """Seed ("a Lopakodó flottákra", unlike the destroyer and expansion fleets, "a fel nem fedett, Mélyűr
    jelzőknek nincs hatása"): [DESIGN] a destroyer or expansion fleet that enters a face-down Deep Space
    hex explores it as a live player's ships do (§6): Danger! destroys the fleet, a Black Hole rolls for
    each of its units (1-6 survives), a Super Nova sends it back where it came from, Lost in Space moves
    it to the neighbour a d10 names (as §13.10), a barren planet receives its non-player aliens (the fleet
    fights them when it ends its move, alien_vp_npa.fights_npas); other markers stay face up. Entering an
    unexplored hex ends the fleet's move for the turn (§4.2)."""
    from galaxis.games.space_empires.opponents import moves

    found = _explorer(state, uid)
    if found is None or uid not in state.units:
        return
    a, fleet = found
    hid = state.units[uid].hex
    if not face_down_deep(state, hid):
        return
    m = state.markers[hid]
    _flip(game, state, a, uid, hid, m, False, events)
    here = _fleet_here(state, fleet, hid)
    _marker_effect(game, state, a, hid, m, here, events)
    fleet.units = [u for u in fleet.units if u in state.units]
    if fleet.counter not in state.units:
        fleet.counter = ""
    if not fleet.counter and not fleet.units:
        a.fleets.remove(fleet)  # destroyed to the last ship (Danger!, a Black Hole)
        return
    moves.set_moved(state, fleet.counter or fleet.units[0], 99)  # §4.2: an unexplored hex ends the move


def _marker_effect(
    game: SpaceEmpires, state: SEState, a: Alien, hid: str, m: Marker, here: list[Unit], events: list[Event]
) -> None:
    from galaxis.games.space_empires.opponents import moves

    if m.kind == "danger":
        del state.markers[hid]
        for u in here:
            _destroyed(state, u, "danger", events)
    elif m.kind == "black_hole":
        for u in here:
            if u.kind == "F" and u.cargo:
                continue  # fighters aboard share their carrier's fate
            roll = combat.roll_d10(state)
            if not economy.survives_black_hole(roll):
                _destroyed(state, u, "black_hole", events, roll)
                for f in [v for v in here if v.kind == "F" and v.cargo == u.uid and v.uid in state.units]:
                    _destroyed(state, f, "black_hole", events, roll)
    elif m.kind == "supernova":
        for u in here:
            u.hex = u.came_from or u.hex
        victory.supernova(state, hid, events)  # §12.2: the Super Nova destroys the relic
    elif m.kind == "lost_in_space":
        del state.markers[hid]
        legal = _lost_hexes(state, hid)
        if legal:
            to = coop.lost_in_space(state, hid, legal, events)
            for u in here:
                u.came_from, u.hex = u.hex, to
    elif m.kind in ("warp_point", "doomsday"):
        if not moves.marker_flipped(state, a.owner, hid, m, events):
            del state.markers[hid]
    elif _npas_arrive(state, m):
        game._place_npas(state, hid)


def _lost_hexes(state: SEState, hid: str) -> list[str]:
    """[DESIGN] Where Lost in Space may send an alien fleet: a neighbour it may enter (no Super Nova or
    Black Hole) without the live players' units."""
    from galaxis.games.space_empires.opponents import forces

    out = []
    for h in board.adjacent(len(state.players), hid):
        m = state.markers.get(h)
        if m is not None and m.face_up and m.kind in ("supernova", "black_hole"):
            continue
        if any(v.owner >= 0 for v in board.units_at(state, h)):
            continue
        out.append(h)
    return sorted(out, key=forces.hex_key)


def _destroyed(state: SEState, u: Unit, why: str, events: list[Event], roll: int = 0) -> None:
    del state.units[u.uid]
    events.append(
        {"type": "destroyed", "unit": u.uid, "hex": u.hex, "by": why, **({"roll": roll} if roll else {})}
    )


# --- raiders hide unexplored markers (§13.12.5) ----------------------------------------------------------
def raider_blocks(state: SEState, u: Unit, hid: str) -> Msg | None:
    """Seed "Élő játékos nem léphet be olyan, fel nem fedett, Mélyűr jelzőt tartalmazó hexára, amelyen
    egy AP Lopakodó flottája áll": a live player's unit may not enter a face-down Deep Space hex holding
    an alien Raider fleet (its counters and its role are public, §13.12.7)."""
    if u.owner < 0 or state.solo is None or not _vp(state) or not face_down_deep(state, hid):
        return None  # (checked on every move of every unit: no import before this line)
    from galaxis.games.space_empires.opponents import forces

    for v in board.units_at(state, hid):
        fleet = forces.fleet_of(state.solo, v.uid) if v.owner < 0 else None
        if fleet is not None and fleet.raider:
            return MSG("raider_blocks")
    return None
