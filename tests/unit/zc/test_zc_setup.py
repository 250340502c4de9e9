"""Setup: the team (ZC-1, ZC-2), the mission the host reads off the board (ZC-7, ZC-8,
ZC-15), the starting gear and the first player, the options."""

from __future__ import annotations

import copy
import itertools

import pytest
from zc_support import (
    PACK,
    SEED,
    act,
    begin,
    ready,
    refused,
    rules,
    spec,
    texts,
    top,
    turn_of,
    types,
    words,
)

from tableapp.engine import HOST, Rng, RuleError
from tableapp.games.zombicide import GAME
from tests.texts import english


def test_ZC_1_two_phones_take_three_survivors_each_then_the_host_starts_the_mission():
    state = begin((1, 2))
    assert types(state, 1) == ["take_survivor"] and types(state, HOST) == ["deal_evenly"]
    for sid in ("ruth", "karim", "lily"):
        state, events = act(state, 1, "take_survivor", survivor=sid)
    for sid in ("nadia", "owen", "tom"):
        state, events = act(state, 2, "take_survivor", survivor=sid)
    # The sixth survivor fills the team evenly: nobody is asked whether it is done (the
    # undo gives Tom back).
    assert texts(events) == [
        "Ben takes Tom (child: 2 HP, Slippery).",
        "The team: Ana plays Ruth, Karim, and Lily and Ben plays Nadia, Owen, and Tom.",
    ]
    assert rules(events) == ["ZC-2", "ZC-1"]
    assert state["team"] == ["ruth", "karim", "nadia", "owen", "lily", "tom"]
    # ZC-1: 6 survivors and no more.
    assert "take_survivor" not in types(state, 1)
    error = refused(state, 1, "take_survivor", survivor="ruth")
    assert error.code == "not_your_turn"  # the setup went on: the host's mission
    # The card sets are the options' (core and one more set: core or all says it all).
    assert top(state)["kind"] == "zones"


def test_ZC_1_the_team_needs_six_survivors_and_every_player_one():
    state = begin((1, 2, 3))
    for sid in ("ruth", "karim", "nadia", "owen", "lily", "tom"):
        state, _ = act(state, 1, "take_survivor", survivor=sid)
    assert "survivors_done" not in types(state, HOST)
    error = refused(state, HOST, "survivors_done")
    assert (error.code, error.rule) == ("team_not_ready", "ZC-1")
    assert english_of(error) == "The team needs 6 survivors and every player at least one."
    state, _ = act(state, 1, "release_survivor", survivor="tom")
    state, _ = act(state, 2, "take_survivor", survivor="tom")
    state, _ = act(state, 1, "release_survivor", survivor="lily")
    state, _ = act(state, 3, "take_survivor", survivor="lily")
    # 4, 1 and 1: ready but uneven, so the host is asked: share out again, or start.
    assert types(state, HOST) == ["deal_evenly", "survivors_done"]


def english_of(error: RuleError) -> str:
    from tests.texts import english

    return english(error.message)


def test_ZC_1_the_host_deals_the_survivors_left_evenly():
    state = begin((1, 2, 3))
    state, _ = act(state, 2, "take_survivor", survivor="tom")
    state, events = act(state, HOST, "deal_evenly")
    owners = {sid: state["survivors"][sid]["owner"] for sid in state["team"]}
    assert sorted(owners.values()) == [1, 1, 2, 2, 3, 3]
    assert owners["tom"] == 2 and len(events) == 6  # five taken, then the team
    assert top(state)["kind"] == "zones"


def test_ZC_1_a_single_player_runs_all_six():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    assert [state["survivors"][s]["owner"] for s in state["team"]] == [1] * 6
    assert top(state)["kind"] == "zones"  # one player runs them all: nothing to ask


def test_ZC_2_adults_have_3_hp_children_2_and_slippery():
    state = ready()
    view = GAME.view(state, 1)
    by_id = {s["id"]: s for s in view["survivors"]}
    assert by_id["ruth"]["hp"] == 3 and by_id["ruth"]["kind"] == "adult"
    assert by_id["lily"]["hp"] == 2 and by_id["tom"]["hp"] == 2
    for child in ("lily", "tom"):
        assert "slippery" in [s["id"] for s in by_id[child]["skills"]]
    assert "slippery" not in [s["id"] for s in by_id["ruth"]["skills"]]


