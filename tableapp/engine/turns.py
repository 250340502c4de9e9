"""Turn orders: the seats in table order, and who comes next.

``seats`` is always the table's list of seats in table order (clockwise), as a state holds it
(``state["seats"]``). The seat on a seat's left plays after it; the one on its right before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence


def clockwise_from(seats: Sequence[int], first: int) -> list[int]:
    """Every seat in table order (clockwise), starting with ``first``."""
    i = list(seats).index(first)
    return list(seats[i:]) + list(seats[:i])


def counter_clockwise_from(seats: Sequence[int], first: int) -> list[int]:
    """Every seat counter-clockwise (the table order backwards), starting with ``first``."""
    ring = clockwise_from(seats, first)
    return ring[:1] + list(reversed(ring[1:]))


def clockwise_after(seats: Sequence[int], seat: int) -> list[int]:
    """Every seat clockwise, starting with the one on ``seat``'s left and ending with ``seat``
    (a deal that starts at the dealer's left)."""
    ring = clockwise_from(seats, seat)
    return ring[1:] + ring[:1]


def left_of(seats: Sequence[int], seat: int) -> int:
    """The seat on ``seat``'s left: the next one clockwise (``seat`` itself if it is alone)."""
    return clockwise_after(seats, seat)[0]


def right_of(seats: Sequence[int], seat: int) -> int:
    """The seat on ``seat``'s right: the one before it clockwise."""
    return clockwise_from(seats, seat)[-1]


def next_clockwise(
    seats: Sequence[int], seat: int, skip: Callable[[int], bool] | None = None
) -> int | None:
    """The next seat clockwise after ``seat`` that ``skip`` does not skip (those out of the
    game, those who passed): ``seat`` itself if it is the only one left; ``None`` if every seat
    is skipped."""
    for candidate in clockwise_after(seats, seat):
        if skip is None or not skip(candidate):
            return candidate
    return None


def cycle(seats: Sequence[int], first: int) -> Iterator[int]:
    """The seats clockwise from ``first``, round and round without end (a die passed around
    the table until someone rolls a face)."""
    ring = clockwise_from(seats, first)
    while True:
        yield from ring


__all__ = [
    "clockwise_after",
    "clockwise_from",
    "counter_clockwise_from",
    "cycle",
    "left_of",
    "next_clockwise",
    "right_of",
]
