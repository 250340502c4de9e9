"""Issue 26 on the phone: the generic controls are bounded by what the rules allow and cost as
few taps as the box.

- One tap for a small count: a range of at most seven values is a row of choices (a labelled
  radiogroup of 48-px targets), its ``value`` preselected, else its minimum; a larger one keeps
  the stepper.
- A form's counts apply ``most``/``least`` live: values above ``most`` − (the other rows) cannot
  be tapped, the submit waits while the sum is below ``least`` and the ``reason`` is shown
  beside the rows; a key's own ``reason`` at its row while its bound binds. So nothing these
  bounds refuse can be sent.
- What throws something away (a destructive choice or action) is never preselected, never the
  first nor the largest button: small, secondary, set apart.
- A submit label keeps its no-break space before a French colon, and says a phrase picked in
  several rows once.
"""

from __future__ import annotations

import pytest

from .play import small_targets
from .test_modules import SETUP, VIEW

pytestmark = pytest.mark.browser

NBSP = "\u00a0"

BITE = "A Zombie bites at most once per activation"
TOTAL = "EZA-T5: the card's bites, 3 in all"

CONTROLS = {
    **VIEW,
    "actions": [
        {  # a Horde's bites: each Human 0…2, three in all, at least one
            "type": "bites",
            "label": "Bites, by Human",
            "submit": "Confirm {n} bites",
            "params": {
                "bites": {
                    "counts": {
                        "h1": {"label": "Ana", "min": 0, "max": 2, "value": 1, "reason": BITE},
                        "h2": {"label": "Ben", "min": 0, "max": 2},
                        "h3": {"label": "Cléo", "min": 0, "max": 2},
                    },
                    "most": 3,
                    "least": 1,
                    "reason": TOTAL,
                }
            },
        },
        {  # a pick-one where one answer throws a card away
            "type": "keep",
            "label": "Canned food found",
            "params": {
                "what": {
                    "choices": ["hand", "pack", "leave"],
                    "labels": ["Keep in hand", "Into the backpack", "Leave it (discard)"],
                    "value": "hand",
                    "destructive": ["leave"],
                }
            },
        },
        {  # a one-tap discard: never before, nor right under, the main move
            "type": "discard",
            "label": "Discard the Pistol",
            "destructive": True,
            "params": {},
        },
        {"type": "play", "label": "Play a survivor", "params": {}},
        {  # a form whose only choice throws something away: not preselected either
            "type": "drop",
            "label": "Drop",
            "params": {
                "card": {"choices": ["c1"], "labels": ["Axe"], "destructive": ["c1"]},
                "zone": {"min": 0, "max": 1},
            },
        },
    ],
}

REACH = {
    **VIEW,
    "actions": [
        {  # three rows, each naming "nothing in reach": said once on the button
            "type": "reach",
            "label": "Zombies in reach",
            "submit": f"Valider ce qui est à portée{NBSP}: {{chosen}}",
            "params": {
                kind: {"choices": ["none", "h1"], "labels": ["aucun à portée", "Ana"]}
                for kind in ("standing", "crawling", "runner")
            },
        }
    ],
}


def _render(devices, name, view, language="en", **extra):
    page = devices.phone(name, **extra)
    page.add_init_script(f"localStorage.setItem('tableapp:lang', '{language}')")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    page.evaluate(
        "async ([view, language]) => {"
        " await (await import('/js/i18n.js')).setLang(language);"
        f" await ({SETUP})(view); }}",
        [view, language],
    )
    return page


def _enabled(group) -> list[str]:
    return [r.get_attribute("value") for r in group.get_by_role("radio").all() if r.is_enabled()]


