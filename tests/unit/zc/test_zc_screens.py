"""What the screens make of Zombicide (issue 13): moments nobody misses (a level-up, a death,
the end), steps to do on the board, no "are you sure?" (the undo covers it, issue 17), and
buttons that say what they do."""

from __future__ import annotations

import hashlib

from test_zc_content_and_playouts import LEANINGS
from zc_support import PACK, act, board, give, ready, spec, stage, texts, turn_of, words

from tableapp.engine import Rng
from tableapp.engine.playout import actors, playable, random_params
from tableapp.games.zombicide import GAME
from tableapp.games.zombicide.ending import finish, gain_adrenaline, wound

#: Engine actions (not the game's forms).
ENGINE = ("correct", "board_done")


def moments(events):
    return [(e["moment"]["kind"], e["moment"]["seats"]) for e in events if e.get("moment")]


def events_of(fn, state):
    from tableapp.engine import Ctx

    ctx = Ctx(Rng(b"zombicide moments, seed 000000001", 0))
    fn(state, ctx)
    return ctx.events


# --- moments ---------------------------------------------------------------------------------


def test_ZC_3_reaching_a_danger_level_is_a_level_up_moment_for_the_owner():
    state = ready()
    state["survivors"]["nadia"]["adrenaline"] = 6
    events = events_of(
        lambda s, ctx: gain_adrenaline(s, "nadia", 1, ctx, {"msg": "zc.why.kills", "args": {}}),
        state,
    )
    assert moments(events) == [("level_up", [2])]  # Nadia is Ben's
    more = events_of(
        lambda s, ctx: gain_adrenaline(s, "nadia", 1, ctx, {"msg": "zc.why.kills", "args": {}}),
        state,
    )
    assert moments(more) == []  # 8: still Yellow


def test_ZC_1_a_survivor_falling_is_a_death_moment_then_the_game_end():
    state = ready()
    state["survivors"]["lily"]["wounds"] = 1
    events = events_of(
        lambda s, ctx: wound(s, "lily", 1, ctx, "ZC-11", {"msg": "zc.why.zombies", "args": {}}),
        state,
    )
    assert moments(events) == [("death", [1]), ("game_end", [])]
    assert texts([e for e in events if e.get("moment")]) == [
        "Lily takes 1 wound (Zombie attacks): 0 HP left.",
        "The mission is lost: Lily has fallen.",
    ]
    hurt = ready()
    assert (
        moments(
            events_of(
                lambda s, ctx: wound(
                    s, "ruth", 1, ctx, "ZC-11", {"msg": "zc.why.zombies", "args": {}}
                ),
                hurt,
            )
        )
        == []
    )  # a wound that leaves health is no moment


def test_ZC_1_a_mission_won_is_a_game_end_moment():
    state = ready()
    events = events_of(
        lambda s, ctx: finish(s, True, {"msg": "zc.end.won", "args": {}}, ctx), state
    )
    assert moments(events) == [("game_end", [])]


# --- no "are you sure?" (issue 17: undo instead) ------------------------------------------


def test_issue17_ending_a_turn_discarding_leaving_and_searching_ask_nothing_first():
    """The undo covers them (tests/api: the actor's own undo, a search's is a request)."""
    state = ready()
    give(state, "nadia", "machete", None, "water", "rice", "canned_food")  # a full backpack
    state, _ = turn_of(state, "nadia")
    for kind in ("end_turn", "discard", "search"):
        assert "confirm" not in spec(state, 2, kind), kind
    state, _ = act(state, 2, "search")
    for kind in ("leave", "keep"):
        assert "confirm" not in spec(state, 2, kind), kind


