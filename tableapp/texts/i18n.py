"""Rendering the rules' messages in the viewer's language, from gettext catalogs.

Rules code produces messages (``{"msg": id, "args": {...}}``, see
:mod:`tableapp.engine.messages`); this module turns them into text with the catalogs in
``tableapp/translations/<lang>/LC_MESSAGES/*.po`` (the shell's domains: ``messages`` for the
engine and the shell, ``packs``, ``phone``) and in each game package's own ``translations/``
folder (its domain: ``<package>/translations/<lang>/LC_MESSAGES/<package>.po``), read with
Babel. Message ids are
stable and symbolic (``zl.place.refuge``); English is a catalogue like French, so no text
lives in code. Placeholders are ``{name}`` fields filled from the rendered arguments.

:func:`localize` walks any JSON value (a view, a log entry, an action answer): a bare text
value (a message alone, or a content name ``{"i18n": {...}}``) becomes its string; a dict that
carries a message among other keys (an event, a prompt) keeps ``msg`` and ``args`` and gains
``text``.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel.lists import format_list
from babel.messages.pofile import read_po

from ..engine.messages import LANGUAGES, M, is_message
from .labels import action_name

DEFAULT = "en"
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
#: The built-in games' folder: each game package there carries its own ``translations/``.
GAMES = Path(__file__).resolve().parent.parent / "games"
#: Game packages outside the built-in folder whose catalogues are read too (the tests' example
#: game: :func:`tableapp.catalog.add_games` adds its folder)
_game_folders: list[Path] = []


class MissingMessage(KeyError):
    """A message id with no text in a catalogue (tests render strictly)."""


@dataclass(frozen=True)
class Translations:
    lang: str
    texts: dict[str, str | tuple[str, ...]]
    plural: Callable[[int], int]


def translation_folders() -> list[Path]:
    """Every ``translations`` folder: the shell's, then those of the game packages (each
    holds its game's domain)."""
    own = sorted(GAMES.glob("*/translations")) + [
        folder / "translations" for folder in _game_folders if (folder / "translations").is_dir()
    ]
    return [TRANSLATIONS, *own]


def add_game_folder(folder: Path) -> None:
    """Also read the catalogues of the game package in ``folder`` (one outside
    ``tableapp/games``); the catalogues read so far are read again."""
    folder = Path(folder).resolve()
    if folder not in _game_folders and folder.parent != GAMES:
        _game_folders.append(folder)
        translations_in.cache_clear()


def translation_files(lang: str) -> list[Path]:
    """One ``.po`` file per domain: ``messages`` (the engine and the shell), ``packs``,
    ``phone`` (the phone app's own words) and one per game (in its package), from every
    folder of :func:`translation_folders`."""
    return [
        path
        for folder in translation_folders()
        for path in sorted((folder / lang / "LC_MESSAGES").glob("*.po"))
    ]


def read_translation_file(path: Path, lang: str):
    with path.open("rb") as po:
        return read_po(po, locale=lang)


@cache
def translations_in(lang: str) -> Translations:
    """Every domain's texts in ``lang`` (read once per process)."""
    texts: dict[str, str | tuple[str, ...]] = {}
    plural_expr = None
    for path in translation_files(lang):
        catalog = read_translation_file(path, lang)
        plural_expr = plural_expr or catalog.plural_expr
        for message in catalog:
            if not message.id or message.context == PHONE:
                continue  # the header; the phone app's own words (see phone_texts)
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            string = message.string
            if isinstance(string, tuple | list):
                if any(string):
                    texts[key] = tuple(string)
            elif string:
                texts[key] = string
    return Translations(lang, texts, gettext.c2py(plural_expr or "(n != 1)"))


#: The message context of the phone app's own words (its buttons, headings, a game screen's
#: labels): they live in the catalogues beside the server's texts, ``msgctxt "phone"``, the
#: shell's in the ``phone`` domain and a game screen's in its game's domain, and are served to
#: the phone per language (:func:`phone_texts`, ``/texts/<lang>.json``).
PHONE = "phone"


def phone_entries(lang: str, translations: Path = TRANSLATIONS) -> dict[str, str]:
    """``{id: text}`` of the phone's texts in ``lang``'s catalogues (empty ones too): those of
    every folder of :func:`translation_folders`, a game package's own too, with ``translations``
    in place of the shell's folder."""
    folders = [translations, *translation_folders()[1:]]
    out: dict[str, str] = {}
    for folder in folders:
        for path in sorted((folder / lang / "LC_MESSAGES").glob("*.po")):
            for message in read_translation_file(path, lang):
                if message.id and message.context == PHONE:
                    out[message.id] = message.string or ""
    return out


