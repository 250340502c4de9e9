"""Bites and the Feast (rules/eat-zem-all.txt, "The Feast", "Feast Example"; EZA-F1..F5)."""

from __future__ import annotations

import pytest
from eza_support import (
    GAME,
    act,
    activate,
    activation,
    deal,
    give_bites,
    rules,
    said,
    spec,
    stage,
    text,
    top,
    waiting,
)

from tableapp.engine import RuleError
from tableapp.games.eat_zem_all.feast import feast_winner
from tableapp.texts.i18n import Renderer

LOIC, SIMON, TIFANY = 1, 2, 3
NAMES = {LOIC: "Loïc", SIMON: "Simon", TIFANY: "Tifany"}


def _harry_about_to_die(trait: str = "tough", bites: tuple = (4, 3, 1)) -> dict:
    """3 Hordes in the House; Harry (9 tokens) has 1 left: Loïc holds 4 with the Contamination
    token, Simon 3 and Tifany 1 (by default). Tifany is the active Horde."""
    state = deal("house", seats=(LOIC, SIMON, TIFANY))
    state["active"] = TIFANY
    assert state["humans"]["harry"]["tokens"] == 9 == sum(bites) + 1
    for seat, n in zip((LOIC, SIMON, TIFANY), bites, strict=True):
        if n:
            give_bites(state, seat, "harry", n, contamination=seat == LOIC)
    state["humans"]["harry"]["trait"] = trait
    GAME.check_invariants(state)
    return state


def test_EZA_F5_rulebook_example_loic_simon_tifany():
    state = _harry_about_to_die(trait="adorable")
    deck_before = len(state["human_cards"]["deck"])
    tifany_board = state["hordes"][str(TIFANY)]["board"]
    state, _ = stage(state, activation(TIFANY, zombies=1, actions=3))
    state, events = activate(state, TIFANY, bites={"harry": 1})
    # (2) Fatal blow: Tifany takes "Adorable" (1 VP): discard 3 Human cards and add 1 Zombie.
    assert state["hordes"][str(TIFANY)]["traits"] == ["adorable"]
    assert len(state["human_cards"]["deck"]) == deck_before - 3
    assert state["hordes"][str(TIFANY)]["board"] == tifany_board + 1
    # (3) Feast: Loïc 4 Bites + 1 Zombie, Simon 3 + 2, Tifany 2 + 1 (the active Horde counts).
    assert waiting(state) == [TIFANY] and top(state)["kind"] == "feast"
    state, events = act(state, TIFANY, "feast", zombies={"1": 1, "2": 2, "3": 1})
    feast = next(e for e in events if e.get("rule") == "EZA-F3")
    assert "Seat 2 (Green) takes the tile" in said(feast)
    reason = said(feast["reason"])
    assert "Seat 1 (Yellow) 4 Bite(s) + 1 Zombie(s) = 5" in reason
    assert "Seat 2 (Green) 3 Bite(s) + 2 Zombie(s) = 5" in reason
    assert "Seat 3 (Red) 2 Bite(s) + 1 Zombie(s) = 3" in reason
    assert "Seat 2 (Green) has more Zombies in the Feast (2 vs 1)" in reason
    assert feast["msg"] == "eza.feast.won" and feast["feast"]["human"] == "harry"
    assert feast["feast"]["winner"] == SIMON and feast["feast"]["zombies"] == {
        "1": 1,
        "2": 2,
        "3": 1,
    }
    assert state["hordes"][str(SIMON)]["human_tiles"] == ["harry"]
    # (4) Loïc, holder of the Contamination token, lays one of his Zombies down on Harry's cell.
    transform = next(e for e in events if e.get("rule") == "EZA-F4")
    assert said(transform).startswith("Transformation: Seat 1 (Yellow)")
    assert state["hordes"][str(LOIC)]["board"] == 5 and state["hordes"][str(LOIC)]["fresh"] == 1
    scores = {r["seat"]: r for r in GAME.view(state, None)["hordes"]}
    assert scores[SIMON]["breakdown"]["feast_vp"] == 3  # Harry's tile
    assert scores[TIFANY]["breakdown"]["fatal_blow_vp"] == 1  # Adorable


def test_EZA_F5_feast_winner_reads_like_the_rulebook():
    winner, rule, reason = feast_winner(
        {LOIC: 4, SIMON: 3, TIFANY: 2}, {LOIC: 1, SIMON: 2, TIFANY: 1}, NAMES.get
    )
    assert (winner, rule) == (SIMON, "EZA-F3")
    assert said(reason) == (
        "Loïc 4 Bite(s) + 1 Zombie(s) = 5, Simon 3 Bite(s) + 2 Zombie(s) = 5, and "
        "Tifany 2 Bite(s) + 1 Zombie(s) = 3. Loïc and Simon are tied at 5; Simon has more "
        "Zombies in the Feast (2 vs 1)."
    )


