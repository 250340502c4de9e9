"""The app's generic parts in the page itself: actions of every param kind rendered and posted
with the right params (Zombie Life only uses single choices), the event-stream parser, names
in game texts, the generic view of an unknown game (its summary)."""

from __future__ import annotations

import pytest
import requests

from .play import set_count

pytestmark = pytest.mark.browser

VIEW = {
    "code": "TEST42",
    "game": "no-such-game",
    "status": "playing",
    "seq": 7,
    "seats": [
        {"id": 1, "name": "Ana", "colour": "orange", "connected": True},
        {"id": 2, "name": "<b>Ben</b>", "colour": "sky", "connected": False},
    ],
    "me": {"seat": 1, "role": "player"},
    "prompt": {"waiting_for": [1], "text": "Seat 1: your move"},
    "actions": [
        {"type": "rest", "label": "Rest", "params": {}},
        {"type": "target", "label": "Bite", "params": {"seat": {"choices": [1, 2]}}},
        {
            "type": "discard",
            "label": "Discard",
            "params": {
                "cards": {"choices": ["c1", "c2", "c3"], "multiple": True, "min": 2, "max": 2}
            },
        },
        {"type": "move", "label": "Move", "params": {"steps": {"min": 1, "max": 3}}},
        {"type": "wait", "label": "Wait", "params": {"turns": {"min": 0, "max": 12, "value": 2}}},
        {
            "type": "feast",
            "label": "Feast",
            "params": {
                "bites": {"counts": {"brains": {"min": 0, "max": 2}, "guts": {"min": 1, "max": 1}}}
            },
        },
    ],
    "game_view": {
        "hand": [
            {"id": "c1", "name": "Axe", "value": 3},
            {"id": "c2", "name": "Saw"},
            {"id": "c3", "name": "Rope", "value": 1},
        ],
        "round": 2,
        "notes": None,
        # the game's own lines, rendered by the server in the phone's language
        "summary": ["Round 2 of 3", "Your cards: <b>Axe</b>, Saw"],
    },
    "result": None,
}

SETUP = """async (view) => {
  const { renderActions } = await import("/js/actions.js");
  const { rendererFor } = await import("/js/games/index.js");
  const renderer = await rendererFor(view.game);
  window.sent = [];
  const session = { busy: false, act: async (type, params) => window.sent.push({ type, params }) };
  const box = renderActions(view, session, {
    labelFor: (name, value) => renderer.choiceLabel(name, value, view),
    confirmText: (spec, params) => renderer.confirmText(spec, params, view),
  });
  const main = document.querySelector("main#app");
  main.replaceChildren(box, renderer.publicState(view));
  main.dataset.screen = "modules";
}"""


def test_every_param_kind_is_rendered_and_posted(devices, watch):
    page = devices.phone("modules")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    page.evaluate(SETUP, VIEW)
    page.click("button[data-type='rest']")
    page.click("button[data-type='target'][data-value='2']")
    assert page.text_content("button[data-type='target'][data-value='2']") == "<b>Ben</b>"

    discard = page.locator("form[data-type='discard']")
    assert discard.locator("button[type=submit]").is_disabled()  # two cards to pick
    discard.get_by_text("Axe (3)").click()
    assert discard.locator("button[type=submit]").is_disabled()
    discard.get_by_text("Saw").click()
    discard.locator("button[type=submit]").click()

    # A small range is a row of choices, 1 2 3: one tap picks 3 (issue 26).
    move = page.locator("form[data-type='move']")
    steps = move.get_by_role("radiogroup", name="Steps")
    assert steps.get_by_role("radio").count() == 3
    assert steps.get_by_role("radio", name="1").is_checked()  # from the minimum
    steps.get_by_text("3", exact=True).click()
    move.locator("button[type=submit]").click()

    # A larger one keeps the stepper, from its preselected value.
    wait = page.locator("form[data-type='wait']")
    assert wait.locator("output.count").text_content() == "2"
    wait.get_by_role("button", name="Turns +1").click()
    wait.locator("button[type=submit]").click()

    feast = page.locator("form[data-type='feast']")
    feast.get_by_role("radiogroup", name="Brains").get_by_text("1", exact=True).click()
    # exactly 1: a fact, not a question (issue #17 i), and still posted
    assert feast.get_by_role("radiogroup", name="Guts").count() == 0
    assert feast.locator(".stepper.fixed").text_content() == "Guts1"
    feast.locator("button[type=submit]").click()

    assert page.evaluate("window.sent") == [
        {"type": "rest", "params": {}},
        {"type": "target", "params": {"seat": 2}},
        {"type": "discard", "params": {"cards": ["c1", "c2"]}},
        {"type": "move", "params": {"steps": 3}},
        {"type": "wait", "params": {"turns": 3}},
        {"type": "feast", "params": {"bites": {"brains": 1, "guts": 1}}},
    ]
    # The unknown game's state is its summary's lines, as text; never its view's keys.
    lines = page.locator(".game-state.generic .game-summary li").all_text_contents()
    assert lines == ["Round 2 of 3", "Your cards: <b>Axe</b>, Saw"]
    assert "Notes" not in page.text_content(".game-state.generic")
    assert page.locator("b").count() == 0
    assert not watch.errors, watch.errors


