"""Setup: the team (ZC-1, ZC-2), the mission the host reads off the board (ZC-7, ZC-8,
ZC-15), the starting gear and the first player, the options."""

from __future__ import annotations

import pytest
from zc_support import PACK, act, begin, ready, refused, rules, spec, texts, top, types

from tableapp.engine import HOST, Rng, RuleError
from tableapp.games.zombicide import GAME


def test_ZC_1_two_phones_take_three_survivors_each_then_the_host_starts_the_mission():
    state = begin((1, 2))
    assert types(state, 1) == ["take_survivor"] and types(state, HOST) == ["deal_evenly"]
    for sid in ("ruth", "karim", "lily"):
        state, events = act(state, 1, "take_survivor", survivor=sid)
    for sid in ("nadia", "owen", "tom"):
        state, events = act(state, 2, "take_survivor", survivor=sid)
    assert texts(events) == ["Ben takes Tom (child: 2 HP, Slippery)."]
    assert rules(events) == ["ZC-2"]
    assert state["team"] == ["ruth", "karim", "nadia", "owen", "lily", "tom"]
    # ZC-1: 6 survivors and no more.
    assert "take_survivor" not in types(state, 1)
    error = refused(state, 1, "take_survivor", survivor="ruth")
    assert (error.code, error.rule) == ("team_full", "ZC-1")
    state, events = act(state, HOST, "survivors_done")
    assert texts(events) == [
        "The team: Ana plays Ruth, Karim, and Lily and Ben plays Nadia, Owen, and Tom."
    ]
    assert top(state)["kind"] == "mission"


def test_ZC_1_the_team_needs_six_survivors_and_every_player_one():
    state = begin((1, 2, 3))
    for sid in ("ruth", "karim", "nadia", "owen", "lily", "tom"):
        state, _ = act(state, 1, "take_survivor", survivor=sid)
    assert "survivors_done" not in types(state, HOST)
    error = refused(state, HOST, "survivors_done")
    assert (error.code, error.rule) == ("team_not_ready", "ZC-1")
    assert english_of(error) == "The team needs 6 survivors and every player at least one."
    state, _ = act(state, 1, "release_survivor", survivor="tom")
    state, _ = act(state, 2, "take_survivor", survivor="tom")
    state, _ = act(state, 1, "release_survivor", survivor="lily")
    state, _ = act(state, 3, "take_survivor", survivor="lily")
    assert "survivors_done" in types(state, HOST)


def english_of(error: RuleError) -> str:
    from tests.texts import english

    return english(error.message)


def test_ZC_1_the_host_deals_the_survivors_left_evenly():
    state = begin((1, 2, 3))
    state, _ = act(state, 2, "take_survivor", survivor="tom")
    state, events = act(state, HOST, "deal_evenly")
    owners = {sid: state["survivors"][sid]["owner"] for sid in state["team"]}
    assert sorted(owners.values()) == [1, 1, 2, 2, 3, 3]
    assert owners["tom"] == 2 and len(events) == 5


def test_ZC_1_a_single_player_runs_all_six():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    assert [state["survivors"][s]["owner"] for s in state["team"]] == [1] * 6
    assert "survivors_done" in types(state, HOST)


def test_ZC_2_adults_have_3_hp_children_2_and_slippery():
    state = ready()
    view = GAME.view(state, 1)
    by_id = {s["id"]: s for s in view["survivors"]}
    assert by_id["ruth"]["hp"] == 3 and by_id["ruth"]["kind"] == "adult"
    assert by_id["lily"]["hp"] == 2 and by_id["tom"]["hp"] == 2
    for child in ("lily", "tom"):
        assert "slippery" in [s["id"] for s in by_id[child]["skills"]]
    assert "slippery" not in [s["id"] for s in by_id["ruth"]["skills"]]


def test_setup_deals_one_grey_weapon_each_and_the_fire_axe_holder_starts():
    state, events = None, None
    for index in range(6):
        state, events = GAME.begin(
            content=PACK, variant=None, options={}, seats=[1, 2], rng=Rng(b"x" * 32, index)
        )
        state = ready_from(state)
        holder = next(
            s
            for s in state["team"]
            if state["survivors"][s]["inventory"][0].startswith("start_axe")
        )
        assert state["first_player"] == state["survivors"][holder]["owner"]
        if state["first_player"] == 2:
            break
    assert state["first_player"] == 2, "in six deals the axe never went to Ben's survivors"
    starters = [state["survivors"][s]["inventory"][0] for s in state["team"]]
    assert sorted(c.split("#")[0] for c in starters) == sorted(
        ["start_axe", "start_crowbar", "start_pistol", "start_pistol", "start_bat", "start_knife"]
    )
    # Round 1 starts with the first player's choice of survivor.
    assert top(state)["kind"] == "pick_survivor" and top(state)["seat"] == 2


