"""The Space Amoebas of Space Empires 4X: solo scenario #5 (``solo_amoeba``) and the multiplayer amoeba
scenarios (``amoebas``), with their tables in data/amoeba.yaml.

Rules: docs/games/space_empires.md, §13 "Space Amoebas" [seed, "Űr-Amőba Forgatókönyvek" and "#5 sz.
egyszemélyes forgatókönyv"]. Amoebas never move: they expand. They are rules-driven participants like
the other solo opponents (their units have the owner ``AMOEBA``); their dice come from the match
generator and every choice the rules leave to a live player is a decision of that seat (``expand``,
``feed``, ``detonate``). The rules module calls the hooks below at fixed points of its flow:

- ``setup``: after the scenario's set-up;
- ``encounters``: in a player's combat phase, before mines and battles (research rolls, un-researched
  amoebas destroying ships, amoebas consuming the hexes they hold);
- ``combatant`` / ``adjust`` / ``filter_targets`` / ``sits_out`` / ``extra_shots`` / ``fire`` /
  ``begin_round``: battles against a researched amoeba;
- ``economic_phase``: at the start of every Economic Phase (mines, then the expansion);
- ``tech_problem`` / ``buy_problem`` / ``maintenance`` / ``npas``: the scenario's special rules;
- ``check_outcome``: the solo victory (every amoeba destroyed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ConfigDict

from galaxis.core import Action, Event, Step
from galaxis.core.errors import BadOption
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.state import Marker, Unit
from galaxis.games.space_empires.base.system import System
from galaxis.games.space_empires.base.text_data import MSG, UnitName, word
from galaxis.games.space_empires.opponents.amoebas.state import (
    AMOEBA,
    AMOEBA_KIND,
    AMOEBA_LETTER,
    AmoebaState,
    AmoebaType,
)
from galaxis.games.space_empires.opponents.amoebas.tables import (
    Stats,
    StrengthRow,
    tables,
)

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.scenarios.setups import Scenario
    from galaxis.games.space_empires.state import SEState

STEP_KINDS = ("expand", "feed", "detonate")
ACTION_KINDS = ("expand", "feed", "detonate", "spare")
SCIENCE = "SW"  # Minesweepers are the science vessels of these scenarios
PLANET_MARKERS = ("planet", "barren")
BARRIERS = ("black_hole", "supernova")  # they treat Super Novas like Black Holes (multiplayer rules)
_FROZEN = ConfigDict(frozen=True, extra="forbid")


# --- helpers --------------------------------------------------------------------------------------------
def state_of(state: SEState) -> AmoebaState | None:
    return state.solo.amoeba if state.solo is not None else None


def d10(state: SEState) -> int:
    return combat.d10(state.rng)


def _hex_key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c


def _amoebas(state: SEState) -> list[Unit]:
    return sorted(
        (u for u in state.units.values() if u.kind == AMOEBA_KIND), key=lambda u: board.uid_key(u.uid)
    )


def _amoeba_at(state: SEState, hid: str) -> Unit | None:
    return next((u for u in state.units.values() if u.hex == hid and u.kind == AMOEBA_KIND), None)


def type_of(am: AmoebaState, u: Unit) -> AmoebaType:
    return am.types[u.level - 1]


def row_of(t: AmoebaType) -> StrengthRow | None:
    return next((r for r in tables().strength if r.id == t.row), None) if t.row else None


def attackable(am: AmoebaState, t: AmoebaType, seat: int) -> bool:
    """A type may be attacked by a player once that player has 10 research points on it (§13.11.2)."""
    return t.research[seat] >= tables().research_needed and bool(t.row)


def _say(events: list[Event], kind: str, text: str, **fields: Any) -> None:
    """An automated step of the amoebas, with its English line for the log."""
    events.append({"type": kind, **fields, "text": text})


def _ship(u: Unit) -> bool:
    """A player's unit that an amoeba destroys or attacks: anything but mines (colonies are not units)."""
    return u.owner >= 0 and u.kind != "Mine"


