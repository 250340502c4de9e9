"""The one action path: lock the table, apply the pure rules, log, commit, notify.

Nothing here knows HTTP. Every change to a table — a join, the start, a game action, an undo —
runs through :func:`~tableapp.tables.change.locked_change`: the table row is locked (SQLite
``BEGIN IMMEDIATE``, PostgreSQL ``SELECT … FOR UPDATE``), the bearer is identified, a stored
Idempotency-Key answer is returned as it was, otherwise the change is computed in memory on the
loaded rows (the rules never touch the stored state), appended to the log with the next
gap-free number, written by :func:`store.save` and committed; then the table's channel is
notified.

One module per job:

- :mod:`.common`: the actor, the answers, the lock, the constants;
- :mod:`.views`: the view, the log as a bearer reads it, presence;
- :mod:`.patches`: a view as a JSON Patch against the one a phone got before;
- :mod:`.log`: appending to the hash chain, and the shell's events (``verify`` builds them
  with the same functions);
- :mod:`.idempotency`: Idempotency-Key answers;
- :mod:`.change`: the locked change every write runs through;
- :mod:`.actions`: a game action, the start, an answer to an undo request;
- :mod:`.undos`: undos and undo requests;
- :mod:`.lobby`: opening a table, joining it, moving a seat to a new phone;
- :mod:`.exports`: the rematch and the export;
- :mod:`.retention`: finished tables deleted past their time, exported first when asked.
"""

from __future__ import annotations

from .core import (
    CODE_ALPHABET,
    CODE_LENGTH,
    COLOURS,
    EXPORT_FORMAT,
    TOUCH_SECONDS,
    UNDO_ANSWERS,
    Actor,
    Change,
    Outcome,
    find_table,
    identify,
    touch,
    viewer_of,
)
from .exports import export, rematch
from .idempotency import TOKEN_MARK, purge_idempotency, request_hash
from .lobby import checked_pack, create_table, join, log_genesis, new_code, new_seed, reissue
from .log import (
    action_named,
    answer_event,
    join_event,
    log_entries,
    moved_event,
    rematch_event,
    request_event,
    reveals,
    split_events,
    start_events,
    undo_event,
)
from .patches import PREFERENCE as PATCH_PREFERENCE
from .patches import view_patch, wants_patches
from .play import act
from .undos import state_before, undo
from .views import (
    ViewCache,
    contributions,
    entry_for,
    join_url,
    lobby_colours,
    presence,
    read_log,
    render_view,
    seat_colours,
    seat_dict,
    texts,
    undo_answers,
    view_cache,
)

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "COLOURS",
    "EXPORT_FORMAT",
    "PATCH_PREFERENCE",
    "TOKEN_MARK",
    "TOUCH_SECONDS",
    "UNDO_ANSWERS",
    "ViewCache",
    "Actor",
    "Change",
    "Outcome",
    "act",
    "action_named",
    "answer_event",
    "checked_pack",
    "contributions",
    "create_table",
    "entry_for",
    "export",
    "find_table",
    "identify",
    "join",
    "join_event",
    "join_url",
    "lobby_colours",
    "log_entries",
    "log_genesis",
    "moved_event",
    "new_code",
    "new_seed",
    "presence",
    "purge_idempotency",
    "read_log",
    "rematch",
    "rematch_event",
    "render_view",
    "reissue",
    "request_event",
    "request_hash",
    "reveals",
    "seat_colours",
    "seat_dict",
    "split_events",
    "start_events",
    "state_before",
    "texts",
    "touch",
    "undo",
    "undo_answers",
    "undo_event",
    "view_cache",
    "view_patch",
    "wants_patches",
    "viewer_of",
]
