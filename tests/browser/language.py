"""Catching a language on a screen that should be in another: the words only English uses
(from the server's catalogues and the phone app's own strings, minus every word French uses
too) must never show on a French screen."""

from __future__ import annotations

import re

from tableapp import catalog
from tableapp.i18n import catalogue

WORD = re.compile(r"[^\W\d_]{4,}", re.UNICODE)
PLACEHOLDER = re.compile(r"\{[^}]*\}")
URL = re.compile(r"\bhttps?://\S+")

# Load every game module so its strings are registered, then read both languages.
UI_STRINGS = """async () => {
  const i18n = await import("/js/i18n.js");
  const games = await import("/js/games/index.js");
  for (const id of games.GAME_IDS) await games.rendererFor(id);
  return { en: Object.values(i18n.strings("en")), fr: Object.values(i18n.strings("fr")) };
}"""


def words(texts) -> set[str]:
    found: set[str] = set()
    for text in texts:
        for form in text if isinstance(text, tuple) else (text,):
            found |= {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", form))}
    return found


def english_only(page) -> set[str]:
    """Words of the English texts that no French text uses."""
    ui = page.evaluate(UI_STRINGS)

    def server(lang: str) -> list:  # help pages quote option keys (pass_counts_self): not words
        return [text for msg, text in catalogue(lang).texts.items() if not msg.endswith(".help")]

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
    for name in ignore:  # a table code (HURT4X) or a name is no word of a language
        text = text.replace(name, " ")
    return sorted(
        {w.lower() for w in WORD.findall(text)} & vocabulary - {i.lower() for i in ignore}
    )
