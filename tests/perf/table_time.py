"""Time at the table, the app against the box: ``python -m tests.perf.table_time``.

``[--games K] [--game ID] [--policy accept|random] [--phone steppers|rows]
[--bounds keys|live] [--by-type] [--json]``. Issue 26's keystroke-level model of time at
the table (KLM, touch values), per game of the catalogue (``tableapp.catalog.games()``), over
``K`` seeded games (8 by default) cycling through its variants and player counts as
:mod:`tests.perf.answers` does (the same deals), under both policies. A figure, not a test:
nothing here asserts a number.

**Who answers.** A *round* is what the prompt waits for at one moment: every seat it waits for
that has something to answer (:func:`tests.perf.answers.offers`; corrections, Instant
Mutations and board-step ticks are never chosen). They answer against the current state, in
the card's resolution order in Eat Zem All (EZA-T1), else clockwise from the seat whose turn
it is, the host last; a seat whose question is gone (or changed) after an earlier answer of the
round does not answer in it. The table waits for the slowest phone of a round, not the sum:
the round's **critical path** is the longest of its answers, its **effort** their sum.

**Policies.** ``accept``: every preselected value (``value`` of a pick-one, an integer, a
count's key; a pick of at most one with a ``value``) is taken, anything else is drawn
uniformly. ``random``: every value uniformly. Both draw only what the phone lets a player enter:
each count row within its ``min``/``max``, and with ``--bounds live`` (main's phone, issue 26)
also bounded live by ``most`` − (the other rows) and by each group's ``most`` − (the group's
other rows), the submit waiting while the rows are under ``least``; the phone before issue 26
(``keys``) bounds each row alone, so a total the rules refuse can be sent. Destructive choices
are drawn like any other. The action (which spec) is drawn uniformly in both; an undo (taking
one's own pick back, :data:`UNDOES`) never, unless nobody has anything else to answer, and a
helper the game never waits for (:data:`HELPERS`) never. A refused
submit (``apply`` raises RuleError) is answered again, the refusal read: the same policy within
live bounds, a random answer when that pick was refused already.

**An answer's seconds** (:func:`answer_seconds`): read 1.5 + decide 1.35 + 1.3 per tap; an
answer with nothing to choose (one spec, every param with one value) is read + its tap, no
decision. Taps (:func:`taps`): an action without params is its button (1); an action whose only
param is a pick-one is a row of buttons, one per choice, and the tap on one is its submit (1,
as ``pwa/js/actions.js`` renders it); a form is 1 for its submit plus, per param: a pick-one 0
when the value sent is the one already checked (its ``value``, or its only choice) else 1; a
multi-pick 1 per item added to or removed from what is checked at first; an integer or a
count's row what its control costs (:func:`number_control`, the one rendering rule): a fixed
value 0, a stepper one tap per step from where it starts (``value``, else ``min``), a row of
choices 1 tap, or 0 when the value it starts on is the one sent (our reading of "1 tap when the
control offers the value directly": the preselected value of a row is already chosen). A phone
that asks "are you sure?" first (:func:`tests.perf.answers.phone_confirms`) adds a tap. A refused
submit costs its answer + 8 s, then the answer again. Each board step the app lists (ticked on a
phone once done on the board) is read + 1 tap on the critical path, as type ``board_done``.

**The phone** (``--phone``, ``--bounds``): ``rows`` and ``live``, the defaults (:data:`PHONE`,
:data:`BOUND`), are main's phone, issue 26's contract as ``pwa/js/controls.js`` renders it for
every form (Eat Zem All's and Zombicide's included): a row of choices when ``max - min <= 6``,
else a stepper; a form's total bounded live by ``most``/``least``, and Eat Zem All's card parts
also by their ``groups`` (``pwa/js/games/eat-zem-all-forms.js``). ``steppers`` and ``keys`` are
the phone before issue 26 (every integer and count a stepper bounded by its own ``min``/``max``),
kept for the figures before. Every run prints the model it used.

**The box** (:data:`BOX`): what the cardboard makes people do, from the events ``apply``
produced (and the deal's), each mapped by its message id to box steps (draw and look 2.5 s,
place or discard a card or token 1.5, read a card's effect 4, roll dice 3, shuffle 20, count
one item 1.5); a game's set-up steps that no event tells are :data:`SETUP_BOX`. Left out of
both sides: pawns and figures, anything done on the board (tokens, cubes, tiles on it), dice
the table rolls itself. Every event id is mapped or listed in :data:`NO_BOX_STEP` with its
reason; one that is neither is reported as unmapped (0 s, and a warning). A rules look-up (30 s
the first time a rule id comes up in a game's events) is reported apart, never in the ratio. A
game with no entry is reported as "no box model".

**Per turn** (:data:`tests.perf.answers.TURNS`; a game not listed there: each change of its
``turn``): everything from the set-up on (its answers and its box steps included, both sides)
divided by the turns played; "set-up apart" leaves the set-up out of both sides (the random
playouts' games are short, which spreads a set-up over few turns). **active**: the share of
the phones' effort given by the seat whose turn it is. **Replacing no box step**: the seconds
of the answers whose events stand for no box step (the round's slowest answer on the critical
path; every one in effort) and of the board steps' ticks: what the app asks and the cardboard
does not (a turn's end, what the board already shows), the seconds a game's own helpers can cut
without touching what the box costs. **worse**: the larger ratio of the two
policies, the one the goal judges.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from tableapp import catalog
from tableapp.engine import RuleError
from tableapp.engine.game import HOST
from tableapp.engine.rng import Rng
from tests.perf import answers

# --- the model ----------------------------------------------------------------------------------

#: Seconds: read the question, decide, one tap, a refused submit's extra (reading the refusal,
#: finding the row).
READ, DECIDE, TAP, REFUSAL = 1.5, 1.35, 1.3, 8.0
#: Seconds of one box step.
BOX_STEPS = {"draw": 2.5, "place": 1.5, "read": 4.0, "roll": 3.0, "shuffle": 20.0, "count": 1.5}
#: Seconds of a rules look-up, the first time a rule comes up in a game (reported apart).
LOOKUP = 30.0
#: The two policies, each played.
POLICIES = ("accept", "random")
#: The phone's ways of showing an integer or a count's row: the phone before issue 26
#: (``steppers``), and issue 26's contract (``rows``: a row of choices when the range is small).
PHONES = ("steppers", "rows")
#: The phone the figures are for unless ``--phone`` says otherwise: main's (a row of choices
#: for a small range, ``pwa/js/controls.js``); ``steppers`` is the phone before issue 26.
PHONE = "rows"
#: The largest ``max - min`` a row of choices shows (the contract of issue 26).
ROW_SPAN = 6
#: How a form of counts bounds its rows: ``keys`` (the phone before issue 26: each row by its own
#: ``min`` and ``max`` only, whatever the others hold) or ``live`` (issue 26's contract: ``most``
#: minus the other rows, and each group's ``most`` minus the group's other rows, disables the
#: values above it; the submit waits while the total is under ``least``).
BOUNDS = ("keys", "live")
#: The bounds the figures are for unless ``--bounds`` says otherwise: main's (live, groups
#: included); ``keys`` is the phone before issue 26.
BOUND = "live"
#: How each phone bounds a form of counts, as a run says it used.
BOUND_WORDS = {
    "keys": "each row by its own min and max",
    "live": "each row live by most (and its groups' most) minus the others, the submit waiting "
    "under least",
}
#: How each phone enters a number, as a run says it used.
PHONE_WORDS = {
    "steppers": "every integer and count a stepper, one tap per step",
    "rows": f"a row of choices, one tap, when max - min <= {ROW_SPAN}; else a stepper",
}
#: Answers one seat may have refused in a row before the game is declared stuck.
MAX_REFUSALS = 200
#: Rounds a game may take before it is declared stuck.
MAX_ROUNDS = 20_000
#: Per game, never chosen besides :data:`tests.perf.answers.SKIP`: taking one's own pick back
#: (an undo; TABLE_TIME: "corrections and undo are never chosen"). Every phone a round waits for
#: answers in it, so an answer a phone may give but never has to would be given in every round
#: (a Zombicide player giving back the survivor just taken, an attack declared then called off).
#: Only when nobody has anything else to answer is an undo the way on, and then it is answered.
UNDOES = {"zombicide": ("release_survivor", "cancel_attack")}
#: Per game, never chosen either: a helper the app offers beside the question, which the game
#: never waits for (TABLE_TIME: "the mover is whoever the prompt waits for", for what it waits
#: for). Zombicide's ``split`` works out an even split of a Zombie group with equal paths while a
#: move's board step lasts (ZC-12): when to use it the board says, not the rules, and the table
#: splits on the board with or without it (left out of both sides). Offered to the seat the
#: game waits for, it would be that seat's answer in every round, the question never answered.
#: (Eat Zem All's ``split``, Humans splitting up, is a question the game waits for.)
HELPERS = {"zombicide": ("split",)}


# --- the phone -----------------------------------------------------------------------------------


def number_control(low: int, high: int, phone: str = PHONE) -> str:
    """How the phone shows an integer in ``[low, high]`` (an integer param or one row of a
    count): ``fixed`` (one value: shown as a fact), ``row`` (one button per value) or
    ``stepper`` (− and +). The one rendering rule: change it here when the phone changes."""
    if phone not in PHONES:
        raise ValueError(f"phone {phone!r}: one of {PHONES}")
    if low >= high:
        return "fixed"
    if phone == "rows" and high - low <= ROW_SPAN:
        return "row"
    return "stepper"


def _start(bounds: dict) -> int:
    """Where a number's control starts: its ``value``, else its ``min`` (within its bounds)."""
    return min(bounds["max"], max(bounds["min"], bounds.get("value", bounds["min"])))


