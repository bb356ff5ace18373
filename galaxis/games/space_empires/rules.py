"""Space Empires 4X: the rules. Sections (§) refer to docs/games/space_empires.md.

A cycle is three turns; in each turn every player in order moves (§4, one hex of one unit per action),
fights the battles in hexes it shares with enemies (§5, one target choice per shot), bombards (§5.6)
and explores (§6, automatic flips). Then the Economic Phase (§7) is simultaneous and secret: every seat
bids and buys with private actions, and the purchases appear when all are done.
"""

from __future__ import annotations

from typing import Any

from galaxis.core import (
    Action,
    ActionTable,
    Event,
    Game,
    IllegalAction,
    Result,
    Rng,
    Step,
    rank_by_keys,
)
from galaxis.core.errors import BadOption
from galaxis.games.space_empires import registry
from galaxis.games.space_empires.base import board, combat, data, economy, movement
from galaxis.games.space_empires.base.board import BUYABLE, BUYABLE_TECHS, MAX_BID, NPA, NPA_KINDS, SEATS
from galaxis.games.space_empires.base.hexes import distance, hex_id, parse_hex_id
from galaxis.games.space_empires.base.state import Battle, Colony, Marker, Player, Unit
from galaxis.games.space_empires.info import INFO
from galaxis.games.space_empires.opponents import solo
from galaxis.games.space_empires.opponents.alien_players import solo4, solo4_ground
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.alien_players import vp_explore as alien_vp_explore
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.opponents.amoebas.state import AMOEBA_KIND
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.scenarios import setups as scenarios
from galaxis.games.space_empires.scenarios import teams
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import (
    alien_tech,
    alliances,
    boarding,
    centers,
    empire_advantages,
    experience,
    gates,
    ground,
    reaction,
    victory,
)
from galaxis.games.space_empires.systems import titans as ce_units

SECRET_KINDS = ("bid", "tech", "buy", "done", *registry.SECRET_KINDS)  # §7: economic choices are secret
BASE_ACTION_KINDS = (  # the base game's actions, which apply() carries out itself
    "move",
    "sling",
    "split",
    "merge",
    "refit",
    "scuttle_menu",
    "keep",
    "scuttle",
    "peek",
    "reveal",
    "conceal",
    "withdraw",
    "engage",
    "load",
    "unload",
    "colonize",
    "end",
    "target",
    "retreat",
    "screen",
    "fight",
    "bomb",
    "destroy",
    "boom",
    "hold",
    "lost",
    "first",
    "bid",
    "tech",
    "buy",
    "done",
)
UNFIXED = -2  # Battle.bonus_side before the round's screening is declared
CARRIER_ROOM = 3  # fighters a Carrier (or a Titan, CE) holds [MRB 15, 22]
CARRIERS = ("CV", "TN")


if set(BASE_ACTION_KINDS) & set(registry.ACTION_OWNERS):  # a system may not take over a base action
    raise TypeError(
        f"base action kinds claimed by a system: {set(BASE_ACTION_KINDS) & set(registry.ACTION_OWNERS)}"
    )


def _letter(seat: int) -> str:
    return "n" if seat == NPA else SEATS[seat]


