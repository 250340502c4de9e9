"""Whole games of Student Bodies: seeded random playouts from ``legal_actions`` alone for every
player count and difficulty, invariants after every step; playouts where every phone may act
(Reactions and Fast Actions off-turn included) with the privacy and language checks; replays;
the engine additions the game uses."""

from __future__ import annotations

import hashlib
import json
import statistics

import pytest
from sb_support import GAME, PACK, deal

from tableapp.engine import HOST, Rng, RuleError, decks
from tableapp.engine.game import Options, validate_options
from tableapp.engine.playout import NOT_PLAYED, random_params, random_playout
from tableapp.engine.privacy import atoms, hidden_atoms
from tableapp.texts.i18n import Renderer


@pytest.mark.parametrize("difficulty", ["easy", "intermediate", "hard", "custom"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_end_and_keep_invariants(players, difficulty):
    options = {"difficulty": difficulty, "table_die": players % 2 == 0}
    if difficulty == "custom":
        options.update(custom_level1=2, custom_level2=2, custom_level3=7)
    for number in range(2):
        seed = f"playout/{players}/{difficulty}/{number}".encode().ljust(32, b".")
        state, steps = random_playout(
            GAME,
            content=PACK,
            seats=list(range(1, players + 1)),
            seed=seed,
            options=options,
            max_steps=20_000,
        )
        result = GAME.result(state)
        assert result is not None and steps > 0
        assert result["end"] in ("escaped", "smart", "nobody")
        for row in result["standings"]:
            assert sum(row["breakdown"].values()) == row["score"]


class Watcher:
    """After every step: no viewer sees what it may not, no event leaks a private card, and
    every view, prompt, action list and event renders in English and French."""

    def __init__(self) -> None:
        d = GAME.definition
        self.paths = (d.private, d.secret, d.constant)
        self.renderers = [
            Renderer(lang, {s: f"P{s}" for s in range(1, 6)}, strict=True) for lang in ("en", "fr")
        ]
        self.turns: list[int] = []
        self.count = 0

    def hidden(self, state, viewer):
        private, secret, constant = self.paths
        return hidden_atoms(state, viewer, private, secret, constant)

    def __call__(self, state, events) -> None:
        self.count += 1
        for viewer in (None, *state["seats"]):
            seen = set(atoms(GAME.view(state, viewer))) | set(atoms(GAME.prompt(state)))
            if viewer is not None:
                seen |= set(atoms(GAME.legal_actions(state, viewer)))
            leaked = self.hidden(state, viewer) & seen
            assert not leaked, f"viewer {viewer} sees {sorted(leaked)[:4]}"
        others = {s: self.hidden(state, None) - self.hidden(state, s) for s in state["seats"]}
        private = set().union(*others.values())
        for event in events:
            public = {k: v for k, v in event.items() if k != "private"}
            assert not private & set(atoms(public)), f"a public event names a hand card: {event}"
            for owner, part in (event.get("private") or {}).items():
                foreign = private - others[int(owner)]
                assert not foreign & set(atoms(part)), "a private part names another hand"
        if self.count % 7 == 0:
            for r in self.renderers:
                r.events(events)
                r.localize(GAME.prompt(state))
                for viewer in (None, *state["seats"]):
                    r.localize(GAME.view(state, viewer))
                    r.localize(GAME.legal_actions(state, viewer))


def every_phone_playout(players: int, seed: bytes, options: dict, watch: Watcher):
    """A game where any phone with a legal action may be the next to act (off-turn Reactions
    and Fast Actions included), as at a real table."""
    state, events = GAME.begin(
        content=PACK,
        variant=None,
        options=options,
        seats=list(range(1, players + 1)),
        rng=Rng(seed, 0),
    )
    GAME.check_invariants(state)
    watch(state, events)
    chooser = Rng(hashlib.sha256(b"every-phone" + seed).digest(), 0)
    actions_per_turn: list[int] = []
    turn, count = state["turn_no"], 0
    for step in range(1, 30_000):
        if GAME.result(state) is not None:
            return state, actions_per_turn
        options_now = [
            (s, a)
            for s in state["seats"]
            for a in GAME.legal_actions(state, s)
            if a["type"] not in NOT_PLAYED
        ]
        assert options_now, GAME.prompt(state)
        seat, spec = chooser.choice(options_now)
        action = {"type": spec["type"], "params": random_params(spec, chooser)}
        state, events = GAME.apply(state, seat, action, Rng(seed, step))
        GAME.check_invariants(state)
        watch(state, events)
        count += 1
        if state["turn_no"] != turn:
            actions_per_turn.append(count)
            turn, count = state["turn_no"], 0
    raise AssertionError("no end")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_phone_playouts_leak_nothing_and_render_in_both_languages(players):
    watch = Watcher()
    per_turn: list[int] = []
    for number in range(3):
        seed = f"phones/{players}/{number}".encode().ljust(32, b".")
        options = {"difficulty": ("easy", "hard", "intermediate")[number], "table_die": number == 1}
        state, counts = every_phone_playout(players, seed, options, watch)
        per_turn += counts
        assert GAME.result(state) is not None
        for r in watch.renderers:
            r.localize(GAME.result(state))
    assert watch.count > 50 and statistics.median(per_turn) >= 2


def test_reactions_are_played_off_turn_in_every_phone_playouts():
    """The every-phone playouts do reach Reactions and Fast Actions from other seats."""
    played = {"react": 0, "fast": 0}
    for number in range(6):
        seed = f"reacts/{number}".encode().ljust(32, b".")
        state, events = GAME.begin(
            content=PACK, variant=None, options={}, seats=[1, 2, 3], rng=Rng(seed, 0)
        )
        chooser = Rng(hashlib.sha256(seed).digest(), 0)
        for step in range(1, 30_000):
            if GAME.result(state) is not None:
                break
            moves = [
                (s, a)
                for s in state["seats"]
                for a in GAME.legal_actions(state, s)
                if a["type"] not in NOT_PLAYED
            ]
            seat, spec = chooser.choice(moves)
            if spec["type"] in played and seat != state["turn"]:
                played[spec["type"]] += 1
            state, _ = GAME.apply(
                state,
                seat,
                {"type": spec["type"], "params": random_params(spec, chooser)},
                Rng(seed, step),
            )
    assert played["react"] > 0 and played["fast"] > 0


def test_json_round_trip_and_same_seed_same_game():
    seed = b"replay".ljust(32, b".")
    one, steps = random_playout(GAME, content=PACK, seats=[1, 2, 3], seed=seed)
    two, again = random_playout(GAME, content=PACK, seats=[1, 2, 3], seed=seed)
    assert steps == again and one == two
    assert json.loads(json.dumps(one)) == one


def test_view_per_seat_and_for_the_table_screen():
    state = deal(4)
    table = GAME.view(state, None)
    for seat in state["seats"]:
        mine = GAME.view(state, seat)
        assert mine["me"] == seat and len(mine["hand"]) == 5
        assert {c["id"] for c in mine["hand"]} == set(state["hands"][str(seat)])
        assert {k: v for k, v in mine.items() if k not in ("me", "hand")} == {
            k: v for k, v in table.items() if k not in ("me", "hand")
        }
    assert GAME.legal_actions(state, HOST) and all(
        a["type"] == "correct" for a in GAME.legal_actions(state, HOST)
    )


# --- the engine additions this game uses -------------------------------------------------------


def test_engine_recycle_turns_used_tokens_face_down_again():
    pool = decks.pool({"item": 2, "bite": 1})
    pool["left"], pool["used"] = {"item": 0, "bite": 1}, {"item": 2, "bite": 0}
    decks.recycle(pool)
    assert pool == {"left": {"item": 2, "bite": 1}, "used": {"item": 0, "bite": 0}}


def test_engine_options_may_carry_a_check_across_options():
    def check(options):
        if options["a"] + options["b"] != 3:
            return RuleError("sum", "SB-S4", {"msg": "sb.refuse.custom_mix", "args": {"count": 0}})
        return None

    declared = Options(
        {
            "a": {"type": "int", "min": 0, "max": 3, "default": 1},
            "b": {"type": "int", "min": 0, "max": 3, "default": 2},
        },
        check,
    )
    assert validate_options(declared, {}) == {"a": 1, "b": 2}
    with pytest.raises(RuleError) as caught:
        validate_options(declared, {"a": 3})
    assert (caught.value.code, caught.value.rule) == ("sum", "SB-S4")
    assert validate_options({"a": {"type": "bool", "default": True}}, {}) == {"a": True}
    assert isinstance(GAME.options, dict) and GAME.options.check is not None