def number_taps(bounds: dict, value: int, phone: str = PHONE) -> int:
    """Taps to enter ``value`` in the control of ``bounds`` (``{"min", "max", "value"?}``)."""
    shown = number_control(bounds["min"], bounds["max"], phone)
    start = _start(bounds)
    if shown == "fixed":
        return 0
    if shown == "row":
        return 0 if value == start else 1
    return abs(value - start)


def _checked(param: dict) -> list:
    """What a multi-pick shows checked at first: its ``value`` when it picks at most one (a
    radio row with "none"), else nothing."""
    if min(param.get("max", len(param["choices"])), len(param["choices"])) == 1:
        if "value" in param:
            value = param["value"]
            return [value[0] if isinstance(value, list) else value]
    return []


def _pick_one(param: dict) -> bool:
    return "choices" in param and not param.get("multiple")


def taps(spec: dict, params: dict, phone: str = PHONE) -> int:
    """Taps to post ``params`` with the phone's controls for ``spec`` (see the module's doc)."""
    specs = spec.get("params") or {}
    if not specs:
        return 1  # a button
    if len(specs) == 1 and _pick_one(next(iter(specs.values()))):
        return 1  # one button per choice: the tap on one is the submit
    n = 1  # the form's submit
    for name, param in specs.items():
        value = params[name]
        if "counts" in param:
            n += sum(number_taps(b, value[k], phone) for k, b in param["counts"].items())
        elif param.get("multiple"):
            if len(param["choices"]) and param.get("min", 0) >= len(param["choices"]):
                continue  # every choice must be taken: shown as a fact
            checked = _checked(param)
            n += sum(v not in value for v in checked) + sum(v not in checked for v in value)
        elif "choices" in param:
            if "value" in param:
                preselected = [param["value"]]
            else:
                preselected = param["choices"] if len(param["choices"]) == 1 else []
            n += 0 if value in preselected else 1
        else:
            n += number_taps(param, value, phone)
    return n


def choosing(specs: list[dict]) -> bool:
    """Whether a seat's question leaves anything to decide (else: read it, tap)."""
    if len(specs) != 1:
        return True
    return bool(specs[0].get("params")) and not answers.one_value(specs[0])


def answer_seconds(n_taps: int, *, decide: bool = True) -> float:
    """One answer posted: read the question, decide (unless nothing is to be chosen), tap."""
    return READ + (DECIDE if decide else 0.0) + TAP * n_taps


# --- the policies --------------------------------------------------------------------------------


def pick_counts(param: dict, rng: Rng, policy: str, bounds: str = BOUND) -> dict:
    """A count form's values as a player enters them, row by row, each row within its own
    bounds and, with ``live`` bounds, by ``most`` minus the other rows and by each of its
    ``groups``' ``most`` minus the group's other rows (Eat Zem All's card parts: a Zombie bites
    once; ``pwa/js/games/eat-zem-all-forms.js``); then, while the total is under ``least`` (the
    submit waits), rows are raised. ``accept`` keeps each row's ``value``."""
    if bounds not in BOUNDS:
        raise ValueError(f"bounds {bounds!r}: one of {BOUNDS}")
    rows = param["counts"]
    values = {k: _start(b) for k, b in rows.items()}
    live = bounds == "live"
    most, least = (param.get("most"), param.get("least")) if live else (None, None)
    groups = [(g["keys"], g["most"]) for g in param.get("groups", ())] if live else []

    def room(key: str) -> int:
        high = rows[key]["max"]
        if most is not None:
            high = min(high, most - (sum(values.values()) - values[key]))
        for keys, cap in groups:
            if key in keys:
                high = min(high, cap - sum(values[k] for k in keys if k != key))
        return max(high, rows[key]["min"])

    for key, row in rows.items():
        if policy == "accept" and "value" in row:
            continue
        values[key] = rng.between(row["min"], room(key))
    if least is not None:
        while sum(values.values()) < least:
            open_ = [k for k in rows if room(k) > values[k]]
            if not open_:
                break  # the rows cannot reach it: the rules will say so
            key = rng.choice(open_)
            short = least - sum(values.values())
            values[key] += rng.between(1, min(room(key) - values[key], short))
    return values


def pick_params(spec: dict, rng: Rng, policy: str, bounds: str = BOUND) -> dict:
    """Values for each param of ``spec`` under ``policy`` (see the module's doc)."""
    accept = policy == "accept"
    out: dict = {}
    for name, param in (spec.get("params") or {}).items():
        if "counts" in param:
            out[name] = pick_counts(param, rng, policy, bounds)
        elif param.get("multiple"):
            checked = _checked(param)
            if accept and checked:
                out[name] = checked
            else:
                high = min(param.get("max", len(param["choices"])), len(param["choices"]))
                out[name] = rng.sample(param["choices"], rng.between(param.get("min", 0), high))
        elif "choices" in param:
            has = accept and "value" in param
            out[name] = param["value"] if has else rng.choice(param["choices"])
        else:
            has = accept and "value" in param
            out[name] = param["value"] if has else rng.between(param["min"], param["max"])
    return out


def choose(specs: list[dict], rng: Rng, policy: str, bounds: str = BOUND) -> dict:
    """An action among ``specs`` (uniformly), its params under ``policy``."""
    if policy not in POLICIES:
        raise ValueError(f"policy {policy!r}: one of {POLICIES}")
    spec = rng.choice(sorted(specs, key=lambda s: s["type"]))
    return {"type": spec["type"], "params": pick_params(spec, rng, policy, bounds)}


# --- the box -------------------------------------------------------------------------------------

#: A box step count: ``{"draw": 1, "read": 1}``, or how to count it from the event and the state
#: right after the action that logged it.
Steps = dict[str, float] | Callable[[dict, dict], dict[str, float]]


def _arg(event: dict, name: str, default: int = 0) -> int:
    return (event.get("args") or {}).get(name, default)


