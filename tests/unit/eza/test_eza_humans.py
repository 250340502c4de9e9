"""Phase 2: the Human retaliation (rules/eat-zem-all.txt, "Phase 2: Human Retaliation", "Human
Card Effects", "Examples of Human Movement", "Human Abilities", "Special Effects of Events";
EZA-H1..H15, EZA-V1..V3)."""

from __future__ import annotations

import pytest
from eza_support import (
    GAME,
    act,
    activation,
    deal,
    rules,
    set_tokens,
    spec,
    stage,
    text,
    top,
    types,
    waiting,
)

from tableapp.engine import RuleError, piles
from tableapp.games.eat_zem_all.humans import attack_options, wrap_cell


def _take(state: dict, card: str, pile: str = "resolving") -> None:
    hc = state["human_cards"]
    source = next(p for p in ("deck", "discard", "reserve", "drawn") if card in hc[p])
    piles.move(hc, card, source, pile)


def resolve(state: dict, card: str) -> tuple[dict, list[dict]]:
    """Resolve one Human card as the active Horde's dispenser would."""
    state = {**state, "human_cards": {k: list(v) for k, v in state["human_cards"].items()}}
    _take(state, card)
    return stage(
        state,
        {"kind": "resolve_human_card", "card": card},
        {"kind": "human_card_done", "card": card},
    )


def effect(state: dict, hid: str, what: str) -> tuple[dict, list[dict]]:
    return stage(state, {"kind": "human_effect", "human": hid, "effect": what})


def _stack_deck(state: dict, *cards: str) -> None:
    for card in reversed(cards):
        _take(state, card, "deck")


def _at(state: dict, hid: str, cell: str) -> None:
    state["humans"][hid]["cell"] = cell


# --- the dispenser ---------------------------------------------------------------------------


def test_EZA_H1_three_cards_resolved_in_order_and_impossible_effects_skipped():
    state = deal("house")
    _stack_deck(state, "house-nina-1", "house-odile-2", "house-kate-1")
    state, events = stage(state, {"kind": "human_phase_start"})
    assert events[0]["rule"] == "EZA-H1" and "draws 3 Human cards" in events[0]["text"]
    assert state["human_cards"]["resolving"] == ["house-nina-1"]
    assert state["human_cards"]["drawn"] == ["house-odile-2", "house-kate-1"]
    assert GAME.view(state, None)["human_cards_to_resolve"] == 2
    state, events = act(state, 1, "report_reach", zombies=[])  # Nina: kill a Crawling Zombie
    # Nina is on living 5, which bears no room symbol: "change room" is skipped for good.
    skipped = next(e for e in events if e.get("rule") == "EZA-H1")
    assert "skipped" in skipped["text"] and skipped["reason"]
    assert state["human_cards"]["resolving"] == ["house-odile-2"]
    assert "house-nina-1" in state["human_cards"]["discard"]


def test_EZA_H2_empty_deck_takes_two_reserve_events_and_the_discard():
    state = deal("house")
    hc = state["human_cards"]
    for card in list(hc["deck"])[:-1]:
        piles.move(hc, card, "deck", "discard")
    discard = len(hc["discard"])
    state, events = stage(state, {"kind": "human_phase_start"})
    assert "EZA-H2" in rules(events)
    assert len(state["human_cards"]["reserve"]) == 4
    hc = state["human_cards"]
    assert len(hc["deck"]) + len(hc["drawn"]) + len(hc["resolving"]) == 1 + discard + 2
    assert GAME.view(state, 2)["event_reserve_count"] == 4


def test_EZA_H3_zombie_event_every_horde_in_turn_order():
    state = deal("house", seats=(1, 2, 3))
    state["active"] = 2
    state, events = resolve(state, "event-house-3")  # each Horde adds 1 Zombie
    assert events[0]["rule"] == "EZA-V3"
    assert [e["text"].split()[0] for e in events[1:]] == ["Green", "Red", "Yellow"]
    assert all(h["board"] == 5 for h in state["hordes"].values())
    assert "event-house-3" in state["human_cards"]["discard"]


def test_EZA_H3_human_event_then_frightened_humans_stand_up():
    state = deal("house")
    state["humans"]["kate"]["frightened"] = True
    state, events = resolve(state, "event-house-5")  # draw 1 additional card
    assert "EZA-H3" in rules(events) and "EZA-H4" in rules(events)
    assert not state["humans"]["kate"]["frightened"]


