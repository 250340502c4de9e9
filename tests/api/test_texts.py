"""Every text in the player's language: views, action answers, the log, the event stream,
refusals and the catalogue follow ``Accept-Language``; events carry ``msg`` and ``args``
beside the rendered ``text``, and players are named, never numbered."""

from __future__ import annotations

import json

from tableapp import catalog


def bearer(token, lang=None):
    headers = {"Authorization": f"Bearer {token}"}
    if lang:
        headers["Accept-Language"] = lang
    return headers


def _started(tables):
    created = tables.create()
    code = created["code"]
    tokens = [tables.join(code, name)["token"] for name in ("Ana", "Ben", "Chloé")]
    response = tables.act(code, created["host_token"], "start")
    assert response.status_code == 201
    view = tables.view(code)
    if view["prompt"]["msg"] == "zl.prompt.tie":  # ZL-1: the host settles a tie first
        tied = view["game_view"]["tied"][0]
        response = tables.act(code, created["host_token"], "choose_first", {"seat": tied})
        assert response.status_code == 201
    return code, created["host_token"], tokens


def _turn_token(view, tokens):
    return tokens[view["prompt"]["waiting_for"][0] - 1]


def test_view_prompt_and_actions_follow_accept_language(client, tables):
    code, _, tokens = _started(tables)
    public = tables.view(code)
    player = _turn_token(public, tokens)
    fr = client.get(f"/api/tables/{code}", headers=bearer(player, "fr-FR,fr;q=0.9")).get_json()
    en = client.get(f"/api/tables/{code}", headers=bearer(player, "en")).get_json()
    assert fr["prompt"]["msg"] == en["prompt"]["msg"] == "zl.prompt.turn"
    assert en["prompt"]["text"] == "Your turn: draw a card, take one from the Horde, or pass."
    assert fr["prompt"]["text"].startswith("À vous")
    assert [a["label"] for a in fr["actions"]][-1] == "Passer et se cacher"
    name = public["seats"][public["prompt"]["waiting_for"][0] - 1]["name"]
    # The others read who is to play, by name, in their own language.
    watcher = client.get(f"/api/tables/{code}", headers={"Accept-Language": "fr"}).get_json()
    assert watcher["prompt"]["text"].startswith(f"{name}\u00a0: piocher")


def test_log_and_action_answers_carry_messages_and_names(client, tables):
    code, _, tokens = _started(tables)
    view = tables.view(code)
    token = _turn_token(view, tokens)
    answer = client.post(
        f"/api/tables/{code}/actions", json={"type": "draw"}, headers=bearer(token, "fr")
    ).get_json()
    (event,) = answer["action"]["events"][-1:]
    assert event["msg"] in ("zl.drew", "zl.overwhelmed")
    assert "Seat" not in event["text"] and "Place" not in event["text"]
    start = client.get(f"/api/tables/{code}/log", headers={"Accept-Language": "fr"}).get_json()
    (started,) = [e for e in start["entries"] if e["type"] == "start"]
    texts = [e["text"] for e in started["events"]]
    assert texts[0].startswith("La partie commence avec 3 joueurs (")
    # ZL-1: the deal and who starts are in the log, with the players' names.
    dealt = [e for e in started["events"] if e["msg"] == "zl.dealt"]
    assert [e["args"]["seat"] for e in dealt] == [{"seat": 1}, {"seat": 2}, {"seat": 3}]
    assert dealt[0]["text"].startswith("Ana reçoit ")
    assert any(e["msg"] in ("zl.lowest_starts", "zl.tie") for e in started["events"])
    joined = [e for e in start["entries"] if e["type"] == "join"]
    assert joined[2]["events"][0]["text"] == "Chloé a rejoint la table."


def test_refusals_are_in_the_players_language_with_their_rule(client, tables):
    code, _, tokens = _started(tables)
    view = tables.view(code)
    waiting = view["prompt"]["waiting_for"][0]
    other = tokens[waiting % 3]  # not their turn
    response = client.post(
        f"/api/tables/{code}/actions", json={"type": "draw"}, headers=bearer(other, "fr")
    )
    body = response.get_json()
    assert response.status_code in (403, 422) and body["code"] == "not_your_turn"
    # the refusal is a message like every other text: French for a French phone
    assert body["msg"] in ("table.refuse.not_your_turn", "zl.refuse.not_your_turn")
    assert body["detail"].endswith(".") and "turn" not in body["detail"]
    assert "tour" in body["detail"]
    # a ruling the rules name: the table has not drawn, so placing is refused by ZL-2
    token = _turn_token(view, tokens)
    response = client.post(
        f"/api/tables/{code}/actions",
        json={"type": "place", "params": {"area": "horde"}},
        headers=bearer(token, "fr"),
    )
    body = response.get_json()
    assert response.status_code == 422 and body["rule"] == "ZL-2"
    assert body["msg"] == "zl.refuse.nothing_to_place"
    assert body["detail"] == "Piochez une carte avant d’en poser une."


def test_games_catalogue_speaks_the_language_asked(client):
    fr = client.get("/api/games", headers={"Accept-Language": "fr"})
    assert fr.headers["Content-Language"] == "fr" and "Accept-Language" in fr.headers["Vary"]
    (zl,) = [g for g in fr.get_json()["games"] if g["id"] == "zombie-life"]
    assert zl["options"]["continue_draw_pile"]["label"].startswith("Les nouvelles manches")
    assert zl["help"].startswith("Zombie Life\u00a0: ")
    en = client.get("/api/games").get_json()
    (zl,) = [g for g in en["games"] if g["id"] == "zombie-life"]
    assert zl["options"]["continue_draw_pile"]["label"].startswith("New rounds")


