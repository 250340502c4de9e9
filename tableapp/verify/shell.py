"""The shell's entries of an export, walked in order as the server wrote them.

Each one's events are the shell's messages for it (recomputed here), and each is one the
server could have logged at that point: joins before the start and taking the seats in order,
the start by the host with the joined seats, their colours and the setup's events; an undo
request by the player of the action in effect that revealed something, answered by another
seat (or withdrawn by the asker); an agreed request followed at once by its undo and a refused
one by none; a player's undo of a revealing action only through an agreed request; a re-issue
of a seat that exists; a rematch once the game is over.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from ..engine import HOST
from ..engine.replay import NON_GAME
from ..tables.log import (
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


def _canon(value) -> str:
    return json.dumps(value, sort_keys=True)


def check_shell(game, actions: list[dict], replayed) -> str | None:
    """None when every shell entry of ``actions`` is one the server could have written where
    it stands (``replayed``: the game's replay, for the start's setup events), else a sentence
    naming the first that is not."""
    walk = ShellWalk(game, actions, replayed)
    for entry in actions:
        problem = walk.step(entry)
        if problem:
            return problem
    return walk.finish()


class ShellWalk:
    """What the shell's entries so far have set up: the joins, whether the game started or
    is over, the game actions in effect, an undo request waiting and an undo agreed to."""

    def __init__(self, game, actions: list[dict], replayed):
        self.game, self.actions, self.replayed = game, actions, replayed
        self.joins: dict[int, dict] = {}  # seat → its join entry
        self.started = self.over = False
        self.in_effect: list[dict] = []  # game actions in effect, last on top
        self.pending: dict | None = None  # the undo request waiting for its answer
        self.agreed: dict | None = None  # the approve_undo whose undo must come next

    def step(self, entry: dict) -> str | None:
        """Check one entry against what came before, and take it in."""
        kind = entry["type"]
        where = f"action {entry['number']} ({kind})"
        if self.agreed is not None and kind != "undo":
            return (
                f"{where}: the undo agreed to at action {self.agreed['number']} was never applied"
            )
        if kind in NON_GAME and (entry.get("undone") or entry.get("reveals")):
            return f"{where} is marked as undone or revealing, which only a game action can be"
        if self.over and kind not in ("reissue", "rematch"):
            return f"{where} comes after the rematch was opened, when the game was over"
        if kind not in NON_GAME:
            return self.game_action(entry, where)
        check = self._KINDS.get(kind)
        if check is None:  # an entry of the shell this checker does not know
            return f"{where}: unknown entry"
        return check(self, entry, where, entry.get("payload") or {})

    def finish(self) -> str | None:
        """What the log left open at its end."""
        if self.agreed is not None:
            return f"the undo agreed to at action {self.agreed['number']} was never applied"
        if self.pending is not None:
            return f"the undo request at action {self.pending['number']} was never answered"
        return None

    def join(self, entry: dict, where: str, payload: dict) -> str | None:
        seat = entry["seat"]
        name, colour = payload.get("name"), payload.get("colour")
        if self.started or seat != len(self.joins) + 1:
            return f"{where} does not take the next seat in the lobby"
        if not isinstance(name, str) or not _events_are(entry, [join_event(seat, name, colour)]):
            return f"{where}: its event is not the join of {name!r} at seat {seat}"
        self.joins[seat] = entry
        return None

    def start(self, entry: dict, where: str, payload: dict) -> str | None:
        if self.started or entry["seat"] != HOST:
            return f"{where}: the game starts once, by the host"
        self.started = True
        seats = list(self.joins)
        if list(payload.get("seats", [])) != seats:
            return f"{where}: the game does not start with the seats that joined"
        colours = {str(s): (j.get("payload") or {}).get("colour") for s, j in self.joins.items()}
        if "colours" in payload and _canon(payload["colours"]) != _canon(colours):
            return f"{where}: the colours differ from those the players joined in"
        mixed = payload.get("contributions") or []
        dealt = self.replayed.events.get(entry["number"], [])
        if not _events_are(entry, start_events(seats, mixed, dealt)):
            return f"{where}: its events are not the start and the setup the replay gives"
        return None

    def game_action(self, entry: dict, where: str) -> str | None:
        if self.pending is not None:
            return (
                f"{where} was played while the undo request at action "
                f"{self.pending['number']} waited for its answer"
            )
        self.in_effect.append(entry)
        return None

    def undo(self, entry: dict, where: str, payload: dict) -> str | None:
        number, seat = entry["number"], entry["seat"]
        target = self.in_effect.pop() if self.in_effect else None  # replay checked the target
        if target is None or payload.get("target") != target["number"]:
            return f"undo {number} names no game action"
        if self.pending is not None:
            return f"undo {number} was applied while a request waited for its answer"
        problem = (
            self._agreed_undo(entry, target, payload)
            if self.agreed is not None
            else self._own_undo(entry, target, payload)
        )
        if problem:
            return problem
        if not _events_are(entry, [undo_event(seat, _entry(target, target.get("reveals")))]):
            return f"undo {number} does not show what action {target['number']} had shown"
        return None

    def _agreed_undo(self, entry: dict, target: dict, payload: dict) -> str | None:
        """The undo that must follow an approve_undo: by the asker, naming the agreement."""
        agreed, self.agreed = self.agreed, None
        asked = agreed["payload"]
        expected = {
            "target": target["number"],
            "request": asked["request"],
            "approved_by": agreed["seat"],
        }
        if entry["seat"] != self._asker(asked["request"]) or _canon(payload) != _canon(expected):
            return f"undo {entry['number']} is not the undo agreed to at action {agreed['number']}"
        return None

    def _own_undo(self, entry: dict, target: dict, payload: dict) -> str | None:
        """An undo without an agreement: the host's, or the player's of an action that
        revealed nothing."""
        number, seat = entry["number"], entry["seat"]
        if set(payload) != {"target"}:
            return f"undo {number} claims an agreement the log does not hold"
        if seat != HOST and seat != target["seat"]:
            return f"undo {number}: seat {seat} undid an action it did not play"
        if seat != HOST and target.get("reveals"):
            return (
                f"undo {number}: seat {seat} took back action {target['number']}, which "
                "had revealed something, without another player's OK"
            )
        return None

    def undo_request(self, entry: dict, where: str, payload: dict) -> str | None:
        seat = entry["seat"]
        target = self.in_effect[-1] if self.in_effect else None
        if self.pending is not None or target is None or payload != {"target": target["number"]}:
            return f"{where} does not ask for the undo of the last action in effect"
        if seat == HOST or seat != target["seat"] or not target.get("reveals"):
            return (
                f"{where}: only the player of an action that revealed something asks for its undo"
            )
        if not _events_are(entry, [request_event(seat, _entry(target))]):
            return f"{where}: its event is not the request to undo action {target['number']}"
        self.pending = entry
        return None

    def answer(self, entry: dict, where: str, payload: dict) -> str | None:
        """approve_undo, refuse_undo (another seat) or cancel_undo (the asker)."""
        kind, seat, pending = entry["type"], entry["seat"], self.pending
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
        if seat != HOST and seat not in self.joins:
            return f"{where}: seat {seat} is not at the table"
        what = action_named(_entry(self.in_effect[-1]))
        if not _events_are(entry, [answer_event(kind, seat, asker, what, target_number)]):
            return f"{where}: its event is not the answer to the request"
        self.pending = None
        self.agreed = entry if kind == "approve_undo" else None
        return None

    def reissue(self, entry: dict, where: str, payload: dict) -> str | None:
        moved = payload.get("seat")
        if entry["seat"] != HOST or moved not in self.joins or set(payload) != {"seat"}:
            return f"{where}: the host moves a seat that exists to a new phone"
        if not _events_are(entry, [moved_event(moved)]):
            return f"{where}: its event is not the move of seat {moved}"
        return None

    def rematch(self, entry: dict, where: str, payload: dict) -> str | None:
        code = payload.get("code")
        if entry["seat"] != HOST or not self.started or self.over or not isinstance(code, str):
            return f"{where}: the host opens one rematch, once the game is over"
        if not _events_are(entry, [rematch_event(self.game, code)]):
            return f"{where}: its event is not the rematch at {code!r}"
        self.over = True
        return None

    def _asker(self, request: int) -> int | None:
        actions = self.actions
        entry = actions[request - 1] if 0 < request <= len(actions) else None
        return entry["seat"] if entry and entry["type"] == "undo_request" else None

    #: The check of each shell entry kind.
    _KINDS = {
        "join": join,
        "start": start,
        "undo": undo,
        "undo_request": undo_request,
        "approve_undo": answer,
        "refuse_undo": answer,
        "cancel_undo": answer,
        "reissue": reissue,
        "rematch": rematch,
    }


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
