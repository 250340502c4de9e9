"""The built-in games, each with its content pack loaded and validated.

A game is a package under ``tableapp/games/`` exposing its definition as ``GAME``
(``GAME = define(...)``): it is found there (:func:`discover`), with no list to edit. The
catalogue lists the games by their definition's ``order``, then by name.

A game package holds everything of its game: its code, its help (the package docstring), and
optionally its content pack (``content/`` in the package) with its format
(``define(pack_format=...)``), its catalogues (``translations/``) and its rulings
(``RULINGS.md``, beside the built-in games' ``tableapp/games/RULINGS.md``).
Games outside ``tableapp/games`` are found only in a package :func:`add_games` names: the tests
add their example game (``tests/fixtures/games``); a served app never does.

Game modules stay pure; this is where their content is read from disk and handed to them.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path
from types import ModuleType

from .content import add_pack_folder, folder_error, folder_problems
from .content.validation import add_format
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

#: Where games are found: the built-in folder, then any package :func:`add_games` named
_packages: list[str] = [GAMES_PACKAGE]
_content: dict[str, dict] = {}
_help: dict[str, str] = {}
_modules: dict[str, ModuleType] = {}
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
    found = [module for package in _packages for module in discover(package)]
    ids = [module.GAME.id for module in found]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"two game packages define {', '.join(twice)}")
    for module in sorted(found, key=lambda m: (m.GAME.order, m.GAME.name.casefold(), m.GAME.id)):
        game: Game = module.GAME
        add_pack_folder(game.id, folder(module) / "content")  # a pack the package carries
        add_format(game.id, game.definition.pack_format)  # and the format it declares
        pack, problems = folder_problems(game, content_dir)
        if problems:  # every file that does not read, every problem of the others (bounded)
            raise folder_error(game.id, problems, content_dir)
        register(game)
        _content[game.id] = pack
        _modules[game.id] = module
        # The package docstring is the game's help page: its readings of ambiguous rules.
        _help[game.id] = inspect.cleandoc(module.__doc__ or "")
    _loaded = True


def add_games(package: str) -> None:
    """Also find the games in ``package`` (each of its packages is one, as under
    ``tableapp/games``), with their catalogues: for the tests' example game
    (``tests/conftest.py``), never for a served app. Must come before the catalogue is used."""
    from .texts.i18n import add_game_folder

    if _loaded and package not in _packages:
        raise RuntimeError(f"{package}: games are added before the catalogue is loaded")
    if package not in _packages:
        _packages.append(package)
    for module in discover(package):
        add_game_folder(folder(module))


def folder(module: ModuleType) -> Path:
    """A game package's folder."""
    return Path(module.__file__).resolve().parent


def modules() -> list[ModuleType]:
    """Every game's package, in the catalogue's order."""
    load()
    return list(_modules.values())


def module(game_id: str) -> ModuleType:
    load()
    return _modules[game_id]


def rulings_files() -> list[Path]:
    """Where the rulings are written: ``tableapp/games/RULINGS.md`` (the built-in games'),
    then each game package's own ``RULINGS.md``. Each game has its heading in one of them,
    ``## <its name> (<its rule-id prefix>)``, and each ruling its line, ``- <prefix>-<n> …``."""
    builtin = folder(importlib.import_module(GAMES_PACKAGE)) / "RULINGS.md"
    own = [folder(m) / "RULINGS.md" for m in modules()]
    return [builtin, *(path for path in own if path.is_file())]


def rulings_text() -> str:
    """Every rulings file's text, one after the other."""
    return "\n".join(path.read_text(encoding="utf-8") for path in rulings_files())


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
    from .texts.i18n import translations_in

    own = _help[game_id]
    if lang != "en":
        translated = translations_in(lang).texts.get(f"{help_id(game_id)}")
        if isinstance(translated, str):
            own = translated
    return own + "\n\n" + table_help(lang)


def table_help(lang: str = "en") -> str:
    """The table's own rules (undo, a lost phone, fair draws) in ``lang``: a title and a list."""
    from .texts.i18n import Renderer

    texts = Renderer(lang)
    title, *items = (texts.text(m) for m in TABLE_HELP)
    return title + "\n\n" + "\n".join(f"- {item}" for item in items)


def help_id(game_id: str) -> str:
    """The catalogue id of a game's translated help (``zombie-life`` → ``zombie_life.help``)."""
    return game_id.replace("-", "_") + ".help"


def games() -> list[Game]:
    load()
    return all_games()
