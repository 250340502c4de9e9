"""The zombie turn, refereed (rules/student-bodies.txt, "Zombie Actions Step", "Zombie Action
Priority", "Zombie Spawn", "Zombie Attacks", "Example of Zombie Move"; SB-T1, SB-Z1 to SB-Z7)."""

from __future__ import annotations

import pytest
from sb_support import (
    GAME,
    NAMES,
    act,
    choices,
    deal,
    defenceless,
    empty_hand,
    give,
    reason_of,
    rng,
    rulings,
    run,
    slots,
    spec,
    stage,
    texts,
    types,
    waiting,
    walk,
)

from tableapp.engine import Ctx, Flow, RuleError, clone
from tableapp.games.student_bodies import combat
from tests.texts import english

EMILY, KENNY, ABIGAIL = 1, 2, 3


def zombies_on_board(state, n, knocked=0):
    z = state["zombies"]
    z["pool"] += z["board"] - n
    z["board"], z["knocked"] = n, knocked
    assert z["pool"] >= 0


def top_card(state, key):
    """Put a zombie card with this key on top of the zombie deck."""
    deck = state["zombie_deck"]
    card = next(c for c in sorted(state["content"]["zombie_cards"]) if c.startswith(f"{key}#"))
    for pile in (deck["draw"], deck["discard"], deck["box"]):
        if card in pile:
            pile.remove(card)
    deck["draw"].insert(0, card)
    return card


def zombie_turn(key, *, board=3, knocked=0, seat=EMILY, players=3, **options):
    """``seat``'s turn at its Zombie Actions step, zombie card ``key`` on top of the deck
    (drawn when the steps run: ``draw``). Nobody holds a card or an Item: each test gives what
    it needs (so no Reaction or Defense in a random hand changes what is asked)."""
    state = clone(deal(players, table_die=True, **options))
    for other in state["seats"]:
        defenceless(state, other)
    zombies_on_board(state, board, knocked)
    top_card(state, key)
    state["steps"], state["turn"] = [], seat
    Flow.push(
        state,
        {"kind": "zombie_step", "seat": seat},
        {"kind": "player_actions", "seat": seat},
        {"kind": "cleanup", "seat": seat},
        {"kind": "next_turn"},
    )
    return state


def draw(state, seat=EMILY):
    """The turn's zombie card is drawn as the Zombie Actions step begins: nobody taps for it."""
    assert state["steps"][-1]["kind"] == "zombie_step"
    return run(state)


def zombie(state, *lines, seat=EMILY, rest="move"):
    """The zombie form, answered in one post."""
    return walk(state, seat, *lines, rest=rest)


# --- SB-T1, SB-Z1 ----------------------------------------------------------------------------


def test_SB_T1_a_turn_is_ready_items_zombies_actions_cleanup():
    state = deal(3)
    seat = state["turn"]
    kinds = [s["kind"] for s in reversed(state["steps"])]
    # The zombie card is drawn as the turn begins; the Player Actions and the Cleanup follow.
    assert state["zombie_card"] is not None
    assert kinds[-3:] == ["player_actions", "cleanup", "next_turn"]
    # Ready Items is only asked with an Item in the backpack; spent ones turn back by themselves.
    items = state["items"][str(seat)]
    extra = state["item_deck"]["draw"].pop(0)
    items["backpack"].append(extra)
    items["spent"] = [i for i in items["ready"] if i]
    staged, events = stage(state, {"kind": "turn_start", "seat": seat}, turn=seat)
    assert waiting(staged) == ("ready", [seat])
    assert (
        "sb.items.reset" in [e["msg"] for e in events] and not staged["items"][str(seat)]["spent"]
    )
    options = choices(staged, seat, "ready", "items")
    item_defs = staged["content"]["items"]
    assert all(sum(item_defs[i]["weapon"] for i in o.split("+") if i) <= 1 for o in options)
    done, events = act(staged, seat, "ready", items=options[0])
    assert rulings(events)[0] == "SB-T1" and "sb.zombie_card" in [e["msg"] for e in events]


def test_SB_T1_one_weapon_at_most_is_refused_with_its_rule():
    state = deal(2)
    seat = state["turn"]
    weapons = [
        i for i in sorted(state["content"]["items"]) if state["content"]["items"][i]["weapon"]
    ]
    for pile in (state["item_deck"]["draw"], *[g["backpack"] for g in state["items"].values()]):
        for w in weapons[:2]:
            if w in pile:
                pile.remove(w)
    for g in state["items"].values():
        g["ready"] = [None if i in weapons[:2] else i for i in g["ready"]]
    state["items"][str(seat)]["backpack"] = weapons[:2]
    staged, _ = stage(state, {"kind": "ready", "seat": seat}, turn=seat)
    with pytest.raises(RuleError) as caught:
        act(staged, seat, "ready", items="+".join(weapons[:2]))
    assert (caught.value.code, caught.value.rule) == ("one_weapon", "SB-T1")


