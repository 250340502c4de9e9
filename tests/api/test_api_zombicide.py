"""Zombicide over HTTP: two phones take three survivors each, the host sets the mission up from
the table screen's token, and the mission is played to a win from the listed actions; a
refusal names its ruling in the phone's language; a random game from `actions` alone; the
export replays."""

from __future__ import annotations

import pytest

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tableapp.verify import verify_export

MISSION = {"red": 1, "blue": 0, "green": 0, "crates": 0, "goals": 0}


def bearer(token, lang=None):
    headers = {"Authorization": f"Bearer {token}"}
    if lang:
        headers["Accept-Language"] = lang
    return headers


def post(tables, code, token, type_, **params):
    response = tables.act(code, token, type_, params)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def types(view):
    return [a["type"] for a in view["actions"]]


@pytest.fixture
def table(tables):
    created = tables.create("zombicide")
    code = created["code"]
    ana = tables.join(code, "Ana")["token"]
    ben = tables.join(code, "Ben")["token"]
    assert tables.act(code, created["host_token"], "start").status_code == 201
    return code, created["host_token"], {1: ana, 2: ben}


def set_up(tables, code, host, phones, mission=MISSION):
    for seat, names in ((1, ("ruth", "karim", "lily")), (2, ("nadia", "owen", "tom"))):
        for sid in names:
            post(tables, code, phones[seat], "take_survivor", survivor=sid)
    # The sixth survivor fills the team evenly: the setup goes on by itself.
    assert tables.view(code, host)["prompt"]["msg"] == "zc.prompt.zones"
    post(tables, code, host, "add_zone", colour="red")
    post(tables, code, host, "add_building", dark_rooms=2, start="closed")
    post(tables, code, host, "mission", objectives=mission)  # it closes the buildings


def test_two_phones_take_three_survivors_each_and_win_a_mission(client, tables, table):
    code, host, phones = table
    set_up(tables, code, host, phones)
    tokens = {0: host, **phones}
    public = tables.view(code)
    owners = {s["id"]: s["owner"] for s in public["game_view"]["survivors"]}
    assert sorted(owners.values()) == [1, 1, 1, 2, 2, 2]
    searched_twice = False
    for _ in range(200):
        public = tables.view(code)
        if public["status"] == "finished":
            break
        seat = next(s for s in public["prompt"]["waiting_for"] if s in tokens)
        view = tables.view(code, tokens[seat])
        kinds = types(view)
        round_ = public["game_view"]["round"]
        if "take_objective" in kinds and round_ >= 2 and searched_twice:
            post(tables, code, tokens[seat], "take_objective")  # one colour: the button is it
        elif "search" in kinds and round_ >= 2 and not searched_twice:
            post(tables, code, tokens[seat], "search")
            found = tables.view(code)["game_view"]
            playing = next(s for s in found["survivors"] if s["playing"])
            assert sum(bool(slot["card"]) for slot in playing["inventory"]) >= 2  # it had room
            assert "leave" not in types(tables.view(code, tokens[seat]))  # nothing asked
            refused = client.post(
                f"/api/tables/{code}/actions",
                json={"type": "search", "params": {}},
                headers=bearer(tokens[seat], "fr"),
            )
            assert refused.status_code == 422
            body = refused.get_json()
            assert refused.content_type == "application/problem+json"
            assert (body["code"], body["rule"]) == ("searched", "ZC-14")
            assert body["detail"].endswith("a déjà fouillé ce tour-ci\u00a0: une fouille par tour.")
            searched_twice = True
        else:
            for kind in ("board_done", "no_attack", "choose_skill", "end_turn"):
                if kind in kinds:
                    spec = next(a for a in view["actions"] if a["type"] == kind)
                    params = {n: p["choices"][0] for n, p in spec["params"].items()}
                    post(tables, code, tokens[seat], kind, **params)
                    break
            else:
                raise AssertionError(f"nothing to play: {kinds} {public['prompt']}")
    final = tables.view(code)
    assert final["status"] == "finished" and searched_twice
    assert final["result"]["winners"] == [1, 2] and final["result"]["won"] is True
    assert final["result"]["reason"] == "every objective is done"
    log = client.get(f"/api/tables/{code}/log", headers={"Accept-Language": "fr"}).get_json()
    texts = [e["text"] for entry in log["entries"] for e in entry["events"]]
    assert "La mission est gagnée\u00a0: tous les objectifs sont remplis." in texts
    assert any(t.startswith("Ana prend Ruth") for t in texts)
    assert verify_export(client.get(f"/api/tables/{code}/export").get_json()) is None


