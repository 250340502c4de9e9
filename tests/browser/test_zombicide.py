"""Zombicide through the app alone (issue 12, "done when"): a newcomer opens a Zombicide table
on the table screen, two phones join and take three survivors each, the host reads the mission
in, a round is played (every survivor's turn), the spawn phase is shown zone by zone on the
table screen and placed, a ranged attack is made from a phone with its count steppers and dice,
and the mission is won by taking its objective."""

from __future__ import annotations

import re

import pytest
import requests

from .play import count_row, screen, seq, small_targets, tap, wait_all

pytestmark = pytest.mark.browser

TEAMS = {"Ana": ("Ruth", "Karim", "Lily"), "Ben": ("Nadia", "Owen", "Tom")}
MAX_MOVES = 120


def act(page, pages, locator, confirm=False):
    """Tap a button or submit a form and wait for every screen to follow. No move of the game
    asks "are you sure?" (issue 17: its undo covers it); only the shell's start does."""
    before = seq(page)
    tap(page, locator, confirm=confirm)
    wait_all(pages, before + 1, within=5)


def button(page, kind, text=None):
    box = page.locator("fieldset.actions:not(:disabled)")
    found = box.locator(f"button[data-type='{kind}']")
    if text is not None:
        found = found.filter(has_text=text)
    return found.first


def has(page, kind):
    return page.locator(f"fieldset.actions [data-type='{kind}']").count() > 0


def playing_survivor(laptop):
    return laptop.get_attribute(".zc-survivor.playing", "data-survivor")


def open_table(devices):
    laptop = devices.laptop("table")
    laptop.goto("/")
    laptop.select_option("#game", "zombicide")
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("main#app[data-screen='table'] img.qr")
    return laptop, laptop.get_attribute("img.qr", "data-url")


def open_table_with_the_team(devices):
    """The table screen and one phone per name of :data:`TEAMS`, each in the lobby."""
    laptop, join_url = open_table(devices)
    phones = [devices.phone(name) for name in TEAMS]
    for phone, name in zip(phones, TEAMS, strict=True):
        phone.goto(join_url)
        phone.fill("#name", name)
        phone.click("#join button[type=submit]")
        phone.wait_for_selector("main#app[data-screen='lobby']")
    return laptop, phones


def set_up(laptop, phones, pages, shots, axe):
    """Two phones take three survivors each; the host reads the mission in."""
    wait_all(pages, 2)
    act(laptop, pages, laptop.locator("button[data-type='start']"), confirm=True)
    for phone, (name, survivors) in zip(phones, TEAMS.items(), strict=True):
        assert phone.locator("button[data-type='take_survivor']").count() == 6 - 3 * (name == "Ben")
        for survivor in survivors:
            act(phone, pages, button(phone, "take_survivor", f"{survivor} ("))
    assert laptop.locator(".zc-survivor").count() == 6
    shots(phones[1], "zc-phone-team")  # the sixth survivor taken, the team is done by itself
    act(laptop, pages, button(laptop, "add_zone", "red"))
    act(laptop, pages, button(laptop, "add_zone", "red"))
    shots(laptop, "zc-table-mission")
    axe.check(laptop, "zc-table-mission")
    # No building with dark rooms: the mission's objectives close the zones and the setup.
    mission = laptop.locator("form[data-type='mission']")
    assert count_row(mission, "Red objective tokens (X)").count() == 1
    act(laptop, pages, mission.locator("button[type=submit]"))  # 1 red objective, as shown
    assert laptop.locator(".zc-summary[data-phase='players']").count() == 1


def answer_board(laptop, pages):
    """What only the board knows, answered on the table screen: placed (a step on the board
    ticked), no attack; the moves are a step on the board (ZC-12), never a question."""
    for kind in ("board_done", "no_attack", "choose_skill"):
        if has(laptop, kind):
            act(laptop, pages, button(laptop, kind))
            return kind
    assert not has(laptop, "moved")
    return None


def tap_count(row, value):
    """Set a count (a ``.stepper``) as a player does: one tap on the value in a row of
    choices, or taps on its stepper's +1 (from 0)."""
    taps = row.locator(".taps")
    if taps.count():
        taps.get_by_text(str(value), exact=True).click()
        return
    for _ in range(value):
        row.get_by_role("button", name=re.compile(r" \+1$")).first.click()


