"""Every screen of every game at the sizes a game night uses, in English and in French: the
table screen on a 1366×768 laptop or a 1920×1080 TV, phones of 360 and 412 px. Each screen —
lobby, play, end — is checked for overflowing text, raw ids, English on a French screen, tap
targets under 48 px and serious accessibility problems (axe-core); screenshots of each go to
artifacts/screenshots/."""

from __future__ import annotations

import json

import pytest
import requests

from tableapp import catalog
from tableapp.engine.playout import random_params
from tableapp.engine.rng import Rng

from .language import english_only
from .play import ASIDE, dismiss_moment, screen, seq, tap, wait_all
from .screens import PHONES, TABLES, problems

pytestmark = pytest.mark.browser

# The longest name a player may choose (40 characters), in one piece: it must wrap, not overflow.
NAMES = ["Amélie", "Bastien", "Marie-Charlotte-Élisabeth-Montmorency-V"]
END = "() => ['end', 'table-end'].includes(document.querySelector('main#app').dataset.screen)"
UI_MOVES = 8

# A player who taps what the app shows: Start first; forms get their first valid picks;
# corrections, board steps and Instant cards wait (nothing forces them).
PICK = """() => {
  const box = document.querySelector("fieldset.actions:not(:disabled)");
  if (!box) return null;
  for (const el of document.querySelectorAll("[data-pick]")) delete el.dataset.pick;
  const mark = (el, kind) => { if (!el) return null; el.dataset.pick = "1"; return kind; };
  const skip = new Set(["correct", "board_done", "use_mutation", "cancel_undo", "refuse_undo"]);
  const first = [...box.children].find((el) => !skip.has(el.dataset.type));
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
}"""


def _pick(page, on_moment=None):
    if on_moment is not None and page.locator("#moment:not([hidden])").count():
        on_moment(page)  # read it before closing it, as the room does
    dismiss_moment(page)
    kind = page.evaluate(PICK)
    return None if kind is None else page.locator("[data-pick]")


# Open the corrections box and its first form (the table is the truth), or say there is none.
OPEN_CORRECTIONS = """() => {
  const box = document.querySelector("details.corrections");
  if (!box) return false;
  box.open = true;
  const first = box.querySelector("details.correction");
  if (first) first.open = true;
  return true;
}"""
CLOSE_CORRECTIONS = """() => document.querySelectorAll("details.corrections, details.correction")
  .forEach((d) => { d.open = false; })"""


def _token(page, code: str) -> str | None:
    stored = json.loads(page.evaluate("() => localStorage.getItem('tableapp:tables')") or "{}")
    return (stored.get(code) or {}).get("seat") or (stored.get(code) or {}).get("host")


def _finish_through_the_api(
    url: str, code: str, tokens: list[str], limit: int = 6000, before=None
) -> None:
    """The rest of the game as random legal actions (the screens follow live); ``before(token,
    spec)`` is called before each action (to look at a form on that phone first)."""
    chooser = Rng(b"screens".ljust(32, b"."), 0)
    for _ in range(limit):
        moved = False
        for token in tokens:
            headers = {"Authorization": f"Bearer {token}"}
            view = requests.get(f"{url}/api/tables/{code}", headers=headers, timeout=10).json()
            if view["status"] == "finished":
                return
            specs = [a for a in view["actions"] if a["type"] not in ASIDE]
            if not specs:
                continue
            spec = chooser.choice(specs)
            if before is not None:
                before(token, spec)
            body = {
                "type": spec["type"],
                "params": random_params(spec, chooser),
                "expected": view["seq"],
            }
            answer = requests.post(
                f"{url}/api/tables/{code}/actions", json=body, headers=headers, timeout=10
            )
            assert answer.status_code in (201, 409), answer.text
            moved = True
            break
        assert moved, "nobody can act and the game is not over"
    pytest.fail("the game did not end")


def _open(laptop, game: str, variant: str | None) -> tuple[str, str]:
    laptop.goto("/")
    laptop.select_option("#game", game)
    if variant is not None and laptop.locator("#variant").count():
        laptop.select_option("#variant", variant)
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("main#app[data-screen='table'] img.qr")
    return laptop.text_content(".join-qr .code").strip(), laptop.get_attribute("img.qr", "data-url")


CASES = [
    (game.id, variant, lang, table)
    for game in catalog.games()
    for variant in game.variants[:1]
    for lang, table in (("en", "1920"), ("fr", "1366"))
]


