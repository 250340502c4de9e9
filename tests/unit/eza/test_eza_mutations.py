"""Mutations (rules/eat-zem-all.txt, "Mutate", "Mutations", the FAQ: a card that contradicts the
rules wins; EZA-S6, T4, T9, T10, T12): drawing and keeping, the two-card limit, and what each
card of the pack does — applied by the app where it counts it, played at the table otherwise."""

from __future__ import annotations

import json

import pytest
from eza_support import (
    GAME,
    act,
    actions_of,
    activate,
    activation,
    asked,
    deal,
    form_of,
    hold,
    reach,
    rules,
    said,
    set_tokens,
    spec,
    stage,
    text,
    top,
    types,
    waiting,
)

from tableapp.engine import RuleError, piles


def finish_activations(state: dict) -> dict:
    """The card's parts asked, each Horde entering nothing to record (the Zombies moved at the
    table): no bite, no cube, the first spot or Human offered; a Mutation to keep is left to
    the test."""
    while top(state)["kind"] == "activations":
        asked = [s for s in waiting(state) if "card_part" in types(state, s)]
        if not asked:
            return state
        form = form_of(state, asked[0])
        params = {
            k: dict.fromkeys(p["counts"], 0) if "counts" in p else p.get("value", p["choices"][0])
            for k, p in form.items()
        }
        state, _ = act(state, asked[0], "card_part", **params)
    return state


def use(state: dict, seat: int, card: str, **params):
    return act(state, seat, "use_mutation", card=card, **params)


def offered(state: dict, seat: int) -> list[str]:
    return [
        s["params"]["card"]["choices"][0]
        for s in GAME.legal_actions(state, seat)
        if s["type"] == "use_mutation"
    ]


# --- drawing, keeping, the limit (EZA-T4, T9, T10) ---------------------------------------------


def test_EZA_T4_empty_mutation_pile_takes_its_shuffled_discard():
    state = deal("house")
    mc = state["mutation_cards"]
    piles.move_all(mc, "draw", "discard")
    state, events = stage(
        state, {"kind": "zombie_effect", "seat": 2, "effect": "mutate", "part": "bonus"}
    )
    assert "EZA-T4" in rules(events)
    assert len(state["mutation_cards"]["offer:2"]) == 2
    assert waiting(state) == [2]


def test_EZA_T9_at_most_two_mutations_and_instants_are_discarded_when_used():
    state = deal("house")
    mc = state["mutation_cards"]
    piles.move_all(mc, "held:1", "discard")
    first = hold(state, 1, "iron_jaw")
    second = hold(state, 1, "extra_actions")  # Sprint, an Instant
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "mutate", "part": "bonus"}
    )
    # Holding 2 already: which to keep and which of the 3 to discard, in one answer (EZA-T9).
    form = spec(state, 1, "keep_mutation")
    held = list(state["mutation_cards"]["held:1"])
    assert sorted(held) == sorted([first, second])
    assert form["params"]["discard"]["choices"] == [*held, "kept"]
    assert "confirm" not in form
    kept = state["mutation_cards"]["offer:1"][0]
    with pytest.raises(RuleError) as error:
        act(state, 1, "keep_mutation", card=kept, discard="mutation-99")
    assert (error.value.code, error.value.rule) == ("not_held", "EZA-T9")
    state, events = act(state, 1, "keep_mutation", card=kept, discard=first)
    assert sorted(state["mutation_cards"]["held:1"]) == sorted([second, kept])
    assert first in state["mutation_cards"]["discard"]
    assert [e["msg"] for e in events if e.get("rule") == "EZA-T9"][-1] == "eza.mutation.discarded"
    assert "1" not in state["pending_mutations"]
    # An Instant Mutation may be played when its moment has come, then it is discarded.
    assert "use_mutation" not in types(state, 1)  # nothing to add actions to yet
    assert (
        GAME.explain(state, 1, {"type": "use_mutation", "params": {"card": second}}).rule
        == "EZA-T12"
    )
    state, _ = stage(state, activation(1))
    assert second in offered(state, 1)
    state, events = use(state, 1, second)
    assert second in state["mutation_cards"]["discard"] and events[0]["rule"] == "EZA-T12"
    permanent = hold(state, 1, "stench")
    ruling = GAME.explain(state, 1, {"type": "use_mutation", "params": {"card": permanent}})
    assert ruling.rule == "EZA-T9" and ruling.code == "not_instant"


