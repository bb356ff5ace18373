"""The Space Smugglers heuristic bot (agent spec ``heuristic``).

It reads only its own observation. The plan: bid just above the current top
die on the sector worth most to it that it can afford and pay for, stop with
the best speed token, pay keeping its goods balanced, refill what it lacks,
and in the last round shed everything it can (leftovers cost a point each).
"""

from __future__ import annotations

from typing import Any

from galaxis.core import Action, Match, Rng

# The named levels of this game (agent specs; docs/agents.md): ``normal`` is the bot below,
# ``hard`` and ``expert`` improve it by search (``guided``: rollouts played by this bot).
LEVELS = {
    "easy": "noisy:eps=0.3",
    "normal": "heuristic",
    "hard": "guided:ms=1000",
    "expert": "guided:ms=3000,width=14",
}


COLOURS = ("r", "y", "g", "b")


def _goods_feasible(goods: list[int], ships: list[str]) -> bool:
    """Can these goods feed these ships with one skip (cruisers take any colour)?"""
    need = [ships.count(c) for c in COLOURS]
    short = sum(max(0, n - g) for n, g in zip(need, goods, strict=True))
    left = sum(max(0, g - n) for n, g in zip(need, goods, strict=True))
    cruisers = ships.count("x")
    return short + max(0, cruisers - left) <= 1


class SmugglerBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, match: Match, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        obs = match.observation(seat)
        if obs["phase"] == "bid":
            return self._bid(obs, seat, legal)
        if obs["phase"] == "pay":
            return self._pay(obs, seat, legal)
        return self._refill(obs, seat, legal)

    # ---------------------------------------------------------------- bidding
    def _card_value(self, obs: dict[str, Any], me: dict[str, Any], card: dict[str, Any]) -> int:
        if obs["options"]["stations"] and card["station"]:
            return sum(1 for p in card["planets"] if p in me["fav_planets"])
        return len(card["planets"])

    def _bid(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        me = obs["players"][seat]
        last_round = obs["round"] == obs["rounds"]
        stacked = obs["options"]["stacked"]
        goods = [me["goods"][c] for c in COLOURS]
        committed = 0
        for card in obs["row"]:
            if card["dice"]:
                top = card["dice"][-1] if stacked else max(card["dice"], key=lambda d: d[1])
                if top[0] == seat:
                    committed += 10 if (stacked and top[1] == 6) else top[1]
        budget = me["energy"] - committed
        legal_set = set(legal)
        best: tuple[float, Action] | None = None
        for card in obs["row"]:
            dice = card["dice"]
            values = [v for _, v in dice]
            top = (dice[-1][1] if stacked else max(values)) if dice else 0
            if dice and (dice[-1][0] if stacked else max(dice, key=lambda d: d[1])[0]) == seat:
                continue  # already winning it
            bid = top + 1 if top < 6 else 6
            cost = 10 if (stacked and bid == 6) else bid
            worth = self._card_value(obs, me, card)
            if worth <= 0 or cost > budget or not _goods_feasible(goods, card["ships"]):
                continue
            action = f"{card['label']}{bid}"
            if action not in legal_set:
                continue
            score = 2.0 * worth - (0.0 if last_round else 0.35) * cost
            if best is None or score > best[0]:
                best = (score, next(a for a in legal if a == action))
        if best is not None and best[0] > 0.5 and me["dice_in_hand"] > 0 and not me["tokens"]:
            return best[1]
        tokens = [a for a in legal if a.startswith("T")]
        if tokens:
            by_value: list[Action] = sorted(tokens, key=lambda a: int(a[1:]))
            # In the last round a refill only adds penalties, and the -1 token sheds one item.
            return by_value[0] if last_round else by_value[-1]
        return legal[0]

    # ---------------------------------------------------------------- payment
    def _pay(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        me = obs["players"][seat]
        last_round = obs["round"] == obs["rounds"]
        worth = {card["label"]: self._card_value(obs, me, card) for card in obs["row"]}
        goods = {c: me["goods"][c] for c in COLOURS}
        best: tuple[float, Action] | None = None
        for action in legal:
            if not action.startswith(("pay", "energy")):  # energy first: the sector worth most
                continue
            words = action.split()
            skip = next((w[1:] for w in words[2:] if w.startswith("-")), "")
            cruiser = next((w[2:] for w in words[2:] if w.startswith("x=")), "")
            left = dict(goods)
            for c in cruiser:
                left[c] -= 1
            keep = left.get(skip, 0)
            if last_round:
                score = -(1.0 if skip else 0.0)  # give everything away
            else:
                score = (1.0 / (1 + keep) if skip else 0.0) - 0.1 * sum(1 for c in cruiser if left[c] < 1)
            score += 10.0 * worth[words[1]]
            if best is None or score > best[0]:
                best = (score, action)
        return best[1] if best is not None else legal[0]

    # ----------------------------------------------------------------- refill
    def _refill(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        me = obs["players"][seat]
        last_round = obs["round"] == obs["rounds"]
        done = next((a for a in legal if a == "done"), legal[0])
        gives = [a for a in legal if a.startswith("-")]
        if gives:
            stock = {"e": me["energy"], **me["goods"]}
            item = max(gives, key=lambda a: stock[a[1:]])
            return item if last_round or stock[item[1:]] >= 4 else done
        if last_round:
            return done
        takes = [a for a in legal if a.startswith("+")]
        if "+e" in takes and me["energy"] < 9:
            return next(a for a in takes if a == "+e")
        goods_takes = [a for a in takes if a != "+e"]
        if goods_takes and sum(me["goods"].values()) < 12:
            return min(goods_takes, key=lambda a: (me["goods"][a[1:]], a))
        if "+e" in takes and me["energy"] < 14:
            return next(a for a in takes if a == "+e")
        return done