def phone_texts(lang: str, translations: Path = TRANSLATIONS) -> dict[str, str]:
    """The phone's texts in ``lang``, what it shows: English's where ``lang`` has none (from
    every catalogue folder, ``translations`` in place of the shell's)."""
    texts = {k: v for k, v in phone_entries(DEFAULT, translations).items() if v}
    if lang != DEFAULT:
        texts.update({k: v for k, v in phone_entries(lang, translations).items() if v})
    return dict(sorted(texts.items()))


@cache
def phone_ids() -> frozenset[str]:
    """Every phone text's id in any language's catalogues (what a script's template literal
    can stand for, see :func:`tableapp.texts.extract.phone_calls`)."""
    return frozenset(k for lang in LANGUAGES for k in phone_entries(lang))


def best_language(accept: Any) -> str:
    """The language to answer in from a request's ``Accept-Language`` (werkzeug's
    ``request.accept_languages``), English when nothing matches."""
    if accept is None:
        return DEFAULT
    return accept.best_match(LANGUAGES, default=DEFAULT) or DEFAULT


# A placeholder right before a closing quotation mark: the quoted text ends the quotation, so
# its own full stop goes ("Ben undid “Ana drew a card”."), as does French « … ».
_QUOTED = re.compile(r"\{(\w+)\}[\u00a0\u202f]?[”»]")
# French elision before a vowel: "de {seat}" with Owen is "d’Owen", "que {seat}" "qu’Owen"
# (the typographic apostrophe, as every French text has it).
_ELIDED = re.compile(r"\b([Dd]|[Qq]u)e \{(\w+)\}")
_VOWELS = frozenset("aeiouàâäéèêëîïôöûüùœæ")


def _starts_with_vowel(text: str | None) -> bool:
    return bool(text) and text[0].lower() in _VOWELS


def fitted(template: str, values: dict[str, str], lang: str) -> str:
    """``template`` fitted to the words that fill it (``values`` may lose a final full stop):
    a quoted message does not end on its own full stop, and in French "de"/"que" elide before
    a name that starts with a vowel. The words themselves are never read for meaning."""
    for name in _QUOTED.findall(template):
        value = values.get(name)
        if value and value.endswith(".") and not value.endswith(".."):
            values[name] = value[:-1]
    if lang == "fr":
        template = _ELIDED.sub(
            lambda m: (
                f"{m.group(1)}\u2019{{{m.group(2)}}}"
                if _starts_with_vowel(values.get(m.group(2)))
                else m.group(0)
            ),
            template,
        )
    return template


#: The suffix of a message's second-person form: ``undo.done.to_you`` ("You undid …") is what
#: the phone of the seat that ``undo.done``'s ``seat`` names reads; everyone else (and the
#: table screen) reads ``undo.done`` ("Ana undid …"). A message without one reads the same
#: everywhere.
TO_YOU = ".to_you"


#: What ``localize`` walks into (anything else is kept as it is, without a call).
_NESTED = (dict, list)
#: A message's own keys, kept as they are when it is rendered.
_KEPT = frozenset({"args", "msg"})


