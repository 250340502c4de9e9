"""Deterministic replay of a table's log: undo, ``tableapp verify`` and recovery use it.

The log holds every entry in order: ``join`` (lobby), ``start`` (setup, payload ``{"seats",
"contributions"}``), game actions, ``undo`` (payload ``{"target": n}``) and the shell's
:data:`SHELL` entries (an undo request and its answer, a seat moved to a new phone), which
touch neither the game nor its stream. The stream of an entry is derived from the number of
effective entries before it when it was applied: every join, the start and every game action
add one, an undo takes one away (the undone entry stops counting), shell entries add nothing.
So an undo followed by the same action draws the same card.

The start's ``contributions`` (one per seat, from the phones) turn the committed server seed
into the game's effective seed (:func:`~tableapp.engine.rng.effective_seed`); a log from before
contributions existed has none and plays with the server seed itself.

The log is a hash chain: its genesis binds what a reader of the export trusts besides the log
(:func:`genesis`), and each entry's ``head`` is SHA-256 of the head before it and of the
entry's *seal*, a keyed hash (HMAC-SHA-256) of its canonical encoding (:func:`link`). Every
view shows the last head, so a server that drops an entry and renumbers the rest ends on
another head than the one everyone saw.

The key (:func:`chain_key`) comes from the table's secret seed, so it is revealed with the seed
when the game ends, and ``tableapp verify`` then checks every link. Until then a head hides
what its entry holds: with a plain hash, anyone who knows the pack could try each card as the
private part of a draw until the head matched. Exports of the first chain
(:data:`PLAIN_FORMAT`) hashed entries in the clear; ``verify`` still reads them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass, field

from .definition import Game
from .errors import RuleError
from .messages import M
from .rng import Rng, effective_seed

#: Logged for everyone to read, but no game state and no stream index: the shell's own entries.
SHELL = ("undo_request", "approve_undo", "refuse_undo", "cancel_undo", "reissue", "rematch")
#: Every entry type that is not a game action.
NON_GAME = ("join", "start", "undo", *SHELL)


#: The chain's version, hashed into its genesis.
CHAIN = b"tableapp-log/1\n"
#: The export format of the first chain, whose entries were hashed in the clear (no key).
PLAIN_FORMAT = "tableapp-export/1"
#: What the chain's key is derived for (domain separation from the game's streams).
KEY_LABEL = b"tableapp-log-key/2"
#: What an entry's head covers: all of it but its ``undone`` mark (set later by the undo,
#: whose own entry is chained) and its ``head``.
CHAINED = ("number", "seat", "type", "payload", "public", "private", "reveals")


def canonical(value) -> bytes:
    """The chain's encoding: JSON as stored (keys as strings), keys sorted, no spaces, UTF-8."""
    stored = json.loads(json.dumps(value))  # as the database gives it back (int keys → str)
    return json.dumps(
        stored, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def genesis(
    *,
    format: str,
    code: str,
    game: str,
    variant: str | None,
    options: dict,
    content: dict,
    content_origin: str,
    seed_commitment: str,
) -> str:
    """The head of an empty log: SHA-256 over the chain's version and what the table was
    opened with (its content pack by its SHA-256)."""
    bound = {
        "format": format,
        "code": code,
        "game": game,
        "variant": variant,
        "options": options,
        "content_sha256": hashlib.sha256(canonical(content)).hexdigest(),
        "content_origin": content_origin,
        "seed_commitment": seed_commitment,
    }
    return hashlib.sha256(CHAIN + canonical(bound)).hexdigest()


def chain_key(seed: bytes) -> bytes:
    """The chain's key: HMAC-SHA-256 of a fixed label under the table's secret seed. It is as
    secret as the seed until the end, and anyone can derive it from the revealed seed."""
    return hmac.new(seed, KEY_LABEL, hashlib.sha256).digest()


def link(head: str, entry: dict, key: bytes | None) -> str:
    """The head after ``entry``: SHA-256(previous head's 32 bytes ‖ seal), where the seal is
    HMAC-SHA-256(``key``, the entry's encoding): nobody without the key can test a guess of
    what the entry holds. ``key`` None is the first chain's plain hash (:data:`PLAIN_FORMAT`),
    for exports written before the key; a live table always passes its key."""
    chained = {name: entry.get(name) for name in CHAINED}
    chained["reveals"] = bool(chained["reveals"])
    encoded = canonical(chained)
    sealed = encoded if key is None else hmac.new(key, encoded, hashlib.sha256).digest()
    return hashlib.sha256(bytes.fromhex(head) + sealed).hexdigest()


def chain(head: str, entries: list[dict], key: bytes | None) -> list[str]:
    """Each entry's head, from the genesis ``head`` (``key`` as in :func:`link`)."""
    heads = []
    for entry in entries:
        head = link(head, entry, key)
        heads.append(head)
    return heads


@dataclass
class Replayed:
    state: dict | None
    effective: int  # effective entries so far = the stream index of the next one
    events: dict[int, list] = field(default_factory=dict)  # entry number → events as applied
    active: list[int] = field(default_factory=list)  # numbers of game actions still in effect
    used_rng: dict[int, bool] = field(default_factory=dict)  # game action → drew from the stream
    #: game action → showed a viewer an outcome of the stream (:attr:`Rng.shown`)
    shown: dict[int, bool] = field(default_factory=dict)
    seed: bytes | None = None  # the effective seed the game played with (None before the start)


def play_seed(seed: bytes, start_payload: dict) -> bytes:
    """The seed a game plays with, from the committed seed and the start's contributions."""
    if "contributions" not in start_payload:
        return seed  # a log from before contributions: the server seed itself
    try:
        return effective_seed(seed, start_payload["contributions"])
    except (KeyError, TypeError, ValueError) as error:
        raise RuleError("bad_contributions", None, f"Unreadable contributions: {error}") from None


def replay(
    game: Game,
    *,
    content: dict,
    variant: str | None,
    options: dict,
    seed: bytes,
    entries: list[dict],
    check: bool = False,
) -> Replayed:
    """Re-apply ``entries`` (dicts with number, seat, type, payload) from the start.

    Long because the replay is one loop over the log with one branch per kind of entry (join,
    start, a game action, an undo, the shell's own), each keeping the random stream's count as
    the server did; the branches share that count and the state."""
    state: dict | None = None
    effective = 0
    events: dict[int, list] = {}
    used_rng: dict[int, bool] = {}
    shown: dict[int, bool] = {}
    playing_seed: bytes | None = None
    # (number, state before it, effective before it) of each game action in effect.
    stack: list[tuple[int, dict | None, int]] = []
    for entry in entries:
        number, kind, payload = entry["number"], entry["type"], entry.get("payload") or {}
        if kind in SHELL:
            events[number] = []
            continue  # read by people, not by the game
        if kind == "join":
            events[number] = []
        elif kind == "start":
            playing_seed = play_seed(seed, payload)
            state, events[number] = game.begin(
                content=content,
                variant=variant,
                options=options,
                seats=list(payload["seats"]),
                rng=Rng(playing_seed, effective),
                colours=payload.get("colours"),
            )
        elif kind == "undo":
            target = payload["target"]
            if not stack or stack[-1][0] != target:
                raise RuleError("bad_undo", None, M("engine.bad_undo", entry=number, target=target))
            _, state, effective = stack.pop()
            events[number] = []
            continue  # an undo is not itself an effective entry
        else:
            if state is None or playing_seed is None:
                raise RuleError("not_started", None, M("engine.not_started", entry=number))
            before = state
            rng = Rng(playing_seed, effective)
            state, produced = game.apply(
                state, entry["seat"], {"type": kind, "params": payload}, rng
            )
            if check:
                game.check_invariants(state)
            stack.append((number, before, effective))
            events[number] = produced
            used_rng[number] = rng.used
            shown[number] = rng.shown
        effective += 1
    return Replayed(
        state=state,
        effective=effective,
        events=events,
        active=[n for n, _, _ in stack],
        used_rng=used_rng,
        shown=shown,
        seed=playing_seed,
    )
