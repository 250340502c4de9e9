"""The card's parts, each asked of its own Horde (EZA-T1, T5..T12, EZA-F1, issue 26): what a card
has the Hordes do in a row — their activations, the Zombies they add and where, a Panic, a
Mutation or a Zombie card drawn in its place — is asked of each Horde on its own phone, played
in resolution order; parts that cannot change one another are asked at once, the others when
the parts before them are played; a part whose controls changed before it was played (a Feast,
a correction) is asked again."""

from __future__ import annotations

import pytest
from eza_support import (
    GAME,
    act,
    actions_of,
    activate,
    asked,
    deal,
    form_of,
    hold,
    part_params,
    rows_of,
    rules,
    set_tokens,
    stage,
    text,
    top,
    types,
    waiting,
)
from test_eza_corrections import correct

from tableapp.engine import RuleError, piles
from tableapp.games.eat_zem_all.views import view


def plain(state: dict) -> dict:
    """No Horde holds a Mutation (the deal gives each one)."""
    for seat in state["seats"]:
        piles.move_all(state["mutation_cards"], f"held:{seat}", "discard")
    return state


def last_token(state: dict, hid: str, tokens: int = 1) -> None:
    """The Human has ``tokens`` Bite tokens left, and a Trait whose fatal blow asks nothing."""
    set_tokens(state, hid, tokens)
    state["humans"][hid]["trait"] = "tough"


def main_effects(*seats: int, effect: str = "activate:2x2") -> list[dict]:
    """The other Hordes' part of a card: each says it applies the main effect, then does it."""
    steps = []
    for seat in seats:
        steps.append({"kind": "horde_applies", "seat": seat, "parts": ["main"]})
        steps.append({"kind": "zombie_effect", "seat": seat, "effect": effect, "part": "main"})
    return steps


def card_part(seat: int, parts: list[str], effects: list[str]) -> list[dict]:
    """A Horde's share of a card: it says what it applies, then each effect in order."""
    steps: list[dict] = [{"kind": "horde_applies", "seat": seat, "parts": parts}]
    for effect in effects:
        steps.append({"kind": "zombie_effect", "seat": seat, "effect": effect, "part": parts[0]})
    return steps


def enter(state: dict, seat: int, **entered) -> tuple[dict, list[dict]]:
    """The Horde's form sent as shown but for ``entered``."""
    return act(state, seat, "card_part", **part_params(state, seat, **entered))


def feast_counted(state: dict) -> dict:
    """The Feast counted by the active Horde: no Zombie on or next to the cell."""
    (feast,) = [s for s in GAME.legal_actions(state, state["active"]) if s["type"] == "feast"]
    keys = feast["params"]["zombies"]["counts"]
    state, _ = act(state, state["active"], "feast", zombies=dict.fromkeys(keys, 0))
    return state


# --- each Horde its own part, at once when they cannot change one another ---------------------


def test_EZA_T1_each_horde_enters_its_own_part_on_its_own_phone_at_once():
    state = plain(deal("house", seats=(1, 2, 3, 4)))
    state, events = stage(state, *main_effects(2, 3, 4))
    assert top(state)["kind"] == "activations" and rows_of(state) == [
        ("activation", 2),
        ("activation", 3),
        ("activation", 4),
    ]
    # 2 bites each at most, every Human holds 10 or more: no part can change another's
    assert waiting(state) == [2, 3, 4]
    assert "Seat 3 (Red) applies the main effects." in text(events)  # still said, in order
    assert "card_part" not in types(state, 1)  # the active Horde has no part here: not asked
    for seat in (2, 3, 4):  # each its own part only
        assert set(form_of(state, seat)) == {f"actions_{seat}"}
        assert actions_of(state, seat)["most"] == 4  # its own 2 Zombies, 2 actions each
    # Blue and Red first: kept for their turn; Green's answer plays the three, in order
    state, events = activate(state, 4, bites={"kate": 2})
    assert state["hordes"]["4"]["bites"] == {} and waiting(state) == [2, 3]
    assert "after those before it: Seat 2 (Green) and Seat 3 (Red)" in text(events)
    state, _ = activate(state, 3, cubes={"front-door": 2})
    state, events = activate(state, 2, bites={"kate": 1})
    biters = [e["seat"] for e in events if e["msg"] in ("eza.bite", "eza.bite.first")]
    assert biters == [2, 4, 4]  # resolution order, not the order entered
    assert state["defenses"]["front-door"] == 1
    assert [state["hordes"][s]["activated"] for s in "234"] == [2, 2, 2]
    assert not state["steps"]


