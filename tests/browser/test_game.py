"""A whole game of Zombie Life through the app alone: the host opens the table on a laptop,
three phones join from the URL the QR code encodes, play to the end screen, and every phone
sees every move within 2 s without a reload."""

from __future__ import annotations

import io

import pytest
import qrcode
import qrcode.image.svg

from .play import (
    RECORD_BUZZ,
    SEQ,
    choose_button,
    join,
    open_table,
    screen,
    seq,
    small_targets,
    tap,
    wait_all,
    zl_confirm,
)

pytestmark = pytest.mark.browser

XSS = "<img src=x onerror=alert(1)>"
MAX_MOVES = 600


def served_qr_matches(page, url: str, code: str) -> None:
    """The served QR is exactly the QR of ``url`` (same encoder and settings as the server)."""
    served = page.request.get(f"/api/tables/{code}/qr.svg").body()
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    expected = io.BytesIO()
    image.save(expected)
    assert served == expected.getvalue()


def test_three_phones_play_zombie_life_to_the_end(devices, watch, shots, axe, live_server):
    laptop = devices.laptop("table")
    code, join_url = open_table(laptop)
    assert join_url == f"{live_server.url}/join/{code}"
    assert laptop.text_content("#join-url") == join_url
    served_qr_matches(laptop, join_url, code)
    shots(laptop, "table-lobby")
    axe.check(laptop, "table-lobby")

    names = ["Ana", XSS, "Chloé"]
    phones = [devices.phone(name) for name in names]
    for phone in phones:
        phone.add_init_script(RECORD_BUZZ)
    join(phones[0], join_url, names[0])
    for phone, name in zip(phones[1:], names[1:], strict=True):
        phone.goto(join_url)
        phone.wait_for_selector("#join")
        if phone is phones[1]:
            shots(phone, "phone-join")
            axe.check(phone, "phone-join")
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
    wait_all([laptop, *phones], 3)
    shots(phones[0], "phone-lobby")
    axe.check(phones[0], "phone-lobby")
    assert small_targets(phones[1]) == [] and small_targets(laptop) == []

    # The name is shown as text everywhere, and nothing it carries runs.
    for page in [laptop, *phones]:
        page.wait_for_selector(f"text={XSS}")
        assert page.locator("img[src='x']").count() == 0

    tap(laptop, laptop.locator("button[data-type='start']"), confirm=True)
    wait_all([laptop, *phones], 4)
    pages = [laptop, *phones]
    slowest = 0.0
    undone = False
    pass_undone = False
    last = None
    asked: list[str] = []

    def shoot_once(page) -> None:  # only the pass that ends the game asks
        if not asked:
            asked.append(page.text_content("#confirm-text"))
            shots(page, "phone-confirm-end" if page is not laptop else "table-confirm")
            axe.check(page, "confirm")

    for _ in range(MAX_MOVES):
        if screen(laptop) == "table-end":
            break
        # The last page to move is asked first: a draw is followed by placing the card.
        pages.sort(key=lambda p: p is not last)
        moves = ((p, b) for p in pages if (b := choose_button(p)) is not None)
        actor, button = next(moves, (None, None))
        assert actor is not None, "nobody can move and the game is not over"
        last = actor
        kind = button.get_attribute("data-type")
        if seq(actor) == 4 and actor is not laptop:
            shots(actor, "phone-your-turn")
            axe.check(actor, "phone-your-turn")
            assert small_targets(actor) == []
            assert actor.get_attribute("body", "data-wake-lock") in ("held", "refused")
        target = seq(actor) + 1
        # A pass (ZL-4) does not ask: only the one that ends the game does (photographed).
        question = tap(actor, button, confirm=zl_confirm(kind), shoot=shoot_once)
        slowest = max(slowest, wait_all(pages, target))
        if kind == "pass" and question is None and not pass_undone and actor is not laptop:
            # ZL-4: the pass showed nothing, so its player's undo is immediate (no request).
            pass_undone = True
            assert actor.get_attribute("button.undo", "data-asks") == "no"
            actor.click("button.undo")
            wait_all(pages, target + 1)
            assert actor.locator(".undo-request").count() == 0
            for page in pages:
                page.wait_for_selector(".log .entry.undone")
            last = None
            continue
        # ZL-2: a card only one area may take is placed with its draw (nothing waits on the
        # phone); the undo below is tried on a draw whose card waits to be placed.
        waiting = kind == "draw" and actor.locator(".zl-drawn .card").count() > 0
        if waiting and not undone and actor is not laptop:
            undone = True
            shots(actor, "phone-drawn")
            shots(laptop, "table-playing")
            axe.check(actor, "phone-drawn")
            axe.check(laptop, "table-playing")
            drawn = actor.get_attribute(".zl-drawn .card", "data-card")
            value = actor.text_content(".zl-drawn .card .value").strip()
            # Undo the draw: it showed the drawer the card, so another player has to agree;
            # once undone the card is shown to everyone, and the redraw is that card.
            assert actor.get_attribute("button.undo", "data-asks") == "ok"
            actor.click("button.undo")
            wait_all(pages, target + 1)  # the request is logged for everyone
            actor.wait_for_selector(".undo-request[data-undo='asking']")
            assert actor.locator("button[data-type='cancel_undo']").count() == 1
            assert actor.locator("button[data-type='place'], button.undo").count() == 0
            shots(actor, "phone-undo-asking")
            axe.check(actor, "phone-undo-asking")
            other = next(p for p in phones if p is not actor)
            other.wait_for_selector(".undo-request[data-undo='asked']")
            assert other.locator("button[data-type='refuse_undo']").count() == 1
            laptop.wait_for_selector("button[data-type='approve_undo']")
            shots(other, "phone-undo-asked")
            axe.check(other, "phone-undo-asked")
            tap(other, other.locator("button[data-type='approve_undo']"), confirm=False)
            wait_all(pages, target + 3)  # the answer and the undo
            assert actor.locator(".zl-drawn").count() == 0
            for page in pages:
                page.wait_for_selector(".log .entry.undone")
                revealed = page.locator(".log .event", has_text="now shown to everyone").first
                assert f"{value} (" in revealed.text_content()
            tap(actor, actor.locator("button[data-type='draw']"), confirm=False)
            wait_all(pages, target + 4)
            assert actor.get_attribute(".zl-drawn .card", "data-card") == drawn
    else:
        pytest.fail("the game did not end")

    assert undone and pass_undone
    assert all("21" in q for q in asked), asked  # a question only for the game's end
    final = seq(laptop)
    for page in pages:
        page.wait_for_selector(SEQ.format(final))
        assert screen(page) in ("end", "table-end")
        assert page.locator(".standings .standing").count() == 3
        assert page.locator("svg.chart .seg rect").count() >= 3
    assert laptop.locator("#seed").text_content().strip()
    # Each phone finds its own random contribution among those the seed was made from.
    export = laptop.request.get(f"/api/tables/{code}/export").json()
    for phone in phones:
        mine = phone.evaluate(f"JSON.parse(localStorage.getItem('tableapp:tables'))['{code}']")
        assert len(mine["contribution"]) == 64
        assert {"seat": mine["seatId"], "contribution": mine["contribution"]} in export[
            "contributions"
        ]
        assert phone.locator(".contribution-check[data-contribution='in']").count() == 1
        # the end screen shows the log head's first digits; the device's history keeps it all
        assert phone.get_attribute(".end .log-head .hash", "data-head") == export["log_head"]
        assert export["log_head"][:16] in phone.locator(".end .log-head").text_content()
        assert mine["past"]["logHead"] == export["log_head"]
    assert laptop.get_attribute("#commitment ~ .log-head .hash", "data-head") == export["log_head"]
    shots(phones[0], "phone-end", full_page=False)
    shots(laptop, "table-end", full_page=False)
    # Every seat colour comes with its shape; phones buzzed on their turns; screens may sleep.
    assert laptop.locator(".seat").count() == laptop.locator(".seat svg.shape").count() > 0
    for phone in phones:
        assert [120, 60, 120] in phone.evaluate("window.__buzz")
        assert phone.get_attribute("body", "data-wake-lock") in ("off", None)
    axe.check(phones[0], "phone-end")
    axe.check(laptop, "table-end")
    assert not axe.save(), axe.results
    assert not watch.errors, watch.errors
    assert not watch.dialogs, watch.dialogs
    assert slowest < 2.0
    print(f"moves: {final - 4}, slowest propagation to all four screens: {slowest:.2f} s")
