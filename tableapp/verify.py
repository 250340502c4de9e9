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
import re
from types import SimpleNamespace

from . import catalog
from .engine import HOST, RuleError
from .engine.replay import NON_GAME, PLAIN_FORMAT, chain, chain_key, genesis, play_seed, replay
from .engine.rng import commitment
from .tables.common import EXPORT_FORMAT
from .tables.log import (
    action_named,
    answer_event,
    join_event,
    moved_event,
    rematch_event,
    request_event,
    split_events,
    start_events,
    undo_event,
)

FORMAT = EXPORT_FORMAT
#: The formats this build reads: the current one, and the first chain's (no key).
FORMATS = (FORMAT, PLAIN_FORMAT)
#: The longest a problem line gets (a hostile file's values are cut to fit).
LINE = 300
_HEX64 = re.compile(r"[0-9a-f]{64}")


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


#: Each field of an export: (its types, whether it may be missing).
_STR, _OPT_STR = (str,), (str, type(None))
_FIELDS = {
    "format": (_STR, True),
    "code": (_STR, False),
    "game": (_STR, False),
    "variant": (_OPT_STR, True),
    "options": ((dict,), False),
    "content": ((dict,), False),
    "seed": (_STR, False),
    "seed_commitment": (_STR, False),
    "contributions": ((list, type(None)), True),
    "effective_seed": (_OPT_STR, True),
    "content_origin": (_STR, True),
    "log_head": (_OPT_STR, True),
    "seats": ((list,), False),
    "actions": ((list,), False),
    "final_state": ((dict, type(None)), True),
    "result": ((dict, type(None)), True),
}
_ENTRY_FIELDS = {
    "number": ((int,), False),
    "seat": ((int, type(None)), False),
    "type": (_STR, False),
    "payload": ((dict, type(None)), True),
    "public": ((list,), False),
    "private": ((dict,), False),
    "undone": ((bool,), True),
    "reveals": ((bool,), True),
    "head": (_STR, True),
}


def _wrong(value: dict, fields: dict, where: str) -> str | None:
    for name, (types, optional) in fields.items():
        if name not in value:
            if not optional:
                return f"{where} has no {name!r}"
            continue
        item = value[name]
        if not isinstance(item, types) or (isinstance(item, bool) and bool not in types):
            return f"{where}'s {name!r} is not of the right type"
    return None


def _shape(export) -> str | None:
    """What makes ``export`` no export's shape (None when it has it): its fields' types, each
    entry's and seat's and contribution's, a game this build knows."""
    if not isinstance(export, dict):
        return "not a JSON object"
    problem = _wrong(export, _FIELDS, "the export")
    if problem:
        return problem
    if export["game"] not in {g.id for g in catalog.games()}:
        return f"unknown game {export['game'][:40]!r}"
    if export.get("log_head") is not None and not _HEX64.fullmatch(export["log_head"]):
        return "its log head is not 64 hexadecimal digits"
    for i, entry in enumerate(export["actions"], start=1):
        if not isinstance(entry, dict):
            return f"entry {i} of the log is not an object"
        problem = _wrong(entry, _ENTRY_FIELDS, f"entry {i} of the log")
        if problem:
            return problem
        if not all(isinstance(part, list) for part in entry["private"].values()):
            return f"entry {i} of the log has a private part that is not a list"
    for i, seat in enumerate(export["seats"], start=1):
        if not isinstance(seat, dict):
            return f"seat {i} is not an object"
    for i, item in enumerate(export.get("contributions") or [], start=1):
        if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
            return f"contribution {i} is not a seat's contribution"
        if not isinstance(item.get("contribution"), (str, type(None))):
            return f"contribution {i} is not a seat's contribution"
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
    problem = _check_shell(game, actions, replayed)
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


def _entry(entry: dict, reveals: bool = False) -> SimpleNamespace:
    """A logged entry as the live path hands it to the event builders."""
    return SimpleNamespace(
        number=entry["number"],
        seat=entry["seat"],
        type=entry["type"],
        public=entry.get("public") or [],
        private=entry.get("private") or {},
        reveals=reveals,
    )


def _events_are(entry: dict, produced: list) -> bool:
    public, private = split_events(produced)
    return _canon(public) == _canon(entry.get("public") or []) and _canon(private) == _canon(
        entry.get("private") or {}
    )


