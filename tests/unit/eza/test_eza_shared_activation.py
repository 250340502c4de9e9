"""One form for the Hordes that activate in a row by the same card (EZA-T1, T5, T6, T7, T12):
the other Hordes' main effect, each Horde's part with its own budget and Mutations, recorded
by the active Horde; a Feast stops the form at the Horde whose bite took the last token."""

from __future__ import annotations

import pytest
from eza_support import (
    GAME,
    act,
    asked,
    deal,
    hold,
    rules,
    set_tokens,
    spec,
    stage,
    text,
    top,
    types,
    waiting,
)

from tableapp.engine import RuleError, piles


def plain(state: dict) -> dict:
    """No Horde holds a Mutation (the deal gives each one)."""
    for seat in state["seats"]:
        piles.move_all(state["mutation_cards"], f"held:{seat}", "discard")
    return state


def last_token(state: dict, hid: str) -> None:
    """The Human has 1 Bite token left, and a Trait whose fatal blow asks nothing."""
    set_tokens(state, hid, 1)
    state["humans"][hid]["trait"] = "tough"


def main_effects(*seats: int, effect: str = "activate:2x2") -> list[dict]:
    """The other Hordes' part of a card: each says it applies the main effect, then does it."""
    steps = []
    for seat in seats:
        steps.append({"kind": "horde_applies", "seat": seat, "parts": ["main"]})
        steps.append({"kind": "zombie_effect", "seat": seat, "effect": effect, "part": "main"})
    return steps


def shared(state: dict, **entered) -> dict:
    """The shared form's params: every count 0 but ``entered`` ({"bites_2": {"kate": 1}})."""
    form = spec(state, waiting(state)[0], "activate_hordes")["params"]
    params = {}
    for key, param in form.items():
        if "counts" in param:
            params[key] = {k: entered.get(key, {}).get(k, 0) for k in param["counts"]}
        else:
            params[key] = entered.get(key, param.get("value"))
    return params


def test_EZA_T1_EZA_T12_the_other_hordes_main_effect_is_one_form_the_active_horde_records():
    state = plain(deal("house", seats=(1, 2, 3, 4)))
    state, events = stage(state, *main_effects(2, 3, 4))
    assert top(state)["kind"] == "activations" and waiting(state) == [1]
    assert [r["seat"] for r in top(state)["rows"]] == [2, 3, 4]  # resolution order (EZA-T1)
    assert "Seat 3 (Red) applies the main effects." in text(events)  # still said, in order
    for seat in (2, 3, 4):  # nobody else posts a form of its own
        assert "activate" not in types(state, seat) and "activate_hordes" not in types(state, seat)
    form = spec(state, 1, "activate_hordes")
    assert {k for k in form["params"]} == {
        f"{part}_{seat}" for part in ("bites", "cubes") for seat in (2, 3, 4)
    }
    assert form["params"]["bites_3"]["most"] == 2  # each Horde's own 2 Zombies
    assert "in this order" in asked(state)
    params = shared(state, bites_2={"kate": 1}, bites_4={"kate": 2}, cubes_3={"front-door": 2})
    state, events = act(state, 1, "activate_hordes", **params)
    assert state["hordes"]["2"]["bites"] == {"kate": 1}
    assert state["hordes"]["4"]["bites"] == {"kate": 2}
    assert state["defenses"]["front-door"] == 1
    assert [state["hordes"][s]["activated"] for s in "234"] == [2, 2, 2]
    assert not state["steps"]


def test_EZA_T6_each_hordes_part_is_checked_against_its_own_zombies():
    state = plain(deal("house", seats=(1, 2, 3)))
    hold(state, 3, "pack_instinct", alone=True)
    hold(state, 2, "iron_jaw", alone=True)
    state, _ = stage(state, *main_effects(2, 3, effect="activate:1x1"))
    rows = top(state)["rows"]
    assert [(r["seat"], r["extra"]) for r in rows] == [(2, 0), (3, 1)]  # Pack instinct, Blue
    with pytest.raises(RuleError) as error:  # Green: 1 Zombie, 1 action: no second bite
        act(state, 1, "activate_hordes", **shared(state, bites_2={"kate": 1, "omar": 1}))
    assert (error.value.code, error.value.rule) == ("already_bit", "EZA-T6")
    assert error.value.message["args"]["horde"]["args"]["seat"] == {
        "seat": 2
    }  # the part it refuses
    with pytest.raises(RuleError) as error:  # Blue: 1 + 1 actions, a bite and 2 cubes is 3
        act(
            state,
            1,
            "activate_hordes",
            **shared(state, bites_3={"kate": 1}, cubes_3={"front-door": 2}),
        )
    assert (error.value.code, error.value.rule) == ("too_many_actions", "EZA-T6")
    # Iron jaw: Green's single action removes 2 cubes; Pack instinct: Blue bites and removes 1.
    params = shared(
        state, cubes_2={"front-door": 2}, bites_3={"kate": 1}, cubes_3={"front-door": 1}
    )
    state, _ = act(state, 1, "activate_hordes", **params)
    assert state["defenses"]["front-door"] == 0 and state["hordes"]["3"]["bites"] == {"kate": 1}


