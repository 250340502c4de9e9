"""The built-in games, each with its content pack loaded and validated.

Game modules stay pure; this is where their content is read from disk and handed to them.
"""

from __future__ import annotations

import inspect

from .content import ContentError, load_pack
from .engine import Game, get_game, register
from .engine.registry import all_games

# One line per game: the object the game package exposes as ``GAME``.
_BUILTIN = ["zombie_life", "eat_zem_all", "student_bodies", "zombicide"]

#: The table's own rules, the same for every game: part of each game's help.
TABLE_HELP = """\
At every table (whatever the game):

- Undo: the host, or the player who acted, can undo the last action; an undone draw gives the
  same card again. An action that showed its actor something the others have not seen, or
  drew from the table's randomness (a drawn card, a looked-at token, the draw that eliminated
  you), is not taken back on the actor's word: the undo becomes a request, the game waits,
  and another player (or the host) agrees or refuses; the first answer decides, and the asker
  may withdraw it. Once applied, the undo's log entry shows everyone what the action had shown.
  The host's undo from the table screen is immediate, and shows the same.
- A lost phone: the host moves the seat to a new phone; the log says so, and the old phone
  stops receiving anything of the seat.
- Fair draws: the table's seed is committed before anyone joins, every phone adds its own
  random contribution, and `tableapp verify` checks the whole game from the export."""

_content: dict[str, dict] = {}
_help: dict[str, str] = {}
_loaded = False


def load(content_dir: str | None = None, *, force: bool = False) -> None:
    """Import and register every built-in game and load its content pack (once)."""
    global _loaded
    if _loaded and not force:
        return
    import importlib

    for module_name in _BUILTIN:
        module = importlib.import_module(f"tableapp.games.{module_name}")
        game: Game = module.GAME
        pack = load_pack(game.id, content_dir)
        problems = game.validate_content(pack)
        if problems:
            from .i18n import Renderer

            english = Renderer("en").localize(problems)
            raise ContentError(f"content pack of {game.id}: " + "; ".join(english))
        register(game)
        _content[game.id] = pack
        # The package docstring is the game's help page: its readings of ambiguous rules.
        _help[game.id] = inspect.cleandoc(module.__doc__ or "") + "\n\n" + TABLE_HELP
    _loaded = True


def game(game_id: str) -> Game:
    load()
    return get_game(game_id)


def content(game_id: str) -> dict:
    load()
    return _content[game_id]


def help_text(game_id: str, lang: str = "en") -> str:
    """The game's help page: how the app reads its rules where they leave room. English is
    the game package's docstring; other languages come from the catalogue (``<game>.help``,
    e.g. ``zombie_life.help``)."""
    load()
    if lang != "en":
        from .i18n import catalogue

        translated = catalogue(lang).texts.get(f"{help_id(game_id)}")
        if isinstance(translated, str):
            return translated
    return _help[game_id]


def help_id(game_id: str) -> str:
    """The catalogue id of a game's translated help (``zombie-life`` → ``zombie_life.help``)."""
    return game_id.replace("-", "_") + ".help"


def games() -> list[Game]:
    load()
    return all_games()
