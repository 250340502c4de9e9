"""No internal id in a text a person reads: the refusal of an action that is not possible now
names it as the game's buttons do, and the field errors of creating and joining a table name
the fields as the forms do and the choices by their names (colours as the lobby says them,
variants as the game calls them) — in English and in French, for every game.

The ids that must not show are gathered, not listed: each game's action types from the specs
its random playouts offer (and the names the app knows), the request fields from the schemas,
the choices from the games' catalogue (variants, seat colours, box colours). So a new game, a
new field or a new colour is swept too.

A text "shows" an id when the id stands in it as a word. An id that is also a word of the
language (English "name", "orange", French "orange") is told apart from the word by where it
comes from: a refusal's message must not put an id argument in its text.
"""

from __future__ import annotations

import functools
import random
import re

import pytest

from tableapp import catalog
from tableapp.api.schemas import ActionSchema, CreateTableSchema, JoinSchema
from tableapp.engine import Game
from tableapp.engine.playout import RandomChooser, random_params, random_playout
from tableapp.engine.replay import NON_GAME
from tableapp.tables import COLOURS, UNDO_ANSWERS, lobby_colours
from tableapp.texts import labels
from tableapp.texts.i18n import Renderer, translations_in

GAMES = [g for g in catalog.games() if isinstance(g, Game)]
LANGS = ("en", "fr")
PLAYERS = ["Ana", "Ben", "Chloé", "Dimitri", "Eve", "Farid"]


@functools.cache
def offered_types(game_id: str) -> frozenset[str]:
    """Every action type the game's specs offer in a playout of each variant (every seat, the
    host too, corrections included)."""
    game = catalog.game(game_id)
    seen: set[str] = set()

    def collect(state, seat, action, events):
        for viewer in (0, *state["seats"]):
            seen.update(spec["type"] for spec in game.legal_actions(state, viewer))

    for variant in game.variants:
        random_playout(
            game,
            content=catalog.content(game.id),
            seats=list(range(1, game.players[1] + 1)),
            seed=f"ids/{game.id}/{variant}".encode().ljust(32, b"."),
            variant=variant,
            on_step=collect,
        )
    return frozenset(seen)


def action_types(game_id: str) -> set[str]:
    named = set(labels.game_action_names(game_id)) | set(labels.ACTION_NAMES[None])
    return set(offered_types(game_id)) | named


SHELL_TYPES = set(NON_GAME) | set(UNDO_ANSWERS)
FIELDS = {
    name for schema in (CreateTableSchema, JoinSchema, ActionSchema) for name in schema().fields
}


def choice_ids(games: list[dict], colours: list[str]) -> set[str]:
    ids = set(colours)
    for game in games:
        ids.update(v for v in game["variants"] if v)
    for game in GAMES:
        box = lobby_colours(game)
        if isinstance(box, dict):
            ids.update(box)
            ids.update(box.values())
    return ids


@functools.cache
def words_of(lang: str) -> frozenset[str]:
    """Every word the language's catalogue uses (a word there is no id when it shows)."""
    words: set[str] = set()
    for text in translations_in(lang).texts.values():
        for form in text if isinstance(text, tuple) else (text,):
            words.update(re.findall(r"[\w-]+", form))
    return frozenset(words)


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def assert_no_ids(body: dict, lang: str, forbidden: set[str], where) -> None:
    """Neither the detail nor any field's message shows a forbidden id; the detail's message
    takes no id argument into its text."""
    texts = [body["detail"], body["title"], *strings(body.get("errors", {}))]
    words = words_of(lang)
    for text in texts:
        for found in re.findall(r"[\w-]+", text):
            if found in forbidden and found not in words:
                raise AssertionError(f"{where} [{lang}]: {found!r} in {text!r}")
    template = translations_in(lang).texts.get(body.get("msg", ""), "")
    forms = template if isinstance(template, tuple) else (template,)
    for name, value in (body.get("args") or {}).items():
        if isinstance(value, str) and value in forbidden:
            assert not any("{" + name + "}" in form for form in forms), (
                f"{where} [{lang}]: {body['msg']} puts the id {value!r} in its text"
            )


def test_every_action_type_the_specs_offer_has_a_name_in_both_languages():
    for game in GAMES:
        for kind in sorted(offered_types(game.id)):
            name = labels.action_name(game.id, kind)
            assert name is not None, f"{game.id}: {kind} has no name (tableapp/texts/labels.py)"
            for lang in LANGS:
                assert name["msg"] in translations_in(lang).texts, (game.id, kind, lang)


