"""A numeric encoding of one seat's Stellium observation, for RL.

It reads only ``observation(seat)`` plus the public component data (the board
geometry and the objective card list), so it cannot leak: with secret
objectives another seat's held cards are all zeros, exactly as in the
observation. Players are rotated so that block 0 is always the observer. The
layout (documented in docs/interop.md) is fixed for every player count and
option set; missing seats are all-zero blocks with their ``present`` flag 0.

``encode_match`` is the fast path for the RL adapters: the same vector read
straight from the fields that ``observation`` publishes (tests/interop check
the equality on every position of random matches, and that a determinized copy
encodes the same).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from galaxis.games.stellium import scoring
from galaxis.games.stellium.data import DISC_LETTERS, TYPES, board_data, cards, geometry
from galaxis.interop.blocks import BlockCache, layout_offsets, layout_width, seat_layout, zeros

CELLS = 52  # 6 discs x 7 holes + 10 black holes, in both layouts (§2)
DISCS = 6
MAX_PLAYERS = 4
PENDING = (
    "take", "validate", "draw", "place", "effect", "collide", "permute", "swap",
    "rotate", "attract", "pull", "match", "keep", "refill_start", "refill_pick", "refill_cell",
)  # fmt: skip
LAYOUTS = ("triangle", "parallelogram")
DRAWS = ("choose", "random", "touch")


def card_ids() -> tuple[str, ...]:
    return tuple(sorted(cards()))


CARDS = len(card_ids())

# (name, width) of every field, in order, grouped into segments that are built
# once per distinct content (galaxis.interop.blocks); the player segment repeats.
MISC = (
    ("turn", 1),
    ("my_turn", 1),
    ("my_seat_plays", 1),
    ("final_turns_left", 1),
    ("final_turns", 1),
    ("over", 1),
    ("bag", 4),
    ("in_hand", 4),
    ("refill_pool", 4),
)
OPTIONS = (("options", 5 + len(DRAWS) + len(LAYOUTS)), ("target", 1))
BOARD = (("board", CELLS * 4), ("start_points", CELLS), ("rotation", DISCS * 6), ("placed", CELLS))
CARDS_ROW = (("display", CARDS), ("deck", 1), ("set_aside", CARDS))
PENDING_STEP = (
    ("pending_kind", len(PENDING)),
    ("pending_mine", 1),
    ("pending_cell", CELLS),
    ("pending_cells", CELLS),
    ("pending_disc", DISCS),
    ("pending_card", CARDS),
    ("pending_marble", 4),
    ("pending_forced", 1),
    ("pending_left", 1),
)
GLOBAL = (*MISC, *OPTIONS, *BOARD, *CARDS_ROW, *PENDING_STEP)
PLAYER = (
    ("present", 1),
    ("score", 1),
    ("points", 1),
    ("held", CARDS),
    ("held_count", 1),
    ("held_new", 1),
    ("won_count", 1),
    ("tokens", 4),
    ("discarded_count", 1),
    ("reached", 1),
)




G = layout_offsets(GLOBAL)
P = layout_offsets(PLAYER)
G_SIZE = layout_width(GLOBAL)
P_SIZE = layout_width(PLAYER)
SIZE = G_SIZE + MAX_PLAYERS * P_SIZE
# where each segment starts and ends
S_MISC = (G["turn"], G["turn"] + layout_width(MISC))
S_OPTIONS = (G["options"], G["options"] + layout_width(OPTIONS))
S_BOARD = (G["board"], G["board"] + layout_width(BOARD))
S_CARDS = (G["display"], G["display"] + layout_width(CARDS_ROW))
S_PENDING = (G["pending_kind"], G["pending_kind"] + layout_width(PENDING_STEP))

_TYPE = {t: i for i, t in enumerate(TYPES)}
_PENDING = {k: i for i, k in enumerate(PENDING)}
_CARD = {c: i for i, c in enumerate(card_ids())}
_ZERO = array("f", bytes(4 * SIZE))


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests."""
    return seat_layout(GLOBAL, PLAYER, MAX_PLAYERS)


class StelliumEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to about [0, 1]."""

    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self) -> None:
        self._misc = BlockCache(S_MISC[1] - S_MISC[0], _misc_block)
        self._options = BlockCache(S_OPTIONS[1] - S_OPTIONS[0], _options_block)
        self._board = BlockCache(S_BOARD[1] - S_BOARD[0], _board_block)
        self._cards = BlockCache(S_CARDS[1] - S_CARDS[0], _cards_block)
        self._pending = BlockCache(S_PENDING[1] - S_PENDING[0], _pending_block)
        self._player = BlockCache(P_SIZE, _player_block)
        self._start_cells: dict[tuple[Any, ...], tuple[int, ...]] = {}

    # --- the observation path ---------------------------------------------------
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        geo = geometry(obs["layout"])
        index = geo.index
        pending = obs["pending"]
        pend = None
        if pending is not None:
            pend = _pending_from(pending["kind"], pending["seat"], pending["data"], index, DISC_LETTERS.index)
        board = [""] * geo.size
        for label, marble in obs["board"].items():
            board[index[label]] = marble
        starts = tuple(sorted(index[c] for cells in obs["start_points"].values() for c in cells))
        opts = obs["options"]
        players = [
            (
                float(score),
                p["points"],
                tuple(p["held"]),
                p["held_count"],
                obs["turn"] in p["held_turn"],
                len(p["won"]),
                tuple(p["tokens"]),
                p["discarded_count"],
                p["reached"] >= 0,
            )
            for p, score in zip(obs["players"], obs["scores"], strict=True)
        ]
        return self._fill(
            obs["you"],
            obs["turn"],
            obs["to_move"],
            obs["seat"],
            (
                opts["mirror"],
                opts["secret_objectives"],
                opts["black_hole_galaxy"],
                opts["attraction_immunity"] == "placed",
                opts["no_winner_below_target"],
                opts["draw"],
                obs["layout"],
                obs["target"],
            ),
            obs["final_turns"],
            obs["over"],
            (tuple(board), starts, tuple(obs["rotation"]), index[obs["placed"]] if obs["placed"] else -1),
            tuple(obs["bag"][t] for t in TYPES),
            obs["in_hand"],
            tuple(obs["refill_pool"]),
            (tuple(obs["display"]), obs["deck"], tuple(obs["set_aside"])),
            pend,
            players,
        )

    # --- the fast path ------------------------------------------------------------
    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state."""
        s = match.state
        pend = None
        if s.pending:
            top = s.pending[-1]
            pend = _pending_from(top.kind, top.seat, top.data, None, None)
        players = []
        secret = s.secret_hands
        turn = s.turn
        for i, p in enumerate(s.players):
            score = p.points + len(p.tokens) + scoring.colour_bonus(p)
            held = tuple(p.held) if not secret or seat == i else ()
            players.append(
                (
                    float(score),
                    p.points,
                    held,
                    len(p.held),
                    turn in p.held_turn,
                    len(p.won),
                    tuple(p.tokens),
                    len(p.discarded),
                    p.reached >= 0,
                )
            )
        return self._fill(
            seat,
            turn,
            match.to_move,
            s.seat,
            (s.mirror, secret, s.bh_galaxy, s.immune == "placed", s.strict, s.draw, s.layout, s.target),
            s.final_turns,
            s.over,
            (
                tuple(s.board),
                self._starts(s.layout, tuple(s.disc_kind), tuple(s.rot)),
                tuple(s.rot),
                s.placed,
            ),
            tuple(s.bag),
            s.in_hand,
            tuple(s.refill_pool),
            (tuple(s.display), len(s.deck), tuple(s.set_aside)),
            pend,
            players,
        )

    # --- shared -----------------------------------------------------------------------
    def _starts(self, layout_name: str, kinds: tuple[int, ...], rot: tuple[int, ...]) -> tuple[int, ...]:
        """The start-point cells, sorted, as ``observation`` lists them (§2.3), cached by the
        disc arrangement that decides them."""
        key = (layout_name, kinds, rot)
        cells = self._start_cells.get(key)
        if cells is None:
            if len(self._start_cells) > 4096:
                self._start_cells.clear()
            geo = geometry(layout_name)
            discs = board_data().discs
            cells = self._start_cells[key] = tuple(
                sorted(
                    geo.discs[d][(h - 1 + rot[d]) % 6 + 1]
                    for d in range(DISCS)
                    for h in discs[kinds[d]].start
                )
            )
        return cells

    def _fill(
        self,
        you: int | None,
        turn: int,
        to_move: Any,
        seat_playing: int,
        options: tuple[Any, ...],
        final_turns: int,
        over: bool,
        board: tuple[Any, ...],
        bag: tuple[int, ...],
        in_hand: str,
        refill_pool: tuple[str, ...],
        cards_row: tuple[Any, ...],
        pend: tuple[Any, ...] | None,
        players: list[tuple[Any, ...]],
    ) -> np.ndarray:
        v = _ZERO[:]
        misc = (
            min(turn, 100),
            you is not None and you in to_move,
            you == seat_playing,
            final_turns,
            over,
            bag,
            in_hand,
            refill_pool,
        )
        v[S_MISC[0] : S_MISC[1]] = self._misc.get(misc)
        v[S_OPTIONS[0] : S_OPTIONS[1]] = self._options.get(options)
        v[S_BOARD[0] : S_BOARD[1]] = self._board.get(board)
        v[S_CARDS[0] : S_CARDS[1]] = self._cards.get(cards_row)
        if pend is not None:
            v[S_PENDING[0] : S_PENDING[1]] = self._pending.get((*pend[:1], pend[1] == you, *pend[2:]))
        # --- players, the observer first
        n = len(players)
        me = 0 if you is None else you
        get = self._player.get
        for k in range(min(n, MAX_PLAYERS)):
            b = G_SIZE + k * P_SIZE
            v[b : b + P_SIZE] = get(players[(me + k) % n])
        return np.frombuffer(v, dtype=np.float32)


