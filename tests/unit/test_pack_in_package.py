"""A game package may carry its own content pack (``content/`` in the package): the catalogue
registers the folder when it finds the game, and the pack is read, downloaded and checked from
there; the built-in games carry theirs the same way (``tableapp/games/<package>/content/``)."""

from __future__ import annotations

import importlib

from tableapp import catalog
from tableapp.content import builtin, has_pack, load_pack, pack_dir


def test_a_pack_in_the_games_own_package_is_its_built_in_pack(tmp_path, monkeypatch):
    folder = tmp_path / "dice_race" / "content"
    folder.mkdir(parents=True)
    (folder / "dice.toml").write_text("faces = [1, 2, 3, 4, 5, 6]\n", encoding="utf-8")
    monkeypatch.setattr(builtin, "_own", {})
    assert not has_pack("dice-race")
    builtin.add_pack_folder("dice-race", folder)
    assert has_pack("dice-race") and pack_dir("dice-race") == folder
    assert load_pack("dice-race") == {"dice": {"faces": [1, 2, 3, 4, 5, 6]}}


def test_the_built_in_games_carry_their_packs_and_a_missing_folder_is_no_pack(
    tmp_path, monkeypatch
):
    games = catalog.folder(importlib.import_module(catalog.GAMES_PACKAGE))
    for module in catalog.modules():
        if catalog.folder(module).parent == games:
            assert pack_dir(module.GAME.id) == catalog.folder(module) / "content"
    assert pack_dir("zombie-life") == games / "zombie_life" / "content"
    # a pack read before the catalogue registered it: the games are looked for, not loaded
    monkeypatch.setattr(builtin, "_own", {})
    assert load_pack("zombie-life") == catalog.content("zombie-life")
    assert pack_dir("zombie-life") == games / "zombie_life" / "content"
    assert pack_dir("no-such-game") is None and load_pack("no-such-game") == {}
    builtin.add_pack_folder("no-cards", tmp_path / "no-cards" / "content")
    assert not has_pack("no-cards") and load_pack("no-cards") == {}