def test_EZA_T6_a_human_near_its_last_token_makes_the_next_parts_wait_in_order():
    """Harry on his last token: any Horde could take it, a Feast coming first (EZA-F1): the
    parts after the first wait, each asked once the one before it is played."""
    state = plain(deal("house", seats=(1, 2, 3, 4)))
    last_token(state, "harry")
    state, _ = stage(state, *main_effects(2, 3, 4))
    assert waiting(state) == [2]
    assert "waits for the parts before it" in asked(state)
    state, events = activate(state, 2, bites={"harry": 1, "kate": 1})
    assert state["humans"]["harry"]["status"] == "dead" and "EZA-F1" in rules(events)
    assert top(state)["kind"] == "feast"
    state = feast_counted(state)
    # after the Feast: Red and Blue, at once now (nobody near a last token)
    assert top(state)["kind"] == "activations" and waiting(state) == [3, 4]
    assert "harry" not in actions_of(state, 3)["counts"]
    assert state["hordes"]["2"]["bites"] == {"harry": 1, "kate": 1}  # its bite after the Feast


@pytest.mark.parametrize(("tokens", "at_once"), [(4, True), (3, False)])
def test_EZA_T6_near_its_last_token_is_when_the_most_bites_could_reach_it(tokens, at_once):
    """Green and Red have 2 bites each at most: a Human on 4 tokens is not near (Red may bite 2
    whatever Green does, and whether Red takes the last one is Red's part), on 3 it is (how
    many Red may bite depends on Green's)."""
    state = plain(deal("house", seats=(1, 2, 3)))
    for hid in state["human_order"]:
        last_token(state, hid, max(tokens, 5) if hid != "harry" else tokens)
    state, _ = stage(state, *main_effects(2, 3))
    assert (waiting(state) == [2, 3]) is at_once
    if at_once:
        assert actions_of(state, 3)["counts"]["harry"]["max"] == 2
        return
    state, _ = activate(state, 2, bites={"harry": 2})
    assert waiting(state) == [3] and actions_of(state, 3)["counts"]["harry"]["max"] == 1


def test_EZA_T6_each_hordes_part_is_checked_against_its_own_zombies():
    state = plain(deal("house", seats=(1, 2, 3)))
    hold(state, 3, "pack_instinct", alone=True)
    hold(state, 2, "iron_jaw", alone=True)
    state, _ = stage(state, *main_effects(2, 3, effect="activate:1x1"))
    assert waiting(state) == [2, 3]
    assert actions_of(state, 2)["most"] == 1 and actions_of(state, 3)["most"] == 2  # Pack instinct
    green = actions_of(state, 2)
    assert "Iron jaw" in text([green["label"]]) and green["counts"]["front-door"]["max"] == 1
    # beyond the form's bounds, the rules refuse, naming the part (a safety net)
    with pytest.raises(RuleError) as error:  # Blue: 1 Zombie, a second bite
        activate(state, 3, bites={"kate": 1, "omar": 1})
    assert (error.value.code, error.value.rule) == ("already_bit", "EZA-T6")
    assert error.value.message["msg"] == "eza.refuse.part"
    with pytest.raises(RuleError) as error:  # Blue: 1 + 1 actions, a bite and 2 cubes is 3
        activate(state, 3, bites={"kate": 1}, cubes={"front-door": 2})
    assert (error.value.code, error.value.rule) == ("too_many_actions", "EZA-T6")
    # Iron jaw: Green's single action removes 2 cubes; Pack instinct: Blue bites and removes 1.
    state, _ = activate(state, 3, bites={"kate": 1}, cubes={"front-door": 1})
    state, _ = activate(state, 2, cubes={"front-door": 1})
    assert state["defenses"]["front-door"] == 0 and state["hordes"]["3"]["bites"] == {"kate": 1}


