"""Zombie Life rules, one test (or more) per ruling ZL-1 to ZL-10 of shared/RULINGS.md, then
seeded random playouts, views per seat and for the table screen, round trips and determinism.

Literal states are built with :func:`table`: the cards named go where the test says, every
other card of the box waits at the bottom of the draw pile (or in the discard).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tableapp.content import load_pack, pack_dir
from tableapp.engine import HOST, Rng, RuleError
from tableapp.engine.game import validate_options, validate_params
from tableapp.engine.playout import random_playout
from tableapp.games.zombie_life import GAME
from tableapp.games.zombie_life.content import build_cards
from tableapp.texts.i18n import Renderer
from tests.texts import english, french

PACK = load_pack("zombie-life")
SEED = bytes(range(32))


def rng(index: int = 1) -> Rng:
    return Rng(SEED, index)


def down(card_id: str) -> dict:
    """A Refuge card turned face down by a pass."""
    return {"card": card_id, "face_up": False}


def en(value):
    """A view, an action list or a prompt as an English phone reads it."""
    return Renderer("en").localize(value)


def table(
    refuges: dict[int, list],
    *,
    horde: list[str] = (),
    draw: list[str] = (),
    discard: list[str] = (),
    rest_to: str = "draw",
    turn: int | None = 1,
    status: dict[int, str] | None = None,
    eliminated: list[int] = (),
    pending: dict | None = None,
    scores: dict[int, list[int]] | None = None,
    round_: int = 1,
    phase: str = "playing",
    tied: list[int] = (),
    tie_rule: str | None = None,
    options: dict | None = None,
    pack: dict = PACK,
) -> dict:
    """A literal Zombie Life state; ``scores`` gives each seat's points of the rounds played."""
    cards = build_cards(pack)
    seats = sorted(refuges)
    up = {str(s): [c for c in r if not isinstance(c, dict)] for s, r in refuges.items()}
    hidden = {str(s): [c["card"] for c in r if isinstance(c, dict)] for s, r in refuges.items()}
    placed = {c for r in up.values() for c in r} | {c for r in hidden.values() for c in r}
    placed |= set(horde) | set(draw) | set(discard)
    if pending:
        placed.add(pending["card"])
    rest = [c for c in sorted(cards) if c not in placed]
    points = scores or {s: [0] * (round_ - 1) for s in seats}
    state = {
        "cards": cards,
        "seats": seats,
        "options": validate_options(GAME.options, options or {}),
        "phase": phase,
        "round": round_,
        "piles": {
            "draw": list(draw) + (rest if rest_to == "draw" else []),
            "discard": list(discard) + (rest if rest_to == "discard" else []),
            "horde": list(horde),
        },
        "refuges": up,
        "face_down": hidden,
        "drawn": {str(pending["seat"]): pending["card"]} if pending else {},
        "status": {str(s): (status or {}).get(s, "playing") for s in seats},
        "turn": turn,
        "eliminated": list(eliminated),
        "dealer": None,
        "tied": list(tied),
        "tie_rule": tie_rule,
        "scores": {str(s): sum(points[s]) for s in seats},
        "round_points": {str(s): list(points[s]) for s in seats},
        "winners": [],
    }
    GAME.check_invariants(state)
    return state


def play(state: dict, actor: int, type_: str, /, **params) -> tuple[dict, list]:
    """Apply one action the way the web layer does: checked against legal_actions first."""
    validate_params(GAME.legal_actions(state, actor), type_, params)
    before = copy.deepcopy(state)
    new, events = GAME.apply(state, actor, {"type": type_, "params": params}, rng())
    assert state == before, "apply changed its input"
    GAME.check_invariants(new)
    return new, events


def refused(state: dict, actor: int, type_: str, /, **params) -> RuleError:
    """Apply an action the rules refuse (bypassing legal_actions, as a rogue client would)."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, actor, {"type": type_, "params": params}, rng())
    assert state == before, "a refused action changed the state"
    return caught.value


def types(state: dict, seat: int) -> list[str]:
    return [spec["type"] for spec in GAME.legal_actions(state, seat)]


def spec(state: dict, seat: int, type_: str) -> dict:
    (found,) = [s for s in GAME.legal_actions(state, seat) if s["type"] == type_]
    return found


def face_up(state: dict, seat: int) -> list[str]:
    return list(state["refuges"][str(seat)])


def face_down(state: dict, seat: int) -> list[str]:
    return list(state["face_down"][str(seat)])


def choices(state: dict, seat: int, type_: str) -> dict:
    """Each param's listed choices."""
    return {name: p["choices"] for name, p in spec(state, seat, type_)["params"].items()}


