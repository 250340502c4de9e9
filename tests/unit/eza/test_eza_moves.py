"""Human moves and abilities (rules/eat-zem-all.txt, "Human Card Effects: Human Movement",
"Examples of Human Movement", "Human Abilities", "End of the Game"; EZA-H7..H10, H15, E2)."""

from __future__ import annotations

from eza_support import (
    GAME,
    act,
    asked,
    deal,
    effect,
    kill,
    put_at,
    reach,
    resolve,
    rules,
    said,
    spec,
    text,
    top,
)

from tableapp.games.eat_zem_all.board import wrap_cell


def test_EZA_H7_no_move_onto_a_full_cell_or_a_standing_zombie():
    state = deal("house")
    for hid in ("gabriel", "odile", "eve", "nina"):
        put_at(state, hid, "kitchen:1")
    state["humans"]["adele"]["cell"] = "kitchen:4"
    state, events = effect(state, "adele", "move+2")  # 4 + 2 → 1: 4 Humans already there
    assert "cannot move" in text(events) and state["humans"]["adele"]["cell"] == "kitchen:4"
    state = deal("house")
    state, _ = effect(state, "adele", "move+2")
    assert top(state)["kind"] == "confirm_move"
    assert "Standing Zombie" in asked(state)
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
    assert "cell 4 +2 in a 5-cell room → cell 1" in said(events[0])


def test_EZA_H8_cell_2_plus_2_is_cell_4():
    assert wrap_cell(2, 2, 5) == 4
    assert wrap_cell(1, -2, 5) == 4 and wrap_cell(3, -4, 6) == 5
    state = deal("house")
    put_at(state, "adele", "kitchen:2")
    state, _ = effect(state, "adele", "move+2")
    state, _ = act(state, 1, "move", outcome="moved")
    assert state["humans"]["adele"]["cell"] == "kitchen:4"


def test_EZA_H9_change_room_takes_the_same_number_in_the_symbols_room():
    state = deal("house")
    put_at(state, "harry", "bathroom:1")
    state, _ = effect(state, "harry", "change_room")
    assert top(state)["dest"] == "entrance:1"
    state, events = act(state, 1, "move", outcome="moved")
    assert state["humans"]["harry"]["cell"] == "entrance:1" and events[0]["rule"] == "EZA-H9"


def test_EZA_H10_the_group_moves_and_splits_at_an_intersection():
    state = deal("cemetery")
    for hid in state["human_order"]:
        put_at(state, hid, "gate-south")
    for hid in ("eve", "adele", "kate"):
        put_at(state, hid, "north-statue")
    state["humans"]["nina"]["frightened"] = True
    put_at(state, "nina", "north-statue")  # frightened: she stays
    state, _ = effect(state, "eve", "advance")
    split = spec(state, 1, "split")["params"]
    assert split["way"]["choices"] == ["upper-1", "middle-1"]
    companions = split["companions"]
    assert (companions["choices"], companions["min"], companions["max"]) == (
        ["adele", "kate"],
        1,
        1,
    )
    assert [said(x) for x in companions["labels"]] == ["Adèle", "Kate"]  # names, not keys
    assert [said(x) for x in split["way"]["labels"]] == ["Upper path 1", "Middle path 1"]
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
        put_at(state, hid, "gate-north")
    for hid in ("kate", "omar", "eve", "adele"):
        put_at(state, hid, "south-2")
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
    put_at(state, "harry", "upper-2")
    state, _ = effect(state, "harry", "advance")
    state, events = act(state, 1, "advance", standing=0, crawling=0)
    assert state["humans"]["harry"]["status"] == "escaped"
    assert "EZA-E2" in rules(events) and state["escaped"] == ["harry"]
    # issue 13: what to do on the board stays on the table screen until ticked
    assert [said(s["message"]) for s in state["board_steps"]] == ["Take Harry off the board."]