def test_EZA_T6_a_bite_taking_the_last_token_stops_the_form_the_rest_comes_after_the_feast():
    state = plain(deal("house", seats=(1, 2, 3, 4)))
    last_token(state, "harry")
    state, _ = stage(state, *main_effects(2, 3, 4))
    params = shared(state, bites_2={"harry": 1}, bites_3={"kate": 1}, bites_4={"omar": 2})
    state, events = act(state, 1, "activate_hordes", **params)
    assert state["humans"]["harry"]["status"] == "dead" and "EZA-F1" in rules(events)
    assert "the Zombies of Seat 3 (Red) and Seat 4 (Blue) act after it" in text(events)
    # Blue's and Red's Zombies have not acted yet: nothing of theirs is applied before the Feast.
    assert state["hordes"]["3"]["bites"] == {} and state["hordes"]["4"]["bites"] == {}
    assert top(state)["kind"] == "feast"
    keys = spec(state, 1, "feast")["params"]["zombies"]["counts"]
    state, _ = act(state, 1, "feast", zombies=dict.fromkeys(keys, 0))
    # After the Feast: the rest is asked again, what was entered for it kept as its values.
    assert top(state)["kind"] == "activations" and waiting(state) == [1]
    assert [r["seat"] for r in top(state)["rows"]] == [3, 4]
    form = spec(state, 1, "activate_hordes")["params"]
    assert "harry" not in form["bites_3"]["counts"]
    assert form["bites_3"]["counts"]["kate"]["value"] == 1
    assert form["bites_4"]["counts"]["omar"]["value"] == 2
    state, _ = act(state, 1, "activate_hordes", **shared(state, bites_3={"kate": 1}))
    assert state["hordes"]["3"]["bites"] == {"kate": 1} and state["hordes"]["4"]["bites"] == {}


def test_EZA_T6_bites_of_several_hordes_on_one_human_count_together():
    state = plain(deal("house", seats=(1, 2, 3)))
    set_tokens(state, "harry", 3)
    state["humans"]["harry"]["trait"] = "tough"
    state, _ = stage(state, *main_effects(2, 3))
    params = shared(state, bites_2={"harry": 2}, bites_3={"harry": 2})
    state, events = act(state, 1, "activate_hordes", **params)
    # Green leaves 1 token; Blue's first bite takes it (the Feast), its second finds none.
    assert state["hordes"]["2"]["bites"] == {"harry": 2}
    assert state["hordes"]["3"]["bites"] == {"harry": 1}
    assert state["humans"]["harry"]["status"] == "dead"


def test_EZA_T5_a_horde_with_no_zombie_to_activate_adds_one_in_its_place_in_the_form():
    state = plain(deal("house", seats=(1, 2, 3, 4)))
    h = state["hordes"]["3"]
    h["reserve"], h["board"] = 10, 0
    state, _ = stage(state, *main_effects(2, 3, 4))
    rows = [(r.get("row", "activation"), r["seat"]) for r in top(state)["rows"]]
    assert rows == [("activation", 2), ("add", 3), ("activation", 4)] and waiting(state) == [1]
    assert not [k for k in spec(state, 1, "activate_hordes")["params"] if k.endswith("_3")]
    state, events = act(state, 1, "activate_hordes", **shared(state))
    # Red adds a Zombie instead (EZA-T5), said in its place, between Green and Blue
    assert state["hordes"]["3"]["board"] == 1 and state["hordes"]["3"]["fresh"] == 1
    said = [e["msg"] for e in events if e["msg"].startswith(("eza.activation", "eza.added"))]
    assert said == [
        "eza.activation.at_table",  # Green's Zombies, nothing to record
        "eza.activation.none",  # Red has none: EZA-T5
        "eza.added",  # Red's Zombie added instead
        "eza.activation.at_table",  # then Blue's
    ]
    assert "EZA-T5" in rules(events) and not state["steps"]


