"""Mutations: drawing, keeping and the two-card limit (the Eat Zem All rulebook, "Mutate",
"Mutations", "Summary: Zombie Effects"; EZA-S6, T2, T4, T9, T10).

A Horde draws 2 Mutations and keeps 1 face up (the offer is private until kept), or — with the
player-aid option (EZA-T10) — chooses from a pool of players + 1 cards drawn once per card, the
others choosing in turn from what is left, the last card discarded. A third Mutation makes its
owner discard 1 of the 3 (EZA-T9): a Horde that already holds 2 says in the same answer which
one it keeps and which of the 3 it discards (no "are you sure?": its undo takes it back). An
empty draw pile takes its shuffled discard (EZA-T4).
What the cards do is in :mod:`.instants` (card text beats the rules, EZA-T12).
"""

from __future__ import annotations

from ...engine import Ctx, Flow, M, Question, RuleError, action, choice, decks, piles, turns
from ...engine.messages import pack_names
from .state import State, Step, held, name


def mutation_name(state: State, card: str) -> dict:
    return pack_names(state["content"]["mutations"][card])


def mutation_label(state: State, card: str) -> dict:
    """A Mutation with its kind and text, for a choice."""
    m = state["content"]["mutations"][card]
    return M(
        "eza.mutation.label.instant" if m["kind"] == "instant" else "eza.mutation.label.permanent",
        card=pack_names(m),
        text=_text(m),
    )


def table_reason(state: State, seat: int, effect: str) -> dict | None:
    """For a card about what only the table sees (EZA-T12): which count to correct, if any."""
    who = name(state, seat)
    return {
        "table": M("eza.mutation.table.reason"),
        "table_moves": M("eza.mutation.table_moves.reason", horde=who),
        "table_falls": M("eza.mutation.table_falls.reason", horde=who),
        "table_bites": M("eza.mutation.table_bites.reason", horde=who),
        "table_stand_ups": M("eza.mutation.table_stand_ups.reason", horde=who),
    }.get(effect)


def _text(row: dict) -> dict:
    return {"i18n": {"en": row["text"], "fr": row["text_fr"]}}


def draw_mutations(state: State, ctx: Ctx, n: int) -> list[str]:
    """EZA-T4: an empty Mutation draw pile takes its shuffled discard."""

    def reshuffled() -> None:
        ctx.say(M("eza.mutation.reshuffled"), rule="EZA-T4")

    return decks.draw(state["mutation_cards"], ctx.rng, n, on_reshuffle=reshuffled)


def start_mutation(state: State, ctx: Ctx, seat: int, *, draft: bool) -> None:
    """Draw 2 and keep 1 (EZA-T9), or choose from the player-aid draft pool (EZA-T10)."""
    mc = state["mutation_cards"]
    if draft:
        if not mc["draft"]:
            mc["draft"] = draw_mutations(state, ctx, len(state["seats"]) + 1)
        if not mc["draft"]:
            ctx.say(M("eza.mutation.none_left"), rule="EZA-T4")
            return
        piles.move_all(mc, "draft", f"offer:{seat}")
        state["pending_mutations"][str(seat)] = {"stage": "draft"}
        offered = mc[f"offer:{seat}"]
        ctx.say(
            M("eza.mutation.draft", horde=name(state, seat), count=len(offered)),
            rule="EZA-T10",
            private={seat: _offer_part(state, offered)},
        )
        return
    drawn = draw_mutations(state, ctx, 2)
    if not drawn:
        ctx.say(M("eza.mutation.none_left"), rule="EZA-T4")
        return
    piles.put_top(mc, f"offer:{seat}", drawn)
    state["pending_mutations"][str(seat)] = {"stage": "keep"}
    ctx.say(
        M("eza.mutation.drawn", horde=name(state, seat), count=len(drawn)),
        rule="EZA-T9",
        private={seat: _offer_part(state, drawn)},
    )


def _offer_part(state: State, cards: list[str]) -> dict:
    names = [mutation_name(state, c) for c in cards]
    return {
        **M("eza.mutation.you_drew", cards=names),
        "cards": list(cards),
        "seen": M("eza.mutation.seen", cards=names),
    }


def _actors(state: State, step: Step) -> list[int]:
    pending = state["pending_mutations"]
    return [s for s in turns.clockwise_from(state["seats"], state["active"]) if str(s) in pending]


def _specs(state: State, step: Step, seat: int) -> list[dict]:
    pending = state["pending_mutations"].get(str(seat))
    mc = state["mutation_cards"]
    if pending is None:
        return []
    offer = mc[f"offer:{seat}"]
    cards = held(state, seat)
    if len(cards) < state["content"]["box"]["mutations_kept"]:
        return [
            action(
                "keep_mutation",
                M("eza.action.keep_mutation"),
                card=choice(offer, [mutation_label(state, c) for c in offer]),
            )
        ]
    # EZA-T9: keeping one makes a third: which to keep and which of the three to discard, in
    # one answer (the one kept may be the one discarded: "kept")
    return [
        action(
            "keep_mutation",
            M("eza.action.keep_and_discard"),
            submit=M("eza.submit.keep_and_discard", chosen="{chosen}"),
            card=choice(offer, [mutation_label(state, c) for c in offer]),
            discard=choice(
                [*cards, KEPT],
                [*(mutation_label(state, c) for c in cards), M("eza.mutation.discard_kept")],
            ),
        )
    ]