def test_ZC_1_ZC_11_a_survivor_killed_by_the_zombies_loses_the_mission(client, tables, table):
    """The loss: the table enters every wound the Zombies deal on Lily (a child, 2 HP) until
    she falls; nobody wins, the reason says who fell, the phones hear of the death."""
    code, host, phones = table
    set_up(tables, code, host, phones)
    tokens = {0: host, **phones}
    wounded = 0
    for _ in range(300):
        public = tables.view(code)
        if public["status"] == "finished":
            break
        # Each player enters their own survivors' wounds (ZC-11), at the same time: Ana,
        # Lily's player, the most Lily can take; Ben none.
        owners = [s for s in public["prompt"]["waiting_for"] if s in phones]
        views = {s: tables.view(code, phones[s]) for s in owners}
        asked = [s for s in owners if "wounds" in types(views[s])]
        if asked:
            for s in asked:
                spec = next(a for a in views[s]["actions"] if a["type"] == "wounds")
                bounds = spec["params"]["wounds"]["counts"]
                given = {k: (b["max"] if k == "lily" else 0) for k, b in bounds.items()}
                assert sum(given.values()) <= spec["params"]["wounds"]["most"]
                post(tables, code, phones[s], "wounds", wounds=given)
                wounded += given.get("lily", 0)
                if tables.view(code)["status"] == "finished":
                    break
            continue
        seat = next(s for s in public["prompt"]["waiting_for"] if s in tokens)
        view = tables.view(code, tokens[seat])
        kinds = types(view)
        for kind in ("board_done", "choose_skill", "end_turn"):
            if kind in kinds:
                spec = next(a for a in view["actions"] if a["type"] == kind)
                params = {n: p["choices"][0] for n, p in spec["params"].items()}
                post(tables, code, tokens[seat], kind, **params)
                break
        else:
            raise AssertionError(f"nothing to play: {kinds} {public['prompt']}")
    final = tables.view(code)
    assert final["status"] == "finished" and wounded == 2
    assert final["result"]["won"] is False and final["result"]["winners"] == []
    assert final["result"]["reason"] == "Lily has fallen"
    lily = next(s for s in final["game_view"]["survivors"] if s["id"] == "lily")
    assert lily["health"] == 0
    log = client.get(f"/api/tables/{code}/log", headers={"Accept-Language": "fr"}).get_json()
    events = [e for entry in log["entries"] for e in entry["events"]]
    moments = [e["moment"]["kind"] for e in events if e.get("moment")]
    assert moments[-2:] == ["death", "game_end"]
    assert events[-1]["rule"] == "ZC-1" and events[-1]["text"].startswith("La mission est perdue")
    assert verify_export(client.get(f"/api/tables/{code}/export").get_json()) is None