def test_EZA_T12_instants_at_their_moment_lunge_on_its_part_sprint_in_the_shared_form():
    state = plain(deal("house", seats=(1, 2, 3)))
    hold(state, 3, "bite_at_range", alone=True)
    lunged, _ = stage(state, *main_effects(2, 3))
    assert [r["seat"] for r in top(lunged)["rows"]] == [2, 3]  # Blue's Lunge: a part of its own
    assert "use_mutation" not in types(lunged, 3)  # not now: Green's Zombies act first
    assert spec(lunged, 1, "activate_hordes")["params"]["lunge_3"]["value"] == "none"
    sprint = hold(state, 3, "extra_actions", alone=True)
    state, _ = stage(state, *main_effects(2, 3, effect="activate:1x1"))
    assert [r["seat"] for r in top(state)["rows"]] == [2, 3]
    assert "use_mutation" in types(state, 3)  # offered while the shared form is open
    state, _ = act(state, 3, "use_mutation", card=sprint)
    assert [r["extra"] for r in top(state)["rows"]] == [0, 2]  # Blue's part only
    params = shared(state, bites_3={"kate": 1}, cubes_3={"front-door": 2})
    state, _ = act(state, 1, "activate_hordes", **params)
    assert state["defenses"]["front-door"] == 1


def test_EZA_T7_a_hordes_second_activation_is_in_the_form_with_the_zombies_the_first_left():
    """Green and Blue each activate 1 Zombie with 2 actions, then 2 with 3 (two effects of the
    card): one form, each Horde asked how many acted in its first activation, its second one
    counted on the Zombies that did not (EZA-T7), checked once both are entered."""
    state = plain(deal("house", seats=(1, 2, 3)))
    green = state["hordes"]["2"]
    green["reserve"], green["board"] = green["reserve"] + green["board"] - 2, 2
    steps = main_effects(2, 3, effect="activate:1x2")
    steps.insert(2, {"kind": "zombie_effect", "seat": 2, "effect": "activate:2x3", "part": "main"})
    steps += main_effects(3, effect="activate:2x3")[1:]
    state, _ = stage(state, *steps)
    rows = [(r["seat"], r["key"], bool(r.get("again"))) for r in top(state)["rows"]]
    assert rows == [(2, "2", False), (2, "2_2", True), (3, "3", False), (3, "3_2", True)]
    form = spec(state, 1, "activate_hordes")["params"]
    assert {"acted_2", "acted_3"} <= set(form) and "acted_2_2" not in form
    assert form["acted_2"]["value"] == 1  # all of them, preselected
    # Green's second: 1 Zombie left if its first one acted, 2 if it did not
    assert form["bites_2_2"]["most"] == 1 and form["bites_2_2"]["counts"]["kate"]["max"] == 2
    both = {"bites_2_2": {"kate": 1, "omar": 1}}
    with pytest.raises(RuleError) as refused:
        act(state, 1, "activate_hordes", **shared(state, **both))
    assert refused.value.rule == "EZA-T6"  # 1 Zombie left: 1 bite
    state, _ = act(state, 1, "activate_hordes", **shared(state, acted_2=0, **both))
    assert state["hordes"]["2"]["activated"] == 2  # both acted, in the second activation
    assert state["hordes"]["2"]["bites"] == {"kate": 1, "omar": 1} and not state["steps"]


def test_EZA_E1_once_nobody_is_left_the_rest_after_the_feast_asks_nothing():
    state = plain(deal("house", seats=(1, 2, 3)))
    for hid in list(state["humans"]):
        if hid != "harry":
            state["humans"][hid]["status"] = "escaped"
    last_token(state, "harry")
    state, _ = stage(state, *main_effects(2, 3))
    state, said = act(state, 1, "activate_hordes", **shared(state, bites_2={"harry": 1}))
    while state["steps"] and GAME.result(state) is None and top(state)["kind"] != "activations":
        seat = waiting(state)[0]
        form = next(s for s in GAME.legal_actions(state, seat) if s["type"] != "correct")
        params = {k: dict.fromkeys(p["counts"], 0) for k, p in form["params"].items()}
        state, events = act(state, seat, form["type"], **params)
        said += events
    assert not [s for s in state["steps"] if s["kind"] == "activations"]
    skipped = [e for e in said if e["msg"] == "eza.effect.skipped"]
    assert [e["args"]["horde"]["args"]["seat"] for e in skipped] == [{"seat": 3}]
    assert not state["steps"]  # EZA-E1: nothing else asked


def test_EZA_T5_a_horde_left_with_no_zombie_after_the_feast_adds_one_instead():
    state = plain(deal("house", seats=(1, 2, 3, 4)))
    last_token(state, "harry")
    state, _ = stage(state, *main_effects(2, 3, 4))
    params = shared(state, bites_2={"harry": 1}, bites_4={"omar": 1})
    state, _ = act(state, 1, "activate_hordes", **params)
    h = state["hordes"]["3"]  # the table corrects Red's Zombies meanwhile: none on the board
    h["reserve"], h["board"], h["crawling"], h["fresh"] = 10, 0, 0, 0
    keys = spec(state, 1, "feast")["params"]["zombies"]["counts"]
    state, events = act(state, 1, "feast", zombies=dict.fromkeys(keys, 0))
    assert "EZA-T5" in rules(events) and state["hordes"]["3"]["board"] == 1
    assert top(state)["kind"] == "activation" and top(state)["seat"] == 4  # then Blue, asked
    assert spec(state, 4, "activate")["params"]["bites"]["counts"]["omar"]["value"] == 1


