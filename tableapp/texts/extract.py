"""The message ids in tableapp's code, for ``pybabel extract`` (``babel.cfg`` names
:func:`extract` as the method for ``tableapp/**.py``) and ``python3 -m tools.translations``.

Babel's own Python extractor reads ``_("text")`` calls; tableapp's texts are message ids built
with :func:`~tableapp.engine.messages.M` (``M("zl.drew", seat=…)``) and pack problems with
:func:`~tableapp.engine.messages.problem` (``problem(where, "pack.whole", …)``, the id second).
This reads those calls from the syntax tree, under the rules stated in
:mod:`tableapp.engine.messages`: the id is a string literal, or a conditional between two
(``M("a" if x else "b")``: both are extracted), and the arguments are named. A call breaking a
rule stops the extraction with the file and the line: no id may escape the catalogues.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from .i18n import PHONE, phone_ids

#: The functions that take a message id, and the position of the id among their arguments.
CALLS = {"M": 0, "problem": 1}


@dataclass(frozen=True)
class Call:
    """One call building a message: where, its id(s) and the names of its arguments."""

    lineno: int
    function: str
    ids: tuple[str, ...]
    args: frozenset[str]


class MessageIdError(ValueError):
    """A call whose id cannot be read from the code (or whose arguments are hidden)."""


def literal_ids(node: ast.expr) -> tuple[str, ...] | None:
    """The ids a call's id argument can be: a literal, or a conditional between literals."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.IfExp):
        body, orelse = literal_ids(node.body), literal_ids(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def calls(source: str, filename: str = "<source>") -> tuple[list[Call], list[str]]:
    """The message calls in ``source`` and the faults (``file:line: why``) of those breaking
    the rules."""
    found: list[Call] = []
    faults: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        position = CALLS.get(node.func.id)
        if position is None or len(node.args) <= position:
            continue
        where = f"{filename}:{node.lineno}"
        ids = literal_ids(node.args[position])
        if ids is None:
            faults.append(f"{where}: the message id is not a string literal")
            continue
        if any(k.arg is None for k in node.keywords):
            faults.append(f"{where}: {ids[0]}'s arguments are hidden in **mapping")
            continue
        args = frozenset(k.arg for k in node.keywords if k.arg)
        found.append(Call(node.lineno, node.func.id, ids, args))
    found.sort(key=lambda call: call.lineno)
    return found, faults


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict
) -> Iterator[tuple[int, None, str, list[str]]]:
    """A Babel extraction method: ``(line, None, id, [])`` for each message id (no function
    name: the id is the message, whatever ``-k`` keywords pybabel was given)."""
    filename = getattr(fileobj, "name", "<source>")
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    found, faults = calls(source, str(filename))
    if faults:
        raise MessageIdError("; ".join(faults))
    for call in found:
        for msg in call.ids:
            yield call.lineno, None, msg, []


# --- The phone app's ids -------------------------------------------------------------------
#
# The phone's own words are catalogue entries too, marked with the message context ``phone``
# (``msgctxt "phone"``: the same id may name a server text, ``zl.drew``, and a phone one). The
# phone reads them with ``t(id, args)`` and ``has(id)`` (``pwa/js/i18n.js``); this reads those
# calls from the JavaScript: a string literal (or one of a conditional's) is an id the
# catalogues must hold; a template literal (``t(`eza.phase.${phase}`)``) stands for the phone
# ids of the catalogues it matches and must match one; any other string literal that is a
# phone id of the catalogues (``const key = moved ? "revoked.moved" : "revoked"``) uses it.

#: The phone's functions that take a text's id first
JS_CALLS = ("t", "has")

_JS_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_JS_NUMBER = re.compile(r"\d[\w.]*")
#: After these words a ``/`` starts a regular expression, not a division.
_REGEX_WORDS = {"return", "typeof", "case", "in", "of", "delete", "void", "throw", "new", "else"}


def _starts_regex(before: JsToken | None) -> bool:
    """Whether a ``/`` after ``before`` starts a regular expression (not a division)."""
    if before is None:
        return True
    if before.kind == "name":
        return before.value in _REGEX_WORDS
    return before.kind == "punct" and before.value not in ")]}"


@dataclass(frozen=True)
class JsToken:
    """One token of a script: ``kind`` is ``str`` (a string literal, or a template literal
    without ``${}``), ``tpl`` (a template literal with parts: ``value`` its texts between the
    substitutions), ``name``, ``num``, ``punct`` (one character) or ``regex``."""

    kind: str
    value: Any
    lineno: int


class JsSyntaxError(ValueError):
    """A script this scanner cannot read (an unclosed string or comment)."""