def test_EZA_H15_harry_joins_the_nearest_human_with_room():
    state = deal("house")
    put_at(state, "harry", "bathroom:2")
    state, _ = effect(state, "harry", "move+1")
    state, events = act(state, 1, "move", outcome="blocked")
    assert "EZA-H15" in rules(events)
    assert "kate" in spec(state, 1, "harry_joins")["params"]["human"]["choices"]
    state, _ = act(state, 1, "harry_joins", human="kate")
    assert state["humans"]["harry"]["cell"] == state["humans"]["kate"]["cell"]


def test_EZA_H15_gabriel_waits_for_a_death_and_repeats_once_per_dead_human():
    state = deal("house")
    state, events = resolve(state, "house-gabriel-1")
    assert "nothing happens" in text(events) and not state["steps"]
    kill(state, "harry", "nina")
    state, events = resolve(state, "house-gabriel-1")  # KILL > MOVE, twice
    kinds = [s.get("effect") for s in reversed(state["steps"]) if s["kind"] == "human_effect"]
    assert "repeats his effects once per dead Human (2)" in text(events)
    assert kinds == ["move+1", "kill_standing", "move+1"]


def test_EZA_H15_gabriel_escapes_whenever_he_is_next_to_an_exit():
    """Not only when his card moves him: his card's first effect is an attack, and he is
    asked about his way out before it (the old app asked only on a move)."""
    state = deal("house")
    kill(state, "harry")
    put_at(state, "gabriel", "kitchen:2")  # next to the kitchen window
    state, _ = resolve(state, "house-gabriel-1")  # kill a Standing Zombie, then move +1
    assert top(state)["kind"] == "gabriel_exit" and "Kitchen 2, next to an exit" in asked(state)
    labels = [said(x) for x in spec(state, 1, "gabriel_exit")["params"]["way"]["labels"]]
    assert labels == ["Clear: he escapes", "A Standing Zombie blocks it"]
    escaped, events = act(state, 1, "gabriel_exit", way="clear")
    assert escaped["humans"]["gabriel"]["status"] == "escaped" and "EZA-E2" in rules(events)
    assert not [s for s in escaped["steps"] if s["kind"] == "human_effect"]
    # Blocked: his card goes on, and he is not asked again until something changed.
    state, _ = act(state, 1, "gabriel_exit", way="blocked")
    assert top(state)["kind"] == "reach"
    state, _ = act(state, 1, "report_reach", **reach(state, {}))
    assert top(state)["kind"] == "confirm_move"  # no second question: nothing changed


def test_EZA_H15_gabriel_is_asked_again_after_a_kill_or_when_a_move_ends_at_an_exit():
    state = deal("house")
    kill(state, "harry")
    put_at(state, "gabriel", "kitchen:2")
    state, _ = resolve(state, "house-gabriel-1")
    state, _ = act(state, 1, "gabriel_exit", way="blocked")
    state, _ = act(state, 1, "report_reach", **reach(state, {"2:standing": 1}))
    assert top(state)["kind"] == "gabriel_exit"  # a Standing Zombie fewer: maybe clear now
    # Arriving next to an exit asks at once.
    state = deal("house")
    kill(state, "harry")
    put_at(state, "gabriel", "kitchen:5")
    state, _ = resolve(state, "house-gabriel-1")
    assert top(state)["kind"] == "reach"  # kitchen 5 is next to no exit
    state, _ = act(state, 1, "report_reach", **reach(state, {}))
    state, _ = act(state, 1, "move", outcome="moved")  # kitchen 5 + 1: kitchen 1, the window
    assert state["humans"]["gabriel"]["cell"] == "kitchen:1"
    assert top(state)["kind"] == "gabriel_exit"
    # Before any death his card does nothing, but next to an exit he may still escape.
    state = deal("house")
    put_at(state, "gabriel", "kitchen:2")
    state, events = resolve(state, "house-gabriel-1")
    assert "nothing happens" in text(events) and top(state)["kind"] == "gabriel_exit"