def rules_of(events: list[dict]) -> list[str | None]:
    return [event.get("rule") for event in events]


# The game object ------------------------------------------------------------------------------


def test_game_declares_itself():
    assert GAME.id == "zombie-life"
    assert GAME.name == "Zombie Life"
    assert GAME.variants == [None]
    assert GAME.players == (2, 6)
    assert validate_options(GAME.options, {}) == {
        "continue_draw_pile": False,
        "pass_counts_self": False,
    }
    with pytest.raises(RuleError) as caught:
        GAME.setup(content=PACK, variant=None, options={"jokers": True}, seats=[1, 2], rng=rng())
    assert caught.value.code == "illegal_options"
    with pytest.raises(RuleError) as caught:
        GAME.setup(content=PACK, variant=None, options={}, seats=[1], rng=rng())
    assert caught.value.code == "player_count"


# ZL-1 Round 1: deal one card face up to each player; the lowest card starts --------------------


def test_ZL_1_lowest_card_starts():
    for index in range(50):
        state = GAME.setup(content=PACK, variant=None, options={}, seats=[1, 2, 3], rng=rng(index))
        if state["phase"] == "playing":
            break
    GAME.check_invariants(state)
    assert state["round"] == 1
    assert len(state["piles"]["draw"]) == 60 - 3
    dealt = {s: state["refuges"][str(s)] for s in (1, 2, 3)}
    assert all(len(r) == 1 for r in dealt.values()) and not any(state["face_down"].values())
    values = {s: state["cards"][r[0]]["value"] for s, r in dealt.items()}
    assert state["turn"] == min(values, key=values.get)
    assert GAME.prompt(state)["waiting_for"] == [state["turn"]]
    assert types(state, state["turn"]) == ["draw", "pass"]  # the Horde is empty


def test_ZL_1_tie_for_lowest_card_the_host_picks_the_oldest():
    only_fours = {
        "cards": {"cards": [{"value": 4, "name": "Lurker", "name_fr": "Rôdeur", "copies": 6}]}
    }
    assert GAME.validate_content(only_fours) == []
    state = GAME.setup(content=only_fours, variant=None, options={}, seats=[1, 2, 3], rng=rng())
    GAME.check_invariants(state)
    assert state["phase"] == "choose_first"
    assert GAME.prompt(state)["waiting_for"] == [HOST]
    assert GAME.prompt(state)["rule"] == "ZL-1"
    assert en(GAME.legal_actions(state, HOST)) == [
        {
            "type": "choose_first",
            "label": "Pick who starts (the oldest)",
            "params": {"seat": {"choices": [1, 2, 3], "labels": ["Seat 1", "Seat 2", "Seat 3"]}},
        }
    ]
    assert GAME.legal_actions(state, 1) == []
    assert refused(state, 1, "draw").code == "not_your_turn"
    assert refused(state, 2, "choose_first", seat=2).code == "not_your_turn"

    state, events = play(state, HOST, "choose_first", seat=2)
    assert state["phase"] == "playing" and state["turn"] == 2
    assert rules_of(events) == ["ZL-1"]


def test_ZL_1_host_may_only_pick_a_tied_player():
    state = table(
        {1: ["c03a"], 2: ["c09a"], 3: ["c03b"]},
        phase="choose_first",
        turn=None,
        tied=[1, 3],
        tie_rule="ZL-1",
    )
    assert choices(state, HOST, "choose_first") == {"seat": [1, 3]}
    error = refused(state, HOST, "choose_first", seat=2)
    assert (error.code, error.rule) == ("not_tied", "ZL-1")


# ZL-2 Draw: look, then place face up in your Refuge or the Horde, never beside a copy ----------


def test_ZL_2_drawn_card_stays_private_until_placed():
    state = table({1: ["c03a"], 2: ["c09a"]}, draw=["c07a"])
    state, events = play(state, 1, "draw")
    (event,) = events
    assert english(event) == "Seat 1 drew a card."
    private = en(event["private"])["1"]
    assert private["card"] == {"id": "c07a", "name": "Screamer", "value": 7}
    assert private["text"] == "You drew 7 (Screamer)."
    assert private["seen"] == "7 (Screamer)"  # what an undo would make public
    assert "c07a" not in json.dumps({k: v for k, v in event.items() if k != "private"})
    assert state["drawn"] == {"1": "c07a"}
    assert GAME.view(state, 1)["pending"]["card"]["id"] == "c07a"
    assert GAME.view(state, 2)["pending"] == {"seat": 1}
    assert GAME.view(state, None)["pending"] == {"seat": 1}
    assert en(GAME.legal_actions(state, 1)) == [
        {
            "type": "place",
            "label": "Put the card…",
            "params": {
                "area": {"choices": ["refuge", "horde"], "labels": ["In my Refuge", "In the Horde"]}
            },
        }
    ]
    assert refused(state, 1, "pass").code == "card_pending"

    state, events = play(state, 1, "place", area="refuge")
    assert face_up(state, 1) == ["c03a", "c07a"]
    assert state["drawn"] == {}
    assert events[0]["card"]["id"] == "c07a"  # placed face up: public now
    assert state["turn"] == 2  # the player to the left