#: The ``discard`` choice for "the Mutation I keep now" (drawn and discarded at once).
KEPT = "kept"


def _refuse(state: State, step: Step, seat: int, act: dict) -> RuleError | None:
    specs = _specs(state, step, seat)
    if not specs or act["type"] != specs[0]["type"]:
        return None
    if act["params"].get("card") not in specs[0]["params"]["card"]["choices"]:
        return RuleError("not_drawn", "EZA-T9", M("eza.refuse.keep_drawn"))
    discard = specs[0]["params"].get("discard")
    if discard is not None and act["params"].get("discard") not in discard["choices"]:
        return RuleError("not_held", "EZA-T9", M("eza.refuse.discard_held"))
    return None


def _apply(state: State, step: Step, seat: int, act: dict, ctx: Ctx) -> None:
    keep(state, ctx, seat, act["params"])
    if state["pending_mutations"]:
        Flow.push(state, step)


def keep_specs(state: State, seat: int) -> list[dict]:
    """The keep form of a Horde that drew its Mutations (EZA-T9, T10), asked on its own or as a
    part of the card among the others' (:mod:`.parts`)."""
    return _specs(state, {}, seat)


def keep_refuse(state: State, seat: int, act: dict) -> RuleError | None:
    return _refuse(state, {}, seat, act)


def keep(state: State, ctx: Ctx, seat: int, params: dict) -> None:
    """The Horde keeps one of the Mutations offered (and discards one of 3, EZA-T9)."""
    mc = state["mutation_cards"]
    pending = state["pending_mutations"]
    card = params["card"]
    who = name(state, seat)
    draft = pending[str(seat)]["stage"] == "draft"
    piles.move(mc, card, f"offer:{seat}", f"held:{seat}")
    others = list(mc[f"offer:{seat}"])
    # EZA-T10: the rest of the draft waits for the next Horde; else the other is discarded
    piles.move_all(mc, f"offer:{seat}", "draft" if draft else "discard")
    m = state["content"]["mutations"][card]
    discarded = [mutation_name(state, c) for c in others]
    ctx.say(
        M("eza.mutation.kept", horde=who, card=pack_names(m), text=_text(m)),
        rule="EZA-T10" if draft else "EZA-T9",
        # a Permanent about what only the table sees: what to correct while it is held
        reason=table_reason(state, seat, m["effect"]) if m["kind"] == "permanent" else None,
        private=None
        if draft or not others
        else {
            seat: {
                **M("eza.mutation.you_discarded", cards=discarded),
                # what an undo shows everyone, in the third person
                "seen": M("eza.mutation.seen_discarded", cards=discarded),
            }
        },
        seat=seat,
        card=card,
    )
    discard = params.get("discard")
    if discard is not None:  # EZA-T9: the third one, in the same answer
        _discard(state, ctx, seat, card if discard == KEPT else discard)
    del pending[str(seat)]


def use_instant(state: State, ctx: Ctx, seat: int, card: str) -> None:
    """An Instant played: discarded after use (EZA-T9), the table told what it does (EZA-T12)."""
    row = state["content"]["mutations"][card]
    piles.move(state["mutation_cards"], card, f"held:{seat}", "discard")
    ctx.say(
        M("eza.mutation.used", horde=name(state, seat), card=pack_names(row), text=_text(row)),
        rule="EZA-T12",
        seat=seat,
        card=card,
    )


def _discard(state: State, ctx: Ctx, seat: int, card: str) -> None:
    piles.move(state["mutation_cards"], card, f"held:{seat}", "discard")
    ctx.say(
        M("eza.mutation.discarded", horde=name(state, seat), card=mutation_name(state, card)),
        rule="EZA-T9",
        reason=M("eza.mutation.limit"),
        seat=seat,
        card=card,
    )


def recheck(state: State, step: Step) -> bool:
    """After a correction (EZA-T9): the keep form reads the Mutations held when it is drawn (a
    Horde holding fewer than 2 keeps without discarding). False when no Horde is left to
    answer."""
    return bool(state["pending_mutations"])


def _prompt(state: State, step: Step) -> dict:
    hordes = [name(state, s) for s in _actors(state, step)]
    return M("eza.prompt.mutations", hordes=hordes, count=max(1, len(hordes)))


def _ask(state: State, step: Step) -> dict:
    return M("eza.ask.mutations")


QUESTIONS = {
    "await_mutations": Question(
        rule="EZA-T9",
        specs=_specs,
        apply=_apply,
        refuse=_refuse,
        actors=_actors,
        prompt=_prompt,
        ask=_ask,
    ),
}
