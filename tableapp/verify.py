"""Check an export without trusting the server that wrote it.

Everything in the export is checked against everything else: the seed against the commitment
the table showed when it opened; the seats against the joins in the log; the phones'
contributions against their joins and the start, and the effective seed recomputed from them;
the whole log replayed from that seed (every event, every private part, the undo marks, what
each undo revealed); the final state and the result (winners, scores) against the replay.
"""

from __future__ import annotations

import json

from . import catalog
from .engine import RuleError
from .engine.replay import NON_GAME, play_seed, replay
from .engine.rng import commitment
from .tables import split_events

FORMAT = "tableapp-export/1"


def _canon(value) -> str:
    return json.dumps(value, sort_keys=True)


def verify_export(export: dict) -> str | None:
    """None when the export is sound, else a sentence naming the first divergence."""
    try:
        return _verify(export)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        return f"the export is malformed ({type(error).__name__}: {error})"


def summary(export: dict) -> list[str]:
    """What a user compares by eye: the commitment, the contributions, the effective seed."""
    lines = [
        f"seed commitment: {export.get('seed_commitment')} (compare it with the one the table "
        "screen showed when the table opened)"
    ]
    given = [c for c in export.get("contributions") or [] if c.get("contribution")]
    seats = len(export.get("contributions") or [])
    lines.append(f"contributions: {len(given)} of {seats} seats mixed their own randomness in")
    for item in export.get("contributions") or []:
        lines.append(f"  seat {item.get('seat')}: {item.get('contribution') or '(none)'}")
    if export.get("effective_seed"):
        lines.append(f"effective seed: {export['effective_seed']}")
    return lines


def _verify(export: dict) -> str | None:
    if export.get("format", FORMAT) != FORMAT:
        return f"unknown export format {export.get('format')!r}"
    try:
        seed = bytes.fromhex(export["seed"])
    except (KeyError, TypeError, ValueError):
        return "the export holds no valid seed"
    if len(seed) < 16:
        return "the export holds no valid seed"
    if commitment(seed) != export.get("seed_commitment"):
        return "the seed does not match the commitment shown when the table opened"
    try:
        game = catalog.game(export["game"])
    except KeyError:
        return f"unknown game {export.get('game')!r}"
    actions = export["actions"]
    for i, entry in enumerate(actions, start=1):
        if entry["number"] != i:
            return f"the log has a gap or is out of order at action {entry['number']}"
    problem = _check_seats(export, actions) or _check_contributions(export, actions, seed)
    if problem:
        return problem
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
    # A log from before contributions (and the revealing undo) has neither to check.
    modern = any(
        e["type"] == "start" and "contributions" in (e.get("payload") or {}) for e in actions
    )
    revealing: dict[int, bool] = {}
    for entry in actions:
        if entry["type"] in NON_GAME:
            continue
        public, private = split_events(replayed.events.get(entry["number"], []))
        if _canon(public) != _canon(entry["public"]) or _canon(private) != _canon(entry["private"]):
            return f"action {entry['number']} ({entry['type']}) replays to different events"
        revealing[entry["number"]] = replayed.used_rng.get(entry["number"], False) or bool(
            private.get(str(entry["seat"]))
        )
        if modern and bool(entry.get("reveals")) != revealing[entry["number"]]:
            return f"action {entry['number']} ({entry['type']}) is marked wrongly as revealing"
    if modern:
        problem = _check_undos(actions, revealing)
        if problem:
            return problem
    undone = {e["number"] for e in actions if e.get("undone")}
    if set(replayed.active) & undone or (
        {e["number"] for e in actions if e["type"] not in NON_GAME} - undone != set(replayed.active)
    ):
        return "the undo marks in the log do not match its undo entries"
    if replayed.state is None:
        if export.get("final_state") is not None or export.get("result") is not None:
            return "the log never starts the game, yet the export has a final state or result"
        return None
    if _canon(game.reveal(replayed.state)) != _canon(export.get("final_state")):
        return "the final state differs from the replay"
    if _canon(game.result(replayed.state)) != _canon(export.get("result")):
        return "the result (winners, scores) differs from the replay"
    return None


def _check_seats(export: dict, actions: list[dict]) -> str | None:
    """The seats listed are exactly the seats the log's joins took, in order."""
    joins = [e for e in actions if e["type"] == "join"]
    seats = export["seats"]
    if len(seats) != len(joins):
        return f"the export lists {len(seats)} seats but the log has {len(joins)} joins"
    for position, (seat, join) in enumerate(zip(seats, joins, strict=True)):
        payload = join.get("payload") or {}
        expected = {
            "id": join["seat"],
            "position": position,
            "name": payload.get("name"),
            "colour": payload.get("colour"),
        }
        if join["seat"] != position + 1 or {k: seat.get(k) for k in expected} != expected:
            return f"seat {seat.get('id')} differs from the join at action {join['number']}"
    return None


def _check_contributions(export: dict, actions: list[dict], seed: bytes) -> str | None:
    """Every contribution is the one its phone sent when joining, the start used them all in
    seat order, and the effective seed is the one they give."""
    starts = [e for e in actions if e["type"] == "start"]
    listed = export.get("contributions")
    if not starts:
        return "the export lists contributions but the game never started" if listed else None
    start = starts[0]
    payload = start.get("payload") or {}
    if "contributions" not in payload:  # a game started before contributions existed
        if listed:
            return "the export lists contributions the start never used"
        return None
    if listed is None:
        return "the export does not list the contributions the start used"
    if _canon(listed) != _canon(payload["contributions"]):
        return "the contributions listed differ from those the start used"
    joined = {
        e["seat"]: (e.get("payload") or {}).get("contribution")
        for e in actions
        if e["type"] == "join"
    }
    if [c["seat"] for c in listed] != list(payload.get("seats", [])):
        return "the contributions do not follow the seats the game started with"
    for item in listed:
        if item.get("contribution") != joined.get(item["seat"]):
            return f"seat {item['seat']}'s contribution differs from the one its phone sent"
    try:
        effective = play_seed(seed, payload)
    except RuleError as error:
        return f"the contributions are unreadable: {error}"
    if export.get("effective_seed") is not None and export["effective_seed"] != effective.hex():
        return "the effective seed is not the one the seed and the contributions give"
    return None


def _check_undos(actions: list[dict], revealing: dict[int, bool]) -> str | None:
    """An undo of an action that revealed something shows what it had shown, in public."""
    by_number = {entry["number"]: entry for entry in actions}
    for entry in actions:
        if entry["type"] != "undo":
            continue
        target = by_number.get((entry.get("payload") or {}).get("target"))
        if target is None or target["type"] in NON_GAME:
            return f"undo {entry['number']} names no game action"
        if not revealing.get(target["number"]):
            continue
        events = entry.get("public") or []
        revealed = ("undo.revealed", "undo.revealed.public")
        shown = next((e for e in events if e.get("msg") in revealed), None)
        seen = (target.get("private") or {}).get(str(target["seat"])) or []
        if (
            shown is None
            or _canon(shown.get("seen")) != _canon(seen)
            or _canon(shown.get("shown")) != _canon(target.get("public") or [])
        ):
            return f"undo {entry['number']} does not show what action {target['number']} had shown"
    return None