def test_ZL_2_never_in_an_area_already_holding_that_card():
    state = table({1: ["c07b"], 2: ["c09a"]}, pending={"seat": 1, "card": "c07a"})
    assert choices(state, 1, "place") == {"area": ["horde"]}
    error = refused(state, 1, "place", area="refuge")
    assert (error.code, error.rule) == ("copy_in_area", "ZL-2")
    assert english(error.message) == "Your Refuge already holds a 7."

    state = table({1: ["c03a"], 2: ["c09a"]}, horde=["c07b"], pending={"seat": 1, "card": "c07a"})
    assert choices(state, 1, "place") == {"area": ["refuge"]}
    error = refused(state, 1, "place", area="horde")
    assert (error.code, error.rule) == ("copy_in_area", "ZL-2")


def test_ZL_2_both_areas_hold_it_overwhelmed_and_refuge_discarded():
    state = table({1: ["c07b", "c03a"], 2: ["c09a"], 3: ["c05a"]}, horde=["c07c"], draw=["c07a"])
    state, events = play(state, 1, "draw")
    assert state["status"]["1"] == "eliminated"
    assert state["eliminated"] == [1]
    assert state["refuges"]["1"] == []
    assert {"c07a", "c07b", "c03a"} <= set(state["piles"]["discard"])
    assert state["drawn"] == {}
    assert events[0]["rule"] == "ZL-2"
    assert "eliminated" in english(events[0])
    assert state["turn"] == 2


def test_ZL_2_place_in_the_horde():
    state = table({1: ["c03a"], 2: ["c09a"]}, pending={"seat": 1, "card": "c07a"})
    state, _ = play(state, 1, "place", area="horde")
    assert state["piles"]["horde"] == ["c07a"]
    assert en(GAME.view(state, None)["horde"]) == [{"id": "c07a", "name": "Screamer", "value": 7}]


# ZL-3 Take: a Horde card into your Refuge, never one already there ----------------------------


def test_ZL_3_take_a_horde_card_your_refuge_lacks():
    state = table({1: ["c07b"], 2: ["c09a"]}, horde=["c05a", "c07c"])
    assert choices(state, 1, "take") == {"card": ["c05a"]}
    error = refused(state, 1, "take", card="c07c")
    assert (error.code, error.rule) == ("copy_in_refuge", "ZL-3")
    assert refused(state, 1, "take", card="c11a").code == "not_in_horde"

    state, events = play(state, 1, "take", card="c05a")
    assert face_up(state, 1) == ["c07b", "c05a"]
    assert state["piles"]["horde"] == ["c07c"]
    assert rules_of(events) == ["ZL-3"]
    assert state["turn"] == 2


def test_ZL_3_no_take_when_every_horde_card_is_in_your_refuge():
    state = table({1: ["c07b", "c05b"], 2: ["c09a"]}, horde=["c05a", "c07c"])
    assert types(state, 1) == ["draw", "pass"]
    assert types(state, 2) == []  # not their turn


# ZL-4 Pass: out until the round ends; turn down one Refuge card per player still in play -------


def test_ZL_4_pass_turns_down_as_many_cards_as_players_still_in_play():
    state = table({1: ["c09a", "c02a", "c05a"], 2: ["c04a"], 3: ["c06a"]})
    state, events = play(state, 1, "pass")
    # Seats 2 and 3 are still in play: two cards go face down (the app picks the lowest).
    assert face_down(state, 1) == ["c02a", "c05a"]
    assert face_up(state, 1) == ["c09a"]
    assert state["status"]["1"] == "passed"
    assert rules_of(events) == ["ZL-4"]
    assert english(events[0]) == (
        "Seat 1 passes and hides, turning 2 Refuge cards face down (2 players still in play)."
    )
    assert state["turn"] == 2
    state, _ = play(state, 2, "pass")
    assert state["turn"] == 3  # a player who passed never gets a turn again this round
    assert types(state, 1) == []


def test_ZL_4_the_last_to_pass_is_told_nobody_is_left_not_0_players():
    state = table({1: ["c09a"], 2: ["c04a"], 3: ["c06a"]})
    state, _ = play(state, 1, "pass")
    state, _ = play(state, 2, "pass")
    state, events = play(state, 3, "pass")
    said = english(events[0])
    assert said.startswith("Seat 3 passes last: nobody is still in play")
    assert "0 players" not in said and "0 Refuge" not in said
    assert rules_of(events)[0] == "ZL-4"


