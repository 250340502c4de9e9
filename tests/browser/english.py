"""Finding English on a French screen: the words of the English texts (the catalogues, the
phone app's own words among them, every built-in pack's English names and texts) that no French
text uses. A screen that shows one of them shows an untranslated prompt, button, card or log
line. Raw keys ("take_card", "kitchen:1") are English too."""

from __future__ import annotations

import re
import tomllib
from functools import cache

from babel.messages.pofile import read_po

from tableapp import catalog
from tableapp.content.builtin import builtin_folder
from tableapp.texts.i18n import translation_files

WORD = re.compile(r"[^\W\d_]+")  # apostrophes split: "l'app", "card's"
RAW = re.compile(r"\b[a-z]+(?:[_:][a-z0-9]+)+\b")
PLACEHOLDER = re.compile(r"\{\w+\}")
#: Words shared by both languages that a catalogue happens to use in one only.
SHARED = {"eza", "ok", "qr", "sha", "tableapp", "pwa", "json", "export", "vs"}


def _po_texts(lang: str) -> list[str]:
    out = []
    for path in translation_files(lang):  # the shell's, and those games carry in their folders
        with path.open("rb") as po:
            for message in read_po(po, locale=lang):
                if not message.id or (isinstance(message.id, str) and message.id.endswith(".help")):
                    continue
                strings = message.string
                strings = strings if isinstance(strings, tuple | list) else [strings]
                out += [s for s in strings if s]
    return out


def _pack_texts(lang: str) -> list[str]:
    out = []
    suffix = "" if lang == "en" else "_fr"
    keys = {f"{k}{suffix}" for k in ("name", "text", "house_ability_text", "cemetery_ability_text")}

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in keys and isinstance(value, str):
                    out.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for game in catalog.games():  # each game's pack, in its own package
        folder = builtin_folder(game.id)
        for path in sorted(folder.glob("*.toml")) if folder is not None else ():
            walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return out


def words(texts: list[str]) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def english_only() -> frozenset[str]:
    """Words of the English texts that no French text uses (3 letters or more)."""
    english = words(_po_texts("en") + _pack_texts("en"))
    french = words(_po_texts("fr") + _pack_texts("fr"))
    return frozenset(w for w in english - french - SHARED if len(w) >= 3)


URL = re.compile(r"https?://\S+")
#: A run of letters and digits (a seed commitment, a log head, a join code) is not a word: the
#: hex "123adbec…41fed0f…" holds "fed" but says nothing in English.
CODE = re.compile(r"\b\w*\d\w*\b")


def english_in(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The English words (and raw keys) in ``text``, ``allowed`` aside (players' names);
    addresses (the join URL) and codes (hashes, digits among letters) are not words."""
    text = URL.sub(" ", text)
    words_ = WORD.findall(CODE.sub(" ", text))
    found = [w for w in words_ if w.lower() in english_only() and w not in allowed]
    return found + RAW.findall(text)
