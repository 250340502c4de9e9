"""The catalogue of games."""

from __future__ import annotations

from .. import catalog
from ..i18n import Renderer, request_language
from ..tables import COLOURS
from .common import json_response
from .parsing import Blueprint
from .schemas import GamesSchema

bp = Blueprint("games", __name__, url_prefix="/api", description="The games tableapp plays")


@bp.route("/games")
@bp.response(200, GamesSchema)
def list_games():
    """Games, their variants, player counts and options, in the request's language."""
    lang = request_language()
    texts = Renderer(lang)
    games = [
        {
            "id": g.id,
            "name": g.name,
            "variants": g.variants,
            "players": {"min": g.players[0], "max": g.players[1]},
            "options": texts.localize(g.options),
            "help": catalog.help_text(g.id, lang),
        }
        for g in catalog.games()
    ]
    response = json_response({"games": games, "colours": COLOURS}, private=False)
    response.headers["Vary"] = "Accept-Language"
    response.headers["Content-Language"] = lang
    return response
