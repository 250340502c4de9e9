"""Where the built-in packs are: a folder per game id beside this file (none for a game whose
rules print every component)."""

from __future__ import annotations

from pathlib import Path

BUILTIN_DIR = Path(__file__).parent


def has_pack(game_id: str) -> bool:
    """Whether the game ships a content pack (``<game-id>/`` in the package). One whose rules
    print every component has none."""
    return (BUILTIN_DIR / game_id).is_dir()
