"""Texts as data: every text a game produces is a message id with arguments.

Rules code never writes prose. It builds plain JSON that the shell renders in each viewer's
language from gettext catalogs (``tableapp/translations``, and each game package's
``translations``)::

    M("zl.place.refuge", seat=seat_ref(2), card=named({"en": "Brute", "fr": "Brute"}), value=8)
    → {"msg": "zl.place.refuge", "args": {"seat": {"seat": 2}, "card": {"i18n": {...}}, "value": 8}}

Argument values are one of:

- a number or a string, shown as it is (strings are for things that are not words: codes, cell
  numbers);
- ``seat_ref(n)``: the player of seat ``n`` (``0`` is the host), shown as their name;
- ``named({"en": ..., "fr": ...})``: a content name (cards, tiles) in both languages, from the pack;
- ``action_ref(type)``: an action type, shown by its name in the table's game ("Take a Zombie
  card from the track", never ``take_card``; see :mod:`tableapp.texts.labels`);
- another message (``M(...)``), rendered first;
- a list of any of these, joined the language's way ("Ana, Ben and Chloé" / "Ana, Ben et Chloé").

A message with a ``count`` argument may be plural in the catalogue (``ngettext``).

The rules for message ids, so that every id can be read from the code (``pybabel extract -F
babel.cfg``, ``python3 -m tools.translations``, :mod:`tableapp.texts.extract`) and checked
against both catalogues (``tests/unit/test_translations.py``):

- the id is a string literal, written where the message is built: ``M("zl.drew", seat=…)``,
  or a conditional between two literals (``M("sb.out.smart" if smart else "sb.out.antidote")``);
  never an f-string (``M(f"zl.{kind}")``), a concatenation or a variable (``M(msg, **kw)``);
  a table of messages is a table of ``M(...)`` calls (:mod:`tableapp.texts.labels`);
- the arguments are named (``seat=…``), never passed as ``**mapping``: a placeholder in the
  catalogue must be one of the call's arguments;
- a plural text (``msgid_plural``, the same id) is only for a message with a ``count``, and
  English decides which messages are plural;
- an id starts with its domain's segment: a game's rule-id prefix in lower case (``zl.``,
  ``eza.``), ``pack.`` for content-pack problems, any other for the shell (``table.``,
  ``undo.``, ``api.``); besides the ids in the code, a catalogue holds only their
  second-person forms (``<id>.to_you``) and, outside English, each game's help
  (``<game>.help``).

Where a message stands alone as a text value (a label, a reason, a name) the shell replaces it
with the rendered string; where it carries other keys (an event, a prompt) the shell keeps
``msg`` and ``args`` and adds the rendered ``text``. Clients use ``msg`` and ``args``; they
never parse ``text``.
"""

from __future__ import annotations

from typing import Any

Message = dict[str, Any]

#: Languages every message and every content name exists in (English is the default).
LANGUAGES = ("en", "fr")


def M(msg: str, /, **args: Any) -> Message:  # noqa: N802 (reads as a constructor in rules code)
    """A message: its stable id and its arguments."""
    return {"msg": msg, "args": args}


def seat_ref(seat: int) -> dict:
    """An argument naming the player of ``seat`` (0: the host)."""
    return {"seat": seat}


def action_ref(action_type: str) -> dict:
    """An argument naming an action type (shown by its name in the table's game)."""
    return {"action": action_type}


def named(names: dict[str, str]) -> dict:
    """A content name given in every language (``{"en": ..., "fr": ...}``)."""
    return {"i18n": dict(names)}


def is_message(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("msg"), str)


def is_text(value: Any) -> bool:
    """A bare text value: a message with nothing else, or a content name."""
    if not isinstance(value, dict):
        return False
    keys = set(value)
    return (is_message(value) and keys <= {"msg", "args"}) or keys == {"i18n"}


def pack_names(entry: dict) -> dict:
    """A content entry's names (``name`` and ``name_fr``) as :func:`named`."""
    return named({"en": entry["name"], "fr": entry.get("name_fr", entry["name"])})


def problem(where: str, what: str, /, **args: Any) -> Message:
    """A content-pack problem, in the reader's language: ``where`` names the file, the card and
    the field the way the pack writes them (``spawn.toml: card[z07].yellow.walker`` — the
    format's own names, the same in every language), ``what`` is the message id of what is
    wrong (``pack.whole``: "must be a whole number from 0 to 20") with its arguments."""
    return M("pack.problem", where=where, what={"msg": what, "args": args})


def missing_names(
    rows: list[dict], where: str, fields: tuple[str, ...] = ("name",)
) -> list[Message]:
    """Content validation: every row gives each field in every language (``name``,
    ``name_fr``)."""
    problems = []
    for index, row in enumerate(rows):
        for field in fields:
            for lang in LANGUAGES:
                key = field if lang == "en" else f"{field}_{lang}"
                value = row.get(key) if isinstance(row, dict) else None
                if not isinstance(value, str) or not value.strip():
                    label = row.get("id", index) if isinstance(row, dict) else index
                    problems.append(problem(f"{where}[{label}].{key}", "pack.text"))
    return problems
