"""Zombie Life: push your luck into your Refuge before the Horde overwhelms you.

Rule text: the Zombie Life rulebook; rulings ZL-1 to ZL-10 in ``games/RULINGS.md``.
The package reads like the rulebook: ``content.py`` (the card list, ZL-10), ``rules.py`` (setup
and a turn: draw, take, pass, ZL-1 to ZL-6), ``rounds.py`` (deal, who starts, end of round,
scoring, next round: ZL-1, ZL-7 to ZL-10), ``views.py`` (what each seat sees) and
``invariants.py``.

Choices where the text leaves room (each also in the docstring of the code that makes it):

- ZL-1, ZL-9: a tie for the lowest card waits for the host (``choose_first``), who picks the
  oldest of the tied players.
- ZL-4: "players still in play" leaves the passer out by default; option ``pass_counts_self``.
  The app turns the lowest cards face down: every card scores 1, so which ones changes nothing.
- ZL-5: the highest face-down card goes face up first (again, it changes no score).
- ZL-8: a tie for the most points at the end is a shared win.
- ZL-9: a tie on fewest points with nobody of them eliminated: the first in table order deals.
- ZL-10: a new round reshuffles every card by default; option ``continue_draw_pile``. An empty
  draw pile is rebuilt by shuffling the discard.
"""

from __future__ import annotations

from tableapp.engine import Rng

from . import content, invariants, rounds, rules, views
from .state import Event, State


class ZombieLife:
    """The Game object the catalogue registers (see ``tableapp.engine.game.Game``)."""

    id = rules.GAME_ID
    name = "Zombie Life"
    variants = rules.VARIANTS
    players = rules.PLAYERS
    options = rules.OPTIONS

    def setup(
        self, *, content: dict, variant: str | None, options: dict, seats: list[int], rng: Rng
    ) -> State:
        return rules.setup(content=content, variant=variant, options=options, seats=seats, rng=rng)

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: dict, rng: Rng) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, action, rng)

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

    def prompt(self, state: State) -> dict:
        return views.prompt(state)

    def result(self, state: State) -> dict | None:
        return rounds.result(state)

    def check_invariants(self, state: State) -> None:
        invariants.check_invariants(state)

    def reveal(self, state: State) -> dict:
        return views.reveal(state)

    def validate_content(self, pack: dict) -> list[str]:
        return content.validate_content(pack)


GAME = ZombieLife()

__all__ = ["GAME", "ZombieLife"]
