"""Corrections that pick a value from a list (a pawn's place) instead of a count, and legal
actions without the corrections (for players that never post one)."""

from __future__ import annotations

import pytest

from tableapp.engine import HOST, M, Moves, Rng, RuleError, action, define
from tests.texts import english

SEED = b"engine correction choices, seed.."


def _setup(ctx, *, content, variant, options, seats):
    return {"seats": seats, "turn": seats[0], "pawn": "hall", "left": 3}


def _corrections(state):
    places = ["hall", "attic", "cellar"]
    return {
        "pawn": {
            "label": M("engine.why.other"),
            "counts": {
                "place": {
                    "label": M("engine.why.other"),
                    "choices": places,
                    "labels": [
                        M("engine.why.card"),
                        M("engine.why.miscount"),
                        M("engine.why.knocked"),
                    ],
                    "value": state["pawn"],
                }
            },
        },
        "left": {
            "label": M("engine.why.other"),
            "counts": {
                "left": {
                    "label": M("engine.why.other"),
                    "min": 0,
                    "max": 5,
                    "value": state["left"],
                },
                "used": {
                    "label": M("engine.why.card"),
                    "min": 0,
                    "max": 5,
                    "value": 5 - state["left"],
                },
            },
        },
    }


def _correct(state, group, key, value, ctx):
    if group == "pawn":
        state["pawn"] = value
    else:  # the two counts of the group follow each other
        state["left"] = value if key == "left" else 5 - value


def _apply(state, seat, act, ctx):
    state["left"] -= 1


TOY = define(
    id="toy-places",
    name="Toy",
    players=(2, 2),
    setup=_setup,
    moves=Moves(
        specs=lambda s, seat: [action("step", M("engine.nothing_to_do"))] if s["left"] else [],
        apply=_apply,
    ),
    prompt=lambda s: {"waiting_for": [s["turn"]], **M("engine.nothing_to_do")},
    result=lambda s: None if s["left"] else {"winners": [], "standings": []},
    secret=(("nothing",),),
    corrections=_corrections,
    correct=_correct,
)


def test_a_correction_picks_one_value_with_its_label_and_logs_the_labels():
    state = TOY.setup(content={}, variant=None, options={}, seats=[1, 2], rng=Rng(SEED, 0))
    specs = {
        s["params"]["group"]["choices"][0]: s
        for s in TOY.legal_actions(state, HOST)
        if s["type"] == "correct"
    }
    pick = specs["pawn"]["params"]
    assert "counts" not in pick and pick["value"]["choices"] == ["hall", "attic", "cellar"]
    assert pick["value"]["value"] == "hall" and len(pick["value"]["labels"]) == 3
    assert "counts" in specs["left"]["params"]
    params = {"group": "pawn", "value": "cellar", "why": "other"}
    new, (event,) = TOY.apply(state, 2, {"type": "correct", "params": params}, Rng(SEED, 1))
    assert new["pawn"] == "cellar" and event["correction"] == {
        "group": "pawn",
        "key": "place",
        "before": "hall",
        "after": "cellar",
    }
    assert english(event, {2: "Ben"}) == (
        "Ben corrected the table says so: a card said so → a piece was knocked over "
        "(the table says so)."
    )
    with pytest.raises(RuleError) as caught:
        TOY.apply(new, 1, {"type": "correct", "params": params}, Rng(SEED, 2))
    assert caught.value.code == "nothing_corrected"
    with pytest.raises(RuleError):
        TOY.apply(
            state, 1, {"type": "correct", "params": {**params, "value": "roof"}}, Rng(SEED, 3)
        )


def test_legal_actions_without_corrections():
    state = TOY.setup(content={}, variant=None, options={}, seats=[1, 2], rng=Rng(SEED, 0))
    assert [s["type"] for s in TOY.legal_actions(state, 1)] == ["step", "correct", "correct"]
    assert [s["type"] for s in TOY.legal_actions(state, 1, corrections=False)] == ["step"]


def test_a_count_that_follows_another_is_not_corrected_twice():
    state = TOY.setup(content={}, variant=None, options={}, seats=[1, 2], rng=Rng(SEED, 0))
    params = {"group": "left", "counts": {"left": 1, "used": 4}, "why": "miscount"}
    new, events = TOY.apply(state, 1, {"type": "correct", "params": params}, Rng(SEED, 1))
    assert new["left"] == 1 and [e["correction"]["key"] for e in events] == ["left"]
