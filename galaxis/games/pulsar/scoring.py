"""Production (§6, seven steps in order) and final scoring (§7, seven steps in order).

The only decisions here are spending cubes: transmitter conversions ("pay 1 cube for N VP,
once per round") in production step 4, and end-game cube techs, the choice between two
gyrodyne goals and goal bonuses in final scoring. They are pending steps; everything
else is automatic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Action, Event, Step
from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar.data import (
    SIZES,
    board,
    components,
    exploration,
    goals,
    row_bonus,
    system_tiles,
    tech_ids,
    transmitters,
)
from galaxis.games.pulsar.state import (
    M_ORDER,
    M_PATENTS,
    M_PHASE,
    M_ROUND,
    M_STOCK,
    PulsarState,
    changed,
    changed_players,
)

if TYPE_CHECKING:
    from galaxis.games.pulsar.rules import Pulsar


def _order_of_markers(track: list[list[int]]) -> list[int]:
    return dicemod.ranking(track)


# ------------------------------------------------------------------ production
def production(game: Pulsar, s: PulsarState, events: list[Event]) -> None:
    """Steps 1-4 of §6; conversions wait for their owners; then ``finish_production``."""
    comp = components()
    s.phase = "production"
    changed_players(s)
    changed(s, M_PHASE)
    events.append({"type": "production", "round": s.round})
    # 1. turn order from the initiative track (front first; a stack's top is ahead)
    s.order = [m // 2 for m in _order_of_markers(s.tracks[0])]
    changed(s, M_ORDER)
    events.append({"type": "turn_order", "order": list(s.order)})
    # 2. engineering cubes (two players: the third marker scores 1 VP)
    rewards = comp.engineering[s.n]
    if s.n == 4 and s.eng4_rulebook:
        rewards = comp.engineering_4p_rulebook
    for pos, marker in enumerate(_order_of_markers(s.tracks[1])[: len(rewards)]):
        cubes, vp = rewards[pos]
        p = s.players[marker // 2]
        p.cubes += cubes
        p.score += vp
        events.append({"type": "engineering", "seat": marker // 2, "cubes": cubes, "vp": vp})
    # 3. penalties for every marker on the last two spaces of either track (floor 0)
    for track in s.tracks:
        for space, penalty in comp.track_penalties.items():
            for marker in track[space]:
                p = s.players[marker // 2]
                p.score = max(0, p.score + penalty)
                events.append({"type": "penalty", "seat": marker // 2, "vp": penalty})
    # 4. online transmitters: cubes first, then VP; conversions are decisions
    for seat, p in enumerate(s.players):
        p.converted = []
        for tid in p.online:
            prod = transmitters()[tid].prod
            if "cubes" in prod:
                p.cubes += prod["cubes"]
            elif "vp" in prod:
                p.score += prod["vp"]
        events.append({"type": "transmitters", "seat": seat})
    order = _seats_in_order(s)
    s.pending = [Step("convert", seat, {}) for seat in reversed(order) if convertible(s, seat)]


def _seats_in_order(s: PulsarState) -> list[int]:
    seen: list[int] = []
    for seat in s.order:
        if seat not in seen:
            seen.append(seat)
    return seen


def convertible(s: PulsarState, seat: int) -> list[str]:
    p = s.players[seat]
    if p.cubes < 1:
        return []
    return [t for t in sorted(p.online) if "convert" in transmitters()[t].prod and t not in p.converted]


def convert_step(s: PulsarState, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
    p = s.players[seat]
    if args[0] == "convert":
        tid = args[1]
        p.cubes -= 1
        p.converted.append(tid)
        vp = transmitters()[tid].prod["convert"]
        p.score += vp
        events.append({"type": "convert", "seat": seat, "tile": tid, "vp": vp})
        if convertible(s, seat):
            return
    s.pending.pop()


def gyro_row_bonus(s: PulsarState) -> int:
    """The time marker's row medallion; "?" is the median marker's value (§6.5)."""
    bonus = row_bonus(s.tech_boards, s.round)
    return dicemod.median_value(s.median) if bonus == "?" else int(bonus)


def finish_production(game: Pulsar, s: PulsarState, events: list[Event]) -> None:
    """Steps 5-7 of §6."""
    comp = components()
    changed_players(s)
    changed(s, M_STOCK, M_ROUND)  # the display and the round below
    if s.locked:
        changed(s, M_PATENTS)
    bonus = gyro_row_bonus(s)
    # 5. spinning gyrodynes: printed value plus the row bonus
    for node, (size, spinning) in sorted(s.gyros.items()):
        if spinning:
            seat = s.owner[node]
            vp = comp.gyrodynes[size].vp + bonus
            s.players[seat].score += vp
            events.append({"type": "spin", "seat": seat, "pulsar": node, "vp": vp})
    # 6. green technologies
    techs = tech_ids(s.tech_boards)
    for seat, p in enumerate(s.players):
        for tid in p.patents:
            tech = techs[tid]
            if tech.type == "prod" and tech.prod:
                vp = int(tech.prod["vp"]) * _count(s, seat, tech.prod["per"])
                p.score += vp
                events.append({"type": "tech_vp", "seat": seat, "tech": tid, "vp": vp})
    # 7. the next round
    if s.round >= comp.rounds:
        start_final(game, s, events)
        return
    s.tx_discard.extend(s.display)
    game._draw_display(s)
    s.locked = []
    s.round += 1
    events.append({"type": "time_marker", "row": s.round})
    game._start_round(s, events)


def _count(s: PulsarState, seat: int, per: str) -> int:
    p = s.players[seat]
    if per == "spinning":
        return sum(1 for n, (_, spin) in s.gyros.items() if spin and s.owner.get(n) == seat)
    if per == "online_tx":
        return len(p.online)
    if per == "pulsar":
        return sum(1 for o in s.owner.values() if o == seat)
    if per == "award":
        return len(p.awards)
    if per == "link":
        return len(p.links_used)
    if per == "hq":
        return len(p.hq_done)
    if per == "station_pair":
        return stations(s, seat) // 2
    if per == "track_front":
        return sum(1 for track in s.tracks for stack in track[:3] for m in stack if m // 2 == seat)
    raise ValueError(per)


def stations(s: PulsarState, seat: int) -> int:
    """Markers on planets (what goals count)."""
    return sum(occ.count(seat) for occ in s.planets.values())


def station_vp(count: int) -> int:
    table = components().stations
    if count < len(table):
        return table[count]
    return table[-1] + components().stations_beyond * (count - len(table) + 1)


# -------------------------------------------------------------- final scoring
def goal_have(s: PulsarState, seat: int, gid: int) -> int:
    """How much of a goal's condition a seat has now (§7 step 2): the count it compares."""
    g = goals()[gid]
    p = s.players[seat]
    mine = [(size, spin) for n, (size, spin) in s.gyros.items() if s.owner.get(n) == seat]
    done = [size for size, spin in mine if spin]
    if g.kind == "same_size":
        return max((done.count(z) for z in SIZES), default=0)
    if g.kind == "diff_size":
        return len(set(done))
    if g.kind == "any_size":
        return len(mine) if s.goal4_any else len(done)
    if g.kind == "online_tx":
        return len(p.online)
    if g.kind == "planets":
        return stations(s, seat)
    if g.kind == "patents":
        return len(p.patents)
    if g.kind == "hq_projects":
        return len(p.hq_done)
    return len(p.races_used)


