"""Items and the costs players pay (rules/student-bodies.txt, "Items / Readying Items", "Using an
Item", "Attacking Enemies"; SB-T1, SB-S6, SB-P4, SB-Z6), and the rule each player attack and
each on-the-ground refusal cites."""

from __future__ import annotations

import pytest
from sb_support import (
    GAME,
    NAMES,
    act,
    at_actions,
    choices,
    deal,
    defenceless,
    give,
    stage,
    waiting,
)

from tableapp.engine import RuleError
from tableapp.games.student_bodies import turn
from tableapp.games.student_bodies.state import gear
from tests.texts import english

EMILY, KENNY = 1, 2


def put_item(state, seat, key, slot):
    """One physical copy of Item ``key`` into ``seat``'s ``slot`` (0 is the Weapon slot)."""
    item_id = next(i for i in sorted(state["content"]["items"]) if i.startswith(f"{key}#"))
    for pile in (state["item_deck"]["draw"], state["item_deck"]["discard"]):
        if item_id in pile:
            pile.remove(item_id)
    for g in state["items"].values():
        g["ready"] = [None if x == item_id else x for x in g["ready"]]
        if item_id in g["backpack"]:
            g["backpack"].remove(item_id)
    g = state["items"][str(seat)]
    if g["ready"][slot] is not None:
        state["item_deck"]["discard"].append(g["ready"][slot])
    g["ready"][slot] = item_id
    return item_id


def emily_acting():
    state = at_actions(deal(3, table_die=True), EMILY)
    assert state["zombies"]["board"] > 0
    return state


def of(events, msg):
    return [e for e in events if e["msg"] == msg]


# --- SB-T1: ready, spent, trashed ---------------------------------------------------------------


def test_SB_T1_a_spent_item_cannot_be_used_again_until_its_next_ready_step():
    state = emily_acting()
    bat = put_item(state, EMILY, "baseball_bat", 0)
    assert f"{bat}:0@zombie" in choices(state, EMILY, "use", "play")
    state, events = act(state, EMILY, "use", play=f"{bat}:0@zombie")
    assert bat in gear(state, EMILY)["spent"]
    assert english(of(events, "sb.uses")[0], NAMES) == "Emily uses Baseball Bat (spent)."
    assert not [c for c in choices(state, EMILY, "use", "play") if c.startswith(bat)]
    with pytest.raises(RuleError):
        act(state, EMILY, "use", play=f"{bat}:0@zombie")
    # Her next Ready Items step turns it back.
    state, events = stage(state, {"kind": "ready_items", "seat": EMILY}, {"kind": "act", "seat": 1})
    assert gear(state, EMILY)["spent"] == [] and of(events, "sb.items.reset")
    assert of(events, "sb.items.reset")[0]["rule"] == "SB-T1"


def test_SB_T1_a_trash_ability_works_while_the_item_is_spent():
    state = emily_acting()
    book = put_item(state, EMILY, "textbook", 0)
    state, _ = act(state, EMILY, "use", play=f"{book}:0@zombie")
    assert book in gear(state, EMILY)["spent"]
    attack = {"kind": "attack", "attacker": {"zombie": True}, "target": EMILY, "mode": "die"}
    state, _ = stage(state, {**attack, "rule": "SB-Z5"}, {"kind": "act", "seat": EMILY}, turn=1)
    state, _ = act(state, EMILY, "die", face="bite")
    assert waiting(state) == ("defend", [EMILY])
    assert f"{book}:1" in choices(state, EMILY, "defend", "use")  # spent, but Trash works
    state, events = act(state, EMILY, "defend", use=f"{book}:1")
    assert book not in gear(state, EMILY)["ready"] and book not in gear(state, EMILY)["spent"]
    assert state["item_deck"]["discard"][0] == book
    assert state["players"]["1"]["health"] == 5 and of(events, "sb.defended")


def test_SB_T1_three_slots_and_one_weapon():
    state = emily_acting()
    g = gear(state, EMILY)
    state["item_deck"]["discard"] += [i for i in g["ready"] if i] + g["backpack"]
    g["ready"], g["backpack"], g["spent"] = [None, None, None], [], []
    bat = put_item(state, EMILY, "baseball_bat", 0)
    hockey = next(i for i in sorted(state["content"]["items"]) if i.startswith("hockey_stick#"))
    for pile in (state["item_deck"]["draw"], state["item_deck"]["discard"]):
        if hockey in pile:
            pile.remove(hockey)
    assert turn.place_new_item(state, EMILY, hockey) == "backpack"  # one Weapon at a time
    others = []
    for key in ("sneakers", "whistle", "lunch_box"):
        item = next(i for i in sorted(state["content"]["items"]) if i.startswith(f"{key}#"))
        for pile in (state["item_deck"]["draw"], state["item_deck"]["discard"]):
            if item in pile:
                pile.remove(item)
        others.append((item, turn.place_new_item(state, EMILY, item)))
    assert [where for _, where in others] == ["slot", "slot", "backpack"]
    assert len(g["ready"]) == 3 and g["ready"][0] == bat
    options = turn.arrangements(state, EMILY)
    weapons = state["content"]["items"]
    assert options and all(len(c) <= 3 for c in options)
    assert all(sum(weapons[i]["weapon"] for i in c) <= 1 for c in options)
    state, _ = stage(state, {"kind": "ready", "seat": EMILY}, {"kind": "act", "seat": 1}, turn=1)
    with pytest.raises(RuleError) as refused:
        act(state, EMILY, "ready", items=f"{bat}+{hockey}")
    assert refused.value.rule == "SB-T1"


