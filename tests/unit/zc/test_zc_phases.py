"""Adrenaline and skills (ZC-3), the Zombies' phase checklist (ZC-11, ZC-12), the end of the
round (ZC-17), the co-operative end (ZC-1) and corrections."""

from __future__ import annotations

import pytest
from zc_support import (
    act,
    board,
    board_steps,
    ready,
    refused,
    rules,
    spec,
    stack_spawn,
    stage,
    take,
    texts,
    top,
    turn_of,
    types,
    words,
)

from tableapp.engine import HOST, Ctx, Flow, Rng
from tableapp.games.zombicide import GAME
from tableapp.games.zombicide.ending import gain_adrenaline
from tableapp.games.zombicide.zombies import split


def zombie_phase(state):
    state = dict(state)
    state["phase"] = "players"
    stack_spawn(state, "z01", "z02", "z03")
    return stage(state, {"kind": "zombie_phase"})


# --- ZC-3: adrenaline and skills -----------------------------------------------------------


def test_ZC_3_an_objective_gives_5_and_a_one_skill_level_is_granted_at_once():
    state = ready(red=2)
    state["survivors"]["ruth"]["adrenaline"] = 4
    state, _ = turn_of(state, "ruth")
    state, events = take(state, 1, "red")
    assert texts(events) == [
        "Ruth takes a red objective (1 of 2 taken).",
        "Ruth gains 5 adrenaline (an objective): 9 in all.",
        "Ruth reaches the Yellow danger level.",
        "Ruth gains +1 Action (Yellow).",
    ]
    assert set(rules(events)) == {"ZC-1", "ZC-3"}
    assert state["survivors"]["ruth"]["skills"]["yellow"] == ["plus_action"]
    assert top(state)["kind"] == "survivor_turn"


def test_ZC_3_a_level_with_a_choice_is_asked_on_the_owners_phone():
    state = ready(red=3)
    state["survivors"]["ruth"]["adrenaline"] = 15
    state["survivors"]["ruth"]["skills"]["yellow"] = ["plus_action"]
    state, _ = turn_of(state, "ruth")
    state, _ = take(state, 1, "red")
    assert top(state) == {"kind": "skill", "seat": 1, "survivor": "ruth", "level": "orange"}
    assert GAME.prompt(state)["waiting_for"] == [1]
    offered = spec(state, 1, "choose_skill")["params"]["skill"]
    assert offered["choices"] == ["plus_die_ranged", "lucky"]
    assert words(offered["labels"]) == [
        "+1 die: Ranged — Each ranged weapon rolls one more die.",
        "Lucky — Once per attack, may reroll all its dice.",
    ]
    assert refused(state, 2, "choose_skill", skill="lucky").code == "not_your_turn"
    state, events = act(state, 1, "choose_skill", skill="lucky")
    assert texts(events) == ["Ana chooses Lucky for Ruth (Orange)."]
    assert top(state)["kind"] == "survivor_turn"


def test_ZC_3_thresholds_7_19_43_and_two_levels_at_once():
    state = ready()
    state["steps"] = []
    ctx = Ctx(Rng(b"t" * 32, 1))
    gain_adrenaline(state, "tom", 20, ctx, {"msg": "zc.why.kills", "args": {}})
    assert state["survivors"]["tom"]["skills"]["yellow"] == ["plus_action"]
    assert [s["level"] for s in state["steps"] if s["kind"] == "skill"] == ["orange"]
    gain_adrenaline(state, "tom", 23, ctx, {"msg": "zc.why.kills", "args": {}})  # 43
    assert [s["level"] for s in state["steps"] if s["kind"] == "skill"] == ["orange", "red"]
    assert [row["threshold"] for row in state["content"]["levels"]] == [0, 7, 19, 43]


def test_ZC_3_abominations_give_5_walkers_runners_brutes_1():
    types_ = ready()["content"]["types"]
    assert {t: types_[t]["adrenaline"] for t in types_} == {
        "walker": 1,
        "runner": 1,
        "brute": 1,
        "abomination": 5,
    }


