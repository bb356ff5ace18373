"""The Space Empires heuristic bot (agent spec ``heuristic``).

It reads only its own observation. It keeps its ships in as few counters as it can (new ships join a
face-down counter of their kind, counters in one hex merge). The plan: scouts explore the nearest unexplored hex, colony ships
settle the nearest known planet, miners tow minerals home; from cycle ``ATTACK_CYCLE`` on, warships leave home in
groups of ``RALLY`` and march on the nearest enemy home world and bombard it. In the Economic Phase it bids nothing, follows a short
technology plan, buys colony ships while free planets are known, keeps ``GUARD`` warships, then buys the
cheapest technology level (it keeps its value and costs no maintenance), and warships only with CP that
would not carry over. In battle it finishes damaged targets and then the smallest hulls.
"""

from __future__ import annotations

from typing import Any

from galaxis.core import Action, Match, Rng
from galaxis.games.space_empires import registry
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.bot import ce as bot_ce
from galaxis.games.space_empires.bot import ground as bot_ground
from galaxis.games.space_empires.bot.ground import TROOPS
from galaxis.games.space_empires.systems import alien_tech, empire_advantages, gates
from galaxis.games.space_empires.systems.reaction import should_react

ATTACK_CYCLE = 3
RALLY = 8  # warships wait at home until this many can leave together
GUARD = 4  # warships kept for defence before spending on technology
WARSHIPS = ("DN", "BB", "BC", "CA", "DD", "SC")
TECH_PLAN = (("ship_size", 2), ("ship_size", 3), ("attack", 1), ("move", 2), ("defense", 1), ("ship_size", 4))
# The Advanced Start (§12.1.5): technology bought first, in this order, while the budget lasts.
HEAD_START_PLAN = ("ship_size", "attack", "move", "defense", "ground_combat", "tactics")
MINERS = 3  # Miners kept in the Relics game (§12.2)


def _joins(a: Action) -> bool:
    """A purchase that puts the new unit into an existing counter."""
    return len(a.args) > 2 and bool(a.args[2])


