"""Student Bodies through the app alone (issue 11): the host opens a table on the laptop, three
phones join from the join URL; a zombie turn is run from the current player's phone, the bitten
player's phone buzzes and plays its Defense card before the bite lands, and the ruling and its
reason are on the table screen; then the game is played to an ending by tapping."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .play import RECORD_BUZZ, seq, small_targets, tap, wait_all

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Chloé")
#: Defense cards that stop a bite, the plain ones first (Duck N Roll moves afterwards).
DEFENSES = ("block#", "stupid_zombies#", "juke#", "back_off#", "duck_n_roll#")
MAX_MOVES = 300

# The player, in the page: marks the control to tap with data-pick and says its type, or null.
# ``plan`` says what this phone is after: the zombies reach nobody unless told to attack,
# the die misses, hits are taken, a run for the exit when the lab is open.
PICK = """(plan) => {
  const box = document.querySelector("fieldset.actions:not(:disabled)");
  if (!box) return null;
  for (const el of document.querySelectorAll("[data-pick]")) delete el.dataset.pick;
  const mark = (el, kind) => { if (!el) return null; el.dataset.pick = "1"; return kind; };
  const button = (type, value) => box.querySelector(`button[data-type='${type}']`
    + (value === undefined ? "" : `[data-value='${JSON.stringify(value)}']`));
  for (const [type, value] of plan) {
    const b = button(type, value);
    if (b) return mark(b, type);
    // A form (the zombies' lines): "moves closer" is preselected; another value is picked on
    // the last line (the last zombie to act), then the form is sent.
    const form = box.querySelector(`form[data-type='${type}']`);
    if (!form) continue;
    if (value !== undefined) {
      const radios = form.querySelectorAll(`fieldset input[value='${JSON.stringify(value)}']`);
      const radio = radios[radios.length - 1];
      if (!radio) continue;
      if (!radio.checked) radio.click();
    }
    return mark(form.querySelector("button[type=submit]"), type);
  }
  const form = box.querySelector("form[data-type='end_turn']");
  if (form) return mark(form.querySelector("button[type=submit]"), "end_turn");
  return null;
}"""


def plan(*steps):
    return [[t, v] if v is not None else [t] for t, v in steps]


#: Turn by turn, without a fight: the zombies reach nobody, the die misses.
QUIET = (
    ("first_bite", 1),
    ("ready", None),
    ("zombies", "move"),
    ("smart", "done"),
    ("die", "miss"),
    ("defend", "none"),
    ("stop", None),
)
#: The run for the exit: open the Lab, drink, open the Fire Doors, get out.
RUN = plan(
    *QUIET, ("open_lab", None), ("check_beaker", None), ("open_fire_doors", None), ("escape", None)
)


def hand_of(page) -> list[str]:
    return page.eval_on_selector_all(
        ".sb-hand li[data-card]", "els => els.map(e => e.dataset.card)"
    )


def open_and_join(devices, laptop, table_die=True):
    laptop.goto("/")
    laptop.select_option("#game", "student-bodies")
    if table_die:
        laptop.check("#opt-table_die")
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("main#app[data-screen='table'] img.qr")
    join_url = laptop.get_attribute("img.qr", "data-url")
    phones = []
    for name in NAMES:
        phone = devices.phone(name)
        phone.add_init_script(RECORD_BUZZ)
        phone.goto(join_url)
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
        phones.append(phone)
    pages = [laptop, *phones]
    wait_all(pages, 3)
    tap(laptop, laptop.locator("button[data-type='start']"))
    wait_all(pages, 4)
    return phones, pages


def current(laptop) -> int:
    return int(laptop.get_attribute(".game-state.sb", "data-turn") or 0)


def step(pages, phone, kind_plan) -> str | None:
    kind = phone.evaluate(PICK, kind_plan)
    if kind is None:
        return None
    before = seq(phone)
    tap(phone, phone.locator("[data-pick]"))
    wait_all(pages, before + 1, within=5)
    return kind


def test_a_zombie_turn_with_a_defense_played_from_another_phone(devices, watch, shots, axe):
    laptop = devices.laptop("table")
    phones, pages = open_and_join(devices, laptop)
    # SB-S1: the hallway cards and what to place are on the table screen, the lab sealed.
    assert laptop.locator(".sb-scenario li").count() == 4
    assert laptop.locator(".sb-scenario li[data-card='']").count() == 2
    shots(laptop, "sb-table-setup")
    shots(phones[0], "sb-phone-setup")
    assert all(len(hand_of(p)) == 5 for p in phones)
    for phone in phones:  # nobody sees another hand
        others = [c for p in phones if p is not phone for c in hand_of(p)]
        assert all(phone.locator(f"[data-card='{c}']").count() == 0 for c in others)
    assert small_targets(phones[0]) == []

    defended = False
    for _ in range(MAX_MOVES):
        turn = current(laptop)
        actor = phones[turn - 1] if turn else phones[0]
        mover = next(
            (p for p in phones if p.locator("fieldset.actions button[data-type='defend']").count()),
            None,
        )
        if mover is not None:  # someone must answer a hit: take it
            step(pages, mover, plan(("defend", "none")))
            continue
        # The zombies' lines: one button per line for a lone zombie, else one form (the last
        # zombie's line picked there, the others moving closer first).
        attack = actor.locator(
            "button[data-type='zombies'][data-value^='\"attack:'],"
            " form[data-type='zombies'] fieldset:last-of-type input[value^='\"attack:']"
        )
        target = None
        for i in range(attack.count()):
            node = attack.nth(i)
            value = node.get_attribute("data-value") or node.get_attribute("value")
            seat = int(value.strip('"').split(":")[1])
            if seat != turn and any(c.startswith(DEFENSES) for c in hand_of(phones[seat - 1])):
                target = seat
                break
        if target is None:
            if step(pages, actor, plan(*QUIET)) is None:
                assert step(pages, actor, []) == "end_turn"
            continue
        # The current player's phone: the zombie attacks the player with a Defense card.
        defender = phones[target - 1]
        shots(actor, "sb-phone-zombie-question")
        shots(laptop, "sb-table-zombie-turn")
        assert laptop.locator(".sb-walk .sb-priority li").count() == 4
        axe.check(actor, "sb-phone-zombie-question")
        assert step(pages, actor, plan(("zombies", f"attack:{target}"))) == "zombies"
        try:  # the table screen shows the line being played (it may be a redraw behind)
            laptop.wait_for_selector(".sb-walk[data-line='adjacent']", timeout=5_000)
        except PlaywrightTimeout:
            pass
        if laptop.locator(".sb-walk").get_attribute("data-line") != "adjacent":
            # SB-Z3: the walk stopped before the attack (a player may react to a zombie about
            # to act again, or its line no longer fits): the form is asked anew; answer it then
            assert actor.locator("[data-type='zombies']").count(), "the walk stopped unasked"
            continue
        assert laptop.locator(".sb-priority li.applied").get_attribute("data-line") == "adjacent"
        assert step(pages, actor, plan(("die", "bite"))) == "die"
        # The defender's phone buzzes and shows its Defense cards; the table shows who may defend.
        defender.wait_for_selector(".sb-alert.defend")
        assert [220, 90, 220] in defender.evaluate("window.__buzz")
        card = min(
            (c for c in hand_of(defender) if c.startswith(DEFENSES)),
            key=lambda c: [c.startswith(d) for d in DEFENSES].index(True),
        )
        assert defender.locator(f".sb-hand li[data-card='{card}'].playable").count() == 1
        button = defender.locator(f"button[data-type='defend'][data-value='\"{card}\"']")
        name = defender.text_content(f".sb-hand li[data-card='{card}'] strong")
        assert button.text_content().startswith(name)
        # SB-Z5: "take it, and don't ask me again this turn" is one tap among the answers.
        quiet = defender.locator("button[data-type='defend'][data-value='\"quiet\"']")
        assert quiet.text_content().startswith("Take the bite, and don't ask me again")
        assert laptop.locator(f"[data-card='{card}']").count() == 0  # still private
        health = laptop.get_attribute(f"li.sb-player[data-seat='{target}']", "data-health")
        shots(defender, "sb-phone-defend")
        axe.check(defender, "sb-phone-defend")
        before = seq(defender)
        tap(defender, button)
        wait_all(pages, before + 1)
        # The ruling and its reason on the table screen (a Juke or Back Off adds its push after).
        stops = f"{NAMES[target - 1]} stops the bite from a zombie with {name}."
        shown = laptop.eval_on_selector_all(
            ".sb-ruling .sb-ruling-text, .sb-older li", "els => els.map(e => e.textContent)"
        )
        assert any(text.endswith(stops) for text in shown), shown
        if laptop.text_content(".sb-ruling.big .sb-ruling-text") == stops:
            assert laptop.text_content(".sb-ruling.big .rule") == "SB-Z5"
            assert laptop.text_content(".sb-ruling.big .sb-reason").startswith(
                "A Defense that fits the attack"
            )
        else:
            assert f"SB-Z5 {stops}" in shown
        assert laptop.get_attribute(f"li.sb-player[data-seat='{target}']", "data-health") == health
        assert card not in hand_of(defender)
        assert laptop.locator(".log .event.ruling").filter(has_text=f"with {name}").count() >= 1
        shots(laptop, "sb-table-defended")
        defended = True
        break
    assert defended, "no zombie attack on a player holding a Defense card"
    assert not axe.save(), axe.results
    assert not watch.errors, watch.errors
    assert not watch.dialogs, watch.dialogs


def test_a_game_plays_to_an_ending_from_the_phones(devices, watch, shots):
    laptop = devices.laptop("table")
    phones, pages = open_and_join(devices, laptop)
    for _ in range(MAX_MOVES):
        if laptop.get_attribute("main#app", "data-screen") == "table-end":
            break
        moved = False
        for phone in phones:
            if step(pages, phone, RUN) is not None:
                moved = True
                break
        assert moved, laptop.text_content(".prompt-text")
    else:
        pytest.fail("no ending")
    for page in pages:
        page.wait_for_selector(".end li.standing.winner")
    winner = laptop.get_attribute(".end li.standing.winner", "data-seat")
    assert laptop.locator(".sb-ruling.big .rule").text_content() == "SB-P7"
    assert (
        laptop.locator(".sb-ruling.big .sb-ruling-text")
        .text_content()
        .endswith("wins, everyone else loses.")
    )
    assert (
        laptop.locator(f"li.sb-player[data-seat='{winner}']").get_attribute("data-status")
        == "escaped"
    )
    assert laptop.locator(".sb-scenario li[data-card='']").count() == 0  # lab and exit revealed
    shots(laptop, "sb-table-end")
    shots(phones[int(winner) - 1], "sb-phone-end")
    assert not watch.errors, watch.errors
    assert not watch.dialogs, watch.dialogs
