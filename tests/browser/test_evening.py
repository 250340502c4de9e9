"""The scripted evening of issue 13 (and issue 17's "done when"): all four games — Zombie
Life, Eat Zem All, Student Bodies and Zombicide — three phones and the table screen of a
1366×768 laptop, in English and in French. Each game night photographs what the
issue asks for: the table screen's lobby (big QR, Start) and play (corner code, whose turn,
last ruling), a moment before anyone closes it, a board step if the game has one, a
confirmation, a form with steppers and its button, the end screen's chart, playing again with
a phone back in its seat, the home screen's history, the host's own pack ("custom") and a
refused one. Files: artifacts/screenshots/evening-<game>-<lang>-<screen>.png, listed with the
item each shows in artifacts/screenshots/INDEX.md (written by this test)."""

from __future__ import annotations

import copy
import json

import pytest
import requests

from tableapp import catalog

from .conftest import SCREENSHOTS
from .english import WORD, english_in
from .play import ASIDE, choose_button, dismiss_moment, screen, seq, tap, wait_all, zl_confirm
from .screens import PHONES, TABLES
from .test_screens import PICK, _finish_through_the_api, _pick, _token

pytestmark = pytest.mark.browser

NAMES = {"en": ["Ana", "Ben", "Chloé"], "fr": ["Amélie", "Bastien", "Chloé"]}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
GAMES = ("zombie-life", "eat-zem-all", "student-bodies", "zombicide")
CASES = [(game, lang) for game in GAMES for lang in ("en", "fr")]
#: How each game ends (issue 17 d): a ranking, winners and everyone else, or one team result.
OUTCOME = {"student-bodies": "winners", "zombicide": "team"}
END = "() => ['end', 'table-end'].includes(document.querySelector('main#app').dataset.screen)"
ITEMS = {
    1: "1. the table screen for the room",
    2: "2. moments nobody misses, board steps",
    3: "3. your colour is your colour",
    4: "4. forms that read like the game",
    5: "5. no accidental one-taps",
    6: "6. rematch and history",
    7: "7. your own box's cards",
}
#: What a refused pack's problem names (the new games): the card and the field.
REFUSED = {
    "student-bodies": {"en": ("Mad Dash", "copies"), "fr": ("Course folle", "copies")},
    "zombicide": {"en": ("z07", "walker"), "fr": ("z07", "walker")},
}
INDEX: dict[str, tuple[int, str]] = {}  # file -> (issue item, what it shows), this session's
ABSENT: dict[str, list[str]] = {}  # a case -> what it could not show (and why)
LIVE = "fieldset.actions:not(:disabled)"
SB_MOVES = 8  # taps of the Student Bodies turns played from the phones
ZC_MOVES = 40  # taps to the first spawn: six survivors' turns, the zombies, the table


