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
    take,
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
    (card,) = stack_equipment(state, "water")
    state, events = act(state, RUTH, "search")
    # The backpack has room: the card goes there, one tap in all (ZC-16: free to move on).
    assert texts(events) == [
        "Ruth searches: Water.",
        "Ruth puts Water in the backpack (Backpack 1): it can go to a hand or be discarded, free.",
    ]
    assert rules(events) == ["ZC-14", "ZC-16"]
    assert state["survivors"]["ruth"]["found"] == []
    assert state["survivors"]["ruth"]["inventory"][2] == card
    assert top(state)["kind"] == "survivor_turn"
    assert "search" not in types(state, RUTH)
    error = refused(state, RUTH, "search")
    assert (error.code, error.rule) == ("searched", "ZC-14")
    assert texts([error.message]) == ["Ruth has already searched this turn: one search per turn."]


def test_ZC_16_a_weapon_found_goes_to_a_free_hand_anything_else_to_the_backpack():
    """Nothing is asked while the inventory has room: the likely place is taken, and the
    player moves the card in one tap (free, right after the search) if it belongs elsewhere."""
    state = ready()
    give(state, "ruth", "pistol")  # the left hand holds a Pistol, the right hand is free
    state, _ = turn_of(state, "ruth")
    (card,) = stack_equipment(state, "machete")
    state, events = act(state, RUTH, "search")
    assert state["survivors"]["ruth"]["inventory"][1] == card
    assert texts(events)[1] == (
        "Ruth takes Machete in hand (Right hand): it can go to the backpack or be discarded, free."
    )
    give(state, "ruth", "pistol", "katana", "water", "rice", None)  # the hands are full
    state, _ = turn_of(state, "ruth")
    (card,) = stack_equipment(state, "machete")
    state, _ = act(state, RUTH, "search")
    assert state["survivors"]["ruth"]["inventory"][4] == card  # a weapon, to the backpack
    give(state, "ruth", "pistol", None, "water", "rice", "canned_food")  # the backpack is full
    state, _ = turn_of(state, "ruth")
    (card,) = stack_equipment(state, "water")
    state, _ = act(state, RUTH, "search")
    assert state["survivors"]["ruth"]["inventory"][1] == card  # anything, to a free hand


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
        (event,) = events  # nothing went to the inventory: it is full
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
    assert sum(c is not None for c in state["survivors"]["ruth"]["inventory"]) == 2


def test_ZC_14_a_crate_draws_from_the_red_deck():
    state = ready(crates=1)
    state, _ = turn_of(state, "ruth")
    state, events = act(state, RUTH, "open_crate")
    card = state["survivors"]["ruth"]["inventory"][1]  # a weapon: to the free hand
    assert GAME.view(state, None)["survivors"][0]["inventory"][1]["card"]["deck"] == "crate"
    assert rules(events) == ["ZC-14", "ZC-16"]
    state, _ = act(state, RUTH, "discard", card=card)  # free, any time (ZC-16)
    assert state["crates"]["discard"] == [card]  # red cards go back to the crate discard
    assert "open_crate" not in types(state, RUTH)
    error = refused(state, RUTH, "open_crate")
    assert (error.code, error.rule) == ("no_crate", "ZC-14")


def test_ZC_16_a_full_inventory_asks_once_which_card_the_find_replaces():
    """Issue 26: one question with the cards as choices, not a loop of keep/swap: the card
    replaced is discarded; leaving the find is the destructive answer, never the default."""
    state = ready()
    held = give(state, "ruth", "pistol", "machete", "water", "rice", "canned_food")
    state, _ = turn_of(state, "ruth")
    (found,) = stack_equipment(state, "katana")
    state, _ = act(state, RUTH, "search")
    keep = spec(state, RUTH, "keep")
    slots = keep["params"]["slot"]
    assert slots["choices"] == ["hand_l", "hand_r", "pack_1", "pack_2", "pack_3"]
    assert texts(slots["labels"][:3]) == [
        "In hand, in place of Pistol (discarded)",
        "In hand, in place of Machete (discarded)",
        "In the backpack, in place of Water (discarded)",
    ]
    assert "value" not in slots and "destructive" not in keep
    leave = spec(state, RUTH, "leave")
    assert leave["destructive"] is True and leave["params"] == {}
    assert texts([leave["label"]]) == ["Leave Katana (discard it)"]
    state, events = act(state, RUTH, "keep", slot="hand_r")
    sv = state["survivors"]["ruth"]
    assert sv["inventory"][1] == found and sv["found"] == []
    assert state["equipment"]["discard"][0] == held[1]
    assert texts(events) == [
        "Ruth keeps Katana in place of Machete (Right hand): Machete is discarded."
    ]
    assert top(state)["kind"] == "survivor_turn"  # one answer, no second question
    assert len(sv["inventory"]) == 5


