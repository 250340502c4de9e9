"""Game-agnostic pure core: the Game protocol, piles, the keyed RNG, errors and the registry.

Nothing here imports Flask, SQLAlchemy or marshmallow, reads a clock, touches I/O or uses the
global ``random`` module: every game is a pure function of its state, the action and the
table's seeded stream.
"""

from __future__ import annotations

from .errors import RuleError
from .game import HOST, Game, action, choice, counts, integer, subset, validate_params
from .registry import all_games, get_game, register
from .rng import Rng
from .state import clone

__all__ = [
    "HOST",
    "Game",
    "action",
    "Rng",
    "RuleError",
    "all_games",
    "choice",
    "clone",
    "counts",
    "get_game",
    "integer",
    "register",
    "subset",
    "validate_params",
]