# --- ZC-11, ZC-12: the Zombies' phase ------------------------------------------------------


def test_ZC_11_each_player_enters_their_own_survivors_wounds_at_the_same_time():
    """Issue 26: the wounds are asked of every player at once, each on their own phone for
    their own survivors, each row bounded by what the others left; the table screen may only
    say nobody is attacked."""
    state = ready()
    board(state, walker=3)
    state, events = zombie_phase(state)
    assert texts(events)[:2] == [
        "Round 1: the Zombies' phase.",
        "Activation — every Zombie: 3 Zombies.",
    ]
    assert top(state)["kind"] == "zombie_attacks"
    prompt = GAME.prompt(state)
    assert prompt["waiting_for"] == [HOST, 1, 2] and prompt["rule"] == "ZC-11"
    assert types(state, HOST) == ["no_attack"]  # the table screen has no survivor
    ana = spec(state, 1, "wounds")["params"]["wounds"]
    assert list(ana["counts"]) == ["ruth", "karim", "lily"]  # Ana's survivors only
    assert ana["counts"]["ruth"] == {"min": 0, "max": 3, "label": ana["counts"]["ruth"]["label"],
                                     "value": 0}  # fmt: skip
    assert ana["counts"]["lily"]["max"] == 2 and ana["most"] == 3
    assert texts([ana["reason"]]) == [
        "3 Zombie attacks left, 1 wound each: at most 3 wounds in all"
    ]
    assert list(spec(state, 2, "wounds")["params"]["wounds"]["counts"]) == ["nadia", "owen", "tom"]
    state, events = act(state, 1, "wounds", wounds={"ruth": 1, "karim": 1, "lily": 0})
    assert texts(events)[0] == "The Zombies deal 2 wounds (entered by Ana)."
    assert "Ruth takes 1 wound (Zombie attacks): 2 HP left." in texts(events)
    assert GAME.prompt(state)["waiting_for"] == [HOST, 2]  # Ben's answer is still awaited
    ben = spec(state, 2, "wounds")["params"]["wounds"]
    assert ben["most"] == 1 and {k: b["max"] for k, b in ben["counts"].items()} == {
        "nadia": 1, "owen": 1, "tom": 1,
    }  # fmt: skip
    assert "no_attack" in types(state, 2)
    assert texts([spec(state, 2, "no_attack")["label"]]) == [
        "No more wounds: the other survivors take none"
    ]
    state, events = act(state, 2, "wounds", wounds={"nadia": 0, "owen": 0, "tom": 0})
    assert texts(events)[0] == "Ben's survivors take no wound."
    assert top(state)["kind"] != "zombie_attacks"  # nobody is asked about the moves
    assert any("Move every Zombie" in step for step in board_steps(state))


def test_ZC_11_never_more_wounds_in_all_than_attacking_zombies():
    state = ready()
    board(state, walker=1)
    state, _ = zombie_phase(state)
    assert top(state)["count"] == 1
    error = refused(state, 1, "wounds", wounds={"ruth": 1, "karim": 1, "lily": 0})
    assert (error.code, error.rule) == ("too_many_wounds", "ZC-11")
    assert texts([error.message]) == [
        "1 Zombie attacks, 1 wound each: at most 1 wound in all, not 2."
    ]
    assert words(error.message, "fr").startswith("1 Zombie attaque, 1 blessure chacun")
    state, events = act(state, 1, "wounds", wounds={"ruth": 1, "karim": 0, "lily": 0})
    assert state["survivors"]["ruth"]["wounds"] == 1 and "ZC-11" in rules(events)
    # The one wound is dealt: Ben has nothing left to answer and is not asked.
    assert top(state)["kind"] != "zombie_attacks"