def test_setup_deals_one_grey_weapon_each_and_the_fire_axe_holder_starts():
    state, events = None, None
    for index in range(6):
        state, events = GAME.begin(
            content=PACK, variant=None, options={}, seats=[1, 2], rng=Rng(b"x" * 32, index)
        )
        # The actions draw from a stream of their own: the shared counter of zc_support
        # depends on how many tests ran before in this worker, and the deal would with it.
        state = ready_from(state, stream=itertools.count(1000 * index))
        holder = next(
            s
            for s in state["team"]
            if state["survivors"][s]["inventory"][0].startswith("start_axe")
        )
        assert state["first_player"] == state["survivors"][holder]["owner"]
        if state["first_player"] == 2:
            break
    assert state["first_player"] == 2, "in six deals the axe never went to Ben's survivors"
    starters = [state["survivors"][s]["inventory"][0] for s in state["team"]]
    assert sorted(c.split("#")[0] for c in starters) == sorted(
        ["start_axe", "start_crowbar", "start_pistol", "start_pistol", "start_bat", "start_knife"]
    )
    # Round 1 starts with the first player's first survivor, another one tap away.
    assert top(state)["kind"] == "survivor_turn" and top(state)["seat"] == 2
    assert top(state)["survivor"] == "nadia"  # the first of Ben's in team order
    first = [s for s in GAME.legal_actions(state, 2) if s["type"] == "play_first"]
    assert first[0]["params"]["survivor"]["choices"] == ["owen", "tom"]


def ready_from(state, stream=None):
    """Through set-up to the first turn; with ``stream``, each action's randomness comes
    from ``Rng(b"x" * 32, next(stream))`` rather than the shared counter."""
    from zc_support import TEAMS

    def do(state, seat, type_, **params):
        if stream is None:
            return act(state, seat, type_, **params)
        rng = Rng(b"x" * 32, next(stream))
        new, events = GAME.apply(state, seat, {"type": type_, "params": params}, rng)
        GAME.check_invariants(new)
        return new, events

    for seat, names in TEAMS[2].items():
        for sid in names:
            state, _ = do(state, seat, "take_survivor", survivor=sid)
    state, _ = do(state, HOST, "add_zone", colour="red")
    objectives = {"red": 1, "blue": 0, "green": 0, "crates": 0, "goals": 0}
    state, _ = do(state, HOST, "mission", objectives=objectives)
    return state


def test_ZC_7_ZC_8_the_host_enters_zones_clockwise_with_their_colours():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    assert types(state, HOST) == ["add_zone"]  # at least one spawn zone
    add = spec(state, HOST, "add_zone")
    assert add["params"]["colour"]["choices"] == ["red", "blue", "green"]
    state, _ = act(state, HOST, "add_zone", colour="red")
    state, events = act(state, HOST, "add_zone", colour="blue")
    assert texts(events) == ["Spawn zone 2 (blue): inactive until its objective is taken."]
    assert rules(events) == ["ZC-8"]
    state, _ = act(state, HOST, "add_zone", colour="red")
    zones = state["mission"]["zones"]
    assert [(z["number"], z["colour"], z["active_from"]) for z in zones] == [
        (1, "red", 1),
        (2, "blue", None),
        (3, "red", 1),
    ]
    # No building with dark rooms: the mission's objectives end the zones and the buildings.
    objectives = {"red": 2, "blue": 1, "green": 0, "crates": 0, "goals": 0}
    state, events = act(state, HOST, "mission", objectives=objectives)
    assert texts(events)[:3] == [
        "3 spawn zones.",
        "0 buildings with dark rooms.",
        "Mission: objectives 2 red, 1 blue, 0 green; crates: 0; other goals: 0.",
    ]
    assert state["phase"] != "setup"


