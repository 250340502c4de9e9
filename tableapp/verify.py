"""Check an export: the seed matches its commitment and the log replays exactly."""

from __future__ import annotations

import json

from . import catalog
from .engine import RuleError
from .engine.replay import replay
from .engine.rng import commitment
from .tables import split_events


def _canon(value) -> str:
    return json.dumps(value, sort_keys=True)


def verify_export(export: dict) -> str | None:
    """None when the export is sound, else a sentence naming the first divergence."""
    try:
        seed = bytes.fromhex(export["seed"])
    except (KeyError, TypeError, ValueError):
        return "the export holds no valid seed"
    if commitment(seed) != export.get("seed_commitment"):
        return "the seed does not match the commitment shown when the table opened"
    game = catalog.game(export["game"])
    actions = export["actions"]
    for i, entry in enumerate(actions, start=1):
        if entry["number"] != i:
            return f"the log has a gap or is out of order at action {entry['number']}"
    try:
        replayed = replay(
            game,
            content=export["content"],
            variant=export["variant"],
            options=export["options"],
            seed=seed,
            entries=actions,
            check=True,
        )
    except (RuleError, AssertionError, KeyError) as error:
        return f"the log does not replay: {error}"
    for entry in actions:
        public, private = split_events(replayed.events.get(entry["number"], []))
        if entry["type"] in ("join", "start", "undo"):
            continue
        if _canon(public) != _canon(entry["public"]) or _canon(private) != _canon(entry["private"]):
            return f"action {entry['number']} ({entry['type']}) replays to different events"
    undone = {e["number"] for e in actions if e.get("undone")}
    if set(replayed.active) & undone or (
        {e["number"] for e in actions if e["type"] not in ("join", "start", "undo")} - undone
        != set(replayed.active)
    ):
        return "the undo marks in the log do not match its undo entries"
    if _canon(game.reveal(replayed.state)) != _canon(export.get("final_state")):
        return "the final state differs from the replay"
    return None