def test_a_small_count_is_one_tap_and_its_bounds_apply_live(devices, watch, axe):
    page = _render(devices, "controls-bounds", CONTROLS)
    form = page.locator("form[data-type='bites']")
    submit = form.locator("button[type=submit]")
    ana, ben, cleo = (form.get_by_role("radiogroup", name=n) for n in ("Ana", "Ben", "Cléo"))
    # a row of choices 0 1 2, the preselected value checked (else the minimum)
    assert ana.get_by_role("radio").count() == 3
    assert ana.get_by_role("radio", name="1").is_checked()
    assert ben.get_by_role("radio", name="0").is_checked()
    assert submit.is_enabled() and submit.text_content() == "Confirm 1 bites"
    reason = form.locator(".counts-reason")
    assert reason.is_hidden()
    # Ben 2: three in all, the most: nothing above what the total leaves can be tapped
    ben.get_by_text("2", exact=True).click()
    assert _enabled(cleo) == ["0"] and _enabled(ana) == ["0", "1"]
    assert reason.is_visible() and reason.text_content() == TOTAL
    assert submit.is_enabled() and submit.text_content() == "Confirm 3 bites"
    # Ana 0: the bound lifts as the others leave room; Ana's own reason when at her max
    ana.get_by_text("0", exact=True).click()
    assert _enabled(cleo) == ["0", "1"] and reason.is_hidden()
    assert form.locator(".count-reason").is_hidden()
    ana.get_by_text("1", exact=True).click()
    cleo.get_by_text("0", exact=True).click()
    ben.get_by_text("0", exact=True).click()
    ana.get_by_text("2", exact=True).click()
    assert form.locator(".count-reason").is_visible()
    assert form.locator(".count-reason").text_content() == BITE
    # below the least: the submit waits and the reason says why
    ana.get_by_text("0", exact=True).click()
    assert submit.is_disabled() and reason.is_visible()
    cleo.get_by_text("1", exact=True).click()
    assert submit.is_enabled()
    submit.click()
    assert page.evaluate("window.sent") == [
        {"type": "bites", "params": {"bites": {"h1": 0, "h2": 0, "h3": 1}}}
    ]
    assert small_targets(page) == []
    assert axe.check(page, "controls") == []
    assert not watch.errors, watch.errors


def test_what_throws_something_away_is_never_the_default_nor_the_big_button(devices, watch):
    page = _render(devices, "controls-destructive", CONTROLS)
    box = page.locator("fieldset.actions")
    # the moves in order: the discard comes after "Play a survivor", set apart
    kinds = box.evaluate("b => [...b.children].map((e) => e.dataset.type)")
    assert kinds.index("discard") > kinds.index("play") and kinds[0] != "discard"
    assert kinds.index("discard") == len([k for k in kinds if k]) - 1
    discard = box.locator("button[data-type='discard']")
    play = box.locator("button[data-type='play']")
    assert "primary" not in discard.get_attribute("class")
    d, p = discard.bounding_box(), play.bounding_box()
    assert d["width"] * d["height"] < p["width"] * p["height"]
    assert d["y"] - (p["y"] + p["height"]) >= 16  # not right under it
    # a pick-one's discard: after the others, smaller, never preselected; the likely one stands out
    keep = box.locator("[data-type='keep']")
    buttons = keep.locator("button")
    assert buttons.evaluate_all("bs => bs.map((b) => b.dataset.value)") == [
        '"hand"',
        '"pack"',
        '"leave"',
    ]
    hand, leave = (keep.locator(f"button[data-value='\"{v}\"']") for v in ("hand", "leave"))
    assert "primary" in hand.get_attribute("class")
    assert "primary" not in leave.get_attribute("class")
    a, b = hand.bounding_box(), leave.bounding_box()
    assert b["width"] * b["height"] < a["width"] * a["height"]
    # a form's only choice throws something away: it waits for a tap
    drop = box.locator("form[data-type='drop']")
    assert drop.locator("fieldset[data-param='card'] input:checked").count() == 0
    assert drop.locator("button[type=submit]").is_disabled()
    assert small_targets(page) == []
    assert not watch.errors, watch.errors


def test_a_submit_label_keeps_its_no_break_space_and_says_a_phrase_once(devices, watch):
    page = _render(devices, "controls-reach", REACH, "fr", viewport={"width": 360, "height": 740})
    form = page.locator("form[data-type='reach']")
    for group in form.locator("fieldset.param").all():
        group.get_by_text("aucun à portée").click()
    submit = form.locator("button[type=submit]")
    expected = f"Valider ce qui est à portée{NBSP}: aucun à portée"
    page.wait_for_function(
        "t => document.querySelector(\"form[data-type='reach'] button[type=submit]\")"
        ".textContent === t",
        arg=expected,
    )
    # the no-break space holds: no line of the button starts with the colon
    lines = submit.evaluate(
        """b => {
          const range = document.createRange();
          const text = b.firstChild;
          const tops = new Map();
          for (let i = 0; i < text.length; i++) {
            range.setStart(text, i); range.setEnd(text, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            tops.set(top, (tops.get(top) || "") + text.data[i]);
          }
          return [...tops.values()];
        }"""
    )
    assert not any(line.lstrip().startswith(":") for line in lines), lines
    form.locator("fieldset.param").nth(1).get_by_text("Ana").click()
    page.wait_for_function(
        "t => document.querySelector(\"form[data-type='reach'] button[type=submit]\")"
        ".textContent === t",
        arg=f"Valider ce qui est à portée{NBSP}: aucun à portée et Ana",
    )
    assert not watch.errors, watch.errors