def _write_index() -> None:
    lines = [
        "# The scripted evening (issue 13)",
        "",
        "Written by tests/browser/test_evening.py: each screenshot and the issue-13 item it shows.",
        "",
        "| Screenshot | Item | Shows |",
        "| --- | --- | --- |",
    ]
    for name, (item, what) in sorted(INDEX.items()):
        lines.append(f"| {name} | {ITEMS[item]} | {what} |")
    if ABSENT:
        lines += ["", "Not in this run's screenshots:", ""]
        lines += [f"- {case}: {why}" for case, whys in sorted(ABSENT.items()) for why in whys]
    (SCREENSHOTS / "INDEX.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


class Evening:
    """Photographs one game night: ``snap(page, "table-lobby", 1, "big QR, Start")``."""

    def __init__(self, shots, game: str, lang: str) -> None:
        self.shots, self.game, self.lang = shots, game, lang

    def snap(self, page, name: str, item: int, what: str, *, full_page: bool = False) -> None:
        file = f"evening-{self.game}-{self.lang}-{name}"
        self.shots(page, file, full_page=full_page)
        INDEX[f"{file}.png"] = (item, what)
        _write_index()

    def absent(self, what: str) -> None:
        ABSENT.setdefault(f"{self.game} ({self.lang})", []).append(what)
        _write_index()


def _packs(game: str) -> tuple[dict, dict]:
    """A refused pack and the host's own (the built-in one with names of their box)."""
    broken = copy.deepcopy(catalog.content(game))
    mine = copy.deepcopy(catalog.content(game))
    if game == "zombie-life":
        broken["cards"]["cards"][0]["copies"] = 99
        for card in mine["cards"]["cards"]:
            card["name"] = f"Box {card['name']}"
    elif game == "student-bodies":
        broken["main_deck"]["cards"][0]["copies"] = 99
        for card in mine["main_deck"]["cards"]:
            card["name"] = f"{card['name']} B."
            card["name_fr"] = f"{card['name_fr']} B."
    elif game == "zombicide":
        broken["spawn"]["card"][6]["yellow"]["walker"] = 99
        for survivor in mine["survivors"]["survivor"]:
            survivor["name"] = f"{survivor['name']} B."
            survivor["name_fr"] = f"{survivor['name_fr']} B."
    else:
        broken["box"]["colours"] = broken["box"]["colours"][:3]
        broken["humans"]["human"][0]["vp"] = -4
        for human in mine["humans"]["human"]:
            human["name"] = f"{human['name']} B."
            human["name_fr"] = f"{human['name_fr']} B."
    return broken, mine


def _french_words(game: str) -> frozenset[str]:
    """Words the game's own French texts use (its pack's ``*_fr`` names and texts, its title,
    a name of the box), read from the pack the table loaded (``catalog.content``): a word
    such as "adjacent" (Student Bodies' "un ennemi adjacent") is French there."""
    texts = [catalog.game(game).name]

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key.endswith("_fr") and isinstance(value, str):
                    texts.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(catalog.content(game))
    return frozenset(w.lower() for t in texts for w in WORD.findall(t))


def _above_the_fold(page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], selector


def _moments(pages, evening, seen: set[str], names: dict) -> None:
    """Photograph each kind of moment once, as it is on screen, before it is closed."""
    for page in pages:
        who = names[id(page)]
        toast = page.locator(".toast.moment")
        if toast.count() and f"{who}-toast" not in seen:
            seen.add(f"{who}-toast")
            evening.snap(
                page,
                f"{who}-moment-toast",
                2,
                "a moment on a phone it concerns (a banner and a buzz)",
            )
        box = page.locator("#moment:not([hidden])")
        if not box.count():
            continue
        kind = box.get_attribute("data-kind")
        if f"{who}-{kind}" not in seen:
            seen.add(f"{who}-{kind}")
            scores = (
                " with the round's scores" if page.locator("#moment .round-scores").count() else ""
            )
            evening.snap(
                page, f"{who}-moment-{kind}", 2, f"the {kind} moment{scores}, before closing"
            )


def _play_api_until(url: str, code: str, tokens: list[str], stop, limit: int = 3000, seen=None):
    """Random legal actions through the API until ``stop(spec)`` for the next one: returns
    (token, spec), or None when the game ended first. ``seen(view)``, if given, stops too
    (returns (token, None)) when a seat's view shows what is wanted (a board step)."""
    from tableapp.engine.playout import random_params
    from tableapp.engine.rng import Rng

    chooser = Rng(b"evening".ljust(32, b"."), 0)
    for _ in range(limit):
        for token in tokens:
            headers = {"Authorization": f"Bearer {token}"}
            view = requests.get(f"{url}/api/tables/{code}", headers=headers, timeout=10).json()
            if view["status"] == "finished":
                return None
            if seen is not None and seen(view):
                return token, None
            specs = [a for a in view["actions"] if a["type"] not in ASIDE]
            wanted = [a for a in specs if stop(a)]
            if wanted:
                return token, wanted[0]
            if not specs:
                continue
            spec = chooser.choice(specs)
            body = {"type": spec["type"], "params": random_params(spec, chooser)}
            requests.post(
                f"{url}/api/tables/{code}/actions",
                json={**body, "expected": view["seq"]},
                headers=headers,
                timeout=10,
            )
            break
    pytest.fail("no such move came")


@pytest.mark.parametrize("game, lang", CASES, ids=lambda v: str(v))
def test_a_game_night_on_the_screens(game, lang, devices, shots, live_server, tmp_path):
    evening = Evening(shots, game, lang)
    laptop = devices.laptop(f"evening-{game}-{lang}", viewport=TABLES["1366"], locale=LOCALES[lang])
    names = {id(laptop): "table"}

    # 7. Your own box's cards: a broken pack file is refused, naming the card and the field;
    # the host's own opens the table, which says "custom".
    broken, mine = _packs(game)
    laptop.goto("/")
    laptop.wait_for_selector("main#app[data-screen='home'] #new-table")
    laptop.select_option("#game", game)
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    laptop.set_input_files("#pack", str(tmp_path / "broken.json"))
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("#pack-problems:not([hidden]) li")
    if game in REFUSED:  # the card by its name (or its id when it has none), and the field
        refused = laptop.text_content("#pack-problems")
        assert all(word in refused for word in REFUSED[game][lang]), refused
    _scroll(laptop, "#pack-problems")
    evening.snap(
        laptop,
        "home-pack-refused",
        7,
        "a refused pack file: each problem names its file, card and field",
    )
    (tmp_path / "mine.json").write_text(json.dumps(mine))
    laptop.set_input_files("#pack", str(tmp_path / "mine.json"))
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("main#app[data-screen='table'] img.qr")
    assert laptop.locator(".custom-pack").is_visible()
    code = laptop.text_content(".join-qr .code").strip()
    join_url = laptop.get_attribute("img.qr", "data-url")

    # 3. Three phones join; the colours are named as the game names them.
    phones = []
    for i, name in enumerate(NAMES[lang]):
        phone = devices.phone(
            f"evening-{name}", viewport=PHONES["360" if i != 1 else "412"], locale=LOCALES[lang]
        )
        names[id(phone)] = f"phone{i + 1}"
        phone.goto(join_url)
        phone.wait_for_selector("main#app[data-screen='join'] #name")
        phone.fill("#name", name)
        if i == 0 and game == "eat-zem-all":
            # Your colour is your Horde's: vermilion is the Red Horde, and the lobby says so
            # once the server names the box's colour of each seat colour.
            offered = requests.get(f"{live_server.url}/api/tables/{code}", timeout=10).json()
            if isinstance(offered["game_view"]["colours"], dict):
                red = {"en": "Red", "fr": "Rouge"}[lang]
                assert phone.locator("label.colour", has_text=red).count() == 1
            else:
                evening.absent(
                    "the lobby's colour words: the server sends a list of seat colours, not"
                    " {seat colour: box colour}, so vermilion is not yet called Red"
                )
        if i == 0:
            evening.snap(
                phone, "phone1-join", 3, "joining: a name and a colour, named as the game names it"
            )
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
        phones.append(phone)
    pages = [laptop, *phones]
    wait_all(pages, len(phones))
    laptop.wait_for_selector("button[data-type='start']")
    _above_the_fold(laptop, "button[data-type='start']")
    _above_the_fold(laptop, ".join-qr.big img.qr")
    evening.snap(
        laptop,
        "table-lobby",
        1,
        "the lobby: the big QR code, Start above the fold, who joined, custom cards",
    )
    tap(laptop, laptop.locator("button[data-type='start']"), confirm=True)
    wait_all(pages, len(phones) + 1)
    seen: set[str] = set()

    french: list[str] = []  # English words on a French screen of the new games (issue 17)

    ours = _french_words(game) if lang == "fr" else frozenset()

    def read(page, where: str) -> None:
        if lang == "fr" and game in OUTCOME:
            text = page.evaluate("() => document.querySelector('main#app').innerText")
            found = english_in(text, allowed={*NAMES[lang], code})
            french.extend(f"{where}: {w}" for w in found if w.lower() not in ours)

    if game == "zombie-life":
        _zombie_life_rounds(evening, pages, seen, names)
    elif game == "eat-zem-all":
        _eat_zem_all_feast(evening, pages, seen, names, live_server.url, code)
    elif game == "student-bodies":
        _student_bodies_turns(evening, pages, seen, names, live_server.url, code, read)
    else:
        _zombicide_round(evening, pages, seen, names, read)

    # 4. A form with steppers (a correction, folded away on the table screen): its button.
    laptop.evaluate(
        """() => { const box = document.querySelector("details.corrections");
          if (box) { box.open = true; box.querySelector("details.correction").open = true;
            box.scrollIntoView(); } }"""
    )
    if laptop.locator("details.correction[open] .stepper").count():
        evening.snap(
            laptop, "table-correction-form", 4, "a form with steppers; its button says what it does"
        )
        laptop.evaluate(
            "() => document.querySelectorAll('details').forEach((d) => { d.open = false; })"
        )

    # The rest of the game through the API; the screens follow live, to the end.
    tokens = [t for t in (_token(p, code) for p in [*phones, laptop]) if t]
    _finish_through_the_api(live_server.url, code, tokens)
    for page in pages:
        page.wait_for_function(END, timeout=30_000)
    _moments(pages, evening, seen, names)
    for page in pages:
        dismiss_moment(page)
    if game in OUTCOME:  # issue 17 d: each game's own outcome, no places where it has none
        for page in (laptop, phones[0]):
            assert page.get_attribute(".end", "data-outcome") == OUTCOME[game]
            assert page.locator(".chart").count() == 1
        read(laptop, "table-end")
        read(phones[0], "phone1-end")
    _scroll(laptop, ".chart")
    evening.snap(
        laptop, "table-end", 1, "the end: standings and the chart (part colours unlike any seat's)"
    )
    _scroll(phones[0], ".chart")
    evening.snap(phones[0], "phone1-end", 4, "the end on a phone: the chart, Play again to come")

    # 6. Play again: the host opens the same game at a new table, a phone takes its seat.
    laptop.click("button.play-again")
    laptop.wait_for_selector("main#app[data-screen='table'][data-status='lobby']")
    assert laptop.text_content(".join-qr .code").strip() != code
    phones[0].wait_for_selector("button.play-again")
    _scroll(phones[0], "button.play-again")
    evening.snap(
        phones[0], "phone1-rematch-offer", 6, "Play again: one tap to take my seat at the new table"
    )
    phones[0].click("button.play-again")
    phones[0].wait_for_selector("main#app[data-screen='lobby']")
    evening.snap(phones[0], "phone1-rematch-seat", 6, "back in my seat at the new table")
    laptop.wait_for_selector(f".seats li:has-text('{NAMES[lang][0]}')")
    evening.snap(
        laptop, "table-rematch-lobby", 6, "the new table's lobby with the phone back in its seat"
    )
    phones[1].goto("/")
    past = f".my-tables li[data-code='{code}'][data-past='1']"
    phones[1].locator(past).wait_for()
    _scroll(phones[1], past)
    evening.snap(
        phones[1],
        "phone2-home-history",
        6,
        "the home screen's history: date, players, winner, export",
    )
    assert not french, f"English on the French screens: {french}"


def _zombie_life_rounds(evening, pages, seen, names) -> None:
    """Zombie Life from the phones until the first round's end: a pass does not ask (its
    player's undo takes it back; only a game-ending pass asks), the round's scores are on every
    screen until tapped (item 2)."""
    laptop = pages[0]
    passes: list[str | None] = []

    for _ in range(200):
        _moments(pages, evening, seen, names)
        if any(key.endswith("-round_end") for key in seen) and passes:
            break
        actor, button = next(
            ((p, b) for p in pages if (b := choose_button(p)) is not None), (None, None)
        )
        assert actor is not None, "nobody can move"
        kind = button.get_attribute("data-type")
        target = seq(actor) + 1
        question = tap(actor, button, confirm=zl_confirm(kind))
        if kind == "pass":
            passes.append(question)
        wait_all(pages, target, within=5.0)
    assert None in passes and "table-round_end" in seen, (passes, seen)
    for page in pages:
        dismiss_moment(page)
    if not laptop.locator(".ruling-now").count():
        evening.absent("Zombie Life gives its first ruling with a reason at the game's end")
    laptop.evaluate("() => scrollTo(0, 0)")
    evening.snap(
        laptop,
        "table-play",
        1,
        "in play: the corner code, whose turn and what to do, the round line",
    )
    evening.snap(pages[1], "phone1-play", 1, "a phone in play: over to you or whom it waits for")


def _eat_zem_all_feast(evening, pages, seen, names, url, code) -> None:
    """Eat Zem All: a few moves from the phones (a ruling on the table screen), then to the
    first Feast: the death, the counters on the counting phone, the ruling, any board step."""
    laptop, phones = pages[0], pages[1:]
    for _ in range(30):
        if laptop.locator(".ruling-now").count() and screen(laptop) == "table":
            break
        actor, button = next(((p, b) for p in pages if (b := _pick(p)) is not None), (None, None))
        if actor is None:
            break
        target = seq(actor) + 1
        tap(actor, button, confirm=None, pick=PICK)
        wait_all(pages, target, within=5.0)
    laptop.evaluate("() => scrollTo(0, 0)")
    evening.snap(
        laptop,
        "table-play",
        1,
        "in play: the corner code, whose turn, the phase line, the current card, the last ruling",
    )
    by_token = {_token(p, code): p for p in [*phones, laptop]}
    found = _play_api_until(
        url, code, [t for t in by_token if t], lambda spec: spec["type"] == "feast"
    )
    if found is None:
        evening.absent("the game ended before a Feast")
        return
    token, _ = found
    counting = by_token[token]
    counting.wait_for_selector("form[data-type='feast'] button[type=submit]")
    laptop.wait_for_function("() => !document.getElementById('moment')?.hidden", timeout=5000)
    _moments(pages, evening, seen, names)
    dismiss_moment(counting)
    counting.evaluate("() => document.querySelectorAll('.toast').forEach((t) => t.remove())")
    form = counting.locator("form[data-type='feast']")
    _scroll(counting, "form[data-type='feast']")
    evening.snap(
        counting,
        f"{names[id(counting)]}-feast-form",
        4,
        "the Feast: a stepper per Horde and the button that confirms",
    )
    before = seq(counting)
    tap(counting, form.locator("button[type=submit]"), confirm=None)
    wait_all(pages, before + 1, within=5.0)
    laptop.wait_for_timeout(300)  # the Feast's moment and ruling arrive with the entry
    _moments(pages, evening, seen, names)
    for page in pages:
        dismiss_moment(page)
    steps = [p for p in pages if p.locator(".board-steps").count()]
    if steps:
        for page in steps[:2]:
            _scroll(page, ".board-steps")
            evening.snap(
                page, f"{names[id(page)]}-board-steps", 2, "a step to do on the board, until ticked"
            )
    else:
        evening.absent("no board step after the Feast in this branch")
    laptop.evaluate("() => scrollTo(0, 0)")
    evening.snap(laptop, "table-feast-ruling", 1, "the Feast's ruling with its rule id and reason")


def _student_bodies_turns(evening, pages, seen, names, url, code, read) -> None:
    """Student Bodies: a few real turns from the phones (the die on the server, hits taken),
    then random moves through the API to a zombie card of several zombies: its lines are one
    form on the current player's phone, photographed and sent from there; then on to the
    first step to do on the board (a zombie killed, the Lab opened, a player rising)."""
    laptop, phones = pages[0], pages[1:]
    assert any(" B." in t for p in phones for t in p.locator(".sb-hand").all_text_contents())
    asked: list[str] = []

    def taps(count: int) -> None:
        for _ in range(count):
            _moments(pages, evening, seen, names)
            actor, button = next(
                ((p, b) for p in pages if (b := _pick(p)) is not None), (None, None)
            )
            if actor is None:
                return
            target = seq(actor) + 1
            question = tap(actor, button, confirm=None, pick=PICK)
            if question is not None:
                asked.append(question)
            wait_all(pages, target, within=5.0)

    taps(SB_MOVES)
    dismiss_moment(laptop)
    laptop.evaluate("() => scrollTo(0, 0)")
    evening.snap(
        laptop,
        "table-play",
        1,
        "in play: the corner code, whose turn, the zombies' walk, the last ruling",
    )
    read(laptop, "table-play")
    evening.snap(pages[1], "phone1-play", 1, "a phone in play: its hand, over to you or whom")
    read(pages[1], "phone1-play")
    by_token = {_token(p, code): p for p in [*phones, laptop]}
    tokens = [t for t in by_token if t]
    found = _play_api_until(
        url,
        code,
        tokens,
        lambda spec: spec["type"] == "zombies" and len(spec["params"]) > 1,
        limit=400,
    )
    if found is None:
        evening.absent("the game ended before a zombie card of several zombies (one form)")
    else:
        zombies = by_token[found[0]]
        form = zombies.locator(f"{LIVE} form[data-type='zombies']")
        form.wait_for(timeout=5000)
        _moments(pages, evening, seen, names)
        dismiss_moment(zombies)
        assert form.locator("fieldset").count() > 1
        _scroll(zombies, "form[data-type='zombies']")
        evening.snap(
            zombies,
            f"{names[id(zombies)]}-zombies-form",
            4,
            "the zombie card: every zombie's priority line on one form, one button",
        )
        read(zombies, "zombies-form")
        before = seq(zombies)
        tap(zombies, form.locator("button[type=submit]"), confirm=False)
        wait_all(pages, before + 1, within=5.0)
        taps(2)
    if asked:
        evening.absent(f"a move asked first in the turns tapped: {asked[0]!r}")
    found = _play_api_until(
        url,
        code,
        tokens,
        lambda spec: False,
        limit=600,
        seen=lambda v: v["game_view"].get("board_steps"),
    )
    if found is None:
        evening.absent("the game ended before a step to do on the board")
        return
    laptop.wait_for_selector(".board-steps", timeout=5000)
    _moments(pages, evening, seen, names)
    for page in pages:
        dismiss_moment(page)
    for page in [p for p in pages if p.locator(".board-steps").count()][:2]:
        _scroll(page, ".board-steps")
        evening.snap(
            page, f"{names[id(page)]}-board-steps", 2, "a step to do on the board, until ticked"
        )
        read(page, f"{names[id(page)]}-board-steps")
    laptop.evaluate("() => scrollTo(0, 0)")
    if laptop.locator(".sb-ruling.big").count():
        evening.snap(laptop, "table-ruling", 1, "the last ruling with its rule id, large")


def _zombicide_round(evening, pages, seen, names, read) -> None:
    """Zombicide: the phones take two survivors each, the host reads the mission in (a form of
    steppers), the team plays its first round from the phones (no move asks "are you sure?",
    issue 17), the table answers what only the board knows, to the first spawn, zone by zone
    on the table screen (the board steps)."""
    laptop, phones = pages[0], pages[1:]

    def act(page, locator) -> None:
        before = seq(page)
        tap(page, locator, confirm=False)
        wait_all(pages, before + 1, within=5.0)

    def button(page, kind):
        return page.locator(f"{LIVE} button[data-type='{kind}']").first

    def has(page, kind) -> bool:
        return page.locator(f"{LIVE} [data-type='{kind}']").count() > 0

    for phone in phones:
        for _ in range(2):
            take = button(phone, "take_survivor")
            assert " B. (" in take.text_content()  # the host's own box's names
            act(phone, take)
    assert laptop.locator(".zc-survivor").count() == 6
    evening.snap(phones[0], "phone1-team", 3, "my survivors, in my colour")
    read(phones[0], "phone1-team")
    for kind in ("add_zone", "add_zone"):  # then no building: the mission closes the setup
        act(laptop, button(laptop, kind))
    mission = laptop.locator(f"{LIVE} form[data-type='mission']")
    mission.locator(".stepper").first.wait_for()  # the form comes with the view after the tap
    assert mission.locator(".stepper").count() >= 1
    _scroll(laptop, "form[data-type='mission']")
    evening.snap(
        laptop, "table-mission-form", 4, "the mission read in: steppers, one button that says it"
    )
    read(laptop, "table-mission-form")
    act(laptop, mission.locator("button[type=submit]"))
    spawned = False
    for _ in range(ZC_MOVES):
        _moments(pages, evening, seen, names)
        if laptop.locator(".zc-spawn-row").count():
            spawned = True
            break
        board = next(
            (k for k in ("board_done", "no_attack", "moved", "choose_skill") if has(laptop, k)),
            None,
        )
        if board is not None:
            act(laptop, button(laptop, board))
            continue
        actor = next((p for p in phones if has(p, "play_survivor") or has(p, "end_turn")), None)
        assert actor is not None, laptop.text_content(".prompt-text")
        if has(actor, "play_survivor"):
            act(actor, button(actor, "play_survivor"))
        else:
            if "phone-turn" not in seen:
                seen.add("phone-turn")
                evening.snap(
                    actor, f"{names[id(actor)]}-play", 1, "a survivor's turn: one button a move"
                )
                read(actor, "survivor-turn")
            act(actor, button(actor, "end_turn"))
    laptop.evaluate("() => scrollTo(0, 0)")
    evening.snap(
        laptop, "table-play", 1, "in play: the corner code, the round, whose turn, the spawn"
    )
    read(laptop, "table-play")
    if not spawned:
        evening.absent("no spawn came in the first round's moves")
        return
    _scroll(laptop, ".zc-spawn-row")
    evening.snap(laptop, "table-spawn", 2, "the spawn, zone by zone, large: steps on the board")
    read(laptop, "table-spawn")
    if not laptop.locator(".board-steps").count():
        evening.absent("the spawn placed nothing on the board this round (no board step)")


def _scroll(page, selector: str) -> None:
    """Bring the first ``selector`` into view in one step: a view arriving meanwhile redraws the
    screen, and a located element may be gone before Playwright scrolls to it."""
    page.evaluate("s => document.querySelector(s)?.scrollIntoView({block: 'center'})", selector)
