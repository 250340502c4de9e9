"""Zombie Life: push your luck into your Refuge before the Horde overwhelms you.

Rule text: the Zombie Life rulebook; rulings ZL-1 to ZL-10 in ``games/RULINGS.md``.
Choices where the text leaves room (each also in the docstring of the code that makes it):

- ZL-1, ZL-9: the deal and who starts are in the log. A tie for the lowest card waits for the
  host (``choose_first``), who picks the oldest of the tied players.
- ZL-2: the table sees that a card was drawn, never which one, nor where it may go, until it is
  placed.
- ZL-4: "players still in play" leaves the passer out by default; option ``pass_counts_self``.
  The app turns the lowest cards face down: every card scores 1, so which ones changes nothing.
- ZL-5: the highest face-down card goes face up first (again, it changes no score).
- ZL-8: a tie for the most points at the end is a shared win.
- ZL-9: a tie on fewest points with nobody of them eliminated: the first in table order deals.
- ZL-10: a new round reshuffles every card by default; option ``continue_draw_pile``. An empty
  draw pile is rebuilt by shuffling the discard.
"""

from __future__ import annotations

from tableapp.engine import define

from . import content, invariants, rounds, rules, state, views

GAME = define(
    id=rules.GAME_ID,
    name="Zombie Life",
    order=-1,  # the quickest to learn: first on the home screen, so picked by default
    players=rules.PLAYERS,
    options=rules.OPTIONS,
    setup=rules.setup,
    moves=rules.MOVES,
    view=views.view,
    prompt=views.prompt,
    result=rounds.result,
    is_over=lambda s: s["phase"] == state.PHASE_OVER,
    invariants=invariants.check_invariants,
    reveal=views.reveal,
    validate_content=content.validate_content,
    pack_format=content.FORMAT,
    secret=state.SECRET,
    private=state.PRIVATE,
    constant=("cards",),  # the card list, read-only: shared between copies
)

__all__ = ["GAME"]