def _pending_from(kind: str, seat: int, data: Any, index: Any, disc_index: Any) -> tuple[Any, ...]:
    """(kind, seat, cell, cells, disc, card, marble, forced, left) of the pending step, with
    cells and discs as numbers (``index``/``disc_index`` convert the observation's labels)."""
    cell = disc = -1
    cells: tuple[int, ...] = ()
    card = marble = ""
    forced = False
    left = 0
    if isinstance(data, dict) and data:
        for key in ("cell", "from", "hole"):
            if key in data:
                cell = data[key] if index is None else index[data[key]]
                break
        if "cells" in data:
            cells = tuple(data["cells"]) if index is None else tuple(index[c] for c in data["cells"])
        if "disc" in data:
            disc = data["disc"] if disc_index is None else disc_index(data["disc"])
        card = str(data.get("card", ""))
        marble = str(data.get("kind", data.get("type", "")))
        forced = bool(data.get("forced", False))
        left = int(data.get("left", 0))
    return (kind, seat, cell, cells, disc, card, marble, forced, left)


# --- segment builders (each gets the key it is cached under) ----------------------------
def _misc_block(key: tuple[Any, ...]) -> array[float]:
    turn, my_turn, my_seat_plays, final_turns, over, bag, in_hand, refill_pool = key
    v = zeros(S_MISC[1] - S_MISC[0])
    o = G["turn"]
    v[G["turn"] - o] = turn / 100.0
    v[G["my_turn"] - o] = 1.0 if my_turn else 0.0
    v[G["my_seat_plays"] - o] = 1.0 if my_seat_plays else 0.0
    if final_turns >= 0:
        v[G["final_turns_left"] - o] = 1.0
        v[G["final_turns"] - o] = min(final_turns, 8) / 8.0
    v[G["over"] - o] = 1.0 if over else 0.0
    for k in range(4):
        v[G["bag"] - o + k] = min(bag[k], 11) / 11.0
    if in_hand:
        v[G["in_hand"] - o + _TYPE[in_hand]] = 1.0
    for m in refill_pool:
        v[G["refill_pool"] - o + _TYPE[m]] += 0.2
    return v


