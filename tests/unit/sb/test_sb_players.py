"""Players: actions, tokens, doors, death and Smart Zombies, Reactions off-turn, the Cleanup,
corrections and the three endings (rules/student-bodies.txt, "Player Action Step", "Checking
Corpses and Beakers", "Player Death and Smart Zombies", "Opening the Science Lab / Fire
Doors", "Clean Up Step", "Winning the Game"; SB-S3, SB-S5, SB-P1 to SB-P7)."""

from __future__ import annotations

import pytest
from sb_support import (
    GAME,
    NAMES,
    act,
    at_actions,
    choices,
    deal,
    empty_hand,
    give,
    reason_of,
    rulings,
    stage,
    texts,
    types,
    waiting,
)

from tableapp.engine import HOST, Ctx, Rng, RuleError
from tableapp.games.student_bodies import tokens
from tests.texts import english

EMILY, KENNY, ABIGAIL = 1, 2, 3


def playing(players=3, seat=EMILY, **options):
    return at_actions(deal(players, table_die=True, **options), seat)


def open_lab(state, seat=EMILY):
    state, events = act(state, seat, "open_lab")
    return state, events


def drink(state, seat, kind):
    """Make the next beaker ``seat`` checks a ``kind`` (the only one left of the mix)."""
    left = state["beakers"]["left"]
    for k in left:
        left[k] = 0
    left[kind] = 1
    state["beaker_info"]["total"] = 1 + sum(state["beakers"]["used"].values())
    state["beaker_info"]["board"] = 1
    return act(state, seat, "check_beaker")


# --- the Lab, beakers, corpses ------------------------------------------------------------------


def test_SB_P6_opening_the_lab_reveals_its_card_zombies_and_beakers():
    state = playing()
    lab = state["sealed"]["lab"]
    board, pool = state["zombies"]["board"], state["zombies"]["pool"]
    state, events = open_lab(state)
    (opened,) = [e for e in events if e["msg"] == "sb.lab.opens"]
    assert opened["rule"] == "SB-P6" and opened["lab"] == lab
    card = state["content"]["scenario"]["lab"][lab]
    assert state["zombies"]["board"] == board + card["zombies"]
    assert state["zombies"]["pool"] == pool + 4 - card["zombies"] and state["zombies"]["lab"] == 0
    shown = GAME.view(state, None)["scenario"]["lab"]
    assert shown["key"] == lab and {"msg": "sb.n.zombies", "args": {"count": 4}} in shown["place"]
    assert GAME.view(state, None)["beakers"]["board"] == 6
    assert english(opened, NAMES).startswith(f"Emily opens Lab 101: {card['name']}. Place ")
    assert "open_lab" not in types(state, EMILY) and "check_beaker" in types(state, EMILY)


def test_SB_P6_fire_doors_only_with_an_antidote_extra_zombies_to_the_pool():
    state = playing()
    state, _ = open_lab(state)
    assert "open_fire_doors" not in types(state, EMILY)
    with pytest.raises(RuleError) as caught:
        act(state, EMILY, "open_fire_doors")
    assert (caught.value.code, caught.value.rule) == ("no_antidote", "SB-P6")
    state, events = drink(state, EMILY, "antidote")
    assert state["players"]["1"]["antidote"] and rulings(events) == ["SB-S3"]
    exit_ = state["sealed"]["exit"]
    card = state["content"]["scenario"]["exit"][exit_]
    pool = state["zombies"]["pool"]
    state, events = act(state, EMILY, "open_fire_doors")
    (opened,) = [e for e in events if e["msg"] == "sb.exit.opens"]
    assert opened["rule"] == "SB-P6" and opened["extra"] == 4 - card["zombies"]
    assert state["zombies"]["pool"] == pool + 4 - card["zombies"] and state["zombies"]["exit"] == 0
    assert "escape" in types(state, EMILY)


