"""Close Encounters ground combat: ground units, their purchase and the colonies' bombardment defence
(rules: docs/games/space_empires.md §10.1; facts: MRB 21 as digested in the reference, §1.12).

Ground units are not map counters: each colony keeps its units in a secret garrison (ground_state.py).
Everything here is off unless the ``ground_combat`` option is on (``state.ground`` is then set).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from galaxis.core import Action, Event, Rng, Step
from galaxis.core.errors import BadOption
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, combat, data
from galaxis.games.space_empires.base.hexes import parse_hex_id
from galaxis.games.space_empires.base.state import ALIEN_BASE, Colony
from galaxis.games.space_empires.base.system import System, colony_captured
from galaxis.games.space_empires.base.text_data import MSG, Named, TechLevels, word
from galaxis.games.space_empires.systems import alien_tech, empire_advantages
from galaxis.games.space_empires.systems.ground_state import Garrison, GroundState, Invasion, Trooper

if TYPE_CHECKING:
    from galaxis.games.space_empires.rules import SpaceEmpires
    from galaxis.games.space_empires.state import SEState

ECON_KINDS = ("ground", "ground_free")
MOVE_KINDS = ("embark", "disembark")  # secret too: they name the ground unit types
SECRET_KINDS = (*ECON_KINDS, *MOVE_KINDS)
STEP_KINDS = ("gtarget", "steal", "npa_land")
NPA = -1  # the non-player aliens' owner (board.NPA)
NPA_MILITIA = 5  # an NPA planet's defenders [MRB 21]
NPA_COLONY = 3  # CP value of a conquered NPA planet [MRB 21]
ACTION_KINDS = (*ECON_KINDS, *MOVE_KINDS, "land", "gt", "steal")
TRANSPORT = "T"
CAPACITY = 6  # ground units one Transport carries (reference §1.8)
GRAV = "GravArmor"
MILITIA = "Militia"
DROP_SHIPS = 3  # Ground Combat level whose drop ships let landed units fire in round 1
GROWTH = (0, 1, 3, 5)  # colony growth steps (§7.2)
CLASS_ORDER = "ABCDEF"
FREE_PER = 3  # one free unit per 3 full 5 CP colonies [MRB 21]
FULL_COLONY = 5
FREE_KIND = "Infantry"  # [DESIGN] the free unit is an Infantry (the cheapest unit every empire can have)
TECH = "ground_combat"


@cache
def unit_types() -> dict[str, data.GroundUnit]:
    return {g.id: g for g in data.unit_table().ground}


def buyable_kinds() -> tuple[str, ...]:
    return tuple(k for k, g in unit_types().items() if g.buyable)


def state_of(state: SEState) -> GroundState | None:
    return state.ground


def _hex_key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return (c, r)


def _player(seat: Any) -> str:
    if int(seat) < NPA:
        return alien_name(int(seat))  # an alien empire of a solo game (§13.13)
    return "the non-player aliens" if seat == NPA else f"player {board.SEATS[int(seat)]}"


# English log lines of this module's events (the other fields carry the same facts for programs).
_TEXTS = {
    "ground_free": "{who} may place {count} free ground unit(s) this Economic Phase",
    "landing": "{who} lands {invaders} at {hex} against {defenders}",
    "ground_round": "ground combat at {hex}: round {round}",
    "ground_shot": "ground unit {shooter} ({kind}) fires at {target} ({target_kind}): roll {roll}, "
    "needs {need} or less: {outcome}",
    "ground_destroyed": "ground unit {unit} ({kind}) is destroyed",
    "invasion_repelled": "the invasion of {hex} is repelled",
    "colony_captured": "{who} captures the colony at {hex}, now worth {value} CP",
    "destroyed": "{unit} is destroyed at {hex}",
    "tech_stolen": "{who} steals technology: {tech} is now level {level}",
}


def say_shot(events: list[Event], shooter: Trooper, target: Trooper, roll: int, need: int, hit: bool) -> None:
    """The public event of one ground shot (§10.1), for live invasions and the aliens' automated ones."""
    _say(
        events,
        {
            "type": "ground_shot",
            "shooter": shooter.tid,
            "kind": shooter.kind,
            "target": target.tid,
            "target_kind": target.kind,
            "roll": roll,
            "need": need,
            "hit": hit,
        },
    )


