"""A digest of everything the games produce, to show a refactoring changed no behaviour.

Plays a fixed set of seeded games of every game in the catalogue (the tests' example game
``tests.fixtures.games`` included), each variant, at the fewest and the most seats: random
legal playouts (:func:`tableapp.engine.playout.random_playout`) and playouts where the table
often corrects a count (the ``correct`` action). After the setup and every step it digests the
state, every seat's view and the public one, the prompt, every seat's legal actions (the
host's too) and the events; at the end the result and the reveal. Beside the plays, each game's
pack format and what the pack checks say of its pack and of broken ones.

    python -m tools.snapshot > before.txt
    ... the refactoring ...
    python -m tools.snapshot > after.txt && cmp before.txt after.txt

One line per game, variant, seat count and seed (its digest and number of steps), and a last
line for all of them: the output is the same, byte for byte, while the behaviour is.
"""

from __future__ import annotations

import hashlib
import sys

from tableapp import catalog
from tableapp.content import pack_problems
from tableapp.content.json_schema import pack_json_schema
from tableapp.content.pack_faults import shape_problems
from tableapp.content.validation import pack_format
from tableapp.engine import HOST, Game, Rng, RuleError
from tableapp.engine.playout import playable, random_correction, random_params, random_playout
from tableapp.engine.replay import canonical

#: Seeds per game, variant and seat count (Eat Zem All's games are long: fewer).
SEEDS = 3
FEWER = {"eat-zem-all": 1}
#: Actions of a playout with corrections at most (some never end while corrected).
MAX_CORRECTED = 300


class Digest:
    """A running SHA-256 of what it is fed, in the chain's canonical JSON."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()

    def feed(self, label: str, value) -> None:
        self.hash.update(label.encode() + b"\0" + canonical(value) + b"\n")

    def hexdigest(self) -> str:
        return self.hash.hexdigest()


def observe(game: Game, digest: Digest, state: dict, seat, action, events) -> None:
    """What the state, views, prompt, actions and events are after one step."""
    digest.feed("step", {"seat": seat, "action": action, "events": events})
    digest.feed("state", state)
    digest.feed("view", game.view(state, None))
    for viewer in state["seats"]:
        digest.feed(f"view {viewer}", game.view(state, viewer))
    digest.feed("prompt", game.prompt(state))
    digest.feed("over", game.over(state))
    for who in (HOST, *state["seats"]):
        digest.feed(f"legal {who}", game.legal_actions(state, who))


def ending(game: Game, digest: Digest, state: dict) -> None:
    digest.feed("result", game.result(state))
    if game.result(state) is not None:
        digest.feed("reveal", game.reveal(state))


def played(game: Game, variant, seats: list[int], seed: bytes) -> tuple[str, int]:
    digest = Digest()
    state, steps = random_playout(
        game,
        content=catalog.content(game.id),
        seats=seats,
        seed=seed,
        variant=variant,
        on_step=lambda s, seat, act, ev: observe(game, digest, s, seat, act, ev),
        max_steps=50_000,
    )
    ending(game, digest, state)
    return digest.hexdigest(), steps


def corrected(game: Game, variant, seats: list[int], seed: bytes) -> tuple[str, int]:
    """A playout where about one action in three is a correction, drawn as a phone posts one."""
    digest = Digest()
    state, events = game.begin(
        content=catalog.content(game.id), variant=variant, options={}, seats=seats, rng=Rng(seed, 0)
    )
    observe(game, digest, state, None, None, events)
    chooser = Rng(hashlib.sha256(b"snapshot-chooser" + seed).digest(), 0)
    step = 0
    for step in range(1, MAX_CORRECTED + 1):
        if game.over(state):
            break
        posted = random_correction(game, state, chooser) if chooser.between(1, 3) == 1 else None
        if posted is None:
            who = [s for s in game.prompt(state)["waiting_for"] if playable(game, state, s)]
            seat = chooser.choice(who)
            spec = chooser.choice(playable(game, state, seat))
            posted = seat, {"type": spec["type"], "params": random_params(spec, chooser)}
        seat, act = posted
        try:
            state, events = game.apply(state, seat, act, Rng(seed, step))
        except RuleError as refused:
            digest.feed("refused", {"seat": seat, "action": act, "why": str(refused)})
            continue
        observe(game, digest, state, seat, act, events)
    ending(game, digest, state)
    return digest.hexdigest(), step


def _broken(value):
    """A pack with every leaf of the wrong kind (numbers as words, words as numbers)."""
    if isinstance(value, dict):
        return {k: _broken(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_broken(v) for v in value[:3]] + ([value[0]] * 20 if value else [])
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return len(value)
    return value


def _plain(shape):
    """A pack format as plain data: its words' classes by name, with what they hold."""
    if isinstance(shape, dict):
        return {k: _plain(v) for k, v in shape.items()}
    if isinstance(shape, str | int | type(None)):
        return shape
    return {type(shape).__name__: _plain(vars(shape))}


def packs(game: Game) -> str:
    digest = Digest()
    pack = catalog.content(game.id)
    digest.feed("format", _plain(pack_format(game.id)))
    if pack_format(game.id):
        digest.feed("json schema", pack_json_schema(game.id))
    for label, sent in (("pack", dict(pack)), ("broken", _broken(dict(pack))), ("empty", {})):
        digest.feed(f"shape {label}", shape_problems(game.id, sent))
        digest.feed(f"problems {label}", pack_problems(game, sent))
    return digest.hexdigest()


def seat_counts(game: Game) -> list[int]:
    low, high = game.players
    return sorted({low, high})


def lines():
    for game in sorted(catalog.games(), key=lambda g: g.id):
        yield f"{game.id} packs {packs(game)}"
        for variant in game.variants:
            for players in seat_counts(game):
                seats = list(range(1, players + 1))
                for number in range(FEWER.get(game.id, SEEDS)):
                    seed = hashlib.sha256(
                        f"snapshot/{game.id}/{variant}/{players}/{number}".encode()
                    )
                    for kind, play in (("play", played), ("corrected", corrected)):
                        digest, steps = play(game, variant, seats, seed.digest())
                        yield f"{game.id} {variant} {players} {number} {kind} {steps} {digest}"


def main() -> int:
    catalog.add_games("tests.fixtures.games")
    total = hashlib.sha256()
    for line in lines():
        total.update(line.encode() + b"\n")
        print(line, flush=True)
    print(f"all {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
