"""The table's keyed, deterministic random stream.

Each table has a secret 256-bit seed. The stream for an action is derived from the seed and
the number of *effective* (not undone) actions before it, so replaying the log, or undoing an
action and doing it again, draws exactly the same cards. Bytes come from HMAC-SHA256 in
counter mode; integers are drawn by rejection sampling (no modulo bias) and shuffles are
Fisher–Yates.

An action's stream also records whether the action *used* the table's randomness: it took
bytes (a die roll, a shuffle) or drew a card off a pile the stream had shuffled (see
:func:`tableapp.engine.piles.draw`). Such an action showed its actor an outcome, so taking it
back needs another player's OK (undo in :mod:`tableapp.tables`).

The stream of a game is keyed by its *effective seed*: HMAC-SHA256 keyed by the committed
server seed over every phone's contribution in seat order (:func:`effective_seed`), so neither
the server nor any one phone chooses the shuffle.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


def commitment(seed: bytes) -> str:
    """The SHA-256 of the seed, shown before the game and checked after it."""
    return hashlib.sha256(seed).hexdigest()


#: Domain separation for :func:`effective_seed` (a version, should the encoding ever change).
CONTRIBUTIONS_DOMAIN = b"tableapp/contributions/1\n"


def contributions_message(contributions: Iterable[dict]) -> bytes:
    """The canonical encoding of the phones' contributions: one line ``SEAT:HEX`` per seat in
    seat order (``SEAT:`` for a seat that sent none), after :data:`CONTRIBUTIONS_DOMAIN`."""
    lines = []
    for item in contributions:
        seat, value = item["seat"], item.get("contribution")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError("a contribution's seat must be a whole number")
        if value is not None and (
            not isinstance(value, str)
            or len(value) != 64
            or any(c not in "0123456789abcdef" for c in value)
        ):
            raise ValueError("a contribution must be 64 lowercase hex digits (32 bytes)")
        lines.append(f"{seat}:{value or ''}\n")
    return CONTRIBUTIONS_DOMAIN + "".join(lines).encode()


def effective_seed(seed: bytes, contributions: Iterable[dict]) -> bytes:
    """The seed a game plays with: HMAC-SHA256(server seed, the contributions' encoding).

    The server seed was committed (its SHA-256 shown) before any phone joined, and every
    phone's contribution is mixed in: the server cannot pick a favourable shuffle by choosing
    its seed, and a phone cannot without knowing the server's.
    """
    return hmac.new(seed, contributions_message(contributions), hashlib.sha256).digest()


class Rng:
    """A deterministic stream for one action of one table."""

    def __init__(self, seed: bytes, index: int) -> None:
        if len(seed) < 16:
            raise ValueError("seed must be at least 128 bits")
        self._key = hmac.new(seed, b"tableapp/action/%d" % index, hashlib.sha256).digest()
        self._counter = 0
        self._buffer = b""
        #: True once this action used the table's randomness (bytes, or a draw it noted).
        self.used = False

    def drew(self) -> None:
        """Note that the action drew off a pile the table's stream shuffled: an outcome shown."""
        self.used = True

    def _bytes(self, n: int) -> bytes:
        self.used = True
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