def _say(events: list[Event], event: dict[str, Any]) -> None:
    """Log an event with its English text (§10.1: every automated step is visible in words)."""
    fields = dict(event)
    for key in ("seat", "attacker", "by"):
        if key in fields:
            fields["who"] = _player(fields[key])
            break
    for key in ("invaders", "defenders"):
        if key in fields:
            fields[key] = ", ".join(fields[key]) or "nothing"
    if "hit" in fields:
        fields["outcome"] = "hit" if fields["hit"] else "miss"
    event["text"] = _TEXTS[str(event["type"])].format(**fields)
    events.append(event)


# --- set-up ------------------------------------------------------------------------------------------
def setup(state: SEState, options: dict[str, Any]) -> None:
    """§10.1: the option switches ground combat on; it needs the Close Encounters rules."""
    if not bool(options.get("ground_combat", False)):
        return
    if TECH not in data.tech_tracks(state.edition):
        raise BadOption(MSG("needs_ce", option="ground_combat"))
    state.ground = GroundState({}, {}, [0] * len(state.players))


def tech_buyable(state: SEState, track: str) -> bool:
    """Ground Combat levels can be bought only while ground combat is in play (§10.1)."""
    return track == TECH and state.ground is not None


def extra_techs(state: SEState) -> tuple[str, ...]:
    return (TECH,) if state.ground is not None else ()


def extra_units(state: SEState) -> tuple[str, ...]:
    """Transports are bought (at a shipyard, like other ships) only while ground combat is in play."""
    return (TRANSPORT,) if state.ground is not None else ()


def max_extra_actions(options: dict[str, Any]) -> int:
    """Movement choices this module adds: embark each ground unit type or disembark, per Transport counter."""
    if not options.get("ground_combat"):
        return 0
    counters = data.units(options.get("edition", data.DEFAULT_EDITION))[TRANSPORT].counters
    return counters * (len(unit_types()) + 1)


# --- garrisons -----------------------------------------------------------------------------------------
def troops_at(state: SEState, hid: str) -> list[str]:
    g = state.ground
    if g is None or hid not in g.garrisons:
        return []
    return list(g.garrisons[hid].troops)


def prune(state: SEState) -> None:
    """A garrison lives only while its colony is its owner's: a destroyed or lost colony loses it; the
    ground units aboard a destroyed Transport are lost with it."""
    g = state.ground
    if g is None:
        return
    for uid in list(g.aboard):
        u = state.units.get(uid)
        if u is None or u.kind != TRANSPORT or not g.aboard[uid]:
            del g.aboard[uid]
    for hid in list(g.captured):
        if hid not in state.colonies:
            del g.captured[hid]
    for hid in list(g.garrisons):
        col = state.colonies.get(hid)
        if col is None or col.owner != g.garrisons[hid].owner or not g.garrisons[hid].troops:
            del g.garrisons[hid]


def bombard_defense(state: SEState, hid: str) -> int:
    """§10.1 Bombardment defence: 1-3 non-Militia ground units give Defense 1, 4 or more Defense 2."""
    soldiers = sum(1 for k in troops_at(state, hid) if k != "Militia")
    if soldiers >= 4:
        return 2
    return 1 if soldiers else 0


# --- Economic Phase --------------------------------------------------------------------------------------
def free_units(state: SEState, seat: int) -> int:
    """§10.1 Free units: one per 3 full (5 CP) colonies; home worlds do not count [DESIGN]."""
    full = sum(
        1 for c in state.colonies.values() if c.owner == seat and not c.home and c.value >= FULL_COLONY
    )
    return full // FREE_PER


def econ_starts(state: SEState, events: list[Event]) -> None:
    """At the start of each Economic Phase: new purchase limits and the free units (§10.1)."""
    g = state.ground
    if g is None:
        return
    prune(state)
    g.spent = {}
    for seat, p in enumerate(state.players):
        g.free[seat] = free_units(state, seat) if p.alive else 0
        if g.free[seat]:
            _say(events, {"type": "ground_free", "seat": seat, "count": g.free[seat]})


def buy_problem(state: SEState, seat: int, kind: str, hid: str, free: bool = False) -> Msg | None:
    """Why ``seat`` may not buy a ground unit of ``kind`` at ``hid`` now (None when it may), §10.1."""
    g = state.ground
    if g is None:
        return MSG("ground_off")
    t = unit_types().get(kind)
    if t is None or not t.buyable:
        return MSG("ground_kind", unit=Named(unit_word, kind))
    col = state.colonies.get(hid)
    if col is None or col.owner != seat:
        return MSG("ground_no_colony", hex=hid)
    if not col.income:
        return MSG("ground_income")
    p = state.players[seat]
    missing = {k: v for k, v in t.requires.items() if p.techs.get(k, 0) < v}
    if missing:
        return MSG("ground_needs", unit=Named(unit_word, kind), techs=TechLevels(missing))
    if free:
        if kind != FREE_KIND:
            return MSG("ground_free_kind", unit=Named(unit_word, FREE_KIND))
        if g.free[seat] <= 0:
            return MSG("ground_no_free")
        return None
    if t.cost > p.cp:
        return MSG("not_enough_cp")
    if g.spent.get(hid, 0) + t.cost > col.value:
        return MSG("ground_colony_value", value=col.value)
    return None