def _js_string(source: str, i: int, quote: str) -> tuple[str, int]:
    out, i = [], i + 1
    while i < len(source) and source[i] != quote:
        if source[i] == "\n":
            raise JsSyntaxError("a string runs past its line")
        if source[i] == "\\":
            nxt = source[i + 1]
            simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "b": "\b", "f": "\f", "v": "\v"}
            if nxt == "u" and source[i + 2] == "{":
                end = source.index("}", i)
                out.append(chr(int(source[i + 3 : end], 16)))
                i = end + 1
                continue
            if nxt == "u":
                out.append(chr(int(source[i + 2 : i + 6], 16)))
                i += 6
                continue
            if nxt == "x":
                out.append(chr(int(source[i + 2 : i + 4], 16)))
                i += 4
                continue
            if nxt == "\n":
                i += 2
                continue
            out.append(simple.get(nxt, nxt))
            i += 2
            continue
        out.append(source[i])
        i += 1
    if i >= len(source):
        raise JsSyntaxError("an unclosed string")
    return "".join(out), i + 1


def js_tokens(source: str, lineno: int = 1) -> list[list[JsToken]]:
    """The tokens of ``source``, comments aside: the first stream is the script's, then one
    stream per ``${…}`` substitution of its template literals (a call inside one is read
    there, and the outer call still sees its template as one token).

    Long because a tokenizer is one loop over characters with one branch per kind of token
    (strings, template literals and their substitutions, comments, regular expressions,
    punctuation); the branches share the position and the line, which helpers would have to pass
    back and forth."""
    streams: list[list[JsToken]] = []

    def scan(i: int, line: int, closing: str | None) -> tuple[int, int]:
        """One stream of tokens from ``i`` to ``closing`` (a substitution's brace); long for the
        reason :func:`js_tokens` gives."""
        tokens: list[JsToken] = []
        streams.append(tokens)
        depth = 0
        while i < len(source):
            c = source[i]
            if c == "\n":
                line += 1
                i += 1
            elif c.isspace():
                i += 1
            elif source.startswith("//", i):
                end = source.find("\n", i)
                i = len(source) if end < 0 else end
            elif source.startswith("/*", i):
                end = source.find("*/", i + 2)
                if end < 0:
                    raise JsSyntaxError(f"line {line}: an unclosed comment")
                line += source.count("\n", i, end)
                i = end + 2
            elif c in "\"'":
                value, i = _js_string(source, i, c)
                tokens.append(JsToken("str", value, line))
            elif c == "`":
                start, parts, text, i = line, [], [], i + 1
                while True:
                    if i >= len(source):
                        raise JsSyntaxError(f"line {start}: an unclosed template literal")
                    if source[i] == "`":
                        i += 1
                        break
                    if source.startswith("${", i):
                        parts.append("".join(text))
                        text = []
                        i, line = scan(i + 2, line, "}")
                        continue
                    if source[i] == "\\":
                        text.append(source[i : i + 2])
                        i += 2
                        continue
                    line += source[i] == "\n"
                    text.append(source[i])
                    i += 1
                parts.append("".join(text))
                kind = "str" if len(parts) == 1 else "tpl"
                tokens.append(JsToken(kind, parts[0] if kind == "str" else tuple(parts), start))
            elif c == "/":
                if _starts_regex(tokens[-1] if tokens else None):
                    j, in_class = i + 1, False
                    while j < len(source) and (in_class or source[j] != "/"):
                        if source[j] == "\n":
                            raise JsSyntaxError(f"line {line}: a regular expression runs on")
                        if source[j] == "\\":
                            j += 1
                        elif source[j] == "[":
                            in_class = True
                        elif source[j] == "]":
                            in_class = False
                        j += 1
                    m = _JS_NAME.match(source, j + 1)
                    end = m.end() if m else j + 1
                    tokens.append(JsToken("regex", source[i:end], line))
                    i = end
                else:
                    tokens.append(JsToken("punct", c, line))
                    i += 1
            elif m := _JS_NAME.match(source, i):
                tokens.append(JsToken("name", m.group(), line))
                i = m.end()
            elif m := _JS_NUMBER.match(source, i):
                tokens.append(JsToken("num", m.group(), line))
                i = m.end()
            else:
                if closing and c == "{":
                    depth += 1
                elif closing and c == "}":
                    if depth == 0:
                        return i + 1, line
                    depth -= 1
                tokens.append(JsToken("punct", c, line))
                i += 1
        if closing:
            raise JsSyntaxError(f"line {line}: an unclosed ${{…}}")
        return i, line

    scan(0, lineno, None)
    return streams


