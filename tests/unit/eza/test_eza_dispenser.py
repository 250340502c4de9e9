"""Phase 2: the Human retaliation — the dispenser and the Events (rules/eat-zem-all.txt,
"Phase 2: Human Retaliation", "Actions of Dead Humans", "Special Effects of Events";
EZA-H1..H6, H14, EZA-V1..V3)."""

from __future__ import annotations

from eza_support import (
    GAME,
    act,
    activate,
    deal,
    form_of,
    kill,
    reach,
    resolve,
    rules,
    said,
    set_tokens,
    spec,
    stack_deck,
    stage,
    take_card,
    text,
    top,
    types,
    waiting,
)

from tableapp.engine import piles


def test_EZA_H1_three_cards_resolved_in_order_and_impossible_effects_skipped():
    state = deal("house")
    stack_deck(state, "house-nina-1", "house-odile-2", "house-kate-1")
    state, events = stage(state, {"kind": "human_phase_start"})
    assert events[0]["rule"] == "EZA-H1" and "draws 3 Human cards" in said(events[0])
    assert state["human_cards"]["resolving"] == ["house-nina-1"]
    assert state["human_cards"]["drawn"] == ["house-odile-2", "house-kate-1"]
    assert GAME.view(state, None)["human_cards_to_resolve"] == 2
    state, events = act(state, 1, "report_reach", **reach(state, {}))  # Nina: kill Crawling
    # Nina is on living 5, which bears no room symbol: "change room" is skipped for good.
    skipped = next(e for e in events if e.get("rule") == "EZA-H1")
    assert "skipped" in said(skipped) and said(skipped["reason"])
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
    assert [said(e).split(" adds")[0] for e in events[1:]] == [
        "Seat 2 (Green)",
        "Seat 3 (Red)",
        "Seat 1 (Yellow)",
    ]
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
    take_card(state, "house-omar-1", "drawn")
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
    assert events[0]["rule"] == "EZA-H5" and "banished" in said(events[0])
    assert state["human_cards"]["banished"] == ["house-harry-1"]
    choices = spec(state, 1, "dead_card")["params"]["choice"]
    assert choices["choices"] == ["wound", "stand:kate"]  # which one wounds: the table's pick
    assert [said(x) for x in choices["labels"]] == [
        "A standing Human wounds a Zombie",
        "Kate stands up",
    ]
    state, events = act(state, 1, "dead_card", choice="stand:kate")
    assert not state["humans"]["kate"]["frightened"] and events[0]["rule"] == "EZA-H5"
    # Never reshuffled: an empty deck is rebuilt without it.
    hc = state["human_cards"]
    piles.move_all(hc, "deck", "discard")
    state, _ = stage(state, {"kind": "human_phase_start"})
    assert "house-harry-1" not in state["human_cards"]["deck"]
    assert "house-harry-1" in state["human_cards"]["banished"]  # (and maybe another Harry card)


def test_EZA_H6_the_dispenser_passes_left():
    state = deal("house", seats=(4, 7, 9))
    state["active"] = 9
    state, events = stage(state, {"kind": "human_phase_end"})
    assert state["active"] == 4 and events[0]["rule"] == "EZA-H6"
    assert state["turn"] == 2 and waiting(state) == [4]


def test_EZA_H14_human_event_every_standing_human_attacks_then_the_frightened_stand_up():
    state = deal("house")
    state["humans"]["kate"]["frightened"] = True
    state["humans"]["nina"]["status"] = "escaped"
    state, events = resolve(state, "event-house-6")  # each Human kills a Crawling Zombie
    attackers = [s["human"] for s in reversed(state["steps"]) if s["kind"] == "human_effect"]
    assert top(state)["human"] == "harry"
    assert attackers == ["gabriel", "odile", "adele", "eve", "omar"]
    for _ in range(6):
        state, events = act(state, 1, "report_reach", **reach(state, {"2:standing": 1}))
    assert "EZA-H14" in rules(events) and not state["humans"]["kate"]["frightened"]
    assert state["hordes"]["2"]["board"] == 4  # six wounds, no kill


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
    state = deal("house")  # seat 1 holds Sprint (an Instant played at its activation)
    state["active"] = 3
    state, events = resolve(state, "event-house-2")
    assert events[0]["rule"] == "EZA-V2"
    # In turn order, a part per Horde, each on its own phone, all at once: 1 Zombie with 2
    # actions each cannot take a Human's last token (issue 26: parallel, not serial)
    assert top(state)["kind"] == "activations" and waiting(state) == [3, 1, 2]
    assert [(r["seat"], r["effect"]) for r in top(state)["rows"]] == [
        (3, "activate:1x2"),
        (1, "activate:1x2"),
        (2, "activate:1x2"),
    ]
    assert "use_mutation" in types(state, 1)  # Sprint, while its Zombie's part is asked
    state, events = activate(state, 2, bites={"kate": 1})  # Green first: kept for its turn
    assert state["hordes"]["2"]["bites"] == {} and "after those before it" in text(events)
    state, _ = activate(state, 1)
    state, events = activate(state, 3, bites={"kate": 1})  # its other action: a move
    assert state["hordes"]["3"]["bites"] == {"kate": 1}
    assert state["hordes"]["2"]["bites"] == {"kate": 1}
    bites = [e["seat"] for e in events if e["msg"] in ("eza.bite", "eza.bite.first")]
    assert bites == [3, 2]  # in turn order, whoever entered first
    assert not [s for s in state["steps"] if s["kind"].startswith("activation")]


def test_EZA_V3_each_horde_adds_one_zombie():
    state = deal("cemetery")
    state, events = resolve(state, "event-cemetery-3")
    assert events[0]["rule"] == "EZA-V3"
    # each Horde says where its own Zombie went, all at once
    assert waiting(state) == [1, 2, 3]
    for seat in (1, 2, 3):
        (spot,) = form_of(state, seat).values()
        assert spot["value"] == "closed_tomb"  # the likely spot, preset
    tombs = state["tombstones"]["on_board"]
    for seat, spot in ((2, "closed_tomb"), (1, "open_tomb"), (3, "open_tomb")):
        state, _ = act(state, seat, "card_part", **{f"spot_{seat}": spot})
    assert all(h["board"] == 5 for h in state["hordes"].values())
    assert state["tombstones"]["on_board"] == tombs - 1


def test_EZA_V1_a_horde_with_no_zombie_on_the_board_is_not_asked():
    state = deal("house")
    h = state["hordes"]["2"]
    h["reserve"], h["board"] = 10, 0
    state, _ = resolve(state, "event-house-1")
    assert waiting(state) == [1]
    state, events = act(state, 1, "surprise_bite", human="none")
    assert waiting(state) == [3] and "Seat 2 (Green) has no Zombie on the board" in text(events)
    labels = spec(state, 3, "surprise_bite")["params"]["human"]["labels"]
    assert said(labels[-1]) == "Nobody" and said(labels[0]).startswith("Harry (")


def test_EZA_H5_with_nobody_frightened_the_table_picks_who_wounds_without_a_question():
    state = deal("house")
    kill(state, "harry")
    state, events = resolve(state, "house-harry-1")
    assert not [s for s in state["steps"] if s["kind"] == "dead_card"]
    assert events[-1]["msg"] == "eza.dead_card.wounds" and events[-1]["rule"] == "EZA-H5"