# --- set-up (§13.11.1) -------------------------------------------------------------------------------------
def setup(state: SEState, scenario_id: str, difficulty: str, start_phase: int = 0) -> None:
    """Places the amoebas of the scenario, deals its deep space and records its special rules.
    ``start_phase``: the Economic Phase they start expanding in, when not the difficulty's (§13.11.5)."""
    assert state.solo is not None
    t = tables()
    s = t.setups[scenario_id]
    level = t.difficulty[difficulty]
    players = len(state.players)
    types = sorted({k for _, k in s.amoebas})
    am = AmoebaState(
        types=[AmoebaType(k, "", [0] * players, False, 0) for k in range(1, max(types) + 1)],
        born={},
        start_phase=start_phase or level["phase"],
        bonus=level["bonus"],
        region=sorted(board.board_hexes(players) if s.region == "map" else s.region, key=_hex_key),
        lost_ship=[False] * players,
        probed=[False] * players,
        expanded=[],
        chooser=0,
        strikes=[],
        serial=1,
        maintenance=s.maintenance,
        npas=s.npas,
        banned=list(s.banned),
    )
    state.solo.amoeba = am
    for hid, kind in s.amoebas:
        m = state.markers.pop(hid, None)
        if m is not None:
            state.undrawn.append(f"{m.kind}:{m.value}")  # no Deep Space marker on an amoeba hex
        _new_amoeba(state, am, hid, kind, 0)
    if s.deep_space is not None:
        for hid in [h for h, m in state.markers.items() if m.pool == "deep"]:
            del state.markers[hid]
        state.undrawn = []  # only these markers are used
        pool = [(m.kind, m.value) for m in s.deep_space.markers for _ in range(m.count)]
        state.rng.shuffle(pool)
        for hid, (marker, value) in zip(s.deep_space.hexes, pool, strict=True):
            state.markers[hid] = Marker(marker, value, False, "deep")


def _new_amoeba(state: SEState, am: AmoebaState, hid: str, kind: int, phase: int) -> Unit:
    uid = f"{AMOEBA_LETTER}{am.serial}"
    am.serial += 1
    unit = Unit(uid, AMOEBA, AMOEBA_KIND, hid, 0, 0, 0, 0, kind, 0, False, "", True, "")
    state.units[uid] = unit
    am.born[uid] = phase
    return unit


# --- special rules of the scenarios --------------------------------------------------------------------
def tech_problem(state: SEState, seat: int, track: str, level: int) -> Msg | None:
    """Minesweeping is the research technology here: level 1 only after an amoeba has destroyed one of
    the player's ships, level 2 only after a level-1 science vessel has examined an amoeba (§13.11.2)."""
    am = state_of(state)
    if am is None or track != "minesweeping":
        return None
    if level == 1 and not am.lost_ship[seat]:
        return MSG("amoeba_ms1")
    if level == 2 and not am.probed[seat]:
        return MSG("amoeba_ms2")
    return None


def buy_problem(state: SEState, kind: str) -> Msg | None:
    am = state_of(state)
    if am is not None and kind in am.banned:
        return MSG("amoeba_banned", unit=UnitName(kind))
    return None


def maintenance(state: SEState) -> bool:
    """Solo #5: the live player pays no maintenance."""
    am = state_of(state)
    return am is None or am.maintenance


def npas(state: SEState) -> bool:
    """Solo #5: barren planets hold no aliens."""
    am = state_of(state)
    return am is None or am.npas


# --- research and un-researched amoebas (§13.11.2) -----------------------------------------------------
def encounters(game: SpaceEmpires, state: SEState, seat: int, events: list[Event]) -> None:
    """In ``seat``'s combat phase: its science vessels examine the amoebas they share a hex with (once
    each a turn), an amoeba of a type the player cannot attack yet destroys the player's other ships in
    its hex, and an amoeba alone on a planet or marker consumes it. Hexes left with nothing to fight are
    closed for the combat phase."""
    am = state_of(state)
    if am is None or state.phase != "combat" or state.battle is not None:
        return
    for a in _amoebas(state):
        hid = a.hex
        mine = [u for u in board.units_at(state, hid) if u.owner == seat]
        if not mine or f"amoeba:{hid}" in state.handled:
            continue
        state.handled.append(f"amoeba:{hid}")
        _research(state, am, seat, a, events)
        t = type_of(am, a)
        if not attackable(am, t, seat):
            _devour(state, am, a, seat, events)
        here = [u for u in board.units_at(state, hid) if u.owner == seat and _ship(u) and u.kind != SCIENCE]
        if any(board.is_combat_kind(u.kind) for u in here):
            continue  # a battle against the amoeba follows
        for u in here:
            del state.units[u.uid]  # non-combat ships left alone with an amoeba (§5.8)
            _say(events, "destroyed", f"{u.uid} is engulfed by amoeba {a.uid}", unit=u.uid, hex=hid)
        if all(v.owner in (seat, AMOEBA) for v in board.units_at(state, hid)):
            state.handled.append(hid)  # science vessels and mines never fight an amoeba
    for a in _amoebas(state):
        consume(game, state, a, events)