def ranged_attack(phone, laptop, pages, shots, axe):
    """From the phone: the weapon (one tap), then one form: the Zombies in the zone, nobody
    there, and the hits the table's dice show (no dice question)."""
    act(phone, pages, button(phone, "ranged"))  # the weapon in hand, one tap
    form = phone.locator("form[data-type='attack']")
    first = form.locator("fieldset[data-param='zombies'] .stepper:not(.fixed)").first
    target = first.locator(".step-label").text_content()
    tap_count(first, 1)  # one Zombie of the first type on the board in the target zone
    tap_count(form.locator("fieldset[data-param='hits'] .stepper").first, 1)  # one hit
    shots(phone, "zc-phone-ranged-form")
    axe.check(phone, "zc-phone-ranged-form")
    assert small_targets(phone) == []
    assert phone.locator("[data-type='dice']").count() == 0
    act(phone, pages, form.locator("button[type=submit]"))
    # One hit of the weapon's damage kills a Walker or a Runner, never a Brute (ZC-5).
    weak = target.startswith(("Brute", "Hulking", "Bloated", "Screaming", "Stalking"))
    for page in (phone, laptop):
        last = page.locator(".zc-last")
        last.wait_for()
        assert int(last.get_attribute("data-kills")) == (0 if weak else 1), target
    shots(laptop, "zc-table-after-attack")


def test_two_phones_take_three_survivors_each_and_win_the_mission(devices, watch, shots, axe):
    laptop, phones = open_table_with_the_team(devices)
    pages = [laptop, *phones]
    set_up(laptop, phones, pages, shots, axe)

    spawned = attacked = False
    for _ in range(MAX_MOVES):
        if screen(laptop) == "table-end":
            break
        if laptop.locator(".zc-spawn-row").count() and not spawned:
            # The spawn, zone by zone, large on the table screen (whether or not a zone is still
            # to tick: a round's cards may all place nothing, or the table ticked them already).
            now = laptop.locator(".zc-spawn-row.now")
            if now.count():
                # zone 1 first, clockwise (zone 2 when zone 1's card placed nothing)
                assert now.locator(".zc-where").text_content() in ("zone 1", "zone 2")
            assert (
                laptop.locator(".zc-spawn-row").first.locator(".zc-where").text_content()
                == "zone 1"
            )
            size = laptop.evaluate(
                "() => parseFloat(getComputedStyle(document.querySelector("
                "'.zc-spawn-row .zc-where')).fontSize)"
            )
            assert size >= 28, size
            shots(laptop, "zc-table-spawn")
            axe.check(laptop, "zc-table-spawn")
            spawned = True
        if answer_board(laptop, pages):
            continue
        round_ = int(laptop.get_attribute(".zc-summary", "data-round"))
        actor = next(
            (
                p
                for p in phones
                if p.locator("fieldset.actions:not(:disabled) button[data-type]").count()
                and has(p, "end_turn")
            ),
            None,
        )
        assert actor is not None, laptop.text_content(".prompt-text")
        assert not has(actor, "play_survivor")  # no "which survivor?" question (issue 26)
        if round_ >= 2 and has(actor, "ranged") and not attacked:
            assert laptop.locator(".zc-types li[data-count]:not([data-count='0'])").count() > 0
            ranged_attack(actor, laptop, pages, shots, axe)
            attacked = True
        elif attacked and has(actor, "take_objective"):
            act(actor, pages, button(actor, "take_objective"))
        else:
            act(actor, pages, button(actor, "end_turn"))
    else:
        pytest.fail(f"no end: {laptop.text_content('.prompt-text')}")

    assert spawned and attacked, (spawned, attacked, laptop.text_content("main"))
    assert screen(laptop) == "table-end"
    assert laptop.locator(".standing.winner").count() == 2
    for phone in phones:
        phone.wait_for_selector("main#app[data-screen='end']")
        assert phone.locator(".standing.winner").count() == 2
    shots(laptop, "zc-table-won")
    shots(phones[0], "zc-phone-won")
    assert not axe.save(), axe.results
    assert not watch.errors, watch.errors


