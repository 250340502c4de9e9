"""Reading the rules' messages the way a player does: rendered from the catalogues."""

from __future__ import annotations

from tableapp.texts.i18n import Renderer


def english(message, names=None, *, sentence: bool = True) -> str:
    """A message (``{"msg", "args"}``) as its English text (as a sentence: with a capital
    first letter, as events and prompts read); strict: a missing id fails."""
    if isinstance(message, str):
        return message
    return Renderer("en", names, strict=True).text(message, sentence=sentence)


def french(message, names=None, *, sentence: bool = True) -> str:
    return Renderer("fr", names, strict=True).text(message, sentence=sentence)