def test_ZC_16_a_card_moves_between_hand_and_backpack_in_one_tap():
    """Each card has its move: to a free hand, to the backpack, or a backpack card and a hand
    card swapping places, one tap each. Moves inside the hands or inside the backpack change
    nothing and are not offered."""
    state = ready()
    pistol, machete = give(state, "ruth", "pistol", None, "machete")
    state, _ = turn_of(state, "ruth")
    move = spec(state, RUTH, "move_card")
    assert move["params"]["move"]["choices"] == [
        f"{pistol}>pack",
        f"{machete}>hand",
        f"{machete}>{pistol}",
    ]
    assert texts(move["params"]["move"]["labels"]) == [
        "Pistol → backpack",
        "Machete → hand",
        "Machete → hand, Pistol → backpack",
    ]
    assert "trade" in types(state, RUTH) and "rearrange" not in types(state, RUTH)
    state, events = act(state, RUTH, "move_card", move=f"{machete}>hand")
    assert state["survivors"]["ruth"]["inventory"][:3] == [pistol, machete, None]
    assert texts(events) == ["Ruth takes Machete in hand."]
    assert top(state)["kind"] == "survivor_turn"
    state, events = act(state, RUTH, "move_card", move=f"{pistol}>pack")
    assert state["survivors"]["ruth"]["inventory"][:3] == [None, machete, pistol]
    assert texts(events) == ["Ruth puts Pistol in the backpack."]
    state, events = act(state, RUTH, "move_card", move=f"{pistol}>{machete}")
    assert state["survivors"]["ruth"]["inventory"][:3] == [None, pistol, machete]
    assert texts(events) == ["Ruth takes Pistol in hand and puts Machete in the backpack."]


def test_ZC_16_rearranging_costs_one_action_for_the_whole_of_it():
    """The summary: "Un survivant peut réorganiser son inventaire comme il le souhaite en
    utilisant 1 action." The app does not count actions, but its buttons say the cost."""
    state = ready()
    pistol, water = give(state, "ruth", "pistol", None, "water")
    state, _ = turn_of(state, "ruth")
    assert texts([spec(state, RUTH, "move_card")["label"]]) == [
        "Rearrange Ruth's inventory (1 action for the whole rearranging)"
    ]
    state, events = act(state, RUTH, "move_card", move=f"{water}>hand")
    assert rules(events) == ["ZC-16"] and texts([events[0]["reason"]]) == [
        "1 action: one action rearranges the whole inventory, however many cards move."
    ]
    assert texts([spec(state, RUTH, "move_card")["label"]]) == [
        "Rearrange Ruth's inventory (the same action)"
    ]
    state, events = act(state, RUTH, "move_card", move=f"{pistol}>pack")
    assert texts([events[0]["reason"]]) == [
        "The same action: one action rearranges the whole inventory."
    ]
    assert "play_first" not in types(state, RUTH)  # Ruth has acted: her turn is on


def test_ZC_14_rearranging_is_free_right_after_a_search_until_the_next_action():
    state = ready(red=3)
    give(state, "ruth", "pistol", None, "water")
    state, _ = turn_of(state, "ruth")
    stack_equipment(state, "rice")
    state, _ = act(state, RUTH, "search")
    assert texts([spec(state, RUTH, "move_card")["label"]]) == [
        "Rearrange Ruth's inventory (free after a search)"
    ]
    rice = state["survivors"]["ruth"]["inventory"][3]
    state, events = act(state, RUTH, "move_card", move=f"{rice}>hand")
    assert rules(events) == ["ZC-14"] and texts([events[0]["reason"]]) == [
        "Free: a search (or a crate) lets the survivor rearrange the inventory as they like."
    ]
    assert texts([spec(state, RUTH, "move_card")["label"]]) == [
        "Rearrange Ruth's inventory (free after a search)"
    ]
    state, _ = take(state, RUTH, "red")
    assert texts([spec(state, RUTH, "move_card")["label"]]) == [
        "Rearrange Ruth's inventory (1 action for the whole rearranging)"
    ]


