"""Eat Zem All through the app alone (issue 4, item 7): the host opens a 3-Horde Cemetery table
on the table screen, three phones join from the join URL and play a full round (every Horde
active once) by tapping the buttons the app shows; a Feast is counted on the active phone's
counters and its ruling, with the reason, is on screen; the card's parts are entered by each
Horde on its own phone, several at once (issue 26), one of them taken back by its Horde; no
answer is refused in the whole evening."""

from __future__ import annotations

import pytest
import requests

from .play import EZA_ACTIVATE, bump, screen, seq, small_targets, tap, wait_all

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Chloé")
MAX_MOVES = 400

# The player, in the page: marks the control to tap with data-pick and says its type, or null.
# Bites go to the Human with the fewest Bite tokens (a Feast comes sooner), every Zombie of an
# activation biting, in one form; forms are filled with the first valid picks; Instant Mutations
# wait.
PICK = """() => {
  const box = document.querySelector("fieldset.actions:not(:disabled)");
  if (!box) return null;
  for (const el of document.querySelectorAll("[data-pick]")) delete el.dataset.pick;
  const mark = (el, kind) => { if (!el) return null; el.dataset.pick = "1"; return kind; };
  if (box.querySelector("form[data-type='feast']")) return "feast";
  const tokens = (b) => Number(document.querySelector(
    `li.eza-human[data-human="${JSON.parse(b.dataset.value)}"]`)?.dataset.tokens ?? 99);
  const bites = [...box.querySelectorAll("[data-type='bite'], [data-type='surprise_bite']")]
    .filter((b) => b.tagName === "BUTTON" && b.dataset.value !== '"none"')
    .sort((a, b) => tokens(a) - tokens(b));
  if (bites.length) return mark(bites[0], bites[0].dataset.type);
@EZA_ACTIVATE@  const waits = ["use_mutation", "correct"];
  const first = [...box.children].find((el) => !waits.includes(el.dataset.type));
  if (!first) return null;
  if (first.tagName === "FORM") {
    const submit = first.querySelector("button[type=submit]");
    for (const group of first.querySelectorAll("fieldset.param")) {
      group.querySelector("input[type=radio]")?.click();
    }
    for (const input of first.querySelectorAll("input[type=checkbox]")) {
      if (!submit.disabled) break;
      input.click();
    }
    return mark(submit, first.dataset.type);
  }
  const button = first.tagName === "BUTTON" ? first : first.querySelector("button");
  return mark(button, first.dataset.type);
}""".replace("@EZA_ACTIVATE@", EZA_ACTIVATE)


def table_view(url: str, code: str) -> dict:
    return requests.get(f"{url}/api/tables/{code}", timeout=10).json()


ACTIVATIONS = "form[data-type='card_part']"
BITES = "fieldset.param[data-param^='actions']"


def seat_of(page) -> int:
    return int(page.get_attribute("main#app", "data-seat"))


def activation_leaves_tokens(page, laptop, url, code) -> bool:
    """The Horde's form (PICK fills its first activation's bites) bites a Human who keeps at
    least 2 tokens (no Feast), and its part is the first to play (it is played at once)."""
    form = page.locator(ACTIVATIONS)
    human = form.get_attribute("data-human")
    if not human:
        return False
    rows = table_view(url, code)["game_view"]["question"]["rows"]
    if rows[0]["seat"] != seat_of(page):
        return False
    tokens = int(laptop.get_attribute(f"li.eza-human[data-human='{human}']", "data-tokens"))
    bites = form.locator(f"{BITES} .stepper[data-key='{human}'] output.count").first.text_content()
    return tokens - int(bites) >= 2


def game_state(page, name: str):
    return page.get_attribute(".game-state.eza", name)


