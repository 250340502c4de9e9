"""Every text a player reads is a message in English and French, and no prompt, action label
or choice label ever shows a raw key ("kitchen:1", "keep_mutation", "2:standing")."""

from __future__ import annotations

import re

import pytest
from eza_support import GAME, PACK

from tableapp.engine.playout import random_playout
from tableapp.i18n import Renderer

#: What a raw key looks like in rendered text: an id with a colon, a dash or an underscore.
RAW = re.compile(r"\b\w+[:_]\w+|\b(?:zombie|mutation|house|cemetery|event)-\w")


def test_the_raw_key_check_can_fail():
    for key in ("kitchen:1", "keep_mutation", "2:standing", "stand:kate", "mutation-03"):
        assert RAW.search(f"Tap {key} now"), key
    assert not RAW.search("Yellow: main + bonus, Kitchen 3 (6 squares to the car) : EZA-T1")


def _labels(specs: list[dict]) -> list:
    out = []
    for spec in specs:
        out.append(spec["label"])
        for param in spec["params"].values():
            if "choices" in param:
                assert "labels" in param, (spec["type"], param)  # a phone never shows a key
                assert len(param["labels"]) == len(param["choices"])
                out += param["labels"]
            for entry in param.get("counts", {}).values():
                assert "label" in entry, spec["type"]
                out.append(entry["label"])
    return out


@pytest.mark.parametrize("side", ["house", "cemetery"])
def test_prompts_and_labels_are_words_never_raw_keys(side):
    renderers = [Renderer("en", strict=True), Renderer("fr", strict=True)]
    seen = {"steps": 0}

    def check(state, seat, action, events):
        seen["steps"] += 1
        prompt = GAME.prompt(state)
        texts = [prompt] if prompt.get("msg") else []
        texts += [prompt["ask"]] if "ask" in prompt else []
        for s in state["seats"]:
            texts += _labels(GAME.legal_actions(state, s, corrections=seen["steps"] % 9 == 0))
        texts += [e for e in events]
        for renderer in renderers:
            for value in texts:
                words = renderer.localize(value)
                words = words["text"] if isinstance(words, dict) else words
                assert not RAW.search(words), words

    random_playout(
        GAME,
        content=PACK,
        seats=[1, 2, 3],
        seed=f"texts/{side}".encode().ljust(32, b"."),
        variant=side,
        on_step=check,
    )
    assert seen["steps"] > 50


def test_the_french_pack_names_are_french():
    names = {h["name"]: h["name_fr"] for h in PACK["mutations"]["mutation"]}
    assert names["Second wind"] == "Second souffle" and names["Feeding frenzy"] == "Frénésie"
    assert all(row.get("text_fr") for row in PACK["mutations"]["mutation"])
    assert GAME.validate_content(PACK) == []
