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
        candidates = [(s, v) for s, v in candidates if v["actions"]]
        assert candidates, table_view["prompt"]
        seat, view = rng.choice(candidates)
        spec = rng.choice(view["actions"])
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