def test_ZL_4_passer_counts_themself_with_the_option():
    state = table(
        {1: ["c09a", "c02a", "c05a"], 2: ["c04a"], 3: ["c06a"]},
        options={"pass_counts_self": True},
    )
    state, _ = play(state, 1, "pass")
    assert sorted(face_down(state, 1)) == ["c02a", "c05a", "c09a"]


def test_ZL_4_face_down_cards_are_hidden_from_the_others():
    state = table({1: ["c09a", "c02a", "c05a"], 2: ["c04a"], 3: ["c06a"]})
    state, _ = play(state, 1, "pass")
    for viewer in (2, 3, None, HOST):
        refuge = en(GAME.view(state, viewer))["players"][0]["refuge"]
        assert refuge == [
            {"id": "c09a", "name": "Brute", "value": 9, "face_down": False},
            {"face_down": True},
            {"face_down": True},
        ]
    mine = GAME.view(state, 1)["players"][0]["refuge"]
    assert [(c["id"], c["face_down"]) for c in mine] == [
        ("c09a", False),
        ("c02a", True),
        ("c05a", True),
    ]


# ZL-5 Each elimination: every player who passed turns one face-down card face up --------------


def test_ZL_5_each_elimination_turns_up_a_card_of_each_passer():
    state = table(
        {
            1: [down("c02a"), down("c05a"), "c09a"],
            2: [down("c04a")],
            3: ["c07b"],
            4: ["c08a"],
        },
        horde=["c07c"],
        draw=["c07a"],
        status={1: "passed", 2: "passed"},
        turn=3,
    )
    state, events = play(state, 3, "draw")
    assert state["status"]["3"] == "eliminated"
    assert face_down(state, 1) == ["c02a"]  # the highest face-down card came up
    assert sorted(face_up(state, 1)) == ["c05a", "c09a"]
    assert face_down(state, 2) == []
    assert rules_of(events) == ["ZL-2", "ZL-5", "ZL-5", "ZL-6"]
    assert [e["seat"] for e in events if e.get("rule") == "ZL-5"] == [1, 2]


# ZL-6 The last player in play goes on but may not take from the Horde -------------------------


def test_ZL_6_last_player_in_play_may_not_take():
    state = table(
        {1: [down("c02a")], 2: [], 3: ["c07a"]},
        horde=["c05a"],
        draw=["c11a"],
        status={1: "passed", 2: "eliminated"},
        eliminated=[2],
        turn=3,
    )
    assert types(state, 3) == ["draw", "pass"]
    error = refused(state, 3, "take", card="c05a")
    assert (error.code, error.rule) == ("last_player_cannot_take", "ZL-6")
    assert "may not take from the Horde" in english(GAME.prompt(state))
    assert GAME.prompt(state)["rule"] == "ZL-6"

    state, _ = play(state, 3, "draw")
    state, _ = play(state, 3, "place", area="refuge")
    assert state["turn"] == 3  # alone, they go on


def test_ZL_6_announced_when_one_player_remains():
    state = table({1: ["c02a"], 2: ["c04a"], 3: ["c06a"]}, status={3: "passed"})
    state, events = play(state, 1, "pass")
    assert rules_of(events) == ["ZL-4", "ZL-6"]
    assert events[-1]["seat"] == 2


# ZL-7 Round end: each player who passed scores 1 per face-up card ------------------------------


def test_ZL_7_passers_score_one_point_per_face_up_card():
    state = table(
        {1: [down("c02a"), "c05a", "c09a"], 2: [], 3: ["c04a", "c08a"]},
        status={1: "passed", 2: "eliminated"},
        eliminated=[2],
        turn=3,
    )
    state, events = play(state, 3, "pass")  # nobody else in play: nothing turned down
    assert state["scores"] == {"1": 2, "2": 0, "3": 2}
    assert state["round_points"] == {"1": [2], "2": [0], "3": [2]}
    assert [(e["seat"], e["points"]) for e in events if e.get("rule") == "ZL-7"] == [
        (1, 2),
        (3, 2),
    ]
    assert state["round"] == 2
    assert GAME.result(state) is None
    assert GAME.view(state, None)["players"][0]["breakdown"] == {"round 1": 2}


# ZL-8 21 points or more after a round: the game ends, the most points wins ---------------------