class Renderer:
    """Renders messages in one language; seats are named from ``names`` (``{seat: name}``),
    action types by their names in ``game`` (a game id: the table's). ``you``: the seat whose
    phone reads the texts (None: the table screen, an export): a message whose subject
    (its ``seat``) is that seat speaks to it in the second person when it has such a form
    (:data:`TO_YOU`)."""

    def __init__(
        self,
        lang: str = DEFAULT,
        names: Mapping[int, str] | None = None,
        *,
        strict: bool = False,
        game: str | None = None,
        you: int | None = None,
    ) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self.names = dict(names or {})
        self.strict = strict
        self.game = game
        self.you = you

    def _addressed(self, msg: str, args: Mapping[str, Any]) -> str:
        """``msg``'s form for this reader: its second-person one when its subject is ``you``."""
        if self.you is None or args.get("seat") != {"seat": self.you}:
            return msg
        second = msg + TO_YOU
        return second if second in translations_in(self.lang).texts else msg

    # --- one message ---------------------------------------------------------------------------

    def _template(self, msg: str, args: Mapping[str, Any]) -> str:
        for lang in (self.lang, DEFAULT):
            cat = translations_in(lang)
            text = cat.texts.get(msg)
            if text is None:
                if self.strict:
                    raise MissingMessage(f"{msg!r} has no {lang} text")
                continue
            if isinstance(text, tuple):
                count = args.get("count", 1)
                index = cat.plural(count if isinstance(count, int) else 1)
                return text[min(index, len(text) - 1)]
            return text
        return msg

    def text(self, message: Mapping[str, Any], *, sentence: bool = True) -> str:
        """``{"msg", "args"}`` as text; a ``sentence`` starts with a capital letter (so "the
        host" opens one as "The host")."""
        args = message.get("args") or {}
        template = self._template(self._addressed(message["msg"], args), args)
        values = {name: self.arg(value) for name, value in args.items()}
        template = fitted(template, values, self.lang)
        try:
            text = template.format_map(values)
        except (KeyError, IndexError, ValueError) as error:
            if self.strict:
                raise MissingMessage(f"{message['msg']!r}: {error}") from None
            text = template
        return text[:1].upper() + text[1:] if sentence else text

    def arg(self, value: Any) -> str:
        """One argument as words (see :mod:`tableapp.engine.messages`)."""
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, int | float | str):
            return str(value)
        if value is None:
            return ""
        if isinstance(value, list):
            return format_list([self.arg(v) for v in value], locale=self.lang) if value else ""
        if isinstance(value, dict):
            if is_message(value):
                return self.text(value, sentence=False)
            if "i18n" in value:
                return self.pick(value["i18n"])
            if set(value) == {"seat"}:
                return self.seat(value["seat"])
            if set(value) == {"action"} and isinstance(value["action"], str):
                return self.action(value["action"])
        if self.strict:
            raise MissingMessage(f"cannot render argument {value!r}")
        return str(value)

    def pick(self, names: Mapping[str, str]) -> str:
        return names.get(self.lang) or names.get(DEFAULT) or next(iter(names.values()), "")

    def seat(self, seat: Any) -> str:
        if seat == 0:
            return self.text(M("seat.host"), sentence=False)
        name = self.names.get(seat)
        if name is None:
            return self.text(M("seat.number", n=seat))
        return name

    def action(self, kind: str) -> str:
        """An action type by its name in the game (a type the game does not have is shown as
        it was asked: it is the asker's word, not one of the game's ids)."""
        name = action_name(self.game, kind)
        return kind if name is None else self.text(name)

    # --- whole values --------------------------------------------------------------------------

    def localize(self, value: Any) -> Any:
        """``value`` with every message rendered (a new value; the input is not changed)."""
        if isinstance(value, list):
            # Scalars are kept without a call each: a view holds thousands of them.
            return [self.localize(v) if isinstance(v, _NESTED) else v for v in value]
        if not isinstance(value, dict):
            return value
        if "i18n" in value and len(value) == 1:
            return self.pick(value["i18n"])
        if is_message(value) and set(value) <= {"msg", "args"}:
            return self.text(value, sentence=False)  # a label or a name, as the catalogue has it
        return self.carrier(value)

    def carrier(self, value: dict) -> dict:
        """A dict that carries a message among other things (an event, a prompt): its parts
        localized, ``msg`` and ``args`` kept, the rendered ``text`` added."""
        out = {
            k: (self.localize(v) if isinstance(v, _NESTED) and k not in _KEPT else v)
            for k, v in value.items()
        }
        if is_message(value):
            out["text"] = self.text(value)
        return out

    def events(self, events: list) -> list:
        """Log events: each keeps its message and gains its text (never collapsed to a
        string, even when it is a message alone)."""
        return [self.carrier(e) if isinstance(e, dict) else e for e in events]


def render(message: Mapping[str, Any] | str, lang: str = DEFAULT, names=None) -> str:
    """One message (or a plain string, returned as is) as text."""
    if isinstance(message, str):
        return message
    return Renderer(lang, names).text(message)


def request_language() -> str:
    """The language of the current request (``Accept-Language``), English outside one."""
    from flask import g, has_request_context, request

    if not has_request_context():
        return DEFAULT
    g.content_language = best_language(request.accept_languages)
    return g.content_language


def init_app(app) -> None:
    """A response rendered in the request's language says which (``Content-Language``), and
    that another ``Accept-Language`` may get another text (``Vary``), for caches and readers."""
    from flask import g

    @app.after_request
    def _content_language(response):
        lang = g.get("content_language")
        if lang is not None:
            response.headers["Content-Language"] = lang
            response.vary.add("Accept-Language")
        return response
