"""Eat Zem All over HTTP: whole games on both boards, played from `actions` alone."""

from __future__ import annotations

import json

import pytest

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng


@pytest.mark.parametrize("variant, hordes", [("house", 3), ("cemetery", 2)])
def test_api_playout_to_the_end_from_actions_alone(client, tables, variant, hordes):
    created = tables.create("eat-zem-all", variant)
    code = created["code"]
    seats = {}
    for i in range(hordes):
        joined = tables.join(code, f"Horde {i + 1}")
        seats[joined["seat"]["id"]] = joined["token"]
    assert tables.act(code, created["host_token"], "start").status_code == 201
    seats[0] = created["host_token"]
    rng = Rng(variant.encode() * 8, 0)
    for _ in range(5000):
        table_view = tables.view(code)
        if table_view["status"] == "finished":
            break
        # the table screen never holds a private Mutation choice or a deck's order
        assert "mutation_choices" not in json.dumps(table_view["game_view"])
        waiting = table_view["prompt"]["waiting_for"]
        candidates = [(s, tables.view(code, seats[s])) for s in waiting if s in seats]
        # corrections are not moves of the game (they have their own tests)
        candidates = [
            (s, v, [a for a in v["actions"] if a["type"] != "correct"]) for s, v in candidates
        ]
        candidates = [(s, v, a) for s, v, a in candidates if a]
        assert candidates, table_view["prompt"]
        seat, view, actions = rng.choice(candidates)
        spec = rng.choice(actions)
        response = tables.act(
            code, seats[seat], spec["type"], random_params(spec, rng), expected=view["seq"]
        )
        assert response.status_code == 201, response.get_json()
    final = tables.view(code)
    assert final["status"] == "finished"
    result = final["result"]
    assert result["winners"]
    for standing in result["standings"]:
        assert sum(standing["breakdown"].values()) == standing["score"]
    export = client.get(f"/api/tables/{code}/export").get_json()
    from tableapp.verify import verify_export

    assert verify_export(export) is None


def _lang(token, lang):
    return {"Authorization": f"Bearer {token}", "Accept-Language": lang}


def test_api_eat_zem_all_in_french_and_a_public_correction(client, tables):
    created = tables.create("eat-zem-all", "house")
    code = created["code"]
    tokens = [tables.join(code, name)["token"] for name in ("Ana", "Ben")]
    assert tables.act(code, created["host_token"], "start").status_code == 201
    fr = client.get(f"/api/tables/{code}", headers=_lang(tokens[0], "fr")).get_json()
    assert fr["prompt"]["msg"] == "eza.prompt.mutations"
    assert fr["prompt"]["text"].startswith("Choisissez la Mutation")
    keep = next(a for a in fr["actions"] if a["type"] == "keep_mutation")
    assert keep["label"] == "Garder cette Mutation (face visible)"
    labels = keep["params"]["card"]["labels"]
    # "Nom (instantanée) : texte", a no-break space before the colon
    assert all(isinstance(x, str) and "\u00a0: " in x for x in labels)
    humans = fr["game_view"]["humans"]
    assert {h["name"] for h in humans} >= {"Ève", "Adèle"}
    assert any("Cuisine" in h["cell_name"] for h in humans)
    # A correction is public and in each reader's language.
    params = {
        "group": "zombies.2",
        "counts": {"zombies.2/board": 6, "zombies.2/reserve": 4, "zombies.2/crawling": 0},
        "why": "knocked",
    }
    answer = client.post(
        f"/api/tables/{code}/actions",
        json={"type": "correct", "params": params},
        headers=_lang(tokens[0], "fr"),
    )
    assert answer.status_code == 201, answer.get_json()
    (event,) = answer.get_json()["action"]["events"]
    assert event["correction"]["after"] == 6 and "Ana" in event["text"]
    assert "Zombies de Ben (Verte) sur le plateau : 5 → 6" in event["text"]
    view = tables.view(code)
    assert view["game_view"]["hordes"][1]["pawns_on_board"] == 6
    log = client.get(f"/api/tables/{code}/log", headers={"Accept-Language": "en"}).get_json()
    last = log["entries"][-1]["events"][0]
    assert (
        last["text"]
        == "Ana corrected Zombies of Ben (Green) on the board: 5 → 6 (a piece was knocked over)."
    )


# --- issue 17: no "are you sure?": the actor's undo takes the answer back ----------------------


def _eza_table(tables, hordes: int = 2):
    created = tables.create("eat-zem-all", "house")
    code = created["code"]
    tokens = {}
    for i in range(hordes):
        joined = tables.join(code, f"Horde {i + 1}")
        tokens[joined["seat"]["id"]] = joined["token"]
    assert tables.act(code, created["host_token"], "start").status_code == 201
    return code, tokens