def test_ZL_8_game_ends_at_21_and_most_points_wins():
    state = table(
        {1: ["c02a", "c05a", "c09a"], 2: ["c04a"], 3: ["c06a"]},
        status={1: "passed", 2: "passed"},
        turn=3,
        round_=3,
        scores={1: [10, 9], 2: [12, 8], 3: [2, 3]},
    )
    state, events = play(state, 3, "pass")
    assert state["phase"] == "over"
    assert events[-1]["rule"] == "ZL-8"
    assert en(GAME.result(state)) == {
        "winners": [1],
        "standings": [
            {"seat": 1, "score": 22, "breakdown": {"round 1": 10, "round 2": 9, "round 3": 3}},
            {"seat": 2, "score": 21, "breakdown": {"round 1": 12, "round 2": 8, "round 3": 1}},
            {"seat": 3, "score": 6, "breakdown": {"round 1": 2, "round 2": 3, "round 3": 1}},
        ],
        "parts": {"round 1": "Round 1", "round 2": "Round 2", "round 3": "Round 3"},
    }
    assert GAME.prompt(state)["waiting_for"] == []
    assert all(GAME.legal_actions(state, s) == [] for s in (HOST, 1, 2, 3))
    assert refused(state, 3, "draw").code == "game_over"


def test_ZL_8_tie_for_the_most_points_is_a_shared_win():
    state = table(
        {1: ["c02a", "c05a"], 2: ["c04a"], 3: ["c06a"]},
        status={1: "passed", 2: "passed"},
        turn=3,
        round_=2,
        scores={1: [19], 2: [20], 3: [0]},
    )
    state, events = play(state, 3, "pass")
    assert GAME.result(state)["winners"] == [1, 2]
    assert english(events[-1]) == "Seat 1 and Seat 2 share the win with 21 points."


def test_ZL_8_below_21_a_new_round_starts():
    state = table(
        {1: ["c02a"], 2: ["c04a"]},
        status={1: "passed"},
        turn=2,
        round_=2,
        scores={1: [19], 2: [19]},
    )
    state, _ = play(state, 2, "pass")
    assert state["scores"] == {"1": 20, "2": 20}
    assert state["phase"] == "playing" and state["round"] == 3


# ZL-9 New round: the fewest points deals (tie: first eliminated); the lowest card starts --------


def test_ZL_9_fewest_points_deals_and_the_lowest_card_starts():
    state = table(
        {1: ["c05a"], 2: [], 3: []},
        status={2: "eliminated", 3: "eliminated"},
        eliminated=[3, 2],
        turn=1,
        round_=2,
        scores={1: [6], 2: [3], 3: [3]},
        draw=["c08a", "c02a", "c11a"],
        options={"continue_draw_pile": True},
    )
    state, events = play(state, 1, "pass")
    # Seats 2 and 3 are tied on 3 points; seat 3 was eliminated first, so seat 3 deals,
    # starting from their left: seat 1, seat 2, then themself.
    assert state["dealer"] == 3
    deal = [e for e in events if e.get("rule") == "ZL-9"]
    assert english(deal[0]) == "Round 3: Seat 3 deals (tied on fewest points, eliminated first)."
    assert {s: face_up(state, s) for s in (1, 2, 3)} == {1: ["c08a"], 2: ["c02a"], 3: ["c11a"]}
    assert state["turn"] == 2  # the 2 is the lowest card
    assert state["status"] == {"1": "playing", "2": "playing", "3": "playing"}
    assert state["eliminated"] == []


def test_ZL_9_tie_for_the_lowest_card_waits_for_the_host():
    state = table(
        {1: ["c05a"], 2: ["c06a"], 3: []},
        status={2: "passed", 3: "eliminated"},
        eliminated=[3],
        turn=1,
        round_=2,
        scores={1: [6], 2: [3], 3: [5]},
        draw=["c02a", "c02b", "c11a"],
        options={"continue_draw_pile": True},
    )
    state, _ = play(state, 1, "pass")
    # Seat 2 has the fewest points (3 + 1): deals to seat 3, seat 1, then themself.
    assert state["dealer"] == 2
    assert {s: face_up(state, s) for s in (1, 2, 3)} == {1: ["c02b"], 2: ["c11a"], 3: ["c02a"]}
    assert state["phase"] == "choose_first"
    assert GAME.prompt(state)["waiting_for"] == [HOST]
    assert GAME.prompt(state)["rule"] == "ZL-9"
    assert choices(state, HOST, "choose_first") == {"seat": [1, 3]}
    state, events = play(state, HOST, "choose_first", seat=3)
    assert state["turn"] == 3 and rules_of(events) == ["ZL-9"]


# ZL-10 Content, and what a new round does with the cards --------------------------------------