def _check_shell(game, actions: list[dict], replayed) -> str | None:
    """The shell's entries, walked in order as the server wrote them: each one's events are
    the shell's messages for it (recomputed here), and each is one the server could have
    logged at that point — joins before the start and taking the seats in order, the start by
    the host with the joined seats, their colours and the setup's events; an undo request by
    the player of the action in effect that revealed something, answered by another seat (or
    withdrawn by the asker); an agreed request followed at once by its undo and a refused
    one by none; a player's undo of a revealing action only through an agreed request; a
    re-issue of a seat that exists; a rematch once the game is over."""
    joins: dict[int, dict] = {}  # seat → its join entry
    started = over = False
    in_effect: list[dict] = []  # game actions in effect, last on top
    pending: dict | None = None  # the undo request waiting for its answer
    agreed: dict | None = None  # the approve_undo whose undo must come next
    for entry in actions:
        number, kind, seat = entry["number"], entry["type"], entry["seat"]
        payload = entry.get("payload") or {}
        where = f"action {number} ({kind})"
        if agreed is not None and kind != "undo":
            return f"{where}: the undo agreed to at action {agreed['number']} was never applied"
        if kind in NON_GAME and (entry.get("undone") or entry.get("reveals")):
            return f"{where} is marked as undone or revealing, which only a game action can be"
        if over and kind not in ("reissue", "rematch"):
            return f"{where} comes after the rematch was opened, when the game was over"
        if kind == "join":
            name, colour = payload.get("name"), payload.get("colour")
            if started or seat != len(joins) + 1:
                return f"{where} does not take the next seat in the lobby"
            if not isinstance(name, str) or not _events_are(
                entry, [join_event(seat, name, colour)]
            ):
                return f"{where}: its event is not the join of {name!r} at seat {seat}"
            joins[seat] = entry
        elif kind == "start":
            if started or seat != HOST:
                return f"{where}: the game starts once, by the host"
            started = True
            seats = list(joins)
            if list(payload.get("seats", [])) != seats:
                return f"{where}: the game does not start with the seats that joined"
            colours = {str(s): (j.get("payload") or {}).get("colour") for s, j in joins.items()}
            if "colours" in payload and _canon(payload["colours"]) != _canon(colours):
                return f"{where}: the colours differ from those the players joined in"
            mixed = payload.get("contributions") or []
            dealt = replayed.events.get(number, [])
            if not _events_are(entry, start_events(seats, mixed, dealt)):
                return f"{where}: its events are not the start and the setup the replay gives"
        elif kind not in NON_GAME:  # a game action
            if pending is not None:
                return (
                    f"{where} was played while the undo request at action "
                    f"{pending['number']} waited for its answer"
                )
            in_effect.append(entry)
        elif kind == "undo":
            target = in_effect.pop() if in_effect else None  # replay checked it is the target
            if target is None or payload.get("target") != target["number"]:
                return f"undo {number} names no game action"
            if pending is not None:
                return f"undo {number} was applied while a request waited for its answer"
            if agreed is not None:
                asked = agreed["payload"]
                expected = {
                    "target": target["number"],
                    "request": asked["request"],
                    "approved_by": agreed["seat"],
                }
                asker = _asker(actions, asked["request"])
                if seat != asker or _canon(payload) != _canon(expected):
                    return f"undo {number} is not the undo agreed to at action {agreed['number']}"
                agreed = None
            else:
                if set(payload) != {"target"}:
                    return f"undo {number} claims an agreement the log does not hold"
                if seat != HOST and seat != target["seat"]:
                    return f"undo {number}: seat {seat} undid an action it did not play"
                if seat != HOST and target.get("reveals"):
                    return (
                        f"undo {number}: seat {seat} took back action {target['number']}, which "
                        "had revealed something, without another player's OK"
                    )
            if not _events_are(entry, [undo_event(seat, _entry(target, target.get("reveals")))]):
                return f"undo {number} does not show what action {target['number']} had shown"
        elif kind == "undo_request":
            target = in_effect[-1] if in_effect else None
            if pending is not None or target is None or payload != {"target": target["number"]}:
                return f"{where} does not ask for the undo of the last action in effect"
            if seat == HOST or seat != target["seat"] or not target.get("reveals"):
                return (
                    f"{where}: only the player of an action that revealed something asks "
                    "for its undo"
                )
            if not _events_are(entry, [request_event(seat, _entry(target))]):
                return f"{where}: its event is not the request to undo action {target['number']}"
            pending = entry
        elif kind in ("approve_undo", "refuse_undo", "cancel_undo"):
            if pending is None:
                return f"{where} answers no undo request"
            asker, target_number = pending["seat"], pending["payload"]["target"]
            if _canon(payload) != _canon({"request": pending["number"], "target": target_number}):
                return f"{where} does not answer the request at action {pending['number']}"
            if (kind == "cancel_undo") != (seat == asker):
                return (
                    f"{where}: only the asker withdraws a request, and only another seat "
                    "agrees to it or refuses it"
                )
            if seat != HOST and seat not in joins:
                return f"{where}: seat {seat} is not at the table"
            what = action_named(_entry(in_effect[-1]))
            if not _events_are(entry, [answer_event(kind, seat, asker, what, target_number)]):
                return f"{where}: its event is not the answer to the request"
            pending = None
            agreed = entry if kind == "approve_undo" else None
        elif kind == "reissue":
            moved = payload.get("seat")
            if seat != HOST or moved not in joins or set(payload) != {"seat"}:
                return f"{where}: the host moves a seat that exists to a new phone"
            if not _events_are(entry, [moved_event(moved)]):
                return f"{where}: its event is not the move of seat {moved}"
        elif kind == "rematch":
            code = payload.get("code")
            if seat != HOST or not started or over or not isinstance(code, str):
                return f"{where}: the host opens one rematch, once the game is over"
            if not _events_are(entry, [rematch_event(game, code)]):
                return f"{where}: its event is not the rematch at {code!r}"
            over = True
        else:  # an entry of the shell this checker does not know
            return f"{where}: unknown entry"
    if agreed is not None:
        return f"the undo agreed to at action {agreed['number']} was never applied"
    if pending is not None:
        return f"the undo request at action {pending['number']} was never answered"
    return None


def _asker(actions: list[dict], request: int) -> int | None:
    entry = actions[request - 1] if 0 < request <= len(actions) else None
    return entry["seat"] if entry and entry["type"] == "undo_request" else None