# --- the card's public part in one form: activations, added Zombies, a Panic (issue 17) -------


def card_part(seat: int, parts: list[str], effects: list[str]) -> list[dict]:
    """A Horde's share of a card: it says what it applies, then each effect in order."""
    steps: list[dict] = [{"kind": "horde_applies", "seat": seat, "parts": parts}]
    for effect in effects:
        steps.append({"kind": "zombie_effect", "seat": seat, "effect": effect, "part": parts[0]})
    return steps


def test_EZA_T1_EZA_T11_a_panic_bonus_and_the_other_hordes_activations_are_one_form():
    """Swarm-like card: Yellow's Zombies act, Yellow frightens a Human (its bonus), then Green
    and Red act (the main effect): the table does it all in order, the active phone records it
    once, the Panic in its place in the order."""
    state = plain(deal("house", seats=(1, 2, 3)))
    state, events = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "panic"]),
        *card_part(2, ["main"], ["activate:allx1"]),
        *card_part(3, ["main"], ["activate:allx1"]),
    )
    assert top(state)["kind"] == "activations" and waiting(state) == [1]
    rows = [(r["row"] if "row" in r else "activation", r["seat"]) for r in top(state)["rows"]]
    assert rows == [("activation", 1), ("panic", 1), ("activation", 2), ("activation", 3)]
    assert "Seat 2 (Green) applies the main effects." in text(events)  # still said, in order
    form = spec(state, 1, "activate_hordes")["params"]
    assert set(form) == {f"{p}_{s}" for p in ("bites", "cubes") for s in (1, 2, 3)} | {"panic_1"}
    assert "value" not in form["panic_1"]  # the Horde's own choice: nothing preselected
    assert "Panic" in asked(state)
    params = shared(state, bites_1={"kate": 1}, bites_3={"kate": 1}, panic_1="omar")
    state, events = act(state, 1, "activate_hordes", **params)
    assert state["humans"]["omar"]["frightened"] and not state["steps"]
    order = [e["msg"] for e in events if e["msg"] in ("eza.bite", "eza.bite.first", "eza.panic")]
    assert order == ["eza.bite.first", "eza.panic", "eza.bite"]  # Yellow, its Panic, then Red
    assert rules(events).count("EZA-T11") == 1


def test_EZA_T11_a_panic_with_one_human_left_to_frighten_is_applied_in_its_place():
    state = plain(deal("house", seats=(1, 2)))
    for hid in state["human_order"]:
        state["humans"][hid]["frightened"] = hid != "kate"
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "panic"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    assert "panic_1" not in spec(state, 1, "activate_hordes")["params"]  # one answer: not asked
    state, events = act(state, 1, "activate_hordes", **shared(state))
    assert state["humans"]["kate"]["frightened"] and "EZA-T11" in rules(events)


def test_EZA_F1_after_a_feast_in_the_form_the_panic_and_the_next_hordes_are_asked_again():
    state = plain(deal("house", seats=(1, 2)))
    last_token(state, "harry")
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "panic"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    params = shared(state, bites_1={"harry": 1}, panic_1="kate", bites_2={"omar": 1})
    state, events = act(state, 1, "activate_hordes", **params)
    assert state["humans"]["harry"]["status"] == "dead" and top(state)["kind"] == "feast"
    assert not state["humans"]["kate"]["frightened"]  # nothing after the Feast is applied yet
    keys = spec(state, 1, "feast")["params"]["zombies"]["counts"]
    state, _ = act(state, 1, "feast", zombies=dict.fromkeys(keys, 0))
    assert [r.get("row", "activation") for r in top(state)["rows"]] == ["panic", "activation"]
    form = spec(state, 1, "activate_hordes")["params"]
    assert "value" not in form["panic_1"] and "harry" not in form["panic_1"]["choices"]
    assert form["bites_2"]["counts"]["omar"]["value"] == 1  # what was entered is kept
    state, _ = act(state, 1, "activate_hordes", **shared(state, panic_1="nina"))
    assert state["humans"]["nina"]["frightened"] and not state["steps"]