def decide_feast(actor, laptop, pages, url, code, shots, axe):
    """The Feast on the counting phone: + on each Horde's counter, then the ruling on screen."""
    victim = laptop.get_attribute(".eza-feast", "data-human")
    name = laptop.text_content(f"li.eza-human[data-human='{victim}'] strong")
    assert laptop.locator(".eza-feast h3").text_content() == f"Feast for {name}"
    view = table_view(url, code)
    hordes = view["game_view"]["hordes"]
    form = actor.locator("form[data-type='feast']")
    assert form.locator(".stepper.eza-count svg.shape").count() == 3  # each Horde's seat shape
    shots(actor, "eza-phone-feast")
    shots(laptop, "eza-table-feast")
    axe.check(actor, "eza-phone-feast")
    counted = {}
    for horde, wanted in zip(hordes, (2, 1, 0), strict=True):
        stepper = form.locator(f".stepper[data-seat='{horde['seat']}']")
        seat_name = NAMES[horde["seat"] - 1]
        assert seat_name in stepper.text_content()  # labelled with the player's name
        for _ in range(wanted):  # one tap on a row of choices, or + on a stepper
            if not bump(stepper):
                break
        counted[horde["name"]] = int(stepper.locator("output.count").text_content())
    before = seq(actor)
    tap(actor, form.locator("button[type=submit]"))
    wait_all(pages, before + 1)
    parts = [
        f"{h['name']} {h['bites'].get(victim, 0)} Bite(s) + {counted[h['name']]} Zombie(s)"
        for h in hordes
    ]
    for page in (actor, laptop):
        ruling = page.locator(".eza-ruling.big")
        ruling.wait_for()
        assert ruling.locator(".rule").text_content() in ("EZA-F2", "EZA-F3")
        assert ruling.locator(".eza-ruling-text").text_content().startswith(f"Feast for {name}:")
        reason = ruling.locator(".eza-reason").text_content()
        assert all(part in reason for part in parts), (reason, parts)
        assert ruling.is_visible()
    shots(actor, "eza-phone-feast-ruling")
    shots(laptop, "eza-table-feast-ruling")
    axe.check(laptop, "eza-table-feast-ruling")


def lower_tokens(actor, url, code, human, pages):
    """The table is the truth: a phone corrects a Human's Bite tokens on its tile down to 1."""
    token = actor.evaluate(f"JSON.parse(localStorage.getItem('tableapp:tables'))['{code}'].seat")
    headers = {"Authorization": f"Bearer {token}"}
    view = requests.get(f"{url}/api/tables/{code}", headers=headers, timeout=10).json()
    spec = next(
        a
        for a in view["actions"]
        if a["type"] == "correct" and a["params"]["group"]["choices"] == [f"bites.{human}"]
    )
    counts = {k: b["value"] for k, b in spec["params"]["counts"]["counts"].items()}
    counts[f"bites.{human}/tile"] = 1
    body = {"group": f"bites.{human}", "counts": counts, "why": "miscount"}
    response = requests.post(
        f"{url}/api/tables/{code}/actions",
        json={"type": "correct", "params": body, "expected": view["seq"]},
        headers=headers,
        timeout=10,
    )
    assert response.status_code == 201, response.text
    wait_all(pages, view["seq"] + 1)


def asked_phones(phones) -> list:
    """The phones whose Horde is asked its part of the card now (its form is up)."""
    return [
        p for p in phones if p.locator(f"fieldset.actions:not(:disabled) {ACTIVATIONS}").count()
    ]


