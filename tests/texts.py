"""Reading the rules' messages the way a player does: rendered from the catalogues."""

from __future__ import annotations

from tableapp.i18n import Renderer


def english(message, names=None) -> str:
    """A message (``{"msg", "args"}``) as its English text; strict: a missing id fails."""
    if isinstance(message, str):
        return message
    return Renderer("en", names, strict=True).text(message)


def french(message, names=None) -> str:
    return Renderer("fr", names, strict=True).text(message)
