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
from .play import dismiss_moment, screen, seq, tap, wait_all
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


def _pick(page):
    dismiss_moment(page)
    kind = page.evaluate(PICK)
    return None if kind is None else page.locator("[data-pick]")


def _token(page, code: str) -> str | None:
    stored = json.loads(page.evaluate("() => localStorage.getItem('tableapp:tables')") or "{}")
    return (stored.get(code) or {}).get("seat") or (stored.get(code) or {}).get("host")


def _finish_through_the_api(url: str, code: str, tokens: list[str], limit: int = 6000) -> None:
    """The rest of the game as random legal actions (the screens follow live)."""
    chooser = Rng(b"screens".ljust(32, b"."), 0)
    for _ in range(limit):
        moved = False
        for token in tokens:
            headers = {"Authorization": f"Bearer {token}"}
            view = requests.get(f"{url}/api/tables/{code}", headers=headers, timeout=10).json()
            if view["status"] == "finished":
                return
            specs = [a for a in view["actions"] if a["type"] not in ("correct", "board_done")]
            if not specs:
                continue
            spec = chooser.choice(specs)
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
    code, join_url = _open(laptop, game, variant)
    vocabulary = english_only(laptop) if lang == "fr" else None
    low, high = catalog.game(game).players
    names = (NAMES + [f"P{i}" for i in range(4, low + 1)])[: max(low, min(high, 3))]
    sizes = list(PHONES)
    phones = []
    for i, name in enumerate(names):
        phone = devices.phone(f"{game}-{name}", viewport=PHONES[sizes[i % 2]], locale=locale)
        phone.goto(join_url)
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
        phones.append(phone)
    pages = [laptop, *phones]
    wait_all(pages, len(phones))
    ignore = set(names) | {code}
    found: list[str] = []

    def check(moment: str, *, screenshots: bool = False, accessibility: bool = False) -> None:
        for page in pages:
            label = f"{game}-{lang}-{page.viewport_size['width']}-{screen(page)}-{moment}"
            found.extend(problems(page, label, vocabulary=vocabulary, names=ignore))
            if screenshots:
                shots(page, label, full_page=False)
            if accessibility:
                axe.check(page, label)

    check("lobby", screenshots=True, accessibility=True)
    tap(laptop, laptop.locator("button[data-type='start']"))
    wait_all(pages, len(phones) + 1)
    check("start")
    for move in range(UI_MOVES):
        actor, button = next(((p, b) for p in pages if (b := _pick(p)) is not None), (None, None))
        if actor is None:
            break
        target = seq(actor) + 1
        tap(actor, button)
        wait_all(pages, target, within=5.0)
        if move == 1:
            check("play", screenshots=True, accessibility=True)
    check("played")
    tokens = [t for t in (_token(p, code) for p in [*phones, laptop]) if t]  # the host settles ties
    _finish_through_the_api(live_server.url, code, tokens)
    for page in pages:
        page.wait_for_function(END, timeout=30_000)
        dismiss_moment(page)
    check("end", screenshots=True, accessibility=True)
    serious = {k: v for k, v in axe.save().items() if k.startswith(f"{game}-{lang}")}
    assert not found, "\n".join(found[:40])
    assert not serious, serious
