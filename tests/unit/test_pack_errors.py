"""Issue #17, defect k: a content pack's problems name the file that was loaded and the card by
its name. A pack read from TOML files names those files (``cards.toml: cards[0].value``); a pack
sent as one JSON file was told of a ``cards.toml`` it does not have, and of ``cards[0]``: it is
now told the place in its JSON (``pack file (JSON) › cards › cards › “Crawling Hand” ›
value``), the card by its name in the reader's language."""

from __future__ import annotations

import copy
import json

import pytest

from tableapp import catalog
from tableapp.content import (
    ContentError,
    LoadedPack,
    builtin_folder,
    has_pack,
    load_pack,
    pack_problems,
)
from tableapp.i18n import Renderer

NBSP = "\u00a0"


def _json(game_id: str) -> dict:
    """The built-in pack as a host sends it: the downloaded JSON file, read back."""
    return json.loads(json.dumps(catalog.content(game_id)))


def lines(game_id, pack, lang="en"):
    return Renderer(lang, strict=True).localize(pack_problems(catalog.game(game_id), pack))


def test_17k_a_json_pack_is_told_its_own_file_and_the_card_by_name():
    pack = _json("zombie-life")
    first = pack["cards"]["cards"][0]
    first["value"] = "x"
    (line,) = lines("zombie-life", pack)
    assert ".toml" not in line and "[0]" not in line, line
    name = first["name"]
    assert line == f"pack file (JSON) › cards › cards › “{name}” › value: must be a whole number"
    (french,) = lines("zombie-life", pack, "fr")
    assert french == (
        f"fichier de cartes (JSON) › cards › cards › «{NBSP}{first['name_fr']}{NBSP}» › "
        f"value{NBSP}: doit être un nombre entier"
    )


def test_17k_a_games_own_rule_names_the_card_in_the_json_too():
    """Eat Zem All's content rules name a Human ("(Human: Harry)"): that name takes the index's
    place, said once."""
    pack = _json("eat-zem-all")
    pack["humans"]["human"][0]["vp"] = -2
    (line,) = lines("eat-zem-all", pack)
    assert (
        line
        == "pack file (JSON) › humans › human › “Harry” › vp: must be a whole number of at least 0"
    )
    assert line.count("Harry") == 1


def test_17k_a_card_without_a_name_is_named_by_its_id_not_its_index():
    pack = _json("zombicide")
    pack["spawn"]["card"][6]["yellow"]["walker"] = 99
    (line,) = lines("zombicide", pack)
    card = pack["spawn"]["card"][6]["id"]
    assert line == (
        f"pack file (JSON) › spawn › card › {card} › yellow › walker: must be a whole number "
        "from 0 to 20"
    )


def test_17k_a_part_or_field_without_a_card_is_its_path_in_the_json():
    pack = _json("student-bodies")
    pack["box"]["zombies"] = "x"
    pack["notes"] = {}
    assert lines("student-bodies", pack) == [
        "pack file (JSON) › box › zombies: must be a whole number",
        "pack file (JSON) › notes: is not a file of this pack",
    ]


@pytest.mark.parametrize("game_id", sorted(g.id for g in catalog.games() if has_pack(g.id)))
def test_17k_a_pack_read_from_its_toml_files_names_those_files(game_id, tmp_path):
    pack = load_pack(game_id)
    assert isinstance(pack, LoadedPack) and pack_problems(catalog.game(game_id), pack) == []
    # one broken copy of the first list of cards, read from a TOML folder
    folder = tmp_path / game_id
    folder.mkdir()
    for path in builtin_folder(game_id).glob("*.toml"):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    loaded = load_pack(game_id, tmp_path)
    broken = copy.deepcopy(loaded)
    assert isinstance(broken, LoadedPack)  # a copy is still the files' pack
    stem = next(k for k, v in broken.items() if isinstance(v, dict) and v)
    broken[stem]["__not_a_field__"] = 1
    found = lines(game_id, broken)
    assert found and all(line.startswith(f"{stem}.toml:") for line in found), found
    # the same pack sent as JSON names no .toml file
    sent = lines(game_id, json.loads(json.dumps(broken)))
    assert sent and not any(".toml" in line for line in sent), sent
    assert all(line.startswith(f"pack file (JSON) › {stem}") for line in sent), sent


def test_17k_a_toml_file_that_does_not_parse_is_named(tmp_path):
    folder = tmp_path / "zombie-life"
    folder.mkdir()
    (folder / "cards.toml").write_text("[[cards]\nname = ", encoding="utf-8")
    with pytest.raises(ContentError, match=r"cards\.toml"):
        load_pack("zombie-life", tmp_path)
