"""Phase 1: the Zombie attack (rules/eat-zem-all.txt, "Phase 1: Zombie Attack", "Zombie Card
Effects", the FAQ on an empty reserve; EZA-T1..T8, T11; Mutations are in test_eza_mutations)."""

from __future__ import annotations

import json

import pytest
from eza_support import (
    GAME,
    act,
    actions_of,
    activate,
    activation,
    asked,
    deal,
    form_of,
    give_bites,
    reach,
    rules,
    said,
    set_tokens,
    spec,
    stage,
    top,
    types,
    waiting,
)

from tableapp.engine import RuleError, piles


def _put_on_track(state: dict, card: str, seat: int) -> None:
    piles.move(state["zombie_cards"], card, f"reserve:{seat}", "track")


def test_EZA_T1_resolution_order_names_the_colour_owner():
    state = deal("house", seats=(1, 2, 3))
    _put_on_track(state, "zombie-green-1", 2)  # Pack hunt: main 1x2 + 2x3, bonus panic
    assert waiting(state) == [1]
    state, events = act(state, 1, "take_card", card="zombie-green-1")
    assert state["card"]["order"] == [
        {"seat": 1, "parts": ["main", "bonus"]},
        {"seat": 2, "parts": ["main", "bonus"]},
        {"seat": 3, "parts": ["main"]},
    ]
    ruling = next(e for e in events if e["msg"] == "eza.card.taken")
    assert ruling["rule"] == "EZA-T1" and said(ruling["reason"])
    assert ruling["order"] == state["card"]["order"] and ruling["card"] == "zombie-green-1"
    assert (
        "Resolution order: 1. Seat 1 (Yellow): main + bonus, 2. Seat 2 (Green): main + bonus "
        "(its colour), and 3. Seat 3 (Red): main." in said(ruling)
    )
    assert "zombie-green-1" in [c["id"] for c in GAME.view(state, None)["active_pile"]]
    assert said(GAME.view(state, 3)["current_card"]["order_text"]).startswith("1. Seat 1 (Yellow)")
    # The active Horde resolves first: main effects, then the bonus.
    first = top(state)["rows"][0]
    assert first["seat"] == 1 and first["effect"] == "activate:1x2"


def test_EZA_T1_refuses_a_card_not_on_the_track_and_other_hordes():
    state = deal("house")
    with pytest.raises(RuleError) as error:
        act(state, 1, "take_card", card="zombie-red-1")
    assert error.value.rule == "EZA-T1"
    with pytest.raises(RuleError) as error:
        act(state, 2, "take_card", card="zombie-basic-1")
    assert error.value.code == "not_your_turn" and error.value.rule == "EZA-T1"


def test_EZA_T2_empty_track_is_refilled_then_every_horde_mutates():
    state = deal("house", seats=(1, 2, 3))
    zc = state["zombie_cards"]
    for card in list(zc["track"]):
        piles.move(zc, card, "track", "draw")
    state, events = stage(state, {"kind": "turn_start"})
    assert len(state["zombie_cards"]["track"]) == 5
    assert "EZA-T2" in rules(events)
    assert waiting(state) == [1, 2, 3]
    assert all(len(state["mutation_cards"][f"offer:{s}"]) == 2 for s in (1, 2, 3))
    for seat in (1, 2, 3):
        state, _ = act(
            state, seat, "keep_mutation", card=state["mutation_cards"][f"offer:{seat}"][0]
        )
    assert types(state, 1)[0] == "take_card"


def test_EZA_T3_empty_draw_pile_takes_the_shuffled_active_pile():
    state = deal("house")
    zc = state["zombie_cards"]
    for card in list(zc["track"]):
        piles.move(zc, card, "track", "active")
    state, events = stage(state, {"kind": "turn_start"})
    assert "EZA-T3" in rules(events)
    assert sorted(state["zombie_cards"]["track"]) == [f"zombie-basic-{i}" for i in range(1, 6)]
    assert state["zombie_cards"]["active"] == []


def test_EZA_T5_activating_with_no_zombie_adds_one():
    state = deal("house")
    h = state["hordes"]["2"]
    h["reserve"], h["board"] = 10, 0
    state, events = stage(
        state, {"kind": "zombie_effect", "seat": 2, "effect": "activate:1x3", "part": "main"}
    )
    assert "EZA-T5" in rules(events)
    assert (state["hordes"]["2"]["board"], state["hordes"]["2"]["reserve"]) == (1, 9)
    assert state["hordes"]["2"]["fresh"] == 1  # and it cannot be activated by this card


