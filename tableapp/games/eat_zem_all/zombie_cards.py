"""'Add 1 of your Zombie cards' (the Eat Zem All rulebook, "Zombie Card Effects"; EZA-T8).

The Horde draws 2 cards from its own reserve (private to it), puts 1 on the board's Zombie draw
pile and the other under its reserve. Asked on its own (a Trait's effect) or as a part of the
card among the others (:mod:`.parts`): either way :func:`draw` and then :data:`PICK`.
"""

from __future__ import annotations

from ...engine import Ctx, M, RuleError, action, choice, piles
from ...engine.messages import pack_names
from .state import State, Step, name
from .track import card_label


def draw(state: State, ctx: Ctx, seat: int) -> bool:
    """Draw the Horde's 2 cards; True when it has a choice to make (2 cards drawn). With 1
    card left in its reserve, that one goes on the draw pile at once; with none, nothing."""
    zc = state["zombie_cards"]
    reserve = f"reserve:{seat}"
    drawn = piles.draw(zc, reserve, min(2, len(zc[reserve])))
    if not drawn:
        ctx.say(M("eza.zombie_card.none", horde=name(state, seat)), rule="EZA-T8")
    elif len(drawn) == 1:
        piles.put_top(zc, "draw", drawn)
        ctx.say(
            M("eza.zombie_card.last", horde=name(state, seat)),
            rule="EZA-T8",
            private={seat: _card_part(state, drawn)},
        )
    else:
        piles.put_top(zc, f"choice:{seat}", drawn)
        ctx.say(
            M("eza.zombie_card.drawn", horde=name(state, seat)),
            rule="EZA-T8",
            private={seat: _card_part(state, drawn)},
        )
    return len(drawn) == 2


def _card_part(state: State, cards: list[str]) -> dict:
    names = [pack_names(state["content"]["zombie_cards"][c]) for c in cards]
    return {
        **M("eza.zombie_card.you_drew", cards=names),
        "cards": list(cards),
        "seen": M("eza.zombie_card.seen", cards=names),  # an undo's reveal, third person
    }


def specs(state: State, seat: int) -> list[dict]:
    cards = state["zombie_cards"][f"choice:{seat}"]
    if not cards:
        return []
    return [
        action(
            "add_zombie_card",
            M("eza.action.add_zombie_card"),
            card=choice(cards, [card_label(state, c) for c in cards]),
        )
    ]


def refuse(state: State, seat: int, act: dict) -> RuleError | None:
    if (
        act["type"] == "add_zombie_card"
        and act["params"].get("card") not in state["zombie_cards"][f"choice:{seat}"]
    ):
        return RuleError("not_drawn", "EZA-T8", M("eza.refuse.zombie_card_drawn"))
    return None


def pick(state: State, ctx: Ctx, seat: int, chosen: str) -> None:
    """The card chosen goes on the Zombie draw pile, the other under the Horde's reserve."""
    zc = state["zombie_cards"]
    piles.move(zc, chosen, f"choice:{seat}", "draw")
    for card in list(zc[f"choice:{seat}"]):
        piles.move(zc, card, f"choice:{seat}", f"reserve:{seat}", bottom=True)
    placed = pack_names(state["content"]["zombie_cards"][chosen])
    ctx.say(
        M("eza.zombie_card.placed", horde=name(state, seat)),
        rule="EZA-T8",
        private={
            seat: {
                **M("eza.zombie_card.you_placed", card=placed),
                "seen": M("eza.zombie_card.seen_placed", card=placed),
            }
        },
    )


def pick_apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    pick(state, ctx, seat, act["params"]["card"])