def test_SB_Z1_the_zombie_card_is_drawn_for_the_current_player_without_a_tap():
    state = zombie_turn("shamble")
    state, events = draw(state)
    assert all("draw_zombie" not in types(state, seat) for seat in (EMILY, KENNY, ABIGAIL))
    (card_event,) = [e for e in events if e["msg"] == "sb.zombie_card"]
    assert card_event["rule"] == "SB-Z1" and card_event["icons"] == ["act"]
    assert GAME.view(state, None)["zombie_card"]["name"] == {
        "i18n": {"en": "Shamble", "fr": "Traîne-savates"}
    }


def test_SB_Z1_an_empty_zombie_deck_is_the_shuffled_discard():
    state = zombie_turn("shamble")
    deck = state["zombie_deck"]
    deck["discard"] = deck["draw"][1:]
    deck["draw"] = deck["draw"][:1]
    state, _ = draw(state)
    assert state["zombie_deck"]["draw"] == []
    state, _ = zombie(state)
    state, events = act(state, EMILY, "end_turn", discard=[])
    # Kenny's turn: his zombie card comes from the reshuffled discard.
    assert state["turn"] == KENNY
    assert "sb.reshuffle.zombie" in [e["msg"] for e in events]
    assert len(state["zombie_deck"]["draw"]) == 20 and state["zombie_card"] is not None


def test_SB_Z1_a_smart_zombie_draws_no_zombie_card():
    state = deal(3)
    state["players"]["2"].update(status="smart", health=2)
    staged, events = stage(state, {"kind": "turn_start", "seat": KENNY}, turn=1)
    assert waiting(staged) == ("act", [KENNY])
    assert "sb.zombie_step.skipped" in [e["msg"] for e in events] and "SB-Z1" in rulings(events)


# --- SB-Z2, SB-Z3: the rulebook's example ---------------------------------------------------


def test_SB_Z2_SB_Z3_rulebook_example_emily_tiffany_chad_johnny():
    """Emily draws a card giving every zombie one action. Tiffany (nearest, next to Kenny and
    Abigail) must attack: Emily picks Abigail. Chad is one space from Emily and Abigail: he must
    move closer, Emily picks where. Johnny is nearer Abigail: he moves towards her. Emily
    answers all three on one screen, in one post."""
    state = zombie_turn("shamble", board=3)
    empty_hand(state, ABIGAIL)  # nothing to defend with: the bite lands without a question
    state, events = draw(state)
    assert "sb.walk.start" in [e["msg"] for e in events]
    assert reason_of(events, "sb.walk.start") == (
        "Every zombie acts, nearest to a player first; the current player breaks ties and lines "
        "them up."
    )
    assert GAME.view(state, None)["walk"] == {
        "zombie": 1,
        "of": 3,
        "action": 1,
        "actions": 1,
        "spawned": False,
        "line": None,
    }
    # One form: every zombie's priority line, what the app knows filled in, "moves closer"
    # preselected.
    form = spec(state, EMILY, "zombies")
    assert list(form["params"]) == ["z1a1", "z2a1", "z3a1"]
    for line in form["params"].values():
        assert line["choices"] == ["attack:1", "attack:2", "attack:3", "move", "stay"]
        assert line["value"] == "move"  # none down (no "stand"), 1 action (no obstacle)
    assert english(form["submit"], NAMES, sentence=False) == "Play out the 3 zombies"
    prompt = GAME.prompt(state)
    assert prompt["waiting_for"] == [EMILY] and prompt["rule"] == "SB-Z3"
    assert english(prompt["ask"]).startswith("From zombie 1 of 3 (nearest to a player first)")
    state, events = zombie(state, f"attack:{ABIGAIL}", "move", "move")
    (attack,) = [e for e in events if e["msg"] == "sb.z.attacks"]
    assert english(attack, NAMES) == "Zombie 1 is next to Abigail: it attacks Abigail."
    assert attack["rule"] == "SB-Z3"
    assert (
        english(attack["reason"], NAMES)
        == "It is next to a player, so it attacks; Emily picks whom."
    )
    # The die (table_die: Emily taps what it shows); the rest of the form waits for it.
    assert waiting(state) == ("die", [EMILY])
    assert state["walk"]["zombie"] == 1
    state, events = act(state, EMILY, "die", face="bite")
    assert rulings(events)[0] == "SB-Z5"
    assert state["players"]["3"]["health"] == 4
    # Chad, then Johnny: the lines Emily gave, played out with no further question.
    said = texts(events)
    assert "Zombie 2 moves 1 space closer to the nearest player." in said
    assert "Zombie 3 moves 1 space closer to the nearest player." in said
    (moved,) = [e for e in events if e["msg"] == "sb.z.moves" and e["zombie"] == 2]
    assert english(moved["reason"], NAMES) == (
        "No player next to it: it moves closer to the nearest one; Emily settles ties."
    )
    assert [e["msg"] for e in events][-1] == "sb.walk.done"
    assert texts(events)[-1] == "All 3 zombies have acted." and rulings(events)[-1] == "SB-Z2"
    assert GAME.view(state, None)["walk"] is None and waiting(state) == ("act", [EMILY])
    assert state["zombie_deck"]["discard"] and state["zombie_card"] is None