def test_EZA_H4_draw_one_additional_card_resolved_last():
    state = deal("house")
    state["human_cards"]["drawn"] = []
    _take(state, "house-omar-1", "drawn")
    top_card = state["human_cards"]["deck"][0]
    deck = len(state["human_cards"]["deck"])
    state, events = resolve(state, "event-house-8")
    assert state["human_cards"]["drawn"] == ["house-omar-1", top_card]  # one card, played last
    assert len(state["human_cards"]["deck"]) == deck - 1
    assert "EZA-H4" in rules(events) and "resolved last" in text(events)


def test_EZA_H5_card_of_a_dead_human_is_banished_and_the_active_horde_chooses():
    state = deal("house")
    state["humans"]["harry"].update(status="dead", tokens=0, contamination=1)
    state["hordes"]["1"]["bites"]["harry"] = 9
    state["humans"]["kate"]["frightened"] = True
    state, events = resolve(state, "house-harry-1")
    assert events[0]["rule"] == "EZA-H5" and "banished" in events[0]["text"]
    assert state["human_cards"]["banished"] == ["house-harry-1"]
    choices = spec(state, 1, "dead_card")["params"]["choice"]["choices"]
    assert "stand:kate" in choices and "wound:omar" in choices and "wound:kate" not in choices
    state, events = act(state, 1, "dead_card", choice="stand:kate")
    assert not state["humans"]["kate"]["frightened"] and events[0]["rule"] == "EZA-H5"
    # Never reshuffled: an empty deck is rebuilt without it.
    hc = state["human_cards"]
    piles.move_all(hc, "deck", "discard")
    state, _ = stage(state, {"kind": "human_phase_start"})
    assert "house-harry-1" not in state["human_cards"]["deck"]
    assert state["human_cards"]["banished"] == ["house-harry-1"]


def test_EZA_H6_the_dispenser_passes_left():
    state = deal("house", seats=(4, 7, 9))
    state["active"] = 9
    state, events = stage(state, {"kind": "human_phase_end"})
    assert state["active"] == 4 and events[0]["rule"] == "EZA-H6"
    assert state["turn"] == 2 and waiting(state) == [4]


# --- House moves -------------------------------------------------------------------------------


def test_EZA_H7_no_move_onto_a_full_cell_or_a_standing_zombie():
    state = deal("house")
    for hid in ("gabriel", "odile", "eve", "nina"):
        _at(state, hid, "kitchen:1")
    state["humans"]["adele"]["cell"] = "kitchen:4"
    state, events = effect(state, "adele", "move+2")  # 4 + 2 → 1: 4 Humans already there
    assert "cannot move" in text(events) and state["humans"]["adele"]["cell"] == "kitchen:4"
    state = deal("house")
    state, _ = effect(state, "adele", "move+2")
    assert top(state)["kind"] == "confirm_move"
    assert "Standing Zombie" in GAME.prompt(state)["text"]
    state, events = act(state, 1, "move", outcome="blocked")
    assert events[0]["rule"] == "EZA-H7" and state["humans"]["adele"]["cell"] == "kitchen:4"


def test_EZA_H8_cell_4_plus_2_in_a_5_cell_room_is_cell_1():
    assert wrap_cell(4, 2, 5) == 1
    state = deal("house")
    assert state["humans"]["adele"]["cell"] == "kitchen:4"
    assert state["content"]["board"]["rooms"]["kitchen"]["cells"] == 5
    state, _ = effect(state, "adele", "move+2")
    state, events = act(state, 1, "move", outcome="moved")
    assert state["humans"]["adele"]["cell"] == "kitchen:1"
    assert events[0]["rule"] == "EZA-H8"
    assert "cell 4 +2 in a 5-cell room → cell 1" in events[0]["text"]


def test_EZA_H8_cell_2_plus_2_is_cell_4():
    assert wrap_cell(2, 2, 5) == 4
    assert wrap_cell(1, -2, 5) == 4 and wrap_cell(3, -4, 6) == 5
    state = deal("house")
    _at(state, "adele", "kitchen:2")
    state, _ = effect(state, "adele", "move+2")
    state, _ = act(state, 1, "move", outcome="moved")
    assert state["humans"]["adele"]["cell"] == "kitchen:4"


def test_EZA_H9_change_room_takes_the_same_number_in_the_symbols_room():
    state = deal("house")
    _at(state, "harry", "bathroom:1")
    state, _ = effect(state, "harry", "change_room")
    assert top(state)["dest"] == "entrance:1"
    state, events = act(state, 1, "move", outcome="moved")
    assert state["humans"]["harry"]["cell"] == "entrance:1" and events[0]["rule"] == "EZA-H9"


# --- Cemetery moves ----------------------------------------------------------------------------


