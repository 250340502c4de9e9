"""Issue 26, texts: the page text itself reads right in French, not only the catalogues.

A scripted French table of each game (the table screen at 1366×768 and three phones, every move a
tap): after each tap's answer has reached every page, the whole of each page's text
(``document.body.innerText``) and each of its buttons' is read, and each slip is collected with
the page and a snippet:

- a ``: ; ! ?`` (or ``« »``) with an ordinary space, or none, where French wants a no-break one
  (:mod:`tableapp.texts.typography`'s rules, the catalogues' own: placeholders, web addresses, times
  and keys are not prose);
- a straight apostrophe ``'`` in a text (French writes ``’``);
- a button whose text says the same phrase twice ("aucun à portée, aucun à portée");
- a line on screen that starts with ``: ; ! ? »``: the text broke at its no-break space.
"""

from __future__ import annotations

import os
import re

import pytest

from tableapp.texts.typography import problems

from .scripted import join_all, open_game, play_taps, start

pytestmark = pytest.mark.browser

GAMES = ("zombie-life", "eat-zem-all", "student-bodies", "zombicide")
#: Taps a game (``FRENCH_TEXT_TAPS=150`` looks deeper: an Eat Zem All bonus card came at the 69th).
MOVES = int(os.environ.get("FRENCH_TEXT_TAPS", "40"))

#: Every page's text and its buttons' (a button's own text, its label's when it has no words).
READ = r"""() => ({
  body: document.body.innerText,
  buttons: [...document.querySelectorAll("button, [role=button], label.chip, label.tap")]
    .filter((b) => b.checkVisibility())
    .map((b) => (b.innerText || b.getAttribute("aria-label") || "").trim())
    .filter(Boolean),
  // a : ; ! ? » that starts a line on screen: the line broke at its no-break space
  broken: [...(function* walk() {
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!node.parentElement?.checkVisibility()) continue;
      for (const m of node.data.matchAll(/\S[\u00a0\u202f][:;!?»]/g)) {
        const box = (i) => { const r = document.createRange(); r.setStart(node, i);
          r.setEnd(node, i + 1); return r.getBoundingClientRect(); };
        const word = box(m.index), mark = box(m.index + 2);
        if (word.height && mark.height && mark.top >= word.bottom - 1)
          yield node.data.slice(Math.max(0, m.index - 20), m.index + 12);
      }
    }
  })()],
})"""

#: Words of a phrase in a button: split at list commas, "et"/"ou", and a label's colon.
_PHRASES = re.compile(r",|;|\bet\b|\bou\b|[\u00a0\u202f ]?:")


def typography_faults(text: str) -> list[str]:
    """Each slip of one page text, line by line: a missing no-break space, a straight
    apostrophe (:func:`tableapp.texts.typography.problems`)."""
    return [f"{p!r}" for line in text.splitlines() for p in problems(line)]


def repeated(label: str) -> list[str]:
    """The phrases a button's text says more than once."""
    parts = [p.strip() for p in _PHRASES.split(label) if p.strip()]
    return sorted({p for p in parts if parts.count(p) > 1 and len(p) > 3 and not p.isdigit()})


@pytest.mark.parametrize("game", GAMES)
def test_issue26_texts_every_french_screen_reads_right(game, devices, live_server, watch):
    table = open_game(devices, live_server.url, game, "fr")
    join_all(table)
    start(table)
    slips: dict[str, str] = {}  # a slip → where it was first seen
    views = 0

    def look(actor) -> None:
        nonlocal views
        views += 1
        for page in table.pages:
            where = f"{table.roles[id(page)]} at #{page.get_attribute('main#app', 'data-seq')}"
            read = page.evaluate(READ)
            found = typography_faults(read["body"])
            found += [f"line starts with its punctuation: {b!r}" for b in read["broken"]]
            found += [
                f"repeated {twice} in button {label!r}"
                for label in read["buttons"]
                if (twice := repeated(label))
            ]
            for slip in found:
                slips.setdefault(slip, where)

    look(None)
    taps = play_taps(table, MOVES, on_view=look)
    assert taps >= 10, f"only {taps} taps: the script stopped early"
    listed = "\n".join(f"{where}: {slip}" for slip, where in slips.items())
    print(f"{game}: {taps} taps, {views} views, {len(slips)} slips\n{listed}")
    assert not slips, f"{len(slips)} French text slips in {game}:\n{listed}"
    assert not watch.errors, watch.errors
