"""A numeric encoding of one seat's Space Empires observation, for RL.

It reads only ``observation(seat)`` plus the public component data (the maps, the
unit and technology tables), so it cannot leak: a face-down enemy counter shows
only its id, owner and ``kind: "?"`` and is encoded as "one counter of that
owner" and nothing more (not its type, technology or number of units). Players
are rotated so that seat slot 0 is always the observer; owners that are not
seats (non-player aliens, the solo opponents) share one "other" slot. The layout
(documented in docs/interop.md) is fixed for 1-4 players, both editions and
every scenario: hexes are the union of every map's hexes in (row, column) order,
a hex the current map lacks is all zeros.
"""

from __future__ import annotations

from array import array
from functools import cache, lru_cache
from typing import Any

import numpy as np

from galaxis.games.space_empires import board, data
from galaxis.games.space_empires.board import MAX_BID, NPA_KINDS, OPPONENT_KINDS, uid_key
from galaxis.games.space_empires.hexes import hex_id, parse_hex_id
from galaxis.interop.blocks import Memo, layout_offsets, layout_width, seat_layout, zeros

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
GLOBAL = (*MISC, *ECON, *SCENARIO, *BOARD)
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
MAX_TEMPLATES = 256  # board templates kept (each a list of len(HEXES) + 4 references)


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests (hexes as one field)."""
    return seat_layout(GLOBAL, PLAYER, MAX_PLAYERS)


def hex_field(hid: str, name: str) -> int:
    """The offset of field ``name`` of hex ``hid`` in the vector."""
    return HEX_BASE + HEX_INDEX[hid] * H_SIZE + H[name]


class SpaceEmpiresEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to [0, 1].

    The vector is the concatenation of byte blocks (float32): misc, the observer's sheet, the
    scenario, one block per hex of ``HEXES`` and the players' block. Every block is cached under a
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
        parts = [_ZERO_HEX] * (len(HEXES) + 4)
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
        parts = [_ZERO_HEX] * (len(HEXES) + 4)
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
        parts[-1] = self._players[
            (0 if you is None else you, tuple((p["alive"], p["colonies"], p["done"]) for p in players))
        ]
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