def test_EZA_T5_EZA_T7_the_hordes_added_zombies_go_in_the_form_with_their_spots():
    """Cemetery: each Horde adds 1 Zombie and activates (a card's main effect for everyone):
    where each new Zombie went is a part of the form, the likely spot preselected; a closed
    tomb gives up its Tombstone; the added Zombies are not activated by the card (EZA-T7)."""
    state = plain(deal("cemetery", seats=(1, 2)))
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["add_zombie", "activate:1x2"]),
        *card_part(2, ["main"], ["add_zombie", "activate:1x2"]),
    )
    rows = [(r.get("row", "activation"), r["key"]) for r in top(state)["rows"]]
    assert rows == [("add", "1"), ("activation", "1"), ("add", "2"), ("activation", "2")]
    form = spec(state, 1, "activate_hordes")["params"]
    assert form["spot_1"]["choices"] == ["closed_tomb", "open_tomb"]
    assert form["spot_1"]["value"] == "closed_tomb" and "bites_1" in form
    board = {s: state["hordes"][str(s)]["board"] for s in (1, 2)}
    tombs = state["tombstones"]["on_board"]
    params = shared(state, spot_1="closed_tomb", spot_2="open_tomb")
    state, events = act(state, 1, "activate_hordes", **params)
    assert {s: state["hordes"][str(s)]["board"] for s in (1, 2)} == {
        1: board[1] + 1,
        2: board[2] + 1,
    }
    assert state["tombstones"]["on_board"] == tombs - 1
    assert all(state["hordes"][s]["fresh"] == 1 for s in "12")  # EZA-T7
    assert not state["steps"]


def test_EZA_S1_a_form_never_offers_more_closed_tombs_than_tombstones_are_left():
    state = plain(deal("cemetery", seats=(1, 2, 3)))
    state["tombstones"]["box"] += state["tombstones"]["on_board"] - 1
    state["tombstones"]["on_board"] = 1
    state, _ = stage(
        state,
        *card_part(1, ["main"], ["add_zombie"]),
        *card_part(2, ["main"], ["add_zombie"]),
        *card_part(3, ["main"], ["add_zombie"]),
    )
    # the first may take the last Tombstone; the second would offer a closed tomb too: the form
    # stops before it, and it is asked once the first spot is known
    assert top(state)["kind"] == "place_zombie" and top(state)["seat"] == 1
    boards = [state["hordes"][s]["board"] for s in "123"]
    state, _ = act(state, 1, "place_zombie", where="closed_tomb")
    assert state["tombstones"]["on_board"] == 0
    # no closed tomb left: an open tomb is the one spot of the others, placed without a question
    assert [state["hordes"][s]["board"] for s in "123"] == [b + 1 for b in boards]
    assert not state["steps"]


def test_EZA_T5_a_horde_with_an_empty_reserve_is_asked_on_its_own():
    state = plain(deal("cemetery", seats=(1, 2)))
    h = state["hordes"]["2"]
    h["board"], h["reserve"] = h["board"] + h["reserve"], 0
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "add_zombie"]),
        *card_part(2, ["main"], ["add_zombie"]),
    )
    rows = [r.get("row", "activation") for r in top(state)["rows"]]
    assert rows == ["activation", "add"]  # Green's take-back is its own question, after
    state, _ = act(state, 1, "activate_hordes", **shared(state))
    assert top(state)["kind"] == "place_zombie" and "none" in top(state)["spots"]


def test_EZA_T8_a_zombie_card_to_add_is_chosen_right_after_the_form_which_goes_on():
    """Yellow's bonus "add 1 of your Zombie cards" only puts a card on the Zombie draw pile:
    the others' activations do not wait for it; it is chosen right after the form, the table
    told why."""
    state = plain(deal("house", seats=(1, 2)))
    state, events = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "add_zombie_card"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    assert [r["seat"] for r in top(state)["rows"]] == [1, 2]
    assert "eza.zombie_card.after_form" in [e["msg"] for e in events]
    assert not state["zombie_cards"]["choice:1"]  # nothing drawn yet
    state, events = act(state, 1, "activate_hordes", **shared(state))
    assert top(state)["kind"] == "pick_zombie_card" and waiting(state) == [1]
    assert len(state["zombie_cards"]["choice:1"]) == 2
    drawn = next(e for e in events if e["msg"] == "eza.zombie_card.drawn")
    assert list(drawn["private"]) == ["1"]  # the cards only to Yellow


def test_EZA_T9_a_mutation_bonus_is_drawn_in_its_place_and_kept_after_the_form():
    """Yellow's bonus Mutation comes between its Zombies and Green's: drawn when the form is
    applied, in that place (private to Yellow), and kept once the form is recorded."""
    state = plain(deal("house", seats=(1, 2)))
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "mutate"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    rows = [(r.get("row", "activation"), r["seat"]) for r in top(state)["rows"]]
    assert rows == [("activation", 1), ("mutate", 1), ("activation", 2)]
    assert "draws its Mutations" in asked(state)
    assert not state["mutation_cards"]["offer:1"]  # nothing drawn before the form is recorded
    state, events = act(state, 1, "activate_hordes", **shared(state, bites_2={"kate": 1}))
    order = [e["msg"] for e in events if e["msg"] in ("eza.mutation.drawn", "eza.bite.first")]
    assert order == ["eza.mutation.drawn", "eza.bite.first"]  # in its place: before Green bites
    assert top(state)["kind"] == "await_mutations" and waiting(state) == [1]
    assert len(state["mutation_cards"]["offer:1"]) == 2
    card = state["mutation_cards"]["offer:1"][0]
    state, _ = act(state, 1, "keep_mutation", card=card)
    assert card in state["mutation_cards"]["held:1"] and not state["steps"]


