"""Deterministic randomness derived from (seed, sequence number).

The server keeps the seed secret; every roll or shuffle made while deciding the command that
will become event ``seq`` draws from ``Randomness(seed, seq)``. The results are written into
the events, so replaying a game never rolls again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Randomness:
    """A small counter-mode generator over SHA-256; stable across Python versions."""

    __slots__ = ("_seed", "_seq", "_stream", "_key", "_counter", "_pool")

    def __init__(self, seed: str | int, seq: int, stream: str = "") -> None:
        # the key is made on the first draw: most commands draw nothing (a step, a trade)
        self._seed, self._seq, self._stream = seed, seq, stream
        self._key = b""
        self._counter = 0
        self._pool = b""

    def _bytes(self, n: int) -> bytes:
        if not self._key:
            self._key = f"{self._seed}|{self._seq}|{self._stream}".encode()
        while len(self._pool) < n:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._pool += block
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        if n == 1:
            return 0
        nbytes = (n.bit_length() + 7) // 8
        limit = (256**nbytes // n) * n
        while True:
            value = int.from_bytes(self._bytes(nbytes), "big")
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
