"""Never lose a seat: a phone reloads mid-game and is back on its seat with the same state; a
phone goes offline, says it is reconnecting, comes back and catches up with nothing missed."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .play import choose_button, seq, tap, wait_all, zl_confirm

pytestmark = pytest.mark.browser


def move(pages, skip=()):
    """One move by whoever may move; None when that is a page in ``skip`` (offline, it cannot
    know it is its turn)."""
    for page in pages:
        button = None if page in skip else choose_button(page)
        if button is not None:
            kind = button.get_attribute("data-type")
            target = seq(page) + 1
            tap(page, button, confirm=zl_confirm(kind))
            wait_all([p for p in pages if p not in skip], target)
            return page, kind
    assert skip, "nobody can move"
    return None


def state_of(page) -> dict:
    return {
        "screen": page.get_attribute("main#app", "data-screen"),
        "seat": page.get_attribute("main#app", "data-seat"),
        "seq": page.get_attribute("main#app", "data-seq"),
        "drawn": page.locator(".zl-drawn .card").get_attribute("data-card")
        if page.locator(".zl-drawn .card").count()
        else None,
        "actions": page.locator("fieldset.actions button").evaluate_all(
            "bs => bs.map(b => b.dataset.type + ':' + (b.dataset.value || ''))"
        ),
        "table": page.locator(".game-state").inner_text(),
        "log": page.locator(".log .entry").count(),
    }


def test_reload_mid_game_restores_seat_and_state(table, watch):
    laptop, phones = table.laptop, table.phones
    # Play until someone has drawn a card only they can see, then that phone reloads.
    for _ in range(40):
        page, kind = move([laptop, *phones])
        if kind == "draw" and page.locator(".zl-drawn").count():
            break
    else:
        pytest.fail("no draw happened")
    before = state_of(page)
    assert before["drawn"] and before["actions"]
    page.reload()
    page.wait_for_selector(f"main#app[data-screen='player'][data-seq='{before['seq']}']")
    page.wait_for_selector(".log .entry")
    assert state_of(page) == before
    assert page.url.endswith(f"/join/{table.code}")
    assert not watch.errors, watch.errors


#: How long the phone is away (issue 19): past the server's presence window (15 s), and
#: through a few of the phone's retries (every 8 s while the browser says it is offline).
OFFLINE_SECONDS = 20


def last_to_play(laptop, phones):
    """The phone whose turn comes last from now (the seat before the one whose turn it is on
    the table screen), so that the others can play a few moves without it."""
    rows = laptop.locator("li.zl-player").evaluate_all(
        "ls => ls.map(l => [Number(l.dataset.seat), l.classList.contains('turn')])"
    )
    turn = next((i for i, (_, now) in enumerate(rows) if now), None)
    by_seat = {int(p.get_attribute("main#app", "data-seat") or 0): p for p in phones}
    if turn is not None and by_seat.get(rows[turn - 1][0]) is not None:
        page = by_seat[rows[turn - 1][0]]
        if choose_button(page) is None:
            return page
    return next(p for p in phones if choose_button(p) is None)


#: The phone's log holds the entries 1..n, each once.
LOG_IS_COMPLETE = """n => {
  const shown = [...document.querySelectorAll(".log .entry")]
    .map((e) => Number(e.dataset.seq)).sort((a, b) => a - b);
  return shown.length === n && shown.every((s, i) => s === i + 1);
}"""


def test_offline_phone_reconnects_and_catches_up(table, watch):
    """A phone off the Wi-Fi for 20 s while the others play says it is reconnecting; back
    online it shows exactly the entries 1..n in its log (none twice, none missing) and the
    current view, the same screen a fresh open of the table shows it."""
    laptop, phones = table.laptop, table.phones
    pages = [laptop, *phones]
    # The phone that goes offline is one whose turn it is not (the last to play, if it can).
    away = last_to_play(laptop, phones)
    watch.allowed = ("ERR_INTERNET_DISCONNECTED", "ERR_NETWORK_CHANGED", "Failed to fetch")
    away.context.set_offline(True)
    gone = time.monotonic()
    away.wait_for_selector("#banner[data-state='reconnecting']:not([hidden])", timeout=5000)
    assert "reconnecting" in away.text_content("#banner").lower()
    assert away.get_attribute("body", "data-connection") == "reconnecting"
    start = seq(laptop)
    moved = 0
    # A few moves at once, a few more once the phone's retries have failed for a while (as
    # long as it is not its turn); it stays away the whole 20 s.
    for until in (OFFLINE_SECONDS / 2, OFFLINE_SECONDS):
        for _ in range(3):
            if move(pages, skip=(away,)) is None:
                break
            moved += 1
        away.wait_for_timeout(max(0.0, gone + until - time.monotonic()) * 1000)
    assert moved >= 1 and seq(laptop) == start + moved
    assert seq(away) == start  # it has not heard anything
    away.context.set_offline(False)
    last = seq(laptop)
    wait_all([away], last, within=10)
    away.wait_for_selector("#banner", state="hidden")
    # Nothing missed: every entry of the log is on the phone that was away. Back online, the
    # phone refetches its view while its stream brings the missed entries: the view may come
    # first, so the log is waited for (then read, to say what is missing if it never is).
    try:
        away.wait_for_function(LOG_IS_COMPLETE, arg=last, timeout=5000)
    except PlaywrightTimeout:
        pass
    shown = away.locator(".log .entry").evaluate_all("es => es.map(e => Number(e.dataset.seq))")
    assert sorted(shown) == list(range(1, last + 1)), shown
    assert seq(away) == seq(laptop) == last
    assert away.get_attribute("body", "data-connection") == "live"
    # The current view: what the phone shows is what it shows when it opens the table anew.
    caught_up = state_of(away)
    away.reload()
    away.wait_for_selector(f"main#app[data-screen='player'][data-seq='{last}']")
    away.wait_for_function(LOG_IS_COMPLETE, arg=last)
    assert state_of(away) == caught_up
    assert not watch.errors, watch.errors
