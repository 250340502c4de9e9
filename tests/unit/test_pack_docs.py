"""Every registered game documents its content pack: ``tableapp/content/<id>/README.md`` names
each file of the built-in pack and says the pack is RECONSTRUCTED (the rule books print no card
lists, so a player must know the cards are the project's and how to replace them)."""

from __future__ import annotations

import pytest

from tableapp import catalog
from tableapp.content import BUILTIN_DIR

GAME_IDS = sorted(game.id for game in catalog.games())


def test_every_builtin_game_is_checked():
    # The parametrised test below must not pass by having nothing to check.
    assert {"zombie-life", "eat-zem-all", "student-bodies", "zombicide"} <= set(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pack_readme_names_every_file_and_says_reconstructed(game_id):
    readme = BUILTIN_DIR / game_id / "README.md"
    assert readme.is_file(), f"{readme.relative_to(BUILTIN_DIR.parent.parent)} is missing"
    text = readme.read_text(encoding="utf-8")
    assert "RECONSTRUCTED" in text
    # The loaded pack (catalog.content) and, should TABLEAPP_CONTENT_DIR replace it, the
    # built-in folder the README sits in.
    stems = set(catalog.content(game_id)) | {p.stem for p in (BUILTIN_DIR / game_id).glob("*.toml")}
    files = sorted(f"{stem}.toml" for stem in stems)
    assert files, f"{game_id} has an empty built-in pack"
    missing = [name for name in files if f"`{name}`" not in text]
    assert not missing, f"{readme.name} of {game_id} does not name {missing}"
