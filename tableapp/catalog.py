"""The built-in games, each with its content pack loaded and validated.

A game is a package under ``tableapp/games/`` exposing its definition as ``GAME``
(``GAME = define(...)``): it is found there (:func:`discover`), with no list to edit. The
catalogue lists the games by their definition's ``order``, then by name.

Game modules stay pure; this is where their content is read from disk and handed to them.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

from .content import ContentError, load_pack, pack_problems
from .engine import Game, M, get_game, register
from .engine.registry import all_games

#: Where the built-in games are: each package in it is one game.
GAMES_PACKAGE = "tableapp.games"

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


def discover(package: str = GAMES_PACKAGE) -> list[ModuleType]:
    """The game packages in ``package`` (each of its packages, which must expose ``GAME``),
    in the catalogue's order: the definitions' ``order``, then their names."""
    root = importlib.import_module(package)
    found: list[ModuleType] = []
    for info in pkgutil.iter_modules(root.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        if not isinstance(getattr(module, "GAME", None), Game):
            raise TypeError(f"{module.__name__}: a game package exposes GAME = define(...)")
        found.append(module)
    ids = [module.GAME.id for module in found]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"{package}: two game packages define {', '.join(twice)}")
    return sorted(found, key=lambda m: (m.GAME.order, m.GAME.name.casefold(), m.GAME.id))


def load(content_dir: str | None = None, *, force: bool = False) -> None:
    """Import and register every built-in game and load its content pack (once)."""
    global _loaded
    if _loaded and not force:
        return
    for module in discover():
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
