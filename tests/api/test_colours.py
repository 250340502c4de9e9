"""Your colour is your colour: in a game with colours in its box (Eat Zem All's Hordes) the
lobby offers the box's colours, the colour a player joins in is their Horde's, and texts name
the player with it ("Ana (Red)")."""

from __future__ import annotations


def test_eat_zem_all_hordes_are_the_colours_the_players_chose(client, tables):
    created = tables.create("eat-zem-all", "house")
    code, host = created["code"], created["host_token"]
    # the lobby offers the box's colours, each with the name the game gives it
    assert created["view"]["game_view"]["colours"] == {
        "yellow": "yellow",
        "green": "green",
        "vermilion": "red",
        "blue": "blue",
    }
    refused = client.post(f"/api/tables/{code}/seats", json={"name": "Zoé", "colour": "orange"})
    assert refused.status_code == 422 and refused.get_json()["code"] == "colour_not_offered"
    tables.join(code, "Ana", "vermilion")
    tables.join(code, "Ben", "blue")
    tables.join(code, "Chloé")  # the first free colour of the box
    assert tables.act(code, host, "start").status_code == 201
    hordes = {h["seat"]: h["colour"] for h in tables.view(code)["game_view"]["hordes"]}
    assert hordes == {1: "red", 2: "blue", 3: "yellow"}
    # the setup checklist names each player with their Horde's colour
    steps = " ".join(tables.view(code)["game_view"]["checklist"])
    assert "Ana (Red)" in steps and "Ben (Blue)" in steps
    fr = client.get(f"/api/tables/{code}", headers={"Accept-Language": "fr"}).get_json()
    assert "Ana (Rouge)" in " ".join(fr["game_view"]["checklist"])


def test_a_game_without_box_colours_offers_every_seat_colour(tables):
    created = tables.create()
    assert len(created["view"]["game_view"]["colours"]) == 8
