"""Issue #17, defect k: a content pack's problems name the file that was loaded and the card by
its name. A pack read from TOML files names those files (``cards.toml: cards[0].value``); a pack
sent as one JSON file was told of a ``cards.toml`` it does not have, and of ``cards[0]``: it is
now told the place in its JSON (``pack file (JSON) › cards › cards › “Crawling Hand” ›
value``), the card by its name in the reader's language."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tableapp import catalog
from tableapp.content import (
    ContentError,
    LoadedPack,
    builtin_folder,
    folder_problems,
    has_pack,
    load_pack,
    pack_problems,
)
from tableapp.content.pack_faults import shape_errors, well_shaped_part
from tableapp.texts.i18n import Renderer
from tests.packsweep import mutations

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
    assert lines("student-bodies", pack)[:2] == [
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


# --- issue 25: a pack with several faults reports them all (bounded) ----------------------------

ON_THE_REST = " (checked without the fields above)"


def _three_faults(pack: dict) -> dict:
    """Zombie Life's pack with three faults: a wrong type, a count out of range, an empty name."""
    cards = pack["cards"]["cards"]
    cards[0]["value"] = "x"  # the pack's shape
    cards[1]["copies"] = 0  # the game's rules
    cards[2]["name"] = ""  # the game's rules
    return pack


def test_25_a_pack_with_three_faults_reports_three():
    pack = _three_faults(_json("zombie-life"))
    cards = pack["cards"]["cards"]
    found = lines("zombie-life", pack)
    assert found == [
        f"pack file (JSON) › cards › cards › “{cards[0]['name']}” › value: must be a whole number",
        f"pack file (JSON) › cards › cards › “{cards[1]['name']} {cards[1]['value']}” › copies: "
        f"must be a whole number from 1 to 26{ON_THE_REST}",
        # the card is named by the name it still has (its French one)
        f"pack file (JSON) › cards › cards › “{cards[2]['name_fr']} {cards[2]['value']}” › name: "
        f"must be a non-empty string{ON_THE_REST}",
    ]
    (french,) = [x for x in lines("zombie-life", pack, "fr") if "copies" in x]
    assert french.endswith(" (vérifié sans les champs ci-dessus)")


def test_25_a_rule_says_nothing_more_of_a_field_its_shape_names():
    # value "x" breaks the shape and the rule (0 to 99): one line, the shape's
    pack = _json("zombie-life")
    pack["cards"]["cards"][0]["value"] = "x"
    pack["cards"]["cards"][3]["blob"] = 1
    found = lines("zombie-life", pack)
    assert len(found) == 2 and not any(ON_THE_REST in line for line in found), found
    assert "value: must be a whole number" in found[0] and "blob" in found[1]


def test_25_the_api_lists_each_of_the_three(client):
    pack = _three_faults(_json("zombie-life"))
    answer = client.post("/api/tables", json={"game": "zombie-life", "pack": pack})
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["code"] == "bad_pack" and body["args"]["count"] == 3
    listed = body["errors"]["pack"]
    assert [line.split(" › ")[-1].split(":")[0] for line in listed] == ["value", "copies", "name"]


def _many_faults(count: int) -> dict:
    pack = _json("zombie-life")
    cards = pack["cards"]["cards"]
    while len(cards) < count:
        cards.append(dict(cards[0], value=len(cards) + 50))
    for card in cards[:count]:
        card["copies"] = 0
    return pack


def test_25_a_pack_with_many_faults_lists_twenty_and_counts_the_rest(client):
    pack = _many_faults(30)
    assert len(lines("zombie-life", pack)) == 30
    body = client.post("/api/tables", json={"game": "zombie-life", "pack": pack}).get_json()
    assert body["code"] == "bad_pack" and body["args"]["count"] == 30
    listed = body["errors"]["pack"]
    assert len(listed) == 21 and all("copies" in line for line in listed[:20])
    assert listed[20] == "… and 10 more problems"
    french = client.post(
        "/api/tables",
        json={"game": "zombie-life", "pack": pack},
        headers={"Accept-Language": "fr"},
    ).get_json()
    assert french["errors"]["pack"][20] == "… et 10 autres problèmes"


def _folder(tmp_path, game_id: str) -> Path:
    folder = tmp_path / game_id
    folder.mkdir()
    for path in builtin_folder(game_id).glob("*.toml"):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_25_a_server_pack_with_three_faults_names_each_toml_file_and_field(tmp_path):
    folder = _folder(tmp_path, "student-bodies")
    _edit(folder / "box.toml", "\nzombies = ", '\nzombies = "x" #')
    _edit(folder / "box.toml", "\nhealth = ", "\nhealth = 0 #")
    _edit(folder / "items.toml", "\nname = ", "\nname = 7 #")
    try:
        with pytest.raises(ContentError) as caught:
            catalog.load(str(tmp_path), force=True)
    finally:
        catalog.load(force=True)
    text = str(caught.value)
    head, *found = text.splitlines()
    assert head.startswith("content pack of student-bodies (") and str(folder) in head
    assert "box.toml: zombies must be a whole number" in text
    assert "items.toml: items[0].name must be a text" in text
    assert any(line.startswith("  box.toml: health") for line in found), found
    assert head.endswith(f": {len(found)} problems") and len(found) >= 3


