"""End of the game and scoring (rules/eat-zem-all.txt, "End of the Game"; EZA-E1..E4)."""

from __future__ import annotations

from eza_support import (
    GAME,
    act,
    activate,
    deal,
    give_bites,
    rows_of,
    rules,
    said,
    set_tokens,
    stage,
    text,
    top,
    waiting,
)

from tableapp.games.eat_zem_all.scoring import winners


def _last_human_standing(state: dict, last: str = "nina") -> dict:
    for hid in state["human_order"]:
        if hid != last:
            state["humans"][hid]["status"] = "escaped"
            state["escaped"].append(hid)
    set_tokens(state, last, 1)
    state["humans"][last]["trait"] = "tough"
    return state


def test_EZA_E1_the_game_ends_once_the_current_card_is_resolved():
    state = _last_human_standing(deal("house", seats=(1, 2, 3)))
    state, _ = act(state, 1, "take_card", card="zombie-basic-1")  # Shamble: 1 Zombie, 3 actions
    # the card's parts: Yellow's activation, its bonus Zombie, the others' activations; Nina on
    # her last token could be bitten by any: each waits for the one before it
    assert rows_of(state) == [("activation", 1), ("add", 1), ("activation", 2), ("activation", 3)]
    assert waiting(state) == [1]
    state, _ = activate(state, 1, bites={"nina": 1})
    assert top(state)["kind"] == "feast" and GAME.result(state) is None  # the last Feast counts
    board = state["hordes"]["1"]["board"]
    state, events = act(state, 1, "feast", zombies={"1": 1, "2": 0, "3": 0})
    # The rest of the card still resolves, without a question once nobody is left: Yellow's
    # bonus adds its Zombie (it counts for EZA-E4), Green's and Red's activations are skipped.
    assert state["phase"] == "finished"
    assert state["hordes"]["1"]["board"] == board + 2  # the transformation and the bonus
    assert "Seat 1 (Yellow) adds 1 Zombie" in text(events) and text(events).count("is skipped") == 2
    assert "EZA-E1" in rules(events)
    assert GAME.legal_actions(state, 1) == [] and GAME.prompt(state)["waiting_for"] == []
    result = GAME.result(state)
    assert result["winners"] == [1]


def test_EZA_E1_no_new_human_card_once_nobody_is_left():
    state = deal("house")
    state = _last_human_standing(state)
    state["humans"]["nina"].update(status="dead", tokens=0, contamination=2)
    state["hordes"]["2"]["bites"]["nina"] = 1
    state, events = stage(state, {"kind": "human_phase_start"})
    assert state["phase"] == "finished" and "EZA-E1" in rules(events)
    assert len(state["human_cards"]["drawn"]) == 3  # drawn, never resolved


def test_EZA_E2_escapes_are_recorded_and_shown():
    state = deal("house")
    state["humans"]["eve"]["cell"] = "entrance:2"
    state, events = stage(state, {"kind": "human_effect", "human": "eve", "effect": "arrow:white"})
    assert state["escaped"] == ["eve"] and "EZA-E2" in rules(events)
    eve = next(h for h in GAME.view(state, None)["humans"] if h["id"] == "eve")
    assert eve["status"] == "escaped" and eve["cell"] is None and eve["tokens"] == 8


def test_EZA_E3_score_is_bites_plus_feast_vp_plus_fatal_blow_vp():
    state = deal("house", seats=(1, 2))
    give_bites(state, 1, "kate", 5, contamination=True)
    give_bites(state, 2, "kate", 3)
    give_bites(state, 2, "omar", 2, contamination=True)
    state["hordes"]["1"]["human_tiles"] = ["kate"]  # 4 VP
    state["hordes"]["2"]["traits"] = ["tough", "screamer"]  # 3 + 2 VP
    state["phase"] = "finished"
    result = GAME.result(state)
    rows = {r["seat"]: r for r in result["standings"]}
    assert rows[1]["breakdown"] == {"bite_tokens": 5, "feast_vp": 4, "fatal_blow_vp": 0}
    assert rows[2]["breakdown"] == {"bite_tokens": 5, "feast_vp": 0, "fatal_blow_vp": 5}
    for row in result["standings"]:
        assert row["score"] == sum(row["breakdown"].values())
    assert result["winners"] == [2] and result["rule"] == "EZA-E3"


def test_EZA_E4_tie_goes_to_most_zombies_on_the_board():
    rows = [
        {"seat": 1, "score": 20, "zombies_on_board": 4},
        {"seat": 2, "score": 20, "zombies_on_board": 6},
        {"seat": 3, "score": 12, "zombies_on_board": 9},
    ]
    won, rule, why = winners(rows)
    assert won == [2] and rule == "EZA-E4" and "most Zombies on the board (6)" in said(why)


def test_EZA_E4_still_tied_the_hordes_win_together():
    state = deal("house", seats=(1, 2, 3))
    give_bites(state, 1, "kate", 3, contamination=True)
    give_bites(state, 2, "kate", 3)
    state["phase"] = "finished"
    result = GAME.result(state)
    assert result["winners"] == [1, 2] and result["rule"] == "EZA-E4"
    assert "win together" in said(result["tie_break"])