def test_the_table_screen_shows_the_spawn_zone_by_zone(tables, table):
    code, host, phones = table
    set_up(tables, code, host, phones)
    tokens = {0: host, **phones}
    for _ in range(40):
        public = tables.view(code)
        if public["game_view"]["board_steps"]:
            break
        seat = next(s for s in public["prompt"]["waiting_for"] if s in tokens)
        view = tables.view(code, tokens[seat])
        kind = "end_turn" if "end_turn" in types(view) else "no_attack"
        spec = next(a for a in view["actions"] if a["type"] == kind)
        post(
            tables,
            code,
            tokens[seat],
            kind,
            **{n: p["choices"][0] for n, p in spec["params"].items()},
        )
    spawning = public["game_view"]["spawning"]
    assert spawning["source"] == "zombies" and spawning["current"] == 0
    (row,) = spawning["rows"]
    assert row["where_name"] == "zone 1" and row["figures"] and not row["placed_done"]
    # What to place where is a step on the board: the table screen and every phone list it,
    # any of them ticks it.
    (step,) = public["game_view"]["board_steps"]
    assert step["text"].startswith("Place ") and step["text"].endswith(" in zone 1")
    phone = tables.view(code, phones[2])
    (done,) = [a for a in phone["actions"] if a["type"] == "board_done"]
    post(tables, code, phones[2], "board_done", step=done["params"]["step"]["choices"][0])
    after = tables.view(code)["game_view"]
    assert after["board_steps"] == [] and after["spawning"]["rows"][0]["placed_done"]


def test_a_random_game_from_actions_alone_ends_and_replays(client, tables, table):
    code, host, phones = table
    tokens = {0: host, **phones}
    rng = Rng(b"zombicide over http, seed 000001", 0)
    for _ in range(3000):
        public = tables.view(code)
        if public["status"] == "finished":
            break
        candidates = [(s, tables.view(code, tokens[s])) for s in public["prompt"]["waiting_for"]]
        candidates = [(s, v) for s, v in candidates if v["actions"]]
        seat, view = rng.choice(candidates)
        actions = [a for a in view["actions"] if a["type"] != "correct"]
        spec = rng.choice(actions)
        response = tables.act(
            code, tokens[seat], spec["type"], random_params(spec, rng), expected=view["seq"]
        )
        assert response.status_code == 201, response.get_json()
    final = tables.view(code)
    assert final["status"] == "finished"
    assert final["result"]["winners"] in ([], [1, 2])
    assert verify_export(client.get(f"/api/tables/{code}/export").get_json()) is None


# --- issue 17: undo instead of "are you sure?"; defect b -------------------------------------


def undo(client, code, token):
    return client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(token))


def first_turn(tables, code, tokens):
    """The first survivor's turn, begun at once (no "which survivor?" question); (seat, its
    token)."""
    public = tables.view(code)
    (seat,) = public["prompt"]["waiting_for"]
    assert "end_turn" in types(tables.view(code, tokens[seat]))
    return seat, tokens[seat]


def playing(tables, code):
    return next(s for s in tables.view(code)["game_view"]["survivors"] if s["playing"])


def test_issue17_the_actor_undoes_end_turn_discard_leave_and_the_team_alone(client, tables, table):
    """Nothing asks "are you sure?": each is taken back by its actor's own undo, at once."""
    code, host, phones = table
    for seat, names in ((1, ("ruth", "karim", "lily")), (2, ("nadia", "owen", "tom"))):
        for sid in names:
            post(tables, code, phones[seat], "take_survivor", survivor=sid)
    # The sixth survivor taken, the team is done without a question: Ben's undo takes Tom back.
    assert tables.view(code)["prompt"]["msg"] == "zc.prompt.zones"
    back = undo(client, code, phones[2])
    assert back.status_code == 201, back.get_json()
    assert tables.view(code)["prompt"]["msg"] == "zc.prompt.survivors"
    post(tables, code, phones[2], "take_survivor", survivor="tom")
    post(tables, code, host, "add_zone", colour="red")
    post(tables, code, host, "mission", objectives={**MISSION, "crates": 5})
    tokens = {0: host, **phones}
    seat, token = first_turn(tables, code, tokens)
    view = tables.view(code, token)
    assert [a["type"] for a in view["actions"] if a.get("confirm")] == []
    who = playing(tables, code)["id"]
    # end_turn: the actor's undo is immediate; the same survivor plays on.
    post(tables, code, token, "end_turn")
    back = undo(client, code, token)
    assert back.status_code == 201, back.get_json()
    assert playing(tables, code)["id"] == who and "end_turn" in types(tables.view(code, token))
    # Crates fill the four free slots (a red weapon to the free hand first) and a fifth card
    # waits: leave it (the destructive answer, a small button apart), undo.
    for _ in range(4):
        post(tables, code, token, "open_crate")
    assert all(slot["card"] for slot in playing(tables, code)["inventory"])
    post(tables, code, token, "open_crate")
    assert playing(tables, code)["found"] and "leave" in types(tables.view(code, token))
    leave = next(a for a in tables.view(code, token)["actions"] if a["type"] == "leave")
    assert "confirm" not in leave and leave["destructive"] is True
    post(tables, code, token, "leave")
    assert not playing(tables, code)["found"]
    back = undo(client, code, token)
    assert back.status_code == 201, back.get_json()
    assert playing(tables, code)["found"]  # the card waits again
    post(tables, code, token, "leave")
    # discard: immediate undo, the card back in its slot.
    before = playing(tables, code)["inventory"]
    spec = next(a for a in tables.view(code, token)["actions"] if a["type"] == "discard")
    assert "confirm" not in spec
    card = before[2]["card"]["id"]
    post(tables, code, token, "discard", card=card)
    assert playing(tables, code)["inventory"][2]["card"] is None
    back = undo(client, code, token)
    assert back.status_code == 201, back.get_json()
    assert playing(tables, code)["inventory"] == before