def ready_from(state):
    from zc_support import TEAMS

    for seat, names in TEAMS[2].items():
        for sid in names:
            state, _ = act(state, seat, "take_survivor", survivor=sid)
    state, _ = act(state, HOST, "survivors_done")
    objectives = {"red": 1, "blue": 0, "green": 0, "crates": 0, "goals": 0}
    state, _ = act(state, HOST, "mission", objectives=objectives)
    state, _ = act(state, HOST, "add_zone", colour="red")
    state, _ = act(state, HOST, "zones_done")
    state, _ = act(state, HOST, "buildings_done")
    return state


def test_ZC_7_ZC_8_the_host_enters_zones_clockwise_with_their_colours():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    state, _ = act(state, HOST, "survivors_done")
    objectives = {"red": 2, "blue": 1, "green": 0, "crates": 0, "goals": 0}
    state, events = act(state, HOST, "mission", objectives=objectives)
    assert texts(events) == [
        "Mission: objectives 2 red, 1 blue, 0 green; crates: 0; other goals: 0."
    ]
    assert "zones_done" not in types(state, HOST)  # at least one spawn zone
    add = spec(state, HOST, "add_zone")
    assert add["params"]["colour"]["choices"] == ["red", "blue", "green"]
    state, _ = act(state, HOST, "add_zone", colour="red")
    state, events = act(state, HOST, "add_zone", colour="blue")
    assert texts(events) == ["Spawn zone 2 (blue): inactive until its objective is taken."]
    assert rules(events) == ["ZC-8"]
    state, _ = act(state, HOST, "add_zone", colour="red")
    zones = state["mission"]["zones"]
    assert [(z["number"], z["colour"], z["active_from"]) for z in zones] == [
        (1, "red", 1),
        (2, "blue", None),
        (3, "red", 1),
    ]


def test_ZC_15_the_host_enters_buildings_with_dark_rooms_and_how_they_start():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    state, _ = act(state, HOST, "survivors_done")
    objectives = {"red": 1, "blue": 0, "green": 0, "crates": 0, "goals": 0}
    state, _ = act(state, HOST, "mission", objectives=objectives)
    state, _ = act(state, HOST, "add_zone", colour="red")
    state, _ = act(state, HOST, "zones_done")
    add = spec(state, HOST, "add_building")
    assert add["params"]["dark_rooms"] == {"min": 1, "max": 9, "value": 1}
    assert add["params"]["start"]["choices"] == ["closed", "open", "survivors"]
    state, events = act(state, HOST, "add_building", dark_rooms=3, start="closed")
    assert texts(events) == ["Building A: 3 dark rooms (Closed)."] and rules(events) == ["ZC-15"]
    state, _ = act(state, HOST, "add_building", dark_rooms=1, start="survivors")
    assert [(b["id"], b["dark_rooms"], b["start"]) for b in state["mission"]["buildings"]] == [
        ("A", 3, "closed"),
        ("B", 1, "survivors"),
    ]


def test_the_mission_needs_one_red_objective_at_least():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    state, _ = act(state, HOST, "survivors_done")
    bounds = spec(state, HOST, "mission")["params"]["objectives"]["counts"]
    assert bounds["red"]["min"] == 1
    with pytest.raises(RuleError) as caught:
        act(
            state,
            HOST,
            "mission",
            objectives={"red": 0, "blue": 0, "green": 0, "crates": 0, "goals": 0},
        )
    assert caught.value.code == "illegal_params"


def test_only_the_host_answers_the_mission_questions():
    state = begin((1, 2))
    state, _ = act(state, HOST, "deal_evenly")
    state, _ = act(state, HOST, "survivors_done")
    assert types(state, 1) == ["discard"] or types(state, 1) == []
    error = refused(
        state, 1, "mission", objectives={"red": 1, "blue": 0, "green": 0, "crates": 0, "goals": 0}
    )
    assert error.code == "not_your_turn"


def test_options_pick_card_sets_for_the_decks():
    core = begin((1,))
    every = begin((1,), spawn_sets="all", equipment_sets="all")
    spawn_core = core["spawn_deck"]["draw"]
    spawn_all = every["spawn_deck"]["draw"]
    assert len(spawn_core) == 40 and len(spawn_all) == 48
    assert all(PACK_SET[c] == "core" for c in spawn_core)
    assert len(every["equipment"]["draw"]) > len(core["equipment"]["draw"])
    assert len(every["crates"]["draw"]) == len(core["crates"]["draw"]) + 1
    assert GAME.options["abomination_fest"]["default"] is False
    assert GAME.options["app_dice"]["default"] is False


PACK_SET = {row["id"]: row["set"] for row in PACK["spawn"]["card"]}