def test_ZL_10_content_pack_is_valid_and_says_it_is_reconstructed():
    assert GAME.validate_content(PACK) == []
    cards = build_cards(PACK)
    assert len(cards) == 60 and len(set(cards)) == 60
    assert all({"id", "name", "name_fr", "value"} <= set(c) for c in cards.values())
    header = Path(pack_dir("zombie-life"), "cards.toml").read_text(encoding="utf-8")
    assert "RECONSTRUCTED" in header and "edit it to match your box" in header


def test_ZL_10_validate_content_names_the_file_and_the_field():
    broken = {
        "cards": {
            "cards": [
                {"value": 1, "name": "Crawler", "name_fr": "Rampant", "copies": 5},
                {"value": 1, "name": "", "name_fr": "Vide", "copies": 0},
                {"value": "x", "name": "Brute", "copies": 2, "colour": "red"},
            ]
        }
    }
    problems = GAME.validate_content(broken)
    assert [english(p, sentence=False) for p in problems] == [
        "cards.toml: cards[1].value 1 is listed twice (card: Vide 1)",
        "cards.toml: cards[1].name must be a non-empty string (card: Vide 1)",
        "cards.toml: cards[1].copies must be a whole number from 1 to 26 (card: Vide 1)",
        "cards.toml: cards[2] has unknown field(s): colour",
        "cards.toml: cards[2].value must be a whole number from 0 to 99",
        "cards.toml: cards[2].name_fr must be a non-empty string",
    ]
    # the same problems for a French host: what is wrong in French, the file's names as written
    assert french(problems[2], sentence=False) == (
        "cards.toml: cards[1].copies doit être un nombre entier de 1 à 26 (carte : Vide 1)"
    )
    missing = GAME.validate_content({})
    assert [english(p, sentence=False) for p in missing] == ["cards.toml: the file is missing"]
    tiny = {"cards": {"cards": [{"value": 1, "name": "Crawler", "name_fr": "R", "copies": 2}]}}
    assert [english(p, sentence=False) for p in GAME.validate_content(tiny)] == [
        "cards.toml: the cards hold 2 in all; a round needs at least 6"
    ]


def _round_about_to_end(options: dict | None = None) -> dict:
    return table(
        {1: ["c05a", "c06a"], 2: ["c04a"]},
        horde=["c09a"],
        discard=["c11a"],
        draw=["c01a", "c01b"],
        status={1: "passed"},
        turn=2,
        options=options,
    )


def test_ZL_10_new_round_reshuffles_every_card_by_default():
    state, events = play(_round_about_to_end(), 2, "pass")
    assert state["piles"]["discard"] == [] and state["piles"]["horde"] == []
    assert len(state["piles"]["draw"]) == 60 - 2
    assert "All the cards are shuffled into a new draw pile." in [english(e) for e in events]


def test_ZL_10_option_continues_the_draw_pile():
    state, _ = play(_round_about_to_end({"continue_draw_pile": True}), 2, "pass")
    # The new deal takes the two cards that were next on the pile; the rest is discarded.
    assert sorted(face_up(state, 1) + face_up(state, 2)) == ["c01a", "c01b"]
    assert set(state["piles"]["discard"]) == {"c05a", "c06a", "c04a", "c09a", "c11a"}


def test_ZL_10_an_empty_draw_pile_is_rebuilt_from_the_discard():
    state = table({1: ["c03a"], 2: ["c09a"]}, rest_to="discard")
    assert state["piles"]["draw"] == []
    assert "draw" in types(state, 1)
    state, events = play(state, 1, "draw")
    assert events[0]["code"] == "draw_pile_reshuffled" and events[0]["rule"] == "ZL-10"
    assert state["piles"]["discard"] == []
    assert len(state["piles"]["draw"]) == 60 - 3


def test_ZL_10_nothing_left_to_draw():
    small = {
        "cards": {
            "cards": [
                {"value": v, "name": f"Z{v}", "name_fr": f"Z{v}", "copies": 2} for v in (1, 2, 3)
            ]
        }
    }
    state = table({1: ["c01a", "c02a", "c03a"], 2: ["c01b", "c02b"]}, horde=["c03b"], pack=small)
    assert types(state, 1) == ["pass"]
    error = refused(state, 1, "draw")
    assert (error.code, error.rule) == ("draw_pile_empty", "ZL-10")


# Turns and refusals ---------------------------------------------------------------------------