def test_EZA_H15_odile_leaves_the_path_by_the_shortest_orthogonal_route():
    state = deal("cemetery")
    put_at(state, "odile", "south-1")  # square F4; the path goes on to south-2 (E4)
    state, _ = effect(state, "odile", "advance")
    state, events = act(state, 1, "advance", standing=2, crawling=0)
    assert "EZA-H15" in rules(events) and top(state)["kind"] == "odile_step"
    to = spec(state, 1, "odile_step")["params"]["to"]
    # Never the cell just reported as holding Standing Zombies; the shortest ways first.
    assert "E4" not in to["choices"] and to["choices"] == ["F3", "F5", "G4", "stay"]
    assert said(to["labels"][0]) == "up: square F3 (6 squares to the car)"
    assert said(to["labels"][2]) == "right: South gate (6 squares to the car)"
    state, events = act(state, 1, "odile_step", to="F3")
    odile = state["humans"]["odile"]
    assert (odile["cell"], odile["off_path"]) == ("F3", True) and odile["cell"] != "south-2"
    # Next time she heads for the car again: asked only about the squares around her, the
    # nearest to a car first — never how many Zombies stand on the path cell she left.
    state, _ = effect(state, "odile", "advance")
    assert top(state)["kind"] == "odile_step"
    assert spec(state, 1, "odile_step")["params"]["to"]["choices"] == [
        "E3",
        "F2",
        "F4",
        "G3",
        "stay",
    ]
    state, _ = act(state, 1, "odile_step", to="E3")
    assert state["humans"]["odile"]["cell"] == "E3"
    view = next(h for h in GAME.view(state, None)["humans"] if h["id"] == "odile")
    assert said(view["cell_name"]) == "square E3" and view["off_path"]


def test_EZA_H15_odile_surrounded_by_standing_zombies_stays():
    state = deal("cemetery")
    put_at(state, "odile", "south-1")
    state, _ = effect(state, "odile", "advance")
    state, _ = act(state, 1, "advance", standing=1, crawling=0)
    state, events = act(state, 1, "odile_step", to="stay")
    assert (
        state["humans"]["odile"]["cell"] == "south-1" and not state["humans"]["odile"]["off_path"]
    )
    assert "surrounded" in text(events)


def test_EZA_H15_odile_reaching_a_car_escapes():
    state = deal("cemetery")
    put_at(state, "odile", "A3")
    state["humans"]["odile"]["off_path"] = True
    state, _ = effect(state, "odile", "advance")
    choices = spec(state, 1, "odile_step")["params"]["to"]["choices"]
    assert choices[:2] == ["A2", "A4"]  # both Car cells, one square away
    state, events = act(state, 1, "odile_step", to="A4")
    assert state["humans"]["odile"]["status"] == "escaped" and "EZA-E2" in rules(events)


def test_EZA_H15_adele_adds_tokens_within_the_box():
    state = deal("house")  # Adèle and Gabriel share kitchen 4
    state["humans"]["gabriel"]["box"] = 0
    state["humans"]["gabriel"]["tokens"] += 4
    state["humans"]["gabriel"]["added"] += 4
    before = state["humans"]["adele"]["tokens"]
    state, events = effect(state, "adele", "cheer")
    assert state["humans"]["adele"]["tokens"] == before + 1
    assert state["humans"]["adele"]["added"] == 1
    assert "none left in the box for Gabriel" in said(events[0])
    assert [said(s["message"]) for s in state["board_steps"]] == [
        "Put a Bite token from the box on the tile of Adèle."
    ]
    GAME.check_invariants({**state, "steps": [{"kind": "choose_card", "seat": 1}]})


def test_EZA_H15_omar_goes_alone_onto_standing_zombies():
    state = deal("cemetery")
    for hid in state["human_order"]:
        put_at(state, hid, "gate-north")
    for hid in ("omar", "kate"):
        put_at(state, hid, "south-1")
    state, _ = effect(state, "omar", "advance")
    state, events = act(state, 1, "advance", standing=2, crawling=0)
    assert state["humans"]["omar"]["cell"] == "south-2"
    assert state["humans"]["kate"]["cell"] == "south-1"
    assert "EZA-H15" in rules(events)
