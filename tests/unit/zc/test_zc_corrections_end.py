"""A correction that ends the game (ZC-1): every count the table set is applied, the game ends
as the rules say, once (the engine read the corrections of a finished game: a KeyError)."""

from __future__ import annotations

from zc_support import GAME, act, ready, turn_of


def correct(state, group, **counts):
    current = {
        k: c["value"] for k, c in GAME.definition.corrections(state)[group]["counts"].items()
    }
    current.update(counts)
    return act(state, 1, "correct", group=group, counts=current, why="miscount")


def test_ZC_1_wounds_that_kill_a_survivor_and_wound_another_lose_the_game_once():
    state = ready()
    state, _ = turn_of(state, "ruth")
    state, events = correct(state, "wounds", ruth=3, karim=1)
    assert state["phase"] == "finished" and GAME.result(state)["winners"] == []
    assert state["survivors"]["ruth"]["wounds"] == 3
    assert state["survivors"]["karim"]["wounds"] == 1, "the rest of the correction is set"
    assert [e["correction"]["key"] for e in events if "correction" in e] == ["ruth", "karim"]
    assert [e["msg"] for e in events].count("zc.end.loss") == 1


def test_ZC_1_two_deaths_in_one_correction_end_the_game_on_the_first():
    state = ready()
    state, _ = turn_of(state, "ruth")
    state, events = correct(state, "wounds", ruth=3, karim=3)
    assert [e["msg"] for e in events].count("zc.end.loss") == 1
    assert "Ruth" in str(state["outcome"]["reason"])


def test_ZC_1_every_objective_set_at_once_wins_and_keeps_the_crates():
    state = ready(red=2, crates=1)
    state, _ = turn_of(state, "ruth")
    state, events = correct(state, "mission", red=2, crates=1)
    assert state["phase"] == "finished" and GAME.result(state)["won"] is True
    assert state["mission"]["crates"]["opened"] == 1
    assert [e["msg"] for e in events].count("zc.end.win") == 1


def test_ZC_1_objectives_corrected_together_win_only_if_all_are_done_at_the_end():
    state = ready(red=1, blue=1, green=1, crates=0)
    state, _ = turn_of(state, "ruth")
    state, _ = correct(state, "mission", green=1)
    assert state["phase"] != "finished"
    # Red and blue done, green undone: the last says the mission is not won.
    state, _ = correct(state, "mission", red=1, blue=1, green=0)
    assert state["phase"] != "finished"
    assert [o["taken"] for o in state["mission"]["objectives"].values()] == [1, 1, 0]
    state, events = correct(state, "mission", green=1)
    assert state["phase"] == "finished" and GAME.result(state)["won"] is True
