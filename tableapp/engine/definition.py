"""A game is a definition: plain data and rule functions; the engine fills in the rest.

Like boardgame.io's ``ProcessGameConfig``, a game module writes one :class:`Definition` and
the engine turns it into a :class:`Game`, the object the table server calls. The engine
provides, for every game:

- privacy: ``view``, ``prompt``, ``legal_actions`` and refusal reasons only ever see the state
  with the paths the viewer may not know hidden (:mod:`tableapp.engine.privacy`);
- the turn machine: with a :class:`~tableapp.engine.flow.Flow`, ``legal_actions``, ``apply``
  and ``prompt`` come from the waiting question;
- copies: ``apply`` works on a copy (keys in ``constant`` are shared, never changed);
- corrections (the table is the truth): a public, logged, undoable ``correct`` action for the
  counts the game declares correctable, every count of it set even when one ends the game;
  then the game's ``recheck`` looks again at what it waits on (:mod:`.corrections`);
- the end: every phone's prompt once the game is over (:mod:`.end`);
- defaults for the rest (no invariants, no content to check, the whole state revealed at the
  end).

Setup functions take a :class:`~tableapp.engine.flow.Ctx` so what they deal is logged like any
other action (``ctx.say``) and drawn from ``ctx.rng``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .corrections import apply_correction, correction_specs
from .end import end_prompt
from .errors import RuleError
from .flow import Ctx, Flow
from .game import HOST, Options, action, choice, validate_options, validate_params
from .messages import M, Message, action_ref, seat_ref
from .privacy import Path, in_secret, redact, secret_atoms
from .rng import Rng
from .state import clone

State = dict[str, Any]


@dataclass(frozen=True)
class Moves:
    """Actions outside a flow's questions: a seat's turn in a game without a flow, or what a
    seat may do at any moment (an Instant Mutation, a Reaction card).

    ``specs(state, seat)`` lists the ActionSpecs (on the viewer's redacted state);
    ``apply(state, seat, action, ctx)`` changes the copy in place or raises RuleError;
    ``explain(state, seat, action)`` returns the RuleError naming the rule that forbids an
    unlisted action, for its refusal (optional).
    """

    specs: Callable[[State, int], list[dict]]
    apply: Callable[[State, int, dict, Ctx], None]
    explain: Callable[[State, int, dict], RuleError | None] | None = None


@dataclass(frozen=True)
class Definition:
    """What a game module writes. Only ``id``, ``name``, ``players``, ``setup`` and a way to
    play (``flow`` and/or ``moves``) are required."""

    id: str
    name: str
    players: tuple[int, int]
    #: ``setup(ctx, content=, variant=, options=, seats=) -> state``
    setup: Callable[..., State]
    variants: tuple[str | None, ...] = (None,)
    #: ``{variant: M(...)}``: how the phone names each variant ("House", "Cemetery")
    variant_labels: Mapping[str, Message] = field(default_factory=dict)
    #: A game with colours in its box (Eat Zem All's Hordes): ``{seat colour: the box's
    #: colour}``. Players then join in one of these, and ``setup`` gets ``colours``
    #: (``{seat: box colour}``): the colour a player chose is their colour in the game.
    colours: Mapping[str, str] | None = None
    #: ``{name: {"type": "bool"|"int"|"choice", "default", "choices"|"min"/"max", "label"}}``
    options: Mapping[str, dict] = field(default_factory=dict)
    #: ``check_options(options) -> RuleError | None``: a refusal no single option can make
    #: (checked wherever options are validated: creating a table, starting it)
    check_options: Callable[[dict], RuleError | None] | None = None
    flow: Flow | None = None
    #: a turn's actions for games without a flow
    moves: Moves | None = None
    #: actions possible at any moment, beside the flow's question or the turn's moves
    anytime: Moves | None = None
    #: ``view(redacted state, viewer or None) -> dict`` (default: the state, minus its steps)
    view: Callable[[State, int | None], dict] | None = None
    #: ``summary(redacted state, viewer or None) -> [M(...), ...]``: a few short lines about the
    #: public state and the viewer's own part ("Round 2 of 3", "Your dice: 4 and 6"), rendered
    #: in the viewer's language; the generic phone and table screens show them, so a game needs
    #: no screen code of its own (default: none)
    summary: Callable[[State, int | None], list[Message]] | None = None
    #: ``prompt(public state) -> {"waiting_for", "msg", "args", ...}`` (default: the flow's)
    prompt: Callable[[State], dict] | None = None
    #: ``result(state) -> None | {"winners", "standings", ...}``
    result: Callable[[State], dict | None] = lambda state: None
    invariants: Callable[[State], None] | None = None
    reveal: Callable[[State], dict] | None = None
    validate_content: Callable[[Mapping], list[str]] | None = None
    #: ``{file: shape}``: the format of the content pack the game carries in its package
    #: (``content/<file>.toml``), in the words of :mod:`.pack_format` (``{"box": {"die":
    #: many(INT), "card": rows({"name": NAME, "value": INT}, most=12)}}``). The pack is then
    #: checked field by field before ``validate_content`` sees it, and the OpenAPI spec
    #: describes it (:mod:`tableapp.content.validation`). ``None``: only ``validate_content``
    #: checks it.
    pack_format: Mapping[str, Any] | None = None
    #: privacy: paths nobody sees before the end, and paths only "{seat}" sees
    secret: tuple[Path, ...] = ()
    private: tuple[Path, ...] = ()
    #: state keys shared between copies (a content pack copied into the state, read-only)
    constant: tuple[str, ...] = ()
    #: ``corrections(state) -> {group: {"label": msg, "counts": {key: {"label", "min", "max",
    #: "value"}}}}``; ``correct(state, group, key, value, ctx)`` sets one count. A group may
    #: instead hold one entry ``{"label", "choices", "labels", "value"}``: a value picked from a
    #: list (a pawn's cell), posted as the ``value`` param.
    corrections: Callable[[State], dict] | None = None
    correct: Callable[[State, str, str, int, Ctx], None] | None = None
    #: ``recheck(state, ctx)``: after a correction, the game checks again what it waits on: a
    #: question the corrected counts made moot goes away, one still to answer asks only what
    #: can still be answered (never a pick-one with nothing to pick)
    recheck: Callable[[State, Ctx], None] | None = None
    #: ``is_over(state)``; the default also serves the flow
    is_over: Callable[[State], bool] | None = None
    #: ``{action type: M(...)}``: each of the game's action types as its buttons name it
    #: ("Roll the die"), for the texts that name an action (a refusal); see
    #: :func:`tableapp.texts.labels.action_name`
    action_names: Mapping[str, Message] = field(default_factory=dict)
    #: where the catalogue lists the game (``GET /api/games``, the home screen's list, whose
    #: first game is picked by default): lower first, then by name
    order: int = 0


class Game:
    """A processed definition: the interface the table server, replay and playouts use."""

    def __init__(self, definition: Definition) -> None:
        if definition.flow is None and definition.moves is None:
            raise ValueError(f"{definition.id}: a game needs a flow or moves")
        self.definition = d = definition
        self.id = d.id
        self.name = d.name
        self.order = d.order
        self.players = d.players
        self.variants = list(d.variants)
        self.variant_labels = dict(d.variant_labels)
        self.options = Options(d.options, d.check_options)
        self.flow = d.flow

    # --- privacy -------------------------------------------------------------------------------

    def known_to(self, state: State, viewer: int | None) -> State:
        """``state`` as ``viewer`` may know it (``None`` or the host: only what is public)."""
        viewer = viewer if viewer in state.get("seats", ()) else None
        return redact(state, viewer, self.definition.private, self.definition.secret)

    # --- setup ---------------------------------------------------------------------------------

    def begin(
        self,
        *,
        content: dict,
        variant: str | None,
        options: dict,
        seats: list[int],
        rng: Rng,
        colours: Mapping[int, str] | None = None,
    ) -> tuple[State, list[dict]]:
        """The state after setup and the events of the deal. ``colours`` (``{seat: seat
        colour}``, for a game with box colours) are the colours the players chose."""
        if variant not in self.variants:
            raise RuleError("unknown_variant", None, M("engine.unknown_variant", variant=variant))
        low, high = self.players
        if not low <= len(seats) <= high or len(set(seats)) != len(seats):
            raise RuleError("player_count", None, M("engine.player_count", min=low, max=high))
        if any(isinstance(s, bool) or not isinstance(s, int) or s == HOST for s in seats):
            raise RuleError("bad_seats", None, M("engine.bad_seats"))
        ctx = Ctx(rng)
        extra: dict[str, Any] = {}
        if self.definition.colours is not None:
            chosen = {int(s): c for s, c in (colours or {}).items()}
            box = self.definition.colours
            if all(chosen.get(s) in box for s in seats) and len(set(chosen.values())) == len(
                chosen
            ):
                extra["colours"] = {s: box[chosen[s]] for s in seats}
            else:
                extra["colours"] = None  # the game's own order (a playout, an old log)
        state = self.definition.setup(
            ctx,
            content=content,
            variant=variant,
            options=validate_options(self.options, options),
            seats=list(seats),
            **extra,
        )
        if self.flow is not None:
            self.flow.run(state, ctx)
        return state, ctx.events

    def setup(self, **kwargs: Any) -> State:
        return self.begin(**kwargs)[0]

    # --- playing -------------------------------------------------------------------------------

    def over(self, state: State) -> bool:
        if self.definition.is_over is not None:
            return self.definition.is_over(state)
        if self.flow is not None:
            return self.flow.over(state)
        return self.result(state) is not None

    def legal_actions(self, state: State, seat: int, *, corrections: bool = True) -> list[dict]:
        """What ``seat`` (``HOST`` for the host) may post now, from what it may know
        (``corrections=False``: without the ``correct`` actions, for players that never post
        one, such as random playouts)."""
        if self.over(state):
            return []
        known = self.known_to(state, seat)
        d = self.definition
        specs: list[dict] = []
        if self.flow is not None:
            specs += self.flow.specs(known, seat)
        if d.moves is not None:
            specs += d.moves.specs(known, seat)
        if d.anytime is not None:
            specs += d.anytime.specs(known, seat)
        if (
            corrections
            and d.corrections is not None
            and (seat == HOST or seat in state.get("seats", ()))
        ):
            specs += correction_specs(d, known)
        steps = [
            s
            for s in state.get("board_steps", ())
            if seat == HOST or seat in s["seats"] or not s["seats"]
        ]
        if steps:
            specs.append(
                action(
                    "board_done",
                    M("engine.board_done.label"),
                    step=choice([s["id"] for s in steps], [s["message"] for s in steps]),
                )
            )
        return specs

    def check(self, state: State, seat: int, act: dict, legal: list[dict] | None = None) -> dict:
        """The one check of an action's params (:meth:`apply` makes it; the table server, replay,
        ``verify`` and playouts rely on it): ``act``'s params if ``legal_actions`` lists them
        (``legal``: that list, when the caller has it), else the refusal. The specs only say
        "not listed"; the rules know why (ZL-2: a copy is already there), so the game is asked
        for its ruling, from what the seat may know: one naming a rule is the refusal, else the
        specs' own. Whatever it says, an action that is not listed is refused."""
        kind, params = act.get("type"), act.get("params")
        if legal is None:
            legal = self.legal_actions(state, seat)
        try:
            return validate_params(legal, kind, params)
        except RuleError as refusal:
            ruling = self.explain(state, seat, {"type": kind, "params": params or {}})
            if ruling is not None and ruling.rule:
                raise ruling from None
            raise refusal from None

    def apply(
        self, state: State, seat: int, act: dict, rng: Rng, *, legal: list[dict] | None = None
    ) -> tuple[State, list[dict]]:
        """Apply ``{"type", "params"}`` to a copy of ``state``; raises RuleError and changes
        nothing when the rules refuse it. The rules' own refusals come first (not the seat's
        turn, a question's ``refuse``, a move's ``explain``), then :meth:`check` (``legal``:
        what ``legal_actions`` listed, when the caller has it)."""
        if self.over(state):
            raise RuleError("game_over", None, M("engine.game_over"))
        if not isinstance(act, dict) or not isinstance(act.get("type"), str):
            raise RuleError("illegal_action", None, M("engine.illegal_action"))
        params = act.get("params") or {}
        if not isinstance(params, dict):
            raise RuleError("illegal_params", None, M("engine.param.not_object"))
        act = {"type": act["type"], "params": params}
        d = self.definition
        new = self._copy(state)
        known = self.known_to(state, seat)
        ctx = Ctx(rng)
        kind = act["type"]
        flow = self.flow

        def check() -> None:
            self.check(state, seat, act, legal)

        if kind == "correct" and d.corrections is not None:
            check()
            apply_correction(d, new, seat, act, ctx)
            if d.recheck is not None and not self.over(new):
                d.recheck(new, ctx)
        elif kind == "board_done" and new.get("board_steps"):
            check()
            (done,) = [s for s in new["board_steps"] if s["id"] == params["step"]]
            new["board_steps"].remove(done)
            ctx.say(M("engine.board_done", seat=seat_ref(seat), step=done["message"]))
        elif d.anytime is not None and kind in _types(d.anytime.specs(known, seat)):
            _play(d.anytime, known, new, seat, act, ctx, check)
        elif d.moves is not None and (flow is None or seat not in flow.actors(new)):
            _play(d.moves, known, new, seat, act, ctx, check)
        elif flow is not None:
            flow.answer(new, seat, act, ctx, check)  # refuses an action it does not wait for
        else:
            raise RuleError(
                "action_not_available",
                None,
                M("engine.action_not_available", type=kind, action=action_ref(kind)),
            )
        if self.flow is not None:
            self.flow.run(new, ctx)
        if d.secret and secret_atoms(state, d.secret) - secret_atoms(new, d.secret):
            rng.drew()  # a card left a secret pile: someone saw an outcome of the shuffle
        # A shuffle into a pile that stays secret showed nobody anything (not a reveal).
        rng.kept_secret(lambda items: bool(d.secret) and in_secret(new, d.secret, items))
        return new, ctx.events

    def explain(self, state: State, seat: int, act: dict) -> RuleError | None:
        """The ruling that forbids an action ``legal_actions`` does not list (its refusal's
        reason), asked of the rules on what ``seat`` may know; ``None`` when no rule names it."""
        known = self.known_to(state, seat)
        d = self.definition
        for source in (self.flow, d.moves, d.anytime):
            if source is None:
                continue
            explain = source.explain
            if explain is None:
                continue
            ruling = explain(known, seat, act)
            if ruling is not None:
                return ruling
        return None

    def _copy(self, state: State) -> State:
        shared = self.definition.constant
        if not shared:
            return clone(state)
        new = clone({k: v for k, v in state.items() if k not in shared})
        for key in shared:
            if key in state:
                new[key] = state[key]
        return new

    # --- what viewers see ----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        viewer = seat if seat in state.get("seats", ()) else None
        known = self.known_to(state, viewer)
        if self.definition.view is not None:
            out = self.definition.view(known, viewer)
        else:
            out = {k: v for k, v in known.items() if k not in ("steps", *self.definition.constant)}
        # What the generic screens show of the game: the game's own lines, in messages.
        summary = self.definition.summary
        out["summary"] = [] if summary is None else list(summary(known, viewer))
        # Steps to do on the board, for the table screen and the phones they name.
        out["board_steps"] = [
            {"id": s["id"], "seats": s["seats"], "text": s["message"]}
            for s in state.get("board_steps", ())
        ]
        return out

    def prompt(self, state: State) -> dict:
        result = self.result(state)
        if result is not None:
            return end_prompt(result)
        public = self.known_to(state, None)
        if self.definition.prompt is not None:
            return self.definition.prompt(public)
        if self.flow is not None:
            return self.flow.prompt(public)
        return {"waiting_for": [], **M("engine.nothing_to_do")}

    def result(self, state: State) -> dict | None:
        return self.definition.result(state)

    def check_invariants(self, state: State) -> None:
        if self.definition.invariants is not None:
            self.definition.invariants(state)

    def reveal(self, state: State) -> dict:
        """Everything, draw-pile order included (only once the game is over)."""
        if self.definition.reveal is not None:
            return self.definition.reveal(state)
        return {k: v for k, v in state.items() if k not in self.definition.constant}

    def validate_content(self, pack: Mapping) -> list[str]:
        if self.definition.validate_content is None:
            return []
        return self.definition.validate_content(pack)


def _play(
    moves: Moves,
    known: State,
    state: State,
    seat: int,
    act: dict,
    ctx: Ctx,
    check: Callable[[], None],
) -> None:
    """A move: the rules' own refusal first (it names the rule), then the params
    (:meth:`Game.check`), then apply."""
    if moves.explain is not None:
        ruling = moves.explain(known, seat, act)
        if ruling is not None:
            raise ruling
    check()
    moves.apply(state, seat, act, ctx)


def _types(specs: list[dict]) -> set[str]:
    return {s["type"] for s in specs}


def define(**fields: Any) -> Game:
    """A game from its definition's fields (``define(id=..., name=..., setup=..., flow=...)``)."""
    return Game(Definition(**fields))


__all__ = ["Definition", "Game", "Moves", "define"]
