"""Zombie Life invariants: card conservation and the shape rules every state must keep."""

from __future__ import annotations

import json
from collections import Counter

from .rounds import TARGET
from .state import (
    ELIMINATED,
    PASSED,
    PHASE_CHOOSE_FIRST,
    PHASE_OVER,
    PHASE_PLAYING,
    PLAYING,
    State,
    free_areas,
    in_play,
    key,
    value,
)


def check_invariants(state: State) -> None:
    """Raise AssertionError when ``state`` breaks a rule no action may break.

    Long on purpose: one assertion after the other (cards conserved, hands, turns), read top to
    bottom; split up, the list would be harder to check against the rules."""
    assert json.loads(json.dumps(state)) == state, "state is not plain JSON"
    seats = state["seats"]
    keys = [key(s) for s in seats]

    # Card conservation: every physical card is in exactly one place.
    located: Counter = Counter()
    for name in ("draw", "discard", "horde"):
        located.update(state["piles"][name])
    for k in keys:
        located.update(state["refuges"][k])
        located.update(state["face_down"][k])
    located.update(state["drawn"].values())
    assert located == Counter(list(state["cards"])), "card conservation broken"

    # ZL-2, ZL-3: no area holds two copies of a value.
    horde = [value(state, c) for c in state["piles"]["horde"]]
    assert len(horde) == len(set(horde)), "two copies in the Horde"
    for k in keys:
        values = [value(state, c) for c in state["refuges"][k] + state["face_down"][k]]
        assert len(values) == len(set(values)), f"two copies in the Refuge of seat {k}"

    assert sorted(state["status"]) == sorted(keys)
    for seat in seats:
        st = state["status"][key(seat)]
        assert st in (PLAYING, PASSED, ELIMINATED), f"bad status {st!r}"
        if st == ELIMINATED:
            assert not state["refuges"][key(seat)] and not state["face_down"][key(seat)], (
                "an eliminated player keeps a Refuge"
            )
        if st != PASSED:
            assert not state["face_down"][key(seat)], "a face-down card outside a passer"
    eliminated = state["eliminated"]
    assert len(eliminated) == len(set(eliminated))
    assert set(eliminated) == {s for s in seats if state["status"][key(s)] == ELIMINATED}

    # Scores: non-negative, the sum of the round points, one entry per finished round.
    rounds_done = state["round"] if state["phase"] == PHASE_OVER else state["round"] - 1
    for k in keys:
        points = state["round_points"][k]
        assert all(p >= 0 for p in points), "negative points"
        assert state["scores"][k] == sum(points), "score is not the sum of its rounds"
        assert len(points) == rounds_done, "a round is missing from the breakdown"

    phase = state["phase"]
    assert phase in (PHASE_CHOOSE_FIRST, PHASE_PLAYING, PHASE_OVER), f"bad phase {phase!r}"
    drawn = state["drawn"]
    assert len(drawn) <= 1, "more than one drawn card waits"
    if phase == PHASE_PLAYING:
        assert state["turn"] in in_play(state), "the turn is not a player in play"
        assert not state["tied"]
        for seat_key, card_id in drawn.items():
            assert int(seat_key) == state["turn"], "a card pending for someone else"
            assert free_areas(state, int(seat_key), card_id), "an unplaceable card"
    else:
        assert state["turn"] is None and not drawn
    if phase == PHASE_CHOOSE_FIRST:
        assert len(state["tied"]) >= 2 and set(state["tied"]) <= set(seats)
        assert state["tie_rule"] in ("ZL-1", "ZL-9")
    top = max(state["scores"].values())
    if phase == PHASE_OVER:
        assert top >= TARGET, "the game ended below the target"
        assert state["winners"] == [s for s in seats if state["scores"][key(s)] == top]
    else:
        assert top < TARGET and not state["winners"], "the game should be over"