def test_issue17_a_search_showed_a_card_its_undo_asks_another_player(client, tables, table):
    """DESIGN "Undo": a search drew a card its player saw; taking it back is a request the
    others answer, and the approved undo shows everyone what had been drawn."""
    code, host, phones = table
    set_up(tables, code, host, phones)
    tokens = {0: host, **phones}
    seat, token = first_turn(tables, code, tokens)
    search = next(a for a in tables.view(code, token)["actions"] if a["type"] == "search")
    assert "confirm" not in search
    post(tables, code, token, "search")
    drawn = [slot["card"] for slot in playing(tables, code)["inventory"][1:] if slot["card"]]
    assert drawn  # one card, or two for a Scavenger
    asked = undo(client, code, token)
    assert asked.status_code == 202, asked.get_json()
    other = phones[2 if seat == 1 else 1]
    assert types(tables.view(code, other)) == ["approve_undo", "refuse_undo"]
    approved = tables.act(code, other, "approve_undo")
    assert approved.status_code == 201, approved.get_json()
    after = playing(tables, code)
    assert not any(slot["card"] for slot in after["inventory"][1:]) and not after["searched"]
    log = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    assert log[-1]["type"] == "undo" and drawn[0]["name"] in log[-1]["events"][0]["text"]


def test_issue17_b_one_phone_takes_all_six_over_http(tables):
    """Defect b: one phone takes all six; the others have nothing to do and are not waited
    on, the prompt says who must do what, the host shares the team out."""
    created = tables.create("zombicide")
    code, host = created["code"], created["host_token"]
    phones = {
        n: tables.join(code, name)["token"] for n, name in ((1, "Ana"), (2, "Ben"), (3, "Cléo"))
    }
    assert tables.act(code, host, "start").status_code == 201
    for sid in ("ruth", "karim", "nadia", "owen", "lily", "tom"):
        post(tables, code, phones[1], "take_survivor", survivor=sid)
    public = tables.view(code)
    assert public["prompt"]["waiting_for"] == [0, 1]
    assert public["prompt"]["text"] == (
        "The team is full, but a player has no survivor: Ana can give one back, or the host "
        "shares the team out evenly."
    )
    ben = tables.view(code, phones[2])
    assert ben["actions"] == [] and "Ben" not in ben["prompt"]["text"]
    ana = tables.view(code, phones[1])
    assert ana["prompt"]["text"].startswith("The team is full, but a player has no survivor: give")
    assert types(tables.view(code, host)) == ["deal_evenly"]
    post(tables, code, host, "deal_evenly")
    public = tables.view(code)
    owners = sorted(s["owner"] for s in public["game_view"]["survivors"] if s["owner"])
    assert owners == [1, 1, 2, 2, 3, 3]
    assert public["prompt"]["msg"] == "zc.prompt.zones"  # shared out: the team is done
