"""A lost phone gets its seat back from a QR the host re-issues; a screen that fell behind
never acts on an old state (409: it refreshes and says why)."""

from __future__ import annotations

import re

import pytest
import qrcode

from .play import choose_button, seq, tap, wait_all

pytestmark = pytest.mark.browser


def modules_of(svg_path: str) -> set[tuple[int, int]]:
    """The dark modules of the app's QR path (``M{x} {y}h1v1h-1z`` per module, border 2)."""
    return {(int(x) - 2, int(y) - 2) for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", svg_path)}


def reference_modules(text: str, mask: int) -> set[tuple[int, int]]:
    """The QR of ``text`` made by the ``qrcode`` package: byte mode, level M, one of the eight
    standard masks (encoders may pick different masks for the same data)."""
    code = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=mask
    )
    code.add_data(text.encode("ascii"), optimize=0)
    code.make(fit=True)
    return {(x, y) for y, row in enumerate(code.get_matrix()) for x, dark in enumerate(row) if dark}


def test_host_reissues_a_lost_phones_seat(table, devices, watch, shots, live_server):
    laptop, phones, code = table.laptop, table.phones, table.code
    lost = phones[1]
    watch.allowed = ("status of 401",)  # the old phone's token stops working: that is the point
    laptop.click("button[data-reissue='2']")
    laptop.click("#confirm-yes")
    claim = laptop.locator("#claim svg.qr")
    claim.wait_for()
    url = claim.get_attribute("data-url")
    assert url.startswith(f"{live_server.url}/join/{code}#claim=")
    # The QR drawn on the device encodes exactly that URL.
    drawn = modules_of(claim.locator("path.qr-fg").get_attribute("d"))
    assert any(drawn == reference_modules(url, mask) for mask in range(8))
    shots(laptop, "table-claim")

    new_phone = devices.phone("Ben's new phone")
    new_phone.goto(url)
    new_phone.wait_for_selector("main#app[data-screen='player'][data-seat='2']")
    assert "#" not in new_phone.url  # the token left the address bar at once
    stored = new_phone.evaluate("JSON.parse(localStorage.getItem('tableapp:tables'))")
    assert stored[code]["seat"] == url.split("#claim=")[1]
    laptop.click("#claim button")

    # The move is in everyone's log, and the old phone's screen says what happened at once.
    for page in [laptop, phones[0], new_phone]:
        page.locator(".log .event", has_text="The host moved Ben's seat to a new phone").wait_for()
    lost.wait_for_selector("main#app[data-screen='revoked'][data-revoked='moved']")
    assert "moved your seat to a new phone" in lost.text_content("main#app .revoked")
    shots(lost, "phone-seat-moved")
    kept = lost.evaluate("JSON.parse(localStorage.getItem('tableapp:tables'))")
    assert not kept.get(code, {}).get("seat")
    # The game goes on with the new phone; the old one shows nothing more of the seat.
    for page in [laptop, phones[0], phones[2], new_phone]:
        button = choose_button(page)
        if button is not None:
            tap(page, button)
            break
    assert lost.locator(".zl-drawn, fieldset.actions").count() == 0
    assert not watch.dialogs


def test_an_old_phone_that_was_away_learns_its_seat_moved(table, devices, watch, live_server):
    """A phone that was off (no stream) when the host moved its seat is told on its return."""
    laptop, phones, code = table.laptop, table.phones, table.code
    lost = phones[0]
    watch.allowed = ("status of 401",)
    stored = lost.evaluate("JSON.parse(localStorage.getItem('tableapp:tables'))")
    lost.goto("about:blank")  # the phone is away
    laptop.click("button[data-reissue='1']")
    laptop.click("#confirm-yes")
    laptop.locator("#claim svg.qr").wait_for()
    lost.goto(f"{live_server.url}/")
    lost.evaluate("s => localStorage.setItem('tableapp:tables', JSON.stringify(s))", stored)
    lost.goto(f"{live_server.url}/join/{code}")
    lost.wait_for_selector("main#app[data-screen='revoked'][data-revoked='moved']")
    assert "moved your seat to a new phone" in lost.text_content("main#app .revoked")


def test_a_stale_screen_refreshes_and_says_why(table, watch):
    laptop, phones = table.laptop, table.phones
    actor = next(p for p in phones if choose_button(p) is not None)
    # A second tab of the same phone (same seat token) that hears nothing from the table.
    watch.allowed = ("status of 409", "ERR_FAILED")
    stale = actor.context.new_page()
    watch.attach(stale, "stale tab")
    stale.route("**/api/tables/*/events", lambda route: route.abort())
    stale.goto(actor.url)
    stale.wait_for_selector(f"main#app[data-screen='player'][data-seq='{seq(actor)}']")
    before = seq(stale)
    button = choose_button(actor)
    tap(actor, button)
    wait_all([actor, laptop], before + 1)
    assert seq(stale) == before  # it missed that move
    stale.locator("fieldset.actions button").first.click()
    stale.wait_for_selector(f"main#app[data-seq='{before + 1}']")
    assert "moved on" in stale.text_content("#toasts")
    assert seq(laptop) == before + 1  # the stale tap changed nothing
    assert not watch.dialogs