def econ_actions(game: SpaceEmpires, state: SEState, seat: int) -> list[Action]:
    if state.ground is None:
        return []
    g = game.table.get
    acts: list[Action] = []
    for hid in sorted((h for h, c in state.colonies.items() if c.owner == seat), key=_hex_key):
        for kind in buyable_kinds():
            if buy_problem(state, seat, kind, hid) is None:
                acts.append(g(f"ground {kind} {hid}", (hid,), "ground", (kind, hid)))
        if buy_problem(state, seat, FREE_KIND, hid, free=True) is None:
            acts.append(g(f"ground_free {FREE_KIND} {hid}", (hid,), "ground_free", (FREE_KIND, hid)))
    return acts


def apply(state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]) -> None:
    """Buy (or take a free) ground unit; it joins the colony's garrison at once (secret, §10.1)."""
    g = state.ground
    assert g is not None
    unit, hid = str(args[0]), str(args[1])
    free = kind == "ground_free"
    problem = buy_problem(state, seat, unit, hid, free)
    if problem is not None:
        raise ValueError(problem)
    if free:
        g.free[seat] -= 1
    else:
        cost = unit_types()[unit].cost
        p = state.players[seat]
        p.cp -= cost
        p.spent += cost
        g.spent[hid] = g.spent.get(hid, 0) + cost
    g.garrisons.setdefault(hid, Garrison(seat, [])).troops.append(unit)


