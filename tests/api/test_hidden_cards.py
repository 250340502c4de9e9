"""What a prompt says never narrows down a hidden card (issue 9): while a player places the
card they drew, it may go to the Horde or to the Refuge; a card that only one of them may take
(ZL-2: a copy is already in the other) goes there with the draw, face up, so no prompt ever
waits on a hidden card with one place to go — and no question with one answer is asked."""

from __future__ import annotations

import json

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tableapp.tables import lobby
from tests.api.test_api_tables import _turn


def _seen_by_others(tables, code, host, seat):
    """What the table screen and the host see while ``seat`` places its card, with the
    placing player's name and number taken out (the only things that may differ)."""
    public, hosted = tables.view(code), tables.view(code, host)
    name = next(s["name"] for s in public["seats"] if s["id"] == seat)
    for view in (public, hosted):
        assert view["prompt"].pop("waiting_for") == [seat]

    def plain(value):
        return json.loads(
            json.dumps(value).replace(name, "NAME").replace(f'"seat": {seat}', '"seat": "S"')
        )

    return plain(
        {
            "public prompt": public["prompt"],
            "host prompt": hosted["prompt"],
            "host actions": hosted["actions"],
        }
    )


def test_ZL_2_the_prompt_never_narrows_the_areas_a_drawn_card_may_go_to(
    client, tables, monkeypatch
):
    monkeypatch.setattr(lobby, "new_seed", lambda: bytes(range(32)))
    rng = Rng(b"narrow" * 6, 0)
    seen: dict[tuple, dict] = {}
    placed_at_once = 0
    created, tokens = tables.started(3)
    for _ in range(1500):
        code, host = created["code"], created["host_token"]
        token, view = _turn(tables, code, tokens)
        place = next((a for a in view["actions"] if a["type"] == "place"), None)
        if place is not None:
            areas = tuple(sorted(place["params"]["area"]["choices"]))
            seen.setdefault(areas, _seen_by_others(tables, code, host, view["me"]["seat"]))
            if placed_at_once >= 3:
                break
        spec = view["actions"][rng.below(len(view["actions"]))]
        response = tables.act(code, token, spec["type"], random_params(spec, rng))
        assert response.status_code == 201
        events = response.get_json()["action"]["events"]
        if any(e["msg"].endswith(".only") for e in events):  # the one area, with the draw
            assert not response.get_json()["action"].get("private")
            assert any(e.get("rule") == "ZL-2" and e.get("card") for e in events)
            placed_at_once += 1
        if tables.view(code)["status"] == "finished":
            created, tokens = tables.started(3)
    assert set(seen) == {("horde", "refuge")}, seen.keys()
    assert seen[("horde", "refuge")]["public prompt"]["msg"] == "zl.prompt.placing"
    assert placed_at_once, "no draw met a copy in one area"
