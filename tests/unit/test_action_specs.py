"""ActionSpec params and game options: what validate_params / validate_options accept and
refuse (with which code), and that random_params only ever draws legal params."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tableapp.engine.errors import RuleError
from tableapp.engine.game import (
    action,
    choice,
    counts,
    integer,
    subset,
    validate_options,
    validate_params,
)
from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng
from tests.texts import english

SEED = bytes(range(32))


def refused(specs, action_type, params, code="illegal_params") -> RuleError:
    with pytest.raises(RuleError) as caught:
        validate_params(specs, action_type, params)
    assert caught.value.code == code
    assert caught.value.rule is None
    assert english(caught.value.message)
    return caught.value


def _names_the_action_not_the_param(error: RuleError, param: str) -> None:
    """A refused param: the text names the action as its button does (issue 20, item 11);
    the param's id is in ``args`` for clients, never in the text a person reads."""
    assert error.message["args"]["param"] == param
    text = english(error.message)
    assert text.startswith(english(error.message["args"]["action"]) + ":"), text
    assert f"'{param}'" not in text and "{" not in text


def options_refused(declared, options) -> RuleError:
    with pytest.raises(RuleError) as caught:
        validate_options(declared, options)
    assert caught.value.code == "illegal_options"
    assert caught.value.rule is None
    return caught.value


# --- the spec builders ---------------------------------------------------------------------


def test_builders_make_the_documented_shapes():
    assert choice(("a", "b")) == {"choices": ["a", "b"]}
    assert subset(range(3), 1, 2) == {"choices": [0, 1, 2], "multiple": True, "min": 1, "max": 2}
    assert integer(0, 5) == {"min": 0, "max": 5}
    assert counts({"a": (0, 2), "b": (1, 1)}) == {
        "counts": {"a": {"min": 0, "max": 2}, "b": {"min": 1, "max": 1}}
    }
    assert action("go", "Go", n=integer(1, 2)) == {
        "type": "go",
        "label": "Go",
        "params": {"n": {"min": 1, "max": 2}},
    }
    assert action("pass", "Pass") == {"type": "pass", "label": "Pass", "params": {}}


# --- action types and the params object ----------------------------------------------------

PASS = action("pass", "Pass")
PLAY = action("play", "Play a card", card=choice(["c1", "c2", "c3"]))


def test_unknown_action_type_is_not_available():
    refused([PASS, PLAY], "attack", {}, code="action_not_available")
    refused([], "pass", {}, code="action_not_available")
    error = refused([PASS], "Pass", {}, code="action_not_available")  # case matters
    assert "Pass" in english(error.message)


def test_action_type_is_checked_before_params():
    refused([PASS], "attack", "not even an object", code="action_not_available")


def test_params_may_be_omitted_only_when_none_are_declared():
    assert validate_params([PASS], "pass", None) == {}
    assert validate_params([PASS], "pass", {}) == {}
    refused([PLAY], "play", None)


@pytest.mark.parametrize("params", [[], "card", 3, ["card", "c1"], True])
def test_params_must_be_an_object(params):
    refused([PLAY], "play", params)


def test_valid_params_are_returned():
    params = {"card": "c2"}
    assert validate_params([PASS, PLAY], "play", params) == {"card": "c2"}


def test_unknown_params_are_refused():
    error = refused([PLAY], "play", {"card": "c1", "extra": 1})
    # the client's field is in the args; the text names the action as its button does
    assert error.message["args"]["names"] == ["extra"]
    assert english(error.message) == "Play a card: this action has no such choice."
    refused([PASS], "pass", {"anything": None})


def test_missing_params_are_refused():
    spec = action("both", "Both", a=integer(0, 1), b=integer(0, 1))
    error = refused([spec], "both", {"a": 0})
    assert error.message["args"]["param"] == "b"  # for clients; people read the action
    assert english(error.message) == "Both: a choice is missing."
    refused([spec], "both", {})
    assert validate_params([spec], "both", {"a": 0, "b": 1}) == {"a": 0, "b": 1}


def test_several_specs_of_one_type_accept_params_legal_for_any_of_them():
    specs = [
        action("move", "Move 1-2", steps=integer(1, 2)),
        action("move", "Move to", square=choice(["a1", "b2"])),
    ]
    assert validate_params(specs, "move", {"steps": 2}) == {"steps": 2}
    assert validate_params(specs, "move", {"square": "b2"}) == {"square": "b2"}
    refused(specs, "move", {"steps": 3})
    refused(specs, "move", {"steps": 1, "square": "a1"})


# --- single choices ------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["c1", "c3"])
def test_choice_accepts_listed_values(value):
    assert validate_params([PLAY], "play", {"card": value}) == {"card": value}