def test_every_games_help_ends_with_the_tables_rules_in_the_language_asked(client):
    """Undo needing another player's OK, a lost phone, fair draws: every game's help, in
    French too."""
    for lang, undo, fair in [
        ("fr", "un autre joueur (ou l’hôte) l’accepte ou la refuse", "Des tirages équitables"),
        ("en", "another player (or the host) agrees or refuses", "Fair draws"),
    ]:
        games = client.get("/api/games", headers={"Accept-Language": lang}).get_json()["games"]
        assert [g["id"] for g in games] == [g.id for g in catalog.games()]
        for game in games:
            assert undo in game["help"] and fair in game["help"], (lang, game["id"])
            other = "Fair draws" if lang == "fr" else "Des tirages équitables"
            assert other not in game["help"], (lang, game["id"])


def test_event_stream_speaks_the_language_it_was_opened_in(client, tables, app):
    code, host, _ = _started(tables)
    app.config["SSE_MAX_SECONDS"] = 0.5
    response = client.get(
        f"/api/tables/{code}/events?after=0", headers={"Accept-Language": "fr"}, buffered=True
    )
    data = [
        json.loads(line[len("data: ") :])
        for line in response.get_data(as_text=True).splitlines()
        if line.startswith("data: ")
    ]
    texts = [e["text"] for entry in data for e in entry["events"]]
    assert "Ana a rejoint la table." in texts
    assert any(t.startswith("La partie commence avec 3 joueurs") for t in texts)


FR = {"Accept-Language": "fr"}


def test_field_errors_titles_and_http_errors_speak_french(client, tables):
    """What the shell says about bad input is in the request's language too: each field's
    errors (the schema's, the name check's, the table's), a problem's title, and the HTTP
    errors the framework raises (404, 405)."""
    variant = client.post("/api/tables", json={"game": "zombie-life", "variant": "x"}, headers=FR)
    body = variant.get_json()
    assert body["code"] == "unknown_variant" and body["title"] == "Contenu impossible à traiter"
    assert body["errors"]["variant"] == ["Il n’y a rien à choisir ici."]  # no variants
    variant = client.post("/api/tables", json={"game": "eat-zem-all", "variant": "x"}, headers=FR)
    assert variant.get_json()["errors"]["variant"] == ["Au choix\u00a0: La Maison et Le Cimetière."]
    code = tables.create()["code"]
    seats = f"/api/tables/{code}/seats"
    assert client.post(seats, json={"name": "Ana", "colour": "sky"}).status_code == 201
    taken = client.post(seats, json={"name": "Ben", "colour": "sky"}, headers=FR).get_json()
    assert taken["code"] == "colour_taken" and taken["errors"] == {"colour": ["Déjà prise."]}
    assert taken["title"] == "Conflit"
    cases = [
        ({"name": "Ana\u202e"}, "name", "Un nom ne peut pas contenir de caractère de contrôle"),
        ({"name": "   "}, "name", "Un nom a besoin d’au moins un caractère visible."),
        ({"name": "a" * 41}, "name", "Un nom a au plus 40 caractères"),
        ({}, "name", "Ce champ est obligatoire."),
        ({"name": 7}, "name", "Ce n’est pas un texte."),
        ({"name": "Ben", "colour": "pink"}, "colour", "Au choix\u00a0: orange, bleu ciel, vert"),
        ({"name": "Ben", "contribution": "ab"}, "contribution", "32 octets aléatoires"),
        ({"name": "Ben", "retry_secret": "short"}, "retry_secret", "De 32 à 128 lettres"),
        ({"name": "Ben", "hat": 1}, "hat", "Champ inconnu."),
    ]
    for body, field, french in cases:
        refused = client.post(seats, json=body, headers=FR).get_json()
        assert refused["code"] == "invalid_input", (body, refused)
        assert refused["errors"][field][0].startswith(french), (body, refused["errors"])
    action = client.post(
        f"/api/tables/{code}/actions", json={"type": "", "expected": "x"}, headers=FR
    ).get_json()
    assert action["errors"] == {
        "type": ["De 1 à 40 caractères."],
        "expected": ["Ce n’est pas un nombre entier."],
    }
    expected = {"type": "draw", "expected": -1}
    action = client.post(f"/api/tables/{code}/actions", json=expected, headers=FR).get_json()
    assert action["errors"] == {"expected": ["Un nombre entier de 0 à 2147483647."]}
    log = client.get(f"/api/tables/{code}/log?after=x", headers=FR).get_json()
    assert "Un numéro d’action" in json.dumps(log["errors"], ensure_ascii=False)
    missing = client.get("/api/nowhere", headers=FR).get_json()
    assert missing["code"] == "not_found" and missing["title"] == "Introuvable"
    assert missing["detail"] == "Il n’y a rien à cette adresse."
    wrong = client.delete("/api/games", headers=FR)
    body = wrong.get_json()
    assert wrong.status_code == 405 and body["title"] == "Méthode non permise"
    assert body["detail"] == "Cette adresse n’accepte pas cette méthode."
    english = client.get("/api/nowhere").get_json()
    assert (
        english["title"] == "Not found" and english["detail"] == "There is nothing at this address."
    )
