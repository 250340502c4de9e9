"""Tables, seats, the append-only action log, stored idempotent responses, rate-limit counts."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy import false as sa_false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Table(db.Model):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(12), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str | None] = mapped_column(String(40))
    options: Mapped[dict] = mapped_column(JSON)
    # The content pack the table plays with, kept so replay and verify never depend on a
    # pack edited later.
    content: Mapped[dict] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12), default="lobby")  # lobby|playing|finished
    seed: Mapped[str] = mapped_column(String(64))  # hex; secret until the game is finished
    seed_commitment: Mapped[str] = mapped_column(String(64))
    state: Mapped[dict | None] = mapped_column(JSON)
    seq: Mapped[int] = mapped_column(Integer, default=0)  # number of the last action
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime)
    # The seed the game plays with once started (hex): HMAC of the committed seed over the
    # phones' contributions (engine/rng.py). Secret like the seed; NULL in the lobby.
    play_seed: Mapped[str | None] = mapped_column(String(64))
    # The undo request waiting for another player's answer, or NULL:
    # {"number": its log entry, "seat": who asked, "target": the entry to undo, "type": its type}
    undo_request: Mapped[dict | None] = mapped_column(JSON)
    # "builtin": the game's own pack; "custom": a pack the host loaded for this table (kept in
    # ``content`` like any pack, so replay and verify never depend on a file).
    content_origin: Mapped[str] = mapped_column(
        String(12), default="builtin", server_default="builtin"
    )
    # The head of the log's hash chain (engine/replay.py): its genesis until the first entry,
    # then the head of the last entry. What every view and every phone shows.
    log_head: Mapped[str | None] = mapped_column(String(64))

    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.number", cascade="all, delete-orphan"
    )


class Seat(db.Model):
    """A player's seat (number 1, 2, …) or the host (number 0, role "host")."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(8))  # host|player
    name: Mapped[str] = mapped_column(String(40))
    colour: Mapped[str | None] = mapped_column(String(20))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    last_seen: Mapped[datetime | None] = mapped_column(DateTime)

    table: Mapped[Table] = relationship(back_populates="seats")


class Action(db.Model):
    """One entry of a table's log; numbers are gap-free per table. Append-only."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)  # actor: seat number, 0 for the host
    type: Mapped[str] = mapped_column(String(40))
    payload: Mapped[dict] = mapped_column(JSON)  # params as posted (undo: the target number)
    idempotency_key: Mapped[str | None] = mapped_column(String(200))
    public: Mapped[list] = mapped_column(JSON)  # public events
    private: Mapped[dict] = mapped_column(JSON)  # {"<seat>": [private parts]}
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    # The action showed its actor an outcome (it drew from the table's random stream, or its
    # events carry a private part for the actor): undoing it needs another player's OK.
    reveals: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    # The log's hash chain up to this entry: SHA-256 of the head before it and of its
    # canonical encoding (engine/replay.py, ``link``).
    head: Mapped[str | None] = mapped_column(String(64))
    # A game action: the game state just before it, so its undo restores it without
    # replaying the log (NULL for other entries and for actions logged before it existed).
    before: Mapped[dict | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class IdempotentResponse(db.Model):
    """The stored response to a POST that carried an ``Idempotency-Key``."""

    __tablename__ = "idempotent_responses"
    __table_args__ = (UniqueConstraint("scope", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    scope: Mapped[str] = mapped_column(String(80))  # who sent it: token hash, or the endpoint
    key: Mapped[str] = mapped_column(String(200))
    request_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[int] = mapped_column(Integer)
    body: Mapped[str] = mapped_column(Text)
    # A response that hands out a token stores a nonce, never the token (see auth.py).
    token_nonce: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)


class RateLimitHit(db.Model):
    """One counted request (a table created, a seat joined) from a client address.

    The rate limits count these rows, so every worker process and every app server of one
    site shares the same counts. Rows older than their window are deleted as new ones come.
    """

    __tablename__ = "rate_limit_hits"
    __table_args__ = (
        Index("ix_rate_limit_hits_address", "bucket", "address", "at"),
        Index("ix_rate_limit_hits_at", "bucket", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    bucket: Mapped[str] = mapped_column(String(40))  # what is limited: "join", "create"
    address: Mapped[str] = mapped_column(String(64))  # the client address (IPv6 fits)
    at: Mapped[datetime] = mapped_column(DateTime)