def _research(state: SEState, am: AmoebaState, seat: int, a: Unit, events: list[Event]) -> None:
    """Each science vessel with the amoeba rolls once: 1-2 two points, 3-5 one, 6-8 nothing, 9-10 the
    vessel is lost; a level-2 vessel rolls two dice and keeps the better (§13.11.2)."""
    t = type_of(am, a)
    tb = tables()
    vessels = sorted(
        (u for u in board.units_at(state, a.hex) if u.owner == seat and u.kind == SCIENCE),
        key=lambda u: board.uid_key(u.uid),
    )
    for sw in vessels:
        dice = tb.research_dice[min(max(sw.level, 1), 3)]
        rolls = [d10(state) for _ in range(dice)]
        best = min(rolls)
        row = next(r for r in tb.research if best in r.rolls)
        gained = 0 if t.research[seat] >= tb.research_needed else row.points
        t.research[seat] += gained
        am.probed[seat] = True
        if row.destroyed:
            del state.units[sw.uid]
            _say(
                events,
                "amoeba_research",
                f"science vessel {sw.uid} examines amoeba {a.uid} (rolls {rolls}) and is destroyed",
                unit=sw.uid,
                amoeba=a.uid,
                rolls=rolls,
                points=0,
                destroyed=True,
            )
        else:
            _say(
                events,
                "amoeba_research",
                f"science vessel {sw.uid} examines amoeba {a.uid} (rolls {rolls}): "
                f"+{gained} research on type {t.type}, now {t.research[seat]}",
                unit=sw.uid,
                amoeba=a.uid,
                rolls=rolls,
                points=gained,
                destroyed=False,
            )
        if t.research[seat] >= tb.research_needed and not t.row:
            roll_strength(state, am, t, events)


def roll_strength(state: SEState, am: AmoebaState, t: AmoebaType, events: list[Event]) -> None:
    """The AMOEBA STRENGTH TABLE: a row another type already has is rolled again (§13.11.3)."""
    taken = {o.row for o in am.types if o.row}
    while True:
        roll = d10(state)
        row = next(r for r in tables().strength if roll in r.rolls)
        if row.id not in taken:
            break
        _say(
            events,
            "amoeba_strength_reroll",
            f"strength roll {roll} gives row {row.id}, already known: rolled again",
            amoeba_type=t.type,
            roll=roll,
        )
    t.row = row.id
    _say(
        events,
        "amoeba_strength",
        f"amoeba type {t.type} is researched: strength roll {roll}, row {row.id} "
        f"({row.cls}{row.attack}-{row.defense}-{row.hull}{', ' + row.special if row.special else ''})",
        amoeba_type=t.type,
        roll=roll,
        row=row.id,
    )


def _devour(state: SEState, am: AmoebaState, a: Unit, seat: int, events: list[Event]) -> None:
    """An amoeba of a type ``seat`` cannot attack destroys every ship of that player in its hex except
    the science vessels (after they examined it) (§13.11.2)."""
    lost = [u for u in board.units_at(state, a.hex) if _ship(u) and u.owner == seat and u.kind != SCIENCE]
    for u in sorted(lost, key=lambda u: board.uid_key(u.uid)):
        del state.units[u.uid]
        _say(
            events,
            "destroyed",
            f"{u.uid} is engulfed by amoeba {a.uid}, whose type it cannot attack yet",
            unit=u.uid,
            hex=a.hex,
        )
    if lost:
        am.lost_ship[seat] = True


def consume(game: SpaceEmpires, state: SEState, a: Unit, events: list[Event]) -> None:
    """An amoeba removes the system marker of its hex (unseen if face down) and destroys the planet's
    colony, once no live player's ship is left there; black holes are never entered (§13.11.5)."""
    hid = a.hex
    if any(_ship(u) and u.kind != SCIENCE for u in board.units_at(state, hid)):
        return
    m = state.markers.get(hid)
    if m is not None and not (m.face_up and m.kind in BARRIERS):
        del state.markers[hid]
        if not m.face_up:
            state.undrawn.append(f"{m.kind}:{m.value}")
        _say(
            events,
            "amoeba_consumes",
            f"amoeba {a.uid} removes the marker at {hid}",
            amoeba=a.uid,
            hex=hid,
            marker=m.kind if m.face_up else "?",
        )
    col = state.colonies.get(hid)
    if col is not None and col.owner >= 0:
        del state.colonies[hid]
        _say(
            events,
            "colony_destroyed",
            f"amoeba {a.uid} consumes the colony at {hid}",
            hex=hid,
            owner=col.owner,
            by=a.uid,
        )
        if col.home:
            game._eliminate(state, col.owner, events)


# --- battles against a researched amoeba (§13.11.3-4) ---------------------------------------------------
def _battle_amoeba(state: SEState) -> Unit | None:
    b = state.battle
    if b is None or state_of(state) is None or b.defender != AMOEBA:
        return None
    return _amoeba_at(state, b.hex)


