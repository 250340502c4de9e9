"""Player names: what a name may hold, checked on join and stated exactly in the spec.

A name is trimmed (``str.strip``) and stored so; what is left is 1–40 characters, none of
them a control or format character (NUL, bidi overrides such as U+202E, zero-width spaces
and joiners), a line or paragraph separator or a surrogate — each would hide or rearrange
what the other screens show — and the first of them visible: not a space, not a combining
mark, not a letter that draws nothing (Hangul fillers, the blank Braille pattern). So a name
of invisible characters only is refused, and so is one that starts with something that
draws nothing.

:func:`check_name` gives the reason a name is refused; :func:`name_pattern` says the same as
one regular expression for the OpenAPI spec (a test holds them to the same answers).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable

from ..engine.messages import M

NAME_LENGTH = 40
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
BLANK_LETTERS = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"})
# Planes 4 to 13 hold no character yet; the patterns treat them like plane 3 (unassigned).
_PLANES = ((0, 0x40000), (0xE0000, 0x110000))


def refused(character: str) -> bool:
    return unicodedata.category(character) in REFUSED_CATEGORIES


def first_refused(text: str) -> str | None:
    """The first refused character of ``text``, else ``None``. A printable text
    (``str.isprintable``: no character of the Other or Separator categories but the space)
    holds none, which spares a pack's thousands of texts a look at each character."""
    if text.isprintable():
        return None
    return next((c for c in text if refused(c)), None)


def visible(character: str) -> bool:
    category = unicodedata.category(character)
    return (
        category[0] not in "MZ"
        and category not in REFUSED_CATEGORIES
        and (character not in BLANK_LETTERS)
    )


def text_reason(text: str, length: int) -> tuple[str, dict] | None:
    """Why ``text`` (already trimmed or never trimmed) breaks the rule above for at most
    ``length`` characters: ``(reason, args)`` — ``hidden_character``, ``nothing_visible``,
    ``first_visible`` or ``too_long`` — else ``None``. Player names and every text of a content
    pack (:mod:`tableapp.content.validation`) follow it, each with its own messages."""
    hidden = first_refused(text)
    if hidden is not None:
        return "hidden_character", {"character": f"U+{ord(hidden):04X}"}
    if not any(visible(c) for c in text):
        return "nothing_visible", {}
    if not visible(text[0]):
        return "first_visible", {}
    if len(text) > length:
        return "too_long", {"max": length}
    return None


def check_name(raw: str) -> tuple[str | None, dict | None]:
    """``(name, None)`` for an acceptable name (trimmed), else ``(None, reason)``, the reason
    a message (rendered in the request's language)."""
    name = raw.strip()
    reason, args = text_reason(name, NAME_LENGTH) or (None, {})
    if reason == "hidden_character":
        return None, M("api.name.hidden_character", character=args["character"])
    if reason == "nothing_visible":
        return None, M("api.name.nothing_visible")
    if reason == "first_visible":
        return None, M("api.name.first_visible")
    if reason == "too_long":
        return None, M("api.name.too_long", max=args["max"])
    return name, None


def _ranges(predicate: Callable[[str], bool], planes=_PLANES) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for low, high in planes:
        for point in range(low, high):
            if predicate(chr(point)):
                if runs and runs[-1][1] == point - 1:
                    runs[-1] = (runs[-1][0], point)
                else:
                    runs.append((point, point))
    return runs


def _char(point: int) -> str:
    # BMP as \uXXXX (ECMA-262 and Python alike); beyond it the character itself.
    return f"\\u{point:04X}" if point <= 0xFFFF else chr(point)


def _class(ranges: list[tuple[int, int]], *, negate: bool) -> str:
    """A character class. Surrogates are left out: they are no characters (a JSON body with
    a lone one is refused before any schema), and some regex engines refuse them."""
    pieces = []
    for low, high in ranges:
        if low < 0xD800:
            pieces.append((low, min(high, 0xD7FF)))
        if high > 0xDFFF:
            pieces.append((max(low, 0xE000), high))
    parts = []
    for low, high in pieces:
        if low <= 0xFFFF < high:  # no range written across the BMP's end
            parts += [f"{_char(low)}-{_char(0xFFFF)}", f"{_char(0x10000)}-{_char(high)}"]
        else:
            parts.append(_char(low) if low == high else f"{_char(low)}-{_char(high)}")
    return f"[{'^' if negate else ''}{''.join(parts)}]"


@functools.cache
def _pattern_parts() -> tuple[str, str, str, str]:
    spaces = _class(_ranges(str.isspace, ((0, 0x10000),)), negate=False)
    bad = _ranges(refused)
    inner = _class(bad, negate=True)
    last = _class(sorted(bad + _ranges(str.isspace, ((0, 0x10000),))), negate=True)
    first = _class(_ranges(lambda c: not visible(c)), negate=True)
    return spaces, first, inner, last


@functools.cache
def word_pattern(length: int) -> str:
    """Up to ``length`` characters, none of them hidden (what :func:`refused` refuses), as a
    regular expression: a pack's ids, kinds and choices (which may be empty)."""
    _spaces, _first, inner, _last = _pattern_parts()
    return f"^{inner}{{0,{length}}}$"


@functools.cache
def text_pattern(length: int) -> str:
    """What :func:`text_reason` accepts (untrimmed: the text starts with a visible character),
    as a regular expression."""
    _spaces, first, inner, _last = _pattern_parts()
    return f"^{first}{inner}{{0,{length - 1}}}$"


@functools.cache
def name_pattern() -> str:
    """What :func:`check_name` accepts, as a regular expression (ECMA-262 and Python):
    optional whitespace; a visible character; up to 39 more, none refused, the last no
    whitespace; optional whitespace."""
    spaces, first, inner, last = _pattern_parts()
    return f"^{spaces}*{first}(?:{inner}{{0,{NAME_LENGTH - 2}}}{last})?{spaces}*$"