def test_SB_Z2_SB_Z3_one_post_settles_every_zombie_of_the_walk():
    state = zombie_turn("double_time", board=6, knocked=2)
    state, _ = draw(state)
    assert len(slots(state, EMILY)) == 12  # 6 zombies, 2 actions each
    state, events = zombie(state, "stand", "move", "stand", "stay")  # the others move closer
    assert state["zombies"]["knocked"] == 0
    assert [e["msg"] for e in events].count("sb.z.stands") == 2
    assert [e["msg"] for e in events].count("sb.z.moves") == 9
    assert "sb.walk.done" in [e["msg"] for e in events]
    assert waiting(state) == ("act", [EMILY])


def test_SB_Z3_a_knocked_down_zombie_stands_up_first():
    state = zombie_turn("shamble", board=2, knocked=1)
    state, _ = draw(state)
    assert choices(state, EMILY, "zombies", "z1a1")[0] == "stand"
    state, events = zombie(state, "stand")
    assert texts(events)[:2] == [
        "Zombie 1 stands up.",
        "Zombie 2 moves 1 space closer to the nearest player.",
    ]
    assert rulings(events)[0] == "SB-Z3"
    assert english(events[0]["reason"]) == (
        "A knocked-down zombie cannot attack: its first action is to stand up."
    )


def test_SB_Z3_no_zombie_down_refuses_stand_up_with_its_rule():
    state = zombie_turn("shamble", board=2)
    state, _ = draw(state)
    assert "stand" not in choices(state, EMILY, "zombies", "z1a1")
    with pytest.raises(RuleError) as caught:
        zombie(state, "move", "stand")
    assert (caught.value.code, caught.value.rule) == ("none_down", "SB-Z3")


def test_SB_Z3_a_zombie_stands_up_only_with_its_first_action():
    state = zombie_turn("double_time", board=2, knocked=1)
    state, _ = draw(state)
    form = spec(state, EMILY, "zombies")["params"]
    assert "stand" in form["z1a1"]["choices"] and "stand" in form["z2a1"]["choices"]
    assert "stand" not in form["z1a2"]["choices"] and "stand" not in form["z2a2"]["choices"]
    with pytest.raises(RuleError) as caught:
        zombie(state, "move", "stand")
    assert (caught.value.code, caught.value.rule) == ("stand_first", "SB-Z3")


def test_SB_Z4_a_spawned_zombie_is_standing():
    state = zombie_turn("lurch", board=2, knocked=1)
    state, _ = draw(state)
    form = spec(state, EMILY, "zombies")["params"]
    assert "stand" not in form["n1"]["choices"] and "stand" in form["z1a1"]["choices"]
    with pytest.raises(RuleError) as caught:
        zombie(state, "stand")
    assert (caught.value.code, caught.value.rule) == ("stand_first", "SB-Z3")
    assert english(caught.value.message) == (
        "A zombie that has just spawned is standing: it does not stand up."
    )


def test_SB_Z3_two_stand_ups_for_one_zombie_down_ask_again_when_the_board_says_so():
    state = zombie_turn("shamble", board=3, knocked=1)
    state, _ = draw(state)
    state, events = zombie(state, "stand", "stand", "move")
    # Zombie 1 stood up; none is down any more: zombie 2's line is asked again, the rest kept.
    assert "sb.walk.again" in [e["msg"] for e in events]
    assert waiting(state) == ("zombie_act", [EMILY]) and state["walk"]["zombie"] == 2
    form = spec(state, EMILY, "zombies")
    assert list(form["params"]) == ["z2a1", "z3a1"]
    assert "stand" not in form["params"]["z2a1"]["choices"]
    state, events = zombie(state, "stay")
    assert "sb.walk.done" in [e["msg"] for e in events]


def test_SB_Z3_an_obstacle_costs_two_actions():
    state = zombie_turn("double_time", board=2)
    state, _ = draw(state)
    form = spec(state, EMILY, "zombies")["params"]
    assert "climb" in form["z1a1"]["choices"] and "climb" not in form["z1a2"]["choices"]
    with pytest.raises(RuleError) as caught:
        zombie(state, "move", "climb")
    assert (caught.value.code, caught.value.rule) == ("obstacle", "SB-Z3")
    state, events = zombie(state, "climb", "move", "move", "stay")
    climbed = [e for e in events if e["msg"] == "sb.z.climbs"]
    assert len(climbed) == 1 and climbed[0]["rule"] == "SB-Z3"
    assert english(climbed[0]["reason"]) == "Entering an obstacle costs a zombie two actions."
    # The obstacle took zombie 1's second action: its second line is not played.
    assert [e.get("zombie") for e in events if e["msg"].startswith("sb.z.")] == [1, 2, 2]
    (stays,) = [e for e in events if e["msg"] == "sb.z.stays"]
    assert english(stays["reason"], NAMES) == (
        "It cannot get closer: Emily moves it sideways or leaves it; it never moves away."
    )