def _eza_feast_bites(event: dict, state: dict) -> dict:
    # count every Bite token the Hordes hold on the dead Human (EZA-F2), then hand its tile over
    human = event["feast"]["human"]
    bites = sum(h["bites"].get(human, 0) for h in state["hordes"].values())
    return {"count": bites, "place": 1 if event["feast"]["winner"] is not None else 0}


def _eza_end_count(event: dict, state: dict) -> dict:
    # the end count: each Horde's Bite tokens, Human tiles and Trait tiles, one by one
    items = sum(
        sum(h["bites"].values()) + len(h["human_tiles"]) + len(h["traits"])
        for h in state["hordes"].values()
    )
    return {"count": items}


def _eza_setup(event: dict, state: dict) -> dict:
    # EZA setup: shuffle the Human deck, the Events set aside, the Mutations and each Horde's
    # Zombie cards; draw the 2 Events at random; a Trait tile drawn and placed per Human; each
    # Horde draws 2 Mutations and reads them (which it keeps is eza.mutation.kept)
    hordes = _arg(event, "count")
    humans = len(state["humans"])
    return {
        "shuffle": 3 + hordes,
        "draw": 2 + humans + 2 * hordes,
        "place": humans,
        "read": 2 * hordes,
    }


def _zc_spawn_card(event: dict, state: dict) -> dict:
    # a Zombie card drawn for a spawn: draw it, read it, discard it (the figures: the board)
    return {"draw": 1, "read": 1, "place": 1}


#: Per game: event message id -> the box steps it stands for.
BOX: dict[str, dict[str, Steps]] = {
    "zombie-life": {
        "zl.dealt": {"draw": 1, "place": 1},  # deal a card off the pile, face up into a Refuge
        "zl.drew": {"draw": 1},  # draw a card and look at it
        "zl.place.refuge": {"place": 1},  # place the drawn card in one's Refuge
        "zl.place.horde": {"place": 1},  # place the drawn card in the Horde
        # a card only one area may take (ZL-2), placed with its draw: draw, look, place it
        "zl.place.refuge.only": {"draw": 1, "place": 1},
        "zl.place.horde.only": {"draw": 1, "place": 1},
        "zl.take": {"place": 1},  # take a card from the Horde into one's Refuge
        "zl.pass": lambda e, s: {"place": e["turned_down"]},  # turn Refuge cards face down
        "zl.face_up": {"place": 1},  # turn one face-down card face up (ZL-5)
        "zl.overwhelmed": {"place": 2},  # discard the drawn card and sweep the Refuge away
        "zl.scores": lambda e, s: {"count": e["points"]},  # count the face-up cards (ZL-7)
        # gather the Refuges and the Horde (one sweep each) and shuffle a new pile (ZL-10)
        "zl.reshuffle_all": lambda e, s: {"place": len(s["seats"]) + 1, "shuffle": 1},
        # the Refuges and the Horde go to the discard, the pile goes on (option, ZL-10)
        "zl.continue_pile": lambda e, s: {"place": len(s["seats"]) + 1},
        "zl.reshuffle": {"shuffle": 1},  # the draw pile ran out: shuffle the discard (ZL-10)
    },
    "eat-zem-all": {
        "eza.setup.dealt": _eza_setup,  # see _eza_setup
        "eza.card.taken": {"place": 1, "read": 1},  # take a Zombie card off the track, read it
        # each Human card: draw it, read its effects, discard it
        "eza.card.human": {"draw": 1, "read": 1, "place": 1},
        # a dead or escaped Human's card: drawn, seen, banished (set aside)
        "eza.card.banished_dead": {"draw": 1, "place": 1},
        "eza.card.banished_escaped": {"draw": 1, "place": 1},
        # an Event card: draw it, read it, discard it
        "eza.event.human": {"draw": 1, "read": 1, "place": 1},
        "eza.event.zombie": {"draw": 1, "read": 1, "place": 1},
        # a Trait's "discard N Human cards": each off the deck onto the discard
        "eza.discard_human_cards": lambda e, s: {"place": _arg(e, "count")},
        # the Human deck is empty: add N Events from the reserve, shuffle with the discard
        "eza.deck.rebuilt": lambda e, s: {"draw": _arg(e, "count"), "shuffle": 1},
        "eza.deck.rebuilt_longer": lambda e, s: {
            "draw": _arg(e, "count"),  # the Events added from the reserve
            "place": _arg(e, "retired"),  # the Events taken out of the game
            "shuffle": 1,
        },
        "eza.fatal_blow": {"place": 1, "read": 1},  # take the Trait tile, read its effect
        "eza.feast.won": _eza_feast_bites,  # see _eza_feast_bites
        "eza.feast.nobody": _eza_feast_bites,  # the same count; nobody takes the tile
        # draw N Mutations and read them (which one is kept: eza.mutation.kept)
        "eza.mutation.drawn": lambda e, s: {"draw": _arg(e, "count"), "read": _arg(e, "count")},
        # the player-aid draft (option): the pool drawn and read
        "eza.mutation.draft": lambda e, s: {"draw": _arg(e, "count"), "read": _arg(e, "count")},
        "eza.mutation.kept": {"place": 2},  # one placed face up, the other discarded or passed
        "eza.mutation.discarded": {"place": 1},  # a held Mutation discarded (at most 2, EZA-T9)
        "eza.mutation.used": {"read": 1, "place": 1},  # an Instant played: read, discarded
        "eza.mutation.table": {"read": 1, "place": 1},  # played at the table: read, discarded
        "eza.mutation.reshuffled": {"shuffle": 1},  # the Mutation discard shuffled (EZA-T4)
        # the empty track refilled: each new card drawn and laid face up
        "eza.track.refilled": lambda e, s: {"draw": _arg(e, "count"), "place": _arg(e, "count")},
        "eza.track.reshuffled": {"shuffle": 1},  # the active pile shuffled into a new draw pile
        # draw 2 of one's Zombie cards and read them; one on the draw pile, one under (EZA-T8)
        "eza.zombie_card.drawn": {"draw": 2, "read": 2},
        "eza.zombie_card.placed": {"place": 2},
        "eza.zombie_card.last": {"draw": 1, "place": 1},  # the last one: drawn, on the draw pile
        "eza.dispenser.passes": {"place": 1},  # pass the Human card dispenser to the left
        "eza.end": _eza_end_count,  # see _eza_end_count
    },
    "student-bodies": {
        # set-up: each Hallway card drawn and read to lay the hallway out (tokens: the board)
        "sb.setup.hallway": {"draw": 1, "read": 1},
        # the Lab and Exit decks shuffled, one card of each placed unseen
        "sb.setup.sealed": {"shuffle": 2, "place": 2},
        # the beakers: the Antidotes and random others set aside face down
        "sb.setup.beakers": lambda e, s: {"place": _arg(e, "count")},
        # the Zombie deck: the level cards dealt at random to the Base cards, shuffled
        "sb.setup.zombie_deck": lambda e, s: {
            "place": _arg(e, "one") + _arg(e, "two") + _arg(e, "three"),
            "shuffle": 1,
        },
        "sb.setup.corpses": {"shuffle": 1},  # the corpse tokens mixed face down
        # a starting Item card: draw it, read it, place it (weapon slot or backpack)
        "sb.setup.item": {"draw": 1, "read": 1, "place": 1},
        # a starting hand drawn; 5 Health tokens and the Stamina marker placed
        "sb.setup.hand": lambda e, s: {"draw": _arg(e, "count"), "place": 6},
        "sb.first.roll": {"roll": 1},  # each player rolls the zombie die for who starts
        # the Zombie card: draw it, read it, discard it
        "sb.zombie_card": {"draw": 1, "read": 1, "place": 1},
        "sb.attack.rolled": {"roll": 1},  # a zombie attack: roll the die
        "sb.wound": {"place": 1},  # flip a Health token to its Wound side
        "sb.heal": lambda e, s: {"place": _arg(e, "count")},  # flip Wounds back, one each
        "sb.pays": {"place": 1},  # move the Stamina marker down
        "sb.stamina.gain": {"place": 1},  # move the Stamina marker up
        "sb.stamina.reset": {"place": 1},  # the Stamina marker back to 3 (Cleanup)
        "sb.stamina.reset.bonus": {"place": 1},  # the same, with the beaker's +1
        "sb.plays": {"place": 1, "read": 1},  # play a card: read it, discard it
        "sb.plays.smart": {"place": 1, "read": 1},  # its Smart Zombie text: read, discard
        "sb.defended": {"place": 1, "read": 1},  # a defense card played or an Item spent: read
        "sb.uses": {"place": 1, "read": 1},  # use an Item: read its ability, turn it (spent)
        "sb.uses.trash": {"place": 1, "read": 1},  # the same, trashing it
        "sb.draws": lambda e, s: {"draw": _arg(e, "count")},  # draw cards, looking at each
        "sb.discards": lambda e, s: {"place": len(e["cards"])},  # discard cards, one each
        # ready Items into the slots, one placed each
        "sb.items.ready": lambda e, s: {"place": len([i for i in e["ready"] if i])},
        # turn spent Items back, one each
        "sb.items.reset": lambda e, s: {"place": len(_arg(e, "items", []))},
        "sb.item.gained": {"draw": 1, "read": 1, "place": 1},  # draw an Item card, read, place
        "sb.loots": {"place": 1, "read": 1},  # take an Item from a dead player's pile, read it
        "sb.steals": {"place": 1, "read": 1},  # take an Item from another player, read it
        "sb.corpse.checked": {"draw": 1, "place": 1},  # flip a corpse token, look, remove it
        "sb.beaker.checked": {"draw": 1, "place": 1},  # flip a beaker token, look, remove it
        "sb.lab.opens": {"draw": 1, "read": 1},  # turn the Lab card over and read it
        "sb.exit.opens": {"draw": 1, "read": 1},  # turn the Exit card over and read it
        # a Smart Zombie: flip the character sheet, discard the hand, 2 Health tokens
        "sb.reshuffle.main": {"shuffle": 1},  # the Main deck's discard shuffled
        "sb.reshuffle.items": {"shuffle": 1},  # the Item deck's discard shuffled
        "sb.reshuffle.zombie": {"shuffle": 1},  # the Zombie deck's discard shuffled
        "sb.corpse.reshuffle": {"shuffle": 1},  # the used corpse tokens turned and mixed
        "sb.rises": lambda e, s: {"place": 3 + _arg(e, "count")},
    },
    "zombicide": {
        # set-up: the Zombie, Equipment and crate decks shuffled
        "zc.setup.decks": {"shuffle": 3},
        "zc.deal.starter": {"draw": 1, "place": 1},  # a starting Equipment card dealt
        "zc.team.took_adult": {"place": 1},  # take a survivor's dashboard
        "zc.team.took_child": {"place": 1},  # take a survivor's dashboard
        "zc.team.released": {"place": 1},  # give a dashboard back
        "zc.team.moved": {"place": 1},  # a dashboard passed to another player
        # a search: each card drawn and read (kept or discarded: their own events)
        "zc.search": lambda e, s: {"draw": len(e["cards"]), "read": len(e["cards"])},
        # a Pimp-weapon crate: the same, from the crate deck
        "zc.crate": lambda e, s: {"draw": len(e["cards"]), "read": len(e["cards"])},
        "zc.kept": {"place": 1},  # a card found into a free slot the player chose
        # a card found in place of one held: the one placed, the other discarded (ZC-16)
        "zc.kept_instead": {"place": 2},
        "zc.kept_free": {"place": 1},  # a card found into the backpack, asking nothing
        "zc.kept_free.hand": {"place": 1},  # a weapon found into a free hand, asking nothing
        "zc.left": {"place": 1},  # a found card discarded
        "zc.discarded": {"place": 1},  # a card discarded
        "zc.moved.hand": {"place": 1},  # a card from the backpack into a free hand
        "zc.moved.pack": {"place": 1},  # a card from a hand into a free backpack slot
        "zc.moved.swap": {"place": 2},  # two cards of the inventory change places
        "zc.trade.give": {"place": 1},  # a card given to another survivor
        "zc.trade.swap": {"place": 2},  # two cards traded
        "zc.wounded": lambda e, s: {"place": e["wounds"]},  # a Wound card per wound
        "zc.adrenaline.gain": {"place": 1},  # slide the adrenaline marker
        "zc.skill.granted": {"read": 1, "place": 1},  # a skill gained: read it, mark it
        "zc.skill.chosen": {"read": 1, "place": 1},  # a skill chosen: read, mark it
        "zc.spawn.place": _zc_spawn_card,  # a spawn card
        "zc.spawn.rush": _zc_spawn_card,  # a spawn card (Rush)
        "zc.spawn.extra": _zc_spawn_card,  # a spawn card (extra activation)
        "zc.spawn.extra_blue": _zc_spawn_card,  # a spawn card that does nothing at blue
        "zc.spawn.kind_drawn": {"draw": 1},  # an Abomination drawn at random
        "zc.reshuffle.spawn": {"shuffle": 1},  # the Zombie deck's discard shuffled
        "zc.reshuffle.equipment": {"shuffle": 1},  # the Equipment deck's discard shuffled
        "zc.reshuffle.crates": {"shuffle": 1},  # the crate deck's discard shuffled
        "zc.round.end": {"place": 1},  # the first-player token passed (noise: on the board)
    },
}

