"""A content pack is optional: a game whose rules print every component has no ``content/``
folder in its package; its content is ``{}``, the catalogue says it has no pack (``pack``:
false, so the home screen offers none), its pack download is a 404 ``no_pack``, and a pack
sent for it may hold no file."""

from __future__ import annotations

import pytest

from tableapp import catalog
from tableapp.content import has_pack, load_pack, pack_problems
from tableapp.content.json_schema import pack_json_schema
from tableapp.engine import Moves, define, registry
from tableapp.texts.i18n import Renderer

GAME_ID = "coin-toss"
GAME = define(
    id=GAME_ID,
    name="Coin Toss",
    players=(2, 2),
    setup=lambda ctx, **kw: {"seats": kw["seats"]},
    moves=Moves(specs=lambda state, seat: [], apply=lambda state, seat, action, ctx: None),
)


@pytest.fixture
def packless(monkeypatch):
    """The catalogue with the game in it, for this test only."""
    catalog.load()
    monkeypatch.setitem(registry._GAMES, GAME_ID, GAME)
    monkeypatch.setitem(catalog._content, GAME_ID, load_pack(GAME_ID))
    monkeypatch.setitem(catalog._help, GAME_ID, "Coin Toss: heads or tails.")
    return GAME


def test_a_game_without_a_folder_has_an_empty_pack():
    assert not has_pack(GAME_ID) and load_pack(GAME_ID) == {}
    assert pack_problems(GAME, {}) == []
    assert all(has_pack(m.GAME.id) for m in catalog.discover())  # the built-in games have one


def test_a_pack_sent_for_a_game_without_one_holds_no_file():
    lines = Renderer("en").localize(pack_problems(GAME, {"cards": {"cards": []}}))
    assert lines == ["pack file (JSON) › cards: is not a file of this pack"]
    schema = pack_json_schema(GAME_ID)
    assert schema["type"] == "object" and schema["properties"] == {}
    assert schema["additionalProperties"] is False


def test_the_catalogue_says_which_games_have_a_pack(client, packless):
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    assert games[GAME_ID]["pack"] is False
    assert all(g["pack"] == has_pack(i) for i, g in games.items())
    assert games["graveyard-dash"]["pack"] is True  # the tests' example carries one in its folder


def test_a_game_without_a_pack_has_no_pack_to_download(client, packless):
    for lang, detail in [
        ("en", "Coin Toss has no content pack: its rules print every component."),
        (
            "fr",
            "Coin Toss n’a pas de paquet de contenu\u00a0: ses règles listent tout le matériel.",
        ),
    ]:
        response = client.get(f"/api/games/{GAME_ID}/pack", headers={"Accept-Language": lang})
        body = response.get_json()
        assert response.status_code == 404 and body["code"] == "no_pack"
        assert body["detail"] == detail
    assert client.get("/api/games/zombie-life/pack").status_code == 200


def test_a_table_of_a_game_without_a_pack_opens_and_refuses_a_pack_with_files(client, packless):
    created = client.post("/api/tables", json={"game": GAME_ID})
    assert created.status_code == 201, created.get_json()
    empty = client.post("/api/tables", json={"game": GAME_ID, "pack": {}})
    assert empty.status_code == 201, empty.get_json()
    refused = client.post("/api/tables", json={"game": GAME_ID, "pack": {"cards": {}}})
    body = refused.get_json()
    assert refused.status_code == 422 and body["code"] == "bad_pack"
    assert body["errors"]["pack"] == ["pack file (JSON) › cards: is not a file of this pack"]