@pytest.mark.parametrize("game, variant, lang, table", CASES, ids=lambda v: str(v))
def test_every_screen_fits_reads_and_speaks_the_language(
    game, variant, lang, table, devices, axe, shots, live_server
):
    locale = {"en": "en-GB", "fr": "fr-FR"}[lang]
    laptop = devices.laptop(f"{game}-table", viewport=TABLES[table], locale=locale)
    low, high = catalog.game(game).players
    names = (NAMES + [f"P{i}" for i in range(4, low + 1)])[: max(low, min(high, 3))]
    ignore = set(names)
    found: list[str] = []
    roles = {id(laptop): "table"}  # each page's own label: screenshots never overwrite
    seen: set[str] = set()  # what was photographed once (a moment, a question, a Feast)

    def check(page, moment: str, *, screenshot: bool = False, accessibility: bool = False):
        role = roles[id(page)]
        label = f"{game}-{lang}-{role}-{page.viewport_size['width']}-{screen(page)}-{moment}"
        found.extend(problems(page, label, vocabulary=vocabulary, names=ignore))
        if screenshot:
            shots(page, label, full_page=False)
        if accessibility:
            axe.check(page, label)

    def once(what: str, page) -> None:
        if what not in seen:
            seen.add(what)
            check(page, what, screenshot=True, accessibility=True)

    # The home screen, where the host opens the table.
    laptop.goto("/")
    # data-screen is set as the screen's module loads; data-ready once it is drawn (the games
    # fetched: the form, not "Loading…").
    laptop.wait_for_selector("main#app[data-screen='home'][data-ready='1'] #new-table")
    vocabulary = english_only() if lang == "fr" else None
    check(laptop, "home", screenshot=True, accessibility=True)
    code, join_url = _open(laptop, game, variant)
    ignore.add(code)
    sizes = list(PHONES)
    phones = []
    for i, name in enumerate(names):
        phone = devices.phone(f"{game}-{name}", viewport=PHONES[sizes[i % 2]], locale=locale)
        roles[id(phone)] = f"p{i + 1}"
        phone.goto(join_url)
        phone.wait_for_selector("main#app[data-screen='join'] #name")
        if i < 2:
            check(phone, "join", screenshot=True, accessibility=i == 0)
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
        phones.append(phone)
    pages = [laptop, *phones]
    by_token = {}
    wait_all(pages, len(phones))

    def each(moment: str, **options) -> None:
        for page in pages:
            check(page, moment, **options)

    each("lobby", screenshot=True, accessibility=True)
    tap(laptop, laptop.locator("button[data-type='start']"), confirm=True)
    wait_all(pages, len(phones) + 1)
    each("start")
    for move in range(UI_MOVES):
        actor, button = next(
            ((p, b) for p in pages if (b := _pick(p, lambda p: once("moment", p))) is not None),
            (None, None),
        )
        if actor is None:
            break
        target = seq(actor) + 1
        # Players tap what they are offered: the app may ask first (passing), then the
        # question is checked and photographed once.
        tap(actor, button, confirm=None, shoot=lambda p: once("confirm", p), pick=PICK)
        wait_all(pages, target, within=5.0)
        if move == 1:
            each("play", screenshot=True, accessibility=True)
    each("played")
    for page in pages:  # the corrections, folded away, once opened
        if page.evaluate(OPEN_CORRECTIONS):
            check(page, "corrections", screenshot="corrections" not in seen)
            seen.add("corrections")
            page.evaluate(CLOSE_CORRECTIONS)
    for page in [*phones, laptop]:
        token = _token(page, code)
        if token:
            by_token[token] = page
    tokens = list(by_token)  # the host settles ties

    def before(token: str, spec: dict) -> None:
        """A Feast's counters on the counting phone, looked at once."""
        if spec["type"] != "feast" or "feast" in seen:
            return
        page = by_token[token]
        page.wait_for_selector("form[data-type='feast'] button[type=submit]", timeout=10_000)
        if page.locator("#moment:not([hidden])").count():
            once("moment", page)  # the death that brought the Feast, read first
            dismiss_moment(page)
        once("feast", page)

    _finish_through_the_api(live_server.url, code, tokens, before=before)
    for page in pages:
        page.wait_for_function(END, timeout=30_000)
        if page.locator("#moment:not([hidden])").count():
            once("moment", page)
        dismiss_moment(page)
    each("end", screenshot=True, accessibility=True)
    serious = {k: v for k, v in axe.save().items() if k.startswith(f"{game}-{lang}")}
    assert not found, "\n".join(found[:40])
    assert not serious, serious