#: Per game: box steps of its set-up that no event tells.
SETUP_BOX: dict[str, dict[str, float]] = {
    "zombie-life": {"shuffle": 1},  # ZL-1: every card shuffled into the draw pile
    # the Exit, Lab and Hallway decks, the Main deck and the Item deck shuffled (the Lab and
    # Exit ones are in sb.setup.sealed)
    "student-bodies": {"shuffle": 3},
}

#: Per game: event message ids that stand for no box step, and why.
NO_BOX_STEP: dict[str, dict[str, str]] = {
    "zombie-life": {
        "zl.lowest_starts": "who starts is seen on the dealt cards",
        "zl.tie": "the table settles a tie by age",
        "zl.host_picks": "the table settles a tie by age",
        "zl.round": "who deals is seen on the scores (the deal is zl.dealt)",
        "zl.round_over": "a round's end is seen (its scoring is zl.scores)",
        "zl.last_player": "the last player in play is seen",
        "zl.pass.last": "the last to pass turns nothing down",
        "zl.win": "the winner is seen on the scores (counted in zl.scores)",
        "zl.win.shared": "the winners are seen on the scores (counted in zl.scores)",
        "engine.board_done": "a tick on a phone (counted on the app's side)",
    },
    "eat-zem-all": {
        "eza.turn.start": "the next Horde is seen holding the dispenser (eza.dispenser.passes)",
        "eza.applies.main": "the card taken is read once (eza.card.taken)",
        "eza.applies.both": "the card taken is read once (eza.card.taken)",
        "eza.humans.start": "each Human card drawn is its own event (eza.card.human…)",
        "eza.event.drawn_additional": "the additional card is its own event when drawn",
        "eza.event.none_to_draw": "nothing is drawn",
        "eza.activation.at_table": "Zombies acting: pawns on the board",
        "eza.activation.none": "the Zombie added instead: a pawn on the board",
        "eza.added": "a Zombie pawn on the board",
        "eza.take_back.moved": "a Zombie pawn moved on the board",
        "eza.take_back.none": "nothing moves",
        "eza.panic": "a Human pawn laid down on the board",
        "eza.panic.nobody": "nothing to frighten",
        "eza.frightened.stands": "a Human pawn stood up on the board",
        "eza.frightened.all_stand": "Human pawns stood up on the board",
        "eza.silent_step.stays": "the pawn stays down",
        "eza.bite": "a Bite token taken: left out of both sides (tokens at the board)",
        "eza.bite.first": "the Contamination token taken: left out of both sides",
        "eza.bite.last": "the last Bite token taken: left out of both sides",
        "eza.bite.gone": "no token to take",
        "eza.cheer": "Bite tokens given back: left out of both sides",
        "eza.cheer.short": "Bite tokens given back: left out of both sides",
        "eza.dead": "the Feast's steps are their own events",
        "eza.feast.resume": "the turn goes on: nothing to handle",
        "eza.transform": "a Zombie pawn laid in place of the Human: on the board",
        "eza.transform.empty": "no pawn to lay",
        "eza.attack.kills_standing": "a Zombie pawn back to its reserve: on the board",
        "eza.attack.kills_crawling": "a Zombie pawn back to its reserve: on the board",
        "eza.attack.wounds": "a Zombie pawn laid down on the board",
        "eza.attack.ignored": "nothing happens",
        "eza.play_dead": "a Zombie pawn back on the board",
        "eza.second_wind": "Zombie pawns stood up on the board",
        "eza.move.moves": "a Human pawn moved on the board",
        "eza.move.skipped": "nothing moves",
        "eza.path.moves": "Human pawns moved on the board",
        "eza.split": "Human pawns moved on the board",
        "eza.split.behind": "Human pawns moved on the board",
        "eza.room.only": "who moves is asked (the pawns: on the board)",
        "eza.shove": "a Human pawn moved on the board",
        "eza.omar.alone": "a Human pawn moved on the board",
        "eza.odile.leaves": "a Human pawn moved on the board",
        "eza.odile.moves": "a Human pawn moved on the board",
        "eza.odile.surrounded": "nothing moves",
        "eza.harry.cannot_move": "a Human pawn moved on the board",
        "eza.harry.joins": "a Human pawn moved on the board",
        "eza.harry.stays": "nothing moves",
        "eza.gabriel.nothing": "nothing happens",
        "eza.gabriel.repeats": "the effects repeated are their own events",
        "eza.gabriel.blocked": "nothing moves",
        "eza.escape": "a Human pawn leaves the board",
        "eza.kate.barricades": "a Defense cube on the board",
        "eza.kate.none": "nothing happens",
        "eza.defense.removed": "Defense cubes off the board: left out of both sides",
        "eza.defense.gone": "no cube to remove",
        "eza.splinters.cubes": "Defense cubes off the board: left out of both sides",
        "eza.splinters.tombstone": "a Tombstone off the board: left out of both sides",
        "eza.dead_card.wounds": "a Zombie pawn laid down on the board (the card: its own event)",
        "eza.dead_card.stood": "a Human pawn stood up on the board",
        "eza.surprise.nobody": "nothing happens",
        "eza.surprise.no_zombie": "nothing happens",
        "eza.effect.skipped": "nothing happens",
        "eza.part.entered": "a Horde's part entered before its turn in the card's order: the "
        "app keeps it (at the table the Horde plays it when its turn comes: nothing to handle)",
        "eza.part.again": "the app asks a part again (what it may enter changed): the answer is "
        "the app's cost (counted on its side); the box has nothing to handle",
        "eza.zombie_card.none": "nothing to draw",
        "eza.mutation.none_left": "nothing to draw",
        "eza.move.stays": "nothing moves",
        "eza.correct.gained": "a correction (never chosen here)",
        "engine.board_done": "a tick on a phone (counted on the app's side)",
    },
    "student-bodies": {
        "sb.setup.reserves": "zombie figures set aside: figures",
        "sb.corpse.placed": "corpse tokens on the board",
        "sb.first.starts": "who starts is seen on the dice",
        "sb.turn": "the next player is seen",
        "sb.place_figure": "a figure on the board",
        "sb.zombie_step.skipped": "nothing is drawn",
        "sb.walk.start": "zombie figures acting: the board",
        "sb.walk.done": "zombie figures acting: the board",
        "sb.walk.again": "zombie figures acting: the board",
        "sb.smart_phase": "Smart Zombies acting: the board",
        "sb.z.moves": "a zombie figure moved on the board",
        "sb.z.stays": "a zombie figure on the board",
        "sb.z.climbs": "a zombie figure moved on the board",
        "sb.z.stands": "a zombie figure stood up on the board",
        "sb.z.attacks": "the attack is its own event (sb.attack.rolled…)",
        "sb.spawn": "a zombie figure on the board",
        "sb.spawn.empty_pool": "nothing to place",
        "sb.spawn.nowhere": "nothing to place",
        "sb.enters": "a move on the board (the attacks: their own events)",
        "sb.enters.safe": "a move on the board",
        "sb.move.stops": "a move on the board",
        "sb.move.on_ground": "nothing moves",
        "sb.move.interrupted": "a move on the board",
        "sb.pushed": "a figure moved on the board",
        "sb.switches": "figures moved on the board",
        "sb.push_back.on_ground": "nothing moves",
        "sb.zombie.pushed": "a zombie figure moved on the board",
        "sb.zombie.knocked": "a zombie figure laid down on the board",
        "sb.zombie.killed": "a zombie figure off the board (its corpse token: the board)",
        "sb.knocked_down": "a figure laid down on the board",
        "sb.stands_up": "a figure stood up on the board",
        "sb.sa.moved": "a Smart Zombie figure moved on the board",
        "sb.sa.climbed": "a Smart Zombie figure moved on the board",
        "sb.sa.stood": "a Smart Zombie figure stood up on the board",
        "sb.sa.switched": "figures moved on the board",
        "sb.sa.stops": "nothing happens",
        "sb.attack.auto_bite": "no roll; the wound is its own event (sb.wound)",
        "sb.attack.bites": "no roll; the wound is its own event (sb.wound)",
        "sb.attack.player": "no roll; what it does: its own events",
        "sb.defend.quiet_chosen": "the player's word: nothing to handle",
        "sb.wound.fatal": "no Health token left to flip",
        "sb.zero_health": "seen on the Health track",
        "sb.dies_end_of_turn": "seen on the Health track",
        "sb.out.antidote": "the figure off the board; the Items stay where they are",
        "sb.ends_turn": "the Cleanup's draws and discards are their own events",
        "sb.win.escaped": "the winner is seen",
        "sb.win.smart": "the winners are seen",
        "sb.win.nobody": "the end is seen",
        "sb.out.smart": "the figure off the board",
        "sb.attack.fizzles": "nothing happens",
        "sb.first.reported": "dice the table rolls itself",
        "sb.item.none_left": "nothing to draw",
        "sb.walk.none": "nothing acts",
        "sb.zombie.none_left": "nothing acts",
        "engine.board_done": "a tick on a phone (counted on the app's side)",
    },
    "zombicide": {
        "zc.team.done": "the teams are seen",
        "zc.sets.chosen": "which boxes' cards are used (the decks' shuffle: zc.setup.decks)",
        "zc.mission.set": "the mission's tokens: on the board",
        "zc.zones.added": "spawn zones: on the board",
        "zc.zones.added_coloured": "spawn zones: on the board",
        "zc.zones.done": "spawn zones: on the board",
        "zc.buildings.added": "buildings: on the board",
        "zc.buildings.done": "buildings: on the board",
        "zc.deal.first_player": "who starts is seen on the starting cards",
        "zc.round.start": "the first player is seen holding the token",
        "zc.turn.survivor": "the next survivor is seen",
        "zc.turn.end": "nothing to handle",
        "zc.objective.taken": "an objective token off the board: left out of both sides",
        "zc.zone.activated": "a spawn zone: on the board",
        "zc.goal.done": "a mission goal: seen on the board",
        "zc.door.spawn": "each spawn card drawn is its own event",
        "zc.door.no_spawn": "nothing is drawn",
        "zc.spawn.level": "the danger level is seen on the dashboards",
        "zc.spawn.level_start": "the danger level is seen on the dashboards",
        "zc.spawn.zones": "the zones are seen on the board (each card: its own event)",
        "zc.adrenaline.level": "the marker's slide is zc.adrenaline.gain",
        "zc.zombies.phase": "Zombie figures acting: the board",
        "zc.activation.begin": "Zombie figures acting: the board",
        "zc.activation.none": "nothing to do",
        "zc.attacks.none": "nothing to do",
        "zc.attacks.wounds": "each survivor's wounds are zc.wounded",
        "zc.moves.done": "Zombie figures moved on the board",
        "zc.moves.split": "Zombie figures moved on the board",
        "zc.attack.aiming": "an attack: dice the table rolls itself, figures on the board",
        "zc.attack.closing": "an attack: dice the table rolls itself, figures on the board",
        "zc.attack.declared": "an attack: dice the table rolls itself, figures on the board",
        "zc.attack.cancelled": "nothing happens",
        "zc.attack.declared_dual": "an attack: dice the table rolls itself, figures on the board",
        "zc.spawn.abomination_again": "the Abomination figure acts: the board",
        "zc.spawn.placed_done": "Zombie figures placed: the board",
        "zc.spawn.short": "figures short: the board",
        "zc.attack.result": "Zombie figures off the board",
        "zc.attack.lost": "hits that kill nothing: nothing to handle",
        "zc.dice.entered": "dice the table rolls itself",
        "zc.dice.result": "dice the table rolls itself",
        "zc.dice.hits_entered": "dice the table rolls itself, their hits entered on the phone",
        "zc.turn.first": "another survivor plays first: a word at the table, no card or token",
        "zc.attacks.none_mine": "this player's survivors take no wound: nothing to handle (the "
        "wounds given are zc.wounded)",
        "zc.attacks.no_more": "no more wounds to give: nothing to handle",
        "zc.end.win": "the end is seen",
        "zc.end.loss": "the end is seen",
        "engine.board_done": "a tick on a phone (counted on the app's side)",
    },
}

