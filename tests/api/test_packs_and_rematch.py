"""Your own box's cards, and playing again.

A host may open a table with their own content pack (the built-in one's format, downloaded
from ``GET /api/games/{id}/pack``): it is checked with errors naming the file, the card and the
field, kept with the table, shown as ``custom`` and exported, so ``tableapp verify`` still
checks the game. At the end the host opens the same game again in one request, and every
phone of the finished table learns where (``rematch``) to take its seat again."""

from __future__ import annotations

import copy

from tableapp import catalog
from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tableapp.verify import verify_export


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def _play_to_the_end(client, code, tokens, host):
    chooser = Rng(b"pack".ljust(32, b"."), 0)
    for _ in range(5000):
        for token in [*tokens, host]:
            view = client.get(f"/api/tables/{code}", headers=bearer(token)).get_json()
            if view["status"] == "finished":
                return view
            # Zombicide's split helper changes nothing and is everyone's while a group moves (ZC-12)
            specs = [
                a for a in view["actions"] if a["type"] not in ("correct", "board_done", "split")
            ]
            if specs:
                spec = chooser.choice(specs)
                body = {"type": spec["type"], "params": random_params(spec, chooser)}
                answer = client.post(
                    f"/api/tables/{code}/actions", json=body, headers=bearer(token)
                )
                assert answer.status_code == 201, answer.get_json()
                break
    raise AssertionError("the game did not end")


def test_the_built_in_pack_downloads_as_a_starting_point(client):
    response = client.get("/api/games/zombie-life/pack")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    assert response.get_json() == catalog.content("zombie-life")
    missing = client.get("/api/games/chess/pack")
    assert missing.status_code == 404 and missing.get_json()["code"] == "unknown_game"


def test_a_custom_pack_is_checked_kept_shown_and_exported(client, tables):
    pack = copy.deepcopy(catalog.content("zombie-life"))
    for card in pack["cards"]["cards"]:
        card["name"] = f"My {card['name']}"
        card["name_fr"] = f"Mon {card['name_fr']}"
    created = client.post("/api/tables", json={"game": "zombie-life", "pack": pack}).get_json()
    code, host = created["code"], created["host_token"]
    assert created["view"]["pack"] == "custom"
    tokens = [tables.join(code, name)["token"] for name in ("Ana", "Ben")]
    assert tables.act(code, host, "start").status_code == 201
    view = tables.view(code, tokens[0])
    names = [c["name"] for p in view["game_view"]["players"] for c in p["refuge"]]
    assert names and all(n.startswith("My ") for n in names)
    fr = client.get(f"/api/tables/{code}", headers={"Accept-Language": "fr"}).get_json()
    assert all(
        c["name"].startswith("Mon ") for p in fr["game_view"]["players"] for c in p["refuge"]
    )
    _play_to_the_end(client, code, tokens, host)
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert export["content"] == pack and export["content_origin"] == "custom"
    assert verify_export(export) is None


def test_a_broken_pack_is_refused_naming_the_file_card_and_field(client):
    pack = copy.deepcopy(catalog.content("zombie-life"))
    pack["cards"]["cards"][2]["name_fr"] = ""
    pack["cards"]["cards"][4]["copies"] = 0
    response = client.post(
        "/api/tables", json={"game": "zombie-life", "pack": pack}, headers={"Accept-Language": "fr"}
    )
    body = response.get_json()
    assert response.status_code == 422 and body["code"] == "bad_pack"
    assert body["detail"].startswith("Le paquet de contenu a 2 problèmes")
    # A French request: what is wrong is French; the JSON file that was sent (no .toml file),
    # and in it the part, the card and the field as the pack writes them; the card by its
    # name, not its index: its French one (its English one when the French is the problem).
    assert body["errors"]["pack"] == [
        "fichier de cartes (JSON) › cards › cards › « Moaner 3 » › name_fr : doit être un "
        "texte non vide",
        "fichier de cartes (JSON) › cards › cards › « Mordeur 5 » › copies : doit être un "
        "nombre entier de 1 à 26",
    ]
    wrong_game = client.post("/api/tables", json={"game": "zombie-life", "pack": {"x": {}}})
    assert wrong_game.status_code == 422 and wrong_game.get_json()["code"] == "bad_pack"


