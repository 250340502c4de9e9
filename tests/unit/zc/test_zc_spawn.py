"""Spawns refereed: zone order and danger level (ZC-4, ZC-7), coloured zones (ZC-8), Rush and
Extra activation (ZC-9), Abominations (ZC-6), miniature shortage (ZC-10), doors (ZC-15)."""

from __future__ import annotations

import pytest
from zc_support import (
    act,
    board,
    board_steps,
    ready,
    rules,
    spawned,
    stack_spawn,
    stage,
    take,
    texts,
    tick,
    top,
    turn_of,
)

from tableapp.engine import HOST
from tableapp.games.zombicide import GAME


def zombie_phase_spawn(state, *cards, adrenaline=None):
    """Stack ``cards`` and run a spawn phase to its first question."""
    state = dict(state)
    state["phase"] = "zombies"
    stack_spawn(state, *cards)
    for sid, value in (adrenaline or {}).items():
        state["survivors"][sid]["adrenaline"] = value
        # skills of the levels reached (the invariants want them): the first offered
        for level, threshold in (("yellow", 7), ("orange", 19), ("red", 43)):
            if value >= threshold:
                state["survivors"][sid]["skills"][level] = [
                    state["content"]["survivors"][sid][level][0]
                ]
    return stage(state, {"kind": "spawn_phase"}, {"kind": "end_round"})


def answer_activation(state, attacks="no_attack"):
    """Answer an activation's attacks from the table screen; its moves are a step on the
    board (ZC-12), asked of nobody."""
    assert top(state)["kind"] == "zombie_attacks", top(state)
    before = len(state.get("board_steps", ()))
    state, events = act(state, HOST, attacks)
    moves = [s for s in state["board_steps"][before:] if s["message"]["msg"] == "zc.board.move"]
    assert len(moves) == 1
    return state, events


def test_ZC_7_one_card_per_active_zone_from_zone_1_clockwise():
    state = ready(zones=("red", "blue", "red"), blue=1)
    state, events = zombie_phase_spawn(state, "z01", "z02")
    assert texts(events)[:4] == [
        "Spawns at the Blue danger level: nobody has adrenaline yet.",
        "Spawn phase — active zones, clockwise from zone 1: 1 and 3.",
        "Spawn — zone 1: place Walker ×1.",
        "Spawn — zone 3: place Walker ×1.",
    ]
    assert spawned(state) == [{"zone": 1}, {"zone": 3}]
    assert state["board"]["walker"] == 2
    assert state["spawn_deck"]["discard"][:2] == ["z02", "z01"]
    # What to place where: a step on the board per zone, ticked by anyone at the table.
    assert board_steps(state) == ["Place Walker ×1 in zone 1", "Place Walker ×1 in zone 3"]
    spawning = GAME.view(state, None)["spawning"]
    assert [r["where"] for r in spawning["rows"]] == [{"zone": 1}, {"zone": 3}]
    assert spawning["current"] == 0 and not spawning["rows"][0]["placed_done"]
    state, events = tick(state, 2)
    assert texts(events) == ["Ben did it on the board: Place Walker ×1 in zone 1"]
    spawning = GAME.view(state, None)["spawning"]
    assert spawning["current"] == 1 and spawning["rows"][0]["placed_done"]
    state, _ = tick(state)
    assert GAME.view(state, None)["spawning"]["current"] is None
    assert state["board_steps"] == []


@pytest.mark.parametrize(
    "adrenaline, level, walkers",
    [(0, "blue", 2), (7, "yellow", 4), (19, "orange", 6), (43, "red", 8)],
)
def test_ZC_4_ZC_7_the_card_is_read_at_each_danger_level(adrenaline, level, walkers):
    state = ready(zones=("red",))
    state, events = zombie_phase_spawn(state, "z07", adrenaline={"nadia": adrenaline})
    assert state["spawning"]["level"] == level
    assert state["board"]["walker"] == walkers
    assert f"Spawn — zone 1: place Walker ×{walkers}." in texts(events)
    if adrenaline:
        assert texts(events)[0] == (
            f"Spawns at the {level.capitalize()} danger level: Nadia has the most adrenaline "
            f"({adrenaline})."
        )
    assert rules(events)[0] == "ZC-4"


