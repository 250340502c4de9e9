"""The turn machine every chapter of the Eat Zem All rulebook plugs into.

A turn is a stack of *steps* in the state (``state["steps"]``, the last one on top). A step is
plain data: ``{"kind": ..., "seat": ..., ...}``. Automatic steps (a deck reshuffle, a Feast's
transformation) run as soon as they reach the top; *questions* wait for one action from the
seat(s) they name (a track card, a bite, the Feast counts, a board fact). Each chapter module
registers its own steps here with :func:`auto` and :func:`question`; :func:`run` drives the
stack until the next question or the end of the game.

This module also holds the small state helpers every chapter shares: seats and colours,
Humans in play, pawn moves between reserve and board, and the event log of one action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...engine import Rng, RuleError

State = dict[str, Any]
Step = dict[str, Any]

#: A safety net against a rules bug looping forever inside one action (never reached in play).
_MAX_AUTO_STEPS = 5_000


@dataclass
class Ctx:
    """What one action produces besides the new state: its events, and its random stream."""

    rng: Rng
    events: list[dict] = field(default_factory=list)

    def say(
        self,
        text: str,
        *,
        rule: str | None = None,
        reason: str | None = None,
        private: dict[int, dict] | None = None,
    ) -> None:
        event: dict[str, Any] = {"text": text}
        if rule:
            event["rule"] = rule
        if reason:
            event["reason"] = reason
        if private:
            event["private"] = {str(seat): part for seat, part in private.items()}
        self.events.append(event)


@dataclass(frozen=True)
class Question:
    """A step that waits for an action.

    ``specs(state, step, seat)`` lists the ActionSpecs, ``apply(state, step, seat, action, ctx)``
    resolves the answer (the step is already popped: re-push it to ask again), ``text`` is the
    prompt, ``actors`` who may answer (default: ``step["seat"]``) and ``refuse`` returns a
    RuleError naming the rule for an answer the rules forbid (checked before the param specs,
    so a refusal carries its rule id).
    """

    rule: str
    specs: Callable[[State, Step, int], list[dict]]
    apply: Callable[[State, Step, int, dict, Ctx], None]
    text: Callable[[State, Step], str]
    actors: Callable[[State, Step], list[int]] | None = None
    refuse: Callable[[State, Step, int, dict], RuleError | None] | None = None


AUTO: dict[str, Callable[[State, Step, Ctx], None]] = {}
QUESTIONS: dict[str, Question] = {}


def auto(kind: str) -> Callable:
    """Register an automatic step handler ``handler(state, step, ctx)``."""

    def register(handler: Callable[[State, Step, Ctx], None]) -> Callable:
        AUTO[kind] = handler
        return handler

    return register


def question(kind: str, question_: Question) -> None:
    QUESTIONS[kind] = question_


def push(state: State, *steps: Step) -> None:
    """Put steps on top of the stack, the first one ending on top."""
    state["steps"].extend(reversed(steps))


def top(state: State) -> Step | None:
    return state["steps"][-1] if state["steps"] else None


def actors(state: State) -> list[int]:
    """The seats the game waits for now."""
    step = top(state)
    if state["phase"] == "finished" or step is None or step["kind"] not in QUESTIONS:
        return []
    q = QUESTIONS[step["kind"]]
    return q.actors(state, step) if q.actors else [step["seat"]]


def run(state: State, ctx: Ctx) -> None:
    """Run automatic steps until a question is on top or the game is over."""
    for _ in range(_MAX_AUTO_STEPS):
        if state["phase"] == "finished" or not state["steps"]:
            return
        step = state["steps"][-1]
        if step["kind"] in QUESTIONS:
            return
        state["steps"].pop()
        AUTO[step["kind"]](state, step, ctx)
    raise RuntimeError("Eat Zem All: too many automatic steps in one action")


# --- seats and colours -------------------------------------------------------------------------


def seats(state: State) -> list[int]:
    return state["seats"]


def order_from(state: State, seat: int) -> list[int]:
    """All seats clockwise (table order) starting with ``seat``."""
    ring = state["seats"]
    i = ring.index(seat)
    return ring[i:] + ring[:i]


def next_seat(state: State, seat: int) -> int:
    """The Horde on the left: the next one clockwise (EZA-H6)."""
    return order_from(state, seat)[1 % len(state["seats"])]


def horde(state: State, seat: int) -> dict:
    return state["hordes"][str(seat)]


def name(state: State, seat: int) -> str:
    """A Horde as players call it at the table: its colour."""
    return horde(state, seat)["colour"].capitalize()


def colour_owner(state: State, colour: str | None) -> int | None:
    for seat in state["seats"]:
        if horde(state, seat)["colour"] == colour:
            return seat
    return None


# --- Humans ------------------------------------------------------------------------------------


def human(state: State, hid: str) -> dict:
    return state["humans"][hid]


def human_name(state: State, hid: str) -> str:
    return state["content"]["humans"][hid]["name"]


def in_play(state: State) -> list[str]:
    """Humans still on the board (neither dead nor escaped), in tile order."""
    return [h for h in state["human_order"] if state["humans"][h]["status"] == "alive"]


def ability(state: State, hid: str) -> str:
    return state["content"]["humans"][hid][f"{state['side']}_ability"]


def dead_count(state: State) -> int:
    return sum(1 for h in state["humans"].values() if h["status"] == "dead")


# --- Zombie pawns (EZA-S9, EZA-T5, EZA-T7) ------------------------------------------------------


def activatable(state: State, seat: int) -> int:
    """Zombies on the board that the current card may still activate (EZA-T7)."""
    h = horde(state, seat)
    return max(0, h["board"] - h["fresh"] - h["activated"])


def reset_card_counters(state: State) -> None:
    """A new card: no Zombie has been added or activated by it yet (EZA-T7)."""
    for h in state["hordes"].values():
        h["fresh"] = 0
        h["activated"] = 0


def add_pawn(state: State, ctx: Ctx, seat: int, where: str) -> None:
    """Add one Zombie of ``seat`` (``where`` says where at the table); EZA-T5 when the reserve
    is empty: one of its Zombies on the board is moved instead."""
    h = horde(state, seat)
    if h["reserve"] > 0:
        h["reserve"] -= 1
        h["board"] += 1
        h["fresh"] += 1
        ctx.say(f"{name(state, seat)} adds 1 Zombie {where}.")
    else:
        h["fresh"] = min(h["board"], h["fresh"] + 1)
        ctx.say(
            f"{name(state, seat)} has no Zombie left in reserve: it may move one of its Zombies "
            f"from the board {where} instead.",
            rule="EZA-T5",
            reason="Adding with an empty reserve lets a Horde take one of its Zombies back.",
        )


def kill_pawn(state: State, seat: int) -> None:
    """A killed Zombie goes back to its Horde's reserve."""
    h = horde(state, seat)
    h["board"] -= 1
    h["reserve"] += 1
    h["fresh"] = min(h["fresh"], h["board"])
    h["activated"] = min(h["activated"], h["board"] - h["fresh"])


# --- the end (EZA-E1) ----------------------------------------------------------------------------


def finish(state: State, ctx: Ctx) -> None:
    from .scoring import standings_text

    state["phase"] = "finished"
    state["steps"] = []
    ctx.say(
        "The game is over: no Human is left in play. " + standings_text(state),
        rule="EZA-E1",
        reason="The game ends once the last Human is dead or has fled and the current effects "
        "are resolved.",
    )
