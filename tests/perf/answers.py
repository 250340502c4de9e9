"""Taps per turn in every game: ``python -m tests.perf.answers [--games K] [--game ID]``.

Plays ``K`` seeded games (8 by default, fixed seeds) of each game of the catalogue
(``tableapp.catalog.games()``), cycling through its variants and its player counts (2 to 4,
within what the game allows), through the rules interface the API serves: each phone's
actions are ``legal_actions`` of its seat without corrections, exactly the specs a view sends,
and each answer goes through ``apply``. It prints a markdown table, one row per game. A
figure, not a test: nothing here asserts a number.

Who answers: a random seat among those the prompt waits for that have something to answer,
then a random action among its specs, its params drawn at random from what each allows
(``random_params``). Eat Zem All is played by the *eager* table of ``eza_answers`` (its
figures keep that script's definitions). Never posted: corrections, Instant Mutations and
board-step ticks (``board_done``).

What is counted, from the first turn on (the setup is not a turn):

- **turns**: each time the game's turn changes (:data:`TURNS`: Zombie Life a player's turn,
  Eat Zem All the turn counter, Student Bodies the turn number, Zombicide a survivor's turn);
- **posts**: every answer posted, by any phone (the host's table screen included);
  **active**: those posted by the seat whose turn it is (:data:`TURNS`);
- **confirmations**: posts the phone asks "are you sure?" about before sending: the spec
  carries ``confirm`` (the game's own question), or the game's screen module asks
  (:func:`phone_confirms`, a copy of ``confirmText`` in ``pwa/js/games/``);
- **one-value answers**: posts whose spec has at least one param and whose every param had
  exactly one legal value (:func:`one_value`): a pick-one with a single choice, a number whose
  min is its max, a count per key whose every bound is fixed, a multiple pick that must take
  every choice or none of the one there is. An action without params is a button, not an
  answer with values, and never counts;
- **board steps**: the steps the app lists for the table to tick on the board
  (``board_step_count``), counted apart: each is one more tick at the table.

``--by-type`` adds, per game, the posts per turn of each action type, by the player whose turn
it is and by the others: where a game's taps go, the first thing to read before cutting one.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from functools import partial

from tableapp import catalog
from tableapp.engine.playout import actors, random_params
from tableapp.engine.rng import Rng

#: Never an answer to the question asked: Instant Mutations, corrections, board-step ticks.
SKIP = ("use_mutation", "correct", "board_done")
#: Posts a game may take before it is declared stuck.
MAX_POSTS = 20_000


def _zombicide_turn(state: dict):
    turn = state.get("turn") or {}
    if state.get("phase") == "setup" or not turn.get("survivor"):
        return None
    return (state.get("round"), turn["survivor"])


#: Per game: (the turn's identity or None before the first turn, the seat whose turn it is).
TURNS = {
    "zombie-life": (
        lambda s: (s.get("round"), s["turn"]) if s.get("turn") is not None else None,
        lambda s: s.get("turn"),
    ),
    "eat-zem-all": (
        lambda s: s["turn"] if s.get("turn", 0) >= 1 else None,
        lambda s: s.get("active"),
    ),
    "student-bodies": (
        lambda s: s.get("turn_no") if s.get("phase") == "playing" else None,
        lambda s: s.get("turn"),
    ),
    "zombicide": (_zombicide_turn, lambda s: (s.get("turn") or {}).get("seat")),
}

#: The actions a game's screen module confirms whatever the spec says (``confirmText``).
SCREEN_CONFIRMS = {
    "zombicide": set(),  # zombicide.js asks nothing first: its undo takes the move back
}
#: ``TARGET`` of ``pwa/js/games/zombie-life.js``: the points that end the game (ZL-8).
ZL_TARGET = 21


def _zl_pass_ends(view: dict) -> bool:
    """zombie-life.js's ``confirmText``: the last player in play passes, and someone's points
    with their face-up cards reach the target (the pass ends the game)."""
    if len(view.get("in_play") or ()) != 1:
        return False
    return any(
        p["status"] != "eliminated" and p["score"] + p["face_up"] >= ZL_TARGET
        for p in view["players"]
    )


def phone_confirms(game_id: str, spec: dict, params: dict, view=None) -> bool:
    """Whether the phone asks "are you sure?" before posting this answer.

    ``pwa/js/actions.js`` asks ``confirmText(spec, params, view) ?? spec.confirm``: the spec's
    own question, or the game module's (:data:`SCREEN_CONFIRMS`; every game: ``start``, never a
    turn's answer; Zombie Life: a pass that ends the game, known from the seat's view, which
    ``view()`` gives when the caller has it).
    """
    if spec.get("confirm"):
        return True
    if spec["type"] == "start":
        return True
    if game_id == "zombie-life" and spec["type"] == "pass":
        return view is not None and _zl_pass_ends(view())
    return spec["type"] in SCREEN_CONFIRMS.get(game_id, ())


def _values(param: dict) -> int:
    """How many legal values one param has (2 stands for "more than one")."""
    if "counts" in param:
        fixed = all(b["min"] == b["max"] for b in param["counts"].values())
        return 1 if fixed else 2
    if param.get("multiple"):
        n = len(param["choices"])
        low, high = param.get("min", 0), param.get("max", n)
        return 1 if low == high and low in (0, n) else 2
    if "choices" in param:
        return len(param["choices"])
    return param["max"] - param["min"] + 1


def one_value(spec: dict) -> bool:
    """Whether every param of ``spec`` had exactly one legal value (see the module's doc)."""
    params = spec.get("params") or {}
    return bool(params) and all(_values(p) == 1 for p in params.values())


def random_choice(state: dict, specs: list[dict], rng: Rng) -> dict:
    """A random action among ``specs``, with random legal params."""
    spec = rng.choice(sorted(specs, key=lambda s: s["type"]))
    return {"type": spec["type"], "params": random_params(spec, rng)}


class Counter:
    """The figures of one game, post by post (no clock, no rules: tested on a script)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.turn_of, self.active_of = TURNS[game_id]
        self.turns = self.posts = self.active = self.confirms = self.one_value = 0
        self.ticks = 0
        self.by_type: dict[tuple[str, bool], int] = {}  # (action type, posted by the active seat)
        self._last = None

    def post(self, state: dict, seat: int, spec: dict, params: dict, view=None) -> None:
        """Count one answer, posted by ``seat`` on ``state`` (before it applies); ``view()``:
        the seat's view (what a screen module's confirmation reads)."""
        turn = self.turn_of(state)
        if turn is None:
            return
        if turn != self._last:
            self.turns += 1
            self._last = turn
        self.posts += 1
        active = seat == self.active_of(state)
        self.active += active
        key = (spec["type"], active)
        self.by_type[key] = self.by_type.get(key, 0) + 1
        self.confirms += phone_confirms(self.game_id, spec, params, view)
        self.one_value += one_value(spec)

    def end(self, state: dict) -> None:
        turn = self.turn_of(state)
        if turn is not None and turn != self._last:  # a turn begun and never answered in
            self.turns += 1
        self.ticks = state.get("board_step_count", 0)

    def figures(self) -> dict:
        return {
            "turns": self.turns,
            "posts": self.posts,
            "active": self.active,
            "confirms": self.confirms,
            "one_value": self.one_value,
            "ticks": self.ticks,
        }


def by_type_table(name: str, turns: int, by_type: dict[tuple[str, bool], int]) -> str:
    """One game's posts per turn by action type, the most frequent first."""
    n = max(turns, 1)
    lines = [
        f"| {name}: action type | by the active seat | by the others |",
        "|---|---:|---:|",
    ]
    kinds = sorted(
        {kind for kind, _ in by_type},
        key=lambda k: (-(by_type.get((k, True), 0) + by_type.get((k, False), 0)), k),
    )
    for kind in kinds:
        mine, others = by_type.get((kind, True), 0), by_type.get((kind, False), 0)
        lines.append(f"| {kind} | {mine / n:.2f} | {others / n:.2f} |")
    return "\n".join(lines)