def test_ZC_15_the_host_enters_buildings_with_dark_rooms_and_how_they_start():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    state, _ = act(state, HOST, "add_zone", colour="red")
    # The first building ends the zones: no "no more zones" tap apart.
    assert types(state, HOST) == ["add_zone", "add_building", "mission"]
    add = spec(state, HOST, "add_building")
    assert add["params"]["dark_rooms"] == {"min": 1, "max": 9, "value": 1}
    assert add["params"]["start"]["choices"] == ["closed", "open", "survivors"]
    state, events = act(state, HOST, "add_building", dark_rooms=3, start="closed")
    assert texts(events) == ["1 spawn zone.", "Building A: 3 dark rooms (Closed)."]
    assert rules(events) == ["ZC-7", "ZC-15"] and top(state)["kind"] == "buildings"
    state, _ = act(state, HOST, "add_building", dark_rooms=1, start="survivors")
    assert [(b["id"], b["dark_rooms"], b["start"]) for b in state["mission"]["buildings"]] == [
        ("A", 3, "closed"),
        ("B", 1, "survivors"),
    ]
    assert types(state, HOST) == ["add_building", "mission"]  # the mission closes them


def test_the_mission_needs_one_red_objective_at_least():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    state, _ = act(state, HOST, "add_zone", colour="red")
    bounds = spec(state, HOST, "mission")["params"]["objectives"]["counts"]
    assert bounds["red"]["min"] == 1
    with pytest.raises(RuleError) as caught:
        act(
            state,
            HOST,
            "mission",
            objectives={"red": 0, "blue": 0, "green": 0, "crates": 0, "goals": 0},
        )
    assert caught.value.code == "illegal_params"


def test_only_the_host_answers_the_mission_questions():
    state = begin((1, 2))
    state, _ = act(state, HOST, "deal_evenly")
    state, _ = act(state, HOST, "add_zone", colour="red")
    assert types(state, 1) == ["discard"] or types(state, 1) == []
    error = refused(
        state, 1, "mission", objectives={"red": 1, "blue": 0, "green": 0, "crates": 0, "goals": 0}
    )
    assert error.code == "not_your_turn"


def test_options_pick_the_card_sets_the_decks_start_with():
    core = begin((1,))
    every = begin((1,), spawn_sets="all", equipment_sets="all")  # old tables' values still work
    spawn_core = core["spawn_deck"]["draw"]
    spawn_all = every["spawn_deck"]["draw"]
    assert len(spawn_core) == 40 and len(spawn_all) == 48
    assert all(PACK_SET[c] == "core" for c in spawn_core)
    assert len(every["equipment"]["draw"]) > len(core["equipment"]["draw"])
    assert len(every["crates"]["draw"]) == len(core["crates"]["draw"]) + 1
    assert core["sets"] == {"spawn": ["core"], "equipment": ["core"]}
    assert every["sets"] == {"spawn": ["core", "extra"], "equipment": ["core", "extra"]}
    assert GAME.options["abomination_fest"]["default"] is False
    assert GAME.options["app_dice"]["default"] is False


#: The pack with one more set besides the core ones (no card of its own yet): the options'
#: core / all can no longer say which sets, so the host is asked.
MORE = copy.deepcopy(PACK)
MORE["box"]["set"].append({"id": "more", "name": "More", "name_fr": "Plus", "core": False})


def begin_more(**options):
    state, _ = GAME.begin(content=MORE, variant=None, options=options, seats=[1], rng=Rng(SEED, 0))
    return state


def test_the_card_sets_are_the_options_unless_they_cannot_say():
    state = begin((1,))
    state, _ = act(state, HOST, "deal_evenly")
    assert top(state)["kind"] == "zones"  # core and extra: the options chose
    state = begin_more()
    state, _ = act(state, HOST, "deal_evenly")
    assert top(state)["kind"] == "card_sets"


def at_card_sets(**options):
    state = begin_more(**options)
    state, _ = act(state, HOST, "deal_evenly")
    assert top(state)["kind"] == "card_sets" and GAME.prompt(state)["waiting_for"] == [HOST]
    return state