def test_SB_Z3_each_action_of_a_zombie_follows_the_priority_again():
    state = zombie_turn("double_time", board=1)
    state, _ = draw(state)
    assert slots(state, EMILY) == ["z1a1", "z1a2"]
    state, events = zombie(state, "move", f"attack:{KENNY}")  # it walks up to Kenny, attacks
    assert GAME.view(state, None)["walk"] == {
        "zombie": 1,
        "of": 1,
        "action": 2,
        "actions": 2,
        "spawned": False,
        "line": "adjacent",
    }
    assert waiting(state) == ("die", [EMILY])


# --- SB-Z4 -----------------------------------------------------------------------------------


def test_SB_Z4_a_spawned_zombie_comes_from_the_pool_and_acts_at_once():
    state = zombie_turn("fresh_meat", board=2)
    pool = state["zombies"]["pool"]
    state, events = draw(state)
    assert state["zombies"]["pool"] == pool - 1 and state["zombies"]["board"] == 3
    assert "SB-Z4" in rulings(events)
    assert waiting(state) == ("zombie_act", [EMILY]) and GAME.view(state, None)["walk"]["spawned"]
    assert english(GAME.prompt(state)["ask"]).startswith("A zombie spawns: put it on a free spawn")
    assert slots(state, EMILY) == ["n1"]
    state, events = zombie(state, "move")
    assert texts(events)[0] == "The new zombie moves 1 space closer to the nearest player."
    assert waiting(state) == ("act", [EMILY])


def test_SB_Z4_SB_Z2_a_card_s_spawns_and_walk_are_one_form():
    """Class Change: two zombies spawn (each acts at once), then every zombie acts: the
    current player gives every line of the card on one screen, in one post."""
    state = zombie_turn("class_change", board=2)
    state, _ = draw(state)
    assert waiting(state) == ("zombie_act", [EMILY])
    assert slots(state, EMILY) == ["n1", "n2", "z1a1", "z2a1", "z3a1", "z4a1"]
    form = spec(state, EMILY, "zombies")
    assert english(form["submit"], NAMES, sentence=False) == "Play out the 6 zombies"
    state, events = zombie(state, "move", "stay", f"attack:{KENNY}")
    said = [e["msg"] for e in events]
    assert said.count("sb.spawn") == 1 and said.count("sb.z.stays") == 1  # the 2nd spawns now
    assert waiting(state) == ("die", [EMILY])  # zombie 1 of the walk attacks Kenny
    state, events = act(state, EMILY, "die", face="miss")
    assert [e["zombie"] for e in events if e["msg"] == "sb.z.moves"] == [2, 3, 4]
    assert "sb.walk.done" in [e["msg"] for e in events] and waiting(state) == ("act", [EMILY])
    assert state["zombies"]["board"] == 4


def test_SB_Z4_a_spawn_with_no_free_point_asks_the_walk_again():
    state = zombie_turn("lurch", board=2)
    state, _ = draw(state)
    assert slots(state, EMILY) == ["n1", "z1a1", "z2a1", "z3a1"]
    state, events = zombie(state, "nowhere", "stay", "stay", "stay")
    # One zombie fewer than the form counted: the walk is asked again, its lines kept.
    assert state["zombies"]["board"] == 2 and waiting(state) == ("zombie_act", [EMILY])
    form = spec(state, EMILY, "zombies")["params"]
    assert list(form) == ["z1a1", "z2a1"] and form["z1a1"]["value"] == "stay"


def test_SB_Z7_with_a_smart_zombie_the_walk_is_asked_after_it():
    state = zombie_turn("lurch", board=2)
    state["players"]["2"].update(status="smart", health=2, down=True)
    state, _ = draw(state)
    assert slots(state, EMILY) == ["n1"]  # the Smart Zombie acts before the walk
    state, _ = zombie(state, "move")
    assert waiting(state) == ("smart_act", [KENNY])


def test_SB_Z4_no_spawn_from_an_empty_pool():
    state = zombie_turn("open_lockers", board=3)
    state["zombies"]["board"] += state["zombies"]["pool"]
    state["zombies"]["pool"] = 0
    state, events = draw(state)
    empty = [e for e in events if e["msg"] == "sb.spawn.empty_pool"]
    assert len(empty) == 2 and {e["rule"] for e in empty} == {"SB-Z4"}
    assert english(empty[0]["reason"]) == "The spawning pool is empty: no zombie is placed."
    assert waiting(state) == ("act", [EMILY])


def test_SB_Z4_no_free_spawn_point_sends_it_back_to_the_pool():
    state = zombie_turn("fresh_meat", board=2)
    pool = state["zombies"]["pool"]
    state, _ = draw(state)
    state, events = zombie(state, "nowhere")
    assert state["zombies"]["pool"] == pool and state["zombies"]["board"] == 2
    assert rulings(events) == ["SB-Z4"]