@dataclass(frozen=True)
class JsNames:
    """What a script names of the phone's texts: ``ids`` (line, id) of the literals in its
    ``t``/``has`` calls, ``templates`` (line, parts) of their template literals, ``literals``
    every other string literal (line, text)."""

    ids: list[tuple[int, str]]
    templates: list[tuple[int, tuple[str, ...]]]
    literals: list[tuple[int, str]]


def js_names(source: str) -> JsNames:
    """The texts ``source`` names (see :class:`JsNames`): the first argument of each call to
    ``t`` or ``has`` (not a method: ``seen.has(x)`` is a set's), its string literals at the
    argument's own level (``t(ok ? "a" : "b")``)."""
    ids: list[tuple[int, str]] = []
    templates: list[tuple[int, tuple[str, ...]]] = []
    in_calls: set[int] = set()
    literals: list[tuple[int, str]] = []
    for tokens in js_tokens(source):
        for n, token in enumerate(tokens):
            if not (token.kind == "name" and token.value in JS_CALLS):
                continue
            if n and tokens[n - 1].kind == "punct" and tokens[n - 1].value == ".":
                continue
            if n and tokens[n - 1].kind == "name" and tokens[n - 1].value == "function":
                continue
            if n + 1 >= len(tokens) or tokens[n + 1].value != "(":
                continue
            depth = 0
            for k in range(n + 2, len(tokens)):
                arg = tokens[k]
                if arg.kind == "punct" and arg.value in "([{":
                    depth += 1
                elif arg.kind == "punct" and arg.value in ")]}":
                    if depth == 0:
                        break
                    depth -= 1
                elif arg.kind == "punct" and arg.value == "," and depth == 0:
                    break
                elif depth == 0 and arg.kind == "str" and _is_choice(tokens, k, n + 2):
                    ids.append((arg.lineno, arg.value))
                    in_calls.add(id(arg))
                elif depth == 0 and arg.kind == "tpl":
                    templates.append((arg.lineno, arg.value))
        literals += [
            (t.lineno, t.value) for t in tokens if t.kind == "str" and id(t) not in in_calls
        ]
        # an object's keys name texts too (``SHAPES = {orange: …}``: a seat colour's word)
        literals += [
            (t.lineno, t.value)
            for k, t in enumerate(tokens[1:-1], 1)
            if t.kind == "name" and tokens[k + 1].value == ":" and tokens[k - 1].value in ("{", ",")
        ]
    return JsNames(ids, templates, literals)


def _is_choice(tokens: list[JsToken], k: int, first: int) -> bool:
    """Whether the literal ``tokens[k]`` of an argument starting at ``first`` is one of the
    values it can be (``"a"`` or ``ok ? "a" : "b"``), not an operand (``status === "done"``)."""
    before = tokens[k - 1].value if k > first else None
    after = tokens[k + 1].value if k + 1 < len(tokens) else None
    return before in (None, "?", ":", "|", "&") and after in (None, ":", ",", ")", "|", "&", "?")


def template_pattern(parts: tuple[str, ...]) -> re.Pattern | None:
    """The ids a template literal can make (``${…}`` any text), or None when it has no text of
    its own to tell ids apart (``t(`${key}`)``)."""
    if not "".join(parts):
        return None
    return re.compile(".+".join(map(re.escape, parts)), re.S)


def phone_calls(
    source: str, known: frozenset[str], filename: str = "<script>"
) -> tuple[list[tuple[int, str]], list[str]]:
    """``(line, id)`` of every phone text ``source`` uses, given the ``known`` phone ids of
    the catalogues, and the faults (``file:line: why``): a template matching no known id."""
    names = js_names(source)
    found = list(names.ids)
    faults = []
    for lineno, parts in names.templates:
        pattern = template_pattern(parts)
        if pattern is None:
            continue
        matched = sorted(k for k in known if pattern.fullmatch(k))
        if not matched:
            shown = "${…}".join(parts)
            faults.append(f"{filename}:{lineno}: `{shown}` matches no phone text of the catalogues")
        found += [(lineno, k) for k in matched]
    found += [(lineno, text) for lineno, text in names.literals if text in known]
    found.sort(key=lambda item: item[0])
    return found, faults


def extract_phone(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """A Babel extraction method for the phone app's scripts: each id as ``pgettext("phone",
    id)`` (Babel's default keywords give ``pgettext`` its context first), so a template has
    ``msgctxt "phone"``. A template literal matching no phone text stops the extraction."""
    filename = getattr(fileobj, "name", "<script>")
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    found, faults = phone_calls(source, phone_ids(), str(filename))
    if faults:
        raise MessageIdError("; ".join(faults))
    for lineno, msg in found:
        yield lineno, "pgettext", (PHONE, msg), []
