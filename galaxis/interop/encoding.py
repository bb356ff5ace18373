"""Numeric observation encoders.

An encoder turns one seat's ``observation(seat)`` dict into a fixed-size
float32 vector. It sees nothing but that dict, so it cannot leak what the
seat may not know. A game provides its own through the
``Game.observation_encoder(players, options)`` hook (an object with ``size``
and ``encode(observation) -> np.ndarray``, optionally ``low``/``high``
bounds and the fast path ``encode_match``, see ``encode_seat``); a game without one gets ``HashingEncoder``, which keeps every game
usable at once at the price of a less structured layout.
"""

from __future__ import annotations

import math
import zlib
from typing import Any, Protocol

import numpy as np

from galaxis.core import Game
from galaxis.core.messages import Catalogue
from galaxis.interop.spaces import InteropError

MSG = Catalogue.for_package(__name__)  # galaxis/interop/data/messages.yaml

FALLBACK_SIZE = 256
FALLBACK_BOUND = 32.0


class ObservationEncoder(Protocol):
    size: int

    def encode(self, observation: dict[str, Any]) -> np.ndarray: ...


class HashingEncoder:
    """Feature hashing of the flattened observation JSON (the generic fallback).

    Every leaf of the observation gets a path such as ``hands/1`` or
    ``cards/0/owner``. A number or bool at that path adds
    ``sign * sign(x) * log1p(|x|)`` to bucket ``crc32(path) % size``; a string
    adds ``sign * 1`` to bucket ``crc32(path + "=" + text) % size``; None adds
    nothing. ``sign`` (+1 or -1) comes from another bit of the same hash, so
    collisions tend to cancel instead of piling up. The log keeps large
    counts and scores in range; the sum is clipped to [-32, 32].
    CRC-32 rather than ``hash()`` keeps the layout identical across processes.
    """

    low = -FALLBACK_BOUND
    high = FALLBACK_BOUND

    def __init__(self, size: int = FALLBACK_SIZE) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise InteropError(MSG("encoder_size", size=repr(size)))
        self.size = size
        # path -> (bucket, sign); observations repeat their paths, so hashing is done once per path
        self._slots: dict[str, tuple[int, float]] = {}

    def _slot(self, key: str) -> tuple[int, float]:
        slot = self._slots.get(key)
        if slot is None:
            if len(self._slots) > 200_000:  # free text in observations must not grow memory forever
                self._slots.clear()
            h = zlib.crc32(key.encode())
            slot = self._slots[key] = (h % self.size, -1.0 if h & 0x80000000 else 1.0)
        return slot

    def encode(self, observation: dict[str, Any]) -> np.ndarray:
        acc = [0.0] * self.size
        self._walk(observation, "", acc)
        out = np.asarray(acc, dtype=np.float32)
        np.clip(out, -FALLBACK_BOUND, FALLBACK_BOUND, out=out)
        return out

    def _walk(self, node: Any, path: str, acc: list[float]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                self._walk(value, f"{path}/{key}", acc)
        elif isinstance(node, list | tuple):
            for i, value in enumerate(node):
                self._walk(value, f"{path}/{i}", acc)
        elif isinstance(node, bool):
            if node:
                bucket, sign = self._slot(path)
                acc[bucket] += sign
        elif isinstance(node, int | float):
            if node:
                bucket, sign = self._slot(path)
                x = float(node)
                acc[bucket] += sign * math.copysign(math.log1p(abs(x)), x)
        elif isinstance(node, str):
            bucket, sign = self._slot(f"{path}={node}")
            acc[bucket] += sign


def encoder_for(game: Game, players: int, options: dict[str, Any]) -> Any:
    """The game's own encoder, or the hashing fallback."""
    encoder = game.observation_encoder(players, options)
    if encoder is None:
        return HashingEncoder()
    size = getattr(encoder, "size", None)
    if (
        isinstance(size, bool)
        or not isinstance(size, int)
        or size < 1
        or not callable(getattr(encoder, "encode", None))
    ):
        raise InteropError(MSG("encoder_shape", game=game.info.id))
    return encoder


def encoder_bounds(encoder: Any) -> tuple[float, float]:
    """The (low, high) bounds an encoder declares; unbounded when it declares none."""
    return float(getattr(encoder, "low", -np.inf)), float(getattr(encoder, "high", np.inf))


def encode_checked(encoder: Any, observation: dict[str, Any], game_id: str) -> np.ndarray:
    """``encoder.encode`` with its output checked, so a broken game encoder fails with a clear message."""
    return _checked(encoder, encoder.encode(observation), game_id)


def encode_seat(encoder: Any, match: Any, seat: int | None, game_id: str) -> np.ndarray:
    """The encoding of ``match.observation(seat)``, through the encoder's fast path when it has one.

    ``encode_match(match, seat)`` is an optional encoder method that must
    return exactly ``encode(match.observation(seat))`` without building the
    observation dict, as a read-only float32 array of shape ``(size,)`` (the
    observation cache hands it out unchecked and uncopied); tests/interop check
    all of that on every position of random matches of every game, and that a
    determinized copy encodes the same.
    """
    fast = getattr(encoder, "encode_match", None)
    if fast is not None:
        return _checked(encoder, fast(match, seat), game_id)
    return _checked(encoder, encoder.encode(match.observation(seat)), game_id)


def _checked(encoder: Any, vec: Any, game_id: str) -> np.ndarray:
    if not isinstance(vec, np.ndarray) or vec.shape != (encoder.size,):
        shape = getattr(vec, "shape", type(vec).__name__)
        raise InteropError(MSG("encoder_returned", game=game_id, shape=str(shape), size=encoder.size))
    out: np.ndarray = vec if vec.dtype == np.float32 else vec.astype(np.float32)
    return out


class ObservationCache:
    """Encoded observations of the current position, keyed by (history length, seat).

    ``observe`` is called several times per step (``last()``, wrappers,
    loggers); the rules and the encoder run once per position and seat, and
    only for the seats somebody asks about. The cached arrays are read-only
    and handed out without a copy. Entries of earlier positions are
    dropped as soon as the history grows.
    """

    __slots__ = ("_entries", "_fast", "_ply", "encoder", "game_id")

    def __init__(self, encoder: Any, game_id: str) -> None:
        self.encoder = encoder
        self.game_id = game_id
        self._fast = getattr(encoder, "encode_match", None)
        self._ply = -1
        self._entries: dict[int | None, np.ndarray] = {}

    def get(self, match: Any, seat: int | None) -> np.ndarray:
        ply = len(match.history)
        if ply == self._ply:
            vec = self._entries.get(seat)
            if vec is not None:
                return vec
        else:
            self._entries = {}
            self._ply = ply
        fast = self._fast
        if fast is not None:
            # A fast path returns a read-only float32 vector of the encoder's size, by contract
            # (see encode_seat; tests/interop check it for every game), so it is stored unchecked.
            vec = fast(match, seat)
        else:
            vec = _checked(self.encoder, self.encoder.encode(match.observation(seat)), self.game_id)
            if vec.flags.writeable:
                vec.flags.writeable = False  # handed out as is (no copy per call), so nobody may change it
        self._entries[seat] = vec
        return vec

    def clear(self) -> None:
        self._entries = {}
        self._ply = -1
