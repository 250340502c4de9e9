"""Human attacks (rules/eat-zem-all.txt, "Human Card Effects: Human Attacks", the FAQ on targets,
Kate and Eve; EZA-H11..H13, H15)."""

from __future__ import annotations

from eza_support import (
    act,
    deal,
    effect,
    put_at,
    reach,
    rules,
    said,
    spec,
    text,
    top,
    types,
)

from tableapp.games.eat_zem_all.attacks import attack_options


def test_EZA_H11_kill_crawling_else_wound_standing_else_nothing():
    outcome, targets, rule, _ = attack_options("kill_crawling", ["1:standing", "2:standing"])
    assert (outcome, targets, rule) == ("wound", ["1:standing", "2:standing"], "EZA-H11")
    outcome, targets, _, _ = attack_options("kill_standing", ["2:crawling"])
    assert (outcome, targets) == ("kill", ["2:crawling"])
    assert attack_options("kill_standing", [])[0] is None
    state = deal("house")
    state, _ = effect(state, "omar", "kill_crawling")
    board = state["hordes"]["2"]["board"]
    state, events = act(state, 1, "report_reach", **reach(state, {"2:standing": 1}))
    assert "wounds a Standing Zombie of Seat 2 (Green)" in said(events[0])
    assert state["hordes"]["2"]["board"] == board  # wounded, still on the board
    assert state["hordes"]["2"]["crawling"] == 1
    state, _ = effect(state, "omar", "kill_standing")
    state, events = act(state, 1, "report_reach", **reach(state, {"3:crawling": 2}))
    assert state["hordes"]["3"]["board"] == 3 and state["hordes"]["3"]["reserve"] == 7
    state, _ = effect(state, "omar", "kill_standing")
    state, events = act(state, 1, "report_reach", **reach(state, {}))
    assert events[0]["rule"] == "EZA-H11" and "ignored" in said(events[0])


def test_EZA_H12_cemetery_blocking_standing_first_but_crawling_for_kill_crawling():
    state = deal("cemetery")
    classes = spec(effect(state, "eve", "kill_standing")[0], 1, "report_reach")
    blocking = classes["params"]["blocking"]
    assert blocking["choices"] == ["none", "1", "2", "3"] and blocking["value"] == "none"
    assert [said(x) for x in blocking["labels"]][:2] == ["none in reach", "Seat 1 (Yellow)"]
    outcome, targets, rule, _ = attack_options(
        "kill_standing", ["1:standing", "2:blocking", "3:crawling"]
    )
    assert (outcome, targets, rule) == ("kill", ["2:blocking"], "EZA-H12")
    outcome, targets, rule, reason = attack_options("kill_crawling", ["2:blocking", "3:crawling"])
    assert (outcome, targets) == ("kill", ["3:crawling"]) and "blocking" in said(reason)
    # House: reach is the room; no blocking class except for Eve (EZA-H15).
    house = deal("house")
    kinds = spec(effect(house, "omar", "kill_standing")[0], 1, "report_reach")["params"]
    assert set(kinds) == {"standing", "crawling"}


def test_EZA_H13_kill_standing_may_not_take_a_crawling_zombie_while_a_standing_one_is_in_reach():
    state = deal("house")
    state, _ = effect(state, "kate", "kill_standing")
    # Green's Standing Zombie picked (the active Horde's choice among equal targets), a
    # Crawling one of Red in reach too: the kill takes the Standing one (EZA-H13).
    state, events = act(
        state, 1, "report_reach", **reach(state, {"2:standing": 1, "3:crawling": 1})
    )
    assert events[0]["rule"] == "EZA-H13" and "attack_target" not in types(state, 1)
    assert state["hordes"]["2"]["board"] == 3 and state["hordes"]["3"]["board"] == 4


def test_EZA_H15_eve_follows_her_arrows_kills_blockers_first_and_escapes_on_the_car():
    state = deal("house")
    state, _ = effect(state, "eve", "arrow:white")
    assert top(state)["dest"] == "bedroom:3"
    kinds = spec(effect(state, "eve", "kill_standing")[0], 1, "report_reach")["params"]
    assert "1" in kinds["blocking"]["choices"]
    put_at(state, "eve", "entrance:2")
    state, events = effect(state, "eve", "arrow:black")
    assert state["humans"]["eve"]["status"] == "escaped" and "EZA-E2" in rules(events)


def test_EZA_H15_kate_barricades_within_the_limits():
    state = deal("house")  # Kate is in the living room
    state, events = effect(state, "kate", "kill_standing")
    state, events = act(state, 1, "report_reach", **reach(state, {}))
    options = spec(state, 1, "barricade")["params"]["opening"]["choices"]
    assert "living-window-north" not in options  # already 2 of 2
    assert "door-living-bedroom" in options
    state, events = act(state, 1, "barricade", opening="door-living-bedroom")
    assert state["defenses"]["door-living-bedroom"] == 1 and events[0]["rule"] == "EZA-H15"
    # No cube left in the box: no more wood, no Defense added.
    state["defense_box"] = 0
    state, events = effect(state, "kate", "kill_crawling")
    state, events = act(state, 1, "report_reach", **reach(state, {}))
    assert "none can be placed" in text(events)


def test_EZA_H13_the_literal_reading_is_a_table_option():
    """Option crawling_attack_kills_standing: "you cannot use a kill-a-Crawling-Zombie attack
    on a Crawling Zombie if you could kill a Standing Zombie" read as written."""
    outcome, targets, rule, reason = attack_options(
        "kill_crawling", ["1:standing", "3:crawling"], literal=True
    )
    assert (outcome, targets, rule) == ("kill", ["1:standing"], "EZA-H13")
    assert "Table option" in said(reason)
    # The FAQ's case stays: a Standing Zombie blocking the path, a Crawling one behind.
    assert attack_options("kill_crawling", ["1:blocking", "3:crawling"], literal=True)[1] == [
        "3:crawling"
    ]
    state = deal("house", crawling_attack_kills_standing=True)
    state, _ = effect(state, "kate", "kill_crawling")
    state, events = act(
        state, 1, "report_reach", **reach(state, {"2:standing": 1, "3:crawling": 1})
    )
    assert events[0]["msg"] == "eza.attack.kills_standing" and events[0]["rule"] == "EZA-H13"
    assert state["hordes"]["2"]["board"] == 3
    default = deal("house")
    default, _ = effect(default, "kate", "kill_crawling")
    default, events = act(
        default, 1, "report_reach", **reach(default, {"2:standing": 1, "3:crawling": 1})
    )
    assert events[0]["msg"] == "eza.attack.kills_crawling"


def _steps(state: dict) -> list[tuple[str, list[int]]]:
    return [(said(s["message"]), s["seats"]) for s in state.get("board_steps", [])]


def test_EZA_H11_a_kill_or_wound_is_no_board_step():
    """The active Horde has just counted the Zombies in reach and reads the outcome: a
    checklist item per Zombie killed would add taps for what the log already says."""
    state = deal("house")
    state, _ = effect(state, "omar", "kill_crawling")
    state, _ = act(state, 1, "report_reach", **reach(state, {"2:standing": 1}))
    assert state["hordes"]["2"]["crawling"] == 1 and _steps(state) == []


def test_EZA_H15_kates_cube_is_a_board_step():
    state = deal("house")
    state, _ = effect(state, "kate", "kill_standing")
    state, _ = act(state, 1, "report_reach", **reach(state, {}))
    state, _ = act(state, 1, "barricade", opening="door-living-bedroom")
    (step,) = _steps(state)
    assert step[0].startswith("Put a Defense cube from the box on the ") and step[1] == [1]
