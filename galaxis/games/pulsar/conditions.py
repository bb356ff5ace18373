"""What a seat may do with its dice on its turn: die specs (§4.1), where stations may be founded
and pulsars claimed (§4.3, §4.4), where rewards may be used (§5.7), and the conditions of patents
(§5.5 Technologies) and HQ projects (§5.6). The rules, the views (reasons for a
refusal) and the bot ask the same questions here.

A die spec names a die and its token: "3" a silver 3, "3+1"/"3-1" with a +-1 token, "3+2"
with a +2, "r3" the red die.
"""

from __future__ import annotations

from typing import Any

from galaxis.core.messages import Msg
from galaxis.games.pulsar.data import MSG, board, components, hq, hq_boards, tech_ids
from galaxis.games.pulsar.state import Player, PulsarState


def die_options(p: Player) -> dict[int, list[str]]:
    """Effective value -> the die specs that produce it."""
    out: dict[int, list[str]] = {}
    faces: list[tuple[str, int]] = []
    if not p.red_now:
        faces = [(str(f), f) for f in sorted(set(p.dice))]
    if p.red >= 0:
        faces.append((f"r{p.red}", p.red))
    for name, f in faces:
        if f >= 1:
            out.setdefault(f, []).append(name)
        if p.pm:
            out.setdefault(f + 1, []).append(f"{name}+1")
            if f - 1 >= 1:  # a die is never reduced to 0
                out.setdefault(f - 1, []).append(f"{name}-1")
        if p.p2:
            out.setdefault(f + 2, []).append(f"{name}+2")
    return out


def spec_value(spec: str) -> int:
    """The value a die spec gives (the face and its token)."""
    red = spec.startswith("r")
    body = spec[1:] if red else spec
    face = int(body[0])
    mod = body[1:]
    return face + (int(mod) if mod else 0)


def markers_left(p: Player) -> int:
    """Markers still off the player's board (§5.5, §5.6: each patent or project takes one)."""
    return components().markers - p.markers_used


Problem = tuple[Msg, str]  # why not (a message of data/messages.yaml) and the rule broken


def patent_problem(s: PulsarState, seat: int, tid: str) -> Problem | None:
    """Why ``seat`` may not patent tech ``tid`` now (reason, rule), or None."""
    techs = tech_ids(s.tech_boards)
    if tid not in techs:
        return (MSG("no_tech", tech=tid), "§5.5 Technologies")
    tech = techs[tid]
    p = s.players[seat]
    row = int(tid[0])
    holders = s.patents[tid]
    if row > s.round:
        return (MSG("tech_row_closed", row=row, round=s.round), "§5.5 Technologies")
    if seat in holders:
        return (MSG("tech_twice"), "§5.5 Technologies")
    if len(holders) >= 2:
        return (MSG("tech_full"), "§5.5 Technologies")
    if tech.mode == "lock":
        if tid in s.locked:
            return (MSG("tech_once_per_round"), "§5.5 Technologies")
        if s.n == 2 and holders:
            return (MSG("tech_two_players"), "§8 Two players")
    if markers_left(p) <= 0:
        return (MSG("no_markers"), "§5.5 Technologies")
    return _gain_problem(p, tech.gain)


def _gain_problem(p: Player, gain: tuple[dict[str, Any], ...]) -> Problem | None:
    """Bonus-die rewards are the exception: they must be usable (§4.5)."""
    for item in gain:
        if ("doubler" in item or "red_for_cube" in item) and p.red_used:
            return (MSG("bonus_die_used"), "§4.5 Bonus dice")
        if "red_for_cube" in item and p.cubes < 1:
            return (MSG("bonus_die_cube"), "§4.5 Bonus dice")
    return None


def project_unlocked(s: PulsarState, seat: int, slot: int) -> bool:
    done = set(s.players[seat].hq_done)
    layout = hq()
    row = layout.rows[slot]
    if row == 1:
        return True
    if s.unlock_rows:
        return all(sl in done for sl, r in layout.rows.items() if r < row)
    return all(b in done for b in layout.below[slot])


def project_problem(s: PulsarState, seat: int, slot: int) -> Problem | None:
    p = s.players[seat]
    if not p.hq_side:
        return (MSG("no_hq"), "§5.6 HQ")
    if slot in p.hq_done:
        return (MSG("project_once"), "§5.6 HQ")
    if not project_unlocked(s, seat, slot):
        return (
            MSG("project_opens_rows" if s.unlock_rows else "project_opens_below", slot=slot),
            "§5.6 HQ (A2)",
        )
    if markers_left(p) <= 0:
        return (MSG("no_markers"), "§5.6 HQ")
    return _gain_problem(p, hq_boards()[p.hq_side].projects[slot].gain)


def iso_targets(s: PulsarState, seat: int) -> list[int]:
    """Isolated pulsars ``seat`` may claim with a reward: free ones, while it has a ring left (§5.7)."""
    p_rings = sum(1 for o in s.owner.values() if o == seat)
    if p_rings >= components().rings:
        return []
    return [n for n in board(s.board).isolated if n not in s.owner]


def teleport_targets(s: PulsarState, to: str) -> list[int]:
    """Where a teleport reward may take a ship: systems, pulsars or any node but start gates and isolated pulsars (§5.7)."""
    bd = board(s.board)
    if to == "system":
        return list(bd.systems)
    if to == "pulsar":
        return list(bd.pulsars)
    return sorted(n for n, k in bd.kind.items() if k not in ("start_gate", "pulsar_isolated"))


def station_targets(s: PulsarState, seat: int) -> list[int]:
    """Systems where a reward may found a station (§5.7)."""
    if markers_left(s.players[seat]) <= 0:
        return []
    return [n for n in board(s.board).systems if free_planets(s, n, seat)]


def free_planets(s: PulsarState, node: int, seat: int) -> bool:
    """Whether ``seat`` could found a station here (one per player per system)."""
    if node in s.planets:
        occ = s.planets[node]
        return seat not in occ and -1 in occ
    return True  # a face-down tile always has a usable blue planet


def can_found(s: PulsarState, seat: int, node: int) -> bool:
    return markers_left(s.players[seat]) > 0 and free_planets(s, node, seat)


def claimable(s: PulsarState, seat: int) -> list[int]:
    """Pulsars ``seat`` may claim on arrival: free ones, while it has a ring left (§4.4)."""
    if sum(1 for o in s.owner.values() if o == seat) >= components().rings:
        return []
    return [n for n in board(s.board).pulsars if n not in s.owner]