def test_EZA_H10_the_group_moves_and_splits_at_an_intersection():
    state = deal("cemetery")
    for hid in state["human_order"]:
        _at(state, hid, "gate-south")
    for hid in ("eve", "adele", "kate"):
        _at(state, hid, "north-statue")
    state["humans"]["nina"]["frightened"] = True
    _at(state, "nina", "north-statue")  # frightened: she stays
    state, _ = effect(state, "eve", "advance")
    split = spec(state, 1, "split")["params"]
    assert split["way"]["choices"] == ["upper-1", "middle-1"]
    assert split["companions"] == {
        "choices": ["adele", "kate"],
        "multiple": True,
        "min": 1,
        "max": 1,
    }
    state, events = act(state, 1, "split", way="upper-1", companions=["adele"])
    assert events[0]["rule"] == "EZA-H10" and events[0]["reason"]
    assert state["humans"]["kate"]["branch"] == "middle-1"
    state, _ = act(state, 1, "advance", standing=0, crawling=0)
    assert [state["humans"][h]["cell"] for h in ("eve", "adele", "kate", "nina")] == [
        "upper-1",
        "upper-1",
        "north-statue",
        "north-statue",
    ]
    # Kate takes the other way next time, without a new split.
    state, _ = effect(state, "kate", "advance")
    assert top(state)["kind"] == "advance" and top(state)["dest"] == "middle-1"
    assert top(state)["movers"] == ["kate"]


def test_EZA_H10_a_full_cell_lets_the_active_horde_pick_who_goes():
    state = deal("cemetery")
    for hid in state["human_order"]:
        _at(state, hid, "gate-north")
    for hid in ("kate", "omar", "eve", "adele"):
        _at(state, hid, "south-2")
    state, _ = effect(state, "kate", "advance")
    state, events = act(state, 1, "advance", standing=0, crawling=1)  # 3 places left
    assert "EZA-H7" in rules(events)
    assert spec(state, 1, "companions")["params"]["humans"]["min"] == 2
    state, _ = act(state, 1, "companions", humans=["omar", "eve"])
    assert [state["humans"][h]["cell"] for h in ("kate", "omar", "eve", "adele")] == [
        "south-statue",
        "south-statue",
        "south-statue",
        "south-2",
    ]


def test_EZA_E2_cemetery_humans_escape_on_a_car_cell():
    state = deal("cemetery")
    _at(state, "harry", "upper-2")
    state, _ = effect(state, "harry", "advance")
    state, events = act(state, 1, "advance", standing=0, crawling=0)
    assert state["humans"]["harry"]["status"] == "escaped"
    assert "EZA-E2" in rules(events) and state["escaped"] == ["harry"]


# --- attacks -----------------------------------------------------------------------------------


def test_EZA_H11_kill_crawling_else_wound_standing_else_nothing():
    outcome, targets, rule, _ = attack_options("kill_crawling", ["1:standing", "2:standing"])
    assert (outcome, targets, rule) == ("wound", ["1:standing", "2:standing"], "EZA-H11")
    outcome, targets, _, _ = attack_options("kill_standing", ["2:crawling"])
    assert (outcome, targets) == ("kill", ["2:crawling"])
    assert attack_options("kill_standing", [])[0] is None
    state = deal("house")
    state, _ = effect(state, "omar", "kill_crawling")
    board = state["hordes"]["2"]["board"]
    state, events = act(state, 1, "report_reach", zombies=["2:standing"])
    assert "wounds a Standing Zombie of Green" in events[0]["text"]
    assert state["hordes"]["2"]["board"] == board  # wounded, still on the board
    state, _ = effect(state, "omar", "kill_standing")
    state, events = act(state, 1, "report_reach", zombies=["3:crawling"])
    assert state["hordes"]["3"]["board"] == 3 and state["hordes"]["3"]["reserve"] == 7
    state, _ = effect(state, "omar", "kill_standing")
    state, events = act(state, 1, "report_reach", zombies=[])
    assert events[0]["rule"] == "EZA-H11" and "ignored" in events[0]["text"]


def test_EZA_H12_cemetery_blocking_standing_first_but_crawling_for_kill_crawling():
    state = deal("cemetery")
    classes = spec(effect(state, "eve", "kill_standing")[0], 1, "report_reach")
    assert "2:blocking" in classes["params"]["zombies"]["choices"]
    outcome, targets, rule, _ = attack_options(
        "kill_standing", ["1:standing", "2:blocking", "3:crawling"]
    )
    assert (outcome, targets, rule) == ("kill", ["2:blocking"], "EZA-H12")
    outcome, targets, rule, reason = attack_options("kill_crawling", ["2:blocking", "3:crawling"])
    assert (outcome, targets) == ("kill", ["3:crawling"]) and "blocking" in reason
    # House: reach is the room; no blocking class except for Eve (EZA-H15).
    house = deal("house")
    choices = spec(effect(house, "omar", "kill_standing")[0], 1, "report_reach")["params"][
        "zombies"
    ]["choices"]
    assert not any(c.endswith("blocking") for c in choices)


