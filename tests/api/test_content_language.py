"""Every response rendered in a language says which (issue 20, item 10): ``Content-Language``
and ``Vary: Accept-Language``; one that speaks no language (the QR code) says neither."""

from __future__ import annotations

import pytest

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}


def _says(response, lang):
    assert response.headers.get("Content-Language") == lang, dict(response.headers)
    assert "Accept-Language" in response.headers.get("Vary", "")


@pytest.mark.parametrize("lang, header", [("fr", FR), ("en", {"Accept-Language": "en"})])
def test_views_log_help_and_problems_name_their_language(client, tables, lang, header):
    created, tokens = tables.started(2)
    code = created["code"]
    bearer = {"Authorization": f"Bearer {tokens[0]}"}
    _says(client.get(f"/api/tables/{code}", headers=header), lang)  # the table screen's view
    _says(client.get(f"/api/tables/{code}", headers=header | bearer), lang)  # a seat's view
    _says(client.get(f"/api/tables/{code}/log", headers=header), lang)
    _says(client.get("/api/games", headers=header), lang)
    refused = client.post(
        f"/api/tables/{code}/actions", json={"type": "nope"}, headers=header | bearer
    )
    assert refused.status_code >= 400
    _says(refused, lang)
    _says(client.get("/api/tables/ZZZZZZ", headers=header), lang)  # werkzeug's 404 as a problem
    _says(client.post("/api/tables", json={"game": 5}, headers=header), lang)  # field errors


def test_the_stream_speaks_the_language_it_was_opened_in(app, client, tables):
    app.config["SSE_MAX_SECONDS"] = 1
    created, _ = tables.started(2)
    response = client.get(f"/api/tables/{created['code']}/events", headers=FR, buffered=False)
    try:
        assert response.status_code == 200
        _says(response, "fr")
    finally:
        response.close()


def test_a_response_in_no_language_names_none(client, tables):
    created, _ = tables.started(2)
    qr = client.get(f"/api/tables/{created['code']}/qr.svg", headers=FR)
    assert qr.status_code == 200
    assert "Content-Language" not in qr.headers