def test_ZC_11_the_table_screen_says_no_zombie_attacks_for_everyone():
    state = ready()
    board(state, walker=2)
    state, _ = zombie_phase(state)
    state, events = act(state, HOST, "no_attack")
    assert texts(events)[0] == "No Zombie attacks a survivor (says the host)."
    assert top(state)["kind"] != "zombie_attacks"


def test_ZC_11_ZC_1_a_survivor_killed_by_zombies_loses_the_game():
    state = ready()
    board(state, walker=2)
    state["survivors"]["tom"]["wounds"] = 1
    state, _ = zombie_phase(state)
    state, events = act(state, 2, "wounds", wounds={"nadia": 0, "owen": 0, "tom": 1})
    assert state["phase"] == "finished"
    result = GAME.result(state)
    assert result["winners"] == [] and result["won"] is False
    assert texts([result["reason"]]) == ["Tom has fallen"]
    assert texts(events)[-1] == "The mission is lost: Tom has fallen."
    assert GAME.legal_actions(state, 1) == []


def test_ZC_12_the_moves_are_a_step_on_the_board_nobody_is_asked_about():
    """A question with one answer ("the Zombies have moved") is no question: the rule is a
    step on the board, ticked when done, and play goes on meanwhile."""
    state = ready()
    board(state, walker=2)
    state, _ = zombie_phase(state)
    state, events = act(state, HOST, "no_attack")
    assert board_steps(state)[0] == (
        "Move every Zombie: each towards the zone in sight with the most noise (a survivor "
        "counts 1), else the loudest zone; shortest path; equal paths split the group evenly "
        "(ZC-12)."
    )
    assert "moved" not in types(state, HOST)
    assert state["spawning"]["done"] and state["round"] == 2  # spawned, on to round 2


def test_ZC_12_runners_take_a_second_action_after_everyone():
    state = ready()
    board(state, walker=2, runner=1)
    state, _ = zombie_phase(state)
    state, _ = act(state, HOST, "no_attack")
    assert top(state)["kind"] == "zombie_attacks"
    assert top(state)["scope"] == {"types": ["runner"]} and top(state)["pass"] == 2
    assert texts([GAME.prompt(state)])[0].startswith(
        "Attacks first — Runner: their second action (1)"
    )
    state, events = act(state, HOST, "no_attack")
    assert "Spawn phase — active zones, clockwise from zone 1: 1 and 2." in texts(events)
    moves = [s for s in board_steps(state) if s.startswith("Move ")]
    assert len(moves) == 2 and moves[1].startswith("Move Runner: their second action")


def test_ZC_12_without_runners_there_is_no_second_pass_and_without_zombies_no_question():
    state = ready()
    board(state, walker=2)
    state, _ = zombie_phase(state)
    state, events = act(state, HOST, "no_attack")
    assert not any(s["kind"] == "zombie_attacks" for s in state["steps"])
    assert state["spawning"]["done"] and state["round"] == 2  # spawned, on to round 2
    empty = ready()
    empty, events = zombie_phase(empty)
    assert "Activation — every Zombie: none on the board, nothing to do." in texts(events)
    assert not any(s["kind"] == "zombie_attacks" for s in empty["steps"])
    assert empty["spawning"]["done"]


def test_ZC_12_equal_paths_split_type_by_type_and_the_players_place_the_odd_ones():
    assert split({"walker": 5, "runner": 1, "brute": 0}, 2) == (
        {"walker": 2, "runner": 0},
        {"walker": 1, "runner": 1},
    )
    state = ready()
    board(state, walker=5, brute=2)
    state, _ = zombie_phase(state)
    state, _ = act(state, HOST, "no_attack")
    group = {"walker": 5, "brute": 2}
    state, events = act(state, 1, "split", group=group, routes=2)
    assert texts(events) == [
        "Split between 2 equal paths: each gets Walker ×2 and Brute ×1; "
        "the players place Walker ×1."
    ]
    assert any(s.startswith("Move every Zombie") for s in board_steps(state))  # still to move
    move = next(s["id"] for s in state["board_steps"] if s["message"]["msg"] == "zc.board.move")
    state, _ = act(state, HOST, "board_done", step=move)
    assert "split" not in types(state, 1)  # moved: no group left to split


