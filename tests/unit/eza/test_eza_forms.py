"""Forms that read like the game, no accidental one-taps (issue 13): every Eat Zem All form
(counts, integers, several params or several picks) says what its button does, with the
phone's live placeholders; no action asks "are you sure?" (issue 17: undo covers them)."""

from __future__ import annotations

import pytest
from eza_support import GAME, PACK, activate, activation, deal, form_of, stage

from tableapp.engine import piles
from tableapp.engine.playout import random_playout
from tableapp.texts.i18n import Renderer

#: Actions that used to ask "are you sure?" (an Instant, the discard of a third Mutation, now
#: part of keeping it): their player's undo takes them back now (issue 17).
ONCE_CONFIRMED = {"use_mutation", "keep_mutation"}


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

    state, _ = activate(state, TIFANY, bites={"harry": 1})
    (feast,) = [s for s in GAME.legal_actions(state, TIFANY) if s["type"] == "feast"]
    assert Renderer("en", strict=True).localize(feast["submit"]) == (
        "Confirm the Zombies in the Feast: {n}"
    )
    assert Renderer("fr", strict=True).localize(feast["submit"]) == (
        "Valider les Zombies du Festin\u00a0: {n}"
    )


def test_EZA_T7_the_activation_asks_how_many_zombies_acted_only_when_it_matters():
    """One form per Horde; "how many acted" only when a later effect of the same card
    activates this Horde again and could then have fewer Zombies (a Zombie that did not act may
    act then), all preselected; that later activation then waits for the answer."""
    state = deal("house")  # 3 Hordes: 4 Zombies each
    piles.move_all(state["mutation_cards"], "held:1", "discard")  # its Sprint: no choice to make
    state, _ = stage(state, activation(1, zombies=3, actions=2))
    (form,) = [s for s in GAME.legal_actions(state, 1) if s["type"] == "card_part"]
    assert set(form["params"]) == {"actions_1"} and "confirm" not in form
    assert not {"next_zombie", "end_activation"} & {s["type"] for s in GAME.legal_actions(state, 1)}
    later = {"kind": "zombie_effect", "seat": 1, "effect": "activate:1x2", "part": "bonus"}
    both, _ = stage(state, activation(1, zombies=3, actions=2), later)
    # 4 Zombies: 1 is left for the bonus whatever the first 3 did: both asked at once
    assert set(form_of(both, 1)) == {"actions_1", "actions_1_2"}
    state["hordes"]["1"].update(board=3, reserve=7)
    state, _ = stage(state, activation(1, zombies=3, actions=2), later)
    acted = form_of(state, 1)
    assert set(acted) == {"actions_1", "acted_1"}  # the bonus waits for it
    assert acted["acted_1"]["choices"] == [3, 2, 1, 0] and acted["acted_1"]["value"] == 3
    labels = [Renderer("en", strict=True).localize(x) for x in acted["acted_1"]["labels"]]
    assert labels[0] == "3 Zombies acted" and labels[2] == "1 Zombie acted"
    state, _ = activate(state, 1, acted=1)
    assert state["hordes"]["1"]["activated"] == 1  # the 2 others may act for the bonus
    assert set(form_of(state, 1)) == {"actions_1_2"}
    assert form_of(state, 1)["actions_1_2"]["most"] == 2  # 1 Zombie, 2 actions


def test_issue17_an_instant_and_a_discard_do_not_ask_first():
    """An Instant is an offer (played off-turn too), a discard a choice: no "are you sure?",
    their player's undo takes them back (tests/api/test_api_eat_zem_all.py)."""
    state = deal("house")
    mc = state["mutation_cards"]
    card = next(m for m, r in state["content"]["mutations"].items() if r["effect"] == "play_dead")
    source = next(p for p, cards in mc.items() if card in cards)
    piles.move(mc, card, source, "held:2")
    state["hordes"]["2"]["killed"] = 1
    (use,) = [s for s in GAME.legal_actions(state, 2) if s["type"] == "use_mutation"]
    assert state["active"] != 2  # off-turn
    assert "confirm" not in use
    # Holding 2, the Horde keeps 1 of 2 drawn and discards 1 of its 3 in one answer.
    piles.move(mc, mc["draw"][-1], "draw", "held:2")
    piles.move(mc, mc["draw"][-1], "draw", "offer:2")
    piles.move(mc, mc["draw"][-1], "draw", "offer:2")
    state["pending_mutations"]["2"] = {"stage": "keep"}
    state["steps"].append({"kind": "await_mutations"})
    (keep,) = [s for s in GAME.legal_actions(state, 2) if s["type"] == "keep_mutation"]
    assert "discard" in keep["params"] and "confirm" not in keep


@pytest.mark.parametrize("side", ["house", "cemetery"])
def test_issue17_no_eat_zem_all_action_asks_are_you_sure(side):
    specs = _specs_seen(side)
    assert {s["type"] for s in specs} & ONCE_CONFIRMED, side
    assert not [s["type"] for s in specs if "confirm" in s]


def test_issue17_EZA_T1_the_only_card_on_the_track_is_taken_without_a_question():
    state = deal("house")
    zc = state["zombie_cards"]
    for card in zc["track"][1:]:
        piles.move(zc, card, "track", "active")
    (last,) = zc["track"]
    state, events = stage(state, {"kind": "card_choice", "seat": 1})
    assert "take_card" not in {s["type"] for s in GAME.legal_actions(state, 1)}
    assert state["card"]["id"] == last and last in state["zombie_cards"]["active"]
    assert any(e.get("rule") == "EZA-T1" and e.get("card") == last for e in events)
    # With two cards, the active Horde chooses.
    state = deal("house")
    zc = state["zombie_cards"]
    for card in zc["track"][2:]:
        piles.move(zc, card, "track", "active")
    state, _ = stage(state, {"kind": "card_choice", "seat": 1})
    assert (
        len(
            next(s for s in GAME.legal_actions(state, 1) if s["type"] == "take_card")["params"][
                "card"
            ]["choices"]
        )
        == 2
    )
