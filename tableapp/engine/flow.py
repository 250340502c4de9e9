"""The step stack: the turn machine a game plugs its rulebook chapters into.

A game's turn is a stack of *steps* kept in its state (``state["steps"]``, the last one on
top). A step is plain data, ``{"kind": ..., "seat": ..., ...}``. *Automatic* steps (a deck
reshuffle, a Feast's transformation) run as soon as they reach the top; *questions* wait for one
action from the seat(s) they name (a card to take, a count only the board shows). A rule that
interrupts (a Human dies in the middle of a Zombie's activation) pushes its own steps on top:
what it interrupted stays below and resumes when they are done.

Each game builds its own :class:`Flow` from its chapters' tables — a chapter module defines
``STEPS = {"kind": handler}`` and ``QUESTIONS = {"kind": Question(...)}`` and the game says
``Flow.of(setup, attack, feast)``. Nothing is registered by importing a module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleError
from .game import validate_params
from .messages import M, Message, seat_ref
from .rng import Rng

State = dict[str, Any]
Step = dict[str, Any]
AutoStep = Callable[[State, Step, "Ctx"], None]

#: A safety net against a rules bug looping inside one action (never reached in play).
MAX_AUTO_STEPS = 5_000


@dataclass
class Ctx:
    """What one action produces besides the new state: its events, and its random stream."""

    rng: Rng
    events: list[dict] = field(default_factory=list)

    def say(
        self,
        message: Message,
        *,
        rule: str | None = None,
        reason: Message | None = None,
        private: Mapping[int, dict] | None = None,
        **data: Any,
    ) -> dict:
        """Log one event: a message for everyone, with the ruling it applies (``rule`` and a
        ``reason`` to read aloud), structured ``data`` for screens, and ``private`` parts
        (``{seat: {"msg", "args", ...}}``) that only their seat receives. A private part may
        hold ``seen``: a message naming what it showed (made public if the action is undone).
        """
        event: dict[str, Any] = {**message, **data}
        if rule:
            event["rule"] = rule
        if reason:
            event["reason"] = reason
        if private:
            event["private"] = {str(seat): part for seat, part in private.items()}
        self.events.append(event)
        return event


@dataclass(frozen=True)
class Question:
    """A step that waits for an action.

    - ``specs(state, step, seat)``: the ActionSpecs ``seat`` may answer with;
    - ``apply(state, step, seat, action, ctx)``: resolves the answer (the step is already
      popped: push it again to ask again);
    - ``prompt(state, step)``: what the table is waiting for, in public words ("Ana is placing
      a card"); ``ask(state, step)``: the same to the seats asked ("Put the card in your
      Refuge or the Horde"), when it differs;
    - ``actors(state, step)``: who may answer (default ``[step["seat"]]``);
    - ``refuse(state, step, seat, action)``: a RuleError naming the rule for an answer the rules
      forbid, checked before the param specs so the refusal carries its rule id.

    ``specs`` and ``prompt`` may only read what their viewer may know: the engine calls them on
    a state whose private and secret parts are hidden (see :mod:`tableapp.engine.privacy`).
    """

    rule: str | None
    specs: Callable[[State, Step, int], list[dict]]
    apply: Callable[[State, Step, int, dict, Ctx], None]
    prompt: Callable[[State, Step], Message]
    ask: Callable[[State, Step], Message] | None = None
    actors: Callable[[State, Step], list[int]] | None = None
    refuse: Callable[[State, Step, int, dict], RuleError | None] | None = None


def moment(kind: str, seats: Iterable[int] = (), **data: Any) -> dict:
    """A moment nobody should miss, for an event's ``moment`` field: the table screen announces
    it, the phones of ``seats`` (every phone when empty) show it and buzz. Kinds the phone
    app knows: ``elimination``, ``death``, ``feast``, ``level_up``, ``round_end`` (with
    ``scores``: ``[{"seat", "points", "total"}]``, shown as a summary), ``game_end``."""
    return {"kind": kind, "seats": list(seats), **data}


def board_step(state: State, message: Message, seats: Iterable[int] = ()) -> None:
    """Something the players must do on the board ("lay a Zombie in place of Gabriel"): it
    stays on the table screen and the phones of ``seats`` as a checklist until one of them
    (or the host) ticks it (the engine's ``board_done`` action)."""
    steps = state.setdefault("board_steps", [])
    number = state.get("board_step_count", 0) + 1
    state["board_step_count"] = number
    steps.append({"id": f"step{number}", "seats": list(seats), "message": message})


def _finished(state: State) -> bool:
    return state.get("phase") == "finished"


class Flow:
    """One game's automatic steps and questions, and the loop that drives them."""

    def __init__(
        self,
        *,
        steps: Mapping[str, AutoStep],
        questions: Mapping[str, Question],
        over: Callable[[State], bool] = _finished,
    ) -> None:
        clash = set(steps) & set(questions)
        if clash:
            raise ValueError(f"step kinds both automatic and questions: {sorted(clash)}")
        self.steps = dict(steps)
        self.questions = dict(questions)
        self.over = over

    @classmethod
    def of(cls, *chapters: Any, over: Callable[[State], bool] = _finished) -> Flow:
        """A flow from chapter modules (or objects) defining ``STEPS`` and ``QUESTIONS``."""
        steps: dict[str, AutoStep] = {}
        questions: dict[str, Question] = {}
        for chapter in chapters:
            for table, into in (
                (getattr(chapter, "STEPS", {}), steps),
                (getattr(chapter, "QUESTIONS", {}), questions),
            ):
                twice = set(table) & set(into)
                if twice:
                    raise ValueError(f"step kinds defined twice: {sorted(twice)}")
                into.update(table)
        return cls(steps=steps, questions=questions, over=over)

    # --- the stack -----------------------------------------------------------------------------

    @staticmethod
    def push(state: State, *steps: Step) -> None:
        """Put steps on top of the stack, the first one ending on top (it runs first)."""
        state["steps"].extend(reversed(steps))

    @staticmethod
    def top(state: State) -> Step | None:
        return state["steps"][-1] if state["steps"] else None

    def waiting(self, state: State) -> tuple[Step, Question] | None:
        """The question on top of the stack, if the game waits for one."""
        step = self.top(state)
        if self.over(state) or step is None or step["kind"] not in self.questions:
            return None
        return step, self.questions[step["kind"]]

    def actors(self, state: State) -> list[int]:
        """The seats the game waits for now."""
        waiting = self.waiting(state)
        if waiting is None:
            return []
        step, q = waiting
        return list(q.actors(state, step)) if q.actors else [step["seat"]]

    def run(self, state: State, ctx: Ctx) -> None:
        """Run automatic steps until a question is on top, the stack is empty or the game is
        over."""
        for _ in range(MAX_AUTO_STEPS):
            if self.over(state) or not state["steps"]:
                return
            step = state["steps"][-1]
            if step["kind"] in self.questions:
                return
            state["steps"].pop()
            self.steps[step["kind"]](state, step, ctx)
        raise RuntimeError("too many automatic steps in one action")

    # --- questions -----------------------------------------------------------------------------

    def specs(self, state: State, seat: int) -> list[dict]:
        """What ``seat`` may answer now (``[]`` when the game does not wait for it)."""
        waiting = self.waiting(state)
        if waiting is None or seat not in self.actors(state):
            return []
        step, q = waiting
        return q.specs(state, step, seat)

    def answer(
        self, state: State, seat: int, act: dict, ctx: Ctx, check: Callable[[], Any] | None = None
    ) -> None:
        """Resolve ``act`` (``{"type", "params"}``) as the answer to the waiting question, then
        run on. Changes ``state`` in place (the caller passes a copy); raises RuleError before
        changing anything. The question's own refusals come first, then ``check``: a game's
        params check (:meth:`~tableapp.engine.definition.Game.check`, what its ``apply``
        passes); a flow used alone checks the params against its question's specs."""
        waiting = self.waiting(state)
        if waiting is None:
            raise RuleError("nothing_to_answer", None, M("engine.nothing_to_answer"))
        step, q = waiting
        if seat not in self.actors(state):
            raise RuleError(
                "not_your_turn",
                q.rule,
                M("engine.waiting_for", seats=[seat_ref(s) for s in self.actors(state)]),
            )
        act = {"type": act.get("type"), "params": act.get("params") or {}}
        if q.refuse is not None:
            refusal = q.refuse(state, step, seat, act)
            if refusal is not None:
                raise refusal
        if check is not None:
            check()
        else:
            validate_params(q.specs(state, step, seat), act["type"], act["params"])
        state["steps"].pop()
        q.apply(state, step, seat, act, ctx)
        self.run(state, ctx)

    def explain(self, state: State, seat: int, act: dict) -> RuleError | None:
        """The ruling that forbids ``act`` (for a refusal's reason), without applying it."""
        waiting = self.waiting(state)
        if waiting is None or seat not in self.actors(state):
            return None
        step, q = waiting
        if q.refuse is None:
            return None
        return q.refuse(
            state, step, seat, {"type": act.get("type"), "params": act.get("params") or {}}
        )

    def prompt(self, state: State) -> dict:
        """``{"waiting_for", "msg", "args", "rule", "ask"}`` for the waiting question."""
        waiting = self.waiting(state)
        if waiting is None:
            return {"waiting_for": [], **M("engine.nothing_to_do")}
        step, q = waiting
        out: dict[str, Any] = {"waiting_for": self.actors(state), **q.prompt(state, step)}
        if q.rule:
            out["rule"] = q.rule
        if q.ask is not None:
            out["ask"] = q.ask(state, step)
        return out