def test_ZC_4_the_survivor_with_the_most_adrenaline_drives_the_spawns():
    state = ready(zones=("red",))
    state, _ = zombie_phase_spawn(state, "z07", adrenaline={"ruth": 3, "tom": 20, "karim": 12})
    assert state["spawning"]["level"] == "orange" and state["spawning"]["leader"] == "tom"
    assert state["board"]["walker"] == 6


def test_ZC_7_the_zombie_deck_never_runs_out():
    state = ready(zones=("red",))
    deck = state["spawn_deck"]
    deck["discard"], deck["draw"] = deck["draw"], []
    state["phase"] = "zombies"
    state, events = stage(state, {"kind": "spawn_phase"}, {"kind": "end_round"})
    assert "The Zombie deck is empty: its discard is shuffled into a new one." in texts(events)
    assert "ZC-7" in rules(events)
    assert len(state["spawn_deck"]["draw"]) == 39 and len(state["spawn_deck"]["discard"]) == 1


def test_ZC_8_a_coloured_zone_spawns_from_the_zombie_phase_after_its_objective():
    state = ready(zones=("red", "blue"), red=1, blue=1)
    # Round 1, players' phase: Ruth takes the blue objective.
    state, _ = turn_of(state, "ruth")
    state, events = take(state, 1, "blue")
    assert "Spawn zone 2 (blue) spawns from the Zombies' phase of round 1." in texts(events)
    assert "ZC-8" in rules(events)
    state, _ = zombie_phase_spawn(state, "z01", "z02")
    assert spawned(state) == [{"zone": 1}, {"zone": 2}]  # the blue zone spawns this round


def test_ZC_8_a_coloured_zone_stays_inactive_until_its_trigger():
    state = ready(zones=("blue", "red"), blue=1)
    state, events = zombie_phase_spawn(state, "z01")
    assert spawned(state) == [{"zone": 2}]  # zone 1 is blue and inactive
    assert "Spawn phase — active zones, clockwise from zone 1: 2." in texts(events)


def test_ZC_8_a_correction_during_the_zombie_phase_activates_from_the_next_one():
    state = ready(zones=("red", "green"), green=1)
    state, _ = zombie_phase_spawn(state, "z33")  # a Rush: the Zombies' phase waits on it
    assert state["phase"] == "zombies"
    params = {"group": "zones", "counts": {"2": 1}, "why": "card"}
    state, events = act(state, 1, "correct", **params)
    zone = state["mission"]["zones"][1]
    assert zone["active_from"] == state["round"] + 1


def test_ZC_9_a_rush_places_then_activates_only_its_zombies_at_once():
    state = ready(zones=("red",))
    board(state, walker=3)
    state, events = zombie_phase_spawn(state, "z33")  # Rush: 2 Walkers at blue
    assert "Spawn — zone 1: RUSH! Place Walker ×2; they activate at once." in texts(events)
    assert "ZC-9" in rules(events)
    assert board_steps(state) == ["Place Walker ×2 in zone 1"]  # then they activate at once
    assert top(state)["kind"] == "zombie_attacks"
    assert top(state)["scope"] == {"group": {"walker": 2}} and top(state)["count"] == 2
    prompt = GAME.prompt(state)
    assert prompt["waiting_for"][0] == HOST and prompt["rule"] == "ZC-11"
    state, _ = answer_activation(state)
    assert state["spawning"]["done"] is True  # the only zone: the spawn phase is over


def test_ZC_9_an_extra_activation_activates_every_zombie_of_its_type():
    state = ready(zones=("red",))
    board(state, walker=5, brute=2)
    state, events = zombie_phase_spawn(state, "z37", adrenaline={"ruth": 8})
    assert "Spawn — zone 1: extra activation — Walker." in texts(events)
    assert top(state)["kind"] == "zombie_attacks"
    assert top(state)["scope"] == {"types": ["walker"]} and top(state)["count"] == 5
    assert state["board"] == {"walker": 5, "runner": 0, "brute": 2}  # nothing placed