def goal_met(s: PulsarState, seat: int, gid: int) -> bool:
    return goal_have(s, seat, gid) >= goals()[gid].count


def start_final(game: Pulsar, s: PulsarState, events: list[Event]) -> None:
    """§7 steps 1-2: purple techs that need no decision, goals; decisions become steps."""
    s.phase = "final"
    changed_players(s)
    changed(s, M_PHASE)
    events.append({"type": "final_scoring"})
    techs = tech_ids(s.tech_boards)
    steps = []
    for seat in _seats_in_order(s):
        p = s.players[seat]
        for tid in p.patents:
            end = techs[tid].end
            if techs[tid].type != "end" or not end:
                continue
            vp = 0
            if "per" in end:
                vp = int(end["vp"]) * _count(s, seat, end["per"])
            elif "gyro_set" in end:
                spinning = {size for n, (size, spin) in s.gyros.items() if spin and s.owner.get(n) == seat}
                vp = ([0, *end["gyro_set"]])[len(spinning)]
            if vp:
                p.score += vp
                p.end_techs += vp
                events.append({"type": "tech_vp", "seat": seat, "tech": tid, "vp": vp})
        met = [g for g in s.goals if goal_met(s, seat, g)]
        gyro_met = [g for g in met if goals()[g].gyro]
        pick = gyro_met if len(gyro_met) > 1 else []
        scored = [g for g in met if g not in pick]
        for g in scored:
            _score_goal(s, seat, g, events)
        data = {"pick": pick, "scored": scored, "stage": {str(g): 0 for g in scored}, "converted": []}
        step = Step("final", seat, data)
        if pick or _final_choices(s, step):
            steps.append(step)
    s.pending = list(reversed(steps))


