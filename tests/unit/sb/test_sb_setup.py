"""Setting up Student Bodies (rules/student-bodies.txt, "Setting Up the Game", "Set Difficulty",
"Playing the Game"; SB-S1 to SB-S7) and its content pack."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from sb_support import (
    GAME,
    NAMES,
    PACK,
    act,
    deal,
    reason_of,
    rulings,
    stage,
    texts,
    waiting,
)

from tableapp.engine import HOST, Rng, RuleError
from tableapp.engine.game import validate_options
from tableapp.games.student_bodies import content, setup
from tableapp.games.student_bodies.setup import level_counts
from tests.texts import english, french

CHART = {  # SB-S4, from the rule text: (Level 1, Level 2, Level 3)
    "easy": {2: (0, 6, 5), 3: (3, 6, 2), 4: (4, 6, 1), 5: (5, 5, 1)},
    "intermediate": {2: (0, 5, 6), 3: (2, 5, 4), 4: (3, 5, 3), 5: (4, 6, 1)},
    "hard": {2: (0, 3, 8), 3: (0, 4, 7), 4: (0, 6, 5), 5: (0, 7, 4)},
}


def _dealt(players, seed=b"setup", **options):
    return GAME.begin(
        content=PACK,
        variant=None,
        options=options,
        seats=list(range(1, players + 1)),
        rng=Rng(seed.ljust(32, b"."), 0),
    )


def test_SB_S1_two_hallway_cards_shown_lab_and_exit_sealed():
    state, events = _dealt(3)
    hallway = state["scenario"]["hallway"]
    assert len(hallway) == len(set(hallway)) == 2
    assert set(hallway) <= set(state["content"]["scenario"]["hallway"])
    shown = [e for e in events if e["msg"] == "sb.setup.hallway"]
    assert [e["hallway"] for e in shown] == hallway and {e["rule"] for e in shown} == {"SB-S1"}
    card = state["content"]["scenario"]["hallway"][hallway[0]]
    line = english(shown[0], NAMES)
    assert (
        line.startswith(f"Hallway card {card['name']}: place ") and f"{card['obstacles']}" in line
    )
    lab, exit_ = state["sealed"]["lab"], state["sealed"]["exit"]
    assert (
        lab in state["content"]["scenario"]["lab"] and exit_ in state["content"]["scenario"]["exit"]
    )
    for viewer in (None, 1, 2, 3):
        view = GAME.view(state, viewer)
        assert view["scenario"]["lab"] is None and view["scenario"]["exit"] is None
        assert lab not in str(view) and exit_ not in str(view)
    assert all(lab not in str(e) and exit_ not in str(e) for e in events)
    assert "sb.setup.sealed" in [e["msg"] for e in events]


def test_SB_S1_different_deals_draw_different_scenarios():
    seen = {tuple(_dealt(2, seed=f"s{i}".encode())[0]["scenario"]["hallway"]) for i in range(12)}
    assert len(seen) > 6


def dealt_deck(state):
    """The zombie deck as dealt: the draw pile, and the first turn's card already drawn."""
    deck = state["zombie_deck"]
    drawn = [state["zombie_card"]] if state["zombie_card"] is not None else []
    return [*deck["draw"], *deck["discard"], *drawn]


def test_SB_S2_reserves_and_pool_count_18_standees():
    state, events = _dealt(4)
    z = state["zombies"]
    placed = sum(
        min(state["content"]["scenario"]["hallway"][k]["zombies"], 10)
        for k in state["scenario"]["hallway"]
    )
    # The first turn's zombie card may already have spawned some from the pool (SB-Z4).
    spawned = z["board"] - placed
    assert spawned >= 0 and (z["lab"], z["exit"], z["pool"]) == (4, 4, 10 - placed - spawned)
    assert sum(z[k] for k in ("board", "pool", "lab", "exit")) == 18
    (event,) = [e for e in events if e["msg"] == "sb.setup.reserves"]
    assert event["rule"] == "SB-S2" and "4 zombies wait in the Lab" in english(event["reason"])


