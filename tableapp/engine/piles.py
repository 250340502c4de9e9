"""Named ordered piles of card ids: the shared deck toolkit.

Piles live inside a game's JSON state as ``{"draw": [...], "discard": [...], ...}``: plain
lists of card ids, index 0 is the top. These helpers change that dict in place and never create
or lose a card: the multiset of ids over all piles of a deck changes only through
:func:`add_from_box` and :func:`return_to_box`, which say so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .errors import RuleError
from .messages import M
from .rng import Rng

Piles = dict[str, list]


def new(**piles: Iterable) -> Piles:
    """A piles dict from keyword lists: ``new(draw=[...], discard=[])``."""
    return {name: list(cards) for name, cards in piles.items()}


def _pile(piles: Piles, name: str) -> list:
    try:
        return piles[name]
    except KeyError:
        raise KeyError(f"no pile named {name!r}") from None


def size(piles: Piles, name: str) -> int:
    return len(_pile(piles, name))


def draw(piles: Piles, name: str, n: int = 1, rng: Rng | None = None) -> list:
    """Take ``n`` cards from the top of ``name``; refuses (RuleError) if it holds fewer.

    ``rng``, the action's stream, is told when the pile was one the table shuffled (every draw
    pile is): the cards drawn are an outcome of the table's randomness, shown
    (:attr:`Rng.shown`)."""
    pile = _pile(piles, name)
    if n < 0:
        raise ValueError("n must not be negative")
    if len(pile) < n:
        raise RuleError("pile_empty", None, M("engine.pile_empty", pile=name, count=len(pile)))
    taken = pile[:n]
    del pile[:n]
    if rng is not None and taken:
        rng.drew()
    return taken


def put_top(piles: Piles, name: str, cards: Iterable) -> None:
    """Put ``cards`` on top, the first of them ending on top."""
    _pile(piles, name)[:0] = list(cards)


def put_bottom(piles: Piles, name: str, cards: Iterable) -> None:
    _pile(piles, name).extend(cards)


def take(piles: Piles, name: str, card) -> None:
    """Remove one given card from anywhere in ``name`` (it must be there)."""
    pile = _pile(piles, name)
    try:
        pile.remove(card)
    except ValueError:
        raise RuleError("card_not_there", None, M("engine.card_not_there", pile=name)) from None


def move(piles: Piles, card, source: str, target: str, *, bottom: bool = False) -> None:
    """Move one given card from ``source`` to the top (or bottom) of ``target``."""
    _pile(piles, target)  # look both up first: a missing pile must not lose the card
    take(piles, source, card)
    if bottom:
        put_bottom(piles, target, [card])
    else:
        put_top(piles, target, [card])


def move_all(piles: Piles, source: str, target: str) -> None:
    """Move every card of ``source`` on top of ``target``, keeping their order."""
    pile = _pile(piles, source)
    _pile(piles, target)
    cards = list(pile)
    pile.clear()
    put_top(piles, target, cards)


def shuffle(piles: Piles, name: str, rng: Rng) -> None:
    rng.shuffle(_pile(piles, name))


def banish(piles: Piles, card, source: str, banished: str = "banished") -> None:
    """Set a card aside for good (it stays counted, in the ``banished`` pile)."""
    piles.setdefault(banished, [])
    move(piles, card, source, banished)


def add_from_box(piles: Piles, name: str, cards: Iterable) -> None:
    """Explicitly bring new cards into play (the only way the multiset grows)."""
    put_top(piles, name, cards)


def return_to_box(piles: Piles, name: str, cards: Iterable) -> None:
    """Explicitly take cards out of play (the only way the multiset shrinks)."""
    cards = list(cards)
    if Counter(cards) - Counter(_pile(piles, name)):
        raise RuleError("card_not_there", None, M("engine.cards_not_there", pile=name))
    for card in cards:
        take(piles, name, card)


def contents(piles: Piles, names: Iterable[str] | None = None) -> Counter:
    """The multiset of card ids over the named piles (all of them by default)."""
    counter: Counter = Counter()
    for name in names if names is not None else piles:
        counter.update(piles[name])
    return counter
