"""Where game objects register themselves (see ``tableapp.catalog`` for the built-in ones)."""

from __future__ import annotations

from .errors import RuleError
from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise RuleError("unknown_game", None, f"There is no game called {game_id!r}.") from None


def all_games() -> list[Game]:
    return list(_GAMES.values())
