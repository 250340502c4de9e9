"""0 refused submits (issue 26): every control of every Eat Zem All answer is bounded by what the
rules allow given the others (per key ``max``, ``most`` / ``least`` in all, ``groups`` on part
of a count form), so answers drawn at random within those bounds — as a phone applying them live
lets a player enter — are never refused. Many seeded games, both boards, 2 to 4 Hordes."""

from __future__ import annotations

import hashlib

import pytest
from eza_support import GAME, PACK

from tableapp.engine import Rng, RuleError
from tableapp.engine.playout import playable, random_params

#: Games per board and number of Hordes.
GAMES = 3


def play(side: str, hordes: int, index: int) -> tuple[int, list[tuple[str, str, str]]]:
    """One seeded game to its end, every answer random within its controls' bounds: (answers
    posted, refusals as (action, code, rule))."""
    seed = hashlib.sha256(f"no refusals/{side}/{hordes}/{index}".encode()).digest()
    pick = Rng(hashlib.sha256(b"pick" + seed).digest(), 0)
    state = GAME.setup(
        content=PACK, variant=side, options={}, seats=list(range(1, hordes + 1)), rng=Rng(seed, 0)
    )
    answers, refused = 0, []
    for step in range(1, 20_000):
        if GAME.result(state) is not None:
            return answers, refused
        offers = [
            (seat, specs)
            for seat in GAME.prompt(state)["waiting_for"]
            if (specs := playable(GAME, state, seat))
        ]
        seat, specs = pick.choice(offers)
        spec = pick.choice(specs)
        action = {"type": spec["type"], "params": random_params(spec, pick)}
        try:
            state, _ = GAME.apply(state, seat, action, Rng(seed, step))
            answers += 1
        except RuleError as refusal:
            refused.append((spec["type"], refusal.code, str(refusal.rule)))
            if len(refused) > 20:
                return answers, refused
    raise AssertionError(f"{side}/{hordes}/{index}: no end")


@pytest.mark.parametrize("hordes", [2, 3, 4])
@pytest.mark.parametrize("side", ["house", "cemetery"])
def test_issue26_EZA_T6_random_answers_within_the_controls_bounds_are_never_refused(side, hordes):
    total, refused = 0, []
    for index in range(GAMES):
        answers, refusals = play(side, hordes, index)
        total += answers
        refused += refusals
    assert total > 100 * GAMES  # whole games were played
    assert refused == []


def test_EZA_T6_the_bounds_allow_what_the_rules_allow_the_rulebook_example():
    """The rulebook's example (House): Loïc's first Zombie has 2 actions and removes 2 Defense
    cubes; then 2 Zombies with 3 actions each: one falls, bites Eve and stands up, the other
    removes the door's last cube, enters and bites Harry. Each activation's form offers exactly
    that, within its bounds (a bound tighter than the rules would refuse it on the phone)."""
    from eza_support import act, deal, form_of, part_params, stage

    state = deal("house", seats=(1, 2))  # 5 Zombies: both activations asked at once
    state, _ = stage(
        state,
        {"kind": "zombie_effect", "seat": 1, "effect": "activate:1x2", "part": "main"},
        {"kind": "zombie_effect", "seat": 1, "effect": "activate:2x3", "part": "main"},
    )
    form = form_of(state, 1)
    first, second = form["actions_1"], form["actions_1_2"]
    assert first["counts"]["front-door"]["max"] >= 2 and first["most"] == 2
    assert second["most"] == 6 and [g["most"] for g in second["groups"]] == [2]
    entered = {
        "actions_1": {"front-door": 2},
        "actions_1_2": {"eve": 1, "harry": 1, "front-door": 1},
    }
    state, _ = act(state, 1, "card_part", **part_params(state, 1, **entered))
    assert state["defenses"]["front-door"] == 0
    assert state["hordes"]["1"]["bites"] == {"harry": 1, "eve": 1}