def _score_goal(s: PulsarState, seat: int, gid: int, events: list[Event]) -> None:
    vp = goals()[gid].vp
    s.players[seat].score += vp
    s.players[seat].end_goals += vp
    events.append({"type": "goal", "seat": seat, "goal": gid, "vp": vp})


def _final_choices(s: PulsarState, step: Step) -> list[tuple[str, Any]]:
    p = s.players[step.seat]
    d = step.data
    out: list[tuple[str, Any]] = []
    if d["pick"]:
        return [("count", g) for g in d["pick"]]
    techs = tech_ids(s.tech_boards)
    for tid in p.patents:
        end = techs[tid].end
        if (
            techs[tid].type == "end"
            and end
            and "cubes_for_vp" in end
            and tid not in d["converted"]
            and p.cubes >= end["cubes_for_vp"][0]
        ):
            out.append(("convert", tid))
    for g in d["scored"]:
        stage = d["stage"][str(g)]
        if stage < 2:
            cost = (goals()[g].bonus1, goals()[g].bonus2)[stage][0]
            if p.cubes >= cost:
                out.append(("buy", g))
    return out


def final_actions(game: Pulsar, s: PulsarState, step: Step) -> list[Action]:
    acts = []
    for kind, what in _final_choices(s, step):
        acts.append(
            game._act(
                f"{kind} {what}",
                kind,
                (kind, what),
                (f"goal-{what}",) if kind != "convert" else (f"tech-{what}",),
            )
        )
    if not step.data["pick"]:
        acts.append(game._act("done", "done", ("done",)))
    return acts