def _options_block(key: tuple[Any, ...]) -> array[float]:
    v = zeros(S_OPTIONS[1] - S_OPTIONS[0])
    for k in range(5):
        if key[k]:
            v[k] = 1.0
    v[5 + DRAWS.index(key[5])] = 1.0
    v[5 + len(DRAWS) + LAYOUTS.index(key[6])] = 1.0
    v[G["target"] - S_OPTIONS[0]] = min(key[7], 60) / 60.0
    return v


def _board_block(key: tuple[Any, ...]) -> array[float]:
    board, starts, rotation, placed = key
    v = zeros(S_BOARD[1] - S_BOARD[0])
    o = G["board"] - S_BOARD[0]
    for c, m in enumerate(board):
        if m:
            v[o + 4 * c + _TYPE[m]] = 1.0
    o = G["start_points"] - S_BOARD[0]
    for c in starts:
        v[o + c] = 1.0
    o = G["rotation"] - S_BOARD[0]
    for d in range(DISCS):
        v[o + 6 * d + rotation[d] % 6] = 1.0
    if placed >= 0:
        v[G["placed"] - S_BOARD[0] + placed] = 1.0
    return v


def _cards_block(key: tuple[Any, ...]) -> array[float]:
    display, deck, set_aside = key
    v = zeros(S_CARDS[1] - S_CARDS[0])
    o = G["display"] - S_CARDS[0]
    for c in display:
        v[o + _CARD[c]] = 1.0
    v[G["deck"] - S_CARDS[0]] = min(deck, CARDS) / CARDS
    o = G["set_aside"] - S_CARDS[0]
    for c in set_aside:
        v[o + _CARD[c]] = 1.0
    return v


def _pending_block(key: tuple[Any, ...]) -> array[float]:
    kind, mine, cell, cells, disc, card, marble, forced, left = key
    v = zeros(S_PENDING[1] - S_PENDING[0])
    base = S_PENDING[0]
    k = _PENDING.get(kind)
    if k is not None:
        v[G["pending_kind"] - base + k] = 1.0
    v[G["pending_mine"] - base] = 1.0 if mine else 0.0
    if cell >= 0:
        v[G["pending_cell"] - base + cell] = 1.0
    for c in cells:
        v[G["pending_cells"] - base + c] = 1.0
    if disc >= 0:
        v[G["pending_disc"] - base + disc] = 1.0
    if card in _CARD:
        v[G["pending_card"] - base + _CARD[card]] = 1.0
    if marble in _TYPE:
        v[G["pending_marble"] - base + _TYPE[marble]] = 1.0
    v[G["pending_forced"] - base] = 1.0 if forced else 0.0
    v[G["pending_left"] - base] = min(left, 5) / 5.0
    return v


def _player_block(key: tuple[Any, ...]) -> array[float]:
    score, points, held, held_count, held_new, won, tokens, discarded, reached = key
    v = zeros(P_SIZE)
    v[P["present"]] = 1.0
    v[P["score"]] = min(score, 60.0) / 60.0
    v[P["points"]] = min(points, 60) / 60.0
    for c in held:
        v[P["held"] + _CARD[c]] = 1.0
    v[P["held_count"]] = min(held_count, 3) / 3.0
    v[P["held_new"]] = 1.0 if held_new else 0.0
    v[P["won_count"]] = min(won, 10) / 10.0
    for t in tokens:
        v[P["tokens"] + _TYPE[t]] = 1.0
    v[P["discarded_count"]] = min(discarded, 10) / 10.0
    v[P["reached"]] = 1.0 if reached else 0.0
    return v