#: Per game: who answers first in a round (EZA-T1: the card's resolution order), before the
#: clockwise order from the seat whose turn it is.
ORDER: dict[str, Callable[[dict], list[int]]] = {
    "eat-zem-all": lambda s: [e["seat"] for e in (s.get("card") or {}).get("order", [])],
}


def box_steps(game_id: str, event: dict, state: dict) -> dict[str, float] | None:
    """The box steps one event stands for (``{}``: none), ``None`` when it is not mapped."""
    mapped = BOX.get(game_id, {}).get(event["msg"])
    if mapped is None:
        return {} if event["msg"] in NO_BOX_STEP.get(game_id, {}) else None
    return mapped(event, state) if callable(mapped) else dict(mapped)


def box_seconds(steps: dict[str, float]) -> float:
    return sum(BOX_STEPS[name] * n for name, n in steps.items())


# --- one game ------------------------------------------------------------------------------------


def _turns(game_id: str):
    """(the turn's identity, the seat whose turn it is) for ``game_id``; a game
    :data:`tests.perf.answers.TURNS` does not know: its ``turn``."""
    if game_id in answers.TURNS:
        return answers.TURNS[game_id]
    return (lambda s: s.get("turn"), lambda s: s.get("turn"))


def round_order(game_id: str, state: dict, seats: list[int], active) -> list[int]:
    """``seats`` in the order they answer: the game's own (:data:`ORDER`), then clockwise from
    the seat whose turn it is, the host last."""
    first = [s for s in ORDER.get(game_id, lambda _: [])(state) if s in seats]
    ring = sorted(state.get("seats") or [s for s in seats if s != HOST])
    start = ring.index(active) if active in ring else 0
    clockwise = ring[start:] + ring[:start]
    rest = [s for s in clockwise if s in seats and s not in first]
    others = sorted(s for s in seats if s not in first and s not in rest)  # the host
    return first + rest + others