def test_SB_Z4_only_a_spawned_zombie_may_find_no_spawn_point():
    state = zombie_turn("shamble", board=2)
    state, _ = draw(state)
    with pytest.raises(RuleError) as caught:
        zombie(state, "nowhere")
    assert (caught.value.code, caught.value.rule) == ("not_spawned", "SB-Z4")


def test_SB_Z4_a_killed_zombie_returns_to_the_pool_and_leaves_a_corpse():
    state = zombie_turn("shamble", board=2)
    state, _ = draw(state)
    state, _ = zombie(state)
    (haymaker,) = give(state, EMILY, "haymaker")
    pool, corpses = state["zombies"]["pool"], state["corpses"]["board"]
    assert f"{haymaker}@zombie" in choices(state, EMILY, "play", "play")
    state, events = act(state, EMILY, "play", play=f"{haymaker}@zombie")
    assert state["zombies"]["board"] == 1 and state["zombies"]["pool"] == pool + 1
    assert state["corpses"]["board"] == corpses + 1
    assert "sb.zombie.killed" in [e["msg"] for e in events] and "SB-Z4" in rulings(events)


# --- SB-Z5 -----------------------------------------------------------------------------------


def test_SB_Z5_the_die_comes_from_the_seeded_stream_and_replays_the_same():
    state = zombie_turn("shamble", board=1)
    state["options"]["table_die"] = False
    empty_hand(state, KENNY)
    state, _ = draw(state)
    from tableapp.engine import Rng

    faces = set()
    for i in range(12):
        new, events = GAME.apply(
            state,
            EMILY,
            {"type": "zombies", "params": {"z1a1": "attack:2"}},
            Rng(b"die".ljust(32, b"."), i),
        )
        again, same = GAME.apply(
            state,
            EMILY,
            {"type": "zombies", "params": {"z1a1": "attack:2"}},
            Rng(b"die".ljust(32, b"."), i),
        )
        assert events == same and new == again
        (rolled,) = [e for e in events if e["msg"] == "sb.attack.rolled"]
        faces.add(rolled["face"])
        assert rolled["rule"] == "SB-Z5"
    assert faces == {"miss", "bite", "knockdown"}


def test_SB_Z5_a_knocked_down_player_is_bitten_without_a_roll():
    state = zombie_turn("shamble", board=1)
    state["players"]["2"]["down"] = True
    (block,) = give(state, KENNY, "block")
    state, _ = draw(state)
    state, events = zombie(state, f"attack:{KENNY}")
    assert waiting(state) == ("defend", [KENNY])  # no die question
    (bite,) = [e for e in events if e["msg"] == "sb.attack.auto_bite"]
    assert bite["rule"] == "SB-Z5" and english(bite, NAMES) == (
        "Kenny is on the ground: a zombie bites, no roll needed."
    )
    state, events = act(state, KENNY, "defend", use="none")
    assert state["players"]["2"]["health"] == 4


@pytest.mark.parametrize(
    "face, health, down", [("miss", 5, False), ("bite", 4, False), ("knockdown", 5, True)]
)
def test_SB_Z5_miss_bite_knockdown(face, health, down):
    state = zombie_turn("shamble", board=1)
    empty_hand(state, KENNY)
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}")
    state, events = act(state, EMILY, "die", face=face)
    assert waiting(state) == ("act", [EMILY])  # Kenny holds no defense: nothing is asked
    assert (state["players"]["2"]["health"], state["players"]["2"]["down"]) == (health, down)


def test_SB_Z5_a_hit_asks_only_a_defender_holding_a_defense_for_it():
    """Never ask what has one answer: with no Defense card or Item that stops this hit (or no
    stamina to pay for one), the hit lands at once."""
    state = zombie_turn("shamble", board=2)
    empty_hand(state, KENNY)
    state["items"]["2"].update(ready=[None, None, None], backpack=[], spent=[])
    (side_step,) = give(state, KENNY, "side_step")  # does not stop a bite
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}", f"attack:{KENNY}")
    state, events = act(state, EMILY, "die", face="bite")
    assert state["players"]["2"]["health"] == 4
    assert waiting(state) == ("die", [EMILY])  # straight on to zombie 2's attack
    (block,) = give(state, KENNY, "block")
    state["players"]["2"]["stamina"] = 0
    cost = state["content"]["cards"][block]["cost"]
    state, _ = act(state, EMILY, "die", face="bite")
    if cost > 0:  # a Defense he cannot pay for is no defense
        assert state["players"]["2"]["health"] == 3 and waiting(state) == ("act", [EMILY])
    assert side_step in state["hands"]["2"]


