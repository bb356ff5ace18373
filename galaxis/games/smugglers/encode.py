"""A numeric encoding of one seat's Space Smugglers observation, for RL.

It reads only ``observation(seat)`` plus the public component data (what is
printed on each sector card), so it cannot leak. Players are rotated so that
block 0 is always the observer: one policy can play every seat. The layout
(documented in docs/interop.md) is fixed for every player count and option
set; missing cards and seats are all-zero blocks with their ``present`` flag 0.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from galaxis.games.smugglers.data import COLOURS, sectors

MAX_CARDS = 6
MAX_PLAYERS = 6
TOKENS = (-1, 0, 1, 2, 3, 4)
SHIPS = (*COLOURS, "x")
PHASES = ("bid", "pay", "refill", "over")
PENDING = ("pay", "refill", "dump")

# (name, width) of every block, in order; the per-card and per-player blocks repeat.
GLOBAL = (
    ("round_fraction", 1),
    ("galaxies_left", 1),
    ("phase", len(PHASES)),
    ("realtime", 1),
    ("my_turn", 1),
    ("waits", 1),
    ("options", 4),
    ("free_tokens", len(TOKENS)),
    ("pool_energy", 1),
    ("pool_goods", len(COLOURS)),
    ("discarded", 1),
    ("pending_mine", 1),
    ("pending_kind", len(PENDING)),
    ("pending_left", 1),
)
CARD = (
    ("present", 1),
    ("planets", len(COLOURS)),
    ("ships", len(SHIPS)),
    ("station", 1),
    ("fav_planets_mine", 1),
    ("fav_ships_mine", 1),
    ("my_dice", 1),
    ("my_top", 1),
    ("other_dice", 1),
    ("other_top", 1),
    ("i_lead", 1),
    ("won_by_me", 1),
)
PLAYER = (
    ("present", 1),
    ("energy", 1),
    ("goods", len(COLOURS)),
    ("dice_in_hand", 1),
    ("token_count", 1),
    ("token_sum", 1),
    ("won", 1),
    ("paid", 1),
    ("unpaid", 1),
    ("fav_planets", len(COLOURS)),
    ("fav_ships", len(COLOURS)),
    ("paid_planets", len(COLOURS)),
    ("paid_ships", len(SHIPS)),
    ("paid_stations", 1),
    ("score", 1),
)
G_SIZE = sum(w for _, w in GLOBAL)
C_SIZE = sum(w for _, w in CARD)
P_SIZE = sum(w for _, w in PLAYER)
SIZE = G_SIZE + MAX_CARDS * C_SIZE + MAX_PLAYERS * P_SIZE

_COLOUR = {c: i for i, c in enumerate(COLOURS)}
_SHIP = {c: i for i, c in enumerate(SHIPS)}
_TOKEN = {t: i for i, t in enumerate(TOKENS)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_PENDING = {k: i for i, k in enumerate(PENDING)}


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests."""
    out: list[tuple[str, int, int]] = []
    off = 0
    for name, width in GLOBAL:
        out.append((name, off, width))
        off += width
    for c in range(MAX_CARDS):
        for name, width in CARD:
            out.append((f"card{c}.{name}", off, width))
            off += width
    for p in range(MAX_PLAYERS):
        for name, width in PLAYER:
            out.append((f"player{p}.{name}", off, width))
            off += width
    return out


class SmugglersEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to about [0, 1]."""

    size = SIZE
    low = -8.0
    high = 8.0

    def __init__(self) -> None:
        self._card_cache: dict[str, tuple[list[float], list[float], float]] = {}
        # a score pile changes a few times a game: its scaled totals are kept per pile
        self._pile_cache: dict[tuple[str, ...], list[float]] = {}

    def _pile(self, paid: list[str]) -> list[float]:
        """Planets, ships and stations on a pile of paid sectors (scaled), 10 numbers."""
        key = tuple(paid)
        entry = self._pile_cache.get(key)
        if entry is None:
            if len(self._pile_cache) > 4096:
                self._pile_cache.clear()
            entry = [0.0] * (len(COLOURS) + len(SHIPS) + 1)
            for cid in paid:
                planets, ships, station = self._card(cid)
                for i in range(len(COLOURS)):
                    entry[i] += planets[i] / 10.0
                for i in range(len(SHIPS)):
                    entry[len(COLOURS) + i] += ships[i] / 10.0
                entry[-1] += station / 5.0
            self._pile_cache[key] = entry
        return entry

    def _card(self, cid: str) -> tuple[list[float], list[float], float]:
        """Planet counts, ship counts and station flag printed on a sector card."""
        entry = self._card_cache.get(cid)
        if entry is None:
            sector = sectors()[cid]
            planets = [0.0] * len(COLOURS)
            for c in sector.planets:
                planets[_COLOUR[c]] += 1.0
            ships = [0.0] * len(SHIPS)
            for c in sector.ships:
                ships[_SHIP[c]] += 1.0
            entry = self._card_cache[cid] = (planets, ships, 1.0 if sector.station else 0.0)
        return entry

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        v = [0.0] * SIZE
        you = obs.get("you")
        me = 0 if you is None else you
        players = obs["players"]
        n = len(players)
        # --- global
        rounds = obs["rounds"] or 1
        v[0] = obs["round"] / rounds
        v[1] = obs["galaxies_left"] / 8.0
        v[2 + _PHASE.get(obs["phase"], 3)] = 1.0
        o = 2 + len(PHASES)
        v[o] = 1.0 if obs["mode"] == "realtime" else 0.0
        v[o + 1] = 1.0 if you is not None and you in obs["to_move"] else 0.0
        v[o + 2] = min(obs["waits"], 8) / 8.0
        opts = obs["options"]
        v[o + 3] = float(opts["stacked"])
        v[o + 4] = float(opts["stations"])
        v[o + 5] = float(opts["favourite_ships"])
        v[o + 6] = float(opts["favourite_goods"])
        o += 7
        for t in obs["free_tokens"]:
            v[o + _TOKEN[t]] = 1.0
        o += len(TOKENS)
        pool = obs["pool"]
        v[o] = pool["energy"] / 30.0
        goods = pool["goods"]
        for c, i in _COLOUR.items():
            v[o + 1 + i] = goods[c] / 10.0
        o += 1 + len(COLOURS)
        v[o] = len(obs["discarded"]) / 10.0
        pending = obs["pending"]
        if pending:
            step = pending[0]
            v[o + 1] = 1.0 if step.get("seat") == you else 0.0
            k = _PENDING.get(step.get("kind", ""))
            if k is not None:
                v[o + 2 + k] = 1.0
            left = step.get("data", {}).get("left", 0) if isinstance(step.get("data"), dict) else 0
            v[o + 2 + len(PENDING)] = left / 4.0
        o = G_SIZE
        # --- the row of sector cards
        mine = players[me] if 0 <= me < n else None
        fav_p = set(mine["fav_planets"]) if mine else set()
        fav_s = set(mine["fav_ships"]) if mine else set()
        won_labels = set(mine["won"]) if mine else set()
        for ci, card in enumerate(obs["row"][:MAX_CARDS]):
            b = o + ci * C_SIZE
            v[b] = 1.0
            planets, ships, station = self._card(card["sector"])
            v[b + 1 : b + 5] = planets
            v[b + 5 : b + 10] = ships
            v[b + 10] = station
            v[b + 11] = sum(planets[_COLOUR[c]] for c in fav_p) / 3.0
            v[b + 12] = sum(ships[_SHIP[c]] for c in fav_s) / 3.0
            my_n = my_top = other_n = other_top = 0
            for seat, value in card["dice"]:
                if seat == you:
                    my_n += 1
                    my_top = max(my_top, value)
                else:
                    other_n += 1
                    other_top = max(other_top, value)
            v[b + 13] = my_n / 2.0
            v[b + 14] = my_top / 6.0
            v[b + 15] = other_n / 4.0
            v[b + 16] = other_top / 6.0
            v[b + 17] = 1.0 if my_top > other_top else 0.0
            v[b + 18] = 1.0 if card["label"] in won_labels else 0.0
        # --- players, the observer first
        o = G_SIZE + MAX_CARDS * C_SIZE
        scores = obs["scores"]
        for k in range(min(n, MAX_PLAYERS)):
            seat = (me + k) % n
            p = players[seat]
            b = o + k * P_SIZE
            v[b] = 1.0
            v[b + 1] = p["energy"] / 10.0
            g = p["goods"]
            for c, i in _COLOUR.items():
                v[b + 2 + i] = g[c] / 5.0
            v[b + 6] = p["dice_in_hand"] / 2.0
            tokens = p["tokens"]
            v[b + 7] = len(tokens) / 3.0
            v[b + 8] = sum(tokens) / 4.0
            v[b + 9] = len(p["won"]) / 3.0
            v[b + 10] = len(p["paid"]) / 10.0
            v[b + 11] = len(p["unpaid"]) / 5.0
            for c in p["fav_planets"]:
                v[b + 12 + _COLOUR[c]] = 1.0
            for c in p["fav_ships"]:
                v[b + 16 + _COLOUR[c]] = 1.0
            if p["paid"]:
                v[b + 20 : b + 30] = self._pile(p["paid"])
            # the only unbounded count: clamped to the declared bounds
            v[b + 30] = max(self.low, min(self.high, scores[seat] / 20.0)) if seat < len(scores) else 0.0
        # array('f') converts the list at C speed, and NumPy adopts its buffer without a copy
        return np.frombuffer(array("f", v), dtype=np.float32)
