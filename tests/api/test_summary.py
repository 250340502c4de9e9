"""A game needs no screen code: its definition's ``summary`` (a few messages about the table
and the viewer's own part) is in every view, rendered for that viewer in their language, the
second person on their own phone; a game that gives none has an empty one, never its keys.
Played here with the tests' example game (``tests/fixtures/games/graveyard_dash``), over HTTP
to the end, then exported and verified like any game."""

from __future__ import annotations

import re

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tableapp.verify import verify_export

GAME = "graveyard-dash"
FR = {"Accept-Language": "fr"}
NBSP = "\u00a0"


def _view(client, code, token=None, lang="en"):
    headers = {"Accept-Language": lang}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    response = client.get(f"/api/tables/{code}", headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_summary_is_each_viewers_in_their_language(client, tables):
    created, (ana, ben) = tables.started(2, game=GAME)
    code = created["code"]
    # P1's phone, in French: the round, the pawns (its own in the second person), its cards.
    mine = _view(client, code, ana, "fr")
    values = [card["value"] for card in mine["game_view"]["hand"]]
    assert mine["game_view"]["summary"] == [
        "Tour 1",
        f"Vous{NBSP}: case 0 sur 12",
        f"P2{NBSP}: case 0 sur 12",
        f"Vos cartes Sprint{NBSP}: {values[0]} et {values[1]}",
        "8 cartes Sprint dans la pioche",
    ]
    # The table screen, in English: the public lines only.
    assert _view(client, code)["game_view"]["summary"] == [
        "Round 1",
        "P1: square 0 of 12",
        "P2: square 0 of 12",
        "8 sprint cards in the draw pile",
    ]
    other = _view(client, code, ben)["game_view"]["summary"]
    assert other[1:3] == ["P1: square 0 of 12", "You: square 0 of 12"]
    assert re.fullmatch(r"Your sprint cards: [234] and [234]", other[3])


def test_a_game_that_gives_no_summary_has_an_empty_one(client, tables):
    created, tokens = tables.started(2)  # Zombie Life draws its own screens
    assert tables.view(created["code"], tokens[0])["game_view"]["summary"] == []


def test_gd4_the_example_game_played_over_http_ends_exports_and_verifies(client, tables):
    created, tokens = tables.started(3, game=GAME)
    code = created["code"]
    chooser = Rng(b"summary".ljust(32, b"."), 0)
    for _ in range(200):
        views = [tables.view(code, token) for token in tokens]
        if views[0]["status"] == "finished":
            break
        token, view = next(
            (t, v)
            for t, v in zip(tokens, views, strict=True)
            if v["prompt"]["waiting_for"] and v["me"]["seat"] in v["prompt"]["waiting_for"]
        )
        spec = chooser.choice([a for a in view["actions"] if a["type"] in ("roll", "sprint")])
        answer = tables.act(code, token, spec["type"], random_params(spec, chooser))
        assert answer.status_code == 201, answer.get_json()
    final = _view(client, code, lang="fr")
    assert final["status"] == "finished"
    (winner,) = final["result"]["winners"]
    assert final["prompt"]["text"].startswith(f"Partie terminée{NBSP}: P{winner} a gagné.")
    assert "Premier à la grille du cimetière." in final["prompt"]["text"]
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert verify_export(export) is None
