"""The ranged attack resolver and melee: targeting priority and the shooter's choice (ZC-13),
damage that never adds up (ZC-5), friendly fire, adrenaline (ZC-3), weapons in hand (ZC-16),
the app's dice and rerolls."""

from __future__ import annotations

from zc_support import (
    act,
    board,
    give,
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

from tableapp.games.zombicide import GAME, attack
from tableapp.games.zombicide.combat import zone_keys

NADIA = 2  # Nadia's player (TEAMS[2])


def shooter(*cards, sid="nadia", app_dice=False, fest=False, **zombies):
    state = ready(app_dice=app_dice, abomination_fest=fest)
    board(state, **zombies)
    give(state, sid, *cards)
    state, _ = turn_of(state, sid)
    return state


def zone(state, **counts):
    return {k: counts.get(k, 0) for k in zone_keys(state)}


def pick_weapon(state, mode, weapon="hand_l"):
    """The attack's button: with a single weapon it is the move (no param, its label names the
    weapon); with several, one button per weapon."""
    listed = spec(state, NADIA, mode)
    if "weapon" in listed["params"]:
        return act(state, NADIA, mode, weapon=weapon)
    assert listed["label"]["msg"] == (
        "zc.action.ranged_one" if mode == "ranged" else "zc.action.melee_one"
    )
    assert attack.only_weapon(state, "nadia", mode) == weapon
    return act(state, NADIA, mode)


def shoot(state, weapon="hand_l", allies=(), mode="ranged", hits=None, **counts):
    """The weapon (one tap), then one form (``aim``): the target zone and, with the table's
    dice, how many hit; a Molotov is a ranged weapon with no dice."""
    state, _ = pick_weapon(state, "ranged" if mode == "molotov" else mode, weapon)
    assert top(state)["kind"] == "aim"
    params = {"zombies": zone(state, **counts)}
    if mode == "ranged":
        params["allies"] = list(allies)
    if hits is not None:
        params["hits"] = hits
    return act(state, NADIA, "attack", **params)


def hits_spec(state, weapon="hand_l", mode="ranged"):
    """The aim form's hits row: 0 to the dice the attack rolls, none preselected but 0."""
    aiming, _ = pick_weapon(state, mode, weapon)
    return spec(aiming, NADIA, "attack")["params"]["hits"]


def test_ZC_13_ZC_5_a_brute_takes_every_hit_of_a_1_damage_weapon():
    state = shooter("sub_mg", walker=2, brute=1)
    assert hits_spec(state) == {
        "min": 0,
        "max": 3,
        "value": 0,
        "label": {"msg": "zc.param.hits", "args": {"count": 3, "accuracy": 5}},
    }
    state, events = shoot(state, walker=2, brute=1, hits=3)  # dice 5, 6, 6: 3 hits at 5+
    assert top(state)["kind"] == "survivor_turn"  # no dice question: the form had the hits
    result = state["last_attack"]
    assert result["hits"] == 3 and result["kills"] == {} and result["lost"] == 3
    assert state["board"] == {"walker": 2, "runner": 0, "brute": 1}
    assert "1 hit is lost" not in " ".join(texts(events))
    assert "3 hits are lost: a 1-damage hit cannot kill its target." in texts(events)
    assert {"ZC-13", "ZC-5"} <= set(rules(events))


def test_ZC_13_brutes_then_walkers_then_runners():
    state = shooter("shotgun", walker=1, runner=1, brute=1)
    # dice 6, 4: 2 hits of damage 2
    state, events = shoot(state, walker=1, runner=1, brute=1, hits=2)
    assert state["last_attack"]["kills"] == {"brute": 1, "walker": 1}
    assert state["board"] == {"walker": 0, "runner": 1, "brute": 0}
    assert "Nadia kills: Walker ×1 and Brute ×1." in texts(events)
    assert "Nadia gains 2 adrenaline (Zombies killed): 2 in all." in texts(events)
    (result,) = [e for e in events if e.get("attack")]
    assert result["rule"] == "ZC-13" and texts([result["reason"]]) == [
        "Ranged hits take Brutes and Abominations first (the shooter's choice between them), "
        "then Walkers, then Runners; a hit too weak for its target is lost."
    ]


def test_ZC_13_walkers_before_runners():
    state = shooter("sub_mg", walker=1, runner=2)
    state, _ = shoot(state, walker=1, runner=2, hits=2)  # dice 5, 5, 1
    assert state["last_attack"]["kills"] == {"walker": 1, "runner": 1}


def test_ZC_13_the_shooter_chooses_between_brutes_and_abominations_when_it_matters():
    for first, kills, gained in (
        ("brutes", {"brute": 1}, 1),
        ("abominations", {"abomination_hulk": 1}, 5),
    ):
        state = shooter("hand_cannon", walker=1, brute=1, abominations=["hulk"])
        # dice 6, 1: 1 hit of damage 3
        state, _ = shoot(state, walker=1, brute=1, abomination_hulk=1, hits=1)
        assert top(state)["kind"] == "target_order"
        assert spec(state, NADIA, "target_order")["params"]["first"]["choices"] == [
            "brutes",
            "abominations",
        ]
        state, _ = act(state, NADIA, "target_order", first=first)
        assert state["last_attack"]["kills"] == kills
        assert state["survivors"]["nadia"]["adrenaline"] == gained


def test_ZC_13_the_choice_is_not_asked_when_both_orders_kill_the_same():
    state = shooter("hand_cannon", brute=1, abominations=["hulk"])
    # dice 6, 6: damage 3 kills both, either way
    state, events = shoot(state, brute=1, abomination_hulk=1, hits=2)
    assert state["last_attack"]["kills"] == {"brute": 1, "abomination_hulk": 1}
    assert state["abominations"] == [] and state["survivors"]["nadia"]["adrenaline"] == 6


def test_ZC_13_a_weak_weapon_aimed_at_the_abomination_first_wastes_its_hits():
    state = shooter("shotgun", brute=1, abominations=["hulk"])
    # dice 6, 6: damage 2: a Brute dies, an Abomination never
    state, _ = shoot(state, brute=1, abomination_hulk=1, hits=2)
    assert top(state)["kind"] == "target_order"
    state, _ = act(state, NADIA, "target_order", first="abominations")
    assert state["last_attack"]["kills"] == {} and state["last_attack"]["lost"] == 2


def test_ZC_13_friendly_fire_hits_the_one_survivor_in_the_zone_for_each_miss():
    state = shooter("sawed_off", walker=2)
    aiming, _ = pick_weapon(state, "ranged")
    allies = spec(aiming, NADIA, "attack")["params"]["allies"]["choices"]
    assert "nadia" not in allies and len(allies) == 5  # never the shooter
    # dice 1, 6: 1 hit, 1 miss at 3+
    state, events = shoot(state, allies=["ruth"], walker=2, hits=1)
    assert state["last_attack"]["kills"] == {"walker": 1}
    assert state["last_attack"]["friendly"] == {"ruth": 1}
    assert state["survivors"]["ruth"]["wounds"] == 1
    assert "Ruth takes 1 wound (friendly fire from Nadia): 2 HP left." in texts(events)


def test_ZC_13_with_several_survivors_in_the_zone_the_players_pick_who_takes_each_miss():
    state = shooter("shotgun", walker=1)
    # dice 1, 2: 2 misses of damage 2
    state, _ = shoot(state, allies=["ruth", "karim"], walker=1, hits=0)
    assert top(state)["kind"] == "friendly_fire"
    misses = spec(state, NADIA, "friendly_fire")["params"]["misses"]
    # A row per survivor there (one tap each), the rows summing to the misses: the phone
    # waits until they do, and names the rule beside them.
    assert list(misses["counts"]) == ["ruth", "karim"]
    assert {k: (b["min"], b["max"]) for k, b in misses["counts"].items()} == {
        "ruth": (0, 2),
        "karim": (0, 2),
    }
    assert (misses["least"], misses["most"]) == (2, 2)
    assert texts([misses["reason"]]) == ["Each miss hits one survivor of the zone: 2 in all"]
    error = refused(state, NADIA, "friendly_fire", misses={"ruth": 1, "karim": 0})
    assert (error.code, error.rule) == ("misses_to_place", "ZC-13")
    state, events = act(state, NADIA, "friendly_fire", misses={"ruth": 1, "karim": 1})
    assert state["survivors"]["karim"]["wounds"] == 2 and state["survivors"]["ruth"]["wounds"] == 2


def test_ZC_13_ZC_1_friendly_fire_that_kills_loses_the_game():
    state = shooter("shotgun", walker=1)
    state["survivors"]["lily"]["wounds"] = 1
    state, events = shoot(state, allies=["lily"], walker=1, hits=1)  # dice 1, 6
    assert state["phase"] == "finished" and GAME.result(state)["winners"] == []
    assert texts(events)[-1] == "The mission is lost: Lily has fallen."


def test_ZC_13_no_friendly_fire_without_a_miss_or_without_anyone_there():
    state = shooter("sawed_off", walker=2)
    state, _ = shoot(state, walker=2, hits=0)  # dice 1, 1
    assert state["last_attack"]["friendly"] == {} and all(
        state["survivors"][s]["wounds"] == 0 for s in state["team"]
    )


def test_ZC_13_melee_hits_go_where_the_player_likes_and_misses_hurt_nobody():
    state = shooter("machete", walker=1, brute=1)
    aiming, _ = pick_weapon(state, "melee")
    assert set(spec(aiming, NADIA, "attack")["params"]) == {"zombies", "hits"}  # no survivor
    # dice 5: 1 hit of damage 2: Brute or Walker, the player's choice
    state, _ = shoot(state, mode="melee", walker=1, brute=1, hits=1)
    assert top(state)["kind"] == "allocate"
    kills = spec(state, NADIA, "allocate")["params"]["kills"]
    assert list(kills["counts"]) == ["walker", "brute"]
    assert (kills["least"], kills["most"]) == (1, 1)
    # the likely one preselected: the Brute (a Brute before a Walker; an Abomination first)
    assert {k: b["value"] for k, b in kills["counts"].items()} == {"walker": 0, "brute": 1}
    error = refused(state, NADIA, "allocate", kills={"walker": 1, "brute": 1})
    assert (error.code, error.rule) == ("hits_to_place", "ZC-13")
    state, events = act(state, NADIA, "allocate", kills={"walker": 0, "brute": 1})
    assert state["last_attack"]["kills"] == {"brute": 1}
    assert texts([e["reason"] for e in events if e.get("attack")]) == [
        "Melee hits go where the player likes; missed melee dice hurt nobody."
    ]


def test_ZC_13_ZC_5_melee_only_kills_what_its_damage_can_and_asks_nothing_else():
    state = shooter("katana", walker=3, brute=1)  # 2 dice, damage 1
    state, _ = shoot(state, mode="melee", walker=3, brute=1, hits=2)  # dice 4, 5
    assert state["last_attack"]["kills"] == {"walker": 2}
    assert state["board"]["brute"] == 1


def test_a_molotov_kills_everything_in_its_zone_with_no_dice():
    state = shooter("molotov", walker=3, runner=1, abominations=["stalker"])
    aiming, _ = pick_weapon(state, "ranged")
    assert set(spec(aiming, NADIA, "attack")["params"]) == {"zombies"}  # it wounds nobody
    state, events = shoot(state, mode="molotov", walker=2, runner=1, abomination_stalker=1)
    assert state["last_attack"]["kills"] == {"walker": 2, "runner": 1, "abomination_stalker": 1}
    assert state["board"]["walker"] == 1 and state["abominations"] == []
    assert state["survivors"]["nadia"]["adrenaline"] == 8
    assert state["survivors"]["ruth"]["wounds"] == 0
    assert state["survivors"]["nadia"]["inventory"][0] is None
    assert state["equipment"]["discard"][0].startswith("molotov")


def test_ZC_16_weapons_attack_from_a_hand_only():
    state = ready()
    board(state, walker=1)
    cards = give(state, "nadia", "machete")  # one card in a hand…
    inventory = state["survivors"]["nadia"]["inventory"]
    inventory[0], inventory[2] = None, cards[0]  # …moved to the backpack
    state["survivors"]["nadia"]["inventory"][1] = None
    state, _ = turn_of(state, "nadia")
    assert "melee" not in types(state, NADIA)
    error = refused(state, NADIA, "melee", weapon="pack_1")
    assert (error.code, error.rule) == ("no_weapon_in_hand", "ZC-16")


def test_two_dual_weapons_attack_together():
    state = shooter("sawed_off", "sawed_off", walker=4)
    weapons = spec(state, NADIA, "ranged")["params"]["weapon"]["choices"]
    assert weapons == ["hand_l", "hand_r", "dual"]
    assert hits_spec(state, weapon="dual")["max"] == 4


def test_a_skill_die_is_added_to_each_weapon():
    state = shooter("pistol", walker=2)
    state["survivors"]["nadia"]["skills"]["orange"] = ["plus_die_ranged"]
    state["survivors"]["nadia"]["adrenaline"] = 19
    state["survivors"]["nadia"]["skills"]["yellow"] = ["plus_action"]
    assert hits_spec(state)["max"] == 2


def test_app_dice_roll_from_the_table_stream_and_offer_ammo_rerolls():
    state = shooter("pistol", None, "plenty_bullets", app_dice=True, walker=2)
    state, events = shoot(state, walker=2)
    assert any(e["msg"] == "zc.dice.result" for e in events)
    assert top(state)["kind"] == "reroll"
    assert texts([spec(state, NADIA, "reroll")["label"]]) == ["Reroll all the dice (1 reroll left)"]
    rolls = list(state["attack"]["rolls"])
    again, events = act(state, NADIA, "reroll")
    assert again["attack"] is None  # resolved after the last reroll
    assert any(e["msg"] == "zc.dice.result" for e in events)
    kept, _ = act(state, NADIA, "keep_dice")
    assert kept["last_attack"]["rolls"] == rolls


def test_free_targeting_skills_allocate_ranged_hits_and_hit_no_ally():
    state = shooter("sub_mg", walker=1, brute=1)
    state["survivors"]["nadia"]["adrenaline"] = 43
    state["survivors"]["nadia"]["skills"].update(
        {"yellow": ["plus_action"], "orange": ["hold_your_nose"], "red": ["sniper"]}
    )
    state, _ = shoot(state, allies=["ruth"], walker=1, brute=1, hits=1)  # dice 6, 1, 1
    assert state["last_attack"]["kills"] == {"walker": 1}  # the Brute cannot be the target
    assert state["survivors"]["ruth"]["wounds"] == 0


def test_ZC_13_no_attack_listed_while_the_board_is_empty():
    state = shooter("pistol")
    assert "ranged" not in types(state, NADIA)
    error = refused(state, NADIA, "ranged", weapon="hand_l")  # refused by its rule first
    assert (error.code, error.rule) == ("no_zombie", "ZC-13")


def test_ZC_13_the_target_form_counts_at_most_what_is_on_the_board_and_can_be_cancelled():
    state = shooter("pistol", walker=3, abominations=["bloated"])
    aiming, _ = pick_weapon(state, "ranged")
    zombies = spec(aiming, NADIA, "attack")["params"]["zombies"]["counts"]
    assert {k: b["max"] for k, b in zombies.items()} == {"walker": 3, "abomination_bloated": 1}
    back, events = act(aiming, NADIA, "cancel_attack")
    assert top(back)["kind"] == "survivor_turn" and back["attack"] is None


def test_issue17_one_weapon_in_hand_the_button_is_the_attack():
    """Never ask what has one answer: a single weapon is no choice, two are."""
    state = shooter("pistol", walker=1)
    one = spec(state, NADIA, "ranged")
    assert one["params"] == {} and "Pistol" in words(one["label"])
    aiming, _ = act(state, NADIA, "ranged")
    assert top(aiming)["kind"] == "aim" and top(aiming)["weapon"] == "hand_l"
    two = shooter("pistol", "sawed_off", walker=1)
    assert spec(two, NADIA, "ranged")["params"]["weapon"]["choices"] == ["hand_l", "hand_r"]
