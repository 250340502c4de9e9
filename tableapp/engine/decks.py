"""Decks, hands and token pools: what every game's box holds, as plain data.

Built on :mod:`tableapp.engine.piles` (a deck is a dict of named piles of card ids, index 0 on
top). What is hidden is declared by the game (:mod:`tableapp.engine.privacy`): typically a
deck's ``draw`` pile is secret and a seat's hand private.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import piles
from .errors import RuleError
from .messages import M
from .rng import Rng

Piles = piles.Piles


# --- drawing with reshuffle --------------------------------------------------------------------


def draw(
    deck: Piles,
    rng: Rng,
    n: int = 1,
    *,
    source: str = "draw",
    discard: str = "discard",
    on_reshuffle: Callable[[], None] | None = None,
) -> list:
    """Take up to ``n`` cards from the top of ``source``; when it runs out, the ``discard``
    pile is shuffled into a new one (``on_reshuffle`` is told, to log it). Banished cards
    (any other pile) never come back. Returns fewer than ``n`` only when both are empty."""
    drawn: list = []
    while len(drawn) < n:
        if not deck[source]:
            if not deck.get(discard):
                break
            piles.move_all(deck, discard, source)
            piles.shuffle(deck, source, rng)
            if on_reshuffle is not None:
                on_reshuffle()
        drawn += piles.draw(deck, source, 1, rng)  # the stream notes the action drew
    return drawn


def draw_one(deck: Piles, rng: Rng, **kwargs: Any) -> Any | None:
    """One card (``None`` when the deck and its discard are both empty)."""
    cards = draw(deck, rng, 1, **kwargs)
    return cards[0] if cards else None


# --- decks built from levelled sets ------------------------------------------------------------


def levelled(sets: Mapping[str, Sequence], counts: Mapping[str, int], rng: Rng) -> list:
    """A shuffled deck of ``counts[level]`` cards drawn at random from each ``sets[level]``
    (e.g. Base: all 10, Level 1: 3 of 12 …). Refuses a count above what a level holds."""
    deck: list = []
    for level, wanted in counts.items():
        available = list(sets.get(level, ()))
        if not 0 <= wanted <= len(available):
            raise RuleError(
                "bad_deck_mix",
                None,
                M("engine.bad_deck_mix", level=level, count=wanted, available=len(available)),
            )
        deck += rng.sample(available, wanted)
    rng.shuffle(deck)
    return deck


def lookup(table: Mapping, *keys: Any) -> Any:
    """A nested table's entry (``lookup(MIX, "easy", 3)``), keys tried as given then as str."""
    node: Any = table
    for key in keys:
        if isinstance(node, Mapping) and key in node:
            node = node[key]
        elif isinstance(node, Mapping) and str(key) in node:
            node = node[str(key)]
        else:
            raise KeyError(f"no entry {keys!r}")
    return node


# --- private hands ------------------------------------------------------------------------------


def draw_up(hand: list, deck: Piles, rng: Rng, size: int, **kwargs: Any) -> list:
    """Draw until ``hand`` holds ``size`` cards (or the deck is out); returns the new cards."""
    new = draw(deck, rng, max(0, size - len(hand)), **kwargs)
    hand.extend(new)
    return new


def discard_from(hand: list, card: Any, deck: Piles, discard: str = "discard") -> None:
    """Move one card from a hand to the top of a deck's discard pile."""
    if card not in hand:
        raise RuleError("card_not_in_hand", None, M("engine.card_not_in_hand"))
    hand.remove(card)
    piles.put_top(deck, discard, [card])


# --- face-down token pools -----------------------------------------------------------------------


def pool(kinds: Mapping[str, int]) -> dict:
    """A pool of face-down tokens: how many of each kind are still face down, and used.

    A face-down token has no identity until it is turned over: :func:`reveal` draws it then,
    weighted by what is left. Nothing about the future is stored, so nothing can leak.
    """
    return {"left": dict(kinds), "used": {k: 0 for k in kinds}}


def reveal(tokens: dict, rng: Rng, *, reuse: bool = True) -> str | None:
    """Turn one token over: a kind drawn by what is left. When none is left and ``reuse``,
    the used ones are shuffled back first. ``None`` when there is nothing to turn over."""
    left = tokens["left"]
    if not any(left.values()) and reuse:
        recycle(tokens)
    total = sum(left.values())
    if total == 0:
        return None
    pick = rng.below(total)
    for kind in sorted(left):
        if pick < left[kind]:
            left[kind] -= 1
            tokens["used"][kind] += 1
            return kind
        pick -= left[kind]
    raise AssertionError("unreachable")


def recycle(tokens: dict) -> None:
    """Turn every used token face down again: they join the pool of those still face down (a
    game that must place a token when none is left face down shuffles the used ones back)."""
    for kind, n in tokens["used"].items():
        tokens["left"][kind] += n
        tokens["used"][kind] = 0


def pool_size(tokens: dict) -> int:
    return sum(tokens["left"].values()) + sum(tokens["used"].values())