def test_SB_S3_no_more_beakers_after_the_antidote_and_each_result():
    state = playing()
    state, _ = open_lab(state)
    state["players"]["1"]["health"] = 3
    state, events = drink(state, EMILY, "heal")
    assert state["players"]["1"]["health"] == 4
    state, _ = drink(state, EMILY, "stamina")
    assert state["players"]["1"]["bonus"] == 1
    hand = list(state["hands"]["1"])
    state, events = drink(state, EMILY, "discard")
    assert state["hands"]["1"] == [] and state["main"]["discard"][: len(hand)] == hand[::-1]
    state, _ = drink(state, EMILY, "poison")
    assert state["players"]["1"]["health"] == 3 and waiting(state) == ("act", [EMILY])
    state, events = drink(state, EMILY, "knockdown")
    assert state["players"]["1"]["down"] and waiting(state) == ("act", [EMILY])
    assert english(events[0]["reason"]) == "The player is knocked down; it cannot be defended."
    state, _ = drink(state, EMILY, "antidote")
    assert "check_beaker" not in types(state, EMILY)
    state["beaker_info"]["board"] = 1
    with pytest.raises(RuleError) as caught:
        act(state, EMILY, "check_beaker")
    assert (caught.value.code, caught.value.rule) == ("has_antidote", "SB-S3")
    found = GAME.view(state, None)["beakers"]["found"]
    assert found == {
        "heal": 1,
        "stamina": 1,
        "discard": 1,
        "poison": 1,
        "knockdown": 1,
        "antidote": 1,
    }


def test_SB_S3_beakers_are_only_in_the_lab():
    state = playing()
    assert "check_beaker" not in types(state, EMILY)
    with pytest.raises(RuleError) as caught:
        act(state, EMILY, "check_beaker")
    assert caught.value.rule == "SB-P6"


@pytest.mark.parametrize("kind", ["item", "empty", "bite"])
def test_SB_P5_corpse_results(kind):
    state = playing()
    c = state["corpses"]
    for k in c["left"]:
        c["used"][k] += c["left"][k]
        c["left"][k] = 0
    c["left"][kind], c["used"][kind], c["board"] = 1, c["used"][kind] - 1, 1
    items_before = len(state["item_deck"]["draw"])
    if kind == "bite":
        give(state, EMILY, "block")
    state, events = act(state, EMILY, "check_corpse")
    assert rulings(events)[0] == "SB-P5" and state["corpses"]["board"] == 0
    if kind == "item":
        assert len(state["item_deck"]["draw"]) == items_before - 1
        assert "sb.item.gained" in [e["msg"] for e in events]
    if kind == "bite":
        assert waiting(state) == ("defend", [EMILY])  # she holds a Block: she is asked
        assert GAME.prompt(state)["waiting_for"] == [EMILY]
        state, _ = act(state, EMILY, "defend", use="none")
        assert state["players"]["1"]["health"] == 4
    assert waiting(state) == ("act", [EMILY])


def test_SB_S5_used_corpse_tokens_are_shuffled_back_when_they_run_out():
    state = playing()
    c = state["corpses"]
    # 17 tokens used, the 3 still face down are all on the board: none left to place.
    c["left"], c["used"], c["board"] = (
        {"item": 1, "empty": 1, "bite": 1},
        {"item": 9, "empty": 4, "bite": 4},
        3,
    )
    ctx = Ctx(Rng(b"corpses".ljust(32, b"."), 1))
    placed = tokens.place_corpses(state, 1, ctx, {"msg": "sb.corpse.where_killed", "args": {}})
    assert placed == 1 and c["board"] == 4
    assert c["left"] == {"item": 10, "empty": 5, "bite": 5} and sum(c["used"].values()) == 0
    (reshuffle,) = [e for e in ctx.events if e["msg"] == "sb.corpse.reshuffle"]
    assert reshuffle["rule"] == "SB-S5" and english(reshuffle["reason"]).startswith(
        "When the corpse tokens run out"
    )
    # All 20 face down on the board and none used: nothing can be placed.
    c["left"], c["used"], c["board"] = (
        {"item": 10, "empty": 5, "bite": 5},
        {"item": 0, "empty": 0, "bite": 0},
        20,
    )
    assert tokens.place_corpses(state, 1, ctx, {"msg": "sb.corpse.where_killed", "args": {}}) == 0


# --- death and Smart Zombies (SB-P1, SB-P2, SB-P4) ---------------------------------------------


