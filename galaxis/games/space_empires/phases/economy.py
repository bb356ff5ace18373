"""The Economic Phase (docs/games/space_empires.md §7): the legal bids, research and purchases of each
seat and why one is refused, then income, maintenance, minerals, wrecks, and placing what was bought
when every seat is done."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from galaxis.core import Action, Event, Step
from galaxis.core.messages import Msg
from galaxis.games.space_empires.base import board, combat, data, economy
from galaxis.games.space_empires.base.board import BUYABLE, BUYABLE_TECHS, MAX_BID
from galaxis.games.space_empires.base.state import Unit
from galaxis.games.space_empires.base.text_data import MSG, TechLevels, TechName, UnitName
from galaxis.games.space_empires.opponents import moves, sheets
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.opponents.doomsday import coop
from galaxis.games.space_empires.phases import _hex_key, _kinds_of, _unit_key
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


@dataclass(frozen=True)
class Income:
    """§7.1: the parts of an empire's income in one Economic Phase (``EconomicPhase.income``)."""

    colonies: int  # the values of the colonies that produce (the home world included)
    producing: int  # how many colonies produce
    links: int  # +1 per colony linked to the home world by MS Pipelines
    minerals: int  # minerals and wrecks delivered this phase
    cards: int  # Alien Technology and Empire Advantage bonuses
    maintenance: int  # paid out of the income (a negative result is 0)
    net: int  # what the empire receives