def test_ZC_7_the_host_picks_the_card_sets_of_each_deck_among_the_packs():
    state = at_card_sets()
    form = spec(state, HOST, "card_sets")
    for deck in ("spawn", "equipment"):
        param = form["params"][deck]
        assert param["choices"] == ["core", "extra"] and param["multiple"]
        assert (param["min"], param["max"]) == (1, 2)
        assert [words(x) for x in param["labels"]] == ["Base box", "Extra cards"]
    assert english(form["submit"]) == "Shuffle the decks with these sets"
    keep = spec(state, HOST, "keep_sets")
    assert english(keep["label"]) == (
        "Keep these sets — Zombie cards: Base box; Equipment and crates: Base box"
    )
    # Every Zombie card, but only the extra Equipment (and its crate): decks shuffled again.
    state, events = act(state, HOST, "card_sets", spawn=["core", "extra"], equipment=["extra"])
    assert state["sets"] == {"spawn": ["core", "extra"], "equipment": ["extra"]}
    assert len(state["spawn_deck"]["draw"]) == 48
    kept = {c.split("#")[0] for c in state["equipment"]["draw"] + state["crates"]["draw"]}
    assert kept == {"crossbow", "sledgehammer", "flamethrower"}
    assert texts(events)[0].startswith("Card sets — Zombie deck: Base box and Extra cards (48")
    assert rules(events) == ["ZC-7"] and top(state)["kind"] == "zones"
    view = GAME.view(state, 1)["sets"]
    assert [s["id"] for s in view["equipment"]] == ["extra"]


def test_ZC_7_keeping_the_sets_keeps_the_decks_the_options_started_with():
    state = at_card_sets(spawn_sets="all")
    before = {k: list(state[k]["draw"]) for k in ("spawn_deck", "equipment", "crates")}
    state, events = act(state, HOST, "keep_sets")
    assert {k: state[k]["draw"] for k in before} == before  # not shuffled again
    assert texts(events)[0].startswith("Card sets — Zombie deck: Base box, Extra cards, and More")


def test_ZC_14_sets_that_leave_a_deck_empty_are_refused():
    pack = copy.deepcopy(MORE)
    for row in pack["crates"]["card"]:
        row["set"] = "core"  # the extra set holds no crate card now
    state, _ = GAME.begin(content=pack, variant=None, options={}, seats=[1], rng=Rng(SEED, 0))
    state, _ = act(state, HOST, "deal_evenly")
    error = refused(state, HOST, "card_sets", spawn=["core"], equipment=["extra"])
    assert (error.code, error.rule) == ("empty_deck", "ZC-14")
    assert english(error.message) == (
        "These sets hold no crate card: the crate deck would be empty."
    )
    error = refused(state, HOST, "card_sets", spawn=[], equipment=["core"])
    assert (error.code, error.rule) == ("empty_deck", "ZC-7")  # no set: no Zombie deck


def test_a_pack_with_a_single_card_set_asks_nothing():
    pack = copy.deepcopy(PACK)
    pack["box"]["set"] = [row for row in pack["box"]["set"] if row["id"] == "core"]
    for file, key in (("spawn", "card"), ("equipment", "card"), ("crates", "card")):
        for row in pack[file][key]:
            row["set"] = "core"
    state, _ = GAME.begin(content=pack, variant=None, options={}, seats=[1], rng=Rng(SEED, 0))
    state, _ = act(state, HOST, "deal_evenly")
    assert top(state)["kind"] == "zones"


def test_a_table_stored_before_card_sets_keeps_its_decks():
    """Tables stored before the host chose sets carry a catalogue of the cards in play only
    and no ``sets``: everything in that catalogue is in play."""
    state = ready()
    old = copy.deepcopy(state)
    del old["sets"]
    content = copy.deepcopy(old["content"])
    content["spawn"] = {c: {k: v for k, v in row.items() if k != "set"}
                        for c, row in content["spawn"].items() if row["set"] == "core"}  # fmt: skip
    content["decks"]["equipment"] = [
        c
        for c in content["decks"]["equipment"]
        if content["cards"][c.split("#")[0]]["set"] == "core"
    ]
    content["decks"]["crate"] = [
        c for c in content["decks"]["crate"] if content["cards"][c.split("#")[0]]["set"] == "core"
    ]
    old["content"] = content
    GAME.check_invariants(old)
    assert GAME.view(old, 1)["sets"] is None
    turn, _ = turn_of(old, "ruth")
    turn, _ = act(turn, 1, "search")
    GAME.check_invariants(turn)


