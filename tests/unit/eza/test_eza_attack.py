"""Phase 1: the Zombie attack (rules/eat-zem-all.txt, "Phase 1: Zombie Attack", "Mutations";
EZA-T1..T12)."""

from __future__ import annotations

import json

import pytest
from eza_support import (
    GAME,
    act,
    activation,
    deal,
    give_bites,
    rules,
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
    ruling = events[0]
    assert ruling["rule"] == "EZA-T1" and ruling["reason"]
    assert (
        "1. Yellow: main + bonus; 2. Green: main + bonus (its colour); 3. Red: main"
        in ruling["text"]
    )
    assert "zombie-green-1" in [c["id"] for c in GAME.view(state, None)["active_pile"]]
    assert GAME.view(state, 3)["current_card"]["order_text"].startswith("Resolution order")
    # The active Horde resolves first: main effects, then the bonus.
    assert top(state)["seat"] == 1 and top(state)["effect"] == "activate:1x2"


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
    assert all(len(state["mutation_cards"][f"choice:{s}"]) == 2 for s in (1, 2, 3))
    for seat in (1, 2, 3):
        state, _ = act(
            state, seat, "keep_mutation", card=state["mutation_cards"][f"choice:{seat}"][0]
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


def test_EZA_T4_empty_mutation_pile_takes_its_shuffled_discard():
    state = deal("house")
    mc = state["mutation_cards"]
    piles.move_all(mc, "draw", "discard")
    state, events = stage(
        state, {"kind": "zombie_effect", "seat": 2, "effect": "mutate", "part": "bonus"}
    )
    assert "EZA-T4" in rules(events)
    assert len(state["mutation_cards"]["choice:2"]) == 2
    assert waiting(state) == [2]


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
    assert spec(state, 3, "place_zombie")["params"]["where"]["choices"] == [
        "closed_tomb",
        "open_tomb",
    ]
    state, events = act(state, 3, "place_zombie", where="closed_tomb")
    assert events[0]["rule"] == "EZA-T5" and "from the board" in events[0]["text"]
    assert (state["hordes"]["3"]["board"], state["hordes"]["3"]["reserve"]) == (10, 0)


def test_EZA_T6_one_bite_per_activation_and_the_last_token_ends_the_zombie():
    state = deal("house")
    state, _ = stage(state, activation(1, zombies=2, actions=3))
    state, _ = act(state, 1, "bite", human="kate")
    assert "bite" not in types(state, 1)
    with pytest.raises(RuleError) as error:
        act(state, 1, "bite", human="omar")
    assert (error.value.code, error.value.rule) == ("already_bit", "EZA-T6")
    # The last token: the Zombie loses its remaining actions, the Feast starts at once.
    set_tokens(state, "omar", 1)
    state["humans"]["omar"]["trait"] = "tough"
    state, _ = act(state, 1, "end_zombie")
    state, events = act(state, 1, "bite", human="omar")
    assert "EZA-T6" in rules(events) and "EZA-F1" in rules(events)
    assert top(state)["kind"] == "feast"
    assert state["steps"][0]["kind"] != "activation"  # both Zombies used: the effect is over


def test_EZA_T7_zombies_added_by_the_card_cannot_be_activated_by_it():
    state = deal("house")  # 3 Hordes: 4 Zombies each on the board
    state, _ = stage(
        state,
        {"kind": "zombie_effect", "seat": 1, "effect": "add_zombie", "part": "main"},
        {"kind": "zombie_effect", "seat": 1, "effect": "activate:allx1", "part": "main"},
    )
    assert state["hordes"]["1"]["board"] == 5
    assert top(state)["zombies"] == 4
    view = GAME.view(state, 1)["hordes"][0]
    assert view["activatable"] == 4
    for _ in range(4):
        state, _ = act(state, 1, "zombie_action")
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
    assert drawn[1] not in events[0]["text"]
    assert GAME.view(state, None)["zombie_draw_count"] == 1


def test_EZA_T9_at_most_two_mutations_and_instants_are_discarded_when_used():
    state = deal("house")
    mc = state["mutation_cards"]
    first = mc["held:1"][0]
    second = next(c for c in mc["draw"] if state["content"]["mutations"][c]["kind"] == "instant")
    piles.move(mc, second, "draw", "held:1")
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "mutate", "part": "bonus"}
    )
    state, _ = act(state, 1, "keep_mutation", card=state["mutation_cards"]["choice:1"][0])
    assert len(state["mutation_cards"]["held:1"]) == 3
    assert types(state, 1)[0] == "discard_mutation"
    with pytest.raises(RuleError) as error:
        act(state, 1, "discard_mutation", card="mutation-99")
    assert error.value.rule == "EZA-T9"
    state, events = act(state, 1, "discard_mutation", card=first)
    assert len(state["mutation_cards"]["held:1"]) == 2 and events[0]["rule"] == "EZA-T9"
    # An Instant Mutation may be used, then it is discarded; a Permanent one may not.
    assert "use_mutation" in types(state, 1)
    state, events = act(state, 1, "use_mutation", card=second)
    assert second in state["mutation_cards"]["discard"] and events[0]["rule"] == "EZA-T9"
    permanent = next(
        c
        for c in state["content"]["mutations"]
        if state["content"]["mutations"][c]["kind"] == "permanent"
    )
    with pytest.raises(RuleError) as error:
        act(state, 1, "use_mutation", card=permanent)
    assert error.value.rule == "EZA-T9"


