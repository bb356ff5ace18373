"""A numeric encoding of one seat's Space Empires observation, for RL.

It reads only ``observation(seat)`` plus the public component data (the maps, the
unit and technology tables), so it cannot leak: a face-down enemy counter shows
only its id, owner and ``kind: "?"`` and is encoded as "one counter of that
owner" and nothing more (not its type, technology or number of units). Players
are rotated so that seat slot 0 is always the observer; owners that are not
seats (non-player aliens, the solo opponents) share one "other" slot. The layout
(documented in docs/interop.md) is fixed for 1-4 players, both editions and
every scenario: hexes are the union of every map's hexes in (row, column) order,
a hex the current map lacks is all zeros. The Close Encounters block (victory points,
Empire Advantages, Alien Technology, ground units, experience, centers, amoebas) has the same
size whatever the options: a system that is off leaves its fields at zero.
"""

from __future__ import annotations

from array import array
from functools import cache, lru_cache
from typing import Any

import numpy as np

from galaxis.core.blocks import Memo, layout_offsets, layout_width, seat_layout, zeros
from galaxis.games.space_empires.base import board, data
from galaxis.games.space_empires.base.board import MAX_BID, NPA_KINDS, OPPONENT_KINDS, SEATS, uid_key
from galaxis.games.space_empires.base.hexes import hex_id, parse_hex_id
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.systems import alien_tech, centers, empire_advantages, ground, victory

MAX_PLAYERS = 4
SLOTS = MAX_PLAYERS + 1  # the seats, observer first, then "other" (NPA aliens, solo opponents)
OTHER = MAX_PLAYERS
PHASES = ("move", "combat", "econ", "over")
DECISIONS = ("bomb", "cloak", "first", "lost", "mine", "peek", "round", "scuttle", "steer", "target")
VICTORIES = ("conquest", "destroy_doomsday", "destroy_aliens")
DIFFICULTIES = ("easy", "normal", "hard", "harder", "really_tough", "good_luck")
OPPONENTS = ("none", "doomsday", "alien")
MAX_ALIENS = 3
TURNS = 3  # movement turns per economic cycle (§3)
# Unit classes counted per hex and owner (what a counter holds, for counters the observer can see).
CLASSES = ("warship", "fighter", "base", "civil", "mine", "decoy", "alien")


def _unit_class(kind: str) -> int:
    """The encoder class of a unit type, from the public unit table."""
    if kind in NPA_KINDS or kind in OPPONENT_KINDS:
        return CLASSES.index("alien")
    if kind in ("Mine", "Decoy", "F"):
        return CLASSES.index({"Mine": "mine", "Decoy": "decoy", "F": "fighter"}[kind])
    unit = data.unit_table_by_id().get(kind)
    if unit is None:
        return CLASSES.index("alien")
    if unit.move == "none":
        return CLASSES.index("base")
    return CLASSES.index("warship" if unit.combat else "civil")


def _hex_order() -> tuple[str, ...]:
    every: set[str] = set()
    for players in data.maps():
        every |= {hex_id(h) for h in data.hex_map(players).hexes}
    return tuple(sorted(every, key=lambda h: (parse_hex_id(h)[1], parse_hex_id(h)[0])))


HEXES = _hex_order()
TECHS = tuple(data.techs())
_TECH_MAX = {k: max(len(t.costs(e)) for e in data.EDITIONS) for k, t in data.techs().items()}

# --- the Close Encounters block (docs/interop.md, "Close Encounters block") -------------------------
EA_CARDS = tuple(empire_advantages.cards())  # the 25 Empire Advantage cards, in data order (#31-#55)
AT_CARDS = tuple(c.id for c in alien_tech.table().cards)  # the 30 Alien Technology cards, by id
TROOPS = ("Militia", *ground.buyable_kinds())
VP_MODES = (*victory.MODES[1:], victory.QUICK)
XP_LEVELS = 4  # Green (0) is not shown; Skilled .. Legendary (§10.2)
MAX_AMOEBA_TYPES = 3
CE_DECISIONS = (
    "detonate", "ea_keep", "ea_pick", "expand", "feed", "gassault", "gflee", "gsrc", "gtarget", "head",
    "npa_land", "react", "steal",
)  # fmt: skip
CE_HEX = (
    ("warp_point", 1),
    ("relic", 1),
    ("research_center", 1),
    ("industrial_center", 1),
    ("garrison", len(TROOPS)),
)
CE = (
    ("vp_mode", len(VP_MODES)),
    ("vp", MAX_PLAYERS),
    ("relics_left", 1),
    ("relics_towed", 1),
    ("relics_delivered", 1),
    ("alien_minerals", MAX_ALIENS),
    ("ea_held", MAX_PLAYERS * len(EA_CARDS)),
    ("ea_hand", len(EA_CARDS)),
    ("ea_discarded", len(EA_CARDS)),
    ("ea_revealed", len(EA_CARDS)),
    ("ea_pool", len(EA_CARDS)),
    ("at_held", MAX_PLAYERS * len(AT_CARDS)),
    ("at_unpaid", len(AT_CARDS)),
    ("at_offer", len(AT_CARDS)),
    ("at_found", 1),
    ("ground_free", 1),
    ("ground_aboard", 1),
    ("invasion", 1),
    ("invasion_attacker", SLOTS),
    ("invasion_defender", SLOTS),
    ("invasion_troops", 2),
    ("xp", SLOTS * XP_LEVELS),
    ("captured_ships", SLOTS),
    ("centers", SLOTS * 2),
    ("rp", 1),
    ("amoeba_types", MAX_AMOEBA_TYPES * 4),
    ("amoeba_start", 1),
    ("amoeba_bonus", 1),
    ("amoeba_born", 1),
    ("amoeba_probed", 1),
    ("ce_decision", len(CE_DECISIONS)),
    ("ce_hexes", len(HEXES) * layout_width(CE_HEX)),
)