# The shared action renderer as Zombicide uses it: corrections fold away under the turn's
# actions, a counter starts at the count the app holds (a correction of one survivor's wounds
# must not reset the others), labels come from the server.
CORRECTING = {
    "code": "TEST42",
    "game": "zombicide",
    "status": "playing",
    "seq": 3,
    "seats": [{"id": 1, "name": "Ana", "colour": "orange", "connected": True}],
    "me": {"seat": 1, "role": "player"},
    "prompt": {"waiting_for": [1], "text": "Ana plays Ruth."},
    "actions": [
        {"type": "end_turn", "label": "End Ruth's turn", "params": {}},
        {
            "type": "correct",
            "label": "Correct: Wounds",
            "params": {
                "group": {"choices": ["wounds"], "labels": ["Wounds"]},
                "counts": {
                    "counts": {
                        "ruth": {"min": 0, "max": 3, "label": "Ruth", "value": 2},
                        "lily": {"min": 0, "max": 2, "label": "Lily", "value": 1},
                    }
                },
                "why": {"choices": ["miscount"], "labels": ["a miscount"]},
            },
        },
    ],
    "game_view": {},
    "result": None,
}
RENDER = """async (view) => {
  const { renderActions } = await import("/js/actions.js");
  const { rendererFor } = await import("/js/games/index.js");
  const renderer = await rendererFor(view.game);
  window.sent = [];
  const session = { busy: false, act: async (type, params) => window.sent.push({ type, params }) };
  document.querySelector("main#app").replaceChildren(renderActions(view, session, {
    labelFor: (name, value) => renderer.choiceLabel(name, value, view),
    confirmText: () => null,
  }));
}"""


def test_corrections_fold_away_and_start_at_the_counts_the_app_holds(devices, watch):
    page = devices.phone("corrections")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    page.evaluate(RENDER, CORRECTING)
    assert page.locator("fieldset.actions > button[data-type='end_turn']").is_visible()
    folded = page.locator("details.corrections")
    assert folded.count() == 1 and folded.get_attribute("open") is None
    assert not page.locator("form[data-type='correct']").is_visible()
    folded.locator("> summary").click()
    # each group of counts is one more line, its form behind it
    folded.locator("details.correction > summary").first.click()
    form = page.locator("form[data-type='correct']")
    assert form.locator(".stepper output").all_text_contents() == ["2", "1"]
    assert form.get_by_role("radiogroup", name="Ruth").count() == 1  # the server's label
    form.get_by_role("radiogroup", name="Lily").get_by_text("0", exact=True).click()
    for group in form.locator("fieldset.param").all():
        radio = group.locator("label.chip")
        if radio.count():
            radio.first.click()
    form.locator("button[type=submit]").click()
    assert page.evaluate("window.sent") == [
        {
            "type": "correct",
            "params": {"group": "wounds", "counts": {"ruth": 2, "lily": 0}, "why": "miscount"},
        }
    ]
    assert not watch.errors, watch.errors


def test_ZC_1_ending_the_turn_with_a_goal_done_is_one_tap(devices, watch):
    """Issue 17: while the mission has goals to tick off, ending the turn is two buttons, the
    second ticking a goal off with the same tap (no separate "goal done" button)."""
    page = devices.phone("goal")
    page.goto("/")
    page.wait_for_selector("main#app[data-ready='1']")
    view = {
        **CORRECTING,
        "actions": [
            {
                "type": "end_turn",
                "label": "End Ruth's turn",
                "params": {
                    "goal": {
                        "choices": ["no", "done"],
                        "labels": ["End the turn", "End the turn: a mission goal is done (1 left)"],
                    }
                },
            }
        ],
    }
    page.evaluate(RENDER, view)
    group = page.locator("fieldset.actions > [data-type='end_turn']")
    assert group.locator("button").all_text_contents() == [
        "End the turn",
        "End the turn: a mission goal is done (1 left)",
    ]
    group.get_by_role("button", name="End the turn: a mission goal is done (1 left)").click()
    assert page.evaluate("window.sent") == [{"type": "end_turn", "params": {"goal": "done"}}]
    assert not watch.errors, watch.errors


