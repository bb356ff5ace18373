"""The heuristic bot's Close Encounters decisions (agent spec ``heuristic``; agents.py calls these hooks):
retreating through the planetary gates when a battle is lost (§12.3.4, §12.3.9), buying Black Hole Jump in
the cooperative Doomsday scenarios when it joins anything (§13.10), and preferring the Deep Space barren
planets that draw Alien Technology cards (§10.5). Everything here reads only the bot's own observation.
"""

from __future__ import annotations

from typing import Any

from galaxis.core import Action
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id
from galaxis.games.space_empires.systems import alien_tech, ground

BLACK_HOLE_JUMP = "black_hole_jump"  # coop.BLACK_HOLE_JUMP
DOOMED_COLONY = 1  # a colony worth this much or less dies at the first bombardment hit (§5.10)


def _dist(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


# --- §12.3.4: retreat through the gates ------------------------------------------------------------------
def choice(obs: dict[str, Any], seat: int, legal: list[Action]) -> Action | None:
    """The decisions this module takes over (None: the caller goes on): a ground unit of a lost ground
    battle retreats through the planet's gate (``lost_ground_battle``); a garrison whose colony cannot
    survive the bombardment flees through the gate (``doomed_garrison``)."""
    retreats = [a for a in legal if a.kind == "gretreat"]
    if retreats and lost_ground_battle(obs, seat):
        return _safest(obs, retreats)
    flights = [a for a in legal if a.kind == "flee"]
    if flights and doomed_garrison(obs, seat):
        return _safest(obs, flights)
    return None


def _side_strength(units: list[list[Any]], side: int) -> int:
    """A ground battle side's strength: per unit, its to-hit number in its role (attack invading, defend
    defending, plus its Grav Armor bonus) times the hits it can still take (§10.1)."""
    table = ground.unit_types()
    total = 0
    for _tid, kind, s, damage, bonus in units:
        if s != side or kind not in table:
            continue
        u = table[kind]
        attack = (u.attack if side == 0 else u.defend) + int(bonus)
        total += max(0, attack) * max(0, u.hull - int(damage))
    return total


def lost_ground_battle(obs: dict[str, Any], seat: int) -> bool:
    """[DESIGN] The bot's side of the ground battle is lost when its strength (``_side_strength``) is
    below the enemy's: its units then retreat through the gate, one per firing turn, instead of firing."""
    inv = obs.get("ground", {}).get("invasion")
    if inv is None or seat not in (inv["attacker"], inv["defender"]):
        return False
    mine = 0 if inv["attacker"] == seat else 1
    return _side_strength(inv["units"], mine) < _side_strength(inv["units"], 1 - mine)


def doomed_garrison(obs: dict[str, Any], seat: int) -> bool:
    """[DESIGN] Before a bombardment (step ``gflee``): the space battle over the colony is lost, and a
    colony (not a home world) worth at most ``DOOMED_COLONY`` CP dies at the first hit, taking its garrison
    with it, so the garrison leaves through the gate; a stronger colony keeps it (its soldiers are its
    bombardment defence, §10.1)."""
    decision = obs.get("decision") or {}
    col = obs["hexes"].get(str(decision.get("hex", "")), {}).get("colony")
    return col is not None and col["owner"] == seat and not col["home"] and col["value"] <= DOOMED_COLONY


def _safest(obs: dict[str, Any], actions: list[Action]) -> Action:
    """Of the retreat actions (their last argument the destination), the one to the colony worth most
    (ties: the first offered)."""

    def value(a: Action) -> int:
        return int(obs["hexes"].get(str(a.args[-1]), {}).get("colony", {}).get("value", 0))

    return max(actions, key=lambda a: (value(a), -actions.index(a)))


# --- §13.10: Black Hole Jump -----------------------------------------------------------------------------
def jump_points(obs: dict[str, Any]) -> set[str]:
    """The hexes Black Hole Jump would join, as the observation shows them: warp point 1's two ends and
    every face-up Black Hole and warp-point marker (coop.jump_nodes)."""
    coop = obs.get("scenario", {}).get("coop") if isinstance(obs.get("scenario"), dict) else None
    points = set(coop["warp"]) if coop else set()
    for h, cell in obs["hexes"].items():
        m = cell.get("marker")
        if isinstance(m, list) and m[0] in ("black_hole", "warp_point"):
            points.add(h)
    return points


def black_hole_jump(obs: dict[str, Any], seat: int, legal: list[Action]) -> Action | None:
    """[DESIGN] By the seed's rule the technology lets every ship enter face-up Black Holes without the
    survival roll and jump between all of them and the warp points. Warp point 1 joins its two ends for
    everyone anyway, so the technology is worth its 40 CP only once a third jump point is known (a
    face-up Black Hole or warp-point marker): the bot then buys it when it is on offer."""
    buy = next((a for a in legal if a.kind == "tech" and a.args[0] == BLACK_HOLE_JUMP), None)
    if buy is None or obs["players"][seat].get("techs", {}).get(BLACK_HOLE_JUMP, 0) >= 1:
        return None
    return buy if len(jump_points(obs)) > 2 else None


# --- §10.5: Deep Space barren planets draw cards ---------------------------------------------------------
def card_planet_bonus(
    obs: dict[str, Any], seat: int, unit: dict[str, Any], here: str, to: str, nearest: int
) -> int:
    """1 when a Colony Ship's move ``here`` -> ``to`` closes in on a Deep Space barren planet that draws an
    Alien Technology card (``alien_tech.bot_barren_targets``) and is among its nearest goals (``nearest``
    hexes away), else 0: of equally good moves the bot takes the one toward such a planet."""
    if unit.get("kind") != "CO":
        return 0
    return int(
        any(
            _dist(here, h) == nearest and _dist(to, h) < nearest
            for h in alien_tech.bot_barren_targets(obs, seat)
        )
    )
