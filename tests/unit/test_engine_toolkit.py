"""The engine's facilities every game plugs into: the step stack, decks with reshuffle,
levelled decks, hands, token pools, seat rings, definitions with their defaults, corrections."""

from __future__ import annotations

from collections import Counter
from itertools import islice

import pytest

from tableapp.engine import (
    HOST,
    Ctx,
    Flow,
    M,
    Moves,
    Question,
    Rng,
    RuleError,
    action,
    choice,
    decks,
    define,
    integer,
    seat_ref,
    turns,
)
from tableapp.engine.playout import random_playout
from tests.texts import english

SEED = bytes(range(32))


def rng(i: int = 0) -> Rng:
    return Rng(SEED, i)


# --- the step stack -----------------------------------------------------------------------------


def _pick_specs(state, step, seat):
    return [action("pick", M("engine.nothing_to_do"), n=integer(1, 3))]


def _pick_apply(state, step, seat, act, ctx):
    state["log"].append(("picked", seat, act["params"]["n"]))
    if act["params"]["n"] == 3:  # an interrupt: two more steps on top, then resume below
        Flow.push(state, {"kind": "note", "what": "interrupt"}, {"kind": "ask", "seat": 2})


def _note(state, step, ctx):
    state["log"].append(("note", step["what"]))


ASK = Question(
    rule="ZL-1",
    specs=_pick_specs,
    apply=_pick_apply,
    prompt=lambda state, step: M("engine.waiting_for", seats=[seat_ref(step["seat"])]),
    refuse=lambda state, step, seat, act: (
        RuleError("too_big", "ZL-2", M("engine.nothing_to_do"))
        if act["params"].get("n") == 99
        else None
    ),
)


class Chapter:
    STEPS = {"note": _note}
    QUESTIONS = {"ask": ASK}


FLOW = Flow.of(Chapter)


def _state(*steps):
    state = {"phase": "playing", "steps": [], "log": []}
    Flow.push(state, *steps)
    return state


def test_flow_runs_automatic_steps_and_stops_at_a_question():
    state = _state(
        {"kind": "note", "what": "a"}, {"kind": "ask", "seat": 1}, {"kind": "note", "what": "b"}
    )
    FLOW.run(state, Ctx(rng()))
    assert state["log"] == [("note", "a")]
    assert FLOW.actors(state) == [1]
    assert FLOW.specs(state, 2) == []
    assert FLOW.prompt(state)["waiting_for"] == [1] and FLOW.prompt(state)["rule"] == "ZL-1"


def test_flow_interrupt_resumes_where_it_stopped():
    state = _state({"kind": "ask", "seat": 1}, {"kind": "note", "what": "after"})
    FLOW.answer(state, 1, {"type": "pick", "params": {"n": 3}}, Ctx(rng()))
    assert state["log"] == [("picked", 1, 3), ("note", "interrupt")]
    assert FLOW.actors(state) == [2]
    FLOW.answer(state, 2, {"type": "pick", "params": {"n": 1}}, Ctx(rng()))
    assert state["log"][-2:] == [("picked", 2, 1), ("note", "after")]


def test_flow_refuses_the_wrong_seat_the_rules_and_bad_params_before_changing_anything():
    state = _state({"kind": "ask", "seat": 1})
    with pytest.raises(RuleError) as caught:
        FLOW.answer(state, 2, {"type": "pick", "params": {"n": 1}}, Ctx(rng()))
    assert caught.value.code == "not_your_turn" and caught.value.rule == "ZL-1"
    assert english(caught.value.message, {1: "Ana"}) == "The game is waiting for Ana."
    with pytest.raises(RuleError) as caught:
        FLOW.answer(state, 1, {"type": "pick", "params": {"n": 99}}, Ctx(rng()))
    assert (caught.value.code, caught.value.rule) == ("too_big", "ZL-2")
    with pytest.raises(RuleError) as caught:
        FLOW.answer(state, 1, {"type": "pick", "params": {"n": 7}}, Ctx(rng()))
    assert caught.value.code == "illegal_params"
    assert state["steps"] == [{"kind": "ask", "seat": 1}] and state["log"] == []


def test_flows_are_separate_registries():
    other = Flow(steps={}, questions={})
    assert "ask" in FLOW.questions and "ask" not in other.questions
    with pytest.raises(ValueError):
        Flow.of(Chapter, Chapter)  # a kind defined twice is a bug, not an override


# --- decks, hands, pools, rings ------------------------------------------------------------------


def test_draw_reshuffles_the_discard_and_keeps_banished_cards_out():
    deck = {"draw": ["a"], "discard": ["b", "c"], "banished": ["x"]}
    told = []
    drawn = decks.draw(deck, rng(), 3, on_reshuffle=lambda: told.append(1))
    assert drawn[0] == "a" and sorted(drawn) == ["a", "b", "c"] and told == [1]
    assert deck == {"draw": [], "discard": [], "banished": ["x"]}
    assert decks.draw_one(deck, rng()) is None