def test_EZA_T6_cubes_entered_at_once_beyond_those_left_are_not_taken_and_said():
    state = plain(deal("house", seats=(1, 2, 3)))
    state, _ = stage(state, *main_effects(2, 3))
    state, _ = activate(state, 3, cubes={"front-door": 3})  # Red's, entered first
    state, events = activate(state, 2, cubes={"front-door": 2})  # Green's, played first
    assert state["defenses"]["front-door"] == 0
    assert "Seat 3 (Red): only 1 Defense cube was left on Front door" in text(events)


def test_EZA_T5_a_horde_with_no_zombie_to_activate_adds_one_in_its_place():
    state = plain(deal("house", seats=(1, 2, 3, 4)))
    h = state["hordes"]["3"]
    h["reserve"], h["board"] = 10, 0
    state, _ = stage(state, *main_effects(2, 3, 4))
    assert rows_of(state) == [("activation", 2), ("add", 3), ("activation", 4)]
    assert waiting(state) == [2, 4]  # Red's Zombie, placed at the table, asks nothing
    state, _ = activate(state, 4)
    state, events = activate(state, 2)
    assert state["hordes"]["3"]["board"] == 1 and state["hordes"]["3"]["fresh"] == 1
    said = [e["msg"] for e in events if e["msg"].startswith(("eza.activation", "eza.added"))]
    assert said == [
        "eza.activation.at_table",  # Green's Zombies, nothing to record
        "eza.activation.none",  # Red has none: EZA-T5
        "eza.added",  # Red's Zombie added instead
        "eza.activation.at_table",  # then Blue's
    ]
    assert "EZA-T5" in rules(events) and not state["steps"]


def test_EZA_T7_a_hordes_second_activation_waits_when_its_first_decides_its_zombies():
    """Green (2 Zombies) and Blue (4) each activate 1 Zombie with 2 actions, then 2 with 3:
    Blue's 4 are enough for both, asked together; Green's second has the Zombies its first
    left: how many acted is asked, and its second when that is known (EZA-T7)."""
    state = plain(deal("house", seats=(1, 2, 3)))
    green = state["hordes"]["2"]
    green["reserve"], green["board"] = green["reserve"] + green["board"] - 2, 2
    steps = main_effects(2, 3, effect="activate:1x2")
    steps.insert(2, {"kind": "zombie_effect", "seat": 2, "effect": "activate:2x3", "part": "main"})
    steps += main_effects(3, effect="activate:2x3")[1:]
    state, _ = stage(state, *steps)
    assert [r["key"] for r in top(state)["rows"]] == ["2", "2_2", "3", "3_2"]
    assert set(form_of(state, 2)) == {"actions_2", "acted_2"}
    assert form_of(state, 2)["acted_2"]["value"] == 1  # all of them, preselected
    assert set(form_of(state, 3)) == {"actions_3", "actions_3_2"}  # no acted: enough Zombies
    state, _ = act(state, 2, "card_part", **part_params(state, 2, acted_2=0))
    assert actions_of(state, 2)["most"] == 6  # both Zombies left for the second: 2 × 3
    state, _ = activate(state, 2, bites={"kate": 1, "omar": 1})
    assert state["hordes"]["2"]["activated"] == 2 and state["hordes"]["2"]["bites"] == {
        "kate": 1,
        "omar": 1,
    }


