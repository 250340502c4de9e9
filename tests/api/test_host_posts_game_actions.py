"""The host's token posting a seat's game action: a refusal (4xx), never a 500.

The host is no seat of the game: it holds no hand and no Mutation. A game's own refusal
(``explain``) once read the host's cards and failed; every game from the catalogue is played
here while the host posts every action type a seat was offered, with that seat's params.
"""

from __future__ import annotations

import pytest

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng

STEPS = 40


def _games(client):
    for game in client.get("/api/games").get_json()["games"]:
        for variant in game["variants"]:
            yield game["id"], variant, game["players"]["min"]


def test_the_host_posting_any_game_action_is_refused_never_a_500(client, tables):
    for game, variant, players in _games(client):
        # another table when a deal offers the players nothing at once (a Zombie Life tie)
        posted = 0
        for _ in range(5):
            posted = posted or _host_posts(tables, game, variant, players)
        assert posted, (game, variant)


def _host_posts(tables, game: str, variant, players: int) -> int:
    """The host posts every action offered to a seat, over a short play; how many it posted."""
    created = tables.create(game, variant)
    code, host = created["code"], created["host_token"]
    seats = [tables.join(code, f"P{i}")["token"] for i in range(1, max(players, 2) + 1)]
    assert tables.act(code, host, "start").status_code == 201
    rng = Rng(f"{game}{variant}".encode() * 8, 0)
    posted = 0
    for _ in range(STEPS):
        views = [tables.view(code, token) for token in seats]
        if views[0]["status"] == "finished":
            break
        offered = [
            (token, spec)
            for token, view in zip(seats, views, strict=True)
            for spec in view["actions"]
            if spec["type"] != "correct"
        ]
        for _token, spec in offered:
            response = tables.act(code, host, spec["type"], random_params(spec, rng))
            posted += 1
            assert response.status_code < 500, (game, spec["type"], response.get_json())
        if not offered:
            break
        token, spec = rng.choice(offered)
        response = tables.act(code, token, spec["type"], random_params(spec, rng))
        assert response.status_code < 500, (game, spec["type"], response.get_json())
    return posted


@pytest.mark.parametrize("variant", ["house", "cemetery"])
def test_EZA_T9_the_host_playing_a_mutation_is_refused(client, tables, variant):
    created, _ = tables.started(2, "eat-zem-all", variant)
    response = tables.act(
        created["code"], created["host_token"], "use_mutation", {"card": "anything"}
    )
    assert response.status_code in (403, 409, 422), response.get_json()
    assert response.headers["Content-Type"].startswith("application/problem+json")