class EconomicPhase:
    """Methods of ``SpaceEmpires`` (rules.py), which inherits them."""

    if TYPE_CHECKING:  # from the movement phase (phases/movement.py)

        def _own_units(self, state: SEState, seat: int) -> list[Unit]: ...

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
        kinds = (*BUYABLE, *boarding.extra_units(state), *ground.extra_units(state))  # Transports: §10.1
        # a type that cannot be bought anywhere now is not asked about hex by hex
        buyable = {k: self._buy_kind_problem(state, seat, k) is None for k in kinds}
        for hid in self._build_hexes(state, seat):
            for kind in kinds:
                if not buyable[kind]:
                    continue
                if self._buy_place_problem(state, seat, kind, hid, "") is None:
                    acts.append(g(f"buy {kind} {hid}", (hid,), "buy", (kind, hid, "")))
                for cid in joinable.get((kind, hid), []):
                    if self._buy_place_problem(state, seat, kind, hid, cid) is None:
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
    def _econ_scuttle_problem(state: SEState, seat: int, cid: str, members: list[Unit]) -> Msg | None:
        if len(members) == 1 and any(len(q) > 2 and q[2] == cid for q in state.players[seat].queue):
            return MSG("joins_counter")
        return None

    def _build_hexes(self, state: SEState, seat: int) -> list[str]:
        hexes = {u.hex for u in state.units.values() if u.owner == seat and u.kind == "SY"}
        hexes |= {h for h, c in state.colonies.items() if c.owner == seat and c.income}
        return sorted(hexes, key=_hex_key)

    def _tech_problem(self, state: SEState, seat: int, track: str) -> Msg | None:
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
            return MSG("tech_not_buyable", tech=TechName(track))
        if track in p.bought_techs:
            return MSG("tech_once")
        level = p.techs[track] + 1
        if level > tracks[track].max_level(state.edition):
            return MSG("tech_max", tech=TechName(track))
        if track == "exploration" and reaction.exploration_problem(state, level):
            return reaction.exploration_problem(state, level)  # §6.2, §10.6
        price = empire_advantages.cost(
            state, seat, "tech", track, tracks[track].level_cost(state.edition, level)
        )
        if price > p.cp + centers.research_points(state, seat):
            return MSG("not_enough_cp")
        gated = amoeba.tech_problem(state, seat, track, level) or victory.tech_problem(
            state, track
        )  # §13.11, §12.1.5
        if gated is not None:
            return gated
        after = {**p.techs, track: level}
        for q in p.queue:
            if len(q) > 2 and self._build_techs(after, q[0]) != self._build_techs(p.techs, q[0]):
                return MSG("tech_before_units")
        return None

    def _joinable(self, state: SEState, seat: int) -> dict[tuple[str, str], list[str]]:
        """Face-down counters of ``seat`` a unit bought now may join, by (type, hex) (§7.5)."""
        out: dict[tuple[str, str], list[str]] = {}
        for cid, members in board.counters(self._own_units(state, seat)).items():
            u = members[0]
            if board.group_size(u.kind) > 1 and not u.revealed:
                out.setdefault((u.kind, u.hex), []).append(cid)
        return out

    def _join_problem(self, state: SEState, seat: int, kind: str, hid: str, cid: str) -> Msg | None:
        """§7.5: a new unit may join a face-down counter of its type and technology in its hex with room."""
        members = board.counter_units(state, cid)
        if not members or members[0].owner != seat or members[0].kind != kind or members[0].hex != hid:
            return MSG("not_your_counter_at", counter=cid, unit=UnitName(kind), hex=hid)
        if members[0].revealed:
            return MSG("join_face_down")
        if board.build_tech(members[0]) != self._build_techs(state.players[seat].techs, kind):
            return MSG("join_tech")
        queued = sum(1 for q in state.players[seat].queue if len(q) > 2 and q[2] == cid)
        if len(members) + queued >= board.group_size(kind):
            return MSG("counter_full_buy", unit=UnitName(kind), size=board.group_size(kind))
        return None

    def _buy_kind_problem(self, state: SEState, seat: int, kind: str) -> Msg | None:
        """Why ``seat`` may buy no ``kind`` anywhere now (§7.5), or None: the checks that depend on
        neither the hex nor the counter joined (asked once per type when listing the buys)."""
        p = state.players[seat]
        units = data.units(state.edition)
        if kind not in units or (
            kind not in BUYABLE + boarding.extra_units(state) and kind not in ground.extra_units(state)
        ):
            return MSG("unit_not_buyable", unit=UnitName(kind))
        banned = amoeba.buy_problem(state, kind) or victory.buy_problem(state, kind)  # §13.11, §12.1.5
        if banned is not None:
            return banned
        price = alien_tech.unit_cost(state, seat, kind, units[kind].cost)  # cheaper hulls (§10.5)
        if empire_advantages.cost(state, seat, "ships", kind, price) > p.cp:  # §10.4
            return MSG("not_enough_cp")
        missing = economy.missing_techs(kind, p.techs, state.edition)
        if missing:
            return MSG("unit_needs", unit=UnitName(kind), techs=TechLevels(missing))
        return None

    def _buy_problem(self, state: SEState, seat: int, kind: str, hid: str, join: str = "") -> Msg | None:
        problem = self._buy_kind_problem(state, seat, kind)
        if problem is not None:
            return problem
        return self._buy_place_problem(state, seat, kind, hid, join)

    def _buy_place_problem(self, state: SEState, seat: int, kind: str, hid: str, join: str) -> Msg | None:
        """The rest of ``_buy_problem`` once the type may be bought: the counter it joins or takes
        (§4.9, §7.5) and the colony or shipyards of the hex (§7.6)."""
        p = state.players[seat]
        unit = data.units(state.edition)[kind]
        if join:
            problem = self._join_problem(state, seat, kind, hid, join)
            if problem is not None:
                return problem
        elif board.counters_in_use(state, seat, kind) >= unit.counters:
            return MSG("counters_in_use_buy", unit=UnitName(kind))
        col = state.colonies.get(hid)
        if kind in ("SY", "Base"):
            # §7.6: only at a colony that produced income this phase; one SY per planet per phase.
            if col is None or col.owner != seat or not col.income:
                return MSG("yard_base_where")
            if kind == "SY" and hid in p.built_sy:
                return MSG("one_yard")
            if kind == "Base" and (
                hid in p.built_base or any(u.hex == hid and u.kind == "Base" for u in state.units.values())
            ):
                return MSG("one_base")
            return None
        if gates.places_without_yard(state, kind):
            return gates.colony_ship_problem(state, seat, hid)  # §12.3.7: no shipyard needed
        if kind == "Decoy":
            return None  # decoys need no shipyard capacity [MRB 8.3]
        yards = sum(1 for u in state.units.values() if u.owner == seat and u.kind == "SY" and u.hex == hid)
        capacity = economy.shipyard_capacity(yards, p.techs["shipyard"])
        if p.built.get(hid, 0) + economy.build_hulls(kind, state.edition) > capacity:
            return MSG("no_hull_points")
        return None

    def income(self, state: SEState, seat: int) -> Income:
        """§7.1: ``seat``'s income at the opening of an Economic Phase, part by part: its unblockaded
        colonies (the home world included), +1 per colony linked to the home world by MS Pipelines,
        the minerals delivered, the cards' bonuses, and the maintenance paid (a negative result is 0).
        Read-only: the phase opening (``_start_econ``) applies it; the empire sheet shows it."""
        p = state.players[seat]
        colonies = []
        linked = board.pipeline_linked(state, seat)
        links = 0
        for hid, col in state.colonies.items():
            if col.owner != seat:
                continue
            if col.value > 0 and not board.blockaded(state, hid, seat):
                colonies.append(teams.colony_income(state, seat, col))  # §12.1: doubled for some
                links += hid in linked and not col.home
        upkeep = economy.maintenance(
            {k: sum(1 for u in self._own_units(state, seat) if u.kind == k) for k in _kinds_of(state, seat)},
            state.edition,
        )
        upkeep -= experience.maintenance_discount(state, self._own_units(state, seat))  # §10.2
        upkeep -= alien_tech.maintenance_discount(state, seat, self._own_units(state, seat))  # §10.5
        upkeep = empire_advantages.maintenance(state, seat, upkeep)  # §10.4
        if not amoeba.maintenance(state):
            upkeep = 0  # solo #5: no maintenance (§13.11.1)
        producing = len(colonies)
        cards = alien_tech.income_bonus(state, seat)  # Efficient Factories, Omega Crystals (§10.5)
        net = economy.net_income(economy.gross_income(0, [*colonies, cards], links, p.delivered), upkeep)
        advantage = empire_advantages.income_bonus(state, seat, producing)  # §10.4
        return Income(
            sum(colonies), producing, links, p.delivered, cards + advantage, upkeep, net + advantage
        )

    # --- the Economic Phase (§7) ----------------------------------------------------------------------
    def _start_econ(self, state: SEState, events: list[Event]) -> None:
        state.phase = "econ"
        sheets.econ_starts(self, state, events)  # §13.10: the machines' victory points
        if state.phase == "over":
            return
        for seat in board.alive_seats(state):
            state.players[seat].delivered = 0
        for seat in board.alive_seats(state):
            self._deliver_cargo(state, seat, events)
        for seat in board.alive_seats(state):
            p = state.players[seat]
            for hid, col in state.colonies.items():
                if col.owner == seat:
                    col.income = col.value > 0 and not board.blockaded(state, hid, seat)
            net = self.income(state, seat).net
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
        sheets.economic_phase(self, state, events)  # §13.4-13.5: machines enter, the aliens roll
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
        moves.opponents_move(self, state, events, start=True)  # §13.10: machines before late movers
