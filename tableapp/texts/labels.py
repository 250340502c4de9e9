"""How a person reads the ids the API speaks in: action types, request fields, seat colours.

The API names things by stable ids (``take_card``, ``colour``, ``sky``); a text a person reads
never shows one. Each id a text may have to name has a message here (its id a literal, like
every message, so the catalogue tests see it):

- :data:`ACTION_NAMES`: each game's action types, as its phones' buttons say them ("Take a
  Zombie card from the track"), plus the engine's own (``correct``, ``board_done``) for every
  game; a refusal names an action with :func:`~tableapp.engine.messages.action_ref`, which the
  table's :class:`~tableapp.texts.i18n.Renderer` renders with these;
- :data:`FIELD_NAMES`: the request fields as the forms name them ("Colour", "Name");
- :data:`COLOUR_NAMES`: the seat colours as the lobby names them ("sky blue"), and
  :data:`BOX_COLOURS`, a game's own words for the seat colours it is played with (Eat Zem All:
  vermilion is the Red Horde).

A new game names its action types in its definition (``define(action_names={type: M(...)})``,
the first games here in :data:`ACTION_NAMES`) and their texts in its catalogue;
``tests/api/test_ids_unseen.py`` finds every type its specs offer and checks that.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.messages import M, Message
from ..engine.registry import find_game

#: ``{game id: {action type: its name}}``; ``None``: the engine's actions, in every game.
ACTION_NAMES: dict[str | None, dict[str, Message]] = {
    None: {
        "correct": M("engine.action_name.correct"),
        "board_done": M("engine.board_done.label"),
    },
    "zombie-life": {
        "choose_first": M("zl.action_name.choose_first"),
        "draw": M("zl.action.draw"),
        "pass": M("zl.action.pass"),
        "place": M("zl.action_name.place"),
        "take": M("zl.action.take"),
    },
    "eat-zem-all": {
        "activate": M("eza.action_name.activate"),
        "activate_hordes": M("eza.action_name.activate_hordes"),
        "add_zombie_card": M("eza.action_name.add_zombie_card"),
        "advance": M("eza.action.advance"),
        "barricade": M("eza.action_name.barricade"),
        "companions": M("eza.action_name.companions"),
        "dead_card": M("eza.action.dead_card"),
        "feast": M("eza.action_name.feast"),
        "gabriel_exit": M("eza.action_name.gabriel_exit"),
        "harry_joins": M("eza.action_name.harry_joins"),
        "keep_mutation": M("eza.action.keep_mutation"),
        "move": M("eza.action_name.move"),
        "odile_step": M("eza.action_name.odile_step"),
        "panic": M("eza.action.panic"),
        "place_zombie": M("eza.action_name.place_zombie"),
        "report_reach": M("eza.action.report_reach"),
        "silent_step": M("eza.action_name.silent_step"),
        "split": M("eza.action_name.split"),
        "surprise_bite": M("eza.action_name.surprise_bite"),
        "take_back": M("eza.action_name.take_back"),
        "take_card": M("eza.action.take_card"),
        "use_mutation": M("eza.action_name.use_mutation"),
    },
    "student-bodies": {
        "check_beaker": M("sb.action.check_beaker"),
        "check_corpse": M("sb.action.check_corpse"),
        "climb": M("sb.action_name.climb"),
        "defend": M("sb.action_name.defend"),
        "die": M("sb.action.die"),
        "discard_down": M("sb.action_name.discard_down"),
        "draw_zombie": M("sb.action.draw_zombie"),
        "end_turn": M("sb.action_name.end_turn"),
        "escape": M("sb.action.escape"),
        "fast": M("sb.action.fast"),
        "first_bite": M("sb.action_name.first_bite"),
        "loot": M("sb.action.loot"),
        "open_fire_doors": M("sb.action_name.open_fire_doors"),
        "open_lab": M("sb.action_name.open_lab"),
        "play": M("sb.action.play"),
        "react": M("sb.action_name.react"),
        "ready": M("sb.action.ready"),
        "smart": M("sb.action_name.smart"),
        "smart_attack": M("sb.action.smart_attack"),
        "smart_bite": M("sb.action.smart_bite"),
        "smart_switch": M("sb.action.smart_switch"),
        "stand_up": M("sb.action.stand_up"),
        "step": M("sb.action_name.step"),
        "stop": M("sb.action_name.stop"),
        "use": M("sb.action.use"),
        "zombie": M("sb.action.zombie"),
        "zombies": M("sb.action_name.zombies"),
    },
    "zombicide": {
        "add_building": M("zc.action_name.add_building"),
        "add_zone": M("zc.action_name.add_zone"),
        "allocate": M("zc.action_name.allocate"),
        "attack": M("zc.action_name.attack"),
        "buildings_done": M("zc.action_name.buildings_done"),
        "cancel_attack": M("zc.action.cancel_attack"),
        "card_sets": M("zc.action.card_sets"),
        "choose_skill": M("zc.action_name.choose_skill"),
        "deal_evenly": M("zc.action.deal_evenly"),
        "dice": M("zc.action_name.dice"),
        "discard": M("zc.action.discard"),
        "end_turn": M("zc.action_name.end_turn"),
        "friendly_fire": M("zc.action_name.friendly_fire"),
        "goal_done": M("zc.action_name.goal_done"),
        "keep": M("zc.action_name.keep"),
        "keep_dice": M("zc.action.keep_dice"),
        "keep_sets": M("zc.action_name.keep_sets"),
        "leave": M("zc.action_name.leave"),
        "melee": M("zc.action_name.melee"),
        "mission": M("zc.action.mission"),
        "moved": M("zc.action.moved"),
        "no_attack": M("zc.action_name.no_attack"),
        "open_crate": M("zc.action_name.open_crate"),
        "open_door": M("zc.action.open_door"),
        "placed": M("zc.action_name.placed"),
        "play_survivor": M("zc.action.play_survivor"),
        "ranged": M("zc.action_name.ranged"),
        "rearrange": M("zc.action_name.rearrange"),
        "release_survivor": M("zc.action.release_survivor"),
        "reroll": M("zc.action_name.reroll"),
        "search": M("zc.action_name.search"),
        "split": M("zc.action.split"),
        "survivors_done": M("zc.action.survivors_done"),
        "take_objective": M("zc.action_name.take_objective"),
        "take_survivor": M("zc.action.take_survivor"),
        "target_order": M("zc.action_name.target_order"),
        "trade": M("zc.action_name.trade"),
        "wounds": M("zc.action.wounds"),
        "zones_done": M("zc.action_name.zones_done"),
    },
}

#: The request fields of creating a table and joining one, as the forms name them.
FIELD_NAMES: dict[str, Message] = {
    "game": M("api.field_name.game"),
    "variant": M("api.field_name.variant"),
    "options": M("api.field_name.options"),
    "pack": M("api.field_name.pack"),
    "retry_secret": M("api.field_name.retry_secret"),
    "name": M("api.field_name.name"),
    "colour": M("api.field_name.colour"),
    "contribution": M("api.field_name.contribution"),
    "type": M("api.field_name.type"),
    "params": M("api.field_name.params"),
    "expected": M("api.field_name.expected"),
    "after": M("api.field_name.after"),
}
#: A field the request has but the API does not know (named by the client, not by us).
OTHER_FIELD = M("api.field_name.other")

#: The seat colours (``tables.COLOURS``) as the lobby names them.
COLOUR_NAMES: dict[str, Message] = {
    "orange": M("colour.orange"),
    "sky": M("colour.sky"),
    "green": M("colour.green"),
    "yellow": M("colour.yellow"),
    "blue": M("colour.blue"),
    "vermilion": M("colour.vermilion"),
    "purple": M("colour.purple"),
    "grey": M("colour.grey"),
}
#: ``{game id: {seat colour: the game's word for it}}``, for the games with colours in their
#: box (``Definition.colours``): the lobby says the box's word.
BOX_COLOURS: dict[str, dict[str, Message]] = {
    "eat-zem-all": {
        "yellow": M("eza.horde.yellow"),
        "green": M("eza.horde.green"),
        "vermilion": M("eza.horde.red"),
        "blue": M("eza.horde.blue"),
    },
}


def action_name(game: str | None, kind: str) -> Message | None:
    """The name of action type ``kind`` in ``game`` (the engine's own in every game), or None
    for a type the game does not have."""
    return game_action_names(game).get(kind) or ACTION_NAMES[None].get(kind)


def game_action_names(game: str | None) -> dict[str, Message]:
    """``{action type: its name}`` of ``game``'s own actions: :data:`ACTION_NAMES`' and those
    its definition names (``define(action_names=...)``)."""
    defined = find_game(game)
    own = dict(defined.definition.action_names) if defined is not None else {}
    return {**own, **ACTION_NAMES.get(game, {})}


def field_names(fields: Iterable[str]) -> list[Message]:
    """Request fields as the forms name them (in the order given)."""
    return [FIELD_NAMES.get(name, OTHER_FIELD) for name in fields]


def colour_names(game: str | None, colours: Iterable[str]) -> list[Message]:
    """Seat colours as the lobby names them in ``game``."""
    box = BOX_COLOURS.get(game or "", {})
    return [box.get(c) or COLOUR_NAMES[c] for c in colours]


def variant_names(game) -> list[Message]:
    """A game's variants as the lobby names them ("House", "Cemetery")."""
    named = getattr(game, "variant_labels", {}) or {}
    return [named[v] for v in game.variants if v is not None]


def one_of(names: list[Message]) -> Message:
    """A field's error listing, by their names, the values it may take."""
    if not names:
        return M("api.field.no_choice")
    return M("api.field.one_of", choices=list(names))