@pytest.mark.parametrize("value", ["c4", "C1", "", None, ["c1"], {"c1": 1}, 1])
def test_choice_refuses_anything_else(value):
    error = refused([PLAY], "play", {"card": value})
    _names_the_action_not_the_param(error, "card")


def test_choice_keeps_bools_and_ints_apart():
    ints = action("pick", "Pick", n=choice([0, 1, 2]))
    bools = action("pick", "Pick", n=choice([False, True]))
    assert validate_params([ints], "pick", {"n": 1}) == {"n": 1}
    assert validate_params([bools], "pick", {"n": True}) == {"n": True}
    for value in (True, False):
        refused([ints], "pick", {"n": value})
    for value in (0, 1):
        refused([bools], "pick", {"n": value})


def test_choice_of_none_and_mixed_values():
    spec = action("pick", "Pick", who=choice([None, 1, "host"]))
    for value in (None, 1, "host"):
        assert validate_params([spec], "pick", {"who": value}) == {"who": value}
    refused([spec], "pick", {"who": True})
    refused([spec], "pick", {"who": "1"})


def test_choice_with_both_a_bool_and_the_equal_int():
    spec = action("pick", "Pick", v=choice([True, 1]))
    assert validate_params([spec], "pick", {"v": True}) == {"v": True}
    assert validate_params([spec], "pick", {"v": 1}) == {"v": 1}


def test_choice_refuses_a_float_for_an_int():
    refused([action("pick", "Pick", n=choice([0, 1, 2]))], "pick", {"n": 1.0})


# --- multiple choices ----------------------------------------------------------------------

TARGETS = action("aim", "Aim", at=subset(["a", "b", "c", "d"], 1, 3))


@pytest.mark.parametrize("value", [["a"], ["d", "a"], ["c", "a", "b"]])
def test_subset_accepts_distinct_listed_values_within_bounds(value):
    assert validate_params([TARGETS], "aim", {"at": value}) == {"at": value}


@pytest.mark.parametrize(
    "value",
    [
        [],  # below min
        ["a", "b", "c", "d"],  # above max
        ["a", "a"],  # not distinct
        ["a", "e"],  # not listed
        ["a", None],
        "a",  # not a list
        ("a",),
        {"a": True},
        None,
        [["a"]],
    ],
)
def test_subset_refuses(value):
    error = refused([TARGETS], "aim", {"at": value})
    _names_the_action_not_the_param(error, "at")


def test_subset_with_zero_minimum_accepts_the_empty_list():
    spec = action("aim", "Aim", at=subset(["a", "b"], 0, 2))
    assert validate_params([spec], "aim", {"at": []}) == {"at": []}
    assert validate_params([spec], "aim", {"at": ["b", "a"]}) == {"at": ["b", "a"]}


def test_subset_of_exactly_k():
    spec = action("aim", "Aim", at=subset([1, 2, 3], 2, 2))
    assert validate_params([spec], "aim", {"at": [3, 1]}) == {"at": [3, 1]}
    refused([spec], "aim", {"at": [3]})
    refused([spec], "aim", {"at": [1, 2, 3]})
    refused([spec], "aim", {"at": [2, 2]})


def test_subset_keeps_bools_and_ints_apart():
    spec = action("aim", "Aim", at=subset([0, 1, 2], 1, 3))
    refused([spec], "aim", {"at": [True]})


def test_subset_refuses_the_same_choice_twice_in_another_spelling():
    spec = action("aim", "Aim", at=subset([0, 1, 2], 1, 3))
    refused([spec], "aim", {"at": [1, 1.0]})


# --- integers ------------------------------------------------------------------------------

BID = action("bid", "Bid", amount=integer(-2, 5))


@pytest.mark.parametrize("value", [-2, 0, 5])
def test_integer_accepts_values_in_bounds(value):
    assert validate_params([BID], "bid", {"amount": value}) == {"amount": value}


@pytest.mark.parametrize("value", [-3, 6, 10**20, 2.0, 2.5, "2", None, [2], True, False])
def test_integer_refuses(value):
    error = refused([BID], "bid", {"amount": value})
    _names_the_action_not_the_param(error, "amount")


# --- counts --------------------------------------------------------------------------------

SPLIT = action("split", "Split", dice=counts({"red": (0, 3), "blue": (1, 2)}))


@pytest.mark.parametrize("value", [{"red": 0, "blue": 1}, {"red": 3, "blue": 2}])
def test_counts_accept_in_bounds(value):
    assert validate_params([SPLIT], "split", {"dice": value}) == {"dice": value}


