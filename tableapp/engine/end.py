"""The end of a game: every phone's prompt once it is over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import M, is_message, seat_ref


def end_prompt(result: Mapping[str, Any]) -> dict:
    """Every phone's prompt once the game is over: who won, why, and what comes next (the
    host's rematch). ``result`` is the game's (``winners``, and where the game says them
    ``won`` for a team, ``reason``, ``standings`` with scores). One winner is the message's
    ``seat``, so that player's phone reads it in the second person."""
    winners = list(result.get("winners") or ())
    reason = result.get("reason")
    if not is_message(reason):
        scores = [row["score"] for row in result.get("standings") or () if "score" in row]
        reason = (
            M("engine.over.most", count=max(scores))
            if scores and winners
            else M("engine.over.nobody_why")
        )
    if "won" in result:  # a team game: everyone wins or nobody does
        message = M(
            "engine.over.team_won" if result["won"] else "engine.over.team_lost", why=reason
        )
    elif len(winners) == 1:
        message = M("engine.over.won", seat=seat_ref(winners[0]), why=reason)
    elif winners:
        message = M(
            "engine.over.won_many",
            winners=[seat_ref(w) for w in winners],
            count=len(winners),
            why=reason,
        )
    else:
        message = M("engine.over.nobody", why=reason)
    return {"waiting_for": [], **message}


__all__ = ["end_prompt"]
