"""A Human's move and its next effect, an attack, in one answer (EZA-H7, EZA-H12): the app says
where the Human goes, the table moves it (or finds it blocked) and reports the reach from
where it stands; Harry (who joins another Human when blocked, EZA-H15) is asked in two."""

from __future__ import annotations

import pytest
from eza_support import act, asked, deal, rules, spec, stage, top, types, waiting

from tableapp.engine import RuleError


def card(hid: str, *effects: str) -> list[dict]:
    return [{"kind": "human_effect", "human": hid, "effect": e} for e in effects]


def test_EZA_H7_EZA_H12_a_move_then_the_same_humans_attack_is_one_answer():
    state = deal("house")  # Nina on living:5 (no ability)
    state, _ = stage(state, *card("nina", "move+1", "kill_standing"))
    assert top(state)["kind"] == "confirm_move" and top(state)["attack"] == "kill_standing"
    assert waiting(state) == [1] and types(state, 1).count("move") == 1
    form = spec(state, 1, "move")["params"]
    assert set(form) == {"outcome", "standing", "crawling"}
    assert form["standing"]["value"] == "none" and "2" in form["standing"]["choices"]
    assert "Move it at the table, then:" in asked(state) and "Kill a Standing Zombie" in asked(
        state
    )
    board, top_cell = state["hordes"]["2"]["board"], top(state)["dest"]
    state, events = act(state, 1, "move", outcome="moved", standing="2", crawling="none")
    assert state["humans"]["nina"]["cell"] == top_cell  # where the app said she goes
    assert state["hordes"]["2"]["board"] == board - 1 and "EZA-H11" in rules(events)
    assert not state["steps"]  # no separate reach question


def test_EZA_H7_a_blocked_move_then_the_attack_from_where_the_human_stands():
    state = deal("house")
    state, _ = stage(state, *card("nina", "move+1", "kill_crawling"))
    state, events = act(state, 1, "move", outcome="blocked", standing="none", crawling="none")
    assert state["humans"]["nina"]["cell"] == "living:5" and "EZA-H7" in rules(events)
    ignored = [e for e in events if e["msg"] == "eza.attack.ignored"]
    assert ignored and ignored[0]["rule"] == "EZA-H11"  # none in reach of living:5


def test_EZA_H12_a_horde_with_no_zombie_on_the_board_is_refused_in_the_move_form():
    state = deal("house")
    state, _ = stage(state, *card("nina", "move+1", "kill_standing"))
    h = state["hordes"]["3"]
    h["reserve"], h["board"], h["crawling"], h["fresh"] = 10, 0, 0, 0
    with pytest.raises(RuleError) as error:
        act(state, 1, "move", outcome="moved", standing="3", crawling="none")
    assert (error.value.code, error.value.rule) == ("no_zombie_on_board", "EZA-H12")


def test_EZA_H15_harry_blocked_joins_another_human_so_his_attack_is_asked_after():
    state = deal("house")
    state, _ = stage(state, *card("harry", "move+1", "kill_standing"))
    assert top(state)["kind"] == "confirm_move" and "attack" not in top(state)
    assert set(spec(state, 1, "move")["params"]) == {"outcome"}


def test_EZA_H12_an_attack_before_a_move_stays_its_own_answer():
    state = deal("house")
    state, _ = stage(state, *card("nina", "kill_standing", "move+1"))
    assert top(state)["kind"] == "reach"  # its outcome decides whether the move is blocked


def test_EZA_H10_EZA_H12_a_cemetery_advance_then_the_attack_is_one_answer():
    state = deal("cemetery")  # Harry, Odile, Adèle and Nina on the south gate
    state, _ = stage(state, *card("harry", "advance", "kill_crawling"))
    assert top(state)["kind"] == "advance" and top(state)["attack"] == "kill_crawling"
    form = spec(state, 1, "advance")["params"]
    assert set(form) == {
        "standing",
        "crawling",
        "reach_blocking",
        "reach_standing",
        "reach_crawling",
    }
    crawling = state["hordes"]["3"]["crawling"]
    state["hordes"]["3"]["crawling"] = 1
    params = {"standing": 0, "crawling": 0, "reach_blocking": "none", "reach_standing": "none"}
    state, events = act(state, 1, "advance", **params, reach_crawling="3")
    assert state["humans"]["harry"]["cell"] == "south-1"  # with his group (EZA-H10)
    assert state["humans"]["nina"]["cell"] == "south-1"
    assert "EZA-H11" in rules(events) and state["hordes"]["3"]["crawling"] == crawling
    assert not state["steps"]


def test_EZA_H15_odile_blocked_leaves_the_path_so_her_attack_is_asked_after():
    state = deal("cemetery")
    state, _ = stage(state, *card("odile", "advance", "kill_standing"))
    assert top(state)["kind"] == "advance" and "attack" not in top(state)
    assert set(spec(state, 1, "advance")["params"]) == {"standing", "crawling"}