def _until(tables, code, tokens, wanted):
    """Answer with the first choice of what is asked until a seat is offered ``wanted``:
    (seat, its view)."""
    for _ in range(200):
        for seat, token in tokens.items():
            view = tables.view(code, token)
            if any(a["type"] == wanted for a in view["actions"]):
                return seat, view
        seat = tables.view(code)["prompt"]["waiting_for"][0]
        view = tables.view(code, tokens[seat])
        spec = next(a for a in view["actions"] if a["type"] not in ("correct", "use_mutation"))
        params = {
            name: p["choices"][0]
            if "choices" in p and not p.get("multiple")
            else {k: b["min"] for k, b in p["counts"].items()}
            if "counts" in p
            else p["min"]
            for name, p in spec["params"].items()
        }
        response = tables.act(code, tokens[seat], spec["type"], params, expected=view["seq"])
        assert response.status_code == 201, response.get_json()
    raise AssertionError(f"{wanted} never offered")


def _bites(game: dict, seat: int, human: str) -> int:
    return next(h for h in game["hordes"] if h["seat"] == seat)["bites"].get(human, 0)


def _undo(client, code, token):
    return client.post(
        f"/api/tables/{code}/undo", json={}, headers={"Authorization": f"Bearer {token}"}
    )


def test_issue17_EZA_T6_an_activation_in_one_post_is_undone_by_its_horde_alone(client, tables):
    code, tokens = _eza_table(tables)
    # An activation whose answer shows nothing private: the next question is asked at once. (The
    # active Horde's may come with its bonus draw and the last one of a card with the Human
    # cards drawn: their answers show those, and their undo needs the others' OK.)
    for _ in range(40):
        seat, view = _until(tables, code, tokens, "activate")
        form = next(a for a in view["actions"] if a["type"] == "activate")
        assert "confirm" not in form
        counts = form["params"]["bites"]["counts"]
        human = max(counts, key=lambda h: counts[h]["max"])
        params = {"bites": {h: int(h == human) for h in counts}}
        if "cubes" in form["params"]:
            params["cubes"] = {o: 0 for o in form["params"]["cubes"]["counts"]}
        if "acted" in form["params"]:
            params["acted"] = form["params"]["acted"]["value"]
        before = tables.view(code)["game_view"]
        tokens_before = next(h for h in before["humans"] if h["id"] == human)["tokens"]
        answered = tables.act(code, tokens[seat], "activate", params, expected=view["seq"])
        assert answered.status_code == 201, answered.get_json()
        after = tables.view(code)["game_view"]
        if after["phase"] == "finished":
            break
        # its bites, not the tokens: a Human card drawn after a card's last activation may Cheer
        assert _bites(after, seat, human) == _bites(before, seat, human) + 1
        if "reveals" not in answered.get_json()["action"]:
            break
    else:
        raise AssertionError("no activation that shows nothing private in 40 tries")
    undone = _undo(client, code, tokens[seat])
    assert undone.status_code == 201, undone.get_json()  # immediate: nobody else's OK
    again = tables.view(code, tokens[seat])
    assert next(h for h in again["game_view"]["humans"] if h["id"] == human)["tokens"] == (
        tokens_before
    )
    assert any(a["type"] == "activate" for a in again["actions"])


def test_issue17_EZA_T12_EZA_T6_the_other_hordes_activations_are_one_post_of_the_active_horde(
    client, tables
):
    code, tokens = _eza_table(tables, hordes=4)
    seat, view = _until(tables, code, tokens, "activate_hordes")
    table = tables.view(code)
    assert seat == table["game_view"]["active"]  # the active Horde records (EZA-T12)
    rows = table["game_view"]["question"]["rows"]  # the card's public part, in order (EZA-T1)
    assert len(rows) >= 2 and [r["seat"] for r in rows] == table["game_view"]["question"]["hordes"]
    for other, token in tokens.items():
        if other != seat:
            kinds = {a["type"] for a in tables.view(code, token)["actions"]}
            assert not kinds & {"activate", "activate_hordes"}
    form = next(a for a in view["actions"] if a["type"] == "activate_hordes")
    assert "confirm" not in form
    keys = [r["key"] for r in rows if r["row"] == "activation"]
    assert {f"bites_{k}" for k in keys} <= set(form["params"])
    params = {
        name: {k: 0 for k in p["counts"]} if "counts" in p else p.get("value", p["choices"][0])
        for name, p in form["params"].items()
    }
    last = keys[-1]  # one bite by the last Horde of the form, on the Human with most tokens
    counts = form["params"][f"bites_{last}"]["counts"]
    human = max(counts, key=lambda h: counts[h]["max"])
    params[f"bites_{last}"][human] = 1
    over = {**params, f"bites_{last}": {**params[f"bites_{last}"], human: 2 + counts[human]["max"]}}
    refused = tables.act(code, tokens[seat], "activate_hordes", over, expected=view["seq"])
    assert refused.status_code == 422, refused.get_json()
    before = next(h for h in table["game_view"]["humans"] if h["id"] == human)["tokens"]
    answered = tables.act(code, tokens[seat], "activate_hordes", params, expected=view["seq"])
    assert answered.status_code == 201, answered.get_json()
    after = tables.view(code)["game_view"]
    assert next(h for h in after["humans"] if h["id"] == human)["tokens"] == before - 1
    last_seat = next(r["seat"] for r in rows if r["key"] == last)
    assert next(x for x in after["hordes"] if x["seat"] == last_seat)["bites"].get(human) == 1
    undone = _undo(client, code, tokens[seat])
    assert undone.status_code in (201, 202), undone.get_json()
    if undone.status_code == 201:  # it showed nobody anything: taken back at once
        again = tables.view(code, tokens[seat])
        assert next(h for h in again["game_view"]["humans"] if h["id"] == human)["tokens"] == before
        assert any(a["type"] == "activate_hordes" for a in again["actions"])