def test_issue17_b_one_phone_takes_all_six_and_the_host_shares_them_out(devices, watch):
    """Defect b: Ana's phone takes all six. Ben has nothing to do and is not waited on: his
    phone says whom it waits for and what they must do, never himself; the host's share-out
    (no "are you sure?") gives each player three, and the team starts."""
    laptop, phones = open_table_with_the_team(devices)
    pages = [laptop, *phones]
    wait_all(pages, 2)
    act(laptop, pages, laptop.locator("button[data-type='start']"), confirm=True)
    ana, ben = phones
    for survivor in ("Ruth", "Karim", "Nadia", "Owen", "Lily", "Tom"):
        act(ana, pages, button(ana, "take_survivor", f"{survivor} ("))
    assert ben.locator("fieldset.actions [data-type]").count() == 0
    heading = ben.text_content(".prompt h2")
    assert "Ana" in heading and "Ben" not in heading, heading
    text = ben.text_content(".prompt-text")
    assert text == (
        "The team is full, but a player has no survivor: Ana can give one back, or the host "
        "shares the team out evenly."
    )
    assert "Ben" not in laptop.text_content(".hero-who")
    share = button(laptop, "deal_evenly")
    assert share.text_content() == "Share the team out evenly between the players"
    act(laptop, pages, share)
    for phone in phones:
        phone.wait_for_selector(".zc-mine .zc-survivor")
        assert phone.locator(".zc-mine .zc-survivor").count() == 3
    # Shared out evenly: the team is done without a question; the card sets are the options'.
    assert laptop.locator("fieldset.actions [data-type='add_zone']").count() >= 1
    assert not watch.errors, watch.errors


# --- issue 26: the inventory in one tap, destructive answers apart, the room reads it, French --


def http(url, code, token, kind=None, **params):
    """GET the bearer's view, or POST one action (``kind``) and return the new view."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if kind is None:
        return requests.get(f"{url}/api/tables/{code}", headers=headers, timeout=10).json()
    response = requests.post(
        f"{url}/api/tables/{code}/actions",
        json={"type": kind, "params": params},
        headers=headers,
        timeout=10,
    )
    assert response.status_code == 201, response.text
    return response.json()["view"]


def api_zombicide(url, crates=0, red=1):
    """A Zombicide table set up through the API: Ana runs Ruth, Karim, Lily; Ben Nadia, Owen,
    Tom; one red objective, two red zones, a building. Returns (code, {0: host, 1, 2})."""
    created = requests.post(f"{url}/api/tables", json={"game": "zombicide"}, timeout=10).json()
    code = created["code"]
    tokens = {0: created["host_token"]}
    for seat, name in ((1, "Ana"), (2, "Ben")):
        joined = requests.post(f"{url}/api/tables/{code}/seats", json={"name": name}, timeout=10)
        tokens[seat] = joined.json()["token"]
    host = tokens[0]
    http(url, code, host, "start")
    for seat, names in ((1, ("ruth", "karim", "lily")), (2, ("nadia", "owen", "tom"))):
        for sid in names:
            http(url, code, tokens[seat], "take_survivor", survivor=sid)
    http(url, code, host, "add_zone", colour="red")
    http(url, code, host, "add_zone", colour="red")
    http(url, code, host, "add_building", dark_rooms=2, start="closed")
    mission = {"red": red, "blue": 0, "green": 0, "crates": crates, "goals": 0}
    http(url, code, host, "mission", objectives=mission)
    return code, tokens


def open_as(page, code, token, *, host=False, lang=None):
    """The table screen (``host``) or a seat's phone, for a table made through the API."""
    page.goto("/")
    entry = {"host": token} if host else {"seat": token}
    page.evaluate(
        "([code, entry, lang]) => { localStorage.setItem('tableapp:tables',"
        " JSON.stringify({[code]: entry}));"
        " if (lang) localStorage.setItem('tableapp:lang', lang); }",
        [code, entry, lang],
    )
    page.goto(f"/table/{code}" if host else f"/join/{code}")
    screen_ = "table" if host else "player"
    page.wait_for_selector(f"main#app[data-ready='1'][data-screen='{screen_}']")
    return page


def whose_turn(url, code):
    public = http(url, code, None)
    (seat,) = public["prompt"]["waiting_for"]
    playing = next(s for s in public["game_view"]["survivors"] if s["playing"])
    return seat, playing


