"""Where the built-in packs are: a folder per game id beside this file, or the ``content``
folder of the game's own package (registered by the catalogue when it finds the game); none
for a game whose rules print every component."""

from __future__ import annotations

from pathlib import Path

BUILTIN_DIR = Path(__file__).parent

#: ``{game id: its package's content folder}`` for games that carry their pack themselves.
_own: dict[str, Path] = {}


def add_pack_folder(game_id: str, folder: Path) -> None:
    """The game ``game_id`` carries its pack in ``folder`` (its package's ``content``)."""
    _own[game_id] = Path(folder)


def builtin_folder(game_id: str) -> Path:
    """The built-in pack's folder of ``game_id``: ``content/<game-id>/`` here, else the one
    its package carries (which may not exist: a game without a pack)."""
    here = BUILTIN_DIR / game_id
    return here if here.is_dir() or game_id not in _own else _own[game_id]


def has_pack(game_id: str) -> bool:
    """Whether the game ships a content pack (``<game-id>/`` here, or ``content/`` in its own
    package). One whose rules print every component has none."""
    return builtin_folder(game_id).is_dir()
