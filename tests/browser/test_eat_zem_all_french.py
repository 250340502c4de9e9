"""Eat Zem All in French, on every screen (issue 10): the table screen and two phones set to
French play the first turns of a Cemetery game — the Mutation choices, the track, Zombie
activations, the Human cards and, when one comes, a Feast — and after every move no page shows
a word of the English texts that no French text uses, nor a raw key."""

from __future__ import annotations

import re

import pytest

from .english import english_in
from .play import EZA_ACTIVATE, bump, seq, tap, wait_all

pytestmark = pytest.mark.browser

NAMES = ("Anaïs", "Bruno")
MAX_MOVES = 160
#: The visible text of a page, what a player reads (buttons, labels, the log, the game), but for
#: ``leave``: parts the shell draws from keys it has no words for yet (the table screen's undo
#: button names the last action by its type; the home screen lists variants and option
#: choices by their values).
TEXT = """(leave) => { const main = document.querySelector('main#app').cloneNode(true);
  main.querySelectorAll(leave).forEach((e) => e.remove()); document.body.append(main);
  const text = main.innerText; main.remove(); return text; }"""
VISIBLE = "button.undo"
HOME = "select"

# A French player: bites go to the Human with the fewest Bite tokens (a Feast comes sooner), every
# Zombie of an activation biting, in one form; the first choice or valid form otherwise; never an
# Instant Mutation or a correction.
PICK = """() => {
  const box = document.querySelector("fieldset.actions:not(:disabled)");
  if (!box) return null;
  for (const el of document.querySelectorAll("[data-pick]")) delete el.dataset.pick;
  const mark = (el, kind) => { if (!el) return null; el.dataset.pick = "1"; return kind; };
  const tokens = (b) => Number(document.querySelector(
    `li.eza-human[data-human="${JSON.parse(b.dataset.value)}"]`)?.dataset.tokens ?? 99);
  const bites = [...box.querySelectorAll("[data-type='bite'], [data-type='surprise_bite']")]
    .filter((b) => b.tagName === "BUTTON" && b.dataset.value !== '"none"')
    .sort((a, b) => tokens(a) - tokens(b));
  if (bites.length) return mark(bites[0], bites[0].dataset.type);
@EZA_ACTIVATE@  const waits = ["use_mutation", "correct"];
  const first = [...box.children].find((el) => !waits.includes(el.dataset.type));
  if (!first) return null;
  if (first.tagName === "FORM") {
    const submit = first.querySelector("button[type=submit]");
    for (const group of first.querySelectorAll("fieldset.param")) {
      group.querySelector("input[type=radio]")?.click();
    }
    for (const input of first.querySelectorAll("input[type=checkbox]")) {
      if (!submit.disabled) break;
      input.click();
    }
    return mark(submit, first.dataset.type);
  }
  const button = first.tagName === "BUTTON" ? first : first.querySelector("button");
  return mark(button, first.dataset.type);
}""".replace("@EZA_ACTIVATE@", EZA_ACTIVATE)


def no_english(pages, labels, seen: set, leave: str = VISIBLE) -> None:
    """Every page, as its player reads it: French only."""
    for label, page in zip(labels, pages, strict=True):
        text = page.evaluate(TEXT, leave)
        found = english_in(text, allowed=set(NAMES))
        assert not found, f"{label} shows English: {sorted(set(found))[:12]}\n---\n{text[:3000]}"
        seen.add(label)


def test_the_english_detector_catches_an_untranslated_prompt():
    assert english_in("Prenez une carte Zombie sur la piste.") == []
    assert english_in("Festin pour Harry : Verte prend la tuile (3 PV).") == []
    assert "track" in english_in("Take a Zombie card from the track.")
    assert english_in("Garder cette Mutation · Keep this Mutation (face up)")
    assert "take_card" in english_in("Anaïs : take_card")
    assert english_in("Shamble : 1 Zombie") == ["Shamble"]  # an untranslated card name
    # A seed commitment's hex holds "fed" and "bad", not English.
    assert english_in("Engagement 123adbec6b3441fed0f5508a0e9bad77") == []


