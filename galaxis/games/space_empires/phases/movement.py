"""The Movement Phase (docs/games/space_empires.md §4) and what happens in it: counters split and
merged (§4.9), refits, carriers, allowances and MS Pipelines (§4.3, §4.6), why a move is refused,
scuttling (§4.7), a Cruiser's Exploration peek (§6.2), colonising (§4.4), the moves themselves and
the exploration of the markers they reach (§6)."""

from __future__ import annotations

from galaxis.core import Action, Event, Step
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, combat, data, economy, movement
from galaxis.games.space_empires.base.board import NPA, NPA_KINDS, SEATS
from galaxis.games.space_empires.base.state import Marker, Unit
from galaxis.games.space_empires.base.text_data import MSG, UnitName
from galaxis.games.space_empires.opponents import moves, solo
from galaxis.games.space_empires.opponents.alien_players import solo4
from galaxis.games.space_empires.opponents.alien_players import vp_explore as alien_vp_explore
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.phases import CARRIER_ROOM, CARRIERS, _hex_key, _uid_key
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import (
    alien_tech,
    alliances,
    empire_advantages,
    experience,
    gates,
    reaction,
    victory,
)
from galaxis.games.space_empires.systems import titans as ce_units


class MovementPhase:
    """Methods of ``SpaceEmpires`` (rules.py), which inherits them."""

    # --- counters: splitting and merging (§4.9) ------------------------------------------------------
    def _group_actions(
        self, state: SEState, seat: int, cid: str, members: list[Unit], groups: dict[str, list[Unit]]
    ) -> list[Action]:
        """§4.9: in its Movement Phase a player may take one unit out of a counter into a free counter
        (``split``) and put a counter's units into another counter of the same type and technology in
        the same hex (``merge``), as long as the counter holds at most its group size. (``groups``:
        the player's counters, or only those of the same type in the same hex.)"""
        g = self.table.get
        acts: list[Action] = []
        if self._split_problem(state, seat, members) is None:
            acts.append(g(f"split {cid}", (cid,), "split", (cid,)))
        for other, theirs in groups.items():
            if board.uid_key(other) > board.uid_key(cid) and self._merge_problem(members, theirs) is None:
                acts.append(g(f"merge {other} {cid}", (other, cid), "merge", (other, cid)))
        return acts

    def _split_problem(self, state: SEState, seat: int, members: list[Unit]) -> Msg | None:
        kind = members[0].kind
        if len(members) < 2:
            return MSG("split_single")
        if board.counters_in_use(state, seat, kind) >= data.unit_table_by_id()[kind].counters:
            return MSG("counters_in_use_split", unit=UnitName(kind))
        return None

    @staticmethod
    def _merge_problem(members: list[Unit], into: list[Unit]) -> Msg | None:
        a, b = members[0], into[0]
        if (a.owner, a.kind, a.hex) != (b.owner, b.kind, b.hex):
            return MSG("merge_same")
        if board.build_tech(a) != board.build_tech(b):
            return MSG("merge_tech")
        if a.revealed != b.revealed:
            return MSG("merge_face")
        if len(members) + len(into) > board.group_size(a.kind):
            return MSG("counter_full_merge", unit=UnitName(a.kind), size=board.group_size(a.kind))
        return None

    def _split(self, state: SEState, seat: int, cid: str, events: list[Event]) -> None:
        p = state.players[seat]
        new = f"{SEATS[seat]}{p.serial}"
        p.serial += 1
        board.counter_units(state, cid)[-1].counter = new
        events.append({"type": "split", "counter": cid, "new": new})

    def _merge(self, state: SEState, src: str, dst: str, events: list[Event]) -> None:
        for v in board.counter_units(state, src):
            v.counter = dst
        merged = board.counter_units(state, dst)
        shown = any(
            v.tech_shown for v in merged
        )  # §9: one technology per counter, known once any unit showed it
        for v in merged:
            v.tech_shown = shown
        experience.on_merge(state, dst)  # §10.2: a group has one level, the lower one
        events.append({"type": "merge", "counter": src, "into": dst})

    @staticmethod
    def _refit_cost(members: list[Unit]) -> int:
        return sum(data.unit_table_by_id()[v.kind].hull for v in members)

    def _current_techs(self, state: SEState, u: Unit) -> tuple[int, int, int, int, int]:
        t = state.players[u.owner].techs
        level_track = data.unit_table_by_id()[u.kind].level_tech or {
            "DD": "scanners",
            "SW": "minesweeping",
            "SC": "point_defense",
            "CA": "exploration",
            "FS": "exploration",
        }.get(u.kind, "")
        return (
            t["attack"],
            t["defense"],
            t["tactics"],
            t["move"],
            t.get(level_track, u.level) if level_track else u.level,
        )

    def _can_refit(self, state: SEState, u: Unit) -> bool:
        """§4.5: a ship at one of its shipyards that has not moved may be refitted to current technology
        for CP equal to its hull size; it then stays put for the turn [MRB 9.11.3]."""
        if u.moved or u.stopped or data.unit_table_by_id()[u.kind].move != "tech" or u.kind in ("F", "Decoy"):
            return False
        if not any(v.kind == "SY" and v.owner == u.owner and v.hex == u.hex for v in state.units.values()):
            return False
        return self._current_techs(state, u) != board.build_tech(u)

    def _carriers_with_room(self, state: SEState, fighter: Unit) -> list[str]:
        """Counters of Carriers (or Titans) in the fighter's hex with a unit that has room (§5.12)."""
        out: list[str] = []
        for cid, members in board.counters(
            v
            for v in state.units.values()
            if v.kind in CARRIERS and v.owner == fighter.owner and v.hex == fighter.hex
        ).items():
            if self._carrier_room(state, members) is not None:
                out.append(cid)
        return out

    @staticmethod
    def _carrier_room(state: SEState, members: list[Unit]) -> Unit | None:
        return next((v for v in members if len(board.carried(state, v.uid)) < CARRIER_ROOM), None)

    def _own_units(self, state: SEState, seat: int) -> list[Unit]:
        return [u for u in state.units.values() if u.owner == seat]

    def _allowance(self, state: SEState, u: Unit) -> int:
        fast = state.players[u.owner].techs.get("fast_bc", 0) >= 1
        base = movement.hexes_per_turn(u.kind, u.move_tech, state.turn, state.edition, fast)
        extra = empire_advantages.move_bonus(state, u) + alien_tech.extra_move(state, u)  # §10.4, §10.5
        return base + u.sling + extra if base else 0

    def _can_sling(self, state: SEState, u: Unit, h: str) -> bool:
        """§4.8 (optional rule) [MRB 6]: a ship may slingshot through a face-up Black Hole it may enter:
        the hex costs no movement, but the survival roll gets +2."""
        m = state.markers.get(h)
        return (
            state.slingshot
            and m is not None
            and m.face_up
            and m.kind == "black_hole"
            and data.unit_table_by_id()[u.kind].move == "tech"
        )

    def _pipelines(self, state: SEState, seat: int) -> frozenset[str]:
        """§4.6: the hexes holding one of ``seat``'s MS Pipelines that has not moved this turn (in the
        cooperative scenarios an ally's pipelines too, §13.10)."""
        return frozenset(
            v.hex
            for v in state.units.values()
            if v.kind == "MSP" and alliances.shares_pipelines(state, v.owner, seat) and not v.moved
        )

    def _pipeline_bonus(
        self, state: SEState, u: Unit, pipes: frozenset[str] | None = None, allowance: int | None = None
    ) -> int:
        """§4.6 [MRB 13]: a unit whose whole move so far ran along an unmoved chain of its player's MS
        Pipelines may go one hex further, to another pipeline hex of the chain. (``allowance``: the
        unit's ``_allowance``, when the caller has it.)"""
        if u.kind == "MSP" or not u.piped:
            return 0
        if pipes is None:
            pipes = self._pipelines(state, u.owner)
        if u.hex not in pipes:
            return 0
        return 1 if (self._allowance(state, u) if allowance is None else allowance) > 0 else 0

    def _pipeline_step(
        self,
        state: SEState,
        u: Unit,
        h: str,
        pipes: frozenset[str] | None = None,
        allowance: int | None = None,
    ) -> bool:
        """§4.6: a step from one hex of an unmoved pipeline chain to the next, by a unit that has moved
        only along the chain this turn (such steps ignore Nebula, Asteroid and Black Hole stops)."""
        if pipes is None:
            pipes = self._pipelines(state, u.owner)
        return h in pipes and bool(self._pipeline_bonus(state, u, pipes, allowance))

    def _move_problem(
        self,
        state: SEState,
        u: Unit,
        h: str,
        pipes: frozenset[str] | None = None,
        allowance: int | None = None,
    ) -> Msg | None:
        """Why ``u`` may not move to the adjacent hex ``h`` now (§4), or None (``allowance``: the
        unit's ``_allowance``, when the caller has it)."""
        if gates.grounded(state, u):
            return gates.space_move_problem(state, u)  # §12.3.7: walking Colony Ships
        if allowance is None:
            allowance = self._allowance(state, u)
        if allowance == 0:
            return MSG("never_moves")
        piped = self._pipeline_step(state, u, h, pipes, allowance)
        if u.stopped or u.moved >= allowance + (1 if piped else 0):
            return MSG("no_movement_left")
        m = state.markers.get(h)
        if m is not None and m.face_up and m.kind == "supernova":
            return MSG("supernova")
        stacked = alliances.stack_problem(state, u, h)
        if stacked:
            return stacked  # §10.8: uneasy allies never stack
        raider = alien_vp_explore.raider_blocks(state, u, h)
        if raider:
            return raider  # §13.12.5: an alien Raider on a marker
        stopping = not board.explored(state, h) or (board.terrain(state, h) != "open" and not piped)
        if stopping and u.moved > 0:
            return MSG("stopping_hex")
        if u.kind == "Mine" and (not board.explored(state, h) or board.enemies_at(state, h, u.owner)):
            return MSG("mines_enter")
        if not board.is_combat_kind(u.kind) and u.kind != "Decoy":
            escorted = board.has_friendly_combat(state, h, u.owner)
            if not escorted and (not board.explored(state, h) or board.enemy_combat_at(state, h, u.owner)):
                return MSG("escort")
        return None

    # --- scuttling and Exploration (§4.7, §6.2) ------------------------------------------------------
    def _scuttle(self, state: SEState, cid: str, events: list[Event]) -> None:
        """§4.7 [MRB 7]: a player may destroy any of its own units (one unit of a counter per action) in
        its Movement Phase (to save maintenance or free a counter); fighters aboard a scuttled carrier
        stay in the hex."""
        u = board.counter_units(state, cid)[-1]
        del state.units[u.uid]
        events.append({"type": "scuttle", "unit": cid, "hex": u.hex})

    def _can_peek(self, state: SEState, u: Unit) -> bool:
        """§6.2 [MRB 9.8]: a Cruiser built with Exploration 1 may, before it moves, look at one adjacent
        face-down marker once per turn."""
        return ce_units.explorer(u) and not u.moved and not u.stopped and not u.peeked

    def _peek_hexes(self, state: SEState, u: Unit) -> list[str]:
        known = state.players[u.owner].known
        out = []
        for h in board.adjacent(len(state.players), u.hex):
            m = state.markers.get(h)
            if m is not None and not m.face_up and h not in known:
                out.append(h)
        return sorted(out, key=_hex_key)

    def _peek(self, state: SEState, seat: int, cid: str, hid: str) -> None:
        """§6.2: the peeking player alone learns the marker, then reveals it or puts it back face down."""
        next(u for u in board.counter_units(state, cid) if self._can_peek(state, u)).peeked = True
        state.players[seat].known.append(hid)
        state.pending.append(Step("peek", seat, {"hex": hid}))

    def _reveal_peeked(self, state: SEState, seat: int, events: list[Event]) -> None:
        """§6.2: a revealed marker is flipped without a unit in its hex: a one-shot marker (Danger!, Lost
        in Space, warp point, Doomsday Machine) is removed harmlessly, the others stay face up (aliens
        take their place on a deep-space barren planet)."""
        hid = state.pending.pop().data["hex"]
        m = state.markers[hid]
        m.face_up = True
        self._forget(state, hid)
        events.append({"type": "explore", "hex": hid, "marker": m.kind, "value": m.value, "peek": True})
        if m.kind in ("danger", "lost_in_space", "doomsday") or (
            m.kind == "warp_point" and not moves.keeps_warp_point(state, hid, m, events)
        ):
            del state.markers[hid]
        elif m.kind == "barren" and m.pool == "deep" and amoeba.npas(state) and solo4.npas(state):
            self._place_npas(state, hid)

    def _forget(self, state: SEState, hid: str) -> None:
        """A marker that is face up (or gone) is no longer anyone's private knowledge."""
        for p in state.players:
            if hid in p.known:
                p.known.remove(hid)

    def _can_colonize(self, state: SEState, u: Unit) -> bool:
        m = state.markers.get(u.hex)
        if m is None or not m.face_up or u.hex in state.colonies or u.moved:
            return False
        if board.enemies_at(state, u.hex, u.owner) or not solo.may_colonise(state, u, m):
            return False
        if m.kind == "planet" or empire_advantages.may_colonize(state, u, m):  # §10.4: Industrious Race
            return True
        # §4.4: a barren planet needs a Colony Ship built after Terraforming 1.
        return m.kind == "barren" and u.level >= 1

    # --- movement (§4) ------------------------------------------------------------------------------
    def _start_move(self, state: SEState) -> None:
        state.phase = "move"
        seat = state.order[state.active]
        for u in self._own_units(state, seat):
            u.moved, u.stopped, u.came_from, u.piped, u.peeked, u.sling = 0, False, "", True, False, 0
        gates.start_move(state)  # §12.3.1: every ground unit may use a gate again

    def _move_counter(
        self, state: SEState, cid: str, h: str, events: list[Event], sling: bool = False
    ) -> None:
        """§4: a counter moves as one; each of its units pays the step (and rolls in a Black Hole)."""
        members = board.counter_units(state, cid)
        pipes = self._pipelines(state, members[0].owner)
        piped = [self._pipeline_step(state, u, h, pipes) for u in members]
        events.append({"type": "move", "unit": cid, "hex": h})
        for u, p in zip(members, piped, strict=True):
            if u.uid in state.units:
                self._do_move(state, u, h, events, sling, p)

    def _do_move(
        self,
        state: SEState,
        u: Unit,
        h: str,
        events: list[Event],
        sling: bool = False,
        piped: bool | None = None,
    ) -> None:
        if piped is None:
            piped = self._pipeline_step(state, u, h)
        u.piped = piped
        stopping = not board.explored(state, h) or (board.terrain(state, h) != "open" and not piped)
        for f in board.carried(state, u.uid):
            f.came_from, f.hex = f.hex, h
        u.came_from, u.hex = u.hex, h
        u.moved += 1
        empire_advantages.on_move(self, state, u, events)  # §10.4
        alien_tech.moved(self, state, u, events)  # Afterburners seen (§10.5)
        # §4.3, §5.11: cloaked Raiders neither stop others nor are stopped, and pass unseen.
        hidden = board.cloaked(state, u)
        if stopping or (board.visible_enemy_combat_at(state, h, u.owner) and not hidden):
            u.stopped = True
        if board.is_combat_kind(u.kind) and not hidden:
            # §4.3: enemy non-combat units in the hex are destroyed at once and do not stop the mover.
            for v in board.enemies_at(state, h, u.owner):
                if not board.is_combat_kind(v.kind) and v.kind != "Mine":
                    del state.units[v.uid]
                    events.append({"type": "destroyed", "unit": v.uid, "hex": h})
        m = state.markers.get(h)
        if m is not None and m.face_up and m.kind == "black_hole" and not piped:
            self._black_hole(state, [u], events, sling)
            if sling and u.uid in state.units:
                u.sling += 1  # §4.8: the slingshot hex costs no movement

    def _black_hole(
        self, state: SEState, units: list[Unit], events: list[Event], sling: bool = False
    ) -> None:
        for u in units:
            if victory.black_hole_immune(state, u) or coop.jumps_black_holes(state, u):  # §12.2, §13.10
                continue
            roll = combat.d10(state.rng)
            if not economy.survives_black_hole(roll, sling):
                del state.units[u.uid]
                events.append({"type": "black_hole", "unit": board.counter_of(u), "roll": roll})

    def _end_movement(self, state: SEState, events: list[Event]) -> None:
        state.phase = "combat"
        state.handled = []
        reaction.offer(state)  # §10.6: enemies with Exploration 2 may react before the battles
        moves.opponents_move(self, state, events)  # §13.2: the solo opponents move after the live player

    # --- exploration (§6) -----------------------------------------------------------------------------
    def _explore(self, state: SEState, seat: int, events: list[Event]) -> None:
        hexes = sorted({u.hex for u in self._own_units(state, seat)}, key=_hex_key)
        for hid in hexes:
            m = state.markers.get(hid)
            if m is None or m.face_up:
                continue
            # §6: decoys cannot explore.
            here = [u for u in self._own_units(state, seat) if u.hex == hid and u.kind != "Decoy"]
            if not here:
                continue
            m.face_up = True
            self._forget(state, hid)
            events.append({"type": "explore", "hex": hid, "marker": m.kind, "value": m.value})
            self._marker_effect(state, seat, hid, m, here, events)
        # §6: a Miner picks up a face-up Minerals or Space Wreck marker in its hex.
        for u in sorted(self._own_units(state, seat), key=lambda u: _uid_key(u.uid)):
            m = state.markers.get(u.hex)
            if (
                u.kind == "Miner"
                and not u.cargo
                and m is not None
                and m.face_up
                and m.kind
                in (
                    "minerals",
                    "space_wreck",
                )
            ):
                u.cargo = f"{m.kind}:{m.value}"
                del state.markers[u.hex]
                events.append({"type": "tow", "unit": u.uid, "marker": m.kind})

    def _marker_effect(
        self, state: SEState, seat: int, hid: str, m: Marker, here: list[Unit], events: list[Event]
    ) -> None:
        if m.kind == "danger":
            for u in here:
                del state.units[u.uid]
            del state.markers[hid]
        elif m.kind == "black_hole":
            self._black_hole(state, here, events)
        elif m.kind == "supernova":
            # A counter goes back as one, to the hex its first unit came from (merged units may differ).
            for group in board.counters(here).values():
                back = group[0].came_from or group[0].hex
                for u in group:
                    u.hex = back
            victory.supernova(state, hid, events)  # §12.2: the Super Nova destroys the relic
        elif m.kind in ("warp_point", "doomsday"):
            # Without their optional rules these count as empty space and are removed (§6, §13.8).
            if not moves.marker_flipped(state, seat, hid, m, events):
                del state.markers[hid]
        elif m.kind == "barren" and m.pool == "deep" and amoeba.npas(state) and solo4.npas(state):
            self._place_npas(state, hid)
        elif m.kind == "lost_in_space":
            del state.markers[hid]
            n = len(state.players)
            right = next(s for s in ((seat - i) % n for i in range(1, n + 1)) if state.players[s].alive)
            lost = self._lost_hexes(state, hid, seat)
            if lost and coop.coop_of(state) is not None:
                to = coop.lost_in_space(state, hid, lost, events)  # §13.10: the die decides
                for u in self._own_units(state, seat):
                    if u.hex == hid:
                        u.hex = to
            elif lost:
                state.pending.append(Step("lost", right, {"hex": hid, "seat": seat}))

    def _place_npas(self, state: SEState, hid: str) -> None:
        """§6: a deep-space barren planet receives 4 random non-player alien ships [MRB 18]."""
        alien_tech.npas_placed(state, hid)  # §10.5: its Alien Technology card will be free
        for _ in range(4):
            kind = NPA_KINDS[state.rng.below(len(NPA_KINDS))]
            uid = f"n{state.npa_serial}"
            state.npa_serial += 1
            state.units[uid] = Unit(uid, NPA, kind, hid, 0, 0, 0, 0, 0, 0, True, "", True, "")

    def _lost_hexes(self, state: SEState, hid: str, seat: int) -> list[str]:
        out = []
        for h in board.adjacent(len(state.players), hid):
            m = state.markers.get(h)
            if m is not None and m.face_up and m.kind == "supernova":
                continue
            if board.enemies_at(state, h, seat):
                continue
            out.append(h)
        return out
