"""Catching a language on a screen that should be in another: the words only English uses
(from the catalogues, the server's texts and the phone app's own words, minus every word French uses
too) must never show on a French screen."""

from __future__ import annotations

import re

from tableapp import catalog
from tableapp.texts.i18n import phone_entries, translations_in

WORD = re.compile(r"[^\W\d_]{4,}", re.UNICODE)
CODE = re.compile(r"\b\w*\d\w*\b")
PLACEHOLDER = re.compile(r"\{[^}]*\}")
URL = re.compile(r"\bhttps?://\S+")


def words(texts) -> set[str]:
    found: set[str] = set()
    for text in texts:
        for form in text if isinstance(text, tuple) else (text,):
            found |= {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", form))}
    return found


def english_only() -> set[str]:
    """Words of the English texts that no French text uses."""
    # the phone's own words as the catalogues hold them (what is served fills French's gaps
    # with English: an untranslated text would pass for French)
    ui = {lang: list(phone_entries(lang).values()) for lang in ("en", "fr")}

    def server(lang: str) -> list:  # help pages quote option keys (pass_counts_self): not words
        return [
            text for msg, text in translations_in(lang).texts.items() if not msg.endswith(".help")
        ]

    en = words(server("en")) | words(ui["en"])
    fr = words(server("fr")) | words(ui["fr"])
    # A game's name is its name in every language ("Student Bodies" on a French screen), and
    # the French names and texts of the content packs are French ("Second souffle").
    names = words(game.name for game in catalog.games())
    packs = words(_french_content(catalog.content(game.id)) for game in catalog.games())
    return en - fr - names - packs


def _french_content(value, key: str = "") -> str:
    if isinstance(value, dict):
        return " ".join(_french_content(v, k) for k, v in value.items())
    if isinstance(value, list):
        return " ".join(_french_content(v, key) for v in value)
    return value if isinstance(value, str) and key.endswith("_fr") else ""


def english_on(page, vocabulary: set[str], ignore: set[str] = frozenset()) -> list[str]:
    """English-only words visible on the page (player names and other ``ignore`` aside)."""
    text = URL.sub(" ", page.evaluate("() => document.body.innerText"))
    # A run of letters and digits (a log head's first digits, a seed commitment) is no word:
    # the hex "3fdead91…" holds "dead" but says nothing in English.
    text = CODE.sub(" ", text)
    for name in ignore:  # a table code (HURT4X) or a name is no word of a language
        text = text.replace(name, " ")
    return sorted(
        {w.lower() for w in WORD.findall(text)} & vocabulary - {i.lower() for i in ignore}
    )
