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

from galaxis.games.smugglers.data import COLOURS, sectors, sheets

MAX_CARDS = 6
LETTERS = "ABCDEF"
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
_ZERO = array("f", bytes(4 * SIZE))


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
    low = -1.0  # only the speed-token sum (the -1 token) goes below zero
    high = 8.0

    def __init__(self) -> None:
        # Static blocks (what is printed on a card, a pile's totals, a sheet's favourites)
        # are built once and copied in with one slice assignment each.
        self._card_cache: dict[tuple[str, tuple[str, ...], tuple[str, ...]], array[float]] = {}
        self._pile_cache: dict[tuple[str, ...], array[float]] = {}
        self._fav_cache: dict[tuple[tuple[str, ...], tuple[str, ...]], array[float]] = {}
        self._player_cache: dict[tuple[Any, ...], array[float]] = {}

    def _card(self, cid: str, fav_p: tuple[str, ...], fav_s: tuple[str, ...]) -> array[float]:
        """planets (4), ships (5), station, and how many planets and ships match the observer's favourites."""
        key = (cid, fav_p, fav_s)
        block = self._card_cache.get(key)
        if block is None:
            sector = sectors()[cid]
            block = array("f", bytes(4 * 12))
            for c in sector.planets:
                block[_COLOUR[c]] += 1.0
            for ship in sector.ships:
                block[4 + _SHIP[ship]] += 1.0
            block[9] = 1.0 if sector.station else 0.0
            block[10] = sum(1 for c in sector.planets if c in fav_p) / 3.0
            block[11] = sum(1 for ship in sector.ships if ship in fav_s) / 3.0
            self._card_cache[key] = block
        return block

    def _pile(self, paid: list[str]) -> array[float]:
        """Planets (4), ships (5) and stations on a pile of paid sectors, scaled."""
        key = tuple(paid)
        block = self._pile_cache.get(key)
        if block is None:
            if len(self._pile_cache) > 4096:
                self._pile_cache.clear()
            block = array("f", bytes(4 * 10))
            for cid in paid:
                sector = sectors()[cid]
                for c in sector.planets:
                    block[_COLOUR[c]] += 0.1
                for ship in sector.ships:
                    block[4 + _SHIP[ship]] += 0.1
                block[9] += 0.2 if sector.station else 0.0
            self._pile_cache[key] = block
        return block

    def _player_block(
        self,
        energy: int,
        goods: Any,
        dice_in_hand: int,
        tokens: Any,
        won: Any,
        paid: list[str],
        unpaid: int,
        fav_planets: tuple[str, ...],
        fav_ships: tuple[str, ...],
    ) -> array[float]:
        v = array("f", bytes(4 * P_SIZE))
        v[0] = 1.0
        v[1] = energy / 10.0
        v[2] = goods[0] / 5.0
        v[3] = goods[1] / 5.0
        v[4] = goods[2] / 5.0
        v[5] = goods[3] / 5.0
        v[6] = dice_in_hand / 2.0
        v[7] = len(tokens) / 3.0
        v[8] = sum(tokens) / 4.0
        v[9] = len(won) / 3.0
        v[10] = len(paid) / 10.0
        v[11] = unpaid / 5.0
        v[12:20] = self._favs(fav_planets, fav_ships)
        if paid:
            v[20:30] = self._pile(paid)
        return v

    def _favs(self, fav_planets: tuple[str, ...], fav_ships: tuple[str, ...]) -> array[float]:
        key = (fav_planets, fav_ships)
        block = self._fav_cache.get(key)
        if block is None:
            block = array("f", bytes(4 * 8))
            for c in fav_planets:
                block[_COLOUR[c]] = 1.0
            for c in fav_ships:
                block[4 + _COLOUR[c]] = 1.0
            self._fav_cache[key] = block
        return block

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        you = obs.get("you")
        pending = obs["pending"]
        pend = None
        if pending:
            step = pending[0]
            data = step.get("data")
            pend = (step.get("seat"), step.get("kind", ""), data.get("left", 0) if isinstance(data, dict) else 0)
        opts = obs["options"]
        players = [
            (
                p["energy"],
                [p["goods"][c] for c in COLOURS],
                p["dice_in_hand"],
                p["tokens"],
                [LETTERS.index(w) for w in p["won"]],
                p["paid"],
                len(p["unpaid"]),
                tuple(p["fav_planets"]),
                tuple(p["fav_ships"]),
            )
            for p in obs["players"]
        ]
        return self._fill(
            you,
            obs["round"] / (obs["rounds"] or 1),
            obs["galaxies_left"],
            obs["phase"],
            obs["mode"] == "realtime",
            obs["to_move"],
            obs["waits"],
            (opts["stacked"], opts["stations"], opts["favourite_ships"], opts["favourite_goods"]),
            obs["free_tokens"],
            obs["pool"]["energy"],
            [obs["pool"]["goods"][c] for c in COLOURS],
            len(obs["discarded"]),
            pend,
            [(card["sector"], card["dice"]) for card in obs["row"]],
            players,
        )

    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state.

        A fast path for the RL adapters: it reads exactly the fields that
        ``observation`` publishes (the hidden galaxies only through their
        count), and tests/interop check that both paths agree on every position
        of many random matches and that a determinized copy encodes the same.
        """
        s = match.state
        sheet = sheets()
        pend = None
        if s.pending:
            step = s.pending[-1]
            data = step.data
            pend = (step.seat, step.kind, data.get("left", 0) if isinstance(data, dict) else 0)
        players = []
        for p in s.players:
            sh = sheet[p.colour]
            players.append(
                (p.energy, p.goods, p.dice_in_hand, p.tokens, [w[0] for w in p.won], p.paid, len(p.unpaid), sh.fav_planets, sh.fav_ships)
            )
        dice = s.dice
        return self._fill(
            seat,
            s.round / (s.rounds or 1),
            len(s.galaxies),
            s.phase,
            s.realtime,
            match.to_move,
            s.waits,
            (s.stacked, s.stations, s.fav_ships, s.fav_goods),
            s.free_tokens,
            s.pool_energy,
            s.pool_goods,
            len(s.discarded),
            pend,
            [(cid, dice[i] if i < len(dice) else ()) for i, cid in enumerate(s.row)],
            players,
        )

    def _fill(
        self,
        you: int | None,
        round_fraction: float,
        galaxies_left: int,
        phase: str,
        realtime: bool,
        to_move: Any,
        waits: int,
        options: tuple[bool, bool, bool, bool],
        free_tokens: Any,
        pool_energy: int,
        pool_goods: Any,
        discarded: int,
        pend: tuple[Any, str, int] | None,
        row: list[tuple[str, Any]],
        players: list[tuple[Any, ...]],
    ) -> np.ndarray:
        v = _ZERO[:]
        me = 0 if you is None else you
        n = len(players)
        # --- global
        v[0] = round_fraction
        v[1] = galaxies_left / 8.0
        v[2 + _PHASE.get(phase, 3)] = 1.0
        v[6] = 1.0 if realtime else 0.0
        v[7] = 1.0 if you is not None and you in to_move else 0.0
        v[8] = min(waits, 8) / 8.0
        v[9] = 1.0 if options[0] else 0.0
        v[10] = 1.0 if options[1] else 0.0
        v[11] = 1.0 if options[2] else 0.0
        v[12] = 1.0 if options[3] else 0.0
        for t in free_tokens:
            v[13 + _TOKEN[t]] = 1.0
        v[19] = pool_energy / 30.0
        v[20] = pool_goods[0] / 10.0
        v[21] = pool_goods[1] / 10.0
        v[22] = pool_goods[2] / 10.0
        v[23] = pool_goods[3] / 10.0
        v[24] = discarded / 10.0
        if pend is not None:
            v[25] = 1.0 if pend[0] == you else 0.0
            k = _PENDING.get(pend[1])
            if k is not None:
                v[26 + k] = 1.0
            v[29] = pend[2] / 4.0
        # --- the row of sector cards
        mine = players[me] if 0 <= me < n else None
        fav_p = mine[7] if mine else ()
        fav_s = mine[8] if mine else ()
        won_rows = mine[4] if mine else ()
        o = G_SIZE
        for ci, (cid, dice) in enumerate(row[:MAX_CARDS]):
            b = o + ci * C_SIZE
            v[b] = 1.0
            v[b + 1 : b + 13] = self._card(cid, fav_p, fav_s)
            my_n = my_top = other_n = other_top = 0
            for seat, value in dice:
                if seat == you:
                    my_n += 1
                    if value > my_top:
                        my_top = value
                else:
                    other_n += 1
                    if value > other_top:
                        other_top = value
            v[b + 13] = my_n / 2.0
            v[b + 14] = my_top / 6.0
            v[b + 15] = other_n / 4.0
            v[b + 16] = other_top / 6.0
            v[b + 17] = 1.0 if my_top > other_top else 0.0
            v[b + 18] = 1.0 if ci in won_rows else 0.0
        # --- players, the observer first
        o = G_SIZE + MAX_CARDS * C_SIZE
        cache = self._player_cache
        if len(cache) > 16384:
            cache.clear()
        for k in range(min(n, MAX_PLAYERS)):
            energy, goods, dice_in_hand, tokens, won, paid, unpaid, fav_planets, fav_ships = players[(me + k) % n]
            # a seat's block changes only when its own numbers do: most steps reuse it
            key = (energy, *goods, dice_in_hand, len(won), unpaid, fav_planets, fav_ships, tuple(tokens), tuple(paid))
            block = cache.get(key)
            if block is None:
                block = cache[key] = self._player_block(
                    energy, goods, dice_in_hand, tokens, won, paid, unpaid, fav_planets, fav_ships
                )
            b = o + k * P_SIZE
            v[b : b + P_SIZE] = block
        # NumPy adopts the array's buffer without a copy
        return np.frombuffer(v, dtype=np.float32)
