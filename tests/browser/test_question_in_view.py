"""Issue 26: the question is brought into view when it arrives. In a scripted game of each game
(three phones at 360×740 and 412×915, the table screen at 1366×768, every move a tap), each
time a phone has something to answer, its form's controls are on screen when the answer to the
last tap has reached it — before anyone scrolls: not under its hand, its survivors or the log.
One phone asks for less motion (the jump is instant), the others scroll smoothly.

And the page is not yanked: a phone (the second and third) whose player scrolled down to read
the log while its question waits stays where its player left it when a view that does not
change that question comes in (another player's move). When that move makes the page shorter
under a reader at its very end (the log is the last thing on it), the browser keeps the end on
screen — the log stays under the reader's eyes — and that is not a yank.
"""

from __future__ import annotations

import pytest

from .scripted import join_all, open_game, play_taps, start

pytestmark = pytest.mark.browser

GAMES = ("zombie-life", "eat-zem-all", "student-bodies", "zombicide")
MOVES = 40
#: Zombicide's host reads the whole mission in first (the script taps the first move: twelve
#: spawn zones, then every building), so its phones are asked their survivors' turns later
#: (75 taps left a deal with only 7 questions to the phones in one run).
MORE_MOVES = {"zombicide": 110}

# Until the page has stopped scrolling (a smooth scroll takes a few hundred ms).
#: At the page's end: nothing further down to scroll to.
AT_END = "() => scrollY >= document.documentElement.scrollHeight - innerHeight - 2"

SETTLE = """async () => {
  let last = -1, same = 0;
  for (let i = 0; i < 240 && same < 6; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    if (scrollY === last) same++; else { same = 0; last = scrollY; }
  }
}"""

# Null when this phone is asked nothing; else what of its form is off-screen ([] when none):
# the first move's first control, and every move's when the moves fit the screen together.
OFF_SCREEN = """() => {
  if (!document.querySelector(".prompt.my-turn")) return null;
  const box = document.querySelector("fieldset.actions");
  const moves = [...(box?.querySelectorAll(":scope > [data-type]") ?? [])]
    .filter((el) => el.dataset.type !== "correct");
  if (!moves.length) return null;
  const bar = document.querySelector(".bar").getBoundingClientRect().bottom;
  const control = (el) => [...el.querySelectorAll("button, label.chip, label.tap, .stepper")]
    .find((c) => c.checkVisibility()) ?? el;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= bar - 1 && r.bottom <= innerHeight + 1;
  };
  const top = moves[0].getBoundingClientRect().top;
  const bottom = moves[moves.length - 1].getBoundingClientRect().bottom;
  const wanted = bottom - top <= innerHeight - bar ? moves.map(control) : [control(moves[0])];
  return wanted.filter((el) => !shown(el)).map((el) => {
    const r = el.getBoundingClientRect();
    const move = el.closest("[data-type]")?.dataset.type;
    return `${move} ${el.tagName.toLowerCase()} at ${Math.round(r.top)}–${Math.round(r.bottom)}`
      + ` (screen ${Math.round(bar)}–${innerHeight}, scrolled ${Math.round(scrollY)})`;
  });
}"""


@pytest.mark.parametrize("game", GAMES)
def test_the_question_is_on_screen_when_it_arrives(game, devices, live_server, watch):
    table = open_game(devices, live_server.url, game, "en")
    # the third phone asks for less motion: its jump is instant
    table.phones[2].emulate_media(reduced_motion="reduce")
    join_all(table)
    start(table)
    asked: list[int] = []
    off: list[str] = []
    away: dict[int, tuple[str, float, bool]] = {}  # reading the log: its question, scroll, at end?
    kept: list[int] = []
    yanked: list[str] = []

    def look(actor) -> None:
        for phone in table.phones:
            phone.evaluate(SETTLE)
            where = f"{table.roles[id(phone)]} at #{phone.get_attribute('main#app', 'data-seq')}"
            question = phone.get_attribute("main#app", "data-question")
            if id(phone) in away and phone is not actor and away[id(phone)][0] == question:
                moved = phone.evaluate("() => scrollY") - away[id(phone)][1]
                shorter = moved < 0 and away[id(phone)][2] and phone.evaluate(AT_END)
                if abs(moved) > 2 and not shorter:
                    yanked.append(f"{where}: scrolled {moved:+.0f} px, same question")
                kept.append(1)
                continue
            away.pop(id(phone), None)
            found = phone.evaluate(OFF_SCREEN)
            if found is None:
                continue
            asked.append(1)
            off.extend(f"{where}: {f}" for f in found)
            if phone is not table.phones[0]:  # its player reads the log while the question waits
                phone.locator(".log-box").scroll_into_view_if_needed()
                phone.evaluate(SETTLE)
                scroll = phone.evaluate("() => scrollY")
                away[id(phone)] = (question, scroll, phone.evaluate(AT_END))

    look(None)
    taps = play_taps(table, MORE_MOVES.get(game, MOVES), on_view=look)
    assert taps >= 10, f"only {taps} taps: the script stopped early"
    assert len(asked) >= 10, f"a phone was asked something only {len(asked)} times"
    assert not off, f"{len(off)} of {len(asked)} questions off-screen:\n" + "\n".join(off[:30])
    assert not yanked, f"{len(yanked)} of {len(kept)} redraws moved the page:\n" + "\n".join(yanked)
    assert not watch.errors, watch.errors