@pytest.mark.parametrize(
    "value",
    [
        {"red": 0},  # a key missing
        {"red": 0, "blue": 1, "green": 0},  # an extra key
        {"red": 4, "blue": 1},
        {"red": 0, "blue": 0},
        {"red": -1, "blue": 1},
        {"red": True, "blue": 1},  # bool is not an int
        {"red": 0, "blue": True},
        {"red": 1.0, "blue": 1},
        {"red": "1", "blue": 1},
        {"red": None, "blue": 1},
        [0, 1],
        "red",
        None,
        5,
    ],
)
def test_counts_refuse(value):
    error = refused([SPLIT], "split", {"dice": value})
    _names_the_action_not_the_param(error, "dice")


# --- options -------------------------------------------------------------------------------

DECLARED = {
    "fast": {"type": "bool", "default": False, "label": "Fast game"},
    "rounds": {"type": "int", "default": 3, "min": 1, "max": 5, "label": "Rounds"},
    "board": {"type": "choice", "default": "city", "choices": ["city", "mall"], "label": "Board"},
}
DEFAULTS = {"fast": False, "rounds": 3, "board": "city"}


def test_options_defaults_are_filled_in():
    assert validate_options(DECLARED, None) == DEFAULTS
    assert validate_options(DECLARED, {}) == DEFAULTS
    assert validate_options({}, None) == {}
    assert validate_options(DECLARED, {"rounds": 5}) == {**DEFAULTS, "rounds": 5}
    assert validate_options(DECLARED, {"fast": True, "rounds": 1, "board": "mall"}) == {
        "fast": True,
        "rounds": 1,
        "board": "mall",
    }


def test_options_input_is_not_changed():
    given_ = {"rounds": 2}
    validate_options(DECLARED, given_)
    assert given_ == {"rounds": 2}


@pytest.mark.parametrize("options", [[], "fast", 1, True, [("fast", True)]])
def test_options_must_be_an_object(options):
    options_refused(DECLARED, options)


def test_unknown_options_are_refused():
    error = options_refused(DECLARED, {"fast": True, "turbo": True})
    assert "turbo" in english(error.message)
    options_refused({}, {"x": 1})


@pytest.mark.parametrize(
    "name, value",
    [
        ("fast", 1),
        ("fast", 0),
        ("fast", "true"),
        ("fast", None),
        ("rounds", 0),
        ("rounds", 6),
        ("rounds", True),  # bool is not an int
        ("rounds", 3.0),
        ("rounds", "3"),
        ("rounds", None),
        ("board", "moon"),
        ("board", ["city"]),
        ("board", {"city": 1}),
        ("board", None),
    ],
)
def test_illegal_option_values_are_refused(name, value):
    error = options_refused(DECLARED, {name: value})
    assert DECLARED[name]["label"] in english(error.message)  # as the form names it


def test_an_illegal_default_is_refused_when_the_option_is_not_given():
    declared = {"rounds": {"type": "int", "default": 9, "min": 1, "max": 5}}
    options_refused(declared, {})
    assert validate_options(declared, {"rounds": 4}) == {"rounds": 4}


def test_an_unknown_option_type_is_refused():
    options_refused({"x": {"type": "float", "default": 1.5}}, {})


def test_choice_option_keeps_bools_and_ints_apart():
    declared = {"players": {"type": "choice", "default": 2, "choices": [1, 2, 3]}}
    options_refused(declared, {"players": True})


# --- random_params only draws legal params -------------------------------------------------

names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)
# JSON scalars; unique=True on the lists below also treats 1/True and 0/False as equal, so a
# list never holds two values that compare equal.
scalars = st.one_of(st.text(max_size=5), st.integers(-1000, 1000), st.booleans(), st.none())
choice_lists = st.lists(scalars, min_size=1, max_size=8, unique=True)


@st.composite
def bounds(draw, low=-(10**6), high=10**6):
    a = draw(st.integers(low, high))
    b = draw(st.integers(a, min(high, a + draw(st.sampled_from([0, 1, 5, 10**6])))))
    return a, b


@st.composite
def multiple_specs(draw):
    values = draw(choice_lists)
    low = draw(st.integers(0, len(values)))
    high = draw(st.integers(low, len(values) + 2))  # max may exceed the number of choices
    return subset(values, low, high)


param_specs = st.one_of(
    choice_lists.map(choice),
    multiple_specs(),
    bounds().map(lambda b: integer(*b)),
    st.dictionaries(names, bounds(0, 20), min_size=1, max_size=4).map(counts),
)
# Built as plain dicts: action()'s keyword form cannot declare params named "label"/"type_".
action_specs = st.builds(
    lambda type_, params: {"type": type_, "label": type_.title(), "params": params},
    names,
    st.dictionaries(names, param_specs, max_size=4),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=action_specs, seed=st.binary(min_size=16, max_size=32), index=st.integers(0, 10**6))