def test_SB_Z5_the_defender_is_offered_their_defense_cards_before_the_result():
    state = zombie_turn("shamble", board=1)
    (block,) = give(state, KENNY, "block")
    (stupid,) = give(state, KENNY, "stupid_zombies")
    (side_step,) = give(state, KENNY, "side_step")
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}")
    state, _ = act(state, EMILY, "die", face="bite")
    offered = choices(state, KENNY, "defend", "use")
    assert offered[0] == "none" and {block, stupid} <= set(offered)
    assert side_step not in offered, "Side Step does not stop a bite"
    assert block not in str(GAME.view(state, None)) and block not in str(GAME.prompt(state))
    with pytest.raises(RuleError) as caught:
        act(state, KENNY, "defend", use=side_step)
    assert caught.value.rule == "SB-Z5"
    state, events = act(state, KENNY, "defend", use=block)
    assert state["players"]["2"]["health"] == 5 and state["main"]["discard"][0] == block
    (defended,) = [e for e in events if e["msg"] == "sb.defended"]
    assert english(defended, NAMES) == "Kenny stops the bite from a zombie with Block."
    assert defended["rule"] == "SB-Z5" and block not in state["hands"]["2"]


def test_SB_Z5_a_defender_may_take_every_hit_of_the_turn_without_being_asked():
    """Asked once, not once per hit: "take it, and every hit until this turn ends" lands this
    hit and the next ones of the turn with no question, said to the table; the next turn asks
    again. Nothing is decided for the player: it is one of their answers."""
    state = zombie_turn("shamble", board=2)
    # Absent until chosen: a state (and an export) made before this answer existed replays to
    # the same state (verify.py compares the replay with the stored one).
    assert all("quiet" not in p for p in state["players"].values())
    (block,) = give(state, KENNY, "block")
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}", f"attack:{KENNY}")
    state, _ = act(state, EMILY, "die", face="bite")
    labels = spec(state, KENNY, "defend")["params"]["use"]["labels"]
    assert english(labels[1], NAMES, sentence=False) == (
        "Take the bite, and don't ask me again this turn"
    )
    state, events = act(state, KENNY, "defend", use="quiet")
    (said,) = [e for e in events if e["msg"] == "sb.defend.quiet_chosen"]
    assert said["rule"] == "SB-Z5" and english(said, NAMES) == (
        "Kenny takes every hit until this turn ends, without a defense and without being asked."
    )
    assert GAME.view(state, None)["players"][1]["quiet"]
    assert state["players"]["2"]["health"] == 4
    state, _ = act(state, EMILY, "die", face="bite")  # zombie 2: lands, nobody asked
    assert state["players"]["2"]["health"] == 3 and block in state["hands"]["2"]
    assert waiting(state) == ("act", [EMILY])
    state["turn_no"] += 1  # another turn: asked again
    assert not GAME.view(state, None)["players"][1]["quiet"]


def test_SB_Z5_a_defense_with_a_move_provokes_attacks_where_it_lands():
    """FAQ: Duck N Roll defends, then its move may draw zombie attacks."""
    state = zombie_turn("shamble", board=3)
    (duck,) = give(state, KENNY, "duck_n_roll")
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}")
    state, _ = act(state, EMILY, "die", face="knockdown")
    state, _ = act(state, KENNY, "defend", use=duck)
    assert waiting(state) == ("step", [KENNY]) and not state["players"]["2"]["down"]
    state, events = act(state, KENNY, "step", zombies=1)
    assert "SB-Z6" in rulings(events) and waiting(state) == ("die", [EMILY])


# --- SB-Z6 -----------------------------------------------------------------------------------


def actions_turn(board=3, seat=EMILY):
    state = zombie_turn("shamble", board=board, seat=seat)
    state, _ = draw(state, seat)
    state, _ = zombie(state, seat=seat)
    return state


def test_SB_Z6_moving_provokes_every_adjacent_zombie():
    state = actions_turn()
    assert choices(state, EMILY, "step", "zombies") == [0, 1, 2, 3]
    state, events = act(state, EMILY, "step", zombies=2)
    assert state["players"]["1"]["stamina"] == 2
    (entered,) = [e for e in events if e["msg"] == "sb.enters"]
    assert english(entered, NAMES) == "Emily enters a space: 2 standing zombies next to it attack."
    assert entered["rule"] == "SB-Z6"
    assert waiting(state) == ("die", [EMILY])
    state, _ = act(state, EMILY, "die", face="miss")
    state, _ = act(state, EMILY, "die", face="miss")
    assert waiting(state) == ("act", [EMILY])


def test_SB_Z6_SB_Z3_only_standing_zombies_are_counted_for_a_provoked_attack():
    state = actions_turn(board=3)
    state["zombies"]["knocked"] = 2  # 3 on the board, 2 of them knocked down
    assert choices(state, EMILY, "step", "zombies") == [0, 1]
    (step,) = [s for s in GAME.legal_actions(state, EMILY) if s["type"] == "step"]
    labels = [
        english(label, NAMES, sentence=False) for label in step["params"]["zombies"]["labels"]
    ]
    assert labels == ["0 standing zombies next to it", "1 standing zombie next to it"]
    with pytest.raises(RuleError):
        act(state, EMILY, "step", zombies=2)