def final_step(game: Pulsar, s: PulsarState, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
    step = s.pending[-1]
    d = step.data
    p = s.players[seat]
    kind = args[0]
    if kind == "count":
        d["pick"] = []
        d["scored"].append(args[1])
        d["stage"][str(args[1])] = 0
        _score_goal(s, seat, args[1], events)
    elif kind == "convert":
        cubes, vp = tech_ids(s.tech_boards)[args[1]].end["cubes_for_vp"]  # type: ignore[index]
        p.cubes -= cubes
        p.score += vp
        p.end_techs += vp
        d["converted"].append(args[1])
        events.append({"type": "tech_vp", "seat": seat, "tech": args[1], "vp": vp})
    elif kind == "buy":
        g = goals()[args[1]]
        stage = d["stage"][str(args[1])]
        cubes, vp = (g.bonus1, g.bonus2)[stage]
        p.cubes -= cubes
        p.score += vp
        p.end_goals += vp
        d["stage"][str(args[1])] = stage + 1
        events.append({"type": "goal_bonus", "seat": seat, "goal": args[1], "bonus": stage + 1, "vp": vp})
    if kind == "done" or not _final_choices(s, step):
        s.pending.pop()


def finish_final(s: PulsarState, events: list[Event]) -> None:
    """§7 steps 3-7."""
    comp = components()
    changed_players(s)
    for seat, p in enumerate(s.players):
        for key, vp in final_parts(s, seat).items():
            p.score += vp
            events.append({"type": "final", "seat": seat, "part": key, "vp": vp})
    table = comp.final_turn_order[s.n]
    for pos, seat in enumerate(s.order):
        if pos < len(table) and table[pos]:
            s.players[seat].score += table[pos]
            events.append({"type": "final", "seat": seat, "part": "turn_order", "vp": table[pos]})
    s.phase = "over"
    changed(s, M_PHASE)
    events.append({"type": "game_over", "scores": [p.score for p in s.players]})


def final_parts(s: PulsarState, seat: int) -> dict[str, int]:
    """§7 steps 3-6 for one seat: lone pulsars, unfinished gyrodynes, cube pairs, stations
    (a pure function of the state, so the end table can show it again)."""
    p = s.players[seat]
    techs = tech_ids(s.tech_boards)
    mine = [n for n, o in s.owner.items() if o == seat]
    lone = sum(1 for n in mine if not (n in s.gyros and s.gyros[n][1]))
    building = sum(1 for n in mine if n in s.gyros and not s.gyros[n][1]) + len(p.held)
    pairs = p.cubes // 2
    extra = len(p.kept) + sum(int((techs[t].end or {}).get("extra_stations", 0)) for t in p.patents)
    count = stations(s, seat) + extra
    return {"pulsars": lone, "gyrodynes": building, "cubes": pairs, "stations": station_vp(count)}


def final_turn_order(s: PulsarState) -> list[int]:
    """§7 step 7: each seat's points for its place in the final turn order."""
    table = components().final_turn_order[s.n]
    vp = [0] * s.n
    for pos, seat in enumerate(s.order):
        if pos < len(table):
            vp[seat] += table[pos]
    return vp


def continue_phase(game: Pulsar, s: PulsarState, events: list[Event]) -> None:
    """Runs the automatic parts of production and final scoring once nobody has to decide."""
    while not s.pending and s.phase in ("production", "final"):
        if s.phase == "production":
            finish_production(game, s, events)
        else:
            finish_final(s, events)


# ------------------------------------------------------------------ checks
def breakdown(s: PulsarState) -> list[dict[str, Any]]:
    return [
        {
            "seat": seat,
            "score": p.score,
            "cubes": p.cubes,
            "stations": stations(s, seat),
            "pulsars": sum(1 for o in s.owner.values() if o == seat),
            "patents": len(p.patents),
            "online": len(p.online),
        }
        for seat, p in enumerate(s.players)
    ]


def invariants(s: PulsarState) -> list[str]:
    comp = components()
    bad = []
    for size in SIZES:
        placed = sum(1 for sz, _ in s.gyros.values() if sz == size)
        held = sum(p.held.count(size) for p in s.players)
        if s.gyro_supply[size] + placed + held != comp.gyrodynes[size].tiles:
            bad.append(f"{size} gyrodynes are not conserved")
    for node in s.gyros:
        if node not in s.owner:
            bad.append(f"a gyrodyne on unclaimed pulsar {node}")
    for seat in range(s.n):
        if sum(1 for o in s.owner.values() if o == seat) > comp.rings:
            bad.append(f"seat {seat} has more than {comp.rings} pulsars")
    tiles = sorted([*s.tiles.values(), s.box_tile])
    if tiles != sorted(system_tiles()):
        bad.append("system tiles are not conserved")
    kept = [t for p in s.players for t in p.kept]
    if sorted(s.explore_pile + s.explore_discard + kept) != sorted(exploration()):
        bad.append("exploration tiles are not conserved")
    owned = [t for p in s.players for t in p.tx]
    if sorted(s.tx_stack + s.display + s.tx_discard + owned) != sorted(transmitters()):
        bad.append("transmitters are not conserved")
    markers = sorted(m for seat in range(s.n) for m in ([seat * 2, seat * 2 + 1] if s.n == 2 else [seat * 2]))
    for track in s.tracks:
        if sorted(m for stack in track for m in stack) != markers:
            bad.append("track markers are not conserved")
    bd = board(s.board)
    for p in s.players:
        if p.score < 0 or p.cubes < 0 or p.pm < 0 or p.p2 < 0:
            bad.append("a negative score or supply")
        if p.ship != -1 and bd.kind[p.ship] == "pulsar_isolated":
            bad.append("a ship on an isolated pulsar")
        if p.markers_used > comp.markers:
            bad.append("more markers used than a player has")
    if s.phase == "dice" and len(s.pool) + sum(len(p.dice) for p in s.players) != comp.silver_dice[s.n]:
        bad.append("silver dice are not conserved")
    for node, occ in s.planets.items():
        for seat in range(s.n):
            if occ.count(seat) > 1:
                bad.append(f"seat {seat} has two stations in system {node}")
    return bad