def test_EZA_E1_once_nobody_is_left_the_rest_after_the_feast_asks_nothing():
    state = plain(deal("house", seats=(1, 2, 3)))
    for hid in list(state["humans"]):
        if hid != "harry":
            state["humans"][hid]["status"] = "escaped"
    last_token(state, "harry")
    state, _ = stage(state, *main_effects(2, 3))
    state, said = activate(state, 2, bites={"harry": 1})
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
    state, _ = activate(state, 2, bites={"harry": 1})
    h = state["hordes"]["3"]  # Red's Zombies gone meanwhile: none on the board
    h["reserve"], h["board"], h["crawling"], h["fresh"] = 10, 0, 0, 0
    keys = next(s for s in GAME.legal_actions(state, 1) if s["type"] == "feast")["params"]
    state, events = act(state, 1, "feast", zombies=dict.fromkeys(keys["zombies"]["counts"], 0))
    assert "EZA-T5" in rules(events) and state["hordes"]["3"]["board"] == 1
    assert waiting(state) == [4]  # then Blue, asked


# --- the card's other parts: added Zombies, a Panic, a Mutation, a Zombie card ---------------


def test_EZA_T1_EZA_T11_a_panic_bonus_is_the_active_hordes_part_beside_its_activation():
    """Swarm-like card: Yellow's Zombies act, Yellow frightens a Human (its bonus), then Green
    and Red act: Yellow's phone asks its activation and its Panic, Green's and Red's theirs."""
    state = plain(deal("house", seats=(1, 2, 3)))
    state, events = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:2x1", "panic"]),
        *card_part(2, ["main"], ["activate:2x1"]),
        *card_part(3, ["main"], ["activate:2x1"]),
    )
    assert rows_of(state) == [("activation", 1), ("panic", 1), ("activation", 2), ("activation", 3)]
    assert waiting(state) == [1, 2, 3]
    assert "Seat 2 (Green) applies the main effects." in text(events)  # still said, in order
    assert set(form_of(state, 1)) == {"actions_1", "panic_1_2"}
    assert "value" not in form_of(state, 1)["panic_1_2"]  # the Horde's own choice
    state, _ = activate(state, 3, bites={"kate": 1})
    state, _ = activate(state, 2)
    state, events = act(
        state, 1, "card_part", **part_params(state, 1, actions_1={"kate": 1}, panic_1_2="omar")
    )
    assert state["humans"]["omar"]["frightened"] and not state["steps"]
    order = [e["msg"] for e in events if e["msg"] in ("eza.bite", "eza.bite.first", "eza.panic")]
    assert order == ["eza.bite.first", "eza.panic", "eza.bite"]  # Yellow, its Panic, then Red


def test_EZA_T11_a_panic_with_one_human_left_to_frighten_is_applied_in_its_place():
    state = plain(deal("house", seats=(1, 2)))
    for hid in state["human_order"]:
        state["humans"][hid]["frightened"] = hid != "kate"
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "panic"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    assert set(form_of(state, 1)) == {"actions_1"}  # one answer: not asked
    state, events = activate(state, 1)
    state, _ = activate(state, 2)
    assert state["humans"]["kate"]["frightened"] and "EZA-T11" in rules(events)


def test_EZA_F1_a_panic_after_a_part_that_could_take_a_last_token_waits_for_it():
    state = plain(deal("house", seats=(1, 2)))
    last_token(state, "harry")
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "panic"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    assert set(form_of(state, 1)) == {"actions_1"} and waiting(state) == [1]
    state, _ = activate(state, 1, bites={"harry": 1})
    assert state["humans"]["harry"]["status"] == "dead" and top(state)["kind"] == "feast"
    assert not any(h["frightened"] for h in state["humans"].values())  # nothing after it yet
    state = feast_counted(state)
    assert waiting(state) == [1, 2]
    assert "harry" not in form_of(state, 1)["panic_1_2"]["choices"]
    state, _ = activate(state, 2, bites={"omar": 1})
    state, _ = enter(state, 1, panic_1_2="nina")
    assert state["humans"]["nina"]["frightened"] and not state["steps"]