def test_SB_P1_death_without_an_antidote_rises_a_smart_zombie():
    state = playing()
    state["players"]["2"]["health"] = 0
    give(state, KENNY, "block")  # he may defend: he is asked, and takes it
    give(state, EMILY, "haymaker")
    haymaker = [c for c in state["hands"]["1"] if c.startswith("haymaker#")][-1]
    state, _ = act(state, EMILY, "play", play=f"{haymaker}@{KENNY}")
    state, events = act(state, KENNY, "defend", use="none")
    kenny = state["players"]["2"]
    assert (kenny["status"], kenny["health"], kenny["down"]) == ("smart", 2, True)
    assert state["hands"]["2"] == []
    (rose,) = [e for e in events if e["msg"] == "sb.rises"]
    assert rose["rule"] == "SB-P1" and reason_of(events, "sb.rises").startswith(
        "Killed before finding an Antidote"
    )
    # Not attackable on the turn it rose: no target, no zombie either (SB-Z7).
    assert str(KENNY) not in [
        v.split("@")[1] for v in choices(state, EMILY, "play", "play") if "@" in v
    ]
    assert GAME.view(state, None)["players"][1]["turned"]


def test_SB_P1_at_zero_health_a_player_dies_at_the_end_of_the_turn():
    state = playing()
    state["players"]["3"].update(health=1, antidote=True)
    give(state, ABIGAIL, "block")  # she may defend: she is asked, and takes it
    items = state["items"]["3"]
    ready = [i for i in items["ready"] if i]
    staged, events = stage(
        state,
        {
            "kind": "attack",
            "attacker": {"zombie": True},
            "target": ABIGAIL,
            "mode": "bite",
            "rule": "SB-Z5",
        },
        {"kind": "act", "seat": EMILY},
        {"kind": "cleanup", "seat": EMILY},
        {"kind": "next_turn"},
        turn=EMILY,
    )
    staged, events = act(staged, ABIGAIL, "defend", use="none")
    assert staged["players"]["3"]["health"] == 0 and staged["players"]["3"]["status"] == "living"
    assert "sb.zero_health" in [e["msg"] for e in events]
    staged, events = act(staged, EMILY, "end_turn", discard=[])
    assert "sb.dies_end_of_turn" in [e["msg"] for e in events]
    assert staged["players"]["3"]["status"] == "out", "with an Antidote: out of the game"
    assert staged["dead_items"]["3"] == ready and staged["hands"]["3"] == []
    assert [e["rule"] for e in events if e["msg"] == "sb.out.antidote"] == ["SB-P1"]


def test_SB_P1_a_living_player_loots_one_item_a_turn_from_the_dead():
    state = playing()
    extra = state["item_deck"]["draw"][:2]
    state["item_deck"]["draw"] = state["item_deck"]["draw"][2:]
    state["dead_items"]["3"] = extra
    state["players"]["3"]["status"] = "out"
    empty_hand(state, ABIGAIL)
    state["items"]["3"]["ready"] = [None, None, None]
    assert choices(state, EMILY, "loot", "item") == extra
    state, events = act(state, EMILY, "loot", item=extra[0])
    assert rulings(events) == ["SB-P1"] and "loot" not in types(state, EMILY)
    with pytest.raises(RuleError) as caught:
        act(state, EMILY, "loot", item=extra[1])
    assert (caught.value.code, caught.value.rule) == ("looted", "SB-P1")


def test_SB_P1_a_smart_zombie_that_dies_is_out():
    state = playing()
    state["players"]["2"].update(status="smart", health=1, turned=None)
    empty_hand(state, KENNY)  # nothing to defend with: the Haymaker lands at once
    (haymaker,) = give(state, EMILY, "haymaker")
    state, _ = act(state, EMILY, "play", play=f"{haymaker}@{KENNY}")
    state["players"]["3"]["health"] = 5
    assert state["players"]["2"]["health"] == 0
    state, events = act(state, EMILY, "end_turn", discard=[])
    assert state["players"]["2"]["status"] == "out"
    assert [e["msg"] for e in events if e.get("rule") == "SB-P1"][-1] == "sb.out.smart"


