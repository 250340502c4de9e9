"""Idempotency-Key answers: kept once, handed back as they were to a repeat of the request."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

from sqlalchemy import delete

from ..auth import token_from_nonce
from ..database import store
from ..database.extensions import db
from ..database.models import IdempotentResponse, utcnow
from ..engine import M
from ..problems import Problem
from .core import Outcome

TOKEN_MARK = "\u2063tableapp:token\u2063"  # where a stored answer gets its token back


def request_hash(body: object) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


def stored_answer(scope: str, key: str, req_hash: str, ttl_hours: int) -> Outcome | None:
    row = store.stored_answer(scope, key)
    if row is None:
        return None
    if utcnow() - row.created_at > timedelta(hours=ttl_hours):
        store.forget_answer(row.id)
        return None
    if row.request_hash != req_hash:
        raise Problem(
            422,
            "idempotency_key_reused",
            M("table.refuse.key_reused"),
        )
    body = row.body
    if row.token_nonce:
        body = body.replace(TOKEN_MARK, token_from_nonce(row.token_nonce))
    elif TOKEN_MARK in body:
        # The first request proved nothing but the key, which is no secret (it is logged, and
        # another client may pick the same): its token is not handed to a repeat.
        raise Problem(
            409,
            "token_not_replayed",
            M("table.refuse.token_not_replayed"),
        )
    return Outcome(row.status, body.encode())


def keep_answer(scope, key, req_hash, status, body: bytes, token=None, nonce=None) -> None:
    """Keep an answer for its Idempotency-Key. A token in it is kept only as ``nonce`` (see
    auth.py); without a nonce a repeat is refused instead of handed the token."""
    text = body.decode()
    if token:
        text = text.replace(token, TOKEN_MARK)
    store.store_answer(
        scope=scope,
        key=key,
        request_hash=req_hash,
        status=status,
        body=text,
        token_nonce=nonce if token else None,
    )


def purge_idempotency(hours: int) -> int:
    cutoff = utcnow() - timedelta(hours=hours)
    result = db.session.execute(
        delete(IdempotentResponse).where(IdempotentResponse.created_at < cutoff)
    )
    db.session.commit()
    return result.rowcount or 0
