"""Eat Zem All over HTTP: whole games on both boards, played from `actions` alone."""

from __future__ import annotations

import json

import pytest

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng


@pytest.mark.parametrize("variant, hordes", [("house", 3), ("cemetery", 2)])
def test_api_playout_to_the_end_from_actions_alone(client, tables, variant, hordes):
    created = tables.create("eat-zem-all", variant)
    code = created["code"]
    seats = {}
    for i in range(hordes):
        joined = tables.join(code, f"Horde {i + 1}")
        seats[joined["seat"]["id"]] = joined["token"]
    assert tables.act(code, created["host_token"], "start").status_code == 201
    seats[0] = created["host_token"]
    rng = Rng(variant.encode() * 8, 0)
    for _ in range(5000):
        table_view = tables.view(code)
        if table_view["status"] == "finished":
            break
        # the table screen never holds a private Mutation choice or a deck's order
        assert "mutation_choices" not in json.dumps(table_view["game_view"])
        waiting = table_view["prompt"]["waiting_for"]
        candidates = [(s, tables.view(code, seats[s])) for s in waiting if s in seats]
        # corrections are not moves of the game (they have their own tests)
        candidates = [
            (s, v, [a for a in v["actions"] if a["type"] != "correct"]) for s, v in candidates
        ]
        candidates = [(s, v, a) for s, v, a in candidates if a]
        assert candidates, table_view["prompt"]
        seat, view, actions = rng.choice(candidates)
        spec = rng.choice(actions)
        response = tables.act(
            code, seats[seat], spec["type"], random_params(spec, rng), expected=view["seq"]
        )
        assert response.status_code == 201, response.get_json()
    final = tables.view(code)
    assert final["status"] == "finished"
    result = final["result"]
    assert result["winners"]
    for standing in result["standings"]:
        assert sum(standing["breakdown"].values()) == standing["score"]
    export = client.get(f"/api/tables/{code}/export").get_json()
    from tableapp.verify import verify_export

    assert verify_export(export) is None


def _lang(token, lang):
    return {"Authorization": f"Bearer {token}", "Accept-Language": lang}


def test_api_eat_zem_all_in_french_and_a_public_correction(client, tables):
    created = tables.create("eat-zem-all", "house")
    code = created["code"]
    tokens = [tables.join(code, name)["token"] for name in ("Ana", "Ben")]
    assert tables.act(code, created["host_token"], "start").status_code == 201
    fr = client.get(f"/api/tables/{code}", headers=_lang(tokens[0], "fr")).get_json()
    assert fr["prompt"]["msg"] == "eza.prompt.mutations"
    assert fr["prompt"]["text"].startswith("Choisissez la Mutation")
    keep = next(a for a in fr["actions"] if a["type"] == "keep_mutation")
    assert keep["label"] == "Garder cette Mutation (face visible)"
    labels = keep["params"]["card"]["labels"]
    assert all(isinstance(x, str) and " : " in x for x in labels)  # "Nom (instantanée) : texte"
    humans = fr["game_view"]["humans"]
    assert {h["name"] for h in humans} >= {"Ève", "Adèle"}
    assert any("Cuisine" in h["cell_name"] for h in humans)
    # A correction is public and in each reader's language.
    params = {
        "group": "zombies.2",
        "counts": {"zombies.2/board": 6, "zombies.2/reserve": 4, "zombies.2/crawling": 0},
        "why": "knocked",
    }
    answer = client.post(
        f"/api/tables/{code}/actions",
        json={"type": "correct", "params": params},
        headers=_lang(tokens[0], "fr"),
    )
    assert answer.status_code == 201, answer.get_json()
    (event,) = answer.get_json()["action"]["events"]
    assert event["correction"]["after"] == 6 and "Ana" in event["text"]
    assert "Zombies de Ben (Verte) sur le plateau : 5 → 6" in event["text"]
    view = tables.view(code)
    assert view["game_view"]["hordes"][1]["pawns_on_board"] == 6
    log = client.get(f"/api/tables/{code}/log", headers={"Accept-Language": "en"}).get_json()
    last = log["entries"][-1]["events"][0]
    assert (
        last["text"]
        == "Ana corrected Zombies of Ben (Green) on the board: 5 → 6 (a piece was knocked over)."
    )