def test_ZC_16_a_card_moves_between_hand_and_backpack_in_one_tap(devices, live_server, watch):
    """Issue 26: each card of the survivor playing has its move, one tap: "→ backpack", then
    "→ hand" (the cost the rules give says on the buttons' heading: free right after a
    search, ZC-14); no form, no second question."""
    url = live_server.url
    code, tokens = api_zombicide(url)
    seat, playing = whose_turn(url, code)
    http(url, code, tokens[seat], "search")  # a second card: the find, in a free slot
    phone = open_as(devices.phone("mover"), code, tokens[seat])
    card = playing["inventory"][0]["card"]
    moves = phone.locator("fieldset.actions [data-type='move_card']")
    moves.first.wait_for()
    heading = moves.first.locator(".action-label").text_content()
    name = playing["name"]
    assert heading == f"Rearrange {name}'s inventory (free after a search)"
    to_pack = phone.locator(
        f"fieldset.actions button[data-type='move_card'][data-value='\"{card['id']}>pack\"']"
    )
    assert to_pack.text_content() == f"{card['name']} → backpack"
    act(phone, [phone], to_pack)
    mine = phone.locator(f".zc-mine .zc-survivor[data-survivor='{playing['id']}']")
    assert mine.locator(f".zc-slot[data-slot^='pack'][data-card='{card['id']}']").count() == 1
    heading = phone.locator("fieldset.actions [data-type='move_card'] .action-label").first
    assert heading.text_content().endswith("(free after a search)")  # until another action
    back = phone.locator(
        f"fieldset.actions button[data-type='move_card'][data-value='\"{card['id']}>hand\"']"
    )
    act(phone, [phone], back)
    assert mine.locator(f".zc-slot[data-slot^='hand'][data-card='{card['id']}']").count() == 1
    assert phone.locator("form[data-type='move_card']").count() == 0  # buttons, not a form
    assert not watch.errors, watch.errors


#: Every visible text under ``selectors``: its text and its computed size in px.
TEXT_SIZES = """(selectors) => {
  const out = [];
  for (const root of document.querySelectorAll(selectors)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el || !el.getClientRects().length) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      out.push([text, parseFloat(style.fontSize), el.className || el.tagName]);
    }
  }
  return out;
}"""

#: What the table argues about on a Zombicide table screen (issue 26): survivor cards, their
#: weapons and inventory, the attack, the mission's set-up lines, the host's set-up forms, the
#: last ruling's reason.
ROOM = (
    ".zc-survivor, .zc-slot, .zc-last, .zc-attack, .zc-mission, .zc-board,"
    " .now fieldset.actions > :not(.corrections), .ruling-now .reason"
)


def test_issue26_the_room_reads_zombicide_at_24px_or_more(devices, live_server, shots, watch):
    """At 1366×768, on a live table: the set-up (the host's forms, the survivors to take),
    then play (survivor cards with their inventory, the last attack, the mission lines, the
    last ruling's reason): every visible text there measures at least 24 px."""
    url = live_server.url
    created = requests.post(f"{url}/api/tables", json={"game": "zombicide"}, timeout=10).json()
    code, host = created["code"], created["host_token"]
    for name in ("Ana", "Ben"):
        requests.post(f"{url}/api/tables/{code}/seats", json={"name": name}, timeout=10)
    http(url, code, host, "start")
    laptop = open_as(devices.laptop("room", viewport={"width": 1366, "height": 768}), code, host,
                     host=True)  # fmt: skip
    small = [t for t in laptop.evaluate(TEXT_SIZES, ROOM) if t[1] < 24]
    assert not small, small[:10]
    code, tokens = api_zombicide(url, crates=2, red=2)
    seat, playing = whose_turn(url, code)
    http(url, code, tokens[seat], "search")
    http(url, code, tokens[seat], "open_crate")
    laptop = open_as(devices.laptop("room2", viewport={"width": 1366, "height": 768}), code,
                     tokens[0], host=True)  # fmt: skip
    laptop.locator(".zc-survivor .zc-slot").first.wait_for()
    sizes = laptop.evaluate(TEXT_SIZES, ROOM)
    assert len(sizes) > 40 and any(".zc-slot" in str(s) or "zc" in s[2] for s in sizes)
    small = [t for t in sizes if t[1] < 24]
    shots(laptop, "zc-table-room-1366", full_page=False)
    assert not small, small[:10]
    every = laptop.evaluate(TEXT_SIZES, ".game-state.zc")
    under = sum(1 for t in every if t[1] < 18) / len(every)
    print(f"Zombicide table screen: {len(every)} texts, {under:.0%} under 18 px")
    assert under == 0
    assert not watch.errors, watch.errors