MISC = (
    ("phase", len(PHASES)),
    ("turn", 1),
    ("cycle", 1),
    ("cycles", 1),
    ("edition", len(data.EDITIONS)),
    ("active", SLOTS),
    ("order", MAX_PLAYERS * MAX_PLAYERS),
    ("winner", SLOTS),
    ("battle", 1),
    ("battle_attacker", SLOTS),
    ("battle_defender", SLOTS),
    ("battle_round", 1),
    ("decision", len(DECISIONS)),
    ("decision_mine", 1),
)
ECON = (  # _econ_block packs the fields in this order
    ("cp", 1),
    ("techs", len(TECHS)),
    ("bid", 1),
    ("queue", 1),
    ("earned", 1),
    ("spent", 1),
    ("forfeited", 1),
)
SCENARIO = (
    ("solo", 1),
    ("victory", len(VICTORIES)),
    ("difficulty", len(DIFFICULTIES)),
    ("opponent", len(OPPONENTS)),
    ("outcome", 2),
    ("schedule", 1),
    ("destroyed", 1),
    ("machines", 1),
    ("machine_damage", 1),
    ("aliens", MAX_ALIENS * 4),
    ("warp_points", 1),
    ("doomsday_markers", 1),
)
HEX = (
    ("marker", len(data.MARKER_KINDS)),
    ("marker_down", 1),
    ("marker_peeked", 1),
    ("marker_value", 1),
    ("colony", SLOTS),
    ("colony_value", 1),
    ("colony_home", 1),
    ("battle_here", 1),
    ("counters", SLOTS),
    ("units", SLOTS * len(CLASSES)),
)
BOARD = (("hexes", len(HEXES) * layout_width(HEX)),)
GLOBAL = (*MISC, *ECON, *SCENARIO, *BOARD, *CE)
PLAYER = (("present", 1), ("alive", 1), ("colonies", 1), ("done", 1))

