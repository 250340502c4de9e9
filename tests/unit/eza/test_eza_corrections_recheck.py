"""After a correction the question the game waits on is checked again (the engine's
``recheck``): one the corrected counts made moot goes away, one still to answer asks only what
can still be answered; no phone is left with a pick-one that has nothing to pick (EZA-T9,
EZA-H11, EZA-H13, EZA-H15)."""

from __future__ import annotations

from eza_support import act, activation, deal, effect, spec, stage, top, types, waiting
from test_eza_corrections import correct
from test_eza_mutations import hold

from tableapp.engine import piles


def _two_held_and_an_offer():
    """Yellow (seat 1) holds 2 Mutations and draws 2: its form keeps 1 and discards 1 of the 3
    (its Zombies' activation comes next)."""
    state = deal("house")
    piles.move_all(state["mutation_cards"], "held:1", "discard")
    first = hold(state, 1, "iron_jaw")
    second = hold(state, 1, "extra_actions")
    state, _ = stage(
        state,
        {"kind": "zombie_effect", "seat": 1, "effect": "mutate", "part": "bonus"},
        activation(1),
    )
    assert "discard" in spec(state, 1, "keep_mutation")["params"] and waiting(state) == [1]
    return state, first, second


def test_EZA_T9_two_mutations_corrected_away_leave_no_discard_to_make():
    state, first, second = _two_held_and_an_offer()
    state, _ = correct(state, "mutations.1", seat=2, **{first: 0, second: 0})
    assert len(state["mutation_cards"]["held:1"]) == 0
    assert set(spec(state, 1, "keep_mutation")["params"]) == {"card"}  # a plain keep now
    state, _ = act(state, 1, "keep_mutation", card=state["mutation_cards"]["offer:1"][0])
    # The game goes on to Yellow's activation.
    assert top(state)["kind"] == "activations" and waiting(state) == [1]


def test_EZA_T9_one_mutation_corrected_away_makes_room_for_the_one_kept():
    state, first, _ = _two_held_and_an_offer()
    state, _ = correct(state, "mutations.1", seat=3, **{first: 0})
    assert len(state["mutation_cards"]["held:1"]) == 1
    assert set(spec(state, 1, "keep_mutation")["params"]) == {"card"}
    state, _ = act(state, 1, "keep_mutation", card=state["mutation_cards"]["offer:1"][0])
    assert len(state["mutation_cards"]["held:1"]) == 2 and "1" not in state["pending_mutations"]


def _kill_standing_reach():
    """Kate's kill-standing attack: the reach form offers, per kind, every Horde on the board."""
    state = deal("house")
    state, _ = effect(state, "kate", "kill_standing")
    choices = spec(state, 1, "report_reach")["params"]["standing"]["choices"]
    assert choices == ["none", "1", "2", "3"]
    return state


def test_EZA_H13_a_horde_corrected_off_the_board_is_no_longer_offered():
    state = _kill_standing_reach()
    board = state["hordes"]["2"]["board"]
    state, _ = correct(
        state, "zombies.2", seat=3, board=0, reserve=board + state["hordes"]["2"]["reserve"]
    )
    assert spec(state, 1, "report_reach")["params"]["standing"]["choices"] == ["none", "1", "3"]


def test_EZA_H11_every_zombie_corrected_off_the_board_ends_the_attack_without_a_target():
    state = _kill_standing_reach()
    for seat in (1, 2, 3):
        h = state["hordes"][str(seat)]
        state, events = correct(
            state, f"zombies.{seat}", seat=3, board=0, reserve=h["board"] + h["reserve"]
        )
    assert "report_reach" not in types(state, 1)
    assert all(s["kind"] != "reach" for s in state["steps"])
    assert "EZA-H11" in [e.get("rule") for e in events]