def test_a_french_table_plays_without_a_word_of_english(devices, watch, shots, live_server):
    laptop = devices.laptop("table", locale="fr-FR")
    laptop.goto("/")
    laptop.wait_for_selector("main#app[data-ready='1']")  # the texts are in, the language set
    assert laptop.get_attribute("html", "lang") == "fr"
    laptop.select_option("#game", "eat-zem-all")
    laptop.select_option("#variant", "cemetery")
    # The home screen, but for the variant and option lists: their values are keys the shell
    # shows as they are (/api/games gives no words for variants or option choices yet).
    no_english([laptop], ["home"], set(), HOME)
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("main#app[data-screen='table'] img.qr")
    join_url = laptop.get_attribute("img.qr", "data-url")
    phones = [devices.phone(name, locale="fr-FR") for name in NAMES]
    for phone, name in zip(phones, NAMES, strict=True):
        phone.goto(join_url)
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
    pages, labels = [laptop, *phones], ["table", *NAMES]
    wait_all(pages, 2)
    seen: set[str] = set()
    no_english(pages, labels, seen)  # the lobby
    tap(laptop, laptop.locator("button[data-type='start']"))
    wait_all(pages, 3)
    no_english(pages, labels, seen)  # the setup: checklist, Mutation offers
    shots(laptop, "eza-fr-table-setup")
    kinds: set[str] = set()
    parts_read = False
    for _ in range(MAX_MOVES):
        feast_done = laptop.locator(".eza-ruling").count() > 0
        turn = int(laptop.get_attribute(".game-state.eza", "data-turn"))
        # (the card's public part is one form, its French read like every other screen's; a
        # Horde's own activation form comes when a second activation of it follows)
        if feast_done and turn >= 3:
            break
        # the phone that acted last may still have its actions disabled for a moment (its own
        # answer on its way back): look again for up to 3 s before calling the table stuck
        for _ in range(30):
            actor, kind = next(((p, k) for p in phones if (k := p.evaluate(PICK))), (None, None))
            if actor is not None:
                break
            laptop.wait_for_timeout(100)
        assert actor is not None, laptop.evaluate(TEXT, VISIBLE)[:2000]
        kinds.add(kind)
        # a Horde's part, in French: the form's own words (unless a newer view took it away)
        words = actor.evaluate(
            "() => document.querySelector(\"form[data-type='card_part']\")?.innerText ?? null"
        )
        if kind == "card_part" and words is not None:
            assert "Noter ma part" in words and "\u00a0:" in words, words
            parts_read = True
        before = seq(actor)
        if kind == "feast":
            shots(actor, "eza-fr-phone-feast")
        tap(actor, actor.locator("[data-pick]"))
        wait_all(pages, before + 1)
        no_english(pages, labels, seen)
    else:
        pytest.fail(f"no Feast in {MAX_MOVES} moves: {sorted(kinds)}")
    shots(laptop, "eza-fr-table-feast-ruling")
    ruling = laptop.locator(".eza-ruling .eza-ruling-text").text_content()
    assert ruling.startswith("Festin pour ")
    assert {"keep_mutation", "take_card", "card_part"} <= kinds and parts_read
    # texts the phone builds from the catalogue, French typography included (issue 26)
    text = laptop.evaluate(TEXT, VISIBLE)
    assert "Mutations\u00a0: " in text and "Mutations :" not in text
    assert "Piste zombie (" in text and "sur le plateau (" in text
    correct_on_a_phone(phones[0], laptop, pages, labels, seen)
    assert seen == set(labels)
    assert not watch.errors, watch.errors


def correct_on_a_phone(phone, laptop, pages, labels, seen) -> None:
    """The table is the truth: a phone corrects its Zombies on the board, in French, from the
    folded corrections; every screen shows it and the log says who, what and why."""
    seat = int(phone.get_attribute("main#app", "data-seat"))
    row = f"li.eza-horde[data-seat='{seat}']"
    board = int(laptop.get_attribute(row, "data-board"))
    box = phone.locator("details.corrections")
    assert not box.evaluate("e => e.open")  # folded away until wanted
    box.locator(":scope > summary").click()
    group = box.locator("details.correction").filter(has_text="Zombies de la Horde").first
    group.locator("summary").click()
    form = group.locator("form[data-type='correct']")
    form.locator("input[type=radio]").first.click()  # the group
    counter = form.locator(".stepper").filter(has_text=re.compile(r"sur le plateau"))
    # one more on the board, or one fewer when the Horde's whole reserve is already out
    step = 1 if bump(counter) else -1
    if step == -1:
        assert bump(counter, -1)
    form.get_by_text("une pièce a été renversée").click()
    before = seq(phone)
    tap(phone, form.locator("button[type=submit]"))
    wait_all(pages, before + 1)
    assert int(laptop.get_attribute(row, "data-board")) == board + step
    line = laptop.locator(".log .entry").first.text_content()
    assert "a corrigé" in line and f"{board} → {board + step}" in line, line
    no_english(pages, labels, seen)
