"""The Káosz Galaktika heuristic bot (agent spec ``heuristic``) and the state evaluation.

It reads only its own observation and its legal actions: build a fleet with the
best ships it can afford, arm them, pay what it can, attack the colony when its
active fleet outguns the enemy's, shoot what it can destroy, bombard, and keep
a credit reserve for combat interrupts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from galaxis.core import Action, Match, Rng
from galaxis.games.kaosz import in_play
from galaxis.games.kaosz.cards import Card, pool

if TYPE_CHECKING:
    from galaxis.core import Game
    from galaxis.games.kaosz.state import KaoszState


# The named levels of this game (agent specs; docs/agents.md): ``normal`` is the bot below,
# ``hard`` and ``expert`` improve it by search (``guided``: rollouts played by this bot).
LEVELS = {
    "easy": "noisy:eps=0.3",
    "normal": "heuristic",
    "hard": "guided:ms=1000,depth=30",
    "expert": "guided:ms=3000,depth=30",
}


def evaluate(g: Game, s: KaoszState, seat: int) -> float:
    """Colony and fleet balance against the strongest opponent, squashed into [0, 1]."""
    if s.phase == "over":
        r = g.result(s)
        return 1.0 if seat in r.ranking[0] else 0.0

    def power(i: int) -> float:
        p = s.players[i]
        fleet = sum(
            in_play.stat(s, u, "firepower") + in_play.stat(s, u, "armour") + in_play.stat(s, u, "bombard")
            for u in p.hangar
        )
        return len(p.colony) * 1.5 + fleet + len(p.hand) + p.credits * 0.3

    mine = power(seat)
    best = max((power(o) for o in in_play.opponents(s, seat)), default=mine)
    margin = mine - best
    return 0.5 + 0.5 * margin / (abs(margin) + 20.0)


class KaoszBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        obs = match.observation(seat)
        views = _index(obs)
        scored = [(self._score(obs, seat, views, a), -i, a) for i, a in enumerate(legal)]
        best = max(scored)
        return best[2]

    def _score(self, obs: dict[str, Any], seat: int, views: dict[str, dict[str, Any]], a: Action) -> float:
        w = a.notation.split()
        kind = a.args[0]
        me = obs["players"][seat]
        credits = me["credits"]
        decision = obs["decision"]
        card = _card(views, w[1]) if len(w) > 1 and w[1].startswith("c") else None
        if decision == "mulligan":
            ships = [
                v for v in me.get("hand_cards", []) if v.get("type") == "ship" and int(v.get("cost", 9)) <= 6
            ]
            return 1.0 if (kind == "keep") == bool(ships) else 0.0
        if kind in ("end", "pass", "done", "stop", "go", "hold", "let"):
            return 0.5 if kind not in ("let", "hold") else 0.2
        if kind == "play" and card is not None:
            cost = card.cost if isinstance(card.cost, int) else 2
            if card.type == "ship":
                fleet_room = sum(pool()[v["card"]].room for v in me["hangar"] if "card" in v)
                if fleet_room + card.room > 12:
                    return 0.1
                return 6.0 + card.stat("firepower") + card.stat("armour") * 0.5 + card.stat("bombard") * 0.5
            if card.type == "event":
                return 3.0 + (2.0 if any(e.op == "credits" for e in card.effects) else 0.0) - cost * 0.3
            if card.type == "interrupt":
                ops = {e.op for e in card.effects}
                if decision == "priority" and obs["combat"] and "pump" in ops:
                    target = w[2] if len(w) > 2 else ""
                    return 2.5 if target in [f"c{u}" for u in _my_combat(obs, seat)] else 0.0
                if "neutralize" in ops:
                    top = obs["stack"][-1] if obs["stack"] else None
                    return (
                        2.5
                        if top and top["seat"] != seat and len(w) > 2 and w[2] == top["card"]["id"]
                        else 0.0
                    )
                if "credits" in ops:
                    return 4.0
                return 1.0 if decision == "main" and credits > 6 else 0.0
            if card.type == "equipment":
                return 4.5 - cost * 0.2
            if card.type == "crew":
                return 3.0 if credits - cost >= 2 else 0.2
            return 0.3
        if kind == "down" and card is not None:
            if card.type == "base":
                return 3.5
            if (card.type in ("crew", "equipment") and len(w) > 2) or card.type == "crew":
                return 2.0
            return 0.0
        if kind == "pay":
            return 6.0 if decision == "trap" else 5.0
        if kind == "up":
            return 2.4 if credits >= 3 else 0.0
        if kind == "strip":
            return 0.0
        if kind == "draw":
            return 1.2 if me["hand"] < 4 and credits >= 2 else 0.4 if credits >= 6 else 0.0
        if kind == "tutor":
            return 0.8 if me["hand"] < 2 and credits >= 4 else 0.0
        if kind == "salvage":
            return 0.3
        if kind == "attack":
            mine = _fleet(obs, seat, active_only=True)
            defender = (
                a.args[2] if a.args[2] >= 0 else next(p["seat"] for p in obs["players"] if p["seat"] != seat)
            )
            theirs = _fleet(obs, defender, active_only=True)
            if mine[0] == 0:
                return 0.0
            edge = mine[0] - theirs[0] * 0.8
            bonus = {"colony": 1.5, "hand": 0.6, "card": 0.4}[a.args[1]]
            return 4.0 + bonus + edge * 0.3 if edge > 0 or mine[1] >= 3 else 0.4
        if kind == "send":
            return 3.0
        if kind == "board":
            return 2.8
        if kind in ("fire", "salvo"):
            shooter = views.get(w[1], {})
            fp = shooter.get("stats", {}).get("firepower", 0)
            if kind == "salvo":
                return 3.0
            tv = views.get(w[2], {})
            left = int(tv.get("armour_left", 9))
            return 3.0 + (3.0 if fp >= left else 0.0) + int(tv.get("stats", {}).get("firepower", 0)) * 0.3
        if kind == "back":
            return 3.0
        if kind == "hit":
            hv = views.get(w[1], {})
            return 2.0 + 1.0 / (1 + int(hv.get("armour_left", 5)))
        if kind == "boost":
            return 1.0 if credits >= 4 else 0.0
        if kind in ("sneak", "sneak_back"):
            return 0.6
        if kind == "demo":
            return 1.0 if obs["combat"] and obs["combat"]["target"] != "colony" else 0.0
        if kind == "bomb":
            return 1.0
        if kind == "discard" and card is not None:
            return 10.0 - (card.cost if isinstance(card.cost, int) else 2)
        if kind == "take" and card is not None:
            return 5.0 + (3.0 if card.type == "ship" else 0.0)
        if kind == "scrap" and card is not None:
            return 10.0 - card.room
        if kind == "pick" and card is not None:
            return 20.0 - (card.cost if isinstance(card.cost, int) else 0)
        if kind == "use" and card is not None:
            return _score_ability(obs, seat, views, card, w)
        if kind == "aim":
            return _score_aim(obs, seat, views, w[1])
        if kind == "spread":
            return _score_spread(obs, views, w[1])
        if kind == "bonus":
            defended = bool(obs["combat"] and obs["combat"]["ships"][1])
            return 1.0 if (w[2] == "firepower") == defended else 0.0
        return 0.1


def _score_ability(
    obs: dict[str, Any], seat: int, views: dict[str, dict[str, Any]], card: Card, w: list[str]
) -> float:
    """Credits whenever; armour for a ship of ours in the fight that may not survive; else keep it."""
    e = card.ability
    if e is None:
        return 0.0
    if e.op == "credits":
        return 4.0
    if e.op == "pump" and obs["combat"] and len(w) > 2:
        ship = views.get(w[2], {})
        fighting = int(w[2][1:]) in _my_combat(obs, seat)
        return 2.0 if fighting and int(ship.get("armour_left", 9)) <= 2 else 0.0
    return 0.0


def _score_aim(obs: dict[str, Any], seat: int, views: dict[str, dict[str, Any]], target: str) -> float:
    """An enemy ship: the strongest; a seat: the opponent with the biggest fleet."""
    if target.startswith("p"):
        return 1.0 + 0.1 * len(obs["players"][int(target[1:])]["hangar"])
    v = views.get(target, {})
    mine = any(h["id"] == target for h in obs["players"][seat]["hangar"])
    strength = int(v.get("stats", {}).get("firepower", 0)) + int(v.get("armour_left", 0))
    return 1.0 + (-0.1 * strength if mine else 0.1 * strength)


def _score_spread(obs: dict[str, Any], views: dict[str, dict[str, Any]], mate: str) -> float:
    """Spread only to save the ship that was hit, onto a ship that survives the extra point."""
    data = obs["decision_data"]
    hit = views.get(f"c{data.get('ship')}", {})
    incoming = int(data.get("left", 0))
    taken = int(data.get("hits", {}).get(mate[1:], 0))
    room = int(views.get(mate, {}).get("armour_left", 0)) - taken
    return 2.5 if incoming >= int(hit.get("armour_left", 0)) and room > 1 else 0.1


def _index(obs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for p in obs["players"]:
        for zone in ("hangar", "canteen", "surface", "hand_cards"):
            for v in p.get(zone, []):
                out[v["id"]] = v
                for a in v.get("aboard", []):
                    out[a["id"]] = a
    for it in obs["stack"]:
        out[it["card"]["id"]] = it["card"]
    return out


def _card(views: dict[str, dict[str, Any]], cid: str) -> Card | None:
    v = views.get(cid)
    return pool()[v["card"]] if v and "card" in v else None


def _my_combat(obs: dict[str, Any], seat: int) -> list[int]:
    cb = obs["combat"]
    if not cb:
        return []
    side = 0 if cb["attacker"] == seat else 1
    return [int(x[1:]) for x in cb["ships"][side]]


def _fleet(obs: dict[str, Any], seat: int, active_only: bool) -> tuple[int, int]:
    """(firepower + armour, bombard) of a seat's ships."""
    power = bomb = 0
    for v in obs["players"][seat]["hangar"]:
        if active_only and v["state"] != "active":
            continue
        st = v.get("stats", {})
        power += st.get("firepower", 0) + v.get("armour_left", 0)
        bomb += st.get("bombard", 0)
    return power, bomb