# --- information -------------------------------------------------------------------------------------------
def observe(state: SEState, obs: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A garrison is secret like a face-down counter: only its owner sees it (§10.1)."""
    g = state.ground
    if g is None:
        return obs
    obs["ground"] = {
        "garrisons": {
            h: list(gar.troops)
            for h, gar in sorted(g.garrisons.items(), key=lambda kv: _hex_key(kv[0]))
            if seat is not None and gar.owner == seat
        },
        "free": g.free[seat] if seat is not None and 0 <= seat < len(g.free) else 0,
        "spent": {h: v for h, v in sorted(g.spent.items()) if seat is not None and _owned(state, h, seat)},
        "aboard": {
            uid: list(kinds)
            for uid, kinds in sorted(g.aboard.items())
            if seat is not None and uid in state.units and state.units[uid].owner == seat
        },
        # Public: a ground battle is fought in the open, and everyone knows who captured what.
        "captured": dict(sorted(g.captured.items())),
        "invasion": None
        if g.invasion is None
        else {
            "hex": g.invasion.hex,
            "attacker": g.invasion.attacker,
            "defender": g.invasion.defender,
            "round": g.invasion.round,
            "units": [[t.tid, t.kind, t.side, t.damage, t.bonus] for t in g.invasion.troopers],
        },
    }
    return obs


def _owned(state: SEState, hid: str, seat: int) -> bool:
    col = state.colonies.get(hid)
    return col is not None and col.owner == seat


def secret(state: SEState, out: dict[str, Any]) -> dict[str, Any]:
    g = state.ground
    if g is not None:
        out["garrisons"] = {h: [gar.owner, list(gar.troops)] for h, gar in sorted(g.garrisons.items())}
        out["aboard"] = {uid: list(kinds) for uid, kinds in sorted(g.aboard.items())}
    return out


def determinize(state: SEState, viewer: int | None, rng: Rng) -> SEState:
    """Another player's garrisons swap their contents among that player's colonies: the viewer has seen
    neither which colony holds what nor how many units (the owner's spending is secret too)."""
    g = state.ground
    if g is None:
        return state
    # Cargo aboard another player's Transports stays with the Transport when it still is one after the
    # counters were re-dealt (views.determinize); otherwise it goes with the re-dealt counter.
    prune(state)
    by_owner: dict[int, list[str]] = {}
    for hid, gar in g.garrisons.items():
        if gar.owner != viewer:
            by_owner.setdefault(gar.owner, []).append(hid)
    for owner in sorted(by_owner):
        hexes = sorted(by_owner[owner], key=_hex_key)
        others = sorted(
            (h for h, c in state.colonies.items() if c.owner == owner and h not in hexes), key=_hex_key
        )
        contents = [g.garrisons[h].troops for h in hexes]
        spots = hexes + others
        rng.shuffle(spots)
        for h in hexes:
            del g.garrisons[h]
        for h, troops in zip(spots, contents, strict=False):
            g.garrisons[h] = Garrison(owner, list(troops))
    return state


def unit_word(kind: str, lang: str) -> str:
    return word(f"ground_{kind}", lang)


def text_lines(state: SEState, seat: int | None, lang: str = "en") -> list[str]:
    """The viewer's own garrisons and free units for the terminal view."""
    g = state.ground
    if g is None or seat is None or not 0 <= seat < len(g.free):
        return []
    lines = []
    for hid, gar in sorted(g.garrisons.items(), key=lambda kv: _hex_key(kv[0])):
        if gar.owner == seat:
            names = ", ".join(unit_word(k, lang) for k in gar.troops)
            lines.append(f"  {word('garrison', lang)} {hid}: {names}")
    if g.free[seat]:
        lines.append(f"  {word('ground_free', lang)}: {g.free[seat]}")
    for uid, kinds in sorted(g.aboard.items()):
        if uid in state.units and state.units[uid].owner == seat:
            lines.append(f"  {uid}: " + ", ".join(unit_word(k, lang) for k in kinds))
    if g.invasion is not None:
        inv = g.invasion
        units = ", ".join(f"{t.tid} {unit_word(t.kind, lang)}" for t in inv.troopers)
        lines.append(f"  {word('invasion', lang)} {inv.hex} ({inv.round}): {units}")
    return lines


def invariants(state: SEState) -> list[str]:
    g = state.ground
    if g is None:
        return []
    bad = []
    types = unit_types()
    for hid, gar in g.garrisons.items():
        col = state.colonies.get(hid)
        if col is None or col.owner != gar.owner:
            bad.append(f"garrison at {hid} has no colony of seat {gar.owner}")
        for k in gar.troops:
            if k not in types:
                bad.append(f"garrison at {hid} holds an unknown ground unit {k}")
    for uid, kinds in g.aboard.items():
        u = state.units.get(uid)
        if u is None or u.kind != TRANSPORT or len(kinds) > CAPACITY:
            bad.append(f"ground units aboard {uid}, which is not a Transport with room")
    if any(f < 0 for f in g.free) or len(g.free) != len(state.players):
        bad.append("free ground units out of range")
    return bad


# --- Transports (§10.1) ----------------------------------------------------------------------------------
def _transports(state: SEState, cid: str) -> list[str]:
    return [u.uid for u in board.counter_units(state, cid) if u.kind == TRANSPORT]


def cargo(state: SEState, cid: str) -> list[str]:
    """The ground units aboard the Transports of counter ``cid``."""
    g = state.ground
    if g is None:
        return []
    return [k for uid in _transports(state, cid) for k in g.aboard.get(uid, [])]


def _room(state: SEState, cid: str) -> str | None:
    """The first Transport of the counter with room left (None when all are full)."""
    g = state.ground
    assert g is not None
    return next((uid for uid in _transports(state, cid) if len(g.aboard.get(uid, [])) < CAPACITY), None)


def move_actions(game: SpaceEmpires, state: SEState, seat: int) -> list[Action]:
    """Movement Phase: a Transport at one of its owner's colonies takes ground units aboard from the
    garrison one at a time, or sets all of its cargo down there (§10.1)."""
    g = state.ground
    if g is None:
        return []
    get = game.table.get
    acts: list[Action] = []
    for cid, members in board.counters(u for u in state.units.values() if u.owner == seat).items():
        hid = members[0].hex
        if members[0].kind != TRANSPORT or not _owned(state, hid, seat):
            continue
        if _room(state, cid) is not None:
            for kind in sorted(set(troops_at(state, hid))):
                acts.append(get(f"embark {cid} {kind}", (cid,), "embark", (cid, kind)))
        if cargo(state, cid):
            acts.append(get(f"disembark {cid}", (cid,), "disembark", (cid,)))
    return acts


def embark(state: SEState, cid: str, kind: str) -> None:
    g = state.ground
    assert g is not None
    hid = board.counter_units(state, cid)[0].hex
    uid = _room(state, cid)
    gar = g.garrisons.get(hid)
    if uid is None or gar is None or kind not in gar.troops:
        raise ValueError(f"{cid} cannot take a {kind} aboard at {hid} (§10.1)")
    gar.troops.remove(kind)
    g.aboard.setdefault(uid, []).append(kind)


def disembark(state: SEState, seat: int, cid: str) -> None:
    g = state.ground
    assert g is not None
    hid = board.counter_units(state, cid)[0].hex
    gar = g.garrisons.setdefault(hid, Garrison(seat, []))
    for uid in _transports(state, cid):
        gar.troops.extend(g.aboard.pop(uid, []))


# --- invasion and ground combat (§10.1) ------------------------------------------------------------------
def land_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    """In the bombardment of an enemy player's colony, the attacker may land every ground unit its
    Transports there carry; the bombardment then stops (§10.1)."""
    g = state.ground
    if g is None or g.invasion is not None:
        return []
    hid, seat = step.data["hex"], step.seat
    col = state.colonies.get(hid)
    if col is None or (col.owner < 0 and not invadable(state, col.owner)) or col.owner == seat:
        return []
    own = board.counters(u for u in state.units.values() if u.owner == seat and u.hex == hid)
    if not any(cargo(state, cid) for cid in own):
        return []
    return [game.table.get("land", (), "land", ())]


def _trooper_stats(t: Trooper) -> tuple[str, int, int, int]:
    """Class, attack, defense and hull of a ground unit in its role (invader or defender)."""
    u = unit_types()[t.kind]
    if t.side == 0:
        return u.cls, u.attack + t.bonus, u.defense + t.bonus, u.hull
    return u.defend_cls or u.cls, u.defend + t.bonus, u.defense + t.bonus, u.hull


def grav_support(troopers: list[Trooper]) -> None:
    """§10.1: each Grav Armor a side has beyond the enemy's gives +1 attack/+1 defense to one friendly
    unit. [DESIGN] the bonus goes to the side's units in the order they are listed (Grav Armor last),
    one unit each, so that no extra decision is needed."""
    gravs = [sum(1 for t in troopers if t.side == side and t.kind == GRAV) for side in (0, 1)]
    for side in (0, 1):
        extra = max(0, gravs[side] - gravs[1 - side])
        ours = sorted((t for t in troopers if t.side == side), key=lambda t: t.kind == GRAV)
        for t in ours[:extra]:
            t.bonus = 1


def firing_order(inv: Invasion) -> list[str]:
    """§10.1: units fire by weapon class (A first); in a tie the defender fires first. Units landed
    without Ground Combat 3 drop ships do not fire in round 1."""
    shooters = [t for t in inv.troopers if not (inv.round == 1 and t.side == 0 and not inv.drop_ships)]
    shooters.sort(key=lambda t: (CLASS_ORDER.index(_trooper_stats(t)[0]), -t.side, int(t.tid[1:])))
    return [t.tid for t in shooters]


def after_npa_battle(state: SEState, hid: str, seat: int) -> None:
    """§10.1: right after destroying the NPA fleet of a barren planet, the winner may invade it if its
    Transports there carry ground units (now or never)."""
    g = state.ground
    m = state.markers.get(hid)
    if g is None or hid in state.colonies or m is None or m.kind != "barren":
        return
    own = board.counters(u for u in state.units.values() if u.owner == seat and u.hex == hid)
    if any(cargo(state, cid) for cid in own):
        state.pending.append(Step("npa_land", seat, {"hex": hid}))


def _npa_seat(state: SEState, attacker: int) -> int:
    """Who chooses the NPA Militia's targets: the next living player after the invader, as for the NPA
    ships in space combat (§5), or the invader itself when alone."""
    n = len(state.players)
    for i in range(1, n + 1):
        s = (attacker + i) % n
        if state.players[s].alive and s != attacker:
            return s
    return attacker


def land(game: SpaceEmpires, state: SEState, seat: int, events: list[Event]) -> None:
    g = state.ground
    assert g is not None
    step = state.pending.pop()  # the bombardment stops once troops land (§10.1)
    hid = step.data["hex"]
    state.handled.append(hid)
    if step.kind == "npa_land":
        _land_on_npa_planet(game, state, seat, hid, events)
        return
    col = state.colonies[hid]
    invaders: list[str] = []
    invaders.extend(_unload_all(state, seat, hid))
    gar = g.garrisons.pop(hid, None)
    defenders = (list(gar.troops) if gar is not None else []) + [MILITIA] * (
        col.value + security_militia(state, col.owner)
    )  # 1 per CP (+ Security Forces, §13.13)
    troopers = [Trooper(f"g{i + 1}", k, 0, 0, 0) for i, k in enumerate(invaders)]
    n = len(troopers)
    troopers += [Trooper(f"g{n + i + 1}", k, 1, 0, 0) for i, k in enumerate(defenders)]
    grav_support(troopers)
    drop = state.players[seat].techs.get(TECH, 0) >= DROP_SHIPS
    g.invasion = Invasion(hid, seat, col.owner, 0, troopers, [], drop)
    alien_tech.landing(state, g.invasion, events)  # Stim Packs, Air Support (§10.5)
    _say(
        events,
        {
            "type": "landing",
            "hex": hid,
            "attacker": seat,
            "defender": col.owner,
            "invaders": list(invaders),
            "defenders": list(defenders),
            "drop_ships": drop,
        },
    )
    next_shot(game, state, events)


def _unload_all(state: SEState, seat: int, hid: str) -> list[str]:
    g = state.ground
    assert g is not None
    out: list[str] = []
    for u in sorted(state.units.values(), key=lambda u: board.uid_key(u.uid)):
        if u.owner == seat and u.hex == hid and u.kind == TRANSPORT:
            out.extend(g.aboard.pop(u.uid, []))
    return out


def _land_on_npa_planet(game: SpaceEmpires, state: SEState, seat: int, hid: str, events: list[Event]) -> None:
    """§10.1: an NPA planet is defended by 5 Militia."""
    g = state.ground
    assert g is not None
    invaders = _unload_all(state, seat, hid)
    troopers = [Trooper(f"g{i + 1}", k, 0, 0, 0) for i, k in enumerate(invaders)]
    n = len(troopers)
    troopers += [Trooper(f"g{n + i + 1}", MILITIA, 1, 0, 0) for i in range(NPA_MILITIA)]
    grav_support(troopers)
    drop = state.players[seat].techs.get(TECH, 0) >= DROP_SHIPS
    g.invasion = Invasion(hid, seat, NPA, 0, troopers, [], drop)
    alien_tech.landing(state, g.invasion, events)  # Stim Packs, Air Support (§10.5)
    _say(
        events,
        {
            "type": "landing",
            "hex": hid,
            "attacker": seat,
            "defender": NPA,
            "invaders": list(invaders),
            "defenders": [MILITIA] * NPA_MILITIA,
            "drop_ships": drop,
        },
    )
    next_shot(game, state, events)


def _alive(inv: Invasion, side: int) -> list[Trooper]:
    return [t for t in inv.troopers if t.side == side]


def next_shot(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    """Run the ground battle to the next target choice, or to its end (no retreat, §10.1)."""
    g = state.ground
    assert g is not None and g.invasion is not None
    inv = g.invasion
    while _alive(inv, 0) and _alive(inv, 1):
        if not inv.queue:
            inv.round += 1
            inv.queue = firing_order(inv)
            _say(events, {"type": "ground_round", "hex": inv.hex, "round": inv.round})
            continue
        tid = inv.queue.pop(0)
        shooter = next((t for t in inv.troopers if t.tid == tid), None)
        if shooter is None:
            continue  # destroyed before it fired
        seat = inv.attacker if shooter.side == 0 else inv.defender
        if seat < 0:  # NPAs, and the solo aliens' side: the live player chooses (§13.1, §13.13)
            seat = _npa_seat(state, inv.attacker)
        state.pending.append(Step("gtarget", seat, {"shooter": tid}))
        return
    finish(game, state, events)


def targets(state: SEState, shooter_tid: str) -> list[Trooper]:
    """The enemy ground units a shooter may fire at, one of each kind of identical units."""
    g = state.ground
    assert g is not None and g.invasion is not None
    inv = g.invasion
    shooter = next(t for t in inv.troopers if t.tid == shooter_tid)
    seen: set[tuple[str, int, int]] = set()
    out = []
    for t in _alive(inv, 1 - shooter.side):
        key = (t.kind, t.damage, t.bonus)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def step_actions(game: SpaceEmpires, state: SEState, step: Step) -> list[Action]:
    get = game.table.get
    if step.kind == "gtarget":
        return [get(f"gt {t.tid}", (t.tid,), "gt", (t.tid,)) for t in targets(state, step.data["shooter"])]
    if step.kind == "npa_land":
        return [get("land", (), "land", ()), get("hold", (), "hold", ())]
    return [get(f"steal {tr}", (), "steal", (tr,)) for tr in steal_options(state, step.seat, step.data)]


def shoot(game: SpaceEmpires, state: SEState, target_tid: str, events: list[Event]) -> None:
    """§10.1: roll at or under attack minus the target's defense (no technology, Tactics or fleet size
    bonus; a 1 always hits); a hit does 1 damage, and a unit is destroyed when damage reaches its hull."""
    g = state.ground
    assert g is not None and g.invasion is not None
    inv = g.invasion
    step = state.pending.pop()
    shooter = next(t for t in inv.troopers if t.tid == step.data["shooter"])
    target = next(t for t in inv.troopers if t.tid == target_tid)
    _, attack, _, _ = _trooper_stats(shooter)
    _, _, defense, hull = _trooper_stats(target)
    need = attack - defense + empire_advantages.ground_modifier(state, inv, shooter, target, events)  # §10.4
    roll = combat.d10(state.rng)
    hit = roll == 1 or roll <= need
    say_shot(events, shooter, target, roll, need, hit)
    if hit:
        target.damage += 1
        if target.damage >= hull:
            inv.troopers.remove(target)
            _say(events, {"type": "ground_destroyed", "unit": target.tid, "kind": target.kind})
    next_shot(game, state, events)


def home_system(state: SEState, hid: str) -> bool:
    col = state.colonies.get(hid)
    m = state.markers.get(hid)
    return (col is not None and col.home) or (m is not None and m.pool.startswith("home"))


def growth_step_down(value: int, home: bool) -> int:
    """§10.1: a captured colony drops one growth step; a captured home world becomes a 5 CP colony."""
    if home:
        return min(value, GROWTH[-1])
    lower = [v for v in GROWTH if v < value]
    return lower[-1] if lower else 0


def finish(game: SpaceEmpires, state: SEState, events: list[Event]) -> None:
    g = state.ground
    assert g is not None and g.invasion is not None
    inv = g.invasion
    g.invasion = None
    if not _alive(inv, 0):
        survivors = [t.kind for t in _alive(inv, 1) if t.kind != MILITIA]  # Militia only rise to fight
        if survivors:
            g.garrisons[inv.hex] = Garrison(inv.defender, survivors)
        _say(events, {"type": "invasion_repelled", "hex": inv.hex, "defender": inv.defender})
        return
    survivors = [t.kind for t in _alive(inv, 0)]
    if inv.defender == NPA:
        # §10.1: a won NPA planet becomes a 3 CP colony of the invader, garrisoned by the survivors.
        state.colonies[inv.hex] = Colony(inv.attacker, NPA_COLONY, False, False)
        g.garrisons[inv.hex] = Garrison(inv.attacker, survivors)
        _say(
            events,
            {"type": "colony_captured", "hex": inv.hex, "by": inv.attacker, "from": NPA, "value": NPA_COLONY},
        )
        alien_tech.captured(state, inv.hex, inv.attacker, NPA, events)  # §10.5: a free card
        colony_captured(state, inv.hex, inv.attacker, NPA, 0, events)  # §13.10: the machines' track moves
        return
    capture(game, state, inv.hex, inv.attacker, survivors, events)


def capture(
    game: SpaceEmpires, state: SEState, hid: str, seat: int, survivors: list[str], events: list[Event]
) -> None:
    """§10.1: the invader keeps its surviving units there as the garrison ([DESIGN] all of them stay:
    at least one must); the defender's shipyards and bases there are destroyed; the colony drops one
    growth step and changes hands; its old owner may not bombard it; the captor steals technology."""
    g = state.ground
    assert g is not None
    col = state.colonies[hid]
    loser, was_home, in_home_system = col.owner, col.home, home_system(state, hid)
    for u in sorted(state.units.values(), key=lambda u: board.uid_key(u.uid)):
        if u.hex == hid and u.owner == loser and u.kind in ("SY", "Base"):
            del state.units[u.uid]
            _say(events, {"type": "destroyed", "unit": u.uid, "hex": hid})
    col.value = growth_step_down(col.value, was_home)
    col.owner, col.home, col.income = seat, False, False
    g.garrisons[hid] = Garrison(seat, list(survivors))
    g.captured[hid] = loser
    _say(events, {"type": "colony_captured", "hex": hid, "by": seat, "from": loser, "value": col.value})
    empire_advantages.on_capture(state, loser, events)  # §10.4: the loser reveals its Empire Advantages
    alien_tech.captured(state, hid, seat, loser, events)  # §10.5: the loser reveals its cards
    thefts = 2 if in_home_system else 1
    data_ = {"from": loser, "left": thefts, "taken": []}
    colony_captured(state, hid, seat, loser, thefts, events)  # §13.13: an alien captor steals technology
    if seat >= 0 and steal_options(state, seat, data_):
        state.pending.append(Step("steal", seat, data_))
    if was_home:
        game._eliminate(state, loser, events)  # [DESIGN] a lost home world ends the empire, as in §8


def steal_options(state: SEState, seat: int, d: dict[str, Any]) -> list[str]:
    """§10.1 Technology theft: +1 level in a technology the loser has higher, each one different."""
    mine, theirs = (
        state.players[seat].techs,
        techs_of(state, int(d["from"])),
    )  # aliens too (§13.13)
    return sorted(tr for tr in mine if theirs.get(tr, 0) > mine[tr] and tr not in d["taken"])


def steal(state: SEState, seat: int, track: str, events: list[Event]) -> None:
    step = state.pending[-1]
    if track not in steal_options(state, seat, step.data):
        raise ValueError(f"{track} cannot be stolen now (§10.1)")
    state.players[seat].techs[track] += 1
    step.data["taken"].append(track)
    step.data["left"] -= 1
    _say(
        events,
        {"type": "tech_stolen", "seat": seat, "tech": track, "level": state.players[seat].techs[track]},
    )
    if step.data["left"] <= 0 or not steal_options(state, seat, step.data):
        state.pending.pop()


def no_bombard(state: SEState, hid: str, seat: int) -> bool:
    """§10.1: the original owner of a captured colony may not bombard it."""
    g = state.ground
    return g is not None and g.captured.get(hid) == seat


def apply_action(
    game: SpaceEmpires, state: SEState, seat: int, kind: str, args: tuple[Any, ...], events: list[Event]
) -> None:
    if kind in ECON_KINDS:
        apply(state, seat, kind, args, events)
    elif kind == "embark":
        embark(state, str(args[0]), str(args[1]))
    elif kind == "disembark":
        disembark(state, seat, str(args[0]))
    elif kind == "land":
        land(game, state, seat, events)
    elif kind == "gt":
        shoot(game, state, str(args[0]), events)
    elif kind == "steal":
        steal(state, seat, str(args[0]), events)


def title(state: SEState, hid: str, seat: int | None, lang: str = "en") -> str:
    """The SVG colony tooltip's addition: the garrison, for its owner only (§10.1)."""
    g = state.ground
    gar = g.garrisons.get(hid) if g is not None else None
    if gar is None or seat is None or gar.owner != seat:
        return ""
    return f"; {word('garrison', lang)}: " + ", ".join(unit_word(k, lang) for k in gar.troops)


# --- the alien empires' colonies (§13.13) -----------------------------------------------------------------
def alien_name(owner: int) -> str:
    """An alien empire in English log text ("alien empire 1" for the first)."""
    return f"alien empire {ALIEN_BASE - owner + 1}"


def invadable(state: SEState, owner: int) -> bool:
    """§13.13 (issue 9 integration): the live player may invade an alien empire's colonies (its home
    world included) as an enemy player's (§10.1)."""
    return board.alien_empire(state, owner) is not None


def may_retake(state: SEState, hid: str, seat: int) -> bool:
    """§10.1, §13.13: a player may not bombard a colony captured from it (by another player or an alien
    empire), but may land on it to take it back: its bombardment step there offers only ``land`` (with
    cargo aboard) and ``hold``. The step depends only on the ships there (public), never on the cargo
    (secret)."""
    col = state.colonies.get(hid)
    return (
        state.ground is not None
        and col is not None
        and col.owner != seat
        and (col.owner >= 0 or board.alien_empire(state, col.owner) is not None)
    )


def techs_of(state: SEState, owner: int) -> dict[str, int]:
    """The technology sheet of a seat, or of an alien empire (technology theft, §10.1, §13.13)."""
    if owner >= 0:
        return state.players[owner].techs
    a = board.alien_empire(state, owner)
    return a.techs if a is not None else {}


def security_militia(state: SEState, owner: int) -> int:
    """§13.13 [DESIGN]: Security Forces defend their colonies in ground combat too: each level raises one
    more Militia in every colony of the empire that is invaded (reference §1.12 gives the track only
    against boarding)."""
    if owner < 0 and board.alien_empire(state, owner) is None:
        return 0  # non-player aliens and the Galactic Capitol have no technology sheet
    return techs_of(state, owner).get("security_forces", 0)


# --- the system (base/system.py) ---------------------------------------------------------------------------
SYSTEM = System(
    "ground_combat",
    "§10.1",
    setup=lambda game, state, scenario, options: setup(state, options),
    action_kinds=ACTION_KINDS,
    apply=apply_action,
    step_kinds=STEP_KINDS,
    step_actions=step_actions,
    observe=observe,
    secret=lambda state, out, viewer: secret(state, out),
    determinize=determinize,
    invariants=invariants,
    after_step=lambda state, events: prune(state),  # garrisons are lost with their colonies
    max_extra_actions=lambda players, options: max_extra_actions(options),  # embarking, disembarking
    secret_kinds=SECRET_KINDS,
)
