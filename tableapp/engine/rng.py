"""The table's keyed, deterministic random stream.

Each table has a secret 256-bit seed. The stream for an action is derived from the seed and
the number of *effective* (not undone) actions before it, so replaying the log, or undoing an
action and doing it again, draws exactly the same cards. Bytes come from HMAC-SHA256 in
counter mode; integers are drawn by rejection sampling (no modulo bias) and shuffles are
Fisher–Yates.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


def commitment(seed: bytes) -> str:
    """The SHA-256 of the seed, shown before the game and checked after it."""
    return hashlib.sha256(seed).hexdigest()


class Rng:
    """A deterministic stream for one action of one table."""

    def __init__(self, seed: bytes, index: int) -> None:
        if len(seed) < 16:
            raise ValueError("seed must be at least 128 bits")
        self._key = hmac.new(seed, b"tableapp/action/%d" % index, hashlib.sha256).digest()
        self._counter = 0
        self._buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hmac.new(self._key, self._counter.to_bytes(8, "big"), hashlib.sha256)
            self._buffer += block.digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling."""
        if n <= 0:
            raise ValueError("n must be positive")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            value = int.from_bytes(self._bytes(nbytes), "big") & mask
            if value < n:
                return value

    def between(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
