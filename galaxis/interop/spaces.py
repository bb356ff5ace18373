"""Integer action ids and final rewards shared by every RL adapter.

A game that can enumerate every notation it may ever make legal
(``Game.action_space``) gets a flat ``Discrete(n)`` space: id ``i`` always
means the same notation, and a mask marks the legal ones. A game whose full
space is too large (``action_space`` returns None) gets an index into the
ordered legal list instead: id ``i`` means "the i-th legal action now", with
``Game.max_legal_actions`` as the fixed size of the space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from galaxis.core import Action, GalaxisError, Game, Result
from galaxis.core.messages import CORE, Catalogue

REWARD_MODES = ("score", "rank")
ILLEGAL_MODES = ("raise", "terminate")


MSG = Catalogue.for_package(__name__)  # galaxis/interop/data/messages.yaml


class InteropError(GalaxisError, ValueError):
    """A bad adapter argument, or a game whose hooks break the adapter contract."""


class ActionCodec:
    """Maps integer action ids to notations and back, for one game, player count and options."""

    __slots__ = ("_lookups", "_masks", "flat", "game_id", "index", "notations", "size")

    def __init__(self, game: Game, players: int, options: dict[str, Any]) -> None:
        self.game_id = game.info.id
        space = game.action_space(players, options)
        if space is None:
            self.flat = False
            self.notations: tuple[str, ...] = ()
            self.index: dict[str, int] = {}
            self.size = int(game.max_legal_actions(players, options))
        else:
            self.flat = True
            self.notations = tuple(str(n) for n in space)
            self.index = {n: i for i, n in enumerate(self.notations)}
            if len(self.index) != len(self.notations):
                raise InteropError(MSG("space_twice", game=self.game_id))
            self.size = len(self.notations)
        if self.size < 1:
            raise InteropError(MSG("space_empty", game=self.game_id))
        self._masks: dict[tuple[int, ...], np.ndarray] = {}
        self._lookups: dict[Any, tuple[list[int], np.ndarray, dict[int, int] | None]] = {}

    def lookup(self, legal: Sequence[Action]) -> tuple[list[int], np.ndarray, dict[int, int] | None]:
        """(ids, mask, where) of a legal list, all shared: ``legal_ids(legal)``, its int8 mask, and
        (flat spaces) each id's position in ``legal`` (None in a legal-list index space, where the
        id is the position).

        The same legal lists come back again and again (every opening bid,
        every refill choice), so all three are built once per distinct list (keyed
        by the notations, or by the length in a legal-list index space). The
        mask is read-only because it is shared.
        """
        key: Any = tuple(legal) if self.flat else len(legal)
        hit = self._lookups.get(key)
        if hit is None:
            if len(self._lookups) > 65536:
                self._lookups.clear()
            ids = self.legal_ids(legal)
            mask = _readonly_mask(self.size, ids)  # shared by every position with this legal set
            where = dict(zip(ids, range(len(ids)), strict=True)) if self.flat else None
            hit = self._lookups[key] = (ids, mask, where)
        return hit

    def legal_ids(self, legal: Sequence[Action]) -> list[int]:
        """The id of each legal action, in the order of ``legal``."""
        if not self.flat:
            if len(legal) > self.size:
                raise InteropError(MSG("space_exceeded", game=self.game_id, count=len(legal), size=self.size))
            return list(range(len(legal)))
        index = self.index
        try:
            return [index[a] for a in legal]
        except KeyError as exc:
            raise InteropError(MSG("space_missing", game=self.game_id, notation=repr(exc.args[0]))) from None

    def mask(self, ids: Sequence[int]) -> np.ndarray:
        """A fresh int8 mask with a 1 at each id.

        The same legal sets come back again and again (every opening bid, every
        refill choice), so masks are built once per set and copied after that.
        """
        key = tuple(ids)
        mask = self._masks.get(key)
        if mask is None:
            if len(self._masks) > 65536:
                self._masks.clear()
            mask = self._masks[key] = _readonly_mask(self.size, key)
        return mask.copy()  # (a copy is writable)

    def decode(self, action: Any, legal: Sequence[Action], ids: Sequence[int]) -> Action:
        """The legal action meant by integer id ``action``; ``IllegalAction`` if there is none."""
        aid = as_action_id(action, self.size)
        if self.flat:
            try:
                return legal[ids.index(aid)]
            except ValueError:
                raise CORE.illegal(
                    "mask_not_legal",
                    "interop: action mask",
                    id=aid,
                    notation=self.notations[aid],
                    ids=sorted(ids)[:20],
                ) from None
        if aid >= len(legal):
            raise CORE.illegal(
                "index_not_legal", "interop: action mask", id=aid, count=len(legal), last=len(legal) - 1
            )
        return legal[aid]

    def notation(self, action_id: int, legal: Sequence[Action] = ()) -> str:
        """A readable name for an id (for a legal-list index space, only while ``legal`` is current)."""
        if self.flat:
            return self.notations[action_id]
        return legal[action_id].notation if 0 <= action_id < len(legal) else f"#{action_id}"


_INT8 = np.dtype(np.int8)


def _readonly_mask(size: int, ids: Sequence[int]) -> np.ndarray:
    """A read-only int8 mask of ``size`` with a 1 at each id; NumPy adopts the bytes without a
    copy, which costs half of ``zeros`` plus a fancy-index assignment (a miss is paid often where
    legal sets rarely repeat, as in a six-player Space Smugglers bidding round)."""
    buf = bytearray(size)
    for i in ids:
        buf[i] = 1
    return np.frombuffer(bytes(buf), _INT8)


def as_action_id(action: Any, size: int) -> int:
    """An integer id in [0, size) from an int, a NumPy integer or a 0-d integer array."""
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        action = action.item()
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise CORE.illegal("id_type", "interop: action space", last=size - 1, value=repr(action))
    aid = int(action)
    if not 0 <= aid < size:
        raise CORE.illegal("id_range", "interop: action space", id=aid, last=size - 1)
    return aid


def check_mode(name: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise InteropError(MSG("mode", name=name, allowed=", ".join(allowed), value=repr(value)))
    return value


def final_rewards(result: Result, mode: str) -> list[float]:
    """One terminal reward per seat in [-1, 1], summing to zero.

    ``rank``: (seats ranked below - seats ranked above) / (players - 1), so a
    two-player win is +1, a loss -1 and a tie 0.
    ``score``: (score - mean score) / max(1, largest |score - mean score|): a normalised
    score difference that keeps the margin of victory (dividing by the largest score instead
    needed clipping when scores have both signs, and clipped rewards no longer sum to zero).
    """
    n = len(result.scores)
    if n < 2:
        return [0.0] * n
    if mode == "rank":
        rewards = [0.0] * n
        above = 0
        for group in result.ranking:
            below = n - above - len(group)
            for seat in group:
                rewards[seat] = (below - above) / (n - 1)
            above += len(group)
        return rewards
    scores = [float(s) for s in result.scores]
    mean = sum(scores) / n
    scale = max(1.0, max(abs(s - mean) for s in scores))
    return [(s - mean) / scale for s in scores]
