"""Where the built-in packs are: the ``content`` folder of each game's own package
(``tableapp/games/<package>/content/``), registered by the catalogue when it finds the game;
none for a game whose rules print every component."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

#: ``{game id: its package's content folder}`` (which may not exist: a game without a pack).
_own: dict[str, Path] = {}


def add_pack_folder(game_id: str, folder: Path) -> None:
    """The game ``game_id`` carries its pack in ``folder`` (its package's ``content``)."""
    _own[game_id] = Path(folder)


def builtin_folder(game_id: str) -> Path | None:
    """The built-in pack's folder of ``game_id``: the ``content`` folder its package carries
    (which may not exist: a game without a pack); ``None`` for a game the catalogue does not
    find. A pack may be read before the catalogue is loaded: the games are then looked for
    (without loading their packs)."""
    if game_id not in _own:
        _find_builtin_games()
    return _own.get(game_id)


def _find_builtin_games() -> None:
    """Register the content folder of each game package under ``tableapp/games`` not yet
    registered (its ``GAME``'s id), without loading any pack (the catalogue does that)."""
    from .. import games

    for info in pkgutil.iter_modules(games.__path__):
        if info.ispkg:
            module = importlib.import_module(f"{games.__name__}.{info.name}")
            game = getattr(module, "GAME", None)
            if game is not None:
                _own.setdefault(game.id, Path(module.__file__).resolve().parent / "content")


def has_pack(game_id: str) -> bool:
    """Whether the game ships a content pack (``content/`` in its package). One whose rules
    print every component has none."""
    folder = builtin_folder(game_id)
    return folder is not None and folder.is_dir()