def test_stream_parser(devices):
    page = devices.phone("parser")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    stream = (
        "retry: 2000\n: stream of table X\n\n"
        'id: 5\nevent: action\ndata: {"seq":5}\n\n'
        ": heartbeat\n\n"
        'id: 6\r\nevent: action\r\ndata: {"seq":\r\ndata: 6}\r\n\r\n'
        "id: 7\ndata: par"
    )
    events, rest = page.evaluate(
        "async (text) => (await import('/js/live.js')).parseBlocks(text)", stream
    )
    assert events == [
        {"id": "5", "event": "action", "data": '{"seq":5}'},
        {"id": "6", "event": "action", "data": '{"seq":\n6}'},
    ]
    assert rest == "id: 7\ndata: par"


SUBMIT_VIEW = {
    **VIEW,
    "actions": [
        {
            "type": "move",
            "label": "Who moves?",
            "submit": "Move {chosen}",
            "params": {
                "who": {
                    "choices": [1, 2, 3],
                    "labels": ["Eve", "Adèle", "Zoé"],
                    "multiple": True,
                    "min": 1,
                    "max": 3,
                }
            },
        },
        {
            "type": "place",
            "label": "How many Zombies?",
            "submit": "Confirm {n} Zombies",
            "params": {
                "zombies": {
                    "counts": {"a": {"label": "Ana", "min": 0, "max": 3}, "b": {"min": 0, "max": 3}}
                }
            },
        },
        {
            "type": "feast",
            "label": "Count the Feast",
            "params": {"bites": {"counts": {"brains": {"min": 0, "max": 2}}}},
        },
    ],
}