def test_a_broken_eat_zem_all_pack_is_refused_in_the_readers_language(client):
    pack = copy.deepcopy(catalog.content("eat-zem-all"))
    pack["humans"]["human"][0]["vp"] = -2
    pack["mutations"]["mutation"][1]["effect"] = "fly"
    for lang, lines in {
        "fr": [
            "fichier de cartes (JSON) › humans › human › « Harry » › vp : doit être un "
            "nombre entier d’au moins 0",
            "fichier de cartes (JSON) › mutations › mutation › « Détente » › effect : doit "
            "être l’un de : ",
        ],
        "en": [
            "pack file (JSON) › humans › human › “Harry” › vp: must be a whole number of at "
            "least 0",
            "pack file (JSON) › mutations › mutation › “Lunge” › effect: must be one of ",
        ],
    }.items():
        response = client.post(
            "/api/tables",
            json={"game": "eat-zem-all", "pack": pack},
            headers={"Accept-Language": lang},
        )
        body = response.get_json()
        assert response.status_code == 422 and body["code"] == "bad_pack"
        errors = body["errors"]["pack"]
        assert errors[0] == lines[0], errors
        assert errors[1].startswith(lines[1]), errors
        assert ".toml" not in " ".join(errors) and "[1]" not in errors[1], errors


def test_a_pack_larger_than_an_action_still_fits_when_opening_a_table(client):
    pack = copy.deepcopy(catalog.content("zombie-life"))
    pack["cards"]["comment"] = "x" * 100_000  # an unknown key of the file: 100 KB
    response = client.post("/api/tables", json={"game": "zombie-life", "pack": pack})
    assert response.status_code in (201, 422)
    assert response.status_code != 413
    too_big = {"game": "zombie-life", "pack": {"cards": {"comment": "x" * 600_000}}}
    assert client.post("/api/tables", json=too_big).status_code == 413
    action = {"type": "x" * 70_000}
    assert client.post("/api/tables/ABCDEF/actions", json=action).status_code == 413


def test_play_again_opens_the_same_game_and_every_phone_learns_where(client, tables):
    created, tokens = tables.started(2, options={"continue_draw_pile": True})
    code, host = created["code"], created["host_token"]
    early = client.post(f"/api/tables/{code}/rematch", headers=bearer(host))
    assert early.status_code == 409 and early.get_json()["code"] == "not_finished"
    _play_to_the_end(client, code, tokens, host)
    refused = client.post(f"/api/tables/{code}/rematch", headers=bearer(tokens[0]))
    assert refused.status_code == 403
    again = client.post(f"/api/tables/{code}/rematch", headers=bearer(host))
    assert again.status_code == 201, again.get_json()
    new = again.get_json()
    assert set(new) == {"code", "host_token", "join_url", "seed_commitment", "view"}
    assert new["view"]["game"] == "zombie-life" and new["view"]["status"] == "lobby"
    assert new["view"]["options"] == {"continue_draw_pile": True, "pass_counts_self": False}
    assert new["seed_commitment"] != created["seed_commitment"]
    # Every phone of the finished table sees where to play again, and the log says so.
    for token in [*tokens, None]:
        assert tables.view(code, token)["rematch"] == {"code": new["code"]}
    log = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    assert log[-1]["type"] == "rematch" and new["code"] in log[-1]["events"][0]["text"]
    twice = client.post(f"/api/tables/{code}/rematch", headers=bearer(host))
    assert twice.status_code == 409 and twice.get_json()["code"] == "rematch_exists"
    # The finished game still verifies (the rematch entry is the shell's, not the game's).
    assert verify_export(client.get(f"/api/tables/{code}/export").get_json()) is None
    # One tap per phone: a join of the new table.
    joined = tables.join(new["code"], "Ana")
    assert joined["seat"]["id"] == 1