def test_issue17_EZA_H12_a_move_and_the_same_humans_attack_are_one_post(client, tables):
    code, tokens = _eza_table(tables, hordes=3)
    for _ in range(60):  # until a Human's move comes with its attack (House: move, then kill)
        seat, view = _until(tables, code, tokens, "move")
        form = next(a for a in view["actions"] if a["type"] == "move")
        if "standing" in form["params"]:
            break
        answered = tables.act(
            code, tokens[seat], "move", {"outcome": "moved"}, expected=view["seq"]
        )
        assert answered.status_code == 201, answered.get_json()
    else:
        raise AssertionError("no move with its attack")
    # the reach kinds of a report (Eve's way: Standing Zombies blocking it apart, EZA-H12)
    assert set(form["params"]) - {"blocking"} == {"outcome", "standing", "crawling"}
    question = tables.view(code)["game_view"]["question"]
    assert question["kind"] == "confirm_move"
    hordes = [c for c in form["params"]["standing"]["choices"] if c != "none"]
    target = hordes[0]
    board = next(h for h in tables.view(code)["game_view"]["hordes"] if str(h["seat"]) == target)
    params = {"outcome": "moved", "standing": target, "crawling": "none"}
    if "blocking" in form["params"]:
        params["blocking"] = "none"
    answered = tables.act(code, tokens[seat], "move", params, expected=view["seq"])
    assert answered.status_code == 201, answered.get_json()
    after = next(h for h in tables.view(code)["game_view"]["hordes"] if str(h["seat"]) == target)
    # the attack took (or wounded, Thick skull) the Standing Zombie reported, in the same post
    assert (after["pawns_on_board"], after["crawling"]) != (
        board["pawns_on_board"],
        board["crawling"],
    )


def test_issue17_EZA_T9_keeping_and_discarding_a_third_mutation_is_undone_alone(client, tables):
    code, tokens = _eza_table(tables)
    for _ in range(40):  # until a Horde holding 2 is offered a third (keep + discard, one post)
        seat, view = _until(tables, code, tokens, "keep_mutation")
        keep = next(a for a in view["actions"] if a["type"] == "keep_mutation")
        if "discard" in keep["params"]:
            break
        card = keep["params"]["card"]["choices"][0]
        assert tables.act(code, tokens[seat], "keep_mutation", {"card": card}).status_code == 201
    else:
        pytest.skip("no third Mutation in this deal")
    assert "confirm" not in keep
    held = next(h for h in view["game_view"]["hordes"] if h["seat"] == seat)["mutations"]
    dropped = keep["params"]["discard"]["choices"][0]
    params = {"card": keep["params"]["card"]["choices"][0], "discard": dropped}
    answered = tables.act(code, tokens[seat], "keep_mutation", params, expected=view["seq"])
    assert answered.status_code == 201, answered.get_json()
    now = tables.view(code)["game_view"]["hordes"]
    assert dropped not in [m["id"] for m in next(h for h in now if h["seat"] == seat)["mutations"]]
    undone = _undo(client, code, tokens[seat])
    # Immediate when the answer showed nothing; when the game went on to draw what came next
    # (here a Human card), another Horde's OK, as for any such answer (DESIGN.md "Undo").
    assert undone.status_code == (202 if answered.get_json()["action"].get("reveals") else 201)
    if undone.status_code == 202:
        other = next(t for s, t in tokens.items() if s != seat)
        assert tables.act(code, other, "approve_undo").status_code == 201
    back = tables.view(code)["game_view"]["hordes"]
    assert next(h for h in back if h["seat"] == seat)["mutations"] == held