def test_issue17_no_action_of_the_game_asks_first():
    """Seeded playouts: no spec any seat is offered carries a question."""
    for n in range(3):
        seed = hashlib.sha256(f"confirms {n}".encode()).digest()
        state, _ = GAME.begin(
            content=PACK, variant=None, options={}, seats=[1, 2], rng=Rng(seed, 0)
        )
        chooser = Rng(seed, 1)
        for step in range(1, 1500):
            if GAME.result(state) is not None:
                break
            offers = {s: playable(GAME, state, s) for s in actors(GAME, state)}
            for specs in offers.values():
                assert not [s["type"] for s in specs if s.get("confirm")]
            seat = chooser.choice(sorted(offers))
            picked = chooser.choice(offers[seat])
            action = {"type": picked["type"], "params": random_params(picked, chooser)}
            state, _ = GAME.apply(state, seat, action, Rng(seed, step + 1))


# --- submit labels ---------------------------------------------------------------------------


def is_form(spec_: dict) -> bool:
    params = spec_["params"].values()
    return len(spec_["params"]) > 1 or any("counts" in p or p.get("multiple") for p in params)


def test_every_form_says_what_its_button_does():
    """Seeded playouts reach every form of the game: each carries a ``submit`` label that
    renders in both languages (placeholders left for the phone)."""
    seen: dict[str, dict] = {}
    for n in range(6):
        seed = hashlib.sha256(f"forms {n}".encode()).digest()
        state, _ = GAME.begin(
            content=PACK, variant=None, options={"app_dice": n % 2 == 1}, seats=[1, 2],
            rng=Rng(seed, 0),
        )  # fmt: skip
        chooser = Rng(seed, 1)
        for step in range(1, 3000):
            if GAME.result(state) is not None:
                break
            for seat in actors(GAME, state):
                for s in playable(GAME, state, seat):
                    if is_form(s) and s["type"] not in ENGINE:
                        seen.setdefault(s["type"], s)
            seat = chooser.choice(actors(GAME, state))
            specs = playable(GAME, state, seat)
            weights = [LEANINGS.get(s["type"], 1) for s in specs]
            pick = chooser.below(10_000) / 10_000 * sum(weights)
            index = 0
            while pick > weights[index] and index < len(specs) - 1:
                pick -= weights[index]
                index += 1
            s = specs[index]
            action = {"type": s["type"], "params": random_params(s, chooser)}
            state, _ = GAME.apply(state, seat, action, Rng(seed, step))
    staged = ready()
    board(staged, walker=3)
    staged["phase"] = "players"
    staged, _ = stage(staged, {"kind": "zombie_phase"})  # the Zombies attack: the wounds form
    seen.setdefault("wounds", spec(staged, 1, "wounds"))
    moving, _ = act(staged, 1, "no_attack")  # then the moves: the split form
    seen.setdefault("split", spec(moving, 1, "split"))
    from test_zc_combat import NADIA, shoot, shooter

    missed, _ = shoot(shooter("shotgun", walker=1), allies=["ruth", "karim"], walker=1, hits=0)
    seen.setdefault("friendly_fire", spec(missed, NADIA, "friendly_fire"))  # who takes each miss
    for kind in ("mission", "add_building", "attack", "wounds", "split", "trade"):
        assert kind in seen, f"no {kind} form reached"
    assert "friendly_fire" in seen, sorted(seen)
    for kind, s in seen.items():
        assert "submit" in s, f"{kind} has no submit label"
        assert words(s["submit"]) and words(s["submit"], "fr"), kind
    assert words(seen["attack"]["submit"]) == "Resolve the attack"
    assert words(seen["trade"]["submit"]) == "Give {chosen}"
    assert words(seen["wounds"]["submit"]) == "Confirm the wounds: {n}"


def test_ZC_11_the_wounds_form_caps_the_total_at_the_attacking_zombies():
    from tableapp.games.zombicide.zombies import _attack_specs

    state = ready()
    board(state, walker=2)
    step = {"count": 2}
    (_, wounds) = _attack_specs(state, step, 1)
    assert wounds["params"]["wounds"]["most"] == 2