def test_ZC_12_the_split_helper_counts_at_most_what_the_activation_holds():
    state = ready()
    board(state, walker=3, runner=1)
    state, _ = zombie_phase(state)
    state, _ = act(state, HOST, "no_attack")
    counted = spec(state, HOST, "split")["params"]["group"]["counts"]
    assert {k: (c["min"], c["max"]) for k, c in counted.items()} == {
        "walker": (0, 3),
        "runner": (0, 1),
    }
    assert refused(state, HOST, "split", group={"walker": 4, "runner": 0}, routes=2).code == (
        "illegal_params"
    )
    assert top(state)["pass"] == 2  # the Runners' second pass: only the Runner
    state, _ = act(state, HOST, "no_attack")
    assert "split" not in types(state, HOST)  # a single Runner: nothing to split
    rush = ready()
    board(rush, walker=10)
    stack_spawn(rush, "z33")  # Rush: 2 Walkers at blue
    rush["phase"] = "zombies"
    rush, _ = stage(rush, {"kind": "spawn_phase"}, {"kind": "end_round"})
    rush, _ = act(rush, HOST, "no_attack")
    counted = spec(rush, HOST, "split")["params"]["group"]["counts"]
    assert {k: c["max"] for k, c in counted.items()} == {"walker": 2}  # the Rush's 2, not 10


# --- ZC-17: end of round ---------------------------------------------------------------------


def test_ZC_17_noise_comes_off_and_the_first_player_token_passes_clockwise():
    state = ready((1, 2, 3))
    first = state["first_player"]
    state["phase"] = "zombies"
    state, events = stage(state, {"kind": "end_round"})
    after = state["first_player"]
    assert after == {1: 2, 2: 3, 3: 1}[first]
    assert rules(events)[0] == "ZC-17"
    assert texts(events, {1: "Ana", 2: "Ben", 3: "Chloé"})[0].endswith(
        f"take the noise tokens off the board; {['Ana', 'Ben', 'Chloé'][after - 1]} takes the "
        "first-player token."
    )
    assert state["round"] == 2 and state["phase"] == "players"
    assert top(state)["seat"] == after  # the new first player picks a survivor first


def test_a_whole_round_goes_through_every_seat_then_the_zombies():
    state = ready()
    seen = []
    for _ in range(20):
        t = top(state)
        if state["round"] > 1:
            break
        if t["kind"] == "pick_survivor":
            seat = t["seat"]
            pick = spec(state, seat, "play_survivor")["params"]["survivor"]["choices"][0]
            state, _ = act(state, seat, "play_survivor", survivor=pick)
        elif t["kind"] == "survivor_turn":
            seen.append(t["survivor"])
            state, _ = act(state, t["seat"], "end_turn")
        else:
            break
    assert sorted(seen) == sorted(state["team"])
    assert state["spawning"]["round"] == 1 and state["board_steps"]  # the Zombies' spawn
    assert state["round"] == 2 or top(state)["kind"] == "zombie_attacks"  # or a Rush


# --- ZC-1: the co-operative end -----------------------------------------------------------------


def test_ZC_1_the_last_objective_wins_for_every_player():
    state = ready(red=1, goals=1)
    state, _ = turn_of(state, "ruth")
    state, _ = take(state, 1, "red")
    assert state["phase"] == "players"  # a goal is still to be ticked off
    state, events = act(state, 1, "end_turn", goal="done")
    assert state["phase"] == "finished"
    result = GAME.result(state)
    assert result["winners"] == [1, 2] and result["won"] is True
    assert texts(events)[-1] == "The mission is won: every objective is done."
    assert events[-1]["rule"] == "ZC-1"
    by_seat = {row["seat"]: row for row in result["standings"]}
    assert by_seat[1]["score"] == 5 and by_seat[1]["breakdown"] == {
        "ruth": 5,
        "karim": 0,
        "lily": 0,
    }
    assert all(sum(r["breakdown"].values()) == r["score"] for r in result["standings"])