#: The texts a Zombicide screen shows: its own parts, its questions and buttons, the prompt,
#: the steps on the board, the ruling (the log's Zombicide lines are read from the API).
FRENCH_PARTS = (
    ".game-state.zc, fieldset.actions > :not(.corrections), .prompt, .now, .board-steps,"
    " .ruling-now"
)
TEXTS = """(selectors) => [...document.querySelectorAll(selectors)].map((e) => e.innerText)"""
BUTTONS = """() => [...document.querySelectorAll(
  "fieldset.actions button, fieldset.actions .action-label, fieldset.actions label.chip")]
  .map((e) => e.innerText.trim()).filter(Boolean)"""


def french_faults(texts):
    """Each French typography fault of the page texts: an ordinary space (or none) before
    : ; ! ?, a straight apostrophe — a name's elision (d’Owen) included
    (tableapp.texts.typography)."""
    from tableapp.texts.typography import problems

    return [p for text in texts for line in text.splitlines() for p in problems(line)]


def repeated_phrases(labels):
    """A button or label repeating a phrase ("aucun à portée, aucun à portée et …")."""
    out = []
    for label in labels:
        parts = [p.strip() for p in re.split(r",| et | and |:|\u00a0:", label) if p.strip()]
        twice = {p for p in parts if parts.count(p) > 1 and len(p) > 3 and not p.isdigit()}
        if twice:
            out.append((label, sorted(twice)))
    return out


def test_issue26_zombicide_in_french_reads_right_on_every_screen(devices, live_server, watch):
    """The page text itself, not only the catalogues: the set-up on the table screen, a
    survivor's turn, a full inventory's question, the attack form, the Zombies' attacks, the
    spawn and the mission lines — in French, a no-break space before : ; ! ?, a typographic
    apostrophe, no phrase repeated in a button."""
    url = live_server.url
    created = requests.post(f"{url}/api/tables", json={"game": "zombicide"}, timeout=10).json()
    code, host = created["code"], created["host_token"]
    tokens = {0: host}
    for seat, name in ((1, "Ana"), (2, "Ben")):
        joined = requests.post(f"{url}/api/tables/{code}/seats", json={"name": name}, timeout=10)
        tokens[seat] = joined.json()["token"]
    http(url, code, host, "start")
    laptop = open_as(devices.laptop("fr-table"), code, host, host=True, lang="fr")
    phones = {s: open_as(devices.phone(f"fr-{s}"), code, tokens[s], lang="fr") for s in (1, 2)}
    pages = [laptop, *phones.values()]
    seen, labels = [], []

    def look(view):
        wait_all(pages, view["seq"], within=5)
        for page in pages:
            seen.extend(page.evaluate(TEXTS, FRENCH_PARTS))
            labels.extend(page.evaluate(BUTTONS))

    look(http(url, code, host))
    for seat, names in ((1, ("ruth", "karim", "lily")), (2, ("nadia", "owen", "tom"))):
        for sid in names:
            view = http(url, code, tokens[seat], "take_survivor", survivor=sid)
    look(view)
    http(url, code, host, "add_zone", colour="red")
    look(http(url, code, host, "add_zone", colour="blue"))
    look(http(url, code, host, "add_building", dark_rooms=2, start="closed"))
    mission = {"red": 2, "blue": 1, "green": 0, "crates": 5, "goals": 1}
    look(http(url, code, host, "mission", objectives=mission))
    # The table is the truth: four Walkers on the board (a correction), so the Zombies attack.
    spec = next(a for a in http(url, code, host)["actions"] if a["type"] == "correct"
                and a["params"]["group"]["choices"] == ["zombies"])  # fmt: skip
    counts = {k: b["value"] for k, b in spec["params"]["counts"]["counts"].items()}
    http(url, code, host, "correct", group="zombies", counts={**counts, "walker": 4}, why="other")
    seat, playing = whose_turn(url, code)
    token = tokens[seat]
    for _ in range(4):  # the four free slots fill up, a fifth card waits: keep or leave
        view = http(url, code, token, "open_crate")
    look(view)
    look(http(url, code, token, "open_crate"))
    assert "leave" in [a["type"] for a in http(url, code, token)["actions"]]
    look(http(url, code, token, "leave"))
    other = next(s for s in http(url, code, None)["game_view"]["survivors"] if s["owner"] != seat)
    card = playing["inventory"][0]["card"]["id"]
    look(http(url, code, token, "trade", card=card, to=other["id"]))  # who has room
    # Through the round to the Zombies: attacks asked of each phone, a spawn shown.
    attacked = False
    for _ in range(60):
        public = http(url, code, None)
        waiting = public["prompt"]["waiting_for"]
        if "wounds" in [
            a["type"] for s in waiting if s for a in http(url, code, tokens[s])["actions"]
        ]:
            look(public)
            break
        seat = next(s for s in waiting if s)
        offered = {a["type"]: a for a in http(url, code, tokens[seat])["actions"]}
        if "ranged" in offered and not attacked:
            attacked = True
            # a survivor with two ranged weapons is asked which (one: it is derived)
            weapon = offered["ranged"]["params"].get("weapon")
            chosen = {"weapon": weapon["choices"][0]} if weapon else {}
            look(http(url, code, tokens[seat], "ranged", **chosen))
            spec = next(
                a for a in http(url, code, tokens[seat])["actions"] if a["type"] == "attack"
            )
            zombies = {k: min(1, b["max"]) for k, b in spec["params"]["zombies"]["counts"].items()}
            params = {"zombies": zombies, "allies": [], "hits": 1}
            look(http(url, code, tokens[seat], "attack", **params))
        elif "end_turn" in offered:
            goal = {"goal": "no"} if "goal" in offered["end_turn"]["params"] else {}
            look(http(url, code, tokens[seat], "end_turn", **goal))
        else:
            look(http(url, code, tokens[seat], next(iter(offered))))
    else:
        pytest.fail(f"no Zombies' attack: {http(url, code, None)['prompt']}")
    log = requests.get(
        f"{url}/api/tables/{code}/log", headers={"Accept-Language": "fr"}, timeout=10
    ).json()["entries"]
    seen += [
        e["text"] + " " + (e.get("reason_text") or "")
        for entry in log
        for e in entry["events"]
        if e.get("msg", "").startswith("zc.")
    ]
    joined = "\n".join(seen)
    for piece in ("Objectifs", "Zones d’invasion", "Réorganiser l’inventaire", "Laisser"):
        assert piece in joined, piece
    assert not french_faults(seen), sorted(set(french_faults(seen)))[:20]
    assert not repeated_phrases(labels), repeated_phrases(labels)[:6]
    assert not watch.errors, watch.errors


