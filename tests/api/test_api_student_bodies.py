"""Student Bodies over HTTP: options checked when the table is made, a zombie turn with a
Reaction played off-turn from the defender's phone, refusals with their rule, corrections from
any phone, and whole games from ``actions`` alone, exported and verified."""

from __future__ import annotations

import json

import pytest

from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tableapp.tables import lobby
from tableapp.verify import verify_export

GAME = "student-bodies"
DEFENSES_AGAINST_A_BITE = ("block", "duck_n_roll", "juke", "back_off", "stupid_zombies")


def bearer(token, lang=None):
    headers = {"Authorization": f"Bearer {token}"}
    if lang:
        headers["Accept-Language"] = lang
    return headers


def started(tables, players=3, **options):
    created, tokens = tables.started(players, GAME, None, options)
    seats = {i + 1: token for i, token in enumerate(tokens)}
    return created["code"], created["host_token"], seats


def play(tables, code, token, type_, params=None, expected=None):
    response = tables.act(code, token, type_, params or {}, expected=expected)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_custom_deck_counts_are_checked_when_the_table_is_made(client):
    bad = {"difficulty": "custom", "custom_level1": 1, "custom_level2": 1, "custom_level3": 1}
    response = client.post(
        "/api/tables", json={"game": GAME, "options": bad}, headers={"Accept-Language": "fr"}
    )
    body = response.get_json()
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert body["code"] == "custom_mix" and body["rule"] == "SB-S4"
    assert "11 cartes de niveau" in body["detail"]
    good = {**bad, "custom_level3": 9}
    assert client.post("/api/tables", json={"game": GAME, "options": good}).status_code == 201
    games = client.get("/api/games").get_json()["games"]
    (sb,) = [g for g in games if g["id"] == GAME]
    assert sb["players"] == {"min": 2, "max": 5}
    assert sb["options"]["difficulty"]["choices"] == ["easy", "intermediate", "hard", "custom"]
    assert sb["options"]["table_die"]["type"] == "bool"
    assert "SB-Z3" in sb["help"]


def test_SB_S4_a_custom_level_above_what_the_box_holds_is_refused_when_the_table_is_made(client):
    only_level3 = {
        "difficulty": "custom",
        "custom_level1": 0,
        "custom_level2": 0,
        "custom_level3": 11,
    }
    response = client.post("/api/tables", json={"game": GAME, "options": only_level3})
    body = response.get_json()
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert body["code"] == "custom_mix" and body["rule"] == "SB-S4"
    assert "11 Level 3 cards" in body["detail"] and "holds 10" in body["detail"]


def _to_a_zombie_question(tables, code, seats):
    """Advance (first Bite, Ready Items) to the current player's first zombie question;
    returns (current seat, its view)."""
    for _ in range(20):
        view = tables.view(code)
        seat = view["prompt"]["waiting_for"][0]
        mine = tables.view(code, seats[seat])
        kinds = [a["type"] for a in mine["actions"]]
        if "zombies" in kinds:
            return seat, mine
        if "first_bite" in kinds:
            play(tables, code, seats[seat], "first_bite", {"seat": 1})
        elif "ready" in kinds:
            ready = next(a for a in mine["actions"] if a["type"] == "ready")
            play(
                tables,
                code,
                seats[seat],
                "ready",
                {"items": ready["params"]["items"]["choices"][0]},
            )
        elif "end_turn" in kinds:
            play(tables, code, seats[seat], "end_turn", {"discard": []})
        elif "smart" in kinds:
            play(tables, code, seats[seat], "smart", {"what": "done"})
        elif "die" in kinds:
            play(tables, code, seats[seat], "die", {"face": "miss"})
        elif "defend" in kinds:
            play(tables, code, seats[seat], "defend", {"use": "none"})
        else:
            raise AssertionError(kinds)
    raise AssertionError("no zombie question")


def lines(form, first=None):
    """The zombie form's answers: ``first`` for its first line, "moves closer" for the rest."""
    keys = list(form["params"])
    return {k: (first if first is not None and i == 0 else "move") for i, k in enumerate(keys)}


def _defender_with_a_defense(tables, code, seats, current):
    for seat, token in seats.items():
        if seat == current:
            continue
        hand = tables.view(code, token)["game_view"]["hand"]
        cards = [c for c in hand if c["key"] in DEFENSES_AGAINST_A_BITE]
        if cards:
            return seat, cards[0]
    return None, None


