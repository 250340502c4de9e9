"""Driving the app the way people at the table do: the host on the table screen, players on
their phones, a move is a tap on one of the buttons the app shows."""

from __future__ import annotations

import time

import requests
from playwright.sync_api import TimeoutError as PlaywrightTimeout

SEQ = "main#app[data-seq='{}']"
#: What a random finisher (one action by the first phone that has one) leaves aside: the
#: corrections, the board steps' ticks, and Zombicide's split helper (ZC-12: it changes nothing on
#: the table and is offered to everyone while a group moves, so the host's phone, asked first,
#: could split for ever and the game never end).
ASIDE = frozenset({"correct", "board_done", "split"})


def seq(page) -> int:
    return int(page.get_attribute("main#app", "data-seq") or -1)


def screen(page) -> str:
    return page.get_attribute("main#app", "data-screen")


def open_table(laptop) -> tuple[str, str]:
    """Create a Zombie Life table from the home screen; returns (code, join URL from the QR)."""
    laptop.goto("/")
    laptop.select_option("#game", "zombie-life")
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("main#app[data-screen='table'] img.qr")
    code = laptop.text_content(".join-qr .code").strip()
    return code, laptop.get_attribute("img.qr", "data-url")


def join(phone, join_url: str, name: str) -> None:
    phone.goto(join_url)
    phone.fill("#name", name)
    phone.click("#join button[type=submit]")
    phone.wait_for_selector("main#app[data-screen='lobby']")


def api_table(base_url: str) -> dict:
    """A table made through the API (for tests that are not about the lobby)."""
    response = requests.post(f"{base_url}/api/tables", json={"game": "zombie-life"}, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()


def api_start(base_url: str, created: dict) -> None:
    response = requests.post(
        f"{base_url}/api/tables/{created['code']}/actions",
        json={"type": "start"},
        headers={"Authorization": f"Bearer {created['host_token']}"},
        timeout=10,
    )
    assert response.status_code == 201, response.text


def wait_all(pages, target: int, within: float = 2.0) -> float:
    """Every page shows action ``target`` (or later) within ``within`` seconds, no reload, and
    is no longer waiting on its own tap's answer: the stream may bring the new view first, and
    the actions stay disabled (a tap, undo included, is dropped) until that answer is in."""
    started = time.monotonic()
    for page in pages:
        left = max(0.05, within - (time.monotonic() - started))
        page.wait_for_function(
            "n => Number(document.querySelector('main#app').dataset.seq) >= n"
            " && !document.querySelector('fieldset.actions:disabled')",
            arg=target,
            timeout=left * 1000,
        )
    return time.monotonic() - started


# The player, in the page: marks the button to tap with data-pick and says its type, or null.
PICK = """() => {
  const box = document.querySelector("fieldset.actions:not(:disabled)");
  if (!box) return null;
  const all = [...box.querySelectorAll("button")];
  if (!all.length) return null;
  const of = (type) => all.find((b) => b.dataset.type === type);
  const me = document.querySelector("li.zl-player.me");
  const showing = me ? Number(me.dataset.faceUp) : 0;
  const order = showing >= 4 ? ["pass", "take", "draw"] : ["take", "draw", "pass"];
  const pick = of("place") || of("choose_first") || of("start")
    || order.map(of).find(Boolean) || all[0];
  for (const b of document.querySelectorAll("[data-pick]")) delete b.dataset.pick;
  pick.dataset.pick = "1";
  return pick.dataset.type;
}"""


# Zombie Life's moves that ask first: Start (nobody can join after it). A pass (ZL-4) asks
# only when it ends the game (nothing takes that back); otherwise its player's undo does.
ZL_ASKS = frozenset({"start"})


def zl_confirm(kind: str) -> bool | None:
    """What ``tap`` expects of a Zombie Life move: Start asks, a pass may ask (only the one
    that ends the game), nothing else asks."""
    return None if kind == "pass" else kind in ZL_ASKS


def choose_button(page):
    """A simple player: place the drawn card (Refuge first), hide with four cards showing,
    else take from the Horde, else draw; the host settles ties with the first choice.
    Returns the button to tap, or None when this page has no move."""
    dismiss_moment(page)
    kind = page.evaluate(PICK)
    return None if kind is None else page.locator("[data-pick]")


def dismiss_moment(page) -> None:
    if page.locator("#moment:not([hidden]) .moment-ok").count():
        page.click("#moment .moment-ok")


def tap(page, button, *, confirm: bool | None = None, shoot=None, pick: str = "") -> str | None:
    """Tap a move, as a player does. ``confirm`` says what the test expects of the app: True,
    the move asks first (the test fails if it does not); False, it must not ask; None, a
    player tapping whatever is offered (the app may ask: the question is answered yes and
    returned). ``shoot(page)`` runs while the question is on screen (a screenshot, a check).
    An announcement on the screen (a round's scores) is read and closed first, as players do.
    ``pick`` is the test's own player script (marks the button with data-pick), used to choose
    again when the screen is drawn again between choosing and tapping."""
    dismiss_moment(page)  # it may have arrived since the button was chosen
    before = seq(page)
    for attempt in range(3):
        try:
            button.click(timeout=4000)
            break
        except PlaywrightTimeout:
            # The screen was drawn again between choosing and tapping (a view came in):
            # choose again on the new screen, as a player would.
            if attempt == 2 or page.evaluate(pick or PICK) is None:
                raise
            button = page.locator("[data-pick]")
    page.wait_for_function(
        "n => document.querySelector('#confirm').open"
        " || Number(document.querySelector('main#app').dataset.seq) > n",
        arg=before,
    )
    asked = page.locator("#confirm[open]").count() > 0
    question = page.text_content("#confirm-text") if asked else None
    assert confirm is None or asked == confirm, (
        f"the move asked {question!r} unexpectedly" if asked else "the move did not ask first"
    )
    if asked:
        if shoot is not None:
            shoot(page)
        page.click("#confirm-yes")
    return question


def count_row(scope, name: str):
    """The count control named ``name`` in ``scope`` (a form, a page)."""
    return scope.locator(".stepper").filter(has=scope.page.locator(".step-label", has_text=name))


def set_count(scope, name: str, n: int) -> None:
    """Set the count ``name`` to ``n`` as a player does: one tap on a row of choices (a range
    of at most 7 values), else a tap per step on the stepper's − or +."""
    row = count_row(scope, name)
    taps = row.locator(".taps")
    if taps.count():
        taps.get_by_text(str(n), exact=True).click()
        return
    for _ in range(100):
        value = int(row.locator("output.count").text_content())
        if value == n:
            return
        row.get_by_role("button", name=f"{name} {'+1' if value < n else '−1'}").click()
    raise AssertionError(f"{name} never reached {n}")


def bump(row, step: int = 1) -> bool:
    """One tap that moves the count ``row`` (a ``.stepper``) by ``step`` (+1 or −1), on its row
    of choices or its stepper; False when the bounds leave it no room."""
    value = int(row.get_attribute("data-value"))
    taps = row.locator(".taps")
    if taps.count():
        radio = taps.locator(f"input[value='{value + step}']")
        if not radio.count() or radio.is_disabled():
            return False
        taps.get_by_text(str(value + step), exact=True).click()
        return True
    button = row.locator("button.step").nth(0 if step < 0 else 1)
    if not button.count() or button.is_disabled():
        return False
    button.click()
    return True


TARGETS = (
    "button:not([disabled]), a, summary, select, label.colour, label.chip, label.tap,"
    " input:not([type=radio]):not([type=checkbox]):not([type=hidden])"
)


def small_targets(page) -> list[str]:
    """Visible tap targets under 48 × 48 CSS pixels."""
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel)]
          .filter(e => e.offsetParent !== null)
          .map(e => [e.dataset.type || e.id || e.className || e.tagName, e.getBoundingClientRect()])
          .filter(([, r]) => r.width < 48 || r.height < 48)
          .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        TARGETS,
    )


