"""The built-in games, each with its content pack loaded and validated.

Game modules stay pure; this is where their content is read from disk and handed to them.
"""

from __future__ import annotations

import inspect

from .content import ContentError, load_pack, pack_problems
from .engine import Game, M, get_game, register
from .engine.registry import all_games

# One line per game: the object the game package exposes as ``GAME``.
_BUILTIN = ["zombie_life", "eat_zem_all", "student_bodies", "zombicide"]

#: The table's own rules, the same for every game: the end of each game's help, in every
#: language (a title, then one item each).
TABLE_HELP = [
    M("table.help.title"),
    M("table.help.undo"),
    M("table.help.lost_phone"),
    M("table.help.fair"),
]

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
        problems = pack_problems(game, pack)
        if problems:
            from .i18n import Renderer

            english = Renderer("en").localize(problems)
            raise ContentError(f"content pack of {game.id}: " + "; ".join(english))
        register(game)
        _content[game.id] = pack
        # The package docstring is the game's help page: its readings of ambiguous rules.
        _help[game.id] = inspect.cleandoc(module.__doc__ or "")
    _loaded = True


def game(game_id: str) -> Game:
    load()
    return get_game(game_id)


def content(game_id: str) -> dict:
    load()
    return _content[game_id]


def help_text(game_id: str, lang: str = "en") -> str:
    """The game's help page: how the app reads its rules where they leave room, then the
    table's own rules (:data:`TABLE_HELP`). English is the game package's docstring; other
    languages come from the catalogue (``<game>.help``, e.g. ``zombie_life.help``)."""
    load()
    from .i18n import catalogue

    own = _help[game_id]
    if lang != "en":
        translated = catalogue(lang).texts.get(f"{help_id(game_id)}")
        if isinstance(translated, str):
            own = translated
    return own + "\n\n" + table_help(lang)


def table_help(lang: str = "en") -> str:
    """The table's own rules (undo, a lost phone, fair draws) in ``lang``: a title and a list."""
    from .i18n import Renderer

    texts = Renderer(lang)
    title, *items = (texts.text(m) for m in TABLE_HELP)
    return title + "\n\n" + "\n".join(f"- {item}" for item in items)


def help_id(game_id: str) -> str:
    """The catalogue id of a game's translated help (``zombie-life`` → ``zombie_life.help``)."""
    return game_id.replace("-", "_") + ".help"


def games() -> list[Game]:
    load()
    return all_games()