def test_EZA_F1_order_of_a_death_and_the_turn_resumes():
    state = _harry_about_to_die(trait="well-fed")  # Trait: add 2 Zombies
    state, _ = stage(state, activation(TIFANY, zombies=2, actions=3))
    state, events = activate(state, TIFANY, bites={"harry": 1, "kate": 1}, cubes={"front-door": 1})
    log = text(events)
    order = [
        log.index(s)
        for s in (
            "is dead. The turn is interrupted",
            "Fatal blow: Seat 3 (Red)",
            "Seat 3 (Red) adds 1 Zombie",
        )
    ]
    assert order == sorted(order)
    assert state["humans"]["harry"]["status"] == "dead"
    assert state["steps"][-1]["kind"] == "feast"
    kinds = [s["kind"] for s in reversed(state["steps"])]
    assert kinds[:4] == ["feast", "transform", "feast_end", "activation_bites"]
    assert state["humans"]["kate"]["tokens"] == 10  # the other Zombie's bite waits
    state, events = act(state, TIFANY, "feast", zombies={"1": 0, "2": 0, "3": 1})
    resumed = next(i for i, e in enumerate(events) if "turn resumes" in said(e))
    assert rules(events[: resumed + 1])[-2:] == ["EZA-F4", "EZA-F1"]
    # (5) The turn resumes after the remembered effect: the second Zombie's bite.
    assert events[resumed + 1]["msg"] in ("eza.bite", "eza.bite.first")
    assert state["humans"]["kate"]["tokens"] == 9
    assert not [s for s in state["steps"] if s["kind"] in ("activation", "activation_bites")]


def test_EZA_F2_total_is_bites_plus_zombies_on_or_next_to_the_cell():
    state = _harry_about_to_die()
    state, _ = stage(state, activation(TIFANY))
    state, _ = activate(state, TIFANY, bites={"harry": 1})
    bounds = spec(state, TIFANY, "feast")["params"]["zombies"]["counts"]
    assert (bounds["1"]["min"], bounds["1"]["max"]) == (0, 4)  # no more than on the board
    assert said(bounds["1"]["label"]) == "Seat 1 (Yellow)"
    with pytest.raises(RuleError) as error:
        act(state, TIFANY, "feast", zombies={"1": 7, "2": 0, "3": 0})
    assert error.value.rule == "EZA-F2"
    state, events = act(state, TIFANY, "feast", zombies={"1": 0, "2": 0, "3": 4})
    ruling = next(e for e in events if e.get("rule") == "EZA-F2")
    assert "Seat 3 (Red) 2 Bite(s) + 4 Zombie(s) = 6" in said(ruling["reason"])
    assert state["hordes"][str(TIFANY)]["human_tiles"] == ["harry"]


def test_EZA_F3_tie_broken_by_zombies():
    winner, rule, reason = feast_winner({1: 2, 2: 4}, {1: 3, 2: 1}, str)
    assert (winner, rule) == (1, "EZA-F3") and "more Zombies in the Feast (3 vs 1)" in said(reason)


def test_EZA_F3_still_tied_nobody_takes_the_tile():
    winner, rule, reason = feast_winner({1: 3, 2: 3, 3: 0}, {1: 1, 2: 1, 3: 2}, str)
    assert (winner, rule) == (None, "EZA-F3") and "nobody takes the tile" in said(reason)
    state = _harry_about_to_die(bites=(4, 4, 0))
    state, _ = stage(state, activation(TIFANY))
    state, _ = activate(state, TIFANY, bites={"harry": 1})
    # Loïc 4 + 1 = 5, Simon 4 + 1 = 5, Tifany 1 + 3 = 4: tied with as many Zombies.
    state, events = act(state, TIFANY, "feast", zombies={"1": 1, "2": 1, "3": 3})
    assert state["humans"]["harry"]["tile_to"] is None
    assert not any("harry" in h["human_tiles"] for h in state["hordes"].values())
    assert "nobody takes the tile" in text(events)