def offers(game, state: dict) -> tuple[list[tuple[int, list[dict]]], bool]:
    """The seats a round waits for, with what each may answer (never a helper; never an undo,
    unless nobody has anything else: then the undoes are the answers), and whether undoes are
    answered."""
    asked = []
    for seat, specs in answers.offers(game, state):
        specs = [s for s in specs if s["type"] not in HELPERS.get(game.id, ())]
        if specs:
            asked.append((seat, specs))
    out = []
    for seat, specs in asked:
        specs = [s for s in specs if s["type"] not in UNDOES.get(game.id, ())]
        if specs:
            out.append((seat, specs))
    return (out, False) if out or not asked else (asked, True)


def _specs(game, state: dict, seat: int, undoes: bool = False) -> list[dict]:
    if seat not in game.prompt(state)["waiting_for"]:
        return []
    legal = game.legal_actions(state, seat, corrections=False)
    never = answers.SKIP + HELPERS.get(game.id, ()) + (() if undoes else UNDOES.get(game.id, ()))
    return [s for s in legal if s["type"] not in never]


#: The figures of one answer type in :attr:`Tally.by_type`, in this order: seconds on the
#: critical path, of effort, answers, taps, refusals; then the same seconds and answers of those
#: answers that replace no box step (their events stand for no box step: what the app asks and
#: the cardboard does not); last the box seconds its answers' events stand for (what the answers
#: of that type save the table: set beside their critical seconds).
ROW = "critical effort answers taps refused nobox_critical nobox_effort nobox_answers box".split()


@dataclass
class Tally:
    """One game's (or several games') figures, in seconds and counts."""

    turns: int = 0
    answers: int = 0
    taps: int = 0
    refused: int = 0
    ticks: int = 0
    critical: float = 0.0  # what the table waits for, round by round
    effort: float = 0.0  # every phone's seconds
    active: float = 0.0  # the seconds of the phone whose turn it is
    setup_critical: float = 0.0  # of which before the first turn
    box: float = 0.0
    setup_box: float = 0.0  # of which the set-up
    lookups: float = 0.0
    nobox_critical: float = 0.0  # of the critical path: answers and ticks that replace no box step
    nobox_effort: float = 0.0  # of the effort: the same
    #: action type -> :data:`ROW`'s fields, in that order
    by_type: dict = field(default_factory=dict)
    box_by_msg: Counter = field(default_factory=Counter)
    box_by_step: Counter = field(default_factory=Counter)
    unmapped: Counter = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name in (
            "turns answers taps refused ticks critical effort active setup_critical box "
            "setup_box lookups nobox_critical nobox_effort"
        ).split():
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for kind, row in other.by_type.items():
            mine = self.by_type.setdefault(kind, [0] * len(ROW))
            for i, v in enumerate(row):
                mine[i] += v
        self.box_by_msg.update(other.box_by_msg)
        self.box_by_step.update(other.box_by_step)
        self.unmapped.update(other.unmapped)

    def answer(
        self, kind: str, seconds: float, n_taps: int, refused: int, active: bool, box: float
    ) -> None:
        """One answer posted; ``box``: the box seconds of what it made happen (its events)."""
        row = self.by_type.setdefault(kind, [0] * len(ROW))
        row[1] += seconds
        row[2] += 1
        row[3] += n_taps
        row[4] += refused
        row[8] += box
        if not box:
            row[6] += seconds
            row[7] += 1
            self.nobox_effort += seconds
        self.answers += 1
        self.taps += n_taps
        self.refused += refused
        self.effort += seconds
        self.active += seconds if active else 0.0

    def round(self, answered: list[tuple], ticks: int, mine: int, setup: bool):
        """A round's critical path: its slowest answer (``answered``: (seconds, type, box
        seconds of its events) each), then its board steps' ticks (``mine`` of them on the
        phone whose turn it is). A tick replaces no box step: the table does the step on the
        board with or without the app."""
        tick = answer_seconds(1, decide=False)
        seconds = 0.0
        if answered:
            slowest, kind, box = max(answered, key=lambda a: a[0])
            self.by_type[kind][0] += slowest
            seconds += slowest
            if not box:
                self.by_type[kind][5] += slowest
                self.nobox_critical += slowest
        if ticks:
            row = self.by_type.setdefault("board_done", [0] * len(ROW))
            row[0] += tick * ticks
            row[1] += tick * ticks
            row[2] += ticks
            row[3] += ticks
            row[5] += tick * ticks
            row[6] += tick * ticks
            row[7] += ticks
            self.nobox_critical += tick * ticks
            self.nobox_effort += tick * ticks
            self.ticks += ticks
            self.answers += ticks
            self.taps += ticks
            self.effort += tick * ticks
            self.active += tick * mine
            seconds += tick * ticks
        self.critical += seconds
        if setup:
            self.setup_critical += seconds

    def events(
        self, game_id: str, events: list[dict], state: dict, setup: bool, rules: set
    ) -> float:
        """Count the box steps ``events`` stand for; returns their seconds."""
        seconds = 0.0
        for event in events:
            if event.get("rule"):
                rules.add(event["rule"])
            steps = box_steps(game_id, event, state)
            if steps is None:
                self.unmapped[event["msg"]] += 1
                continue
            seconds += self.box_step(event["msg"], steps, setup)
        return seconds

    def box_step(self, what: str, steps: dict[str, float], setup: bool) -> float:
        seconds = box_seconds(steps)
        self.box += seconds
        self.setup_box += seconds if setup else 0.0
        if seconds:
            self.box_by_msg[what] += seconds
        for name, n in steps.items():
            self.box_by_step[name] += BOX_STEPS[name] * n
        return seconds