def test_EZA_T9_EZA_F1_a_mutation_drawn_in_the_form_is_kept_before_the_feast_after_it():
    state = plain(deal("house", seats=(1, 2)))
    last_token(state, "harry")
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "mutate"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    state, _ = act(state, 1, "activate_hordes", **shared(state, bites_2={"harry": 1}))
    assert state["humans"]["harry"]["status"] == "dead"
    # Yellow keeps first, then the Feast (EZA-F1 order): it holds its Mutation at the Feast
    kinds = [s["kind"] for s in state["steps"]]
    assert kinds[-1] == "await_mutations"
    assert kinds[-2:-5:-1] == ["fatal_blow", "feast_count", "transform"]
    card = state["mutation_cards"]["offer:1"][0]
    state, _ = act(state, 1, "keep_mutation", card=card)
    assert card in state["mutation_cards"]["held:1"] and top(state)["kind"] != "await_mutations"


def test_EZA_T12_a_sprint_played_in_the_form_stays_with_its_horde_after_a_feast():
    state = plain(deal("house", seats=(1, 2, 3)))
    last_token(state, "harry")
    sprint = hold(state, 3, "extra_actions", alone=True)
    state, _ = stage(state, *main_effects(2, 3, effect="activate:1x1"))
    state, _ = act(state, 3, "use_mutation", card=sprint)
    params = shared(state, bites_2={"harry": 1}, bites_3={"kate": 1}, cubes_3={"front-door": 2})
    state, _ = act(state, 1, "activate_hordes", **params)
    keys = spec(state, 1, "feast")["params"]["zombies"]["counts"]
    state, _ = act(state, 1, "feast", zombies=dict.fromkeys(keys, 0))
    assert top(state)["kind"] == "activation" and top(state)["extra"] == 2  # Blue's Sprint kept
    form = spec(state, 3, "activate")["params"]
    kept = {k: {key: b["value"] for key, b in p["counts"].items()} for k, p in form.items()}
    assert kept["bites"]["kate"] == 1 and kept["cubes"]["front-door"] == 2
    state, _ = act(state, 3, "activate", **kept)  # 1 bite + 2 cubes: 3 actions with the Sprint
    assert state["defenses"]["front-door"] == 1


def test_EZA_T5_a_horde_whose_reserve_emptied_while_the_form_was_open_is_asked_in_its_place():
    """The table corrects Yellow's reserve to 0 while the form is open: its new Zombie is asked
    on its own (it may take one back, EZA-T5), in its place; the rows before it are applied,
    those after it asked again after it."""
    state = plain(deal("house", seats=(1, 2)))
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "add_zombie"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    assert [r.get("row", "activation") for r in top(state)["rows"]] == [
        "activation",
        "add",
        "activation",
    ]
    h = state["hordes"]["1"]
    h["board"], h["reserve"] = h["board"] + h["reserve"], 0  # a correction meanwhile
    params = shared(state, bites_1={"kate": 1}, bites_2={"omar": 1})
    state, events = act(state, 1, "activate_hordes", **params)
    assert state["hordes"]["1"]["bites"] == {"kate": 1} and state["hordes"]["2"]["bites"] == {}
    assert "EZA-T5" in rules(events) and state["hordes"]["1"]["reserve"] == 0
    assert top(state)["kind"] == "take_back" and waiting(state) == [1]
    state, _ = act(state, 1, "take_back", choice="leave")
    assert top(state)["kind"] == "activation" and top(state)["seat"] == 2
    assert spec(state, 2, "activate")["params"]["bites"]["counts"]["omar"]["value"] == 1


