"""The match's seeded random generator.

It lives inside the game state, so cloning, JSON and replay carry it along and
the same seed and history always give the same state. SplitMix64 is used
because its whole state is one integer: a clone or a JSON dump costs nothing,
unlike ``random.Random`` with its 625-word state.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64: small, fast, good enough for games, trivially copyable."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix((int(seed) * _GAMMA + 0x632BE59BD9B4E019) & _MASK)

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (Lemire's multiply-shift; bias < n / 2**64)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return (self.next64() * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def d6(self) -> int:
        return 1 + self.below(6)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self, salt: int = 0) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64() ^ (salt * _GAMMA & _MASK))

    def clone(self) -> Rng:
        new = Rng.__new__(Rng)
        new.state = self.state
        return new

    def to_json(self) -> str:
        return f"{self.state:016x}"

    @classmethod
    def from_json(cls, data: object) -> Rng:
        if not isinstance(data, str):
            raise ValueError("rng state must be a hex string")
        new = cls.__new__(cls)
        new.state = int(data, 16) & _MASK
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state=0x{self.state:016x})"