def _facing_only_raiders(state: SEState, a: Unit) -> bool:
    b = state.battle
    foes = [
        u
        for u in board.units_at(state, a.hex)
        if b is not None and u.owner == b.attacker and board.is_combat_kind(u.kind) and u.kind != SCIENCE
    ]
    return bool(foes) and all(u.kind == "R" for u in foes)


def stats(state: SEState, a: Unit) -> Stats:
    am = state_of(state)
    assert am is not None
    row = row_of(type_of(am, a))
    assert row is not None, "an amoeba fights only once its type is researched"
    if row.against_raiders is not None and _facing_only_raiders(state, a):
        return row.against_raiders
    return row


def combatant(state: SEState, u: Unit, side: int) -> combat.Combatant:
    """An amoeba in battle: its strength row (+1/+1 at the hardest difficulty), Tactics 2; nobody screens
    against it and no fleet size bonus applies (§13.11.4)."""
    am = state_of(state)
    assert am is not None
    s = stats(state, u)
    return combat.Combatant(
        u.uid,
        side,
        AMOEBA_KIND,
        s.cls,
        s.attack + am.bonus,
        s.defense + am.bonus,
        s.hull,
        tactics=tables().tactics,
        damage=u.damage,
        amoeba=True,
    )


def adjust(state: SEState, u: Unit, c: combat.Combatant) -> combat.Combatant:
    """A ship fighting an amoeba: amoebas are immune to cloaking (Raiders fight uncloaked, class D), and
    a 6-7 amoeba gives +1 in a round when 3 or more different ship types fire at it (§13.11.3)."""
    a = _battle_amoeba(state)
    if a is None or u.owner < 0:
        return c
    if u.kind == "R":
        c.cloaked, c.cls = False, data.unit_table_by_id()["R"].uncloaked_cls or "D"
    am = state_of(state)
    assert am is not None
    row = row_of(type_of(am, a))
    if row is not None and row.special == "variety":
        kinds = {
            v.kind
            for v in board.units_at(state, a.hex)
            if v.owner == u.owner and board.is_combat_kind(v.kind) and v.kind != SCIENCE and not v.screened
        }
        if len(kinds) >= tables().variety_types:
            c.attack += tables().variety_bonus
    return c


def sees_cloaked(state: SEState) -> bool:
    """Amoebas are immune to cloaking: Raiders cannot withdraw cloaked from a battle with one."""
    return _battle_amoeba(state) is not None


def sits_out(state: SEState, u: Unit) -> bool:
    """Science vessels never take part in a battle against an amoeba (§13.11.2)."""
    return u.kind == SCIENCE and _battle_amoeba(state) is not None


def filter_targets(state: SEState, shooter: Unit, targets: list[Unit]) -> list[Unit]:
    """Fighters hurt only the 3 amoeba; no weapon hurts the 8-10 amoeba (§13.11.3)."""
    a = _battle_amoeba(state)
    if a is None or shooter.kind == AMOEBA_KIND:
        return targets
    am = state_of(state)
    assert am is not None
    row = row_of(type_of(am, a))
    if row is None or row.special == "detonation" or (shooter.kind == "F" and row.special != "fighters"):
        return [t for t in targets if t.kind != AMOEBA_KIND]
    return targets


def extra_shots(state: SEState, queue: list[str]) -> list[str]:
    """The big-appetite amoeba attacks twice a round (§13.11.3)."""
    a = _battle_amoeba(state)
    if a is None:
        return queue
    am = state_of(state)
    assert am is not None
    row = row_of(type_of(am, a))
    n = row.attacks if row is not None else 1
    out: list[str] = []
    for uid in queue:
        out += [uid] * (n if uid == a.uid else 1)
    return out


def fire(game: SpaceEmpires, state: SEState, uid: str, events: list[Event]) -> None:
    """The amoeba's attack at its place in the firing order (§13.11.4)."""
    b = state.battle
    assert b is not None
    strike(game, state, uid, events, [u for u in game._combatants(state) if u.owner == b.attacker])


