"""Views per seat and for the table screen, the content pack's validation and the purity rule
of the Eat Zem All package (DESIGN principles 2 and 5; rules/eat-zem-all.txt, "Components")."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from eza_support import GAME, PACK, deal, said

from tableapp.games import eat_zem_all
from tests.texts import english, french


def test_game_object_matches_the_catalogue_contract():
    assert GAME.id == "eat-zem-all" and GAME.name == "Eat Zem All"
    assert GAME.variants == ["house", "cemetery"] and GAME.players == (2, 4)
    assert set(GAME.options) == {
        "difficulty",
        "longer_games",
        "mutation_draft",
        "crawling_attack_kills_standing",
    }
    assert eat_zem_all.GAME is GAME


def test_views_per_seat_and_for_the_table_screen():
    state = deal("cemetery", keep=False)
    table = GAME.view(state, None)
    assert "private" not in table and GAME.view(state, 0) == table
    assert GAME.prompt(state)["waiting_for"] == [1, 2, 3]
    assert table["question"] == {"kind": "await_mutations"}
    assert table["zombie_draw_count"] == 0 and table["human_deck_count"] == 21
    assert {"deck", "draw"} & set(json.dumps(table)) == set()
    for seat in (1, 2, 3):
        mine = GAME.view(state, seat)["private"]["mutations_to_choose"]
        assert [c["id"] for c in mine] == state["mutation_cards"][f"offer:{seat}"]
    assert len(table["humans"]) == 8 and all("trait" in h for h in table["humans"])
    assert table["board"]["tombstones_on_board"] + table["board"]["tombstones_in_box"] == 27
    assert any("Common Grave" in said(line) for line in table["checklist"])
    assert {a["type"] for a in GAME.legal_actions(state, 0)} == {"correct"}  # the host corrects


def test_shipped_pack_is_valid_and_labelled_as_reconstructed():
    assert GAME.validate_content(PACK) == []
    folder = Path(eat_zem_all.__file__).parent / "content"  # the pack the package carries
    files = sorted(folder.glob("*.toml"))
    assert len(files) > 1, folder
    for path in files:
        head = path.read_text(encoding="utf-8")[:1200]
        if path.stem != "box":
            assert "reconstructed from the rule text" in head.lower(), path.name


def test_content_problems_name_the_file_and_the_field():
    pack = copy.deepcopy(PACK)
    pack["human_cards"]["house"].pop()
    pack["humans"]["human"][0]["supply"] = 2
    pack["zombie_cards"]["basic"][0]["main"] = ["fly:away"]
    pack["house"]["connection"][0]["to"] = "attic"
    pack["house"]["eve"]["arrow"][-1]["black"] = "bedroom:2"
    pack["cemetery"]["cell"][0]["next"] = ["nowhere"]
    pack["events"]["cemetery"][0]["effect"] = "draw_additional"
    pack["mutations"]["mutation"][0]["kind"] = "sometimes"
    problems = [english(p, sentence=False) for p in GAME.validate_content(pack)]
    expected = [
        "human_cards.toml: house must hold 23 entries, found 22",
        "humans.toml: human[0].supply must be a whole number of at least 11 (the largest token "
        "count) (Human: Harry)",
        "zombie_cards.toml: basic[0].main names an unknown effect: fly:away (card: Shamble)",
        "house.toml: connection[0] room and to must be two different rooms of the House",
        "house.toml: eve.arrow every route along the arrows must reach the escape cell",
        "cemetery.toml: cell[gate-north].next names an unknown cell: nowhere (on the board: "
        "North gate)",
        "events.toml: cemetery[0].effect must be one of activate_one, add_one, surprise_attack "
        "(card: Hands from the ground)",
        "mutations.toml: mutation[0].kind must be one of instant, permanent (card: Sprint)",
    ]
    for line in expected:
        assert line in problems, (line, problems)
    assert english(GAME.validate_content({})[0], sentence=False) == "box.toml: the file is missing"


def test_content_problems_are_messages_in_the_readers_language():
    pack = copy.deepcopy(PACK)
    pack["humans"]["human"][1]["vp"] = -1
    pack["mutations"]["mutation"][2]["amount"] = 9
    pack["human_cards"]["house"][3]["effects"] = ["cheer"]
    pack["traits"]["trait"][0]["effects"] = ["fly"]
    problems = GAME.validate_content(pack)
    assert all(isinstance(p, dict) and "msg" in p for p in problems)
    lines = [french(p, sentence=False) for p in problems]
    name = PACK["humans"]["human"][1]["name_fr"]
    trait = PACK["traits"]["trait"][0]["name_fr"]
    assert lines == [
        f"humans.toml: human[1].vp doit être un nombre entier d’au moins 0 (Humain\u00a0: {name})",
        f"traits.toml: trait[0].effects nomme un effet inconnu : fly (carte : {trait})",
        "human_cards.toml: house[3].effects seule Adèle encourage, pas Gabriel (EZA-H15) "
        "(carte : house-gabriel-1)",
        "mutations.toml: mutation[2].amount doit être un nombre entier de 1 à 4 (carte : Rab)",
    ]


@pytest.mark.parametrize("junk", [[], {"x": 1}, None, 7, ["a", ["b"]]])
def test_a_broken_pack_is_reported_never_a_crash(junk):
    """Any field of the pack replaced by junk: problems (rendered in both languages), never
    an exception (the API would answer 500)."""
    for file, data in PACK.items():
        for key, value in data.items():
            targets = [(data, key)]
            if isinstance(value, list) and value and isinstance(value[0], dict):
                targets += [(value[0], field) for field in value[0]]
            for holder, field in targets:
                pack = copy.deepcopy(PACK)
                copy_holder = pack[file] if holder is data else pack[file][key][0]
                copy_holder[field] = junk
                for p in GAME.validate_content(pack):
                    english(p, sentence=False)
                    french(p, sentence=False)