def test_random_params_are_always_legal(spec, seed, index):
    rng = Rng(seed, index)
    for _ in range(3):
        params = random_params(spec, rng)
        assert set(params) == set(spec["params"])
        assert validate_params([spec], spec["type"], params) == params
        # and they survive the trip through JSON a phone makes
        wire = json.loads(json.dumps({"type": spec["type"], "params": params}))
        assert validate_params([spec], wire["type"], wire["params"]) == params


@settings(max_examples=100, deadline=None)
@given(spec=action_specs, seed=st.binary(min_size=16, max_size=16))
def test_random_params_are_deterministic(spec, seed):
    assert random_params(spec, Rng(seed, 1)) == random_params(spec, Rng(seed, 1))


def test_random_params_reach_every_listed_value():
    spec = action(
        "x",
        "X",
        one=choice(["a", "b", "c"]),
        some=subset([1, 2, 3], 0, 3),
        n=integer(-1, 1),
        k=counts({"r": (0, 2)}),
    )
    rng = Rng(SEED, 0)
    seen_one, seen_sizes, seen_n, seen_k, seen_members = set(), set(), set(), set(), set()
    for _ in range(300):
        params = random_params(spec, rng)
        seen_one.add(params["one"])
        seen_sizes.add(len(params["some"]))
        seen_members.update(params["some"])
        seen_n.add(params["n"])
        seen_k.add(params["k"]["r"])
    assert seen_one == {"a", "b", "c"}
    assert seen_sizes == {0, 1, 2, 3}
    assert seen_members == {1, 2, 3}
    assert seen_n == {-1, 0, 1}
    assert seen_k == {0, 1, 2}


def test_random_params_of_a_spec_without_params():
    assert random_params(PASS, Rng(SEED, 0)) == {}


def test_a_count_form_carries_its_totals_and_their_reason_for_the_phone():
    from tableapp.engine import M
    from tableapp.engine.game import counts

    spec = counts(
        {"a": (0, 3), "b": (0, 3)},
        most=4,
        least=1,
        reason=M("engine.param.count", action="x", param="p", key="a", what="a", min=0, max=3),
        reasons={"a": M("engine.param.unknown", action="x", names=["a"])},
    )
    assert spec["most"] == 4 and spec["least"] == 1 and spec["reason"]["msg"]
    assert "reason" in spec["counts"]["a"] and "reason" not in spec["counts"]["b"]


def test_random_params_keep_a_count_form_within_its_least_and_most():
    from tableapp.engine.game import counts
    from tableapp.engine.playout import random_params
    from tableapp.engine.rng import Rng

    spec = {"params": {"p": counts({"a": (0, 3), "b": (0, 3), "c": (0, 3)}, most=4, least=3)}}
    for i in range(200):
        total = sum(random_params(spec, Rng(bytes(32), i))["p"].values())
        assert 3 <= total <= 4


def test_a_count_form_bounds_part_of_its_keys_with_a_group_and_random_params_keep_to_it():
    """A Zombie's actions bite or remove cubes (in all at most its actions) but it bites once:
    the bites are a group with their own most, the phone and random playouts keep to both."""
    from tableapp.engine import M
    from tableapp.engine.game import counts
    from tableapp.engine.playout import random_params
    from tableapp.engine.rng import Rng

    why = M("engine.param.unknown", action="x", names=["bites"])
    bounds = {"harry": (0, 3), "kate": (0, 3), "door": (0, 3), "window": (0, 2)}
    spec = counts(bounds, most=4, groups=[(["harry", "kate"], 2, why)])
    assert spec["groups"] == [{"keys": ["harry", "kate"], "most": 2, "reason": why}]
    with pytest.raises(ValueError):
        counts(bounds, groups=[(["eve"], 1, None)])
    seen = set()
    for i in range(300):
        drawn = random_params({"params": {"p": spec}}, Rng(bytes(32), i))["p"]
        assert drawn["harry"] + drawn["kate"] <= 2 and sum(drawn.values()) <= 4
        seen.add((drawn["harry"] + drawn["kate"], drawn["door"]))
    assert (2, 2) in seen and (0, 3) in seen  # the group and the total both reached
    least = counts(bounds, most=4, least=4, groups=[(["harry", "kate"], 1, None)])
    for i in range(100):
        drawn = random_params({"params": {"p": least}}, Rng(bytes(32), i))["p"]
        assert drawn["harry"] + drawn["kate"] <= 1 and sum(drawn.values()) == 4


def test_a_destructive_choice_is_never_the_preselected_one():
    from tableapp.engine.game import action, choice

    spec = choice(["keep", "discard"], value="keep", destructive=["discard"])
    assert spec["value"] == "keep" and spec["destructive"] == ["discard"]
    with pytest.raises(ValueError):
        choice(["keep", "discard"], value="discard", destructive=["discard"])
    assert action("drop", "Drop", destructive=True)["destructive"] is True