def test_out_of_turn_and_unknown_actions_are_refused():
    state = table({1: ["c03a"], 2: ["c09a"]})
    error = refused(state, 2, "draw")
    assert (error.code, error.rule) == ("not_your_turn", None)
    assert refused(state, 1, "steal").code == "unknown_action"
    assert refused(state, 1, "place", area="refuge").code == "nothing_to_place"
    assert refused(state, HOST, "choose_first", seat=1).code == "action_not_available"
    prompt = en(GAME.prompt(state))
    assert prompt == {
        "waiting_for": [1],
        "msg": "zl.prompt.turn",
        "args": {"seat": {"seat": 1}},
        "text": "Seat 1: draw a card, take one from the Horde, or pass.",
        "ask": "Your turn: draw a card, take one from the Horde, or pass.",
        "seat": 1,
        "rule": None,
    }


# Views ----------------------------------------------------------------------------------------


def test_view_for_each_seat_and_for_the_table_screen():
    state = table(
        {1: [down("c02a"), "c09a"], 2: ["c04a"], 3: ["c06a"]},
        horde=["c07c"],
        discard=["c12a"],
        status={1: "passed"},
        pending={"seat": 2, "card": "c08a"},
        turn=2,
    )
    draw_ids = set(state["piles"]["draw"])
    for viewer in (None, HOST, 1, 2, 3):
        seen = en(GAME.view(state, viewer))
        assert json.loads(json.dumps(seen)) == seen
        assert seen["draw_pile"] == len(draw_ids)
        assert not draw_ids & card_ids(seen)
        assert seen["horde"] == [{"id": "c07c", "name": "Screamer", "value": 7}]
        assert seen["discard"] == [{"id": "c12a", "name": "Patient Zero", "value": 12}]
        assert [p["status"] for p in seen["players"]] == ["passed", "playing", "playing"]
        assert [p["face_down"] for p in seen["players"]] == [1, 0, 0]
        assert ("c08a" in card_ids(seen)) == (viewer == 2)
        assert ("c02a" in card_ids(seen)) == (viewer == 1)
    assert GAME.view(state, None) == GAME.view(state, HOST)
    assert GAME.view(state, None)["me"] is None
    assert en(GAME.view(state, 2))["pending"] == {
        "seat": 2,
        "card": {"id": "c08a", "name": "Bloater", "value": 8},
        "areas": ["refuge", "horde"],
    }
    assert GAME.view(state, 3)["pending"] == {"seat": 2}


def test_reveal_shows_everything_once_over():
    state = table({1: [down("c02a")], 2: ["c04a"]}, draw=["c05a"], status={1: "passed"}, turn=2)
    full = GAME.reveal(state)
    assert full["piles"]["draw"][0] == "c05a"
    assert en(full["draw_pile"][0]) == {"id": "c05a", "name": "Biter", "value": 5}
    assert full["face_down"]["1"] == ["c02a"]


# Whole games ----------------------------------------------------------------------------------


def card_ids(obj) -> set[str]:
    """Every card id anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(obj, dict):
        for value in obj.values():
            found |= card_ids(value)
    elif isinstance(obj, list):
        for value in obj:
            found |= card_ids(value)
    elif isinstance(obj, str) and obj in ALL_IDS:
        found.add(obj)
    return found


ALL_IDS = set(build_cards(PACK))


def no_leak(state: dict, seat: int, action: dict, events: list[dict]) -> None:
    """No view or public text shows a draw-pile card, another's drawn or face-down card."""
    draw = set(state["piles"]["draw"])
    hidden = {s: set(face_down(state, s)) for s in state["seats"]}
    for drawer, drawn in state["drawn"].items():
        hidden[int(drawer)].add(drawn)
    for viewer in (None, HOST, *state["seats"]):
        seen = card_ids(GAME.view(state, viewer)) | card_ids(GAME.legal_actions(state, viewer))
        assert not seen & draw, f"seat {viewer} sees draw-pile cards"
        for owner, secret in hidden.items():
            if owner != viewer:
                assert not seen & secret, f"seat {viewer} sees a secret of seat {owner}"
    assert not card_ids(GAME.prompt(state))
    secrets = set().union(*hidden.values())
    for event in events:
        # Cards an event names were public when it happened (some may be back in the pile now).
        public = {k: v for k, v in event.items() if k != "private"}
        assert not card_ids(public) & secrets, "an event names a secret card"
        assert set(event.get("private", {})) <= {str(seat)}
        assert json.loads(json.dumps(event)) == event


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize(
    "options", [{}, {"continue_draw_pile": True}, {"pass_counts_self": True}], ids=str
)
def test_random_playouts_end_keep_invariants_and_leak_nothing(players, options):
    seen_rules: set[str] = set()

    def on_step(state, seat, action, events):
        no_leak(state, seat, action, events)
        seen_rules.update(e["rule"] for e in events if e.get("rule"))

    for game_number in range(1 if options else 3):
        seed = bytes([players, game_number, len(options)]) * 11
        state, steps = random_playout(
            GAME,
            content=PACK,
            seats=list(range(1, players + 1)),
            seed=seed,
            options=options,
            on_step=on_step,
            max_steps=20_000,
        )
        result = GAME.result(state)
        assert result is not None and 0 < steps
        top = max(row["score"] for row in result["standings"])
        assert top >= 21
        assert result["winners"] == [r["seat"] for r in result["standings"] if r["score"] == top]
        for row in result["standings"]:
            assert sum(row["breakdown"].values()) == row["score"]
            assert len(row["breakdown"]) == state["round"]
    assert {"ZL-3", "ZL-4", "ZL-7", "ZL-8", "ZL-9", "ZL-10"} <= seen_rules