def test_ZC_16_the_destructive_answer_is_never_the_default_nor_the_big_button(
    devices, live_server, shots, watch
):
    """Issue 26: a full inventory asks once which card the find replaces; "Leave … (discard
    it)" is a small button apart, after the keep buttons, never preselected nor the largest;
    discards sit apart after every move of the turn (never under the survivor's buttons)."""
    url = live_server.url
    code, tokens = api_zombicide(url, crates=5)
    seat, playing = whose_turn(url, code)
    for _ in range(5):  # four crates fill the free slots, the fifth card waits
        http(url, code, tokens[seat], "open_crate")
    phone = open_as(devices.phone("leaver"), code, tokens[seat])
    leave = phone.locator("fieldset.actions button[data-type='leave']")
    leave.wait_for()
    keep = phone.locator("fieldset.actions button[data-type='keep']")
    assert keep.count() >= 2  # the cards it may replace, one tap each
    assert leave.text_content().startswith("Leave ") and "(discard it)" in leave.text_content()
    classes = leave.get_attribute("class").split()
    assert "destructive" in classes and "primary" not in classes
    assert all("primary" not in (k.get_attribute("class") or "") for k in keep.all())
    order = phone.evaluate(
        "() => [...document.querySelectorAll('fieldset.actions button')].map(b => b.dataset.type)"
    )
    assert order.index("leave") > max(i for i, t in enumerate(order) if t == "keep")
    area = lambda b: b.bounding_box()["width"] * b.bounding_box()["height"]  # noqa: E731
    assert area(leave) < max(area(k) for k in keep.all())
    shots(phone, "zc-phone-full-inventory")
    # Back to the turn: the discards come after every move of the turn, small and apart.
    act(phone, [phone], leave)
    phone.locator("fieldset.actions button[data-type='end_turn']").wait_for()
    order = phone.evaluate(
        "() => [...document.querySelectorAll("
        "'fieldset.actions > :not(.corrections) button[data-type]')].map(b => b.dataset.type)"
    )
    discards = [i for i, t in enumerate(order) if t == "discard"]
    others = [i for i, t in enumerate(order) if t != "discard"]
    assert discards and min(discards) > max(others), order
    for b in phone.locator("fieldset.actions button[data-type='discard']").all():
        assert "destructive" in b.get_attribute("class").split()
    assert not watch.errors, watch.errors
