"""Player names: the join check and the spec's pattern give the same answer (issue 9, items
1 and 9), so a schema-valid name is never refused and a refused one is never schema-valid."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tableapp.texts.names import check_name, first_refused, name_pattern, refused
from tests.texts import english

PATTERN = re.compile(name_pattern())
# Names drawn from everything a name may meet: letters, marks, spaces, controls, format
# characters, emoji, unassigned code points.
NAME_PARTS = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",)), max_size=45),
    st.text(
        st.sampled_from(
            [
                "A",
                "é",
                " ",
                "\t",
                "\n",
                "\u3000",
                "\u0301",
                "\u200b",
                "\u200d",
                "\u202e",
                "\x00",
                "\u3164",
                "\u2800",
                "😀",
                "\u2028",
                "\ufeff",
                "\U000e0001",
                "李",
            ]
        ),
        max_size=45,
    ),
    st.builds(
        lambda pad, n: " " * pad + "x" * n + " " * pad, st.integers(0, 3), st.integers(0, 42)
    ),
)


@settings(max_examples=3000, deadline=None)
@given(NAME_PARTS)
def test_the_spec_pattern_accepts_exactly_what_the_join_check_accepts(raw):
    name, reason = check_name(raw)
    assert (name is not None) == bool(PATTERN.search(raw)), (raw, reason)
    if name is not None:
        assert name == raw.strip() and 1 <= len(name) <= 40


@pytest.mark.parametrize(
    "raw, reason",
    [
        ("Ana\u202e", "U+202E"),
        ("\u200b", "U+200B"),
        ("   ", "visible"),
        ("\u0301a", "starts"),
        ("a" * 41, "40"),
    ],
)
def test_refusals_say_why(raw, reason):
    name, why = check_name(raw)
    assert name is None and reason in english(why)


def test_a_printable_text_holds_no_refused_character():
    """``first_refused`` skips the look at each character of a printable text: no character
    Python calls printable is one the rule refuses (every code point checked)."""
    both = [p for p in range(0x110000) if chr(p).isprintable() and refused(chr(p))]
    assert both == []
    assert first_refused("Zombie\u202eA") == "\u202e"
    assert first_refused("Zombie\u2028") == "\u2028"
    assert first_refused("Zombie à l'école") is None
