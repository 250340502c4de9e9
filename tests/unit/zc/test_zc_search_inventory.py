"""Search and crates (ZC-14), the inventory: 2 hands and 3 backpack slots, keeping, leaving,
trading and discarding (ZC-16)."""

from __future__ import annotations

from zc_support import (
    act,
    give,
    ready,
    refused,
    rules,
    spec,
    stack_equipment,
    texts,
    top,
    turn_of,
    types,
    words,
)

from tableapp.engine import HOST
from tableapp.games.zombicide import GAME

RUTH = 1  # Ruth's player (TEAMS[2]); her first skill is Medic, so she draws like anyone


def test_ZC_14_a_search_draws_one_card_once_per_turn():
    state = ready()
    state, _ = turn_of(state, "ruth")
    label = spec(state, RUTH, "search")["label"]
    assert texts([label]) == ["Search with Ruth (indoors, no Zombie in the zone): 1 card"]
    (card,) = stack_equipment(state, "machete")
    state, events = act(state, RUTH, "search")
    assert texts(events) == ["Ruth searches: Machete."] and rules(events) == ["ZC-14"]
    assert state["survivors"]["ruth"]["found"] == [card]
    assert top(state) == {"kind": "stow", "seat": RUTH, "survivor": "ruth"}
    state, _ = act(state, RUTH, "keep", slot="hand_r")
    assert state["survivors"]["ruth"]["inventory"][1] == card
    assert top(state)["kind"] == "survivor_turn"
    assert "search" not in types(state, RUTH)
    error = refused(state, RUTH, "search")
    assert (error.code, error.rule) == ("searched", "ZC-14")
    assert texts([error.message]) == ["Ruth has already searched this turn: one search per turn."]


def test_ZC_14_a_flashlight_draws_two_and_two_flashlights_still_two():
    for lights in (["flashlight"], ["flashlight", "flashlight"]):
        state = ready()
        give(state, "ruth", "pistol", *lights)
        state, _ = turn_of(state, "ruth")
        assert texts([spec(state, RUTH, "search")["label"]]) == [
            "Search with Ruth (indoors, no Zombie in the zone): 2 cards"
        ]
        stack_equipment(state, "water", "rice", "canned_food")
        state, events = act(state, RUTH, "search")
        assert len(state["survivors"]["ruth"]["found"]) == 2
        first, second = state["survivors"]["ruth"]["found"]
        assert words(spec(state, RUTH, "keep")["label"]) == "Keep Water in…"
        state, _ = act(state, RUTH, "leave")
        assert state["survivors"]["ruth"]["found"] == [second]
        assert words(spec(state, RUTH, "keep")["label"]) == "Keep Bag of Rice in…"
        (event,) = events
        assert texts([event["reason"]]) == [
            "A Flashlight draws 2 cards instead of 1 — never more, however many the survivor holds."
        ]


def test_ZC_14_the_equipment_deck_never_runs_out():
    state = ready()
    deck = state["equipment"]
    deck["discard"], deck["draw"] = deck["draw"], []
    state, _ = turn_of(state, "ruth")
    state, events = act(state, RUTH, "search")
    assert (
        texts(events)[0] == "The Equipment deck is empty: its discard is shuffled into a new one."
    )
    assert len(state["survivors"]["ruth"]["found"]) == 1


def test_ZC_14_a_crate_draws_from_the_red_deck():
    state = ready(crates=1)
    state, _ = turn_of(state, "ruth")
    state, events = act(state, RUTH, "open_crate")
    (card,) = state["survivors"]["ruth"]["found"]
    assert GAME.view(state, None)["survivors"][0]["found"][0]["deck"] == "crate"
    assert rules(events) == ["ZC-14"]
    state, _ = act(state, RUTH, "leave")
    assert state["crates"]["discard"] == [card]  # red cards go back to the crate discard
    assert "open_crate" not in types(state, RUTH)
    error = refused(state, RUTH, "open_crate")
    assert (error.code, error.rule) == ("no_crate", "ZC-14")


def test_ZC_16_five_slots_keeping_into_a_full_slot_puts_its_card_back_to_place():
    state = ready()
    held = give(state, "ruth", "pistol", "machete", "water", "rice", "canned_food")
    state, _ = turn_of(state, "ruth")
    (found,) = stack_equipment(state, "katana")
    state, _ = act(state, RUTH, "search")
    slots = spec(state, RUTH, "keep")["params"]["slot"]
    assert slots["choices"] == ["hand_l", "hand_r", "pack_1", "pack_2", "pack_3"]
    assert texts(slots["labels"][:1]) == ["Left hand (Pistol)"]
    state, _ = act(state, RUTH, "keep", slot="hand_r")
    sv = state["survivors"]["ruth"]
    assert sv["inventory"][1] == found and sv["found"] == [held[1]]
    assert top(state)["kind"] == "stow"  # the Machete waits to be placed or left
    state, _ = act(state, RUTH, "leave")
    assert state["equipment"]["discard"][0] == held[1] and top(state)["kind"] == "survivor_turn"
    assert len(sv["inventory"]) == 5


