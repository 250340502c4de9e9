"""Every text a player reads is a message in English and French, and no prompt, action label
or choice label ever shows a raw key ("kitchen:1", "keep_mutation", "2:standing")."""

from __future__ import annotations

import re

import pytest
from eza_support import GAME, PACK

from tableapp.engine.playout import random_playout
from tableapp.games import eat_zem_all
from tableapp.texts.i18n import Renderer

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


# --- the help page (the package docstring, served by /api/games; issue 10 item 7) --------------

#: Each reading the help must state (issue 10 item 7), as (English words, French words).
READINGS = {
    "Kate's Defenses (EZA-H15)": (
        ["EZA-H15", "Kate adds a Defense cube", "3 on the front door", "none when the box"],
        ["EZA-H15", "Kate ajoute un cube Défense", "3 sur la porte d’entrée", "la boîte est vide"],
    ),
    "EZA-H13 and its option": (
        ["EZA-H13", "may not take a Crawling Zombie", "crawling_attack_kills_standing"],
        ["EZA-H13", "ne peut pas prendre un Zombie rampant", "crawling_attack_kills_standing"],
    ),
    "EZA-T10 and its option": (
        ["EZA-T10", '"draw 2, keep 1"', "mutation_draft", "players + 1 cards"],
        ["EZA-T10", "« piocher 2, en garder 1 »", "mutation_draft", "joueurs + 1 cartes"],
    ),
    "Odile (Cemetery)": (
        ["Odile", "shortest", "orthogonal route", '"surrounded" and she stays'],
        ["Odile", "plus court trajet orthogonal", "« encerclée » et elle reste"],
    ),
    "Gabriel (House)": (
        ["Gabriel", "escapes whenever he is next to an exit with no Standing Zombie"],
        ["Gabriel", "s’enfuit dès qu’il est à côté d’une sortie sans Zombie debout"],
    ),
    "frightened Humans after draw additional (EZA-H3, H4)": (
        ["EZA-H3, EZA-H4", "frightened Humans stand up at once, before the additional card"],
        ["EZA-H3, EZA-H4", "les Humains effrayés se relèvent aussitôt, avant que la carte"],
    ),
}


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("reading", list(READINGS))
def test_EZA_help_states_each_reading_in_english_and_french(reading):
    from tableapp import catalog

    english_words, french_words = READINGS[reading]
    english_help = _flat(catalog.help_text("eat-zem-all", "en"))
    french_help = _flat(catalog.help_text("eat-zem-all", "fr"))
    assert english_help.startswith(_flat(eat_zem_all.__doc__))  # the help is the docstring
    assert [w for w in english_words if w not in english_help] == [], reading
    assert [w for w in french_words if w not in french_help] == [], reading


def test_EZA_the_french_help_names_the_same_rules_and_options():
    from tableapp import catalog

    english_help = catalog.help_text("eat-zem-all", "en")
    french_help = catalog.help_text("eat-zem-all", "fr")
    assert french_help != english_help
    words = re.compile(r"EZA-[A-Z]\d+|\b[a-z]+(?:_[a-z]+)+\b")
    assert sorted(set(words.findall(french_help))) == sorted(set(words.findall(english_help)))


def test_issue26_an_effect_said_twice_is_said_once_with_its_count():
    """A Zombie card's "add_zombie, add_zombie" bonus reads "Add 2 Zombies", never "Add 1
    Zombie and Add 1 Zombie"; a Human card's repeated step says how many times."""
    from tableapp.engine import M
    from tableapp.games.eat_zem_all.effects import describe_all

    effects = describe_all(["advance", "advance", "kill_standing", "add_zombie", "add_zombie"])
    said = M("eza.card.human", human="Kate", effects=effects)
    assert (
        Renderer("en", {}, strict=True)
        .text(said)
        .endswith("(×2), Kill a Standing Zombie, and Add 2 Zombies.")
    )
    fr = Renderer("fr", {}, strict=True).text(said)
    assert (
        fr.endswith("(×2), Tuer un Zombie debout et Ajouter 2 Zombies.") and "Ajouter 1" not in fr
    )