def test_levelled_deck_deals_counts_from_each_level():
    sets = {
        "base": [f"b{i}" for i in range(10)],
        "1": [f"one{i}" for i in range(12)],
        "2": [f"two{i}" for i in range(12)],
    }
    deck = decks.levelled(sets, {"base": 10, "1": 3, "2": 6}, rng())
    assert len(deck) == 19 and len(set(deck)) == 19
    assert sum(c.startswith("b") for c in deck) == 10
    assert (
        sum(c.startswith("one") for c in deck) == 3 and sum(c.startswith("two") for c in deck) == 6
    )
    assert decks.lookup({"easy": {"2": {"1": 0}}}, "easy", 2) == {"1": 0}
    with pytest.raises(RuleError):
        decks.levelled(sets, {"1": 13}, rng())


def test_hand_draws_up_and_discards():
    deck = {"draw": ["a", "b", "c"], "discard": []}
    hand = ["z"]
    assert decks.draw_up(hand, deck, rng(), 3) == ["a", "b"]
    decks.discard_from(hand, "z", deck)
    assert hand == ["a", "b"] and deck["discard"] == ["z"]
    with pytest.raises(RuleError):
        decks.discard_from(hand, "q", deck)


def test_token_pool_draws_identities_when_revealed_and_reuses_them():
    pool = decks.pool({"item": 2, "bite": 1})
    seen = Counter(decks.reveal(pool, rng(i)) for i in range(3))
    assert seen == {"item": 2, "bite": 1}
    assert pool == {"left": {"item": 0, "bite": 0}, "used": {"item": 2, "bite": 1}}
    assert decks.reveal(pool, rng(9)) in ("item", "bite")  # used ones shuffled back
    assert decks.pool_size(pool) == 3
    assert decks.reveal(decks.pool({"x": 0}), rng(), reuse=False) is None


def test_seat_rings():
    assert turns.clockwise_from([1, 2, 3, 4], 3) == [3, 4, 1, 2]
    assert turns.next_clockwise([1, 2, 3, 4], 4) == 1
    assert turns.next_clockwise([1, 2, 3], 1, skip=lambda s: s == 2) == 3
    assert turns.next_clockwise([1, 2], 1, skip=lambda s: True) is None
    assert turns.counter_clockwise_from([1, 2, 3, 4], 2) == [2, 1, 4, 3]
    assert turns.clockwise_after([1, 2, 3, 4], 3) == [4, 1, 2, 3]
    assert turns.left_of([1, 2, 3], 3) == 1 and turns.right_of([1, 2, 3], 1) == 3
    assert turns.left_of([5], 5) == 5
    assert list(islice(turns.cycle([1, 2, 3], 2), 7)) == [2, 3, 1, 2, 3, 1, 2]


# --- a definition with defaults, privacy and corrections ------------------------------------------


def _setup(ctx, *, content, variant, options, seats):
    deck = [f"card{i}" for i in range(6)]
    ctx.rng.shuffle(deck)
    state = {
        "seats": seats,
        "turn": seats[0],
        "draw": deck,
        "hands": {str(s): [] for s in seats},
        "taken": 0,
        "zombies": 4,
    }
    ctx.say(M("engine.nothing_to_do"))
    return state


def _specs(state, seat):
    if seat != state["turn"] or not state["draw"]:
        return []
    return [action("take", M("engine.nothing_to_do"))]


def _apply(state, seat, act, ctx):
    card = state["draw"].pop(0)
    state["hands"][str(seat)].append(card)
    state["taken"] += 1
    state["turn"] = turns.next_clockwise(state["seats"], seat)
    ctx.say(M("engine.nothing_to_do"), private={seat: {**M("engine.nothing_to_do"), "card": card}})


def _corrections(state):
    return {
        "zombies": {
            "label": M("engine.why.other"),
            "counts": {
                "zombies": {
                    "label": M("engine.why.other"),
                    "min": 0,
                    "max": 9,
                    "value": state["zombies"],
                }
            },
        }
    }


def _correct(state, group, key, value, ctx):
    state["zombies"] = value


TOY = define(
    id="toy",
    name="Toy",
    players=(2, 3),
    setup=_setup,
    moves=Moves(specs=_specs, apply=_apply),
    prompt=lambda state: {"waiting_for": [state["turn"]], **M("engine.nothing_to_do")},
    result=lambda state: {"winners": [], "standings": []} if not state["draw"] else None,
    secret=(("draw",),),
    private=(("hands", "{seat}"),),
    corrections=_corrections,
    correct=_correct,
)


