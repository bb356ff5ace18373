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
from functools import cache
from typing import Any

import numpy as np

from galaxis.games.space_empires import board, data
from galaxis.games.space_empires.board import MAX_BID, NPA_KINDS, OPPONENT_KINDS
from galaxis.games.space_empires.hexes import hex_id, parse_hex_id
from galaxis.interop.blocks import BlockCache, layout_offsets, layout_width, seat_layout, zeros

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
ECON = (
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
_MARKER = {k: i for i, k in enumerate(data.MARKER_KINDS)}
_DECISION = {k: i for i, k in enumerate(DECISIONS)}
_ZERO = array("f", bytes(4 * SIZE))
_DOWN: tuple[Any, ...] = ("?", None, None, ())  # the hex key of a lone face-down marker


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests (hexes as one field)."""
    return seat_layout(GLOBAL, PLAYER, MAX_PLAYERS)


def hex_field(hid: str, name: str) -> int:
    """The offset of field ``name`` of hex ``hid`` in the vector."""
    return HEX_BASE + HEX_INDEX[hid] * H_SIZE + H[name]


class SpaceEmpiresEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to [0, 1]."""

    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self) -> None:
        self._misc = BlockCache(S_MISC[1] - S_MISC[0], _misc_block)
        self._econ = BlockCache(S_ECON[1] - S_ECON[0], _econ_block)
        self._scenario = BlockCache(S_SCENARIO[1] - S_SCENARIO[0], _scenario_block)
        self._hex = BlockCache(H_SIZE, _hex_block)
        self._player = BlockCache(P_SIZE, _player_block)

    # --- the observation path ---------------------------------------------------
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        players = obs["players"]
        n = len(players)
        you = obs["you"]
        rel = _relative(0 if you is None else you, n)
        battle = obs["battle"]
        decision = obs["decision"]
        misc = _misc_key(
            obs["phase"],
            obs["turn"],
            obs["cycle"],
            obs["cycles"],
            obs["edition"],
            obs["active"],
            obs["order"],
            obs["winner"],
            None if battle is None else (battle["attacker"], battle["defender"], battle["round"]),
            None if decision is None else (decision["kind"], decision["seat"]),
            you,
            rel,
        )
        econ = None
        if you is not None:
            p = players[you]
            techs = p["techs"]
            econ = (
                p["cp"],
                tuple(techs.get(t, 0) for t in TECHS),
                p["bid"],
                len(p["queue"]),
                p["earned"],
                p["spent"],
                p["forfeited"],
            )
        scenario = obs.get("scenario")
        hexes = []
        down = []  # hexes holding nothing but a face-down marker: the commonest cell, filled in bulk
        index = HEX_INDEX
        for hid, cell in obs["hexes"].items():
            marker = cell.get("marker")
            if marker == "?" and len(cell) == 1:
                down.append(index[hid])
                continue
            peeked = cell.get("peeked")
            col = cell.get("colony")
            units = cell.get("units")
            hexes.append(
                (
                    hid,
                    marker if marker is None or marker == "?" else (marker[0], marker[1]),
                    None if peeked is None else (peeked[0], peeked[1]),
                    None if col is None else (rel(col["owner"]), col["value"], col["home"]),
                    ()
                    if units is None
                    else tuple(sorted((rel(u["owner"]), u["kind"], u.get("count", 0)) for u in units)),
                )
            )
        return self._fill(
            n,
            0 if you is None else you,
            misc,
            econ,
            None if scenario is None else _scenario_key(scenario),
            None if battle is None else battle["hex"],
            hexes,
            down,
            [(p["alive"], p["colonies"], p["done"]) for p in players],
        )

    # --- the fast path ------------------------------------------------------------
    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state
        (views.observation and solo.observe publish these fields)."""
        s = match.state
        n = len(s.players)
        rel = _relative(0 if seat is None else seat, n)
        b = s.battle
        top = s.pending[-1] if s.pending else None
        decision = None
        if top is not None:
            decision = (top.kind, top.seat)
        active = s.order[s.active] if s.order and s.phase in ("move", "combat") else None
        misc = _misc_key(
            s.phase,
            s.turn,
            s.cycle,
            s.cycles,
            s.edition,
            active,
            s.order,
            s.winner,
            None if b is None else (b.attacker, b.defender, b.round),
            decision,
            seat,
            rel,
        )
        econ = None
        known: Any = ()
        if seat is not None:
            p = s.players[seat]
            known = p.known
            econ = (
                p.cp,
                tuple(p.techs.get(t, 0) for t in TECHS),
                p.bid,
                len(p.queue),
                p.earned,
                p.spent,
                p.forfeited,
            )
        by_hex: dict[str, list[Any]] = {}
        for u in s.units.values():
            lst = by_hex.get(u.hex)
            if lst is None:
                by_hex[u.hex] = [u]
            else:
                lst.append(u)
        markers = s.markers
        colonies = s.colonies
        owned = [0] * n
        for c in colonies.values():
            if 0 <= c.owner < n:
                owned[c.owner] += 1
        onboard = board.board_hexes(n)
        index = HEX_INDEX
        hidden = {h for h, m in markers.items() if not m.face_up}
        busy = (markers.keys() - hidden) | colonies.keys() | by_hex.keys() | (hidden & set(known))
        busy &= onboard
        down = list(map(index.__getitem__, (hidden & onboard) - busy))
        hexes = []
        for hid in busy:
            m = markers.get(hid)
            col = colonies.get(hid)
            here = by_hex.get(hid)
            marker: Any = None
            peeked = None
            if m is not None:
                if m.face_up:
                    marker = (m.kind, m.value)
                else:
                    marker = "?"
                    if hid in known:
                        peeked = (m.kind, m.value)
            units: tuple[Any, ...] = ()
            if here is not None:
                entries = []
                for members in (board.counters(here) if len(here) > 1 else {"": here}).values():
                    first = members[0]
                    if first.revealed or first.owner == seat:
                        entries.append((rel(first.owner), first.kind, len(members)))
                    else:
                        entries.append((rel(first.owner), "?", 0))
                units = tuple(sorted(entries))
            hexes.append(
                (
                    hid,
                    marker,
                    peeked,
                    None if col is None else (rel(col.owner), col.value, col.home),
                    units,
                )
            )
        econ_phase = s.phase == "econ"
        players = [(p.alive, owned[i], p.done if econ_phase else False) for i, p in enumerate(s.players)]
        return self._fill(
            n,
            0 if seat is None else seat,
            misc,
            econ,
            _solo_key(s),
            None if b is None else b.hex,
            hexes,
            down,
            players,
        )

    # --- shared -----------------------------------------------------------------------
    def _fill(
        self,
        n: int,
        me: int,
        misc: tuple[Any, ...],
        econ: tuple[Any, ...] | None,
        scenario: tuple[Any, ...] | None,
        battle_hex: str | None,
        hexes: list[tuple[Any, ...]],
        down: list[int],
        players: list[tuple[Any, ...]],
    ) -> np.ndarray:
        v = _ZERO[:]
        out = np.frombuffer(v, dtype=np.float32)
        if down:
            rows = out[HEX_BASE : HEX_BASE + len(HEXES) * H_SIZE].reshape(len(HEXES), H_SIZE)
            rows[down] = np.frombuffer(self._hex.get(_DOWN), dtype=np.float32)
        v[S_MISC[0] : S_MISC[1]] = self._misc.get(misc)
        if econ is not None:
            v[S_ECON[0] : S_ECON[1]] = self._econ.get(econ)
        if scenario is not None:
            v[S_SCENARIO[0] : S_SCENARIO[1]] = self._scenario.get(scenario)
        get_hex = self._hex.get
        index = HEX_INDEX
        for hid, marker, peeked, colony, units in hexes:
            b = HEX_BASE + index[hid] * H_SIZE
            v[b : b + H_SIZE] = get_hex((marker, peeked, colony, units))
        if battle_hex is not None:
            v[hex_field(battle_hex, "battle_here")] = 1.0
        get = self._player.get
        for k in range(min(n, MAX_PLAYERS)):
            b = G_SIZE + k * P_SIZE
            v[b : b + P_SIZE] = get(players[(me + k) % n])
        return out


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
    o = S_ECON[0]
    v = zeros(S_ECON[1] - o)
    v[G["cp"] - o] = _scale(cp, 200)
    for i, t in enumerate(TECHS):
        v[G["techs"] - o + i] = _scale(techs[i], _TECH_MAX[t] or 1)
    v[G["bid"] - o] = _scale(bid, MAX_BID)
    v[G["queue"] - o] = _scale(queue, 20)
    v[G["earned"] - o] = _scale(earned, 1000)
    v[G["spent"] - o] = _scale(spent, 1000)
    v[G["forfeited"] - o] = _scale(forfeited, 100)
    return v


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
    marker, peeked, colony, units = key
    v = zeros(H_SIZE)
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
    counters = [0] * SLOTS
    per_class = [0] * (SLOTS * len(CLASSES))
    for owner, kind, count in units:
        slot = owner if owner >= 0 else OTHER
        counters[slot] += 1
        if kind != "?":  # a face-down enemy counter: only that it is there
            per_class[slot * len(CLASSES) + _class_of(kind)] += max(count, 1)
    for s in range(SLOTS):
        v[H["counters"] + s] = _scale(counters[s], 6)
    for i, c in enumerate(per_class):
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