def parts_at_once(asked, laptop, pages, url, code, shots) -> bool:
    """Several Hordes enter their parts of the card at once, each on its own phone (issue 26,
    EZA-T1): the table screen marks each one asked (the active Horde apart); each phone's form
    holds its own parts only; the later Horde enters first and its part is kept for its turn,
    then the earlier one's answer plays both, in resolution order."""
    view = table_view(url, code)
    question = view["game_view"]["question"]
    seats = [seat_of(p) for p in asked]
    if sorted((question or {}).get("hordes") or []) != sorted(seats):
        return False  # a phone still showed the question before the last answer: later
    for phone in asked:  # each phone's form up as the server asks it
        phone.locator(f"fieldset.actions:not(:disabled) {ACTIVATIONS}").wait_for()
    marked = laptop.eval_on_selector_all(
        ".eza-order li.now", "els => els.map(e => +e.dataset.seat)"
    )
    assert sorted(marked) == sorted(seats)  # each Horde asked, and only those
    active = view["game_view"]["active"]
    assert laptop.locator(f".eza-order li.active[data-seat='{active}'] .eza-active").count() == 1
    for phone, seat in zip(asked, seats, strict=True):
        params = phone.locator(f"{ACTIVATIONS} fieldset.param").evaluate_all(
            "els => els.map(e => e.dataset.param)"
        )
        keys = {r["key"] for r in question["rows"] if r["seat"] == seat}
        assert params and all(p.split("_", 1)[1] in keys for p in params)  # its own parts
        # the part, in words (a form's only question is named by its heading)
        named = phone.locator(f"{ACTIVATIONS} fieldset.param").first.evaluate(
            "e => e.getAttribute('aria-label') ?? e.querySelector('legend').textContent"
        )
        assert "eza." not in named and "_" not in named, named
    shots(asked[0], "eza-phone-own-part")
    shots(laptop, "eza-table-parts-at-once")
    order = [r["seat"] for r in question["rows"]]
    first, later = sorted(zip(asked, seats, strict=True), key=lambda ps: order.index(ps[1]))[
        :: len(asked) - 1
    ]
    assert later[0].evaluate(PICK) == "card_part"
    before = seq(later[0])
    tap(later[0], later[0].locator("[data-pick]"))
    wait_all(pages, before + 1)
    laptop.wait_for_selector(f".eza-order li[data-seat='{later[1]}'][data-parts='entered']")
    assert laptop.locator(f".eza-order li.now[data-seat='{first[1]}']").count() == 1
    assert first[0].evaluate(PICK) == "card_part"
    before = seq(first[0])
    tap(first[0], first[0].locator("[data-pick]"))
    wait_all(pages, before + 1)
    return True


def bitten(url: str, code: str, human: str, seat: int) -> int:
    """A Horde's Bite tokens of a Human (an automatic Cheer may give the tile tokens back;
    bites stay; the parts after it, entered before, may bite too)."""
    hordes = table_view(url, code)["game_view"]["hordes"]
    return next(h for h in hordes if h["seat"] == seat)["bites"].get(human, 0)


def bite_and_undo(actor, laptop, pages, url, code):
    """A Horde's part in one form, then undo on the phone that entered it: its own to take
    back, the table back where it was. A part that ended the card may have drawn what comes
    next (a Human card): then its undo waits for another Horde's OK, and shows what was drawn."""
    form = actor.locator(ACTIVATIONS)
    kind = form.get_attribute("data-type")
    human = form.get_attribute("data-human")
    token = f"li.eza-human[data-human='{human}']"
    tokens = int(laptop.get_attribute(token, "data-tokens"))
    name = laptop.text_content(f"{token} strong")
    labels = form.locator(BITES).first.locator(".step-label").all_text_contents()
    assert any(label.startswith(name) for label in labels)  # a Human's name, not its id
    bites = [
        int(form.locator(f"{BITES} .stepper[data-key='{human}'] output.count").first.text_content())
    ]
    assert sum(bites) >= 1
    state = laptop.text_content(".game-state.eza")
    start, before = seq(laptop), bitten(url, code, human, seat_of(actor))
    tap(actor, actor.locator("[data-pick]"), confirm=False)  # no "are you sure?"
    wait_all(pages, start + 1)
    assert bitten(url, code, human, seat_of(actor)) == before + sum(bites)
    asks = actor.get_attribute("button.undo", "data-asks") == "ok"
    actor.click("button.undo")
    wait_all(pages, start + 2)
    if asks:
        actor.wait_for_selector(".undo-request[data-undo='asking']")
        other = next(p for p in pages if p not in (actor, laptop))
        tap(other, other.locator("button[data-type='approve_undo']"))
        wait_all(pages, start + 4)
    end = start + (4 if asks else 2)
    assert seq(laptop) == end  # the bites and their undo are both in the log (with the OK)
    assert laptop.locator(f".log .entry.undone[data-seq='{start + 1}']").count() == 1
    assert int(laptop.get_attribute(token, "data-tokens")) == tokens
    assert laptop.text_content(".game-state.eza") == state
    assert actor.locator(f"form[data-type='{kind}']").count() == 1  # the form again


