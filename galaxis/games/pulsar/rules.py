"""Pulsar 2849: the rules. Sections (§) refer to docs/games/pulsar.md.

A round is: the dice phase (§3: roll, median marker, picking in snake order with track
moves), the action phase (§4-§5: one turn per player, spending dice of exactly the printed
value) and production (§6). After round 8 comes final scoring (§7). Every decision is one
atomic action; compound moves (a flight hop by hop, reward choices, transmitter placement,
end-game purchases) are pending ``Step``s on ``state.pending``.
"""

from __future__ import annotations

from typing import Any

from galaxis.core import (
    Action,
    ActionTable,
    Event,
    Game,
    Result,
    Rng,
    Step,
    rank_by_keys,
)
from galaxis.games.pulsar import dice as dicemod
from galaxis.games.pulsar import scoring
from galaxis.games.pulsar.arrays import attach_options, join_options, new_entry
from galaxis.games.pulsar.conditions import (
    can_found,
    claimable,
    die_options,
    iso_targets,
    markers_left,
    patent_problem,
    project_problem,
    station_targets,
    teleport_targets,
)
from galaxis.games.pulsar.data import (
    SIZES,
    board,
    components,
    exploration,
    hq_boards,
    system_tiles,
    tech_ids,
    transmitters,
)
from galaxis.games.pulsar.flight import can_complete, hops
from galaxis.games.pulsar.info import INFO
from galaxis.games.pulsar.setup import TRACKS, initial_state
from galaxis.games.pulsar.state import (
    M_DICE,
    M_GYRODYNES,
    M_INITIATIVE,
    M_PATENTS,
    M_PHASE,
    M_PLAYER,
    M_POOL,
    M_PULSARS,
    M_SHIPS,
    M_STOCK,
    M_SYSTEMS,
    Player,
    PulsarState,
    changed,
    changed_players,
)

SPEC_MODS = ("", "+1", "-1", "+2")