def test_EZA_T10_player_aid_draft_offers_players_plus_one():
    state = deal("house", seats=(1, 2, 3), mutation_draft=True)
    piles.move(state["zombie_cards"], "zombie-green-2", "reserve:2", "track")  # bonus: mutate
    state, _ = act(state, 1, "take_card", card="zombie-green-2")
    state = finish_activations(state)
    pool = list(state["mutation_cards"]["offer:1"])
    assert len(pool) == 4 and waiting(state) == [1]
    assert [c["id"] for c in GAME.view(state, 1)["private"]["mutations_to_choose"]] == pool
    assert not any(c in json.dumps(GAME.view(state, 2)) for c in pool)
    state, events = act(state, 1, "keep_mutation", card=pool[0])
    assert events[0]["rule"] == "EZA-T10"
    state = finish_activations(state)
    assert waiting(state) == [2]  # Green, the colour owner, chooses from the rest
    assert spec(state, 2, "keep_mutation")["params"]["card"]["choices"] == pool[1:]
    state, _ = act(state, 2, "keep_mutation", card=pool[2])
    state = finish_activations(state)
    assert state["mutation_cards"]["draft"] == []  # the last cards are discarded
    assert pool[1] in state["mutation_cards"]["discard"]


def test_EZA_T9_choices_are_labelled_with_the_cards_text():
    state = deal("house", keep=False)
    labels = spec(state, 1, "keep_mutation")["params"]["card"]["labels"]
    offer = state["mutation_cards"]["offer:1"]
    for card, label in zip(offer, labels, strict=True):
        row = state["content"]["mutations"][card]
        assert said(label).startswith(row["name"]) and row["text"] in said(label)


# --- what the cards do (EZA-T12: card text beats the rules) ------------------------------------


def test_EZA_T12_sprint_gives_the_activated_zombie_two_more_actions():
    state = deal("house")
    card = hold(state, 1, "extra_actions")
    state, _ = stage(state, activation(1, zombies=1, actions=1))
    with pytest.raises(RuleError) as error:  # 1 action: one cube
        activate(state, 1, cubes={"front-door": 2})
    assert (error.value.code, error.value.rule) == ("too_many_actions", "EZA-T6")
    state, _ = use(state, 1, card)
    form = actions_of(state, 1)
    assert form["most"] == 3 and form["groups"][0]["most"] == 1  # 3 actions, still one bite
    state, _ = activate(state, 1, cubes={"front-door": 3})  # 1 + 2 actions
    assert state["defenses"]["front-door"] == 0 and not state["steps"]


def test_EZA_T12_second_helping_allows_a_second_bite_in_one_activation():
    state = deal("house")
    card = hold(state, 1, "second_bite")
    assert card not in offered(state, 1)  # its moment: while one's Zombies activate
    state, _ = stage(state, activation(1))
    with pytest.raises(RuleError) as error:
        activate(state, 1, bites={"kate": 2})
    assert (error.value.code, error.value.rule) == ("already_bit", "EZA-T6")
    state, _ = use(state, 1, card)
    state, events = activate(state, 1, bites={"kate": 2})
    assert state["hordes"]["1"]["bites"]["kate"] == 2 and "EZA-F4" in rules(events)


def test_EZA_T12_lunge_is_a_bite_that_may_start_the_feast():
    state = deal("house")
    card = hold(state, 2, "bite_at_range")
    set_tokens(state, "omar", 1)
    state["humans"]["omar"]["trait"] = "tough"
    state, _ = stage(state, activation(2))
    assert card not in offered(state, 2)  # played on its activation, in its form
    assert form_of(state, 2)["lunge_2"]["value"] == "none"  # not played unless it says so
    state, events = activate(state, 2, lunge="omar")
    assert state["humans"]["omar"]["status"] == "dead" and "EZA-F1" in rules(events)
    assert card in state["mutation_cards"]["discard"]
    assert top(state)["kind"] == "feast" or "EZA-F2" in rules(events)


