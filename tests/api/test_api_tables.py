"""The HTTP contract: shapes, auth, errors, staleness, undo, export and verify."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from tableapp.database.extensions import db
from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng, commitment
from tableapp.verify import verify_export


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_create_shape(tables):
    created = tables.create()
    assert set(created) == {"code", "host_token", "join_url", "seed_commitment", "view"}
    assert len(created["seed_commitment"]) == 64
    assert created["join_url"].endswith(f"/join/{created['code']}")
    view = created["view"]
    assert view["status"] == "lobby" and view["seq"] == 0 and view["seed"] is None
    assert view["me"] == {"seat": None, "role": "host"}
    assert view["game"] == "zombie-life"
    # the host token is at least 128 bits of URL-safe text
    assert len(created["host_token"]) >= 22


def test_join_shape_and_lobby_view(tables):
    created = tables.create()
    joined = tables.join(created["code"], "Ana", "green")
    assert set(joined) == {"seat", "token"}
    assert joined["seat"] == {
        "id": 1,
        "position": 0,
        "name": "Ana",
        "colour": "green",
        "connected": True,
    }
    view = tables.view(created["code"], joined["token"])
    assert view["me"] == {"seat": 1, "role": "player"}
    assert view["actions"] == []
    assert [s["name"] for s in view["seats"]] == ["Ana"]


@pytest.mark.parametrize("name", ["", " ", "x" * 41])
def test_names_are_1_to_40_characters(client, tables, name):
    code = tables.create()["code"]
    response = client.post(f"/api/tables/{code}/seats", json={"name": name})
    assert response.status_code == 422
    body = response.get_json()
    assert response.mimetype == "application/problem+json"
    assert body["code"] == "invalid_input" and "name" in body["errors"]


def test_forty_character_name_is_fine(tables):
    code = tables.create()["code"]
    assert tables.join(code, "é" * 40)["seat"]["name"] == "é" * 40


def test_colour_taken_is_refused(client, tables):
    code = tables.create()["code"]
    tables.join(code, "Ana", "green")
    response = client.post(f"/api/tables/{code}/seats", json={"name": "Bo", "colour": "green"})
    assert response.status_code == 409 and response.get_json()["code"] == "colour_taken"


def test_only_the_host_starts(tables):
    created = tables.create()
    code = created["code"]
    tokens = [tables.join(code, n)["token"] for n in ("A", "B")]
    response = tables.act(code, tokens[0], "start")
    assert response.status_code == 403 and response.get_json()["code"] == "host_only"
    response = tables.act(code, created["host_token"], "start")
    assert response.status_code == 201
    assert response.get_json()["view"]["status"] == "playing"


def test_start_needs_enough_players(tables):
    created = tables.create()
    tables.join(created["code"], "Alone")
    response = tables.act(created["code"], created["host_token"], "start")
    assert response.status_code == 422
    assert tables.view(created["code"], created["host_token"])["actions"] == []


def test_no_join_after_start(client, tables):
    created, _ = tables.started(2)
    response = client.post(f"/api/tables/{created['code']}/seats", json={"name": "Late"})
    assert response.status_code == 409 and response.get_json()["code"] == "game_started"


def _turn(tables, code, tokens):
    """(token, view) of the player the game waits for; the host settles ties first (ZL-1)."""
    host = tables.host_tokens.get(code)
    for _ in range(10):
        if host:
            view = tables.view(code, host)
            if view["actions"]:
                spec = view["actions"][0]
                response = tables.act(
                    code, host, spec["type"], random_params(spec, Rng(b"h" * 32, view["seq"]))
                )
                assert response.status_code == 201
                continue
        for token in tokens:
            view = tables.view(code, token)
            if view["actions"]:
                return token, view
    raise AssertionError("nobody can act")


def test_out_of_turn_is_refused(tables):
    created, tokens = tables.started(3)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    other = next(t for t in tokens if t != token)
    response = tables.act(code, other, "draw")
    assert response.status_code == 403
    assert response.get_json()["code"] == "not_your_turn"


def test_seat_token_acts_only_as_its_seat(tables):
    created, tokens = tables.started(2)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    response = tables.act(code, token, "draw")
    assert response.status_code == 201
    assert response.get_json()["action"]["seat"] == view["me"]["seat"]


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({"type": "no-such-action"}, 422, "action_not_available"),
        ({"type": "draw", "params": {"area": "moon"}}, 422, "illegal_params"),
        ({"type": 5}, 422, "invalid_input"),
        ({"params": {}}, 422, "invalid_input"),
        ({"type": "draw", "expected": "12"}, 422, "invalid_input"),
        ({"type": "draw", "surprise": 1}, 422, "invalid_input"),
    ],
)
def test_bad_actions_are_clear_4xx(tables, client, body, status, code):
    created, tokens = tables.started(2)
    token, _ = _turn(tables, created["code"], tokens)
    response = client.post(
        f"/api/tables/{created['code']}/actions", json=body, headers=bearer(token)
    )
    assert response.status_code == status, response.get_json()
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["code"] == code and problem["status"] == status
    assert {"title", "detail"} <= set(problem)


def test_malformed_json_is_400(client, tables):
    created, tokens = tables.started(2)
    response = client.post(
        f"/api/tables/{created['code']}/actions",
        data="{not json",
        headers=bearer(tokens[0]) | {"Content-Type": "application/json"},
    )
    assert response.status_code == 400
    assert response.get_json()["code"] == "malformed_json"


def test_unknown_game_table_and_token(client, tables):
    response = client.post("/api/tables", json={"game": "chess"})
    assert response.status_code == 422 and response.get_json()["code"] == "unknown_game"
    response = client.get("/api/tables/NOPE99")
    assert response.status_code == 404 and response.get_json()["code"] == "unknown_table"
    code = tables.create()["code"]
    response = client.get(f"/api/tables/{code}", headers=bearer("forged"))
    assert response.status_code == 401 and response.get_json()["code"] == "bad_token"
    response = client.post(f"/api/tables/{code}/actions", json={"type": "start"})
    assert response.status_code == 401 and response.get_json()["code"] == "missing_token"


def test_unknown_option_and_variant(client):
    response = client.post("/api/tables", json={"game": "zombie-life", "options": {"x": 1}})
    assert response.status_code == 422 and response.get_json()["code"] == "illegal_options"
    response = client.post("/api/tables", json={"game": "zombie-life", "variant": "moon"})
    assert response.status_code == 422 and response.get_json()["code"] == "unknown_variant"


def test_oversized_body_is_413(client, tables):
    code = tables.create()["code"]
    response = client.post(
        f"/api/tables/{code}/seats",
        data=json.dumps({"name": "A", "pad": "x" * 70_000}),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert response.get_json()["code"] == "body_too_large"


def test_rule_refusal_carries_the_rule_id(tables):
    """A refusal by a ruling names it: ZL-2, a drawn card is placed before anything else (a
    card that only one area may take is placed with its draw, so the refusal is met with a
    card that either area may take)."""
    created, tokens = tables.started(2)
    code = created["code"]
    rng = Rng(b"z" * 32, 0)
    for _ in range(3000):
        token, view = _turn(tables, code, tokens)
        if any(a["type"] == "place" for a in view["actions"]):
            response = tables.act(code, token, "draw", {})
            assert response.status_code == 422
            problem = response.get_json()
            assert problem["rule"] == "ZL-2" and problem["code"] == "card_pending"
            assert tables.view(code)["seq"] == view["seq"]  # nothing applied
            return
        spec = rng.choice([a for a in view["actions"] if a["type"] != "pass"] or view["actions"])
        tables.act(code, token, spec["type"], random_params(spec, rng))
        if tables.view(code)["status"] == "finished":
            created, tokens = tables.started(2)
            code = created["code"]
    raise AssertionError("no card waited to be placed")


def test_stale_expected_gets_409_with_the_fresh_view(tables):
    created, tokens = tables.started(2)
    code = created["code"]
    token, view = _turn(tables, code, tokens)
    response = tables.act(code, token, "draw", expected=view["seq"] - 1)
    assert response.status_code == 409
    problem = response.get_json()
    assert problem["code"] == "stale" and problem["view"]["seq"] == view["seq"]
    assert tables.act(code, token, "draw", expected=view["seq"]).status_code == 201


def test_security_headers(client, tables):
    with client.get("/") as page:
        csp = page.headers["Content-Security-Policy"]
        nosniff = page.headers["X-Content-Type-Options"]
    for directive in ("object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"):
        assert directive in csp
    assert nosniff == "nosniff"
    code = tables.create()["code"]
    view = client.get(f"/api/tables/{code}", headers={"Origin": "http://evil.example"})
    assert view.headers["Cache-Control"] == "no-store"
    assert view.headers["X-Content-Type-Options"] == "nosniff"
    assert "Access-Control-Allow-Origin" not in view.headers
    preflight = client.options(
        f"/api/tables/{code}/actions",
        headers={"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert "Access-Control-Allow-Origin" not in preflight.headers


def test_qr_svg_encodes_the_join_url(client, tables):
    import io

    import qrcode
    import qrcode.image.svg

    created = tables.create()
    response = client.get(f"/api/tables/{created['code']}/qr.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    image = qrcode.make(
        created["join_url"], image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2
    )
    buffer = io.BytesIO()
    image.save(buffer)
    assert response.data == buffer.getvalue()


def test_openapi_and_docs(client):
    spec = client.get("/api/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    actions = spec["paths"]["/api/tables/{code}/actions"]["post"]
    assert {"201", "401", "403", "404", "409", "422"} <= set(actions["responses"])
    assert "Problem" in spec["components"]["schemas"]
    with client.get("/api/docs") as docs:
        assert docs.status_code == 200
        page = docs.get_data(as_text=True)
    # the docs page loads its assets from this server, never from a CDN
    assert "/vendor/swagger-ui/swagger-ui-bundle.js" in page and "https://" not in page
    with client.get("/vendor/swagger-ui/swagger-ui-bundle.js") as asset:
        assert asset.status_code == 200


def test_database_holds_no_raw_token(app, tables, key):
    created = tables.create()
    code = created["code"]
    joined = [tables.join(code, n) for n in ("A", "B")]
    # a join with an Idempotency-Key stores its answer: the token must not be in it
    response = tables.client.post(
        f"/api/tables/{code}/seats", json={"name": "C"}, headers={"Idempotency-Key": key()}
    )
    tokens = [created["host_token"], response.get_json()["token"]] + [j["token"] for j in joined]
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            connection = db.engine.raw_connection()
            dump = "\n".join(connection.driver_connection.iterdump())
            connection.close()
        else:
            rows = []
            for table in ("tables", "seats", "actions", "idempotent_responses"):
                rows += db.session.execute(text(f"SELECT * FROM {table}")).all()
            dump = repr(rows)
    for token in tokens:
        assert token not in dump


def test_reissue_a_lost_phone(client, tables):
    created, tokens = tables.started(2)
    code = created["code"]
    response = client.post(f"/api/tables/{code}/seats/1/token", headers=bearer(tokens[1]))
    assert response.status_code == 403
    response = client.post(
        f"/api/tables/{code}/seats/1/token", headers=bearer(created["host_token"])
    )
    assert response.status_code == 200
    new = response.get_json()["token"]
    assert client.get(f"/api/tables/{code}", headers=bearer(tokens[0])).status_code == 401
    assert tables.view(code, new)["me"]["seat"] == 1


def play_to_the_end(tables, code, tokens, seed=b"p" * 32, limit=3000):
    """Random legal actions from `actions` alone until the game is over."""
    rng = Rng(seed, 0)
    for _ in range(limit):
        view = tables.view(code)
        if view["status"] == "finished":
            return view
        token, view = _turn(tables, code, tokens)
        if view["status"] == "finished":
            return view
        spec = rng.choice(view["actions"])
        response = tables.act(
            code, token, spec["type"], random_params(spec, rng), expected=view["seq"]
        )
        assert response.status_code == 201, response.get_json()
    raise AssertionError("game did not end")


def test_whole_game_over_http_then_export_and_verify(client, tables):
    created, tokens = tables.started(3)
    code = created["code"]
    final = play_to_the_end(tables, code, tokens)
    assert final["seed"] is not None
    assert commitment(bytes.fromhex(final["seed"])) == created["seed_commitment"]
    result = final["result"]
    assert result["winners"] and len(result["standings"]) == 3
    for standing in result["standings"]:
        assert sum(standing["breakdown"].values()) == standing["score"]
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert verify_export(export) is None
    # a stacked deck shows: change one recorded event and verify names that action
    tampered = json.loads(json.dumps(export))
    victim = next(a for a in tampered["actions"] if a["type"] == "draw")
    victim["private"] = {"1": [{"text": "a different card"}]}
    assert f"action {victim['number']}" in verify_export(tampered)
    tampered = json.loads(json.dumps(export))
    tampered["seed"] = "00" * 32
    assert "commitment" in verify_export(tampered)


def test_export_closed_until_the_end(client, tables):
    created, _ = tables.started(2)
    response = client.get(f"/api/tables/{created['code']}/export")
    assert response.status_code == 409 and response.get_json()["code"] == "not_finished"


def test_verify_cli(tmp_path, client, tables):
    from click.testing import CliRunner

    from tableapp.cli import main

    created, tokens = tables.started(2)
    play_to_the_end(tables, created["code"], tokens, seed=b"q" * 32)
    path = tmp_path / "export.json"
    path.write_text(client.get(f"/api/tables/{created['code']}/export").get_data(as_text=True))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0 and result.output.startswith("OK")
    export = json.loads(path.read_text())
    export["actions"][-1]["public"] = [{"text": "forged"}]
    path.write_text(json.dumps(export))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "DIVERGES" in result.output


def test_joins_are_rate_limited_per_address(app, client, tables):
    app.config["JOIN_RATE_LIMIT"] = (3, 60)
    code = tables.create()["code"]
    statuses = [
        client.post(f"/api/tables/{code}/seats", json={"name": f"P{i}"}).status_code
        for i in range(4)
    ]
    assert statuses == [201, 201, 201, 429]
    response = client.post(f"/api/tables/{code}/seats", json={"name": "P5"})
    assert response.status_code == 429
    assert response.get_json()["code"] == "rate_limited"
    assert 1 <= int(response.headers["Retry-After"]) <= 61
    # another address is not held back
    other = client.post(
        f"/api/tables/{code}/seats", json={"name": "Far"}, environ_base={"REMOTE_ADDR": "10.9.9.9"}
    )
    assert other.status_code == 201


def test_games_catalogue_with_help(client):
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    assert set(games) >= {"zombie-life", "eat-zem-all"}
    zl = games["zombie-life"]
    assert zl["players"] == {"min": 2, "max": 6} and zl["variants"] == [None]
    assert "ZL-4" in zl["help"] and "pass_counts_self" in zl["options"]
    for game in games.values():  # the table's own rules are in every game's help
        assert "another player (or the host) agrees or refuses" in game["help"]
    assert games["eat-zem-all"]["variants"] == ["house", "cemetery"]


def test_view_carries_the_join_url(tables):
    created = tables.create()
    assert tables.view(created["code"])["join_url"] == created["join_url"]


def test_https_certificate_download(app, client):
    from cryptography import x509

    from tableapp.server.certs import ensure_certificate

    assert client.get("/tableapp-ca.crt").status_code == 404
    ensure_certificate(app.instance_path, "192.168.1.20")
    response = client.get("/tableapp-ca.crt")
    assert response.status_code == 200
    assert response.mimetype == "application/x-x509-ca-cert"
    cert = x509.load_der_x509_certificate(response.data)
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert "192.168.1.20" in [str(ip) for ip in names.get_values_for_type(x509.IPAddress)]
