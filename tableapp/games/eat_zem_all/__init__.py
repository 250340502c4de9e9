"""Eat Zem All (its rulebook; ``games/RULINGS.md``): 2–4 Zombie Hordes around a House or
Cemetery board.

The app holds every deck, hidden choice, token pool, tile, pawn reserve, turn and score; the
board and pawns stay on the table. One module per rulebook chapter: ``setup`` (Setup),
``attack`` (Phase 1: Zombie Attack, Mutations), ``feast`` (The Feast), ``humans`` (Phase 2:
Human Retaliation, Events, Human Abilities), ``scoring`` (End of the Game); ``flow`` is the turn
machine they plug into, ``views`` what each viewer sees and ``content`` the pack's validation.
"""

from __future__ import annotations

from ...engine import HOST, Rng, RuleError, action, choice, clone, validate_params
from ...engine.game import validate_options
from . import attack, feast, humans, scoring, views  # noqa: F401  (registers the steps)
from .content import validate
from .flow import QUESTIONS, Ctx, State, actors, name, run, top
from .setup import OPTIONS, PLAYERS, VARIANTS, deal

_FREE_ACTIONS = {"use_mutation"}


class EatZemAll:
    """The Game object the catalogue registers."""

    id = "eat-zem-all"
    name = "Eat Zem All"
    variants: list[str | None] = list(VARIANTS)
    players = PLAYERS
    options = OPTIONS

    def setup(
        self, *, content: dict, variant: str | None, options: dict, seats: list[int], rng: Rng
    ) -> State:
        state = deal(content, variant, validate_options(self.options, options), seats, rng)
        run(state, Ctx(rng))
        return state

    def begin(self, **kwargs) -> tuple[State, list[dict]]:
        return self.setup(**kwargs), []

    def explain(self, state: State, seat: int, act: dict) -> RuleError | None:
        step = top(state)
        if step is None or seat not in actors(state) or QUESTIONS[step["kind"]].refuse is None:
            return None
        act = {"type": act.get("type"), "params": act.get("params") or {}}
        return QUESTIONS[step["kind"]].refuse(state, step, seat, act)

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        if state["phase"] == "finished" or seat == HOST or seat not in state["seats"]:
            return []
        specs: list[dict] = []
        if seat in actors(state):
            step = top(state)
            specs += QUESTIONS[step["kind"]].specs(state, step, seat)
        instant = attack.instant_mutations(state, seat)
        if instant:  # EZA-T9: an Instant Mutation may be played, then it is discarded
            specs.append(
                action(
                    "use_mutation",
                    "Use an Instant Mutation (then discard it)",
                    card=choice(instant),
                )
            )
        return specs

    def apply(self, state: State, seat: int, act: dict, rng: Rng) -> tuple[State, list[dict]]:
        if state["phase"] == "finished":
            raise RuleError("game_over", "EZA-E1", "The game is over.")
        kind = act.get("type")
        params = act.get("params") or {}
        # The content pack is read-only: shared, not copied; everything else is deep-copied.
        new = clone({k: v for k, v in state.items() if k != "content"})
        new["content"] = state["content"]
        ctx = Ctx(rng)
        if kind in _FREE_ACTIONS:
            if params.get("card") not in attack.instant_mutations(new, seat):
                raise RuleError(
                    "not_instant",
                    "EZA-T9",
                    "Only an Instant Mutation you hold can be used and discarded.",
                )
            validate_params(self.legal_actions(new, seat), kind, params)
            attack.use_mutation(new, ctx, seat, params["card"])
        else:
            step = top(new)
            q = QUESTIONS[step["kind"]]
            if seat not in actors(new):
                who = ", ".join(name(new, s) for s in actors(new))
                raise RuleError(
                    "not_your_turn", q.rule, f"The game is waiting for {who}: {q.text(new, step)}"
                )
            specs = q.specs(new, step, seat)
            if q.refuse is not None:  # a refusal the rules name comes before the specs' check
                error = q.refuse(new, step, seat, {"type": kind, "params": params})
                if error is not None:
                    raise error
            validate_params(specs, kind, params)
            new["steps"].pop()
            q.apply(new, step, seat, {"type": kind, "params": params}, ctx)
        run(new, ctx)
        return new, ctx.events

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

    def prompt(self, state: State) -> dict:
        return views.prompt(state)

    def result(self, state: State) -> dict | None:
        return scoring.result(state)

    def check_invariants(self, state: State) -> None:
        views.check_invariants(state)

    def reveal(self, state: State) -> dict:
        return views.reveal(state)

    def validate_content(self, pack: dict) -> list[str]:
        return validate(pack)


GAME = EatZemAll()

__all__ = ["GAME", "EatZemAll", "feast", "humans"]