def test_EZA_T12_back_from_the_pit_and_ambush_add_zombies():
    state = deal("house")
    pit = hold(state, 1, "add_zombies")
    board = state["hordes"]["1"]["board"]
    state, _ = stage(state, activation(1))
    state, events = use(state, 1, pit)
    assert state["hordes"]["1"]["board"] == board + 2 and top(state)["kind"] == "activations"
    ambush = hold(state, 1, "ambush")
    state, events = use(state, 1, ambush)
    assert state["hordes"]["1"]["board"] == board + 3
    assert "next to a Human" in text(events) and state["hordes"]["1"]["fresh"] == 3


def test_EZA_T12_howl_frightens_and_shove_moves_a_human():
    state = deal("house")
    howl, shove = hold(state, 1, "frighten"), hold(state, 1, "shove")
    state, _ = stage(state, activation(1))
    state, _ = use(state, 1, howl, human="kate")
    assert state["humans"]["kate"]["frightened"]
    moves = next(s for s in GAME.legal_actions(state, 1) if s["type"] == "use_mutation")
    assert "kate@living:4" in moves["params"]["to"]["choices"]  # living 3 ± 1
    assert said(moves["params"]["to"]["labels"][0]).count("→") == 1
    state, events = use(state, 1, shove, to="kate@living:4")
    assert state["humans"]["kate"]["cell"] == "living:4" and "Living room 4" in text(events)


def test_EZA_T12_splinters_empties_a_door_or_takes_a_tombstone():
    state = deal("house")
    card = hold(state, 1, "splinters")
    state, _ = stage(state, activation(1))
    box = state["defense_box"]
    state, _ = use(state, 1, card, opening="front-door")
    assert state["defenses"]["front-door"] == 0 and state["defense_box"] == box + 3
    cemetery = deal("cemetery")
    card = hold(cemetery, 1, "splinters")
    cemetery, _ = stage(cemetery, activation(1))
    before = dict(cemetery["tombstones"])
    cemetery, _ = use(cemetery, 1, card)
    assert cemetery["tombstones"]["on_board"] == before["on_board"] - 1
    GAME.check_invariants(cemetery | {"steps": [{"kind": "choose_card", "seat": 1}]})


def test_EZA_T12_play_dead_brings_a_killed_zombie_back_laid_down():
    state = deal("house")
    card = hold(state, 2, "play_dead")
    assert card not in offered(state, 2)
    state, _ = stage(state, {"kind": "human_effect", "human": "omar", "effect": "kill_standing"})
    state, _ = act(state, 1, "report_reach", **reach(state, {"2:standing": 1}))
    assert state["hordes"]["2"]["board"] == 3
    assert card in offered(state, 2)  # another Horde's question is waiting: it is anytime
    state, events = use(state, 2, card)
    h = state["hordes"]["2"]
    assert (h["board"], h["reserve"], h["crawling"], h["killed"]) == (4, 6, 1, 0)
    step = state["board_steps"][-1]
    assert said(step["message"]) == (
        "Put the Zombie of Seat 2 (Green) just killed back where it fell, laid down."
    )
    assert step["seats"] == [2]


def test_EZA_T12_feeding_frenzy_counts_the_hordes_zombies_twice():
    state = deal("house", seats=(1, 2, 3))
    card = hold(state, 2, "feast_double")
    set_tokens(state, "harry", 1)
    state["humans"]["harry"]["trait"] = "tough"
    state["hordes"]["1"]["bites"]["harry"] = 3
    state["humans"]["harry"]["contamination"] = 1
    state["humans"]["harry"]["tokens"] = 1
    state["humans"]["harry"]["box"] -= 3
    state, _ = stage(state, activation(3))
    state, _ = activate(state, 3, bites={"harry": 1})
    assert top(state)["kind"] == "feast" and card in offered(state, 2)
    state, _ = use(state, 2, card)
    assert "Feeding frenzy" in asked(state)
    # Yellow 3 Bites + 1, Green 0 + 2 × 2 = 4 (Red 1 + 0): Green takes the tile.
    state, events = act(state, 1, "feast", zombies={"1": 1, "2": 2, "3": 0})
    ruling = next(e for e in events if e["msg"] in ("eza.feast.won", "eza.feast.nobody"))
    assert ruling["feast"]["winner"] == 2 and ruling["feast"]["zombies"]["2"] == 4


