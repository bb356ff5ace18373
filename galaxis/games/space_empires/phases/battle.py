"""Battles (docs/games/space_empires.md §5): cloaked Raiders before a battle (§5.11), mines (§5.9), the
combatants, screening, rounds, targets and shots, retreats, the end of a battle; then bombardment
(§5.10) and the elimination of a player."""

from __future__ import annotations

from galaxis.core import Event, Step
from galaxis.games.space_empires.base import board, combat, data, economy
from galaxis.games.space_empires.base.board import NPA, NPA_KINDS
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.base.state import Battle, Shot, Unit
from galaxis.games.space_empires.opponents import battles, endgame, moves
from galaxis.games.space_empires.opponents.alien_players import vp as alien_vp
from galaxis.games.space_empires.opponents.amoebas import amoeba
from galaxis.games.space_empires.opponents.amoebas.state import AMOEBA_KIND
from galaxis.games.space_empires.phases import UNFIXED, _hex_key, _uid_key, _unit_key
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
    victory,
)
from galaxis.games.space_empires.systems import titans as ce_units


class BattlePhase:
    """Methods of ``SpaceEmpires`` (rules.py), which inherits them."""

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

    # --- combat (§5) ----------------------------------------------------------------------------------
    def _start_next_battle(self, state: SEState, seat: int, events: list[Event]) -> bool:
        hexes = sorted({u.hex for u in self._own_units(state, seat)} - set(state.handled), key=_hex_key)
        for hid in hexes:
            mine = board.friendly_combat_at(state, hid, seat)
            enemies = board.enemy_combat_at(state, hid, seat)
            # Undetected Raiders are not attacked; the player's own cloaked Raiders always attack (§5.11).
            # A solo opponent's cloaked Raiders attack when they outweigh the player there (§13.5).
            seen = [v for v in enemies if not board.cloaked(state, v) or moves.raider_attacks(state, v)]
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
            return battles.combatant(state, u, side)
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
        adjusted = battles.adjust_combatant(
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
        b.queue = battles.extra_shots(state, b.queue)  # a Doomsday Machine fires several times (§13.3)
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
        found = battles.filter_targets(state, state.units[shooter_uid], found)
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
        if b.shots is None:
            b.shots = []
        b.shots.append(
            Shot(
                b.round,
                shooter_uid,
                target_uid,
                shooter_unit.kind,
                target_unit.kind,
                roll,
                number,
                hit,
                bool(event.get("destroyed")),
            )
        )
        if event.get("destroyed"):
            experience.after_kill(state, shooter_unit, target.hull, events)

    def _end_battle(self, state: SEState, att: bool, dfn: bool, events: list[Event]) -> None:
        b = state.battle
        assert b is not None
        loser = 1 if att else 0 if dfn else None
        for u in board.units_at(state, b.hex):
            # §5.6: survivors are repaired after the battle (a Doomsday Machine keeps its damage, §13.3).
            u.damage, u.screened = (u.damage if battles.keeps_damage(u) else 0), False
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
                    ground.no_bombard(state, hid, seat) and not ground.may_retake(state, hid, seat)
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
            endgame.eliminate_opponent(state, seat, events)
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
        endgame.after_elimination(state, events)