def test_a_definition_gets_the_engine_defaults():
    state, events = TOY.begin(content={}, variant=None, options={}, seats=[1, 2], rng=rng())
    assert len(events) == 1 and TOY.variants == [None]
    assert TOY.view(state, 2)["draw"] == [None] * 6  # the default view, redacted
    state, events = TOY.apply(state, 1, {"type": "take", "params": {}}, rng(1))
    card = state["hands"]["1"][0]
    assert TOY.view(state, 1)["hands"]["1"] == [card]
    assert TOY.view(state, 2)["hands"]["1"] == [None]
    assert TOY.view(state, None)["hands"] == {"1": [None], "2": []}
    with pytest.raises(RuleError) as caught:
        TOY.begin(content={}, variant=None, options={}, seats=[1], rng=rng())
    assert caught.value.code == "player_count"
    final, steps = random_playout(TOY, content={}, seats=[1, 2, 3], seed=SEED)
    assert TOY.result(final) is not None and TOY.legal_actions(final, 1) == []


def test_corrections_are_public_logged_and_refuse_a_change_of_nothing():
    state, _ = TOY.begin(content={}, variant=None, options={}, seats=[1, 2], rng=rng())
    (spec,) = [s for s in TOY.legal_actions(state, HOST) if s["type"] == "correct"]
    assert spec["params"]["counts"]["counts"]["zombies"]["value"] == 4
    assert spec["params"]["why"]["choices"] == ["card", "miscount", "knocked", "other"]
    params = {"group": "zombies", "counts": {"zombies": 6}, "why": "knocked"}
    new, events = TOY.apply(state, 2, {"type": "correct", "params": params}, rng())
    assert new["zombies"] == 6 and state["zombies"] == 4
    (event,) = events
    assert "private" not in event and event["correction"] == {
        "group": "zombies",
        "key": "zombies",
        "before": 4,
        "after": 6,
    }
    assert english(event, {2: "Ben"}) == (
        "Ben corrected the table says so: 4 → 6 (a piece was knocked over)."
    )
    same = {"group": "zombies", "counts": {"zombies": 4}, "why": "miscount"}
    with pytest.raises(RuleError) as caught:
        TOY.apply(state, 1, {"type": "correct", "params": same}, rng())
    assert caught.value.code == "nothing_corrected"
    assert [s["type"] for s in TOY.legal_actions(state, 1)] == ["take", "correct"]
    assert choice([1]) == {"choices": [1]}


def test_an_action_that_takes_a_card_from_a_secret_pile_used_the_shuffle():
    state, _ = TOY.begin(content={}, variant=None, options={}, seats=[1, 2], rng=rng())
    stream = rng(5)
    TOY.apply(state, 1, {"type": "take", "params": {}}, stream)
    assert stream.used  # the card came off the shuffled (secret) draw pile
    params = {"group": "zombies", "counts": {"zombies": 6}, "why": "knocked"}
    stream = rng(6)
    TOY.apply(state, 1, {"type": "correct", "params": params}, stream)
    assert not stream.used


def _shuffling_specs(state, seat):
    return [action(kind, M("engine.nothing_to_do")) for kind in ("shuffle", "mix_row", "cut")]


def _shuffling_apply(state, seat, act, ctx):
    if act["type"] == "mix_row":
        ctx.rng.shuffle(state["row"])  # the face-up row: everyone sees its new order
        return
    ctx.rng.shuffle(state["draw"])
    if act["type"] == "cut":
        state["row"].append(state["draw"].pop(0))  # the top card turned face up


SHUFFLING = define(
    id="shuffling-toy",
    name="Shuffling toy",
    players=(2, 3),
    setup=lambda ctx, seats, **_: {
        "seats": seats,
        "draw": [f"card-{n}" for n in range(8)],
        "row": ["row-a", "row-b", "row-c"],
    },
    moves=Moves(specs=_shuffling_specs, apply=_shuffling_apply),
    secret=(("draw",),),
)


def test_only_a_shuffle_that_leaves_its_pile_secret_shows_nothing():
    """A shuffle is not a reveal; only what a viewer was shown is (the undo of an action that
    showed nothing needs nobody's OK)."""
    state, _ = SHUFFLING.begin(content={}, variant=None, options={}, seats=[1, 2], rng=rng())
    shown = {}
    for kind in ("shuffle", "mix_row", "cut"):
        stream = rng(3)
        new, _ = SHUFFLING.apply(state, 1, {"type": kind, "params": {}}, stream)
        assert stream.used
        shown[kind] = stream.shown
    assert shown == {"shuffle": False, "mix_row": True, "cut": True}
    # The same stream shuffles alike: an undo and the same action again give the same order.
    first, _ = SHUFFLING.apply(state, 1, {"type": "shuffle", "params": {}}, rng(3))
    again, _ = SHUFFLING.apply(state, 1, {"type": "shuffle", "params": {}}, rng(3))
    assert first["draw"] == again["draw"] != state["draw"]