def test_EZA_S1_a_tombstone_gone_while_the_form_is_open_leaves_a_closed_tomb_to_the_first():
    state = plain(deal("cemetery", seats=(1, 2)))
    state["tombstones"]["box"] += state["tombstones"]["on_board"] - 2
    state["tombstones"]["on_board"] = 2
    state, _ = stage(
        state,
        *card_part(1, ["main"], ["add_zombie"]),
        *card_part(2, ["main"], ["add_zombie"]),
    )
    form = spec(state, 1, "activate_hordes")["params"]
    assert "closed_tomb" in form["spot_1"]["choices"] and "closed_tomb" in form["spot_2"]["choices"]
    state["tombstones"]["on_board"] -= 1  # an Instant (Splinters) or a correction meanwhile
    state["tombstones"]["box"] += 1
    # one Tombstone left: the first add in the order may take it, the second has one spot
    form = spec(state, 1, "activate_hordes")["params"]
    assert "closed_tomb" in form["spot_1"]["choices"] and "spot_2" not in form
    with pytest.raises(RuleError) as refused:
        act(state, 1, "activate_hordes", spot_1="closed_tomb", spot_2="closed_tomb")
    assert refused.value.code == "illegal_params"
    state, _ = act(state, 1, "activate_hordes", spot_1="closed_tomb")
    assert state["tombstones"]["on_board"] == 0 and not state["steps"]