def test_ZC_9_an_extra_activation_does_nothing_at_blue():
    state = ready(zones=("red",))
    board(state, walker=5)
    state, events = zombie_phase_spawn(state, "z37")
    assert "Spawn — zone 1: extra activation (Walker) — no effect at blue." in texts(events)
    assert not any(s["kind"] in ("activation", "zombie_attacks") for s in state["steps"])
    assert state["spawning"]["done"] is True


def test_ZC_9_rush_and_extra_activation_hit_the_same_zombies_in_one_turn():
    state = ready(zones=("red", "red"))
    board(state, walker=1)
    state, _ = zombie_phase_spawn(state, "z33", "z37", adrenaline={"karim": 7})
    # zone 1: 3 Walkers (yellow), Rush
    assert top(state)["scope"] == {"group": {"walker": 3}}
    state, _ = answer_activation(state)
    # zone 2: every Walker on the board activates, the 3 that rushed included.
    assert top(state)["kind"] == "zombie_attacks"
    assert top(state)["scope"] == {"types": ["walker"]} and top(state)["count"] == 4
    state, _ = answer_activation(state)
    assert state["spawning"]["done"]


def test_ZC_6_one_abomination_on_the_board_another_card_activates_it():
    state = ready(zones=("red",))
    board(state, abominations=["hulk"])
    state, events = zombie_phase_spawn(state, "z31", adrenaline={"owen": 19})  # Abomination
    assert state["abominations"] == ["hulk"]
    assert "An Abomination is already on the board: it activates instead." in texts(events)
    assert "ZC-6" in rules(events)
    assert top(state)["kind"] == "zombie_attacks"
    assert top(state)["scope"] == {"types": ["abomination"]} and top(state)["count"] == 1


def test_ZC_6_the_kind_is_drawn_at_random_among_free_miniatures_and_the_event_says_so():
    seen = set()
    for i in range(12):
        state = ready(zones=("red",))
        state["survivors"]["owen"]["adrenaline"] = 0
        state, events = zombie_phase_spawn(state, "z31", adrenaline={"owen": 19 + i})
        (kind,) = state["abominations"]
        seen.add(kind)
        (drawn,) = [e for e in events if e.get("abomination")]
        assert drawn["rule"] == "ZC-6" and drawn["abomination"] == kind
        assert len(board_steps(state)) == 1 and board_steps(state)[0].endswith(" in zone 1")
    assert len(seen) > 1 and seen <= {"hulk", "bloated", "screamer", "stalker"}


def test_ZC_6_abomination_fest_places_another_of_a_free_kind():
    state = ready(zones=("red",), abomination_fest=True)
    board(state, abominations=["hulk", "bloated"])
    state, events = zombie_phase_spawn(state, "z31", adrenaline={"owen": 19})
    assert len(state["abominations"]) == 3
    new = state["abominations"][-1]
    assert new in ("screamer", "stalker")
    assert board_steps(state) and not any(s["kind"] == "zombie_attacks" for s in state["steps"])


def test_ZC_10_abomination_fest_with_every_miniature_out_activates_them_all():
    state = ready(zones=("red",), abomination_fest=True)
    board(state, abominations=["hulk", "bloated", "screamer", "stalker"])
    state, events = zombie_phase_spawn(state, "z31", adrenaline={"owen": 19})
    assert "ZC-10" in rules(events)
    assert top(state)["scope"] == {"types": ["abomination"]} and top(state)["count"] == 4


def test_ZC_10_a_type_out_of_miniatures_activates_every_zombie_of_it():
    state = ready(zones=("red",))
    board(state, walker=38)
    state, events = zombie_phase_spawn(state, "z07", adrenaline={"ruth": 7})  # 4 Walkers
    assert state["board"]["walker"] == 40
    assert "Out of Walker miniatures: 2 could not be placed; every Walker activates." in texts(
        events
    )
    assert "ZC-10" in rules(events)
    assert board_steps(state) == ["Place Walker ×2 in zone 1"]  # the 2 left in the box
    assert top(state)["scope"] == {"types": ["walker"]} and top(state)["count"] == 40


