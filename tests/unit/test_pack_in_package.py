"""A game package may carry its own content pack (``content/`` in the package): the catalogue
registers the folder when it finds the game, and the pack is read, downloaded and checked from
there like a built-in one; ``tableapp/content/<game-id>/`` still wins for the first games."""

from __future__ import annotations

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


def test_the_first_games_folder_under_content_wins_and_a_missing_one_is_no_pack(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(builtin, "_own", {})
    builtin.add_pack_folder("zombie-life", tmp_path / "nowhere")
    assert pack_dir("zombie-life") == builtin.BUILTIN_DIR / "zombie-life"
    builtin.add_pack_folder("no-cards", tmp_path / "no-cards" / "content")
    assert not has_pack("no-cards") and load_pack("no-cards") == {}