def test_EZA_T1_a_hordes_second_added_zombie_has_its_own_spot():
    state = plain(deal("cemetery", seats=(1, 2)))
    state, _ = stage(
        state,
        *card_part(1, ["bonus"], ["add_zombie", "add_zombie"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    form = spec(state, 1, "activate_hordes")["params"]
    assert {"spot_1", "spot_1_2", "bites_2"} <= set(form)
    tombs = state["tombstones"]["on_board"]
    state, _ = act(state, 1, "activate_hordes", **shared(state, spot_1_2="open_tomb"))
    assert state["tombstones"]["on_board"] == tombs - 1  # the first on a closed tomb, preset


def test_EZA_T12_the_first_parts_horde_has_its_moment_the_later_ones_after_the_form():
    """An Instant played "when asked" acts at once: the first part's Horde may play it while the
    form is open (nothing of the form is applied yet); a later part's Horde does not, it would
    act before the parts ahead of it."""
    state = plain(deal("house", seats=(1, 2)))
    hold(state, 2, "frighten", alone=True)  # only Green holds one
    later, _ = stage(
        state,
        *card_part(1, ["main"], ["activate:allx1"]),
        *card_part(2, ["main", "bonus"], ["activate:allx1", "panic"]),
    )
    assert [r["seat"] for r in top(later)["rows"]] == [1, 2, 2] and waiting(later) == [1]
    assert "use_mutation" not in types(later, 2)  # Green's parts come after Yellow's
    first, _ = stage(
        state,
        *card_part(2, ["main", "bonus"], ["activate:allx1", "panic"]),
        *card_part(1, ["main"], ["activate:allx1"]),
    )
    assert [r["seat"] for r in top(first)["rows"]] == [2, 2, 1]
    assert "use_mutation" in types(first, 2)  # Green's part is the first: its moment is now


def test_EZA_T12_a_lunge_played_on_its_part_bites_in_its_place_before_that_hordes_bites():
    state = plain(deal("house", seats=(1, 2, 3)))
    card = hold(state, 3, "bite_at_range", alone=True)
    state, _ = stage(state, *main_effects(2, 3))
    kate = state["humans"]["kate"]["tokens"]
    params = shared(state, bites_2={"kate": 1}, lunge_3="omar", bites_3={"kate": 1})
    state, events = act(state, 1, "activate_hordes", **params)
    assert card in state["mutation_cards"]["discard"]  # used: discarded (EZA-T9)
    bites = [(e["seat"], e["human"]) for e in events if e["msg"] in ("eza.bite", "eza.bite.first")]
    assert bites == [(2, "kate"), (3, "omar"), (3, "kate")]  # Green, Blue's Lunge, Blue
    assert state["humans"]["kate"]["tokens"] == kate - 2 and not state["steps"]


def test_EZA_T12_EZA_F1_a_lunge_taking_the_last_token_feasts_before_that_hordes_bites():
    state = plain(deal("house", seats=(1, 2, 3)))
    card = hold(state, 3, "bite_at_range", alone=True)
    last_token(state, "harry")
    state, _ = stage(state, *main_effects(2, 3))
    params = shared(state, bites_2={"kate": 1}, lunge_3="harry", bites_3={"omar": 1})
    state, events = act(state, 1, "activate_hordes", **params)
    assert (
        state["humans"]["harry"]["status"] == "dead" and card in state["mutation_cards"]["discard"]
    )
    assert (
        state["hordes"]["2"]["bites"] == {"kate": 1} and "omar" not in state["hordes"]["3"]["bites"]
    )
    keys = spec(state, 1, "feast")["params"]["zombies"]["counts"]
    state, _ = act(state, 1, "feast", zombies=dict.fromkeys(keys, 0))
    # then Blue's Zombies act: its own form, what was entered kept, no Lunge left to play
    assert top(state)["kind"] == "activation" and top(state)["seat"] == 3
    form = spec(state, 3, "activate")["params"]
    assert form["bites"]["counts"]["omar"]["value"] == 1 and "lunge" not in form


def _twice(state: dict) -> tuple[dict, list]:
    """Yellow activates 1 Zombie (2 actions); Green 1 (2 actions), then 2 (3 actions each)."""
    steps = card_part(1, ["main"], ["activate:1x2"])
    steps += card_part(2, ["main"], ["activate:1x2", "activate:2x3"])
    return stage(state, *steps)


def test_EZA_T7_what_was_entered_for_acted_is_kept_over_a_feast():
    state = plain(deal("house", seats=(1, 2)))
    last_token(state, "harry")
    green = state["hordes"]["2"]
    green["reserve"], green["board"] = green["reserve"] + green["board"] - 2, 2
    state, _ = _twice(state)
    assert [r["key"] for r in top(state)["rows"]] == ["1", "2", "2_2"]
    entered = {"bites_1": {"harry": 1}, "acted_2": 0, "bites_2_2": {"kate": 1, "omar": 1}}
    state, _ = act(state, 1, "activate_hordes", **shared(state, **entered))
    keys = spec(state, 1, "feast")["params"]["zombies"]["counts"]
    state, _ = act(state, 1, "feast", zombies=dict.fromkeys(keys, 0))
    form = spec(state, 1, "activate_hordes")["params"]
    assert form["acted_2"]["value"] == 0  # as entered: Green's first Zombie did not act
    shown = {
        k: {key: b.get("value", 0) for key, b in p["counts"].items()}
        if "counts" in p
        else p["value"]
        for k, p in form.items()
    }
    assert shown["bites_2_2"]["kate"] == 1 and shown["bites_2_2"]["omar"] == 1
    state, _ = act(state, 1, "activate_hordes", **shown)  # sent as shown: accepted
    assert state["hordes"]["2"]["bites"] == {"kate": 1, "omar": 1}


def test_EZA_T7_EZA_T12_a_pack_instinct_hordes_second_activation_is_asked_on_its_own():
    state = plain(deal("house", seats=(1, 2)))
    hold(state, 2, "pack_instinct", alone=True)
    state, _ = _twice(state)
    # its extra action goes to whichever activation its Zombies act in first: not one form
    assert [r["key"] for r in top(state)["rows"]] == ["1", "2"]
    assert "acted_2" in spec(state, 1, "activate_hordes")["params"]


def test_EZA_T12_the_active_horde_recording_a_form_it_has_no_first_part_in_is_not_asked():
    """After a Feast the form goes on with the next Hordes' parts: Yellow still records it, but
    its "when asked" Instants wait until the form is done (they would act before Green's)."""
    state = plain(deal("house", seats=(1, 2, 3)))
    hold(state, 1, "frighten", alone=True)
    state, _ = stage(state, *main_effects(2, 3))
    assert waiting(state) == [1] and top(state)["rows"][0]["seat"] == 2
    assert "use_mutation" not in types(state, 1)


def test_EZA_T12_a_resumed_row_saved_before_pack_was_kept_gets_pack_instinct_once():
    state = plain(deal("house", seats=(1, 2)))
    hold(state, 2, "pack_instinct", alone=True)
    row = {"seat": 2, "zombies": 1, "actions": 2, "extra": 1, "more_bites": 0}
    old = {"kind": "activations_resume", "rows": [{**row, "effect": "activate:1x2"}]}
    state, _ = stage(state, old)  # a step saved by an older version: no "pack" key
    assert top(state)["kind"] == "activation" and top(state)["extra"] == 1


def test_EZA_S1_a_form_opened_on_another_counts_its_own_parts_for_the_tombstones():
    state = plain(deal("cemetery", seats=(1, 2)))
    state["tombstones"]["box"] += state["tombstones"]["on_board"] - 2
    state["tombstones"]["on_board"] = 2
    outer = {
        "kind": "activations",
        "seat": 1,
        "rows": [
            {
                "row": "add",
                "seat": 2,
                "effect": "add_zombie",
                "spots": ["closed_tomb", "open_tomb"],
                "key": "2",
            },
        ],
    }
    state, _ = stage(
        state,
        *card_part(1, ["main"], ["add_zombie", "add_zombie"]),
    )
    state["steps"].insert(0, outer)  # an open form under this one (an Instant opened it)
    form = spec(state, 1, "activate_hordes")["params"]
    assert (
        "closed_tomb" in form["spot_1"]["choices"] and "closed_tomb" in form["spot_1_2"]["choices"]
    )
    state, events = act(state, 1, "activate_hordes", spot_1="closed_tomb", spot_1_2="closed_tomb")
    assert state["tombstones"]["on_board"] == 0  # both closed tombs, as entered
    assert [e["args"]["where"]["msg"] for e in events if e["msg"] == "eza.added"] == [
        "eza.where.closed_tomb",
        "eza.where.closed_tomb",
    ]