def test_EZA_H13_kill_standing_may_not_take_a_crawling_zombie_while_a_standing_one_is_in_reach():
    state = deal("house")
    state, _ = effect(state, "kate", "kill_standing")
    state, events = act(
        state, 1, "report_reach", zombies=["1:standing", "2:standing", "3:crawling"]
    )
    assert spec(state, 1, "attack_target")["params"]["target"]["choices"] == [
        "1:standing",
        "2:standing",
    ]
    with pytest.raises(RuleError) as error:
        act(state, 1, "attack_target", target="3:crawling")
    assert error.value.rule == "EZA-H13"
    state, events = act(state, 1, "attack_target", target="2:standing")
    assert events[0]["rule"] == "EZA-H13" and "Yellow chose" in events[0]["reason"]
    assert state["hordes"]["2"]["board"] == 3


def test_EZA_H14_human_event_every_standing_human_attacks_then_the_frightened_stand_up():
    state = deal("house")
    state["humans"]["kate"]["frightened"] = True
    state["humans"]["nina"]["status"] = "escaped"
    state, events = resolve(state, "event-house-6")  # each Human kills a Crawling Zombie
    attackers = [s["human"] for s in reversed(state["steps"]) if s["kind"] == "human_effect"]
    assert top(state)["human"] == "harry"
    assert attackers == ["gabriel", "odile", "adele", "eve", "omar"]
    for _ in range(6):
        state, events = act(state, 1, "report_reach", zombies=["2:standing"])
    assert "EZA-H14" in rules(events) and not state["humans"]["kate"]["frightened"]
    assert state["hordes"]["2"]["board"] == 4  # six wounds, no kill


# --- abilities (EZA-H15) -----------------------------------------------------------------------


def test_EZA_H15_harry_joins_the_nearest_human_with_room():
    state = deal("house")
    _at(state, "harry", "bathroom:2")
    state, _ = effect(state, "harry", "move+1")
    state, events = act(state, 1, "move", outcome="blocked")
    assert "EZA-H15" in rules(events)
    assert "kate" in spec(state, 1, "harry_joins")["params"]["human"]["choices"]
    state, _ = act(state, 1, "harry_joins", human="kate")
    assert state["humans"]["harry"]["cell"] == state["humans"]["kate"]["cell"]


def test_EZA_H15_gabriel_waits_for_a_death_repeats_and_escapes():
    state = deal("house")
    state, events = resolve(state, "house-gabriel-1")
    assert "nothing happens" in text(events) and not state["steps"]
    for hid in ("harry", "nina"):
        state["humans"][hid].update(status="dead", tokens=0, contamination=1)
        state["hordes"]["1"]["bites"][hid] = state["content"]["humans"][hid]["tokens"][1]
    state, events = resolve(state, "house-gabriel-1")  # KILL > MOVE, twice
    kinds = [s.get("effect") for s in reversed(state["steps"]) if s["kind"] == "human_effect"]
    assert "repeats his effects once per dead Human (2)" in text(events)
    assert kinds == ["move+1", "kill_standing", "move+1"]
    # Next to an exit with the way clear, he escapes.
    state = deal("house")
    state["humans"]["harry"].update(status="dead", tokens=0, contamination=1)
    state["hordes"]["1"]["bites"]["harry"] = 9
    _at(state, "gabriel", "kitchen:2")
    state, _ = effect(state, "gabriel", "move+1")
    assert types(state, 1)[0] == "gabriel_exit"
    state, events = act(state, 1, "gabriel_exit", way="clear")
    assert state["humans"]["gabriel"]["status"] == "escaped" and "EZA-E2" in rules(events)


def test_EZA_H15_odile_leaves_the_path_or_stays_surrounded():
    state = deal("cemetery")
    _at(state, "odile", "south-1")
    state, _ = effect(state, "odile", "advance")
    state, _ = act(state, 1, "advance", standing=2, crawling=0)
    assert types(state, 1)[0] == "detour"
    after, _ = act(state, 1, "detour", outcome="surrounded")
    assert after["humans"]["odile"]["cell"] == "south-1"
    state, events = act(state, 1, "detour", outcome="around")
    assert state["humans"]["odile"]["cell"] == "south-2" and state["humans"]["odile"]["off_path"]


