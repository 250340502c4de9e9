"""The catalogue of games."""

from __future__ import annotations

from .. import catalog
from ..tables import COLOURS
from .common import json_response
from .parsing import Blueprint
from .schemas import GamesSchema

bp = Blueprint("games", __name__, url_prefix="/api", description="The games tableapp plays")


@bp.route("/games")
@bp.response(200, GamesSchema)
def list_games():
    """Games, their variants, player counts and options."""
    games = [
        {
            "id": g.id,
            "name": g.name,
            "variants": g.variants,
            "players": {"min": g.players[0], "max": g.players[1]},
            "options": g.options,
            "help": catalog.help_text(g.id),
        }
        for g in catalog.games()
    ]
    return json_response({"games": games, "colours": COLOURS}, private=False)
