"""Issue 26: readable across the room. On the table screen of a 1366×768 laptop, what the table
argues about is at least 24 px, measured on a live table of each game (played to its end
through the API while the screen follows): a ruling's reason, the board steps, the end's
breakdown and reason, and each game's own — Zombicide's survivor cards and mission, Eat Zem
All's current Human card and set-up lines, Student Bodies' set-up lines and rulings.
Each element is measured every time it is on screen; the smallest size of each is reported."""

from __future__ import annotations

import pytest

from tableapp.engine.rng import Rng

from .play import dismiss_moment, wait_all
from .test_screens import _api_started
from .test_table_screen import font_sizes, host_screen, one_move, view_of

pytestmark = pytest.mark.browser

LEAST = 24.0
#: The room's lines on every table: (selector, must it be seen in a game?)
GENERIC = {
    ".ruling-now .reason": False,  # Zombie Life's rulings say their rule, not a reason
    ".ruling-now .ruling-text": True,
    ".board-steps .checklist": False,
    ".end .breakdown": True,
    ".end .end-reason": False,
    ".end .standing-head": True,
}
#: Each game's own (in its stylesheet, pwa/css/<game>.css).
GAME = {
    "zombie-life": {},
    "eat-zem-all": {".eza-humancard .eza-card": True, ".eza-checklist li": False},
    "student-bodies": {".sb-scenario li": True, ".sb-ruling .sb-reason": False},
    "zombicide": {".zc-survivor": True, ".zc-mission :is(p, li)": True},
}


@pytest.mark.parametrize("game", list(GAME))
def test_what_the_table_argues_about_is_24px_on_a_laptop(game, devices, live_server, shots):
    url = live_server.url
    created, tokens = _api_started(url, game)
    code = created["code"]
    laptop = host_screen(devices, created, f"room-{game}")
    wanted = {**GENERIC, **GAME[game]}
    smallest: dict[str, tuple[float, str]] = {}
    under: dict[str, dict[str, float]] = {}  # selector -> each text under 24 px, its size
    shot: set[str] = set()
    chooser = Rng(f"room-{game}".encode().ljust(32, b"."), 0)

    def measure() -> None:
        for selector in wanted:
            sizes = font_sizes(laptop, selector)
            if not sizes:
                continue
            for size, text in sizes:
                if size < LEAST:
                    under.setdefault(selector, {})[text] = size
            low = min(sizes)
            if selector not in smallest or low[0] < smallest[selector][0]:
                smallest[selector] = low
            if low[0] < LEAST and selector not in shot:
                shot.add(selector)
                name = selector.replace(" ", "").replace(".", "-").strip("-")
                shots(laptop, f"room-small-{game}-{name}", full_page=False)

    for _ in range(3000):
        moved = one_move(url, code, tokens, chooser)
        wait_all([laptop], view_of(url, code)["seq"], within=10)
        dismiss_moment(laptop)
        measure()
        if not moved:
            break
    else:
        pytest.fail("the game did not end")
    laptop.wait_for_selector("main#app[data-screen='table-end'] .end")
    measure()
    unseen = [s for s, needed in wanted.items() if needed and s not in smallest]
    small = [
        f"{game} {selector}: {size:.1f}px {text!r}"
        for selector, texts in under.items()
        for text, size in sorted(texts.items(), key=lambda item: item[1])[:12]
    ]
    assert not unseen, f"{game}: never on screen: {unseen}"
    assert not small, "under 24 px across the room:\n" + "\n".join(small)