def test_EZA_F4_transformation_by_the_contamination_holder_laid_down():
    state = _harry_about_to_die()
    state, _ = stage(state, activation(TIFANY))
    state, _ = activate(state, TIFANY, bites={"harry": 1})
    state, events = act(state, TIFANY, "feast", zombies={"1": 0, "2": 0, "3": 0})
    loic = state["hordes"][str(LOIC)]
    assert (loic["board"], loic["reserve"], loic["fresh"]) == (5, 5, 1)
    event = next(e for e in events if e.get("rule") == "EZA-F4")
    assert "lays one of its Zombies down" in said(event)
    assert "cannot be activated" in said(event["reason"])
    assert loic["crawling"] == 1  # laid down
    # Loïc's Zombies this card may activate: the 4 he had, not the new one.
    assert GAME.view(state, LOIC)["hordes"][0]["activatable"] == 4
    # A Zombie Event in the Human phase is a new card: the new Zombie may be activated then.
    state, _ = stage(state, {"kind": "resolve_human_card", "card": "event-house-2"})
    assert state["hordes"][str(LOIC)]["fresh"] == 0


def test_EZA_F4_transformation_with_an_empty_reserve_moves_a_zombie():
    state = _harry_about_to_die()
    loic = state["hordes"][str(LOIC)]
    loic["board"], loic["reserve"] = 10, 0
    state, _ = stage(state, activation(TIFANY))
    state, _ = activate(state, TIFANY, bites={"harry": 1})
    state, events = act(state, TIFANY, "feast", zombies={"1": 0, "2": 0, "3": 0})
    assert "no Zombie left in reserve" in text(events)
    assert top(state)["kind"] == "take_back" and waiting(state) == [LOIC]  # EZA-T5: he may
    state, events = act(state, LOIC, "take_back", choice="take")
    assert "moves one of its Zombies from the board on Harry's cell" in text(events)
    assert state["hordes"][str(LOIC)]["board"] == 10


def test_EZA_F4_first_bite_takes_the_contamination_token():
    state = deal("house")
    state, _ = stage(state, activation(2))
    state, events = activate(state, 2, bites={"eve": 1})
    assert state["humans"]["eve"]["contamination"] == 2 and events[0]["rule"] == "EZA-F4"
    assert state["hordes"]["2"]["bites"] == {"eve": 1}
    view = next(h for h in GAME.view(state, None)["humans"] if h["id"] == "eve")
    assert view["contamination"] == 2 and view["tokens"] == 7


def test_EZA_F2_no_count_question_when_the_bites_already_decide():
    """Yellow holds 8 of Harry's Bite tokens: nobody else can reach 8 with the Zombies they
    have on the board (4 each), so nobody is asked to count them."""
    state = _harry_about_to_die(bites=(8, 0, 0))
    state, _ = stage(state, activation(TIFANY))
    state, events = activate(state, TIFANY, bites={"harry": 1})
    assert not [s for s in state["steps"] if s["kind"] == "feast"]
    ruling = next(e for e in events if e["msg"] == "eza.feast.won")
    assert ruling["rule"] == "EZA-F2" and ruling["feast"]["winner"] == LOIC
    assert ruling["feast"]["zombies"] is None and ruling["reason"]["msg"] == "eza.feast.decided"
    assert "no count of the Zombies on the board could change" in said(ruling["reason"])
    assert state["hordes"][str(LOIC)]["human_tiles"] == ["harry"]


def test_EZA_F2_the_count_is_asked_while_zombies_could_change_the_majority():
    state = _harry_about_to_die(bites=(5, 3, 0))  # Green 3 + 4 Zombies could beat 5
    state, _ = stage(state, activation(TIFANY))
    state, _ = activate(state, TIFANY, bites={"harry": 1})
    assert top(state)["kind"] == "feast" and waiting(state) == [TIFANY]
    view = GAME.view(state, None)
    assert view["question"] == {"kind": "feast", "seat": TIFANY, "human": "harry"}


def test_EZA_F3_decided_without_a_count_even_for_nobody():
    from tableapp.games.eat_zem_all.feast import decided_winner

    assert decided_winner({1: 4, 2: 4}, {1: 0, 2: 0}) == (None,)  # tied, nobody can change it
    assert decided_winner({1: 4, 2: 4}, {1: 1, 2: 0}) is None
    assert decided_winner({1: 6, 2: 2, 3: 1}, {1: 0, 2: 3, 3: 4}) == (1,)
    assert decided_winner({1: 6, 2: 2}, {1: 0, 2: 4}) is None  # a tie broken by Zombies


# --- moments and board steps (issue 13: moments nobody misses, steps done on the board) --------


def _moments(events: list[dict]) -> list[tuple[str, list[int]]]:
    return [(e["moment"]["kind"], e["moment"]["seats"]) for e in events if e.get("moment")]


def _steps(state: dict) -> list[tuple[str, list[int]]]:
    return [(said(s["message"]), s["seats"]) for s in state.get("board_steps", [])]