# The room's lines: whose turn and what to do, the current card or phase, the last ruling.
ROOM_LINES = {
    "zombie-life": (".now.hero .hero-who", ".now.hero .prompt-text", ".zl-summary"),
    "eat-zem-all": (".now.hero .hero-who", ".now.hero .prompt-text", ".eza-summary"),
}
RULING = ".ruling-now"
CARD = {"eat-zem-all": ".eza-resolving .eza-card", "zombie-life": None}


def _api_started(url: str, game: str, names=("Ana", "Ben", "Chloé")) -> tuple[dict, list[str]]:
    created = requests.post(f"{url}/api/tables", json={"game": game}, timeout=10).json()
    tokens = [created["host_token"]]
    for name in names:
        joined = requests.post(
            f"{url}/api/tables/{created['code']}/seats", json={"name": name}, timeout=10
        )
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
    started = requests.post(
        f"{url}/api/tables/{created['code']}/actions",
        json={"type": "start"},
        headers={"Authorization": f"Bearer {created['host_token']}"},
        timeout=10,
    )
    assert started.status_code == 201, started.text
    return created, tokens


def _ruled(url: str, code: str) -> bool:
    entries = requests.get(f"{url}/api/tables/{code}/log", timeout=10).json()["entries"]
    return any(
        e.get("rule") and (e.get("reason") or e.get("moment"))
        for entry in entries
        if not entry.get("undone")
        for e in entry.get("events", [])
    )


def _play_until_a_ruling(url: str, code: str, tokens: list[str], limit: int = 300) -> None:
    """Random legal actions (the API's, as in _finish_through_the_api) until a ruling with its
    reason is in the log."""
    chooser = Rng(b"room".ljust(32, b"."), 0)
    for _ in range(limit):
        if _ruled(url, code):
            return
        for token in tokens:
            headers = {"Authorization": f"Bearer {token}"}
            view = requests.get(f"{url}/api/tables/{code}", headers=headers, timeout=10).json()
            specs = [a for a in view["actions"] if a["type"] not in ASIDE]
            if specs:
                spec = chooser.choice(specs)
                body = {"type": spec["type"], "params": random_params(spec, chooser)}
                requests.post(
                    f"{url}/api/tables/{code}/actions",
                    json={**body, "expected": view["seq"]},
                    headers=headers,
                    timeout=10,
                )
                break
    pytest.fail("no ruling came")


def _above_the_fold(page, selector: str, fold: int) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on screen"
    assert box["y"] >= 0 and box["y"] + box["height"] <= fold, (
        f"{selector} is below the fold ({box['y'] + box['height']:.0f} > {fold})"
    )


@pytest.mark.parametrize("size", list(TABLES))
@pytest.mark.parametrize("game", list(ROOM_LINES))
def test_the_room_reads_the_game_above_the_fold(game, size, devices, live_server, shots):
    """At 1366×768 and 1920×1080, just after the start (Eat Zem All's setup) and once a ruling
    has been given, whose turn it is and what to do, the phase line (big), the current card
    and the last ruling are all on screen without scrolling."""
    created, tokens = _api_started(live_server.url, game)
    code = created["code"]
    laptop = devices.laptop(f"room-{game}-{size}", viewport=TABLES[size])
    laptop.goto("/")
    laptop.evaluate(
        "([code, token]) => localStorage.setItem('tableapp:tables',"
        " JSON.stringify({[code]: {host: token}}))",
        [code, created["host_token"]],
    )
    laptop.goto(f"/table/{code}")
    laptop.wait_for_selector("main#app[data-ready='1'][data-screen='table']")
    fold = TABLES[size]["height"]
    shots(laptop, f"room-{game}-{size}-start", full_page=False)
    for selector in ROOM_LINES[game]:
        _above_the_fold(laptop, selector, fold)
    summary = laptop.locator(ROOM_LINES[game][2]).first
    size_px = float(summary.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size_px >= 28, f"the phase line is {size_px}px: too small for the room"

    _play_until_a_ruling(live_server.url, code, tokens)
    laptop.wait_for_selector(f"main#app:is([data-screen=table], [data-screen=table-end]) {RULING}")
    dismiss_moment(laptop)
    shots(laptop, f"room-{game}-{size}-ruling", full_page=False)
    # Zombie Life's first ruling with a reason may be the game's end: then the ruling only.
    playing = screen(laptop) == "table"
    lines = (*ROOM_LINES[game], *filter(None, [CARD[game]])) if playing else ()
    for selector in (*lines, RULING):
        if selector == CARD[game] and not laptop.locator(selector).count():
            continue  # the card was resolved by the move that gave the ruling
        _above_the_fold(laptop, selector, fold)