def test_EZA_T5_adding_with_an_empty_reserve_moves_one_from_the_board():
    state = deal("cemetery")
    h = state["hordes"]["3"]
    h["reserve"], h["board"] = 0, 10
    state, events = stage(
        state, {"kind": "zombie_effect", "seat": 3, "effect": "add_zombie", "part": "main"}
    )
    where = form_of(state, 3)["spot_3"]
    assert where["choices"] == ["closed_tomb", "open_tomb", "none"]
    assert said(where["labels"][2]) == "Take no Zombie back from the board"
    assert where["value"] == "closed_tomb" and where["destructive"] == ["none"]
    state, events = act(state, 3, "card_part", spot_3="closed_tomb")
    assert events[0]["rule"] == "EZA-T5" and "from the board" in said(events[0])
    assert (state["hordes"]["3"]["board"], state["hordes"]["3"]["reserve"]) == (10, 0)
    assert state["hordes"]["3"]["fresh"] == 1  # moved by this card: not activatable by it


def test_EZA_T5_taking_a_zombie_back_is_not_mandatory():
    """The FAQ: "you may take one of your Zombies from the board… This is not mandatory." With
    10 on the board and none moved, "all your Zombies" activates all 10 (not 9)."""
    state = deal("house")
    h = state["hordes"]["1"]
    h["reserve"], h["board"] = 0, 10
    state, _ = stage(
        state,
        {"kind": "zombie_effect", "seat": 1, "effect": "add_zombie", "part": "bonus"},
        {"kind": "zombie_effect", "seat": 1, "effect": "activate:allx1", "part": "bonus"},
    )
    form = form_of(state, 1)
    assert list(form) == ["spot_1"]  # its activation waits: how many Zombies it has depends
    assert "empty: take one of your Zombies back" in said(form["spot_1"]["label"])
    labels = [said(x) for x in form["spot_1"]["labels"]]
    assert labels == [
        "Move one of my Zombies from the board in a room with no Human, or outside",
        "Take no Zombie back from the board",
    ]
    state, events = act(state, 1, "card_part", spot_1="none")
    assert events[0]["rule"] == "EZA-T5" and state["hordes"]["1"]["fresh"] == 0
    assert actions_of(state, 1)["most"] == 10  # all 10 act (1 action each)


def test_EZA_T6_one_form_per_activation_one_bite_per_zombie_and_the_feast_at_once():
    state = deal("house")
    state, _ = stage(state, activation(1, zombies=2, actions=3))
    form = actions_of(state, 1)
    assert form["most"] == 6 and form["counts"]["kate"]["max"] == 2  # 2 Zombies, 3 actions each
    (bites,) = form["groups"]  # a Zombie bites once: 2 bites at most, every Human counted
    assert bites["most"] == 2 and "kate" in bites["keys"] and "front-door" not in bites["keys"]
    assert said(bites["reason"]).startswith("A Zombie bites at most once per activation")
    assert "card_part" in types(state, 1) and "next_zombie" not in types(state, 1)  # one post
    with pytest.raises(RuleError) as error:
        activate(state, 1, bites={"kate": 2, "omar": 1})
    assert (error.value.code, error.value.rule) == ("already_bit", "EZA-T6")
    with pytest.raises(RuleError) as error:  # more than the Zombies' 6 actions
        activate(state, 1, bites={"kate": 2}, cubes={"front-door": 3, "kitchen-window": 2})
    assert (error.value.code, error.value.rule) == ("too_many_actions", "EZA-T6")
    # The last token: the Zombie loses its remaining actions, the Feast starts at once.
    set_tokens(state, "omar", 1)
    state["humans"]["omar"]["trait"] = "tough"
    with pytest.raises(RuleError) as error:
        activate(state, 1, bites={"omar": 2})
    assert (error.value.code, error.value.rule) == ("no_tokens_left", "EZA-T6")
    state, events = activate(state, 1, bites={"kate": 1, "omar": 1}, cubes={"front-door": 2})
    assert "EZA-T6" in rules(events) and "EZA-F1" in rules(events)
    assert top(state)["kind"] == "feast"
    assert state["hordes"]["1"]["bites"] == {"kate": 1, "omar": 1}
    assert state["defenses"]["front-door"] == 1 and state["hordes"]["1"]["activated"] == 2
    assert not [s for s in state["steps"] if s["kind"] == "activations"]  # both Zombies used


def test_EZA_F1_bites_left_in_the_form_resolve_after_the_feast():
    state = deal("house")
    set_tokens(state, "harry", 1)  # first in tile order: his Feast comes before Kate's bite
    state["humans"]["harry"]["trait"] = "tough"
    state, _ = stage(state, activation(2, zombies=2, actions=1))
    state, events = activate(state, 2, bites={"harry": 1, "kate": 1})
    assert top(state)["kind"] == "feast" and state["humans"]["kate"]["tokens"] == 10
    assert "EZA-F1" in rules(events)
    assert [s["kind"] for s in state["steps"]].count("activation_bites") == 1
    keys = spec(state, 1, "feast")["params"]["zombies"]["counts"]
    state, _ = act(state, 1, "feast", zombies=dict.fromkeys(keys, 0))
    assert state["humans"]["kate"]["tokens"] == 9 and state["hordes"]["2"]["bites"]["kate"] == 1