def test_three_hordes_play_a_cemetery_round_with_a_feast_and_an_undo(
    devices, watch, shots, axe, live_server
):
    laptop = devices.laptop("table")
    laptop.goto("/")
    laptop.select_option("#game", "eat-zem-all")
    laptop.select_option("#variant", "cemetery")
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("main#app[data-screen='table'] img.qr")
    code = laptop.text_content(".join-qr .code").strip()
    join_url = laptop.get_attribute("img.qr", "data-url")
    phones = [devices.phone(name) for name in NAMES]
    for phone, name in zip(phones, NAMES, strict=True):
        phone.goto(join_url)
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
    pages = [laptop, *phones]
    wait_all(pages, 3)
    tap(laptop, laptop.locator("button[data-type='start']"))
    wait_all(pages, 4)

    # Setup: the checklist on the table screen; each Horde's Mutation choice only on its phone.
    assert laptop.locator(".eza-checklist li").count() >= 4
    assert laptop.locator(".eza-track .eza-card").count() == 5
    assert laptop.locator("li.eza-human").count() == 8
    cards_of = "els => els.map(e => e.dataset.card)"
    offered = [p.eval_on_selector_all(".eza-private [data-card]", cards_of) for p in phones]
    assert all(len(cards) == 2 for cards in offered)
    for phone, cards in zip(phones, offered, strict=True):
        for page in pages:
            if page is not phone:
                assert all(page.locator(f"[data-card='{c}']").count() == 0 for c in cards)
    shots(laptop, "eza-table-setup")
    shots(phones[0], "eza-phone-mutation")
    axe.check(laptop, "eza-table-setup")
    axe.check(phones[0], "eza-phone-mutation")
    assert small_targets(phones[0]) == []

    refused = []  # every answer a phone posts that the server refuses (issue 26: none)
    for page in phones:
        page.on(
            "response",
            lambda r: (
                refused.append((r.status, r.text()))
                if r.request.method == "POST" and r.url.endswith("/actions") and r.status >= 400
                else None
            ),
        )
    active_seen, feasts, undone, resolving_shot, at_once = set(), 0, False, False, False
    last = None
    for _ in range(MAX_MOVES):
        active_seen.add(int(game_state(laptop, "data-active")))
        round_done = int(game_state(laptop, "data-turn")) >= 4 and len(active_seen) == 3
        if round_done and feasts and undone and at_once:
            break
        asked = asked_phones(phones)
        if len(asked) >= 2 and not at_once:
            at_once = parts_at_once(asked, laptop, pages, live_server.url, code, shots)
            if at_once:
                continue
        order = sorted(phones, key=lambda p: p is not last)
        actor, kind = next(((p, k) for p in order if (k := p.evaluate(PICK))), (None, None))
        assert actor is not None, laptop.text_content(".prompt-text")
        last = actor
        if kind == "feast":
            decide_feast(actor, laptop, pages, live_server.url, code, shots, axe)
            feasts += 1
            continue
        if kind == "take_card" and not resolving_shot:
            label = actor.text_content("[data-pick]")
            assert not label.startswith("zombie-") and ":" in label  # the card's name and effects
            shots(actor, "eza-phone-track")
        if (
            kind == "card_part"
            and not undone
            and activation_leaves_tokens(actor, laptop, live_server.url, code)
        ):
            bite_and_undo(actor, laptop, pages, live_server.url, code)
            undone = True
            continue
        before = seq(actor)
        tap(actor, actor.locator("[data-pick]"))
        wait_all(pages, before + 1)
        if not resolving_shot and laptop.locator(".eza-order li").count() == 3:
            # EZA-T1 on every screen: who applies what, each Horde asked now marked.
            for page in pages:
                assert page.locator(".eza-order li").count() == 3
                assert page.locator(".eza-order li.active").count() == 1
            shots(laptop, "eza-table-resolving")
            shots(actor, "eza-phone-resolving")
            resolving_shot = True
    else:
        pytest.fail(f"no full round: turn {game_state(laptop, 'data-turn')}, feasts {feasts}")

    assert refused == [], refused  # no answer refused in the whole evening (issue 26)
    assert screen(laptop) == "table" and resolving_shot
    assert laptop.locator(".eza-checklist").count() == 0  # setup is over
    assert laptop.locator("li.eza-human.dead").count() >= 1
    laptop.locator(".eza-ruling").wait_for()  # from the log, fetched again after a Feast
    assert laptop.locator(".eza-ruling").count() == 1
    shots(laptop, "eza-table-round")
    shots(phones[1], "eza-phone-round")
    assert not axe.save(), axe.results
    assert not watch.errors, watch.errors
    assert not watch.dialogs, watch.dialogs