def _chooser(game_id: str):
    if game_id == "eat-zem-all":
        from tests.perf.eza_answers import choose

        return choose
    return random_choice


def start(game, variant, players: int, seed: bytes, options=None) -> tuple[dict, list[dict]]:
    """One seeded game's state after setup (seats 1 to ``players``) and the events of its deal."""
    from tableapp.engine.game import validate_options

    return game.begin(
        content=catalog.content(game.id),
        variant=variant,
        options=validate_options(game.options, options or {}),
        seats=list(range(1, players + 1)),
        rng=Rng(seed, 0),
    )


def offers(game, state: dict) -> list[tuple[int, list[dict]]]:
    """Each seat the prompt waits for that has something to answer, with its specs (in the
    prompt's order; never :data:`SKIP`)."""
    out = []
    for seat in actors(game, state):
        specs = [
            s for s in game.legal_actions(state, seat, corrections=False) if s["type"] not in SKIP
        ]
        if specs:
            out.append((seat, specs))
    return out


def board_tick(game, state: dict, rng: Rng) -> tuple[int, dict]:
    """When only board steps block the game: the seat that ticks one, and its action."""
    seat = actors(game, state)[0]
    (spec,) = [s for s in game.legal_actions(state, seat) if s["type"] == "board_done"]
    return seat, {"type": "board_done", "params": random_params(spec, rng)}


