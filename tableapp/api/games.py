"""The catalogue of games."""

from __future__ import annotations

from .. import catalog
from ..content import has_pack
from ..engine.messages import M
from ..problems import Problem
from ..tables import COLOURS
from ..texts.i18n import Renderer, request_language
from .blueprint import Blueprint
from .error_handlers import PROBLEM
from .schemas import GamesSchema, ProblemSchema
from .shared import json_response

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
            "variant_labels": texts.localize(getattr(g, "variant_labels", {})),
            "players": {"min": g.players[0], "max": g.players[1]},
            "options": texts.localize(g.options),
            "help": catalog.help_text(g.id, lang),
            "pack": has_pack(g.id),
        }
        for g in catalog.games()
    ]
    response = json_response({"games": games, "colours": COLOURS}, private=False)
    response.headers["Vary"] = "Accept-Language"
    response.headers["Content-Language"] = lang
    return response


@bp.route("/games/<game_id>/pack")
@bp.response(200, description="The game's built-in content pack, to edit into your own box's")
@bp.alt_response(
    404,
    schema=ProblemSchema,
    content_type=PROBLEM,
    description="No such game (`unknown_game`), or one without a pack (`no_pack`)",
)
def pack(game_id: str):
    """The built-in content pack as a file: the starting point for your own box's cards (edit
    it, then load it when opening a table). A game whose rules print every component has
    none (its `pack` is false in `GET /api/games`)."""
    if game_id not in {g.id for g in catalog.games()}:
        raise Problem(404, "unknown_game", M("engine.unknown_game", game=game_id))
    if not has_pack(game_id):
        name = catalog.game(game_id).name
        raise Problem(404, "no_pack", M("pack.none", game=name))
    response = json_response(catalog.content(game_id), private=False)
    response.headers["Content-Disposition"] = f'attachment; filename="{game_id}-pack.json"'
    return response
