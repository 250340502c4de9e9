"""What an undo of an Eat Zem All action shows everyone (issue 17 j): each private part that
tells a Horde "you drew / you discarded / you put" carries its ``seen``, the same cards in the
third person, which the undo's public event reads ("What Green had seen …: the Zombie cards
…"), never "You discarded …" said to the whole table."""

from __future__ import annotations

from eza_support import act, deal, said, stage

from tableapp.engine.messages import M
from tableapp.texts.i18n import Renderer


def _third_person(part: dict) -> None:
    assert "seen" in part, part["msg"]
    for lang, you in (("en", "You"), ("fr", "Vous")):
        told = Renderer(lang, strict=True).localize(part["seen"])
        assert you.lower() not in told.lower(), told
        # the undo's sentence, as the table reads it
        undo = M("undo.revealed", seat="Ana", what="x", actor="Ben", seen=[part["seen"]])
        assert told in Renderer(lang, strict=True).localize(undo)


def test_EZA_T9_a_kept_mutations_discard_is_shown_in_the_third_person_on_undo():
    state = deal("house", keep=False)
    offered = state["mutation_cards"]["offer:1"]
    state, events = act(state, 1, "keep_mutation", card=offered[1])
    part = events[0]["private"]["1"]
    assert part["msg"] == "eza.mutation.you_discarded"
    _third_person(part)
    name = state["content"]["mutations"][offered[0]]["name"]
    assert name in said(part["seen"])


def test_EZA_T8_zombie_cards_drawn_and_put_back_are_shown_in_the_third_person_on_undo():
    state = deal("house")
    reserve = list(state["zombie_cards"]["reserve:2"])
    state, events = stage(
        state, {"kind": "zombie_effect", "seat": 2, "effect": "add_zombie_card", "part": "bonus"}
    )
    drew = events[0]["private"]["2"]
    assert drew["msg"] == "eza.zombie_card.you_drew"
    _third_person(drew)
    state, events = act(state, 2, "add_zombie_card", card=reserve[1])
    placed = events[0]["private"]["2"]
    assert placed["msg"] == "eza.zombie_card.you_placed"
    _third_person(placed)
    name = state["content"]["zombie_cards"][reserve[1]]["name"]
    assert name in said(placed["seen"]) and name in said(drew["seen"])
