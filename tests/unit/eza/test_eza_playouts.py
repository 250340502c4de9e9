"""Seeded random playouts of Eat Zem All from ``legal_actions`` alone, both sides × 2/3/4 Hordes,
to the end, with the invariants after every step and no secret in any view or public event."""

from __future__ import annotations

import json

import pytest
from eza_support import GAME, PACK

from tableapp.engine.playout import random_playout
from tests.texts import english

CASES = [(side, n) for side in ("house", "cemetery") for n in (2, 3, 4)]


def _secret_ids(state: dict, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` must not see: draw piles, reserves, others' private choices."""
    zc, hc, mc = state["zombie_cards"], state["human_cards"], state["mutation_cards"]
    secret = set(zc["draw"]) | set(hc["deck"]) | set(hc["drawn"]) | set(hc["reserve"])
    secret |= set(mc["draw"]) | set(mc["discard"]) | set(mc["draft"])
    for seat in state["seats"]:
        secret |= set(zc[f"reserve:{seat}"])
        if seat != viewer:
            secret |= set(zc[f"choice:{seat}"]) | set(mc[f"offer:{seat}"])
    return secret


def _strings(value) -> set[str]:
    """Every whole JSON string (keys and values) inside a view or an event, and the pieces
    between them: a card id is in this set exactly when it appears as a string."""
    return set(json.dumps(value, ensure_ascii=False).split('"'))


def _cards_have_id_and_name(value) -> None:
    if isinstance(value, dict):
        if "deck" in value:
            assert value.get("id") and value.get("name"), value
        for v in value.values():
            _cards_have_id_and_name(v)
    elif isinstance(value, list):
        for v in value:
            _cards_have_id_and_name(v)


class LeakCheck:
    """``on_step``: every view and every event's public part, after every step."""

    def __init__(self, every: int = 1) -> None:
        self.previous: dict | None = None
        self.steps = 0
        self.every = every

    def __call__(self, state: dict, seat: int, action: dict, events: list[dict]) -> None:
        self.steps += 1
        for viewer in [None, *state["seats"]] if self.steps % self.every == 0 else []:
            view = GAME.view(state, viewer)
            leaked = _secret_ids(state, viewer) & _strings(view)
            assert not leaked, f"view of {viewer} shows {leaked}"
            assert ("private" in view) == (viewer is not None)
            if self.steps % 25 == 1:
                _cards_have_id_and_name(view)
        kept = {e["card"] for e in events if e.get("msg") == "eza.mutation.kept"}
        hidden_names = self._unkept_mutation_names(state, kept)
        # A Mutation played or discarded from in front of a Horde was face up: its id may be
        # named as it goes to the (hidden) discard pile.
        was_face_up = set()
        if self.previous is not None:
            for seat in state["seats"]:
                was_face_up |= set(self.previous["mutation_cards"][f"held:{seat}"])
        # One kept face up and discarded in the same answer (EZA-T9): it was shown face up.
        was_face_up |= kept
        # A Human card named as it is revealed may be shuffled back into the deck by the end of
        # the same action (EZA-H2): events are checked against what is never revealed.
        hc = state["human_cards"]
        revealed = set(hc["deck"]) | set(hc["drawn"]) | set(hc["reserve"])
        for event in events:
            public = _strings({k: v for k, v in event.items() if k != "private"})
            assert not (_secret_ids(state, None) - was_face_up - revealed) & public, event
            words = english(event)
            assert not [n for n in hidden_names if n in words], words
            assert set(event.get("private", {})) <= {str(s) for s in state["seats"]}
        self.previous = state

    def _unkept_mutation_names(self, state: dict, kept: set[str]) -> set[str]:
        """Mutations offered at the last step and not kept: only the chooser knew them (one
        kept, face up, and discarded in the same answer was shown: ``kept``)."""
        if self.previous is None:
            return set()
        mc_before, mc = self.previous["mutation_cards"], state["mutation_cards"]
        offered = set(mc_before["draft"])
        for seat in state["seats"]:
            offered |= set(mc_before[f"offer:{seat}"])
        held = set().union(*(mc[f"held:{s}"] for s in state["seats"])) | kept
        names = state["content"]["mutations"]
        return {names[c]["name"] for c in offered - held}


@pytest.mark.parametrize("side, hordes", CASES)
def test_random_playout_to_the_end_with_invariants_and_no_leak(side, hordes):
    seats = list(range(1, hordes + 1))
    check = LeakCheck()
    state, steps = random_playout(
        GAME,
        content=PACK,
        seats=seats,
        seed=f"eza-{side}-{hordes}".encode().ljust(32, b"."),
        variant=side,
        on_step=check,
    )
    assert state["phase"] == "finished" and steps + 1 == check.steps  # the setup is checked too
    assert not [h for h in state["humans"].values() if h["status"] == "alive"]
    result = GAME.result(state)
    assert sorted(r["seat"] for r in result["standings"]) == seats
    for row in result["standings"]:
        assert row["score"] == sum(row["breakdown"].values())
        assert set(row["breakdown"]) == {"bite_tokens", "feast_vp", "fatal_blow_vp"}
    assert set(result["winners"]) <= set(seats) and english(result["tie_break"])
    held = sum(r["breakdown"]["bite_tokens"] for r in result["standings"])
    on_tiles = sum(h["tokens"] for h in state["humans"].values())
    in_box = sum(h["box"] for h in state["humans"].values())
    assert held + on_tiles + in_box == 104
    revealed = GAME.reveal(state)
    assert len(revealed["human_cards"]["deck"]) == len(state["human_cards"]["deck"])


@pytest.mark.parametrize(
    "options",
    [
        {"difficulty": "easy"},
        {"difficulty": "expert", "longer_games": True},
        {"mutation_draft": True, "difficulty": "hard"},
        {"crawling_attack_kills_standing": True},
    ],
)
@pytest.mark.parametrize("side", ["house", "cemetery"])
def test_random_playout_with_options(side, options):
    state, _ = random_playout(
        GAME,
        content=PACK,
        seats=[1, 2, 3],
        variant=side,
        seed=json.dumps(options).encode().ljust(32, b"."),
        options=options,
        on_step=LeakCheck(every=7),
    )
    assert GAME.result(state) is not None