def test_EZA_T12_iron_jaw_removes_two_cubes_with_one_action():
    state = deal("house")
    hold(state, 1, "iron_jaw")
    state, _ = stage(state, activation(1))
    form = actions_of(state, 1)
    assert "Iron jaw: 2 cubes each" in said(form["label"])
    assert form["counts"]["front-door"]["max"] == 2  # its 3 cubes: 2 actions
    state, events = activate(state, 1, bites={"kate": 1}, cubes={"front-door": 2})  # 1 + 2
    assert state["defenses"]["front-door"] == 0 and "removes 3 Defense cubes" in text(events)


def test_EZA_T12_pack_instinct_gives_the_first_zombie_of_a_card_one_more_action():
    state = deal("house")
    hold(state, 1, "pack_instinct")
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "activate:2x1", "part": "main"}
    )
    assert actions_of(state, 1)["most"] == 3  # 2 Zombies, 1 action each, 1 more to the first
    state, events = activate(state, 1, bites={"kate": 2}, cubes={"front-door": 1})  # 2 + 1 actions
    assert state["defenses"]["front-door"] == 2 and state["hordes"]["1"]["bites"]["kate"] == 2
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "activate:1x1", "part": "bonus"}
    )
    assert actions_of(state, 1)["most"] == 1  # only the first Zombie of a card


def test_EZA_T12_thick_skull_first_kill_is_a_wound():
    state = deal("house")
    hold(state, 2, "thick_skull")
    state, _ = stage(state, {"kind": "human_effect", "human": "omar", "effect": "kill_standing"})
    state, events = act(state, 1, "report_reach", **reach(state, {"2:standing": 1}))
    assert events[0]["rule"] == "EZA-T12" and "wounds" in said(events[0])
    assert state["hordes"]["2"]["board"] == 4 and state["hordes"]["2"]["crawling"] == 1
    # The second kill of the same turn is a kill.
    state, _ = stage(state, {"kind": "human_effect", "human": "omar", "effect": "kill_standing"})
    state, events = act(state, 1, "report_reach", **reach(state, {"2:standing": 1}))
    assert events[0]["msg"] == "eza.attack.kills_standing" and state["hordes"]["2"]["board"] == 3


def test_EZA_T12_grave_born_adds_on_any_tomb():
    state = deal("cemetery")
    hold(state, 2, "grave_born")
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 2, "effect": "add_zombie_outside", "part": "main"}
    )
    assert form_of(state, 2)["spot_2"]["choices"] == [
        "closed_tomb",
        "open_tomb",
        "common_grave",
    ]


def test_EZA_T12_silent_step_keeps_a_frightened_human_down_one_card_longer():
    state = deal("house")
    hold(state, 3, "silent_step")
    state["humans"]["adele"]["frightened"] = True
    card = {"kind": "resolve_human_card", "card": "house-adele-1"}
    state, _ = stage(state, card)
    assert top(state)["kind"] == "silent_step" and "Red" in asked(state)
    state, events = act(state, 1, "silent_step", next_to="yes")
    assert state["humans"]["adele"]["frightened"] and events[0]["rule"] == "EZA-T12"
    state, events = stage(state, card)  # one card longer, not two
    assert not state["humans"]["adele"]["frightened"] and events[0]["rule"] == "EZA-T11"


def test_EZA_T12_stench_and_keen_nose_are_in_the_question():
    state = deal("house")
    hold(state, 2, "stench")
    state, _ = stage(state, {"kind": "human_effect", "human": "adele", "effect": "move+2"})
    assert "next to a Standing Zombie of Seat 2 (Green) (Stench)" in asked(state)