PACK_SET = {row["id"]: row["set"] for row in PACK["spawn"]["card"]}


# --- issue 17, defect b: one phone takes all six --------------------------------------------


def test_issue17_b_one_phone_takes_all_six_the_host_rebalances():
    """ "6 survivants à se répartir, peu importe le nombre de joueurs": the host can always
    share out; a player with no survivor who cannot take one is not waited on."""
    state = begin((1, 2, 3))
    for sid in ("ruth", "karim", "nadia", "owen", "lily", "tom"):
        state, _ = act(state, 1, "take_survivor", survivor=sid)
    prompt = GAME.prompt(state)
    assert prompt["waiting_for"] == [HOST, 1]  # never Ben and Chloé: they can do nothing
    assert types(state, 2) == [] and types(state, 3) == []
    assert texts([prompt])[0] == (
        "The team is full, but a player has no survivor: Ana can give one back, or the host "
        "shares the team out evenly."
    )
    assert texts([prompt["ask"]])[0].startswith("The team is full, but a player has no survivor")
    assert words(spec(state, HOST, "deal_evenly")["label"]) == (
        "Share the team out evenly between the players"
    )
    state, events = act(state, HOST, "deal_evenly")
    owners = [state["survivors"][s]["owner"] for s in state["team"]]
    assert sorted(owners) == [1, 1, 2, 2, 3, 3]
    assert texts(events)[0] == "Ben takes over Tom from Ana (the host shares the team out)."
    assert set(rules(events)) == {"ZC-1"}
    # Shared out evenly: the team is done without a question (undo shares it back).
    assert texts(events)[-1].startswith("The team: Ana plays")
    assert top(state)["kind"] == "zones"


def test_issue17_b_the_host_rebalances_whatever_was_taken():
    state = begin((1, 2))
    for sid in ("ruth", "karim", "nadia", "owen", "lily"):
        state, _ = act(state, 1, "take_survivor", survivor=sid)
    state, _ = act(state, 2, "take_survivor", survivor="tom")  # 5 and 1: ready, uneven
    assert types(state, HOST) == ["deal_evenly", "survivors_done"]
    state, _ = act(state, HOST, "deal_evenly")
    assert sorted(state["survivors"][s]["owner"] for s in state["team"]) == [1, 1, 1, 2, 2, 2]
    some = begin((1, 2, 3))  # two taken by one player, the rest left: dealt, then evened
    for sid in ("ruth", "karim", "nadia", "owen"):
        some, _ = act(some, 1, "take_survivor", survivor=sid)
    some, _ = act(some, HOST, "deal_evenly")
    assert sorted(some["survivors"][s]["owner"] for s in some["team"]) == [1, 1, 2, 2, 3, 3]


def test_issue17_b_every_setup_prompt_names_only_who_can_act():
    """While survivors are left every phone can take one; the seats waited on are exactly
    those with something to do, so a reader is never named as waited on with nothing to do."""
    state = begin((1, 2, 3))
    assert GAME.prompt(state)["waiting_for"] == [HOST, 1, 2, 3]
    assert texts([GAME.prompt(state)])[0] == (
        "Taking survivors: 0 of 6. Each player takes theirs; the host may deal the rest evenly."
    )
    for sid in ("ruth", "karim", "nadia", "owen", "lily", "tom"):
        state, _ = act(state, 1 if sid != "tom" else 2, "take_survivor", survivor=sid)
        for seat in (HOST, 1, 2, 3):
            waited = seat in GAME.prompt(state)["waiting_for"]
            assert waited == bool(types(state, seat)), (sid, seat)