def test_SB_Z6_rush_provokes_nothing():
    state = actions_turn()
    (charge,) = give(state, EMILY, "charge")
    state, events = act(state, EMILY, "play", play=charge)
    assert waiting(state) == ("step", [EMILY])
    assert spec_params(state, EMILY, "step") == {}
    state, events = act(state, EMILY, "step")
    assert rulings(events) == ["SB-Z6"]
    assert english(events[0]["reason"]) == "RUSH: no enemy may attack on these spaces."
    state, events = act(state, EMILY, "step")
    assert waiting(state) == ("act", [EMILY]) and not state["windows"]


def spec_params(state, seat, type_):
    return next(s for s in GAME.legal_actions(state, seat) if s["type"] == type_)["params"]


def test_SB_Z6_a_knockdown_ends_the_movement():
    state = actions_turn()
    defenceless(state, EMILY)
    (dash,) = give(state, EMILY, "mad_dash")
    state, _ = act(state, EMILY, "play", play=dash)
    state, _ = act(state, EMILY, "step", zombies=0)
    state, _ = act(state, EMILY, "step", zombies=1)
    state, events = act(state, EMILY, "die", face="knockdown")
    (ended,) = [e for e in events if e["msg"] == "sb.move.interrupted"]
    assert english(ended, NAMES) == "Emily is on the ground: the movement ends (2 points lost)."
    assert ended["rule"] == "SB-Z6" and waiting(state) == ("act", [EMILY])
    assert "step" not in types(state, EMILY) and "stand_up" in types(state, EMILY)


def test_SB_Z6_a_push_is_not_movement():
    state = actions_turn()
    defenceless(state, KENNY)
    (shove,) = give(state, EMILY, "shove")
    state, events = act(state, EMILY, "play", play=f"{shove}@{KENNY}")
    (pushed,) = [e for e in events if e["msg"] == "sb.pushed"]
    assert pushed["rule"] == "SB-Z6" and english(pushed["reason"]).startswith(
        "A push or a switch is not movement: no zombie attacks"
    )
    assert waiting(state) == ("act", [EMILY])
    assert {w["kind"] for w in state["windows"]} >= {"pushed", "entered"}


# --- SB-Z7 -----------------------------------------------------------------------------------


def test_SB_Z7_smart_zombies_act_first_and_zombies_ignore_them():
    state = zombie_turn("double_time", board=2)
    state["players"]["2"].update(status="smart", health=2, down=True)
    state, events = draw(state)
    assert waiting(state) == ("smart_act", [KENNY])
    assert "SB-Z7" in rulings(events)
    assert choices(state, KENNY, "smart", "what") == ["stand", "done"]
    state, _ = act(state, KENNY, "smart", what="stand")
    offered = choices(state, KENNY, "smart", "what")
    assert "attack:1" in offered and "attack:3" in offered and "switch" in offered
    state, _ = act(state, KENNY, "smart", what="attack:3")
    assert state["players"]["2"]["stamina"] == 3, "the card's actions are free"
    assert waiting(state) == ("die", [EMILY])
    state, _ = act(state, EMILY, "die", face="miss")
    # Then the regular zombies, which never attack a Smart Zombie.
    assert waiting(state) == ("zombie_act", [EMILY])
    assert all("attack:2" not in choices(state, EMILY, "zombies", k) for k in slots(state, EMILY))
    with pytest.raises(RuleError) as caught:
        zombie(state, "move", "attack:2")
    assert (caught.value.code, caught.value.rule) == ("ignores_smart", "SB-Z7")
    assert english(caught.value.message) == (
        "Regular zombies ignore Smart Zombies and never attack them."
    )


# --- SB-Z2: a zombie killed during the walk ----------------------------------------------------


def _walk_attack_missed(key: str, *lines: str):
    """Emily's walk of 3 zombies: zombie 1 attacks Kenny and misses; Kenny holds a Pay Back."""
    state = zombie_turn(key, board=3)
    (payback,) = give(state, KENNY, "pay_back")
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}", *lines)
    state, events = act(state, EMILY, "die", face="miss")
    return state, payback, events


def test_SB_Z2_pay_back_after_the_walk_kills_the_zombie_that_attacked():
    state, payback, events = _walk_attack_missed("shamble")
    # Zombie 1 had no action left: the walk went on (a Pay Back now changes nothing of it).
    assert "sb.walk.done" in [e["msg"] for e in events] and state["walk"] is None
    assert f"{payback}@zombie" in choices(state, KENNY, "react", "play")
    state, events = act(state, KENNY, "react", play=f"{payback}@zombie")
    assert "sb.zombie.killed" in [e["msg"] for e in events] and state["zombies"]["board"] == 2


