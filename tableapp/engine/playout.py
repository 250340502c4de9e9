"""Random legal playouts through a pure game: for tests, ``tableapp simulate`` and bots.

Every move is picked from ``legal_actions`` alone, with params drawn from the specs, the way a
phone or an outside client would; invariants are checked after every step.
"""

from __future__ import annotations

import hashlib

from .definition import Game
from .game import HOST
from .rng import Rng


class RandomChooser:
    """The draws :func:`random_params` makes, from a ``random.Random`` the caller owns.

    For clients (bots, load generators, test phones): they are no table and need no seeded
    :class:`Rng`, only ``between``, ``choice`` and ``sample``.
    """

    def __init__(self, rnd) -> None:
        self._rnd = rnd

    def between(self, low: int, high: int) -> int:
        return self._rnd.randint(low, high)

    def choice(self, items):
        return self._rnd.choice(list(items))

    def sample(self, items, k: int):
        return self._rnd.sample(list(items), k)


def random_params(spec: dict, rng: Rng | RandomChooser) -> dict:
    """Legal params for one ActionSpec, drawn at random."""
    params = {}
    for name, param in spec["params"].items():
        if "counts" in param:
            params[name] = _counts(param, rng)
        elif param.get("multiple"):
            k = rng.between(param["min"], param["max"])
            params[name] = rng.sample(param["choices"], k)
        elif "choices" in param:
            params[name] = rng.choice(param["choices"])
        else:
            params[name] = rng.between(param["min"], param["max"])
    return params


def _counts(param: dict, rng: Rng | RandomChooser) -> dict:
    """A form of counts drawn at random within each key's bounds, its ``most`` and ``least``
    and each of its ``groups``' ``most``."""
    bounds = param["counts"]
    values = {k: rng.between(b["min"], b["max"]) for k, b in bounds.items()}
    totals = [(list(bounds), param["most"])] if "most" in param else []
    totals += [(g["keys"], g["most"]) for g in param.get("groups", ())]
    for keys, most in totals:  # at most that many: trim the last keys down
        left = most - sum(bounds[k]["min"] for k in keys)
        for k in keys:
            extra = min(values[k] - bounds[k]["min"], max(left, 0))
            values[k] = bounds[k]["min"] + extra
            left -= extra
    if "least" in param:  # at least that many in all: raise the first keys up, within room
        short = param["least"] - sum(values.values())
        for k, b in bounds.items():
            room = b["max"] - values[k]
            for keys, most in totals:
                if k in keys:
                    room = min(room, most - sum(values[x] for x in keys))
            extra = min(max(room, 0), max(short, 0))
            values[k] += extra
            short -= extra
    return values


#: Actions a random playout never picks: a correction changes counts the table disagrees
#: with, not a move of the game (corrections have their own tests).
NOT_PLAYED = ("correct",)


def random_correction(game: Game, state: dict, chooser: Rng) -> tuple[int, dict] | None:
    """A correction someone at the table (the host or a seat, drawn) may make now, with random
    values — mostly one count changed, the others left as the app has them — or None when the
    one drawn has none to make. Playouts with corrections (tests, tools/snapshot.py) use it."""
    seat = chooser.choice([HOST, *state["seats"]])
    specs = [s for s in game.legal_actions(state, seat) if s["type"] == "correct"]
    if not specs:
        return None
    spec = chooser.choice(specs)
    params = random_params(spec, chooser)
    if "counts" in params and chooser.between(0, 3):
        counts = spec["params"]["counts"]["counts"]
        changed = chooser.choice(sorted(counts))
        params["counts"] = {
            k: (params["counts"][k] if k == changed else c["value"]) for k, c in counts.items()
        }
    return seat, {"type": "correct", "params": params}


def playable(game: Game, state: dict, seat: int) -> list[dict]:
    """The legal actions of ``seat`` a playout may pick."""
    specs = game.legal_actions(state, seat, corrections=False)
    return [s for s in specs if s["type"] not in NOT_PLAYED]


def actors(game: Game, state: dict) -> list[int]:
    """Who may act now, from the prompt (the host included when the game waits for it)."""
    return [s for s in game.prompt(state)["waiting_for"] if playable(game, state, s)]


def random_playout(
    game: Game,
    *,
    content: dict,
    seats: list[int],
    seed: bytes,
    variant: str | None = None,
    options: dict | None = None,
    max_steps: int = 100_000,
    on_step=None,
) -> tuple[dict, int]:
    """Play one game to its end from ``legal_actions``; returns (final state, steps).

    ``on_step(state, seat, action, events)`` runs after the setup (seat and action ``None``) and
    after each step (views and leak checks).
    """
    from .game import validate_options

    options = validate_options(game.options, options or {})
    state, events = game.begin(
        content=content, variant=variant, options=options, seats=seats, rng=Rng(seed, 0)
    )
    game.check_invariants(state)
    if on_step is not None:
        on_step(state, None, None, events)
    chooser = Rng(hashlib.sha256(b"playout-chooser" + seed).digest(), 0)
    for step in range(1, max_steps + 1):
        if game.result(state) is not None:
            return state, step - 1
        who = actors(game, state)
        if not who:
            raise AssertionError(f"stuck: nobody can act at step {step}: {game.prompt(state)}")
        seat = chooser.choice(who)
        spec = chooser.choice(playable(game, state, seat))
        action = {"type": spec["type"], "params": random_params(spec, chooser)}
        state, events = game.apply(state, seat, action, Rng(seed, step))
        game.check_invariants(state)
        if on_step is not None:
            on_step(state, seat, action, events)
    raise AssertionError(f"no end after {max_steps} steps")


__all__ = ["HOST", "actors", "random_params", "random_playout"]
