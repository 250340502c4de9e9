"""Game-agnostic pure core: game definitions, the step stack, decks and pools, privacy, texts
as messages, the keyed RNG, errors and the registry.

Nothing here imports Flask, SQLAlchemy or marshmallow, reads a clock, touches I/O or uses the
global ``random`` module: every game is a pure function of its state, the action and the
table's seeded stream.
"""

from __future__ import annotations

from .definition import Definition, Game, Moves, define
from .errors import RuleError
from .flow import Ctx, Flow, Question, board_step, moment
from .game import HOST, action, choice, counts, integer, subset, validate_params
from .messages import M, named, seat_ref
from .registry import all_games, get_game, register
from .rng import Rng
from .state import clone

__all__ = [
    "HOST",
    "Ctx",
    "Definition",
    "Flow",
    "Game",
    "M",
    "Moves",
    "Question",
    "Rng",
    "RuleError",
    "action",
    "all_games",
    "board_step",
    "choice",
    "clone",
    "counts",
    "define",
    "get_game",
    "integer",
    "moment",
    "named",
    "register",
    "seat_ref",
    "subset",
    "validate_params",
]