def test_ZC_16_trading_with_a_survivor_in_the_zone():
    state = ready()
    mine = give(state, "ruth", "pistol", "machete")
    theirs = give(state, "owen", "shotgun")
    state, _ = turn_of(state, "ruth")
    trade = spec(state, RUTH, "trade")
    # To another survivor only: one with room, or for one of its cards (no slot asked apart).
    assert not [c for c in trade["params"]["to"]["choices"] if c.partition(">")[0] == "ruth"]
    assert {"owen", f"owen>{theirs[0]}"} <= set(trade["params"]["to"]["choices"])
    room, swap = texts(trade["params"]["to"]["labels"][:2])  # Karim holds his starting card
    assert room == "Karim, who has room" and swap.startswith("Karim, for ")
    state, events = act(state, RUTH, "trade", card=mine[1], to=f"owen>{theirs[0]}")
    assert state["survivors"]["owen"]["inventory"][0] == mine[1]
    assert state["survivors"]["ruth"]["inventory"][1] == theirs[0]
    assert texts(events) == ["Ruth trades Machete for Owen's Shotgun (Left hand)."]
    state, events = act(state, RUTH, "trade", card=mine[0], to="owen")  # a weapon: a free hand
    assert texts(events) == ["Ruth gives Pistol to Owen (Right hand)."]
    assert state["survivors"]["ruth"]["inventory"][0] is None
    assert top(state)["kind"] == "survivor_turn"  # one post each, the turn goes on


def test_ZC_16_after_a_trade_both_survivors_rearrange_free_each_on_its_owners_phone():
    """ "Celui-ci peut alors réarranger son inventaire gratuitement": Owen (Ben's) may
    rearrange at once, from Ben's phone, while Ruth's turn goes on."""
    state = ready()
    (pistol,) = give(state, "ruth", "pistol")
    give(state, "owen", "water")
    state, _ = turn_of(state, "ruth")
    assert "move_card" not in types(state, 2)
    state, _ = act(state, RUTH, "trade", card=pistol, to="owen")
    assert state["survivors"]["owen"]["inventory"][1] == pistol  # a weapon: the free hand
    (owens,) = [s for s in GAME.legal_actions(state, 2) if s["type"] == "move_card"]
    assert texts([owens["label"]]) == ["Rearrange Owen's inventory (free after a trade)"]
    assert f"{pistol}>pack" in owens["params"]["move"]["choices"]
    state, events = act(state, 2, "move_card", move=f"{pistol}>pack")
    assert state["survivors"]["owen"]["inventory"][2] == pistol
    assert texts([events[0]["reason"]]) == [
        "Free: after a trade, both survivors rearrange their inventories as they like."
    ]
    assert top(state)["kind"] == "survivor_turn" and state["turn"]["survivor"] == "ruth"
    state, _ = act(state, RUTH, "search")  # Ruth's next action: the trade is over
    assert "move_card" not in types(state, 2)


def test_ZC_16_an_owner_discards_any_time_even_off_turn():
    state = ready()
    (card,) = give(state, "nadia", "machete")
    state, _ = turn_of(state, "ruth")  # Ruth's turn; Nadia is Ben's
    discard = spec(state, 2, "discard")
    assert discard["destructive"] is True  # a small button apart, never the easy tap
    assert card in discard["params"]["card"]["choices"]
    assert "value" not in discard["params"]["card"]
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
    give(state, "ruth", "pistol", "katana", "water", "rice", "canned_food")  # no room: it waits
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
    assert one["params"] == {} and "confirm" not in one and one["destructive"] is True
    assert texts([one["label"]]) == ["Discard Nadia: Machete (free, any time)"]
    state, events = act(state, 2, "discard")
    assert state["survivors"]["nadia"]["inventory"][0] is None
    assert state["equipment"]["discard"][0] == card and rules(events) == ["ZC-16"]


