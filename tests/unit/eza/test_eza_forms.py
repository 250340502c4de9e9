"""Forms that read like the game, no accidental one-taps (issue 13): every Eat Zem All form
(counts, integers, several params or several picks) says what its button does, with the
phone's live placeholders; an action that throws something away or skips asks first."""

from __future__ import annotations

import pytest
from eza_support import GAME, PACK, activation, deal, stage

from tableapp.engine import piles
from tableapp.engine.playout import random_playout
from tableapp.i18n import Renderer

#: Actions that throw something away or skip: the phone asks before sending them.
CONFIRMED = {"use_mutation", "end_activation", "discard_mutation"}


def is_form(spec: dict) -> bool:
    """What the phone renders as a form with a submit button (pwa/js/actions.js), not as one
    button per choice."""
    params = list((spec.get("params") or {}).values())
    if not params:
        return False
    one_pick = len(params) == 1 and "choices" in params[0] and not params[0].get("multiple")
    return not one_pick


def _specs_seen(side: str) -> list[dict]:
    seen: list[dict] = []

    def collect(state, seat, action, events):
        for s in state["seats"]:
            seen.extend(x for x in GAME.legal_actions(state, s, corrections=False))

    for n in range(3):
        random_playout(
            GAME,
            content=PACK,
            seats=[1, 2, 3],
            seed=f"forms/{side}/{n}".encode().ljust(32, b"."),
            variant=side,
            on_step=collect,
        )
    return seen


@pytest.mark.parametrize("side", ["house", "cemetery"])
def test_every_form_says_what_its_button_does(side):
    renderers = [Renderer("en", strict=True), Renderer("fr", strict=True)]
    forms = {}
    for spec in _specs_seen(side):
        if spec["type"] in ("board_done",) or not is_form(spec):
            continue
        forms.setdefault(spec["type"], spec)
        assert "submit" in spec, spec["type"]
        for renderer in renderers:
            label, submit = renderer.localize(spec["label"]), renderer.localize(spec["submit"])
            assert submit != label, spec["type"]  # not the question again
            assert "{n}" in submit or "{chosen}" in submit, (spec["type"], submit)
            if any("counts" in p or "choices" not in p for p in spec["params"].values()):
                assert "{n}" in submit, (spec["type"], submit)
    assert {"report_reach", "feast"} <= set(forms) or side == "cemetery"
    if side == "cemetery":
        assert "advance" in forms


def test_the_feast_form_confirms_the_zombies_counted():
    from test_eza_feast import TIFANY, _harry_about_to_die

    state = _harry_about_to_die(trait="adorable")
    state, _ = stage(state, activation(TIFANY, zombies=1, actions=3))
    from eza_support import act

    state, _ = act(state, TIFANY, "bite", human="harry")
    (feast,) = [s for s in GAME.legal_actions(state, TIFANY) if s["type"] == "feast"]
    assert Renderer("en", strict=True).localize(feast["submit"]) == (
        "Confirm the Zombies in the Feast: {n}"
    )
    assert Renderer("fr", strict=True).localize(feast["submit"]) == (
        "Valider les Zombies du Festin : {n}"
    )


def test_EZA_T6_stopping_an_activation_asks_first():
    state = deal("house")
    state, _ = stage(state, activation(1, zombies=3, actions=2))
    (stop,) = [s for s in GAME.legal_actions(state, 1) if s["type"] == "end_activation"]
    words = Renderer("en", strict=True).localize(stop["confirm"])
    assert words == "Stop here? No other Zombie of yours acts for this effect."
    french = Renderer("fr", strict=True).localize(stop["confirm"])
    assert french.startswith("Arrêter ici ?")
    (next_zombie,) = [s for s in GAME.legal_actions(state, 1) if s["type"] == "next_zombie"]
    assert "confirm" not in next_zombie  # the usual tap stays one tap


def test_EZA_T9_an_instant_played_off_turn_and_a_discard_ask_first():
    state = deal("house")
    mc = state["mutation_cards"]
    card = next(m for m, r in state["content"]["mutations"].items() if r["effect"] == "play_dead")
    source = next(p for p, cards in mc.items() if card in cards)
    piles.move(mc, card, source, "held:2")
    state["hordes"]["2"]["killed"] = 1
    (use,) = [s for s in GAME.legal_actions(state, 2) if s["type"] == "use_mutation"]
    assert state["active"] != 2  # off-turn
    assert Renderer("en", strict=True).localize(use["confirm"]) == (
        "Play Play dead now? It is discarded once used."
    )
    assert "Faire le mort" in Renderer("fr", strict=True).localize(use["confirm"])
    # A third Mutation: the discard throws one away for good.
    state["pending_mutations"]["2"] = {"stage": "discard"}
    state["steps"].append({"kind": "await_mutations"})
    discard = [s for s in GAME.legal_actions(state, 2) if s["type"] == "discard_mutation"]
    assert discard and "confirm" in discard[0]


@pytest.mark.parametrize("side", ["house", "cemetery"])
def test_actions_that_skip_or_throw_away_carry_confirm(side):
    kinds = {s["type"]: s for s in _specs_seen(side) if s["type"] in CONFIRMED}
    assert kinds, side
    for spec in kinds.values():
        assert Renderer("fr", strict=True).localize(spec["confirm"]), spec["type"]
