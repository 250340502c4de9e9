"""Eat Zem All through the app alone (issue 4, item 7): the host opens a 3-Horde Cemetery table
on the table screen, three phones join from the join URL and play a full round (every Horde
active once) by tapping the buttons the app shows; a Feast is counted on the active phone's
counters and its ruling, with the reason, is on screen; an activation's bites (one form) are
undone from the phone."""

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


ACTIVATIONS = "form[data-type='activate'], form[data-type='activate_hordes']"
BITES = "fieldset.param[data-param^='bites']"


def activation_leaves_tokens(page, laptop) -> bool:
    """The activation form (one Horde's, or a card's shared one: PICK fills its first bites)
    bites a Human who keeps at least 2 tokens (no Feast)."""
    form = page.locator(ACTIVATIONS)
    human = form.get_attribute("data-human")
    if not human:
        return False
    tokens = int(laptop.get_attribute(f"li.eza-human[data-human='{human}']", "data-tokens"))
    bites = form.locator(BITES).first.locator("output").all_text_contents()
    return tokens - sum(int(x) for x in bites) >= 2


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


def shared_activation(actor, laptop, pages, url, code, shots):
    """The card's public part in one form on the active phone (EZA-T1, T12): the Hordes'
    activations (and a Panic, a new Zombie's spot) in resolution order, each part named by its
    player; a bite that takes a Human's last token greys the parts after it out and says the
    Feast comes first (EZA-T6: they are asked after it)."""
    form = actor.locator("form[data-type='activate_hordes']")
    order = [
        int(x)
        for x in laptop.eval_on_selector_all(
            ".eza-order li.now", "els => els.map(e => e.dataset.seat)"
        )
    ]
    params = form.locator("fieldset[data-param^='bites_']").evaluate_all(
        "els => els.map(e => e.dataset.param)"
    )
    seats = [int(p.split("_")[1]) for p in params]
    assert len(order) >= 2 and seats == [s for s in order if s in seats]
    legends = form.locator("fieldset[data-param^='bites_'] legend").all_text_contents()
    assert [legend.split(" (")[0] for legend in legends] == [NAMES[s - 1] for s in seats]
    assert all(legend.endswith("Bites, per Human (one per Zombie)") for legend in legends)
    shots(actor, "eza-phone-shared-activation")
    first = form.locator("fieldset[data-param^='bites_']").first
    human = first.locator(".stepper[data-key]").first.get_attribute("data-key")
    lower_tokens(actor, url, code, human, pages)  # so that one bite takes the last token
    first = form.locator("fieldset[data-param^='bites_']").first
    notice, later = form.locator(".eza-feast-now"), form.locator("fieldset.eza-after-feast")
    assert notice.is_hidden() and later.count() == 0
    assert bump(first.locator(f".stepper[data-key='{human}']"))
    notice.wait_for()
    name = laptop.text_content(f"li.eza-human[data-human='{human}'] strong")
    assert notice.text_content().startswith(f"Feast now for {name}: ")
    assert later.count() >= 1  # greyed out, their steppers disabled
    assert all(b.is_disabled() for b in later.locator("button.step, .taps input").all())
    # a pick greyed out (a Human to frighten) holds a value to send, and the form may be sent
    for part in later.all():
        radios = part.locator(".chips input[type='radio']")  # a count's row holds its value
        assert radios.count() == 0 or part.locator(".chips input:checked").count() == 1
    submit = form.locator("button[type='submit']")
    actor.wait_for_function("(b) => !b.disabled", arg=submit.element_handle())
    shots(actor, "eza-phone-shared-activation-feast")
    assert bump(first.locator(f".stepper[data-key='{human}']"), -1)
    actor.wait_for_function("() => document.querySelector('.eza-feast-now')?.hidden === true")
    assert later.count() == 0
    # back in play, what the phone filled is the Horde's to choose again
    actor.wait_for_function("() => !document.querySelector('input[data-autofilled]')")


def bitten(url: str, code: str, human: str) -> int:
    """Bite tokens on a Human's tile (an automatic Cheer may give tokens back; bites stay)."""
    hordes = table_view(url, code)["game_view"]["hordes"]
    return sum(h["bites"].get(human, 0) for h in hordes)


def bite_and_undo(actor, laptop, pages, url, code):
    """An activation's bites in one form, then undo on the phone that bit: the table is back
    where it was. Bites that ended the activation may have drawn what comes next (a Human
    card): then its undo waits for another Horde's OK, and shows what had been drawn."""
    form = actor.locator(ACTIVATIONS)
    kind = form.get_attribute("data-type")
    human = form.get_attribute("data-human")
    token = f"li.eza-human[data-human='{human}']"
    tokens = int(laptop.get_attribute(token, "data-tokens"))
    name = laptop.text_content(f"{token} strong")
    labels = form.locator(BITES).first.locator(".step-label").all_text_contents()
    assert any(label.startswith(name) for label in labels)  # a Human's name, not its id
    bites = [int(x) for x in form.locator(BITES).first.locator("output").all_text_contents()]
    assert sum(bites) >= 1
    state = laptop.text_content(".game-state.eza")
    start, before = seq(laptop), bitten(url, code, human)
    tap(actor, actor.locator("[data-pick]"), confirm=False)  # no "are you sure?"
    wait_all(pages, start + 1)
    assert bitten(url, code, human) == before + sum(bites)
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

    active_seen, feasts, undone, resolving_shot, shared_seen = set(), 0, False, False, False
    last = None
    for _ in range(MAX_MOVES):
        active_seen.add(int(game_state(laptop, "data-active")))
        round_done = int(game_state(laptop, "data-turn")) >= 4 and len(active_seen) == 3
        if round_done and feasts and undone and shared_seen:
            break
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
        if kind == "activate_hordes" and not shared_seen:
            shared_activation(actor, laptop, pages, live_server.url, code, shots)
            shared_seen = True
            assert actor.evaluate(PICK) == kind  # filled again as the player would
        if (
            kind in ("activate", "activate_hordes")
            and not undone
            and activation_leaves_tokens(actor, laptop)
        ):
            bite_and_undo(actor, laptop, pages, live_server.url, code)
            undone = True
            continue
        before = seq(actor)
        tap(actor, actor.locator("[data-pick]"))
        wait_all(pages, before + 1)
        if not resolving_shot and laptop.locator(".eza-order li").count() == 3:
            # EZA-T1 on every screen: who applies what, the one playing now marked.
            for page in pages:
                assert page.locator(".eza-order li").count() == 3
                # one, or the Hordes of a form they share (EZA-T12: the active one records it)
                assert page.locator(".eza-order li.now").count() >= 1
            shots(laptop, "eza-table-resolving")
            shots(actor, "eza-phone-resolving")
            resolving_shot = True
    else:
        pytest.fail(f"no full round: turn {game_state(laptop, 'data-turn')}, feasts {feasts}")

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