def test_EZA_T5_EZA_T7_each_horde_says_where_its_added_zombie_went():
    """Cemetery: each Horde adds 1 Zombie and activates (a card's main effect for everyone):
    where each new Zombie went is its own Horde's part, the likely spot preselected; a closed
    tomb gives up its Tombstone; the added Zombies are not activated by the card (EZA-T7)."""
    state = plain(deal("cemetery", seats=(1, 2)))
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["add_zombie", "activate:1x2"]),
        *card_part(2, ["main"], ["add_zombie", "activate:1x2"]),
    )
    assert [(r["row"], r["key"]) for r in top(state)["rows"]] == [
        ("add", "1"),
        ("activation", "1_2"),
        ("add", "2"),
        ("activation", "2_2"),
    ]
    assert waiting(state) == [1, 2]
    form = form_of(state, 1)
    assert form["spot_1"]["choices"] == ["closed_tomb", "open_tomb"]
    assert form["spot_1"]["value"] == "closed_tomb" and "actions_1_2" in form
    board = {s: state["hordes"][str(s)]["board"] for s in (1, 2)}
    tombs = state["tombstones"]["on_board"]
    state, _ = enter(state, 2, spot_2="open_tomb")
    state, _ = enter(state, 1, spot_1="closed_tomb")
    after = {s: state["hordes"][str(s)]["board"] for s in (1, 2)}
    assert after == {1: board[1] + 1, 2: board[2] + 1}
    assert state["tombstones"]["on_board"] == tombs - 1
    assert not state["steps"]


def test_EZA_S1_a_closed_tomb_whose_last_tombstone_another_part_may_take_waits_for_it():
    state = plain(deal("cemetery", seats=(1, 2, 3)))
    state["tombstones"]["box"] += state["tombstones"]["on_board"] - 1
    state["tombstones"]["on_board"] = 1
    state, _ = stage(
        state,
        *card_part(1, ["main"], ["add_zombie"]),
        *card_part(2, ["main"], ["add_zombie"]),
        *card_part(3, ["main"], ["add_zombie"]),
    )
    # the first may take the last Tombstone: the others wait for its answer
    assert waiting(state) == [1]
    boards = [state["hordes"][s]["board"] for s in "123"]
    state, _ = enter(state, 1, spot_1="closed_tomb")
    assert state["tombstones"]["on_board"] == 0
    # no closed tomb left: an open tomb is the one spot of the others, placed without a question
    assert [state["hordes"][s]["board"] for s in "123"] == [b + 1 for b in boards]
    assert not state["steps"]


def test_EZA_T5_a_horde_with_an_empty_reserve_says_whether_it_takes_one_back():
    state = plain(deal("cemetery", seats=(1, 2)))
    h = state["hordes"]["2"]
    h["board"], h["reserve"] = h["board"] + h["reserve"], 0
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "add_zombie"]),
        *card_part(2, ["main"], ["add_zombie"]),
    )
    assert rows_of(state) == [("activation", 1), ("add", 1), ("add", 2)]
    assert waiting(state) == [1, 2]  # Green's take-back, at once with Yellow's part
    spot = form_of(state, 2)["spot_2"]
    assert spot["choices"][-1] == "none" and spot["destructive"] == ["none"]
    state, _ = enter(state, 2, spot_2="none")
    state, events = enter(state, 1)
    assert "EZA-T5" in rules(events) and not state["steps"]


def test_EZA_T8_a_zombie_card_is_drawn_in_its_place_and_chosen_while_the_others_enter_theirs():
    state = plain(deal("house", seats=(1, 2)))
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "add_zombie_card"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    assert rows_of(state) == [("activation", 1), ("zcard", 1), ("activation", 2)]
    assert not state["zombie_cards"]["choice:1"]  # nothing drawn before its turn
    state, events = activate(state, 1)
    assert len(state["zombie_cards"]["choice:1"]) == 2 and waiting(state) == [1, 2]
    drawn = next(e for e in events if e["msg"] == "eza.zombie_card.drawn")
    assert list(drawn["private"]) == ["1"]  # the cards only to Yellow
    state, _ = activate(state, 2, bites={"kate": 1})
    assert state["hordes"]["2"]["bites"] == {}  # Green's turn comes once Yellow has chosen
    state, _ = act(state, 1, "add_zombie_card", card=state["zombie_cards"]["choice:1"][0])
    assert state["hordes"]["2"]["bites"] == {"kate": 1} and not state["steps"]


