"""Setup of Eat Zem All (rules/eat-zem-all.txt, "Setup"; EZA-S1..S9, EZA-V4)."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from eza_support import GAME, PACK, act, deal, rng, said, waiting

from tableapp.engine import RuleError


def checklist(state: dict) -> list[str]:
    return [said(line) for line in state["checklist"]]


def test_EZA_S1_house_defense_cubes_and_cemetery_tombstones():
    house = deal("house", keep=False)
    openings = {o["id"]: o for o in PACK["house"]["opening"]}
    assert house["defenses"]["front-door"] == 3
    windows = [o for o in openings.values() if o["kind"] == "window"]
    assert all(house["defenses"][o["id"]] == 2 for o in windows)
    assert house["defense_box"] == 30 - 3 - 2 * len(windows)
    cemetery = deal("cemetery", seats=(1, 2), keep=False)
    # 12 open tombs get a Tombstone; 2 Hordes then put 3 Zombies each on closed tombs (EZA-S8).
    assert cemetery["tombstones"] == {"on_board": 12 - 6, "box": 27 - 12 + 6}
    assert "Put 1 Tombstone token on each open tomb (EZA-S1)." in checklist(cemetery)
    with pytest.raises(RuleError) as error:
        GAME.setup(content=PACK, variant="moon", options={}, seats=[1, 2], rng=rng())
    assert error.value.code == "unknown_variant"  # the House or the Cemetery side only


def test_EZA_S2_only_the_chosen_sides_human_deck():
    for side, size in (("house", 23), ("cemetery", 19)):
        state = deal(side, keep=False)
        cards = state["human_cards"]["deck"]
        assert len(cards) == size + 2
        humans = [c for c in cards if c in state["content"]["human_cards"]]
        assert len(humans) == size and all(c.startswith(side) for c in humans)
        assert not any(c.startswith("event-") and side not in c for c in cards)


@pytest.mark.parametrize(
    "difficulty, zombie, human", [("easy", 2, 0), ("hard", 1, 1), ("expert", 0, 2)]
)
def test_EZA_S3_difficulty_picks_the_two_events(difficulty, zombie, human):
    state = deal("house", keep=False, difficulty=difficulty)
    events = state["content"]["events"]
    in_deck = Counter(events[c]["kind"] for c in state["human_cards"]["deck"] if c in events)
    assert in_deck == Counter({"zombie": zombie, "human": human}) - Counter()
    assert len(state["human_cards"]["reserve"]) == 6


def test_EZA_S3_random_difficulty_shuffles_two_events_in():
    state = deal("cemetery", keep=False)
    events = state["content"]["events"]
    assert sum(1 for c in state["human_cards"]["deck"] if c in events) == 2
    assert len(state["human_cards"]["reserve"]) == 6


def test_EZA_V4_longer_games_start_with_four_human_events():
    state = deal("house", keep=False, longer_games=True)
    events = state["content"]["events"]
    in_deck = [events[c]["kind"] for c in state["human_cards"]["deck"] if c in events]
    assert in_deck == ["human"] * 4
    assert {events[c]["kind"] for c in state["human_cards"]["reserve"]} == {"zombie"}


@pytest.mark.parametrize("hordes, harry", [(2, 7), (3, 9), (4, 11)])
def test_EZA_S4_bite_tokens_by_number_of_hordes(hordes, harry):
    state = deal("house", seats=tuple(range(1, hordes + 1)), keep=False)
    h = state["humans"]["harry"]
    assert h["tokens"] == harry
    assert h["box"] == 13 - harry
    assert h["contamination"] is None  # still on the tile, among its tokens
    assert sum(t["supply"] for t in state["content"]["humans"].values()) == 104


def test_EZA_S5_each_human_gets_a_random_trait():
    a, b = deal("house", keep=False), deal("house", keep=False, deal_index=1)
    traits_a = [a["humans"][h]["trait"] for h in a["human_order"]]
    traits_b = [b["humans"][h]["trait"] for h in b["human_order"]]
    assert sorted(traits_a) == sorted(t["id"] for t in PACK["traits"]["trait"])
    assert traits_a != traits_b  # another stream, another pairing
    assert all(said(h["trait"]["name"]) for h in GAME.view(a, None)["humans"])


def test_EZA_S6_first_mutation_is_a_private_choice():
    state = deal("house", keep=False)
    assert waiting(state) == [1, 2, 3]
    offered = state["mutation_cards"]["offer:1"]
    assert len(offered) == 2
    mine = GAME.view(state, 1)["private"]["mutations_to_choose"]
    assert [c["id"] for c in mine] == offered and all(said(c["name"]) for c in mine)
    for viewer in (2, 3, None):
        assert not any(c in json.dumps(GAME.view(state, viewer)) for c in offered)
    state, events = act(state, 1, "keep_mutation", card=offered[1])
    assert state["mutation_cards"]["held:1"] == [offered[1]]
    assert offered[0] in state["mutation_cards"]["discard"]
    assert events[0]["rule"] == "EZA-T9"
    assert events[0]["private"]["1"]["msg"] == "eza.mutation.you_discarded"
    name = state["content"]["mutations"][offered[0]]["name"]
    assert name in said(events[0]["private"]["1"]) and name not in said(events[0])
    assert offered[0] not in json.dumps({k: v for k, v in events[0].items() if k != "private"})
    assert waiting(state) == [2, 3]


def test_EZA_S7_house_start_zombies_counter_clockwise_from_the_last_horde():
    state = deal("house", seats=(1, 2, 3), keep=False)
    placing = [line for line in checklist(state) if "adds 1 Standing Zombie" in line]
    assert len(placing) == 3 * 4  # 4 Zombies each with 3 Hordes, one at a time
    assert [re.search(r"\((\w+)\)", line).group(1) for line in placing[:4]] == [
        "Red",
        "Green",
        "Yellow",
        "Red",
    ]
    assert "never Eve's escape cell" in placing[0]
    for seat, n in ((1, 4), (2, 4), (3, 4)):
        h = state["hordes"][str(seat)]
        assert (h["board"], h["reserve"]) == (n, 10 - n)
    four = deal("house", seats=(1, 2, 3, 4), keep=False)
    assert four["hordes"]["1"]["board"] == 3
    two = deal("house", seats=(1, 2), keep=False)
    assert two["hordes"]["2"]["board"] == 5


def test_EZA_S8_cemetery_common_grave_then_closed_tombs_and_random_start_cells():
    state = deal("cemetery", seats=(1, 2, 3, 4), keep=False)
    assert "Each Horde puts 2 Standing Zombies in the Common Grave (EZA-S8)." in checklist(state)
    placing = [line for line in checklist(state) if "closed tomb" in line]
    assert len(placing) == 4 and placing[0].startswith("1. Seat 4 (Blue)")
    assert all(h["board"] == 3 for h in state["hordes"].values())
    cells = Counter(h["cell"] for h in state["humans"].values())
    assert cells == Counter({"gate-north": 4, "gate-south": 4})
    assert any("North gate: put" in line for line in checklist(state))


def test_EZA_S9_pawns_zombie_cards_and_track():
    state = deal("house", seats=(1, 2), keep=False)
    assert state["zombie_cards"]["track"] == [f"zombie-basic-{i}" for i in range(1, 6)]
    for seat, colour in ((1, "yellow"), (2, "green")):
        reserve = state["zombie_cards"][f"reserve:{seat}"]
        assert sorted(reserve) == sorted(f"zombie-{colour}-{i}" for i in range(1, 7))
        h = state["hordes"][str(seat)]
        assert h["board"] + h["reserve"] == 10
    assert not any(c.startswith("zombie-red") for c in state["content"]["zombie_cards"])
    GAME.check_invariants(state)


def test_EZA_S9_players_and_options_are_checked():
    with pytest.raises(RuleError):
        GAME.setup(content=PACK, variant="house", options={}, seats=[1], rng=rng())
    with pytest.raises(RuleError) as error:
        GAME.setup(
            content=PACK,
            variant="house",
            options={"difficulty": "nightmare"},
            seats=[1, 2],
            rng=rng(),
        )
    assert error.value.code == "illegal_options"