def test_issue17_a_card_found_keeps_to_distinct_places_only():
    """Free slots of a kind are one place; identical cards held are one place to replace."""
    state = ready()
    give(state, "ruth", "machete", "machete", "water", "water", "rice")
    state, _ = turn_of(state, "ruth")
    stack_equipment(state, "katana")
    state, _ = act(state, RUTH, "search")
    slots = spec(state, RUTH, "keep")["params"]["slot"]
    assert slots["choices"] == ["hand_l", "pack_1", "pack_3"]
    assert texts(slots["labels"]) == [
        "In hand, in place of Machete (discarded)",
        "In the backpack, in place of Water (discarded)",
        "In the backpack, in place of Bag of Rice (discarded)",
    ]
    # A discard (free, any time) makes room: the place it frees is offered at once.
    machete = state["survivors"]["ruth"]["inventory"][0]
    state, _ = act(state, RUTH, "discard", card=machete)
    assert spec(state, RUTH, "keep")["params"]["slot"]["choices"][0] == "hand_l"
    assert texts(spec(state, RUTH, "keep")["params"]["slot"]["labels"][:1]) == ["In a free hand"]


def test_issue17_identical_cards_are_one_move():
    state = ready()
    cards = give(state, "ruth", "pistol", None, "water", "water")
    state, _ = turn_of(state, "ruth")
    choices = spec(state, RUTH, "move_card")["params"]["move"]["choices"]
    assert choices == [f"{cards[0]}>pack", f"{cards[1]}>hand", f"{cards[1]}>{cards[0]}"]


def test_ZC_1_the_player_chooses_the_order_another_survivor_first_in_one_tap():
    """Issue 26: no "which survivor?" question; the first one left begins, and until it has
    done something another plays first with one tap (the player's order, never decided)."""
    state = ready()
    seat = top(state)["seat"]
    name = {1: "Ana", 2: "Ben"}[seat]
    first, second, third = [s for s in state["team"] if state["survivors"][s]["owner"] == seat]
    assert top(state)["kind"] == "survivor_turn" and top(state)["survivor"] == first
    other = spec(state, seat, "play_first")
    assert other["params"]["survivor"]["choices"] == [second, third]
    assert texts([other["label"]]) == ["Play another survivor first"]
    state, events = act(state, seat, "play_first", survivor=third)
    names = {s: state["content"]["survivors"][s]["name"] for s in (first, third)}
    assert texts(events) == [
        f"{name} plays {names[third]} first ({names[first]} after).",
        f"{name} plays {names[third]}.",
    ]
    assert state["turn"]["survivor"] == third and not state["survivors"][first]["activated"]
    state, events = act(state, seat, "end_turn")
    assert state["turn"]["survivor"] == first  # the first left in team order begins at once
    assert texts(events)[-1] == f"{name} plays {names[first]}."
    one = spec(state, seat, "play_first")  # one other left: the button is the move
    assert one["params"] == {} and texts([one["label"]]) == [
        f"Play {state['content']['survivors'][second]['name']} first"
    ]
    state, _ = act(state, seat, "search")  # one starting card each: the find fits
    assert top(state)["kind"] == "survivor_turn"
    assert "play_first" not in types(state, seat)  # begun: its turn goes on


def test_ZC_16_a_trade_between_two_survivors_of_one_player_rearranges_both_from_one_phone():
    state = ready()
    pistol, water = give(state, "ruth", "pistol", None, "water")
    give(state, "karim", "rice")
    state, _ = turn_of(state, "ruth")
    state, _ = act(state, RUTH, "trade", card=pistol, to="karim")  # into Karim's free hand
    specs = GAME.legal_actions(state, RUTH)
    labels = [words(s["label"]) for s in specs if s["type"] == "move_card"]
    assert labels == [
        "Rearrange Ruth's inventory (free after a trade)",
        "Rearrange Karim's inventory (free after a trade)",
    ]
    state, _ = act(state, RUTH, "move_card", move=f"{pistol}>pack")
    assert state["survivors"]["karim"]["inventory"][2] == pistol
    state, _ = act(state, RUTH, "move_card", move=f"{water}>hand")
    assert state["survivors"]["ruth"]["inventory"][0] == water
    assert top(state)["kind"] == "survivor_turn" and state["turn"]["free"] == "trade"


def test_issue26_the_one_move_a_player_has_is_its_button():
    """No question with one answer: a single card that can only go to the backpack is one
    button naming the move and its cost."""
    state = ready()
    (pistol,) = give(state, "ruth", "pistol")
    state, _ = turn_of(state, "ruth")
    one = spec(state, RUTH, "move_card")
    assert one["params"] == {}
    assert texts([one["label"]]) == ["Ruth: Pistol → backpack (1 action for the whole rearranging)"]
    state, events = act(state, RUTH, "move_card")
    assert state["survivors"]["ruth"]["inventory"][2] == pistol
    assert texts(events) == ["Ruth puts Pistol in the backpack."]