def test_25_every_toml_file_that_does_not_read_is_named(tmp_path):
    folder = _folder(tmp_path, "student-bodies")
    for name in ("box.toml", "items.toml", "scenario.toml"):
        (folder / name).write_text("[[broken]\n", encoding="utf-8")
    _edit(folder / "main_deck.toml", "\nname = ", "\nname = 7 #")
    with pytest.raises(ContentError) as caught:
        load_pack("student-bodies", tmp_path)
    assert [line.split(": ")[0] for line in str(caught.value).splitlines()] == [
        str(folder / name) for name in ("box.toml", "items.toml", "scenario.toml")
    ]
    # the server names those three, and what is wrong with the files that read
    pack, found = folder_problems(catalog.game("student-bodies"), tmp_path)
    assert set(pack) == {"difficulty", "main_deck", "zombie_deck"}
    assert found[:3] == str(caught.value).splitlines()
    assert any(line.startswith("main_deck.toml: cards[0].name must be a text") for line in found)
    assert not any("is missing" in line for line in found), found


def test_25_a_server_pack_lists_twenty_problems_and_counts_the_rest(tmp_path):
    folder = tmp_path / "zombie-life"
    folder.mkdir()
    cards = _many_faults(26)["cards"]["cards"]
    rows = "".join(
        f'[[cards]]\nvalue = {c["value"]}\nname = "{c["name"]}"\nname_fr = "{c["name_fr"]}"\n'
        f"copies = 0\n\n"
        for c in cards
    )
    (folder / "cards.toml").write_text(rows, encoding="utf-8")
    try:
        with pytest.raises(ContentError) as caught:
            catalog.load(str(tmp_path), force=True)
    finally:
        catalog.load(force=True)
    head, *found = str(caught.value).splitlines()
    assert head.endswith(": 26 problems")
    assert len(found) == 21 and found[-1] == "  … and 6 more problems"
    assert all(line.startswith("  cards.toml: cards[") for line in found[:20])


def test_25_the_cli_prints_the_problems_not_a_traceback(tmp_path):
    (tmp_path / "packs").mkdir()
    folder = _folder(tmp_path / "packs", "zombie-life")
    _edit(folder / "cards.toml", "copies = ", "copies = 0 #")
    env = {
        **os.environ,
        "TABLEAPP_CONTENT_DIR": str(tmp_path / "packs"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}",
    }
    done = subprocess.run(
        [sys.executable, "-m", "tableapp.cli", "migrate"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "content pack of zombie-life" in done.stderr
    assert "cards.toml: cards[0].copies must be a whole number from 1 to 26" in done.stderr


@pytest.mark.parametrize("game_id", sorted(g.id for g in catalog.games() if has_pack(g.id)))
def test_25_the_rules_only_ever_see_the_declared_types(game_id):
    """The rest of a pack of the wrong shape, which the game's rules check, has the format's
    shape (but for a file left out): for a wrong type at each place (a sample of them beyond
    Zombie Life's few), and the rules give their lines without raising."""
    builtin = _json(game_id)
    every = list(mutations(builtin))
    sample = every if len(every) < 100 else every[:: len(every) // 40]
    game = catalog.game(game_id)
    for path, wrong, pack in sample:
        shaped = shape_errors(game_id, pack)
        if not shaped:
            continue  # of the right shape ({} for a table): the rules check it as it is
        part = well_shaped_part(game_id, pack, [p for p, _ in shaped])
        assert part is not None, (path, wrong)
        left = shape_errors(game_id, part)
        assert all(len(p) == 1 and p[0] not in part for p, _ in left), (path, wrong, left)
        assert len(pack_problems(game, pack)) >= len(shaped)


def test_25_a_human_card_naming_no_human_is_a_line_not_a_500(client):
    # Found by the stateful fuzzer: a Human without an id and a Human card without its human,
    # both optional fields of the format, made the rules look up the card's human under None.
    pack = _json("eat-zem-all")
    del pack["human_cards"]["house"][0]["human"]
    del pack["humans"]["human"][0]["id"]
    answer = client.post("/api/tables", json={"game": "eat-zem-all", "pack": pack})
    assert answer.status_code == 422 and answer.get_json()["code"] == "bad_pack"
    found = answer.get_json()["errors"]["pack"]
    assert "human_cards › house › “house-harry-1” › human: names an unknown Human" in found[1]


@pytest.mark.parametrize(
    ("game_id", "edit"),
    [
        ("eat-zem-all", lambda p: p["house"]["opening"][0].update(cells=["entrance:\u00b2"])),
        ("eat-zem-all", lambda p: p["humans"]["human"][0].update(house_start="entrance:\u00b2")),
        ("eat-zem-all", lambda p: p["cemetery"]["cell"][0].update(square="A\u00b2")),
        ("zombicide", lambda p: p["box"]["type"][0].update(id="\u00b2", damage=0)),
    ],
)
def test_25_a_superscript_digit_is_a_line_not_a_500(client, game_id, edit):
    # Found by the stateful fuzzer: "²" is a digit to str.isdigit, not to int (a cell
    # "entrance:²", a square "A²", a card named by the id "²" in a line about a JSON pack).
    pack = _json(game_id)
    edit(pack)
    answer = client.post("/api/tables", json={"game": game_id, "pack": pack})
    assert answer.status_code == 422 and answer.get_json()["code"] == "bad_pack"
    assert answer.get_json()["errors"]["pack"]
