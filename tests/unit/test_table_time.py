"""The table-time benchmark (tests/perf/table_time.py) prices turns as issue 26's model says.

Hand-made specs for an answer's taps and seconds, the critical path of a round, and short real
games for the box mapping's coverage and a whole run. No figure of speed is asserted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableapp import catalog
from tableapp.engine import RuleError
from tableapp.engine.rng import Rng
from tableapp.texts.i18n import translations_in
from tests.perf import answers
from tests.perf import table_time as tt
from tests.perf.table_time import (
    DECIDE,
    READ,
    REFUSAL,
    TAP,
    Tally,
    answer_seconds,
    choosing,
    number_control,
    taps,
)


def spec(type_="act", **params):
    return {"type": type_, "label": type_, "params": params}


def rng():
    return Rng(b"table-time-test-0123456789abcdef", 0)


PICK = {"choices": ["a", "b", "c"]}
PRESELECTED = {"choices": ["a", "b", "c"], "value": "b"}
NUMBER = {"min": 0, "max": 3}


def test_a_button_and_a_lone_pick_one_are_one_tap():
    assert taps(spec("go"), {}) == 1
    # one button per choice (pwa/js/actions.js): the tap on one is the submit, preselected or not
    assert taps(spec(who=PICK), {"who": "c"}) == 1
    assert taps(spec(who=PRESELECTED), {"who": "b"}) == 1


def test_a_pick_one_in_a_form_costs_a_tap_unless_the_preselected_value_is_sent():
    form = spec(who=PRESELECTED, n=NUMBER)
    assert taps(form, {"who": "b", "n": 0}) == 1  # the submit only
    assert taps(form, {"who": "a", "n": 0}) == 2
    assert taps(spec(who=PICK, n=NUMBER), {"who": "a", "n": 0}) == 2  # nothing preselected
    assert taps(spec(who={"choices": ["a"]}, n=NUMBER), {"who": "a", "n": 0}) == 1  # the only one


def test_a_multi_pick_costs_a_tap_per_item_added_or_removed():
    many = {"choices": ["a", "b", "c"], "multiple": True, "min": 0, "max": 3}
    assert taps(spec(cards=many, n=NUMBER), {"cards": [], "n": 0}) == 1
    assert taps(spec(cards=many, n=NUMBER), {"cards": ["a", "c"], "n": 0}) == 3
    # a pick of at most one with a value: radios, that value checked
    one = {"choices": ["a", "b"], "multiple": True, "min": 0, "max": 1, "value": "a"}
    assert taps(spec(card=one), {"card": ["a"]}) == 1
    assert taps(spec(card=one), {"card": []}) == 2
    assert taps(spec(card=one), {"card": ["b"]}) == 3  # a unchecked, b checked
    every = {"choices": ["a", "b"], "multiple": True, "min": 2, "max": 2}
    assert taps(spec(cards=every), {"cards": ["a", "b"]}) == 1  # shown as a fact


def test_a_stepper_costs_a_tap_per_step_from_its_value_else_from_its_minimum():
    assert number_control(0, 3, "steppers") == "stepper"
    assert taps(spec(n=NUMBER), {"n": 3}, "steppers") == 4
    assert taps(spec(n={**NUMBER, "value": 2}), {"n": 0}, "steppers") == 3
    counts = {"counts": {"x": {"min": 0, "max": 5, "value": 1}, "y": {"min": 1, "max": 4}}}
    assert taps(spec(z=counts), {"z": {"x": 3, "y": 2}}, "steppers") == 1 + 2 + 1
    fixed = {"counts": {"x": {"min": 2, "max": 2}}}
    assert number_control(2, 2) == "fixed"
    assert taps(spec(z=fixed), {"z": {"x": 2}}, "steppers") == 1


def test_a_row_of_choices_costs_one_tap_or_none_when_its_value_is_kept():
    assert number_control(0, 6, "rows") == "row"
    assert number_control(0, 7, "rows") == "stepper"  # more than 6 apart: a stepper still
    assert taps(spec(n=NUMBER), {"n": 3}, "rows") == 2
    assert taps(spec(n={**NUMBER, "value": 2}), {"n": 2}, "rows") == 1
    assert taps(spec(n={"min": 0, "max": 9}), {"n": 3}, "rows") == 4
    with pytest.raises(ValueError):
        number_control(0, 3, "dials")


def test_an_answer_with_nothing_to_choose_is_read_and_one_tap():
    assert not choosing([spec("go")])
    assert not choosing([spec(who={"choices": ["a"]})])
    assert choosing([spec("go"), spec("stop")])
    assert choosing([spec(who=PICK)])
    assert answer_seconds(1, decide=False) == pytest.approx(READ + TAP)
    assert answer_seconds(3) == pytest.approx(READ + DECIDE + 3 * TAP)


class _Refusing:
    """A game whose rules refuse a first answer, then accept."""

    id = "refusing"

    def __init__(self, refusals: int) -> None:
        self.refusals = refusals

    def apply(self, state, seat, act, stream):
        if self.refusals:
            self.refusals -= 1
            raise RuleError("no", "XX-1", {"msg": "no", "args": {}})
        return {"done": act}, [{"msg": "done", "args": {}}]


def test_a_refused_submit_costs_its_answer_and_8_s_then_the_answer_again():
    specs = [spec("go")]
    new, events, seconds, n, kind, refused = tt.answer(
        _Refusing(1), {}, 1, specs, rng(), "random", "steppers", "keys", rng()
    )
    one = answer_seconds(1, decide=False)
    assert (seconds, n, kind, refused) == (pytest.approx(one + REFUSAL + one), 2, "go", 1)
    assert new == {"done": {"type": "go", "params": {}}}
    *_, seconds, n, _, refused = tt.answer(
        _Refusing(0), {}, 1, specs, rng(), "random", "steppers", "keys", rng()
    )
    assert (seconds, refused) == (pytest.approx(one), 0)


def test_live_bounds_keep_a_forms_total_between_least_and_most_and_accept_keeps_values():
    rows = {k: {"min": 0, "max": 3} for k in "abcd"}
    form = {"counts": rows, "most": 2, "least": 1}
    for i in range(50):
        values = tt.pick_counts(
            form, Rng(b"live-bounds-0123456789abcdef%03d" % i, 0), "random", "live"
        )
        assert 1 <= sum(values.values()) <= 2
    sums = {
        sum(
            tt.pick_counts(
                form, Rng(b"keys-bounds-0123456789abcdef%03d" % i, 0), "random", "keys"
            ).values()
        )
        for i in range(50)
    }
    assert max(sums) > 2  # main's phone bounds each row alone: the rules may refuse the total
    kept = {"counts": {"a": {"min": 0, "max": 3, "value": 2}, "b": {"min": 0, "max": 3}}}
    assert tt.pick_counts(kept, rng(), "accept", "live")["a"] == 2
    assert tt.pick_params(spec(who=PRESELECTED), rng(), "accept") == {"who": "b"}


def test_live_bounds_keep_each_group_under_its_most_as_eat_zem_alls_parts_form_does():
    # EZA-T6: of a Zombie's actions (bites per Human, cubes), at most one bite per Zombie
    rows = {k: {"min": 0, "max": 3} for k in ("bite_a", "bite_b", "cubes")}
    form = {"counts": rows, "most": 4, "groups": [{"keys": ["bite_a", "bite_b"], "most": 1}]}
    live = [
        tt.pick_counts(form, Rng(b"live-groups-0123456789abcdef%03d" % i, 0), "random", "live")
        for i in range(60)
    ]
    assert all(v["bite_a"] + v["bite_b"] <= 1 and sum(v.values()) <= 4 for v in live)
    assert {v["cubes"] for v in live} >= {0, 3}  # the rows outside the group keep their range
    keys = [
        tt.pick_counts(form, Rng(b"keys-groups-0123456789abcdef%03d" % i, 0), "random", "keys")
        for i in range(60)
    ]
    assert any(v["bite_a"] + v["bite_b"] > 1 for v in keys)  # the phone before issue 26


def test_the_default_phone_is_mains_rows_of_choices_and_live_bounds():
    assert (tt.PHONE, tt.BOUND) == ("rows", "live")
    # the widest row of choices is the phone's own (pwa/js/controls.js)
    controls = (Path(__file__).parents[2] / "pwa/js/controls.js").read_text(encoding="utf-8")
    assert f"export const TAP_RANGE = {tt.ROW_SPAN};" in controls
    assert taps(spec(n={"min": 0, "max": 6}), {"n": 5}) == 2
    assert taps(spec(n={"min": 0, "max": 6}), {"n": 5}, "steppers") == 6


class _Asks:
    """A game that waits for the seats of ``specs`` (seat -> the action types it may post)."""

    def __init__(self, specs: dict[int, list[str]], game_id: str = "zombicide") -> None:
        self.specs = specs
        self.id = game_id

    def prompt(self, state):
        return {"waiting_for": list(self.specs)}

    def legal_actions(self, state, seat, corrections=True):
        return [spec(kind) for kind in self.specs[seat]]


def test_an_undo_is_never_chosen_unless_nobody_has_anything_else_to_answer():
    waiting, undoes = tt.offers(
        _Asks({1: ["cancel_attack", "attack"], 2: ["release_survivor"]}), {}
    )
    assert ([(seat, [s["type"] for s in specs]) for seat, specs in waiting], undoes) == (
        [(1, ["attack"])],
        False,
    )
    assert [s["type"] for s in tt._specs(_Asks({1: ["cancel_attack", "attack"]}), {}, 1)] == [
        "attack"
    ]
    # the weapon left the hand: calling the attack off is all there is (ZC-13)
    waiting, undoes = tt.offers(_Asks({1: ["cancel_attack"]}), {})
    assert ([(seat, [s["type"] for s in specs]) for seat, specs in waiting], undoes) == (
        [(1, ["cancel_attack"])],
        True,
    )
    assert [s["type"] for s in tt._specs(_Asks({1: ["cancel_attack"]}), {}, 1, True)] == [
        "cancel_attack"
    ]
    # a helper beside the question (Zombicide's split, ZC-12) is never the answer: the attack
    # called off is (else the table would split forever and never answer the question)
    waiting, undoes = tt.offers(_Asks({2: ["cancel_attack", "split"]}), {})
    assert ([(seat, [s["type"] for s in specs]) for seat, specs in waiting], undoes) == (
        [(2, ["cancel_attack"])],
        True,
    )
    assert tt.offers(_Asks({1: ["split"]}), {}) == ([], False)  # only the board step blocks
    assert tt._specs(_Asks({1: ["split", "go"]}), {}, 1)[0]["type"] == "go"
    # each game's own: Eat Zem All's split is its question (Humans split up, EZA rules)
    waiting, _ = tt.offers(_Asks({1: ["split"]}, "eat-zem-all"), {})
    assert [(seat, [s["type"] for s in specs]) for seat, specs in waiting] == [(1, ["split"])]


def test_a_zombie_life_pass_that_ends_the_game_is_confirmed_as_its_screen_asks():
    def view(in_play, score):
        players = [
            {"status": "playing", "score": score, "face_up": 2},
            {"status": "passed", "score": 3, "face_up": 0},
        ]
        return lambda: {"in_play": in_play, "players": players}

    confirms = answers.phone_confirms
    assert confirms("zombie-life", spec("pass"), {}, view([1], answers.ZL_TARGET - 2))
    assert not confirms("zombie-life", spec("pass"), {}, view([1], answers.ZL_TARGET - 3))
    assert not confirms("zombie-life", spec("pass"), {}, view([1, 2], answers.ZL_TARGET))
    assert not confirms("zombie-life", spec("draw"), {}, view([1], answers.ZL_TARGET))
    assert not confirms("zombie-life", spec("pass"), {})  # no view: not known, not asked


def test_a_round_costs_the_slowest_phone_on_the_critical_path_and_every_phone_in_effort():
    t = Tally()
    t.answer("keep_mutation", 4.0, 1, 0, True, 3.0)
    t.answer("keep_mutation", 6.5, 2, 0, False, 3.0)
    t.answer("feast", 3.0, 1, 0, False, 4.5)
    t.round(
        [(4.0, "keep_mutation", 3.0), (6.5, "keep_mutation", 3.0), (3.0, "feast", 4.5)],
        0,
        0,
        False,
    )
    assert t.critical == pytest.approx(6.5)
    assert t.effort == pytest.approx(13.5)
    assert t.active == pytest.approx(4.0)
    assert t.by_type["keep_mutation"][0] == pytest.approx(6.5)
    assert t.by_type["feast"][0] == 0
    t.answer("feast", 2.0, 1, 0, False, 4.5)
    t.round([(2.0, "feast", 4.5)], 2, 1, False)  # two board steps ticked, one by the active
    tick = answer_seconds(1, decide=False)
    assert t.critical == pytest.approx(6.5 + 2.0 + 2 * tick)
    assert t.active == pytest.approx(4.0 + tick)


def test_answers_and_ticks_that_replace_no_box_step_are_counted_apart():
    t = Tally()
    t.answer("end_turn", 4.0, 1, 0, True, 0.0)  # its events stand for no box step
    t.answer("search", 5.0, 1, 0, False, 6.5)
    t.round([(4.0, "end_turn", 0.0), (5.0, "search", 6.5)], 0, 0, False)
    assert (t.nobox_critical, t.nobox_effort) == (0, pytest.approx(4.0))  # the search was slower
    t.answer("end_turn", 4.0, 1, 0, True, 0.0)
    t.round([(4.0, "end_turn", 0.0)], 1, 1, False)  # a tick replaces nothing either
    tick = answer_seconds(1, decide=False)
    assert t.nobox_critical == pytest.approx(4.0 + tick)
    assert t.nobox_effort == pytest.approx(8.0 + tick)
    end, done = t.by_type["end_turn"], t.by_type["board_done"]
    assert dict(zip(tt.ROW, end, strict=True)) == {
        "critical": 4.0,
        "effort": 8.0,
        "answers": 2,
        "taps": 2,
        "refused": 0,
        "nobox_critical": 4.0,
        "nobox_effort": 8.0,
        "nobox_answers": 2,
        "box": 0.0,
    }
    assert done[5] == pytest.approx(tick) and t.by_type["search"][5] == 0
    assert t.by_type["search"][8] == 6.5  # what the search's events stand for at the box
    t.turns = 2
    f = tt.figures("zombicide", t)
    assert f["nobox_critical"] == pytest.approx((4.0 + tick) / 2)
    assert {r["type"]: r["nobox_answers"] for r in f["top"]}["end_turn"] == 1.0


def test_round_order_follows_the_card_then_clockwise_from_the_active_seat_and_the_host_last():
    state = {"seats": [1, 2, 3, 4], "card": {"order": [{"seat": 3}, {"seat": 4}, {"seat": 1}]}}
    assert tt.round_order("eat-zem-all", state, [0, 1, 2, 3, 4], 3) == [3, 4, 1, 2, 0]
    assert tt.round_order("zombicide", state, [0, 1, 2, 4], 2) == [2, 4, 1, 0]


def _event_ids(game, games: int = 3) -> set[str]:
    """The event ids of a few random games (the policy that goes everywhere; ``accept`` plays
    long games that say less: it never bites in Eat Zem All, where 0 is preselected)."""
    seen: set[str] = set()
    events = Tally.events

    def spy(self, game_id, batch, state, setup, rules):
        seen.update(e["msg"] for e in batch)
        return events(self, game_id, batch, state, setup, rules)

    Tally.events = spy
    try:
        tt.measure(game, games, "random")
    finally:
        Tally.events = events
    return seen


@pytest.mark.parametrize("game_id", sorted(tt.BOX))
def test_every_event_a_game_emits_is_a_box_step_or_listed_with_its_reason(game_id):
    game = next(g for g in catalog.games() if g.id == game_id)
    mapped, apart = set(tt.BOX[game_id]), tt.NO_BOX_STEP.get(game_id, {})
    assert not mapped & set(apart)
    assert all(reason.strip() for reason in apart.values())
    seen = _event_ids(game)
    assert seen  # the games said something
    assert sorted(seen - mapped - set(apart)) == []


def test_every_event_id_the_box_maps_or_lists_is_a_message_the_games_still_say():
    # a stale entry (an id a game no longer logs) would hide that its event was renamed
    texts = translations_in("en").texts
    stale = {
        game_id: sorted(
            i for i in {*tt.BOX[game_id], *tt.NO_BOX_STEP.get(game_id, {})} if i not in texts
        )
        for game_id in tt.BOX
    }
    assert stale == {game_id: [] for game_id in tt.BOX}


def test_an_event_nobody_mapped_counts_nothing_and_is_reported():
    t = Tally()
    t.events("zombie-life", [{"msg": "zl.new_thing", "args": {}}], {"seats": [1, 2]}, False, set())
    assert t.box == 0 and t.unmapped == {"zl.new_thing": 1}
    rules: set[str] = set()
    t.events("zombie-life", [{"msg": "zl.drew", "args": {}, "rule": "ZL-2"}], {}, False, rules)
    assert t.box == pytest.approx(tt.BOX_STEPS["draw"]) and rules == {"ZL-2"}


def test_a_run_over_every_game_prints_a_row_per_game_and_policy(capsys):
    assert tt.main(["--games", "1"]) == 0
    out = capsys.readouterr().out
    for game in catalog.games():
        for policy in tt.POLICIES:
            assert f"| {game.name} | {policy} |" in out
        if game.id not in tt.BOX:  # the tests' example game: no box model, no crash
            assert f"| {game.name} | no box model |" in out
    # main's phone by default: rows of choices, counts bounded live
    assert "Phone: rows" in out and "bounds live" in out
    assert "Answers replacing no box step" in out


def test_json_gives_each_games_figures_under_each_policy(capsys):
    argv = ["--games", "1", "--game", "zombie-life", "--json", "--phone", "steppers"]
    assert tt.main([*argv, "--bounds", "keys"]) == 0  # the phone before issue 26
    data = json.loads(capsys.readouterr().out)
    assert (data["phone"], data["bounds"], data["games"]) == ("steppers", "keys", 1)
    row = data["results"]["zombie-life"]
    assert set(row["policies"]) == set(tt.POLICIES)
    accept = row["policies"]["accept"]
    assert accept["turns"] > 0 and accept["box"] > 0
    assert accept["ratio"] == pytest.approx(accept["app_critical"] / accept["box"])
    assert row["worse"]["ratio"] == max(p["ratio"] for p in row["policies"].values())
