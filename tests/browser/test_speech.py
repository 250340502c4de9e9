"""The table speaks (issue 17): the table screen says aloud, in the table's language, whose turn
it is and each moment (death, elimination, Feast, level-up, round end, game end), with the
browser's speech synthesis. One visible toggle, remembered on that device. The utterances are
captured by a stub of ``speechSynthesis.speak`` (text and lang of each)."""

from __future__ import annotations

import pytest

from tableapp.engine.rng import Rng

from .play import dismiss_moment, wait_all
from .test_screens import _api_started
from .test_table_screen import host_screen, log_of, one_move, view_of

pytestmark = pytest.mark.browser

# Every utterance the page asks for, instead of a voice.
CAPTURE = """
window.__spoken = [];
if (!window.SpeechSynthesisUtterance) {
  window.SpeechSynthesisUtterance = class {
    constructor(text) { this.text = text; this.lang = ""; }
  };
}
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(u) { window.__spoken.push({ text: u.text, lang: u.lang }); },
  cancel() {}, pause() {}, resume() {}, getVoices() { return []; },
  speaking: false, pending: false, paused: false,
} });
"""
SPOKEN = {"death", "elimination", "feast", "level_up", "round_end", "game_end"}
TURN = {"en": "Over to {names}.", "fr": "À {names} de jouer."}
END = {
    ("en", "winner"): "Game over. {names} wins.",
    ("fr", "winner"): "Partie terminée. {names} gagne.",
    ("en", "winners"): "Game over. {names} win.",
    ("fr", "winners"): "Partie terminée. {names} gagnent.",
    ("en", "nobody"): "Game over. Nobody wins.",
    ("fr", "nobody"): "Partie terminée. Personne ne gagne.",
}
NAMES = {0: "", 1: "Ana", 2: "Ben", 3: "Chloé"}


def spoken(page) -> list[dict]:
    return page.evaluate("() => window.__spoken")


def turn_line(view: dict, lang: str) -> str:
    who = [NAMES[s] for s in view["prompt"]["waiting_for"] if s != 0]
    return TURN[lang].format(names=", ".join(who))


def moment_of(view: dict) -> tuple:
    """When the turn moves, as the table screen reads it (``momentOf`` in pwa/js/moments.js):
    the status, the round, the turn number, whose turn, the active player."""
    g = view.get("game_view") or {}
    turn = g.get("turn")
    turn = turn.get("seat") if isinstance(turn, dict) else turn
    return (view["status"], g.get("round"), g.get("turn_no"), turn, g.get("active"))


CASES = [("zombie-life", "en"), ("student-bodies", "fr"), ("zombicide", "en")]


@pytest.mark.parametrize("game, lang", CASES, ids=lambda v: str(v))
def test_the_table_speaks_turns_and_moments_in_its_language(
    game, lang, devices, live_server, watch, shots
):
    url = live_server.url
    created, tokens = _api_started(url, game)
    code = created["code"]
    laptop = host_screen(devices, created, f"speech-{game}", locale=lang)
    laptop.add_init_script(CAPTURE)
    laptop.reload()
    toggle = laptop.locator("button.speech-toggle")
    toggle.wait_for()  # one visible toggle on the table screen
    assert toggle.get_attribute("aria-pressed") == "false"
    assert spoken(laptop) == [], "silent until asked"
    toggle.click()
    laptop.wait_for_selector("button.speech-toggle[aria-pressed=true]")
    assert laptop.evaluate("() => localStorage.getItem('tableapp:speech')") == "on"
    # Turned on, it says where the game is now.
    now = view_of(url, code, lang=lang)
    if turn_line(now, lang) != TURN[lang].format(names=""):  # not the host's turn
        assert spoken(laptop)[-1]["text"] == turn_line(now, lang)

    # Off: nothing is said while the game goes on.
    toggle.click()
    laptop.wait_for_selector("button.speech-toggle[aria-pressed=false]")
    assert laptop.evaluate("() => localStorage.getItem('tableapp:speech')") == "off"
    count = len(spoken(laptop))
    chooser = Rng(b"quiet".ljust(32, b"."), 0)
    for _ in range(4):
        one_move(url, code, tokens, chooser)
    wait_all([laptop], view_of(url, code)["seq"], within=10)
    assert len(spoken(laptop)) == count, spoken(laptop)[count:]
    dismiss_moment(laptop)
    toggle.click()

    # On again, and remembered on this device.
    laptop.wait_for_selector("button.speech-toggle[aria-pressed=true]")
    since = view_of(url, code)["seq"]  # what happens from here on is said
    laptop.reload()
    laptop.wait_for_selector("button.speech-toggle[aria-pressed=true]")
    # The rest of the game at a table's pace: the next move once the screen has shown the last.
    lines = []  # the turn lines the table had to say: one each time the turn moves
    moment = moment_of(view_of(url, code, lang=lang))
    while one_move(url, code, tokens, chooser):
        now = view_of(url, code, lang=lang)
        if moment_of(now) != moment and now["status"] == "playing":
            if [s for s in now["prompt"]["waiting_for"] if s]:
                lines.append(turn_line(now, lang))
        moment = moment_of(now)
        wait_all([laptop], now["seq"], within=10)
    laptop.wait_for_selector("main#app[data-screen=table-end]")
    dismiss_moment(laptop)
    laptop.wait_for_function("() => window.__spoken.length > 0")
    said = spoken(laptop)
    texts = [u["text"] for u in said]
    assert all(u["lang"].startswith(lang) for u in said), said
    # Each moment, in the table's language, as the log tells it (the server's message ids).
    moments = [
        e["text"]
        for entry in log_of(url, code, lang)
        if not entry.get("undone") and entry["seq"] > since
        for e in entry["events"]
        if (e.get("moment") or {}).get("kind") in SPOKEN
    ]
    # Zombie Life and Zombicide end on a moment; a Student Bodies game may have none.
    assert moments or game == "student-bodies", "the game had no moment to say"
    missing = [m for m in moments if m not in texts]
    assert not missing, f"not said: {missing}; said: {texts}"
    # Whose turn it is, when the turn moves (some turn line other than the first).
    turn = TURN[lang].split("{names}")
    turns = [t for t in texts if t.startswith(turn[0]) and t.endswith(turn[1])]
    # (a game may end in a move or two once speech is back on: then fewer lines are due)
    assert len(turns) >= min(2, len(lines)), (texts, lines)
    # The end: said once, by the game's own moment or in the screen's words.
    result = view_of(url, code, lang=lang)["result"]
    ended = [m for m in moments if m in texts[-3:]]
    if game == "student-bodies":
        winners = result["winners"]
        key = "nobody" if not winners else "winner" if len(winners) == 1 else "winners"
        expected = END[(lang, key)].format(names=", ".join(NAMES[s] for s in winners))
        assert texts[-1] == expected, texts[-3:]
    else:
        assert ended, texts[-3:]
    shots(laptop, f"table-speech-{game}-{lang}", full_page=False)
    assert not watch.errors, watch.errors