def test_EZA_T9_a_mutation_bonus_is_drawn_in_its_place_and_kept_before_the_next_part():
    state = plain(deal("house", seats=(1, 2)))
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:2x1", "mutate"]),
        *card_part(2, ["main"], ["activate:2x1"]),
    )
    assert rows_of(state) == [("activation", 1), ("mutate", 1), ("activation", 2)]
    assert not state["mutation_cards"]["offer:1"]
    state, _ = activate(state, 2, bites={"kate": 1})
    state, events = activate(state, 1)
    assert [e["msg"] for e in events if e["msg"] == "eza.mutation.drawn"]
    assert len(state["mutation_cards"]["offer:1"]) == 2 and waiting(state) == [1]
    assert state["hordes"]["2"]["bites"] == {}  # in its place: Green's bites after the keep
    card = state["mutation_cards"]["offer:1"][0]
    state, events = act(state, 1, "keep_mutation", card=card)
    assert card in state["mutation_cards"]["held:1"] and state["hordes"]["2"]["bites"]
    assert not state["steps"]


def test_EZA_T9_EZA_F1_a_mutation_drawn_is_kept_before_the_feast_a_later_part_brings():
    state = plain(deal("house", seats=(1, 2)))
    last_token(state, "harry")
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:allx1", "mutate"]),
        *card_part(2, ["main"], ["activate:allx1"]),
    )
    state, _ = activate(state, 1)  # no bite: its Mutation is drawn, Green may enter its part
    assert waiting(state) == [1, 2]
    state, _ = activate(state, 2, bites={"harry": 1})
    assert state["humans"]["harry"]["status"] == "alive"  # Green's turn: after the keep
    card = state["mutation_cards"]["offer:1"][0]
    state, _ = act(state, 1, "keep_mutation", card=card)
    assert card in state["mutation_cards"]["held:1"]  # held at the Feast (EZA-T9, F1)
    assert state["humans"]["harry"]["status"] == "dead"


# --- Instants, a Lunge, a Feast or a correction while the parts are asked ----------------------


def test_EZA_T12_sprint_and_second_helping_add_to_their_hordes_part_only():
    state = plain(deal("house", seats=(1, 2, 3)))
    sprint = hold(state, 3, "extra_actions", alone=True)
    state, _ = stage(state, *main_effects(2, 3, effect="activate:1x1"))
    assert waiting(state) == [2, 3] and "use_mutation" in types(state, 3)
    state, _ = act(state, 3, "use_mutation", card=sprint)
    assert actions_of(state, 2)["most"] == 1 and actions_of(state, 3)["most"] == 3
    state, _ = activate(state, 3, bites={"kate": 1}, cubes={"front-door": 2})
    assert "use_mutation" not in types(state, 3)  # entered: its moment has passed
    state, _ = activate(state, 2)
    assert state["defenses"]["front-door"] == 1 and not state["steps"]


def test_EZA_T12_the_first_parts_horde_has_its_moment_the_later_ones_after_theirs():
    """An Instant played "when asked" acts at once: the Horde of the first part still to play
    may play it (nothing of the card is played before it); a later part's Horde does not, it
    would act before the parts ahead of it — the active Horde too."""
    state = plain(deal("house", seats=(1, 2)))
    hold(state, 2, "frighten", alone=True)
    later, _ = stage(
        state,
        *card_part(1, ["main"], ["activate:allx1"]),
        *card_part(2, ["main", "bonus"], ["activate:allx1", "panic"]),
    )
    assert "use_mutation" not in types(later, 2)  # Green's parts come after Yellow's
    later, _ = activate(later, 1)
    assert "use_mutation" in types(later, 2)  # Yellow's played: Green's moment now
    first, _ = stage(
        state,
        *card_part(2, ["main", "bonus"], ["activate:allx1", "panic"]),
        *card_part(1, ["main"], ["activate:allx1"]),
    )
    assert "use_mutation" in types(first, 2)


