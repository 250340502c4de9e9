"""Check an export without trusting the server that wrote it.

Everything in the export is checked against everything else: the seed against the commitment
the table showed when it opened; the seats against the joins in the log; the phones'
contributions against their joins and the start, and the effective seed recomputed from them;
the whole log replayed from that seed (every event, every private part, the undo marks, what
each undo revealed); the shell's own entries (the start and the setup's events, the joins, undo
requests and their answers, undos, moved seats, the rematch) recomputed, each one an entry the
table could have written where it stands; the final state and the result (winners, scores)
against the replay; the log's hash chain (engine/replay.py) linked from a genesis that binds the
code, the format, the game and its options, the content pack and where it came from and the
seed commitment (the effective seed is recomputed), each entry sealed under the chain's key,
which the revealed seed gives. ``verify`` prints the chain's last head: everyone saw it on
their screens, and a log with an entry removed ends on another. The server knows the key, so
a log cut short and re-linked is consistent with itself: only that comparison (``--head``)
tells, and a log whose game has no result is said to be unfinished, never OK.

A file of any shape gets one line: never a traceback (:func:`verify_file`).
"""

from __future__ import annotations

import json

from .. import catalog
from ..engine import RuleError
from ..engine.replay import NON_GAME, PLAIN_FORMAT, chain, chain_key, genesis, play_seed, replay
from ..engine.rng import commitment
from ..tables.core import EXPORT_FORMAT
from ..tables.log import split_events
from .shape import shape as _shape
from .shell import check_shell

FORMAT = EXPORT_FORMAT
#: The formats this build reads: the current one, and the first chain's (no key).
FORMATS = (FORMAT, PLAIN_FORMAT)
#: The longest a problem line gets (a hostile file's values are cut to fit).
LINE = 300


def _canon(value) -> str:
    return json.dumps(value, sort_keys=True)


def verify_file(data: bytes, head: str | None = None) -> tuple[str | None, list[str]]:
    """``tableapp verify`` on a file's bytes: (None, or the one line saying what is wrong;
    the summary to compare by eye, empty when the file is not an export's shape). ``head``:
    the log head the table showed at the end, which the chain must end on."""
    try:
        export = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        return "the file is not UTF-8 text", []
    except RecursionError:
        return "the file is not an export (its JSON nests too deep)", []
    except ValueError as error:
        return _line(f"the file is not JSON ({error})"), []
    problem = _shape(export)
    if problem:
        return _line(f"the file is not an export ({problem})"), []
    problem = verify_export(export) or _other_head(export, head)
    return (None if problem is None else _line(problem)), summary(export)


def _other_head(export: dict, seen: str | None) -> str | None:
    """Why the chain does not end on the head the table showed (None when it does, or when
    no head was given)."""
    if seen is None:
        return None
    ends = log_head(export)
    if seen.strip().lower() != ends:
        return (
            f"the log's hash chain ends on {ends}, not on the head the table showed "
            f"({_printable(seen.strip())[:64]}): entries were removed, added or changed"
        )
    return None


def unfinished(export: dict) -> bool:
    """Whether a sound export's game has no result: a log cut short looks like this."""
    return export.get("result") is None


def _printable(text: str) -> str:
    """``text`` as any terminal can print it: a lone surrogate (valid JSON, ``"\\ud800"``)
    is written as its escape instead of breaking the printout."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _line(text: str) -> str:
    text = _printable(" ".join(str(text).split()))
    return text if len(text) <= LINE else text[: LINE - 1] + "…"


def verify_export(export: dict) -> str | None:
    """None when the export is sound, else a sentence naming the first divergence."""
    problem = _shape(export)
    if problem:
        return f"the export is malformed ({problem})"
    try:
        return _verify(export)
    except Exception as error:  # a hostile log can break a game's rules in any way
        return _line(f"the export is malformed ({type(error).__name__}: {error})")


def log_head(export: dict) -> str:
    """The head of the export's log as the chain gives it (not as the export claims it)."""
    heads = chain(_genesis(export), export["actions"], chain_key_of(export))
    return heads[-1] if heads else _genesis(export)


def chain_key_of(export: dict) -> bytes | None:
    """The key the export's chain is sealed with: the revealed seed's (None for the first
    chain's format, which had none). A seed that is not hex is refused by the checks."""
    if export.get("format", FORMAT) == PLAIN_FORMAT:
        return None
    return chain_key(bytes.fromhex(export["seed"]))