def seed_of(game, variant, players: int, index: int) -> bytes:
    """The deal of the ``index``-th game of a measure (the same in every benchmark)."""
    return hashlib.sha256(f"taps/{game.id}/{variant}/{players}/{index}".encode()).digest()


def play(game, variant, players: int, seed: bytes, chooser, options=None) -> dict:
    """One seeded game to its end; its figures."""
    pick = Rng(hashlib.sha256(b"chooser" + seed).digest(), 0)
    state, _ = start(game, variant, players, seed, options)
    counter = Counter(game.id)
    step = 0
    while game.result(state) is None:
        step += 1
        if step > MAX_POSTS:
            raise AssertionError(f"{game.id}/{variant}/{players}: no end after {MAX_POSTS}")
        waiting = offers(game, state)
        if not waiting:  # only board steps block the game: tick one (counted apart)
            seat, action = board_tick(game, state, pick)
        else:
            # The eager table answers the first phone asked (as eza_answers always did).
            seat, specs = waiting[0] if chooser is not random_choice else pick.choice(waiting)
            action = chooser(state, specs, pick)
            spec = next(s for s in specs if s["type"] == action["type"])
            seen = partial(game.view, state, seat)  # what the screen's confirmation reads
            counter.post(state, seat, spec, action["params"], seen)
        state, _ = game.apply(state, seat, action, Rng(seed, step))
    counter.end(state)
    return {**counter.figures(), "by_type": counter.by_type}


def setups(game, games: int) -> list[tuple]:
    """(variant, players) of each of the ``games`` games, cycling through the catalogue's."""
    low, high = game.players
    counts = list(range(max(low, 2), min(high, 4) + 1)) or [low]
    variants = list(game.variants)
    return [
        (variants[i % len(variants)], counts[(i // len(variants)) % len(counts)])
        for i in range(games)
    ]


def measure(game, games: int) -> dict:
    chooser = _chooser(game.id)
    total: dict = {"by_type": {}}
    for i, (variant, players) in enumerate(setups(game, games)):
        seed = seed_of(game, variant, players, i)
        for key, value in play(game, variant, players, seed, chooser).items():
            if key == "by_type":
                for kind, count in value.items():
                    total["by_type"][kind] = total["by_type"].get(kind, 0) + count
            else:
                total[key] = total.get(key, 0) + value
    return total


def table(rows: list[tuple[str, dict]]) -> str:
    lines = [
        "| game | turns | posts per turn (active) | posts per turn (all) "
        "| confirmations per turn | one-value answers per turn | board steps per turn |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, t in rows:
        n = max(t["turns"], 1)
        lines.append(
            f"| {name} | {t['turns']} | {t['active'] / n:.2f} | {t['posts'] / n:.2f} "
            f"| {t['confirms'] / n:.2f} | {t['one_value'] / n:.2f} | {t['ticks'] / n:.2f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per game (8)")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument(
        "--by-type", action="store_true", help="also each game's posts per turn by action type"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = []
    for game in catalog.games():
        if args.game and game.id not in args.game:
            continue
        rows.append((game.name, measure(game, args.games)))
        print(f"{game.id}: done ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    print(table(rows))
    if args.by_type:
        for name, t in rows:
            print("\n" + by_type_table(name, t["turns"], t["by_type"]))
    print(f"\n{args.games} seeded games per game, {time.perf_counter() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