def test_EZA_T12_a_lunge_is_in_its_hordes_part_and_bites_before_its_zombies():
    state = plain(deal("house", seats=(1, 2, 3)))
    card = hold(state, 3, "bite_at_range", alone=True)
    state, _ = stage(state, *main_effects(2, 3))
    assert form_of(state, 3)["lunge_3"]["value"] == "none"
    assert "use_mutation" not in types(state, 3)  # played in its part, not on its own
    kate = state["humans"]["kate"]["tokens"]
    state, _ = activate(state, 3, bites={"kate": 1}, lunge="omar")
    state, events = activate(state, 2, bites={"kate": 1})
    assert card in state["mutation_cards"]["discard"]  # used: discarded (EZA-T9)
    bites = [(e["seat"], e["human"]) for e in events if e["msg"] in ("eza.bite", "eza.bite.first")]
    assert bites == [(2, "kate"), (3, "omar"), (3, "kate")]  # Green, Blue's Lunge, Blue
    assert state["humans"]["kate"]["tokens"] == kate - 2 and not state["steps"]


def test_EZA_T12_EZA_F1_a_lunge_taking_the_last_token_feasts_before_its_zombies_asked_again():
    state = plain(deal("house", seats=(1, 2, 3)))
    card = hold(state, 3, "bite_at_range", alone=True)
    last_token(state, "harry")
    state, _ = stage(state, *main_effects(2, 3))
    state, _ = activate(state, 2, bites={"kate": 1})
    state, events = activate(state, 3, bites={"omar": 1}, lunge="harry")
    assert state["humans"]["harry"]["status"] == "dead"
    assert card in state["mutation_cards"]["discard"]
    assert "omar" not in state["hordes"]["3"]["bites"]  # its Zombies act after the Feast
    state = feast_counted(state)
    # asked again (its Lunge gone, Harry gone), what it entered preselected
    assert waiting(state) == [3] and "lunge_3" not in form_of(state, 3)
    assert actions_of(state, 3)["counts"]["omar"]["value"] == 1
    state, _ = enter(state, 3, actions_3={"omar": 1})
    assert state["hordes"]["3"]["bites"]["omar"] == 1


def test_EZA_T5_a_horde_corrected_to_an_empty_reserve_is_asked_whether_it_takes_one_back():
    """Yellow's bonus Zombie asks nothing in the House; the table corrects Yellow's reserve to
    0 while the parts are asked: its part is now whether it takes one back (EZA-T5)."""
    state = plain(deal("house", seats=(1, 2)))
    state, _ = stage(
        state,
        *card_part(1, ["main", "bonus"], ["activate:2x1", "add_zombie"]),
        *card_part(2, ["main"], ["activate:2x1"]),
    )
    assert set(form_of(state, 1)) == {"actions_1"}
    h = state["hordes"]["1"]
    state, _ = correct(state, "zombies.1", seat=2, board=h["board"] + h["reserve"], reserve=0)
    assert set(form_of(state, 1)) == {"actions_1", "spot_1_2"}
    assert form_of(state, 1)["spot_1_2"]["choices"] == ["take", "none"]