@pytest.mark.parametrize("players, wanted", [(2, 6), (3, 6), (4, 6), (5, 7)])
def test_SB_S3_beaker_mix_per_player_count(players, wanted):
    mix = {r["kind"]: r["count"] for r in PACK["box"]["beakers_mix"]}
    kinds_seen: Counter = Counter()
    for i in range(30):
        state, events = _dealt(players, seed=f"beakers{players}-{i}".encode())
        left = state["beakers"]["left"]
        assert sum(left.values()) == wanted == state["beaker_info"]["total"]
        assert left["antidote"] >= players, "one Antidote per player is set aside first"
        assert all(left[k] <= mix[k] for k in mix), "never more of a kind than the box holds"
        kinds_seen.update(k for k, n in left.items() if n)
        # SB-S3: the selection is secret: no view holds the mix.
        for viewer in (None, 1):
            assert set(GAME.known_to(state, viewer)["beakers"]["left"].values()) == {None}
    assert len(kinds_seen) >= 5, "the others are drawn at random from the whole box"
    (event,) = [e for e in events if e["msg"] == "sb.setup.beakers"]
    assert event["rule"] == "SB-S3" and event["beakers"] == wanted


@pytest.mark.parametrize("difficulty", ["easy", "intermediate", "hard"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_SB_S4_zombie_deck_follows_the_chart(players, difficulty):
    state, events = _dealt(
        players, seed=f"deck{players}{difficulty}".encode(), difficulty=difficulty
    )
    levels = Counter(state["content"]["zombie_cards"][c]["level"] for c in dealt_deck(state))
    one, two, three = CHART[difficulty][players]
    assert levels == Counter({"base": 10, "1": one, "2": two, "3": three}) - Counter()
    assert len(dealt_deck(state)) == 21 and len(state["zombie_deck"]["box"]) == 19
    (event,) = [e for e in events if e["msg"] == "sb.setup.zombie_deck"]
    assert event["rule"] == "SB-S4"
    assert event["mix"] == {"base": 10, "1": one, "2": two, "3": three}
    assert GAME.view(state, 1)["decks"]["zombie"] == 20  # the first turn's card is drawn
    assert set(GAME.known_to(state, None)["zombie_deck"]["draw"]) == {None}  # order is secret


def test_SB_S4_level_counts_come_from_the_content_chart():
    cat = content.table_content(PACK)
    for difficulty, rows in CHART.items():
        for players, (one, two, three) in rows.items():
            got = level_counts(cat, {"difficulty": difficulty}, players)
            assert got == {"base": 10, "1": one, "2": two, "3": three}


def test_SB_S4_custom_mix_is_set_by_the_host_and_must_make_11():
    options = {"difficulty": "custom", "custom_level1": 0, "custom_level2": 3, "custom_level3": 8}
    state, _ = _dealt(3, **options)
    levels = Counter(state["content"]["zombie_cards"][c]["level"] for c in dealt_deck(state))
    assert levels == Counter({"base": 10, "2": 3, "3": 8})
    with pytest.raises(RuleError) as caught:
        validate_options(GAME.options, {**options, "custom_level3": 7})
    assert (caught.value.code, caught.value.rule) == ("custom_mix", "SB-S4")
    assert english(caught.value.message) == (
        "A custom zombie deck needs 11 level cards; these counts give 10."
    )
    # The counts only matter for a custom deck.
    assert validate_options(GAME.options, {"difficulty": "hard", "custom_level3": 0})
    with pytest.raises(RuleError):
        _dealt(3, difficulty="custom", custom_level1=11, custom_level2=1, custom_level3=0)


def test_SB_S5_corpse_tokens_are_a_face_down_pool_of_20():
    state, events = _dealt(2)
    c = state["corpses"]
    assert c["left"] == {"item": 10, "empty": 5, "bite": 5} and sum(c["used"].values()) == 0
    placed = sum(
        state["content"]["scenario"]["hallway"][k]["corpses"] for k in state["scenario"]["hallway"]
    )
    assert c["board"] == placed
    assert [e["rule"] for e in events if e["msg"] == "sb.corpse.placed"] == ["SB-S5", "SB-S5"]


def test_SB_S6_decks_items_and_private_hands_of_five():
    state, events = _dealt(3)
    assert len(state["content"]["cards"]) == 82 and len(state["content"]["items"]) == 23
    assert all(c.count("#") == 1 for c in state["content"]["cards"])  # one id per physical card
    for seat in (1, 2, 3):
        hand = state["hands"][str(seat)]
        assert len(hand) == 5
        ready = [i for i in state["items"][str(seat)]["ready"] if i]
        assert len(ready) == 1
        if state["content"]["items"][ready[0]]["weapon"]:
            assert state["items"][str(seat)]["ready"][0] == ready[0]  # in the Weapon slot
        mine = GAME.view(state, seat)
        assert [c["id"] for c in mine["hand"]] == hand
        other = GAME.view(state, seat % 3 + 1)
        assert all(c not in str(other) for c in hand)
        # Declared private: the rules never see another seat's hand when they answer for one.
        assert set(GAME.known_to(state, seat % 3 + 1)["hands"][str(seat)]) == {None}
        assert set(GAME.known_to(state, None)["hands"][str(seat)]) == {None}
        assert GAME.known_to(state, seat)["hands"][str(seat)] == hand
        assert other["players"][seat - 1]["hand_count"] == 5
    dealt = [e for e in events if e["msg"] == "sb.setup.hand"]
    assert [sorted(e["private"]) for e in dealt] == [["1"], ["2"], ["3"]]
    assert all("cards" not in e for e in dealt)  # the public part names no card
    assert len(state["item_deck"]["draw"]) == 20 and len(state["main"]["draw"]) == 82 - 15


def test_SB_S7_first_bite_rolled_clockwise_starts():
    for i in range(8):
        state, events = _dealt(4, seed=f"first{i}".encode())
        rolls = [e for e in events if e["msg"] == "sb.first.roll"]
        assert [r["seat"] for r in rolls] == [[1, 2, 3, 4][n % 4] for n in range(len(rolls))]
        assert [r["face"] for r in rolls][:-1].count("bite") == 0 and rolls[-1]["face"] == "bite"
        assert state["first"] == state["turn"] == rolls[-1]["seat"]
        (started,) = [e for e in events if e["msg"] == "sb.first.starts"]
        assert started["rule"] == "SB-S7" and started["seat"] == state["first"]
        assert reason_of(events, "sb.first.starts").startswith("The zombie die goes clockwise")


def test_SB_S7_with_the_table_die_the_first_seat_reports_the_first_bite():
    state, _ = _dealt(3, table_die=True)
    assert waiting(state) == ("first_bite", [1])
    state, events = act(state, 1, "first_bite", seat=3)
    assert state["first"] == state["turn"] == 3
    assert "SB-S7" in rulings(events)
    assert texts(events)[0] == "Emily reports that Abigail rolled the first Bite."
    assert texts(events)[1].startswith("Abigail rolled the first Bite and plays first")


def test_SB_S_content_pack_is_valid_and_says_it_is_reconstructed():
    assert GAME.validate_content(PACK) == []
    from tableapp.content import pack_dir

    for name in ("main_deck", "items", "zombie_deck", "scenario"):
        text = (pack_dir("student-bodies") / f"{name}.toml").read_text(encoding="utf-8")
        assert "RECONSTRUCTED" in text and "edit it to match your box" in text
    names = {c["name"] for c in PACK["main_deck"]["cards"]}
    assert {
        "Mad Dash",
        "Charge",
        "Block",
        "Duck N Roll",
        "Juke",
        "Pay Back",
        "Clothesline",
        "Back Off",
        "Second Wind",
        "YOINK",
        "Stupid Zombies",
    } <= names
    assert {"Bag o Dice", "Lunch Box", "Bocce Ball"} <= {i["name"] for i in PACK["items"]["items"]}
    assert french({"msg": "sb.hit.bite", "args": {}}, sentence=False) == "morsure"


@pytest.mark.parametrize(
    "file, path, value, problem",
    [
        ("main_deck", ("cards", 0, "name_fr"), "", "main_deck.toml: cards[0].name_fr must be"),
        ("main_deck", ("cards", 0, "copies"), 6, "main_deck.toml: the copies add up to 83 cards"),
        (
            "main_deck",
            ("cards", 0, "cost"),
            3,
            "main_deck.toml: cards[0].cost must be a whole number from 0 to 2 (card: Mad Dash)",
        ),
        ("main_deck", ("cards", 0, "effects"), [{"fly": 2}], "main_deck.toml: cards[0].effects[0]"),
        (
            "main_deck",
            ("cards", 4, "icons"),
            [],
            "main_deck.toml: cards[4].icons must show 'attack'",
        ),
        (
            "items",
            ("items", 0, "weapon"),
            "yes",
            "items.toml: items[0].weapon must be true or false (card: ",
        ),
        ("zombie_deck", ("cards", 0, "icons"), ["bite"], "zombie_deck.toml: cards[0].icons"),
        ("difficulty", ("hard", "2", "3"), 9, "difficulty.toml: hard.2 deals 12 level cards"),
        ("difficulty", ("base",), 9, "difficulty.toml: base is 9, the Zombie deck holds 10"),
        ("scenario", ("lab", 0, "zombies"), 5, "scenario.toml: lab[0].zombies must be"),
        ("box", ("beakers_mix", 0, "count"), 4, "box.toml: beakers_mix the counts add up to 12"),
        ("box", ("health",), 0, "box.toml: health must be a whole number from 1 to 9"),
        ("box", ("die",), [{"face": "miss", "name": "M", "name_fr": "R"}], "box.toml: die must"),
    ],
)
def test_SB_S_validate_content_names_the_file_and_the_field(file, path, value, problem):
    pack = copy.deepcopy(PACK)
    node = pack[file]
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    problems = [english(p, sentence=False) for p in GAME.validate_content(pack)]
    assert any(p.startswith(problem) for p in problems), problems
    missing = GAME.validate_content({k: v for k, v in PACK.items() if k != "items"})
    assert [english(p, sentence=False) for p in missing] == ["items.toml: the file is missing"]


def test_SB_S6_a_pack_problem_names_the_card_in_french():
    pack = copy.deepcopy(PACK)
    pack["main_deck"]["cards"][0]["cost"] = 3
    (found,) = GAME.validate_content(pack)
    assert found["msg"] == "pack.named"
    assert french(found, sentence=False) == (
        "main_deck.toml: cards[0].cost doit être un nombre entier de 0 à 2 (carte : Course folle)"
    )


def test_SB_S4_a_custom_level_count_above_what_the_level_holds_is_refused():
    sizes = content.level_sizes(PACK["zombie_deck"])
    assert sizes["1"] == sizes["2"] == sizes["3"] == setup.LEVEL_CARDS
    only_level3 = {"difficulty": "custom", "custom_level1": 0, "custom_level2": 0}
    with pytest.raises(RuleError) as refused:
        validate_options(GAME.options, {**only_level3, "custom_level3": 11})
    assert refused.value.rule == "SB-S4" and refused.value.code == "custom_mix"
    assert english(refused.value.message) == (
        "A custom zombie deck cannot take 11 Level 3 cards: the box holds 10 of that level."
    )
    assert validate_options(
        GAME.options,
        {"difficulty": "custom", "custom_level1": 1, "custom_level2": 0, "custom_level3": 10},
    )
    # A pack of your own with a smaller level: refused with the rule when the game starts.
    small = copy.deepcopy(PACK)
    row = next(r for r in small["zombie_deck"]["cards"] if r["level"] == "3")
    row["copies"] -= 1
    fine = {**only_level3, "custom_level1": 1, "custom_level3": 10}
    with pytest.raises(RuleError) as at_setup:
        GAME.begin(
            content=small,
            variant=None,
            options=validate_options(GAME.options, fine),
            seats=[1, 2],
            rng=Rng(b"x" * 32, 0),
        )
    assert at_setup.value.rule == "SB-S4"
    assert "the box holds 9" in english(at_setup.value.message)


def test_setup_view_for_every_viewer_and_the_host():
    state = deal(3)
    table = GAME.view(state, None)
    assert table["me"] is None and table["hand"] == []
    assert GAME.view(state, HOST)["hand"] == []
    assert {p["seat"] for p in table["players"]} == {1, 2, 3}
    assert all(p["health"] == 5 and p["stamina"] == 3 for p in table["players"])
    assert (
        table["zombies"]["lab"] == 4
        and table["corpses"]["supply"] == 20 - table["corpses"]["board"]
    )
    assert [line["key"] for line in table["priority"]] == ["down", "adjacent", "closer", "lateral"]
    assert GAME.legal_actions(state, HOST)[0]["type"] == "correct"
    staged = stage(state, {"kind": "turn_start", "seat": 2})[0]
    assert staged["turn"] == 2 and staged["zombie_card"] is not None  # drawn without a tap