def test_ZC_1_a_goal_is_ticked_off_with_the_tap_that_ends_the_turn():
    """Issue 17: no separate "goal done" button: ending the turn says whether a goal is done
    (an exit reached); a plain end ticks nothing; without goals left, the end is a button."""
    state = ready(red=2, goals=2)
    state, _ = turn_of(state, "ruth")
    types = [s["type"] for s in GAME.legal_actions(state, 1)]
    assert "goal_done" not in types
    end = spec(state, 1, "end_turn")
    assert end["params"]["goal"]["choices"] == ["no", "done"]
    assert end["params"]["goal"]["labels"][1]["args"]["count"] == 2
    after, _ = act(state, 1, "end_turn", goal="no")
    assert after["mission"]["goals"]["done"] == 0
    state, events = act(state, 1, "end_turn", goal="done")
    assert state["mission"]["goals"]["done"] == 1 and state["phase"] != "finished"
    assert "Ruth's turn is over." in texts(events)
    assert [e for e in events if e.get("rule") == "ZC-1"]
    state, _ = turn_of(state, "karim")
    state, _ = act(state, 1, "end_turn", goal="done")
    assert state["mission"]["goals"]["done"] == 2
    assert state["phase"] != "finished"  # the red tokens are still to take
    state, _ = turn_of(state, "lily")
    assert spec(state, 1, "end_turn")["params"] == {}  # no goal left: one button


# --- corrections ------------------------------------------------------------------------------


def correct(state, group, why="miscount", **counts):
    current = {
        k: c["value"] for k, c in GAME.definition.corrections(state)[group]["counts"].items()
    }
    current.update(counts)
    return act(state, 1, "correct", group=group, counts=current, why=why)


def test_corrections_wounds_adrenaline_zombies_and_objectives():
    state = ready(red=2)
    state, _ = turn_of(state, "ruth")
    state, events = correct(state, "wounds", ruth=2)
    assert state["survivors"]["ruth"]["wounds"] == 2 and events[0]["correction"]["after"] == 2
    state, _ = correct(state, "zombies", walker=4, abomination_hulk=1)
    assert state["board"]["walker"] == 4 and state["abominations"] == ["hulk"]
    error = refused(
        state,
        1,
        "correct",
        group="zombies",
        why="other",
        counts={
            **{
                k: c["value"]
                for k, c in GAME.definition.corrections(state)["zombies"]["counts"].items()
            },
            "abomination_stalker": 1,
        },
    )
    assert (error.code, error.rule) == ("one_abomination", "ZC-6")
    state, _ = correct(state, "adrenaline", ruth=20)
    assert state["survivors"]["ruth"]["skills"]["yellow"] == ["plus_action"]
    assert top(state)["kind"] == "skill"  # orange: Ruth's player chooses
    state, _ = correct(state, "adrenaline", ruth=3)
    assert set(state["survivors"]["ruth"]["skills"]) == {"blue"}
    assert top(state)["kind"] == "survivor_turn"
    state, events = correct(state, "mission", red=2)
    assert state["phase"] == "finished" and GAME.result(state)["won"] is True


def test_correcting_wounds_to_a_survivors_health_loses_the_game():
    state = ready()
    state, _ = turn_of(state, "lily")
    state, _ = correct(state, "wounds", lily=2)
    assert state["phase"] == "finished" and GAME.result(state)["winners"] == []


@pytest.mark.parametrize("seats", [(1,), (1, 2), (1, 2, 3)])
def test_no_correction_groups_before_the_team_exists(seats):
    from zc_support import begin

    state = begin(seats)
    assert GAME.definition.corrections(state) == {}
    assert "correct" not in [s["type"] for s in GAME.legal_actions(state, HOST)]
    assert types(state, HOST) == ["deal_evenly"]
    assert Flow.top(state)["kind"] == "survivors"
