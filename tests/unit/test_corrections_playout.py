"""Random playouts of every game with frequent corrections: whatever the table corrects, no
phone is ever offered a pick-one with nothing to pick, and the game never waits on a seat that
has nothing but corrections left to post while it is not over (the question would never be
answered: the table would freeze).

A correction is drawn the way a phone posts one: a seat (or the host) picks one of the groups it
is offered and changes one of its counts (or all of them at random, sometimes), with a reason.
"""

from __future__ import annotations

import hashlib

import pytest

from tableapp import catalog
from tableapp.engine import HOST, Game, Rng, RuleError
from tableapp.engine.playout import playable, random_correction, random_params

GAMES = [g for g in catalog.games() if isinstance(g, Game)]
#: Playouts per game and variant (Eat Zem All's are long: fewer).
SEEDS = {"eat-zem-all": 4}
#: The actions of one playout at most: the corrections keep some games from ever ending.
MAX_ACTIONS = 600
#: About one action in this many is a correction.
CORRECT_ONE_IN = 3


def _empty_picks(specs: list[dict]) -> list[str]:
    """The ``type.param`` of each pick-one (or pick-some) that has too few choices."""
    bad = []
    for spec in specs:
        for name, param in spec["params"].items():
            if "choices" not in param:
                continue
            least = param["min"] if param.get("multiple") else 1
            if len(param["choices"]) < least:
                bad.append(f"{spec['type']}.{name}")
    return bad


def _check(game: Game, state: dict, where: str) -> None:
    for seat in (HOST, *state["seats"]):
        specs = game.legal_actions(state, seat)
        assert not _empty_picks(specs), (where, seat, _empty_picks(specs), game.prompt(state))
    if game.over(state):
        return
    # The seats the game waits on: one of them at least (the one, for a question to one seat)
    # has something to answer besides corrections and the board's checklist.
    waited = game.prompt(state)["waiting_for"]
    answers = {
        seat: [
            s
            for s in game.legal_actions(state, seat, corrections=False)
            if s["type"] not in ("correct", "board_done")
        ]
        for seat in waited
    }
    assert any(answers.values()), (
        where,
        "waits on seats with nothing to answer",
        game.prompt(state),
    )


def _playout(game: Game, variant: str | None, number: int) -> int:
    seed = hashlib.sha256(f"corrections/{game.id}/{variant}/{number}".encode()).digest()
    seats = list(range(1, min(game.players[1], 2 + number % 3) + 1))
    seats = seats if len(seats) >= game.players[0] else list(range(1, game.players[0] + 1))
    state, _ = game.begin(
        content=catalog.content(game.id), variant=variant, options={}, seats=seats, rng=Rng(seed, 0)
    )
    chooser = Rng(hashlib.sha256(b"chooser" + seed).digest(), 0)
    corrected = 0
    for step in range(1, MAX_ACTIONS + 1):
        if game.over(state):
            break
        posted = None
        if chooser.between(1, CORRECT_ONE_IN) == 1:
            posted = random_correction(game, state, chooser)
        if posted is None:
            who = [s for s in game.prompt(state)["waiting_for"] if playable(game, state, s)]
            assert who, (step, "stuck", game.prompt(state))
            seat = chooser.choice(who)
            spec = chooser.choice(playable(game, state, seat))
            posted = seat, {"type": spec["type"], "params": random_params(spec, chooser)}
        seat, act = posted
        try:
            state, _ = game.apply(state, seat, act, Rng(seed, step))
        except RuleError:
            if act["type"] != "correct":
                raise
            continue  # the rules refused that correction (nothing changed, a box overdrawn)
        corrected += act["type"] == "correct"
        game.check_invariants(state)
        _check(game, state, f"step {step} after {act['type']}")
    return corrected


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_corrections_never_leave_a_question_with_nothing_to_answer(game):
    corrected = 0
    for variant in game.variants:
        for number in range(SEEDS.get(game.id, 12)):
            corrected += _playout(game, variant, number)
    if game.definition.corrections is not None:
        assert corrected > 10, "the playouts made corrections"
