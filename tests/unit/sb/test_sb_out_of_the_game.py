"""A player out of the game takes no further part (rules/student-bodies.txt, "Player Death and
Smart Zombies": "you are out of the game"; SB-P8): a Smart Zombie killed before or during its
zombie-card actions is never waited on again, and nothing it still had queued happens."""

from __future__ import annotations

from sb_support import GAME, act, choices, give, waiting
from test_sb_zombies import draw, zombie_turn

EMILY, KENNY, ABIGAIL = 1, 2, 3


def _queued_seats(state):
    return [s.get("seat") for s in state["steps"]]


def test_SB_P8_a_smart_zombie_bitten_out_before_its_actions_is_never_waited_on():
    # Emily's zombie card gives every zombie 2 actions; Kenny then Abigail (clockwise) are
    # Smart Zombies, Abigail down with no Health left: the FAQ lets Kenny finish her off.
    state = zombie_turn("double_time", board=2)
    state["players"]["2"].update(status="smart", health=2, down=False)
    state["players"]["3"].update(status="smart", health=0, down=True)
    state, _ = draw(state)
    assert waiting(state) == ("smart_act", [KENNY])
    # Abigail holds nothing to defend with: the bite lands without asking her.
    state, events = act(state, KENNY, "smart", what=f"bite:{ABIGAIL}")
    assert state["players"]["3"]["status"] == "out"
    assert "sb.out.smart" in [e["msg"] for e in events]
    assert ABIGAIL not in _queued_seats(state), "her queued actions are dropped"
    state, _ = act(state, KENNY, "smart", what="done")
    # The regular zombies come next: the game does not wait on Abigail.
    assert waiting(state) == ("zombie_act", [EMILY])
    # Her phone keeps the table's own actions only (corrections, ticking the board's steps).
    assert {s["type"] for s in GAME.legal_actions(state, ABIGAIL)} <= {"correct", "board_done"}


def test_SB_P8_a_smart_zombie_paid_back_out_mid_actions_stops_acting():
    # Kenny, a Smart Zombie with no Health left, attacks Emily with his first of 2 actions;
    # she pays him back: he is out, his second action never comes and never lands.
    state = zombie_turn("double_time", board=2)
    state["players"]["2"].update(status="smart", health=0, down=False)
    (payback,) = give(state, EMILY, "pay_back")
    state, _ = draw(state)
    state, _ = act(state, KENNY, "smart", what=f"attack:{EMILY}")
    assert waiting(state) == ("die", [EMILY])
    state, _ = act(state, EMILY, "die", face="miss")
    assert waiting(state) == ("smart_act", [KENNY]), "his second action waits"
    assert f"{payback}@{KENNY}" in choices(state, EMILY, "react", "play")
    # Kenny holds nothing to defend with: the Pay Back lands at once.
    state, _ = act(state, EMILY, "react", play=f"{payback}@{KENNY}")
    assert state["players"]["2"]["status"] == "out"
    assert KENNY not in _queued_seats(state)
    assert waiting(state) == ("zombie_act", [EMILY])
    assert "smart" not in [s["type"] for s in GAME.legal_actions(state, KENNY)]
    assert state["players"]["1"]["health"] == 5