def test_EZA_H15_adele_adds_tokens_within_the_box():
    state = deal("house")  # Adèle and Gabriel share kitchen 4
    state["humans"]["gabriel"]["box"] = 0
    state["humans"]["gabriel"]["tokens"] += 4
    state["humans"]["gabriel"]["added"] += 4
    before = state["humans"]["adele"]["tokens"]
    state, events = effect(state, "adele", "cheer")
    assert state["humans"]["adele"]["tokens"] == before + 1
    assert state["humans"]["adele"]["added"] == 1
    assert "none left in the box for Gabriel" in events[0]["text"]
    GAME.check_invariants({**state, "steps": [{"kind": "choose_card", "seat": 1}]})


def test_EZA_H15_eve_follows_her_arrows_kills_blockers_first_and_escapes_on_the_car():
    state = deal("house")
    state, _ = effect(state, "eve", "arrow:white")
    assert top(state)["dest"] == "bedroom:3"
    choices = spec(effect(state, "eve", "kill_standing")[0], 1, "report_reach")["params"][
        "zombies"
    ]["choices"]
    assert "1:blocking" in choices
    _at(state, "eve", "entrance:2")
    state, events = effect(state, "eve", "arrow:black")
    assert state["humans"]["eve"]["status"] == "escaped" and "EZA-E2" in rules(events)


def test_EZA_H15_kate_barricades_within_the_limits():
    state = deal("house")  # Kate is in the living room
    state, events = effect(state, "kate", "kill_standing")
    state, events = act(state, 1, "report_reach", zombies=[])
    options = spec(state, 1, "barricade")["params"]["opening"]["choices"]
    assert "living-window-north" not in options  # already 2 of 2
    assert "door-living-bedroom" in options
    state, events = act(state, 1, "barricade", opening="door-living-bedroom")
    assert state["defenses"]["door-living-bedroom"] == 1 and events[0]["rule"] == "EZA-H15"
    # No cube left in the box: no more wood, no Defense added.
    state["defense_box"] = 0
    state, events = effect(state, "kate", "kill_crawling")
    state, events = act(state, 1, "report_reach", zombies=[])
    assert "none can be placed" in text(events)


def test_EZA_H15_omar_goes_alone_onto_standing_zombies():
    state = deal("cemetery")
    for hid in state["human_order"]:
        _at(state, hid, "gate-north")
    for hid in ("omar", "kate"):
        _at(state, hid, "south-1")
    state, _ = effect(state, "omar", "advance")
    state, events = act(state, 1, "advance", standing=2, crawling=0)
    assert state["humans"]["omar"]["cell"] == "south-2"
    assert state["humans"]["kate"]["cell"] == "south-1"
    assert "EZA-H15" in rules(events)


# --- Zombie Events -----------------------------------------------------------------------------


def test_EZA_V1_surprise_attack_each_horde_may_bite_once():
    state = deal("house")
    set_tokens(state, "nina", 1)
    state["humans"]["nina"]["trait"] = "tough"
    state, events = resolve(state, "event-house-1")
    assert events[0]["rule"] == "EZA-V1" and waiting(state) == [1]
    state, _ = act(state, 1, "surprise_bite", human="none")
    assert waiting(state) == [2]
    state, events = act(state, 2, "surprise_bite", human="nina")
    assert state["humans"]["nina"]["status"] == "dead" and top(state)["kind"] == "feast"
    state, _ = act(state, 1, "feast", zombies={"1": 0, "2": 1, "3": 0})
    assert waiting(state) == [3]
    assert "nina" not in spec(state, 3, "surprise_bite")["params"]["human"]["choices"]


def test_EZA_V2_each_horde_activates_one_zombie_with_up_to_two_actions():
    state = deal("house")
    state["active"] = 3
    state, events = resolve(state, "event-house-2")
    assert events[0]["rule"] == "EZA-V2"
    assert top(state) | {} == activation(3, 1, 2, "activate:1x2")
    state, _ = act(state, 3, "zombie_action")
    state, _ = act(state, 3, "zombie_action")
    assert top(state)["seat"] == 1


def test_EZA_V3_each_horde_adds_one_zombie():
    state = deal("cemetery")
    state, events = resolve(state, "event-cemetery-3")
    assert events[0]["rule"] == "EZA-V3"
    for seat in (1, 2, 3):
        assert waiting(state) == [seat]
        state, _ = act(state, seat, "place_zombie", where="open_tomb")
    assert all(h["board"] == 5 for h in state["hordes"].values())
