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
    # The backpack has room: the card goes there, one tap in all (ZC-16: free to move on).
    assert texts(events) == [
        "Ruth searches: Machete.",
        "Ruth puts Machete in the backpack (Backpack 1): it can go to a hand or be discarded, "
        "free.",
    ]
    assert rules(events) == ["ZC-14", "ZC-16"]
    assert state["survivors"]["ruth"]["found"] == []
    assert state["survivors"]["ruth"]["inventory"][2] == card
    assert top(state)["kind"] == "survivor_turn"
    assert "search" not in types(state, RUTH)
    error = refused(state, RUTH, "search")
    assert (error.code, error.rule) == ("searched", "ZC-14")
    assert texts([error.message]) == ["Ruth has already searched this turn: one search per turn."]


def test_ZC_14_a_flashlight_draws_two_and_two_flashlights_still_two():
    for lights in (["flashlight"], ["flashlight", "flashlight"]):
        state = ready()
        # A full backpack: what is found waits to be placed, one card at a time.
        give(state, "ruth", "pistol", *lights, *["machete", "katana", "crowbar"][: 4 - len(lights)])
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
        (event,) = events  # nothing went to the backpack: it is full
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
    assert state["survivors"]["ruth"]["inventory"][2] is not None


def test_ZC_14_a_crate_draws_from_the_red_deck():
    state = ready(crates=1)
    state, _ = turn_of(state, "ruth")
    state, events = act(state, RUTH, "open_crate")
    card = state["survivors"]["ruth"]["inventory"][2]  # to the backpack, which had room
    assert GAME.view(state, None)["survivors"][0]["inventory"][2]["card"]["deck"] == "crate"
    assert rules(events) == ["ZC-14", "ZC-16"]
    state, _ = act(state, RUTH, "discard", card=card)  # free, any time (ZC-16)
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
    assert texts(slots["labels"][:3]) == [
        "In hand, in place of Pistol",
        "In hand, in place of Machete",
        "In the backpack, in place of Water",
    ]
    state, _ = act(state, RUTH, "keep", slot="hand_r")
    sv = state["survivors"]["ruth"]
    assert sv["inventory"][1] == found and sv["found"] == [held[1]]
    assert top(state)["kind"] == "stow"  # the Machete waits to be placed or left
    state, _ = act(state, RUTH, "leave")
    assert state["equipment"]["discard"][0] == held[1] and top(state)["kind"] == "survivor_turn"
    assert len(sv["inventory"]) == 5


def test_ZC_16_rearranging_moves_a_card_to_another_slot_of_the_survivors():
    """One form of the turn moves a card: to a slot of the survivor's own (preselected), where
    a card there swaps places, or to a survivor of the zone."""
    state = ready()
    cards = give(state, "ruth", "pistol", None, "machete")
    state, _ = turn_of(state, "ruth")
    move = spec(state, RUTH, "trade")
    assert move["params"]["to"]["choices"][0] == "ruth" and move["params"]["to"]["value"] == "ruth"
    assert texts(move["params"]["to"]["labels"][:1]) == ["Ruth (another slot)"]
    assert "inventory" not in types(state, RUTH) and "rearrange" not in types(state, RUTH)
    state, events = act(state, RUTH, "trade", card=cards[1], to="ruth", slot="hand_r")
    assert state["survivors"]["ruth"]["inventory"][:3] == [cards[0], cards[1], None]
    assert texts(events) == ["Ruth moves Machete to Right hand."]
    assert top(state)["kind"] == "survivor_turn"
    state, events = act(state, RUTH, "trade", card=cards[1], to="ruth", slot="hand_l")
    assert state["survivors"]["ruth"]["inventory"][:2] == [cards[1], cards[0]]
    assert texts(events) == ["Ruth swaps Right hand and Left hand."]
    state, events = act(state, RUTH, "trade", card=cards[1], to="ruth", slot="hand_l")
    assert texts(events) == ["Ruth leaves Machete where it is (Left hand)."]


def test_ZC_16_trading_with_a_survivor_in_the_zone():
    state = ready()
    mine = give(state, "ruth", "pistol", "machete")
    theirs = give(state, "owen", "shotgun")
    state, _ = turn_of(state, "ruth")
    state, events = act(state, RUTH, "trade", card=mine[1], to="owen", slot="hand_l")
    assert state["survivors"]["owen"]["inventory"][0] == mine[1]
    assert state["survivors"]["ruth"]["inventory"][1] == theirs[0]
    assert texts(events) == ["Ruth trades Machete for Owen's Shotgun (Left hand)."]
    state, events = act(state, RUTH, "trade", card=mine[0], to="owen", slot="pack_3")
    assert texts(events) == ["Ruth gives Pistol to Owen (Backpack 3)."]
    assert state["survivors"]["ruth"]["inventory"][0] is None
    assert top(state)["kind"] == "survivor_turn"  # one post each, the turn goes on


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
    give(state, "ruth", "pistol", None, "water", "rice", "canned_food")  # no room: it waits
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


def test_issue17_identical_cards_are_one_button_with_a_count():
    """One button per distinct move: two Pistols in hand are one discard; a card held both in
    hand and in the backpack is two, named by where each is."""
    state = ready()
    cards = give(state, "nadia", "machete", "machete", "water", "water", "machete")
    give(state, "owen")  # Ben's other survivors hold nothing
    give(state, "tom")
    state, _ = turn_of(state, "ruth")
    choices = spec(state, 2, "discard")["params"]["card"]
    assert choices["choices"] == [cards[0], cards[2], cards[4]]
    assert texts(choices["labels"]) == [
        "Nadia: Machete (in hand) ×2",
        "Nadia: Water ×2",
        "Nadia: Machete (backpack)",
    ]
    state, _ = act(state, 2, "discard", card=cards[0])
    assert state["survivors"]["nadia"]["inventory"][:2] == [None, cards[1]]


def test_issue17_one_card_to_discard_is_the_button_itself():
    state = ready()
    (card,) = give(state, "nadia", "machete")
    give(state, "owen")  # Ben's other survivors hold nothing
    give(state, "tom")
    state, _ = turn_of(state, "ruth")
    one = spec(state, 2, "discard")
    assert one["params"] == {} and "confirm" not in one
    assert texts([one["label"]]) == ["Discard Nadia: Machete (free, any time)"]
    state, events = act(state, 2, "discard")
    assert state["survivors"]["nadia"]["inventory"][0] is None
    assert state["equipment"]["discard"][0] == card and rules(events) == ["ZC-16"]


def test_issue17_a_card_found_keeps_to_distinct_places_only():
    """Free slots of a kind are one place; identical cards held are one place to replace."""
    state = ready()
    give(state, "ruth", None, None, "water", "water", "rice")
    state, _ = turn_of(state, "ruth")
    stack_equipment(state, "machete")
    state, _ = act(state, RUTH, "search")
    slots = spec(state, RUTH, "keep")["params"]["slot"]
    assert slots["choices"] == ["hand_l", "pack_1", "pack_3"]
    assert texts(slots["labels"]) == [
        "In a free hand",
        "In the backpack, in place of Water",
        "In the backpack, in place of Bag of Rice",
    ]