def test_SB_P2_smart_zombies_cannot_open_doors_or_check_tokens():
    state = playing()
    state["players"]["1"].update(status="smart", health=2)
    offered = types(state, EMILY)
    for kind in ("open_lab", "check_corpse", "check_beaker", "use", "loot"):
        assert kind not in offered
    for kind in ("open_lab", "check_corpse"):
        with pytest.raises(RuleError) as caught:
            act(state, EMILY, kind)
        assert (caught.value.code, caught.value.rule) == ("smart_zombie", "SB-P2")
    assert {"smart_attack", "smart_switch"} <= set(offered)
    state, events = act(state, EMILY, "smart_attack", target=KENNY)
    assert state["players"]["1"]["stamina"] == 2 and waiting(state) == ("die", [EMILY])
    state["players"]["3"]["down"] = True
    give(state, ABIGAIL, "block")
    state, _ = act(state, EMILY, "die", face="miss")
    state, events = act(state, EMILY, "smart_bite", target=ABIGAIL)
    assert waiting(state) == ("defend", [ABIGAIL]) and state["players"]["1"]["stamina"] == 1


def test_SB_P2_smart_zombie_turn_plays_its_smart_text():
    state = deal(3, table_die=True)
    state["players"]["2"].update(status="smart", health=2, down=False)
    empty_hand(state, KENNY)
    (dash,) = give(state, KENNY, "mad_dash")
    (wind,) = give(state, KENNY, "second_wind")
    staged, events = stage(state, {"kind": "turn_start", "seat": KENNY}, turn=EMILY)
    assert waiting(staged) == ("act", [KENNY])  # no zombie card on a Smart Zombie's turn
    assert {dash, f"{dash}/smart"} <= set(choices(staged, KENNY, "play", "play"))
    staged, events = act(staged, KENNY, "play", play=f"{dash}/smart")
    assert staged["players"]["2"]["stamina"] == 2  # its Smart Zombie cost
    assert english(events[0], NAMES) == "Kenny plays Mad Dash, its Smart Zombie text (1 stamina)."
    assert waiting(staged) == ("step", [KENNY])
    assert next(s for s in GAME.legal_actions(staged, KENNY) if s["type"] == "step")["params"] == {}
    staged, _ = act(staged, KENNY, "stop")
    # SB-P4: a Smart Zombie heals up to 5 with Second Wind's Smart Zombie text.
    staged, events = act(staged, KENNY, "fast", play=f"{wind}/smart")
    assert staged["players"]["2"]["health"] == 4 and "SB-P4" in rulings(events)


# --- Reactions off-turn (anytime) ----------------------------------------------------------------


def test_off_turn_clothesline_knocks_down_the_zombie_that_just_moved():
    from test_sb_zombies import draw, zombie, zombie_turn

    state = zombie_turn("double_time", board=2)
    (line,) = give(state, ABIGAIL, "clothesline")
    state, _ = draw(state)
    assert "react" not in types(state, ABIGAIL), "no trigger yet"
    state, events = zombie(state)  # every zombie moves closer, twice
    # Zombie 1 moved and has an action left: Abigail may clothesline it now, so the walk
    # waits there (her moment matters: it would stand up instead of acting).
    assert [e["zombie"] for e in events if e["msg"] == "sb.z.moves"] == [1]
    assert waiting(state) == ("zombie_act", [EMILY])
    assert "react" in types(state, ABIGAIL) and "react" not in types(state, EMILY)
    assert f"{line}@zombie" in choices(state, ABIGAIL, "react", "play")
    state, events = act(state, ABIGAIL, "react", play=f"{line}@zombie")
    assert state["zombies"]["knocked"] == 1 and state["players"]["3"]["stamina"] == 2
    assert texts(events)[:2] == [
        "Abigail plays Clothesline (1 stamina).",
        "Abigail knocks a zombie down: lay it on its side.",
    ]
    assert "react" not in types(state, ABIGAIL), "the trigger served"
    assert waiting(state) == ("zombie_act", [EMILY])  # the walk goes on from zombie 1's action 2
    assert "stand" in choices(state, EMILY, "zombies", "z1a2")
    state, events = zombie(state, "stand")
    assert state["zombies"]["knocked"] == 0 and state["walk"] is None


