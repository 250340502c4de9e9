"""Every registered game with a content pack documents it: the ``README.md`` of its pack's folder
(``content/`` in the game's own package, ``tableapp/games/<package>/content/``) names
each file of the built-in pack and says the pack is RECONSTRUCTED (the rule books print no
card lists, so a player must know the cards are the project's and how to replace them). A game
whose rules print every component has no pack, hence nothing to document; a pack folder no game
owns (a misspelt id) is refused, since its game would silently play without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableapp import catalog, content
from tableapp.content import builtin_folder, has_pack

#: The content package: its code only (the packs are in the game packages)
CONTENT = Path(content.__file__).parent
GAME_IDS = sorted(game.id for game in catalog.games() if has_pack(game.id))


def test_every_pack_folder_is_a_games_and_is_checked():
    # The parametrised test below checks every folder: none is left out, none is a stray (a
    # game package's content/ is its pack; tableapp/content holds no pack folder any more).
    assert not [p for p in CONTENT.iterdir() if p.is_dir() and p.name != "__pycache__"]
    for game_id in GAME_IDS:
        assert builtin_folder(game_id) == catalog.folder(catalog.module(game_id)) / "content"
    packless = [m.GAME.id for m in catalog.modules() if m.GAME.id not in GAME_IDS]
    for game_id in packless:  # a game without a pack has no content/ folder at all
        assert not (catalog.folder(catalog.module(game_id)) / "content").exists()
    assert GAME_IDS, "no pack to check"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pack_readme_names_every_file_and_says_reconstructed(game_id):
    readme = builtin_folder(game_id) / "README.md"
    assert readme.is_file(), f"{readme} is missing"
    text = readme.read_text(encoding="utf-8")
    assert "RECONSTRUCTED" in text
    # The loaded pack (catalog.content) and, should TABLEAPP_CONTENT_DIR replace it, the
    # built-in folder the README sits in.
    stems = set(catalog.content(game_id)) | {p.stem for p in builtin_folder(game_id).glob("*.toml")}
    files = sorted(f"{stem}.toml" for stem in stems)
    assert files, f"{game_id} has an empty built-in pack"
    missing = [name for name in files if f"`{name}`" not in text]
    assert not missing, f"{readme.name} of {game_id} does not name {missing}"