@pytest.mark.parametrize(
    "language, verb, both, three",
    [
        ("en", "Confirm", "Move Eve and Zoé", "Move Eve, Adèle, and Zoé"),
        ("fr", "Valider", "Move Eve et Zoé", "Move Eve, Adèle et Zoé"),
    ],
)
def test_a_form_button_says_what_it_does_live_never_the_question(
    devices, watch, language, verb, both, three
):
    page = devices.phone(f"submit-{language}")
    page.goto("/")
    # The language chosen before the app starts (as a phone that switched once): a switch
    # made now would redraw the home screen over the form, whenever its fetches end.
    page.evaluate("lang => localStorage.setItem('tableapp:lang', lang)", language)
    page.reload()
    page.wait_for_selector("main#app[data-ready='1']")
    assert page.evaluate("() => document.documentElement.lang") == language
    page.evaluate(SETUP, SUBMIT_VIEW)
    move = page.locator("form[data-type='move'] button[type=submit]")
    page.locator("form[data-type='move']").get_by_text("Eve").click()
    page.locator("form[data-type='move']").get_by_text("Zoé").click()
    page.wait_for_function(
        "t => document.querySelector(\"form[data-type='move'] button[type=submit]\")"
        ".textContent === t",
        arg=both,
    )
    page.locator("form[data-type='move']").get_by_text("Adèle").click()
    page.wait_for_function(
        "t => document.querySelector(\"form[data-type='move'] button[type=submit]\")"
        ".textContent === t",
        arg=three,
    )
    place = page.locator("form[data-type='place']")
    assert place.locator("button[type=submit]").text_content() == "Confirm 0 Zombies"
    set_count(place, "Ana", 2)
    place.locator(".stepper").nth(1).get_by_text("1", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector(\"form[data-type='place'] button[type=submit]\")"
        ".textContent === 'Confirm 3 Zombies'"
    )
    # No submit text from the game: the generic verb, not the question again.
    feast = page.locator("form[data-type='feast']")
    assert feast.locator("button[type=submit]").text_content() == verb
    for form in page.locator("form.action-form").all():
        label = form.locator(".action-label").text_content()
        assert label not in form.locator("button[type=submit]").text_content()
    move.click()
    assert page.evaluate("window.sent") == [{"type": "move", "params": {"who": [1, 2, 3]}}]
    assert not watch.errors, watch.errors


def _eza_view(url: str, language: str) -> dict:
    """A started Eat Zem All table's public view (Ana in vermilion: the Red Horde)."""
    created = requests.post(f"{url}/api/tables", json={"game": "eat-zem-all"}, timeout=10).json()
    code = created["code"]
    for name, colour in (("Ana", "vermilion"), ("Ben", "blue"), ("Chloé", "yellow")):
        body = {"name": name, "colour": colour}
        assert requests.post(f"{url}/api/tables/{code}/seats", json=body, timeout=10).ok
    started = requests.post(
        f"{url}/api/tables/{code}/actions",
        json={"type": "start"},
        headers={"Authorization": f"Bearer {created['host_token']}"},
        timeout=10,
    )
    assert started.status_code == 201, started.text
    headers = {"Accept-Language": language}
    return requests.get(f"{url}/api/tables/{code}", headers=headers, timeout=10).json()


@pytest.mark.parametrize("language, red", [("en", "Red Horde"), ("fr", "Horde Rouge")])
def test_eat_zem_all_names_each_horde_once(devices, live_server, language, red):
    view = _eza_view(live_server.url, language)
    ana = {"en": "Ana (Red)", "fr": "Ana (Rouge)"}[language]
    assert ana in {x["name"] for x in view["game_view"]["hordes"]}
    page = devices.phone(f"eza-names-{language}")
    # The language is the phone's from the start: a switch made once the home screen is up
    # redraws it (whenever its fetches end), over the state drawn below.
    page.add_init_script(f"localStorage.setItem('tableapp:lang', '{language}')")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    assert page.evaluate("() => document.documentElement.lang") == language
    page.evaluate(
        """async ([view, language]) => {
          await (await import("/js/i18n.js")).setLang(language);
          const renderer = await (await import("/js/games/index.js")).rendererFor(view.game);
          document.querySelector("main#app").replaceChildren(renderer.publicState(view));
        }""",
        [view, language],
    )
    row = page.locator("li.eza-horde[data-seat='1'] .eza-head").text_content()
    assert row.count("Ana") == 1 and red in row, row
    text = page.text_content(".game-state.eza")
    assert f"{ana} Horde" not in text and f"Horde {ana}" not in text, text
    assert "Ana · Ana" not in text and f"Ana · {ana}" not in text, text


COLOURS = """async ([view, language]) => {
  await (await import("/js/i18n.js")).setLang(language);
  const renderer = await (await import("/js/games/index.js")).rendererFor(view.game);
  return (await import("/js/screens/join.js")).colourChoices(view, renderer);
}"""


@pytest.mark.parametrize(
    "language, words",
    [("en", ["Yellow", "Green", "Red", "Blue"]), ("fr", ["Jaune", "Verte", "Rouge", "Bleue"])],
)
def test_the_lobby_names_a_box_colour_as_the_game_does(devices, language, words):
    """Eat Zem All's vermilion seat is the Red Horde: the lobby says Red, not vermilion."""
    page = devices.phone(f"colours-{language}")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    box = {"yellow": "yellow", "green": "green", "vermilion": "red", "blue": "blue"}
    lobby = {"game": "eat-zem-all", "game_view": {"colours": box}}
    choices = page.evaluate(COLOURS, [lobby, language])
    assert choices == [[seat, word] for seat, word in zip(box, words, strict=True)]
    # A game without box colours names the seat colours.
    plain = {"game": "zombie-life", "game_view": {"colours": ["orange", "vermilion"]}}
    expected = {"en": "vermilion", "fr": "vermillon"}[language]
    assert page.evaluate(COLOURS, [plain, language])[1] == ["vermilion", expected]


def test_every_icon_is_drawn_and_a_meaningful_one_is_named(devices, watch):
    page = devices.phone("icons")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    drawn = page.evaluate(
        """async () => {
          const { ICONS, icon } = await import("/js/icons.js");
          const main = document.querySelector("main#app");
          main.replaceChildren(...ICONS.map((name) => icon(name)), icon("star", "winner"));
          return [...main.querySelectorAll("svg.icon")].map((svg) => {
            const box = svg.getBoundingClientRect();
            const path = svg.querySelector("path");
            return [svg.getAttribute("class"), box.width, path.getTotalLength()];
          });
        }"""
    )
    assert len(drawn) > 15 and all(width > 8 and length > 10 for _, width, length in drawn), drawn
    star = page.get_by_role("img", name="winner")
    assert star.count() == 1
    assert page.locator("svg.icon[aria-hidden='true']").count() == len(drawn) - 1
    assert not watch.errors, watch.errors