def strike(game: SpaceEmpires, state: SEState, uid: str, events: list[Event], foes: list[Unit]) -> None:
    """One attack: a d10 picks the smallest (1-5) or the largest (6-10) ship by CP cost, Flagships the
    largest; a tie is the attacked player's choice (the ``feed`` step); then the attack roll."""
    foes = [u for u in foes if u.kind != SCIENCE and u.owner >= 0]
    if not foes or uid not in state.units:
        return
    roll = d10(state)
    smallest = roll <= tables().smallest_max

    def size(u: Unit) -> float:
        return float("inf") if u.kind == "FS" else board.unit_cost(u.kind)

    best = (min if smallest else max)(size(u) for u in foes)
    tied = sorted((u for u in foes if size(u) == best), key=lambda u: board.uid_key(u.uid))
    _say(
        events,
        "amoeba_target",
        f"amoeba {uid} rolls {roll}: it goes for the {'smallest' if smallest else 'largest'} ship",
        amoeba=uid,
        roll=roll,
    )
    if len(tied) > 1:
        state.pending.append(Step("feed", tied[0].owner, {"amoeba": uid, "units": [u.uid for u in tied]}))
        return
    bite(state, uid, tied[0].uid, events)


def defence_against(state: SEState, v: Unit) -> int:
    """A ship's defence against an amoeba's attack: printed defence plus Defense tech (capped by hull
    size, cancelled in a Nebula), +1 for hull 2, +2 for hull 3 and more (§13.11.4)."""
    t = data.unit_table_by_id()[v.kind]
    c = combat.Combatant(v.uid, 0, v.kind, t.cls or "E", 0, t.defense_at(v.level), t.hull, 0, v.defense_tech)
    return (
        combat.defense_strength(c, board.terrain(state, v.hex))
        + tables().hull_defense[max(1, min(t.hull, 3))]
    )


def bite(state: SEState, uid: str, target: str, events: list[Event]) -> None:
    """The attack roll: at most attack minus defence succeeds (a 1 always does) and destroys the ship
    whatever its size; a success by 2 or more lets the amoeba attack again at once (the attack chain)."""
    am = state_of(state)
    assert am is not None
    a = state.units[uid]
    v = state.units[target]
    number = stats(state, a).attack + am.bonus - defence_against(state, v)
    roll = d10(state)
    hit = roll == 1 or roll <= number
    chain = hit and roll <= number - tables().chain_margin
    if hit:
        del state.units[target]
        am.lost_ship[v.owner] = True
    _say(
        events,
        "amoeba_attack",
        f"amoeba {uid} attacks {target} ({v.kind}): needs {number}, rolls {roll}: "
        f"{'engulfed' if hit else 'missed'}{', and attacks again' if chain else ''}",
        amoeba=uid,
        unit=target,
        roll=roll,
        need=number,
        hit=hit,
        chain=chain,
    )
    if not chain:
        return
    b = state.battle
    if b is not None and b.hex == a.hex:
        b.queue.insert(0, uid)
    else:
        am.strikes.insert(0, uid)


def begin_round(game: SpaceEmpires, state: SEState) -> None:
    """Against the 8-10 amoeba, each round one ship may try to blow itself up inside it (``detonate``)."""
    a = _battle_amoeba(state)
    b = state.battle
    if a is None or b is None:
        return
    am = state_of(state)
    assert am is not None
    row = row_of(type_of(am, a))
    if row is None or row.special != "detonation" or not _bombs(game, state, b.attacker):
        return
    state.pending.append(Step("detonate", b.attacker, {"amoeba": a.uid}))


def _bombs(game: SpaceEmpires, state: SEState, seat: int) -> dict[str, Unit]:
    """One ship per counter that may try the detonation (CA, BC, BB, DN, SC, DD)."""
    d = tables().detonation
    kinds = (*d.sure, *d.chance)
    out: dict[str, Unit] = {}
    for u in sorted(game._combatants(state), key=lambda u: board.uid_key(u.uid)):
        if u.owner == seat and u.kind in kinds:
            out.setdefault(board.counter_of(u), u)
    return out


def detonate(game: SpaceEmpires, state: SEState, cid: str, events: list[Event]) -> None:
    step = state.pending.pop()
    a = state.units[step.data["amoeba"]]
    ship = _bombs(game, state, step.seat)[cid]
    d = tables().detonation
    roll = 0
    if ship.kind in d.sure:
        killed = True
    else:
        roll = d10(state)
        killed = roll <= d.chance[ship.kind]
    del state.units[ship.uid]
    _say(
        events,
        "amoeba_detonation",
        f"{ship.uid} ({ship.kind}) blows itself up inside amoeba {a.uid}"
        f"{f' (rolls {roll})' if roll else ''}: {'the amoeba is destroyed' if killed else 'it survives'}",
        amoeba=a.uid,
        unit=ship.uid,
        roll=roll,
        killed=killed,
    )
    if killed:
        del state.units[a.uid]
        return
    am = state_of(state)
    assert am is not None
    for u in sorted(board.units_at(state, a.hex), key=lambda u: board.uid_key(u.uid)):
        if u.owner == step.seat and _ship(u):
            del state.units[u.uid]
            _say(events, "destroyed", f"{u.uid} is engulfed by amoeba {a.uid}", unit=u.uid, hex=a.hex)
    am.lost_ship[step.seat] = True


