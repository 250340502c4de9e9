"""EZA-T5 when the table corrects a Horde's Zombies to none while its activation is asked (issue
25): "If you must apply an effect that activates Zombies but have no more Zombies to activate,
ADD 1 OF YOUR ZOMBIES" — the same whether the Horde had none before the card or the table
corrected them away while its part was open."""

from __future__ import annotations

from eza_support import GAME, act, deal, rules, top
from test_eza_corrections import correct

from tableapp.engine import piles

#: The actions that answer a part of the card (its Zombies, a spot, a Panic; a Zombie taken
#: back after a Feast).
CARD_PARTS = ("card_part", "take_back")


def defaults(spec: dict) -> dict:
    """A form sent as the phone shows it: every preselected value, else the minimum or the first
    choice."""
    params = {}
    for name, param in spec["params"].items():
        if "counts" in param:
            params[name] = {k: b.get("value", b["min"]) for k, b in param["counts"].items()}
        elif "choices" in param:
            params[name] = param.get("value", param["choices"][0])
        else:
            params[name] = param.get("value", param["min"])
    return params


def answer_card_parts(state: dict) -> tuple[dict, list[dict]]:
    """Every part of the card answered with its defaults, by whoever is asked, until the game
    asks something else."""
    said = []
    while True:
        asked = [
            (seat, s)
            for seat in GAME.prompt(state)["waiting_for"]
            for s in GAME.legal_actions(state, seat)
            if s["type"] in CARD_PARTS
        ]
        if not asked:
            return state, said
        seat, spec = asked[0]
        state, events = act(state, seat, spec["type"], **defaults(spec))
        said += events


def swarm_taken() -> dict:
    """A 3-Horde House deal; Yellow (seat 1, active) takes Swarm: every Horde activates all its
    Zombies with 1 action each, Yellow frightens a Human."""
    state = deal("house", seats=(1, 2, 3))
    for seat in state["seats"]:  # no Mutation in play: the deal gives each Horde one
        piles.move_all(state["mutation_cards"], f"held:{seat}", "discard")
    (swarm,) = [c for c in state["zombie_cards"]["track"] if c == "zombie-basic-3"]
    state, _ = act(state, 1, "take_card", card=swarm)
    return state


def test_EZA_T5_a_horde_corrected_to_no_zombie_while_its_part_is_open_adds_one():
    state = swarm_taken()
    green = state["hordes"]["2"]
    assert green["board"] == 4 and top(state)["kind"] in ("activations", "activation")
    board, reserve = green["board"], green["reserve"]
    state, corrected = correct(state, "zombies.2", seat=3, board=0, reserve=board + reserve)
    state, said = answer_card_parts(state)
    said = corrected + said
    green = state["hordes"]["2"]
    # EZA-T5: Green had no Zombie to activate when its part came: it adds 1 instead
    assert (green["board"], green["reserve"]) == (1, board + reserve - 1)
    assert "EZA-T5" in rules(said)
    none = [e for e in said if e["msg"] == "eza.activation.none"]
    assert [e["args"]["horde"]["args"]["seat"] for e in none] == [{"seat": 2}]
    assert not [e for e in said if e["msg"] == "eza.activation.at_table" and e["seat"] == 2]
    assert [e["seat"] for e in said if e["msg"] == "eza.added"] == [2]  # in its place


def test_EZA_T5_a_horde_with_no_zombie_before_the_card_adds_one_the_same_way():
    state = deal("house", seats=(1, 2, 3))
    green = state["hordes"]["2"]
    green["reserve"], green["board"] = green["reserve"] + green["board"], 0
    for seat in state["seats"]:
        piles.move_all(state["mutation_cards"], f"held:{seat}", "discard")
    state, _ = act(state, 1, "take_card", card="zombie-basic-3")
    state, said = answer_card_parts(state)
    assert state["hordes"]["2"]["board"] == 1
    assert "EZA-T5" in rules(said)


def test_EZA_T5_a_horde_corrected_to_no_zombie_in_its_own_activation_question_adds_one():
    """Its activation asked alone (here the only part of a card: Shamble for a Horde alone on
    the board's side of the card): corrected to none, it adds 1 Zombie."""
    state = deal("house", seats=(1, 2))
    for seat in state["seats"]:
        piles.move_all(state["mutation_cards"], f"held:{seat}", "discard")
    state, _ = act(state, 1, "take_card", card="zombie-basic-1")  # Shamble: 1 Zombie, 3 actions
    yellow = state["hordes"]["1"]
    board, reserve = yellow["board"], yellow["reserve"]
    state, corrected = correct(state, "zombies.1", seat=2, board=0, reserve=board + reserve)
    state, said = answer_card_parts(state)
    said = corrected + said
    none = [e for e in said if e["msg"] == "eza.activation.none"]
    assert [e["args"]["horde"]["args"]["seat"] for e in none][:1] == [{"seat": 1}]
    # Yellow's bonus adds 1 more (Shamble's bonus): 2 in all, the first one by EZA-T5
    assert state["hordes"]["1"]["board"] == 2


def test_EZA_T5_in_the_cemetery_the_zombie_added_instead_is_asked_its_spot():
    state = deal("cemetery", seats=(1, 2, 3))
    for seat in state["seats"]:
        piles.move_all(state["mutation_cards"], f"held:{seat}", "discard")
    state, _ = act(state, 1, "take_card", card="zombie-basic-3")
    green = state["hordes"]["2"]
    board, reserve = green["board"], green["reserve"]
    state, _ = correct(state, "zombies.2", seat=3, board=0, reserve=board + reserve)
    asked = {s["type"]: s for s in GAME.legal_actions(state, 2)}
    spots = [k for k in asked["card_part"]["params"] if k.startswith("spot_2")]
    assert spots == ["spot_2"]  # where Green's new Zombie goes: its choice, as any added one
    state, said = answer_card_parts(state)
    assert state["hordes"]["2"]["board"] == 1 and "EZA-T5" in rules(said)
