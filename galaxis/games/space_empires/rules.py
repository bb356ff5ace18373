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
from galaxis.games.space_empires.base import board, data, economy
from galaxis.games.space_empires.base.board import SEATS
from galaxis.games.space_empires.base.hexes import hex_id
from galaxis.games.space_empires.base.state import Colony, Marker, Player, Unit
from galaxis.games.space_empires.base.text_data import MSG
from galaxis.games.space_empires.info import INFO
from galaxis.games.space_empires.opponents import endgame, moves, solo
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.phases import (
    CARRIER_ROOM,
    CARRIERS,
)
from galaxis.games.space_empires.phases.battle import BattlePhase
from galaxis.games.space_empires.phases.economy import EconomicPhase
from galaxis.games.space_empires.phases.movement import MovementPhase
from galaxis.games.space_empires.scenarios import setups as scenarios
from galaxis.games.space_empires.scenarios import teams
from galaxis.games.space_empires.state import SEState
from galaxis.games.space_empires.systems import (
    alien_tech,
    alliances,
    centers,
    empire_advantages,
    experience,
    gates,
    ground,
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


if set(BASE_ACTION_KINDS) & set(registry.ACTION_OWNERS):  # a system may not take over a base action
    raise TypeError(
        f"base action kinds claimed by a system: {set(BASE_ACTION_KINDS) & set(registry.ACTION_OWNERS)}"
    )


class SpaceEmpires(MovementPhase, BattlePhase, EconomicPhase, Game):
    info = INFO
    state_type = SEState
    hooks = {
        "observation": ".views.observation:full_observation",
        "secret": ".views.observation:full_secret",
        "determinize": ".views.observation:full_determinize",
        "describe": ".views.text:describe",
        "prompt": ".views.client:prompt",
        "choices": ".views.client:choices",
        "seat_panels": ".views.client:seat_panels",
        "score_breakdown": ".views.client:score_breakdown",
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
            raise BadOption(MSG("unknown_edition", edition=repr(edition)))
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
        # §4.9: only counters of one type in one hex may merge, so each is offered only those
        alike: dict[tuple[str, str], dict[str, list[Unit]]] = {}
        for cid, members in groups.items():
            alike.setdefault((members[0].kind, members[0].hex), {})[cid] = members
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
            acts.extend(self._group_actions(state, seat, cid, members, alike[(u.kind, u.hex)]))
            if any(self._can_peek(state, v) for v in members):
                for h in self._peek_hexes(state, u):
                    acts.append(g(f"peek {cid} {h}", (cid, h), "peek", (cid, h)))
            # each member's movement allowance, worked out once for all the hexes below
            allowances = {v.uid: self._allowance(state, v) for v in members}
            if any(
                v.stopped
                or v.moved >= allowances[v.uid] + self._pipeline_bonus(state, v, pipes, allowances[v.uid])
                for v in members
            ):
                continue
            if (
                all(self._can_refit(state, v) for v in members)
                and self._refit_cost(members) <= state.players[seat].cp
            ):
                acts.append(g(f"refit {cid}", (cid,), "refit", (cid,)))
            for h in (
                *moves.neighbours(state, u.hex),
                *coop.jump_links(state, u.owner, u.hex),
            ):  # §13.8, §13.10
                if all(self._move_problem(state, v, h, pipes, allowances[v.uid]) is None for v in members):
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
        moves.opponents_move(self, state, events, start=True)  # §13.10: machines before late movers

    # --- results ---------------------------------------------------------------------------------------
    def result(self, state: SEState) -> Result:
        scores = []
        for seat, p in enumerate(state.players):
            value = board.empire_value(state, seat) if p.alive else 0
            # §13.10: the cooperative allies win together; §12.1: a team wins together
            won = state.winner == seat or endgame.shared_win(state) or teams.team_won(state, seat)
            scores.append(float(value + (1000 if won else 0)))
        return Result(
            scores,
            rank_by_keys([[s] for s in scores]),
            {"winner": state.winner, "cycle": state.cycle, **endgame.result_details(state)},
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
            return MSG.illegal("game_over", "§8")
        if seat not in self.to_move(state):
            return MSG.illegal("not_your_decision", "§3", seat=seat)
        words = notation.split()
        legal = self.legal_actions(state, seat)
        sample = ", ".join(a.notation for a in legal[:10]) + (" ..." if len(legal) > 10 else "")
        if words and words[0] in gates.ACTION_KINDS:
            return gates.explain_illegal(state, seat, words, sample)  # §12.3
        if words and words[0] == "m" and len(words) == 3 and not state.pending and state.phase == "move":
            members = board.counter_units(state, words[1])
            if not members or members[0].owner != seat:
                return MSG.illegal("not_your_counter", "§4", counter=words[1])
            u = members[0]
            if words[2] not in board.adjacent(len(state.players), u.hex):
                return MSG.illegal("not_adjacent", "§4.1", hex=words[2], start=u.hex)
            for v in members:
                problem = self._move_problem(state, v, words[2])
                if problem:
                    return IllegalAction(problem, MSG.rule("§4"))
        if (
            words
            and words[0] == "buy"
            and len(words) in (3, 4)
            and state.phase == "econ"
            and not state.pending
        ):
            if state.players[seat].bid < 0:
                return MSG.illegal("bid_first", "§7.3")
            problem = self._buy_problem(state, seat, words[1], words[2], words[3] if len(words) == 4 else "")
            if problem:
                return IllegalAction(problem, MSG.rule("§7.5"))
            return MSG.illegal("no_yard_or_colony", "§7.6", hex=words[2])
        if words and words[0] in ground.ACTION_KINDS and len(words) == 3 and state.phase == "econ":
            problem = ground.buy_problem(state, seat, words[1], words[2], words[0] == "ground_free")
            if problem:
                return IllegalAction(problem, MSG.rule("§10.1"))
        if words and words[0] in centers.ACTION_KINDS and len(words) == 2 and state.phase == "econ":
            problem = centers.buy_problem(state, seat, centers.KIND_OF[words[0]], words[1])
            if problem:
                return IllegalAction(problem, MSG.rule("§10.7"))
        if words and words[0] == "tech" and len(words) == 2 and state.phase == "econ" and not state.pending:
            problem = self._tech_problem(state, seat, words[1])
            if problem:
                return IllegalAction(problem, MSG.rule("§7.5"))
        return MSG.illegal("not_legal", "§3", notation=notation, sample=sample)

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