def test_SB_Z2_a_reaction_that_may_change_the_next_action_stops_the_walk_there():
    state, payback, events = _walk_attack_missed("double_time", "stay")
    # Zombie 1 still has an action and Kenny may Pay Back: the walk waits at that action,
    # Emily's lines kept (preselected).
    assert "sb.walk.again" in [e["msg"] for e in events]
    assert waiting(state) == ("zombie_act", [EMILY])
    assert (state["walk"]["zombie"], state["walk"]["action"]) == (1, 2)
    form = spec(state, EMILY, "zombies")["params"]
    assert list(form) == ["z1a2", "z2a1", "z2a2", "z3a1", "z3a2"]
    assert form["z1a2"]["value"] == "stay"
    # Kenny pays zombie 1 back: it is dead, its second action is not played; the others follow
    # Emily's lines without another question.
    state, events = act(state, KENNY, "react", play=f"{payback}@zombie")
    assert "sb.zombie.killed" in [e["msg"] for e in events]
    assert "sb.z.stays" not in [e["msg"] for e in events]
    moved = [e["zombie"] for e in events if e["msg"] == "sb.z.moves"]
    assert moved == [2, 2, 3, 3] and state["walk"] is None


def test_SB_Z2_a_zombie_nobody_names_killed_mid_walk_is_one_still_to_act():
    state = zombie_turn("shamble", board=3)
    state, _ = draw(state)
    ctx = Ctx(rng())
    combat.kill_zombie(state, ctx, down=False, by_seat=KENNY)  # while the form is open
    assert state["walk"]["gone"] == [3]
    assert slots(state, EMILY) == ["z1a1", "z2a1"]  # zombie 3's line is gone from the form
    state, events = zombie(state)
    assert [e["zombie"] for e in events if e["msg"] == "sb.z.moves"] == [1, 2]
    assert state["walk"] is None and "sb.walk.done" in [e["msg"] for e in events]


def test_SB_Z2_a_zombie_killed_in_its_own_attack_takes_no_other_zombie_s_turn():
    state = zombie_turn("shamble", board=3)
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}")  # zombie 1 attacks; the die waits
    combat.kill_zombie(state, Ctx(rng()), down=False, by_seat=KENNY)
    assert state["walk"]["gone"] == [1]
    state, events = act(state, EMILY, "die", face="miss")
    assert [e["zombie"] for e in events if e["msg"] == "sb.z.moves"] == [2, 3]
    assert state["walk"] is None and "sb.walk.done" in [e["msg"] for e in events]


def test_SB_Z3_a_knockdown_after_the_card_s_form_asks_the_walk_again():
    """Lurch: the spawned zombie attacks Kenny; while the die waits a player knocks a zombie
    down: the walk's lines, given before, no longer fit: they are asked again (kept)."""
    state = zombie_turn("lurch", board=2)
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}", "stay")
    assert waiting(state) == ("die", [EMILY])
    combat.hit_zombie(state, ABIGAIL, "knockdown", "zombie", Ctx(rng()))
    assert state["zombies"]["knocked"] == 1
    state, events = act(state, EMILY, "die", face="miss")
    assert "sb.walk.again" in [e["msg"] for e in events]
    assert waiting(state) == ("zombie_act", [EMILY])
    form = spec(state, EMILY, "zombies")["params"]
    assert list(form) == ["z1a1", "z2a1", "z3a1"]
    assert form["z1a1"]["value"] == "stay" and "stand" in form["z1a1"]["choices"]


def test_SB_Z4_lines_planned_for_a_card_never_carry_over_to_the_next_card():
    state = zombie_turn("class_change", board=2)
    state["zplan"] = {"spawns": ["stay"], "walk": [], "of": 9, "actions": 1, "knocked": 0}
    state, _ = draw(state)  # a new card: what an earlier one planned (a turn cut short) is gone
    assert slots(state, EMILY)[:2] == ["n1", "n2"]
    assert spec(state, EMILY, "zombies")["params"]["n2"]["value"] == "move"


def test_SB_Z5_identical_defense_cards_are_one_choice_with_their_count():
    """One button per distinct move: two Blocks in hand are one choice ("Block ×2"), the
    first of them played; the other is still in hand for the next hit."""
    state = zombie_turn("shamble", board=1)
    defenceless(state, KENNY)
    first, second = give(state, KENNY, "block", "block")
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}")
    state, _ = act(state, EMILY, "die", face="bite")
    param = spec(state, KENNY, "defend")["params"]["use"]
    assert param["choices"] == ["none", "quiet", first]
    assert english(param["labels"][2], NAMES, sentence=False) == "Block ×2 (0 stamina)"
    state, _ = act(state, KENNY, "defend", use=first)
    assert state["hands"]["2"] == [second] and state["players"]["2"]["health"] == 5


def test_SB_S6_identical_cards_in_hand_are_one_button():
    state = zombie_turn("shamble", board=1)
    state, _ = draw(state)
    state, _ = zombie(state, "move")
    empty_hand(state, EMILY)
    first, _second = give(state, EMILY, "haymaker", "haymaker")
    plays = [s for s in GAME.legal_actions(state, EMILY) if s["type"] == "play"]
    assert len(plays) == 1
    assert all(v.startswith(f"{first}@") for v in plays[0]["params"]["play"]["choices"])
    label = plays[0]["params"]["play"]["labels"][0]
    assert english(label, NAMES, sentence=False).startswith("Haymaker ×2 (")