RENDER = """async (view) => {
  const { renderActions } = await import("/js/actions.js");
  const { rendererFor } = await import("/js/games/index.js");
  const renderer = await rendererFor(view.game);
  const session = { busy: false, act: async () => {} };
  const box = renderActions(view, session, {
    labelFor: (name, value) => renderer.choiceLabel(name, value, view),
    confirmText: () => null,
  });
  const main = document.querySelector("main#app");
  main.replaceChildren(box, renderer.publicState(view));
}"""


def _part_with_a_bite_group(url: str) -> dict:
    """A seat's view asking its part of the card whose bites are a group (a Zombie bites once,
    fewer bites than its actions), from a House table played through the API."""
    created = requests.post(f"{url}/api/tables", json={"game": "eat-zem-all"}, timeout=10).json()
    code, host = created["code"], created["host_token"]
    tokens = [
        requests.post(f"{url}/api/tables/{code}/seats", json={"name": n}, timeout=10).json()[
            "token"
        ]
        for n in NAMES
    ]
    go = {"type": "start"}
    headers = {"Authorization": f"Bearer {host}"}
    assert requests.post(
        f"{url}/api/tables/{code}/actions", json=go, headers=headers, timeout=10
    ).ok
    for _ in range(300):
        for token in tokens:
            headers = {"Authorization": f"Bearer {token}"}
            view = requests.get(f"{url}/api/tables/{code}", headers=headers, timeout=10).json()
            for spec in view["actions"]:
                if spec["type"] == "card_part" and any(
                    p.get("groups") for p in spec["params"].values()
                ):
                    return view
            spec = next(
                (a for a in view["actions"] if a["type"] not in ("correct", "use_mutation")), None
            )
            if spec is None:
                continue
            params = {
                n: {k: b.get("value", b["min"]) for k, b in p["counts"].items()}
                if "counts" in p
                else p.get("value", p["choices"][0])
                if "choices" in p and not p.get("multiple")
                else p["choices"][: p["min"]]
                if p.get("multiple")
                else p.get("value", p["min"])
                for n, p in spec["params"].items()
            }
            body = {"type": spec["type"], "params": params, "expected": view["seq"]}
            requests.post(
                f"{url}/api/tables/{code}/actions", json=body, headers=headers, timeout=10
            )
    raise AssertionError("no part with a bite group in 300 answers")


def _raise(row, n: int) -> None:
    """Set a count row to ``n``: one tap on a row of choices, else + until there."""
    taps = row.locator(".taps")
    if taps.count():
        taps.get_by_text(str(n), exact=True).click()
        return
    while int(row.locator("output.count").text_content()) < n:
        row.locator("button.step").nth(1).click()


def test_issue26_EZA_T6_a_zombie_bites_once_bounded_live_on_the_phone(devices, watch, live_server):
    """The bites of a Horde's part are a group of its count form (a Zombie bites once): once the
    Horde has entered as many bites as Zombies, no other Human's row may go up, and the rule is
    shown beside the rows; the actions in all stay the generic form's bound."""
    view = _part_with_a_bite_group(live_server.url)
    spec = next(a for a in view["actions"] if a["type"] == "card_part")
    name, param = next((n, p) for n, p in spec["params"].items() if p.get("groups"))
    (group,) = param["groups"]
    page = devices.phone("eza-bite-group")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    page.evaluate(RENDER, view)
    box = page.locator(f"form[data-type='card_part'] fieldset[data-param='{name}']")
    box.locator(".eza-group-reason").wait_for(state="attached")
    assert box.locator(".eza-group-reason").is_hidden()
    first, other = group["keys"][0], group["keys"][1]
    _raise(box.locator(f".stepper[data-key='{first}']"), group["most"])
    reason = box.locator(".eza-group-reason")
    reason.wait_for()
    assert reason.text_content().startswith("A Zombie bites at most once per activation")
    row = box.locator(f".stepper[data-key='{other}']")
    if row.locator(".taps").count():
        assert row.locator(".taps input[value='1']").is_disabled()
    else:
        assert row.locator("button.step").nth(1).is_disabled()
    assert not watch.errors, watch.errors
