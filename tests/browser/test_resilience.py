"""Never lose a seat: a phone reloads mid-game and is back on its seat with the same state; a
phone goes offline, says it is reconnecting, comes back and catches up with nothing missed."""

from __future__ import annotations

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


def test_offline_phone_reconnects_and_catches_up(table, watch):
    laptop, phones = table.laptop, table.phones
    pages = [laptop, *phones]
    # The phone that goes offline is one whose turn it is not.
    away = next(p for p in phones if choose_button(p) is None)
    watch.allowed = ("ERR_INTERNET_DISCONNECTED", "ERR_NETWORK_CHANGED", "Failed to fetch")
    away.context.set_offline(True)
    away.wait_for_selector("#banner[data-state='reconnecting']:not([hidden])", timeout=5000)
    assert "reconnecting" in away.text_content("#banner").lower()
    assert away.get_attribute("body", "data-connection") == "reconnecting"
    start = seq(laptop)
    moved = 0
    for _ in range(6):
        if move(pages, skip=(away,)) is None:
            break
        moved += 1
    assert moved >= 1 and seq(laptop) == start + moved
    assert seq(away) == start  # it has not heard anything
    away.context.set_offline(False)
    wait_all([away], seq(laptop), within=10)
    away.wait_for_selector("#banner", state="hidden")
    # Nothing missed: every entry of the log is on the phone that was away. Back online, the
    # phone refetches its view while its stream brings the missed entries: the view may come
    # first, so the log is waited for (then read, to say what is missing if it never is).
    try:
        away.wait_for_function(
            """n => {
              const shown = [...document.querySelectorAll(".log .entry")]
                .map((e) => Number(e.dataset.seq)).sort((a, b) => a - b);
              return shown.length === n && shown.every((s, i) => s === i + 1);
            }""",
            arg=seq(laptop),
            timeout=5000,
        )
    except PlaywrightTimeout:
        pass
    shown = away.locator(".log .entry").evaluate_all("es => es.map(e => Number(e.dataset.seq))")
    assert sorted(shown) == list(range(1, seq(laptop) + 1))
    assert away.get_attribute("body", "data-connection") == "live"
    assert not watch.errors, watch.errors