def test_off_turn_defense_from_the_defenders_phone(client, tables, monkeypatch):
    """A zombie bites a player on someone else's turn; the bitten player's phone, not the
    current one, offers the Defense cards they hold, and plays one before the bite lands."""
    seeds = iter(range(1, 1000))  # fixed deals: the search never depends on luck
    monkeypatch.setattr(lobby, "new_seed", lambda: next(seeds).to_bytes(32, "big"))
    for _attempt in range(12):
        code, host, seats = started(tables, table_die=True)
        current, mine = _to_a_zombie_question(tables, code, seats)
        defender, card = _defender_with_a_defense(tables, code, seats, current)
        if defender is not None:
            break
    else:
        pytest.fail("no player held a Defense card in 12 deals")
    form = next(a for a in mine["actions"] if a["type"] == "zombies")
    first = next(iter(form["params"].values()))
    assert f"attack:{defender}" in first["choices"] and first["value"] == "move"
    labels = dict(zip(first["choices"], first["labels"], strict=True))
    assert labels["move"] == "Moves 1 space closer"  # rendered for the phone
    play(tables, code, seats[current], "zombies", lines(form, f"attack:{defender}"))
    die = tables.view(code, seats[current])
    assert die["prompt"]["rule"] == "SB-Z5" and [a["type"] for a in die["actions"]][0] == "die"
    answer = play(tables, code, seats[current], "die", {"face": "bite"})
    assert [e["rule"] for e in answer["action"]["events"] if e.get("rule")] == ["SB-Z5"]
    # The table sees who may defend, never with what.
    table = tables.view(code)
    assert table["prompt"]["waiting_for"] == [defender]
    assert json.dumps(card["id"]) not in json.dumps(table)
    assert json.dumps(card["id"]) not in json.dumps(tables.view(code, seats[current]))
    phone = client.get(f"/api/tables/{code}", headers=bearer(seats[defender], "fr")).get_json()
    defend = next(a for a in phone["actions"] if a["type"] == "defend")
    assert card["id"] in defend["params"]["use"]["choices"]
    assert phone["prompt"]["text"].startswith("Vous subissez une morsure")
    health = next(p["health"] for p in table["game_view"]["players"] if p["seat"] == defender)
    response = client.post(
        f"/api/tables/{code}/actions",
        json={"type": "defend", "params": {"use": card["id"]}},
        headers=bearer(seats[defender], "en"),
    )
    assert response.status_code == 201, response.get_json()
    events = response.get_json()["action"]["events"]
    (defended,) = [e for e in events if e["msg"] == "sb.defended"]
    assert defended["rule"] == "SB-Z5" and defended["text"].endswith(f"with {card['name']}.")
    after = tables.view(code)["game_view"]
    assert next(p["health"] for p in after["players"] if p["seat"] == defender) == health
    assert after["decks"]["last_discard"]["id"] == card["id"]  # played face up
    # The log keeps the defense for everyone.
    log = client.get(f"/api/tables/{code}/log").get_json()["entries"]
    assert any(e["msg"] == "sb.defended" for entry in log for e in entry["events"])


def _other_holding(tables, code, seats, current, key):
    for seat, token in seats.items():
        if seat == current:
            continue
        hand = tables.view(code, token)["game_view"]["hand"]
        cards = [c for c in hand if c["key"] == key]
        if cards:
            return seat, cards[0]
    return None, None


