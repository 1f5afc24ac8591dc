"""A small deterministic PRNG whose whole state is one integer.

The games never use Python's global ``random`` module: all chance comes from an :class:`Rng` stored
inside the game state, so the same seed and actions give the same game on any machine, and cloning
or saving a game carries its random stream with it. The generator is SplitMix64: tiny state, good
statistical quality for shuffling cards, and trivially serialisable.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator. ``Rng(seed)``; ``state`` round-trips through :meth:`from_state`.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.randbelow(10) for _ in range(5)] == [b.randbelow(10) for _ in range(5)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        # Mix the seed once so that nearby seeds give unrelated streams.
        self.state = _mix(seed & _MASK64)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """An generator continuing exactly from a saved ``state``."""
        rng = cls.__new__(cls)
        rng.state = state & _MASK64
        return rng

    def copy(self) -> Rng:
        """An independent generator at the same point of the stream."""
        return Rng.from_state(self.state)

    def next_u64(self) -> int:
        """The next 64-bit output."""
        # _mix written out: this and randbelow run once or more for every action of every playout.
        z = self.state = (self.state + _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        # For a power of two the limit is the whole range and ``% n`` keeps the low bits, as a mask would.
        limit = _LIMITS[n] if n < _LIMITS_KEPT else _MASK64 - (_MASK64 + 1) % n
        state = self.state
        while True:
            z = state = (state + _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z <= limit:
                self.state = state
                return z % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        # randbelow(i + 1) written out (every game's set-up shuffles its decks): the same stream.
        state = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _LIMITS_KEPT else _MASK64 - (_MASK64 + 1) % n
            while True:
                z = state = (state + _GAMMA) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z <= limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def spawn(self) -> Rng:
        """A new generator seeded from this one (advances this one by one step)."""
        return Rng(self.next_u64())


#: randbelow's rejection limit for each ``n`` below _LIMITS_KEPT (a playout draws at every action).
_LIMITS_KEPT = 512
_LIMITS = tuple(_MASK64 - (_MASK64 + 1) % n if n else 0 for n in range(_LIMITS_KEPT))


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def derive_seed(seed: int, *keys: int) -> int:
    """A seed derived deterministically from ``seed`` and ``keys`` (a game's index, a seat...).

    Every driver derives the seeds of games and bots with it, so that the same game played in a
    simulation and at a table gets the same seeds.

    >>> derive_seed(7, 1) == derive_seed(7, 1) != derive_seed(7, 2)
    True
    """
    value = seed & _MASK64
    for key in keys:
        value = Rng(value ^ ((key + 1) * 0x9E3779B97F4A7C15 & _MASK64)).next_u64()
    return value
