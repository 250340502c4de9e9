"""A phone's moments (a death, a Feast…) are a banner over the top bar that hides no form and
takes no tap, shown one at a time: two moments back to back are two banners in turn, never
two at once, never a veil over the screen."""

from __future__ import annotations

import pytest
import requests

from .play import api_start, wait_all

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}}

# Records how many moment banners are on screen at once, and their texts in order.
RECORD = """() => {
  window.__banners = { most: 0, texts: [] };
  const count = () => {
    const shown = [...document.querySelectorAll(".toast.moment")];
    window.__banners.most = Math.max(window.__banners.most, shown.length);
    for (const el of shown) {
      if (el.dataset.recorded) continue;
      el.dataset.recorded = "1";
      window.__banners.texts.push(el.textContent);
    }
  };
  new MutationObserver(count).observe(document.body, { childList: true, subtree: true });
}"""

# Two moments of one log entry, announced the way a live entry is.
TWO_MOMENTS = """async () => {
  const moments = await import("/js/moments.js");
  moments.announce({ type: "x", events: [
    { text: "First moment", moment: { kind: "death", seats: [] } },
    { text: "Second moment", moment: { kind: "feast", seats: [] } },
  ] }, { me: { seat: 1 } });
}"""

# Holds the banners' timers (BANNER_MS) until ``window.__release()``: the checks made while the
# first moment shows (a screenshot, a language switch that fetches texts first) may outlast its
# time on a loaded machine, and the second would be on screen in its place. Released, each held
# timer starts again with its full time.
HOLD = """async () => {
  const { BANNER_MS } = await import("/js/moments.js");
  const real = window.setTimeout;
  const held = [];
  window.setTimeout = (fn, ms, ...args) => {
    if (ms !== BANNER_MS) return real(fn, ms, ...args);
    held.push(() => real(fn, ms, ...args));
    return 0;
  };
  window.__release = () => {
    window.setTimeout = real;
    held.splice(0).forEach((start) => start());
  };
}"""


def overlaps(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_phone_moments_are_banners_in_turn_that_hide_no_form_and_take_no_tap(
    devices, live_server, watch, shots
):
    response = requests.post(
        f"{live_server.url}/api/tables", json={"game": "student-bodies"}, timeout=10
    )
    assert response.status_code == 201, response.text
    created = response.json()
    phones = []
    for name in ("Ana", "Ben"):
        phone = devices.phone(name, **PHONE)
        phone.goto(created["join_url"])
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
        phones.append(phone)
    api_start(live_server.url, created)
    wait_all(phones, 3, within=5)
    # A form on a phone: a correction's, opened the way a player opens it.
    phone = phones[0]
    submit = phone.locator("main details.correction form button[type=submit]").first
    phone.locator("main details.corrections > summary").click()
    phone.locator("main details.correction > summary").first.click()
    submit.wait_for(state="visible")
    # The worst place for it: just under the top bar, where a banner would be (again if a
    # view drawn meanwhile took the scroll back).
    bar = phone.locator("header.bar")
    for _ in range(20):
        submit.evaluate(
            "el => { el.scrollIntoView({ block: 'start' });"
            " window.scrollBy(0, -document.querySelector('header.bar').offsetHeight - 4); }"
        )
        phone.wait_for_timeout(250)
        top = submit.bounding_box()["y"]
        under = bar.bounding_box()
        if under["y"] + under["height"] <= top < under["y"] + under["height"] + 40:
            break
    else:
        raise AssertionError(f"the form's button does not stay under the bar: {top}")
    phone.evaluate(RECORD)
    phone.evaluate(HOLD)
    phone.evaluate(TWO_MOMENTS)

    banner = phone.locator(".toast.moment")
    phone.wait_for_function("() => document.querySelectorAll('.toast.moment').length === 1")
    assert banner.text_content() == "First moment"
    box = banner.bounding_box()
    shots(phone, "phone-moment-banner", full_page=False)
    assert not overlaps(box, submit.bounding_box()), (box, submit.bounding_box())
    under = bar.bounding_box()
    # It covers the top bar only.
    assert box["y"] + box["height"] <= under["y"] + under["height"] + 1, (box, under)
    # The language button lies under the banner: a tap reaches it while the banner shows.
    lang = phone.locator("#lang")
    assert overlaps(box, lang.bounding_box())
    before = phone.evaluate("() => document.documentElement.lang")
    lang.click(timeout=2000)
    # The switch takes effect once the other language's texts are in (a fetch): wait for it.
    phone.wait_for_function("b => document.documentElement.lang !== b", arg=before, timeout=3000)
    assert banner.count() == 1 and banner.text_content() == "First moment"
    hit = phone.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('.toast.moment') === null",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit, "the banner takes the taps under it"

    # The second moment follows once the first has had its time, alone.
    phone.evaluate("() => window.__release()")
    phone.wait_for_function(
        "() => [...document.querySelectorAll('.toast.moment')]"
        ".some((el) => el.textContent === 'Second moment')",
        timeout=8000,
    )
    phone.wait_for_function("() => !document.querySelector('.toast.moment')", timeout=8000)
    record = phone.evaluate("() => window.__banners")
    assert record == {"most": 1, "texts": ["First moment", "Second moment"]}, record
    assert not watch.errors, watch.errors