def test_ZC_16_rearranging_swaps_two_slots():
    state = ready()
    cards = give(state, "ruth", "pistol", None, "machete")
    state, _ = turn_of(state, "ruth")
    state, _ = act(state, RUTH, "inventory")
    params = spec(state, RUTH, "rearrange")["params"]["slots"]
    assert (params["min"], params["max"]) == (2, 2)
    state, events = act(state, RUTH, "rearrange", slots=["hand_r", "pack_1"])
    assert state["survivors"]["ruth"]["inventory"][:3] == [cards[0], cards[1], None]
    assert texts(events) == ["Ruth swaps Right hand and Backpack 1."]


def test_ZC_16_trading_with_a_survivor_in_the_zone():
    state = ready()
    mine = give(state, "ruth", "pistol", "machete")
    theirs = give(state, "owen", "shotgun")
    state, _ = turn_of(state, "ruth")
    state, _ = act(state, RUTH, "inventory")
    assert top(state)["kind"] == "inventory"
    state, events = act(state, RUTH, "trade", card=mine[1], to="owen", slot="hand_l")
    assert state["survivors"]["owen"]["inventory"][0] == mine[1]
    assert state["survivors"]["ruth"]["inventory"][1] == theirs[0]
    assert texts(events) == ["Ruth trades Machete for Owen's Shotgun (Left hand)."]
    state, events = act(state, RUTH, "trade", card=mine[0], to="owen", slot="pack_3")
    assert texts(events) == ["Ruth gives Pistol to Owen (Backpack 3)."]
    assert state["survivors"]["ruth"]["inventory"][0] is None
    state, _ = act(state, RUTH, "inventory_done")
    assert top(state)["kind"] == "survivor_turn"


def test_ZC_16_an_owner_discards_any_time_even_off_turn():
    state = ready()
    (card,) = give(state, "nadia", "machete")
    state, _ = turn_of(state, "ruth")  # Ruth's turn; Nadia is Ben's
    discard = spec(state, 2, "discard")
    assert card in discard["params"]["card"]["choices"]
    index = discard["params"]["card"]["choices"].index(card)
    assert texts([discard["params"]["card"]["labels"][index]]) == ["Nadia: Machete"]
    state, events = act(state, 2, "discard", card=card)
    assert state["survivors"]["nadia"]["inventory"][0] is None
    assert state["equipment"]["discard"][0] == card and rules(events) == ["ZC-16"]
    assert top(state)["kind"] == "survivor_turn"  # Ruth's turn goes on
    assert card not in str(spec(state, 1, "discard"))  # nobody discards another's card


def test_ZC_15_a_door_needs_a_door_opening_weapon_in_hand():
    state = ready()
    give(state, "ruth", "pistol", "water", "crowbar")  # the crowbar is in the backpack
    state, _ = turn_of(state, "ruth")
    assert "open_door" not in types(state, RUTH)
    error = refused(state, RUTH, "open_door", building="A")
    assert (error.code, error.rule) == ("no_door_tool", "ZC-15")


def test_cards_found_are_public_but_the_deck_order_is_not():
    state = ready()
    state, _ = turn_of(state, "ruth")
    (card,) = stack_equipment(state, "machete")
    state, _ = act(state, RUTH, "search")
    for viewer in (None, 1, 2):
        view = GAME.view(state, viewer)
        assert view["survivors"][0]["found"][0]["id"] == card
        assert view["decks"]["equipment"]["draw"] == len(state["equipment"]["draw"])
        assert state["equipment"]["draw"][0] not in str(view)
    assert HOST == 0


def test_ZC_14_a_crate_with_the_red_deck_and_its_discard_empty_finds_nothing():
    state = ready(crates=2)
    cards = list(state["crates"]["draw"])
    state["crates"]["draw"] = []
    for sid, card in zip(("karim", "nadia", "owen", "lily", "tom", "ruth"), cards, strict=False):
        state["survivors"][sid]["inventory"][4] = card
    state["survivors"]["ruth"]["inventory"][3] = cards[-1]
    state["survivors"]["ruth"]["inventory"][4] = None
    state, _ = turn_of(state, "ruth")
    state, events = act(state, RUTH, "open_crate")
    assert texts(events) == ["Ruth opens a Pimp-weapon crate: nothing."]
    assert top(state)["kind"] == "survivor_turn"