def test_EZA_F1_a_death_and_its_feast_are_moments():
    state = _harry_about_to_die(trait="adorable")
    state, _ = stage(state, activation(TIFANY, zombies=1, actions=3))
    state, events = activate(state, TIFANY, bites={"harry": 1})
    death = next(e for e in events if e.get("moment"))
    assert death["msg"] == "eza.dead" and _moments(events) == [("death", [])]  # every phone
    state, events = act(state, TIFANY, "feast", zombies={"1": 1, "2": 2, "3": 1})
    assert _moments(events) == [("feast", [LOIC, SIMON, TIFANY])]
    feast = next(e for e in events if e.get("moment"))
    assert feast["msg"] == "eza.feast.won" and feast["rule"] == "EZA-F3"


def test_EZA_F3_the_feast_is_a_moment_for_the_hordes_with_a_bite_on_the_human():
    state = _harry_about_to_die(bites=(5, 3, 0))  # Tifany holds none of Harry's tokens
    state["humans"]["harry"]["trait"] = "tough"
    state, _ = stage(state, activation(SIMON, zombies=1, actions=3))
    state, events = activate(state, SIMON, bites={"harry": 1})
    if top(state) and top(state)["kind"] == "feast":  # the Zombies may still decide it
        state, more = act(state, TIFANY, "feast", zombies={"1": 0, "2": 0, "3": 0})
        events += more
    assert ("feast", [LOIC, SIMON]) in _moments(events)
    assert not [m for m in _moments(events) if m[0] == "feast" and TIFANY in m[1]]


def test_EZA_F4_the_feast_lays_a_zombie_in_place_of_the_human_as_a_board_step():
    state = _harry_about_to_die(trait="adorable")
    state, _ = stage(state, activation(TIFANY, zombies=1, actions=3))
    state, _ = activate(state, TIFANY, bites={"harry": 1})
    assert _steps(state) == []  # the Feast is not decided yet
    state, _ = act(state, TIFANY, "feast", zombies={"1": 1, "2": 2, "3": 1})
    # One checklist item for the Feast: Loïc transforms Harry, Simon takes his tile, Tifany
    # his Trait (EZA-F5), on the three phones until one ticks it.
    assert _steps(state) == [
        (
            "After the Feast for Harry: lay a Zombie of Seat 1 (Yellow) down in place of Harry,"
            " give Harry's tile to Seat 2 (Green), and give the Trait tile Adorable to Seat 3"
            " (Red).",
            [LOIC, SIMON, TIFANY],
        )
    ]
    (step,) = state["board_steps"]
    french = Renderer("fr", strict=True).localize(step["message"])
    assert french.startswith("Après le Festin de Harry\u00a0: couchez un Zombie de ")
    done = [s for s in GAME.legal_actions(state, LOIC) if s["type"] == "board_done"]
    assert done and done[0]["params"]["step"]["choices"] == [step["id"]]
    state, _ = act(state, LOIC, "board_done", step=step["id"])
    assert state["board_steps"] == []


def test_EZA_F4_no_pawn_left_no_zombie_to_lay():
    state = _harry_about_to_die(trait="adorable")
    loic = state["hordes"][str(LOIC)]
    loic["board"], loic["reserve"] = loic["board"] + loic["reserve"], 0
    state, _ = stage(state, activation(TIFANY, zombies=1, actions=3))
    state, _ = activate(state, TIFANY, bites={"harry": 1})
    state, _ = act(state, TIFANY, "feast", zombies={"1": 1, "2": 2, "3": 1})
    (words, seats) = _steps(state)[0]
    assert "lay a Zombie" not in words and "give Harry's tile to Seat 2 (Green)" in words
    assert seats == [SIMON, TIFANY]


def test_issue26_EZA_F2_the_feast_count_preselects_the_zombies_that_bit_the_human_this_card():
    """The likely count: a Zombie bites a Human next to it, so those that bit the dying Human
    during this card are preselected (at most the Horde's Zombies on the board)."""
    state = _harry_about_to_die(trait="tough")
    state["hordes"][str(TIFANY)]["card_bites"] = {}
    state, _ = stage(state, activation(TIFANY, zombies=1, actions=3))
    state, _ = activate(state, TIFANY, bites={"harry": 1})
    (feast,) = [s for s in GAME.legal_actions(state, TIFANY) if s["type"] == "feast"]
    values = {k: b["value"] for k, b in feast["params"]["zombies"]["counts"].items()}
    assert values[str(TIFANY)] == 1 and sum(values.values()) == 1