def _post(client, code, token, kind, lang, params=None):
    return client.post(
        f"/api/tables/{code}/actions",
        json={"type": kind, "params": params or {}},
        headers={"Authorization": f"Bearer {token}", "Accept-Language": lang},
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_actions_not_possible_now_are_named_never_by_their_type(client, tables, game):
    """Each of the game's action types (and the table's own) is posted by a seat that cannot
    take it now, in English and in French: the refusal names it by its name, never its id."""
    catalogue_body = client.get("/api/games").get_json()
    kinds = action_types(game.id)
    forbidden = kinds | SHELL_TYPES | FIELDS | choice_ids(catalogue_body["games"], COLOURS)
    created = tables.create(game.id)
    code, host = created["code"], created["host_token"]
    tokens = {0: host}
    for number, name in enumerate(PLAYERS[: game.players[0]], start=1):
        tokens[number] = tables.join(code, name)["token"]
    assert tables.act(code, host, "start").status_code == 201
    refused: set[str] = set()
    always: set[str] | None = None  # possible for every player at every moment (a correction)
    chooser = RandomChooser(random.Random(f"ids/{game.id}"))
    for _ in range(40):  # refuse each type at a moment it is not possible, playing on as needed
        views = {seat: tables.view(code, token) for seat, token in tokens.items()}
        legal = {seat: {a["type"] for a in v["actions"]} for seat, v in views.items()}
        players = [legal[s] for s in tokens if s]
        always = set.intersection(*players) if always is None else always.intersection(*players)
        for kind in sorted((kinds | (SHELL_TYPES - {"start"})) - refused):
            # a player who may do something else now, but not this
            seat = next((s for s in tokens if s and legal[s] and kind not in legal[s]), None)
            if seat is None:
                continue
            for lang in LANGS:
                response = _post(client, code, tokens[seat], kind, lang)
                body = response.get_json()
                assert response.status_code in (403, 409, 422), (kind, body)
                assert_no_ids(body, lang, forbidden, (game.id, kind))
                if body["code"] == "action_not_available" and kind in kinds:
                    name = labels.action_name(game.id, kind)
                    assert body["args"]["action"] == {"action": kind}
                    assert _name(name, lang) in body["detail"], (kind, body["detail"])
            refused.add(kind)
        if refused >= kinds - always:
            break
        seat = next(s for s in tokens if legal[s] - {"correct"})
        spec = chooser.choice([a for a in views[seat]["actions"] if a["type"] != "correct"])
        params = random_params(spec, chooser)
        assert _post(client, code, tokens[seat], spec["type"], "en", params).status_code == 201
    assert refused >= kinds - always, f"{game.id}: never refused {sorted(kinds - refused)}"


def _name(message: dict, lang: str) -> str:
    return Renderer(lang, strict=True).text(message)


def _bad_values(field) -> list:
    """Values of the wrong type for a request field."""
    return [7, ["x"]] if field != "name" else [7, {"x": 1}]


def _create_cases(games: list[dict]) -> list[dict]:
    cases: list[dict] = [{}, {"game": "zombie-life", "hat": 1}]
    for field in CreateTableSchema().fields:
        cases += [{"game": "zombie-life", field: value} for value in _bad_values(field)]
    for game in games:
        other = [v for g in games for v in g["variants"] if v and v not in game["variants"]]
        for variant in ["x", *other[:2]]:  # no such variant, or another game's
            cases.append({"game": game["id"], "variant": variant})
        cases.append({"game": game["id"], "options": {"hat": True}})
        for option in game["options"]:
            cases.append({"game": game["id"], "options": {option: "x"}})
    return cases


def test_create_and_join_field_errors_name_fields_and_choices_never_by_their_ids(client, tables):
    """Missing fields, wrong types, wrong choices (a variant the game has not, a colour not
    offered or taken), in English and in French: the texts name each field as the form does and
    each choice by its name."""
    games = client.get("/api/games").get_json()
    forbidden = FIELDS | choice_ids(games["games"], games["colours"]) | SHELL_TYPES
    for game in GAMES:
        forbidden |= action_types(game.id)
    answers = []
    for body in _create_cases(games["games"]):
        for lang in LANGS:
            response = client.post("/api/tables", json=body, headers={"Accept-Language": lang})
            answers.append((lang, ("create", body), response))
    for game in games["games"]:
        code = tables.create(game["id"])["code"]
        first = tables.join(code, "Ana")["seat"]["colour"]
        seats = f"/api/tables/{code}/seats"
        cases = [{}, {"name": "Ben", "hat": 1}, {"name": "Ben", "colour": first}]
        cases += [{"name": "Ben", "colour": c} for c in ("pink", *COLOURS)]
        for field in JoinSchema().fields:
            cases += [{"name": "Ben", field: value} for value in _bad_values(field)]
        for body in cases:
            for lang in LANGS:
                answers.append(
                    (
                        lang,
                        ("join", body),
                        client.post(seats, json=body, headers={"Accept-Language": lang}),
                    )
                )
    refused = [(lang, body, r.get_json()) for lang, body, r in answers if r.status_code >= 400]
    assert len(refused) > 100
    for lang, body, problem in refused:
        assert 400 <= problem["status"] < 500, (body, problem)
        assert_no_ids(problem, lang, forbidden, body)
    # and they are named: the fields as the forms say them, the choices by their names

    def said(lang, request, body):
        return next(p for la, b, p in refused if la == lang and b == (request, body))

    assert said("fr", "create", {})["detail"] == "Certains champs ne sont pas valides\u00a0: Jeu."
    assert said("en", "create", {})["detail"] == "Some fields are not valid: Game."
    pink = said("fr", "join", {"name": "Ben", "colour": "pink"})["errors"]["colour"]
    assert pink[0].startswith("Au choix\u00a0: orange, bleu ciel, vert")
    offered = [p for lang, _, p in refused if lang == "fr" and p["code"] == "colour_not_offered"]
    assert offered[0]["errors"]["colour"] == ["Au choix\u00a0: Jaune, Verte, Rouge et Bleue."]


def _wrong_params(spec: dict, chooser) -> list[tuple[str, dict]]:
    """Each way a phone's params can be wrong for ``spec``: a param left out, a value of the
    wrong type, a value not offered, a field the action does not have."""
    good = random_params(spec, chooser)
    cases = [("unknown field", good | {"zz_not_a_param": 1})]
    for name, param in spec["params"].items():
        cases.append((f"{name} missing", {k: v for k, v in good.items() if k != name}))
        cases.append((f"{name} wrong type", good | {name: {"x": [True]}}))
        if "counts" in param:
            key = next(iter(param["counts"]))
            over = param["counts"][key]["max"] + 1
            cases.append((f"{name} count", good | {name: good[name] | {key: over}}))
        elif "choices" in param:
            value = ["zz_not_offered"] if param.get("multiple") else "zz_not_offered"
            cases.append((f"{name} not offered", good | {name: value}))
        else:
            cases.append((f"{name} out of range", good | {name: param["max"] + 1}))
    return cases


def _param_ids(spec: dict) -> set[str]:
    ids = set(spec["params"]) | {"zz_not_a_param", "zz_not_offered", "params"}
    for param in spec["params"].values():
        ids.update(param.get("counts", {}))
        ids.update(c for c in param.get("choices", []) if isinstance(c, str))
    return ids


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_wrong_params_are_refused_naming_the_action_never_a_param_id(client, tables, game):
    """Every action offered in a short play, posted with each kind of wrong params, in English
    and in French: the refusal names the action as its button does and shows no param id, no
    count key and no choice id (``engine.param.*``)."""
    chooser = RandomChooser(random.Random(f"params/{game.id}"))
    checked: set[str] = set()
    for _ in range(5):  # another table when a deal offers no action with params at once
        if not checked:
            _wrong_params_of_one_table(client, tables, game, chooser, checked)
    assert checked, game.id


def _wrong_params_of_one_table(client, tables, game, chooser, checked: set[str]) -> None:
    created = tables.create(game.id)
    code, host = created["code"], created["host_token"]
    tokens = [tables.join(code, name)["token"] for name in PLAYERS[: game.players[0]]]
    assert tables.act(code, host, "start").status_code == 201
    for _ in range(25):
        views = [(t, tables.view(code, t)) for t in tokens]
        if views[0][1]["status"] == "finished":
            break
        offered = [(t, s) for t, v in views for s in v["actions"] if s["params"]]
        for token, spec in offered:
            if spec["type"] in checked:
                continue
            checked.add(spec["type"])
            forbidden = _param_ids(spec)
            for what, params in _wrong_params(spec, chooser):
                for lang in LANGS:
                    response = _post(client, code, token, spec["type"], lang, params)
                    body = response.get_json()
                    assert response.status_code in (403, 409, 422), (spec["type"], what, body)
                    if body["code"] != "illegal_params":
                        continue  # the game's own rule spoke first (it names its rule)
                    assert_no_ids(body, lang, forbidden, (game.id, spec["type"], what))
        movable = [(t, s) for t, v in views for s in v["actions"] if s["type"] != "correct"]
        if not movable:
            break
        token, spec = chooser.choice(movable)
        assert (
            _post(client, code, token, spec["type"], "en", random_params(spec, chooser)).status_code
            == 201
        )