def _genesis(export: dict) -> str:
    return genesis(
        format=export.get("format", FORMAT),
        code=export["code"],
        game=export["game"],
        variant=export["variant"],
        options=export["options"],
        content=export["content"],
        content_origin=export.get("content_origin", "builtin"),
        seed_commitment=export["seed_commitment"],
    )


def _check_chain(export: dict) -> str | None:
    """Every entry links to the one before (from the genesis), and the last head is the one
    the export names."""
    heads = chain(_genesis(export), export["actions"], chain_key_of(export))
    for entry, head in zip(export["actions"], heads, strict=True):
        if "head" in entry and entry["head"] != head:
            return (
                f"action {entry['number']} ({entry['type']}) does not link to the entry before "
                "it (the log's hash chain breaks there: an entry was changed, removed or added)"
            )
    last = heads[-1] if heads else _genesis(export)
    if export.get("log_head") is not None and export["log_head"] != last:
        return "the log head the export names is not the one its log's hash chain ends on"
    return None


def summary(export: dict) -> list[str]:
    """What a user compares by eye: the commitment, the log head, the contributions, the
    effective seed (nothing for a file that is not an export's shape)."""
    if _shape(export):
        return []
    lines = [
        f"seed commitment: {export.get('seed_commitment')} (compare it with the one the table "
        "screen showed when the table opened)"
    ]
    try:
        head = log_head(export)
    except Exception:  # a log the chain cannot encode, or no seed to key it (verify said why)
        head = None
    if head:
        lines.append(
            f"log head: {head} (the log is only as complete as this head is the one every "
            "screen showed at the end: compare them, or give it with --head)"
        )
    given = [c for c in export.get("contributions") or [] if c.get("contribution")]
    seats = len(export.get("contributions") or [])
    lines.append(f"contributions: {len(given)} of {seats} seats mixed their own randomness in")
    for item in export.get("contributions") or []:
        lines.append(f"  seat {item.get('seat')}: {item.get('contribution') or '(none)'}")
    if export.get("effective_seed"):
        lines.append(f"effective seed: {export['effective_seed']}")
    return [_printable(line) for line in lines]


def _verify(export: dict) -> str | None:
    if export.get("format", FORMAT) not in FORMATS:
        return f"unknown export format {export.get('format')!r}"
    try:
        seed = bytes.fromhex(export["seed"])
    except (KeyError, TypeError, ValueError):
        return "the export holds no valid seed"
    if len(seed) < 16:
        return "the export holds no valid seed"
    if commitment(seed) != export.get("seed_commitment"):
        return "the seed does not match the commitment shown when the table opened"
    problem = _check_chain(export)  # with the key the seed gives
    if problem:
        return problem
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
    replayed = _replay(export, game, actions, seed)
    if isinstance(replayed, str):
        return replayed
    problem = check_shell(game, actions, replayed)
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


def _replay(export: dict, game, actions: list[dict], seed: bytes):
    """The log replayed from the seed, checked entry by entry (events and private parts, and
    whether each revealed something): the replay, or a sentence naming the first divergence."""
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
    revealing: dict[int, bool] = {}
    for entry in actions:
        if entry["type"] in NON_GAME:
            continue
        public, private = split_events(replayed.events.get(entry["number"], []))
        if _canon(public) != _canon(entry["public"]) or _canon(private) != _canon(entry["private"]):
            return f"action {entry['number']} ({entry['type']}) replays to different events"
        number = entry["number"]
        revealing[number] = replayed.shown.get(number, False) or bool(
            private.get(str(entry["seat"]))
        )
        # Logged before a shuffle into a secret pile stopped counting as a reveal, an action
        # that only used the stream is marked revealing: stricter, never a way to fish.
        formerly = replayed.used_rng.get(number, False)
        if bool(entry.get("reveals")) != revealing[number] and not (
            entry.get("reveals") and formerly
        ):
            return f"action {number} ({entry['type']}) is marked wrongly as revealing"
    return replayed


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
        sent = [e["seat"] for e in actions if e["type"] == "join" and _contribution(e)]
        if sent:
            # not a log from before contributions: a server that ignored the phones' ones
            return (
                f"the phones of seats {sent} sent contributions, but the start lists none "
                "(the game did not play with the seed they give)"
            )
        if listed:
            return "the export lists contributions the start never used"
        if export.get("effective_seed") not in (None, seed.hex()):
            return "the effective seed is not the one the seed and the contributions give"
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


def _contribution(join: dict) -> str | None:
    return (join.get("payload") or {}).get("contribution")