# --- SB-P4: every stamina paid is logged with what for ------------------------------------------


def test_SB_P4_stamina_paid_for_an_item_ability_is_logged():
    state = emily_acting()
    bat = put_item(state, EMILY, "baseball_bat", 0)
    state, events = act(state, EMILY, "use", play=f"{bat}:0@zombie")
    (paid,) = of(events, "sb.pays")
    assert english(paid, NAMES) == "Emily pays 1 stamina (Baseball Bat): 2 left."
    assert paid["rule"] == "SB-P4" and paid["reason"] and paid["stamina"] == 2


def test_SB_P4_stamina_paid_for_a_defense_card_is_logged():
    state = emily_acting()
    (juke,) = give(state, EMILY, "juke")
    attack = {"kind": "attack", "attacker": {"zombie": True}, "target": EMILY, "mode": "die"}
    state, _ = stage(state, {**attack, "rule": "SB-Z5"}, {"kind": "act", "seat": EMILY}, turn=1)
    state, _ = act(state, EMILY, "die", face="bite")
    state, events = act(state, EMILY, "defend", use=juke)
    (paid,) = of(events, "sb.pays")
    assert english(paid, NAMES) == "Emily pays 1 stamina (Juke): 2 left."
    assert state["players"]["1"]["stamina"] == 2 and of(events, "sb.defended")


# --- the rule a player attack cites, and the reasons read aloud ---------------------------------


def test_SB_S6_a_card_attack_on_a_player_cites_the_card_not_the_zombie_die():
    state = emily_acting()
    (haymaker,) = give(state, EMILY, "haymaker")
    (block,) = give(state, KENNY, "block")  # something to defend with: Kenny is asked
    state, events = act(state, EMILY, "play", play=f"{haymaker}@{KENNY}")
    (attack,) = of(events, "sb.attack.player")
    assert attack["rule"] == "SB-S6" and english(attack["reason"], NAMES)
    assert waiting(state) == ("defend", [KENNY])
    assert state["steps"][-1]["rule"] == "SB-S6"  # a defense it refuses cites the same rule
    state, events = act(state, KENNY, "defend", use="none")
    (wound,) = of(events, "sb.wound")
    assert wound["rule"] == "SB-S6"
    assert english(wound["reason"], NAMES).startswith("Flip one Health token")


def test_SB_Z5_a_knockdown_and_a_corpse_bite_carry_a_reason_to_read_aloud():
    state = emily_acting()
    attack = {"kind": "attack", "attacker": {"zombie": True}, "target": EMILY, "mode": "die"}
    knocked, events = stage(state, {**attack, "rule": "SB-Z5"}, {"kind": "act", "seat": 1}, turn=1)
    defenceless(knocked, EMILY)  # nothing to defend with: the knockdown lands at once
    knocked, events = act(knocked, EMILY, "die", face="knockdown")
    (down,) = of(events, "sb.knocked_down")
    assert down["rule"] == "SB-Z5" and "stand up (1 stamina)" in english(down["reason"], NAMES)
    corpse = {"kind": "attack", "attacker": {"corpse": True}, "target": EMILY, "mode": "bite"}
    bitten, events = stage(state, {**corpse, "rule": "SB-P5"}, {"kind": "act", "seat": 1}, turn=1)
    (bites,) = of(events, "sb.attack.bites")
    assert bites["rule"] == "SB-P5" and "corpse" in english(bites["reason"], NAMES)


def test_SB_Z6_on_the_ground_a_move_ends_and_an_attack_reaction_is_refused_with_the_rule():
    state = emily_acting()
    state["players"]["1"]["down"] = True
    effect = {"kind": "effect", "seat": EMILY, "effect": {"move": 2}, "target": None}
    moved, events = stage(state, {**effect, "attacker": None}, {"kind": "act", "seat": 1}, turn=1)
    (ground,) = of(events, "sb.move.on_ground")
    assert ground["rule"] == "SB-Z6" and english(ground["reason"], NAMES)
    (payback,) = give(state, EMILY, "pay_back")
    state["windows"] = [{"kind": "attacked", "seat": EMILY, "attacker": {"zombie": True}}]
    play = {"type": "react", "params": {"play": f"{payback}@zombie"}}
    assert "react" not in [s["type"] for s in GAME.legal_actions(state, EMILY)]
    refused = GAME.explain(state, EMILY, play)  # the ruling the API returns with its refusal
    assert refused.rule == "SB-Z6" and refused.code == "on_the_ground"
