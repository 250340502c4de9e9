"""What the table screen and the phones make of a Student Bodies turn (issue 13): moments for a
death and an elimination, board steps for what players must place (SB-P1, SB-P6, SB-Z4), and
actions that skip or throw away ask first; form actions say what their button does."""

from __future__ import annotations

from sb_support import GAME, NAMES, act, at_actions, deal, give, rng, spec, stage

from tableapp.engine import Ctx
from tableapp.games.student_bodies import combat, players
from tests.texts import english, french

EMILY, KENNY = 1, 2


def playing():
    return at_actions(deal(3, table_die=True), EMILY)


def steps_of(state):
    return [(s["message"]["msg"], s["seats"]) for s in state.get("board_steps", [])]


def test_SB_P1_a_death_without_an_antidote_is_a_moment_and_a_board_step():
    state = playing()
    ctx = Ctx(rng())
    players.die(state, KENNY, ctx)
    (rises,) = [e for e in ctx.events if e["msg"] == "sb.rises"]
    assert rises["moment"] == {"kind": "death", "seats": [KENNY]}
    assert steps_of(state) == [("sb.board.rises", [KENNY])]
    (step,) = state["board_steps"]
    assert english(step["message"], NAMES).startswith("Lay Kenny's Smart Zombie figure down")
    assert "Zombie Malin" in french(step["message"], NAMES)


def test_SB_P1_an_elimination_is_a_moment_and_a_board_step():
    state = playing()
    state["players"][str(KENNY)]["antidote"] = True
    ctx = Ctx(rng())
    players.die(state, KENNY, ctx)
    (out,) = [e for e in ctx.events if e["msg"] == "sb.out.antidote"]
    assert out.get("moment", {}).get("kind") == "elimination" and out["moment"]["seats"] == [KENNY]
    assert steps_of(state) == [("sb.board.out", [KENNY])]
    # The table screen and the phones tick it off (the engine's board_done).
    (step,) = state["board_steps"]
    done = [s for s in GAME.legal_actions(state, KENNY) if s["type"] == "board_done"]
    assert done, [s["type"] for s in GAME.legal_actions(state, KENNY)]
    state, _ = act(state, KENNY, "board_done", step=step["id"])
    assert state["board_steps"] == []


def test_SB_Z4_a_killed_zombie_is_a_board_step_for_whoever_killed_it():
    state = playing()
    ctx = Ctx(rng())
    combat.kill_zombie(state, ctx, down=False, by_seat=EMILY)
    assert steps_of(state) == [("sb.board.killed", [EMILY])]
    assert "corpse token" in english(state["board_steps"][0]["message"], NAMES)


def test_SB_P6_opening_the_lab_is_a_board_step_naming_what_to_place():
    state = playing()
    state, _ = act(state, EMILY, "open_lab")
    ((msg, seats),) = [s for s in steps_of(state) if s[0] == "sb.board.lab"]
    assert seats == [EMILY]
    text = english(state["board_steps"][-1]["message"], NAMES)
    assert text.startswith("Lab 101 (") and "beakers" in text and "remove the door" in text


def test_ending_the_turn_with_stamina_left_asks_nothing_and_says_what_it_leaves():
    """Undo instead of "are you sure?": the button says what stays unused; undo takes it back."""
    state = playing()
    end = spec(state, EMILY, "end_turn")
    assert "confirm" not in end
    assert english(end["label"], NAMES, sentence=False) == (
        "End my turn (3 stamina unused; discard any cards first)"
    )
    assert french(end["label"], NAMES, sentence=False).startswith("Finir mon tour (3 endurance")
    assert english(end["submit"], NAMES, sentence=False) == "End the turn (cards to discard: {n})"
    state["players"]["1"]["stamina"] = 0
    end = spec(state, EMILY, "end_turn")
    assert "confirm" not in end
    assert english(end["label"], NAMES, sentence=False) == "End my turn (discard any cards first)"


def test_SB_Z6_stopping_a_movement_early_asks_nothing():
    state = playing()
    (dash,) = give(state, EMILY, "mad_dash")
    state, _ = act(state, EMILY, "play", play=dash)
    stop = spec(state, EMILY, "stop")
    assert "confirm" not in stop
    assert english(stop["label"], NAMES, sentence=False).startswith("Stop here (")


def test_SB_P3_discarding_down_says_which_cards_on_its_button():
    state = playing()
    state, _ = stage(state, {"kind": "discard_down", "seat": KENNY, "over": 1}, turn=EMILY)
    discard = spec(state, KENNY, "discard_down")
    assert english(discard["submit"], NAMES, sentence=False) == "Discard {chosen}"
    assert french(discard["submit"], NAMES, sentence=False) == "Défausser {chosen}"