def _first_steps(state: dict, count: int, chooser: Rng) -> list[tuple[int, dict]]:
    """``count`` legal moves picked with ``chooser`` from state on (for replay comparisons)."""
    moves = []
    for index in range(count):
        if GAME.result(state) is not None:
            break
        seat = GAME.prompt(state)["waiting_for"][0]
        spec_ = chooser.choice(GAME.legal_actions(state, seat))
        params = {name: p["choices"][0] for name, p in spec_["params"].items()}
        move = {"type": spec_["type"], "params": params}
        state, _ = GAME.apply(state, seat, move, rng(index))
        moves.append((seat, move))
    return moves


def test_json_round_trip_gives_the_same_game():
    state = GAME.setup(content=PACK, variant=None, options={}, seats=[1, 2, 3, 4], rng=rng(0))
    moves = _first_steps(state, 40, Rng(SEED, 999))
    for index, (seat, move) in enumerate(moves):
        copied = json.loads(json.dumps(state))
        assert copied == state
        state, events = GAME.apply(state, seat, move, rng(index))
        again, again_events = GAME.apply(copied, seat, move, rng(index))
        assert (again, again_events) == (state, events)


def test_same_seed_same_game():
    def run(seed: bytes) -> tuple[dict, int]:
        return random_playout(GAME, content=PACK, seats=[1, 2, 3], seed=seed)

    assert run(b"same seed, same game!") == run(b"same seed, same game!")
    assert run(b"same seed, same game!") != run(b"another seed, other game")


def test_replay_skips_the_shells_entries_without_moving_the_stream():
    """An undo request, its answers and a moved seat are read by people, not by the game:
    the actions around them draw from the same streams as without them."""
    from tableapp import catalog
    from tableapp.engine.replay import replay

    game = catalog.game("zombie-life")
    content = catalog.content("zombie-life")
    seed = bytes(range(32))
    base = [
        {"number": 1, "seat": 1, "type": "join", "payload": {}},
        {"number": 2, "seat": 2, "type": "join", "payload": {}},
        {"number": 3, "seat": 0, "type": "start", "payload": {"seats": [1, 2]}},
    ]

    def run(entries):
        return replay(game, content=content, variant=None, options={}, seed=seed, entries=entries)

    started = run(base)
    turn = started.state["turn"] or 1
    draw = {"seat": turn, "type": "draw", "payload": {}}
    plain = run([*base, {"number": 4, **draw}])
    shell = [
        {"number": 4, "seat": 0, "type": "reissue", "payload": {"seat": 1}},
        {"number": 5, "seat": 2, "type": "undo_request", "payload": {"target": 3}},
        {"number": 6, "seat": 1, "type": "cancel_undo", "payload": {"request": 5}},
    ]
    with_shell = run([*base, *shell, {"number": 7, **draw}])
    assert with_shell.state == plain.state and with_shell.effective == plain.effective
    assert with_shell.used_rng == {7: True} and plain.used_rng == {4: True}


def test_ZL_2_a_card_only_one_area_may_take_goes_there_with_the_draw():
    """No question with one answer: a copy in the Refuge sends the drawn card to the Horde (and
    one in the Horde to the Refuge), face up, in the draw itself; the drawer's turn ends."""
    state = table({1: ["c07b"], 2: ["c09a"]}, draw=["c07a"])
    state, events = play(state, 1, "draw")
    (event,) = events
    assert event["rule"] == "ZL-2" and event["card"]["id"] == "c07a" and "private" not in event
    assert english(event) == (
        "Seat 1 drew 7 (Screamer): a copy is in their Refuge, so it goes in the Horde."
    )
    assert state["piles"]["horde"] == ["c07a"] and state["drawn"] == {} and state["turn"] == 2

    state = table({1: ["c03a"], 2: ["c09a"]}, horde=["c07b"], draw=["c07a"])
    state, events = play(state, 1, "draw")
    assert face_up(state, 1) == ["c03a", "c07a"] and state["turn"] == 2
    assert events[0]["msg"] == "zl.place.refuge.only"