G = layout_offsets(GLOBAL)
P = layout_offsets(PLAYER)
H = layout_offsets(HEX)
G_SIZE = layout_width(GLOBAL)
P_SIZE = layout_width(PLAYER)
H_SIZE = layout_width(HEX)
SIZE = G_SIZE + MAX_PLAYERS * P_SIZE
S_MISC = (G["phase"], G["phase"] + layout_width(MISC))
S_ECON = (G["cp"], G["cp"] + layout_width(ECON))
S_SCENARIO = (G["solo"], G["solo"] + layout_width(SCENARIO))
S_CE = (G["vp_mode"], G["vp_mode"] + layout_width(CE))
CH = layout_offsets(CE_HEX)
CH_SIZE = layout_width(CE_HEX)
HEX_BASE = G["hexes"]
HEX_INDEX = {h: i for i, h in enumerate(HEXES)}
_PART = {h: 3 + i for i, h in enumerate(HEXES)}  # a hex's block among the parts joined into a vector
_MARKER = {k: i for i, k in enumerate(data.MARKER_KINDS)}
_DECISION = {k: i for i, k in enumerate(DECISIONS)}
_EMPTY: tuple[Any, ...] = (None, None, None, (), False)  # the hex key of an empty hex
_DOWN: tuple[Any, ...] = ("?", None, None, (), False)  # the hex key of a lone face-down marker
_ZERO_HEX = bytes(4 * H_SIZE)
_ZERO_ECON = bytes(4 * (S_ECON[1] - S_ECON[0]))
_ZERO_SCENARIO = bytes(4 * (S_SCENARIO[1] - S_SCENARIO[0]))
_NO_TECHS = (0,) * len(TECHS)
MAX_TEMPLATES = 256  # board templates kept (each a list of len(HEXES) + 5 references)


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests (hexes as one field)."""
    return seat_layout(GLOBAL, PLAYER, MAX_PLAYERS)


def hex_field(hid: str, name: str) -> int:
    """The offset of field ``name`` of hex ``hid`` in the vector."""
    return HEX_BASE + HEX_INDEX[hid] * H_SIZE + H[name]


class SpaceEmpiresEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to [0, 1].

    The vector is the concatenation of byte blocks (float32): misc, the observer's sheet, the
    scenario, one block per hex of ``HEXES``, the Close Encounters block and the players' block. Every block is cached under a
    key made of the values it is computed from, so an encoding is a few key tuples, dict lookups
    and one ``b"".join``. The returned arrays are read-only views of those bytes.
    """

    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self) -> None:
        self._misc = Memo(_misc_bytes)
        self._econ = Memo(_econ_bytes)
        self._scenario = Memo(_scenario_bytes)
        self._hex = Memo(_hex_bytes)
        self._players = Memo(_players_bytes)
        self._ce = Memo(_ce_bytes)
        self._manned = Memo(self._manned_hex)
        self._board = Memo(self._board_template, limit=MAX_TEMPLATES)

    def _manned_hex(self, key: tuple[Any, ...]) -> bytes:
        """The block of a hex with units, from what the fast path reads: ``key`` is (marker, peeked,
        colony, seat, players, (id, counter, owner, type or "?", face up) of each unit there, battle here)."""
        marker, peeked, colony, seat, n, units, battle = key
        block: bytes = self._hex[(marker, peeked, colony, _hex_units((seat, n, units)), battle)]
        return block

    def _board_template(self, key: tuple[Any, ...]) -> tuple[list[bytes], frozenset[str]]:
        """The parts of a vector before the per-position blocks go in, with every hex that holds
        only a marker filled in, and the hexes of the map holding a face-down marker: ``key`` is
        (players, the hexes that hold a marker, (hex, kind, value) of each face-up marker)."""
        n, hids, face_up = key
        onboard = board.board_hexes(n)
        shown = {hid for hid, _, _ in face_up}
        down = frozenset(h for h in hids if h not in shown and h in onboard)
        parts = [_ZERO_HEX] * (len(HEXES) + 5)
        parts[1] = _ZERO_ECON
        parts[2] = _ZERO_SCENARIO
        hexes = self._hex
        lone = hexes[_DOWN]
        for h in down:
            parts[_PART[h]] = lone
        for hid, kind, value in face_up:
            if hid in onboard:
                parts[_PART[hid]] = hexes[((kind, value), None, None, (), False)]
        return parts, down

    # --- the observation path ---------------------------------------------------
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        players = obs["players"]
        n = len(players)
        you = obs["you"]
        rel = _relative(0 if you is None else you, n)
        battle = obs["battle"]
        decision = obs["decision"]
        parts = [_ZERO_HEX] * (len(HEXES) + 5)
        parts[0] = self._misc[
            (
                obs["phase"],
                obs["turn"],
                obs["cycle"],
                obs["cycles"],
                obs["edition"],
                obs["active"],
                tuple(obs["order"]),
                obs["winner"],
                None if battle is None else (battle["attacker"], battle["defender"], battle["round"]),
                None if decision is None else (decision["kind"], decision["seat"]),
                you,
                n,
            )
        ]
        parts[1] = _ZERO_ECON
        if you is not None:
            p = players[you]
            techs = p["techs"]
            parts[1] = self._econ[
                (
                    p["cp"],
                    tuple(techs.get(t, 0) for t in TECHS),
                    p["bid"],
                    len(p["queue"]),
                    p["earned"],
                    p["spent"],
                    p["forfeited"],
                )
            ]
        scenario = obs.get("scenario")
        parts[2] = _ZERO_SCENARIO if scenario is None else self._scenario[_scenario_key(scenario)]
        keys: dict[str, tuple[Any, ...]] = {}
        for hid, cell in obs["hexes"].items():
            marker = cell.get("marker")
            peeked = cell.get("peeked")
            col = cell.get("colony")
            units = cell.get("units")
            keys[hid] = (
                marker if marker is None or marker == "?" else (marker[0], marker[1]),
                None if peeked is None else (peeked[0], peeked[1]),
                None if col is None else (rel(col["owner"]), col["value"], col["home"]),
                ()
                if units is None
                else tuple(sorted((rel(u["owner"]), u["kind"], u.get("count", 0)) for u in units)),
                False,
            )
        if battle is not None and battle["hex"] in HEX_INDEX:
            here = battle["hex"]
            keys[here] = (*keys.get(here, _EMPTY)[:4], True)
        hexes = self._hex
        for hid, key in keys.items():
            parts[_PART[hid]] = hexes[key]
        me = 0 if you is None else you
        parts[-2] = self._ce[
            _ce_key(obs, you, n, None if decision is None else decision["kind"], _xp_seen(obs))
        ]
        parts[-1] = self._players[(me, tuple((p["alive"], p["colonies"], p["done"]) for p in players))]
        return np.frombuffer(b"".join(parts), dtype=np.float32)

    # --- the fast path ------------------------------------------------------------
    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state
        (views.observation and solo.observe publish these fields, nothing else is read)."""
        s = match.state
        n = len(s.players)
        b = s.battle
        top = s.pending[-1] if s.pending else None
        phase = s.phase
        markers = s.markers
        # the map: which hexes hold a face-down marker, and the face-up markers (the same for every
        # seat); what else a hex holds comes below
        template, down = self._board[
            (n, tuple(markers), tuple([(h, m.kind, m.value) for h, m in markers.items() if m.face_up]))
        ]
        parts = template.copy()
        parts[0] = self._misc[
            (
                phase,
                s.turn,
                s.cycle,
                s.cycles,
                s.edition,
                s.order[s.active] if s.order and phase in ("move", "combat") else None,
                tuple(s.order),
                s.winner,
                None if b is None else (b.attacker, b.defender, b.round),
                None if top is None else (top.kind, top.seat),
                seat,
                n,
            )
        ]
        known: Any = ()
        if seat is not None:
            p = s.players[seat]
            known = p.known
            parts[1] = self._econ[
                (
                    p.cp,
                    tuple(map(p.techs.get, TECHS, _NO_TECHS)),
                    p.bid,
                    len(p.queue),
                    p.earned,
                    p.spent,
                    p.forfeited,
                )
            ]
        if s.solo is not None:
            parts[2] = self._scenario[_solo_key(s)]
        units: dict[str, list[Any]] = {}  # hex -> the units there
        for u in s.units.values():
            here = units.get(u.hex)
            if here is None:
                units[u.hex] = [u]
            else:
                here.append(u)
        colonies = s.colonies
        onboard = board.board_hexes(n)
        busy = set(colonies)
        busy.update(units)
        if known:
            busy.update(down.intersection(known))
        busy &= onboard
        battle_hex = None
        if b is not None and b.hex in HEX_INDEX:
            battle_hex = b.hex
            if battle_hex in onboard:
                busy.add(battle_hex)
            else:  # a battle off this map: only the battle flag (as in observation)
                parts[_PART[battle_hex]] = self._hex[(*_EMPTY[:4], True)]
        slots = _slots(0 if seat is None else seat, n)
        hexes = self._hex
        manned = self._manned
        for hid in busy:
            m = markers.get(hid)
            if m is None:
                marker: Any = None
                peeked = None
            elif m.face_up:
                marker = (m.kind, m.value)
                peeked = None
            else:
                marker = "?"
                peeked = (m.kind, m.value) if hid in known else None
            col = colonies.get(hid)
            colony = None if col is None else (slots.get(col.owner, OTHER), col.value, col.home)
            here = units.get(hid)
            if here is None:
                parts[_PART[hid]] = hexes[(marker, peeked, colony, (), hid == battle_hex)]
            else:
                # the type of a unit is read only where the observer may know it (views.can_see)
                seen = tuple(
                    [
                        (
                            u.uid,
                            u.counter,
                            u.owner,
                            u.kind if u.revealed or u.owner == seat else "?",
                            u.revealed,
                        )
                        for u in here
                    ]
                )
                parts[_PART[hid]] = manned[(marker, peeked, colony, seat, n, seen, hid == battle_hex)]
        owned = [0] * n
        for c in colonies.values():
            if 0 <= c.owner < n:
                owned[c.owner] += 1
        econ_phase = phase == "econ"
        xp = _xp_of(s, seat, onboard) if s.experience or s.boarding else ()
        parts[-2] = self._ce[_ce_key(_ce_view(s, seat, n), seat, n, None if top is None else top.kind, xp)]
        parts[-1] = self._players[
            (
                0 if seat is None else seat,
                tuple((p.alive, owned[i], p.done if econ_phase else False) for i, p in enumerate(s.players)),
            )
        ]
        return np.frombuffer(b"".join(parts), dtype=np.float32)


@cache
def _slots(me: int, n: int) -> dict[int, int]:
    """seat -> its slot, seats rotated so that ``me`` is 0 (``.get(owner, OTHER)``: see ``_relative``)."""
    return {owner: (owner - me) % n for owner in range(n)}


def _relative(me: int, n: int) -> Any:
    """owner -> its slot: seats rotated so that ``me`` is 0, anything else OTHER."""

    def rel(owner: int) -> int:
        if owner < 0 or owner >= n:
            return OTHER
        return (owner - me) % n

    return rel


def _misc_key(
    phase: str,
    turn: int,
    cycle: int,
    cycles: int,
    edition: str,
    active: int | None,
    order: Any,
    winner: int | None,
    battle: tuple[int, int, int] | None,
    decision: tuple[str, int] | None,
    you: int | None,
    rel: Any,
) -> tuple[Any, ...]:
    return (
        phase,
        turn,
        cycle,
        cycles,
        edition,
        -1 if active is None else rel(active),
        tuple(rel(s) for s in order),
        -1 if winner is None or winner == -1 else rel(winner),
        None if battle is None else (rel(battle[0]), rel(battle[1]), battle[2]),
        None if decision is None else (decision[0], you is not None and decision[1] == you),
    )


def _solo_key(state: Any) -> tuple[Any, ...] | None:
    """``_scenario_key`` of what solo.observe publishes, read from the state."""
    solo = state.solo
    if solo is None:
        return None
    units = state.units
    return (
        solo.victory,
        solo.difficulty,
        solo.opponent,
        solo.outcome,
        len(solo.schedule),
        solo.dm_destroyed,
        len(solo.machines),
        sum(units[uid].damage if uid in units else 0 for uid in solo.machines),
        tuple((a.alive, sum(a.techs.values()), len(a.fleets)) for a in solo.aliens),
        solo.warp_points,
        solo.doomsday_markers,
    )


def _scenario_key(s: dict[str, Any]) -> tuple[Any, ...]:
    machines = s["machines"]
    return (
        s["victory"],
        s["difficulty"],
        s["opponent"],
        s["outcome"],
        len(s["schedule"]),
        s["destroyed"],
        len(machines),
        sum(m["damage"] for m in machines.values()),
        tuple((a["alive"], sum(a["techs"].values()), len(a["fleets"])) for a in s["aliens"]),
        s["warp_points"],
        s["doomsday_markers"],
    )


def _scale(x: float, top: float) -> float:
    return min(max(float(x), 0.0), top) / top


# --- cached builders: key -> float32 bytes (or the fast path's derived tables) ------------------
def _misc_bytes(key: tuple[Any, ...]) -> bytes:
    """Misc from the published values (seats absolute), rotated for the observer ``you``."""
    phase, turn, cycle, cycles, edition, active, order, winner, battle, decision, you, n = key
    rel = _relative(0 if you is None else you, n)
    k = _misc_key(phase, turn, cycle, cycles, edition, active, order, winner, battle, decision, you, rel)
    return _misc_block(k).tobytes()


def _econ_bytes(key: tuple[Any, ...]) -> bytes:
    return _econ_block(key).tobytes()


def _scenario_bytes(key: tuple[Any, ...]) -> bytes:
    return _scenario_block(key).tobytes()


def _hex_bytes(key: tuple[Any, ...]) -> bytes:
    return _hex_block(key).tobytes()


def _players_bytes(key: tuple[Any, ...]) -> bytes:
    """The players' blocks, observer first: ``key`` is (observer, one (alive, colonies, done) per seat)."""
    me, players = key
    n = len(players)
    out = [_player_block(players[(me + k) % n]).tobytes() for k in range(min(n, MAX_PLAYERS))]
    out.extend([bytes(4 * P_SIZE)] * (MAX_PLAYERS - len(out)))
    return b"".join(out)


