"""A correction that ends the game, over HTTP (ZC-1): the phone's correction is accepted (no
500), every count it sets is applied and the table is finished with the rules' result."""

from __future__ import annotations

import pytest

SURVIVORS = ("ruth", "karim", "lily", "nadia", "owen", "tom")


@pytest.fixture
def one_phone(tables):
    """A one-phone Zombicide table: Ana runs the six survivors, a mission of 1 red objective
    and 1 crate."""
    created = tables.create("zombicide")
    code, host = created["code"], created["host_token"]
    ana = tables.join(code, "Ana")["token"]
    assert tables.act(code, host, "start").status_code == 201
    for sid in SURVIVORS:
        assert tables.act(code, ana, "take_survivor", {"survivor": sid}).status_code == 201
    mission = {"red": 1, "blue": 0, "green": 0, "crates": 1, "goals": 0}
    for type_, params in (
        ("add_zone", {"colour": "red"}),
        ("add_building", {"dark_rooms": 2, "start": "closed"}),
        ("mission", {"objectives": mission}),
    ):
        assert tables.act(code, host, type_, params).status_code == 201, type_
    return code, ana


def _correct(tables, code, token, group, **changes):
    view = tables.view(code, token)
    (spec,) = [
        a
        for a in view["actions"]
        if a["type"] == "correct" and a["params"]["group"]["choices"] == [group]
    ]
    counts = {k: c["value"] for k, c in spec["params"]["counts"]["counts"].items()}
    counts.update(changes)
    return tables.act(code, token, "correct", {"group": group, "counts": counts, "why": "miscount"})


def test_ZC_1_a_correction_killing_a_survivor_finishes_the_table_lost(tables, one_phone):
    code, ana = one_phone
    response = _correct(tables, code, ana, "wounds", ruth=3, karim=1)
    assert response.status_code == 201, response.get_json()
    public = tables.view(code)
    assert public["status"] == "finished"
    assert public["result"]["won"] is False and public["result"]["winners"] == []
    survivors = {s["id"]: s for s in public["game_view"]["survivors"]}
    assert survivors["ruth"]["wounds"] == 3 and survivors["karim"]["wounds"] == 1


def test_ZC_1_every_objective_corrected_at_once_finishes_the_table_won(tables, one_phone):
    code, ana = one_phone
    response = _correct(tables, code, ana, "mission", red=1, crates=1)
    assert response.status_code == 201, response.get_json()
    public = tables.view(code)
    assert public["status"] == "finished"
    assert public["result"]["won"] is True and public["result"]["winners"] == [1]