def test_off_turn_pay_back_right_after_a_zombie_attack():
    from test_sb_zombies import draw, zombie, zombie_turn

    state = zombie_turn("shamble", board=2)
    (payback,) = give(state, KENNY, "pay_back")
    state, _ = draw(state)
    state, _ = zombie(state, f"attack:{KENNY}")
    state, events = act(state, EMILY, "die", face="miss")
    assert "sb.walk.done" in [e["msg"] for e in events]  # zombie 2 had its turn
    assert choices(state, KENNY, "react", "play") == [f"{payback}@zombie"]
    pool = state["zombies"]["pool"]
    state, events = act(state, KENNY, "react", play=f"{payback}@zombie")
    assert state["zombies"]["pool"] == pool + 1 and "sb.zombie.killed" in [e["msg"] for e in events]


def test_fast_actions_any_time_and_cards_out_of_reach_are_not_offered():
    state = playing()
    (adrenaline,) = give(state, KENNY, "adrenaline")
    assert adrenaline in choices(state, KENNY, "fast", "play")
    state, events = act(state, KENNY, "fast", play=adrenaline)
    assert state["players"]["2"]["stamina"] == 4 and waiting(state) == ("act", [EMILY])
    (block,) = give(state, KENNY, "block")
    assert block not in str(GAME.legal_actions(state, KENNY)), "a Defense waits for an attack"
    assert block not in str(GAME.legal_actions(state, EMILY))


def test_yoink_takes_an_item_from_another_player():
    state = playing()
    (yoink,) = give(state, EMILY, "yoink")
    item = [i for i in state["items"]["2"]["ready"] if i][0]
    state, events = act(state, EMILY, "play", play=f"{yoink}@{item}")
    assert item in state["items"]["1"]["ready"] + state["items"]["1"]["backpack"]
    assert item not in state["items"]["2"]["ready"]
    assert texts(events)[-1].endswith("from Kenny: YOINK!")


# --- Cleanup (SB-P3, SB-P4) ------------------------------------------------------------------


def test_SB_P3_cleanup_discard_then_everyone_draws_up_and_stamina_resets():
    state = playing()
    hand = list(state["hands"]["1"])
    state["hands"]["2"] = state["hands"]["2"][:2]
    state["players"]["1"].update(stamina=0, bonus=1)
    end = next(s for s in GAME.legal_actions(state, EMILY) if s["type"] == "end_turn")
    assert end["params"]["discard"]["min"] == 0 and end["params"]["discard"]["max"] == 5
    state, events = act(state, EMILY, "end_turn", discard=hand[:2])
    assert state["main"]["discard"][:2] == hand[:2][::-1]
    assert all(len(state["hands"][str(s)]) == 5 for s in (1, 2, 3))
    assert state["players"]["1"]["stamina"] == 4 and state["players"]["1"]["bonus"] == 0
    assert "SB-P3" in rulings(events)
    assert texts([e for e in events if e["msg"].startswith("sb.stamina.reset")]) == [
        "Emily's stamina goes back to 4, with the beaker's +1."
    ]
    drawn = [e for e in events if e["msg"] == "sb.draws"]
    assert [e["seat"] for e in drawn] == [1, 2] and all("cards" not in e for e in drawn)
    assert set(drawn[0]["private"]) == {"1"}
    assert state["turn"] == KENNY


def test_SB_P3_the_current_player_must_discard_down_to_hand_size():
    state = playing()
    give(state, EMILY, "block", "juke")
    end = next(s for s in GAME.legal_actions(state, EMILY) if s["type"] == "end_turn")
    assert end["params"]["discard"]["min"] == 2


def test_SB_P4_health_five_stamina_three_heal_to_five_at_most():
    state = playing()
    assert all(p["health"] == 5 and p["stamina"] == 3 for p in state["players"].values())
    (wind,) = give(state, EMILY, "second_wind")
    assert wind not in choices(state, EMILY, "fast", "play"), "nothing to heal"
    state["players"]["1"]["health"] = 4
    state, events = act(state, EMILY, "fast", play=wind)
    assert state["players"]["1"]["health"] == 5
    assert texts(events)[1] == "Emily heals 1 wound (a card): 5 Health."


