"""A scripted game of any game, played by taps as a table does: three phones (360×740 and
412×915) and the host's table screen (1366×768) join, start and tap what the app offers; the
rest of the game may be played through the API while the screens follow live. Tests hook in
where they look: ``on_view(actor)`` after each tap's answer has reached every page."""

from __future__ import annotations

from types import SimpleNamespace

import requests

from tableapp import catalog

from .play import dismiss_moment, screen, seq, tap, wait_all
from .screens import PHONES, TABLES

NAMES = ["Amélie", "Bastien", "Chloé"]
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
END = "() => ['end', 'table-end'].includes(document.querySelector('main#app').dataset.screen)"

# A player who taps what the app shows: the first move offered (a discard, set apart, last);
# a form gets its likely picks, then what it still needs: a pick where none is made, boxes
# ticked and counts raised one tap at a time until its button may be tapped. Corrections,
# undo answers and a Mutation nothing forces wait; a board step is ticked when nothing else
# is offered.
PICK = """() => {
  const box = document.querySelector("fieldset.actions:not(:disabled)");
  if (!box) return null;
  for (const el of document.querySelectorAll("[data-pick]")) delete el.dataset.pick;
  const mark = (el, kind) => { if (!el) return null; el.dataset.pick = "1"; return kind; };
  const skip = new Set(["correct", "board_done", "use_mutation", "cancel_undo", "refuse_undo"]);
  const moves = [...box.querySelectorAll(":scope > [data-type]")];
  const first = moves.find((el) => !skip.has(el.dataset.type))
    || moves.find((el) => el.dataset.type === "board_done");
  if (!first) return null;
  if (first.tagName !== "FORM") {
    const button = first.tagName === "BUTTON" ? first
      : first.querySelector("button:not(.destructive)") || first.querySelector("button");
    return mark(button, first.dataset.type);
  }
  const submit = first.querySelector("button[type=submit]");
  for (const group of first.querySelectorAll("fieldset.param:not([disabled]) .chips-box")) {
    const radios = [...group.querySelectorAll("input[type=radio]:not(:disabled)")];
    if (radios.length && !radios.some((r) => r.checked)) radios[0].click();
  }
  for (const input of first.querySelectorAll("input[type=checkbox]:not(:disabled)")) {
    if (!submit.disabled) break;
    input.click();
  }
  for (const row of first.querySelectorAll(".taps")) {
    for (const radio of row.querySelectorAll("input:not(:disabled)")) {
      if (!submit.disabled) break;
      const now = Number(row.querySelector("input:checked")?.value ?? -1);
      if (Number(radio.value) > now) radio.click();
    }
  }
  for (const plus of first.querySelectorAll(".step-controls button.step:last-child")) {
    while (submit.disabled && !plus.disabled) plus.click();
  }
  return mark(submit, first.dataset.type);
}"""


def names_for(game: str) -> list[str]:
    low, high = catalog.game(game).players
    return (NAMES + [f"P{i}" for i in range(4, low + 1)])[: max(low, min(high, 3))]


def open_game(devices, url: str, game: str, lang: str, *, motion: str = "no-preference"):
    """A table of ``game`` in ``lang``: the host's table screen and three phones in the lobby
    (joined through the join screen); ``on_join(phone)`` looks at each join screen."""
    locale = LOCALES[lang]
    created = requests.post(f"{url}/api/tables", json={"game": game}, timeout=10).json()
    code = created["code"]
    laptop = devices.laptop(f"{game}-table", viewport=TABLES["1366"], locale=locale)
    laptop.goto("/")
    laptop.evaluate(
        "([code, token]) => localStorage.setItem('tableapp:tables',"
        " JSON.stringify({[code]: {host: token}}))",
        [code, created["host_token"]],
    )
    laptop.goto(f"/table/{code}")
    laptop.wait_for_selector("main#app[data-ready='1'][data-screen='table']")
    sizes = list(PHONES)
    phones = []
    roles = {id(laptop): "table"}
    for i, name in enumerate(names_for(game)):
        phone = devices.phone(
            f"{game}-{name}", viewport=PHONES[sizes[i % 2]], locale=locale, reduced_motion=motion
        )
        roles[id(phone)] = f"p{i + 1}-{sizes[i % 2]}"
        phone.goto(created["join_url"])
        phone.wait_for_selector("main#app[data-screen='join'] #name")
        phone.fill("#name", name)
        phones.append(phone)
    return SimpleNamespace(
        game=game,
        lang=lang,
        code=code,
        created=created,
        laptop=laptop,
        phones=phones,
        pages=[laptop, *phones],
        roles=roles,
        url=url,
    )


def join_all(table, on_join=None) -> None:
    for phone in table.phones:
        if on_join is not None:
            on_join(phone)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
    wait_all(table.pages, len(table.phones), within=5)


def start(table) -> None:
    tap(table.laptop, table.laptop.locator("button[data-type='start']"), confirm=True)
    wait_all(table.pages, len(table.phones) + 1, within=5)


def play_taps(table, moves: int, on_view=None) -> int:
    """Up to ``moves`` taps, each by the next page (in turn) that has a move; ``on_view(actor)``
    after each answer has reached every page. Returns the taps made."""
    pages = table.pages
    turn = 0
    for made in range(moves):
        order = pages[turn % len(pages) :] + pages[: turn % len(pages)]
        actor = None
        for page in order:
            dismiss_moment(page)
            if page.evaluate(PICK) is not None:
                actor = page
                break
        if actor is None or screen(actor) in ("end", "table-end"):
            return made
        turn = pages.index(actor) + 1
        target = seq(actor) + 1
        tap(actor, actor.locator("[data-pick]"), confirm=None, pick=PICK)
        wait_all(pages, target, within=8.0)
        if on_view is not None:
            on_view(actor)
    return moves


def tokens_of(table) -> list[str]:
    """Each seat's token and the host's (who settles ties)."""
    tokens = []
    for page in [*table.phones, table.laptop]:
        stored = page.evaluate("() => JSON.parse(localStorage.getItem('tableapp:tables') || '{}')")
        entry = stored.get(table.code) or {}
        token = entry.get("seat") or entry.get("host")
        if token and token not in tokens:
            tokens.append(token)
    return tokens


def wait_end(table) -> None:
    for page in table.pages:
        page.wait_for_function(END, timeout=30_000)
        dismiss_moment(page)
