"""View patches (issue 27): the operations ``view_patch`` makes turn the old view into the new
one under a reference RFC 6902 implementation (the ``jsonpatch`` library), for any JSON."""

from __future__ import annotations

import copy

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from tableapp.tables.patches import view_patch, wants_patches

# Python's == takes true for 1 and 0 for false: a view never swaps one for the other (the
# docstring says so), and these values never do either.
leaves = st.none() | st.booleans() | st.text(max_size=6) | st.integers(min_value=2)
keys = st.text(alphabet="ab/~0", max_size=3)  # "/" and "~" must be escaped in a path
json_values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=25,
)


def applied(old, ops):
    return jsonpatch.apply_patch(copy.deepcopy(old), ops)


@settings(max_examples=400, deadline=None)
@given(json_values, json_values)
def test_a_patch_turns_the_old_value_into_the_new_one(old, new):
    assert applied(old, view_patch(old, new)) == new


@settings(max_examples=200, deadline=None)
@given(st.lists(json_values, max_size=6), st.lists(json_values, max_size=3), st.integers(0, 6))
def test_a_list_that_grows_or_shrinks_is_patched_at_the_change_not_whole(items, more, at):
    at = min(at, len(items))
    grown = items[:at] + more + items[at:]
    for old, new in ((items, grown), (grown, items)):
        ops = view_patch({"log": old}, {"log": new})
        assert applied({"log": old}, ops) == {"log": new}
        assert all(op["path"] != "/log" for op in ops)  # never the whole list again


def test_equal_values_need_no_operation_and_a_changed_leaf_one():
    view = {"seq": 4, "seats": [{"id": 1, "connected": True}], "game_view": {"pile": 30}}
    assert view_patch(view, copy.deepcopy(view)) == []
    later = copy.deepcopy(view)
    later["seq"], later["game_view"]["pile"] = 5, 29
    assert view_patch(view, later) == [
        {"op": "replace", "path": "/seq", "value": 5},
        {"op": "replace", "path": "/game_view/pile", "value": 29},
    ]


def test_a_boolean_compared_as_a_value_that_becomes_a_number_is_replaced():
    assert view_patch(True, 1) == [{"op": "replace", "path": "", "value": 1}]
    assert view_patch({"a": True}, {"a": 1, "b": 2}) == [
        {"op": "replace", "path": "/a", "value": 1},
        {"op": "add", "path": "/b", "value": 2},
    ]


def test_the_prefer_header_asks_for_patches_among_other_preferences():
    assert wants_patches("view-patch")
    assert wants_patches("respond-async, View-Patch; x=1")
    assert wants_patches("return=minimal,view-patch")
    assert not wants_patches(None) and not wants_patches("") and not wants_patches("view")
    assert not wants_patches("return=view-patch")
