"""The taps-per-turn benchmark (tests/perf/answers.py) counts what its docstring says.

A scripted sequence of posts, no rules and no clock: the figures are exact counts.
"""

from __future__ import annotations

from tests.perf.answers import (
    SCREEN_CONFIRMS,
    Counter,
    by_type_table,
    one_value,
    phone_confirms,
    table,
)


def spec(type_, confirm=None, **params):
    out = {"type": type_, "label": type_, "params": params}
    if confirm:
        out["confirm"] = confirm
    return out


ONE = {"choices": ["a"]}
TWO = {"choices": ["a", "b"]}


def test_one_value_only_when_every_param_has_one_value():
    assert one_value(spec("pick", who=ONE))
    assert one_value(spec("count", n={"min": 2, "max": 2}, who=ONE))
    assert one_value(spec("split", zombies={"counts": {"w": {"min": 1, "max": 1}}}))
    every = {"choices": ["a", "b"], "multiple": True, "min": 2, "max": 2}
    assert one_value(spec("all", cards=every))
    assert not one_value(spec("pick", who=TWO))
    assert not one_value(spec("mixed", who=ONE, n={"min": 0, "max": 1}))
    assert not one_value(spec("split", zombies={"counts": {"w": {"min": 0, "max": 1}}}))
    some = {"choices": ["a", "b"], "multiple": True, "min": 1, "max": 1}
    assert not one_value(spec("some", cards=some))
    assert not one_value(spec("button"))  # no param: a button, not a forced value


def test_phone_confirms_the_specs_question_and_the_screens_own(monkeypatch):
    assert phone_confirms("zombie-life", spec("pass", confirm={"msg": "zl.confirm.pass"}), {})
    assert not phone_confirms("zombie-life", spec("draw"), {})
    # Zombicide's screen asks nothing first since issue 17 (undo instead): its mirror is empty.
    assert not phone_confirms("zombicide", spec("search"), {})
    assert not phone_confirms("zombicide", spec("discard", card=TWO), {"card": "a"})
    monkeypatch.setitem(SCREEN_CONFIRMS, "zombicide", {"search", "discard"})
    assert phone_confirms("zombicide", spec("search"), {})
    assert phone_confirms("zombicide", spec("discard", card=TWO), {"card": "a"})
    assert not phone_confirms("eat-zem-all", spec("search"), {})
    assert not phone_confirms("zombicide", spec("move"), {})


def test_counter_counts_turns_posts_active_confirmations_one_values_and_ticks():
    counter = Counter("eat-zem-all")
    setup = {"turn": 0, "active": 1}
    counter.post(setup, 1, spec("place", who=ONE), {"who": "a"})  # setup: not counted
    first = {"turn": 1, "active": 1}
    counter.post(first, 1, spec("bite", human=TWO), {"human": "a"})
    counter.post(first, 2, spec("count", n={"min": 3, "max": 3}), {"n": 3})
    counter.post(first, 1, spec("end_activation", confirm={"msg": "x"}), {})
    second = {"turn": 2, "active": 2}
    counter.post(second, 2, spec("take", card=ONE), {"card": "a"})
    counter.end({"turn": 3, "active": 3, "board_step_count": 5})  # turn 3 began, unanswered
    assert counter.figures() == {
        "turns": 3,
        "posts": 4,
        "active": 3,
        "confirms": 1,
        "one_value": 2,
        "ticks": 5,
    }
    assert "| Eat Zem All | 3 | 1.00 | 1.33 | 0.33 | 0.67 | 1.67 |" in table(
        [("Eat Zem All", counter.figures())]
    )
    # Where the taps go: per action type, by the active seat and by the others, per turn.
    assert counter.by_type == {
        ("bite", True): 1,
        ("count", False): 1,
        ("end_activation", True): 1,
        ("take", True): 1,
    }
    rows = by_type_table("Eat Zem All", 3, counter.by_type).splitlines()
    assert rows[2:] == [
        "| bite | 0.33 | 0.00 |",
        "| count | 0.00 | 0.33 |",
        "| end_activation | 0.33 | 0.00 |",
        "| take | 0.33 | 0.00 |",
    ]


def test_counter_counts_a_turn_each_time_the_turn_changes_hands():
    counter = Counter("zombie-life")
    for seat in (1, 2, 1, 2):  # the same player again next time round: a new turn
        counter.post({"round": 1, "turn": seat}, seat, spec("draw"), {})
        counter.post({"round": 1, "turn": seat}, seat, spec("draw"), {})
    counter.end({"round": 1, "turn": None})
    assert counter.figures()["turns"] == 4
    assert counter.figures()["posts"] == 8


def test_measure_adds_up_each_games_posts_by_type():
    """Over several games, the posts by type add up to the posts, and the active ones to the
    active posts."""
    from tableapp import catalog
    from tests.perf.answers import measure

    game = next(g for g in catalog.games() if g.id == "zombie-life")
    total = measure(game, 2)
    assert total["posts"] > 0
    assert sum(total["by_type"].values()) == total["posts"]
    assert sum(n for (_, active), n in total["by_type"].items() if active) == total["active"]