def _dist(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


class HeuristicAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.gates_tried: set[tuple[Any, ...]] = set()  # gates opened this turn (§12.3.9)

    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        obs = match.observation(seat)
        kinds = {a.kind for a in legal}
        gate = bot_ce.choice(obs, seat, legal) or gates.bot_choice(
            obs, seat, legal, self.gates_tried
        )  # §12.3.4, §12.3.9
        if gate is not None:
            return gate
        if "target" in kinds:
            return self._target(obs, legal)
        if "fight" in kinds:
            # Screen nothing and never retreat: every unit fires.
            return next(a for a in legal if a.kind == "fight")
        if "land" in kinds:
            return next(a for a in legal if a.kind == "land")  # invade when troops are aboard (§10.1)
        for owned, choose in registry.BOT_CHOICE:  # a system's own decisions (§10.4 cards, §10.5 technology)
            if kinds & set(owned):
                chosen = choose(obs, seat, legal)
                if chosen is not None:
                    return chosen
        if kinds & {"gt", "steal"}:
            return legal[0]  # ground combat targets and stolen technology (§10.1)
        if "destroy" in kinds:
            return next(a for a in legal if a.kind == "destroy")  # a Titan destroys the planet (§10.3)
        if "bomb" in kinds:
            return next(a for a in legal if a.kind == "bomb")
        if "first" in kinds:
            return next(a for a in legal if a.kind == "first" and a.args[0] == seat)
        if "boom" in kinds:
            return legal[-1]
        if "lost" in kinds:
            return legal[0]
        if kinds & {"expand", "feed"}:
            return legal[0]  # where an amoeba expands, which tied ship it attacks (§13.11)
        if "detonate" in kinds:
            return legal[0]  # blow up the first ship that may kill the 8-10 amoeba (§13.11.3)
        if "steer" in kinds:
            return legal[0]  # a solo opponent's route: every offered hex is equally short (§13.2)
        if "engage" in kinds:
            return next(a for a in legal if a.kind == "engage")  # cloaked Raiders attack with their bonus
        if "reveal" in kinds:
            return next(a for a in legal if a.kind == "reveal")
        if "keep" in kinds:
            return next(a for a in legal if a.kind == "keep")
        if "ignore" in kinds:  # Reaction Movement (§10.6): react when the defenders are weaker
            return next((a for a in legal if a.kind == "react" and should_react(obs, seat, a)), legal[-1])
        if "head_done" in kinds:
            return self._head_start(legal)
        if kinds & {"deliver", "relic"}:
            return next(a for a in legal if a.kind in ("deliver", "relic"))  # relics score at once (§12.2)
        if obs["phase"] == "econ":
            return self._econ(obs, seat, legal)
        return self._move(obs, seat, legal)

    @staticmethod
    def _head_start(legal: list[Action]) -> Action:
        """§12.1.5: the planned tracks first, then the cheapest other level is not worth it: finish."""
        for track in HEAD_START_PLAN:
            for a in legal:
                if a.kind == "head" and a.args[0] == track:
                    return a
        return next(a for a in legal if a.kind == "head_done")

    # --- battle --------------------------------------------------------------------------------------
    def _target(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        # Targets are units of face-up counters: each has its own damage.
        units = {
            m["id"]: {"kind": u["kind"], "damage": m["damage"]}
            for cell in obs["hexes"].values()
            for u in cell.get("units", [])
            for m in u.get("units", [])
        }
        hull = {"SC": 1, "DD": 1, "CA": 2, "BC": 2, "BB": 3, "DN": 3, "TN": 5, "SY": 1, "Base": 3}

        def key(a: Action) -> tuple[int, int]:
            u = units.get(a.args[0], {})
            return (-int(u.get("damage", 0)), hull.get(u.get("kind", ""), 1))

        return min(legal, key=key)

    @staticmethod
    def _victory_buy(
        obs: dict[str, Any],
        seat: int,
        by_kind: dict[str, list[Action]],
        buys: list[Action],
        queued: list[str],
    ) -> Action | None:
        """§12.2: science vessels for the warp points (after Minesweeping 1); Miners for the relics."""
        vic = obs.get("victory", {})
        mine = [u for c in obs["hexes"].values() for u in c.get("units", []) if u["owner"] == seat]
        if vic.get("mode") == "king_of_warp_points":
            if obs["players"][seat]["techs"].get("minesweeping", 0) < 1:
                return next((a for a in by_kind.get("tech", []) if a.args[0] == "minesweeping"), None)
            vessels = sum(u.get("count", 1) for u in mine if u["kind"] == "SW") + queued.count("SW")
            if vessels < len(vic["warp_points"]) + 1:
                return next((a for a in buys if a.args[0] == "SW"), None)
        miners = sum(1 for u in mine if u["kind"] == "Miner") + queued.count("Miner")
        if vic.get("mode") == "relics" and vic["relics"] and miners < MINERS:
            return next((a for a in buys if a.args[0] == "Miner"), None)
        return None

    @staticmethod
    def _troops(obs: dict[str, Any], by_kind: dict[str, list[Action]]) -> Action | None:
        """Ground units (§10.1): take every free one; buy Infantry until each colony has TROOPS of them."""
        if by_kind.get("ground_free"):
            return by_kind["ground_free"][0]
        garrisons = obs.get("ground", {}).get("garrisons", {})
        for a in by_kind.get("ground", []):
            if a.args[0] == "Infantry" and len(garrisons.get(a.args[1], [])) < gates.bot_troops(obs, TROOPS):
                return a
        return None

    # --- movement ------------------------------------------------------------------------------------
    def _move(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        own = {u["id"]: u for c in obs["hexes"].values() for u in c.get("units", []) if u["owner"] == seat}
        boarding = bot_ground.embark(obs, seat, legal)  # §10.1: Infantry board the home Transport
        if boarding is not None:
            return boarding
        for a in legal:
            if a.kind == "colonize":
                return a
            # Warships (and Transports) travel together (scouts keep exploring one by one).
            if a.kind == "merge" and own.get(a.args[0], {}).get("kind") in (
                *WARSHIPS[:-1],
                bot_ground.TRANSPORT,
            ):
                return a
        hexes = obs["hexes"]
        unexplored = [h for h, c in hexes.items() if c.get("marker") == "?"]
        settle = empire_advantages.settled_kinds(obs)  # planets, and Asteroids for Industrious Race (§10.4)
        planets = [
            h
            for h, c in hexes.items()
            if isinstance(c.get("marker"), list) and c["marker"][0] in settle and "colony" not in c
        ] + alien_tech.bot_barren_targets(obs, seat)  # §10.5: Deep Space barren planets draw cards
        minerals = [
            h
            for h, c in hexes.items()
            if isinstance(c.get("marker"), list) and c["marker"][0] in ("minerals", "space_wreck")
        ]
        colonies = [h for h, c in hexes.items() if c.get("colony", {}).get("owner") == seat]
        enemy_homes = [
            h for h, c in hexes.items() if c.get("colony", {}).get("home") and c["colony"]["owner"] != seat
        ]
        units = {u["id"]: (h, u) for h, c in hexes.items() for u in c.get("units", []) if u["owner"] == seat}
        home = next(
            (h for h, c in hexes.items() if c.get("colony", {}).get("home") and c["colony"]["owner"] == seat),
            "",
        )
        gathered = sum(
            u.get("count", 1)
            for h, u in units.values()
            if h == home and u["kind"] in WARSHIPS and u["kind"] != "SC"
        )
        rally = alien_tech.bot_rally(
            obs, seat, RALLY
        )  # §10.5: a smaller group clears NPAs off barren planets
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.kind != "move":
                continue
            here, unit = units[a.args[0]]
            if here == home and unit["kind"] in WARSHIPS and unit["kind"] != "SC" and gathered < rally:
                continue
            goals = self._goals(obs, unit, unexplored, planets, minerals, colonies, enemy_homes)
            if not goals:
                continue
            now = min(_dist(here, g) for g in goals)
            then = min(_dist(a.args[1], g) for g in goals)
            gain = 2 * (now - then) + bot_ce.card_planet_bonus(
                obs, seat, unit, here, a.args[1], now
            )  # §10.5 on a tie
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        if best is not None:
            return best[1]
        return next(a for a in legal if a.kind == "end")

    def _goals(
        self,
        obs: dict[str, Any],
        unit: dict[str, Any],
        unexplored: list[str],
        planets: list[str],
        minerals: list[str],
        colonies: list[str],
        enemy_homes: list[str],
    ) -> list[str]:
        kind = unit["kind"]
        transport = bot_ground.goals(obs, obs["you"], unit, colonies)  # §10.1: invasions
        if transport is not None:
            return transport
        if kind == "CO":
            return planets
        vic = obs.get("victory", {})
        if kind == "Miner" and vic.get("mode") == "relics":
            # §12.2: a Miner towing a relic heads home; the others go for the nearest relic.
            if unit["id"] in vic["carried"]:
                return [h for h in colonies if obs["hexes"][h]["colony"].get("home")] or colonies
            # Miners cannot enter unexplored hexes alone (§4.3): only explored relics are goals.
            return [h for h in vic["relics"] if obs["hexes"].get(h, {}).get("marker") != "?"]
        if kind == "SW" and vic.get("mode") == "king_of_warp_points":
            return self._warp_goals(obs, unit, list(vic["warp_points"]))
        if kind == "Miner":
            return colonies if unit.get("cargo") else minerals
        if kind == "SC" and unexplored:
            return unexplored
        retake = bot_ground.retake_goals(obs, obs["you"], unit)  # §10.1: clear a captured colony
        if retake:
            return retake
        guarded = alien_tech.bot_guarded_barren(obs, unit["owner"])  # §10.5: beat the NPAs, draw a free card
        if guarded and kind != "SC":
            return guarded
        if obs["cycle"] >= ATTACK_CYCLE and enemy_homes:
            return enemy_homes
        return unexplored

    @staticmethod
    def _warp_goals(obs: dict[str, Any], unit: dict[str, Any], warps: list[str]) -> list[str]:
        """§12.2: a science vessel on a warp point stays; the others spread over the warp points not held."""
        where = {u["id"]: h for h, c in obs["hexes"].items() for u in c.get("units", [])}
        here = where.get(unit["id"], "")
        if here in warps:
            return [here]
        held = {
            h
            for h, c in obs["hexes"].items()
            for u in c.get("units", [])
            if u["owner"] == unit["owner"] and u["kind"] == "SW"
        }
        return [w for w in warps if w not in held] or warps

    # --- economy -------------------------------------------------------------------------------------
    @staticmethod
    def _price(obs: dict[str, Any], track: str, techs: dict[str, int]) -> int:
        from galaxis.games.space_empires.base.economy import tech_cost

        return tech_cost(track, techs[track] + 1, obs["edition"])

    def _econ(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "bid" in by_kind:
            return by_kind["bid"][0]
        for center in ("industrial_center", "research_center"):  # §10.7: they pay back in one phase
            if by_kind.get(center):
                return by_kind[center][0]
        me = obs["players"][seat]
        techs = me["techs"]
        terraform = alien_tech.bot_tech(obs, seat, legal)  # §10.5: Terraforming for Deep Space barren planets
        if terraform is not None:
            return terraform
        for track, level in TECH_PLAN:
            if techs.get(track, 0) < level:
                wanted = [
                    a for a in by_kind.get("tech", []) if a.args[0] == track and techs[track] + 1 == level
                ]
                if wanted:
                    return wanted[0]
                break
        # A unit that can join a counter of its kind does (counters are limited, §7.5).
        options: dict[tuple[str, str], Action] = {}
        for a in by_kind.get("buy", []):
            key = (a.args[0], a.args[1])
            if key not in options or (_joins(a) and not _joins(options[key])):
                options[key] = a
        buys = list(options.values())
        hexes = obs["hexes"]
        settle = empire_advantages.settled_kinds(obs)  # §10.4: Industrious Race settles Asteroids
        free_planets = sum(
            1
            for c in hexes.values()
            if isinstance(c.get("marker"), list) and c["marker"][0] in settle and "colony" not in c
        ) + len(alien_tech.bot_barren_targets(obs, seat))  # §10.5
        colony_ships = sum(
            1 for c in hexes.values() for u in c.get("units", []) if u["owner"] == seat and u["kind"] == "CO"
        )
        queued = [q[0] for q in me["queue"]]
        if free_planets > colony_ships + queued.count("CO"):
            for a in buys:
                if a.args[0] == "CO":
                    return a
        warships = sum(
            u.get("count", 1)
            for c in hexes.values()
            for u in c.get("units", [])
            if u["owner"] == seat and u["kind"] in WARSHIPS
        )
        if warships + sum(1 for k in queued if k in WARSHIPS) < GUARD:
            for kind in WARSHIPS:
                for a in buys:
                    if a.args[0] == kind:
                        return a
        special = self._victory_buy(obs, seat, by_kind, buys, queued) or bot_ce.black_hole_jump(
            obs, seat, legal
        )  # §13.10
        if special is not None:
            return special
        invasion = bot_ground.buy(obs, seat, buys, by_kind.get("ground", []))  # §10.1: Transport, Infantry
        if invasion is not None:
            return invasion
        troops = self._troops(obs, by_kind)
        if troops is not None:
            return troops
        # Technology keeps its value and costs no maintenance: buy the cheapest level on offer.
        techs_on_offer = by_kind.get("tech", [])
        if techs_on_offer:
            return min(techs_on_offer, key=lambda a: (self._price(obs, a.args[0], techs), a.args[0]))
        for kind in WARSHIPS:
            for a in buys:
                if a.args[0] == kind and me["cp"] > 30:
                    return a
        return by_kind["done"][0]
