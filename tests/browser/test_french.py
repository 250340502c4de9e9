"""A French game of Zombie Life from the phones and the table screen: no screen ever shows an
English word (the words only English uses, from the server's catalogues and the app's own
strings), from the lobby to the end screen."""

from __future__ import annotations

import pytest

from .language import english_on, english_only
from .play import (
    RECORD_MOMENTS,
    choose_button,
    dismiss_moment,
    join,
    open_table,
    screen,
    seq,
    tap,
    wait_all,
    zl_confirm,
)

pytestmark = pytest.mark.browser

NAMES = ["Amélie", "Bastien", "Chloé"]
MAX_MOVES = 600


def test_a_french_zombie_life_shows_no_english(devices, shots):
    laptop = devices.laptop("table-fr", locale="fr-FR")
    laptop.add_init_script(RECORD_MOMENTS)
    code, join_url = open_table(laptop)
    vocabulary = english_only()
    assert {"draw", "pass", "horde"} & vocabulary == {"draw", "pass"}  # the check can fail
    phones = [devices.phone(f"fr-{name}", locale="fr-FR") for name in NAMES]
    for phone, name in zip(phones, NAMES, strict=True):
        phone.add_init_script(RECORD_MOMENTS)
        join(phone, join_url, name)
    pages = [laptop, *phones]
    wait_all(pages, 3)
    seen_screens: set[str] = set()

    def check(where: str) -> None:
        for page in pages:
            found = english_on(page, vocabulary, ignore=set(NAMES) | {code})
            assert not found, f"{where}, {screen(page)}: English on a French screen: {found}"
            seen_screens.add(screen(page))

    def check_question(page) -> None:
        found = english_on(page, vocabulary, ignore=set(NAMES) | {code})
        assert not found, f"English in the question {page.text_content('#confirm-text')!r}: {found}"
        seen_screens.add("confirm")

    check("lobby")
    tap(laptop, laptop.locator("button[data-type='start']"), confirm=True)
    wait_all(pages, 4)
    last = None
    for move in range(MAX_MOVES):
        if screen(laptop) == "table-end":
            break
        pages_in_order = sorted(pages, key=lambda p: p is not last)
        actor, button = next(
            ((p, b) for p in pages_in_order if (b := choose_button(p)) is not None), (None, None)
        )
        assert actor is not None, "nobody can move and the game is not over"
        last = actor
        target = seq(actor) + 1
        kind = button.get_attribute("data-type")
        tap(actor, button, confirm=zl_confirm(kind), shoot=check_question)  # French too
        wait_all(pages, target)
        if move < 12 or move % 20 == 0:
            check(f"move {move}")
    else:
        pytest.fail("the game did not end")
    for page in pages:
        page.wait_for_function(
            "() => ['end', 'table-end'].includes(document.querySelector('main#app').dataset.screen)"
        )
    check("end")
    # Moments nobody misses: every round's end and the game's end were announced on the table
    # screen (the round's scores held until tapped) and on every phone.
    table_moments = laptop.evaluate("window.__moments")
    assert "round_end" in table_moments and table_moments[-1] == "game_end", table_moments
    for phone in phones:
        assert "round_end" in phone.evaluate("window.__moments")
    assert laptop.locator("#moment .round-scores").count() in (0, 1)
    shots(phones[0], "phone-end-fr", full_page=False)
    # Play again: the host opens the same game at a new table; each phone takes its seat
    # there in one tap, with the same name.
    dismiss_moment(laptop)
    laptop.click("button.play-again")
    laptop.wait_for_selector("main#app[data-screen='table'][data-status='lobby']")
    new_code = laptop.text_content(".join-qr .code").strip()
    assert new_code != code
    for phone in phones:
        dismiss_moment(phone)
        phone.click("button.play-again")
        phone.wait_for_selector("main#app[data-screen='lobby']")
    laptop.wait_for_function(
        "n => document.querySelectorAll('.seats li').length >= n", arg=len(phones)
    )
    assert all(name in laptop.text_content(".seats") for name in NAMES)
    check("rematch lobby")
    # The home screen keeps this device's games: date, game, players, winner, the export.
    phones[0].goto("/")
    past = phones[0].locator(f".my-tables li[data-code='{code}'][data-past='1']")
    past.wait_for()
    assert "Zombie Life" in past.text_content()
    assert past.get_by_role("img", name="a gagné").count() == 1  # the winner's star, named
    assert all(name in past.text_content() for name in NAMES)
    assert past.locator("a[download]").get_attribute("href") == f"/api/tables/{code}/export"
    found = english_on(phones[0], vocabulary, ignore=set(NAMES) | {code})
    assert not found, f"home: English on a French screen: {found}"
    shots(phones[0], "phone-home-history-fr")
    shots(laptop, "table-playing-fr", full_page=False)
    assert {"lobby", "table", "player", "end", "table-end"} <= seen_screens
