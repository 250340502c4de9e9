"""The table's keyed, deterministic random stream.

Each table has a secret 256-bit seed. The stream for an action is derived from the seed and
the number of *effective* (not undone) actions before it, so replaying the log, or undoing an
action and doing it again, draws exactly the same cards. Bytes come from HMAC-SHA256 in
counter mode; integers are drawn by rejection sampling (no modulo bias) and shuffles are
Fisher–Yates.

An action's stream also records what the action did with the table's randomness: whether it
*used* it (took bytes, or drew a card off a pile the stream had shuffled: see
:func:`tableapp.engine.piles.draw`), and whether it *showed* some viewer an outcome of it
(:attr:`Rng.shown`): a die rolled, a pick, a card drawn, a token turned over. Only an action
that showed an outcome needs another player's OK to be taken back (undo in
:mod:`tableapp.tables`): a shuffle shows nothing while its pile stays secret (nobody learns its
order, and an undo followed by the same action shuffles alike, from the same stream index), so
the game says which shuffled piles stayed secret (:meth:`Rng.kept_secret`).

The stream of a game is keyed by its *effective seed*: HMAC-SHA256 keyed by the committed
server seed over every phone's contribution in seat order (:func:`effective_seed`), so neither
the server nor any one phone chooses the shuffle.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterable, MutableSequence, Sequence
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
        self._shown = False
        #: The lists this action shuffled, each with its order just after, until the game
        #: says they stayed secret (:meth:`kept_secret`).
        self._shuffled: list[tuple[MutableSequence, list]] = []

    @property
    def shown(self) -> bool:
        """Whether this action showed some viewer an outcome of the table's randomness: a roll,
        a pick, a sample, a card drawn off a shuffled pile, or a shuffle whose pile is not
        known to have stayed secret."""
        return self._shown or bool(self._shuffled)

    def drew(self) -> None:
        """Note that the action drew off a pile the table's stream shuffled: an outcome shown."""
        self.used = True
        self._shown = True

    def kept_secret(self, secret: Callable[[MutableSequence], bool]) -> None:
        """Forget the shuffles that showed nothing: those of a list ``secret`` says lies where
        nobody sees (a draw pile) and still holds every card it held after the shuffle (a card
        taken off it was drawn, an outcome shown)."""
        self._shuffled = [
            (items, order)
            for items, order in self._shuffled
            if not (secret(items) and _holds(items, order))
        ]

    def _bytes(self, n: int) -> bytes:
        self.used = True
        while len(self._buffer) < n:
            block = hmac.new(self._key, self._counter.to_bytes(8, "big"), hashlib.sha256)
            self._buffer += block.digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling: an outcome shown (a roll, a
        pick), unless there was only one."""
        value = self._uniform(n)
        if n > 1:
            self._shown = True
        return value

    def _uniform(self, n: int) -> int:
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
        """Fisher–Yates shuffle in place. It shows an outcome unless the game says the list
        stayed secret (:meth:`kept_secret`)."""
        self._fisher_yates(items)
        if len(items) > 1:
            self._shuffled.append((items, list(items)))

    def _fisher_yates(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self._uniform(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in random order."""
        pool = list(items)
        self._fisher_yates(pool)
        if len(pool) > 1:
            self._shown = True  # which items, and in what order
        return pool[:k]


def _holds(items: Sequence, order: list) -> bool:
    """Whether ``items`` still holds every item of ``order`` (as many times)."""
    left = list(items)
    for item in order:
        try:
            left.remove(item)
        except ValueError:
            return False
    return True