class SpaceEmpires(Game):
    info = INFO
    state_type = SEState
    hooks = {
        "observation": ".views.observation:full_observation",
        "secret": ".views.observation:full_secret",
        "determinize": ".views.observation:full_determinize",
        "describe": ".views.text:describe",
        "render_text": ".views.text:render_text",
        "render_svg": ".views.svg:render_svg",
        "heuristic_agent": ".bot.agents:HeuristicAgent",
        "observation_encoder": ".views.encode:SpaceEmpiresEncoder",
    }

    def __init__(self) -> None:
        self.table = ActionTable()

    # --- set-up (§2) -------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> SEState:
        self.validate_players(players)
        scenario = scenarios.resolve(players, options)  # §12: BadOption when the scenario does not fit
        options = scenarios.forced_options(scenario, options)  # §12.1.5, §13.10, §13.13: systems it forces on
        edition = options.get("edition", "ce")
        if edition not in data.EDITIONS:
            raise BadOption(f"unknown edition {edition!r}")
        hmap = data.hex_map(players)
        pools = data.markers()
        markers: dict[str, Marker] = {}
        colonies: dict[str, Colony] = {}
        for seat in range(players):
            hw = hex_id(hmap.home_world(seat))
            colonies[hw] = Colony(seat, data.edition_rules(edition).home_world, True, True)
            home = [m for m in pools.home_pool() if m[0] != "home_world"]
            rng.shuffle(home)
            for h, (kind, value) in zip(hmap.home_system(seat), home, strict=True):
                markers[hex_id(h)] = Marker(kind, value, False, f"home{seat}")
        deep = pools.deep_pool()
        rng.shuffle(deep)
        ds_hexes = hmap.deep_space()
        for h, (kind, value) in zip(ds_hexes, deep, strict=False):
            markers[hex_id(h)] = Marker(kind, value, False, "deep")
        undrawn = [f"{k}:{v}" for k, v in deep[len(ds_hexes) :]]
        techs = economy.starting_techs(edition)
        state = SEState(
            rng=rng,
            edition=edition,
            players=[
                Player(0, dict(techs), True, 1, 0, 0, 0, -1, [], {}, [], [], False, 0, [])
                for _ in range(players)
            ],
            markers=markers,
            undrawn=undrawn,
            colonies=colonies,
            units={},
            npa_serial=1,
            cycle=1,
            cycles=int(options.get("cycles", 8)),
            turn=1,
            phase="move",
            order=[],
            active=0,
            first=0,
            battle=None,
            pending=[],
            handled=[],
            winner=-1,
        )
        state.slingshot = bool(options.get("slingshot", False))
        state.experience = bool(options.get("experience", False))  # §10.2
        state.boarding = bool(options.get("boarding", False))
        for seat in range(players):
            hw = hex_id(hmap.home_world(seat))
            for kind, count in data.rules_table().starting_forces.items():
                for _ in range(count):
                    self._new_unit(state, seat, kind, hw)
        # §3.1: roll for the first player; play goes clockwise.
        state.first = rng.below(players)
        state.order = [(state.first + i) % players for i in range(players)]
        for system_setup in registry.SETUP:  # every optional part, in the registry's order
            system_setup(self, state, scenario, options)
        self._start_move(state)
        return state

    def _new_unit(self, state: SEState, seat: int, kind: str, hid: str, join: str = "") -> Unit:
        """A new unit at ``hid``: it founds a new counter, or joins the counter ``join`` (§4, §7.5)."""
        p = state.players[seat]
        if join:
            uid = board.free_member_id(state, join)
        else:
            uid = f"{SEATS[seat]}{p.serial}"
            p.serial += 1
        unit = Unit(uid, seat, kind, hid, *self._build_techs(p.techs, kind), 0, False, "", False, "")
        unit.revealed = kind in ("CO", "Miner", "MSP", "SY", "Base")
        unit.counter = join or uid
        state.units[uid] = unit
        experience.on_new_unit(state, unit)  # §10.2: Green, or Skilled with Military Academy 1
        gates.on_new_unit(state, unit)  # §12.3.7: bought Colony Ships walk through the gates
        return unit

    @staticmethod
    def _build_techs(t: dict[str, int], kind: str) -> tuple[int, int, int, int, int]:
        """The technology a unit of ``kind`` bought now is built with (see ``board.build_tech``)."""
        level = {
            "CO": t.get("terraforming", 0),
            "SW": t.get("minesweeping", 0),
            "R": t.get("cloaking", 0),
            "DD": t.get("scanners", 0),
            "F": t.get("fighters", 0),
            "SC": t.get("point_defense", 0),
            "CA": t.get("exploration", 0),
            "FS": t.get("exploration", 0),  # §10.3: the Flagship can take Exploration
            "BD": t.get("boarding", 0),
        }.get(kind, 0)
        return t["attack"], t["defense"], t["tactics"], t["move"], level

    # --- whose decision -----------------------------------------------------------------------------
    def to_move(self, state: SEState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.pending:
            return (state.pending[-1].seat,)
        if state.phase == "econ":
            return tuple(s for s in board.alive_seats(state) if not state.players[s].done)
        return (state.order[state.active],)

    def is_over(self, state: SEState) -> bool:
        return state.phase == "over"

    # --- legal actions ------------------------------------------------------------------------------
    def legal_actions(self, state: SEState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        g = self.table.get
        if state.pending:
            step = state.pending[-1]
            return self._step_actions(state, step)
        if state.phase == "econ":
            return self._econ_actions(state, seat)
        acts: list[Action] = []
        pipes = self._pipelines(state, seat)
        groups = board.counters(self._own_units(state, seat))
        for cid, members in groups.items():
            u = members[0]
            if u.kind == "CO" and self._can_colonize(state, u):
                acts.append(g(f"c {cid}", (cid,), "colonize", (u.uid,)))
            if u.kind == "F":
                # §5.12: fighters only travel aboard a Carrier (3 each).
                if u.cargo:
                    acts.append(g(f"unload {cid}", (cid,), "unload", (u.uid,)))
                else:
                    for cv in self._carriers_with_room(state, u):
                        acts.append(g(f"load {cid} {cv}", (cid, cv), "load", (u.uid, cv)))
                continue
            acts.extend(self._group_actions(state, seat, cid, members, groups))
            if any(self._can_peek(state, v) for v in members):
                for h in self._peek_hexes(state, u):
                    acts.append(g(f"peek {cid} {h}", (cid, h), "peek", (cid, h)))
            if any(
                v.stopped or v.moved >= self._allowance(state, v) + self._pipeline_bonus(state, v, pipes)
                for v in members
            ):
                continue
            if (
                all(self._can_refit(state, v) for v in members)
                and self._refit_cost(members) <= state.players[seat].cp
            ):
                acts.append(g(f"refit {cid}", (cid,), "refit", (cid,)))
            for h in (
                *solo.neighbours(state, u.hex),
                *coop.jump_links(state, u.owner, u.hex),
            ):  # §13.8, §13.10
                if all(self._move_problem(state, v, h, pipes) is None for v in members):
                    acts.append(g(f"m {cid} {h}", (cid, h), "move", (cid, h)))
                    if self._can_sling(state, u, h) and not any(
                        self._pipeline_step(state, v, h, pipes) for v in members
                    ):
                        acts.append(g(f"sling {cid} {h}", (cid, h), "sling", (cid, h)))
        acts += ground.move_actions(self, state, seat)  # Transports take ground units aboard (§10.1)
        acts += gates.move_actions(self, state, seat)  # §12.3: open a planetary gate
        acts += victory.move_actions(self, state, seat)  # Miners pick up and deliver relics (§12.2)
        if self._own_units(state, seat):
            acts.append(g("scuttle", (), "scuttle_menu", ()))
        acts.append(g("end", (), "end", ()))
        return acts

    # --- counters: splitting and merging (§4.9) ------------------------------------------------------
    def _group_actions(
        self, state: SEState, seat: int, cid: str, members: list[Unit], groups: dict[str, list[Unit]]
    ) -> list[Action]:
        """§4.9: in its Movement Phase a player may take one unit out of a counter into a free counter
        (``split``) and put a counter's units into another counter of the same type and technology in
        the same hex (``merge``), as long as the counter holds at most its group size."""
        g = self.table.get
        acts: list[Action] = []
        if self._split_problem(state, seat, members) is None:
            acts.append(g(f"split {cid}", (cid,), "split", (cid,)))
        for other, theirs in groups.items():
            if board.uid_key(other) > board.uid_key(cid) and self._merge_problem(members, theirs) is None:
                acts.append(g(f"merge {other} {cid}", (other, cid), "merge", (other, cid)))
        return acts

    def _split_problem(self, state: SEState, seat: int, members: list[Unit]) -> str | None:
        kind = members[0].kind
        if len(members) < 2:
            return "a counter with one unit cannot be split (§4.9)"
        if board.counters_in_use(state, seat, kind) >= data.unit_table_by_id()[kind].counters:
            return f"all your {kind} counters are in use (§4.9)"
        return None

    @staticmethod
    def _merge_problem(members: list[Unit], into: list[Unit]) -> str | None:
        a, b = members[0], into[0]
        if (a.owner, a.kind, a.hex) != (b.owner, b.kind, b.hex):
            return "only counters of the same type in the same hex merge (§4.9)"
        if board.build_tech(a) != board.build_tech(b):
            return "only units of the same technology share a counter (§4.9)"
        if a.revealed != b.revealed:
            return "a face-up and a face-down counter do not merge (§4.9)"
        if len(members) + len(into) > board.group_size(a.kind):
            return f"a {a.kind} counter holds at most {board.group_size(a.kind)} units (§4.9)"
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

    def _pipeline_bonus(self, state: SEState, u: Unit, pipes: frozenset[str] | None = None) -> int:
        """§4.6 [MRB 13]: a unit whose whole move so far ran along an unmoved chain of its player's MS
        Pipelines may go one hex further, to another pipeline hex of the chain."""
        if u.kind == "MSP" or not u.piped:
            return 0
        if pipes is None:
            pipes = self._pipelines(state, u.owner)
        return 1 if u.hex in pipes and self._allowance(state, u) > 0 else 0

    def _pipeline_step(self, state: SEState, u: Unit, h: str, pipes: frozenset[str] | None = None) -> bool:
        """§4.6: a step from one hex of an unmoved pipeline chain to the next, by a unit that has moved
        only along the chain this turn (such steps ignore Nebula, Asteroid and Black Hole stops)."""
        if pipes is None:
            pipes = self._pipelines(state, u.owner)
        return h in pipes and bool(self._pipeline_bonus(state, u, pipes))

    def _move_problem(
        self, state: SEState, u: Unit, h: str, pipes: frozenset[str] | None = None
    ) -> str | None:
        """Why ``u`` may not move to the adjacent hex ``h`` now (§4), or None."""
        if gates.grounded(state, u):
            return gates.space_move_problem(state, u)  # §12.3.7: walking Colony Ships
        allowance = self._allowance(state, u)
        if allowance == 0:
            return "Bases and shipyards never move (§4.1)"
        piped = self._pipeline_step(state, u, h, pipes)
        if u.stopped or u.moved >= allowance + (1 if piped else 0):
            return "the unit has no movement left this turn (§4.1, §4.6)"
        m = state.markers.get(h)
        if m is not None and m.face_up and m.kind == "supernova":
            return "nothing may enter a Super Nova (§6)"
        if alliances.stack_problem(state, u, h):
            return alliances.stack_problem(state, u, h)  # §10.8: uneasy allies never stack
        if alien_vp_explore.raider_blocks(state, u, h):
            return alien_vp_explore.raider_blocks(state, u, h)  # §13.12.5: an alien Raider on a marker
        stopping = not board.explored(state, h) or (board.terrain(state, h) != "open" and not piped)
        if stopping and u.moved > 0:
            return "an unexplored hex, Nebula or Asteroids may only be entered from the starting hex (§4.2)"
        if u.kind == "Mine" and (not board.explored(state, h) or board.enemies_at(state, h, u.owner)):
            return "mines cannot explore or enter a hex with enemy units (§4.3)"
        if not board.is_combat_kind(u.kind) and u.kind != "Decoy":
            escorted = bool(board.friendly_combat_at(state, h, u.owner))
            if not escorted and (not board.explored(state, h) or board.enemy_combat_at(state, h, u.owner)):
                return "non-combat ships need a combat ship in an unexplored or enemy hex (§4.3)"
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
            m.kind == "warp_point" and not solo.keeps_warp_point(state, hid, m, events)
        ):
            del state.markers[hid]
        elif m.kind == "barren" and m.pool == "deep" and amoeba.npas(state) and solo4.npas(state):
            self._place_npas(state, hid)

    def _forget(self, state: SEState, hid: str) -> None:
        """A marker that is face up (or gone) is no longer anyone's private knowledge."""
        for p in state.players:
            if hid in p.known:
                p.known.remove(hid)

    # --- cloaked Raiders before a battle (§5.11) --------------------------------------------------
    def _hidden_raiders(self, state: SEState, seat: int) -> list[Unit]:
        b = state.battle
        assert b is not None
        return sorted(
            (
                u
                for u in board.units_at(state, b.hex)
                if u.owner == seat and u.kind == "R" and board.cloaked(state, u) and u.uid not in b.withdrawn
            ),
            key=_unit_key,
        )

    def _offer_withdrawal(self, state: SEState) -> None:
        """§5.11 [MRB 5.1]: before the battle, each side's cloaked Raiders may withdraw (stay hidden and
        out of the battle): the attacker decides first, then the defender."""
        b = state.battle
        assert b is not None
        if amoeba.sees_cloaked(state):
            return  # amoebas are immune to cloaking: nothing stays hidden from them (§13.11.3)
        for seat in (b.defender, b.attacker):
            if seat >= 0 and self._hidden_raiders(state, seat):
                state.pending.append(Step("cloak", seat, {"hex": b.hex}))

    def _withdraw(self, state: SEState, seat: int, cid: str, events: list[Event]) -> None:
        b = state.battle
        assert b is not None
        b.withdrawn.extend(u.uid for u in self._hidden_raiders(state, seat) if board.counter_of(u) == cid)
        events.append({"type": "withdraw", "hex": b.hex, "seat": seat})
        if not self._hidden_raiders(state, seat):
            state.pending.pop()

    def _open_battle(self, state: SEState) -> None:
        """§5.0: the units that fight turn face up and show their technology (§9); the first round opens."""
        b = state.battle
        assert b is not None
        for u in board.units_at(state, b.hex):
            if self._side_of(state, u.owner) is not None and u.uid not in b.withdrawn:
                u.revealed = u.tech_shown = True
        self._begin_round(state)

    @staticmethod
    def _side_of(state: SEState, owner: int) -> int | None:
        """The battle side of an owner's units: 0 the attacker's, 1 the defender's, None not in it. In
        the cooperative scenarios a live player's units fight on their allies' side (§13.10)."""
        b = state.battle
        assert b is not None
        for side, seat in ((0, b.attacker), (1, b.defender)):
            if owner == seat or (owner >= 0 and seat >= 0 and board.allied(state, owner, seat)):
                return side
        return None

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

    def _step_actions(self, state: SEState, step: Step) -> list[Action]:
        g = self.table.get
        d = step.data
        if step.kind == "target":
            return [g(f"t {v.uid}", (v.uid,), "target", (v.uid,)) for v in self._targets(state, d["shooter"])]
        if step.kind == "round":
            acts = [g("fight", (), "fight", ())]
            for u in self._screenable(state, step.seat):
                acts.append(g(f"screen {u.uid}", (u.uid,), "screen", (u.uid,)))
            b = state.battle
            if b is not None and b.round >= 2:
                for cid, members in board.counters(self._retreaters(state, step.seat)).items():
                    for h in self._retreat_hexes(state, members[0]):
                        acts.append(g(f"retreat {cid} {h}", (cid, h), "retreat", (cid, h)))
            # §4.7: in combat (and so while retreating) a player may scuttle its units in the battle.
            own = (u for u in self._combatants(state) if u.owner == step.seat)
            for cid in board.counters(own):
                acts.append(g(f"scuttle {cid}", (cid,), "scuttle", (cid,)))
            return acts
        if step.kind == "mine":
            victims = board.counters(self._mine_victims(state, d["hex"], d["seat"]))
            return [g(f"boom {cid}", (cid,), "boom", (cid,)) for cid in victims]
        if step.kind == "bomb":
            left = board.counters(state.units[uid] for uid in d["left"])
            acts = [g(f"bomb {cid}", (cid,), "bomb", (cid,)) for cid in left]
            acts += [
                g(f"destroy {c}", (c,), "destroy", (c,)) for c in ce_units.planet_breakers(state, d["left"])
            ]
            acts += ground.land_actions(self, state, step)  # invade instead (§10.1)
            acts = alliances.bombard_actions(state, step, acts)  # §10.8: never an ally-founded colony
            return [*acts, g("hold", (), "hold", ())]
        if step.kind == "lost":
            return [g(f"lost {h}", (h,), "lost", (h,)) for h in self._lost_hexes(state, d["hex"], d["seat"])]
        if step.kind == "first":
            return [g(f"first {SEATS[s]}", (), "first", (s,)) for s in board.alive_seats(state)]
        if step.kind == "scuttle":
            acts = [g("keep", (), "keep", ())]
            for cid in board.counters(self._own_units(state, step.seat)):
                acts.append(g(f"scuttle {cid}", (cid,), "scuttle", (cid,)))
            return acts
        if step.kind == "peek":
            return [g("reveal", (), "reveal", ()), g("conceal", (), "conceal", ())]
        if step.kind == "cloak":
            acts = [g("engage", (), "engage", ())]
            for cid in board.counters(self._hidden_raiders(state, step.seat)):
                acts.append(g(f"withdraw {cid}", (cid,), "withdraw", (cid,)))
            return acts
        owner = registry.STEP_OWNERS.get(step.kind)
        if owner is not None and owner.step_actions is not None:
            acts = owner.step_actions(self, state, step)
            for more in registry.MORE_STEP_ACTIONS:  # another system's actions in this decision
                acts += more(self, state, step)
            return acts
        raise ValueError(f"unknown step {step.kind}")

    # --- economic phase actions (§7) ----------------------------------------------------------------
    def _econ_actions(self, state: SEState, seat: int) -> list[Action]:
        g = self.table.get
        p = state.players[seat]
        if p.bid < 0:
            return [g(f"bid {n}", (), "bid", (n,)) for n in range(min(p.cp, MAX_BID) + 1)]
        acts: list[Action] = alien_tech.econ_actions(self, state, seat)  # §10.5: pay for a kept card first
        if acts:
            return acts
        for track in (
            *BUYABLE_TECHS,
            *boarding.extra_techs(state),
            *ground.extra_techs(state),
            *ce_units.extra_techs(state),
            *coop.extra_techs(state),
        ):
            if self._tech_problem(state, seat, track) is None:
                acts.append(g(f"tech {track}", (), "tech", (track,)))
        acts += ground.econ_actions(self, state, seat)  # §10.1: ground units at colonies
        acts += centers.econ_actions(self, state, seat)  # §10.7: Research and Industrial Centers
        joinable = self._joinable(state, seat)
        for hid in self._build_hexes(state, seat):
            for kind in (
                *BUYABLE,
                *boarding.extra_units(state),
                *ground.extra_units(state),
            ):  # Transports with ground combat (§10.1)
                if kind in data.units(state.edition) and self._buy_problem(state, seat, kind, hid) is None:
                    acts.append(g(f"buy {kind} {hid}", (hid,), "buy", (kind, hid, "")))
                for cid in joinable.get((kind, hid), []):
                    if self._buy_problem(state, seat, kind, hid, cid) is None:
                        acts.append(g(f"buy {kind} {hid} {cid}", (hid, cid), "buy", (kind, hid, cid)))
        # §4.7: scuttling in the Economic Phase (frees counters; maintenance was paid when it opened).
        for cid, members in board.counters(self._own_units(state, seat)).items():
            if self._econ_scuttle_problem(state, seat, cid, members) is None:
                acts.append(g(f"scuttle {cid}", (cid,), "scuttle", (cid,)))
        for u in sorted(self._own_units(state, seat), key=_unit_key):  # §10.2: scrap captured ships
            if u.captured and boarding.scrap_problem(state, seat, u.uid) is None:
                acts.append(g(f"scrap {u.uid}", (u.uid,), "scrap", (u.uid,)))
        if coop.may_pay_early(state, seat):  # §13.10: pay to move before the Doomsday Machines
            cost = coop.tables().early_move_cost
            acts.append(g(f"early {cost}", (), "early", (cost,)))
        acts.append(g("done", (), "done", ()))
        return acts

    @staticmethod
    def _econ_scuttle_problem(state: SEState, seat: int, cid: str, members: list[Unit]) -> str | None:
        if len(members) == 1 and any(len(q) > 2 and q[2] == cid for q in state.players[seat].queue):
            return "a unit you bought this phase joins that counter (§4.7)"
        return None

    def _build_hexes(self, state: SEState, seat: int) -> list[str]:
        hexes = {u.hex for u in state.units.values() if u.owner == seat and u.kind == "SY"}
        hexes |= {h for h, c in state.colonies.items() if c.owner == seat and c.income}
        return sorted(hexes, key=_hex_key)

    def _tech_problem(self, state: SEState, seat: int, track: str) -> str | None:
        p = state.players[seat]
        tracks = data.tech_tracks(state.edition)
        if track not in tracks or (
            track
            not in BUYABLE_TECHS
            + boarding.extra_techs(state)
            + ce_units.extra_techs(state)
            + coop.extra_techs(state)
            and not ground.tech_buyable(state, track)
        ):
            return f"{track} is not a technology you can buy in this version (§7.5)"
        if track in p.bought_techs:
            return "at most one level of each technology per Economic Phase (§7.5)"
        level = p.techs[track] + 1
        if level > tracks[track].max_level(state.edition):
            return f"{track} is already at its highest level"
        if track == "exploration" and reaction.exploration_problem(state, level):
            return reaction.exploration_problem(state, level)  # §6.2, §10.6
        price = empire_advantages.cost(
            state, seat, "tech", track, tracks[track].level_cost(state.edition, level)
        )
        if price > p.cp + centers.research_points(state, seat):
            return "not enough CP (§7.5)"
        gated = amoeba.tech_problem(state, seat, track, level) or victory.tech_problem(
            state, track
        )  # §13.11, §12.1.5
        if gated is not None:
            return gated
        after = {**p.techs, track: level}
        for q in p.queue:
            if len(q) > 2 and self._build_techs(after, q[0]) != self._build_techs(p.techs, q[0]):
                return "buy technology before the units that join a counter: they must match it (§7.5)"
        return None

    def _joinable(self, state: SEState, seat: int) -> dict[tuple[str, str], list[str]]:
        """Face-down counters of ``seat`` a unit bought now may join, by (type, hex) (§7.5)."""
        out: dict[tuple[str, str], list[str]] = {}
        for cid, members in board.counters(self._own_units(state, seat)).items():
            u = members[0]
            if board.group_size(u.kind) > 1 and not u.revealed:
                out.setdefault((u.kind, u.hex), []).append(cid)
        return out

    def _join_problem(self, state: SEState, seat: int, kind: str, hid: str, cid: str) -> str | None:
        """§7.5: a new unit may join a face-down counter of its type and technology in its hex with room."""
        members = board.counter_units(state, cid)
        if not members or members[0].owner != seat or members[0].kind != kind or members[0].hex != hid:
            return f"{cid} is not one of your {kind} counters at {hid} (§7.5)"
        if members[0].revealed:
            return "new units join only face-down counters (§7.5)"
        if board.build_tech(members[0]) != self._build_techs(state.players[seat].techs, kind):
            return "a counter holds units of one technology only (§7.5)"
        queued = sum(1 for q in state.players[seat].queue if len(q) > 2 and q[2] == cid)
        if len(members) + queued >= board.group_size(kind):
            return f"a {kind} counter holds at most {board.group_size(kind)} units (§7.5)"
        return None

    def _buy_problem(self, state: SEState, seat: int, kind: str, hid: str, join: str = "") -> str | None:
        p = state.players[seat]
        units = data.units(state.edition)
        if kind not in units or (
            kind not in BUYABLE + boarding.extra_units(state) and kind not in ground.extra_units(state)
        ):
            return f"{kind} cannot be bought in this version (§7.5)"
        banned = amoeba.buy_problem(state, kind) or victory.buy_problem(state, kind)  # §13.11, §12.1.5
        if banned is not None:
            return banned
        unit = units[kind]
        price = alien_tech.unit_cost(state, seat, kind, unit.cost)  # cheaper hulls (§10.5)
        if empire_advantages.cost(state, seat, "ships", kind, price) > p.cp:  # §10.4
            return "not enough CP (§7.5)"
        if economy.missing_techs(kind, p.techs, state.edition):
            return f"{kind} needs {economy.missing_techs(kind, p.techs, state.edition)} (§7.5)"
        if join:
            problem = self._join_problem(state, seat, kind, hid, join)
            if problem is not None:
                return problem
        elif board.counters_in_use(state, seat, kind) >= unit.counters:
            return f"all your {kind} counters are in use (§7.5)"
        col = state.colonies.get(hid)
        if kind in ("SY", "Base"):
            # §7.6: only at a colony that produced income this phase; one SY per planet per phase.
            if col is None or col.owner != seat or not col.income:
                return "shipyards and bases are built at a colony that produced income this phase (§7.6)"
            if kind == "SY" and hid in p.built_sy:
                return "at most one shipyard per planet per phase (§7.6)"
            if kind == "Base" and (
                hid in p.built_base or any(u.hex == hid and u.kind == "Base" for u in state.units.values())
            ):
                return "one base per hex (§7.6)"
            return None
        if gates.places_without_yard(state, kind):
            return gates.colony_ship_problem(state, seat, hid)  # §12.3.7: no shipyard needed
        if kind == "Decoy":
            return None  # decoys need no shipyard capacity [MRB 8.3]
        yards = sum(1 for u in state.units.values() if u.owner == seat and u.kind == "SY" and u.hex == hid)
        capacity = economy.shipyard_capacity(yards, p.techs["shipyard"])
        if p.built.get(hid, 0) + economy.build_hulls(kind, state.edition) > capacity:
            return "the shipyards in that hex have no hull points left this phase (§7.6)"
        return None

    # --- apply --------------------------------------------------------------------------------------
    def apply(self, state: SEState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind, args = action.kind, action.args
        if not kind:
            found = next((a for a in self.legal_actions(state, seat) if a == action), None)
            if found is None:
                raise self.explain_illegal(state, seat, str(action))
            kind, args = found.kind, found.args
        if kind == "move":
            self._move_counter(state, args[0], args[1], events)
        elif kind == "sling":
            self._move_counter(state, args[0], args[1], events, sling=True)
        elif kind == "split":
            self._split(state, seat, args[0], events)
        elif kind == "merge":
            self._merge(state, args[0], args[1], events)
        elif kind == "refit":
            members = board.counter_units(state, args[0])
            cost = self._refit_cost(members)
            p = state.players[seat]
            p.cp -= cost
            p.spent += cost
            for u in members:
                u.attack_tech, u.defense_tech, u.tactics, u.move_tech, u.level = self._current_techs(state, u)
                u.stopped, u.tech_shown = True, False  # §9: the new technology is secret until it fights
            events.append({"type": "refit", "unit": args[0]})
        elif kind == "scuttle_menu":
            state.pending.append(Step("scuttle", seat, {}))
        elif kind == "keep":
            state.pending.pop()
        elif kind == "scuttle":
            # §4.7: from the Movement Phase menu, in a battle round or in the Economic Phase.
            if state.pending and state.pending[-1].kind == "scuttle":
                state.pending.pop()
            self._scuttle(state, args[0], events)
            if state.pending and state.pending[-1].kind == "round" and not self._round_options(state, seat):
                state.pending.pop()
            top = state.pending[-1] if state.pending else None
            if top is not None and top.kind == "round" and not self._round_options(state, seat):
                state.pending.pop()
        elif kind == "peek":
            self._peek(state, seat, args[0], args[1])
        elif kind == "reveal":
            self._reveal_peeked(state, seat, events)
        elif kind == "conceal":
            step = state.pending.pop()
            if step.data["hex"] not in state.players[seat].known:
                state.players[seat].known.append(step.data["hex"])
        elif kind == "withdraw":
            self._withdraw(state, seat, args[0], events)
        elif kind == "engage":
            state.pending.pop()
        elif kind == "load":
            room = self._carrier_room(state, board.counter_units(state, args[1]))
            assert room is not None
            state.units[args[0]].cargo = room.uid
        elif kind == "unload":
            state.units[args[0]].cargo = ""
        elif kind == "colonize":
            u = state.units.pop(args[0])
            state.colonies[u.hex] = Colony(seat, 0, False, False)
            events.append({"type": "colonize", "seat": seat, "hex": u.hex})
            empire_advantages.on_colonize(state, seat, u.hex, events)  # §10.4: Asteroids reveal the card
            solo.colonised(state, u.hex, events)  # §13.10: cooperative machines lose VP
            alien_tech.colonized(state, seat, u.hex, events)  # §10.5: a Deep Space barren planet draws cards
        elif kind == "end":
            self._end_movement(state, events)
        elif kind == "target":
            self._shoot(state, state.pending.pop().data["shooter"], args[0], events)
        elif kind == "retreat":
            for u in board.counter_units(state, args[0]):
                u.hex, u.screened = args[1], False
                for f in board.carried(state, u.uid):
                    f.hex, f.screened = args[1], False
            events.append({"type": "retreat", "unit": args[0], "hex": args[1]})
            if not self._round_options(state, seat):
                state.pending.pop()
        elif kind == "screen":
            state.units[args[0]].screened = True
            events.append({"type": "screen", "unit": args[0]})
            if not self._round_options(state, seat):
                state.pending.pop()
        elif kind == "fight":
            state.pending.pop()
        elif kind == "bomb":
            self._bomb(state, args[0], events)
        elif kind == "destroy":
            self._destroy_planet(state, args[0], events)
        elif kind == "boom":
            self._detonate(state, args[0], events)
        elif kind == "hold":
            step = state.pending.pop()
            state.handled.append(step.data["hex"])
        elif kind == "lost":
            step = state.pending.pop()
            for u in self._own_units(state, step.data["seat"]):
                if u.hex == step.data["hex"]:
                    u.hex = args[0]
            events.append({"type": "lost_in_space", "from": step.data["hex"], "to": args[0]})
        elif kind == "first":
            state.pending.pop()
            self._finish_econ(state, args[0], events)
        elif kind == "bid":
            p = state.players[seat]
            p.bid = args[0]
            p.cp -= args[0]
            p.spent += args[0]
        elif kind == "tech":
            self._buy_tech(state, seat, args[0])
        elif kind == "buy":
            self._buy_unit(state, seat, args[0], args[1], args[2] if len(args) > 2 else "")
        elif kind == "done":
            state.players[seat].done = True
        elif kind in registry.ACTION_OWNERS:
            owner = registry.ACTION_OWNERS[kind]
            assert owner.apply is not None
            owner.apply(self, state, seat, kind, tuple(args), events)
        else:
            raise ValueError(f"unknown action kind {kind}")
        self._advance(state, events)
        self._strand_fighters(state)
        for after_step in registry.AFTER_STEP:  # housekeeping of every system (garrisons, relics...)
            after_step(state, events)
        return events

    def _strand_fighters(self, state: SEState) -> None:
        """Fighters whose Carrier is gone (or elsewhere) stay where they are, unloaded."""
        for u in state.units.values():
            if u.kind == "F" and u.cargo:
                cv = state.units.get(u.cargo)
                if cv is None or cv.hex != u.hex:
                    u.cargo = ""

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
        solo.opponents_move(self, state, events)  # §13.2: the solo opponents move after the live player

    # --- the automatic flow ---------------------------------------------------------------------------
    def _advance(self, state: SEState, events: list[Event]) -> None:
        ground.prune(state)  # garrisons of destroyed or lost colonies (§10.1)
        amoeba.check_outcome(state, events)  # §13.11.7: every amoeba destroyed
        while state.phase != "over" and not state.pending:
            amoeba.check_outcome(state, events)
            if state.phase == "over":
                break
            if state.phase in ("move", "econ"):
                if state.phase == "econ" and all(state.players[s].done for s in board.alive_seats(state)):
                    self._resolve_econ(state, events)
                    continue
                return
            if state.battle is not None:
                self._battle_next(state, events)
                continue
            if alliances.waits_for_ally(state):  # §10.8.1: Blood Brothers fight after the last ally moved
                self._next_seat(state, events)
                continue
            if any(self._end_of_turn_step(state, seat, events) for seat in alliances.turn_group(state)):
                continue
            if state.phase == "over":
                break
            self._next_seat(state, events)

    def _end_of_turn_step(self, state: SEState, seat: int, events: list[Event]) -> bool:
        """The next thing after ``seat`` moved: amoeba encounters, mines, a battle, a bombardment
        (True: it started, a decision or a battle waits) and finally exploration (§3)."""
        amoeba.encounters(self, state, seat, events)  # §13.11.2: research, un-researched amoebas
        if state.phase == "over":
            return True
        if self._start_mines(state, seat, events):
            return True
        if self._start_next_battle(state, seat, events):
            return True
        if self._start_bombardment(state, seat):
            return True
        # Lost in Space steps pushed here are decided before the next seat moves.
        self._explore(state, seat, events)
        return False

    def _next_seat(self, state: SEState, events: list[Event]) -> None:
        if solo.after_turn(self, state, events):  # §13: opponents take undefended colonies; solo end
            return
        state.handled = []
        while True:
            state.active += 1
            if state.active >= len(state.order):
                state.active = 0
                state.turn += 1
                if state.turn > 3:
                    self._start_econ(state, events)
                    return
            if state.players[state.order[state.active]].alive:
                break
        self._start_move(state)
        solo.opponents_move(self, state, events, start=True)  # §13.10: machines before late movers

    # --- combat (§5) ----------------------------------------------------------------------------------
    def _start_next_battle(self, state: SEState, seat: int, events: list[Event]) -> bool:
        hexes = sorted({u.hex for u in self._own_units(state, seat)} - set(state.handled), key=_hex_key)
        for hid in hexes:
            mine = board.friendly_combat_at(state, hid, seat)
            enemies = board.enemy_combat_at(state, hid, seat)
            # Undetected Raiders are not attacked; the player's own cloaked Raiders always attack (§5.11).
            # A solo opponent's cloaked Raiders attack when they outweigh the player there (§13.5).
            seen = [v for v in enemies if not board.cloaked(state, v) or solo.raider_attacks(state, v)]
            if not seen and not any(board.cloaked(state, u) for u in mine):
                continue
            if not enemies:
                continue
            if not mine:
                # A lone non-combat ship with enemy warships is destroyed (§5.8).
                for u in board.units_at(state, hid):
                    if u.owner == seat:
                        del state.units[u.uid]
                        events.append({"type": "destroyed", "unit": u.uid, "hex": hid})
                state.handled.append(hid)
                return True
            # §5.0: decoys are removed when combat starts.
            for u in board.units_at(state, hid):
                if u.kind == "Decoy":
                    del state.units[u.uid]
                    events.append({"type": "destroyed", "unit": u.uid, "hex": hid})
            owners = sorted(
                {v.owner for v in enemies}, key=lambda o: (o == NPA, (o - seat) % len(state.players))
            )
            defender = owners[0]
            state.battle = Battle(hid, seat, defender, 0, [], -1, board.terrain(state, hid))
            events.append({"type": "battle", "hex": hid, "attacker": seat, "defender": defender})
            self._offer_withdrawal(state)
            return True
        return False

    def _start_mines(self, state: SEState, seat: int, events: list[Event]) -> bool:
        """§5.0: before a battle, the entering player's minesweepers remove 1/2/3 mines each; every
        mine left destroys one of the entering units, chosen by the mine owner, and is removed."""
        for hid in sorted({u.hex for u in self._own_units(state, seat)}, key=_hex_key):
            mines = sorted((v for v in board.enemies_at(state, hid, seat) if v.kind == "Mine"), key=_unit_key)
            victims = self._mine_victims(state, hid, seat)
            if not mines or not victims:
                continue
            if f"swept:{hid}" not in state.handled:
                # Sweeping happens once per hex and combat phase, before the first detonation.
                state.handled.append(f"swept:{hid}")
                sweep = sum(max(1, u.level) for u in victims if u.kind == "SW")
                sweep = alien_tech.sweep(state, mines[0].owner, sweep, events)  # Minesweep Jammer (§10.5)
                for mine in mines[:sweep]:
                    del state.units[mine.uid]
                    events.append({"type": "swept", "unit": mine.uid, "hex": hid})
                mines = mines[sweep:]
            if mines:
                # A solo opponent's mines hit the units the live player picks (§13.6).
                chooser = mines[0].owner if mines[0].owner >= 0 else seat
                data_ = {"hex": hid, "seat": seat, "owner": mines[0].owner}
                state.pending.append(Step("mine", chooser, data_))
                return True
        return False

    def _mine_victims(self, state: SEState, hid: str, seat: int) -> list[Unit]:
        """Mines hit cloaked Raiders only where a matching scanner is present (§5.0)."""
        units = (u for u in board.units_at(state, hid) if u.owner == seat and not board.cloaked(state, u))
        return sorted(units, key=_unit_key)

    def _detonate(self, state: SEState, victim_cid: str, events: list[Event]) -> None:
        step = state.pending.pop()
        hid = step.data["hex"]
        owner = step.data.get("owner", step.seat)  # a solo opponent's mines are chosen for by the player
        mine = min(
            (v for v in board.units_at(state, hid) if v.kind == "Mine" and v.owner == owner),
            key=_unit_key,
        )
        del state.units[mine.uid]
        # A mine destroys one unit of the chosen counter (all its units are alike).
        victim = next(u for u in reversed(board.counter_units(state, victim_cid)) if u.hex == hid)
        if victim.kind == "TN" and victim.damage + 1 < data.unit_table_by_id()["TN"].hull:
            victim.damage += 1  # a Titan takes 1 damage instead [MRB 22]
        else:
            del state.units[victim.uid]
        events.append({"type": "mine", "mine": mine.uid, "unit": victim_cid, "hex": hid})

    def _combatants(self, state: SEState) -> list[Unit]:
        b = state.battle
        assert b is not None
        return [
            u
            for u in state.units.values()
            if u.hex == b.hex
            and self._side_of(state, u.owner) is not None
            and board.is_combat_kind(u.kind)
            and u.uid not in b.withdrawn
            and not amoeba.sits_out(state, u)  # science vessels never fight an amoeba (§13.11.2)
            and not boarding.idle(state, u)  # a captured ship sits out a round (§10.2)
        ]

    def _as_combatant(self, state: SEState, u: Unit) -> combat.Combatant:
        b = state.battle
        assert b is not None
        side = 0 if self._side_of(state, u.owner) == 0 else 1
        if u.kind == "DM":
            return solo.combatant(state, u, side)
        if u.kind == AMOEBA_KIND:
            return amoeba.combatant(state, u, side)
        if u.kind in NPA_KINDS:
            s = data.npa_ships()[u.kind]
            return combat.Combatant(
                u.uid,
                side,
                u.kind,
                s.cls,
                s.attack,
                s.defense,
                s.hull,
                tactics=data.unit_table().npa_tactics,
                damage=u.damage,
                screened=u.screened,
            )
        t = data.unit_table_by_id()[u.kind]
        assert t.cls is not None
        hidden = board.cloaked(state, u)
        cls = t.uncloaked_cls if t.uncloaked_cls is not None and not hidden else t.cls
        pd_attack = self._point_defense_attack(state, u)
        adjusted = solo.adjust_combatant(
            state,
            u,
            combat.Combatant(
                u.uid,
                side,
                u.kind,
                "A" if pd_attack else cls,
                t.attack_at(u.level),
                t.defense_at(u.level),
                t.hull,
                u.attack_tech,
                u.defense_tech,
                u.tactics,
                t.cost,
                u.damage,
                u.screened,
                cloaked=hidden,
                titan=u.kind == "TN",
                fighter=u.kind == "F",
                carrier=u.kind == "CV",
                pd_attack=pd_attack,
                pd_guard=self._point_defense_guard(u),
            ),
        )
        adjusted = amoeba.adjust(state, u, adjusted)  # ships fighting an amoeba (§13.11.3)
        adjusted = experience.adjust(state, u, adjusted)  # a Legendary ship takes a hit more (§10.2)
        adjusted = alien_tech.adjust(state, u, adjusted)  # Alien Technology cards (§10.5)
        return empire_advantages.adjust(state, u, adjusted)  # §10.4: the owner's combat cards

    def _point_defense_attack(self, state: SEState, u: Unit) -> int:
        """§5.13 [MRB 15]: a Scout built with Point Defense fires as A-class with attack 6/7/8 against
        fighters, when enemy fighters are in the battle; 0 when this does not apply."""
        b = state.battle
        if u.kind != "SC" or u.level < 1 or b is None:
            return 0
        enemy_fighters = any(
            v.kind == "F"
            and not board.allied(state, v.owner, u.owner)
            and not v.screened
            and v.uid not in b.withdrawn
            for v in board.units_at(state, b.hex)
            if self._side_of(state, v.owner) is not None
        )
        table = data.rules_table().point_defense_attack
        return table[min(u.level, len(table)) - 1] if enemy_fighters else 0

    def _point_defense_guard(self, u: Unit) -> int:
        """§5.13: fighters of level 2 and up get +1 defence against Point Defense."""
        r = data.rules_table()
        guarded = u.kind == "F" and u.level >= r.point_defense_fighter_level
        return r.point_defense_fighter_defense if guarded else 0

    def _begin_round(self, state: SEState) -> None:
        """§5.4/§5.7: each round opens with screening (and, from round 2, retreats): the attacker
        declares first, then the defender; the fleet size bonus and firing order follow."""
        b = state.battle
        assert b is not None
        b.round += 1
        b.queue = []
        b.bonus_side = UNFIXED
        for u in board.units_at(state, b.hex):
            u.screened = False
        for seat in (b.defender, b.attacker):
            if seat >= 0 and self._round_options(state, seat):
                state.pending.append(Step("round", seat, {}))
        amoeba.begin_round(self, state)  # the detonation attempt against the 8-10 amoeba (§13.11.3)

    def _round_options(self, state: SEState, seat: int) -> bool:
        b = state.battle
        return b is not None and bool(
            self._screenable(state, seat) or (b.round >= 2 and self._retreaters(state, seat))
        )

    def _screenable(self, state: SEState, seat: int) -> list[Unit]:
        """Units ``seat`` may still screen: up to the excess of its combat units over the enemy's."""
        b = state.battle
        assert b is not None
        units = self._combatants(state)
        allowance = combat.screening_allowance(
            [self._as_combatant(state, u) for u in units], 0 if seat == b.attacker else 1
        )
        mine = [u for u in units if u.owner == seat]
        if allowance - sum(1 for u in mine if u.screened) <= 0:
            return []
        return sorted(
            (u for u in mine if not u.screened and not ce_units.not_screenable(u)),
            key=lambda u: _uid_key(u.uid),
        )

    def _fix_round(self, state: SEState) -> None:
        b = state.battle
        assert b is not None
        fighters = [self._as_combatant(state, u) for u in self._combatants(state)]
        bonus = combat.fleet_size_bonus(fighters)
        b.bonus_side = -1 if bonus is None else bonus
        b.queue = [c.uid for c in combat.firing_order(fighters, b.terrain) if not c.screened]
        b.queue = solo.extra_shots(state, b.queue)  # a Doomsday Machine fires several times (§13.3)
        b.queue = amoeba.extra_shots(state, b.queue)  # the big-appetite amoeba attacks twice (§13.11.3)

    def _sides_left(self, state: SEState) -> tuple[bool, bool]:
        b = state.battle
        assert b is not None
        sides = [self._side_of(state, u.owner) for u in self._combatants(state)]
        return 0 in sides, 1 in sides

    def _battle_next(self, state: SEState, events: list[Event]) -> None:
        b = state.battle
        assert b is not None
        att, dfn = self._sides_left(state)
        if not (att and dfn):
            self._end_battle(state, att, dfn, events)
            return
        if b.round == 0:
            self._open_battle(state)
            return
        if b.bonus_side == UNFIXED:
            self._fix_round(state)
        while b.queue:
            uid = b.queue.pop(0)
            u = state.units.get(uid)
            if u is None or u.hex != b.hex:
                continue
            if u.kind == AMOEBA_KIND:
                amoeba.fire(self, state, uid, events)  # its own targeting and attack chain (§13.11.4)
                return
            targets = self._targets(state, uid)
            if len(targets) == 1:
                self._shoot(state, uid, targets[0].uid, events)
                return
            if targets:
                controller = u.owner if u.owner >= 0 else self._npa_controller(state)
                state.pending.append(Step("target", controller, {"shooter": uid}))
                return
        self._begin_round(state)

    def _npa_controller(self, state: SEState) -> int:
        """§5.3: the first other player to the attacker's left chooses the aliens' targets."""
        b = state.battle
        assert b is not None
        n = len(state.players)
        for i in range(1, n + 1):
            s = (b.attacker + i) % n
            if state.players[s].alive and s != b.attacker:
                return s
        return b.attacker

    def _targets(self, state: SEState, shooter_uid: str) -> list[Unit]:
        shooter = self._as_combatant(state, state.units[shooter_uid])
        others = [self._as_combatant(state, u) for u in self._combatants(state)]
        legal = {c.uid for c in combat.legal_targets(shooter, others)}
        found = sorted((state.units[uid] for uid in legal), key=lambda u: _uid_key(u.uid))
        found = solo.filter_targets(state, state.units[shooter_uid], found)
        found = amoeba.filter_targets(state, state.units[shooter_uid], found)
        return experience.filter_targets(state, state.units[shooter_uid], found)  # §10.2

    def _shoot(self, state: SEState, shooter_uid: str, target_uid: str, events: list[Event]) -> None:
        b = state.battle
        assert b is not None
        shooter_unit, target_unit = state.units[shooter_uid], state.units[target_uid]
        if boarding.boards(state, shooter_unit) and boarding.capturable(state, target_unit):
            boarding.board_ship(state, shooter_unit, target_unit, events)  # §10.2
            return
        shooter = self._as_combatant(state, shooter_unit)
        if boarding.boards(state, shooter_unit):
            shooter.attack = boarding.table().plain_attack  # a plain F1 attack at what cannot be captured
        target = self._as_combatant(state, target_unit)
        empire_advantages.on_shot(state, shooter_unit, target_unit, shooter.side, events)  # §10.4
        number = combat.to_hit(
            shooter, target, fleet_bonus=shooter.side == b.bonus_side, round_no=b.round, terrain=b.terrain
        )
        number += experience.attack_modifier(state, shooter_unit, target_unit)  # §10.2
        alien_tech.used_in_shot(
            self, state, shooter_unit, target_unit, events
        )  # cards seen in combat (§10.5)
        roll = combat.d10(state.rng)
        hit = combat.is_hit(roll, number, shooter, target)
        event: Event = {
            "type": "shot",
            "shooter": shooter_uid,
            "target": target_uid,
            "roll": roll,
            "need": number,
        }
        if hit:
            destroyed = combat.apply_hit(shooter, target)
            target_unit.damage = target.damage
            event["hit"] = True
            if destroyed:
                del state.units[target_uid]
                event["destroyed"] = True
        events.append(event)
        if event.get("destroyed"):
            experience.after_kill(state, shooter_unit, target.hull, events)

    def _end_battle(self, state: SEState, att: bool, dfn: bool, events: list[Event]) -> None:
        b = state.battle
        assert b is not None
        loser = 1 if att else 0 if dfn else None
        for u in board.units_at(state, b.hex):
            # §5.6: survivors are repaired after the battle (a Doomsday Machine keeps its damage, §13.3).
            u.damage, u.screened = (u.damage if solo.keeps_damage(u) else 0), False
            gone = u.uid in b.withdrawn or amoeba.sits_out(state, u)  # science vessels sit out (§13.11.2)
            if loser is not None and self._side_of(state, u.owner) == loser and not gone:
                # Non-combat units left alone with the enemy are destroyed (§5.8).
                del state.units[u.uid]
                events.append({"type": "destroyed", "unit": u.uid, "hex": b.hex})
        events.append({"type": "battle_over", "hex": b.hex, "winner": b.attacker if att else b.defender})
        # A won hex stays open for the next enemy there (one enemy at a time, §5) and for bombardment;
        # where Raiders withdrew, they stay hidden there for the rest of the combat phase (§5.11).
        if not att or b.withdrawn:
            state.handled.append(b.hex)
        state.battle = None
        if att and not dfn and b.defender == NPA:
            ground.after_npa_battle(state, b.hex, b.attacker)  # §10.1: invade the NPA planet now or never

    def _retreaters(self, state: SEState, seat: int) -> list[Unit]:
        b = state.battle
        if b is None:
            return []
        units = [
            u
            for u in self._combatants(state)
            if u.owner == seat
            and data.unit_table_by_id()[u.kind].move == "tech"
            and u.kind not in ("TN", "F")
        ]
        return sorted((u for u in units if self._retreat_hexes(state, u)), key=lambda u: _uid_key(u.uid))

    def _retreat_hexes(self, state: SEState, u: Unit) -> list[str]:
        """§5.7: an adjacent explored hex free of enemies, not a Super Nova, toward the nearest colony."""
        ok = []
        for h in board.adjacent(len(state.players), u.hex):
            m = state.markers.get(h)
            if not board.explored(state, h) or (m is not None and m.kind == "supernova"):
                continue
            if board.enemies_at(state, h, u.owner) or alliances.stack_problem(state, u, h):
                continue
            ok.append(h)
        own = [parse_hex_id(h) for h, c in state.colonies.items() if c.owner == u.owner]
        if not ok or not own:
            return ok
        best = min(min(distance(parse_hex_id(h), c) for c in own) for h in ok)
        return [h for h in ok if min(distance(parse_hex_id(h), c) for c in own) == best]

    # --- bombardment (§5.10) --------------------------------------------------------------------------
    def _start_bombardment(self, state: SEState, seat: int) -> bool:
        for hid in sorted(state.colonies, key=_hex_key):
            col = state.colonies[hid]
            if (
                board.allied(state, col.owner, seat)
                or (
                    ground.no_bombard(state, hid, seat) and not solo4_ground.may_retake(state, hid, seat)
                )  # §10.1, §13.13
                or alliances.skip_bombardment(self, state, hid, seat)  # an ally founded it (§10.8)
                or hid in state.handled
                or board.enemy_combat_at(state, hid, seat)
            ):
                continue
            ships = [
                u.uid for u in board.friendly_combat_at(state, hid, seat) if u.kind not in ("SY", "Base")
            ]
            if ships:
                left = (
                    [] if ground.no_bombard(state, hid, seat) else sorted(ships, key=_uid_key)
                )  # §13.13: land only
                state.pending.append(Step("bomb", seat, {"hex": hid, "left": left}))
                gates.offer_flight(state, hid)  # §12.3.4: ground units may leave through the gate first
                return True
        return False

    @staticmethod
    def _show_bombarding_counter(state: SEState, u: Unit) -> None:
        """§5.10 [decision]: the roll's to-hit number is announced (it depends on the ship's type and
        Attack technology), so a counter that bombards turns face up and shows its technology, as the
        units of a battle do (§5.0)."""
        cid = board.counter_of(u)
        for v in board.units_at(state, u.hex):
            if v.owner == u.owner and board.counter_of(v) == cid:
                v.revealed = v.tech_shown = True

    def _bomb(self, state: SEState, cid: str, events: list[Event]) -> None:
        step = state.pending[-1]
        uid = next(v for v in step.data["left"] if board.counter_of(state.units[v]) == cid)
        step.data["left"].remove(uid)
        hid = step.data["hex"]
        u = state.units[uid]
        self._show_bombarding_counter(state, u)
        t = data.unit_table_by_id()[u.kind]
        shooter = combat.Combatant(
            uid, 0, u.kind, t.cls or "E", t.attack_at(u.level), 0, t.hull, u.attack_tech
        )
        # §10.1: ground units in the colony give it a Defense rating against bombardment.
        colony = combat.Combatant("colony", 1, "colony", "E", 0, ground.bombard_defense(state, hid), 1)
        number = combat.to_hit(shooter, colony, terrain=board.terrain(state, hid))
        number += alien_tech.bombard_modifier(state, u.owner, state.colonies[hid].owner, events)  # §10.5
        roll = combat.d10(state.rng)
        hit = combat.is_hit(roll, number, shooter, colony)
        events.append({"type": "bombard", "unit": cid, "hex": hid, "roll": roll, "need": number, "hit": hit})
        col = state.colonies[hid]
        if hit:
            after = (
                economy.bombard_home_world(col.value, centers.hw_edition(state))
                if col.home
                else economy.bombard_colony(col.value)
            )
            if after is None:
                del state.colonies[hid]
                events.append({"type": "colony_destroyed", "hex": hid, "owner": col.owner})
                alien_vp.alien_colony_lost(state, col, hid, events)  # §13.12.6: -2 VP
                if col.home:
                    self._eliminate(state, col.owner, events)
            else:
                col.value = after
        if not step.data["left"] or hid not in state.colonies:
            if state.pending and state.pending[-1] is step:
                state.pending.pop()
            state.handled.append(hid)

    def _destroy_planet(self, state: SEState, cid: str, events: list[Event]) -> None:
        """§10.3 [MRB 22]: the Titan of counter ``cid`` fires at the planet instead of bombarding and
        destroys it; a destroyed home world puts its owner out of the game (§8)."""
        step = state.pending.pop()
        hid = step.data["hex"]
        col = state.colonies[hid]
        for u in board.counter_units(state, cid):
            u.revealed = True  # [DESIGN] the Titan shows itself by destroying the planet
        ce_units.destroy_planet(state, cid, hid, events)
        alien_vp.alien_colony_lost(state, col, hid, events)  # §13.12.6: -2 VP
        state.handled.append(hid)
        if col.home:
            self._eliminate(state, col.owner, events)

    def _eliminate(self, state: SEState, seat: int, events: list[Event]) -> None:
        """§8: a player whose home world is destroyed is out; the rest of the empire is removed."""
        if seat < 0:  # an alien empire of a solo scenario (§13.5)
            solo.eliminate_opponent(state, seat, events)
            return
        state.players[seat].alive = False
        for uid in [u.uid for u in state.units.values() if u.owner == seat]:
            del state.units[uid]
        for hid in [h for h, c in state.colonies.items() if c.owner == seat]:
            del state.colonies[hid]
        state.pending = [s for s in state.pending if s.seat != seat]
        events.append({"type": "eliminated", "seat": seat})
        if victory.home_world_lost(state, seat, events):  # §12.1.5 capture wins, §12.2 first home world
            return
        if teams.check_victory(state, events):  # §12.1: one team left
            return
        alive = board.alive_seats(state)
        if len(alive) == 1 and (state.solo is None or state.solo.victory == "conquest"):
            state.winner = alive[0]
            state.phase = "over"
            state.pending = []
            state.battle = None
        solo.after_elimination(state, events)

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
            if not solo.marker_flipped(state, seat, hid, m, events):
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

    # --- the Economic Phase (§7) ----------------------------------------------------------------------
    def _start_econ(self, state: SEState, events: list[Event]) -> None:
        state.phase = "econ"
        solo.econ_starts(self, state, events)  # §13.10: the machines' victory points
        if state.phase == "over":
            return
        for seat in board.alive_seats(state):
            state.players[seat].delivered = 0
        for seat in board.alive_seats(state):
            self._deliver_cargo(state, seat, events)
        for seat in board.alive_seats(state):
            p = state.players[seat]
            colonies = []
            linked = board.pipeline_linked(state, seat)
            links = 0
            for hid, col in state.colonies.items():
                if col.owner != seat:
                    continue
                col.income = col.value > 0 and not board.blockaded(state, hid, seat)
                if col.income:
                    colonies.append(teams.colony_income(state, seat, col))  # §12.1: doubled for some
                    links += hid in linked and not col.home
            upkeep = economy.maintenance(
                {
                    k: sum(1 for u in self._own_units(state, seat) if u.kind == k)
                    for k in _kinds_of(state, seat)
                },
                state.edition,
            )
            upkeep -= experience.maintenance_discount(state, self._own_units(state, seat))  # §10.2
            upkeep -= alien_tech.maintenance_discount(state, seat, self._own_units(state, seat))  # §10.5
            upkeep = empire_advantages.maintenance(state, seat, upkeep)  # §10.4
            if not amoeba.maintenance(state):
                upkeep = 0  # solo #5: no maintenance (§13.11.1)
            producing = len(colonies)
            colonies.append(
                alien_tech.income_bonus(state, seat)
            )  # Efficient Factories, Omega Crystals (§10.5)
            net = economy.net_income(economy.gross_income(0, colonies, links, p.delivered), upkeep)
            net += empire_advantages.income_bonus(state, seat, producing)  # §10.4
            p.cp += net
            p.earned += net
            p.bid, p.bought_techs, p.built, p.built_sy, p.built_base = -1, [], {}, [], []
            p.done, p.queue = False, []
        events.append({"type": "economic_phase", "cycle": state.cycle})
        centers.econ_starts(state, events)  # §10.7: Industrial Centers' CP, Research Centers' RP
        victory.economic_phase(state, events)  # §12.2: science vessels at warp points score
        experience.economic_phase(state, events)  # §10.2: Green groups become Skilled
        ground.econ_starts(state, events)  # §10.1: purchase limits and free ground units
        amoeba.economic_phase(self, state, events)  # §13.11.5-6: mines, then the amoebas expand

    def _deliver_cargo(self, state: SEState, seat: int, events: list[Event]) -> None:
        """§6: Miners at an unblockaded colony of their player unload; in the cooperative scenarios a
        mineral may go to an ally's colony, whose owner uses it (never to the Capitol, §13.10)."""
        for u in self._own_units(state, seat):
            col = state.colonies.get(u.hex)
            if u.kind != "Miner" or not u.cargo or col is None or col.owner < 0:
                continue
            kind, value = u.cargo.split(":")
            if col.owner != seat and (
                kind != "minerals" or not alliances.shares_minerals(state, col.owner, seat)
            ):
                continue
            if board.blockaded(state, u.hex, col.owner):
                continue
            u.cargo = ""
            if kind == "minerals":
                state.players[col.owner].delivered += int(value)
            else:
                self._wreck(state, seat, events)

    def _wreck(self, state: SEState, seat: int, events: list[Event]) -> None:
        """§6.8: a Space Wreck gives one free level of a technology rolled on the wreck table."""
        roll = combat.d10(state.rng)
        track = economy.space_wreck_tech(roll)
        p = state.players[seat]
        if p.techs[track] < data.techs()[track].max_level(state.edition):
            p.techs[track] += 1
        alien_tech.extra_wreck_rolls(state, seat)  # Mobile Analysis Bay (§10.5)

    def _buy_tech(self, state: SEState, seat: int, track: str) -> None:
        p = state.players[seat]
        p.techs[track] += 1
        cost = data.tech_tracks(state.edition)[track].level_cost(state.edition, p.techs[track])
        cost = empire_advantages.cost(state, seat, "tech", track, cost)  # §10.4
        cost -= centers.spend_research_points(state, seat, cost)  # §10.7: Research Points first
        p.cp -= cost
        p.spent += cost
        p.bought_techs.append(track)

    def _buy_unit(self, state: SEState, seat: int, kind: str, hid: str, join: str = "") -> None:
        p = state.players[seat]
        cost = alien_tech.unit_cost(state, seat, kind, data.units(state.edition)[kind].cost)  # §10.5
        cost = empire_advantages.cost(state, seat, "ships", kind, cost)  # §10.4
        p.cp -= cost
        p.spent += cost
        p.queue.append([kind, hid, join] if join else [kind, hid])
        if kind == "SY":
            p.built_sy.append(hid)
        elif kind == "Base":
            p.built_base.append(hid)
        elif not gates.places_without_yard(state, kind):  # §12.3.7: no shipyard capacity used
            p.built[hid] = p.built.get(hid, 0) + economy.build_hulls(kind, state.edition)

    def _resolve_econ(self, state: SEState, events: list[Event]) -> None:
        alive = board.alive_seats(state)
        bids = [state.players[s].bid if s in alive else 0 for s in range(len(state.players))]
        events.append({"type": "bids", "bids": bids})
        winner = economy.first_player(bids, state.first)
        if not state.players[winner].alive:
            winner = alive[0]
        state.pending.append(Step("first", winner, {}))

    def _finish_econ(self, state: SEState, first: int, events: list[Event]) -> None:
        centers.place(state, events)  # §10.7: the centers bought appear
        for seat in board.alive_seats(state):
            p = state.players[seat]
            for q in p.queue:
                kind, hid = q[0], q[1]
                unit = self._new_unit(state, seat, kind, hid, q[2] if len(q) > 2 else "")
                if kind == "F":
                    # New fighters board a Carrier in their hex when one has room (§5.12).
                    room = self._carriers_with_room(state, unit)
                    if room:
                        carrier = self._carrier_room(state, board.counter_units(state, room[0]))
                        assert carrier is not None
                        unit.cargo = carrier.uid
            p.queue = []
            # §7.5: at most 30 CP carry over.
            kept = economy.carry_over(p.cp, state.edition)
            p.forfeited += p.cp - kept
            p.cp = kept
        for col in state.colonies.values():
            col.value = (
                economy.repair_home_world(col.value, centers.hw_edition(state))
                if col.home
                else economy.grow(col.value)
            )
        state.first = first
        n = len(state.players)
        state.order = alliances.joint_order(  # §10.8.1: Blood Brothers take their turns together
            state, [(first + i) % n for i in range(n) if state.players[(first + i) % n].alive]
        )
        events.append({"type": "first_player", "seat": first})
        solo.economic_phase(self, state, events)  # §13.4-13.5: machines enter, the aliens roll
        if state.phase == "over":
            return
        if state.cycle >= state.cycles:
            victory.game_end(state, events)  # §12.2: most victory points after the agreed phases
            state.phase = "over"
            return
        state.cycle += 1
        state.turn = 1
        state.active = 0
        self._start_move(state)
        solo.opponents_move(self, state, events, start=True)  # §13.10: machines before late movers

    # --- results ---------------------------------------------------------------------------------------
    def result(self, state: SEState) -> Result:
        scores = []
        for seat, p in enumerate(state.players):
            value = board.empire_value(state, seat) if p.alive else 0
            # §13.10: the cooperative allies win together; §12.1: a team wins together
            won = state.winner == seat or solo.shared_win(state) or teams.team_won(state, seat)
            scores.append(float(value + (1000 if won else 0)))
        return Result(
            scores,
            rank_by_keys([[s] for s in scores]),
            {"winner": state.winner, "cycle": state.cycle, **solo.result_details(state)},
        )

    # --- information -----------------------------------------------------------------------------------
    def action_is_public(self, state: SEState, seat: int, action: Action) -> bool:
        """Economic choices (bid, technology, purchases) are secret until revealed (§7)."""
        return str(action).split(" ")[0] not in SECRET_KINDS

    def max_legal_actions(self, players: int, options: dict[str, Any]) -> int:
        """Movement is the widest decision: six hexes (and slingshots) for every mobile counter, a Cruiser's six peeks,
        colonising, loading fighters, splitting and merging counters, scuttling, and end (choosing the counter
        to scuttle is narrower)."""
        options = scenarios.effective_options(players, options)  # the systems a scenario forces on
        units = data.units(options.get("edition", data.DEFAULT_EDITION))
        mobile = sum(u.counters for u in units.values() if u.move != "none")
        every = sum(u.counters for u in units.values())
        holds = sum(units[k].counters for k in CARRIERS if k in units)
        carriers = holds * units["F"].counters
        moves = 12 if options.get("slingshot") else 6  # a slingshot doubles each move into a Black Hole
        # §4.9: a split for every group counter, a merge for every pair of counters of one type.
        groups = sum(u.counters + u.counters * (u.counters - 1) // 2 for u in units.values() if u.group > 1)
        if options.get("boarding"):
            mobile += units["BD"].counters * units["BD"].group  # captured ships are counters of their own
        movement = moves * mobile + 6 * units["CA"].counters + units["CO"].counters + carriers + groups + 2
        for extra in registry.MAX_EXTRA_ACTIONS:  # embarking, gates, relics (§10.1, §12.3, §12.2)
            movement += extra(players, options)
        return max(movement, every + 1)

    def normalize(self, notation: str) -> str:
        return " ".join(notation.split())

    def explain_illegal(self, state: SEState, seat: int, notation: str) -> IllegalAction:
        """A reason citing the rule section (docs/games/space_empires.md)."""
        if state.phase == "over":
            return IllegalAction("the game is over", "§8")
        if seat not in self.to_move(state):
            return IllegalAction(f"it is not seat {seat}'s decision now", "§3")
        words = notation.split()
        legal = self.legal_actions(state, seat)
        sample = ", ".join(a.notation for a in legal[:10]) + (" ..." if len(legal) > 10 else "")
        if words and words[0] in gates.ACTION_KINDS:
            return gates.explain_illegal(state, seat, words, sample)  # §12.3
        if words and words[0] == "m" and len(words) == 3 and not state.pending and state.phase == "move":
            members = board.counter_units(state, words[1])
            if not members or members[0].owner != seat:
                return IllegalAction(f"{words[1]} is not one of your counters", "§4")
            u = members[0]
            if words[2] not in board.adjacent(len(state.players), u.hex):
                return IllegalAction(f"{words[2]} is not a hex next to {u.hex}", "§4.1")
            for v in members:
                problem = self._move_problem(state, v, words[2])
                if problem:
                    return IllegalAction(problem, "§4")
        if (
            words
            and words[0] == "buy"
            and len(words) in (3, 4)
            and state.phase == "econ"
            and not state.pending
        ):
            if state.players[seat].bid < 0:
                return IllegalAction("bid for the turn order first (§7.3)", "§7.3")
            problem = self._buy_problem(state, seat, words[1], words[2], words[3] if len(words) == 4 else "")
            if problem:
                return IllegalAction(problem, "§7.5")
            return IllegalAction(f"you have no shipyard or colony at {words[2]}", "§7.6")
        if words and words[0] in ground.ACTION_KINDS and len(words) == 3 and state.phase == "econ":
            problem = ground.buy_problem(state, seat, words[1], words[2], words[0] == "ground_free")
            if problem:
                return IllegalAction(problem, "§10.1")
        if words and words[0] in centers.ACTION_KINDS and len(words) == 2 and state.phase == "econ":
            problem = centers.buy_problem(state, seat, centers.KIND_OF[words[0]], words[1])
            if problem:
                return IllegalAction(problem, "§10.7")
        if words and words[0] == "tech" and len(words) == 2 and state.phase == "econ" and not state.pending:
            problem = self._tech_problem(state, seat, words[1])
            if problem:
                return IllegalAction(problem, "§7.5")
        return IllegalAction(f"{notation!r} is not a legal action now; legal: {sample}", "§3")

    def invariants(self, state: SEState) -> list[str]:
        bad = []
        hexes = board.board_hexes(len(state.players))
        for p_seat, p in enumerate(state.players):
            if p.cp < 0:
                bad.append(f"seat {p_seat} has negative CP")
            if p.cp != p.earned - p.spent - p.forfeited:
                bad.append(
                    f"seat {p_seat}: CP {p.cp} != earned {p.earned} - spent {p.spent} - lost {p.forfeited}"
                )
            for kind, t in data.units(state.edition).items():
                if board.counters_in_use(state, p_seat, kind) > t.counters:
                    bad.append(f"seat {p_seat} has more {kind} than counters")
        for cid, members in board.counters(state.units.values()).items():
            first = members[0]
            if len(members) > board.group_size(first.kind):
                bad.append(f"counter {cid} holds too many units")
            for u in members:
                same = (u.owner, u.kind, u.hex, u.revealed, board.build_tech(u))
                if same != (first.owner, first.kind, first.hex, first.revealed, board.build_tech(first)):
                    bad.append(f"counter {cid} mixes units ({u.uid})")
        for uid, u in state.units.items():
            if uid != u.uid or u.hex not in hexes:
                bad.append(f"unit {uid} is misplaced")
            if u.owner >= 0 and not state.players[u.owner].alive:
                bad.append(f"unit {uid} belongs to an eliminated player")
        for hid in state.colonies:
            if hid not in hexes:
                bad.append(f"colony off the map at {hid}")
        for u in state.units.values():
            if u.kind == "F" and u.cargo:
                cv = state.units.get(u.cargo)
                if cv is None or cv.kind not in CARRIERS or cv.hex != u.hex or cv.owner != u.owner:
                    bad.append(f"fighter {u.uid} is aboard a missing carrier")
            if u.kind in CARRIERS and len(board.carried(state, u.uid)) > CARRIER_ROOM:
                bad.append(f"carrier {u.uid} holds too many fighters")
        for system_invariants in registry.INVARIANTS:
            bad += system_invariants(state)
        return bad

    def evaluate(self, state: SEState, seat: int) -> float:
        values = [board.empire_value(state, s) if p.alive else 0 for s, p in enumerate(state.players)]
        total = sum(values)
        return 0.5 if total == 0 else values[seat] / total


def _kinds_of(state: SEState, seat: int) -> set[str]:
    return {u.kind for u in state.units.values() if u.owner == seat}


def _unit_key(u: Unit) -> tuple[str, int, int]:
    return board.uid_key(u.uid)


def _uid_key(uid: str) -> tuple[str, int, int]:
    return board.uid_key(uid)


def _hex_key(hid: str) -> tuple[int, int]:
    c, r = parse_hex_id(hid)
    return r, c