def test_ZC_10_a_rush_short_of_miniatures_rushes_then_activates_every_one():
    state = ready(zones=("red",))
    board(state, walker=39)
    state, _ = zombie_phase_spawn(state, "z33")  # Rush: 2 Walkers at blue, 1 left in the box
    assert top(state)["scope"] == {"group": {"walker": 1}}
    state, _ = answer_activation(state)
    assert top(state)["scope"] == {"types": ["walker"]} and top(state)["count"] == 40


def test_ZC_15_a_door_of_a_closed_building_draws_one_card_per_dark_room():
    state = ready(buildings=((2, "closed"), (1, "open"), (3, "survivors")))
    state, _ = turn_of(state, "karim")
    swap_starter(state, "karim", "start_axe")
    stack_spawn(state, "z01", "z02")
    state, events = act(state, 1, "open_door", building="A")
    assert texts(events)[0] == (
        "Karim opens building A: 2 Zombie cards, one per dark room (number the rooms first)."
    )
    assert spawned(state) == [{"building": "A", "room": 1}, {"building": "A", "room": 2}]
    assert board_steps(state) == [
        "Place Walker ×1 in building A, dark room 1",
        "Place Walker ×1 in building A, dark room 2",
    ]
    assert top(state)["kind"] == "survivor_turn"  # Karim's turn goes on
    # A building, once open, never spawns again: it is no longer a choice.
    opened = [s for s in GAME.legal_actions(state, 1) if s["type"] == "open_door"][0]
    assert opened["params"]["building"]["choices"] == ["B", "C"]


def test_issue17_ZC_15_the_last_building_is_one_tap_and_other_doors_ask_nothing():
    """Never ask what has one answer: the last building still closed is the button itself;
    once every building the host listed is open, no door is the app's business."""
    state = ready(buildings=((2, "closed"), (1, "closed")))
    state, _ = turn_of(state, "karim")
    swap_starter(state, "karim", "start_axe")
    stack_spawn(state, "z01", "z02", "z03")
    state, _ = act(state, 1, "open_door", building="A")
    state, _ = turn_of(state, "karim")  # the spawns resolved, Karim's turn again
    (last,) = [s for s in GAME.legal_actions(state, 1) if s["type"] == "open_door"]
    assert last["params"] == {}
    assert texts([last["label"]]) == ["Open the first door of building B (1 dark room)"]
    state, events = act(state, 1, "open_door")
    assert [b["opened"] for b in state["mission"]["buildings"]] == [True, True]
    assert "ZC-15" in rules(events)
    state, _ = turn_of(state, "karim")
    assert "open_door" not in [s["type"] for s in GAME.legal_actions(state, 1)]


@pytest.mark.parametrize(
    "building, reason",
    [
        ("B", "A building open at setup never spawns Zombies."),
        ("C", "A building holding survivors at setup never spawns Zombies."),
    ],
)
def test_ZC_15_a_building_open_or_occupied_at_setup_never_spawns(building, reason):
    state = ready(buildings=((2, "closed"), (1, "open"), (3, "survivors")))
    state, _ = turn_of(state, "karim")
    swap_starter(state, "karim", "start_axe")
    state, events = act(state, 1, "open_door", building=building)
    (event,) = events
    assert event["rule"] == "ZC-15"
    assert texts([event["reason"]]) == [reason]
    assert top(state)["kind"] == "survivor_turn"
    assert state["spawn_deck"]["discard"] == []


def swap_starter(state, sid, prefix):
    """Swap the starting card ``prefix`` into ``sid``'s left hand (in place)."""
    mine = state["survivors"][sid]["inventory"]
    for other in state["team"]:
        inventory = state["survivors"][other]["inventory"]
        for i, card in enumerate(inventory):
            if card and card.startswith(prefix):
                inventory[i], mine[0] = mine[0], card
                return
    raise AssertionError(prefix)