def test_EZA_F1_a_part_entered_whose_controls_changed_before_its_turn_is_asked_again():
    """Red entered its part at once with Green's; a correction then takes Kate down to 1
    token: Red's part, not played yet, is asked again — once Green's is played, since Green
    could now take Kate's last token — what it entered preselected."""
    state = plain(deal("house", seats=(1, 2, 3)))
    state, _ = stage(state, *main_effects(2, 3))
    state, _ = activate(state, 3, bites={"omar": 1})
    assert "card_part" not in types(state, 3)  # entered: nothing more asked of Red
    state, events = correct(state, "bites.kate", seat=1, tile=1)
    assert "Seat 3 (Red) is asked its part again" in text(events)
    assert waiting(state) == [2]
    state, _ = activate(state, 2)
    assert waiting(state) == [3] and actions_of(state, 3)["counts"]["omar"]["value"] == 1


def test_EZA_T7_EZA_T12_a_pack_instinct_hordes_second_activation_waits_for_its_first():
    state = plain(deal("house", seats=(1, 2)))
    hold(state, 2, "pack_instinct", alone=True)
    steps = card_part(1, ["main"], ["activate:1x2"])
    steps += card_part(2, ["main"], ["activate:1x2", "activate:2x3"])
    state, _ = stage(state, *steps)
    # its extra action goes to whichever activation its Zombies act in first
    assert set(form_of(state, 2)) == {"actions_2", "acted_2"}
    assert actions_of(state, 2)["most"] == 3  # 1 Zombie, 2 actions, 1 more (Pack instinct)
    state, _ = act(state, 2, "card_part", **part_params(state, 2, acted_2=0))
    state, _ = activate(state, 1)
    assert actions_of(state, 2)["most"] == 7  # none acted: the second has Pack instinct


def test_EZA_T12_a_row_saved_before_pack_was_kept_gets_pack_instinct_once():
    state = plain(deal("house", seats=(1, 2)))
    hold(state, 2, "pack_instinct", alone=True)
    row = {"seat": 2, "zombies": 1, "actions": 2, "extra": 1, "more_bites": 0}
    old = {"kind": "activations_resume", "rows": [{**row, "effect": "activate:1x2", "key": "2"}]}
    state, _ = stage(state, old)  # a step saved by an older version: no "pack" key
    assert actions_of(state, 2)["most"] == 3  # 1 × 2 and Pack instinct's 1, not 2


def test_EZA_T1_the_table_screen_marks_each_horde_asked_and_each_part_where_it_stands():
    state = plain(deal("house", seats=(1, 2, 3, 4)))
    last_token(state, "harry", 5)
    state, _ = stage(state, *main_effects(2, 3, 4))  # 2 + 2 bites could leave Harry 1: Blue waits
    question = view(GAME.known_to(state, None), None)["question"]
    assert question["hordes"] == [2, 3]
    assert [r["state"] for r in question["rows"]] == ["asked", "asked", "waiting"]
    state, _ = activate(state, 3)  # Red bit nobody: Blue may bite 2 whatever Green does
    question = view(GAME.known_to(state, None), None)["question"]
    assert question["hordes"] == [2, 4]
    assert [r["state"] for r in question["rows"]] == ["asked", "entered", "asked"]


def test_EZA_T5_a_take_back_that_cannot_change_the_next_activation_does_not_hold_it_back():
    """Rise with an empty reserve: Yellow adds a Zombie (whether it takes one back from its 10
    on the board), then activates 1 Zombie with 2 actions: 9 or 10 left, it has its 1 either
    way, so both are asked at once; "all your Zombies" would wait for the answer."""
    state = plain(deal("house", seats=(1, 2)))
    h = state["hordes"]["1"]
    h["reserve"], h["board"] = 0, 10
    one, _ = stage(state, *card_part(1, ["main"], ["add_zombie", "activate:1x2"]))
    assert set(form_of(one, 1)) == {"spot_1", "actions_1_2"}
    every, _ = stage(state, *card_part(1, ["main"], ["add_zombie", "activate:allx1"]))
    assert set(form_of(every, 1)) == {"spot_1"}
    every, _ = enter(every, 1, spot_1="take")
    assert actions_of(every, 1)["most"] == 9  # one of the 10 moved: not activatable (EZA-T7)
