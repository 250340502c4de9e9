"""One round trip per move: the stream brings every phone its new view, so after another
phone's move no page asks for its view again (it GETs on open, after a reconnect, on a gap).
Views come as patches (issue 27): the stream's after its first, and the mover's answer."""

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


def _answers(page, code):
    """The answers to the page's actions, and whether its streams said
    they send patches (``Preference-Applied: view-patch``)."""
    seen = {"answers": [], "patched_streams": 0}

    def response(r):
        path = re.sub(r"^https?://[^/]+", "", r.url).split("?")[0]
        if path == f"/api/tables/{code}/actions":
            seen["answers"].append(r)  # read in the test, not in the handler
        elif path == f"/api/tables/{code}/events":
            seen["patched_streams"] += r.headers.get("preference-applied") == "view-patch"

    page.on("response", response)
    return seen


def test_a_move_costs_one_request_and_every_page_updates_without_a_get(table, watch):
    laptop, phones = table.laptop, table.phones
    pages = [laptop, *phones]
    asked = {page: _recorder(page, table.code) for page in pages}
    answered = {page: _answers(page, table.code) for page in pages}
    for _ in range(3):
        for seen in asked.values():
            seen.clear()
        mover, _ = move(pages)  # waits until every page shows the move
        sent = [r for seen in asked.values() for r in seen if not r.endswith("/events")]
        assert sent == [f"POST /api/tables/{table.code}/actions"], sent
        assert asked[mover] == sent
        last = answered[mover]["answers"][-1]
        answer = last.json()
        # the mover's phone held the view its move was made on: the answer patches it
        assert last.status == 201 and "view_patch" in answer and "view" not in answer, answer
    # what each page shows from its streamed views is what it shows after a reload
    phone = phones[0]
    before = state_of(phone)
    phone.reload()
    phone.wait_for_selector(f"main#app[data-seq='{before['seq']}']")
    phone.wait_for_selector(".log .entry")
    assert state_of(phone) == before
    assert answered[phone]["patched_streams"] >= 1  # the reloaded page's stream sends patches
    assert not watch.errors, watch.errors


FOLLOW = """async () => {
  const { TableSession } = await import("/js/session.js");
  const session = new TableSession("TEST42", null);
  const fetched = [];
  session.refresh = () => fetched.push(session.view.seq);
  session.view = { seq: 5 };
  const steps = [];
  const step = async (entry) => {
    await session.follow(entry);
    steps.push([entry.seq, session.view.seq, fetched.length]);
  };
  await step({ seq: 6, view: { seq: 6 } });        // carries its view: taken
  await step({ seq: 7, view_at: 8 });              // the view comes with entry 8
  await step({ seq: 8, view: { seq: 8, n: 1 } });
  await step({ seq: 6, view: { seq: 6 } });        // older than the view: kept
  await step({ seq: 10 });                         // a gap, no view: refetch
  let reconnects = 0;
  session.stream = { reconnect: () => { reconnects += 1; } };
  session.view = session.streamed = { seq: 8, n: 1 };
  // a patch against the view the stream sent before (8): applied
  await step({ seq: 9, view_base: 8, view_patch: [
    { op: "replace", path: "/seq", value: 9 }, { op: "add", path: "/m", value: [2] }] });
  const patched = session.view;
  // a patch against a view the phone does not hold: refetch
  await step({ seq: 11, view_base: 10, view_patch: [{ op: "replace", path: "/seq", value: 11 }] });
  // a patch that does not apply (no /gone to remove): refetch, and the next whole view restarts
  session.streamed = { seq: 11 };
  await step({ seq: 12, view_base: 11, view_patch: [{ op: "remove", path: "/gone" }] });
  const broken = session.streamed;
  // an answer's patch applies to the view on screen (or the stream's)
  session.view = { seq: 12, k: 0 };
  const answered = await session.answered({
    action: { seq: 13 }, view_base: 12,
    view_patch: [{ op: "replace", path: "/seq", value: 13 },
      { op: "replace", path: "/k", value: 1 }] });
  const unheld = await session.answered({ action: { seq: 14 }, view_base: 3, view_patch: [] });
  return { steps, patched, broken, answered, unheld, reconnects, left: session.view };
}"""


def test_the_phone_takes_the_streamed_view_and_refetches_only_on_a_gap(devices):
    page = devices.phone("follow")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    found = page.evaluate(FOLLOW)
    assert found["steps"] == [
        [6, 6, 0], [7, 6, 0], [8, 8, 0], [6, 8, 0], [10, 8, 1],
        [9, 9, 1], [11, 9, 2], [12, 9, 3],
    ]  # fmt: skip
    assert found["patched"] == {"seq": 9, "n": 1, "m": [2]}
    assert found["broken"] is None
    assert found["reconnects"] == 2  # a patch it cannot apply: a new stream (its first view whole)
    assert found["answered"] == {"seq": 13, "k": 1} and found["left"] == {"seq": 12, "k": 0}
    assert found["unheld"] is None
