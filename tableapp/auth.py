"""Bearer tokens: 256 bits from ``secrets``, stored only as their SHA-256.

A token is ``HMAC(secret key, nonce)`` for a fresh random nonce. The database keeps the hash
of the token, and, only when the request carried an Idempotency-Key, the nonce: a retried join
or create then hands back the very same token without the database ever holding it (a dump
alone yields no token; it takes the dump and the server's secret key).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from flask import current_app


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def secret_key() -> bytes:
    """The app's secret key: configured, or generated once and kept in the instance folder."""
    configured = current_app.config.get("SECRET_KEY")
    if configured:
        return configured.encode() if isinstance(configured, str) else configured
    path = Path(current_app.instance_path) / "secret_key"
    if not path.exists():
        _create_secret(path)
    key = path.read_text().strip().encode()
    current_app.config["SECRET_KEY"] = key
    return key


def _create_secret(path: Path) -> None:
    """Write a fresh key readable by its owner only (0600 whatever the umask), whole or not
    at all: written to a private temporary file, then linked into place, so a worker
    starting at the same moment finds either no file or the complete one (and keeps it)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process was first: its key stands
    finally:
        temporary.unlink(missing_ok=True)


def token_from_nonce(nonce_hex: str) -> str:
    digest = hmac.new(secret_key(), bytes.fromhex(nonce_hex), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def new_token() -> tuple[str, str]:
    """A fresh (token, nonce hex)."""
    nonce = secrets.token_hex(32)
    return token_from_nonce(nonce), nonce


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer …`` header, or None."""
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()