class Pulsar(Game):
    info = INFO
    state_type = PulsarState
    hooks = {
        "observation": ".views:observation",
        "secret": ".views:secret",
        "determinize": ".views:determinize",
        "describe": ".views:describe",
        "explain_illegal": ".views:explain",
        "prompt": ".client:prompt",
        "choices": ".client:choices",
        "log_line": ".client:log_line",
        "log_events": ".client:log_events",
        "seat_panels": ".client:seat_panels",
        "score_breakdown": ".client:score_breakdown",
        "render_text": ".text:render_text",
        "render_svg": ".svg:render_svg",
        "evaluate": ".agents:evaluate",
        "agent_levels": ".agents:LEVELS",
        "heuristic_agent": ".agents:PulsarBot",
        "observation_encoder": ".encode:PulsarEncoder",
    }

    def __init__(self) -> None:
        self.table = ActionTable()

    def _act(self, notation: str, kind: str, args: tuple[Any, ...], targets: tuple[str, ...] = ()) -> Action:
        return self.table.get(notation, targets, kind, args)

    # ================================================================== setup (§2)
    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> PulsarState:
        s = initial_state(players, options, rng)  # §2 (setup.py)
        self._draw_display(s)
        return s

    def _draw_display(self, s: PulsarState) -> None:
        changed(s, M_STOCK)
        s.display = []
        for _ in range(3):
            if s.tx_stack:
                s.display.append(s.tx_stack.pop())

    # ============================================================ dice phase (§3)
    def _start_round(self, s: PulsarState, events: list[Event]) -> None:
        comp = components()
        n_dice = comp.silver_dice[s.n]
        if len(s.fixed_rolls) >= s.round:
            values = list(s.fixed_rolls[s.round - 1])
        elif s.balanced and s.round == 1:
            fixed = list(comp.balanced_start[s.n])
            values = fixed + [s.rng.d6() for _ in range(n_dice - len(fixed))]
        else:
            values = [s.rng.d6() for _ in range(n_dice)]
        s.pool = sorted(values)
        s.median = dicemod.median_position(s.pool)
        s.phase = "dice"
        changed_players(s)
        changed(s, M_POOL, M_PHASE)
        for p in s.players:
            p.dice = []
            p.red = -1
            p.red_used = False
            p.red_now = False
        if s.n == 2:
            s.queue = list(s.order)  # one pick per rocket, in rocket order (§3.3)
        else:
            s.queue = list(s.order) + list(reversed(s.order))  # snake order
        events.append({"type": "roll", "round": s.round, "dice": list(s.pool), "median": s.median})

    def _markers(self, s: PulsarState, seat: int) -> list[int]:
        return [seat * 2 + k for k in range(2 if s.n == 2 else 1)]

    def pick_actions(self, s: PulsarState, seat: int) -> list[Action]:
        """§3.3-3.4: a die and a marker; a choice that would leave the track is refused
        unless nothing else is possible (then the marker stops at the end)."""
        legal: list[Action] = []
        fallback: list[Action] = []
        last = len(s.tracks[0]) - 1
        for v in sorted(set(s.pool)):
            d = dicemod.distance(v, s.median)
            if d == 0:
                legal.append(self._act(f"{v}", "pick", ("pick", v, -1, -1), (f"die-{v}",)))
                continue
            for t, name in enumerate(TRACKS):
                for mk in self._markers(s, seat):
                    space, _ = dicemod.find(s.tracks[t], mk)
                    suffix = f"{name}{mk % 2 + 1}" if s.n == 2 else name
                    target = space + d
                    inside = 0 <= target <= last
                    # args name the marker by k (0/1), not by id: the same notation means each seat's own marker
                    act = self._act(
                        f"{v}{suffix}", "pick", ("pick", v, t, mk % 2), (f"die-{v}", f"track-{name}")
                    )
                    if inside or (target < 0 and s.lenient_left):
                        legal.append(act)
                    else:
                        fallback.append(act)
        return legal or fallback

    def _pick(self, s: PulsarState, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
        _, v, t, k = args
        mk = seat * 2 + k
        s.pool.remove(v)
        s.players[seat].dice.append(v)
        marks = s.marks
        marks[M_POOL] += 1
        marks[M_DICE + seat] += 1
        moved = None
        if t >= 0:
            marks[M_INITIATIVE + t] += 1
            d = dicemod.distance(v, s.median)
            # legal_actions offered a move off the track only as the last resort: it clamps
            moved = dicemod.move(s.tracks[t], mk, d, clamp=True)
        s.queue.pop(0)
        events.append(
            {"type": "pick", "seat": seat, "die": v, "track": TRACKS[t] if t >= 0 else None, "space": moved}
        )
        if not s.queue:
            self._start_actions(s, events)

    # ========================================================== action phase (§4)
    def _start_actions(self, s: PulsarState, events: list[Event]) -> None:
        s.phase = "action"
        changed(s, M_PHASE)
        seen: list[int] = []
        for seat in s.order:
            if seat not in seen:
                seen.append(seat)
        s.queue = seen
        s.actor = s.queue[0]
        events.append({"type": "actions", "order": list(seen)})

    def _end_turn(self, s: PulsarState, seat: int, events: list[Event]) -> None:
        p = s.players[seat]
        p.dice = []  # unspent dice go to the black hole
        p.red = -1
        p.red_now = False
        s.queue.pop(0)
        events.append({"type": "end_turn", "seat": seat})
        if s.queue:
            s.actor = s.queue[0]
        else:
            s.actor = -1
            scoring.production(self, s, events)

    def _spend(self, s: PulsarState, seat: int, spec: str, events: list[Event]) -> int:
        p = s.players[seat]
        red = spec.startswith("r")
        body = spec[1:] if red else spec
        face = int(body[0])
        mod = body[1:]
        if red:
            p.red = -1
            p.red_now = False
        else:
            p.dice.remove(face)
        if mod in ("+1", "-1"):
            p.pm -= 1
        elif mod == "+2":
            p.p2 -= 1
        value = face + (int(mod) if mod else 0)
        events.append({"type": "die", "seat": seat, "spec": spec, "value": value})
        return value

    def turn_actions(self, s: PulsarState, seat: int) -> list[Action]:
        """Every action of a turn with nothing pending (§4-§5)."""
        p = s.players[seat]
        bd = board(s.board)
        comp = components()
        vals = die_options(p)
        acts: list[Action] = []
        A = self._act
        for v, specs in sorted(vals.items()):
            if can_complete(bd, p.ship, set(), v):
                acts.extend(A(f"fly {sp}", "fly", ("fly", sp), ("ship",)) for sp in specs)
        for size in SIZES:
            g = comp.gyrodynes[size]
            if s.gyro_supply[size] > 0:
                acts.extend(
                    A(f"gyro {size} {sp}", "gyro", ("gyro", size, sp), (f"gyro-{size}",))
                    for sp in vals.get(g.take, ())
                )
        for node in sorted(s.gyros):
            size, spinning = s.gyros[node]
            if s.owner.get(node) == seat and not spinning:
                acts.extend(
                    A(f"flip {node} {sp}", "flip", ("flip", node, sp), (f"n{node}",))
                    for sp in vals.get(comp.gyrodynes[size].flip, ())
                )
        if markers_left(p) > 0:
            for tid in s.display:
                for c in sorted(set(transmitters()[tid].costs)):
                    acts.extend(
                        A(f"tx {tid.lower()} {sp}", "tx", ("tx", tid, sp), (f"tx-{tid}",))
                        for sp in vals.get(c, ())
                    )
            for tid in sorted(p.tx):
                if tid in p.online:
                    continue
                costs = transmitters()[tid].costs
                open_costs = sorted({c for c, cov in zip(costs, p.tx[tid], strict=True) if not cov})
                for c in open_costs:
                    acts.extend(
                        A(f"pay {tid.lower()} {sp}", "pay", ("pay", tid, sp), (f"tx-{tid}",))
                        for sp in vals.get(c, ())
                    )
            techs = tech_ids(s.tech_boards)
            for tid, tech in techs.items():
                if tech.cost in vals and patent_problem(s, seat, tid) is None:
                    acts.extend(
                        A(f"tech {tid} {sp}", "tech", ("tech", tid, sp), (f"tech-{tid}",))
                        for sp in vals.get(tech.cost, ())
                    )
            if p.hq_side:
                projects = hq_boards()[p.hq_side].projects
                for slot in range(1, 9):
                    if projects[slot].cost in vals and project_problem(s, seat, slot) is None:
                        acts.extend(
                            A(f"hq {slot} {sp}", "hq", ("hq", slot, sp), (f"hq-{slot}",))
                            for sp in vals.get(projects[slot].cost, ())
                        )
        for kind, costs in comp.modifiers.items():
            for c in costs:
                acts.extend(
                    A(f"buy {kind} {sp}", "buy", ("buy", kind, sp), (f"buy-{kind}",))
                    for sp in vals.get(c, ())
                )
        # free actions
        for size in sorted(set(p.held)):
            for node in sorted(n for n, o in s.owner.items() if o == seat and n not in s.gyros):
                acts.append(A(f"start {size} {node}", "start", ("start", size, node), (f"n{node}",)))
        if not p.red_used and p.cubes >= comp.copy_cost:
            for v in sorted(set(s.pool)):
                acts.append(A(f"copy {v}", "copy", ("copy", v), (f"die-{v}",)))
        if s.late_linking:
            for notation, tid, target, side, k in attach_options(p):
                acts.append(A(notation, "attach", ("attach", tid, target, side, k), (f"tx-{tid}",)))
        if p.red >= 0:
            acts.append(A("drop", "drop", ("drop",)))
        if not p.red_now:
            acts.append(A("end", "end", ("end",)))
        return acts

    # --- the turn's actions
    def _do_turn_action(self, s: PulsarState, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
        kind = args[0]
        p = s.players[seat]
        s.marks[M_PLAYER + seat] += 1  # every turn action changes the player (the rest: where it happens)
        if kind == "end":
            self._end_turn(s, seat, events)
        elif kind == "fly":
            length = self._spend(s, seat, args[1], events)
            s.pending.append(
                Step("fly", seat, {"left": length, "start": p.ship, "used": [], "visited": [], "race": []})
            )
            if p.races:
                s.pending.append(Step("race", seat, {}))
            events.append({"type": "fly", "seat": seat, "length": length})
        elif kind == "gyro":
            self._spend(s, seat, args[2], events)
            self._take_gyro(s, seat, args[1], events)
        elif kind == "flip":
            self._spend(s, seat, args[2], events)
            s.gyros[args[1]][1] = True
            changed(s, M_PULSARS)
            events.append({"type": "flip", "seat": seat, "pulsar": args[1]})
            self._event(s, seat, "flip", 1, events)
        elif kind == "start":
            _, size, node = args
            p.held.remove(size)
            s.gyros[node] = [size, False]
            changed(s, M_PULSARS)
            events.append({"type": "start", "seat": seat, "size": size, "pulsar": node})
            self._event(s, seat, "gyro_start", 1, events)
            self._check_awards(s, seat, size, events)
        elif kind == "tx":
            _, tid, spec = args
            value = self._spend(s, seat, spec, events)
            s.display.remove(tid)
            changed(s, M_STOCK)
            costs = transmitters()[tid].costs
            p.tx[tid] = [0] * len(costs)
            p.tx[tid][costs.index(value)] = 1
            p.markers_used += 1
            events.append({"type": "take_tx", "seat": seat, "tile": tid})
            self._event(s, seat, "tx_token", 1, events)
            if join_options(p, tid):
                s.pending.append(Step("join", seat, {"tile": tid}))
            else:
                p.arrays.append([new_entry(tid)])
                self._check_online(s, seat, tid, events)
        elif kind == "pay":
            _, tid, spec = args
            value = self._spend(s, seat, spec, events)
            costs = transmitters()[tid].costs
            i = next(
                i for i, (c, cov) in enumerate(zip(costs, p.tx[tid], strict=True)) if c == value and not cov
            )
            p.tx[tid][i] = 1
            p.markers_used += 1
            events.append({"type": "pay_tx", "seat": seat, "tile": tid})
            self._event(s, seat, "tx_token", 1, events)
            self._check_online(s, seat, tid, events)
        elif kind == "tech":
            _, tid, spec = args
            self._spend(s, seat, spec, events)
            tech = tech_ids(s.tech_boards)[tid]
            self._event(s, seat, "patent", 1, events)
            s.patents[tid].append(seat)
            changed(s, M_PATENTS)
            p.patents.append(tid)
            p.markers_used += 1
            if tech.mode == "lock":
                s.locked.append(tid)
            events.append({"type": "patent", "seat": seat, "tech": tid})
            if tech.type == "once":
                self._gain(s, seat, list(tech.gain), events)
        elif kind == "hq":
            _, slot, spec = args
            self._spend(s, seat, spec, events)
            p.hq_done.append(slot)
            p.markers_used += 1
            events.append({"type": "project", "seat": seat, "slot": slot})
            self._gain(s, seat, list(hq_boards()[p.hq_side].projects[slot].gain), events, slot)
        elif kind == "buy":
            self._spend(s, seat, args[2], events)
            if args[1] == "pm":
                p.pm += 1
            else:
                p.p2 += 1
            events.append({"type": "buy", "seat": seat, "token": args[1]})
        elif kind == "copy":
            self._copy_leftover(s, seat, args[1], events)
        elif kind == "attach":
            self._attach(s, seat, args[1], args[2], args[3], args[4], events)
        elif kind == "drop":
            p.red = -1
            p.red_now = False
            events.append({"type": "drop", "seat": seat})

    def _copy_leftover(self, s: PulsarState, seat: int, value: int, events: list[Event]) -> None:
        """§4.5 copying a leftover die for 4 cubes: it becomes the round's bonus die. The seed:
        "Az akciófázisod után a megmaradt (egyik) kockát bónuszkockaként használhatod fel" (after
        your action phase), so by default the copy closes your silver dice's part of the turn:
        those still unspent are given up, as at the end of a turn (option ``copy_leftover``)."""
        p = s.players[seat]
        p.cubes -= components().copy_cost
        event: Event = {"type": "copy", "seat": seat, "value": value}
        if s.copy_after and p.dice:
            event["given_up"] = list(p.dice)
            p.dice = []
        self._give_red(p, value)
        events.append(event)

    @staticmethod
    def _give_red(p: Player, value: int, at_once: bool = False) -> None:
        """The one bonus die of the round (§4.5); it must be used this turn."""
        p.red = value
        p.red_used = True
        p.red_now = at_once

    def _take_gyro(self, s: PulsarState, seat: int, size: str, events: list[Event]) -> None:
        s.gyro_supply[size] -= 1
        s.players[seat].held.append(size)
        changed(s, M_GYRODYNES, M_PLAYER + seat)
        events.append({"type": "take_gyro", "seat": seat, "size": size})
        self._event(s, seat, "gyro_take", 1, events)

    def _check_awards(self, s: PulsarState, seat: int, size: str, events: list[Event]) -> None:
        """§5.2: 7 VP to the first, 4 VP to the second player with two gyrodynes of a size on
        their pulsars; one player takes both by reaching four first."""
        holders = s.award_holders[size]
        values = components().construction_awards
        on = sum(1 for node, (sz, _) in s.gyros.items() if sz == size and s.owner.get(node) == seat)
        while len(holders) < len(values) and on >= 2 * (holders.count(seat) + 1):
            vp = values[len(holders)]
            holders.append(seat)
            changed(s, M_GYRODYNES, M_PLAYER + seat)
            s.players[seat].score += vp
            s.players[seat].awards.append(vp)
            events.append({"type": "award", "seat": seat, "size": size, "vp": vp})

    def _event(self, s: PulsarState, seat: int, event: str, count: int, events: list[Event]) -> None:
        """Permanent technologies: VP whenever their event happens (§5.5)."""
        if count <= 0:
            return
        techs = tech_ids(s.tech_boards)
        for tid in s.players[seat].patents:
            tech = techs[tid]
            if tech.type == "perm" and tech.when and tech.when["event"] == event:
                vp = int(tech.when["vp"]) * count
                s.players[seat].score += vp
                events.append({"type": "tech_vp", "seat": seat, "tech": tid, "vp": vp})

    # --- rewards (§5.7): shared by system tiles, techs, projects, transmitters, exploration tiles
    def _gain(
        self, s: PulsarState, seat: int, items: list[dict[str, Any]], events: list[Event], slot: int = 0
    ) -> None:
        p = s.players[seat]
        steps: list[Step] = []
        for item in items:
            ((key, value),) = item.items()
            if key == "vp":
                p.score += value
            elif key == "cubes":
                p.cubes += value
            elif key == "pm":
                p.pm += value
            elif key == "p2":
                p.p2 += value
            elif key == "explore":
                for _ in range(value):
                    self._explore(s, seat, events)
            elif key == "gyro":
                sizes = [z for z in value if s.gyro_supply[z] > 0]
                if len(sizes) == 1:
                    self._take_gyro(s, seat, sizes[0], events)
                elif sizes:
                    steps.append(Step("gyro", seat, {"sizes": sizes}))
            elif key == "red":
                self._give_red(p, value)
            elif key == "doubler":
                p.dice.append(value[0])
                self._give_red(p, value[1])
            elif key == "red_for_cube":
                p.cubes -= 1
                self._give_red(p, value)
            elif key == "iso_pulsar":
                if iso_targets(s, seat):
                    steps.append(Step("iso", seat, {}))
            elif key == "teleport":
                if teleport_targets(s, value):
                    steps.append(Step("teleport", seat, {"to": value}))
            elif key == "extra_station":
                pass  # the tile itself is kept (see _explore)
            elif key == "place_station":
                if station_targets(s, seat):
                    steps.append(Step("station", seat, {}))
            elif key == "race":
                p.races.append(slot)
            events.append({"type": "gain", "seat": seat, "item": key, "value": value})
        s.pending.extend(reversed(steps))

    def _explore(self, s: PulsarState, seat: int, events: list[Event]) -> None:
        """Draw an exploration tile; all but the extra-station tiles are used at once and
        discarded. An empty pile is made again from the shuffled discards (§5.7)."""
        changed(s, M_STOCK, M_PLAYER + seat)
        if not s.explore_pile:
            s.explore_pile = sorted(s.explore_discard)
            s.explore_discard = []
            s.rng.shuffle(s.explore_pile)
        if not s.explore_pile:
            return
        tid = s.explore_pile.pop()
        tile = exploration()[tid]
        events.append({"type": "explore", "seat": seat, "tile": tid})
        if any("extra_station" in item for item in tile.gain):
            s.players[seat].kept.append(tid)
        else:
            s.explore_discard.append(tid)
        self._gain(s, seat, list(tile.gain), events)
        self._event(s, seat, "explore", 1, events)

    # --- systems and stations (§4.3)
    def _reveal(self, s: PulsarState, node: int, events: list[Event]) -> None:
        if node in s.planets:
            return
        tile = system_tiles()[s.tiles[node]]
        s.revealed.append(node)
        changed(s, M_SYSTEMS)
        s.planets[node] = [-2 if tile.blocked(s.n, i) else -1 for i in range(len(tile.planets))]
        events.append({"type": "reveal", "system": node, "tile": tile.id})

    def _place_station(self, s: PulsarState, seat: int, node: int, ending: bool, events: list[Event]) -> None:
        """Passing: a lifeless planet first; ending: a blue planet first, which earns the
        discovery bonus or an exploration tile (§4.3)."""
        self._reveal(s, node, events)
        p = s.players[seat]
        occ = s.planets[node]
        if seat in occ or -1 not in occ or markers_left(p) <= 0:
            return
        tile = system_tiles()[s.tiles[node]]
        kinds = [k for _, k, _ in tile.planets]
        first, second = ("blue", "lifeless") if ending else ("lifeless", "blue")
        idx = next((i for i, o in enumerate(occ) if o == -1 and kinds[i] == first), None)
        on_first = idx is not None
        if idx is None:
            idx = next(i for i, o in enumerate(occ) if o == -1 and kinds[i] == second)
        occ[idx] = seat
        p.markers_used += 1
        changed(s, M_SYSTEMS, M_PLAYER + seat)
        events.append({"type": "station", "seat": seat, "system": node, "planet": kinds[idx]})
        self._event(s, seat, "station", 1, events)
        if node in board(s.board).dead_end_tips:
            self._explore(s, seat, events)
        if ending and on_first:
            s.pending.append(Step("discovery", seat, {"system": node}))

    def _arrive(
        self, s: PulsarState, seat: int, start: int, visited: list[int], race: list[Any], events: list[Event]
    ) -> None:
        """The end of a flight (or a teleport, which counts as one): stations in the systems
        passed through, then the end location (§4.2-4.4), gate races (§5.6)."""
        bd = board(s.board)
        end = visited[-1]
        s.players[seat].ship = end
        changed(s, M_SHIPS, M_PLAYER + seat)
        passed: list[int] = []
        for node in visited[:-1]:
            if bd.kind[node] == "system" and node != end and node not in passed:
                passed.append(node)
        stops = [(node, False) for node in passed]
        if bd.kind[end] == "system":
            stops.append((end, True))
        kind = bd.kind[end]
        claim = kind == "pulsar" and end not in s.owner and end in claimable(s, seat)
        if claim and s.optional_claims:  # §4.4 "magadénak követelheted": asked after the stations
            s.pending.append(Step("claim", seat, {"pulsar": end}))
        if s.optional_stations:  # A5: each station is a decision, in flight order
            s.pending.extend(
                Step("found", seat, {"system": n, "ending": e})
                for n, e in reversed(stops)
                if can_found(s, seat, n)
            )
        else:
            for node, ending in stops:
                self._place_station(s, seat, node, ending, events)
        if claim and not s.optional_claims:
            self._claim(s, seat, end, events)
        greens = {n for n in visited if bd.colour.get(n) == "g" and n != start}
        self._event(s, seat, "green_gate", len(greens), events)
        if race:
            slot, colour, vp = race
            gates = {n for n in visited if bd.colour.get(n) == colour and n != start}
            p = s.players[seat]
            p.score += vp * len(gates)
            p.races.remove(slot)
            p.races_used.append(slot)
            events.append(
                {
                    "type": "race",
                    "seat": seat,
                    "slot": slot,
                    "colour": colour,
                    "gates": len(gates),
                    "vp": vp * len(gates),
                }
            )
            self._event(s, seat, "race_gate", len(gates), events)

    def _claim(self, s: PulsarState, seat: int, node: int, events: list[Event]) -> None:
        s.owner[node] = seat
        changed(s, M_PULSARS)
        events.append({"type": "claim", "seat": seat, "pulsar": node})
        self._event(s, seat, "pulsar", 1, events)
        if node in board(s.board).dead_end_tips:
            self._explore(s, seat, events)

    # --- transmitters (§5.3)
    def _join(
        self, s: PulsarState, seat: int, tid: str, a: int, side: str, k: int, events: list[Event]
    ) -> None:
        p = s.players[seat]
        links = transmitters()[tid].links
        inner = links[k]
        outer = links[1 - k] if len(links) == 2 else None
        if a < 0:
            p.arrays.append([new_entry(tid)])
        elif side == "R":
            p.arrays[a].append([tid, inner, outer])
        else:
            p.arrays[a].insert(0, [tid, outer, inner])
        events.append(
            {"type": "place_tx", "seat": seat, "tile": tid, "array": a + 1 if a >= 0 else len(p.arrays)}
        )
        self._check_online(s, seat, tid, events)

    def _check_online(self, s: PulsarState, seat: int, tid: str, events: list[Event]) -> None:
        """All costs covered: the one-time rewards, then the tile flips with the same
        orientation; newly joined online halves form red link dice (§5.3)."""
        p = s.players[seat]
        if not all(p.tx[tid]) or tid in p.online:
            return
        p.online.append(tid)
        p.markers_used -= len(p.tx[tid])
        events.append({"type": "online", "seat": seat, "tile": tid})
        self._event(s, seat, "tx_online", 1, events)
        self._form_links(s, seat, tid, events)
        self._gain(s, seat, list(transmitters()[tid].once), events)

    def _form_links(self, s: PulsarState, seat: int, tid: str, events: list[Event]) -> None:
        """Two linked online tiles show a whole red die: the bonus die of the round, to be
        used at once; with several new ones the player chooses one (§4.5, §5.3)."""
        p = s.players[seat]
        values = []
        for arr in p.arrays:
            for i in range(len(arr) - 1):
                left, right = arr[i], arr[i + 1]
                if tid in (left[0], right[0]) and left[0] in p.online and right[0] in p.online:
                    key = "|".join(sorted((left[0], right[0])))
                    if key not in p.links_used:
                        p.links_used.append(key)
                        values.append(int(left[2]) + int(right[1]))
        if values and not p.red_used:
            if len(set(values)) == 1:
                self._give_red(p, values[0], at_once=True)
                events.append({"type": "link_die", "seat": seat, "value": values[0]})
            else:
                s.pending.append(Step("link", seat, {"values": sorted(set(values))}))

    def _attach(
        self, s: PulsarState, seat: int, tid: str, target: int, side: str, k: int, events: list[Event]
    ) -> None:
        p = s.players[seat]
        links = transmitters()[tid].links
        inner = links[k]
        outer = links[1 - k] if len(links) == 2 else None
        dest = p.arrays[target]
        if side == "R":
            dest.append([tid, inner, outer])
        else:
            dest.insert(0, [tid, outer, inner])
        p.arrays = [arr for arr in p.arrays if not (len(arr) == 1 and arr[0][0] == tid)]
        events.append({"type": "attach_tx", "seat": seat, "tile": tid})
        if tid in p.online:
            self._form_links(s, seat, tid, events)

    # =========================================================== pending steps
    def step_actions(self, s: PulsarState, step: Step) -> list[Action]:
        seat = step.seat
        p = s.players[seat]
        A = self._act
        bd = board(s.board)
        kind = step.kind
        if kind == "side":
            return [A(f"side {k}", "side", ("side", k), (f"hq-side-{k}",)) for k in (1, 2)]
        if kind == "gate":
            taken = {q.ship for q in s.players}
            return [A(f"gate {g}", "gate", ("gate", g), (f"n{g}",)) for g in bd.start_gates if g not in taken]
        if kind == "race":
            projects = hq_boards()[p.hq_side].projects
            acts = []
            for slot in sorted(p.races):
                race = next(item["race"] for item in projects[slot].gain if "race" in item)
                for c in race["colours"]:
                    acts.append(A(f"race {slot}{c}", "race", ("race", slot, c), (f"hq-{slot}",)))
            acts.append(A("norace", "norace", ("norace",)))
            return acts
        if kind == "fly":
            d = step.data
            return [
                A(f">{v}", "hop", ("hop", v), (f"n{v}",))
                for _e, v in hops(bd, self._fly_at(step), d["used"], d["left"])
            ]
        if kind == "gyro":
            return [A(f"take {z}", "take", ("take", z), (f"gyro-{z}",)) for z in step.data["sizes"]]
        if kind == "iso":
            return [A(f"@{n}", "target", ("target", n), (f"n{n}",)) for n in iso_targets(s, seat)]
        if kind == "teleport":
            return [
                A(f"@{n}", "target", ("target", n), (f"n{n}",)) for n in teleport_targets(s, step.data["to"])
            ]
        if kind == "station":
            return [A(f"@{n}", "target", ("target", n), (f"n{n}",)) for n in station_targets(s, seat)]
        if kind == "discovery":
            tile = system_tiles()[s.tiles[step.data["system"]]]
            acts = []
            if not (any("red" in item for item in tile.bonus) and p.red_used):
                if tile.pair_choice and s.pair_one:
                    acts += [
                        A(f"bonus {i + 1}", "bonus", ("bonus", i), ("bonus",)) for i in range(len(tile.bonus))
                    ]
                else:
                    acts.append(A("bonus", "bonus", ("bonus", -1), ("bonus",)))
            acts.append(A("explore", "explore", ("explore",), ("explore",)))
            return acts
        if kind == "join":
            tid = step.data["tile"]
            # targets must not depend on the state: one notation is one interned Action
            acts = [A("new", "new", ("new",))]
            acts += [
                A(f"join {suffix}", "join", ("join", a, side, k))
                for suffix, a, side, k in join_options(p, tid)
            ]
            return acts
        if kind == "link":
            return [A(f"link {v}", "link", ("link", v)) for v in step.data["values"]]
        if kind == "claim":
            node = step.data["pulsar"]
            acts = [A("claim", "claim", ("claim",), (f"n{node}",))] if node in claimable(s, seat) else []
            return [*acts, A("noclaim", "noclaim", ("noclaim",))]
        if kind == "found":
            node = step.data["system"]
            acts = [A("found", "found", ("found",))] if can_found(s, seat, node) else []
            return [*acts, A("skip", "skip", ("skip",))]
        if kind == "convert":
            acts = [
                A(f"convert {t.lower()}", "convert", ("convert", t), (f"tx-{t}",))
                for t in scoring.convertible(s, seat)
            ]
            return [*acts, A("done", "done", ("done",))]
        if kind == "final":
            return scoring.final_actions(self, s, step)
        return []

    @staticmethod
    def _fly_at(step: Step) -> int:
        d = step.data
        return int(d["visited"][-1]) if d["visited"] else int(d["start"])

    def _do_step(self, s: PulsarState, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
        step = s.pending[-1]
        kind = args[0]
        p = s.players[seat]
        if kind != "hop":  # a hop changes the player only when the flight ends (_arrive)
            s.marks[M_PLAYER + seat] += 1
        if kind == "side":
            s.pending.pop()
            p.hq_side = f"{p.hq}{args[1]}"
            events.append({"type": "hq_side", "seat": seat, "board": p.hq_side})
        elif kind == "gate":
            s.pending.pop()
            p.ship = p.start_gate = args[1]
            changed(s, M_SHIPS)
            events.append({"type": "start_gate", "seat": seat, "gate": args[1]})
        elif kind in ("race", "norace"):
            s.pending.pop()
            if kind == "race":
                gain = hq_boards()[p.hq_side].projects[args[1]].gain
                vp = next(item["race"]["vp"] for item in gain if "race" in item)
                s.pending[-1].data["race"] = [args[1], args[2], vp]
                events.append({"type": "race_chosen", "seat": seat, "slot": args[1], "colour": args[2]})
        elif kind == "hop":
            d = step.data
            v = args[1]
            e = next(e for e, w in hops(board(s.board), self._fly_at(step), d["used"], d["left"]) if w == v)
            d["used"].append(e)
            d["visited"].append(v)
            d["left"] -= 1
            events.append({"type": "hop", "seat": seat, "to": v})
            if board(s.board).kind[v] == "system":
                self._reveal(s, v, events)
            if d["left"] == 0:
                s.pending.pop()
                self._arrive(s, seat, int(d["start"]), list(d["visited"]), list(d["race"]), events)
        elif kind == "take":
            s.pending.pop()
            self._take_gyro(s, seat, args[1], events)
        elif kind == "target":
            s.pending.pop()
            node = args[1]
            if step.kind == "iso":
                self._claim(s, seat, node, events)
            elif step.kind == "teleport":
                events.append({"type": "teleport", "seat": seat, "to": node})
                if board(s.board).kind[node] == "system":
                    self._reveal(s, node, events)
                self._arrive(s, seat, p.ship, [node], [], events)
            else:
                self._place_station(s, seat, node, False, events)
        elif kind in ("bonus", "explore"):
            s.pending.pop()
            tile = system_tiles()[s.tiles[step.data["system"]]]
            if kind == "explore":
                self._explore(s, seat, events)
            elif args[1] >= 0:
                self._gain(s, seat, [tile.bonus[args[1]]], events)
            else:
                self._gain(s, seat, list(tile.bonus), events)
        elif kind in ("new", "join"):
            s.pending.pop()
            tid = step.data["tile"]
            if kind == "new":
                self._join(s, seat, tid, -1, "", 0, events)
            else:
                self._join(s, seat, tid, args[1], args[2], args[3], events)
        elif kind == "link":
            s.pending.pop()
            self._give_red(p, args[1], at_once=True)
            events.append({"type": "link_die", "seat": seat, "value": args[1]})
        elif kind in ("found", "skip"):
            s.pending.pop()
            if kind == "found":
                self._place_station(s, seat, step.data["system"], bool(step.data["ending"]), events)
        elif kind in ("claim", "noclaim"):
            s.pending.pop()
            if kind == "claim" and step.data["pulsar"] not in s.owner:
                self._claim(s, seat, step.data["pulsar"], events)
        elif kind in ("convert", "done") and step.kind == "convert":
            scoring.convert_step(s, seat, args, events)
        else:
            scoring.final_step(self, s, seat, args, events)

    # ================================================================ interface
    def to_move(self, state: PulsarState) -> tuple[int, ...]:
        s = state
        if s.pending:
            return (s.pending[-1].seat,)
        if s.phase == "dice":
            return (s.queue[0],)
        if s.phase == "action":
            return (s.actor,)
        return ()

    def legal_actions(self, state: PulsarState, seat: int) -> list[Action]:
        s = state
        if seat not in self.to_move(s):
            return []
        if s.pending:
            return self.step_actions(s, s.pending[-1])
        if s.phase == "dice":
            return self.pick_actions(s, seat)
        if s.phase == "action":
            return self.turn_actions(s, seat)
        return []

    def apply(self, state: PulsarState, seat: int, action: Action) -> list[Event]:
        s = state
        events: list[Event] = []
        args = action.args
        if s.pending:
            self._do_step(s, seat, args, events)
        elif s.phase == "dice":
            self._pick(s, seat, args, events)
        else:
            self._do_turn_action(s, seat, args, events)
        if s.phase == "setup" and not s.pending:
            self._start_round(s, events)
        scoring.continue_phase(self, s, events)
        return events

    def is_over(self, state: PulsarState) -> bool:
        return state.phase == "over"

    def result(self, state: PulsarState) -> Result:
        s = state
        scores = [float(p.score) for p in s.players]
        keys = [[p.score, self._tie_key(s, seat)] for seat, p in enumerate(s.players)]
        return Result(scores=scores, ranking=rank_by_keys(keys), details={"breakdown": scoring.breakdown(s)})

    @staticmethod
    def _tie_key(s: PulsarState, seat: int) -> int:
        """A3: the rulebook gives a tie to the player further back in turn order; the
        English aids to the player further ahead (a player's front rocket counts)."""
        pos = s.order.index(seat)
        return -pos if s.tie_ahead else pos

    # ------------------------------------------------------------------ information
    # (observation, secret and determinize are in views.py)
    def invariants(self, state: PulsarState) -> list[str]:
        return scoring.invariants(state)

    def normalize(self, notation: str) -> str:
        return " ".join(notation.lower().split())