# Records each announced moment's kind (the overlay on the table screen, a toast on a phone).
RECORD_MOMENTS = """
window.__moments = [];
new MutationObserver(() => {
  const box = document.getElementById("moment");
  if (box && !box.hidden && box.dataset.kind !== window.__lastMoment) {
    window.__moments.push(box.dataset.kind);
  }
  window.__lastMoment = box && !box.hidden ? box.dataset.kind : null;
  for (const toast of document.querySelectorAll(".toast.moment:not([data-seen])")) {
    toast.dataset.seen = "1";
    window.__moments.push("toast");
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""

# Records vibrations instead of making them (the emulated phone has no motor to ask).
RECORD_BUZZ = (
    "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };"
)


#: A player's pick (a ``PICK`` script's part) of Eat Zem All's form for a Horde's parts of the
#: card: every Zombie of its first activation bites the Human with the fewest tokens (as many as
#: its bounds let it); a Human to frighten or a spot not preselected: the first offered.
#: Needs the script's ``box`` and ``mark``.
EZA_ACTIVATE = """  const form = box.querySelector("form[data-type='card_part']");
  if (form) {  // the Horde's part: its Zombies bite the Human with the fewest tokens
    for (const pick of form.querySelectorAll("fieldset.param:not([disabled])")) {
      const radios = [...pick.querySelectorAll(".chips input[type='radio']")];
      if (radios.length && !radios.some((r) => r.checked)) radios[0].click();
    }
    const bites = form.querySelector("fieldset.param[data-param^='actions']");  // per Human
    const tokens = (key) => document.querySelector(
      `li.eza-human[data-human="${key}"][data-status='alive']`)?.dataset.tokens;
    let best = null;
    for (const step of bites?.querySelectorAll(".stepper[data-key]") ?? []) {
      const n = tokens(step.dataset.key);
      if (n === undefined || (best && Number(n) >= best.n)) continue;
      best = { step, n: Number(n), id: step.dataset.key };
    }
    // as many as it may: the highest value of a row of choices, or + until it stops
    const most = [...(best?.step.querySelectorAll(".taps input:not(:disabled)") ?? [])].pop();
    if (most) most.click();
    const plus = best?.step.querySelectorAll("button.step")[1];
    while (plus && !plus.disabled) plus.click();
    form.dataset.human = best?.id ?? "";
    return mark(form.querySelector("button[type=submit]"), form.dataset.type);
  }
"""