def test_EZA_T10_player_aid_draft_offers_players_plus_one():
    state = deal("house", seats=(1, 2, 3), mutation_draft=True)
    _put_on_track(state, "zombie-green-2", 2)  # Lone stalker: bonus mutate
    state, _ = act(state, 1, "take_card", card="zombie-green-2")
    while top(state)["kind"] == "activation":
        state, _ = act(state, top(state)["seat"], "end_activation")
    pool = list(state["mutation_cards"]["draft"])
    assert len(pool) == 4 and waiting(state) == [1]
    assert [c["id"] for c in GAME.view(state, 1)["private"]["mutations_to_choose"]] == pool
    assert not any(c in json.dumps(GAME.view(state, 2)) for c in pool)
    state, events = act(state, 1, "keep_mutation", card=pool[0])
    assert events[0]["rule"] == "EZA-T10"
    while top(state)["kind"] == "activation":
        state, _ = act(state, top(state)["seat"], "end_activation")
    assert waiting(state) == [2]  # Green, the colour owner, chooses from the rest
    assert spec(state, 2, "keep_mutation")["params"]["card"]["choices"] == pool[1:]
    state, _ = act(state, 2, "keep_mutation", card=pool[2])
    while top(state)["kind"] == "activation":
        state, _ = act(state, top(state)["seat"], "end_activation")
    assert state["mutation_cards"]["draft"] == []  # the last cards are discarded
    assert pool[1] in state["mutation_cards"]["discard"]


def test_EZA_T11_panic_frightens_and_the_next_card_only_stands_up():
    state = deal("house")
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "panic", "part": "bonus"}
    )
    state, events = act(state, 1, "panic", human="adele")
    assert state["humans"]["adele"]["frightened"] and events[0]["rule"] == "EZA-T11"
    assert next(h for h in GAME.view(state, None)["humans"] if h["id"] == "adele")["frightened"]
    state["human_cards"]["resolving"].append(
        state["human_cards"]["deck"].pop(state["human_cards"]["deck"].index("house-adele-1"))
    )
    state, events = stage(state, {"kind": "resolve_human_card", "card": "house-adele-1"})
    assert not state["humans"]["adele"]["frightened"]
    assert events[0]["rule"] == "EZA-T11" and "stands up" in events[0]["text"]


def test_EZA_T12_open_choices_are_the_active_hordes_and_cards_beat_rules():
    state = deal("house", seats=(1, 2, 3))
    # Green (not active) kills Harry during its own main effect: the Feast count is asked of
    # the active Horde, Yellow.
    set_tokens(state, "harry", 1)
    state["humans"]["harry"]["trait"] = "tough"  # no Trait effect before the Feast
    state, _ = stage(state, activation(2))
    state, _ = act(state, 2, "bite", human="harry")
    assert top(state)["kind"] == "feast" and waiting(state) == [1]
    # A Human attack with several equal targets: the active Horde picks.
    state, _ = stage(state, {"kind": "human_effect", "human": "kate", "effect": "kill_standing"})
    state, _ = act(state, 1, "report_reach", zombies=["2:standing", "3:standing"])
    assert waiting(state) == [1] and top(state)["kind"] == "attack_target"
    # A tile that contradicts the rules wins: Omar is not blocked by Standing Zombies.
    assert "Omar ignores Standing Zombies" in _move_prompt(state, "omar")


def _move_prompt(state: dict, hid: str) -> str:
    state, _ = stage(state, {"kind": "human_effect", "human": hid, "effect": "move+1"})
    return GAME.prompt(state)["text"]


def test_EZA_T6_bite_choices_are_humans_in_play_only():
    state = deal("house")
    give_bites(state, 2, "nina", 0)
    state["humans"]["nina"]["status"] = "escaped"
    state, _ = stage(state, activation(1))
    assert "nina" not in spec(state, 1, "bite")["params"]["human"]["choices"]