def test_SB_Z2_an_off_turn_reaction_from_another_phone_pay_back_on_the_attacking_zombie(
    client, tables, monkeypatch
):
    """Zombie 1 attacks a player on someone else's turn and misses: that player's phone (not the
    current one) offers Pay Back against it, plays it over HTTP, and every other zombie still
    acts (SB-Z2)."""
    # Tables dealt from a fixed run of seeds: the same deals on every run and every database,
    # so the search for a deal with a Pay Back in another hand never depends on luck.
    seeds = iter(range(1, 1000))
    monkeypatch.setattr(lobby, "new_seed", lambda: next(seeds).to_bytes(32, "big"))
    for _attempt in range(80):
        code, host, seats = started(tables, table_die=True)
        current, mine = _to_a_zombie_question(tables, code, seats)
        form = next(a for a in mine["actions"] if a["type"] == "zombies")
        defender, card = _other_holding(tables, code, seats, current, "pay_back")
        walk = mine["game_view"]["walk"]
        if defender is not None and walk["zombie"] == 1 and walk["of"] >= 2:
            if f"attack:{defender}" in form["params"]["z1a1"]["choices"]:
                break
    else:
        pytest.fail("no deal put a Pay Back in another player's hand in 80 tries")
    play(tables, code, seats[current], "zombies", lines(form, f"attack:{defender}"))
    rolled = play(tables, code, seats[current], "die", {"face": "miss"})
    phone = tables.view(code, seats[defender])
    react = next(a for a in phone["actions"] if a["type"] == "react")
    value = f"{card['id']}@zombie"
    assert value in react["params"]["play"]["choices"]
    # Only the attacked player's phone offers it; the table never learns the card before.
    for seat in (s for s in seats if s != defender):
        assert value not in json.dumps(tables.view(code, seats[seat])["actions"])
    assert json.dumps(card["id"]) not in json.dumps(tables.view(code))
    before = tables.view(code)
    board = before["game_view"]["zombies"]["board"]
    response = client.post(
        f"/api/tables/{code}/actions",
        json={"type": "react", "params": {"play": value}, "expected": phone["seq"]},
        headers=bearer(seats[defender], "en"),
    )
    assert response.status_code == 201, response.get_json()
    events = response.get_json()["action"]["events"]
    msgs = [e["msg"] for e in events]
    assert "sb.plays" in msgs and "sb.zombie.killed" in msgs
    after = tables.view(code)["game_view"]
    assert after["zombies"]["board"] == board - 1
    assert after["decks"]["last_discard"]["id"] == card["id"]
    # Zombie 1 had attacked: zombie 2 of the same line-up still acts, on the current player's
    # lines (after the die, or after the Pay Back when zombie 1 had a second action).
    moved = [
        e.get("zombie") for e in rolled["action"]["events"] + events if e["msg"] == "sb.z.moves"
    ]
    assert 2 in moved
    assert tables.view(code)["prompt"]["waiting_for"] == [current]


def test_refusals_carry_the_rule(client, tables):
    code, host, seats = started(tables, table_die=True)
    current, _ = _to_a_zombie_question(tables, code, seats)
    for _ in range(40):  # every zombie only moves
        mine = tables.view(code, seats[current])
        if "end_turn" in [a["type"] for a in mine["actions"]]:
            break
        form = next(a for a in mine["actions"] if a["type"] == "zombies")
        play(tables, code, seats[current], "zombies", lines(form))
    response = tables.act(code, seats[current], "check_beaker")
    body = response.get_json()
    assert response.status_code == 422 and body["rule"] == "SB-P6" and body["code"] == "lab_closed"
    response = tables.act(code, seats[current], "open_fire_doors")
    assert response.get_json()["rule"] == "SB-P6"
    other = next(s for s in seats if s != current)
    response = tables.act(code, seats[other], "end_turn", {"discard": []})
    assert response.status_code in (403, 422)


def test_a_correction_from_any_phone_is_public_and_logged(client, tables):
    code, host, seats = started(tables)
    view = tables.view(code, seats[2])
    fix = next(
        a
        for a in view["actions"]
        if a["type"] == "correct" and a["params"]["group"]["choices"] == ["player:1"]
    )
    counts = {k: v["value"] for k, v in fix["params"]["counts"]["counts"].items()}
    counts["health"] = 3
    answer = play(
        tables,
        code,
        seats[2],
        "correct",
        {"group": "player:1", "counts": counts, "why": "miscount"},
    )
    (event,) = answer["action"]["events"]
    assert event["correction"] == {"group": "player:1", "key": "health", "before": 5, "after": 3}
    assert (
        next(p for p in tables.view(code)["game_view"]["players"] if p["seat"] == 1)["health"] == 3
    )