def test_EZA_T7_zombies_added_by_the_card_cannot_be_activated_by_it():
    state = deal("house")  # 3 Hordes: 4 Zombies each on the board
    state, _ = stage(
        state,
        {"kind": "zombie_effect", "seat": 1, "effect": "add_zombie", "part": "main"},
        {"kind": "zombie_effect", "seat": 1, "effect": "activate:allx1", "part": "main"},
    )
    assert state["hordes"]["1"]["board"] == 5
    assert actions_of(state, 1)["most"] == 4  # 4 Zombies, 1 action each: not the new one
    view = GAME.view(state, 1)["hordes"][0]
    assert view["activatable"] == 4
    state, _ = activate(state, 1)  # the 4 Zombies moved at the table, no bite
    # Every Zombie has been activated once by this card: a second activation adds one (EZA-T5).
    state, events = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "activate:1x2", "part": "bonus"}
    )
    assert "EZA-T5" in rules(events)


def test_EZA_T8_add_one_of_your_zombie_cards_is_a_private_choice():
    state = deal("house")
    reserve = list(state["zombie_cards"]["reserve:2"])
    state, events = stage(
        state, {"kind": "zombie_effect", "seat": 2, "effect": "add_zombie_card", "part": "bonus"}
    )
    drawn = reserve[:2]
    assert state["zombie_cards"]["choice:2"] == drawn
    assert events[0]["rule"] == "EZA-T8" and set(events[0]["private"]) == {"2"}
    assert [c["id"] for c in GAME.view(state, 2)["private"]["zombie_cards_to_choose"]] == drawn
    for viewer in (1, 3, None):
        assert not any(c in json.dumps(GAME.view(state, viewer)) for c in reserve)
    state, events = act(state, 2, "add_zombie_card", card=drawn[1])
    assert state["zombie_cards"]["draw"][0] == drawn[1]
    assert state["zombie_cards"]["reserve:2"][-1] == drawn[0]
    assert drawn[1] not in json.dumps({k: v for k, v in events[0].items() if k != "private"})
    assert events[0]["private"]["2"]["msg"] == "eza.zombie_card.you_placed"
    assert GAME.view(state, None)["zombie_draw_count"] == 1


def test_EZA_T11_panic_frightens_and_the_next_card_only_stands_up():
    state = deal("house")
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "panic", "part": "bonus"}
    )
    state, events = act(state, 1, "card_part", panic_1="adele")
    assert state["humans"]["adele"]["frightened"] and events[0]["rule"] == "EZA-T11"
    assert next(h for h in GAME.view(state, None)["humans"] if h["id"] == "adele")["frightened"]
    state["human_cards"]["resolving"].append(
        state["human_cards"]["deck"].pop(state["human_cards"]["deck"].index("house-adele-1"))
    )
    state, events = stage(state, {"kind": "resolve_human_card", "card": "house-adele-1"})
    assert not state["humans"]["adele"]["frightened"]
    assert events[0]["rule"] == "EZA-T11" and "stands up" in said(events[0])


def test_EZA_T11_panic_with_one_standing_human_frightens_it_without_asking():
    state = deal("house")
    for hid in state["human_order"]:
        state["humans"][hid]["frightened"] = hid != "omar"
    state, events = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "panic", "part": "bonus"}
    )
    assert state["humans"]["omar"]["frightened"] and not state["steps"]
    assert events[0]["rule"] == "EZA-T11" and events[0]["human"] == "omar"


def test_EZA_T12_open_choices_are_the_active_hordes_and_cards_beat_rules():
    state = deal("house", seats=(1, 2, 3))
    # Green (not active) kills Harry during its own main effect: the Feast count is asked of
    # the active Horde, Yellow.
    set_tokens(state, "harry", 1)
    state["humans"]["harry"]["trait"] = "tough"  # no Trait effect before the Feast
    state, _ = stage(state, activation(2))
    state, _ = activate(state, 2, bites={"harry": 1})
    assert top(state)["kind"] == "feast" and waiting(state) == [1]
    # A Human attack with several equal targets: the active Horde picks, in the reach form.
    state, _ = stage(state, {"kind": "human_effect", "human": "kate", "effect": "kill_standing"})
    assert waiting(state) == [1] and spec(state, 1, "report_reach")["params"]["standing"][
        "choices"
    ] == ["none", "1", "2", "3"]
    state, events = act(state, 1, "report_reach", **reach(state, {"3:standing": 1}))
    assert state["hordes"]["3"]["board"] == 3 and "EZA-H11" in rules(events)
    # A tile that contradicts the rules wins: Omar is not blocked by Standing Zombies.
    assert "Omar ignores Standing Zombies" in _move_prompt(state, "omar")


def _move_prompt(state: dict, hid: str) -> str:
    state, _ = stage(state, {"kind": "human_effect", "human": hid, "effect": "move+1"})
    return asked(state)


def test_EZA_T6_bite_choices_are_humans_in_play_only():
    state = deal("house")
    give_bites(state, 2, "nina", 0)
    state["humans"]["nina"]["status"] = "escaped"
    state, _ = stage(state, activation(1))
    assert "nina" not in actions_of(state, 1)["counts"]