# --- the Economic Phase: mines and expansion (§13.11.5-6) ------------------------------------------------
def economic_phase(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    """At the start of an Economic Phase, before any purchase: amoebas consume what they hold; from the
    difficulty's phase on, a live player's mine on an amoeba stops it (and is removed; the type may adapt),
    then every other amoeba next to a free hex expands, one hex each, where the live players choose."""
    am = state_of(state)
    if am is None:
        return
    am.expanded, am.chooser, am.strikes = [], 0, []
    for a in _amoebas(state):
        consume(game, state, a, events)
        if state.phase == "over":
            return
    if state.cycle < am.start_phase:
        return
    for a in _amoebas(state):
        _mines_stop(state, am, a, events)
    _continue(game, state, events)


def _mines_stop(state: SEState, am: AmoebaState, a: Unit, events: list[Event]) -> None:
    mines = [u for u in board.units_at(state, a.hex) if u.kind == "Mine" and u.owner >= 0]
    t = type_of(am, a)
    if not mines or t.no_mines:
        return
    for mine in mines:
        del state.units[mine.uid]
    am.expanded.append(a.uid)
    _say(
        events,
        "amoeba_mined",
        f"a mine stops amoeba {a.uid} from expanding this phase and is removed",
        amoeba=a.uid,
        hex=a.hex,
    )
    if t.mine_roll == state.cycle:
        return  # one adaptation roll per type and Economic Phase
    t.mine_roll = state.cycle
    roll = d10(state)
    t.no_mines = roll >= tables().mines_adapt_min
    _say(
        events,
        "amoeba_adapts",
        f"amoeba type {t.type} rolls {roll} to adapt to mines: "
        f"{'adapted, mines no longer stop it' if t.no_mines else 'not adapted'}",
        amoeba_type=t.type,
        roll=roll,
        adapted=t.no_mines,
    )


def _continue(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    """Works through the amoebas' special attack rounds, then the next expansion."""
    am = state_of(state)
    assert am is not None
    while state.phase != "over" and not state.pending:
        if am.strikes:
            uid = am.strikes.pop(0)
            if uid in state.units:
                foes = [u for u in board.units_at(state, state.units[uid].hex) if _ship(u)]
                strike(game, state, uid, events, foes)
            if not state.pending:
                _strikes_done(game, state, uid, events)
            continue
        options = expansion_options(state)
        if not options:
            return
        if len(options) == 1:
            expand(game, state, *options[0], events)
            continue
        alive = [s for s in state.order if state.players[s].alive] or [0]
        seat = alive[am.chooser % len(alive)]
        am.chooser += 1
        state.pending.append(Step("expand", seat, {"options": [list(o) for o in options]}))


def _strikes_done(game: SpaceEmpires, state: SEState, uid: str, events: list[Event]) -> None:
    """After its special round (its attacks and their chains), an amoeba left without armed enemies
    destroys the non-combat ships and consumes the hex (§13.11.5)."""
    am = state_of(state)
    assert am is not None
    a = state.units.get(uid)
    if am.strikes or a is None:
        return
    here = [u for u in board.units_at(state, a.hex) if _ship(u) and u.kind != SCIENCE]
    if any(board.is_combat_kind(u.kind) for u in here):
        return
    for u in here:
        del state.units[u.uid]
        _say(events, "destroyed", f"{u.uid} is engulfed by amoeba {a.uid}", unit=u.uid, hex=a.hex)
    consume(game, state, a, events)


def _free(state: SEState, am: AmoebaState, hid: str, region: set[str]) -> bool:
    """A hex an amoeba may expand into: in the region, no amoeba, no Doomsday Machine, no face-up Black
    Hole (or Super Nova)."""
    if hid not in region:
        return False
    if any(u.kind in (AMOEBA_KIND, "DM") for u in board.units_at(state, hid)):
        return False
    m = state.markers.get(hid)
    return not (m is not None and m.face_up and m.kind in BARRIERS)


def _planet(state: SEState, hid: str) -> bool:
    m = state.markers.get(hid)
    return hid in state.colonies or (m is not None and m.face_up and m.kind in PLANET_MARKERS)


def _edges(state: SEState) -> dict[str, list[str]]:
    """For every amoeba that may still expand this phase, the hexes it may expand into; where it could
    reach a planet hex, only the planet hexes (§13.11.5)."""
    am = state_of(state)
    assert am is not None
    region = set(am.region)
    out: dict[str, list[str]] = {}
    for a in _amoebas(state):
        if a.uid in am.expanded or am.born.get(a.uid, 0) >= state.cycle:
            continue
        hexes = [h for h in board.adjacent(len(state.players), a.hex) if _free(state, am, h, region)]
        planets = [h for h in hexes if _planet(state, h)]
        if planets or hexes:
            out[a.uid] = sorted(planets or hexes, key=_hex_key)
    return out


def _augment(
    edges: dict[str, list[str]], match: dict[str, str], owner: dict[str, str], a: str, seen: set[str]
) -> bool:
    for h in edges[a]:
        if h in seen:
            continue
        seen.add(h)
        if h not in owner or _augment(edges, match, owner, owner[h], seen):
            match[a], owner[h] = h, a
            return True
    return False


def _max_matching(edges: dict[str, list[str]]) -> dict[str, str]:
    match: dict[str, str] = {}
    owner: dict[str, str] = {}
    for a in edges:
        _augment(edges, match, owner, a, set())
    return match


def expansion_options(state: SEState) -> list[tuple[str, str]]:
    """The (amoeba, hex) expansions that keep the number of amoebas expanding this phase at its maximum:
    a choice that blocks another amoeba's only way out while another hex is free is not offered."""
    edges = _edges(state)
    if not edges:
        return []
    best = _max_matching(edges)
    size = len(best)
    out: list[tuple[str, str]] = []
    for a, hexes in edges.items():
        for h in hexes:
            if best.get(a) == h:
                out.append((a, h))
                continue
            rest = {b: [x for x in hs if x != h] for b, hs in edges.items() if b != a}
            match = {b: x for b, x in best.items() if b != a and x != h}
            owner = {x: b for b, x in match.items()}
            for b in rest:
                if b not in match and len(match) < size - 1:
                    _augment(rest, match, owner, b, set())
            if len(match) + 1 == size:
                out.append((a, h))
    return sorted(out, key=lambda o: (board.uid_key(o[0]), _hex_key(o[1])))


def expand(game: SpaceEmpires, state: SEState, uid: str, hid: str, events: list[Event]) -> None:
    """A new amoeba of the same type on ``hid`` (it does not expand this phase): it destroys non-player
    aliens there, engulfs the ships of players who cannot attack its type, and attacks at once the
    ships of those who can (a special combat round); then it consumes the hex (§13.11.5)."""
    am = state_of(state)
    assert am is not None
    parent = state.units[uid]
    am.expanded.append(uid)
    a = _new_amoeba(state, am, hid, parent.level, state.cycle)
    _say(
        events,
        "amoeba_expands",
        f"amoeba {uid} expands from {parent.hex} to {hid} (new amoeba {a.uid})",
        amoeba=uid,
        hex=hid,
        unit=a.uid,
    )
    for u in sorted(board.units_at(state, hid), key=lambda u: board.uid_key(u.uid)):
        if u.owner == board.NPA:
            del state.units[u.uid]
            _say(
                events,
                "destroyed",
                f"non-player alien {u.uid} is engulfed by amoeba {a.uid}",
                unit=u.uid,
                hex=hid,
            )
    t = type_of(am, a)
    for seat in sorted({u.owner for u in board.units_at(state, hid) if u.owner >= 0}):
        if not attackable(am, t, seat):
            _devour(state, am, a, seat, events)
    armed = [u for u in board.units_at(state, hid) if _ship(u) and u.kind != SCIENCE]
    if armed:
        row = row_of(t)
        am.strikes = [a.uid] * (row.attacks if row is not None else 1)
    else:
        consume(game, state, a, events)


# --- decisions -------------------------------------------------------------------------------------------
def step_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    g = game.table.get
    d = step.data
    if step.kind == "expand":
        return [g(f"expand {a} {h}", (a, h), "expand", (a, h)) for a, h in d["options"]]
    if step.kind == "feed":
        return [g(f"feed {u}", (u,), "feed", (u,)) for u in d["units"]]
    acts = [g(f"detonate {cid}", (cid,), "detonate", (cid,)) for cid in _bombs(game, state, step.seat)]
    return [*acts, g("spare", (), "spare", ())]


def apply(game: SpaceEmpires, state: SEState, kind: str, args: tuple[Any, ...], events: list[Event]) -> None:
    step = state.pending[-1]
    if kind == "expand":
        state.pending.pop()
        expand(game, state, args[0], args[1], events)
        _continue(game, state, events)
    elif kind == "feed":
        state.pending.pop()
        bite(state, step.data["amoeba"], args[0], events)
        if state.phase == "econ":
            _strikes_done(game, state, step.data["amoeba"], events)
            _continue(game, state, events)
    elif kind == "detonate":
        detonate(game, state, args[0], events)
    else:  # spare: no detonation this round
        state.pending.pop()


# --- the end of the game (§13.11.7) ---------------------------------------------------------------------
def check_outcome(state: SEState, events: list[Event]) -> None:
    """Solo #5 is won when every amoeba is destroyed (it is lost with the home world or at the cycle
    limit, as every solo game, §13.1)."""
    solo = state.solo
    if solo is None or solo.amoeba is None or solo.victory != "destroy_amoebas" or solo.outcome:
        return
    if state.phase == "over" or _amoebas(state):
        return
    solo.outcome = "won"
    _say(events, "solo_over", "every amoeba is destroyed: the live player wins", outcome="won")
    state.phase = "over"
    state.pending = []
    state.battle = None
    state.winner = next(s for s, p in enumerate(state.players) if p.alive)


# --- information ----------------------------------------------------------------------------------------
def observe(state: SEState, obs: dict[str, Any]) -> dict[str, Any]:
    """Everything about the amoebas is public."""
    am = state_of(state)
    if am is None:
        return obs
    obs["amoebas"] = {
        "types": [
            {"type": t.type, "row": t.row, "research": list(t.research), "no_mines": t.no_mines}
            for t in am.types
        ],
        "start_phase": am.start_phase,
        "bonus": am.bonus,
        "born": dict(sorted(am.born.items())),
        "lost_ship": list(am.lost_ship),
        "probed": list(am.probed),
    }
    return obs


def text_lines(state: SEState, lang: str = "en") -> list[str]:
    """The amoebas' public state for the terminal view."""
    am = state_of(state)
    if am is None:
        return []
    head = f"  {word('amoebas_from', lang)} {am.start_phase}" + (f", +{am.bonus}" if am.bonus else "")
    lines = [head]
    for t in am.types:
        row = row_of(t)
        where = ", ".join(u.hex for u in _amoebas(state) if u.level == t.type) or "-"
        what = (
            f"{row.cls}{row.attack}-{row.defense}-{row.hull} {row.special}".strip()
            if row
            else word("unknown", lang)
        )
        adapted = f", {word('no_mines', lang)}" if t.no_mines else ""
        research = "/".join(str(r) for r in t.research)
        lines.append(
            f"  {word('amoeba_type', lang)} {t.type} ({what}{adapted}): {where}; {word('research', lang)} {research}"
        )
    return lines


def invariants(state: SEState) -> list[str]:
    am = state_of(state)
    if am is None:
        return []
    bad = []
    seen: set[str] = set()
    for a in _amoebas(state):
        if a.hex in seen:
            bad.append(f"two amoebas at {a.hex}")
        seen.add(a.hex)
        if a.owner != AMOEBA or not 1 <= a.level <= len(am.types) or a.uid not in am.born:
            bad.append(f"amoeba {a.uid} is inconsistent")
    for t in am.types:
        if min(t.research) < 0 or (t.row and row_of(t) is None):
            bad.append(f"amoeba type {t.type} is inconsistent")
    return bad


# --- the Space Amoebas as a system (base/system.py) --------------------------------------------------------
def _setup(game: Game, state: SEState, scenario: Scenario, options: dict[str, Any]) -> None:
    if scenario.opponents is not None and scenario.opponents.type == "amoeba":
        difficulty = str(options.get("difficulty", "normal"))
        setup(state, scenario.id, difficulty, multiplayer_start(scenario, options))  # §13.11


def multiplayer_start(scenario: Scenario, options: dict[str, Any]) -> int:
    """§13.11.5 the multiplayer game [seed]: „Az Űr-Amőbák a 7. (vagy más, a játékosok megállapodása
    szerinti) Gazdasági fázisig nem terjeszkednek”: option amoeba_phase (default 7; 0, the legacy value,
    takes the solo difficulty table's phase). The solo game keeps its difficulty table. „Az Űr-Amőbák NEM
    terjeszkednek az első Gazdasági fázisban”: phase 1 is refused."""
    if scenario.seats < 2:
        return 0
    phase = int(options.get("amoeba_phase", 0))
    if phase == 1:
        raise BadOption(MSG("amoeba_first_phase"))
    return phase


SYSTEM = System(
    "space_amoebas",
    "§13.11",
    setup=_setup,
    action_kinds=ACTION_KINDS,
    apply=lambda game, state, seat, kind, args, events: apply(game, state, kind, args, events),
    step_kinds=STEP_KINDS,
    step_actions=step_actions,
    observe=lambda state, obs, viewer: observe(state, obs),
    invariants=invariants,
    places_npas=npas,
)