@pytest.mark.parametrize(
    "players, options", [(3, {}), (2, {"difficulty": "hard", "table_die": True})]
)
def test_api_playout_to_the_end_from_actions_alone(client, tables, players, options):
    code, host, seats = started(tables, players, **options)
    seats[0] = host
    rng = Rng(f"sb-api-{players}".encode() * 4, 0)
    for _ in range(3000):
        table_view = tables.view(code)
        if table_view["status"] == "finished":
            break
        waiting = table_view["prompt"]["waiting_for"]
        candidates = [(s, tables.view(code, seats[s])) for s in waiting if s in seats]
        candidates = [(s, v) for s, v in candidates if v["actions"]]
        assert candidates, table_view["prompt"]
        seat, view = rng.choice(candidates)
        spec = rng.choice([a for a in view["actions"] if a["type"] != "correct"])
        response = tables.act(
            code, seats[seat], spec["type"], random_params(spec, rng), expected=view["seq"]
        )
        assert response.status_code == 201, response.get_json()
    final = tables.view(code)
    assert final["status"] == "finished" and final["result"]["end"] in (
        "escaped",
        "smart",
        "nobody",
    )
    assert final["result"]["reason"]  # rendered for the end screen
    export = client.get(f"/api/tables/{code}/export").get_json()
    assert verify_export(export) is None


def _to_the_players_actions(tables, code, seats):
    """The current player at their Player Actions step, every zombie having moved closer."""
    current, _ = _to_a_zombie_question(tables, code, seats)
    for _ in range(40):
        mine = tables.view(code, seats[current])
        kinds = [a["type"] for a in mine["actions"]]
        if "end_turn" in kinds:
            return current, mine
        form = next(a for a in mine["actions"] if a["type"] == "zombies")
        play(tables, code, seats[current], "zombies", lines(form))
    raise AssertionError("no Player Actions step")


def test_SB_P3_ending_the_turn_with_stamina_left_asks_nothing_and_undo_takes_it_back(
    client, tables
):
    """Undo instead of "are you sure?": ending the turn with stamina left posts at once; it
    drew cards and the next zombie card, so its undo is a request another player approves."""
    code, host, seats = started(tables, table_die=True)
    current, mine = _to_the_players_actions(tables, code, seats)
    end = next(a for a in mine["actions"] if a["type"] == "end_turn")
    assert "confirm" not in end and "3 stamina unused" in end["label"]
    ended = play(tables, code, seats[current], "end_turn", {"discard": []})
    assert tables.view(code)["game_view"]["turn"] != current
    asked = client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(seats[current]))
    # The next player's zombie card left the secret deck: an outcome was seen.
    assert ended["action"]["reveals"] is True
    assert asked.status_code == 202, asked.get_json()
    other = next(t for s, t in seats.items() if s != current)
    approved = tables.act(code, other, "approve_undo")
    assert approved.status_code == 201, approved.get_json()
    back = tables.view(code, seats[current])
    assert back["game_view"]["turn"] == current
    assert "end_turn" in [a["type"] for a in back["actions"]]
    me = next(p for p in back["game_view"]["players"] if p["seat"] == current)
    assert me["stamina"] == 3


def test_SB_Z6_stopping_a_movement_asks_nothing_and_its_undo_is_immediate(client, tables):
    """A MOVE card's "stop here" posts at once (it shows nothing): its undo needs nobody's OK
    and gives the movement points back."""
    code, host, seats = started(tables, table_die=True)
    for _attempt in range(30):
        current, mine = _to_the_players_actions(tables, code, seats)
        moves = [
            a
            for a in mine["actions"]
            if a["type"] == "play"
            and any(
                v.split("@")[0].split("#")[0] in ("mad_dash", "charge")
                for v in a["params"]["play"]["choices"]
            )
        ]
        if moves:
            break
        # Discard the whole hand, so the draw back up to hand size brings new cards (keeping
        # them would loop over the same hands whenever none of them holds a MOVE card).
        end = next(a for a in mine["actions"] if a["type"] == "end_turn")
        play(
            tables,
            code,
            seats[current],
            "end_turn",
            {"discard": end["params"]["discard"]["choices"]},
        )
    else:
        pytest.fail("no MOVE card came to hand")
    value = next(
        v
        for v in moves[0]["params"]["play"]["choices"]
        if v.split("#")[0] in ("mad_dash", "charge") and "/" not in v
    )
    play(tables, code, seats[current], "play", {"play": value})
    step = tables.view(code, seats[current])
    stop = next(a for a in step["actions"] if a["type"] == "stop")
    assert "confirm" not in stop
    stopped = play(tables, code, seats[current], "stop")
    assert not stopped["action"].get("reveals")
    undone = client.post(f"/api/tables/{code}/undo", json={}, headers=bearer(seats[current]))
    assert undone.status_code == 201, undone.get_json()
    again = tables.view(code, seats[current])
    assert "stop" in [a["type"] for a in again["actions"]]