def _view(game, state: dict, seat: int) -> dict:
    return game.view(state, seat)


def answer(
    game,
    state: dict,
    seat: int,
    specs: list[dict],
    rng: Rng,
    policy: str,
    phone: str,
    bounds: str,
    stream: Rng,
):
    """``seat`` answers ``specs`` under ``policy``, again while the rules refuse it.
    Returns (new state, events, seconds, taps, action type, refusals)."""
    seconds, n_taps, refused = 0.0, 0, set()
    decide = choosing(specs)
    for _ in range(MAX_REFUSALS + 1):
        # After a refusal the player has read it: the total it names is kept to (live bounds).
        within = bounds if not refused else "live"
        act = choose(specs, rng, policy, within)
        for _ in range(50):  # the same answer again would be refused again
            if json.dumps(act, sort_keys=True) not in refused:
                break
            act = choose(specs, rng, "random", within)
        spec = next(s for s in specs if s["type"] == act["type"])
        seen = partial(_view, game, state, seat)  # what a screen's confirmation reads
        n = taps(spec, act["params"], phone) + answers.phone_confirms(
            game.id, spec, act["params"], seen
        )
        cost = answer_seconds(n, decide=decide)
        try:
            new, events = game.apply(state, seat, act, stream)
        except RuleError:
            seconds += cost + REFUSAL
            n_taps += n
            refused.add(json.dumps(act, sort_keys=True))
            continue
        return new, events, seconds + cost, n_taps + n, spec["type"], len(refused)
    raise AssertionError(f"{game.id}: seat {seat} refused {MAX_REFUSALS} times in a row")


def play(
    game, variant, players: int, seed: bytes, policy: str, phone: str = PHONE, bounds: str = BOUND
) -> Tally:
    """One seeded game to its end under ``policy``; its figures."""
    tally = Tally()
    rules: set[str] = set()
    turn_of, active_of = _turns(game.id)
    modelled = game.id in BOX
    state, events = answers.start(game, variant, players, seed)
    tally.box_step("(set-up)", SETUP_BOX.get(game.id, {}), True)
    tally.events(game.id, events, state, True, rules)
    tally.round([], state.get("board_step_count", 0), 0, True)  # steps listed by the deal
    rng = Rng(hashlib.sha256(f"table_time/{policy}/".encode() + seed).digest(), 0)
    step, last = 0, None
    for _ in range(MAX_ROUNDS):
        if game.result(state) is not None:
            break
        waiting, undoes = offers(game, state)
        turn = turn_of(state)
        setup = turn is None
        if not waiting:  # only board steps block the game: tick one (counted when listed)
            seat, act = answers.board_tick(game, state, rng)
            step += 1
            state, events = game.apply(state, seat, act, Rng(seed, step))
            tally.events(game.id, events, state, setup, rules)
            continue
        if turn is not None and turn != last:
            tally.turns += 1
            last = turn
        active = active_of(state)
        asked = {seat: {s["type"] for s in specs} for seat, specs in waiting}
        listed = state.get("board_step_count", 0)
        answered = []
        for seat in round_order(game.id, state, list(asked), active):
            if game.result(state) is not None:
                break
            specs = _specs(game, state, seat, undoes)
            if not specs or {s["type"] for s in specs} != asked[seat]:
                continue  # an earlier answer took or changed its question
            step += 1
            state, events, seconds, n, kind, refused = answer(
                game, state, seat, specs, rng, policy, phone, bounds, Rng(seed, step)
            )
            box = tally.events(game.id, events, state, setup, rules)
            tally.answer(kind, seconds, n, refused, seat == active and seat != HOST, box)
            answered.append((seconds, kind, box))
        new = [s for s in state.get("board_steps", ()) if int(s["id"][4:]) > listed]
        # a step naming no seat, or the active one's, is ticked on the active phone
        mine = sum(not s["seats"] or active in s["seats"] for s in new)
        tally.round(answered, state.get("board_step_count", 0) - listed, mine, setup)
    else:
        raise AssertionError(f"{game.id}/{variant}/{players}: no end after {MAX_ROUNDS} rounds")
    turn = turn_of(state)
    if turn is not None and turn != last:  # a turn begun and never answered in
        tally.turns += 1
    tally.lookups = LOOKUP * len(rules)
    if not modelled:
        tally.box = tally.setup_box = 0.0
    return tally


def measure(game, games: int, policy: str, phone: str = PHONE, bounds: str = BOUND) -> Tally:
    """``games`` seeded games of ``game`` (answers.py's set-ups and deals) under ``policy``."""
    total = Tally()
    for i, (variant, players) in enumerate(answers.setups(game, games)):
        seed = answers.seed_of(game, variant, players, i)
        total.add(play(game, variant, players, seed, policy, phone, bounds))
    return total


# --- the report ----------------------------------------------------------------------------------


