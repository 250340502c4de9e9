"""One round trip per move: the stream brings every phone its new view, so after another
phone's move no page asks for its view again (it GETs on open, after a reconnect, on a gap)."""

from __future__ import annotations

import re

import pytest

from .test_resilience import move, state_of

pytestmark = pytest.mark.browser


def _recorder(page, code):
    """Every request the page sends about the table, but its presence pings (a timer's) and
    the QR image the table screen draws again at another size (an image, cached for 5 min;
    the browser reports its request even when it is answered from a cache)."""
    seen = []

    def request(r):
        path = re.sub(r"^https?://[^/]+", "", r.url).split("?")[0]
        if path.startswith(f"/api/tables/{code}") and not path.endswith(("/presence", "/qr.svg")):
            seen.append(f"{r.method} {path}")

    page.on("request", request)
    return seen


def test_a_move_costs_one_request_and_every_page_updates_without_a_get(table, watch):
    laptop, phones = table.laptop, table.phones
    pages = [laptop, *phones]
    asked = {page: _recorder(page, table.code) for page in pages}
    for _ in range(3):
        for seen in asked.values():
            seen.clear()
        mover, _ = move(pages)  # waits until every page shows the move
        sent = [r for seen in asked.values() for r in seen if not r.endswith("/events")]
        assert sent == [f"POST /api/tables/{table.code}/actions"], sent
        assert asked[mover] == sent
    # what each page shows from its streamed views is what it shows after a reload
    phone = phones[0]
    before = state_of(phone)
    phone.reload()
    phone.wait_for_selector(f"main#app[data-seq='{before['seq']}']")
    phone.wait_for_selector(".log .entry")
    assert state_of(phone) == before
    assert not watch.errors, watch.errors


FOLLOW = """async () => {
  const { TableSession } = await import("/js/session.js");
  const session = new TableSession("TEST42", null);
  const fetched = [];
  session.refresh = () => fetched.push(session.view.seq);
  session.view = { seq: 5 };
  const steps = [];
  const step = (entry) => {
    session.follow(entry);
    steps.push([entry.seq, session.view.seq, fetched.length]);
  };
  step({ seq: 6, view: { seq: 6 } });        // carries its view: taken
  step({ seq: 7, view_at: 8 });              // the view comes with entry 8
  step({ seq: 8, view: { seq: 8 } });
  step({ seq: 6, view: { seq: 6 } });        // older than the view: kept
  step({ seq: 10 });                         // a gap, no view: refetch
  return steps;
}"""


def test_the_phone_takes_the_streamed_view_and_refetches_only_on_a_gap(devices):
    page = devices.phone("follow")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    assert page.evaluate(FOLLOW) == [[6, 6, 0], [7, 6, 0], [8, 8, 0], [6, 8, 0], [10, 8, 1]]