def _hex_units(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """The sorted (owner slot, kind or "?", units or 0) of each counter in one hex, as the observation
    shows them to ``seat``: ``key`` is (seat, players, (id, counter, owner, type or "?", face up) of each
    unit in the hex).
    A counter is shown as its first unit in id order (board.counters, views.counter_view)."""
    seat, n, units = key
    rel = _relative(0 if seat is None else seat, n)
    groups: dict[str, list[Any]] = {}
    for uid, counter, owner, kind, revealed in units:
        groups.setdefault(counter or uid, []).append((uid, owner, kind, revealed))
    entries = []
    for members in groups.values():
        _, owner, kind, revealed = members[0] if len(members) == 1 else min(members, key=_first_unit)
        if revealed or owner == seat:
            entries.append((rel(owner), kind, len(members)))
        else:
            entries.append((rel(owner), "?", 0))
    return tuple(sorted(entries))


def _first_unit(member: tuple[Any, ...]) -> tuple[str, int, int]:
    return uid_key(member[0])


# --- segment builders (each gets the key it is cached under) ----------------------------
def _misc_block(key: tuple[Any, ...]) -> array[float]:
    phase, turn, cycle, cycles, edition, active, order, winner, battle, decision = key
    o = S_MISC[0]
    v = zeros(S_MISC[1] - o)
    if phase in PHASES:
        v[G["phase"] - o + PHASES.index(phase)] = 1.0
    v[G["turn"] - o] = _scale(turn, TURNS)
    v[G["cycle"] - o] = _scale(cycle, max(cycles, 1))
    v[G["cycles"] - o] = _scale(cycles, 20)
    if edition in data.EDITIONS:
        v[G["edition"] - o + data.EDITIONS.index(edition)] = 1.0
    if active >= 0:
        v[G["active"] - o + active] = 1.0
    for pos, slot in enumerate(order[:MAX_PLAYERS]):
        if 0 <= slot < MAX_PLAYERS:
            v[G["order"] - o + pos * MAX_PLAYERS + slot] = 1.0
    if winner >= 0:
        v[G["winner"] - o + winner] = 1.0
    if battle is not None:
        attacker, defender, rnd = battle
        v[G["battle"] - o] = 1.0
        if attacker >= 0:
            v[G["battle_attacker"] - o + attacker] = 1.0
        if defender >= 0:
            v[G["battle_defender"] - o + defender] = 1.0
        v[G["battle_round"] - o] = _scale(rnd, 10)
    if decision is not None:
        kind, mine = decision
        if kind in _DECISION:
            v[G["decision"] - o + _DECISION[kind]] = 1.0
        v[G["decision_mine"] - o] = 1.0 if mine else 0.0
    return v


def _econ_block(key: tuple[Any, ...]) -> array[float]:
    cp, techs, bid, queue, earned, spent, forfeited = key
    v = array("f", [_scale(cp, 200)])
    v.frombytes(_techs_bytes(techs))
    v.extend(
        (
            _scale(bid, MAX_BID),
            _scale(queue, 20),
            _scale(earned, 1000),
            _scale(spent, 1000),
            _scale(forfeited, 100),
        )
    )
    return v


@lru_cache(maxsize=4096)
def _techs_bytes(techs: tuple[int, ...]) -> bytes:
    """Each technology level / the track's highest level (the sheet changes far more often)."""
    return array("f", [_scale(techs[i], _TECH_MAX[t] or 1) for i, t in enumerate(TECHS)]).tobytes()


def _scenario_block(key: tuple[Any, ...]) -> array[float]:
    victory, difficulty, opponent, outcome, schedule, destroyed, machines, damage, aliens, warp, doom = key
    o = S_SCENARIO[0]
    v = zeros(S_SCENARIO[1] - o)
    v[G["solo"] - o] = 1.0
    if victory in VICTORIES:
        v[G["victory"] - o + VICTORIES.index(victory)] = 1.0
    if difficulty in DIFFICULTIES:
        v[G["difficulty"] - o + DIFFICULTIES.index(difficulty)] = 1.0
    if opponent in OPPONENTS:
        v[G["opponent"] - o + OPPONENTS.index(opponent)] = 1.0
    if outcome in ("won", "lost"):
        v[G["outcome"] - o + ("won", "lost").index(outcome)] = 1.0
    v[G["schedule"] - o] = _scale(schedule, 20)
    v[G["destroyed"] - o] = _scale(destroyed, 5)
    v[G["machines"] - o] = _scale(machines, 5)
    v[G["machine_damage"] - o] = _scale(damage, 20)
    for i, (alive, techs, fleets) in enumerate(aliens[:MAX_ALIENS]):
        b = G["aliens"] - o + 4 * i
        v[b] = 1.0
        v[b + 1] = 1.0 if alive else 0.0
        v[b + 2] = _scale(techs, 30)
        v[b + 3] = _scale(fleets, 10)
    v[G["warp_points"] - o] = 1.0 if warp else 0.0
    v[G["doomsday_markers"] - o] = 1.0 if doom else 0.0
    return v


@cache
def _class_of(kind: str) -> int:
    return _unit_class(kind)


def _hex_block(key: tuple[Any, ...]) -> array[float]:
    marker, peeked, colony, units, battle = key
    v = zeros(H_SIZE)
    if battle:
        v[H["battle_here"]] = 1.0
    if marker is not None:
        if marker == "?":
            v[H["marker_down"]] = 1.0
            shown = peeked
            if peeked is not None:
                v[H["marker_peeked"]] = 1.0
        else:
            shown = marker
        if shown is not None:
            kind, value = shown
            if kind in _MARKER:
                v[H["marker"] + _MARKER[kind]] = 1.0
            v[H["marker_value"]] = _scale(value, 30)
    if colony is not None:
        owner, value, home = colony
        if owner >= 0:
            v[H["colony"] + owner] = 1.0
        v[H["colony_value"]] = _scale(value, 30)
        v[H["colony_home"]] = 1.0 if home else 0.0
    if units:
        counters: dict[int, int] = {}
        per_class: dict[int, int] = {}
        for owner, kind, count in units:
            slot = owner if owner >= 0 else OTHER
            counters[slot] = counters.get(slot, 0) + 1
            if kind != "?":  # a face-down enemy counter: only that it is there
                i = slot * len(CLASSES) + _class_of(kind)
                per_class[i] = per_class.get(i, 0) + max(count, 1)
        for s, c in counters.items():
            v[H["counters"] + s] = _scale(c, 6)
        for i, c in per_class.items():
            v[H["units"] + i] = _scale(c, 12)
    return v


def _player_block(key: tuple[Any, ...]) -> array[float]:
    alive, colonies, done = key
    v = zeros(P_SIZE)
    v[P["present"]] = 1.0
    v[P["alive"]] = 1.0 if alive else 0.0
    v[P["colonies"]] = _scale(colonies, 20)
    v[P["done"]] = 1.0 if done else 0.0
    return v


# --- the Close Encounters block: what the CE ``observe`` hooks publish ---------------------------
def _ce_view(state: Any, seat: int | None, n: int) -> dict[str, Any]:
    """The parts of ``observation(seat)`` the CE block reads, built by the same ``observe`` hooks
    (rules.observation) on a stub (each hook returns at once when its system is off)."""
    obs: dict[str, Any] = {"players": [{} for _ in range(n)], "scenario": {}}
    ground.observe(state, obs, seat)
    alien_tech.observe(state, obs, seat)
    empire_advantages.observe(state, obs, seat)
    centers.observe(state, obs, seat)
    victory.observe(state, obs)
    amoeba.observe(state, obs)
    alien_vp.observe(state, obs)
    return obs


def _xp_seen(obs: dict[str, Any]) -> tuple[Any, ...]:
    """(owner, experience level, captured) of each counter whose experience the observation shows."""
    me, n = obs["you"], len(obs["players"])
    rel = _relative(0 if me is None else me, n)
    out = [
        (rel(u["owner"]), u["xp"], bool(u["captured"]))
        for cell in obs["hexes"].values()
        for u in cell.get("units", ())
        if "xp" in u
    ]
    return tuple(sorted(out))


def _xp_of(state: Any, seat: int | None, onboard: Any) -> tuple[Any, ...]:
    """``_xp_seen`` read from the state: a counter shows the level of its first unit (views.counter_view)
    to its owner, or to everyone once it is face up."""
    groups: dict[tuple[str, str], list[Any]] = {}
    for u in state.units.values():
        if u.hex in onboard:
            groups.setdefault((u.hex, u.counter or u.uid), []).append(u)
    n = len(state.players)
    slots = _slots(0 if seat is None else seat, n)
    out = []
    for members in groups.values():
        first = min(members, key=lambda u: uid_key(u.uid))
        if (first.revealed or (seat is not None and first.owner == seat)) and (first.xp or first.captured):
            out.append((slots.get(first.owner, OTHER), first.xp, bool(first.captured)))
    return tuple(sorted(out))


def _rotated(values: Any, me: int) -> tuple[Any, ...]:
    """A per-seat list with the observer first."""
    k = len(values)
    return tuple(values[(me + i) % k] for i in range(k)) if k else ()


def _ce_key(
    obs: dict[str, Any], you: int | None, n: int, decision: str | None, xp: tuple[Any, ...]
) -> tuple[Any, ...]:
    """Everything the CE block is built from, as published by the observation (seats rotated)."""
    me = 0 if you is None else you
    rel = _relative(me, n)
    v = obs.get("victory")
    vk = None
    if v is not None:
        vk = (
            v["mode"],
            _rotated(v["vp"], me),
            tuple(v["warp_points"]),
            tuple(v["relics"]),
            len(v["carried"]),
            v["delivered"],
        )
    e = obs.get("empire_advantages")
    ek = None
    if e is not None:
        ek = (
            _rotated([tuple(h) for h in e["held"]], me),
            tuple(e["hand"]),
            tuple(e["discarded"]),
            tuple(e["revealed"]),
            tuple(e["pool"]),
        )
    a = obs.get("alien_tech")
    ak = None
    if a is not None:
        shown = [tuple(a["revealed"].get(SEATS[s], ())) for s in range(n)]
        ak = (tuple(a["held"]), _rotated(shown, me), tuple(a["unpaid"]), tuple(a["offer"]), len(a["found"]))
    g = obs.get("ground")
    gk = None
    if g is not None:
        inv = g["invasion"]
        ik = None
        if inv is not None:
            sides = [t[2] for t in inv["units"]]
            ik = (rel(inv["attacker"]), rel(inv["defender"]), sides.count(0), sides.count(1))
        garrisons = tuple((h, tuple(t)) for h, t in g["garrisons"].items())
        gk = (g["free"], sum(len(k) for k in g["aboard"].values()), ik, garrisons)
    c = obs.get("centers")
    ck = None if c is None else tuple((h, x["kind"], rel(x["owner"])) for h, x in c.items())
    rp = obs["players"][you].get("rp", 0) if you is not None else 0
    am = obs.get("amoebas")
    mk = None
    if am is not None:
        types = tuple(
            (t["type"], bool(t["row"]), t["research"][me] if me < len(t["research"]) else 0, t["no_mines"])
            for t in am["types"]
        )
        mk = (types, am["start_phase"], am["bonus"], len(am["born"]), len(am["probed"]))
    avp = (obs.get("scenario") or {}).get("alien_vp")
    minerals = () if avp is None else tuple(avp["minerals"])
    return (vk, ek, ak, gk, ck, rp, mk, minerals, decision if decision in _CE_DECISION else None, xp)


def _ce_bytes(key: tuple[Any, ...]) -> bytes:
    return _ce_block(key).tobytes()


def _ce_block(key: tuple[Any, ...]) -> array[float]:
    vk, ek, ak, gk, ck, rp, mk, minerals, decision, xp = key
    o = S_CE[0]
    v = zeros(S_CE[1] - o)

    def at(name: str) -> int:
        return G[name] - o

    def hexfield(hid: str, name: str) -> int:
        return at("ce_hexes") + HEX_INDEX[hid] * CH_SIZE + CH[name]

    if vk is not None:
        mode, vps, warps, relics, towed, delivered = vk
        if mode in VP_MODES:
            v[at("vp_mode") + VP_MODES.index(mode)] = 1.0
        for i, p in enumerate(vps[:MAX_PLAYERS]):
            v[at("vp") + i] = _scale(p, 30)
        v[at("relics_left")] = _scale(len(relics), 20)
        v[at("relics_towed")] = _scale(towed, 10)
        v[at("relics_delivered")] = _scale(delivered, 20)
        for h in warps:
            if h in HEX_INDEX:
                v[hexfield(h, "warp_point")] = 1.0
        for h in relics:
            if h in HEX_INDEX:
                v[hexfield(h, "relic")] = 1.0
    for i, m in enumerate(minerals[:MAX_ALIENS]):
        v[at("alien_minerals") + i] = _scale(m, 10)
    if ek is not None:
        held, hand, discarded, revealed, pool = ek
        for slot, cards in enumerate(held[:MAX_PLAYERS]):
            _cards(v, at("ea_held") + slot * len(EA_CARDS), cards, _EA)
        _cards(v, at("ea_hand"), hand, _EA)
        _cards(v, at("ea_discarded"), discarded, _EA)
        _cards(v, at("ea_revealed"), revealed, _EA)
        _cards(v, at("ea_pool"), pool, _EA)
    if ak is not None:
        held, shown, unpaid, offer, found = ak
        _cards(v, at("at_held"), held, _AT)
        for slot, cards in enumerate(shown[1:MAX_PLAYERS], start=1):
            _cards(v, at("at_held") + slot * len(AT_CARDS), cards, _AT)
        _cards(v, at("at_unpaid"), unpaid, _AT)
        _cards(v, at("at_offer"), offer, _AT)
        v[at("at_found")] = _scale(found, 20)
    if gk is not None:
        free, aboard, inv, garrisons = gk
        v[at("ground_free")] = _scale(free, 10)
        v[at("ground_aboard")] = _scale(aboard, 20)
        if inv is not None:
            attacker, defender, invaders, defenders = inv
            v[at("invasion")] = 1.0
            v[at("invasion_attacker") + attacker] = 1.0
            v[at("invasion_defender") + defender] = 1.0
            v[at("invasion_troops")] = _scale(invaders, 20)
            v[at("invasion_troops") + 1] = _scale(defenders, 20)
        for h, troops in garrisons:
            if h in HEX_INDEX:
                for t in set(troops):
                    if t in TROOPS:
                        v[hexfield(h, "garrison") + TROOPS.index(t)] = _scale(troops.count(t), 10)
    for slot, level, captured in xp:
        if 1 <= level <= XP_LEVELS:
            v[at("xp") + slot * XP_LEVELS + level - 1] += 1.0 / 10
        if captured:
            v[at("captured_ships") + slot] += 1.0 / 10
    for i in range(at("xp"), at("captured_ships") + SLOTS):
        v[i] = min(v[i], 1.0)
    if ck is not None:
        for h, kind, owner in ck:
            research = kind == "research"
            v[at("centers") + owner * 2 + (0 if research else 1)] += 1.0 / 10
            if h in HEX_INDEX:
                v[hexfield(h, "research_center" if research else "industrial_center")] = 1.0
        for i in range(at("centers"), at("centers") + 2 * SLOTS):
            v[i] = min(v[i], 1.0)
    v[at("rp")] = _scale(rp, 50)
    if mk is not None:
        types, start, bonus, born, probed = mk
        for i, (_, known, research, no_mines) in enumerate(types[:MAX_AMOEBA_TYPES]):
            b = at("amoeba_types") + 4 * i
            v[b] = 1.0
            v[b + 1] = 1.0 if known else 0.0
            v[b + 2] = _scale(research, 10)
            v[b + 3] = 1.0 if no_mines else 0.0
        v[at("amoeba_start")] = _scale(start, 20)
        v[at("amoeba_bonus")] = _scale(bonus, 10)
        v[at("amoeba_born")] = _scale(born, 10)
        v[at("amoeba_probed")] = _scale(probed, 10)
    if decision is not None:
        v[at("ce_decision") + _CE_DECISION[decision]] = 1.0
    return v


_EA = {c: i for i, c in enumerate(EA_CARDS)}
_AT = {c: i for i, c in enumerate(AT_CARDS)}
_CE_DECISION = {k: i for i, k in enumerate(CE_DECISIONS)}


def _cards(v: array[float], base: int, cards: Any, index: dict[Any, int]) -> None:
    """Set the bit of each card of ``cards`` in the card row starting at ``base``."""
    for c in cards:
        if c in index:
            v[base + index[c]] = 1.0