# --- the end (SB-P7) -----------------------------------------------------------------------------


def test_SB_P7_the_first_to_escape_with_an_antidote_wins():
    state = playing()
    state, _ = open_lab(state)
    state, _ = drink(state, EMILY, "antidote")
    state, _ = act(state, EMILY, "open_fire_doors")
    with pytest.raises(RuleError) as caught:
        act(at_actions(state, KENNY), KENNY, "escape")
    assert (caught.value.code, caught.value.rule) == ("cannot_escape", "SB-P7")
    state, events = act(state, EMILY, "escape")
    result = GAME.result(state)
    assert result["winners"] == [EMILY] and result["end"] == "escaped"
    assert english(result["reason"]).startswith("The first player to drink an Antidote")
    assert result["standings"][0] == {
        "seat": 1,
        "score": 3,
        "status": "escaped",
        "breakdown": {"survived": 1, "antidote": 1, "escaped": 1, "undead_win": 0},
    }
    assert (
        texts(events)[-1]
        == "Emily drank an Antidote and got out alive: Emily wins, everyone else loses."
    )
    assert GAME.legal_actions(state, KENNY) == [] and GAME.prompt(state)["waiting_for"] == []


def test_SB_P7_smart_zombies_win_together_when_nobody_living_is_left():
    state = playing()
    state["players"]["2"].update(status="smart", health=2)
    state["players"]["3"].update(status="out", health=0)
    empty_hand(state, ABIGAIL)
    state["dead_items"]["3"] = [i for i in state["items"]["3"]["ready"] if i]
    state["items"]["3"]["ready"] = [None, None, None]
    state["players"]["1"].update(health=0, antidote=True)
    state, events = act(state, EMILY, "end_turn", discard=[])
    result = GAME.result(state)
    assert result["winners"] == [KENNY] and result["end"] == "smart"
    assert english(result["reason"]) == (
        "No living player is left: the Smart Zombies share the undead win."
    )
    assert rulings(events)[-1] == "SB-P7"


def test_SB_P7_total_loss_when_everybody_is_dead():
    state = playing(2)
    state["players"]["2"].update(status="out", health=0)
    empty_hand(state, KENNY)
    state["dead_items"]["2"] = [i for i in state["items"]["2"]["ready"] if i]
    state["items"]["2"]["ready"] = [None, None, None]
    state["players"]["1"].update(health=0, antidote=True)
    state, events = act(state, EMILY, "end_turn", discard=[])
    result = GAME.result(state)
    assert result["winners"] == [] and result["end"] == "nobody"
    assert texts(events)[-1] == "Nobody is left: total loss, nobody wins."


# --- corrections: the table is the truth ------------------------------------------------------


def test_corrections_fix_zombies_corpses_and_a_player():
    state = playing()
    groups = {
        s["params"]["group"]["choices"][0]: s
        for s in GAME.legal_actions(state, HOST)
        if s["type"] == "correct"
    }
    assert {"zombies", "corpses", "player:1", "player:2", "player:3"} <= set(groups)
    z = dict(state["zombies"])
    counts = {"board": z["board"] + 1, "knocked": 1, "lab": 4, "exit": 4}
    new, events = GAME.apply(
        state,
        HOST,
        {"type": "correct", "params": {"group": "zombies", "counts": counts, "why": "knocked"}},
        Rng(b"c".ljust(32, b"."), 1),
    )
    assert new["zombies"]["board"] == z["board"] + 1 and new["zombies"]["pool"] == z["pool"] - 1
    assert new["zombies"]["knocked"] == 1 and len(events) == 2
    player = {"health": 2, "stamina": 3, "down": 1}
    new, events = GAME.apply(
        new,
        KENNY,
        {"type": "correct", "params": {"group": "player:2", "counts": player, "why": "miscount"}},
        Rng(b"c".ljust(32, b"."), 2),
    )
    assert new["players"]["2"]["health"] == 2 and new["players"]["2"]["down"] is True
    GAME.check_invariants(new)
