"""Views per seat and for the table screen, the content pack's validation and the purity rule
of the Eat Zem All package (DESIGN principles 2 and 5; rules/eat-zem-all.txt, "Components")."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from eza_support import GAME, PACK, deal, said

from tableapp.games import eat_zem_all


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
    folder = Path(eat_zem_all.__file__).parents[2] / "content" / "eat-zem-all"
    for path in folder.glob("*.toml"):
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
    problems = GAME.validate_content(pack)
    expected = [
        "human_cards.toml: house: 23 cards expected, found 22",
        "humans.toml: human[0].supply",
        "zombie_cards.toml: basic[0].main: unknown effect 'fly:away'",
        "house.toml: connection[0]",
        "house.toml: eve.arrow",
        "cemetery.toml: cell[gate-north].next: unknown cell 'nowhere'",
        "events.toml: cemetery[0].effect",
        "mutations.toml: mutation[0].kind",
    ]
    for start in expected:
        assert any(p.startswith(start) for p in problems), (start, problems)
    assert GAME.validate_content({})[0] == "box.toml: file missing"
