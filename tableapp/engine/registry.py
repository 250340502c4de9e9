"""Where game objects register themselves (see ``tableapp.catalog`` for the built-in ones)."""

from __future__ import annotations

from .definition import Game
from .errors import RuleError
from .messages import M

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise RuleError("unknown_game", None, M("engine.unknown_game", game=game_id)) from None


def find_game(game_id: str | None) -> Game | None:
    """The registered game ``game_id``, or None."""
    return _GAMES.get(game_id or "")


def all_games() -> list[Game]:
    return list(_GAMES.values())