def figures(game_id: str, t: Tally) -> dict:
    """Per turn figures of one game under one policy (``box``/``ratio`` None without a model)."""
    n = max(t.turns, 1)
    modelled = game_id in BOX
    box = t.box / n if modelled else None
    kinds = sorted(t.by_type.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return {
        "turns": t.turns,
        "app_critical": t.critical / n,
        "app_effort": t.effort / n,
        "active_share": t.active / t.effort if t.effort else 0.0,
        "box": box,
        "ratio": (t.critical / t.box) if modelled and t.box else None,
        # the same without the set-up (its answers and its box steps): how much the ratio owes
        # to the length of the playouts, over which the set-up is spread
        "ratio_turns": (t.critical - t.setup_critical) / (t.box - t.setup_box)
        if modelled and t.box > t.setup_box
        else None,
        "refused": t.refused / n,
        # what the app asks and the cardboard does not: answers whose events stand for no box
        # step, and board-step ticks (what the game's own helpers can cut)
        "nobox_critical": t.nobox_critical / n,
        "nobox_effort": t.nobox_effort / n,
        "lookups": t.lookups / n if modelled else None,
        "answers": t.answers / n,
        "taps": t.taps / n,
        "ticks": t.ticks / n,
        "setup_app": t.setup_critical / n,
        "setup_box": t.setup_box / n if modelled else None,
        "top": [
            {
                "type": k,
                "critical": v[0] / n,
                "effort": v[1] / n,
                "answers": v[2] / n,
                "taps": v[3] / max(v[2], 1),
                "refused": v[4] / n,
                "nobox_critical": v[5] / n,
                "nobox_effort": v[6] / n,
                "nobox_answers": v[7] / n,
                "box": v[8] / n,
            }
            for k, v in kinds
        ],
        "box_by_msg": {k: v / n for k, v in t.box_by_msg.most_common()} if modelled else {},
        "box_by_step": {k: v / n for k, v in t.box_by_step.most_common()} if modelled else {},
        "unmapped": dict(t.unmapped) if modelled else {},
    }


def _num(value, fmt: str = "{:.1f}") -> str:
    return "no box model" if value is None else fmt.format(value)


def table(rows: list[tuple[str, str, dict]]) -> str:
    """One row per game and policy (``rows``: name, policy, :func:`figures`)."""
    lines = [
        "| game | policy | turns | app s/turn (critical path) | phones' effort s/turn "
        "| active phone's share | box s/turn | app ÷ box | app ÷ box, set-up apart "
        "| refused submits/turn | look-ups s/turn (apart) "
        "| most expensive answers (critical s/turn) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, policy, f in rows:
        top = ", ".join(f"{r['type']} {r['critical']:.1f}" for r in f["top"][:5])
        lines.append(
            f"| {name} | {policy} | {f['turns']} | {f['app_critical']:.1f} "
            f"| {f['app_effort']:.1f} | {f['active_share']:.0%} | {_num(f['box'])} "
            f"| {_num(f['ratio'], '{:.2f}')} | {_num(f['ratio_turns'], '{:.2f}')} "
            f"| {f['refused']:.2f} | {_num(f['lookups'])} "
            f"| {top} |"
        )
    return "\n".join(lines)


def judged(results: dict) -> str:
    """Per game: the worse ratio of the policies (the one the goal judges)."""
    lines = [
        "| game | app ÷ box, the worse policy | set-up apart, the worse "
        "| refused submits/turn, the worse | critical s/turn replacing no box step "
        "(share of the critical path), the worse policy's |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in results.values():
        worse = r["worse"]
        refused = max(p["refused"] for p in r["policies"].values())
        cell = "no box model" if worse is None else f"{worse['ratio']:.2f} ({worse['policy']})"
        apart = [(f["ratio_turns"], p) for p, f in r["policies"].items() if f["ratio_turns"]]
        turns = f"{max(apart)[0]:.2f} ({max(apart)[1]})" if apart else "no box model"
        f = _worse(r)
        share = f["nobox_critical"] / f["app_critical"] if f["app_critical"] else 0.0
        lines.append(
            f"| {r['name']} | {cell} | {turns} | {refused:.2f} "
            f"| {f['nobox_critical']:.1f} ({share:.0%}) |"
        )
    return "\n".join(lines)


def _worse(result: dict) -> dict:
    """The figures of the policy the goal judges (the worse ratio; the first without a model)."""
    policy = result["worse"]["policy"] if result["worse"] else next(iter(result["policies"]))
    return result["policies"][policy]


def nobox(results: dict, least: float = 0.05) -> str:
    """Per game, under the worse policy: the answer types that replace no box step (their events
    stand for none: what the app asks and the cardboard does not), the critical seconds per turn
    of each (at least ``least``), the largest first. What the game's own helpers must cut."""
    lines = []
    for r in results.values():
        f = _worse(r)
        kinds = sorted(
            (t for t in f["top"] if t["nobox_critical"] >= least),
            key=lambda t: (-t["nobox_critical"], t["type"]),
        )
        policy = r["worse"]["policy"] if r["worse"] else next(iter(r["policies"]))
        listed = ", ".join(f"{t['type']} {t['nobox_critical']:.1f}" for t in kinds) or "none"
        lines.append(
            f"- {r['name']} ({policy}): {f['nobox_critical']:.1f} of {f['app_critical']:.1f} "
            f"critical s/turn replace no box step: {listed}"
        )
    return "\n".join(lines)


def by_type_table(name: str, policy: str, f: dict) -> str:
    lines = [
        f"| {name} ({policy}): answer type | critical s/turn | effort s/turn | answers/turn "
        "| taps/answer | refused/turn | replacing no box step: critical s/turn "
        "| …: share of its answers | box s/turn its events stand for |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in f["top"]:
        share = r["nobox_answers"] / r["answers"] if r["answers"] else 0.0
        lines.append(
            f"| {r['type']} | {r['critical']:.2f} | {r['effort']:.2f} | {r['answers']:.2f} "
            f"| {r['taps']:.1f} | {r['refused']:.2f} | {r['nobox_critical']:.2f} | {share:.0%} "
            f"| {r['box']:.2f} |"
        )
    if f["box"] is not None:
        steps = ", ".join(f"{k} {v:.1f}" for k, v in f["box_by_step"].items())
        msgs = ", ".join(f"{k} {v:.1f}" for k, v in list(f["box_by_msg"].items())[:8])
        lines.append(f"\nBox s/turn by step: {steps}; by event: {msgs}.")
    return "\n".join(lines)


def run(
    games: int, only=None, policies=POLICIES, phone: str = PHONE, bounds: str = BOUND, log=None
) -> dict:
    """Every game of the catalogue (or ``only``) under each policy: ``{game id: {"name",
    "policies": {policy: figures}, "worse": {"policy", "ratio"} | None}}``."""
    started = time.perf_counter()
    results: dict = {}
    for game in catalog.games():
        if only and game.id not in only:
            continue
        per = {}
        for policy in policies:
            per[policy] = figures(game.id, measure(game, games, policy, phone, bounds))
            if log is not None:
                print(
                    f"{game.id} ({policy}): done ({time.perf_counter() - started:.0f} s)", file=log
                )
        ratios = [(f["ratio"], p) for p, f in per.items() if f["ratio"] is not None]
        worse = max(ratios) if ratios else None
        results[game.id] = {
            "name": game.name,
            "policies": per,
            "worse": None if worse is None else {"ratio": worse[0], "policy": worse[1]},
        }
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="seeded games per game (8)")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--policy", action="append", choices=POLICIES, help="only this policy")
    parser.add_argument(
        "--phone", choices=PHONES, default=PHONE, help=f"how counts are entered ({PHONE})"
    )
    parser.add_argument(
        "--bounds", choices=BOUNDS, default=BOUND, help=f"how count rows are bounded ({BOUND})"
    )
    parser.add_argument("--by-type", action="store_true", help="also each answer type's figures")
    parser.add_argument("--json", action="store_true", help="machine-readable figures only")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    policies = tuple(args.policy or POLICIES)
    results = run(args.games, args.game, policies, args.phone, args.bounds, log=sys.stderr)
    if args.json:
        out = {
            "phone": args.phone,
            "bounds": args.bounds,
            "games": args.games,
            "policies": policies,
            "results": results,
        }
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return 0
    rows = [(r["name"], p, f) for r in results.values() for p, f in r["policies"].items()]
    print(table(rows))
    print()
    print(judged(results))
    print("\nAnswers replacing no box step, critical s/turn (the worse policy):")
    print(nobox(results))
    if args.by_type:
        for name, policy, f in rows:
            print("\n" + by_type_table(name, policy, f))
    unmapped = Counter()
    for r in results.values():
        for f in r["policies"].values():
            unmapped.update(f["unmapped"])
    if unmapped:
        print(f"\nWARNING: events with no box mapping (counted 0 s): {dict(unmapped)}")
    seconds = time.perf_counter() - started
    print(
        f"\nPhone: {args.phone} ({PHONE_WORDS[args.phone]}), bounds {args.bounds} "
        f"({BOUND_WORDS[args.bounds]}); {args.games} seeded games per game and policy; "
        f"{seconds:.0f} s."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
