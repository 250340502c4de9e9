"""One privacy test for every registered game: random games from the legal actions, and after
every step no view, action list or prompt holds what its viewer may not know, no public event
names a hidden card, and no private part reaches the wrong seat.

What is hidden comes from each game's own declaration (``secret`` and ``private`` paths, see
``tableapp.engine.privacy``), so a new game is covered the day it is registered.
"""

from __future__ import annotations

import pytest

from tableapp import catalog
from tableapp.engine import HOST, Game
from tableapp.engine.playout import random_playout
from tableapp.engine.privacy import atoms, hidden_atoms, redact

GAMES = [g for g in catalog.games() if isinstance(g, Game)]


def _cases():
    for game in GAMES:
        low, high = game.players
        for variant in game.variants:
            for players in sorted({low, high, (low + high) // 2}):
                yield pytest.param(game, variant, players, id=f"{game.id}-{variant}-{players}")


class Checker:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.steps = 0

    def hidden(self, state: dict, viewer: int | None) -> set[str]:
        d = self.game.definition
        return hidden_atoms(state, viewer, d.private, d.secret, d.constant)

    def __call__(self, state: dict, seat, action, events: list[dict]) -> None:
        self.steps += 1
        game = self.game
        for viewer in (None, HOST, *state["seats"]):
            hidden = self.hidden(state, viewer if viewer != HOST else None)
            seen = set(atoms(game.view(state, viewer)))
            seen |= set(atoms(game.prompt(state)))
            if viewer is not None:
                seen |= set(atoms(game.legal_actions(state, viewer)))
            leaked = hidden & seen
            assert not leaked, f"{game.id}: viewer {viewer} sees {sorted(leaked)[:5]}"
        # Events: a card an event names may be back in a secret pile by the end of the action
        # (drawn, shown, discarded, reshuffled), so events are checked against what is
        # *private*: known to one seat and not to the reader.
        for event in events:
            public = {k: v for k, v in event.items() if k != "private"}
            leaked = self.private_from(state, None) & set(atoms(public))
            assert not leaked, f"{game.id}: a public event names {sorted(leaked)[:5]}: {event}"
            for owner, part in (event.get("private") or {}).items():
                assert int(owner) in state["seats"], f"a private part for {owner}"
                leaked = self.private_from(state, int(owner)) & set(atoms(part))
                assert not leaked, f"{game.id}: seat {owner}'s private part names {leaked}"

    def private_from(self, state: dict, reader: int | None) -> set[str]:
        """What some other seat knows and ``reader`` (``None``: everyone) does not."""
        hidden = self.hidden(state, reader)
        others = [s for s in state["seats"] if s != reader]
        return set().union(*(hidden - self.hidden(state, s) for s in others)) if others else set()


@pytest.mark.parametrize("game, variant, players", list(_cases()))
def test_no_view_ever_holds_what_its_viewer_may_not_see(game, variant, players):
    check = Checker(game)
    for number in range(2):
        seed = f"privacy/{game.id}/{variant}/{players}/{number}".encode().ljust(32, b".")
        state, steps = random_playout(
            game,
            content=catalog.content(game.id),
            seats=list(range(1, players + 1)),
            seed=seed,
            variant=variant,
            on_step=check,
            max_steps=50_000,
        )
        assert game.result(state) is not None and steps > 0
    assert check.steps > 2


def test_every_registered_game_is_an_engine_definition():
    # a game plugs into the engine as a definition: the privacy test above covers it the day
    # it is registered, so no game may stay outside it
    assert GAMES and len(GAMES) == len(catalog.games())


def test_every_registered_game_declares_what_it_hides():
    for game in GAMES:
        d = game.definition
        assert d.secret or d.private, f"{game.id} declares nothing hidden"


def test_redact_hides_paths_and_keeps_counts():
    state = {
        "seats": [1, 2],
        "piles": {"draw": ["a", "b", "c"], "discard": ["d"]},
        "hands": {"1": ["e", "f"], "2": ["g"]},
        "offer": {"1": {"card": "h"}, "2": {"card": "i"}},
    }
    private = (("hands", "{seat}"), ("offer", "{seat}", "card"))
    secret = (("piles", "draw"),)
    seen_by_1 = redact(state, 1, private, secret)
    assert seen_by_1 == {
        "seats": [1, 2],
        "piles": {"draw": [None, None, None], "discard": ["d"]},
        "hands": {"1": ["e", "f"], "2": [None]},
        "offer": {"1": {"card": "h"}, "2": {"card": None}},
    }
    assert state["hands"]["2"] == ["g"], "redact never changes its input"
    assert redact(state, None, private, secret)["hands"] == {"1": [None, None], "2": [None]}
    assert hidden_atoms(state, 1, private, secret) == {"a", "b", "c", "g", "i"}
    wildcard = redact(
        {"seats": [1], "rooms": [{"key": "x"}, {"key": "y"}]}, 1, (), (("rooms", "*", "key"),)
    )
    assert wildcard["rooms"] == [{"key": None}, {"key": None}]