def test_EZA_T12_table_mutations_are_played_at_the_table_with_what_to_correct():
    state = deal("house")
    card = hold(state, 1, "table_moves")  # Regroup
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "panic", "part": "bonus"}
    )
    assert card in offered(state, 1)
    state, events = use(state, 1, card)
    assert events[0]["msg"] == "eza.mutation.table" and events[0]["rule"] == "EZA-T12"
    assert "correct Seat 1 (Yellow)'s Crawling Zombies" in said(events[0]["reason"])
    assert card in state["mutation_cards"]["discard"] and "panic_1" in form_of(state, 1)
    assert card not in [m["id"] for m in GAME.view(state, None)["hordes"][0]["mutations"]]


def test_EZA_T12_second_wind_stands_up_every_crawling_zombie():
    state = deal("house")
    card = hold(state, 1, "stand_up_all")
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "panic", "part": "bonus"}
    )
    assert card not in offered(state, 1)  # nothing to stand up
    state["hordes"]["1"]["crawling"] = 2
    assert card in offered(state, 1)
    state, events = use(state, 1, card)
    assert state["hordes"]["1"]["crawling"] == 0 and state["hordes"]["2"]["crawling"] == 0
    assert "Seat 1 (Yellow) stands up 2 Crawling Zombies" in text(events)
    assert events[0]["rule"] == "EZA-T12" and card in state["mutation_cards"]["discard"]
    assert "panic_1" in form_of(state, 1)  # what it interrupted goes on
    GAME.check_invariants(state)


@pytest.mark.parametrize(
    ("effect", "words"),
    [
        ("table_moves", "correct Seat 2 (Green)'s Crawling Zombies"),
        ("table_falls", "Seat 2 (Green)'s Zombies stay standing at the table, nothing to correct"),
        ("table_bites", "bite any Human in play: record such a bite as usual, nothing to correct"),
        ("table_stand_ups", "stands its Zombies up at the table, nothing to correct"),
        ("table", "correct that count"),
    ],
)
def test_EZA_T12_each_table_mutation_says_what_to_correct(effect, words):
    from tableapp.games.eat_zem_all.mutations import table_reason

    state = deal("house")
    assert words in said(table_reason(state, 2, effect))


def test_EZA_T12_a_permanent_table_mutation_kept_says_what_to_correct():
    state = deal("house", keep=False)
    mc = state["mutation_cards"]
    card = next(m for m, r in state["content"]["mutations"].items() if r["effect"] == "table_bites")
    source = next(p for p, cards in mc.items() if card in cards)
    piles.move(mc, card, source, "offer:1")
    state, events = act(state, 1, "keep_mutation", card=card)
    kept = next(e for e in events if e["msg"] == "eza.mutation.kept")
    assert "nothing to correct" in said(kept["reason"])


def test_EZA_T12_every_mutation_of_the_pack_names_an_effect_the_app_knows():
    from tableapp.games.eat_zem_all.instants import EFFECTS

    state = deal("house")
    effects = {m["effect"] for m in state["content"]["mutations"].values()}
    assert effects <= set(EFFECTS) and len(effects) >= 15
    from tableapp.games.eat_zem_all.instants import TABLE

    applied = [m for m in state["content"]["mutations"].values() if m["effect"] not in TABLE]
    assert len(applied) == 18  # 23 cards, 5 act only on what the table sees


def test_EZA_T12_splinters_on_the_last_tombstone_while_a_zombie_waits_for_its_tomb():
    state = deal("cemetery")
    card = hold(state, 1, "splinters")
    t = state["tombstones"]
    t["box"], t["on_board"] = t["box"] + t["on_board"] - 1, 1
    state, _ = stage(
        state, {"kind": "zombie_effect", "seat": 1, "effect": "add_zombie", "part": "main"}
    )
    assert form_of(state, 1)["spot_1"]["choices"] == ["closed_tomb", "open_tomb"]
    board = state["hordes"]["1"]["board"]
    state, events = use(state, 1, card)  # the last Tombstone goes back to the box
    # one spot left: the open tomb, without a question
    assert state["hordes"]["1"]["board"] == board + 1 and "open tomb" in text(events)
    assert not state["steps"]
    GAME.check_invariants(state | {"steps": [{"kind": "choose_card", "seat": 1}]})
