"""The heuristic bot's invasions (§10.1, agent spec ``heuristic``; agents.py calls these hooks).

With ground combat on, from cycle ``FROM_CYCLE`` the bot keeps ``TRANSPORTS`` Transports at its home world,
fills it with Infantry from the home garrison (keeping the defenders TROOPS), and sends the loaded
Transport to the nearest enemy (or alien) colony it is strong enough for: a colony whose Militia (one per
CP of its value) plus a guessed garrison of ``GARRISON_GUESS`` (garrisons are secret) are fewer than the
ground units aboard. Home worlds with their many Militia are only invaded by that rule too. Landing is
agents.py's: it always takes ``land`` when it is offered. Everything here reads only the bot's own
observation.
"""

from __future__ import annotations

from typing import Any

from galaxis.core import Action
from galaxis.games.space_empires.base.hexes import distance, parse_hex_id

TRANSPORT = "T"
INFANTRY = "Infantry"
CAPACITY = 6  # ground units one Transport carries (ground.CAPACITY)
TRANSPORTS = 2  # Transports in the bot's one invasion counter
LOAD = TRANSPORTS * CAPACITY  # the ground units it sends
GARRISON_GUESS = 2  # the defenders the bot expects besides the Militia (garrisons are secret)
FROM_CYCLE = 2
PEACEFUL = (
    "CO",
    "Miner",
    "MSP",
)  # units that cannot fight a Transport  # the bot prepares an invasion from this cycle on
TROOPS = 2  # Infantry bought for each colony that can buy ground units (§10.1)


def _dist(a: str, b: str) -> int:
    return distance(parse_hex_id(a), parse_hex_id(b))


def _home(obs: dict[str, Any], seat: int) -> str:
    return next(
        (
            h
            for h, c in obs["hexes"].items()
            if c.get("colony", {}).get("home") and c["colony"]["owner"] == seat
        ),
        "",
    )


def _transports(obs: dict[str, Any], seat: int) -> list[tuple[str, dict[str, Any]]]:
    return [
        (h, u)
        for h, c in obs["hexes"].items()
        for u in c.get("units", [])
        if u["owner"] == seat and u.get("kind") == TRANSPORT
    ]


def aboard(obs: dict[str, Any], counter: dict[str, Any]) -> int:
    """The ground units aboard the Transports of one of the bot's own counters."""
    loads = obs.get("ground", {}).get("aboard", {})
    ids = [m["id"] for m in counter.get("units", [])] or [counter["id"]]
    return sum(len(loads.get(uid, [])) for uid in ids)


def wanted(obs: dict[str, Any], seat: int) -> bool:
    """Whether the bot prepares an invasion: ground combat is on and the time has come."""
    return "ground" in obs and obs["cycle"] >= FROM_CYCLE and bool(_home(obs, seat))


def buy(obs: dict[str, Any], seat: int, buys: list[Action], ground_buys: list[Action]) -> Action | None:
    """Economic Phase: one Transport at the home world, then Infantry there until it can fill it."""
    if not wanted(obs, seat):
        return None
    home = _home(obs, seat)
    queued = [q[0] for q in obs["players"][seat]["queue"]]
    owned = sum(u.get("count", 1) for _, u in _transports(obs, seat)) + queued.count(TRANSPORT)
    if owned < TRANSPORTS:
        return next((a for a in buys if a.args[0] == TRANSPORT and a.args[1] == home), None)
    garrison = obs.get("ground", {}).get("garrisons", {}).get(home, [])
    loaded = sum(aboard(obs, u) for h, u in _transports(obs, seat) if h == home)
    if len(garrison) + loaded < TROOPS + LOAD:
        return next((a for a in ground_buys if a.args == (INFANTRY, home)), None)
    return None


def embark(obs: dict[str, Any], seat: int, legal: list[Action]) -> Action | None:
    """Movement Phase: an Infantry at the home world boards the Transport there, the last TROOPS stay."""
    if not wanted(obs, seat):
        return None
    home = _home(obs, seat)
    garrison = obs.get("ground", {}).get("garrisons", {}).get(home, [])
    if len(garrison) <= TROOPS:
        return None
    at_home = {u["id"] for h, u in _transports(obs, seat) if h == home}
    return next(
        (a for a in legal if a.kind == "embark" and a.args[0] in at_home and a.args[1] == INFANTRY), None
    )


def goals(obs: dict[str, Any], seat: int, unit: dict[str, Any], own_colonies: list[str]) -> list[str] | None:
    """Where a Transport goes: a loaded one to the colonies it can take, an empty one home (None for
    other units: agents.py's goals)."""
    if unit.get("kind") != TRANSPORT:
        return None
    strength = aboard(obs, unit)
    if strength < CAPACITY:
        return own_colonies if strength == 0 else []  # wait at home until one Transport is full
    return [
        h
        for h, c in obs["hexes"].items()
        if "colony" in c
        and c["colony"]["owner"] != seat
        and c["colony"]["value"] + GARRISON_GUESS < strength
        and _cleared(c, seat)
    ]


def _cleared(cell: dict[str, Any], seat: int) -> bool:
    """A Transport goes only where no enemy combat unit may be (a face-down counter may be one), or where
    the bot's warships already are."""
    units = cell.get("units", [])
    return not any(u["owner"] != seat and u.get("kind") not in PEACEFUL for u in units) or any(
        u["owner"] == seat and u.get("kind") not in (TRANSPORT, "SC") for u in units
    )


def retake_goals(obs: dict[str, Any], seat: int, unit: dict[str, Any]) -> list[str]:
    """Warships make for the bot's colonies an enemy captured (§10.1: it may not bombard them, but its
    Transport can land once the warships have cleared the hex)."""
    if unit.get("kind") in (TRANSPORT, "SC", "CO", "Miner") or "ground" not in obs:
        return []
    lost = [h for h, was in obs["ground"].get("captured", {}).items() if was == seat]
    return [h for h in lost if obs["hexes"].get(h, {}).get("colony", {}).get("owner", seat) != seat]
