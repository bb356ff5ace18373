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

How it is fast: the vector is the concatenation of small float32 pieces kept as
``bytes`` and joined once (``b"".join`` + ``np.frombuffer``, no per-element
stores). Pieces that take few values (a board cell, the marble in hand, the
placed cell, the pile size, an absent seat) come from tables built at import;
the others are built once per distinct key -- a tuple of exactly the observed
values the piece depends on -- and kept in dicts that are emptied when they
reach ``blocks.MAX_ENTRIES``. On top of that the fast path remembers, per
segment (board, cards, options, bag, each seat's block), a copy of
the state fields it was last built from and reuses the bytes while those fields
compare equal: comparing an unchanged list is a pointer check per item, cheaper
than hashing it into a key, and being a content comparison it never hinges on
object identity. Most steps change one or two segments.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterable
from operator import itemgetter
from typing import Any, TypeVar

import numpy as np

from galaxis.core import blocks
from galaxis.core.blocks import layout_offsets, layout_width, seat_layout, zeros
from galaxis.games.stellium import scoring
from galaxis.games.stellium.data import DISC_LETTERS, TYPES, board_data, cards, geometry
from galaxis.games.stellium.state import (
    M_BAG,
    M_CARDS,
    M_DISCS,
    M_OPTIONS,
    M_PLAYER,
    M_REGION,
    MARKS,
    REGIONS,
    Player,
    StelliumState,
)

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

# (name, width) of every field, in order; each group below is assembled from the
# pieces named in the builders (the player group repeats per seat).
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
PENDING_SIZE = layout_width(PENDING_STEP)

T = TypeVar("T")
_TYPE = {t: i for i, t in enumerate(TYPES)}
_PENDING = {k: i for i, k in enumerate(PENDING)}
_CARD = {c: i for i, c in enumerate(card_ids())}


def layout() -> list[tuple[str, int, int]]:
    """(name, offset, width) of every field, for the documentation and tests."""
    return seat_layout(GLOBAL, PLAYER, MAX_PLAYERS)


def _one_hot(width: int, index: int) -> bytes:
    v = zeros(width)
    if index >= 0:
        v[index] = 1.0
    return v.tobytes()


# --- tables of the pieces that take few values -------------------------------------------
# a board cell or the marble in hand: "" -> 4 zeros, a marble type -> its one-hot
_MARBLE = {"": bytes(16), **{t: _one_hot(4, i) for t, i in _TYPE.items()}}
# the cell placed this turn, indexed by cell + 1 (-1: none yet)
_PLACED = tuple(_one_hot(CELLS, c) for c in range(-1, CELLS))
# the pile size, indexed by min(size, CARDS)
_DECK = tuple(array("f", [n / CARDS]).tobytes() for n in range(CARDS + 1))
_NO_PENDING = bytes(4 * PENDING_SIZE)
_NO_REFILL = bytes(16)
_F32 = np.dtype(np.float32)
# the segments kept in the fast path's shared view of a state (blocks.View.parts): the
# marbles of each board region, the start points and rotation, the board segment (those
# joined), the bag, cards and options, each seat's block as every observer sees it (by
# seat), and those blocks joined with each seat first (b"": not joined yet)
_S_REGION = 0
_S_DISCS = _S_REGION + REGIONS
_S_BOARD, _S_BAG, _S_CARDS, _S_OPTIONS, _S_PLAYERS = range(_S_DISCS + 1, _S_DISCS + 6)
_S_ABSENT = _S_PLAYERS + MAX_PLAYERS  # the all-zero blocks of the seats a match does not have
_S_ROTATED = _S_ABSENT + 1
_S_PARTS = _S_ROTATED + MAX_PLAYERS
# per player count and observer: the shared parts of the seats' blocks, observer first, and
# the absent seats' zeros
_ROTATION = tuple(
    tuple(itemgetter(*(_S_PLAYERS + (me + k) % n for k in range(n)), _S_ABSENT) for me in range(n))
    if n
    else ()
    for n in range(MAX_PLAYERS + 1)
)
_NOT_JOINED = [b""] * MAX_PLAYERS
# the cells of each board region (discs A..F, then the black holes)
_REGION_CELLS = tuple((7 * r, 7 * r + 7) if r < REGIONS - 1 else (7 * r, CELLS) for r in range(REGIONS))
# the all-zero blocks of the seats a match does not have, indexed by its player count
_ABSENT = tuple(bytes(4 * P_SIZE * max(0, MAX_PLAYERS - n)) for n in range(MAX_PLAYERS + 1))


class StelliumEncoder:
    """``encode(observation) -> float32[SIZE]``; counts are scaled to about [0, 1].

    The returned arrays are read-only (NumPy adopts the joined bytes without a copy).
    """

    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self) -> None:
        # one bounded dict per piece or segment, key -> float32 bytes (filled by _put)
        self._head: dict[Hashable, bytes] = {}
        self._bag: dict[Hashable, bytes] = {}
        self._refill: dict[Hashable, bytes] = {}
        self._options: dict[Hashable, bytes] = {}
        self._discs: dict[Hashable, bytes] = {}  # (layout, disc kinds, rotation) -> start points + rotation
        self._starts: dict[Hashable, bytes] = {}  # (start cells, rotation) -> start points + rotation
        self._card_set: dict[Hashable, bytes] = {}
        self._pending: dict[Hashable, bytes] = {}
        self._player: dict[Hashable, bytes] = {}  # keyed by the observed values
        # the pieces of a player block, and the colour bonus by validated cards
        self._score: dict[Hashable, bytes] = {}
        self._counts: dict[Hashable, bytes] = {}
        self._bonus: dict[Hashable, int] = {}
        self._regions: dict[Hashable, bytes] = {}  # the marbles of a board region
        self._cards: dict[Hashable, bytes] = {}  # (display, pile size, set aside) -> cards segment
        # the fast path's views of one state object: the shared segments (observer None)
        # and, with secret objectives, each observer's own blocks; with the change marks
        # they were built at. ``_shared`` is the shared view of the state encoded last.
        self._views = blocks.Views(MARKS, _S_PARTS)
        self._shared = blocks.View(None, MARKS, _S_PARTS)

    # --- the observation path ---------------------------------------------------
    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The encoding of an ``observation(seat)`` dict."""
        get = self._get
        geo = geometry(obs["layout"])
        index = geo.index
        you = obs["you"]
        turn = obs["turn"]
        opts = obs["options"]
        head = (
            min(turn, 100),
            you is not None and you in obs["to_move"],
            you == obs["seat"],
            obs["final_turns"],
            obs["over"],
        )
        options = (
            opts["mirror"],
            opts["secret_objectives"],
            opts["black_hole_galaxy"],
            opts["attraction_immunity"] == "placed",
            opts["no_winner_below_target"],
            opts["draw"],
            obs["layout"],
            obs["target"],
        )
        board = [""] * geo.size
        for label, marble in obs["board"].items():
            board[index[label]] = marble
        starts = tuple(sorted(index[c] for cells in obs["start_points"].values() for c in cells))
        discs = get(self._starts, (starts, tuple(obs["rotation"])), _starts_piece)
        placed = index[obs["placed"]] if obs["placed"] else -1
        display = get(self._card_set, tuple(obs["display"]), _card_set_piece)
        set_aside = get(self._card_set, tuple(obs["set_aside"]), _card_set_piece)
        pend = _NO_PENDING
        if obs["pending"] is not None:
            kind, seat, data = obs["pending"]["kind"], obs["pending"]["seat"], obs["pending"]["data"]
            pend = get(
                self._pending,
                _pending_key(kind, seat == you, data, index, DISC_LETTERS.index),
                _pending_piece,
            )
        players = [
            get(
                self._player,
                (
                    float(score),
                    p["points"],
                    tuple(p["held"]),
                    p["held_count"],
                    turn in p["held_turn"],
                    len(p["won"]),
                    tuple(p["tokens"]),
                    p["discarded_count"],
                    p["reached"] >= 0,
                ),
                self._player_block,
            )
            for p, score in zip(obs["players"], obs["scores"], strict=True)
        ]
        n = len(players)
        me = 0 if you is None else you % n
        return np.frombuffer(
            b"".join(
                (
                    get(self._head, head, _head_piece),
                    get(self._bag, tuple(obs["bag"][t] for t in TYPES), _bag_piece),
                    _MARBLE[obs["in_hand"]],
                    get(self._refill, tuple(obs["refill_pool"]), _refill_piece),
                    get(self._options, options, _options_piece),
                    _board_segment(board, discs),
                    _PLACED[placed + 1],
                    _cards_segment(display, obs["deck"], set_aside),
                    pend,
                    *players[me:],
                    *players[:me],
                    _ABSENT[n],
                )
            ),
            _F32,
        )

    # --- the fast path ------------------------------------------------------------
    def encode_match(self, match: Any, seat: int | None) -> np.ndarray:
        """The same vector as ``encode(match.observation(seat))``, read straight from the state.

        The segments that are the same for every observer (bag, options, board regions,
        cards, each seat's block as everyone sees it, and those blocks joined with each
        observer first) live in one view of the state object (``blocks.Views``, observer
        ``None``) and are rebuilt only when the state's change mark of their component
        (``state.M_*``) moved; with secret objectives an observer's own block (its cards
        shown) lives in that observer's view, on the same marks. The small pieces that
        change at nearly every step (turn and whose move, marble in hand, refill pool,
        placed cell, pending step) are looked up at every call. Rebuilt segments go through
        the same builders (and mostly the same cache keys) as the observation path.
        """
        s = match.state
        m = s.marks
        view = self._shared  # the shared view of the state encoded last, checked like Views.of
        if view.state is not s:
            view = self._shared = self._views.of(None, s)
        parts = view.parts
        if m != view.marks:
            self._refresh(s, view)
        n = len(s.players)
        if seat is not None and s.secret_hands:
            players = self._own_rotated(s, parts, seat % n)
        else:
            me = 0 if seat is None else seat % n
            players = parts[_S_ROTATED + me]
            if not players:  # the seats' blocks with the observer first, kept until one changes
                players = parts[_S_ROTATED + me] = b"".join(_ROTATION[n][me](parts))

        turn = s.turn
        over = s.over
        pend = _NO_PENDING
        mine = False  # the pending step is the observer's (then, unless over, it is to move)
        if s.pending:
            top = s.pending[-1]
            mine = top.seat == seat
            data = top.data
            # most steps carry no data: a short key (kind, mine), or (kind, mine, data items)
            # when the data holds no list (see _pending_piece)
            if not data:
                pkey: tuple[Any, ...] = (top.kind, mine)
            elif "cells" in data:
                pkey = _pending_key(top.kind, mine, data, None, None)
            else:
                pkey = (top.kind, mine, tuple(data.items()))
            pend = self._pending.get(pkey) or self._put(self._pending, pkey, _pending_piece)
        key = (
            turn if turn < 100 else 100,  # min() with two arguments is several times slower
            mine and not over,  # the observer is in to_move (the rules' to_move: the pending step's seat)
            seat == turn % n,
            s.final_turns,
            over,
        )
        return np.frombuffer(
            b"".join(
                (
                    self._head.get(key) or self._put(self._head, key, _head_piece),
                    parts[_S_BAG],
                    _MARBLE[s.in_hand],
                    self._get(self._refill, tuple(s.refill_pool), _refill_piece)
                    if s.refill_pool
                    else _NO_REFILL,
                    parts[_S_OPTIONS],
                    parts[_S_BOARD],
                    _PLACED[s.placed + 1],
                    parts[_S_CARDS],
                    pend,
                    players,
                )
            ),
            _F32,
        )

    def _refresh(self, s: StelliumState, view: blocks.View) -> None:
        """Rebuilds the shared segments whose change marks moved since ``view`` was made."""
        seen, parts, m = view.marks, view.parts, s.marks
        key: Any
        if m[:M_BAG] != seen[:M_BAG]:  # the board regions and the discs
            board = s.board
            for r in [r for r in range(REGIONS) if m[M_REGION + r] != seen[M_REGION + r]]:
                a, b = _REGION_CELLS[r]
                key = tuple(board[a:b])
                parts[_S_REGION + r] = self._regions.get(key) or self._put(self._regions, key, _marbles_piece)
            if m[M_DISCS] != seen[M_DISCS]:
                key = (s.layout, tuple(s.disc_kind), tuple(s.rot))
                parts[_S_DISCS] = self._discs.get(key) or self._put(self._discs, key, _discs_piece)
            parts[_S_BOARD] = b"".join(parts[_S_REGION : _S_DISCS + 1])
        if m[M_BAG] != seen[M_BAG]:
            key = tuple(s.bag)
            parts[_S_BAG] = self._bag.get(key) or self._put(self._bag, key, _bag_piece)
        if m[M_CARDS] != seen[M_CARDS]:
            key = (tuple(s.display), len(s.deck), tuple(s.set_aside))
            parts[_S_CARDS] = self._cards.get(key) or self._put(self._cards, key, self._cards_piece)
        if m[M_OPTIONS] != seen[M_OPTIONS]:
            key = (
                s.mirror,
                s.secret_hands,
                s.bh_galaxy,
                s.immune == "placed",
                s.strict,
                s.draw,
                s.layout,
                s.target,
            )
            parts[_S_OPTIONS] = self._get(self._options, key, _options_piece)
            parts[_S_ABSENT] = _ABSENT[len(s.players)]
        if m[M_PLAYER:] != seen[M_PLAYER:]:
            shown = not s.secret_hands
            turn = s.turn
            for i, p in enumerate(s.players):
                if m[M_PLAYER + i] != seen[M_PLAYER + i]:
                    parts[_S_PLAYERS + i] = self._player_part(p, turn, shown)
            parts[_S_ROTATED : _S_ROTATED + MAX_PLAYERS] = _NOT_JOINED
        seen[:] = m

    def _own_rotated(self, s: StelliumState, shared: list[bytes], me: int) -> bytes:
        """With secret objectives: the seats' blocks with the observer ``me`` first and its own
        cards shown (kept in the observer's view: its own block is part 0, the joined blocks
        part 1, on the seats' change marks)."""
        view = self._views.of(me, s)
        seen, parts, m = view.marks, view.parts, s.marks
        n = len(s.players)
        if seen[M_PLAYER : M_PLAYER + n] != m[M_PLAYER : M_PLAYER + n]:
            k = M_PLAYER + me
            if seen[k] != m[k]:
                parts[0] = self._player_part(s.players[me], s.turn, True)
            blocks_ = list(_ROTATION[n][me](shared))  # the observer's block first
            blocks_[0] = parts[0]
            parts[1] = b"".join(blocks_)
            seen[M_PLAYER : M_PLAYER + n] = m[M_PLAYER : M_PLAYER + n]
        return parts[1]

    # --- shared -----------------------------------------------------------------------
    @staticmethod
    def _put(cache: dict[Hashable, T], key: Hashable, build: Callable[[Any], T]) -> T:
        """Builds and keeps the piece of ``key``; the dict is emptied first when full, so memory
        stays flat in long runs of positions that never repeat."""
        if len(cache) >= blocks.MAX_ENTRIES:
            cache.clear()
        piece = cache[key] = build(key)
        return piece

    def _get(self, cache: dict[Hashable, bytes], key: Hashable, build: Callable[[Any], bytes]) -> bytes:
        return cache.get(key) or self._put(cache, key, build)

    def _cards_piece(self, key: tuple[Any, ...]) -> bytes:
        """The cards segment from (display, pile size, set-aside cards)."""
        display, deck, set_aside = key
        get = self._get
        display_piece = get(self._card_set, display, _card_set_piece)
        return _cards_segment(display_piece, deck, get(self._card_set, set_aside, _card_set_piece))

    def _player_part(self, p: Player, turn: int, shown: bool) -> bytes:
        """A player's block from its record, under the observation path's key: the observed
        values (held cards only when ``shown``), with the score of §8 final scoring."""
        won, tokens = tuple(p.won), tuple(p.tokens)
        bonus = self._bonus.get(won)
        if bonus is None:
            bonus = self._put(self._bonus, won, _colour_bonus)
        key = (
            float(p.points + len(tokens) + bonus),
            p.points,
            tuple(p.held) if shown else (),
            len(p.held),
            turn in p.held_turn,
            len(won),
            tokens,
            len(p.discarded),
            p.reached >= 0,
        )
        return self._player.get(key) or self._put(self._player, key, self._player_block)

    def _player_block(self, key: tuple[Any, ...]) -> bytes:
        """present, score / 60, stelliums / 60 (3); held cards (CARDS); held count / 3, a card
        taken this turn, validated count / 10, unused tokens (4), discarded / 10, reached (9)."""
        score, points, held, held_count, held_new, won, tokens, discarded, reached = key
        return self._player_pieces(
            (score, points), held, (held_count, held_new, won, tokens, discarded, reached)
        )

    def _player_pieces(
        self, score: tuple[float, int], held: tuple[str, ...], counts: tuple[Any, ...]
    ) -> bytes:
        """A player block from the keys of its three pieces (see ``_player_block``)."""
        put = self._put
        return b"".join(
            (
                self._score.get(score) or put(self._score, score, _score_piece),
                self._card_set.get(held) or put(self._card_set, held, _card_set_piece),
                self._counts.get(counts) or put(self._counts, counts, _counts_piece),
            )
        )


def _board_segment(board: Iterable[str], discs: bytes) -> bytes:
    """Marble one-hot per cell (looked up in C by ``itemgetter``), then start points +
    rotation (``discs``); the cell placed this turn follows separately (``_PLACED``)."""
    return b"".join(itemgetter(*board)(_MARBLE)) + discs


def _marbles_piece(cells: tuple[str, ...]) -> bytes:
    """The marble one-hots of consecutive cells (a board region)."""
    return b"".join(itemgetter(*cells)(_MARBLE))


def _cards_segment(display: bytes, deck: int, set_aside: bytes) -> bytes:
    """The display flags, the pile size / CARDS, the set-aside flags."""
    return b"".join((display, _DECK[min(deck, CARDS)], set_aside))


def _colour_bonus(won: tuple[str, ...]) -> int:
    """§8: the colour bonus of the validated cards ``won`` (the rule's own function)."""
    player = Player(held=[], held_turn=[], won=list(won), points=0, tokens=[], discarded=[], reached=-1)
    return scoring.colour_bonus(player)


def _pending_key(kind: str, mine: bool, data: Any, index: Any, disc_index: Any) -> tuple[Any, ...]:
    """(kind, mine, cell, cells, disc, card, marble, forced, left) of the pending step, with
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
    return (kind, mine, cell, cells, disc, card, marble, forced, left)


# --- piece builders (each gets the key it is cached under) ----------------------------
def _head_piece(key: tuple[Any, ...]) -> bytes:
    """turn / 100, observer to move, observer's turn, end triggered, turns left / 8, over."""
    turn, my_turn, my_seat_plays, final_turns, over = key
    v = zeros(6)
    v[0] = turn / 100.0
    v[1] = 1.0 if my_turn else 0.0
    v[2] = 1.0 if my_seat_plays else 0.0
    if final_turns >= 0:
        v[3] = 1.0
        v[4] = min(final_turns, 8) / 8.0
    v[5] = 1.0 if over else 0.0
    return v.tobytes()


def _bag_piece(bag: tuple[int, ...]) -> bytes:
    return array("f", [min(n, 11) / 11.0 for n in bag]).tobytes()


def _refill_piece(pool: tuple[str, ...]) -> bytes:
    v = zeros(4)
    for m in pool:
        v[_TYPE[m]] += 0.2
    return v.tobytes()


def _options_piece(key: tuple[Any, ...]) -> bytes:
    v = zeros(layout_width(OPTIONS))
    for k in range(5):
        if key[k]:
            v[k] = 1.0
    v[5 + DRAWS.index(key[5])] = 1.0
    v[5 + len(DRAWS) + LAYOUTS.index(key[6])] = 1.0
    v[G["target"] - G["options"]] = min(key[7], 60) / 60.0
    return v.tobytes()


def _discs_piece(key: tuple[Any, ...]) -> bytes:
    """Start points and rotation from the disc arrangement that decides them (§2.3)."""
    layout_name, kinds, rot = key
    geo = geometry(layout_name)
    discs = board_data().discs
    starts = tuple(
        sorted(geo.discs[d][(h - 1 + rot[d]) % 6 + 1] for d in range(DISCS) for h in discs[kinds[d]].start)
    )
    return _starts_piece((starts, rot))


def _starts_piece(key: tuple[Any, ...]) -> bytes:
    """The start-point cells (52) and the rotation one-hot per disc position (6 x 6)."""
    starts, rotation = key
    v = zeros(CELLS + DISCS * 6)
    for c in starts:
        v[c] = 1.0
    for d in range(DISCS):
        v[CELLS + 6 * d + rotation[d] % 6] = 1.0
    return v.tobytes()


def _card_set_piece(ids: tuple[str, ...]) -> bytes:
    """One flag per card id (the display, the set-aside card)."""
    v = zeros(CARDS)
    for c in ids:
        v[_CARD[c]] = 1.0
    return v.tobytes()


def _pending_piece(key: tuple[Any, ...]) -> bytes:
    """The pending step from its full key, from the short key (kind, mine) of a step without
    data, or from (kind, mine, data items) of a step whose data holds no list."""
    if len(key) == 2:
        key = _pending_key(key[0], key[1], None, None, None)
    elif len(key) == 3:
        key = _pending_key(key[0], key[1], dict(key[2]), None, None)
    kind, mine, cell, cells, disc, card, marble, forced, left = key
    v = zeros(PENDING_SIZE)
    base = G["pending_kind"]
    k = _PENDING.get(kind)
    if k is not None:
        v[k] = 1.0
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
    return v.tobytes()


def _score_piece(key: tuple[float, int]) -> bytes:
    score, points = key
    return array("f", [1.0, min(score, 60.0) / 60.0, min(points, 60) / 60.0]).tobytes()


def _counts_piece(key: tuple[Any, ...]) -> bytes:
    """held count / 3, a card taken this turn, validated count / 10, unused tokens one-hot
    by type, discarded count / 10, target reached."""
    held_count, held_new, won, tokens, discarded, reached = key
    v = array(
        "f", [min(held_count, 3) / 3.0, 1.0 if held_new else 0.0, min(won, 10) / 10.0, 0.0, 0.0, 0.0, 0.0]
    )
    for t in tokens:
        v[3 + _TYPE[t]] = 1.0
    v.extend((min(discarded, 10) / 10.0, 1.0 if reached else 0.0))
    return v.tobytes()
