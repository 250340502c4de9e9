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


def _part(form: dict, bite: str | None = None) -> dict:
    """A Horde's form for its part as shown, with one bite on ``bite`` in its first
    activation."""
    params = {
        name: {k: b.get("value", 0) for k, b in p["counts"].items()}
        if "counts" in p
        else p.get("value", p["choices"][0])
        for name, p in form["params"].items()
    }
    if bite is not None:
        first = next(name for name in params if name.startswith("actions_"))
        params[first] = {k: int(k == bite) for k in params[first]}
    return params


def _bitten(form: dict) -> str:
    """The Human a Horde's first activation may bite most."""
    counts = next(p for n, p in form["params"].items() if n.startswith("actions_"))["counts"]
    humans = [k for k in counts if "door" not in k and "window" not in k]
    return max(humans, key=lambda h: counts[h]["max"])


def test_issue26_EZA_T6_a_hordes_own_part_is_its_own_to_take_back(client, tables):
    code, tokens = _eza_table(tables)
    # A part whose answer shows nothing private: the next question is asked at once. (The
    # one that plays a bonus draw or ends the card with the Human cards drawn shows those,
    # and its undo needs the others' OK.)
    for _ in range(40):
        seat, view = _until(tables, code, tokens, "card_part")
        form = next(a for a in view["actions"] if a["type"] == "card_part")
        assert "confirm" not in form
        if not any(n.startswith("actions_") for n in form["params"]):
            tables.act(code, tokens[seat], "card_part", _part(form), expected=view["seq"])
            continue
        human = _bitten(form)
        before = tables.view(code)["game_view"]
        answered = tables.act(
            code, tokens[seat], "card_part", _part(form, human), expected=view["seq"]
        )
        assert answered.status_code == 201, answered.get_json()
        after = tables.view(code)["game_view"]
        if after["phase"] == "finished":
            break
        if "reveals" not in answered.get_json()["action"]:
            break
    else:
        raise AssertionError("no part whose answer shows nothing private in 40 tries")
    undone = _undo(client, code, tokens[seat])
    assert undone.status_code == 201, undone.get_json()  # immediate: nobody else's OK
    again = tables.view(code, tokens[seat])
    assert _bites(again["game_view"], seat, human) == _bites(before, seat, human)
    assert any(a["type"] == "card_part" for a in again["actions"])


def test_issue26_EZA_T1_each_horde_enters_its_own_part_several_at_once(client, tables):
    code, tokens = _eza_table(tables, hordes=4)
    for _ in range(40):  # until a card asks several Hordes at once
        seat, view = _until(tables, code, tokens, "card_part")
        asked = tables.view(code)["game_view"]["question"]["hordes"]
        if len(asked) >= 2:
            break
        form = next(a for a in view["actions"] if a["type"] == "card_part")
        tables.act(code, tokens[seat], "card_part", _part(form), expected=view["seq"])
    else:
        raise AssertionError("no card asked two Hordes at once in 40 tries")
    table = tables.view(code)
    question = table["game_view"]["question"]
    assert table["prompt"]["waiting_for"] == asked  # the table waits for each, not in turn
    rows = question["rows"]  # the card's parts, in order (EZA-T1), each with where it stands
    assert {r["state"] for r in rows} <= {"asked", "entered", "waiting"}
    forms = {}
    for other, token in tokens.items():
        mine = [a for a in tables.view(code, token)["actions"] if a["type"] == "card_part"]
        assert bool(mine) == (other in asked)
        if mine:  # each Horde its own parts only
            keys = {r["key"] for r in rows if r["seat"] == other}
            assert all(name.split("_", 1)[1] in keys for name in mine[0]["params"])
            forms[other] = mine[0]
    first, last = asked[0], asked[-1]
    form = forms[last]
    name = next((n for n in form["params"] if n.startswith("actions_")), None)
    if name is not None:  # beyond a count's bound: refused, before anything is kept
        over = _part(form)
        key = next(iter(over[name]))
        over[name][key] = form["params"][name]["counts"][key]["max"] + 1
        refused = tables.act(code, tokens[last], "card_part", over)
        assert refused.status_code == 422, refused.get_json()
    # the later Hordes enter first: kept; the first one's answer plays the parts whose turn has
    # come, in resolution order, whoever entered first
    entered = tables.act(code, tokens[last], "card_part", _part(form))
    assert entered.status_code == 201, entered.get_json()
    still = tables.view(code)["game_view"]["question"]
    assert first in still["hordes"] and last not in still["hordes"]
    for other in reversed(asked[1:-1]):
        tables.act(code, tokens[other], "card_part", _part(forms[other]))
    answered = tables.act(code, tokens[first], "card_part", _part(forms[first]))
    assert answered.status_code == 201, answered.get_json()
    order = [r["seat"] for r in rows]
    played = [e["seat"] for e in answered.get_json()["action"]["events"] if e.get("seat")]
    assert played and played[0] == first
    assert [order.index(s) for s in played] == sorted(order.index(s) for s in played)


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
