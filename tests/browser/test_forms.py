"""Issue #17, defects i and j on the phone: the generic forms and the shell's own words.

i. A pick-one is radio buttons, the pick named on the submit button (never "Take:" with
nothing after it); the form's only question is named once (its heading, not a second title);
a param with nothing to choose (no choice, none to take, a count fixed at 0) is not shown, and
never "choose 0". Every param kind keeps its contract: what is posted is unchanged.
j. The phone app's French (its catalogue texts) follows French typography (a no-break space before
``: ; ! ?``), "Annuler" is only Cancel (undo is "Défaire"), French elides "de" before a vowel.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tableapp import catalog
from tableapp.texts.i18n import PHONE
from tableapp.texts.typography import problems
from tests.browser.test_modules import SETUP, VIEW
from tools.translations import game_domains, key_of

pytestmark = pytest.mark.browser

NBSP = "\u00a0"

FORMS = {
    **VIEW,
    "actions": [
        {  # EZA's companions: exactly one of several, as a subset (a list is posted)
            "type": "companions",
            "label": "Who goes with the Human?",
            "submit": "Take: {chosen}",
            "params": {
                "humans": {
                    "choices": ["h1", "h2", "h3"],
                    "labels": ["Ana", "Ben", "Cléo"],
                    "multiple": True,
                    "min": 1,
                    "max": 1,
                }
            },
        },
        {  # at most one: "none" is a choice, and the likely one
            "type": "escort",
            "label": "Anyone to escort?",
            "params": {
                "who": {"choices": [1, 2], "labels": ["Ana", "Ben"], "multiple": True, "max": 1}
            },
        },
        {  # one count per Horde: the heading names it; a Horde with none shows nothing
            "type": "report_reach",
            "label": "Zombies in reach, by Horde",
            "submit": "Report {n} Zombies",
            "params": {
                "zombies": {
                    "counts": {
                        "1": {"label": "Ana", "min": 0, "max": 3},
                        "2": {"label": "Ben", "min": 0, "max": 0},
                        "3": {"label": "Cléo", "min": 2, "max": 2},
                    }
                }
            },
        },
        {  # nothing to choose: no choice, none to take; the form is its button
            "type": "discard",
            "label": "Discard",
            "params": {
                "cards": {"choices": [], "multiple": True, "min": 0, "max": 0},
                "extra": {"choices": ["c1", "c2"], "multiple": True, "min": 0, "max": 0},
            },
        },
        {  # two questions: each keeps its title
            "type": "swap",
            "label": "Swap",
            "params": {"card": {"choices": ["c1", "c2"]}, "steps": {"min": 0, "max": 2}},
        },
    ],
}

RENDER = (
    """async ([view, language]) => {
  await (await import("/js/i18n.js")).setLang(language);
  await ("""
    + SETUP
    + """)(view);
}"""
)


def _open(devices, name, language="en"):
    page = devices.phone(name)
    # The language is the phone's from the start: switching it later redraws the screen.
    page.add_init_script(f"localStorage.setItem('tableapp:lang', '{language}')")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    page.evaluate(RENDER, [FORMS, language])
    return page


def _submit(page, kind):
    return page.locator(f"form[data-type='{kind}'] button[type=submit]")


def test_17i_a_pick_one_is_radios_with_the_pick_on_the_button(devices, watch):
    page = _open(devices, "forms-pick")
    form = page.locator("form[data-type='companions']")
    assert form.locator("input[type=checkbox]").count() == 0
    assert form.locator("input[type=radio]").count() == 3
    assert "choose" not in form.text_content()  # radios say it: no "choose one" hint
    submit = _submit(page, "companions")
    assert submit.is_disabled() and submit.text_content() == "Take"  # not "Take:" dangling
    form.get_by_text("Ben").click()
    page.wait_for_function(
        "() => document.querySelector(\"form[data-type='companions'] button[type=submit]\")"
        ".textContent === 'Take: Ben'"
    )
    form.get_by_text("Cléo").click()  # a radio: the other pick goes
    page.wait_for_function(
        "() => document.querySelector(\"form[data-type='companions'] button[type=submit]\")"
        ".textContent === 'Take: Cléo'"
    )
    submit.click()
    # An optional pick-one: "None" is chosen until another is; the generic button names it.
    escort = page.locator("form[data-type='escort']")
    assert escort.locator("input[type=radio]").count() == 3
    assert escort.locator("input[type=radio]:checked + span").text_content() == "None"
    assert _submit(page, "escort").text_content() == "Confirm"
    _submit(page, "escort").click()
    escort.get_by_text("Ben").click()
    page.wait_for_function(
        "() => document.querySelector(\"form[data-type='escort'] button[type=submit]\")"
        ".textContent === 'Confirm: Ben'"
    )
    _submit(page, "escort").click()
    assert page.evaluate("window.sent") == [
        {"type": "companions", "params": {"humans": ["h3"]}},
        {"type": "escort", "params": {"who": []}},
        {"type": "escort", "params": {"who": [2]}},
    ]
    assert not watch.errors, watch.errors


def test_17i_a_forms_only_question_is_named_once_and_nothing_asks_for_zero(devices, watch):
    page = _open(devices, "forms-labels")
    reach = page.locator("form[data-type='report_reach']")
    # The heading names the counts: no second title ("Zombies, by Horde") under it.
    assert reach.locator("legend").count() == 0
    assert reach.locator("fieldset.param").get_attribute("aria-label")
    assert reach.get_by_role("radiogroup", name="Ana").count() == 1
    # Ben's Horde has nothing in reach: not shown; Cléo's two are a fact, not a question.
    assert not reach.get_by_text("Ben").is_visible()
    assert reach.get_by_role("radiogroup", name="Cléo").count() == 0
    assert reach.locator(".stepper.fixed:not([hidden])").text_content() == "Cléo2"
    assert _submit(page, "report_reach").text_content() == "Report 2 Zombies"
    reach.get_by_role("radiogroup", name="Ana").get_by_text("1", exact=True).click()
    _submit(page, "report_reach").click()
    # Nothing to choose: no param shown, no "choose 0", the form is its button.
    discard = page.locator("form[data-type='discard']")
    assert discard.locator("fieldset.param:not([hidden])").count() == 0
    assert "0" not in discard.inner_text()
    _submit(page, "discard").click()
    # Two questions: each keeps its own title.
    swap = page.locator("form[data-type='swap']")
    assert swap.locator("legend").count() == 2
    text = page.inner_text("fieldset.actions")
    assert "choose 0" not in text and "up to 0" not in text
    assert page.evaluate("window.sent") == [
        {"type": "report_reach", "params": {"zombies": {"1": 1, "2": 0, "3": 2}}},
        {"type": "discard", "params": {"cards": [], "extra": []}},
    ]
    assert not watch.errors, watch.errors


def test_17i_the_pick_is_named_in_french_with_its_no_break_space(devices, watch):
    page = _open(devices, "forms-fr", "fr")
    page.locator("form[data-type='escort']").get_by_text("Ana").click()
    expected = f"Valider{NBSP}: Ana"
    page.wait_for_function(
        "t => document.querySelector(\"form[data-type='escort'] button[type=submit]\")"
        ".textContent === t",
        arg=expected,
    )
    assert "Aucun" in page.text_content("form[data-type='escort']")
    assert not watch.errors, watch.errors


#: The phone's French as served (the catalogues' ``msgctxt "phone"`` entries)
SHELL_STRINGS = """async () => (await (await fetch("/texts/fr.json")).json()).texts"""


def _faults(table: dict) -> list[str]:
    return [f"{key}: {snippet!r}" for key, text in table.items() for snippet in problems(text)]


def test_17j_the_phone_apps_french_follows_french_typography(devices):
    """Its shell's words and every game screen's: ``python3 -m tools.french_typography --fix``
    mends the catalogues they come from."""
    page = devices.phone("fr-typography")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    shell = page.evaluate(SHELL_STRINGS)
    assert len(shell) > 300
    assert _faults(shell) == []
    # every game with a screen module of its own (pwa/js/games/<id>.js) has its words there
    modules = {p.stem for p in (Path(__file__).parents[2] / "pwa" / "js" / "games").glob("*.js")}
    where = game_domains()
    own = [m for m in catalog.discover() if m.GAME.id in modules]
    assert own
    for module in own:
        package = module.__name__.rpartition(".")[2]
        words = [k for k in shell if where.of(key_of(k, PHONE)) == package]
        assert words, f"{module.GAME.id}: no words of its own served"


def test_17j_annuler_is_cancel_only_and_french_elides(devices):
    page = devices.phone("fr-words")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    fr = page.evaluate(SHELL_STRINGS)
    assert fr["confirm.cancel"] == "Annuler"
    undo = ["table.undo", "player.undo", "player.undo.ask", "action.approve_undo", "log.undone"]
    assert all("nnul" not in fr[key] and "éfai" in fr[key] for key in undo), [fr[k] for k in undo]
    said = page.evaluate(
        """async () => {
          const i18n = await import("/js/i18n.js");
          await i18n.setLang("fr");
          const say = (name) => i18n.t("table.reissue.confirm", { name });
          return [say("Owen"), say("Ben"), i18n.labelled("Bonus", 2)];
        }"""
    )
    assert said[0].startswith("Donner la place d’Owen ") and said[1].startswith(
        "Donner la place de Ben "
    )
    assert said[2] == f"Bonus{NBSP}: 2"  # a label and its value put together in code
